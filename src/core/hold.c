/* SPDX-License-Identifier: MIT */
/* hold.c: the devices, locks and created files a run holds (see hold.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "core/hold.h"
#include "util/errmsg.h"
#include "util/banned.h"

static struct hold_entry *find(const struct hold *h, dev_t dev, ino_t ino)
{
	for (unsigned i = 0; i < h->n; i++)
		if (h->e[i].dev == dev && h->e[i].ino == ino)
			return &h->e[i];
	return NULL;
}

static struct hold_entry *add(struct hold *h, const struct stat *st, const char *path)
{
	struct hold_entry *e = realloc(h->e, (h->n + 1) * sizeof(*e));

	if (!e)
		return NULL;
	h->e = e;
	e = &h->e[h->n];
	*e = (struct hold_entry){ .dev = st->st_dev, .ino = st->st_ino, .fd = -1, .dirfd = -1,
				  .rdev = S_ISBLK(st->st_mode) ? st->st_rdev : 0 };
	e->path = strdup(path);
	if (!e->path)
		return NULL;
	h->n++;
	return e;
}

int hold_lock_owner(dev_t dev, ino_t ino, char *comm, size_t len)
{
	FILE *f = fopen("/proc/locks", "r");
	char line[256];
	int pid = 0;

	if (comm && len)
		comm[0] = 0;
	if (!f)
		return 0;
	while (!pid && fgets(line, sizeof(line), f)) {
		unsigned maj, min;
		unsigned long long i;
		char kind[16];
		int p;

		/* "1: FLOCK  ADVISORY  WRITE 6188 fe:00:10953214 0 EOF"; waiters have "->" */
		if (sscanf(line, "%*d: %15s %*s %*s %d %x:%x:%llu", kind, &p, &maj, &min, &i) != 5)
			continue;
		if (!strcmp(kind, "FLOCK") && p > 0 && maj == major(dev) && min == minor(dev) &&
		    i == (unsigned long long)ino)
			pid = p;
	}
	fclose(f);
	if (pid && comm && len) {
		char path[64];
		FILE *c;

		snprintf(path, sizeof(path), "/proc/%d/comm", pid);
		c = fopen(path, "r");
		if (c) {
			if (fgets(comm, (int)len, c))
				comm[strcspn(comm, "\n")] = 0;
			fclose(c);
		}
	}
	return pid;
}

/* "in use by iobench (pid N)", or by the other program that holds the lock. */
static int busy(const struct stat *st, const char *path, char *err, size_t len)
{
	char comm[64];
	int pid = hold_lock_owner(st->st_dev, st->st_ino, comm, sizeof(comm));

	if (pid && !strcmp(comm, "iobench"))
		return errmsg(err, len, -EBUSY, "'%s' is in use by iobench (pid %d)", path, pid);
	if (pid)
		return errmsg(err, len, -EBUSY, "'%s' is in use: %s (pid %d) holds a lock on it",
			      path, comm[0] ? comm : "another program", pid);
	return errmsg(err, len, -EBUSY, "'%s' is in use: another process holds a lock on it",
		      path);
}

static int lock(struct hold_entry *e, int want, const struct stat *st, char *err, size_t len)
{
	if (e->lock == LOCK_EX || e->lock == want)
		return 0;
	if (flock(e->fd, want | LOCK_NB)) {
		if (errno == EWOULDBLOCK)
			return busy(st, e->path, err, len);
		if (errno == ENOLCK || errno == EINVAL || errno == EOPNOTSUPP)
			return 0;	/* a file system without locks: nothing to hold */
		return errmsg(err, len, -errno, "cannot lock '%s': %s", e->path, strerror(errno));
	}
	e->lock = want;
	return 0;
}

/*
 * A descriptor of the hold's own on the file open as fd, read-only where it can be
 * (the lock needs no more, and no write-capable descriptor outlives the I/O's).
 */
static int reopen_readonly(int fd)
{
	char p[32];
	int r;

	snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
	r = open(p, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (r >= 0 && r < 3) {	/* keep 0-2 free, as F_DUPFD does */
		int x = fcntl(r, F_DUPFD_CLOEXEC, 3);

		close(r);
		r = x;
	}
	return r >= 0 ? r : fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

/* The entry of the file open as fd, added (with a descriptor of its own) when new. */
static struct hold_entry *entry_of(struct hold *h, int fd, const char *path, struct stat *st,
				   char *err, size_t len)
{
	struct hold_entry *e;

	if (fstat(fd, st)) {
		errmsg(err, len, -errno, "cannot access '%s': %s", path, strerror(errno));
		return NULL;
	}
	e = find(h, st->st_dev, st->st_ino);
	if (e)
		return e;
	e = add(h, st, path);
	if (!e) {
		errmsg(err, len, -ENOMEM, "out of memory");
		return NULL;
	}
	e->fd = reopen_readonly(fd);
	if (e->fd < 0) {
		errmsg(err, len, -errno, "cannot hold '%s': %s", path, strerror(errno));
		return NULL;
	}
	return e;
}

int hold_file(struct hold *h, int fd, const char *path, bool write, char *err, size_t len)
{
	struct stat st;
	struct hold_entry *e = entry_of(h, fd, path, &st, err, len);

	if (!e)
		return -EIO;
	return lock(e, write ? LOCK_EX : LOCK_SH, &st, err, len);
}

bool hold_has_device(const struct hold *h, dev_t rdev)
{
	for (unsigned i = 0; i < h->n; i++)
		if (h->e[i].rdev == rdev && h->e[i].fd >= 0)
			return true;
	return false;
}

int hold_device(struct hold *h, int fd, const char *path, char *err, size_t len)
{
	struct hold_entry *e;
	struct stat st;
	char self[64];
	int x;

	if (fstat(fd, &st))
		return errmsg(err, len, -errno, "cannot access '%s': %s", path, strerror(errno));
	if (hold_has_device(h, st.st_rdev))
		return 0;
	/* the very inode checked, opened again: the kernel's own in-use check */
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	x = open(self, O_RDONLY | O_EXCL | O_CLOEXEC);
	/* udev probes a device just written for a moment: an exclusive open waits up to 1 s */
	for (int i = 0; x < 0 && errno == EBUSY && i < 20; i++) {
		nanosleep(&(struct timespec){ 0, 50000000 }, NULL);
		x = open(self, O_RDONLY | O_EXCL | O_CLOEXEC);
	}
	if (x < 0) {
		int e0 = errno;

		if (e0 == EBUSY) {
			if (hold_lock_owner(st.st_dev, st.st_ino, NULL, 0))
				return busy(&st, path, err, len);
			err[0] = 0;
			return -EBUSY;
		}
		return errmsg(err, len, -e0, "cannot open '%s': %s", path, strerror(e0));
	}
	e = find(h, st.st_dev, st.st_ino);
	if (!e)
		e = add(h, &st, path);
	if (!e) {
		close(x);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	if (e->fd >= 0)
		close(e->fd);
	e->fd = x;
	e->lock = 0;
	return lock(e, LOCK_EX, &st, err, len);
}

int hold_created(struct hold *h, int fd, int dirfd, const char *name, const char *path,
		 bool shared, char *err, size_t len)
{
	struct stat st;
	struct hold_entry *e = entry_of(h, fd, path, &st, err, len);

	if (!e)
		return -EIO;
	if (!e->created) {
		e->dirfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 3);
		e->name = strdup(name);
		if (e->dirfd < 0 || !e->name)
			return errmsg(err, len, -ENOMEM, "cannot hold '%s': out of resources", path);
		e->created = true;
	}
	return lock(e, shared ? LOCK_SH : LOCK_EX, &st, err, len);
}

bool hold_is_created(const struct hold *h, int fd)
{
	struct stat st;
	const struct hold_entry *e;

	if (fstat(fd, &st))
		return false;
	e = find(h, st.st_dev, st.st_ino);
	return e && e->created;
}

/* Appends one line to msgs: "WHAT 'PATH'WHY". */
static void say(char *msgs, size_t len, const char *what, const char *path, const char *why)
{
	size_t n = strlen(msgs);

	if (n + 1 < len)
		snprintf(msgs + n, len - n, "%s'%s'%s\n", what, path, why);
}

/* Removes e's file by its name, if that name is still the file the run made. */
static bool remove_created(const struct hold_entry *e, char *msgs, size_t len)
{
	char why[160];
	struct stat st;

	if (fstatat(e->dirfd, e->name, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno == ENOENT)
			return true;	/* gone already */
		snprintf(why, sizeof(why), ": %s", strerror(errno));
		say(msgs, len, "cannot remove ", e->path, why);
		return false;
	}
	if (st.st_dev != e->dev || st.st_ino != e->ino) {
		say(msgs, len, "", e->path, " is no longer the file this run created (it was "
		    "replaced or moved during the run); left alone");
		return false;
	}
	if (unlinkat(e->dirfd, e->name, 0)) {
		snprintf(why, sizeof(why), ", which this run created: %s", strerror(errno));
		say(msgs, len, "cannot remove ", e->path, why);
		return false;
	}
	return true;
}

static struct hold_entry *entry_for(const struct hold *h, int fd)
{
	struct stat st;

	return fstat(fd, &st) ? NULL : find(h, st.st_dev, st.st_ino);
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
	e->created = false;	/* gone: nothing left to remove at the end */
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
		if (e->fd >= 0)
			close(e->fd);
		if (e->dirfd >= 0)
			close(e->dirfd);
		free(e->name);
		free(e->path);
	}
	free(h->e);
	h->e = NULL;
	h->n = 0;
	return bad;
}
