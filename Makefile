# iobench: one non-recursive Makefile.
#   make             build ./iobench
#   make check       unit tests, then integration tests (tests/run)
#   make unit        unit tests only
#   make SANITIZE=1  build everything with ASan+UBSan (objects go to build-san/)
#   make DEVELOPER=1 warnings are errors

CC      ?= cc
PKGS    := liburing jansson blkid
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
           -Wpointer-arith -Wformat=2 -Wundef -Wno-unused-parameter
CPPFLAGS += -D_GNU_SOURCE -Isrc
ifeq ($(DEVELOPER),1)
WARN += -Werror
endif
ifeq ($(SANITIZE),1)
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
B := build-san
else
B := build
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS))
ALL_CFLAGS  = -std=gnu11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(PKG_CFLAGS) -MMD -MP
LIBS        = $(PKG_LIBS) -laio -lpthread -lm

# Everything but main.c goes into a static library that tests link too.
LIB_SRC := $(filter-out src/main.c,$(wildcard src/*/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

ifeq ($(SANITIZE),1)
all: $(B)/iobench
else
all: iobench
iobench: $(B)/iobench
	cp $< $@
endif

$(B)/iobench: $(B)/src/main.o $(B)/libiobench.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LIBS)

$(B)/libiobench.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/tests/%: tests/unit/%.c $(B)/libiobench.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags cmocka) $(LDFLAGS) -o $@ $< \
		$(B)/libiobench.a $(shell pkg-config --libs cmocka) $(LIBS)

unit: $(UNIT_BIN)
	@fail=0; for t in $(UNIT_BIN); do echo "== $$t"; $$t || fail=1; done; exit $$fail

check: all unit
	IOBENCH=$(abspath $(B)/iobench) tests/run

# Everything CI runs: the suite on the normal build, then again under ASan+UBSan.
check-all: check
	$(MAKE) SANITIZE=1 check

clean:
	rm -rf build build-san iobench

.PHONY: all unit check check-all clean
-include $(shell find $(B) -name '*.d' 2>/dev/null)
