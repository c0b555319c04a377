/* SPDX-License-Identifier: MIT */
/* gen.c: setting up offset generators, their mixed and skewed offsets, and random buffer fill. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
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
		uint64_t r = rng_next(state);

		memcpy(p + i, &r, 8);
	}
	if (i < len) {
		uint64_t r = rng_next(state);

		memcpy(p + i, &r, len - i);
	}
}

#define GOLDEN_RATIO_64 0x61C8864680B583EBull	/* fio's hash.h: __hash_u64() */
#define ZIPF_MAX_GEN 10000000ull		/* fio's lib/zipf.c: zeta(n) summed this far */
#define FRAND32_MAX 4294967295.0

int gen_shape_init(struct gen *g, const struct shape_params *p)
{
	struct gen_shape *sh = calloc(1, sizeof(*sh));

	if (!sh) {
		free(p->zones[0]);
		if (p->zones[1] != p->zones[0])
			free(p->zones[1]);
		return -ENOMEM;
	}
	g->shape = sh;
	sh->pick = p->pick;
	for (int d = 0; d < 2; d++) {
		sh->zones[d] = p->zones[d];
		sh->nzones[d] = p->nzones[d];
		sh->total[d] = p->nzones[d] ? p->zones[d][p->nzones[d] - 1].cum : 0;
		sh->rand_thresh[d] = ((uint64_t)p->random_pct[d] << 32) / 100;
	}
	sh->mixed = p->mixed;
	sh->diskspd = p->diskspd;
	sh->shared = p->shared;
	sh->span = p->span;
	sh->step = p->step;
	if (sh->pick == PICK_ZONES && (!sh->total[0] || !sh->total[1]))
		return -EINVAL;
	if (sh->shared && (!sh->span || !sh->step))
		return -EINVAL;
	sh->nranges = g->nslots;
	if (sh->pick == PICK_ZIPF || sh->pick == PICK_PARETO) {	/* fio's shared_rand_init() */
		sh->rand_off = p->center >= 0 ? (uint64_t)((double)sh->nranges * p->center)
					      : rng_next(&g->rng) >> 32;
	}
	if (sh->pick == PICK_ZIPF) {		/* fio's zipf_init() */
		uint64_t to_gen = sh->nranges < ZIPF_MAX_GEN ? sh->nranges : ZIPF_MAX_GEN;

		sh->theta = p->param;
		sh->zeta2 = pow(1.0, sh->theta) + pow(0.5, sh->theta);
		for (uint64_t i = 0; i < to_gen; i++)
			sh->zetan += pow(1.0 / (double)(i + 1), sh->theta);
		sh->alpha = 1.0 / (1.0 - sh->theta);
		sh->eta = (1.0 - pow(2.0 / (double)sh->nranges, 1.0 - sh->theta)) /
			  (1.0 - sh->zeta2 / sh->zetan);
		sh->half_pow = pow(0.5, sh->theta);
	} else if (sh->pick == PICK_PARETO) {	/* fio's pareto_init() */
		sh->pareto_pow = log(p->param) / log(1.0 - p->param);
	} else if (sh->pick == PICK_NORMAL) {	/* fio's gauss_init() */
		if (p->param != 0.0) {
			sh->stddev = (uint64_t)ceil((double)sh->nranges * p->param / 100.0);
			if (sh->stddev > sh->nranges / 2)
				sh->stddev = sh->nranges / 2;
		}
		sh->rand_off = p->center < 0 ? 0 :
			       (uint64_t)(int64_t)((double)sh->nranges * (p->center - 0.5));
	}
	/* the first sequential I/O: fio's at the range's start, DiskSpd's after a random one */
	sh->seq[0] = sh->seq[1] = g->base;
	if (sh->diskspd && sh->mixed) {
		bool w = false;

		sh->mixed = false;
		sh->seq[0] = gen_shaped(g, &w);
		sh->mixed = true;
	}
	return 0;
}

void gen_release(struct gen *g)
{
	if (!g->shape)
		return;
	if (g->shape->zones[1] != g->shape->zones[0])
		free(g->shape->zones[1]);
	free(g->shape->zones[0]);
	free(g->shape);
	g->shape = NULL;
}

/* fio's 32-bit draw as a fraction of FRAND32_MAX. */
static double uni(struct gen *g)
{
	return (double)(rng_next(&g->rng) >> 32) / FRAND32_MAX;
}

/* fio's zipf_next(): a rank by Gray's quick zipf, spread over the blocks by fio's hash. */
static uint64_t zipf_next(struct gen *g, const struct gen_shape *sh)
{
	double u = uni(g), z = u * sh->zetan;
	uint64_t val;

	if (z < 1.0)
		val = 1;
	else if (z < 1.0 + sh->half_pow)
		val = 2;
	else
		val = 1 + (uint64_t)((double)sh->nranges * pow(sh->eta * u - sh->eta + 1.0, sh->alpha));
	val = (val - 1) * GOLDEN_RATIO_64;
	return (val + sh->rand_off) % sh->nranges;
}

static uint64_t pareto_next(struct gen *g, const struct gen_shape *sh)
{
	uint64_t n = (uint64_t)((double)(sh->nranges - 1) * pow(uni(g), sh->pareto_pow));

	return (n * GOLDEN_RATIO_64 + sh->rand_off) % sh->nranges;
}

/* fio's gauss_next(): the mean of 12 uniform draws, widened by a deviation of stddev. */
static uint64_t gauss_next(struct gen *g, const struct gen_shape *sh)
{
	uint64_t sum = 0;

	for (int i = 0; i < 12; i++)
		sum += (rng_next(&g->rng) >> 32) % (sh->nranges + 1);
	sum = (sum + 11) / 12;
	if (sh->stddev) {
		int64_t dev = (int64_t)((double)sh->stddev * ((double)(rng_next(&g->rng) >> 32) /
							     (FRAND32_MAX + 1.0))) -
			      (int64_t)(sh->stddev / 2);

		while ((uint64_t)dev + sum >= sh->nranges)
			dev /= 2;
		sum += (uint64_t)dev;
	}
	return (sum * GOLDEN_RATIO_64 + sh->rand_off) % sh->nranges;
}

static uint64_t pick_random(struct gen *g, const struct gen_shape *sh, int d)
{
	const struct gen_zone *z = sh->zones[d];
	uint64_t b;
	unsigned lo = 0, hi;
	uint32_t v;

	switch (sh->pick) {
	case PICK_ZONES:
		v = (uint32_t)rng_below(rng_next(&g->rng), sh->total[d]);
		for (hi = sh->nzones[d] - 1; lo < hi;) {	/* the first zone with v < cum */
			unsigned mid = lo + (hi - lo) / 2;

			if (v < z[mid].cum)
				hi = mid;
			else
				lo = mid + 1;
		}
		return g->base + z[lo].first + rng_below(rng_next(&g->rng), z[lo].nslots) * g->align;
	case PICK_ZIPF: b = zipf_next(g, sh); break;
	case PICK_PARETO: b = pareto_next(g, sh); break;
	case PICK_NORMAL: b = gauss_next(g, sh); break;
	default: b = rng_below(rng_next(&g->rng), g->nslots); break;
	}
	return g->base + b * g->align;
}

uint64_t gen_shaped(struct gen *g, bool *is_write)
{
	struct gen_shape *sh = g->shape;
	uint64_t o;
	int d;

	if (sh->shared) {	/* DiskSpd's NextRelativeInterlockedSeqOffset() */
		o = atomic_fetch_add_explicit(sh->shared, sh->step, memory_order_relaxed);
		return g->base + o % sh->span;
	}
	if (!sh->mixed || (rng_next(&g->rng) & 0xffffffffu) < sh->rand_thresh[*is_write])
		return pick_random(g, sh, *is_write);
	if (sh->diskspd)	/* DiskSpd: "sequential runs are homogeneous" */
		*is_write = sh->last_write;
	d = sh->diskspd ? 0 : *is_write;
	o = sh->seq[d];
	if (o > g->last)	/* DiskSpd wraps to the start; fio draws a random block */
		o = sh->diskspd ? g->base : pick_random(g, sh, *is_write);
	return o;
}

void gen_shaped_issued(struct gen *g, bool is_write, uint64_t offset, uint64_t len)
{
	struct gen_shape *sh = g->shape;

	if (sh->shared)
		return;
	sh->seq[sh->diskspd ? 0 : is_write] = offset + (sh->step ? sh->step : len);
	sh->last_write = is_write;
}
