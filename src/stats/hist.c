/* SPDX-License-Identifier: MIT */
/* hist.c: bucket geometry, merging and percentiles of the latency histogram. */
#include <math.h>

#include "stats/hist.h"
#include "util/banned.h"

uint64_t hist_bucket_low(unsigned i)
{
	unsigned sh = i / HIST_SUB;

	if (sh <= 1)
		return i;
	sh--;
	return (uint64_t)(i - sh * HIST_SUB) << sh;
}

uint64_t hist_bucket_width(unsigned i)
{
	unsigned sh = i / HIST_SUB;

	return sh <= 1 ? 1 : 1ull << (sh - 1);
}

void hist_merge(struct hist *a, const struct hist *b)
{
	for (unsigned i = 0; i < HIST_NBUCKETS; i++)
		a->n[i] += b->n[i];
}

uint64_t hist_count(const struct hist *h)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < HIST_NBUCKETS; i++)
		n += h->n[i];
	return n;
}

uint64_t hist_percentile(const struct hist *h, double p, uint64_t min, uint64_t max)
{
	uint64_t total = hist_count(h), rank, seen = 0;

	if (!total)
		return 0;
	if (p <= 0)
		return min;
	if (p >= 100)
		return max;
	rank = (uint64_t)ceil(p / 100.0 * (double)total);
	if (rank < 1)
		rank = 1;
	if (rank >= total)	/* the highest value recorded: known exactly */
		return max;
	for (unsigned i = 0; i < HIST_NBUCKETS; i++) {
		seen += h->n[i];
		if (seen >= rank) {
			uint64_t v = hist_bucket_low(i) + hist_bucket_width(i) / 2;

			return v < min ? min : v > max ? max : v;
		}
	}
	return max;
}
