# iobench: one non-recursive Makefile.
#   make             build ./iobench
#   make check       unit tests, then integration tests (tests/run), all of them
#   make check-all   every build, every test, the fuzzers and the Debian package (CI)
#   make unit        unit tests only
#   make SANITIZE=1  build everything with ASan+UBSan (objects go to build-san/)
#   make check-tsan  the multi-threaded tests on a ThreadSanitizer build (build-tsan/)
#   make lint        the house rules (scripts/lint): floors, no circles, sizes, banned.h
#   make DEVELOPER=1 warnings are errors
#   make fuzz-run    build the libFuzzer targets (clang) and run each FUZZ_SECONDS
#   make windows     cross-build build-win/iobench.exe (mingw-w64; docs/windows.md)
#   make check-windows  its unit tests and tests/win under wine

.DEFAULT_GOAL := all
CC      ?= cc
PKGS    := liburing jansson blkid libxxhash nettle zlib libisal libxml-2.0
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
           -Wpointer-arith -Wformat=2 -Wundef -Wno-unused-parameter
CPPFLAGS += -D_GNU_SOURCE -Isrc
ifeq ($(DEVELOPER),1)
WARN += -Werror
endif
ifeq ($(FUZZ),1)
CC := clang
CFLAGS += -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
          -fno-sanitize-recover=undefined
B := build-fuzz
else ifeq ($(TSAN),1)
CFLAGS += -fsanitize=thread -fno-omit-frame-pointer
LDFLAGS += -fsanitize=thread
B := build-tsan
else ifeq ($(SANITIZE),1)
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
B := build-san
else
B := build
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS))
# MPI (OpenMPI's libopenmpi-dev, which scripts/setup installs): linked where pkg-config finds
# it, left out where it does not (MPI=0 leaves it out anyway); --version says which.
MPI ?= $(shell pkg-config --exists ompi-c && echo 1 || echo 0)
ifeq ($(MPI),1)
PKG_CFLAGS += $(shell pkg-config --cflags ompi-c) -DIOB_MPI=1
PKG_LIBS   += $(shell pkg-config --libs ompi-c)
endif
ALL_CFLAGS  = -std=gnu11 $(WARN) $(CFLAGS) $(CPPFLAGS) $(PKG_CFLAGS) -MMD -MP
LIBS        = $(PKG_LIBS) -laio -lpthread -lm

# Everything but main.c goes into a static library that tests link too.
LIB_SRC := $(filter-out src/main.c,$(wildcard src/*/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o) $(B)/gen/html_assets.o $(B)/gen/buildinfo.o

# Where make install puts things (DESTDIR in front of each for staging, as packages do).
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
DOCDIR      ?= $(PREFIX)/share/doc/iobench
MANDIR      ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/vendor-completions

# What the build records of itself (gen/buildinfo.c), rewritten only when it changes: the git
# commit built (iobench --version), "-dirty" with changes not committed, "unknown" outside a
# git checkout (a tarball, a source package); where the docs are installed (the help says).
COMMIT := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && \
	    { git diff --quiet HEAD 2>/dev/null && echo $$c || echo $$c-dirty; } || echo unknown)
$(B)/gen/buildinfo.c: FORCE
	@mkdir -p $(dir $@)
	@printf 'const char iob_commit[] = "%s";\nconst char iob_docdir[] = "%s";\n' \
		'$(COMMIT)' '$(DOCDIR)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
$(B)/gen/buildinfo.o: $(B)/gen/buildinfo.c
	$(CC) $(ALL_CFLAGS) -w -c -o $@ $<
FORCE:

# The HTML report's chart library, Dygraphs from Debian's libjs-dygraphs (scripts/setup
# installs it), is embedded in the binary with the page's own script and style
# (src/report/html/). Without it the build goes on, and --html says what is missing.
DYGRAPHS ?= /usr/share/javascript/dygraphs
HTML_OWN := src/report/html/report.js src/report/html/report.css
ifneq ($(wildcard $(DYGRAPHS)/dygraph.min.js),)
HTML_LIB := $(DYGRAPHS)/dygraph.min.js $(DYGRAPHS)/dygraph.min.css
HTML_ARGS := html_lib_js=$(DYGRAPHS)/dygraph.min.js html_lib_css=$(DYGRAPHS)/dygraph.min.css
else
HTML_ARGS := html_lib_js=/dev/null html_lib_css=/dev/null
endif
$(B)/gen/embed: src/report/html/embed.c
	@mkdir -p $(dir $@)
	cc -O1 -D_GNU_SOURCE -o $@ $<
$(B)/gen/html_assets.c: $(B)/gen/embed $(HTML_LIB) $(HTML_OWN)
	$(B)/gen/embed $@ $(HTML_ARGS) html_own_js=src/report/html/report.js \
		html_own_css=src/report/html/report.css
$(B)/gen/html_assets.o: $(B)/gen/html_assets.c
	$(CC) $(ALL_CFLAGS) -w -c -o $@ $<
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

# The man page, iobench(1): docs/iobench.1.scd through scdoc (scripts/setup installs it).
# Without scdoc the program still builds, and make says the page was not.
SCDOC := $(shell command -v scdoc 2>/dev/null)
ifneq ($(SCDOC),)
MAN := $(B)/iobench.1
$(MAN): docs/iobench.1.scd
	@mkdir -p $(dir $@)
	$(SCDOC) < $< > $@.tmp && mv $@.tmp $@
else
MAN := man-missing
man-missing:
	@echo "make: the man page is not built: scdoc is missing (apt-get install scdoc)"
endif

ifneq ($(SANITIZE)$(TSAN),)
all: $(B)/iobench
else
all: iobench $(MAN)
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

# Programs the integration tests run beside iobench (tests/helpers/): a racer,
# a device holder, faultfs (the fault-injecting FUSE file system) and nouring
# (a program run where seccomp refuses io_uring, as in containers), and failnth.so
# (the N-th allocation iobench asks for fails).
HELPER_BIN := $(B)/helpers/racer $(B)/helpers/holdexcl $(B)/helpers/faultfs $(B)/helpers/nouring \
	      $(B)/helpers/ioprio $(B)/helpers/failnth.so

# failnth.so is preloaded into iobench: built without the sanitizers, which bring their own malloc.
$(B)/helpers/failnth.so: tests/helpers/failnth.c
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 $(WARN) -O2 -g -shared -fPIC -o $@ $<

$(B)/helpers/faultfs: tests/helpers/faultfs.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags fuse3) $(LDFLAGS) -o $@ $< \
		$(shell pkg-config --libs fuse3) -lpthread

$(B)/helpers/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

helpers: $(HELPER_BIN)

unit-bins: $(UNIT_BIN)

unit: $(UNIT_BIN)
	@fail=0; for t in $(UNIT_BIN); do echo "== $$t"; $$t || fail=1; done; exit $$fail

check: lint all unit helpers
	IOBENCH=$(abspath $(B)/iobench) HELPERS=$(abspath $(B)/helpers) tests/run

# The sanitizer pass leaves out the slowest tests whose time goes to fio, device set-up and
# waiting rather than to iobench's code (t49's presets: their code runs there in t08's quick
# suite and t52's pages), t50's sweeps against queueing theory (an instrumented build's own
# time per I/O adds to the model device's service time: M/M/1 at 70% gave a mean 32% above
# the theory; the sweeps' code runs there in t51 and t52), t54's make install (it relinks a copy of
# the build folder, whose flags it does not know), and those check-tsan runs under
# TSan (each is reported as skipped there, and runs in check).
SAN_NOT_UNDER := t20_races t25_verdict_pairs t26_effects t30_fio_text t36_fio_examples \
		 t37_fio_opts3 t49_presets t50_sweep t54_install
check-san: lint
	$(MAKE) SANITIZE=1 all unit helpers
	IOBENCH=$(abspath build-san/iobench) HELPERS=$(abspath build-san/helpers) \
		NOT_UNDER="$(SAN_NOT_UNDER) (in the normal pass, and under TSan or mostly fio, devices and waiting)" \
		tests/run

# check-all's pass on the normal build runs the integration tests the sanitizer pass does not
# (SAN_NOT_UNDER, and t27, which skips itself under a sanitizer) and those whose figures are
# judged by the clock against the null engine's model (OPT_ALSO: t01's IOPS, t44's rates,
# t48's latency target, t51's "within noise", t59's steady-state round on the model's write
# cliff; an instrumented build adds its own time per I/O,
# which a sub-case can only skip as model_late), with the quick suite (t08); every other test
# runs once in check-all, under ASan+UBSan. Those are built with the same -O2, and what the
# normal build alone runs still covers every engine on files, loop devices and file systems,
# fio's examples and options, the reports in every format, presets, sweeps and make install,
# and t27 fails each allocation in turn over most commands. make check runs them all.
OPT_ALSO := t01_null t08_quick t27_oom t44_rate t48_latency_target t51_compare t59_steady_state
check-opt: lint all unit helpers
	IOBENCH=$(abspath $(B)/iobench) HELPERS=$(abspath $(B)/helpers) \
		tests/run $(SAN_NOT_UNDER) $(OPT_ALSO)

# The tests that run many threads at once (workers, job groups, signals), under TSan.
TSAN_TESTS := t01_null t05_signal t10_series t15_jobfile t20_races t23_limits t30_fio_text
check-tsan:
	$(MAKE) TSAN=1 all helpers
	IOBENCH=$(abspath build-tsan/iobench) HELPERS=$(abspath build-tsan/helpers) \
		TSAN_OPTIONS="halt_on_error=1 exitcode=66" tests/run $(TSAN_TESTS)

# The house rules (scripts/lint: the floors, no include circle, no file over 1,000 lines or
# function over 100, util/banned.h in every source file), and banned.h in the fuzzers too.
lint:
	@scripts/lint
	@missing=$$(grep -L '^#include "util/banned.h"' tests/fuzz/*.c); \
		[ -z "$$missing" ] || { echo "lint: util/banned.h not included by: $$missing"; exit 1; }

# libFuzzer targets: one per parser, linked against the library built for fuzzing.
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN := $(FUZZ_SRC:tests/fuzz/%.c=build-fuzz/%)
FUZZ_SECONDS ?= 15

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(B)/libiobench.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(B)/libiobench.a $(LIBS)

fuzz-bins: $(FUZZ_BIN)

# Each target runs FUZZ_SECONDS on a copy of its seed corpus (tests/fuzz/corpus/NAME), two at a
# time (tests/fuzz/run: each is one process on one core).
fuzz-run:
	$(MAKE) FUZZ=1 fuzz-bins
	tests/fuzz/run $(FUZZ_SECONDS) $(FUZZ_BIN)

# Everything CI runs: the normal build's share of the suite (check-opt), the build without MPI,
# the Windows build under wine, the rest of the suite under ASan+UBSan, the threaded tests
# under TSan, the fuzzers, then the Debian package. Every build they use is made first, two compilers at a time (make
# -j2 builds: CI's machine has two cores), so that no test runs beside a compiler; the parts
# then run one after another (tests/run runs several tests at once, and some alone).
# At the end it lists the ten slowest tests over all the parts (tests/run's IOB_TIMES).
TIMES := $(abspath build/test-times)
check-all:
	@start=$$(date +%s); mkdir -p build; : > $(TIMES); : > $(TIMES).parts; \
	export IOB_TIMES=$(TIMES); \
	part() { t=$$(date +%s); env "$$@" || exit 1; \
		echo "$$(( $$(date +%s) - t )) $$*" >> $(TIMES).parts; }; \
	part $(MAKE) -j2 builds; \
	part IOB_PART=normal $(MAKE) check-opt; \
	part $(MAKE) check-nompi; \
	part IOB_PART=wine $(MAKE) check-windows; \
	part IOB_PART=asan $(MAKE) check-san; \
	part IOB_PART=tsan $(MAKE) check-tsan; \
	part $(MAKE) fuzz-run; \
	part $(MAKE) check-deb; \
	echo "check-all: every part passed in $$(( $$(date +%s) - start )) s:"; \
	awk '{ t = $$1; $$1 = ""; printf "  %5s s %s\n", t, $$0 }' $(TIMES).parts; \
	echo "the slowest tests:"; \
	sort -rn $(TIMES) | head -n 10 | awk '{ printf "  %5s s  %s (%s)\n", $$1, $$2, $$3 }'

# The builds of check-all's parts, each in its own folder. The Windows build compiles the
# normal build's generated sources (build/gen/), so it waits for that one.
builds: builds-normal builds-san builds-tsan builds-fuzz builds-nompi builds-win
builds-normal:
	+$(MAKE) all unit-bins helpers
builds-san:
	+$(MAKE) SANITIZE=1 all unit-bins helpers
builds-tsan:
	+$(MAKE) TSAN=1 all helpers
builds-fuzz:
	+$(MAKE) FUZZ=1 fuzz-bins
builds-nompi:
	+$(MAKE) MPI=0 B=build-nompi build-nompi/iobench
builds-win: builds-normal
	+$(MAKE) $(WB)/iobench.exe $(WIN_UNIT_BIN)

# The Debian package (debian/), built from a copy of the tree, checked by lintian (no
# errors), installed, run and removed: tests/deb_check.sh.
check-deb:
	tests/deb_check.sh

# The build without MPI (where libopenmpi-dev is missing): it builds, says so, and refuses mpirun.
check-nompi:
	$(MAKE) MPI=0 B=build-nompi build-nompi/iobench
	build-nompi/iobench --version | grep -q '^mpi: not built'
	! OMPI_COMM_WORLD_SIZE=2 build-nompi/iobench --engine=null -d0.1 x 2>/dev/null

# Windows (docs/windows.md): `make windows` cross-builds build-win/iobench.exe with mingw-w64
# (Debian's gcc-mingw-w64-x86-64-posix: winpthreads), statically, against the libraries
# scripts/windeps cross-builds from Debian's own source packages into $(WINDEPS) (scripts/setup
# runs it), Debian's zlib for mingw, and xxhash header-only. The Linux implementations behind
# the platform and engine interfaces (WIN_NOT) are left out; src/platform/win/ and
# src/engine/win/ hold Windows'. `make check-windows` runs the unit tests and tests/win under
# wine.
WIN_CC    ?= x86_64-w64-mingw32-gcc-posix
WINDEPS   ?= /opt/iobench-mingw64
WB        := build-win
WIN_PKGS  := jansson nettle libisal libxml-2.0
WIN_PKGCONFIG = PKG_CONFIG_LIBDIR=$(WINDEPS)/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR= pkg-config --static
WIN_NOT   := src/engine/io_uring.c src/engine/libaio.c src/engine/mmap.c src/engine/trim.c \
	     src/engine/engines.c src/platform/stop.c src/platform/proc.c src/platform/console.c \
	     src/platform/memfile.c src/platform/vmem.c src/core/iomem.c src/platform/affinity.c \
	     src/platform/blockdev.c \
	     src/platform/host.c src/platform/ioprio.c src/platform/kernelfs.c src/platform/statedir.c \
	     src/core/target.c src/core/target_linux.c src/core/target_open.c \
	     src/core/hold.c src/core/devrule.c src/platform/fileid.c \
	     src/monitor/device.c src/monitor/devsource.c src/monitor/cpuread.c src/cmd/blockdevs.c \
	     src/platform/fsinfo.c src/platform/outfile.c
WIN_SRC   := $(filter-out $(WIN_NOT),$(LIB_SRC)) $(wildcard src/*/win/*.c)
WIN_OBJ   := $(WIN_SRC:%.c=$(WB)/%.o) $(WB)/gen/html_assets.o $(WB)/gen/buildinfo.o
# -Wno-format: mingw's gcc checks printf formats against the Windows C library's printf, while
# the build uses mingw's own C99 one (__USE_MINGW_ANSI_STDIO); the Linux build checks them.
WIN_CFLAGS = -std=gnu11 $(WARN) -Wno-format -O2 -g -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -include src/platform/win/posix.h \
	     -D_WIN32_WINNT=0x0A00 -D__USE_MINGW_ANSI_STDIO=1 -D_POSIX_THREAD_SAFE_FUNCTIONS -DXXH_INLINE_ALL -DLIBXML_STATIC \
	     -Isrc -Isrc/platform/win/include -I$(WB)/inc \
	     $(shell $(WIN_PKGCONFIG) --cflags $(WIN_PKGS) 2>/dev/null) -MMD -MP
# binmode.o: files open in binary mode, as on Linux (no CR before each LF, no ^Z as the end)
WIN_LIBS   = $(shell $(WIN_PKGCONFIG) --libs $(WIN_PKGS) 2>/dev/null) -lz -lpdh -lws2_32 \
	     -lbcrypt -lshell32 -lwinmm -lpsapi -lntdll -lpowrprof -static -lpthread -lm \
	     /usr/x86_64-w64-mingw32/lib/binmode.o

windows: $(WB)/iobench.exe

$(WB)/inc/xxhash.h: /usr/include/xxhash.h
	@mkdir -p $(dir $@)
	cp $< $@

# posix.h is in every file (-include), which the compiler's dependency lists leave out
$(WB)/%.o: %.c $(WB)/inc/xxhash.h src/platform/win/posix.h
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) -c -o $@ $<
$(WB)/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) -w -c -o $@ $<

$(WB)/libiobench.a: $(WIN_OBJ)
	rm -f $@ && x86_64-w64-mingw32-ar rcs $@ $^

$(WB)/iobench.exe: $(WB)/src/main.o $(WB)/libiobench.a
	$(WIN_CC) -o $@ $^ $(WIN_LIBS)

# The unit tests, for Windows (cmocka cross-built by scripts/windeps), run under wine.
WIN_UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(WB)/tests/%.exe)
$(WB)/tests/%.exe: tests/unit/%.c $(WB)/libiobench.a
	@mkdir -p $(dir $@)
	$(WIN_CC) $(WIN_CFLAGS) $(shell $(WIN_PKGCONFIG) --cflags cmocka) -o $@ $< $(WB)/libiobench.a \
		$(shell $(WIN_PKGCONFIG) --libs cmocka) $(WIN_LIBS)

# wine in a prefix of the build's own, headless and quiet (tests/win/lib.sh says how it is used)
WINE_ENV := WINEPREFIX=$(abspath $(WB))/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="

check-windows: $(WB)/iobench.exe $(WIN_UNIT_BIN)
	@fail=0; for t in $(WIN_UNIT_BIN); do echo "== $$t (wine)"; \
		$(WINE_ENV) wine $$t || fail=1; done; [ $$fail = 0 ]
	$(WINE_ENV) IOBENCH_EXE=$(abspath $(WB))/iobench.exe tests/win/run

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the program, its man page, bash and zsh
# completion and the docs (README.md, docs/ and examples/, as in the source tree, so the paths
# messages name are found there).
DOC_FILES := README.md $(wildcard docs/*.md docs/img/*.png examples/*.fio)

install: $(B)/iobench $(MAN)
	@[ -f $(B)/iobench.1 ] || { echo "make install: no man page (scdoc is missing: apt-get install scdoc)"; exit 1; }
	install -Dm755 $(B)/iobench $(DESTDIR)$(BINDIR)/iobench
	install -Dm644 $(B)/iobench.1 $(DESTDIR)$(MANDIR)/man1/iobench.1
	install -Dm644 completion/iobench.bash $(DESTDIR)$(BASHCOMPDIR)/iobench
	install -Dm644 completion/_iobench $(DESTDIR)$(ZSHCOMPDIR)/_iobench
	for f in $(DOC_FILES); do install -Dm644 $$f $(DESTDIR)$(DOCDIR)/$$f || exit 1; done

# Removes what install put there, and the doc folders it made (left empty then).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/iobench $(DESTDIR)$(MANDIR)/man1/iobench.1 \
		$(DESTDIR)$(BASHCOMPDIR)/iobench $(DESTDIR)$(ZSHCOMPDIR)/_iobench \
		$(addprefix $(DESTDIR)$(DOCDIR)/,$(DOC_FILES))
	for d in docs/img docs examples; do rmdir $(DESTDIR)$(DOCDIR)/$$d 2>/dev/null; done; \
		rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null; true

clean:
	rm -rf build build-san build-tsan build-fuzz build-nompi build-win iobench

.PHONY: all unit unit-bins helpers builds builds-normal builds-san builds-tsan builds-fuzz builds-nompi \
	builds-win check check-opt check-all check-nompi check-san check-tsan lint clean fuzz-bins fuzz-run \
	install uninstall man-missing check-deb windows check-windows
-include $(shell find $(B) $(WB) -name '*.d' 2>/dev/null)
