/* SPDX-License-Identifier: MIT */
/*
 * result.h: the plain result model. What a run measured and the facts it
 * recorded about the machine, its targets and their devices, as owned plain
 * data: no descriptors, no pointers into the run's live state. The run fills
 * it (core/run.c); every report reads only it and the workload it ran; and
 * it reads back from iobench's own JSON (model.h), so that `iobench report`
 * and, later, compare and the MPI merge work on results from anywhere.
 */
#ifndef IOB_RESULT_H
#define IOB_RESULT_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "monitor/cpustat.h"
#include "monitor/device.h"
#include "monitor/devwatch.h"
#include "monitor/diskstats.h"
#include "platform/host.h"
#include "stats/counts.h"
#include "stats/hist.h"
#include "stats/iolog.h"
#include "stats/ivhist.h"
#include "stats/series.h"

enum target_kind {
	TARGET_FILE,
	TARGET_BLOCK,
	TARGET_NULL,	/* the null engine: a name and a range, nothing opened */
};

/* What the run found out about one target: the facts the reports and the verdict judge by. */
struct target_facts {
	enum target_kind kind;
	uint64_t size;		/* bytes the target holds (after creation) */
	uint64_t end;		/* exclusive end of the range used */
	uint64_t base;		/* its start (-B, or under mpirun this rank's slice of a shared one) */
	unsigned share_n, share_i; /* under mpirun: the ranks sharing it, this one's slice (0: its own) */
	uint32_t io_align;	/* offset and length alignment (direct I/O) */
	bool created;		/* this run created it */
	bool reused;		/* an iobench file of the right size, kept from an earlier run */
	unsigned dev_major, dev_minor;	/* the block device: itself, or the one holding the file */
	bool has_dev;		/* ... when there is one */
	long fs_type;		/* statfs f_type of the file's file system; 0 for devices */
	struct device_chain chain;	/* the block devices beneath (none for the null engine) */
	uint64_t unbacked;	/* bytes of the range in holes or unwritten extents (FIEMAP) */
	bool unbacked_known;	/* the file system answered FIEMAP */
	bool unbacked_backing;	/* ... for a loop device's backing file (over the loop's range) */
	uint64_t extents;	/* a file: its extents over the range (FIEMAP), 0 when unknown */
	uint64_t dev_stored;	/* zram: bytes it held before the run (mm_stat orig_data_size) */
	bool dev_stored_known;
	bool compressed;	/* the file is marked for compression (chattr +c, FS_COMPR_FL) */
	bool no_nowait;		/* direct I/O that cannot be issued without blocking (RWF_NOWAIT fails) */
};

/* The bytes of a target's range a rank used (its slice of a shared one: workload.h); base_offset: -B. */
static inline uint64_t facts_range(const struct target_facts *f, uint64_t base_offset)
{
	return f->end - (f->share_n > 1 ? f->base : base_offset);
}

/*
 * A paced row's figures (core/loop_paced.c): its latencies (c, h, series) are
 * response times, completed - scheduled; these say what else was seen.
 */
#define PACE_TRAIL 32	/* row_pace.lat_trail's room */

struct row_pace {
	bool paced;		/* the row ran in the paced loop (a rate, or think time) */
	double target_iops;	/* its scheduled rate, I/Os a second; 0: no rate (think time alone) */
	uint64_t cap_hits;	/* times an I/O was due and every unit was in flight (-o reached) */
	uint64_t max_backlog;	/* the most I/Os due and not yet issued at once */
	uint64_t pauses;	/* think-time pauses begun in the window */
	uint64_t scheduled;	/* with a rate: the I/Os its timeline put inside the window (a
				   Poisson timeline's count varies about target x window); 0:
				   not known (a document from before) */
	unsigned lat_depth;	/* fio's latency_target: the thread's depth at its end (the one
				   found, fio's latency_depth); 0: no search */
	unsigned lat_steps;	/* ... the depths it set, the first 1 included */
	unsigned lat_ntrail;	/* ... the first lat_ntrail of them */
	unsigned lat_trail[PACE_TRAIL];
};

/* The counts of one thread on one target: a row of DiskSpd's tables. */
struct result_row {
	unsigned thread;	/* a merged result: host h's thread k is h x its threads + k */
	unsigned host;		/* a merged result: the host (index into hosts) it ran on */
	unsigned target;
	unsigned job;		/* index into the workload's jobs */
	bool trims;		/* the job trims (fio's rw=trim, randtrim, trimwrite): it never
				   reads, and [0] of c, h, series and errors are its trims */
	struct io_counts c[2];	/* [0] reads (trims), [1] writes */
	struct hist *h;		/* [0] reads, [1] writes: latency histograms */
	struct interval *series;	/* res->nintervals slots */
	struct hist *ph;	/* paced: [0] service time (completed - submitted), [1] lag
				   (submitted - scheduled); NULL: closed loop */
	struct hist *sh, *lh;	/* paced: service time, lag, each [0] reads, [1] writes (fio-json's
				   clat and slat); NULL: closed loop, or a document from before */
	struct io_counts sc[2], lc[2];	/* ... and their counts */
	struct row_pace pace;
	uint64_t active_ns;	/* how long this thread measured (count-based runs: up to its last I/O) */
	uint64_t start_ns;	/* when it began measuring, from the window's start (a job's start delay) */
	struct sync_counts syncs;	/* fsyncs after writes (fio's fsync=N) in the window */
	uint64_t errors[2];	/* --continue-on-error: failed [0] reads, [1] writes, whole run */
	int error;		/* the errno of the I/O error that ended this thread, or 0 */
	double cpu_busy;	/* its thread's CPU demand (running or runnable) over its window /
				   the window (1 = a whole CPU), or -1 */
	double user_busy;	/* its thread's user CPU time over its I/O loop / the loop, or -1 */
};

/*
 * One host of a merged result: an MPI rank (platform/ranks.h), what it
 * measured alone and where its parts sit in the merged result's arrays.
 */
struct result_host {
	char name[64];
	unsigned rank, local_rank;
	int64_t clock_offset_ns;	/* its monotonic clock minus rank 0's, measured over MPI */
	int64_t wall_offset_ns;		/* its wall clock minus rank 0's */
	uint64_t clock_error_ns;	/* ... to within this (half the best round trip) */
	uint64_t start_late_ns;		/* how late it woke at the common start */
	uint64_t test_ns;		/* its own measured window (count-based: to its last I/O) */
	uint64_t end_ns_real;		/* from the common start to its last worker's end */
	unsigned row0, nrows;		/* its rows: rows[row0 .. row0 + nrows) */
	unsigned cpu0, ncpu;		/* its CPUs: cpu[cpu0 .. cpu0 + ncpu) */
	unsigned dev0, ndevs;		/* its devices: devs[dev0 .. dev0 + ndevs) */
	struct target_facts *targets;	/* its own targets, as it found them */
	unsigned ntargets;
	struct host_info info;
	bool measured, complete, interrupted, failed;
	char error[512];		/* what failed there, or "" */
	uint64_t nerrors;
	double proc_user_s, proc_sys_s;	/* its iobench's CPU time over the window */
};

/* The null engine's model: how late its completions reached iobench (engine_null_lateness()). */
struct model_late {
	uint64_t ios;		/* completions handed back (warm-up and drain too); 0: no model */
	uint64_t sum_ns, p99_ns, max_ns;	/* merged: the sum, the worst host's p99, the max */
};

struct result {
	char engine[16];		/* the engine that ran */
	char engine_note[160];		/* why the default engine was passed over, or "" */
	struct target_facts *targets;	/* one per workload target */
	unsigned ntargets;
	struct result_row *rows;
	unsigned nrows;
	struct iolog *logs;		/* fio's write_*_log rows, one per thread that logged (not in
					   the model: report/fio_log.c writes them out) */
	unsigned nlogs;
	unsigned nthreads;
	uint64_t test_ns;		/* length of the measured window */
	uint64_t interval_ns;		/* series interval */
	unsigned nintervals;		/* slots in each row's series (the last may be partial) */
	struct ivlat ivl;		/* all rows' latencies per interval (nint = nintervals), or
					   none (nint 0: a document from before, or no memory) */
	bool series_truncated;		/* a count-based run outlasted the series: the last slot holds the rest */
	struct timespec wall_t0;	/* wall clock when the workers started (warm-up) */
	unsigned pid;			/* the process that ran it (fio's normal layout shows it); 0 unknown */
	uint64_t warmup_ns_real;	/* from wall_t0 to the window's start */
	uint64_t end_ns_real;		/* from wall_t0 to the last worker's end */
	struct cpu_usage *cpu;		/* per CPU over the measured window */
	unsigned ncpu;
	struct cpu_usage *cpu_iv;	/* per CPU per series edge: interval k's CPU i at [k * ncpu + i],
					   where interval k ends cpu_iv_ns[k] after the window's start */
	unsigned ncpu_ivs;		/* cpu_iv's entries (ncpu_iv_ns x ncpu); 0: none kept */
	uint64_t *cpu_iv_ns;
	unsigned ncpu_iv_ns;
	struct cpu_place *places;	/* where each of them sits (cpu[i]'s is places[i]), read
					   after the run; 0 in documents written before it */
	unsigned nplaces;
	double proc_user_s, proc_sys_s;	/* iobench's own CPU time over the window (getrusage) */
	uint64_t proc_ctx;		/* its context switches, voluntary and not, over the window */
	uint64_t proc_majflt, proc_minflt; /* its page faults over the window */
	struct io_workers io_workers;	/* io_uring's kernel worker threads, their CPU over the whole run */
	struct host_info host;		/* the machine, read once after the run */
	int *cpus;			/* CPUs threads were pinned to, round-robin */
	unsigned ncpus_pinned;		/* 0: not pinned (-n) */
	struct dev_sample *devs;	/* every block device under the targets, over the window */
	unsigned ndevs;
	bool complete;			/* the whole planned window was measured */
	bool interrupted;		/* stopped by SIGINT or SIGTERM */
	uint64_t paused_ns;		/* the process was stopped (SIGSTOP, Ctrl-Z) this long while it ran */
	unsigned pauses;		/* how many times */
	bool measured;			/* the window opened at all */
	bool failed;			/* an I/O error stopped the run */
	char error[512];		/* what failed, when failed; the first error continued past;
					   or, interrupted before it measured, what was under way */
	uint64_t nerrors;		/* I/O errors continued past (--continue-on-error) */
	struct {
		uint64_t written, checked, bad;	/* --verify: blocks written, read and checked, mismatches */
		char first[512];		/* the first mismatch, described; "" when none */
		uint64_t first_offset;
		char first_kind[32];
		bool tables_partial;		/* a target had too many blocks to track lost writes */
		char journal[600];		/* what the journals across runs say, "" when nothing */
	} verify;
	int error_code;			/* its errno, when failed */
	struct model_late model_late;	/* the null engine's model, or none */
	struct result_host *hosts;	/* under MPI: one per rank, in rank order (a rank's own
					   result, before the merge: itself alone); else none */
	unsigned nhosts;
	uint64_t merge_ns;		/* merged: from the gather's start to the merged result */
	uint64_t merge_bytes;		/* ... the ranks' documents gathered on rank 0 */
};

/*
 * Host h of a merged result, as a result of its own: its rows, CPUs,
 * devices and targets' facts, its window (view points into res: nothing to
 * free; view->hosts is none). For what judges one host's figures (the
 * device cross-check, the verdict).
 */
void result_host_view(const struct result *res, unsigned h, struct result *view);

/*
 * Whether hosts a and b of a merged result are one machine: one kernel (its
 * boot id; ranks in containers or UTS namespaces of one machine have other
 * names but one kernel, and one set of device counters), or, where a
 * document does not say, one host name.
 */
bool result_same_machine(const struct result *res, unsigned a, unsigned b);

/* Frees what a result owns and zeroes it. */
void result_release(struct result *res);

/* Frees the devices' snapshots and the array (n entries). */
void result_devs_free(struct dev_sample *d, unsigned n);

#endif
