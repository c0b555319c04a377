/* SPDX-License-Identifier: MIT */
/*
 * posix.h: the POSIX names the Windows build's platform-free code uses that
 * mingw-w64's C library lacks, with their Windows meaning; included into
 * every file of the Windows build (make windows: -include). Functions are in
 * posix.c. Only what POSIX itself defines is here: what is Linux's own
 * (ioctl, statfs, io_uring, ...) stays behind the platform layer.
 */
#ifndef IOB_WIN_POSIX_H
#define IOB_WIN_POSIX_H

#include <direct.h>
#include <fcntl.h>
#include <io.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* not inherited by a child process: what close-on-exec means where there is no exec */
#define O_CLOEXEC _O_NOINHERIT
/* no open of a file blocks on Windows (its file systems hold no FIFOs) */
#define O_NONBLOCK 0
/* a console is not a file that open() can make a process's controlling terminal */
#define O_NOCTTY 0
/* _open() follows a symbolic link (a reparse point) and cannot be told not to */
#define O_NOFOLLOW 0

/*
 * open() with a POSIX mode (0600, 0644): the C library takes only its read and
 * write bits and refuses the others (EINVAL); the file is opened binary
 */
#define open posix_open
int posix_open(const char *path, int flags, ...);

/* Windows keeps no POSIX modes on files and directories: the mode is the default ACL's */
#define mkdir(path, mode) _mkdir(path)
/* POSIX's rename replaces the destination at once; the C library's fails when it exists */
#define rename posix_rename
int posix_rename(const char *from, const char *to);
/* a second name for a file (NTFS hard links); fails with EEXIST when to exists */
int link(const char *from, const char *to);

ssize_t pread(int fd, void *buf, size_t n, off_t off);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off);
int fsync(int fd);
int fdatasync(int fd);
int mkostemp(char *templ, int flags);
int dprintf(int fd, const char *fmt, ...) __attribute__((format(gnu_printf, 2, 3)));

/* the C library's strerror, with the texts of the POSIX errors it has numbers but no words for */
#define strerror posix_strerror
char *posix_strerror(int e);

/* the environment, on the C library's _putenv_s */
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);

/* POSIX 2008 and GNU string functions, and glibc's qsort_r (the context last) */
char *strndup(const char *s, size_t n);
char *strcasestr(const char *hay, const char *needle);
void *memmem(const void *hay, size_t hn, const void *needle, size_t nn);
void qsort_r(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *),
	     void *arg);

#endif
