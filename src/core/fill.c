/* SPDX-License-Identifier: MIT */
/* fill.c: random-data fill of new test files, generation overlapped with writing. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fill.h"
#include "core/gen.h"
#include "core/iomem.h"
#include "core/journal.h"
#include "core/verify.h"
#include "engine/engine.h"
#include "platform/stop.h"
#include "util/banned.h"

#define FILL_CHUNK (8u << 20)
#define FILL_DEPTH 4

/*
 * A SIGINT or SIGTERM held pending (the run blocks them). Left pending: the
 * run takes it once the fill has stopped, and under mpirun a SIGTERM still
 * pending tells the ranks' agreement not to wait (platform/ranks.h).
 */
static bool interrupted(void)
{
	return stop_pending();
}

struct filler {
	struct engine eng;
	struct io_unit unit[FILL_DEPTH];
	struct io_unit *free[FILL_DEPTH];
	unsigned nfree;
	uint64_t rng;
	uint64_t seed;
	uint32_t verify_block;	/* format --verify blocks of this size; 0 = plain random data */
	const struct vpattern *pat;	/* ... with fio's verify_pattern, or NULL */
	unsigned chunk;		/* bytes per write */
};

static int write_error(const char *path, uint64_t off, int64_t res, char *err, size_t len)
{
	snprintf(err, len, "cannot write '%s' at offset %llu: %s", path, (unsigned long long)off,
		 res < 0 ? strerror((int)-res) : "short write");
	return res < 0 ? (int)res : -EIO;
}

/* Generates the data of the n bytes at off into u's buffer. */
static void generate(struct filler *f, struct io_unit *u, uint64_t off, unsigned n)
{
	if (f->verify_block)
		for (unsigned i = 0; i + f->verify_block <= n; i += f->verify_block)
			verify_format((char *)u->buf + i, f->verify_block, off + i, 0,
				      JOURNAL_FILL_SEQ, f->seed, 0, f->pat);
	else
		gen_fill(&f->rng, u->buf, n);
}

/*
 * The file written chunk by chunk through this system's default engine
 * (io_uring, or psync where it is refused, as in a container whose seccomp
 * profile forbids it; IOCP on Windows): with an asynchronous one the next
 * chunk is generated while the earlier ones are written.
 */
static int fill_all(struct filler *f, int fd, uint64_t size, const char *path, char *err,
		    size_t len)
{
	bool sync = f->eng.ops->flags & ENGINE_SYNC;
	uint64_t next = 0;
	unsigned inflight = 0;
	int r = 0;

	while (inflight || (!r && next < size)) {
		struct io_unit *done[FILL_DEPTH];
		int k;

		while (!r && f->nfree && next < size) {
			unsigned n = size - next < f->chunk ? (unsigned)(size - next) : f->chunk;
			struct io_unit *u = f->free[--f->nfree];

			if (interrupted()) {
				f->nfree++;
				snprintf(err, len, "interrupted while creating '%s'", path);
				r = -EINTR;
				break;
			}
			generate(f, u, next, n);
			u->offset = next;
			u->len = n;
			u->fd = fd;
			u->is_write = true;
			next += n;
			if ((k = engine_queue(&f->eng, u)) < 0) {
				f->nfree++;
				r = write_error(path, u->offset, k, err, len);
				break;
			}
			if (sync) {
				if (u->result != (int64_t)n && !r)
					r = write_error(path, u->offset, u->result, err, len);
				f->free[f->nfree++] = u;
			} else {
				inflight++;
			}
		}
		if (!inflight)
			break;
		k = engine_reap(&f->eng, 1, done, FILL_DEPTH);
		if (k < 0) {
			if (k == -EINTR)
				continue;
			return write_error(path, next, k, err, len);	/* the engine is lost */
		}
		for (int i = 0; i < k; i++) {
			if (done[i]->result != (int64_t)done[i]->len && !r)
				r = write_error(path, done[i]->offset, done[i]->result, err, len);
			f->free[f->nfree++] = done[i];
			inflight--;
		}
	}
	return r;
}

static int fill(struct filler *fp, int fd, uint64_t size, const char *path, char *err, size_t len)
{
	struct filler f = *fp;
	struct iovec bufs[FILL_DEPTH] = { 0 };
	const char *why;
	int r = 0;

	for (unsigned i = 0; i < FILL_DEPTH; i++) {
		bufs[i].iov_base = iomem_aligned(FILL_CHUNK);
		if (!bufs[i].iov_base) {
			snprintf(err, len, "out of memory");
			r = -ENOMEM;
			break;
		}
		bufs[i].iov_len = FILL_CHUNK;
		f.unit[i] = (struct io_unit){ .buf = bufs[i].iov_base, .buf_index = (uint16_t)i };
		f.free[f.nfree++] = &f.unit[i];
	}
	f.eng.ops = engine_default(&why);
	if (!r) {
		struct engine_setup s = { .depth = FILL_DEPTH, .fds = &fd, .nfds = 1, .bufs = bufs,
					  .nbufs = FILL_DEPTH, .sq_cpu = -1,
					  .flags = ENGINE_PLAIN_FILES | ENGINE_PLAIN_BUFS };

		r = f.eng.ops->init(&f.eng, &s);
		if (r)
			snprintf(err, len, "cannot write '%s': %s", path, strerror(-r));
		else
			r = fill_all(&f, fd, size, path, err, len);
		f.eng.ops->cleanup(&f.eng);
	}
	for (unsigned i = 0; i < FILL_DEPTH; i++)
		iomem_aligned_free(bufs[i].iov_base);
	return r;
}

int fill_file(int fd, uint64_t size, uint64_t seed, const char *path, char *err, size_t len)
{
	struct filler f = { .rng = seed, .chunk = FILL_CHUNK };

	return fill(&f, fd, size, path, err, len);
}

int fill_file_verify(int fd, uint64_t size, uint64_t seed, uint32_t verify_block,
		     const struct vpattern *pat, const char *path,
		     char *err, size_t len)
{
	struct filler f = { .seed = seed, .verify_block = verify_block, .pat = pat,
			    .chunk = FILL_CHUNK / verify_block * verify_block };

	return fill(&f, fd, size, path, err, len);
}
