/* SPDX-License-Identifier: MIT */
/*
 * series.h: the per-interval series. Each stream keeps one slot per interval
 * of the measured window (1 s by default, DiskSpd's -D<ms>): reads and
 * writes apart, I/Os, bytes, latency sum and maximum. Slots are written by
 * the stream's own thread only; a slot is final once its thread has moved on.
 */
#ifndef IOB_SERIES_H
#define IOB_SERIES_H

#include <stdint.h>

struct interval {
	uint64_t ios[2];
	uint64_t bytes[2];
	uint64_t lat_sum[2];	/* ns */
	uint64_t lat_max[2];	/* ns */
	uint64_t lat_min[2];	/* ns (when ios is not 0) */
	double lat_sq[2];	/* the latencies' squares, ns^2: their standard deviation */
};

static inline void interval_record(struct interval *iv, int rw, uint64_t bytes, uint64_t lat)
{
	iv->ios[rw]++;
	iv->bytes[rw] += bytes;
	iv->lat_sum[rw] += lat;
	iv->lat_sq[rw] += (double)lat * (double)lat;
	if (lat > iv->lat_max[rw])
		iv->lat_max[rw] = lat;
	if (lat < iv->lat_min[rw] || iv->ios[rw] == 1)
		iv->lat_min[rw] = lat;
}

/* The population standard deviation of an interval's latencies of kind rw, ns (0 without I/O). */
double interval_lat_stddev(const struct interval *iv, int rw);

/* Adds b into a. */
void interval_merge(struct interval *a, const struct interval *b);

/*
 * Population standard deviation of the IOPS over the first n intervals of
 * length interval_ns, counting kind rw (0 reads, 1 writes, 2 both).
 * Returns a negative value when n is 0.
 */
double series_iops_stddev(const struct interval *s, unsigned n, int rw, uint64_t interval_ns);

#endif
