/* SPDX-License-Identifier: MIT */
/* gen.c: setting up offset generators, and random buffer fill. */
#include <errno.h>
#include <string.h>

#include "core/gen.h"
#include "util/banned.h"

int gen_init(struct gen *g, const struct gen_params *p)
{
	uint64_t span;

	memset(g, 0, sizeof(*g));
	if (p->end <= p->base || p->end - p->base < p->block || !p->block || p->write_pct > 100)
		return -EINVAL;
	span = p->end - p->base;
	g->base = p->base;
	g->rng = p->seed;
	/* pct/100 of the 2^32 draws: exact at 0 and 100. */
	g->write_thresh = ((uint64_t)p->write_pct << 32) / 100;
	g->random = p->random_align != 0;
	g->last = p->base + span - p->block;
	if (p->seq_fio) {	/* fio's own sequence (gen_fio_offset) */
		g->last_pos = g->base;
		g->last_start = UINT64_MAX;
		g->io_size = span;
		g->real = p->real > p->end ? p->real : p->end;
		g->add = p->seq_add;
		g->every = p->seq_every;
		g->left = 1;	/* fio starts with a random offset (init.c) */
		g->identical = p->identical;
		g->reset = p->reset;
	}
	if (g->random) {
		g->align = p->random_align;
		g->nslots = (span - p->block) / p->random_align + 1;
		return 0;
	}
	if (!p->stride && !p->by_len)
		return -EINVAL;
	g->stride = p->by_len ? 0 : p->stride;
	g->last = p->base + span - p->block;
	/* As DiskSpd: start at base + k*T, wrap to base + (k*T mod stride). */
	g->wrap = p->by_len ? p->base : p->base + p->start % p->stride;
	if (g->wrap > g->last)
		g->wrap = p->base;
	g->next = p->base + p->start % (span - p->block + 1);
	return 0;
}

void gen_fill(uint64_t *state, void *buf, uint64_t len)
{
	unsigned char *p = buf;
	uint64_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		uint64_t r = gen_rand(state);

		memcpy(p + i, &r, 8);
	}
	if (i < len) {
		uint64_t r = gen_rand(state);

		memcpy(p + i, &r, len - i);
	}
}
