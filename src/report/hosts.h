/* SPDX-License-Identifier: MIT */
/*
 * hosts.h: the hosts of a merged result (MPI ranks) side by side: each
 * host's own totals and percentiles (its rows' histograms summed), when it
 * was done, and which hosts stand apart from the median host.
 */
#ifndef IOB_HOSTS_H
#define IOB_HOSTS_H

#include <stdbool.h>
#include <stdint.h>

#include "result/result.h"

/* A host apart: its IOPS this far under the median host's, or its p99 this far over. */
#define HOSTS_APART_IOPS 0.20
#define HOSTS_APART_P99 0.50

struct host_figs {
	uint64_t ios, bytes;
	double iops, mib_s, lat_mean_ms;
	uint64_t p50_ns, p99_ns, max_ns;
	uint64_t done_ns;		/* its window's end (count-based: its last I/O), from the start */
	double iops_off, p99_off;	/* against the median host's: -0.25 = 25% under */
	bool apart;			/* beyond HOSTS_APART_IOPS or HOSTS_APART_P99 */
};

struct hosts_summary {
	unsigned n;
	struct host_figs *f;		/* one per host */
	unsigned first, last;		/* the hosts done first and last */
	double median_iops;
	uint64_t median_p99_ns;
	unsigned napart;
	uint64_t clock_max_ns;		/* the largest |wall-clock offset| against rank 0's */
	unsigned clock_worst;		/* ... its host */
	uint64_t clock_sure_ns;		/* the largest offset beyond its uncertainty (|offset| - error) */
	unsigned clock_sure_worst;	/* ... its host */
	uint64_t late_max_ns;		/* the latest a host woke at the common start */
};

/* Fills s from res (res->nhosts hosts). 0 or -ENOMEM; hosts_free() after. */
int hosts_build(struct hosts_summary *s, const struct result *res);
void hosts_free(struct hosts_summary *s);

#endif
