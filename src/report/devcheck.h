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
#define DEVCHECK_MAX_NOTES 8

/* What explains a gap between iobench's figures and the device's (docs/device.md). */
enum devcause {
	DC_PAGE_CACHE = 1u << 0,	/* buffered I/O served by memory, or writes not yet written back */
	DC_READAHEAD = 1u << 1,		/* buffered reads fetched more than asked */
	DC_WRITEBACK = 1u << 2,		/* buffered writes: write-back of earlier writes */
	DC_MERGES = 1u << 3,		/* the block layer merged requests */
	DC_SPLITS = 1u << 4,		/* each I/O was larger than one request may be */
	DC_JOURNAL = 1u << 5,		/* O_DSYNC writes on a file system commit its journal */
	DC_COMPRESSION = 1u << 6,	/* the file system compresses what it stores */
	DC_HOLES = 1u << 7,		/* reads of holes return zeros without device I/O */
	DC_OTHER_IO = 1u << 8,		/* I/O that is not iobench's */
	DC_CACHE_HITS = 1u << 9,	/* await over iobench's latency: memory served the rest */
	DC_UNEXPLAINED = 1u << 10,	/* a gap none of the above explains */
	DC_FRAGMENTS = 1u << 11,	/* a file's direct I/O cut at its extents: iobench's bytes in more requests */
};

struct devcheck {
	const struct blockdev_info *info;	/* facts (from the first target it holds) */
	const struct dev_sample *sample;
	bool have;				/* counters at both edges of the window */
	struct diskstats_delta d;
	struct disk_metrics m;
	struct queue_samples q;			/* Current Disk Queue Length */
	/* iobench on the targets this device holds */
	uint64_t app_ios, app_bytes;
	uint64_t app_rw_ios[2], app_rw_bytes[2];	/* [0] reads, [1] writes */
	double app_lat_ms;			/* mean */
	double app_qd;				/* achieved, Little's law */
	uint64_t block_size;			/* of its targets; 0 when they differ */
	unsigned ntargets;
	bool buffered;				/* some target without O_DIRECT */
	bool write_through;			/* some target's writes are synced: O_DSYNC, O_SYNC, fsync=N */
	bool on_fs;				/* some target is a file on a file system */
	bool compressing;			/* the file system compresses (btrfs compress) */
	bool holes;				/* a target's range has holes or unwritten extents */
	uint64_t split_lo, split_hi;		/* each I/O becomes this many requests, at least, at most */
	uint64_t req_limit;			/* the device's request limit (pages not contiguous) */
	double pieces;				/* a file's direct I/O: the most pieces its extents cut one into (0: none) */
	unsigned causes;			/* DC_*: what explains the gaps */
	const char *note[DEVCHECK_MAX_NOTES];	/* the likely causes of the gaps found */
	unsigned nnotes;
	int host;				/* a merged result: the first rank of the machine it is on; -1 */
	unsigned machines;			/* a merged result: the machines that see it (a LUN they
						   share, by its WWID or serial): their counters summed */
};

/*
 * One devcheck per device holding a target, into out (room for
 * res->ntargets). Returns how many.
 */
unsigned devcheck_build(const struct workload *w, const struct result *res,
			struct devcheck *out);

/*
 * The same of any result: a merged one's (MPI ranks) machine by machine, each
 * machine's devices against the I/O of all its ranks (result_same_machine),
 * into *out (allocated; the caller frees it). Returns how many, or -1 when
 * out of memory.
 */
int devcheck_build_all(const struct workload *w, const struct result *res, struct devcheck **out);

#endif
