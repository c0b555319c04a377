/* SPDX-License-Identifier: MIT */
/* series.c: merging intervals and the IOPS standard deviation (DiskSpd's IopsStdDev). */
#include <math.h>

#include "stats/series.h"
#include "util/banned.h"

void interval_merge(struct interval *a, const struct interval *b)
{
	for (int k = 0; k < 2; k++) {
		a->ios[k] += b->ios[k];
		a->bytes[k] += b->bytes[k];
		a->lat_sum[k] += b->lat_sum[k];
		if (b->lat_max[k] > a->lat_max[k])
			a->lat_max[k] = b->lat_max[k];
	}
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
