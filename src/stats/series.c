/* SPDX-License-Identifier: MIT */
/* series.c: merging intervals and the IOPS standard deviation (DiskSpd's IopsStdDev). */
#include <math.h>

#include "stats/series.h"
#include "util/banned.h"

void interval_merge(struct interval *a, const struct interval *b)
{
	for (int k = 0; k < 2; k++) {
		if (b->ios[k] && (!a->ios[k] || b->lat_min[k] < a->lat_min[k]))
			a->lat_min[k] = b->lat_min[k];
		a->lat_sq[k] += b->lat_sq[k];
		a->ios[k] += b->ios[k];
		a->bytes[k] += b->bytes[k];
		a->lat_sum[k] += b->lat_sum[k];
		if (b->lat_max[k] > a->lat_max[k])
			a->lat_max[k] = b->lat_max[k];
	}
}

double interval_lat_stddev(const struct interval *iv, int rw)
{
	double n = (double)iv->ios[rw], mean, var;

	if (!iv->ios[rw])
		return 0;
	mean = (double)iv->lat_sum[rw] / n;
	var = iv->lat_sq[rw] / n - mean * mean;
	return var > 0 ? sqrt(var) : 0;
}

double series_iops_stddev(const struct interval *s, unsigned n, int rw, uint64_t interval_ns)
{
	double sum = 0, sq = 0, secs = (double)interval_ns / 1e9, mean;

	if (!n)
		return -1;
	for (unsigned i = 0; i < n; i++) {
		double iops = (double)(rw == 2 ? s[i].ios[0] + s[i].ios[1] : s[i].ios[rw]) / secs;

		sum += iops;
		sq += iops * iops;
	}
	mean = sum / n;
	return sqrt(fmax(sq / n - mean * mean, 0));
}
