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
#include <stddef.h>
#include <stdint.h>

#include "util/vpattern.h"

/* Caching, from DiskSpd's -S flags (see docs/cli.md for the mapping). */
#define CACHE_DIRECT        1u	/* -Su, -Sr, -Sh: O_DIRECT */
#define CACHE_WRITE_THROUGH 2u	/* -Sw, -Sh: O_DSYNC */
#define CACHE_SYNC          4u	/* fio's sync=sync: O_SYNC (data and metadata) */
#define CACHE_NO_LOCAL      8u	/* -Sr: DiskSpd's remote-cache switch, O_DIRECT (with CACHE_DIRECT)
				   as on a network file system; kept apart for DiskSpd's profile */

/*
 * Open hints, given as posix_fadvise(2) on the target's descriptor once it is
 * open: DiskSpd's -fr, -fs (FILE_FLAG_RANDOM_ACCESS, FILE_FLAG_SEQUENTIAL_SCAN)
 * and fio's fadvise_hint (by default the job's pattern: random or sequential).
 */
#define HINT_RANDOM     1u	/* POSIX_FADV_RANDOM: no read-ahead */
#define HINT_SEQUENTIAL 2u	/* POSIX_FADV_SEQUENTIAL: a larger read-ahead */
#define HINT_NOREUSE    4u	/* POSIX_FADV_NOREUSE: the data is read or written once */

/* --continue-on-error (fio's continue_on_error): which failed I/Os do not stop the run. */
#define CONTINUE_READ  1u
#define CONTINUE_WRITE 2u
#define CONTINUE_VERIFY 4u	/* verify mismatches */

/*
 * fio's ignore_error: per error type (0 reads, 1 writes, 2 verify, as fio's
 * ERROR_TYPE_*_BIT), the errnos that continue_on_error goes on past. An empty
 * list goes on past any error (the DiskSpd front end); the fio front end
 * always gives one (fio's default: EIO and EILSEQ).
 */
#define ERR_TYPES 3
#define ERR_LIST_MAX 32
struct err_list {
	unsigned n;
	int err[ERR_LIST_MAX];
};

enum buf_mode {
	BUF_RANDOM,	/* random bytes, fresh in every write (fio's default, DiskSpd's -Zr;
			   see compress/dedupe) */
	BUF_ZERO,	/* -Z: zeroed buffers */
	BUF_SOURCE,	/* -Z<size>: writes take a block at a random offset of a random buffer */
	BUF_PATTERN,	/* --pattern: a fixed pattern, repeated */
	BUF_SEQUENCE,	/* DiskSpd's default without -Z: byte i of a buffer is i % 256 */
};

#define PATTERN_MAX 64

/* What a write's buffer gets before each write (fio's scramble_buffers and refill_buffers). */
enum write_refresh {
	REFRESH_AUTO,		/* random data scrambled (fresh words in every 512 bytes), else none */
	REFRESH_NONE,		/* the buffer as it was laid down, every time */
	REFRESH_FULL,		/* the whole buffer refilled with fresh random data */
};

/*
 * fio's bsrange and bssplit: each I/O's size drawn at random. A range
 * (n == 0) is lo, lo + step, ... up to hi, all equally likely; a split holds
 * n sizes with the percentage of I/Os each takes (they add up to 100).
 */
#define BS_SPLIT_MAX 64
struct bs_dist {
	uint32_t lo, hi, step;
	unsigned n;
	uint32_t len[BS_SPLIT_MAX];
	uint32_t pct[BS_SPLIT_MAX];
};

/*
 * Where random offsets go (issue 16): DiskSpd's -rdpct and -rdabs ranges, fio's
 * random_distribution. A range takes io % of the I/Os (src: the I/Os before
 * it, cumulative) into [first, first + len): target percent for DiskSpd's pct
 * and fio's zoned, bytes for DiskSpd's abs (len 0: to the end) and fio's
 * zoned_abs. An io of 0 is a hole (DiskSpd's): no I/O goes there. The ranges
 * are kept as given (DiskSpd's profile shows them); core/gen.c makes the
 * effective ones once the target's size is known, as DiskSpd and fio do.
 */
enum dist_kind {
	DIST_NONE,		/* uniform over the range */
	DIST_DISKSPD_PCT,	/* -rdpct<IO%>/<Target%>:... */
	DIST_DISKSPD_ABS,	/* -rdabs<IO%>/<size>:... */
	DIST_ZONED,		/* fio's zoned:<access%>/<size%>:... */
	DIST_ZONED_ABS,		/* fio's zoned_abs:<access%>/<size>:... */
	DIST_ZIPF,		/* fio's zipf:theta */
	DIST_PARETO,		/* fio's pareto:h */
	DIST_NORMAL,		/* fio's normal:sigma (percent of the range) */
};
#define DIST_RANGES_MAX 256	/* fio's ZONESPLIT_MAX; DiskSpd's pct form has at most 100 */
struct dist_range {
	uint32_t src, io;
	uint64_t first, len;
};
struct access_dist {
	enum dist_kind kind;
	double param;		/* zipf's theta, pareto's h, normal's sigma */
	double center;		/* fio's :center (0..1), or -1: fio's default */
	unsigned n[2];		/* ranges for [0] reads (or trims), [1] writes (0: as reads) */
	struct dist_range r[2][DIST_RANGES_MAX];
};

/* fio's mem= (iomem=): what a thread's I/O buffers are made of (core/iomem.h). */
enum buf_mem {
	MEM_MALLOC,		/* malloc (posix_memalign): the default */
	MEM_SHM,		/* a SysV shared memory segment (shmget) */
	MEM_SHMHUGE,		/* ... on huge pages (SHM_HUGETLB) */
	MEM_MMAP,		/* a private mapping: anonymous, or of mem_file */
	MEM_MMAPHUGE,		/* huge pages: anonymous (MAP_HUGETLB), or a hugetlbfs mem_file */
	MEM_MMAPSHARED,		/* a shared mapping: anonymous (private, as fio), or of mem_file */
};

/* fio's fallocate=: how a file to create is allocated before it is laid out. */
enum prealloc {
	PREALLOC_NONE,		/* nothing (the DiskSpd front end's default) */
	PREALLOC_NATIVE,	/* fallocate(2) mode 0, going on without when it fails */
	PREALLOC_POSIX,		/* posix_fallocate(3); a failure is said, and the run goes on */
	PREALLOC_KEEP,		/* fallocate(2) FALLOC_FL_KEEP_SIZE; a failure is an error */
	PREALLOC_TRUNCATE,	/* ftruncate(2) to the size (sparse); a failure is an error */
};

/* fio's unlink= for a target's file. */
enum unlink_mode {
	UNLINK_DEFAULT,		/* the run's rule: what it created goes at the end, unless --keep */
	UNLINK_REMOVE,		/* unlink=1: removed once its group has run (only a file that is
				   iobench's: another is refused before anything runs) */
	UNLINK_KEEP,		/* unlink=0: left in place, created or not */
};

/*
 * fio's clat_percentiles, lat_percentiles, disable_clat and disable_lat, for
 * fio-json (iobench measures one latency per I/O, fio's lat; fio-json shows it
 * as clat and lat both). 0 is fio's default: clat with percentiles, lat without.
 */
#define STATS_NO_CLAT_PCT 1u	/* clat_percentiles=0 */
#define STATS_LAT_PCT 2u	/* lat_percentiles=1 */
#define STATS_NO_CLAT 4u	/* disable_clat: clat_ns empty, the latency maps zeros */
#define STATS_NO_LAT 8u		/* disable_lat: lat_ns empty */
#define STATS_PCT_MAX 20	/* fio's most percentiles in percentile_list */

/*
 * fio's trims (rw=trim, randtrim, trimwrite, randtrimwrite): a trim discards
 * its range (BLKDISCARD on a block device; fio 3.33 trims nothing else). A
 * target that trims never reads, so its trims take the place of its reads:
 * the read size, the read slot of its counts. A trim destroys data: a
 * target that trims is written, for every guard (target_writes()).
 */
enum trim_mode {
	TRIM_NONE,
	TRIM_ONLY,		/* every I/O a trim (write_pct 0: the read sizes are the trims') */
	TRIM_WRITE,		/* every I/O a write (write_pct 100), its block trimmed just before */
};

/* An option as written in a job file or on fio's command line (fio's JSON lists them). */
struct written_opt {
	char *key, *val;
};

/* A profile's <ThreadTarget>: thread `thread` of the -F pool works on the target (weight 0: the target's). */
struct thread_target {
	unsigned thread, weight;
};

/* What to do with one target: DiskSpd keeps these per target, so do we. */
struct target_spec {
	char *path;
	uint64_t block_size;	/* -b, bytes (reads, and writes unless write_block_size) */
	uint64_t write_block_size; /* fio's bs=READ,WRITE: writes' size; 0 = block_size */
	struct bs_dist *bs_dist[2]; /* [0] reads, [1] writes: sizes drawn per I/O, or NULL */
	unsigned fsync_every;	/* fio's fsync=N: fsync the file after every N writes; 0 = never */
	uint64_t create_size;	/* -c: create/fill the file at this size; 0 = use as is */
	uint64_t base_offset;	/* -B */
	uint64_t max_offset;	/* -f: exclusive end of the range; 0 = the target's size */
	uint64_t thread_stride;	/* -T: thread k starts at base + k * stride */
	uint64_t clone_offset;	/* fio's offset_increment: thread k's range starts k * this later */
	uint64_t range_len;	/* fio's size per file: each thread's range is this long; 0 = to the end */
	uint64_t random_align;	/* -r: random I/O aligned to this; 0 = sequential */
	uint64_t stride;	/* -s: sequential stride; 0 = the block size */
	uint64_t seq_back;	/* fio's rw=read:-N: N, fio's backward sequential offsets; 0 = none */
	unsigned seq_every;	/* fio's rw=randread:N: a new random offset every N I/Os (0, 1: each) */
	bool seq_identical;	/* ... and the same block in between (rw_sequencer=identical) */
	bool seq_reset;		/* ... fio's time_based reset: one file, back to its start */
	bool mixed;		/* -rs<pct>, fio's percentage_random: random_pct[0] reads (or
				   trims), [1] writes: this % of I/Os random (0 to 100), the rest
				   sequential from the last one */
	unsigned random_pct[2];
	bool diskspd_mixed;	/* ... as DiskSpd mixes them: one sequential pointer stepping by
				   -r's alignment, a sequential I/O of the last I/O's kind */
	struct access_dist *dist; /* where random offsets go, or NULL: uniform (own allocation) */
	bool interlocked;	/* -si: the target's threads share one sequential offset */
	bool parallel;		/* -p: each of a thread's -o I/Os its own sequence from the
				   thread's first offset (DiskSpd's parallel async I/O) */
	uint64_t buf_source_size; /* -Z<size> */
	char *buf_source_path;	/* -Z<size>,<file>: the source buffer is this file's bytes (repeated
				   when it is shorter), not random data; NULL: random (owned) */
	enum buf_mode buf;
	unsigned compress_pct;	/* --compress: this % of each 512-byte chunk of random data is zeros */
	unsigned dedupe_pct;	/* --dedupe: this % of writes carry one same block */
	enum write_refresh refresh; /* what each write does to its buffer before it is issued */
	unsigned char pattern[PATTERN_MAX]; /* --pattern */
	unsigned pattern_len;
	unsigned write_pct;	/* -w, 0..100 */
	unsigned outstanding;	/* -o: I/Os in flight per thread per target */
	unsigned threads;	/* -t: threads on this target (unused with -F) */
	unsigned weight;	/* with -O: how often a thread's I/O picks this target, against the
				   others' (a profile's <Weight>; 0: 1, the command line's) */
	struct thread_target *thread_targets; /* a profile's <ThreadTargets>: only these threads of
				   the pool work on it, each with its weight (own allocation), or NULL */
	unsigned nthread_targets;
	unsigned cache;		/* CACHE_* */
	unsigned hints;		/* HINT_*: access advice given to the kernel once the target is open */
	bool end_fsync;		/* fio's end_fsync: fsync the target once the I/O has ended */
	bool invalidate;	/* fio's invalidate: its range's page cache dropped before the run */
	enum prealloc prealloc;	/* a file to create: allocated so before it is laid out */
	bool no_layout;		/* a file to create: made without data (fio's layout for a job
				   that only writes, and create_on_open): its writes fill it */
	enum unlink_mode unlink; /* fio's unlink (see unlink_mode) */
	enum trim_mode trim;	/* fio's trims (see trim_mode) */
	uint8_t map_flush;	/* DiskSpd's -N with -Sm (the mmap engine): MAP_FLUSH_* (engine.h)
				   after each write */
	/*
	 * Under mpirun, a file or device that several ranks name (core/ranked.h):
	 * its range split in share_n slices, this rank's the share_i-th; 0 or 1:
	 * the rank's own. share_follow: a rank after the one that checks it
	 * first and makes it (it finds the file made, never makes it);
	 * share_hold: the first on its host, which holds it (a device's O_EXCL);
	 * share_later: a follower's check before the first has made it (a job
	 * file's groups checked up front).
	 */
	unsigned share_n, share_i;
	bool share_follow, share_hold, share_later;
};

/* fio's write_bw_log, write_lat_log, write_iops_log and write_hist_log of one job. */
enum log_kind { LOG_BW, LOG_LAT, LOG_IOPS, LOG_HIST, LOG_KINDS };
struct job_logs {
	char *prefix[LOG_KINDS];	/* file names start with this; NULL: that log is not written */
	uint32_t avg_ms;		/* log_avg_msec: a row per direction per window; 0: per I/O */
	uint32_t hist_ms;		/* log_hist_msec: the histogram's window; 0: no histogram rows */
	unsigned hist_coarseness;	/* log_hist_coarseness: 2^this of fio's bins per column */
	bool max_value;			/* log_max_value: a window's largest latency, not its mean */
	bool offset;			/* log_offset: each I/O's offset as a column */
	bool per_job;			/* per_job_logs: one file per thread (NAME_bw.N.log) */
	bool unix_epoch;		/* log_unix_epoch: times in ms since 1970 */
	bool no_clat, no_lat, no_bw;	/* fio's disable_clat, disable_lat, disable_bw_measurement:
					   those logs without rows (bw: per-I/O rows only) */
	unsigned first_thread;		/* fio's number of the job's first thread (1, 2, ...) */
};

/*
 * Open-loop pacing and think time (issue 16), of one job. With a rate, each
 * I/O of a stream has a scheduled time on a timeline that does not wait for
 * completions; the stream's outstanding I/Os are a cap, not a target (see
 * core/loop_paced.c). Think time pauses the stream after every think_blocks
 * I/Os. All zero: the closed loop.
 */
struct pace_spec {
	uint64_t iops[2];	/* I/Os a second, [0] reads [1] writes (fio's rate_iops; -g<n>i); 0: none */
	uint64_t bps[2];	/* bytes a second (fio's rate; DiskSpd's -g bytes per ms x 1000) */
	uint64_t min_iops[2];	/* fio's rate_iops_min: the job fails below it */
	uint64_t min_bps[2];	/* fio's rate_min (bytes a second) */
	uint32_t min_cycle_ms;	/* fio's rate_cycle: the minimum's window, ms (0: fio's 1000) */
	bool per_target;	/* the rate is each target's (DiskSpd), not shared by a thread's (fio) */
	bool poisson;		/* fio's rate_process=poisson: exponential gaps, else linear */
	uint64_t think_ns;	/* the pause (-j, fio's thinktime) */
	uint64_t think_spin_ns;	/* ... of it spun, not slept (thinktime_spin) */
	unsigned think_blocks;	/* a pause after every this many I/Os (-i, thinktime_blocks; 0: 1) */
	bool think_issue;	/* thinktime_blocks_type=issue: I/Os counted when issued, else completed */
	bool think_blocks_set;	/* thinktime_blocks given (thinktime_iotime alone skips the count) */
	uint64_t think_iotime_ns;	/* fio's thinktime_iotime: a pause after this much I/O time */
	bool ignore_think;	/* fio's rate_ignore_thinktime: the timeline moves by each pause */
	bool quiesce;		/* fio: the stream's I/Os complete before it pauses (DiskSpd's do not) */
	unsigned diskspd_g;	/* DiskSpd's -g as given (its profile): bytes per ms, or with ... */
	bool diskspd_g_iops;	/* ... this, I/Os a second */
	/* fio's latency_target search (core/latsearch.h): the depth steps to the most that holds */
	uint64_t lat_target_ns;	/* latency_target: the latency to hold; 0: no search */
	uint64_t lat_window_ns;	/* latency_window: each depth's window */
	double lat_over_pct;	/* % of a window's I/Os allowed over the target: 100 - fio's
				   latency_percentile (0: fio's default, every I/O within it) */
	bool lat_run;		/* latency_run: keep adjusting the depth, the job never ends on it */
};

/* fio's rate_min or rate_iops_min: checked at each series interval's edge, paced or not. */
static inline bool pace_min(const struct pace_spec *p)
{
	return p->min_iops[0] || p->min_iops[1] || p->min_bps[0] || p->min_bps[1];
}

/* Whether a job paces its I/O at all (a rate, think time, or a latency target's search). */
static inline bool pace_on(const struct pace_spec *p)
{
	return p->iops[0] || p->iops[1] || p->bps[0] || p->bps[1] || p->think_ns ||
	       p->think_spin_ns || p->lat_target_ns;
}

/* How an I/O of a thread's shared pool (job_spec.requests) picks its target. */
enum file_pick {
	PICK_WEIGHT,		/* DiskSpd's -O: drawn by weight (target_weight()) each I/O */
	PICK_RANDOM,		/* fio's file_service_type=random: uniform */
	PICK_ROUNDROBIN,	/* fio's roundrobin (its default): the next target in turn */
	PICK_SEQUENTIAL,	/* fio's sequential: a target's whole range, then the next's */
};

/*
 * Threads that work alike: each of `threads` threads drives `ntargets`
 * targets from first_target on (with per_clone, thread k drives its own
 * ntargets, first_target + k * ntargets on). DiskSpd's command line gives
 * one job per target (its -t threads), or one job over every target (-F);
 * a fio job file one per job section (numjobs threads).
 */
struct job_spec {
	char *name;
	char *description;	/* fio's description, or NULL */
	uint64_t duration_ns;	/* a count-based workload: this job's runtime (a time-based job's
				   length, a size-based one's cap); 0 = the workload's */
	unsigned first_target, ntargets;
	unsigned threads;
	bool per_clone;
	uint64_t bytes_per_thread; /* stop after this many measured bytes (fio's size); 0 = no limit */
	uint64_t ios_per_thread;   /* ... or I/Os (--ios, fio's number_ios); 0 = no limit */
	unsigned group;		/* reporting group (fio's groupid) */
	uint64_t seed;		/* its threads' random streams: thread k of the job uses seed + k
				   (DiskSpd's -z, each job from its first thread's number; fio's
				   randseed, each job its own) */
	uint64_t start_delay_ns;	/* fio's startdelay: the job starts this much later */
	bool error_ends_thread;	/* fio without exitall_on_error: an I/O error ends only the
				   thread that met it; else (DiskSpd) the whole run */
	unsigned fio_stats;	/* STATS_*: what fio-json shows of its latencies */
	unsigned npct;		/* fio's percentile_list: pct[0..npct) ascending; 0: fio's default */
	double pct[STATS_PCT_MAX];
	unsigned reap_min;	/* completions to wait for (fio's iodepth_batch_complete_min,
				   iodepth - iodepth_low); 0 = 1 */
	unsigned reap_max;	/* completions to take at once (iodepth_batch_complete_max); 0 = 8 */
	unsigned submit_batch;	/* submit I/Os in batches of this many (iodepth_batch_submit);
				   0 = all that are ready at once */
	struct written_opt *written;	/* its job section's options with a value, as written */
	unsigned nwritten;
	struct job_logs *logs;		/* fio's log files, or NULL */
	int *cpus;		/* fio's cpus_allowed, cpumask: its threads run on these CPUs
				   (ascending), not pinned as iobench pins (own allocation), or NULL */
	unsigned ncpus;
	bool cpus_split;	/* cpus_allowed_policy=split: thread k of the run (fio's thread
				   number - 1, below) on cpus[k % ncpus] alone; else each on all */
	unsigned first_thread;	/* fio's number of its first thread, less one (0, 1, ...) */
	unsigned uring;		/* io_uring's ENGINE_PLAIN_FILES, ENGINE_PLAIN_BUFS, ENGINE_VECTORED
				   (fio's registerfiles, fixedbufs, nonvectored); 0: iobench's */
	unsigned force_async;	/* io_uring: every N-th I/O IOSQE_ASYNC (fio's force_async) */
	bool sq_cpu_set;	/* fio's sqthread_poll_cpu: the SQ thread on sq_cpu */
	unsigned sq_cpu;
	enum buf_mem mem;	/* fio's mem=: its threads' buffers (MEM_MALLOC: as iobench's) */
	char *mem_file;		/* mem=mmap:FILE: the file mapped, each thread its own part of it
				   (owned), or NULL */
	uint32_t mem_align;	/* fio's iomem_align: each thread's first buffer this far past a
				   page boundary (and so every buffer, the blocks being whole pages) */
	unsigned ioprio;	/* fio's prio and prioclass: each thread's I/O priority, set with
				   ioprio_set(2) before its engine starts (ioprio.h's value);
				   0 = not set (the process's) */
	struct pace_spec pace;	/* rate limits and think time (all 0: closed loop) */
	unsigned requests;	/* DiskSpd's -O: each thread's I/Os in flight, shared by its targets,
				   each I/O to a target picked by weight (target_weight()); 0: each
				   target its own outstanding. fio's iodepth over a job's files */
	enum file_pick pick;	/* how each of those I/Os picks its target */
	unsigned pick_every;	/* PICK_RANDOM, PICK_ROUNDROBIN: I/Os to a target before the next
				   pick (fio's file_service_type=...:N; 1 when not given) */
};

/*
 * --steady-state: the workload runs in rounds, on the same targets, until the
 * figure tracked is steady as SNIA's PTS defines it (stats/steady.h,
 * cmd/steady_cmd.c).
 */
enum ss_track { SS_NONE, SS_IOPS, SS_BW, SS_LATENCY };

struct workload {
	struct target_spec *targets;
	unsigned ntargets;
	struct job_spec *jobs;
	unsigned njobs;
	unsigned pool_threads;	/* -F: threads that each work on every target; 0 = per target */
	unsigned pool_requests;	/* -O with -F: I/Os in flight per thread, each to a target picked
				   by weight as it is issued; 0 = each target its own -o */
	uint64_t duration_ns;	/* -d */
	uint64_t warmup_ns;	/* -W */
	uint64_t cooldown_ns;	/* -C */
	uint64_t ios_per_thread; /* --ios: count-based run when non-zero (in every job's budget) */
	bool count_based;	/* runs until every job's budget is spent (--ios, fio size-based jobs) */
	uint64_t seed;		/* -z; thread n uses seed + n */
	uint64_t interval_ns;	/* -D: length of a series interval (default 1 s) */
	bool iops_stddev;	/* -D given: print DiskSpd's IopsStdDev column */
	bool no_latency;	/* DiskSpd's command line without -L (its MeasureLatency false):
				   DiskSpd's layouts show no latency; iobench measures it
				   always, for its own layouts (JSON, verdict) */
	int *affinity;		/* -a<list>: CPUs to pin threads to, round-robin; NULL = all allowed */
	unsigned naffinity;
	bool no_affinity;	/* -n: threads are not pinned */
	unsigned io_priority;	/* DiskSpd's -I: 1 very low, 2 low, 3 normal; 0 not given (every
				   job's ioprio, from workload_diskspd_jobs(): see diskspd_ioprio()) */
	bool large_pages;	/* DiskSpd's -l: every job's buffers on huge pages (MEM_MMAPHUGE) */
	bool sqpoll;		/* --sqpoll: io_uring submission queue polled by a kernel thread */
	bool hipri;		/* --hipri: io_uring completions polled (O_DIRECT, poll queues) */
	const char *engine;	/* engine name; NULL = the best one the kernel allows */
	uint64_t null_size;	/* range of a target with the null engine (-f or 1 GiB) */
	uint64_t null_lat_ns;	/* --null-latency: the null engine's service time per I/O ... */
	bool null_lat_exp;	/* ... or its mean, each I/O's drawn from the exponential (exp:) */
	unsigned null_servers;	/* --null-servers: I/Os the modelled device serves at once (0: all) */
	uint64_t null_iops;	/* --null-iops: the modelled device's most I/Os per second (0: none) */
	uint64_t null_stall_ns;	/* --null-stall=D/P: the modelled device stalls D ... */
	uint64_t null_period_ns;	/* ... every P (0: never) */
	uint64_t null_cliff_bytes;	/* --null-cliff=SIZE:FACTOR: writes past SIZE bytes (0: none) ... */
	double null_cliff_factor;	/* ... take FACTOR times the service time */
	uint64_t null_wear_ns;		/* --null-wear=TIME/SIZE: a write's service time grows TIME ... */
	uint64_t null_wear_bytes;	/* ... for every SIZE bytes written before it (0: none) */
	bool keep;		/* --keep: leave created files in place */
	bool allow_device_write; /* --allow-device-write */
	char *destroy_signature; /* --destroy-signature=TYPE: write a device carrying TYPE */
	bool dismount;		/* --dismount (Windows): lock and dismount the volumes a device
				   write needs, for the run */
	bool overwrite;		/* --overwrite: write/recreate files iobench did not create */
	bool read_only;		/* --read-only: refuse every write, whatever else is asked */
	unsigned continue_on_error; /* CONTINUE_*: count these I/O errors and go on */
	struct err_list go_on[ERR_TYPES];	/* ... those errors only (see err_list) */
	bool exitall;		/* fio's exitall: when one thread's I/O ends, the others stop */
	bool exit_later;	/* ... and, with exit_what=all, no later group runs */
	bool verify;		/* --verify: writes carry checkable blocks, reads are checked */
	unsigned verify_hash;	/* the checksum they carry: enum vhash_kind (fio's verify=) */
	bool verify_phase;	/* fio's verify phase: this group reads back and checks what the
				   group before it wrote (its reads are that job's verify reads) */
	bool verify_dump;	/* fio's verify_dump: a mismatch's block, as read and as expected,
				   into BASENAME.OFFSET.received and .expected */
	unsigned verify_backlog;	/* fio's verify_backlog: writes read back every this many
					   blocks, while the job writes (0: in a verify phase after) */
	unsigned verify_batch;		/* ... that many at a time (fio's verify_backlog_batch; 0: all) */
	struct vpattern verify_pat;	/* fio's verify_pattern (len 0: none): the data of the blocks
					   (bare: fio's verify=pattern, the blocks are the pattern) */
	bool quiet;		/* --quiet: no progress messages */
	bool verbose;		/* -v: DiskSpd's verbose messages (each thread's set-up, every phase) */
	uint64_t progress_ios;	/* -P<n>: a dot on stderr every n I/Os a thread measures; 0: none */
	int eta;		/* fio's --eta: 0 auto (the live line on a terminal), 1 always, -1 never */
	uint64_t eta_newline_ns;	/* fio's --eta-newline: the line also ends in a new line this often */
	uint64_t eta_interval_ns;	/* fio's --eta-interval: the line is redrawn this often; 0: 200 ms */
	char *cmdline;		/* the command line as given, for the report */
	char *label;		/* --label: the run's name in compare's columns, or NULL */
	char *series_csv;	/* --series-csv=FILE: the interval series as CSV */
	char *html_path;	/* --html=FILE: the HTML report, beside the text */
	char *json_path;	/* --json=FILE: the JSON document, beside the text */
	bool json_stdout;	/* -Rjson: the JSON document on stdout instead of the text */
	bool xml_stdout;	/* -Rxml, -Rpxml: DiskSpd's XML (results, or the profile) on stdout */
	bool group_reporting;	/* fio's group_reporting: the jobs are reported as one */
	unsigned ss_track;	/* --steady-state: SS_* the figure the rounds track (SS_NONE: one run) */
	unsigned ss_rounds;	/* --ss-rounds: at most this many rounds */
	unsigned ss_window;	/* --ss-window: the Measurement Window, in rounds */
	struct written_opt *global_written;	/* fio's global options as written (command line first) */
	unsigned nglobal_written;
};

/* The largest I/O a target's units carry, and the smallest (the alignment of random offsets). */
uint64_t target_max_block(const struct target_spec *s);

/*
 * The buffers a thread of job j keeps for target s: one pair per I/O it may
 * have in flight there (with DiskSpd's -O, each of the thread's requests may
 * go to any of its targets, so each has a pair for every target, as DiskSpd's).
 */
static inline unsigned job_units(const struct job_spec *j, const struct target_spec *s)
{
	return j->requests ? j->requests : s->outstanding;
}

/* The null model's options (--null-*) with the null engine, and servers with a service time. */
int workload_check_null(const struct workload *w, char *err, size_t len);

/* With -O: how often thread rel of the pool picks target s against the others; 0: never. */
unsigned target_weight(const struct target_spec *s, unsigned rel);
uint64_t target_min_block(const struct target_spec *s);

/* Whether the run changes s's data: it writes, or trims. */
static inline bool target_writes(const struct target_spec *s)
{
	return s->write_pct || s->trim != TRIM_NONE;
}

/* What each write does to its buffer, as run: 0 nothing, 1 scrambled, 2 refilled (see refresh). */
enum { WRITES_AS_LAID, WRITES_SCRAMBLED, WRITES_REFILLED };
int target_write_refresh(const struct target_spec *s, bool verify);

/* The smallest block --verify formats (a header, random data, a checksum). */
#define VERIFY_MIN_BLOCK 512u

/*
 * --verify's rules, whichever front end asked for it: one block size of 512
 * bytes to 8 MiB, whole-block offsets and steps, random data of its own, real
 * I/O. Returns 0 or -EINVAL with a message.
 */
int workload_check_verify(const struct workload *w, char *err, size_t len);

/* Appends key=val to the n options at *o (copies). Returns 0 or -ENOMEM. */
int written_add(struct written_opt **o, unsigned *n, const char *key, const char *val);
void written_free(struct written_opt *o, unsigned n);

/* Frees a job's log settings (NULL is fine). */
void job_logs_free(struct job_logs *l);

/* Frees everything a front end allocated into w and zeroes it. */
void workload_release(struct workload *w);

/* Total number of worker threads the workload starts. */
unsigned workload_threads(const struct workload *w);

/*
 * iobench's own runs (presets, the quick suite, sweeps) write fresh random data where a DiskSpd
 * command line leaves DiskSpd's default 0-255 pattern, which compressing or deduplicating
 * storage would shrink: BUF_SEQUENCE becomes BUF_RANDOM (-Zr); a -Z given stays.
 */
void workload_random_writes(struct workload *w);

/*
 * DiskSpd's I/O priority hint (-I) as Linux's ioprio (ioprio.h's value):
 * very low (1) the idle class, low (2) best-effort at its lowest level (7),
 * normal (3, and 0: not given) not set (0).
 */
unsigned diskspd_ioprio(unsigned hint);

/*
 * DiskSpd's jobs: one per target with its -t threads, or one over every
 * target with -F threads; each with the --ios budget, -I's priority and
 * -l's huge pages. Returns 0 or -ENOMEM.
 */
int workload_diskspd_jobs(struct workload *w);

/* The target thread `rel` of job j drives as its i-th: an index into w->targets. */
static inline unsigned job_target(const struct job_spec *j, unsigned rel, unsigned i)
{
	return j->first_target + (j->per_clone ? rel * j->ntargets : 0) + i;
}

/*
 * DiskSpd's effective ranges of a -rd distribution over a range of size
 * bytes (ThreadTargetState's constructor): out gets at most n + 1 ranges in
 * bytes, holes gone. Returns their count, and the I/O % they cover in *span.
 */
unsigned diskspd_effective_ranges(const struct dist_range *in, unsigned n, bool pct, uint64_t size,
				  uint64_t block, uint64_t align, struct dist_range *out, uint32_t *span);

#endif
