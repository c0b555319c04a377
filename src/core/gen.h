/* SPDX-License-Identifier: MIT */
/*
 * gen.h: where the next I/O goes and whether it writes. A generator is set up
 * once per thread x target (gen_init) and then asked for one offset per I/O
 * (gen_next), which costs a few instructions and never fails. The random
 * stream is seeded, so the same seed gives the same offsets and mix.
 */
#ifndef IOB_GEN_H
#define IOB_GEN_H

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/rng.h"

struct gen_shape;

struct gen {
	uint64_t rng;		/* wyrand state */
	uint64_t base;		/* first byte of the range */
	uint64_t align;		/* random: offsets are base + k * align */
	uint64_t nslots;	/* random: number of valid k */
	uint64_t next;		/* sequential: the next offset */
	uint64_t last;		/* the last offset a block fits at (random: with seq_fio only) */
	uint64_t stride;	/* sequential: step */
	uint64_t wrap;		/* sequential: where to go after last */
	uint64_t write_thresh;	/* write when a 32-bit draw is below this (0..2^32) */
	/* fio's offsets for rw=read:-N and rw=randread:N (gen_fio_offset) */
	uint64_t last_pos;	/* fio's f->last_pos: where the last I/O ended */
	uint64_t last_start;	/* fio's f->last_start: where it began (UINT64_MAX: none yet) */
	uint64_t io_size;	/* fio's f->io_size: the range's length */
	uint64_t real;		/* fio's f->real_file_size: the target's end */
	int64_t add;		/* fio's ddir_seq_add: the hole after each I/O (negative: back) */
	unsigned every, left;	/* fio's ddir_seq_nr: a random offset every this many I/Os */
	bool identical;		/* rw_sequencer=identical: the same block in between */
	bool reset;		/* time_based, one file: back to the start past the range's end */
	bool random;		/* (here, beside the other flags: the struct keeps its size) */
	struct gen_shape *shape;	/* mixed or skewed offsets (gen_shaped), or NULL (own allocation) */
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
	int64_t seq_add;	/* fio's rw=read:-N: -N (fio's sequential offsets); 0: none */
	unsigned seq_every;	/* fio's rw=randread:N: N (2 or more) */
	bool seq_fio;		/* either of the two above is asked for */
	bool identical;		/* rw_sequencer=identical */
	bool reset;		/* time_based with one file (fio's reset to the start) */
	uint64_t real;		/* the target's end (fio's real_file_size) */
};

/*
 * Sets g up. The range must hold at least one block (the caller checks);
 * a sequential start past the range wraps into it. Returns 0 or -EINVAL.
 */
int gen_init(struct gen *g, const struct gen_params *p);

/* Fills *offset and returns true for a write. */
static inline bool gen_next(struct gen *g, uint64_t *offset)
{
	uint64_t r = rng_next(&g->rng);

	if (g->random) {
		*offset = g->base + rng_below(r, g->nslots) * g->align;
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
	g->rng -= 0xa0761d6478bd642full;	/* rng_next's step */
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

/*
 * fio 3.33's get_next_seq_offset() (io_u.c), absolute: where the next
 * sequential I/O goes after the last one, with fio's hole g->add (a backward
 * one wraps to the range's end); UINT64_MAX where fio finds none (past the
 * target's end, or past the range).
 */
static inline uint64_t gen_fio_seq(struct gen *g)
{
	uint64_t f = g->base, top = g->io_size < g->real ? g->io_size : g->real, pos;

	if (g->reset && g->last_pos >= g->io_size + f)
		g->last_pos = f;
	if (g->last_pos >= g->real)
		return UINT64_MAX;
	if (g->last_pos == f && f && g->add < 0)	/* fio: rewind to "the end", io_size */
		g->last_pos = top;
	pos = g->last_pos - f;
	if (pos && g->add) {
		pos += (uint64_t)g->add;
		if (pos >= g->real)
			pos = g->add > 0 ? f : top + (uint64_t)g->add;
	}
	return pos >= g->io_size || pos + f >= g->real ? UINT64_MAX : pos + f;
}

/*
 * fio's offset for the I/O whose own draw gave drawn: rw=randread:N takes the
 * draw every N-th I/O (the first one included) and otherwise the next block
 * (fio's rw_sequencer=sequential; a new draw where there is none) or the same
 * one (identical); rw=read:-N takes fio's backward sequence. gen_fio_issued()
 * must follow with the I/O's length.
 */
static inline uint64_t gen_fio_offset(struct gen *g, uint64_t drawn)
{
	uint64_t o;

	if (g->random) {
		if (g->every && --g->left == 0) {
			g->left = g->every;
			return drawn;
		}
		if (g->identical)
			return g->last_start == UINT64_MAX ? g->base : g->last_start;
	}
	o = gen_fio_seq(g);
	if (o == UINT64_MAX || o > g->last)	/* no block fits there: fio draws one anew */
		return g->random ? drawn : g->base;
	return o;
}

static inline void gen_fio_issued(struct gen *g, uint64_t offset, uint64_t len)
{
	g->last_start = offset;
	g->last_pos = offset + len;
}

/*
 * Mixed and skewed offsets (issue 16), set up once per stream and used from
 * the loop's rare path (VARY_SHAPE): a random offset drawn from zones (DiskSpd's
 * -rd ranges, fio's zoned and zoned_abs), or fio's zipf, pareto and normal
 * over the range's blocks; a percentage of I/Os random and the rest sequential
 * from the last one (DiskSpd's -rs, fio's percentage_random); or one
 * sequential offset shared by the target's threads (DiskSpd's -si: an atomic
 * fetch-add per I/O).
 */
struct gen_zone {
	uint32_t cum;		/* a draw v in [previous cum, cum) of total picks this zone */
	uint64_t first;		/* its first offset, relative to base */
	uint64_t nslots;	/* aligned offsets in it (at least 1) */
};

enum gen_pick { PICK_UNIFORM, PICK_ZONES, PICK_ZIPF, PICK_PARETO, PICK_NORMAL };

struct gen_shape {
	enum gen_pick pick;
	bool mixed;		/* percentage random: rand_thresh says which I/Os are random */
	bool diskspd;		/* DiskSpd's mix: one pointer stepping by the alignment, and a
				   sequential I/O repeats the last one's kind; else fio's: a
				   pointer per direction at the end of its last I/O */
	bool last_write;	/* DiskSpd: the last I/O's kind */
	uint64_t rand_thresh[2];	/* [0] reads, [1] writes: random below this of 2^32 */
	uint64_t seq[2];	/* the next sequential offset, absolute */
	uint32_t total[2];	/* zones: draws are in [0, total) */
	unsigned nzones[2];
	struct gen_zone *zones[2];	/* [1] may be zones[0] (own allocation, once) */
	/* fio's lib/zipf.c and lib/gauss.c over nranges blocks */
	uint64_t nranges, rand_off, stddev;
	double theta, zetan, zeta2, alpha, eta, half_pow, pareto_pow;
	/* DiskSpd's -si */
	_Atomic uint64_t *shared;	/* the target's offset (relative), or NULL */
	uint64_t span;		/* offsets wrap modulo this (DiskSpd's _relTargetSizeAligned) */
	uint64_t step;		/* -si: the stride; DiskSpd's mix: the alignment; 0: fio's (by length) */
};

/* What gen_shape_init() makes a shape from (a random stream's gen, already set up). */
struct shape_params {
	enum gen_pick pick;
	bool mixed;
	unsigned random_pct[2];		/* mixed: the % of I/Os random, [0] reads, [1] writes */
	bool diskspd;
	double param, center;		/* zipf theta, pareto h, normal sigma; center or -1 */
	struct gen_zone *zones[2];	/* taken over (freed with the shape); [1] may be [0] */
	unsigned nzones[2];
	_Atomic uint64_t *shared;	/* -si (a sequential gen) */
	uint64_t span, step;
};

/* Gives g its shape. Takes p's zones (freed on failure too). Returns 0, -EINVAL or -ENOMEM. */
int gen_shape_init(struct gen *g, const struct shape_params *p);

/* Frees what gen_init() and gen_shape_init() allocated. */
void gen_release(struct gen *g);

/*
 * The offset of the next I/O of a shaped stream; *is_write may change (DiskSpd's
 * sequential I/O of a mix repeats the last one's kind). gen_shaped_issued()
 * must follow with the I/O's final length.
 */
uint64_t gen_shaped(struct gen *g, bool *is_write);
void gen_shaped_issued(struct gen *g, bool is_write, uint64_t offset, uint64_t len);

/* One size from p, for a 64-bit draw r. */
static inline uint32_t gen_size(const struct size_pick *p, uint64_t r)
{
	unsigned i = 0;

	if (!p->n)
		return p->lo + (uint32_t)rng_below(r, p->nsteps) * p->step;
	while (i + 1 < p->n && (r & 0xffffffffu) >= p->thresh[i])
		i++;
	return p->len[i];
}

/* Fills buf with len bytes from the generator state (random data). */
void gen_fill(uint64_t *state, void *buf, uint64_t len);

#endif
