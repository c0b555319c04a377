/* SPDX-License-Identifier: MIT */
/*
 * target_open.c: after the checks (target.c), the targets made ready for
 * the run: the files to create made, preallocated and filled (marked as
 * iobench's while and once filled), every target opened again through the
 * descriptor the checks kept, with its cache mode and open hints; fio's
 * invalidate and unlink; and the targets closed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/fs.h>

#include "platform/clock.h"
#include "core/fill.h"
#include "core/hold.h"
#include "core/marker.h"
#include "core/notice.h"
#include "core/target.h"
#include "core/target_linux.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Opens the new file (or lays an existing one down anew, in place); -errno with a message. */
static int open_for_fill(struct target *t, bool *direct, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	int fd, flags = O_RDWR | O_CLOEXEC;

	if (t->cfd >= 0) {	/* ours (or --overwrite), checked on this very inode */
		fd = target_reopen(t->cfd, flags | (*direct ? O_DIRECT : 0));
		if (fd < 0 && *direct && errno == EINVAL) {
			*direct = false;
			fd = target_reopen(t->cfd, flags);
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
			marker_write(fd, target_fill_state(w), (uint32_t)s->block_size, why, sizeof(why));
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
		t->cfd = target_reopen(fd, O_RDONLY);
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
	t->fd = target_reopen(base, flags);
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
		if (!r && t[i].created && target_statx_dioalign(&t[i], t[i].fd))
			r = target_check_dio_alignment(&t[i], err, len);
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
