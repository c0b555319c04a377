/* SPDX-License-Identifier: MIT */
/*
 * devsource.h: where a platform's block-device counters come from, for the
 * one sampler (devwatch.h). Linux reads /proc/diskstats; Windows reads
 * Perfmon's PhysicalDisk counters through PDH (monitor/win/devsource.c).
 * Each read takes one snapshot of every device; find and each look into the
 * last one. A device is its (major, minor): Linux's numbers; on Windows 0 and
 * the physical drive's number.
 */
#ifndef IOB_MONITOR_DEVSOURCE_H
#define IOB_MONITOR_DEVSOURCE_H

#include <stdbool.h>

#include "monitor/diskstats.h"

struct devsource;

/* Opens the counters (nothing read yet). Returns 0, -ENOMEM, or -errno when there are none. */
int devsource_open(struct devsource **out);

void devsource_close(struct devsource *s);

/*
 * One snapshot of every device's counters. Returns 0, -ENOMEM (room for the
 * snapshot could not be made: the caller drops its samples), or another
 * -errno when they cannot be read.
 */
int devsource_read(struct devsource *s);

/* Device major:minor in the last snapshot: 0, -ENOENT when it is not there, -EINVAL malformed. */
int devsource_find(struct devsource *s, unsigned major, unsigned minor, struct diskstats *d);

/* Calls fn on each device of the last snapshot until it returns non-zero; returns that, or 0. */
int devsource_each(struct devsource *s, int (*fn)(const struct diskstats *d, void *arg), void *arg);

/* Whether the counters have device major:minor now (one open, read and find); why not: devsource_why. */
bool devsource_has(unsigned major, unsigned minor);

/* Where the counters come from, for messages: "/proc/diskstats", "PDH's PhysicalDisk". */
const char *devsource_name(void);

/* Why the last open, read or find failed, or "": PDH's own words on Windows. */
const char *devsource_why(void);

#endif
