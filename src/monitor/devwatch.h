/* SPDX-License-Identifier: MIT */
/*
 * devwatch.h: the one sampler of the device counters (devsource.h: Linux's
 * /proc/diskstats, Windows' PDH), for a run's devices and for iobench
 * monitor. Each snapshot reads them once for every device watched: a run's at the measured window's start and end (and at each
 * interval edge), its in-flight count sampled while the window is open
 * (Perfmon's Current Disk Queue Length); monitor's once per interval.
 */
#ifndef IOB_MONITOR_DEVWATCH_H
#define IOB_MONITOR_DEVWATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "monitor/diskstats.h"

/* One block device under the targets, over the measured window (devwatch.c samples it). */
struct dev_sample {
	unsigned major, minor;
	char name[64];
	struct diskstats a, b;		/* at the window's start and end */
	bool have_a, have_b;
	uint32_t q_min, q_max;		/* sampled in_flight while the window was open */
	uint64_t q_sum, q_n;
	struct diskstats *iv;		/* snapshots at each interval edge inside the window */
	uint64_t *iv_ns;		/* when, from the window's start */
	unsigned niv, iv_cap;
	unsigned host;			/* a merged result: the host (index into hosts) it is on */
};

struct devwatch {
	struct dev_sample *dev;
	unsigned n, ndev_cap;
	struct devsource *src;	/* the counters, opened by the first add */
	bool lost;		/* a read found no room: the samples are dropped (devwatch_end) */
};

/*
 * Adds device major:minor to dw (zeroed to start; a device already there is
 * not added again), with room for iv_cap interval snapshots. Returns 0 or
 * -ENOMEM.
 */
int devwatch_add(struct devwatch *dw, unsigned major, unsigned minor, const char *name,
		 unsigned iv_cap);

/* Adds every device the counters list. Returns 0, -ENOMEM, or -errno when they cannot be read. */
int devwatch_add_all(struct devwatch *dw, unsigned iv_cap);

/* After the last sample: closes the counters; with a sample lost, marks every device without data. */
void devwatch_end(struct devwatch *dw);

/* Snapshot a (start, which 0) or b (end, which 1) of every device; false when unreadable. */
bool devwatch_snapshot(struct devwatch *dw, int which);

/*
 * Samples every device's in-flight count; at an interval edge (t_ns from
 * the window's start) also keeps the whole snapshot for the device series.
 */
void devwatch_sample(struct devwatch *dw, bool edge, uint64_t t_ns);

/* The entry of device major:minor, or NULL. */
const struct dev_sample *devwatch_find(const struct dev_sample *d, unsigned n, unsigned major,
				       unsigned minor);

#endif
