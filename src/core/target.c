/* SPDX-License-Identifier: MIT */
/*
 * target.c: checking targets (creating, filling and opening them:
 * target_open.c). Each target's path is looked up once: the checks open it
 * (or, for a file to create, its directory) and every later step works on
 * that descriptor, so a path
 * swapped for a symbolic link or another file between the checks and the
 * I/O changes nothing. A file iobench creates carries a marker (marker.h)
 * tied to that very file, "filling" while it is written, "filled" once it
 * holds random data from end to end, "verify:BLOCK" once it holds --verify
 * blocks, so a later run can tell its own files from a user's and reuse one
 * that suits it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/fiemap.h>
#include <linux/loop.h>
#include <inttypes.h>
#include <sys/ioctl.h>

#include "core/devrule.h"
#include "core/hold.h"
#include "core/marker.h"
#include "core/ranked.h"
#include "core/target.h"
#include "core/target_linux.h"
#include "core/target_rules.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "platform/blockdev.h"
#include "platform/kernelfs.h"
#include "util/banned.h"

/*
 * Direct I/O alignment for the file open as fd (or, fd -1, a new file on
 * device dev): statx where the kernel has it, else the device's logical
 * block size.
 */
static void dio_alignment(struct target *t, int fd, dev_t dev)
{
	unsigned lbs;

	if (fd >= 0 && target_statx_dioalign(t, fd))
		return;
	lbs = blockdev_logical_block_size(dev);
	t->io_align = lbs ? lbs : 512;
	t->mem_align = t->io_align;
}

/* iobench disks lists every device with what it needs: said where a device is refused. */
#define SEE_DISKS " (iobench disks lists the block devices, and what writing each needs)"

/* What the run's checks found on a device it holds: a refusal, or 0. */
static int judge_device(const struct workload *w, int fd, dev_t dev, const char *path,
			char *err, size_t len)
{
	struct devrule r;

	if (devrule_check(fd, dev, true, &r) == -ENOMEM)
		return errmsg(err, len, -ENOMEM, "out of memory");
	return devrule_permits(&r, w->destroy_signature, false, path, SEE_DISKS, err, len);
}

/*
 * Whether directory st (of file system sf) is in the file system of /dev, the
 * kernel's device nodes (devtmpfs, a tmpfs of its own; not /dev/shm, mounted
 * apart, where RAM-backed test files belong).
 */
static bool in_devtmpfs(const struct stat *st, const struct statfs *sf)
{
	struct stat dev, root;

	return sf->f_type == TMPFS_MAGIC && !stat("/dev", &dev) && !stat("/", &root) &&
	       dev.st_dev != root.st_dev && st->st_dev == dev.st_dev;
}

static int check_block(struct target *t, const struct workload *w, const struct stat *st,
		       struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char why[640];
	int r;

	t->kind = TARGET_BLOCK;
	if (s->create_size)
		return errmsg(err, len, -EINVAL, "-c cannot create '%s': it is a block device",
			    s->path);
	r = blockdev_size(t->cfd, &t->size);
	if (r)
		return errmsg(err, len, -EINVAL, "cannot read the size of '%s': %s", s->path,
			    strerror(-r));
	if (!target_writes(s) || w->read_only)
		return 0;
	if (!w->allow_device_write)
		return errmsg(err, len, -EINVAL, "refusing to %s block device '%s': it destroys "
			    "the data on it; pass --allow-device-write if that is what you want"
			    SEE_DISKS, s->write_pct ? "write to" : "trim", s->path);
	/*
	 * The kernel's own check first: a mount anywhere, btrfs, dm, md or an O_EXCL
	 * holder; of ranks that share it, the first on each host holds it (and the
	 * others, checked after, would find it held).
	 */
	r = s->share_n > 1 && !s->share_hold ? 0 : hold_device(hold, t->cfd, s->path, err, len);
	if (r == -EBUSY && err[0]) {
		char who[600];

		snprintf(who, sizeof(who), "%s", err);
		return errmsg(err, len, -EINVAL, "refusing to write to %s", who);
	}
	if (r == -EBUSY) {
		devrule_busy_why(t->cfd, st->st_rdev, why, sizeof(why));
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': %s" SEE_DISKS, s->path,
			      why);
	}
	if (r)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': %s", s->path, err);
	/* what claims no exclusive hold: a loop device it backs, swap, a partition in use */
	return judge_device(w, t->cfd, st->st_rdev, s->path, err, len);
}

/* An existing file the run writes or lays down anew: not one the kernel uses. */
static int check_file_free(const struct target *t, const struct stat *st, char *err, size_t len)
{
	char why[600];

	if (blockdev_file_in_use(st->st_dev, st->st_ino, "it", why, sizeof(why)) > 0)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': %s", t->spec->path, why);
	return 0;
}

static int check_file(struct target *t, const struct workload *w, const struct stat *st,
		      const struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	struct marker m;
	bool ours;

	t->kind = TARGET_FILE;
	marker_read(t->cfd, &m);
	/* marked as iobench's, or made by this very run (a file system without markers) */
	ours = m.state != MARK_NONE || hold_is_created(hold, t->cfd);
	t->marked = ours;
	t->mark = m.state;
	if (s->unlink == UNLINK_REMOVE && !ours)
		return errmsg(err, len, -EINVAL, "unlink=1 would remove '%s', which iobench did not "
			      "create: iobench removes only files it made", s->path);
	if (!s->create_size) {
		t->size = (uint64_t)st->st_size;
		if (!t->size)
			return errmsg(err, len, -EINVAL, "'%s' is empty: give its size with -c<size> "
				    "to fill it", s->path);
		/* a trim destroys data as a write does: the same guard */
		if (target_writes(s) && !ours && !w->overwrite && !w->read_only)
			return errmsg(err, len, -EINVAL, "refusing to %s '%s': iobench did not "
				    "create it%s%s; pass --overwrite to allow writing it",
				    s->trim == TRIM_ONLY ? "trim" : "write to", s->path,
				    m.foreign ? ": " : "", m.foreign ? m.foreign : "");
		return target_writes(s) && !w->read_only ? check_file_free(t, st, err, len) : 0;
	}
	if (!ours && !w->overwrite)
		return errmsg(err, len, -EINVAL, "'%s' exists and iobench did not create it%s%s; "
			    "pass --overwrite to replace it", s->path, m.foreign ? ": " : "",
			    m.foreign ? m.foreign : "");
	t->size = s->create_size;
	if (s->share_follow) {	/* what the first of the ranks that share it made: as it is */
		if ((uint64_t)st->st_size != s->create_size && !s->share_later)
			return errmsg(err, len, -EINVAL, "'%s' holds %llu bytes, not the %llu the "
				      "first of the ranks that share it made: it is not on a file "
				      "system every host shares; put %%h in its path for a file per "
				      "host", s->path, (unsigned long long)st->st_size,
				      (unsigned long long)s->create_size);
		return s->write_pct ? check_file_free(t, st, err, len) : 0;
	}
	/* a kept file of the right size and content is used again: --verify needs its blocks */
	if ((m.state == target_fill_state(w) && (!w->verify || m.block == s->block_size)) ||
	    (!w->verify && m.state == MARK_VERIFY)) {
		if ((uint64_t)st->st_size == s->create_size) {
			t->reused = true;
			return s->write_pct ? check_file_free(t, st, err, len) : 0;
		}
	}
	t->create = true;
	t->reclaim = (uint64_t)st->st_blocks * 512;
	return check_file_free(t, st, err, len);
}

/* A target shared by several ranks (core/ranked.h): this rank's slice of the range. */
static int share_range(struct target *t, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char a[32];

	if (!placed_slice(s, s->share_n, s->share_i, &t->base, &t->end))
		return 0;
	format_size(a, sizeof(a), t->end - t->base);
	return errmsg(err, len, -EINVAL, "the range of '%s' (%s) split between the %u ranks that "
		      "share it leaves each less than one block", s->path, a, s->share_n);
}

static int check_range(struct target *t, char *err, size_t len)
{
	int r = target_check_range(t, err, len);

	return r ? r : t->spec->share_n > 1 ? share_range(t, err, len) : 0;
}

/* The file system of the file (or directory) open as fd, and its device (0 for tmpfs). */
static void file_facts(struct target *t, int fd, dev_t dev)
{
	struct statfs sf;

	t->fs_type = fstatfs(fd, &sf) ? 0 : (long)sf.f_type;
	t->dev = major(dev) ? dev : 0;
}

/*
 * Whether the file system of directory dirfd takes new files with direct
 * I/O: an unnamed O_TMPFILE (nothing appears in the directory, and it is
 * gone when closed). 0 when it does or the kernel cannot tell, else -EINVAL.
 */
static int check_new_direct(const struct target *t, char *err, size_t len)
{
	int fd;

	if (!(t->spec->cache & CACHE_DIRECT))
		return 0;
	fd = openat(t->dirfd, ".", O_TMPFILE | O_RDWR | O_DIRECT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (errno != EINVAL)	/* no O_TMPFILE here (EOPNOTSUPP, EISDIR): the open will tell */
		return 0;
	fd = openat(t->dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0)
		return 0;
	close(fd);
	return errmsg(err, len, -EINVAL, "'%s': its file system does not support direct I/O "
		      "(-Su/-Sh); use -Sb", t->spec->path);
}

/* A file to create: its directory must exist, be one, take files and be writable. */
static int check_new_file(struct target *t, char *err, size_t len)
{
	const char *path = t->spec->path, *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	const char *kind;
	struct statvfs sv;
	struct stat st;
	struct statfs sf;
	int r = 0;

	t->name = slash ? slash + 1 : path;
	if (!dir)
		return errmsg(err, len, -ENOMEM, "out of memory");
	t->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (t->dirfd < 0)
		r = errmsg(err, len, -EINVAL, "cannot create '%s': %s '%s' %s", path,
			   errno == ENOTDIR ? "" : "its directory", dir,
			   errno == ENOENT ? "does not exist" : errno == ENOTDIR ?
			   "is not a directory" : strerror(errno));
	else if (!fstatat(t->dirfd, t->name, &st, AT_SYMLINK_NOFOLLOW))
		r = errmsg(err, len, -EINVAL, "'%s' is a symbolic link to a missing file; iobench "
			   "creates files only where nothing is", path);
	else if (fstat(t->dirfd, &st) || fstatfs(t->dirfd, &sf) || fstatvfs(t->dirfd, &sv))
		r = errmsg(err, len, -EINVAL, "cannot create '%s': %s", path, strerror(errno));
	else if ((kind = kernelfs_name((long)sf.f_type)))
		r = errmsg(err, len, -EINVAL, "cannot create '%s': '%s' is in %s, a file system of "
			   "the kernel's that holds no test files", path, dir, kind);
	else if (in_devtmpfs(&st, &sf))
		r = errmsg(err, len, -EINVAL, "cannot create '%s': '%s' is in devtmpfs, the "
			   "kernel's file system of device nodes, where no test file goes"
			   SEE_DISKS, path, dir);
	else if (t->spec->create_size && (sv.f_flag & ST_RDONLY))
		r = errmsg(err, len, -EINVAL, "cannot create '%s': its file system is mounted "
			   "read-only", path);
	else if (t->spec->create_size && access(dir, W_OK))
		r = errmsg(err, len, -EINVAL, "cannot create '%s': %s", path, strerror(errno));
	if (!r) {
		t->idev = st.st_dev;
		t->iino = st.st_ino;
		dio_alignment(t, -1, st.st_dev);
		file_facts(t, t->dirfd, st.st_dev);
		if (t->spec->create_size)
			r = check_new_direct(t, err, len);
	}
	free(dir);
	return r;
}

/* A file's directory and name for removing it, through its real path when it is a link. */
static int file_place(struct target *t, char *err, size_t len)
{
	const char *path = t->spec->path, *slash;
	struct stat a, b;
	char *dir;

	if (lstat(path, &a) || !S_ISREG(a.st_mode)) {	/* a link: follow it to the file */
		t->real = realpath(path, NULL);
		if (!t->real)
			return errmsg(err, len, -EINVAL, "cannot resolve '%s': %s", path,
				      strerror(errno));
		path = t->real;
	}
	slash = strrchr(path, '/');
	t->name = slash ? slash + 1 : path;
	dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	if (!dir)
		return errmsg(err, len, -ENOMEM, "out of memory");
	t->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (t->dirfd < 0 || fstatat(t->dirfd, t->name, &a, AT_SYMLINK_NOFOLLOW) ||
	    fstat(t->cfd, &b) || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
		return errmsg(err, len, -EINVAL, "'%s' changed while it was being checked; "
			      "nothing was written", t->spec->path);
	return 0;
}

/* A file the run writes or creates must not be on a read-only file system. */
static int check_writable_fs(int fd, const char *path, char *err, size_t len)
{
	struct statvfs sv;

	if (!fstatvfs(fd, &sv) && (sv.f_flag & ST_RDONLY))
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': its file system is "
			      "mounted read-only", path);
	return 0;
}

/* Names a target that is neither a regular file nor a block device. */
static int not_a_target(const char *path, mode_t mode, char *err, size_t len)
{
	const char *what = S_ISDIR(mode) ? "a directory" : S_ISFIFO(mode) ? "a FIFO (named pipe)" :
			   S_ISCHR(mode) ? "a character device, not a block device" :
			   S_ISSOCK(mode) ? "a socket" : "not a regular file";

	return errmsg(err, len, -EINVAL, "'%s' is %s: give a regular file or a block device", path,
		      what);
}

static int check_existing(struct target *t, const struct workload *w, int pfd,
			  struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	bool writes = (target_writes(s) || s->create_size) && !w->read_only;
	struct stat st;
	int r, attr = 0;

	if (fstat(pfd, &st))
		return errmsg(err, len, -EINVAL, "cannot access '%s': %s", s->path, strerror(errno));
	if (!S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode))
		return not_a_target(s->path, st.st_mode, err, len);
	t->cfd = target_reopen(pfd, O_RDONLY);
	if (t->cfd < 0)
		return errmsg(err, len, -EINVAL, "cannot open '%s': %s", s->path, strerror(errno));
	t->idev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	t->iino = S_ISBLK(st.st_mode) ? 0 : st.st_ino;
	if (S_ISBLK(st.st_mode)) {
		r = check_block(t, w, &st, hold, err, len);
		dio_alignment(t, t->cfd, st.st_rdev);
		t->dev = st.st_rdev;
		return r;
	}
	r = check_file(t, w, &st, hold, err, len);
	if (!r && writes)
		r = check_writable_fs(t->cfd, s->path, err, len);
	if (!r)
		r = file_place(t, err, len);
	if (!r)	/* shared by ranks: all of them hold it, none alone */
		r = hold_file(hold, t->cfd, s->path, writes && s->share_n <= 1, err, len);
	if (r == -EBUSY)
		r = -EINVAL;
	dio_alignment(t, t->cfd, st.st_dev);
	file_facts(t, t->cfd, st.st_dev);
	if (!ioctl(t->cfd, FS_IOC_GETFLAGS, &attr))
		t->compressed = attr & FS_COMPR_FL;
	if (!r && (s->cache & CACHE_DIRECT)) {	/* direct I/O must work before anything is done */
		int fd = target_reopen(t->cfd, O_RDONLY | O_DIRECT);

		if (fd < 0 && errno == EINVAL)
			r = errmsg(err, len, -EINVAL, "'%s': its file system does not support direct "
				   "I/O (-Su/-Sh); use -Sb", s->path);
		if (fd >= 0)
			close(fd);
	}
	return r;
}

static int check_one(struct target *t, const struct workload *w, bool null_engine,
		     struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	size_t n = strlen(s->path);
	int pfd, r;

	if (null_engine) {
		t->kind = TARGET_NULL;
		t->size = w->null_size;
		return check_range(t, err, len);
	}
	if (!n)
		return errmsg(err, len, -EINVAL, "a target needs a name");
	if (s->create_size > (uint64_t)INT64_MAX)
		return errmsg(err, len, -EINVAL, "-c: %llu bytes for '%s' is larger than any file "
			      "can be", (unsigned long long)s->create_size, s->path);
	/* the one look-up of the path: everything after works on what it found */
	pfd = open(s->path, O_PATH | O_CLOEXEC);
	if (pfd < 0) {
		if (errno != ENOENT)
			return errmsg(err, len, -EINVAL, "cannot access '%s': %s", s->path,
				      strerror(errno));
		if (s->path[n - 1] == '/')
			return errmsg(err, len, -EINVAL, "'%s' ends in '/', a directory's name: give a "
				      "file or a block device", s->path);
		if (s->share_follow && !s->share_later)
			return errmsg(err, len, -EINVAL, "'%s' is not there, though the ranks share "
				      "it and rank 0 (or its host's first rank) found or made it: it "
				      "is not on a file system every host shares; put %%h in its path "
				      "for a file per host, or %%r for one per rank", s->path);
		t->kind = TARGET_FILE;
		t->size = s->create_size;
		t->create = s->create_size != 0;
		r = check_new_file(t, err, len);
		if (!r && !s->create_size)
			return 1;	/* made by an earlier target of the run, or missing */
	} else {
		r = check_existing(t, w, pfd, hold, err, len);
		close(pfd);
	}
	if (r)
		return r;
	r = check_range(t, err, len);
	return r ? r : target_check_dio_alignment(t, err, len);
}

/*
 * How much of the file open as fd, over [lo, hi), has no data on the device:
 * holes, and extents allocated but never written (FIEMAP). Reads of those
 * come back as zeros without touching the device, so they measure nothing.
 * Returns 0 with *unbacked set, or -1 when the file system does not say.
 */
static int unbacked_bytes(int fd, uint64_t lo, uint64_t hi, uint64_t *unbacked, uint64_t *extents)
{
	enum { N = 256 };
	union {	/* on the stack: a probe that needs no allocation cannot fail for want of one */
		struct fiemap fm;
		char raw[sizeof(struct fiemap) + N * sizeof(struct fiemap_extent)];
	} u;
	struct fiemap *fm = &u.fm;
	uint64_t pos = lo, data = 0;
	bool last = false;

	memset(&u, 0, sizeof(u));
	while (!last && pos < hi) {
		fm->fm_start = pos;
		fm->fm_length = hi - pos;
		fm->fm_flags = FIEMAP_FLAG_SYNC;
		fm->fm_extent_count = N;
		if (ioctl(fd, FS_IOC_FIEMAP, fm) < 0)
			return -1;
		if (!fm->fm_mapped_extents)
			break;
		for (unsigned i = 0; i < fm->fm_mapped_extents; i++) {
			const struct fiemap_extent *e = &fm->fm_extents[i];
			uint64_t a = e->fe_logical > pos ? e->fe_logical : pos;
			uint64_t b = e->fe_logical + e->fe_length < hi ? e->fe_logical + e->fe_length : hi;

			if (b > a && !(e->fe_flags & FIEMAP_EXTENT_UNWRITTEN))
				data += b - a;
			if (b > a && extents)
				(*extents)++;
			pos = e->fe_logical + e->fe_length;
			last = e->fe_flags & FIEMAP_EXTENT_LAST;
		}
	}
	*unbacked = hi - lo - data;
	return 0;
}

static void check_extents(struct target *t)
{
	t->unbacked_known = !unbacked_bytes(t->cfd, t->base, t->end, &t->unbacked,
					    &t->extents);
}

/*
 * What a device that holds less than it seems says before the run: a loop
 * device's backing file with holes over the range (checked as a file is),
 * a zram device of which part was never written (its mm_stat).
 */
static void check_device_data(struct target *t)
{
	char path[128], buf[256];
	struct loop_info64 li;
	FILE *f;

	if (!t->chain.n || t->kind != TARGET_BLOCK)
		return;
	if (!strcmp(t->chain.dev[0].kind, "loop") && t->chain.dev[0].backing_file[0] &&
	    !ioctl(t->cfd, LOOP_GET_STATUS64, &li)) {
		int fd = open(t->chain.dev[0].backing_file, O_RDONLY | O_CLOEXEC);

		if (fd >= 0) {
			t->unbacked_known = !unbacked_bytes(fd, li.lo_offset + t->base,
							   li.lo_offset + t->end, &t->unbacked, NULL);
			t->unbacked_backing = t->unbacked_known;
			close(fd);
		}
	}
	if (!strcmp(t->chain.dev[0].kind, "zram")) {
		snprintf(path, sizeof(path), "/sys/block/%s/mm_stat", t->chain.dev[0].name);
		f = fopen(path, "r");
		if (f && fgets(buf, sizeof(buf), f) &&
		    sscanf(buf, "%" SCNu64, &t->dev_stored) == 1)	/* orig_data_size */
			t->dev_stored_known = true;
		if (f)
			fclose(f);
	}
}

/* The devices under a target; a file still to be created lives where its directory does. */
static int resolve_devices(struct target *t)
{
	char *copy = strdup(t->spec->path), *slash;

	if (!copy)
		return -ENOMEM;
	if (device_resolve(t->spec->path, &t->chain) == -ENOENT) {
		slash = strrchr(copy, '/');
		if (slash)
			slash[slash == copy] = 0;
		device_resolve(slash ? copy : ".", &t->chain);
	}
	free(copy);
	return 0;
}

/* Whether targets a and b are the same file or device (or the same file to create). */
static bool same_file(const struct target *a, const struct target *b)
{
	if (a->kind == TARGET_NULL || a->kind != b->kind || a->idev != b->idev || a->iino != b->iino)
		return false;
	if (a->cfd >= 0 || b->cfd >= 0)	/* existing: the identity is the inode */
		return a->cfd >= 0 && b->cfd >= 0;
	return a->name && b->name && !strcmp(a->name, b->name);	/* same directory, same name */
}

/*
 * A file an earlier target of the run creates (two fio jobs on one file):
 * target i takes that target's facts and checks only its own range. A
 * missing file (missing set) that no earlier target creates is an error.
 */
static int same_as_earlier(struct target *t, unsigned i, int missing, char *err, size_t len)
{
	const struct target_spec *s = t[i].spec;

	for (unsigned j = 0; j < i; j++) {
		int r;

		if (!t[j].create || !same_file(&t[i], &t[j]))
			continue;
		if (s->create_size && s->create_size != t[j].spec->create_size)
			return errmsg(err, len, -EINVAL, "'%s' is named twice with -c (as '%s' too)",
				      s->path, t[j].spec->path);
		if (s->create_size)
			return errmsg(err, len, -EINVAL, "'%s' is named twice with -c%s%s%s", s->path,
				      strcmp(s->path, t[j].spec->path) ? " (as '" : "",
				      strcmp(s->path, t[j].spec->path) ? t[j].spec->path : "",
				      strcmp(s->path, t[j].spec->path) ? "' too)" : "");
		if (t[i].cfd >= 0)
			close(t[i].cfd);
		if (t[i].dirfd >= 0)
			close(t[i].dirfd);
		free(t[i].real);
		t[i] = t[j];
		t[i].spec = s;
		t[i].create = false;
		t[i].same_as = j + 1;
		t[i].cfd = t[i].dirfd = t[i].fd = -1;
		t[i].real = NULL;
		r = check_range(&t[i], err, len);
		return r ? r : target_check_dio_alignment(&t[i], err, len);
	}
	if (missing && !strncmp(s->path, "/dev/", 5))	/* a device meant, not a file to create */
		return errmsg(err, len, -EINVAL, "'%s' does not exist" SEE_DISKS, s->path);
	if (missing)
		return errmsg(err, len, -EINVAL, "'%s' does not exist; create it with -c<size>",
			      s->path);
	return 0;
}

/* Free bytes of the file system of the file (or the directory of the file to create) t. */
static int free_bytes(const struct target *t, uint64_t *have)
{
	struct statvfs sv;

	if (fstatvfs(t->dirfd >= 0 ? t->dirfd : t->cfd, &sv))
		return -errno;
	*have = (uint64_t)sv.f_bavail * sv.f_frsize;
	return 0;
}

/* A plan's file is x: the same inode, or the same name in the same directory. */
static bool same_space_file(const struct space_item *it, const struct target *x)
{
	return it->dev == x->idev && it->ino == x->iino && it->existing == (x->cfd >= 0) &&
	       (x->cfd >= 0 || !strcmp(it->name, x->name));
}

int targets_plan_space(const struct target *t, unsigned n, struct space_plan *plan, char *err,
		       size_t len)
{
	return target_plan_space(t, n, plan, same_space_file, free_bytes, err, len);
}

int targets_check(struct target *t, const struct workload *w, bool null_engine,
		  struct hold *hold, char *err, size_t len)
{
	int r;

	for (unsigned i = 0; i < w->ntargets; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		t[i].spec = &w->targets[i];
		t[i].fd = t[i].cfd = t[i].dirfd = -1;
	}
	for (unsigned i = 0; i < w->ntargets; i++) {
		r = check_one(&t[i], w, null_engine, hold, err, len);
		if (r >= 0 && !null_engine)
			r = same_as_earlier(t, i, r, err, len);
		if (!r && t[i].spec->share_follow)
			t[i].create = false;	/* a check before the first rank made it */
		if (!r && w->read_only && !null_engine && (target_writes(t[i].spec) || t[i].create))
			r = errmsg(err, len, -EINVAL, "--read-only: the run would %s '%s'; nothing was "
				   "written", t[i].create ? "create" : t[i].spec->write_pct ? "write to" :
				   "trim", t[i].spec->path);
		if (r)
			return r;
		for (unsigned j = 0; w->verify && !null_engine && j < i; j++)
			if (t[i].same_as == j + 1 || same_file(&t[i], &t[j]))
				return errmsg(err, len, -EINVAL, "--verify: '%s' is named twice (as '%s' "
					      "too); each target's blocks are tracked on their own, so "
					      "name it once", t[i].spec->path, t[j].spec->path);
		if (t[i].same_as)
			continue;
		if (!null_engine && resolve_devices(&t[i]))
			return errmsg(err, len, -ENOMEM, "out of memory");
		if (t[i].kind == TARGET_FILE && !t[i].create)
			check_extents(&t[i]);
		check_device_data(&t[i]);
	}
	return null_engine ? 0 : target_check_free_space(t, w->ntargets, free_bytes, err, len);
}
