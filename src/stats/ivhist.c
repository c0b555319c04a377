/* SPDX-License-Identifier: MIT */
/* ivhist.c: the per-interval histograms: geometry, the fold at an edge, percentiles. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/ivhist.h"
#include "util/banned.h"

uint64_t ivhist_bucket_low(unsigned i)
{
	return hist_bucket_low(i << IVH_SHIFT);
}

uint64_t ivhist_bucket_width(unsigned i)
{
	return hist_bucket_width(i << IVH_SHIFT) << IVH_SHIFT;
}

unsigned ivhist_index(uint64_t v)
{
	return hist_index(v) >> IVH_SHIFT;
}

int ivlat_append(struct ivlat *l, const struct ivhist *h)
{
	uint32_t need = 0;

	for (int d = 0; d < 2; d++)
		for (unsigned i = 0; i < IVH_NBUCKETS; i++)
			need += h[d].n[i] != 0;
	if (l->nint + 1 > l->nint_cap) {
		unsigned cap = l->nint_cap ? 2 * l->nint_cap : 64;
		uint32_t *at = realloc(l->at, (2 * (size_t)cap + 1) * sizeof(*at));

		if (!at)
			return -ENOMEM;
		if (!l->nint_cap)
			at[0] = 0;
		l->at = at;
		l->nint_cap = cap;
	}
	if (l->npairs + need > l->cap) {
		uint32_t cap = l->cap ? l->cap : 256;
		struct ivlat_pair *p;

		while (cap < l->npairs + need)
			cap *= 2;
		p = realloc(l->pairs, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		l->pairs = p;
		l->cap = cap;
	}
	for (int d = 0; d < 2; d++) {
		for (unsigned i = 0; i < IVH_NBUCKETS; i++)
			if (h[d].n[i])
				l->pairs[l->npairs++] = (struct ivlat_pair){ i, h[d].n[i] };
		l->at[2 * l->nint + d + 1] = l->npairs;
	}
	l->nint++;
	return 0;
}

uint64_t ivlat_count(const struct ivlat *l, unsigned k, int d)
{
	uint64_t n = 0;

	if (k >= l->nint)
		return 0;
	for (uint32_t i = l->at[2 * k + d]; i < l->at[2 * k + d + 1]; i++)
		n += l->pairs[i].n;
	return n;
}

uint64_t ivlat_percentile(const struct ivlat *l, unsigned k, int d, double p, uint64_t max)
{
	uint64_t total = ivlat_count(l, k, d), rank, seen = 0;

	if (!total)
		return 0;
	if (p >= 100)
		return max;
	rank = (uint64_t)ceil((p > 0 ? p : 0) / 100.0 * (double)total);
	if (rank < 1)
		rank = 1;
	if (rank >= total)
		return max;
	for (uint32_t i = l->at[2 * k + d]; i < l->at[2 * k + d + 1]; i++) {
		seen += l->pairs[i].n;
		if (seen >= rank) {
			unsigned b = l->pairs[i].bucket;
			uint64_t v = ivhist_bucket_low(b) + ivhist_bucket_width(b) / 2;

			return v > max ? max : v;
		}
	}
	return max;
}

void ivlat_get(const struct ivlat *l, unsigned k, int d, struct ivhist *h)
{
	memset(h, 0, sizeof(*h));
	if (k >= l->nint)
		return;
	for (uint32_t i = l->at[2 * k + d]; i < l->at[2 * k + d + 1]; i++)
		h->n[l->pairs[i].bucket] += l->pairs[i].n;
}

void ivlat_free(struct ivlat *l)
{
	free(l->at);
	free(l->pairs);
	memset(l, 0, sizeof(*l));
}

/* A ring holds the intervals of this many seconds (a worker may lag that long), within bounds. */
#define IVRING_SECONDS 8
#define IVRING_MIN 4
#define IVRING_MAX 1024

int ivring_init(struct ivring *r, unsigned nslots, uint64_t interval_ns)
{
	uint64_t n = IVRING_SECONDS * 1000000000ull / (interval_ns ? interval_ns : 1) + 1;

	memset(r, 0, sizeof(*r));
	n = n < IVRING_MIN ? IVRING_MIN : n > IVRING_MAX ? IVRING_MAX : n;
	r->nring = n < nslots ? (unsigned)n : nslots;
	r->nslots = nslots;
	r->slot = calloc(2 * (size_t)(r->nring ? r->nring : 1), sizeof(*r->slot));
	return r->slot ? 0 : -ENOMEM;
}

void ivring_fold(struct ivring *r, unsigned k, const struct hist *cur, struct hist *prev)
{
	unsigned done = atomic_load_explicit(&r->done, memory_order_acquire);
	struct ivhist *to = k >= done && k - done < r->nring ? &r->slot[2 * (k % r->nring)] : NULL;

	for (int d = 0; d < 2; d++)
		for (unsigned i = 0; i < HIST_NBUCKETS; i++)
			if (cur[d].n[i] != prev[d].n[i]) {
				if (to)
					__atomic_fetch_add(&to[d].n[i >> IVH_SHIFT],
							   cur[d].n[i] - prev[d].n[i], __ATOMIC_RELAXED);
				else
					atomic_store_explicit(&r->lost, true, memory_order_relaxed);
				prev[d].n[i] = cur[d].n[i];
			}
}

void ivring_drain(struct ivring *r, unsigned upto)
{
	unsigned k = atomic_load_explicit(&r->done, memory_order_relaxed);

	if (upto > r->nslots)
		upto = r->nslots;
	for (; k < upto; k++) {
		struct ivhist *h = &r->slot[2 * (k % r->nring)];

		/* a slot the workers wrote is read after their release of it (its edge's iv_at) */
		if (!r->oom && ivlat_append(&r->out, h)) {
			r->oom = true;
			ivlat_free(&r->out);
		}
		memset(h, 0, 2 * sizeof(*h));
		atomic_store_explicit(&r->done, k + 1, memory_order_release);
	}
}

void ivring_free(struct ivring *r)
{
	free(r->slot);
	r->slot = NULL;
}
