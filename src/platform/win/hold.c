/* SPDX-License-Identifier: MIT */
/*
 * hold.c: the files a run holds on Windows (core/hold.h). A file is known by
 * its volume's serial number and its file id; one the run created is
 * removed at the end by its full path, and only while that path is still
 * the file the run made. Windows takes no advisory locks: a file is not
 * kept from another program while the run uses it (its handles share
 * reading, writing and deleting).
 */
#include <errno.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "core/hold.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/errmsg.h"
#include "util/banned.h"

static bool identity(int fd, uint64_t *vol, uint64_t *id)
{
	BY_HANDLE_FILE_INFORMATION bi;
	HANDLE h = (HANDLE)_get_osfhandle(fd);

	if (h == INVALID_HANDLE_VALUE || !GetFileInformationByHandle(h, &bi))
		return false;
	*vol = bi.dwVolumeSerialNumber;
	*id = (uint64_t)bi.nFileIndexHigh << 32 | bi.nFileIndexLow;
	return true;
}

static struct hold_entry *find(const struct hold *h, uint64_t vol, uint64_t id)
{
	for (unsigned i = 0; i < h->n; i++)
		if (h->e[i].dev == vol && h->e[i].ino == id)
			return &h->e[i];
	return NULL;
}

static struct hold_entry *entry_for(const struct hold *h, int fd)
{
	uint64_t vol, id;

	return identity(fd, &vol, &id) ? find(h, vol, id) : NULL;
}

/* The entry of the file open as fd, added when new; NULL with a message. */
static struct hold_entry *entry_of(struct hold *h, int fd, const char *path, char *err, size_t len)
{
	struct hold_entry *e;
	uint64_t vol, id;

	if (!identity(fd, &vol, &id)) {
		errmsg(err, len, -EIO, "cannot hold '%s': %s", path,
		       strerror(winerr_errno(GetLastError())));
		return NULL;
	}
	e = find(h, vol, id);
	if (e)
		return e;
	e = realloc(h->e, (h->n + 1) * sizeof(*e));
	if (!e) {
		errmsg(err, len, -ENOMEM, "out of memory");
		return NULL;
	}
	h->e = e;
	e = &h->e[h->n];
	*e = (struct hold_entry){ .dev = (dev_t)vol, .ino = id, .fd = -1, .dirfd = -1 };
	e->path = strdup(path);
	if (!e->path) {
		errmsg(err, len, -ENOMEM, "out of memory");
		return NULL;
	}
	h->n++;
	return e;
}

int hold_file(struct hold *h, int fd, const char *path, bool write, char *err, size_t len)
{
	(void)write;
	return entry_of(h, fd, path, err, len) ? 0 : -EINVAL;
}

int hold_device(struct hold *h, int fd, const char *path, char *err, size_t len)
{
	return errmsg(err, len, -EINVAL, "'%s': this build does not write devices on Windows yet", path);
}

bool hold_has_device(const struct hold *h, dev_t rdev)
{
	(void)h;
	(void)rdev;
	return false;
}

int hold_created(struct hold *h, int fd, int dirfd, const char *name, const char *path,
		 bool shared, char *err, size_t len)
{
	struct hold_entry *e = entry_of(h, fd, path, err, len);
	wchar_t *w, full[32768];

	(void)dirfd;
	(void)name;
	(void)shared;
	if (!e)
		return -EIO;
	if (e->created)
		return 0;
	/* the full path now: the run's current directory is this one, not a later one */
	w = winpath_wide(path);
	if (!w || !GetFullPathNameW(w, 32768, full, NULL) ||
	    !(e->name = malloc(32768 * 3)) || !winpath_utf8(full, e->name, 32768 * 3)) {
		free(w);
		return errmsg(err, len, -ENOMEM, "cannot hold '%s': out of memory", path);
	}
	free(w);
	e->created = true;
	return 0;
}

bool hold_is_created(const struct hold *h, int fd)
{
	const struct hold_entry *e = entry_for(h, fd);

	return e && e->created;
}

int hold_lock_owner(dev_t dev, ino_t ino, char *comm, size_t len)
{
	(void)dev;
	(void)ino;
	(void)comm;
	(void)len;
	return 0;	/* no advisory locks on Windows */
}

static void say(char *msgs, size_t len, const char *what, const char *path, const char *why)
{
	size_t n = strlen(msgs);

	if (n + 1 < len)
		snprintf(msgs + n, len - n, "%s'%s'%s\n", what, path, why);
}

/* Removes e's file by its full path, if that path is still the file the run made. */
static bool remove_created(const struct hold_entry *e, char *msgs, size_t len)
{
	wchar_t *w = winpath_wide(e->name);
	HANDLE h;
	BY_HANDLE_FILE_INFORMATION bi;
	char why[160];
	bool ok;

	if (!w) {
		say(msgs, len, "cannot remove ", e->path, ": out of memory");
		return false;
	}
	h = CreateFileW(w, DELETE | FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE |
			FILE_SHARE_DELETE, NULL, OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, NULL);
	free(w);
	if (h == INVALID_HANDLE_VALUE) {
		DWORD err = GetLastError();

		if (err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND)
			return true;	/* gone already */
		snprintf(why, sizeof(why), ": %s", strerror(winerr_errno(err)));
		say(msgs, len, "cannot remove ", e->path, why);
		return false;
	}
	if (!GetFileInformationByHandle(h, &bi) || bi.dwVolumeSerialNumber != (DWORD)e->dev ||
	    ((uint64_t)bi.nFileIndexHigh << 32 | bi.nFileIndexLow) != e->ino) {
		CloseHandle(h);
		say(msgs, len, "", e->path, " is no longer the file this run created (it was "
		    "replaced or moved during the run); left alone");
		return false;
	}
	/* deleted through this very handle: the file checked, not whatever the path names next */
	ok = SetFileInformationByHandle(h, FileDispositionInfo,
					&(FILE_DISPOSITION_INFO){ .DeleteFile = TRUE },
					sizeof(FILE_DISPOSITION_INFO));
	if (!ok) {
		snprintf(why, sizeof(why), ", which this run created: %s",
			 strerror(winerr_errno(GetLastError())));
		say(msgs, len, "cannot remove ", e->path, why);
	}
	CloseHandle(h);
	return ok;
}

void hold_keep(struct hold *h, int fd)
{
	struct hold_entry *e = entry_for(h, fd);

	if (e)
		e->keep = true;
}

unsigned hold_unlink(struct hold *h, int fd, char *msgs, size_t len)
{
	struct hold_entry *e = entry_for(h, fd);

	if (!e || !e->created || e->keep)
		return 0;
	if (!remove_created(e, msgs, len))
		return 1;
	e->created = false;
	return 0;
}

unsigned hold_release(struct hold *h, bool keep, char *msgs, size_t len)
{
	unsigned bad = 0;

	if (msgs && len)
		msgs[0] = 0;
	for (unsigned i = 0; i < h->n; i++) {
		struct hold_entry *e = &h->e[i];

		if (e->created && !keep && !e->keep && !remove_created(e, msgs, len))
			bad++;
		free(e->name);
		free(e->path);
	}
	free(h->e);
	h->e = NULL;
	h->n = 0;
	return bad;
}
