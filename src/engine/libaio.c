/* SPDX-License-Identifier: MIT */
/*
 * libaio.c: Linux native AIO (io_submit/io_getevents) through libaio, as
 * fio's libaio engine. Real asynchrony needs O_DIRECT (-Sh/-Su); buffered
 * I/O completes inside io_submit. One context per worker thread; queue()
 * fills an iocb from a fixed pool, reap() submits the batch and waits.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <libaio.h>

#include "platform/clock.h"
#include "engine/engine.h"
#include "util/banned.h"

struct aio_priv {
	io_context_t ctx;
	unsigned depth;
	struct iocb *iocbs;		/* depth iocbs */
	struct iocb **free;		/* stack of unused iocbs */
	unsigned nfree;
	struct iocb **pending;		/* queued, not yet submitted */
	unsigned npending;
	struct io_event *events;
};

static void aio_cleanup(struct engine *e)
{
	struct aio_priv *p = e->priv;

	if (!p)
		return;
	if (p->ctx)
		io_destroy(p->ctx);
	free(p->iocbs);
	free(p->free);
	free(p->pending);
	free(p->events);
	free(p);
	e->priv = NULL;
}

static int aio_init(struct engine *e, const struct engine_setup *setup)
{
	struct aio_priv *p = calloc(1, sizeof(*p));
	unsigned depth = setup->depth;
	int r;

	if (!p)
		return -ENOMEM;
	e->priv = p;
	p->depth = depth;
	p->iocbs = calloc(depth, sizeof(*p->iocbs));
	p->free = calloc(depth, sizeof(*p->free));
	p->pending = calloc(depth, sizeof(*p->pending));
	p->events = calloc(depth, sizeof(*p->events));
	if (!p->iocbs || !p->free || !p->pending || !p->events) {
		aio_cleanup(e);
		return -ENOMEM;
	}
	for (unsigned i = 0; i < depth; i++)
		p->free[p->nfree++] = &p->iocbs[i];
	r = io_setup((int)depth, &p->ctx);
	if (r < 0) {
		p->ctx = 0;
		aio_cleanup(e);
		return r;
	}
	return 0;
}

static int aio_queue(struct engine *e, struct io_unit *u)
{
	struct aio_priv *p = e->priv;
	struct iocb *cb;

	if (!p->nfree)
		return -EBUSY;
	cb = p->free[--p->nfree];
	if (u->is_write)
		io_prep_pwrite(cb, u->fd, u->buf, u->len, (long long)u->offset);
	else
		io_prep_pread(cb, u->fd, u->buf, u->len, (long long)u->offset);
	cb->data = u;
	p->pending[p->npending++] = cb;
	return 0;
}

/* Submits every pending iocb; io_submit may take fewer than offered. */
static int submit_all(struct aio_priv *p)
{
	unsigned done = 0;

	while (done < p->npending) {
		int r = io_submit(p->ctx, (long)(p->npending - done), p->pending + done);

		if (r == -EAGAIN || r == -EINTR)
			continue;
		if (r < 0)
			return r;
		done += (unsigned)r;
	}
	p->npending = 0;
	return 0;
}

/* Submits the batch and takes what completes: at least min, or by the deadline (0: none). */
static int aio_get(struct engine *e, unsigned min, struct io_unit **done, unsigned max,
		   uint64_t deadline)
{
	struct aio_priv *p = e->priv;
	int r = submit_all(p), n;

	if (r || !max)
		return r;
	do {
		struct timespec ts = { 0, 0 };
		uint64_t now = deadline ? clock_ns() : 0;

		if (deadline > now) {
			ts.tv_sec = (time_t)((deadline - now) / 1000000000ull);
			ts.tv_nsec = (long)((deadline - now) % 1000000000ull);
		}
		n = io_getevents(p->ctx, (long)min, (long)(max < p->depth ? max : p->depth),
				 p->events, deadline ? &ts : NULL);
	} while (n == -EINTR);
	if (n < 0)
		return n;
	for (int i = 0; i < n; i++) {
		struct io_unit *u = p->events[i].data;

		/* res holds bytes or a negative errno; res2 is unused by the block layer */
		u->result = (long)p->events[i].res;
		done[i] = u;
		p->free[p->nfree++] = p->events[i].obj;
	}
	return n;
}

static int aio_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	return aio_get(e, min, done, max, 0);
}

static int aio_reap_by(struct engine *e, struct io_unit **done, unsigned max, uint64_t deadline)
{
	return aio_get(e, 1, done, max, deadline ? deadline : 1);
}

/* A context takes at most what the system allows all of them together. */
static uint64_t aio_depth_max(const char **what)
{
	unsigned long long max = 0;
	FILE *f = fopen("/proc/sys/fs/aio-max-nr", "r");

	*what = "/proc/sys/fs/aio-max-nr";
	if (f) {
		if (fscanf(f, "%llu", &max) != 1)
			max = 0;
		fclose(f);
	}
	return max;
}

const struct engine_ops engine_libaio = {
	.name = "libaio",
	.depth_max = aio_depth_max,
	.init = aio_init,
	.queue = aio_queue,
	.reap = aio_reap,
	.reap_by = aio_reap_by,
	.cleanup = aio_cleanup,
};
