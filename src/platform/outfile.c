/* SPDX-License-Identifier: MIT */
/* outfile.c: output files written whole or not at all (see outfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "platform/kernelfs.h"
#include "platform/stop.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "platform/ranks.h"
#include "util/banned.h"

/* The stream's writes go through here, so the first error keeps its errno. */
static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
	struct outfile *o = cookie;
	size_t done = 0;

	while (done < n) {
		ssize_t r = write(o->fd, buf + done, n - done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (!o->werr)
				o->werr = r < 0 ? errno : EIO;
			errno = o->werr;
			return done ? (ssize_t)done : -1;
		}
		done += (size_t)r;
	}
	return (ssize_t)done;
}

static int sink_close(void *cookie)
{
	struct outfile *o = cookie;
	int r = close(o->fd);

	o->fd = -1;
	return r;
}

/* The temporary file being written, for the signal handler to remove (one at a time). */
static char *volatile live_tmp;

static void on_stop(void)
{
	char *t = live_tmp;

	if (t)
		unlink(t);	/* async-signal-safe */
}

void outfile_unlink_on_signal(void)
{
	stop_on_unheld(on_stop);
}

/* /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the descriptor N, or -1. */
static int named_fd(const char *path)
{
	const char *n = NULL;
	char *end;
	long v;

	if (!strcmp(path, "/dev/stdout") || !strcmp(path, "-"))
		return 1;
	if (!strcmp(path, "/dev/stderr"))
		return 2;
	if (!strncmp(path, "/dev/fd/", 8))
		n = path + 8;
	else if (!strncmp(path, "/proc/self/fd/", 14))
		n = path + 14;
	if (!n || !*n)
		return -1;
	v = strtol(n, &end, 10);
	return *end || v < 0 || v > INT_MAX ? -1 : (int)v;
}

/*
 * Follows symbolic links from path (at most 40) to what they end at, which
 * may not exist yet. Returns a new string, or NULL with errno set.
 */
static char *resolve_links(const char *path)
{
	char *cur = strdup(path);

	for (int i = 0; cur && i < 40; i++) {
		char link[PATH_MAX], *next, *slash;
		struct stat st;
		ssize_t n;

		if (lstat(cur, &st) || !S_ISLNK(st.st_mode))
			return cur;
		n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0)
			break;
		link[n] = 0;
		slash = strrchr(cur, '/');
		if (link[0] == '/' || !slash) {
			next = strdup(link);
		} else if ((next = malloc((size_t)(slash - cur) + 2 + (size_t)n))) {
			memcpy(next, cur, (size_t)(slash - cur) + 1);
			memcpy(next + (slash - cur) + 1, link, (size_t)n + 1);
		}
		free(cur);
		cur = next;
	}
	if (cur)
		errno = ELOOP;
	free(cur);
	return NULL;
}

/* The directory part of path ("." when none), as a new string. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/*
 * What may be written in place: a pipe, a socket, a terminal, /dev/null.
 * Never a block device or another character device (a disk, a tape, a port).
 */
static const char *not_in_place(const struct stat *st)
{
	unsigned maj = major(st->st_rdev);

	if (S_ISFIFO(st->st_mode) || S_ISSOCK(st->st_mode))
		return NULL;
	if (S_ISBLK(st->st_mode))
		return "a block device";
	if (S_ISCHR(st->st_mode) && (st->st_rdev == makedev(1, 3) ||	/* /dev/null */
				     maj == 4 || maj == 5 || (maj >= 136 && maj <= 143)))	/* ttys */
		return NULL;
	return S_ISCHR(st->st_mode) ? "a character device other than a terminal or /dev/null"
				    : "not a regular file, a pipe or a terminal";
}

int outfile_check(const char *path, char *err, size_t len)
{
	char *dest, *dir;
	struct statvfs sv;
	struct statfs sf;
	struct stat st;
	int r = 0;

	if (!*path)
		return errmsg(err, len, -EINVAL, "an output file needs a name");
	if (named_fd(path) >= 0) {
		const char *why;

		if (!fstat(named_fd(path), &st) && !S_ISREG(st.st_mode) && (why = not_in_place(&st)))
			return errmsg(err, len, -EINVAL, "cannot write '%s': it is %s, where iobench "
				      "writes no output", path, why);
		return 0;
	}
	dest = resolve_links(path);
	if (!dest)
		return errmsg(err, len, -EINVAL, "cannot write '%s': %s", path, strerror(errno));
	if (!stat(dest, &st)) {
		if (S_ISDIR(st.st_mode))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': it is a directory", path);
		else if (access(dest, W_OK))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': %s", path, strerror(errno));
		if (!r && !S_ISREG(st.st_mode) && not_in_place(&st))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': it is %s, where iobench "
				   "writes no output", path, not_in_place(&st));
		if (r || !S_ISREG(st.st_mode)) {	/* a pipe or a terminal: written in place */
			free(dest);
			return r;
		}
	} else if (errno != ENOENT) {
		r = errmsg(err, len, -EINVAL, "cannot write '%s': %s", path, strerror(errno));
	} else if (dest[strlen(dest) - 1] == '/') {
		r = errmsg(err, len, -EINVAL, "cannot write '%s': it names a directory", path);
	}
	if (!r) {
		/* a regular file is replaced by a new one beside it: its directory must take it */
		dir = dir_of(dest);
		if (!dir)
			r = errmsg(err, len, -ENOMEM, "out of memory");
		else if (stat(dir, &st) || !S_ISDIR(st.st_mode))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': its directory '%s' %s", path,
				   dir, errno == ENOENT ? "does not exist" : "is not a directory");
		else if (access(dir, W_OK))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': its directory '%s': %s", path,
				   dir, strerror(errno));
		else if (!statvfs(dir, &sv) && (sv.f_flag & ST_RDONLY))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': its file system is mounted "
				   "read-only", path);
		else if (!statfs(dir, &sf) && kernelfs_name(sf.f_type))
			r = errmsg(err, len, -EINVAL, "cannot write '%s': '%s' is a file system of the "
				   "kernel's, which holds no files", path, dir);
		free(dir);
	}
	free(dest);
	return r;
}

/* A temporary file beside dest, with dest's mode and owner (or the umask's mode). */
static int open_temp(struct outfile *o, char *err, size_t len)
{
	char *dir = dir_of(o->dest);
	const char *base = strrchr(o->dest, '/');
	struct stat st;
	mode_t mask;
	size_t n;
	int fd;

	base = base ? base + 1 : o->dest;
	n = (dir ? strlen(dir) : 0) + strlen(base) + 32;
	o->tmp = dir ? malloc(n) : NULL;
	if (!o->tmp) {
		free(dir);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	snprintf(o->tmp, n, "%s/.%s.iobench-XXXXXX", dir, base);
	free(dir);
	fd = mkostemp(o->tmp, O_CLOEXEC);
	if (fd >= 0)
		live_tmp = o->tmp;
	if (fd < 0) {
		int e = errno;

		free(o->tmp);
		o->tmp = NULL;
		return errmsg(err, len, -e, "cannot write '%s': %s", o->path, strerror(e));
	}
	if (!stat(o->dest, &st)) {
		fchmod(fd, st.st_mode & 07777);
		if (fchown(fd, st.st_uid, st.st_gid))
			(void)0;	/* another owner's file: the new one stays ours */
	} else {
		mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	return fd;
}

int outfile_open(struct outfile *o, const char *path, char *err, size_t len)
{
	static const cookie_io_functions_t io = { .write = sink_write, .close = sink_close };
	struct stat st;
	int fd = named_fd(path), r;

	memset(o, 0, sizeof(*o));
	o->path = path;
	o->fd = -1;
	if (!ranks_lead()) {	/* under mpirun rank 0 writes the outputs, the others nothing */
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	} else if (fd >= 0) {
		fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	} else {
		o->dest = resolve_links(path);
		if (!o->dest)
			return errmsg(err, len, -errno, "cannot write '%s': %s", path, strerror(errno));
		if (!stat(o->dest, &st) && !S_ISREG(st.st_mode)) {
			/* a pipe, a terminal, /dev/null: written in place, never truncated */
			fd = not_in_place(&st) ? (errno = EINVAL, -1)
					       : open(o->dest, O_WRONLY | O_NOCTTY | O_CLOEXEC);
			free(o->dest);
			o->dest = NULL;
		} else {
			fd = open_temp(o, err, len);
			if (fd < 0) {
				free(o->dest);
				o->dest = NULL;
				return fd;
			}
		}
	}
	if (fd < 0)
		return errmsg(err, len, -errno, "cannot write '%s': %s", path, strerror(errno));
	/* what was opened, not what the path named a moment ago, decides */
	if (!o->tmp && (fstat(fd, &st) || (!S_ISREG(st.st_mode) && not_in_place(&st)))) {
		close(fd);
		return errmsg(err, len, -EINVAL, "cannot write '%s': it is not a regular file, a "
			      "pipe or a terminal", path);
	}
	o->fd = fd;
	o->f = fopencookie(o, "w", io);
	if (!o->f) {
		r = errmsg(err, len, -ENOMEM, "out of memory");
		close(fd);
		outfile_abort(o);
		return r;
	}
	return 0;
}

int outfile_commit(struct outfile *o, char *err, size_t len)
{
	int e = 0;

	if (!o->f)
		return errmsg(err, len, -EBADF, "cannot write '%s': not open", o->path);
	if (fflush(o->f) || ferror(o->f))
		e = o->werr ? o->werr : EIO;
	if (!e && o->tmp && fsync(o->fd) && errno != EINVAL)
		e = errno;
	if (fclose(o->f) && !e)
		e = errno ? errno : EIO;
	o->f = NULL;
	if (!e && o->tmp && rename(o->tmp, o->dest))
		e = errno;
	live_tmp = NULL;
	if (!e) {
		free(o->tmp);
		o->tmp = NULL;
	}
	outfile_abort(o);
	return e ? errmsg(err, len, -e, "cannot write '%s': %s", o->path, strerror(e)) : 0;
}

void outfile_abort(struct outfile *o)
{
	if (o->f)
		fclose(o->f);
	o->f = NULL;
	live_tmp = NULL;
	if (o->tmp)
		unlink(o->tmp);	/* our own temporary file, never the destination */
	free(o->tmp);
	free(o->dest);
	o->tmp = o->dest = NULL;
}

int outfile_flush_stdout(FILE *f, char *err, size_t len)
{
	if (!fflush(f) && !ferror(f))
		return 0;
	return errmsg(err, len, -(errno ? errno : EIO), "cannot write the report to standard "
		      "output: %s", strerror(errno ? errno : EIO));
}
