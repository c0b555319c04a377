/* SPDX-License-Identifier: MIT */
/*
 * devcheck.h: iobench's figures held against the device's. For each block
 * device that directly holds one or more targets, the device's counters
 * over the measured window (Perfmon and iostat figures), and a comparison
 * with what iobench did on those targets: I/Os, bytes, request size,
 * latency against await, and queue depth (Little's law). Where two differ
 * by more than 5%, the likely cause is named.
 */
#ifndef IOB_DEVCHECK_H
#define IOB_DEVCHECK_H

#include <stdbool.h>

#include "core/run.h"
#include "job/workload.h"
#include "monitor/diskstats.h"
#include "report/report.h"

#define DEVCHECK_TOLERANCE 0.05
#define DEVCHECK_MAX_NOTES 6

struct devcheck {
	const struct blockdev_info *info;	/* facts (from the first target it holds) */
	const struct dev_sample *sample;
	bool have;				/* counters at both edges of the window */
	struct diskstats_delta d;
	struct disk_metrics m;
	struct queue_samples q;			/* Current Disk Queue Length */
	/* iobench on the targets this device holds */
	uint64_t app_ios, app_bytes;
	double app_lat_ms;			/* mean */
	double app_qd;				/* achieved, Little's law */
	uint64_t block_size;			/* of its targets; 0 when they differ */
	unsigned ntargets;
	bool buffered;				/* some target without O_DIRECT */
	bool write_through;			/* some target writes with O_DSYNC */
	const char *note[DEVCHECK_MAX_NOTES];	/* the likely causes of the gaps found */
	unsigned nnotes;
};

/*
 * One devcheck per device holding a target, into out (room for
 * res->ntargets). Returns how many.
 */
unsigned devcheck_build(const struct workload *w, const struct run_result *res,
			struct devcheck *out);

#endif
