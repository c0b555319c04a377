/* SPDX-License-Identifier: MIT */
/*
 * ivhist.h: the latency histogram of one series interval. The run's own
 * histograms (hist.h) hold the whole window; for percentiles over time each
 * interval keeps a coarser one: four neighbouring buckets of hist.h in one
 * (32 per power of two), so a percentile taken from it is within 1/64
 * (1.6%) of the value. Nothing is recorded into it per I/O: at each interval
 * edge a worker adds what its streams' histograms gained since the last edge
 * (ivhist_fold), once a second, into the run's histogram of that interval,
 * shared by every worker. Like hist.h's, they merge by adding their counts.
 */
#ifndef IOB_IVHIST_H
#define IOB_IVHIST_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "stats/hist.h"

#define IVH_SHIFT 2				/* 2^2 buckets of hist.h in one */
#define IVH_NBUCKETS (HIST_NBUCKETS >> IVH_SHIFT)	/* 1088 */

struct ivhist {
	uint64_t n[IVH_NBUCKETS];
};

/* Lowest value of bucket i, and its width (ns). */
uint64_t ivhist_bucket_low(unsigned i);
uint64_t ivhist_bucket_width(unsigned i);

/* The bucket holding value v (ns). */
unsigned ivhist_index(uint64_t v);

/*
 * A run's interval histograms kept for the result: sparse, each interval's
 * non-empty buckets in ascending order, reads' then writes'. Interval k,
 * direction d (0 reads, 1 writes) has pairs[at[2k + d]] up to pairs[at[2k + d + 1]].
 * An interval whose counts were lost (ivring_fold) holds none: its
 * percentiles are unknown.
 */
struct ivlat_pair {
	uint32_t bucket;	/* ivhist bucket */
	uint64_t n;
};

struct ivlat {
	uint32_t *at;		/* 2 * nint + 1 offsets into pairs */
	struct ivlat_pair *pairs;
	uint32_t npairs, cap;	/* pairs used, and their room */
	unsigned nint, nint_cap;	/* intervals held, and room in at */
};

/* Appends interval nint from h[0..1] (reads, writes). 0, or -ENOMEM (l is left as it was). */
int ivlat_append(struct ivlat *l, const struct ivhist *h);

/* Direction d's I/Os counted in interval k. */
uint64_t ivlat_count(const struct ivlat *l, unsigned k, int d);

/* The p-th percentile of direction d in interval k, as ivhist_percentile(). */
/*
 * The p-th percentile of direction d in interval k by nearest rank, as
 * hist_percentile(): the midpoint of the bucket, clamped to max (the
 * interval's highest value, kept exactly in its series); p >= 100 gives
 * max. 0 for an empty interval.
 */
uint64_t ivlat_percentile(const struct ivlat *l, unsigned k, int d, double p, uint64_t max);

/* Interval k's direction d into h (zeroed first). */
void ivlat_get(const struct ivlat *l, unsigned k, int d, struct ivhist *h);

void ivlat_free(struct ivlat *l);

/*
 * Where the workers fold their intervals while the run goes on: a ring of
 * dense interval histograms, emptied into an ivlat by the run's main thread
 * once every worker has left an interval. A worker folds an interval when it
 * leaves it (ivring_fold); one that lags so far behind the others that its
 * interval has left the ring, or is not yet in it, loses its counts there
 * (the interval's percentiles are then unknown: its counts fall short of the
 * series').
 */
struct ivring {
	struct ivhist *slot;	/* ring[k % nring]: reads' and writes', 2 each */
	unsigned nring;
	unsigned nslots;	/* intervals in the series */
	atomic_uint done;	/* intervals below this are in out, their slots free */
	atomic_bool lost;	/* a fold found its interval outside the ring */
	bool oom;		/* out had no room: no interval histograms */
	struct ivlat out;
};

/* A ring for a series of nslots intervals of interval_ns. 0 or -ENOMEM. */
int ivring_init(struct ivring *r, unsigned nslots, uint64_t interval_ns);

/*
 * A worker leaves interval k: adds what cur[0..1] (a stream's reads' and
 * writes' histograms) gained since prev[0..1] into the interval, and makes
 * prev equal cur. The adds are atomic (relaxed): workers share intervals.
 */
void ivring_fold(struct ivring *r, unsigned k, const struct hist *cur, struct hist *prev);

/* Moves every interval below upto (no worker folds there any more) into out. */
void ivring_drain(struct ivring *r, unsigned upto);

/* Frees the ring; out stays (the result takes it). */
void ivring_free(struct ivring *r);

#endif
