/* SPDX-License-Identifier: MIT */
/* counts.c: merging and summarising per-stream counts. */
#include <math.h>

#include "stats/counts.h"
#include "util/banned.h"

void counts_init(struct io_counts *c)
{
	*c = (struct io_counts){ .lat_min = UINT64_MAX };
}

void counts_merge(struct io_counts *a, const struct io_counts *b)
{
	a->ios += b->ios;
	a->bytes += b->bytes;
	a->lat_sum += b->lat_sum;
	a->lat_sq += b->lat_sq;
	if (b->lat_min < a->lat_min)
		a->lat_min = b->lat_min;
	if (b->lat_max > a->lat_max)
		a->lat_max = b->lat_max;
}

double counts_lat_mean(const struct io_counts *c)
{
	return c->ios ? (double)c->lat_sum / (double)c->ios : 0.0;
}

double counts_lat_stddev(const struct io_counts *c)
{
	double mean, var;

	if (!c->ios)
		return 0.0;
	mean = counts_lat_mean(c);
	var = c->lat_sq / (double)c->ios - mean * mean;
	return var > 0 ? sqrt(var) : 0.0;
}
