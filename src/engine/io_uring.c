/* SPDX-License-Identifier: MIT */
/*
 * io_uring.c: the io_uring engine on liburing. One ring per worker thread,
 * created on that thread; queue() fills an SQE, reap() submits everything
 * queued and waits for completions in the same system call.
 */
#include <errno.h>
#include <stdlib.h>
#include <liburing.h>

#include "engine/engine.h"

struct uring_priv {
	struct io_uring ring;
};

/* Ring set-up flags to try, best first: each later one runs on older kernels. */
static const unsigned setup_flags[] = {
	IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
	IORING_SETUP_COOP_TASKRUN,
	0,
};

static int uring_init(struct engine *e, unsigned depth)
{
	struct uring_priv *p = calloc(1, sizeof(*p));
	int r = -EINVAL;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < sizeof(setup_flags) / sizeof(setup_flags[0]); i++) {
		r = io_uring_queue_init(depth, &p->ring, setup_flags[i]);
		if (r != -EINVAL)
			break;
	}
	if (r < 0) {
		free(p);
		return r;
	}
	e->priv = p;
	return 0;
}

static int uring_queue(struct engine *e, struct io_unit *u)
{
	struct uring_priv *p = e->priv;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&p->ring);

	if (!sqe)
		return -EBUSY;
	if (u->is_write)
		io_uring_prep_write(sqe, u->fd, u->buf, u->len, u->offset);
	else
		io_uring_prep_read(sqe, u->fd, u->buf, u->len, u->offset);
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

static void uring_cleanup(struct engine *e)
{
	struct uring_priv *p = e->priv;

	if (!p)
		return;
	io_uring_queue_exit(&p->ring);
	free(p);
	e->priv = NULL;
}

const struct engine_ops engine_io_uring = {
	.name = "io_uring",
	.init = uring_init,
	.queue = uring_queue,
	.reap = uring_reap,
	.cleanup = uring_cleanup,
};
