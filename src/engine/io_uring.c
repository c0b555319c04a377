/* SPDX-License-Identifier: MIT */
/*
 * io_uring.c: the io_uring engine on liburing. One ring per worker thread,
 * created on that thread. Files and buffer regions are registered with the
 * ring where the kernel allows (fixed files skip a file-table lookup per
 * I/O, fixed buffers skip pinning pages per I/O); queue() fills an SQE,
 * reap() submits everything queued and waits for completions in the same
 * system call. I/O on a file that cannot take it without blocking goes
 * straight to io_uring's worker threads (IOSQE_ASYNC), which is where the
 * kernel would send it anyway after a failed non-blocking attempt.
 * --sqpoll hands submission to a kernel thread; --hipri polls for
 * completions (O_DIRECT on a device with poll queues only). fio's job
 * files choose otherwise, as fio's engine: registration only with fio's
 * registerfiles and fixedbufs, readv/writev with nonvectored=0, every N-th
 * I/O to the workers with force_async=N, the SQ thread's CPU.
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <liburing.h>

#include "platform/clock.h"
#include "engine/engine.h"
#include "util/banned.h"

struct uring_priv {
	struct io_uring ring;
	bool fixed_files;
	bool fixed_bufs;
	bool vectored;		/* readv/writev (fio's nonvectored=0) */
	uint16_t ioprio;	/* every SQE's (0: the submitter's) */
	unsigned force_async, since_async;	/* fio's force_async: every N-th SQE IOSQE_ASYNC */
	uint8_t *sqe_flags;	/* per file: IOSQE_FIXED_FILE, IOSQE_ASYNC */
};

/* Ring set-up flags to try, best first: each later one runs on older kernels. */
static const unsigned setup_flags[] = {
	IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
	IORING_SETUP_COOP_TASKRUN,
	0,
};

static int ring_init(struct uring_priv *p, const struct engine_setup *s)
{
	struct io_uring_params params;
	int r = -EINVAL;

	if (s->flags & (ENGINE_SQPOLL | ENGINE_HIPRI)) {
		/* Polling modes take their own flags, without the task-run ones. */
		memset(&params, 0, sizeof(params));
		if (s->flags & ENGINE_SQPOLL) {
			params.flags |= IORING_SETUP_SQPOLL;
			params.sq_thread_idle = 1000;
			if (s->sq_cpu >= 0) {	/* fio's sqthread_poll_cpu */
				params.flags |= IORING_SETUP_SQ_AFF;
				params.sq_thread_cpu = (unsigned)s->sq_cpu;
			}
		}
		if (s->flags & ENGINE_HIPRI)
			params.flags |= IORING_SETUP_IOPOLL;
		return io_uring_queue_init_params(s->depth, &p->ring, &params);
	}
	for (size_t i = 0; i < sizeof(setup_flags) / sizeof(setup_flags[0]); i++) {
		r = io_uring_queue_init(s->depth, &p->ring, setup_flags[i]);
		if (r != -EINVAL)
			break;
	}
	return r;
}

static int uring_init(struct engine *e, const struct engine_setup *s)
{
	struct uring_priv *p = calloc(1, sizeof(*p));
	int r;

	if (!p)
		return -ENOMEM;
	r = ring_init(p, s);
	if (r < 0) {
		free(p);
		return r;
	}
	/* Registration is an optimisation: without it every I/O still works. */
	p->fixed_files = s->nfds && !(s->flags & ENGINE_PLAIN_FILES) &&
			 io_uring_register_files(&p->ring, s->fds, s->nfds) == 0;
	p->fixed_bufs = s->nbufs && !(s->flags & ENGINE_PLAIN_BUFS) &&
			io_uring_register_buffers(&p->ring, s->bufs, s->nbufs) == 0;
	p->vectored = s->flags & ENGINE_VECTORED;
	p->force_async = s->force_async;
	p->sqe_flags = calloc(s->nfds ? s->nfds : 1, 1);
	if (!p->sqe_flags) {
		io_uring_queue_exit(&p->ring);
		free(p);
		return -ENOMEM;
	}
	/*
	 * io_uring's workers (iou-wrk) inherit the pinned thread's one CPU: they
	 * would queue behind it. Let them run on every CPU the run may use (where
	 * the kernel honours it; the run checks and warns where it does not).
	 */
	if (s->wq_cpus) {
		cpu_set_t set;
		bool any = false;

		CPU_ZERO(&set);
		for (int c = 0; c < AFFINITY_MAX && c < CPU_SETSIZE; c++)
			if (s->wq_cpus->bits[c / 64] >> (c % 64) & 1) {
				CPU_SET(c, &set);
				any = true;
			}
		if (any)
			io_uring_register_iowq_aff(&p->ring, sizeof(set), &set);
	}
	p->ioprio = (uint16_t)s->ioprio;
	for (unsigned i = 0; i < s->nfds; i++)
		p->sqe_flags[i] = (p->fixed_files ? IOSQE_FIXED_FILE : 0) |
				  (s->blocking && s->blocking[i] ? IOSQE_ASYNC : 0);
	e->priv = p;
	return 0;
}

static int uring_queue(struct engine *e, struct io_unit *u)
{
	struct uring_priv *p = e->priv;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&p->ring);
	int fd = p->fixed_files ? u->file : u->fd;

	if (!sqe)
		return -EBUSY;
	if (p->fixed_bufs) {
		if (u->is_write)
			io_uring_prep_write_fixed(sqe, fd, u->buf, u->len, u->offset, u->buf_index);
		else
			io_uring_prep_read_fixed(sqe, fd, u->buf, u->len, u->offset, u->buf_index);
	} else if (p->vectored) {
		u->iov = (struct iovec){ u->buf, u->len };
		if (u->is_write)
			io_uring_prep_writev(sqe, fd, &u->iov, 1, u->offset);
		else
			io_uring_prep_readv(sqe, fd, &u->iov, 1, u->offset);
	} else {
		if (u->is_write)
			io_uring_prep_write(sqe, fd, u->buf, u->len, u->offset);
		else
			io_uring_prep_read(sqe, fd, u->buf, u->len, u->offset);
	}
	sqe->flags |= p->sqe_flags[u->file];
	if (p->force_async && ++p->since_async == p->force_async) {
		p->since_async = 0;
		sqe->flags |= IOSQE_ASYNC;
	}
	sqe->ioprio = p->ioprio;
	io_uring_sqe_set_data(sqe, u);
	return 0;
}

static int uring_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	struct uring_priv *p = e->priv;
	struct io_uring_cqe *cqe;
	unsigned head, n = 0;
	int r;

	do
		r = io_uring_submit_and_wait(&p->ring, min);
	while (r == -EINTR);
	if (r < 0)
		return r;
	io_uring_for_each_cqe(&p->ring, head, cqe) {
		struct io_unit *u = io_uring_cqe_get_data(cqe);

		if (n == max)
			break;
		u->result = cqe->res;
		done[n++] = u;
	}
	io_uring_cq_advance(&p->ring, n);
	return (int)n;
}

/* The paced loop's wait: one completion, or the deadline (a relative timeout of the ring). */
static int uring_reap_by(struct engine *e, struct io_unit **done, unsigned max, uint64_t deadline)
{
	struct uring_priv *p = e->priv;
	struct io_uring_cqe *cqe = NULL;
	uint64_t now = clock_ns();
	struct __kernel_timespec ts = { 0, 0 };
	int r;

	if (deadline > now) {
		ts.tv_sec = (long long)((deadline - now) / 1000000000ull);
		ts.tv_nsec = (long long)((deadline - now) % 1000000000ull);
	}
	do
		r = io_uring_submit_and_wait_timeout(&p->ring, &cqe, 1, &ts, NULL);
	while (r == -EINTR);
	if (r < 0 && r != -ETIME)
		return r;
	return uring_reap(e, 0, done, max);
}

static void uring_cleanup(struct engine *e)
{
	struct uring_priv *p = e->priv;

	if (!p)
		return;
	io_uring_queue_exit(&p->ring);
	free(p->sqe_flags);
	free(p);
	e->priv = NULL;
}

/* io_uring rings hold at most this many entries (the kernel's IORING_MAX_ENTRIES). */
static uint64_t uring_depth_max(const char **what)
{
	*what = "an io_uring ring's most entries";
	return 32768;
}

const struct engine_ops engine_io_uring = {
	.name = "io_uring",
	.flags = ENGINE_RING,
	.depth_max = uring_depth_max,
	.init = uring_init,
	.queue = uring_queue,
	.reap = uring_reap,
	.reap_by = uring_reap_by,
	.cleanup = uring_cleanup,
};
