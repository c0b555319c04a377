/* SPDX-License-Identifier: MIT */
/*
 * rng.h: the random draws every seeded stream takes: wyrand's 64-bit words,
 * an exponential gap of a given mean, a word mapped below n. A stream is one
 * uint64_t of state, seeded by its owner; the same seed gives the same draws.
 */
#ifndef IOB_RNG_H
#define IOB_RNG_H

#include <math.h>
#include <stdint.h>

/* wyrand: a 64-bit generator that passes BigCrush in one multiply. */
static inline uint64_t rng_next(uint64_t *state)
{
	__uint128_t m;

	*state += 0xa0761d6478bd642full;
	m = (__uint128_t)*state * (*state ^ 0xe7037ed1a0b428dbull);
	return (uint64_t)(m >> 64) ^ (uint64_t)m;
}

/* A draw from the exponential distribution of mean `mean` (a Poisson process's gaps). */
static inline double rng_exp(uint64_t *state, double mean)
{
	double u = (double)((rng_next(state) >> 11) + 1) * 0x1p-53;	/* (0, 1] */

	return -log(u) * mean;
}

/* Maps a 64-bit draw onto [0, n) without a division (Lemire). */
static inline uint64_t rng_below(uint64_t r, uint64_t n)
{
	return (uint64_t)(((__uint128_t)r * n) >> 64);
}

#endif
