/* SPDX-License-Identifier: MIT */
/*
 * perfdisk.h: one PhysicalDisk instance's raw Perfmon counters (what PDH
 * keeps before it formats them) as that device's struct diskstats, so that
 * Windows' counters take the same deltas and formulas as Linux's
 * (diskstats.h). Pure: tested on both platforms.
 *
 * The raw values, and the Perfmon counters they are the first value of:
 * reads, writes (Disk Reads/sec, Disk Writes/sec: counts); read_bytes,
 * write_bytes (Disk Read/Write Bytes/sec); read_time, write_time (Avg. Disk
 * sec/Read, /Write, PERF_AVERAGE_TIMER: the sum of the I/Os' times, in ticks
 * of time_base a second); queue_time (Avg. Disk Queue Length,
 * PERF_COUNTER_100NS_QUEUELEN_TYPE: in-flight count x time, 100 ns); idle and
 * stamp (% Idle Time, PERF_PRECISION_100NS_TIMER: idle time and its clock,
 * 100 ns); splits (Split IO/Sec: count); current_queue (Current Disk Queue
 * Length).
 */
#ifndef IOB_MONITOR_PERFDISK_H
#define IOB_MONITOR_PERFDISK_H

#include <stdint.h>

#include "monitor/diskstats.h"

struct perfdisk_raw {
	uint64_t reads, writes, read_bytes, write_bytes;
	uint64_t read_time, write_time, time_base;
	uint64_t queue_time, idle, stamp, splits;
	uint32_t current_queue;
};

/*
 * r as device 0:disk named name: counts as they are, bytes in 512-byte
 * sectors, times in the milliseconds of Linux's 32-bit tick fields (their
 * deltas wrap as Linux's do), busy time (io_ticks) as stamp - idle; no
 * merges, discards or flushes (nfields 11); splits counted.
 */
void perfdisk_to_diskstats(const struct perfdisk_raw *r, unsigned disk, const char *name,
			   struct diskstats *d);

/*
 * The physical disk number a PhysicalDisk instance's name begins with ("0 C:
 * D:" is 0, "3" is 3); -1 for "_Total" and any other.
 */
int perfdisk_instance_disk(const char *instance);

#endif
