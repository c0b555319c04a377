/* SPDX-License-Identifier: MIT */
/*
 * target.c: checking, creating, filling and opening targets. A file iobench
 * creates carries the extended attribute user.iobench ("filling" while it is
 * written, "filled" once it holds random data from end to end, "verify:BLOCK"
 * once it holds --verify blocks), so a later run can tell its own files from
 * a user's, and reuse one that suits it.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/fiemap.h>
#include <sys/ioctl.h>

#include "core/clock.h"
#include "core/fill.h"
#include "core/target.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "platform/blockdev.h"

/* The marker on path: "filled", "verify:BLOCK", "filling", or "" when absent. */
static void read_marker(const char *path, char *val, size_t len)
{
	ssize_t n = getxattr(path, TARGET_XATTR, val, len - 1);

	val[n > 0 ? n : 0] = 0;
}

/* The direct I/O alignment the kernel states for path (statx DIOALIGN), if it does. */
static bool statx_dioalign(struct target *t, const char *path)
{
	struct statx stx;

	if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &stx) ||
	    !(stx.stx_mask & STATX_DIOALIGN) || !stx.stx_dio_offset_align)
		return false;
	t->mem_align = stx.stx_dio_mem_align;
	t->io_align = stx.stx_dio_offset_align;
	return true;
}

/*
 * Direct I/O alignment for path (existing) or for a new file on device dev:
 * statx where the kernel has it, else the device's logical block size.
 */
static void dio_alignment(struct target *t, const char *path, bool exists, dev_t dev)
{
	unsigned lbs;

	if (exists && statx_dioalign(t, path))
		return;
	lbs = blockdev_logical_block_size(dev);
	t->io_align = lbs ? lbs : 512;
	t->mem_align = t->io_align;
}

static int check_free_space(const struct target_spec *s, uint64_t reclaim, char *err, size_t len)
{
	char *copy = strdup(s->path);
	struct statvfs sv;
	int r;

	if (!copy)
		return errmsg(err, len, -ENOMEM, "out of memory");
	r = statvfs(dirname(copy), &sv);
	if (r) {
		r = errmsg(err, len, -EINVAL, "cannot create '%s': %s", s->path, strerror(errno));
	} else if ((uint64_t)sv.f_bavail * sv.f_frsize + reclaim < s->create_size) {
		char need[32], have[32];

		format_size(need, sizeof(need), s->create_size);
		format_size(have, sizeof(have), (uint64_t)sv.f_bavail * sv.f_frsize);
		r = errmsg(err, len, -EINVAL, "not enough free space for '%s': it needs %s, %s is free",
			 s->path, need, have);
	}
	if (!r) {
		strcpy(copy, s->path);
		if (access(dirname(copy), W_OK))
			r = errmsg(err, len, -EINVAL, "cannot create '%s': %s", s->path,
				 strerror(errno));
	}
	free(copy);
	return r;
}

/*
 * A device that carries a partition table, file system, RAID or LVM
 * signature is written only when --destroy-signature names that very type.
 */
static int check_signature(const struct workload *w, const char *path, char *err, size_t len)
{
	char type[64];
	int r = blockdev_signature(path, type, sizeof(type));

	if (r < 0)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': cannot read its "
			      "signatures (%s)", path, strerror(-r));
	if (!r || (w->destroy_signature && !strcmp(w->destroy_signature, type)))
		return 0;
	return errmsg(err, len, -EINVAL, "refusing to write to '%s': it carries a %s signature "
		      "(a partition table, file system, RAID or LVM member); writing destroys it. "
		      "To do so, add --destroy-signature=%s", path, type, type);
}

static int check_block(struct target *t, const struct workload *w, const struct stat *st,
		       char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char why[600];
	int fd, r;

	t->kind = TARGET_BLOCK;
	if (s->create_size)
		return errmsg(err, len, -EINVAL, "-c cannot create '%s': it is a block device",
			    s->path);
	fd = open(s->path, O_RDONLY);
	if (fd < 0)
		return errmsg(err, len, -EINVAL, "cannot open '%s': %s", s->path, strerror(errno));
	r = blockdev_size(fd, &t->size);
	close(fd);
	if (r)
		return errmsg(err, len, -EINVAL, "cannot read the size of '%s': %s", s->path,
			    strerror(-r));
	if (!s->write_pct)
		return 0;
	if (!w->allow_device_write)
		return errmsg(err, len, -EINVAL, "refusing to write to block device '%s': it destroys "
			    "the data on it; pass --allow-device-write if that is what you want",
			    s->path);
	r = blockdev_in_use(st->st_rdev, why, sizeof(why));
	if (r > 0)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': %s", s->path, why);
	if (r < 0)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': cannot tell whether it "
			    "is in use (%s)", s->path, strerror(-r));
	return check_signature(w, s->path, err, len);
}

/* The marker a finished fill leaves: "filled", or "verify:BLOCK" for --verify blocks. */
static void fill_marker(const struct workload *w, const struct target_spec *s, char *buf,
			size_t len)
{
	if (w->verify)
		snprintf(buf, len, "verify:%llu", (unsigned long long)s->block_size);
	else
		snprintf(buf, len, "filled");
}

static int check_file(struct target *t, const struct workload *w, const struct stat *st,
		      char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char mark[32], want[32];
	bool ours;

	t->kind = TARGET_FILE;
	read_marker(s->path, mark, sizeof(mark));
	ours = mark[0] != 0;
	if (!s->create_size) {
		t->size = (uint64_t)st->st_size;
		if (!t->size)
			return errmsg(err, len, -EINVAL, "'%s' is empty: give its size with -c<size> "
				    "to fill it", s->path);
		if (s->write_pct && !ours && !w->overwrite)
			return errmsg(err, len, -EINVAL, "refusing to write to '%s': iobench did not "
				    "create it; pass --overwrite to allow writing it", s->path);
		return 0;
	}
	if (!ours && !w->overwrite)
		return errmsg(err, len, -EINVAL, "'%s' exists and iobench did not create it; pass "
			    "--overwrite to replace it", s->path);
	t->size = s->create_size;
	/* a kept file of the right size and content is used again: --verify needs its blocks */
	fill_marker(w, s, want, sizeof(want));
	if ((!strcmp(mark, want) || (!w->verify && !strncmp(mark, "verify:", 7))) &&
	    (uint64_t)st->st_size == s->create_size) {
		t->reused = true;
		return 0;
	}
	t->create = true;
	return check_free_space(s, (uint64_t)st->st_blocks * 512, err, len);
}

static int check_range(struct target *t, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char a[32], b[32];

	t->end = s->max_offset ? s->max_offset : t->size;
	if (t->end > t->size) {
		format_size(a, sizeof(a), s->max_offset);
		format_size(b, sizeof(b), t->size);
		return errmsg(err, len, -EINVAL, "the maximum offset %s (-f) is past the end of '%s' "
			    "(%s)", a, s->path, b);
	}
	if (s->base_offset >= t->end || t->end - s->base_offset < target_max_block(s)) {
		format_size(a, sizeof(a), s->base_offset);
		format_size(b, sizeof(b), t->end);
		return errmsg(err, len, -EINVAL, "the base offset %s (-B) leaves no room for one "
			    "block in '%s' (range end %s)", a, s->path, b);
	}
	return 0;
}

static int check_alignment(const struct target *t, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	const struct {
		const char *what;
		uint64_t v;
	} vals[] = {
		{ "block size (-b)", s->block_size },
		{ "write block size", s->write_block_size },
		{ "base offset (-B)", s->base_offset },
		{ "random alignment (-r)", s->random_align },
		{ "sequential stride (-s)", s->stride },
		{ "thread stride (-T)", s->thread_stride },
		{ "offset_increment", s->clone_offset },
	};

	if (!(s->cache & CACHE_DIRECT) || t->kind == TARGET_NULL)
		return 0;
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		if (vals[i].v % t->io_align)
			return errmsg(err, len, -EINVAL, "%s %llu is not a multiple of %u, the "
				    "direct I/O alignment of '%s'", vals[i].what,
				    (unsigned long long)vals[i].v, t->io_align, s->path);
	for (int d = 0; d < 2; d++) {
		const struct bs_dist *b = s->bs_dist[d];
		unsigned bad = 0;

		if (!b)
			continue;
		if (!b->n && (b->lo % t->io_align || b->step % t->io_align))
			bad = b->lo % t->io_align ? b->lo : b->step;
		for (unsigned i = 0; i < b->n && !bad; i++)
			if (b->len[i] % t->io_align)
				bad = b->len[i];
		if (bad)
			return errmsg(err, len, -EINVAL, "block size %u (%s) is not a multiple of %u, "
				      "the direct I/O alignment of '%s'", bad,
				      b->n ? "bssplit" : "bsrange", t->io_align, s->path);
	}
	return 0;
}

/* The file system a file lives on, and its device (0 when none backs it, as tmpfs). */
static void file_facts(struct target *t, const char *path, dev_t dev)
{
	struct statfs sf;

	t->fs_type = statfs(path, &sf) ? 0 : (long)sf.f_type;
	t->dev = major(dev) ? dev : 0;
}

static int check_one(struct target *t, const struct workload *w, bool null_engine,
		     char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	struct stat st;
	int r;

	t->fd = -1;
	if (null_engine) {
		t->kind = TARGET_NULL;
		t->size = w->null_size;
		return check_range(t, err, len);
	}
	if (stat(s->path, &st)) {
		if (errno != ENOENT)
			return errmsg(err, len, -EINVAL, "cannot access '%s': %s", s->path,
				    strerror(errno));
		if (!s->create_size)
			return errmsg(err, len, -EINVAL, "'%s' does not exist; create it with "
				    "-c<size>", s->path);
		t->kind = TARGET_FILE;
		t->size = s->create_size;
		t->create = true;
		r = check_free_space(s, 0, err, len);
		if (!r) {
			char *copy = strdup(s->path);

			if (copy && !stat(dirname(copy), &st)) {
				dio_alignment(t, s->path, false, st.st_dev);
				file_facts(t, copy, st.st_dev);
			}
			free(copy);
		}
	} else if (S_ISDIR(st.st_mode)) {
		return errmsg(err, len, -EINVAL, "'%s' is a directory: give a file or a block "
			    "device", s->path);
	} else if (S_ISBLK(st.st_mode)) {
		r = check_block(t, w, &st, err, len);
		dio_alignment(t, s->path, true, st.st_rdev);
		t->dev = st.st_rdev;
	} else if (S_ISREG(st.st_mode)) {
		r = check_file(t, w, &st, err, len);
		dio_alignment(t, s->path, true, st.st_dev);
		file_facts(t, s->path, st.st_dev);
	} else {
		return errmsg(err, len, -EINVAL, "'%s' is not a regular file or a block device",
			    s->path);
	}
	if (r)
		return r;
	r = check_range(t, err, len);
	return r ? r : check_alignment(t, err, len);
}

/*
 * How much of an existing file's range [base, end) has no data on the device:
 * holes, and extents allocated but never written. Reads of those come back as
 * zeros without touching the device, so they measure nothing.
 */
static void check_extents(struct target *t)
{
	enum { N = 256 };
	struct fiemap *fm = calloc(1, sizeof(*fm) + N * sizeof(struct fiemap_extent));
	uint64_t pos = t->spec->base_offset, data = 0;
	int fd = open(t->spec->path, O_RDONLY);
	bool last = false;

	if (fd < 0 || !fm)
		goto out;
	while (!last && pos < t->end) {
		fm->fm_start = pos;
		fm->fm_length = t->end - pos;
		fm->fm_flags = FIEMAP_FLAG_SYNC;
		fm->fm_extent_count = N;
		if (ioctl(fd, FS_IOC_FIEMAP, fm) < 0)
			goto out;
		if (!fm->fm_mapped_extents)
			break;
		for (unsigned i = 0; i < fm->fm_mapped_extents; i++) {
			const struct fiemap_extent *e = &fm->fm_extents[i];
			uint64_t lo = e->fe_logical > pos ? e->fe_logical : pos;
			uint64_t hi = e->fe_logical + e->fe_length < t->end ? e->fe_logical + e->fe_length
									 : t->end;

			if (hi > lo && !(e->fe_flags & FIEMAP_EXTENT_UNWRITTEN))
				data += hi - lo;
			pos = e->fe_logical + e->fe_length;
			last = e->fe_flags & FIEMAP_EXTENT_LAST;
		}
	}
	t->unbacked = t->end - t->spec->base_offset - data;
	t->unbacked_known = true;
out:
	if (fd >= 0)
		close(fd);
	free(fm);
}

/* The devices under a target; a file still to be created lives where its directory does. */
static void resolve_devices(struct target *t)
{
	char *copy = strdup(t->spec->path);

	if (!copy)
		return;
	if (device_resolve(t->spec->path, &t->chain) == -ENOENT)
		device_resolve(dirname(copy), &t->chain);
	free(copy);
}

/*
 * A file an earlier target of the run creates (two fio jobs on one file):
 * target i takes that target's facts and checks only its own range.
 * Returns 1 when so, 0 when not, or -EINVAL.
 */
static int same_as_earlier(struct target *t, unsigned i, bool null_engine, char *err, size_t len)
{
	const struct target_spec *s = t[i].spec;

	if (null_engine || s->create_size)
		return 0;
	for (unsigned j = 0; j < i; j++) {
		int r;

		if (!t[j].create || strcmp(t[j].spec->path, s->path))
			continue;
		t[i] = t[j];
		t[i].spec = s;
		t[i].create = false;
		t[i].same_as = j + 1;
		r = check_range(&t[i], err, len);
		if (!r)
			r = check_alignment(&t[i], err, len);
		return r ? r : 1;
	}
	return 0;
}

int targets_check(struct target *t, const struct workload *w, bool null_engine,
		  char *err, size_t len)
{
	for (unsigned i = 0; i < w->ntargets; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		t[i].spec = &w->targets[i];
		t[i].fd = -1;
	}
	for (unsigned i = 0; i < w->ntargets; i++) {
		int r = same_as_earlier(t, i, null_engine, err, len);

		if (r == 1)
			continue;
		if (!r)
			r = check_one(&t[i], w, null_engine, err, len);
		if (!r && w->read_only && !null_engine && (t[i].spec->write_pct || t[i].create))
			r = errmsg(err, len, -EINVAL, "--read-only: the run would %s '%s'; nothing was "
				   "written", t[i].create ? "create" : "write to", t[i].spec->path);
		if (r)
			return r;
		if (!null_engine)
			resolve_devices(&t[i]);
		if (t[i].kind == TARGET_FILE && !t[i].create)
			check_extents(&t[i]);
		for (unsigned j = 0; j < i; j++)
			if (t[i].create && t[j].create && !strcmp(t[i].spec->path, t[j].spec->path))
				return errmsg(err, len, -EINVAL, "'%s' is named twice with -c",
					    t[i].spec->path);
	}
	return 0;
}

static int create_file(struct target *t, const struct workload *w, unsigned idx,
		       char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	uint64_t size = s->create_size;
	bool direct = !(size % 4096);
	uint64_t t0 = clock_ns();
	int fd, r;

	unlink(s->path);	/* ours or --overwrite: checked already */
	fd = open(s->path, O_WRONLY | O_CREAT | O_EXCL | (direct ? O_DIRECT : 0), 0644);
	if (fd < 0 && direct && errno == EINVAL) {
		direct = false;
		fd = open(s->path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	}
	if (fd < 0)
		return errmsg(err, len, -errno, "cannot create '%s': %s", s->path, strerror(errno));
	t->created = true;
	if (fsetxattr(fd, TARGET_XATTR, "filling", 7, 0))
		t->unmarked = true;
	if (!w->quiet) {
		char sz[32];

		format_size(sz, sizeof(sz), size);
		fprintf(stderr, "iobench: creating '%s' (%s) with %s\n", s->path, sz,
			w->verify ? "--verify blocks" : "random data");
	}
	if (w->verify)	/* every block checkable, including those the run never writes */
		r = fill_file_verify(fd, size, w->seed, (uint32_t)s->block_size, s->path, err, len);
	else
		r = fill_file(fd, size, w->seed ^ (0x9e3779b97f4a7c15ull * (idx + 1)), s->path,
			      err, len);
	if (!r && fdatasync(fd))
		r = errmsg(err, len, -errno, "cannot sync '%s': %s", s->path, strerror(errno));
	if (!r) {
		/* Reads must come from the device, not from the pages just written. */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		if (!t->unmarked) {
			char mark[32];

			fill_marker(w, s, mark, sizeof(mark));
			fsetxattr(fd, TARGET_XATTR, mark, strlen(mark), 0);
		}
		if (!w->quiet)
			fprintf(stderr, "iobench: created '%s' in %.1f s\n", s->path,
				(double)(clock_ns() - t0) / 1e9);
		if (t->unmarked && !w->quiet)
			fprintf(stderr, "iobench: warning: the file system of '%s' takes no user "
				"extended attributes, so a later run cannot tell it is iobench's\n",
				s->path);
	}
	close(fd);
	return r;
}

/*
 * Whether a direct-I/O file takes non-blocking I/O: a one-block RWF_NOWAIT
 * read gives EOPNOTSUPP where it does not (zram, for one). io_uring hands
 * every I/O on such a file to a kernel worker thread.
 */
static bool takes_no_nowait(const struct target *t)
{
	size_t n = t->io_align > 4096 ? t->io_align : 4096;
	size_t align = t->mem_align > 4096 ? t->mem_align : 4096;
	struct iovec iov;
	bool no = false;
	void *buf;

	if (t->size < n || posix_memalign(&buf, align, n))
		return false;
	iov = (struct iovec){ buf, n };
	no = preadv2(t->fd, &iov, 1, 0, RWF_NOWAIT) < 0 && errno == EOPNOTSUPP;
	free(buf);
	return no;
}

static int open_one(struct target *t, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	int flags = s->write_pct ? O_RDWR : O_RDONLY;

	if (s->cache & CACHE_DIRECT)
		flags |= O_DIRECT;
	if (s->cache & CACHE_WRITE_THROUGH)
		flags |= O_DSYNC;
	if (t->kind == TARGET_BLOCK && s->write_pct && !t->shared)
		flags |= O_EXCL;	/* the kernel refuses it while mounted or held */
	t->fd = open(s->path, flags);
	/* udev probes a device just written for a moment: an exclusive open waits up to 1 s */
	for (int i = 0; t->fd < 0 && errno == EBUSY && (flags & O_EXCL) && i < 20; i++) {
		nanosleep(&(struct timespec){ 0, 50000000 }, NULL);
		t->fd = open(s->path, flags);
	}
	if (t->fd >= 0) {
		t->no_nowait = (flags & O_DIRECT) && takes_no_nowait(t);
		return 0;
	}
	if (errno == EBUSY && (flags & O_EXCL))
		return errmsg(err, len, -EBUSY, "cannot open '%s' for writing: another process holds "
			      "it (still after 1 s)", s->path);
	if (errno == EINVAL && (flags & O_DIRECT))
		return errmsg(err, len, -EINVAL, "'%s': its file system does not support direct I/O "
			    "(-Su/-Sh); use -Sb", s->path);
	return errmsg(err, len, -errno, "cannot open '%s': %s", s->path, strerror(errno));
}

int targets_open(struct target *t, const struct workload *w, char *err, size_t len)
{
	int r = 0;

	for (unsigned i = 0; i < w->ntargets; i++)	/* a device opened twice takes O_EXCL once */
		for (unsigned j = 0; j < i && !t[i].shared; j++)
			t[i].shared = !strcmp(t[i].spec->path, t[j].spec->path);
	for (unsigned i = 0; !r && i < w->ntargets; i++) {
		if (t[i].kind == TARGET_NULL)
			continue;
		if (t[i].create)
			r = create_file(&t[i], w, i, err, len);
		if (!r)
			r = open_one(&t[i], err, len);
		/* A new file may state a stricter alignment than its device. */
		if (!r && t[i].created && statx_dioalign(&t[i], t[i].spec->path))
			r = check_alignment(&t[i], err, len);
	}
	if (r)
		targets_close(t, w->ntargets, false);
	return r;
}

void targets_close(struct target *t, unsigned n, bool keep)
{
	for (unsigned i = 0; i < n; i++) {
		if (t[i].fd >= 0)
			close(t[i].fd);
		t[i].fd = -1;
		if (t[i].created && !keep)
			unlink(t[i].spec->path);
	}
}
