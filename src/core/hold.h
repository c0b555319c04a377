/* SPDX-License-Identifier: MIT */
/*
 * hold.h: what a run holds from its checks to its end, however many job
 * groups, jobs or paths name the same thing. Every block device the run may
 * write is held open with O_EXCL (the kernel refuses that while the device
 * is mounted, in any mount namespace, or held by dm/md, btrfs or another
 * program), every file it reads or writes carries a flock (shared to read,
 * exclusive to write or create), so a second iobench says "in use by iobench
 * (pid N)" instead of breaking the first. Files the run created are removed
 * at the end by their name in the directory they were made in, and only
 * while that name is still the file the run made; a removal that fails is
 * named, never silent.
 */
#ifndef IOB_HOLD_H
#define IOB_HOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct hold_entry {
	dev_t dev;		/* the file's (or device node's) file system */
	uint64_t ino;		/* and inode (Windows: the file id; dev its volume) */
	dev_t rdev;		/* a block device: its number; 0 for a file */
	int fd;			/* kept open for the run: flocked, or O_EXCL for a device */
	int lock;		/* LOCK_SH, LOCK_EX, or 0 */
	bool created;		/* this run created (or laid down anew) the file */
	bool keep;		/* left in place at the end whatever the run's rule (fio's unlink=0) */
	int dirfd;		/* created: the directory it is in (O_PATH), to remove it by name */
	char *name;		/* created: its name in dirfd */
	char *path;		/* as the user named it, for messages */
};

struct hold {
	struct hold_entry *e;
	unsigned n;
};

/*
 * Locks the file open as fd (shared, or exclusive when write) for the run.
 * A file already held is locked again only to raise a shared lock to an
 * exclusive one. Returns 0, or -EBUSY with "'PATH' is in use by iobench
 * (pid N)" (or the other process named), or -errno.
 */
int hold_file(struct hold *h, int fd, const char *path, bool write, char *err, size_t len);

/*
 * Holds the block device open as fd exclusively (O_EXCL) for the run, and
 * flocks it so a second iobench can name this one. A device already held
 * succeeds at once. Returns 0, -EBUSY when the kernel refuses (mounted or
 * in use: the caller says by what; err names another iobench when it is
 * one), or -errno.
 */
int hold_device(struct hold *h, int fd, const char *path, char *err, size_t len);

/* Whether h holds the device with number rdev (exclusively). */
bool hold_has_device(const struct hold *h, dev_t rdev);

/*
 * Records that the run created the file open as fd, named name in the
 * directory dirfd (not taken over: dup'ed), and locks it exclusively (or,
 * shared, with a shared lock: a file that MPI ranks share, which the others
 * hold too). Returns 0 or -errno with a message.
 */
int hold_created(struct hold *h, int fd, int dirfd, const char *name, const char *path,
		 bool shared, char *err, size_t len);

/* The file open as fd stays at the end (fio's unlink=0), though the run created it. */
void hold_keep(struct hold *h, int fd);

/*
 * Removes now the file open as fd, which the run created (hold_created),
 * as hold_release would (fio's unlink=1 at the end of its job's group).
 * A failure is named in msgs. Returns 0, or 1 when the file was left.
 */
unsigned hold_unlink(struct hold *h, int fd, char *msgs, size_t len);

/* Whether the file open as fd is one the run created. */
bool hold_is_created(const struct hold *h, int fd);

/*
 * The process holding a flock on the inode dev:ino (from /proc/locks), with
 * its command name in comm; 0 when none is found.
 */
int hold_lock_owner(dev_t dev, ino_t ino, char *comm, size_t len);

/*
 * Lets go of everything; removes the files the run created unless keep.
 * A file that cannot be removed, or whose name now points elsewhere, is
 * named in msgs (one line each, "" when all went well). Returns how many.
 */
unsigned hold_release(struct hold *h, bool keep, char *msgs, size_t len);

#endif
