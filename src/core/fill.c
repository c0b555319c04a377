/* SPDX-License-Identifier: MIT */
/* fill.c: random-data fill of new test files, generation overlapped with writing. */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <liburing.h>

#include "core/fill.h"
#include "core/gen.h"
#include "core/journal.h"
#include "core/verify.h"
#include "util/banned.h"

#define FILL_CHUNK (8u << 20)
#define FILL_DEPTH 4

/* Takes a pending SIGINT or SIGTERM (blocked while iobench runs), if any. */
/*
 * A SIGINT or SIGTERM held pending (the run blocks them). Left pending: the
 * run takes it once the fill has stopped, and under mpirun a SIGTERM still
 * pending tells the ranks' agreement not to wait (platform/ranks.h).
 */
static bool interrupted(void)
{
	sigset_t set;

	return !sigpending(&set) && (sigismember(&set, SIGINT) || sigismember(&set, SIGTERM));
}

struct filler {
	struct io_uring ring;
	void *buf[FILL_DEPTH];
	unsigned free[FILL_DEPTH], nfree;
	uint64_t off[FILL_DEPTH];
	unsigned len[FILL_DEPTH];
	uint64_t rng;
	uint64_t seed;
	uint32_t verify_block;	/* format --verify blocks of this size; 0 = plain random data */
	const struct vpattern *pat;	/* ... with fio's verify_pattern, or NULL */
	unsigned chunk;		/* bytes per write */
};

static int write_error(const char *path, uint64_t off, int res, char *err, size_t len)
{
	snprintf(err, len, "cannot write '%s' at offset %llu: %s", path, (unsigned long long)off,
		 res < 0 ? strerror(-res) : "short write");
	return res < 0 ? res : -EIO;
}

/* Generates the data of the n bytes at off into buffer b. */
static void generate(struct filler *f, unsigned b, uint64_t off, unsigned n)
{
	if (f->verify_block)
		for (unsigned i = 0; i + f->verify_block <= n; i += f->verify_block)
			verify_format((char *)f->buf[b] + i, f->verify_block, off + i, 0,
				      JOURNAL_FILL_SEQ, f->seed, 0, f->pat);
	else
		gen_fill(&f->rng, f->buf[b], n);
}

/* Generates the next chunk and queues its write. */
static void submit_chunk(struct filler *f, int fd, uint64_t off, unsigned n)
{
	unsigned b = f->free[--f->nfree];
	struct io_uring_sqe *sqe = io_uring_get_sqe(&f->ring);

	generate(f, b, off, n);
	f->off[b] = off;
	f->len[b] = n;
	io_uring_prep_write(sqe, fd, f->buf[b], n, off);
	io_uring_sqe_set_data64(sqe, b);
	io_uring_submit(&f->ring);
}

static int fill_ring(struct filler *f, int fd, uint64_t size, const char *path, char *err,
		     size_t len)
{
	uint64_t next = 0;
	unsigned inflight = 0;
	int r = 0;

	while (inflight || (!r && next < size)) {
		struct io_uring_cqe *cqe;
		unsigned b;

		while (!r && inflight < FILL_DEPTH && next < size) {
			unsigned n = size - next < f->chunk ? (unsigned)(size - next) : f->chunk;

			if (interrupted()) {
				snprintf(err, len, "interrupted while creating '%s'", path);
				r = -EINTR;
				break;
			}
			submit_chunk(f, fd, next, n);
			next += n;
			inflight++;
		}
		if (!inflight)
			break;
		if (io_uring_wait_cqe(&f->ring, &cqe))
			continue;
		b = (unsigned)io_uring_cqe_get_data64(cqe);
		if (cqe->res != (int)f->len[b] && !r)
			r = write_error(path, f->off[b], cqe->res, err, len);
		io_uring_cqe_seen(&f->ring, cqe);
		f->free[f->nfree++] = b;
		inflight--;
	}
	return r;
}

/*
 * Where io_uring is refused (a container's seccomp profile, io_uring_disabled):
 * the same data, one chunk at a time with pwrite.
 */
static int fill_pwrite(struct filler *f, int fd, uint64_t size, const char *path, char *err,
		       size_t len)
{
	for (uint64_t next = 0; next < size;) {
		unsigned n = size - next < f->chunk ? (unsigned)(size - next) : f->chunk;

		if (interrupted()) {
			snprintf(err, len, "interrupted while creating '%s'", path);
			return -EINTR;
		}
		generate(f, 0, next, n);
		for (unsigned done = 0; done < n;) {
			ssize_t w = pwrite(fd, (char *)f->buf[0] + done, n - done, (off_t)(next + done));

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return write_error(path, next + done, w < 0 ? -errno : 0, err, len);
			done += (unsigned)w;
		}
		next += n;
	}
	return 0;
}

static int fill(struct filler *fp, int fd, uint64_t size, const char *path, char *err, size_t len)
{
	struct filler f = *fp;
	bool ring = io_uring_queue_init(FILL_DEPTH, &f.ring, 0) == 0;
	int r = 0;

	for (unsigned i = 0; i < FILL_DEPTH; i++) {
		if (posix_memalign(&f.buf[i], 4096, FILL_CHUNK)) {
			snprintf(err, len, "out of memory");
			r = -ENOMEM;
			break;
		}
		f.free[f.nfree++] = i;
	}
	if (!r)
		r = ring ? fill_ring(&f, fd, size, path, err, len) :
			   fill_pwrite(&f, fd, size, path, err, len);
	for (unsigned i = 0; i < FILL_DEPTH; i++)
		free(f.buf[i]);
	if (ring)
		io_uring_queue_exit(&f.ring);
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
