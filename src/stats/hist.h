/* SPDX-License-Identifier: MIT */
/*
 * hist.h: the latency histogram.
 *
 * EXECUTIVE SUMMARY: a log-linear (HDR-style) histogram of nanosecond values
 * with 128 linear sub-buckets per power of two. Values below 256 ns have a
 * bucket each (exact); above, a value v with highest set bit k falls in a
 * bucket 2^(k-7) ns wide. Percentiles report the bucket's midpoint, so the
 * relative error of any reported value is at most 1/256 (0.39%), well inside
 * the 1% promised to users. The range is 0 to 2^40 ns (about 18 minutes); a
 * larger value counts in the last bucket (the exact maximum is kept apart, in
 * struct io_counts). Memory is fixed: HIST_NBUCKETS (4352) 64-bit counters,
 * 34 KiB. Recording is a count-leading-zeros, a shift and an add. Two
 * histograms merge exactly by adding their counters, so per-thread
 * histograms give the exact histogram of a run, and of several runs or hosts.
 */
#ifndef IOB_HIST_H
#define IOB_HIST_H

#include <stdint.h>

#define HIST_SUB_BITS 7
#define HIST_SUB (1u << HIST_SUB_BITS)		/* 128 sub-buckets per power of two */
#define HIST_MAX_BITS 40			/* values up to 2^40 ns */
/* Groups 0 and 1 are exact (0..255 ns); then one group of 128 per power of two up to 2^40. */
#define HIST_NBUCKETS ((HIST_MAX_BITS - HIST_SUB_BITS + 1) * HIST_SUB)	/* 4352 */

struct hist {
	uint64_t n[HIST_NBUCKETS];
};

/* The bucket of value v (ns). */
static inline unsigned hist_index(uint64_t v)
{
	unsigned k, sh;

	if (v >= (1ull << HIST_MAX_BITS))
		return HIST_NBUCKETS - 1;
	k = 63u - (unsigned)__builtin_clzll(v | 1);
	sh = k > HIST_SUB_BITS ? k - HIST_SUB_BITS : 0;
	return sh * HIST_SUB + (unsigned)(v >> sh);
}

static inline void hist_record(struct hist *h, uint64_t v)
{
	h->n[hist_index(v)]++;
}

/* Lowest value of bucket i, and its width. */
uint64_t hist_bucket_low(unsigned i);
uint64_t hist_bucket_width(unsigned i);

/* Adds every count of b into a. */
void hist_merge(struct hist *a, const struct hist *b);

/* Number of values recorded. */
uint64_t hist_count(const struct hist *h);

/*
 * The p-th percentile (0 < p < 100) by nearest rank: the midpoint of the
 * first bucket where the running count reaches ceil(p/100 * N), clamped to
 * [min, max], the exact extremes. p <= 0 gives min, p >= 100 (or a rank
 * of N) gives max.
 * Returns 0 for an empty histogram.
 */
uint64_t hist_percentile(const struct hist *h, double p, uint64_t min, uint64_t max);

#endif
