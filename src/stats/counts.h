/* SPDX-License-Identifier: MIT */
/*
 * counts.h: what one stream (thread x target) counts of its reads or its
 * writes while the window is open: I/Os, bytes, and latency sum, sum of
 * squares, min and max in ns. Owned by one thread; merged after the run.
 */
#ifndef IOB_COUNTS_H
#define IOB_COUNTS_H

#include <stdint.h>

struct io_counts {
	uint64_t ios;
	uint64_t bytes;
	uint64_t lat_sum;	/* ns */
	uint64_t lat_min;	/* ns; UINT64_MAX while ios == 0 */
	uint64_t lat_max;	/* ns */
	double lat_sq;		/* sum of squared ns, for the standard deviation */
};

/* fsync calls: count and latency (ns). */
struct sync_counts {
	uint64_t n, lat_sum, lat_min, lat_max;
	double lat_sq;
};

static inline void counts_record(struct io_counts *c, uint64_t bytes, uint64_t lat)
{
	c->ios++;
	c->bytes += bytes;
	c->lat_sum += lat;
	c->lat_sq += (double)lat * (double)lat;
	if (lat < c->lat_min)
		c->lat_min = lat;
	if (lat > c->lat_max)
		c->lat_max = lat;
}

/* An empty set of counts. */
void counts_init(struct io_counts *c);

/* Adds b into a. */
void counts_merge(struct io_counts *a, const struct io_counts *b);

/* Mean and population standard deviation of the latency, ns; 0 without I/O. */
double counts_lat_mean(const struct io_counts *c);
double counts_lat_stddev(const struct io_counts *c);

#endif
