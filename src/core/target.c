/* SPDX-License-Identifier: MIT */
/*
 * target.c: checking, creating, filling and opening targets. Each target's
 * path is looked up once: the checks open it (or, for a file to create, its
 * directory) and every later step works on that descriptor, so a path
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
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/fiemap.h>
#include <linux/loop.h>
#include <inttypes.h>
#include <sys/ioctl.h>

#include "core/clock.h"
#include "core/fill.h"
#include "core/devrule.h"
#include "core/hold.h"
#include "core/marker.h"
#include "core/notice.h"
#include "core/ranked.h"
#include "core/target.h"
#include "core/target_rules.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "platform/blockdev.h"
#include "platform/kernelfs.h"
#include "util/banned.h"

/* The very file open as fd, opened again with other flags (never by its path). */
static int reopen(int fd, int flags)
{
	char self[64];

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	return open(self, flags | O_CLOEXEC);
}

/* The direct I/O alignment the kernel states for the file open as fd (statx DIOALIGN). */
static bool statx_dioalign(struct target *t, int fd)
{
	struct statx stx;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) ||
	    !(stx.stx_mask & STATX_DIOALIGN) || !stx.stx_dio_offset_align)
		return false;
	t->mem_align = stx.stx_dio_mem_align;
	t->io_align = stx.stx_dio_offset_align;
	return true;
}

/*
 * Direct I/O alignment for the file open as fd (or, fd -1, a new file on
 * device dev): statx where the kernel has it, else the device's logical
 * block size.
 */
static void dio_alignment(struct target *t, int fd, dev_t dev)
{
	unsigned lbs;

	if (fd >= 0 && statx_dioalign(t, fd))
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

/* The marker state a finished fill leaves: filled, or --verify blocks. */
static enum marker_state fill_state(const struct workload *w)
{
	return w->verify ? MARK_VERIFY : MARK_FILLED;
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
	if ((m.state == fill_state(w) && (!w->verify || m.block == s->block_size)) ||
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

static int check_alignment(const struct target *t, char *err, size_t len)
{
	return target_check_alignment(t, t->spec->cache & CACHE_DIRECT, "direct I/O alignment",
				      err, len);
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
	t->cfd = reopen(pfd, O_RDONLY);
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
		int fd = reopen(t->cfd, O_RDONLY | O_DIRECT);

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
	return r ? r : check_alignment(t, err, len);
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
		return r ? r : check_alignment(&t[i], err, len);
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

/* Opens the new file (or lays an existing one down anew, in place); -errno with a message. */
static int open_for_fill(struct target *t, bool *direct, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	int fd, flags = O_RDWR | O_CLOEXEC;

	if (t->cfd >= 0) {	/* ours (or --overwrite), checked on this very inode */
		fd = reopen(t->cfd, flags | (*direct ? O_DIRECT : 0));
		if (fd < 0 && *direct && errno == EINVAL) {
			*direct = false;
			fd = reopen(t->cfd, flags);
		}
		if (fd >= 0 && ftruncate(fd, 0)) {
			int e = errno;

			close(fd);
			return errmsg(err, len, -e, "cannot lay down '%s' anew: %s", s->path, strerror(e));
		}
	} else {
		flags |= O_CREAT | O_EXCL | O_NOFOLLOW;
		fd = openat(t->dirfd, t->name, flags | (*direct ? O_DIRECT : 0), 0644);
		if (fd < 0 && *direct && errno == EINVAL) {
			*direct = false;
			fd = openat(t->dirfd, t->name, flags, 0644);
		}
		if (fd < 0 && errno == EEXIST)
			return errmsg(err, len, -EEXIST, "'%s' appeared after the checks (another "
				      "process made it); nothing was written to it", s->path);
	}
	if (fd < 0)
		return errmsg(err, len, -errno, "cannot create '%s': %s", s->path, strerror(errno));
	return fd;
}

/*
 * fio's fallocate= on a new (empty) file of size bytes, as fio does it: native
 * goes on without when the file system cannot, posix says a failure and goes
 * on, keep and truncate fail the run. Returns 0 or -errno with a message.
 */
static int preallocate(int fd, const struct target_spec *s, uint64_t size, bool quiet, char *err,
		       size_t len)
{
	int e = 0;

	switch (s->prealloc) {
	case PREALLOC_NONE:
		return 0;
	case PREALLOC_NATIVE:
		(void)!fallocate(fd, 0, 0, (off_t)size);
		return 0;
	case PREALLOC_POSIX:
		e = posix_fallocate(fd, 0, (off_t)size);
		if (e && !quiet)
			notice("posix_fallocate of '%s' failed (fallocate=posix): %s", s->path,
			       strerror(e));
		return 0;
	case PREALLOC_KEEP:
		e = fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)size) ? errno : 0;
		break;
	case PREALLOC_TRUNCATE:
		e = ftruncate(fd, (off_t)size) ? errno : 0;
		break;
	}
	if (e)
		return errmsg(err, len, -e, "cannot allocate '%s' (fallocate=%s): %s", s->path,
			      s->prealloc == PREALLOC_KEEP ? "keep" : "truncate", strerror(e));
	return 0;
}

/* Fills the new file open as fd with data (random, or --verify blocks) and marks it filled. */
static int lay_out(struct target *t, const struct workload *w, unsigned idx, int fd, uint64_t t0,
		   char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	uint64_t size = s->create_size;
	char why[600];
	int r;

	if (w->verify)	/* every block checkable, including those the run never writes */
		r = fill_file_verify(fd, size, w->seed, (uint32_t)s->block_size,
				     w->verify_pat.len ? &w->verify_pat : NULL, s->path, err, len);
	else
		r = fill_file(fd, size, w->seed ^ (0x9e3779b97f4a7c15ull * (idx + 1)), s->path,
			      err, len);
	if (!r && fdatasync(fd))
		r = errmsg(err, len, -errno, "cannot sync '%s': %s", s->path, strerror(errno));
	if (!r) {
		/* Reads must come from the device, not from the pages just written. */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		if (!t->unmarked)
			marker_write(fd, fill_state(w), (uint32_t)s->block_size, why, sizeof(why));
		if (!w->quiet)
			notice("created '%s' in %.1f s", s->path, (double)(clock_ns() - t0) / 1e9);
		if (t->unmarked && !w->quiet)
			notice("warning: '%s' is not marked as iobench's (%s), so a later run "
			       "cannot tell it is iobench's", s->path, why);
	}
	return r;
}

static int create_file(struct target *t, const struct workload *w, unsigned idx,
		       struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	uint64_t size = s->create_size;
	bool direct = !(size % 4096);
	uint64_t t0 = clock_ns();
	char why[600];
	int fd, r;

	fd = open_for_fill(t, &direct, err, len);
	if (fd < 0)
		return fd;
	/*
	 * Removed at the end: a file this run made, or an iobench file it lays down
	 * anew; never a user's file replaced with --overwrite (held, and kept).
	 */
	r = t->cfd < 0 || t->marked ? hold_created(hold, fd, t->dirfd, t->name, s->path,
						   s->share_n > 1, err, len)
				    : 0;
	if (r) {
		if (t->cfd < 0)	/* made a moment ago by O_EXCL: nobody else's */
			unlinkat(t->dirfd, t->name, 0);
		close(fd);
		return r;
	}
	t->created = true;
	if (t->cfd < 0)
		t->cfd = reopen(fd, O_RDONLY);
	if (marker_write(fd, MARK_FILLING, 0, why, sizeof(why)))
		t->unmarked = true;
	if (!w->quiet) {
		char sz[32];

		format_size(sz, sizeof(sz), size);
		notice("creating '%s' (%s) with %s", s->path, sz, w->verify ? "--verify blocks" :
		       s->no_layout ? "no data (the job only writes: its writes fill it)" :
		       "random data");
	}
	r = preallocate(fd, s, size, w->quiet, err, len);
	if (!r && (!s->no_layout || w->verify))	/* else the job's writes fill it: it stays "filling" */
		r = lay_out(t, w, idx, fd, t0, err, len);
	close(fd);
	if (!r && t->cfd < 0)
		r = errmsg(err, len, -errno, "cannot open '%s': %s", s->path, strerror(errno));
	return r;
}

/*
 * Whether a direct-I/O file takes non-blocking I/O: a one-block RWF_NOWAIT
 * read gives EOPNOTSUPP where it does not (zram, for one). io_uring hands
 * every I/O on such a file to a kernel worker thread.
 */
static int takes_no_nowait(const struct target *t)
{
	size_t n = t->io_align > 4096 ? t->io_align : 4096;
	size_t align = t->mem_align > 4096 ? t->mem_align : 4096;
	struct iovec iov;
	bool no = false;
	void *buf;

	if (t->size < n)
		return 0;
	if (posix_memalign(&buf, align, n))
		return -ENOMEM;
	iov = (struct iovec){ buf, n };
	no = preadv2(t->fd, &iov, 1, 0, RWF_NOWAIT) < 0 && errno == EOPNOTSUPP;
	free(buf);
	return no;
}

/*
 * The open hints (DiskSpd's -fs and -fr, fio's fadvise_hint) as posix_fadvise
 * on t's descriptor: sequential first, so that with both (-frs) the file ends
 * in random mode (no read-ahead), the advice Linux cannot hold beside the other.
 */
static int give_hints(const struct target *t, char *err, size_t len)
{
	static const struct { unsigned hint; int advice; const char *name; } h[] = {
		{ HINT_SEQUENTIAL, POSIX_FADV_SEQUENTIAL, "POSIX_FADV_SEQUENTIAL (-fs, fadvise_hint)" },
		{ HINT_RANDOM, POSIX_FADV_RANDOM, "POSIX_FADV_RANDOM (-fr, fadvise_hint)" },
		{ HINT_NOREUSE, POSIX_FADV_NOREUSE, "POSIX_FADV_NOREUSE (fadvise_hint)" },
	};

	for (unsigned i = 0; i < sizeof(h) / sizeof(h[0]); i++) {
		int e;

		if (!(t->spec->hints & h[i].hint))
			continue;
		e = posix_fadvise(t->fd, 0, 0, h[i].advice);
		if (e)
			return errmsg(err, len, -e, "'%s': cannot give the open hint %s: %s",
				      t->spec->path, h[i].name, strerror(e));
	}
	return 0;
}

/* Opens target t for its I/O, through base (the descriptor the checks kept). */
static int open_one(struct target *t, int base, bool read_only, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	int flags = target_writes(s) && !read_only ? O_RDWR : O_RDONLY;	/* BLKDISCARD too */

	if (s->cache & CACHE_DIRECT)
		flags |= O_DIRECT;
	if (s->cache & CACHE_WRITE_THROUGH)
		flags |= O_DSYNC;
	if (s->cache & CACHE_SYNC)
		flags |= O_SYNC;
	t->fd = reopen(base, flags);
	if (t->fd >= 0) {
		int no = flags & O_DIRECT ? takes_no_nowait(t) : 0;

		if (no < 0)
			return errmsg(err, len, no, "out of memory");
		t->no_nowait = no;
		return give_hints(t, err, len);
	}
	if (errno == EINVAL && (flags & O_DIRECT))
		return errmsg(err, len, -EINVAL, "'%s': its file system does not support direct I/O "
			    "(-Su/-Sh); use -Sb", s->path);
	return errmsg(err, len, -errno, "cannot open '%s': %s", s->path, strerror(errno));
}

/*
 * fio's invalidate: the target's cached pages dropped before the run, as
 * fio does it (a file's range with POSIX_FADV_DONTNEED, a device's buffers
 * with BLKFLSBUF). A failure is said, not fatal: fio goes on too.
 */
static void drop_cache(const struct target *t, const struct workload *w)
{
	const struct target_spec *s = t->spec;
	int e = 0;

	if (t->kind == TARGET_FILE)
		e = posix_fadvise(t->fd, (off_t)t->base, (off_t)(t->end - t->base),
				  POSIX_FADV_DONTNEED);
	else if (t->kind == TARGET_BLOCK && ioctl(t->fd, BLKFLSBUF, 0))
		e = errno;
	if (e && !w->quiet)
		notice("cache invalidation of '%s' failed (invalidate): %s%s", s->path, strerror(e),
		       e == EACCES || e == EPERM ? " (only root may flush a block device)" : "");
}

/*
 * fio's unlink for file target t: kept (unlink=0), or held as one to remove
 * (unlink=1), an iobench file of an earlier run included (the checks refused
 * any other). Returns 0 or -errno with a message.
 */
static int unlink_rule(struct target *t, struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;

	if (s->unlink == UNLINK_KEEP && t->created)
		hold_keep(hold, t->cfd);
	if (s->unlink == UNLINK_REMOVE && !t->created && t->marked && !t->same_as)
		return hold_created(hold, t->cfd, t->dirfd, t->name, s->path, s->share_n > 1, err,
				    len);
	return 0;
}

int targets_unlink(const struct target *t, const struct workload *w, struct hold *hold,
		   char *msgs, size_t len)
{
	unsigned left = 0;

	if (len)
		msgs[0] = 0;
	for (unsigned i = 0; i < w->ntargets; i++)
		if (t[i].kind == TARGET_FILE && t[i].spec->unlink == UNLINK_REMOVE && t[i].cfd >= 0 &&
		    t[i].spec->share_n <= 1)	/* shared by ranks: at the end, once all are done */
			left += hold_unlink(hold, t[i].cfd, msgs, len);
	return left ? -EIO : 0;
}

int targets_open(struct target *t, const struct workload *w, struct hold *hold, char *err,
		 size_t len)
{
	int r = 0;

	for (unsigned i = 0; !r && i < w->ntargets; i++) {
		int base;

		if (t[i].kind == TARGET_NULL)
			continue;
		if (t[i].create)
			r = create_file(&t[i], w, i, hold, err, len);
		if (!r && t[i].kind == TARGET_FILE && !t[i].spec->share_follow)
			r = unlink_rule(&t[i], hold, err, len);
		base = t[i].same_as ? t[t[i].same_as - 1].cfd : t[i].cfd;
		if (!r)
			r = open_one(&t[i], base, w->read_only, err, len);
		/* --verify blocks written over without --verify are no longer all verify blocks */
		if (!r && !t[i].created && t[i].mark == MARK_VERIFY && !w->verify &&
		    t[i].spec->write_pct && !w->read_only && !t[i].spec->share_follow) {
			char why[600];

			marker_write(t[i].fd, MARK_FILLED, 0, why, sizeof(why));
			t[i].mark = MARK_FILLED;
		}
		/* A new file may state a stricter alignment than its device. */
		if (!r && t[i].created && statx_dioalign(&t[i], t[i].fd))
			r = check_alignment(&t[i], err, len);
		if (!r && t[i].spec->invalidate)
			drop_cache(&t[i], w);
	}
	return r;
}

void targets_close(struct target *t, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (t[i].fd >= 0)
			close(t[i].fd);
		if (t[i].cfd >= 0)
			close(t[i].cfd);
		if (t[i].dirfd >= 0)
			close(t[i].dirfd);
		free(t[i].real);
		t[i].real = NULL;
		t[i].fd = t[i].cfd = t[i].dirfd = -1;
	}
}
