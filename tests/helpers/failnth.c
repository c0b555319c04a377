/* SPDX-License-Identifier: MIT */
/*
 * failnth.c: an LD_PRELOAD library that makes the N-th allocation iobench's
 * own code asks for fail, as a machine out of memory would, so the tests can
 * walk every out-of-memory path of the parsers and the run's set-up:
 *
 *   IOB_FAIL_NTH=N LD_PRELOAD=failnth.so IOB_FAIL_HIT=FILE iobench ...
 *
 * Only calls made from the main program count (not the libraries' own
 * allocations): malloc, calloc, realloc, posix_memalign, aligned_alloc,
 * strdup and strndup. The N-th of them returns NULL with ENOMEM (the others
 * succeed); FILE is created at that moment, so a test knows the failure
 * happened, holding the caller's offset in the program (hex, for addr2line).
 * No FILE after the run: the run made fewer than N allocations.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uintptr_t exe_lo, exe_hi;	/* the main program's mapped range */
static long nth = -1, seen;
static int ready;

static int first_object(struct dl_phdr_info *info, size_t size __attribute__((unused)),
			void *data __attribute__((unused)))
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;

		if (ph->p_type != PT_LOAD)
			continue;
		if (!exe_lo || lo < exe_lo)
			exe_lo = lo;
		if (hi > exe_hi)
			exe_hi = hi;
	}
	return 1;	/* the first object is the program itself */
}

static void setup(void)
{
	const char *n = getenv("IOB_FAIL_NTH");

	ready = 1;
	nth = n && *n ? strtol(n, NULL, 10) : -1;
	dl_iterate_phdr(first_object, NULL);
}

/* Whether the allocation asked for from caller fails. */
static int fail_now(void *caller)
{
	uintptr_t c = (uintptr_t)caller;
	const char *hit;

	if (!ready)
		setup();
	if (nth < 1 || c < exe_lo || c >= exe_hi || ++seen != nth)
		return 0;
	hit = getenv("IOB_FAIL_HIT");
	if (hit && *hit) {
		int fd = open(hit, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		char line[32];
		int len = 0;

		/* the caller's offset in the program, for addr2line */
		for (uintptr_t v = c - exe_lo, d = (uintptr_t)1 << 60; d; d >>= 4)
			line[len++] = "0123456789abcdef"[(v / d) & 15];
		line[len++] = '\n';
		if (fd >= 0) {
			if (write(fd, line, (size_t)len) < 0)
				len = 0;
			close(fd);
		}
	}
	errno = ENOMEM;
	return 1;
}

void *malloc(size_t n)
{
	return fail_now(__builtin_return_address(0)) ? NULL : __libc_malloc(n);
}

void *calloc(size_t a, size_t b)
{
	return fail_now(__builtin_return_address(0)) ? NULL : __libc_calloc(a, b);
}

void *realloc(void *p, size_t n)
{
	return fail_now(__builtin_return_address(0)) ? NULL : __libc_realloc(p, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	void *p;

	if (fail_now(__builtin_return_address(0)))
		return ENOMEM;
	p = __libc_memalign(align, n);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *aligned_alloc(size_t align, size_t n)
{
	return fail_now(__builtin_return_address(0)) ? NULL : __libc_memalign(align, n);
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d;

	if (fail_now(__builtin_return_address(0)))
		return NULL;
	d = __libc_malloc(n);
	return d ? memcpy(d, s, n) : NULL;
}

char *strndup(const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	char *d;

	if (fail_now(__builtin_return_address(0)))
		return NULL;
	d = __libc_malloc(n + 1);
	if (!d)
		return NULL;
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}
