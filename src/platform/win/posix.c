/* SPDX-License-Identifier: MIT */
/*
 * posix.c: the POSIX functions posix.h declares for the Windows build, on
 * the Windows API: positioned reads and writes on a descriptor's handle
 * (ReadFile/WriteFile at an OVERLAPPED offset), flushes, a temporary file
 * made atomically, and the string and sort functions mingw-w64 lacks.
 */
#include <errno.h>
#include <stdarg.h>
#include <io.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <windows.h>

#include "platform/win/posix.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/banned.h"

static ssize_t positioned(int fd, void *buf, size_t n, off_t off, bool write)
{
	static __thread HANDLE ev;	/* this thread's, for handles opened for overlapped I/O */
	HANDLE h = (HANDLE)_get_osfhandle(fd);
	OVERLAPPED ov = { 0 };
	DWORD done = 0;
	BOOL ok;

	if (h == INVALID_HANDLE_VALUE) {
		errno = EBADF;
		return -1;
	}
	if (!ev && !(ev = CreateEventW(NULL, TRUE, FALSE, NULL))) {
		errno = ENOMEM;
		return -1;
	}
	/* the low bit: no completion packet to a port the handle may be associated with */
	ov.hEvent = (HANDLE)((uintptr_t)ev | 1);
	if (n > 0x7fffffffu)
		n = 0x7fffffffu;
	ov.Offset = (DWORD)((uint64_t)off & 0xffffffffu);
	ov.OffsetHigh = (DWORD)((uint64_t)off >> 32);
	ok = write ? WriteFile(h, buf, (DWORD)n, &done, &ov) : ReadFile(h, buf, (DWORD)n, &done, &ov);
	if (!ok && GetLastError() == ERROR_IO_PENDING)	/* a handle opened for overlapped I/O */
		ok = GetOverlappedResult(h, &ov, &done, TRUE);
	if (!ok) {
		DWORD e = GetLastError();

		if (!write && e == ERROR_HANDLE_EOF)
			return 0;
		errno = winerr_errno(e);
		return -1;
	}
	return (ssize_t)done;
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	return positioned(fd, buf, n, off, false);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return positioned(fd, (void *)buf, n, off, true);
}

int fsync(int fd)
{
	HANDLE h = (HANDLE)_get_osfhandle(fd);

	if (h == INVALID_HANDLE_VALUE) {
		errno = EBADF;
		return -1;
	}
	if (!FlushFileBuffers(h)) {
		DWORD e = GetLastError();

		/* a console or a pipe has nothing to flush to a disk: not an error, as on Linux */
		errno = e == ERROR_INVALID_HANDLE || e == ERROR_INVALID_FUNCTION ? EINVAL
										 : winerr_errno(e);
		return -1;
	}
	return 0;
}

int fdatasync(int fd)
{
	return fsync(fd);
}

int mkostemp(char *templ, int flags)
{
	size_t n = strlen(templ);
	static const char set[] = "abcdefghijklmnopqrstuvwxyz0123456789";

	if (n < 6 || strcmp(templ + n - 6, "XXXXXX")) {
		errno = EINVAL;
		return -1;
	}
	for (int tries = 0; tries < 100; tries++) {
		LARGE_INTEGER t;
		uint64_t v;
		int fd;

		QueryPerformanceCounter(&t);
		v = (uint64_t)t.QuadPart * 0x9e3779b97f4a7c15ull ^ (uint64_t)GetCurrentProcessId() << 32 ^
		    (uint64_t)tries * 0xbf58476d1ce4e5b9ull;
		for (int i = 0; i < 6; i++, v /= 36)
			templ[n - 6 + i] = set[v % 36];
		fd = _open(templ, _O_RDWR | _O_CREAT | _O_EXCL | _O_BINARY | (flags & _O_NOINHERIT),
			   _S_IREAD | _S_IWRITE);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

char *strndup(const char *s, size_t n)
{
	size_t k = strnlen(s, n);
	char *d = malloc(k + 1);

	if (!d)
		return NULL;
	memcpy(d, s, k);
	d[k] = 0;
	return d;
}

char *strcasestr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (!_strnicmp(hay, needle, n))
			return (char *)hay;
	return n ? NULL : (char *)hay;
}

void *memmem(const void *hay, size_t hn, const void *needle, size_t nn)
{
	const char *h = hay;

	if (!nn)
		return (void *)hay;
	for (size_t i = 0; i + nn <= hn; i++)
		if (h[i] == *(const char *)needle && !memcmp(h + i, needle, nn))
			return (void *)(h + i);
	return NULL;
}

/* glibc's qsort_r (the context last), on the C library's qsort_s (the context first). */
struct sort_ctx {
	int (*cmp)(const void *, const void *, void *);
	void *arg;
};

static int sort_cmp(void *c, const void *a, const void *b)
{
	const struct sort_ctx *x = c;

	return x->cmp(a, b, x->arg);
}

void qsort_r(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *),
	     void *arg)
{
	struct sort_ctx c = { cmp, arg };

	qsort_s(base, n, size, sort_cmp, &c);
}

int posix_rename(const char *from, const char *to)
{
	wchar_t *f = winpath_wide(from), *t = winpath_wide(to);
	BOOL ok = f && t && MoveFileExW(f, t, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
	DWORD e = GetLastError();

	free(f);
	free(t);
	if (!ok) {
		errno = f && t ? winerr_errno(e) : ENOMEM;
		return -1;
	}
	return 0;
}

int link(const char *from, const char *to)
{
	wchar_t *f = winpath_wide(from), *t = winpath_wide(to);
	BOOL ok = f && t && CreateHardLinkW(t, f, NULL);
	DWORD e = GetLastError();

	free(f);
	free(t);
	if (!ok) {
		errno = f && t ? winerr_errno(e) : ENOMEM;
		return -1;
	}
	return 0;
}

int dprintf(int fd, const char *fmt, ...)
{
	char buf[4096], *p = buf;
	va_list ap;
	int n, r;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n >= sizeof(buf)) {
		p = malloc((size_t)n + 1);
		if (!p)
			return -1;
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	r = _write(fd, p, (unsigned)n);
	if (p != buf)
		free(p);
	return r < 0 ? -1 : n;
}

#undef strerror
char *posix_strerror(int e)
{
	switch (e) {
	case ENODATA: return "No data available";
	case EOPNOTSUPP: return "Operation not supported";
	case ECANCELED: return "Operation canceled";
	case ETIMEDOUT: return "Connection timed out";
	case EOVERFLOW: return "Value too large for defined data type";
	case ELOOP: return "Too many levels of symbolic links";
	case ENOTSUP: return "Not supported";
	case ETIME: return "Timer expired";
	}
	return strerror(e);
}

#undef open
int posix_open(const char *path, int flags, ...)
{
	int mode = 0;

	if (flags & _O_CREAT) {
		va_list ap;

		va_start(ap, flags);
		mode = va_arg(ap, int);
		va_end(ap);
		/* the owner's write bit decides: Windows files are read-only or not */
		mode = _S_IREAD | (mode & 0200 ? _S_IWRITE : 0);
	}
	return _open(path, flags | _O_BINARY, mode);
}

int setenv(const char *name, const char *value, int overwrite)
{
	if (!overwrite && getenv(name))
		return 0;
	return _putenv_s(name, value) ? (errno = EINVAL, -1) : 0;
}

int unsetenv(const char *name)
{
	return _putenv_s(name, "") ? (errno = EINVAL, -1) : 0;
}
