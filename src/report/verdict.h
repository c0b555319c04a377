/* SPDX-License-Identifier: MIT */
/*
 * verdict.h: what the figures mean. Warnings where a figure may lie (page
 * cache, a data set that fits in RAM, compressing devices, holes in a file,
 * a short run, no device data, other I/O on the device), and a verdict:
 * latency against practitioners' thresholds, queue length per spindle, the
 * device class the IOPS resemble, and which application loads they would
 * carry. Sources of every threshold and figure: docs/verdict.md.
 */
#ifndef IOB_VERDICT_H
#define IOB_VERDICT_H

#include <stdbool.h>

#include "core/run.h"
#include "job/workload.h"
#include "report/devcheck.h"

#define VERDICT_MAX_WARNINGS 16

struct warning {
	const char *code;	/* stable identifier: page_cache, short_run, ... */
	char text[400];
};

struct app_load {
	const char *name;
	double iops;		/* what it needs */
	bool carries;
};

struct verdict {
	struct warning warn[VERDICT_MAX_WARNINGS];
	unsigned nwarn;
	bool measured;			/* there is a verdict at all */
	bool rotational;		/* judged by the HDD rules */
	const char *not_judged;		/* why no device was judged (the page cache, no device), or NULL */
	double mean_ms, p99_ms;
	const char *latency;		/* "good", "warning", "critical" */
	char latency_text[400];
	bool queue_flag;		/* rotational: queue length per spindle over 2 */
	double queue_length;		/* the device's Avg. Disk Queue Length, or < 0 */
	double queue_own;		/* of it, what iobench itself kept in flight (achieved depth) */
	char resembles[300];
	bool small_random;		/* the loads below apply: random I/O of 64 KiB or less */
	double iops;
	struct app_load loads[3];
};

struct summary;

/* Judges a run; c/nc from devcheck_build(); s is scratch space the caller owns. */
void verdict_build(const struct workload *w, const struct result *res,
		   const struct devcheck *c, unsigned nc, struct verdict *v, struct summary *s);

#endif
