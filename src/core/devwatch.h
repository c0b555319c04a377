/* SPDX-License-Identifier: MIT */
/*
 * devwatch.h: the device side of a run. Every block device under the
 * targets is snapshotted (/proc/diskstats, read once per snapshot) at the
 * measured window's start and end, and its in-flight count is sampled while
 * the window is open (Perfmon's Current Disk Queue Length).
 */
#ifndef IOB_DEVWATCH_H
#define IOB_DEVWATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/target.h"
#include "monitor/diskstats.h"
#include "result/result.h"

struct devwatch {
	struct dev_sample *dev;
	unsigned n;
	char *buf;		/* /proc/diskstats as last read */
	size_t cap;
	bool lost;		/* a read found no room: the samples are dropped (devwatch_end) */
};

/*
 * One entry per distinct device under the targets, with room for
 * iv_cap interval snapshots each. Returns 0 or -ENOMEM.
 */
int devwatch_init(struct devwatch *dw, const struct target *t, unsigned nt, unsigned iv_cap);

/* After the last sample: frees the buffer; with a sample lost, marks every device without data. */
void devwatch_end(struct devwatch *dw);

/* Snapshot a (start, which 0) or b (end, which 1) of every device. */
void devwatch_snapshot(struct devwatch *dw, int which);

/*
 * Samples every device's in-flight count; at an interval edge (t_ns from
 * the window's start) also keeps the whole snapshot for the device series.
 */
void devwatch_sample(struct devwatch *dw, bool edge, uint64_t t_ns);

/* The entry of device major:minor, or NULL. */
const struct dev_sample *devwatch_find(const struct dev_sample *d, unsigned n, unsigned major,
				       unsigned minor);

#endif
