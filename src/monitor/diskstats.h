/* SPDX-License-Identifier: MIT */
/*
 * diskstats.h: the kernel's block-device counters (/proc/diskstats) and what
 * iostat -x and Perfmon's PhysicalDisk derive from them. The parser and the
 * formulas are pure functions of text and numbers, tested apart from /proc.
 *
 * A line is "major minor name" and then 4 (2.6 partitions), 11, 15 (4.18+:
 * discards), 17 (5.5+: flushes) or 20 stat fields; the fields beyond 17 are
 * not interpreted. Counts are 64-bit; the *_ticks, io_ticks and time_in_queue
 * fields are 32-bit millisecond counters in the kernel and wrap at 2^32, so
 * their deltas are taken modulo 2^32.
 */
#ifndef IOB_DISKSTATS_H
#define IOB_DISKSTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct diskstats {
	unsigned major, minor;
	char name[64];
	unsigned nfields;		/* stat fields on the line */
	uint64_t rd_ios, rd_merges, rd_sectors;
	uint32_t rd_ticks;
	uint64_t wr_ios, wr_merges, wr_sectors;
	uint32_t wr_ticks;
	uint32_t in_flight, io_ticks, time_in_queue;
	uint64_t dc_ios, dc_merges, dc_sectors;
	uint32_t dc_ticks;
	uint64_t fl_ios;
	uint32_t fl_ticks;
	uint64_t split_ios;		/* Windows: I/Os split in two or more (Split IO/Sec's count) */
	bool splits;			/* ... counted (Linux splits before it counts: never) */
};

/* Parses one /proc/diskstats line. Returns 0 or -EINVAL. */
int diskstats_parse_line(const char *line, struct diskstats *d);

/*
 * Finds device major:minor in the text of /proc/diskstats. Returns 0, -ENOENT
 * when it is not listed, or -EINVAL when its line is malformed.
 */
int diskstats_find(const char *text, unsigned major, unsigned minor, struct diskstats *d);

/* The change from a to b: counts subtracted, ticks modulo 2^32. */
struct diskstats_delta {
	uint64_t rd_ios, rd_merges, rd_sectors, rd_ticks;
	uint64_t wr_ios, wr_merges, wr_sectors, wr_ticks;
	uint64_t io_ticks, time_in_queue;
	uint64_t dc_ios, dc_merges, dc_sectors, dc_ticks;
	uint64_t fl_ios, fl_ticks;
	uint64_t split_ios;
	bool splits;			/* both snapshots count them */
	unsigned nfields;		/* the fewer of the two snapshots' */
	bool reset;			/* a count went down: the device was re-created */
};

void diskstats_delta(const struct diskstats *a, const struct diskstats *b,
		     struct diskstats_delta *d);

/*
 * The figures of one interval of secs seconds, under both names. Fields that
 * the kernel does not count (discards before 4.18, flushes before 5.5) are
 * negative; so are ratios without I/O (an await with no reads).
 */
struct disk_metrics {
	/* iostat -x, sysstat's formulas */
	double r_s, w_s, d_s, f_s;		/* completions per second */
	double rkb_s, wkb_s, dkb_s;		/* kB (1024 bytes) per second */
	double rrqm_s, wrqm_s, rrqm_pct, wrqm_pct;
	double r_await, w_await, d_await, f_await;	/* ms */
	double rareq_sz, wareq_sz;		/* kB */
	double aqu_sz;
	double util;				/* % of time with I/O in flight */
	/* Perfmon PhysicalDisk */
	double transfers_s, reads_s, writes_s;
	double bytes_s, read_bytes_s, write_bytes_s;
	double sec_per_transfer, sec_per_read, sec_per_write;	/* s */
	double bytes_per_transfer, bytes_per_read, bytes_per_write;
	double avg_queue_length, avg_read_queue_length, avg_write_queue_length;
	double idle_pct;			/* % Idle Time = 100 - util */
	double split_s;				/* Split IO/Sec; -1 where not counted (Linux) */
};

void diskstats_metrics(const struct diskstats_delta *d, double secs, struct disk_metrics *m);

#endif
