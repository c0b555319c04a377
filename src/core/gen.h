/* SPDX-License-Identifier: MIT */
/*
 * gen.h: where the next I/O goes and whether it writes. A generator is set up
 * once per thread x target (gen_init) and then asked for one offset per I/O
 * (gen_next), which costs a few instructions and never fails. The random
 * stream is seeded, so the same seed gives the same offsets and mix.
 */
#ifndef IOB_GEN_H
#define IOB_GEN_H

#include <stdbool.h>
#include <stdint.h>

struct gen {
	uint64_t rng;		/* wyrand state */
	uint64_t base;		/* first byte of the range */
	uint64_t align;		/* random: offsets are base + k * align */
	uint64_t nslots;	/* random: number of valid k */
	uint64_t next;		/* sequential: the next offset */
	uint64_t last;		/* sequential: the last offset a block fits at */
	uint64_t stride;	/* sequential: step */
	uint64_t wrap;		/* sequential: where to go after last */
	uint64_t write_thresh;	/* write when a 32-bit draw is below this (0..2^32) */
	bool random;
};

/*
 * Sizes drawn per I/O (fio's bsrange and bssplit): a range lo + k * step for
 * k < nsteps, all equally likely (n == 0), or n sizes chosen by a 32-bit draw
 * against cumulative thresholds.
 */
struct size_pick {
	uint32_t lo, step, nsteps;
	unsigned n;
	uint32_t len[64];
	uint64_t thresh[64];	/* draw < thresh[i] picks len[i] (of 2^32) */
};

struct gen_params {
	uint64_t base, end;	/* range [base, end) */
	uint64_t block;		/* I/O size */
	uint64_t random_align;	/* 0: sequential */
	uint64_t stride;	/* sequential step (unless by_len) */
	bool by_len;		/* sequential: each I/O starts where the last one ended */
	uint64_t start;		/* sequential: first offset relative to base (-T * k) */
	unsigned write_pct;
	uint64_t seed;
};

/*
 * Sets g up. The range must hold at least one block (the caller checks);
 * a sequential start past the range wraps into it. Returns 0 or -EINVAL.
 */
int gen_init(struct gen *g, const struct gen_params *p);

/* wyrand: a 64-bit generator that passes BigCrush in one multiply. */
static inline uint64_t gen_rand(uint64_t *state)
{
	__uint128_t m;

	*state += 0xa0761d6478bd642full;
	m = (__uint128_t)*state * (*state ^ 0xe7037ed1a0b428dbull);
	return (uint64_t)(m >> 64) ^ (uint64_t)m;
}

/* Maps a 64-bit draw onto [0, n) without a division (Lemire). */
static inline uint64_t gen_below(uint64_t r, uint64_t n)
{
	return (uint64_t)(((__uint128_t)r * n) >> 64);
}

/* Fills *offset and returns true for a write. */
static inline bool gen_next(struct gen *g, uint64_t *offset)
{
	uint64_t r = gen_rand(&g->rng);

	if (g->random) {
		*offset = g->base + gen_below(r, g->nslots) * g->align;
	} else {
		*offset = g->next;
		g->next += g->stride;
		if (g->next > g->last)
			g->next = g->wrap;
	}
	/* The offset takes the draw's high bits, the read/write choice its low ones. */
	return (r & 0xffffffffu) < g->write_thresh;
}

/* Takes back the gen_next() that gave offset: the next one gives it again. */
static inline void gen_unnext(struct gen *g, uint64_t offset)
{
	g->rng -= 0xa0761d6478bd642full;	/* gen_rand's step */
	if (!g->random)
		g->next = offset;
}

/* Sequential by length: the next I/O starts len further on (wrapping like gen_next). */
static inline void gen_seq_advance(struct gen *g, uint64_t len)
{
	g->next += len;
	if (g->next > g->last)
		g->next = g->wrap;
}

/* One size from p, for a 64-bit draw r. */
static inline uint32_t gen_size(const struct size_pick *p, uint64_t r)
{
	unsigned i = 0;

	if (!p->n)
		return p->lo + (uint32_t)gen_below(r, p->nsteps) * p->step;
	while (i + 1 < p->n && (r & 0xffffffffu) >= p->thresh[i])
		i++;
	return p->len[i];
}

/* Fills buf with len bytes from the generator state (random data). */
void gen_fill(uint64_t *state, void *buf, uint64_t len);

#endif
