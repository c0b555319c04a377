/* SPDX-License-Identifier: MIT */
/*
 * null.c: no I/O at all. Queued units complete at the next reap with their
 * full length, so a run on the null engine measures iobench itself.
 */
#include <errno.h>
#include <stdlib.h>

#include "engine/engine.h"

struct null_priv {
	unsigned depth, n;
	struct io_unit *queued[];
};

static int null_init(struct engine *e, const struct engine_setup *setup)
{
	struct null_priv *p = malloc(sizeof(*p) + setup->depth * sizeof(p->queued[0]));

	if (!p)
		return -ENOMEM;
	p->depth = setup->depth;
	p->n = 0;
	e->priv = p;
	return 0;
}

static int null_queue(struct engine *e, struct io_unit *u)
{
	struct null_priv *p = e->priv;

	if (p->n == p->depth)
		return -EBUSY;
	p->queued[p->n++] = u;
	return 0;
}

static int null_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	struct null_priv *p = e->priv;
	unsigned n = p->n < max ? p->n : max;

	for (unsigned i = 0; i < n; i++) {
		struct io_unit *u = p->queued[--p->n];

		u->result = u->len;
		done[i] = u;
	}
	return (int)n;
}

static void null_cleanup(struct engine *e)
{
	free(e->priv);
	e->priv = NULL;
}

const struct engine_ops engine_null = {
	.name = "null",
	.init = null_init,
	.queue = null_queue,
	.reap = null_reap,
	.cleanup = null_cleanup,
};
