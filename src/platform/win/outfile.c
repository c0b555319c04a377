/* SPDX-License-Identifier: MIT */
/*
 * outfile.c: output files on Windows (platform/outfile.h). A regular file (or a
 * new one) is written to a temporary file beside it and moved onto it
 * (MoveFileEx, replacing it) once all of it is written and flushed; "-",
 * CON and NUL, and a console or a pipe, are written in place. Nothing here
 * removes a file it did not create.
 */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <windows.h>

#include "platform/ranks.h"
#include "platform/stop.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "util/banned.h"

/* The temporary file being written, for a stop to remove (one at a time). */
static wchar_t *volatile live_tmp;

static void on_stop(void)
{
	wchar_t *t = live_tmp;

	if (t)
		DeleteFileW(t);
}

void outfile_unlink_on_signal(void)
{
	stop_on_unheld(on_stop);
}

/* "-" and CON: standard output; NUL: nothing kept. */
static int named_fd(const char *path)
{
	if (!strcmp(path, "-") || !_stricmp(path, "CON") || !_stricmp(path, "CONOUT$"))
		return 1;
	return -1;
}

static bool is_nul(const char *path)
{
	return !_stricmp(path, "NUL") || !_stricmp(path, "\\\\.\\NUL");
}

/* The directory part of path ("." when none), as a new string: '\\' and '/' both divide. */
static char *dir_of(const char *path)
{
	const char *a = strrchr(path, '\\'), *b = strrchr(path, '/'), *s = a > b ? a : b;
	size_t n;
	char *d;

	if (!s)
		return path[0] && path[1] == ':' ? strndup(path, 2) : strdup(".");
	n = (size_t)(s - path) + (s == path || (s == path + 2 && path[1] == ':'));	/* "\\", "C:\\" */
	d = strndup(path, n);
	return d;
}

int outfile_check(const char *path, char *err, size_t len)
{
	struct _stat64 st;
	char *dir;
	int r = 0;

	if (!*path)
		return errmsg(err, len, -EINVAL, "an output file needs a name");
	if (named_fd(path) >= 0 || is_nul(path))
		return 0;
	if (!_stat64(path, &st)) {
		if (st.st_mode & _S_IFDIR)
			return errmsg(err, len, -EINVAL, "cannot write '%s': it is a directory", path);
		if (_access(path, 2))
			return errmsg(err, len, -EINVAL, "cannot write '%s': %s", path, strerror(errno));
		if (!(st.st_mode & _S_IFREG))
			return errmsg(err, len, -EINVAL, "cannot write '%s': it is not a regular file, "
				      "where iobench writes no output", path);
	} else if (errno != ENOENT) {
		return errmsg(err, len, -EINVAL, "cannot write '%s': %s", path, strerror(errno));
	}
	dir = dir_of(path);
	if (!dir)
		return errmsg(err, len, -ENOMEM, "out of memory");
	if (_stat64(dir, &st) || !(st.st_mode & _S_IFDIR))
		r = errmsg(err, len, -EINVAL, "cannot write '%s': its directory '%s' %s", path, dir,
			   errno == ENOENT ? "does not exist" : "is not a directory");
	free(dir);
	return r;
}

/* A temporary file beside path; its descriptor, or -errno with a message. */
static int open_temp(struct outfile *o, char *err, size_t len)
{
	char *dir = dir_of(o->dest);
	const char *a = strrchr(o->dest, '\\'), *b = strrchr(o->dest, '/'), *s = a > b ? a : b;
	const char *base = s ? s + 1 : o->dest[0] && o->dest[1] == ':' ? o->dest + 2 : o->dest;
	size_t n;
	int fd;

	n = (dir ? strlen(dir) : 0) + strlen(base) + 32;
	o->tmp = dir ? malloc(n) : NULL;
	if (!o->tmp) {
		free(dir);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	snprintf(o->tmp, n, "%s\\.%s.iobench-XXXXXX", dir, base);
	free(dir);
	fd = mkostemp(o->tmp, O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		free(o->tmp);
		o->tmp = NULL;
		return errmsg(err, len, -e, "cannot write '%s': %s", o->path, strerror(e));
	}
	live_tmp = winpath_wide(o->tmp);
	return fd;
}

int outfile_open(struct outfile *o, const char *path, char *err, size_t len)
{
	int fd = named_fd(path);

	memset(o, 0, sizeof(*o));
	o->path = path;
	o->fd = -1;
	if (!ranks_lead() || is_nul(path)) {
		fd = _open("NUL", _O_WRONLY | _O_BINARY);
	} else if (fd >= 0) {
		fd = _dup(fd);
	} else {
		struct _stat64 st;

		o->dest = strdup(path);
		if (!o->dest)
			return errmsg(err, len, -ENOMEM, "out of memory");
		if (!_stat64(path, &st) && !(st.st_mode & _S_IFREG)) {
			free(o->dest);
			o->dest = NULL;
			return errmsg(err, len, -EINVAL, "cannot write '%s': it is not a regular file",
				      path);
		}
		fd = open_temp(o, err, len);
		if (fd < 0) {
			free(o->dest);
			o->dest = NULL;
			return fd;
		}
	}
	if (fd < 0)
		return errmsg(err, len, -errno, "cannot write '%s': %s", path, strerror(errno));
	o->fd = fd;
	o->f = _fdopen(fd, "wb");
	if (!o->f) {
		_close(fd);
		o->fd = -1;
		outfile_abort(o);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	return 0;
}

int outfile_commit(struct outfile *o, char *err, size_t len)
{
	int e = 0;

	if (!o->f)
		return errmsg(err, len, -EBADF, "cannot write '%s': not open", o->path);
	if (fflush(o->f) || ferror(o->f))
		e = errno ? errno : EIO;
	if (!e && o->tmp && fsync(o->fd))
		e = errno;
	if (fclose(o->f) && !e)
		e = errno ? errno : EIO;
	o->f = NULL;
	o->fd = -1;
	if (!e && o->tmp) {
		wchar_t *from = winpath_wide(o->tmp), *to = winpath_wide(o->dest);

		if (!from || !to)
			e = ENOMEM;
		else if (!MoveFileExW(from, to, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
			e = winerr_errno(GetLastError());
		free(from);
		free(to);
	}
	if (!e) {
		free(o->tmp);
		o->tmp = NULL;
	}
	outfile_abort(o);
	return e ? errmsg(err, len, -e, "cannot write '%s': %s", o->path, strerror(e)) : 0;
}

void outfile_abort(struct outfile *o)
{
	wchar_t *t = live_tmp;

	if (o->f)
		fclose(o->f);
	o->f = NULL;
	live_tmp = NULL;
	free(t);
	if (o->tmp)
		_unlink(o->tmp);	/* our own temporary file, never the destination */
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
