/* SPDX-License-Identifier: MIT */
/*
 * workload.h: the one plain description of a run. Every front end (the
 * DiskSpd-style command line, the quick suite, later fio job files) fills a
 * struct workload; the core executes it. Nothing here refers to an open file
 * or a running thread, so a workload can be printed, compared or re-run.
 */
#ifndef IOB_WORKLOAD_H
#define IOB_WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>

/* Caching, from DiskSpd's -S flags (see docs/cli.md for the mapping). */
#define CACHE_DIRECT        1u	/* -Su, -Sr, -Sh: O_DIRECT */
#define CACHE_WRITE_THROUGH 2u	/* -Sw, -Sh: O_DSYNC */

enum buf_mode {
	BUF_RANDOM,	/* each I/O buffer filled with random bytes once (default) */
	BUF_ZERO,	/* -Z: zeroed buffers */
	BUF_SOURCE,	/* -Z<size>: writes take a block at a random offset of a random buffer */
};

/* What to do with one target: DiskSpd keeps these per target, so do we. */
struct target_spec {
	char *path;
	uint64_t block_size;	/* -b, bytes */
	uint64_t create_size;	/* -c: create/fill the file at this size; 0 = use as is */
	uint64_t base_offset;	/* -B */
	uint64_t max_offset;	/* -f: exclusive end of the range; 0 = the target's size */
	uint64_t thread_stride;	/* -T: thread k starts at base + k * stride */
	uint64_t random_align;	/* -r: random I/O aligned to this; 0 = sequential */
	uint64_t stride;	/* -s: sequential stride; 0 = the block size */
	uint64_t buf_source_size; /* -Z<size> */
	enum buf_mode buf;
	unsigned write_pct;	/* -w, 0..100 */
	unsigned outstanding;	/* -o: I/Os in flight per thread per target */
	unsigned threads;	/* -t: threads on this target (unused with -F) */
	unsigned cache;		/* CACHE_* */
};

struct workload {
	struct target_spec *targets;
	unsigned ntargets;
	unsigned pool_threads;	/* -F: threads that each work on every target; 0 = per target */
	uint64_t duration_ns;	/* -d */
	uint64_t warmup_ns;	/* -W */
	uint64_t cooldown_ns;	/* -C */
	uint64_t ios_per_thread; /* --ios: count-based run when non-zero */
	uint64_t seed;		/* -z; thread n uses seed + n */
	uint64_t interval_ns;	/* -D: length of a series interval (default 1 s) */
	bool iops_stddev;	/* -D given: print DiskSpd's IopsStdDev column */
	int *affinity;		/* -a<list>: CPUs to pin threads to, round-robin; NULL = all allowed */
	unsigned naffinity;
	bool no_affinity;	/* -n: threads are not pinned */
	bool sqpoll;		/* --sqpoll: io_uring submission queue polled by a kernel thread */
	bool hipri;		/* --hipri: io_uring completions polled (O_DIRECT, poll queues) */
	const char *engine;	/* engine name; NULL = the best one the kernel allows */
	uint64_t null_size;	/* range of a target with the null engine (-f or 1 GiB) */
	bool keep;		/* --keep: leave created files in place */
	bool allow_device_write; /* --allow-device-write */
	char *destroy_signature; /* --destroy-signature=TYPE: write a device carrying TYPE */
	bool overwrite;		/* --overwrite: write/recreate files iobench did not create */
	bool quiet;		/* --quiet: no progress messages */
	char *cmdline;		/* the command line as given, for the report */
	char *series_csv;	/* --series-csv=FILE: the interval series as CSV */
	char *json_path;	/* --json=FILE: the JSON document, beside the text */
	bool json_stdout;	/* -Rjson: the JSON document on stdout instead of the text */
};

/* Frees everything a front end allocated into w and zeroes it. */
void workload_release(struct workload *w);

/* Total number of worker threads the workload starts. */
unsigned workload_threads(const struct workload *w);

#endif
