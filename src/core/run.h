/* SPDX-License-Identifier: MIT */
/*
 * run.h: executing a workload: check and open the targets, start the
 * workers, steer warm-up -> measured window -> cool-down, watch for Ctrl-C,
 * and hand back one result per thread x target. The cold path: everything
 * the hot loop needs is prepared here before the first I/O.
 */
#ifndef IOB_RUN_H
#define IOB_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "core/devwatch.h"
#include "core/hold.h"
#include "core/target.h"
#include "core/worker.h"
#include "job/workload.h"
#include "monitor/cpustat.h"
#include "platform/host.h"
#include "stats/counts.h"

/* The counts of one thread on one target: a row of DiskSpd's tables. */
struct run_row {
	unsigned thread;
	unsigned target;
	unsigned job;		/* index into the workload's jobs */
	struct io_counts c[2];	/* [0] reads, [1] writes */
	struct hist *h;		/* [0] reads, [1] writes: latency histograms */
	struct interval *series;	/* res->nintervals slots */
	uint64_t active_ns;	/* how long this thread measured (count-based runs: up to its last I/O) */
	uint64_t start_ns;	/* when it began measuring, from the window's start (a job's start delay) */
	struct sync_counts syncs;	/* fsyncs after writes (fio's fsync=N) in the window */
	uint64_t errors[2];	/* --continue-on-error: failed [0] reads, [1] writes, whole run */
	double cpu_busy;	/* its thread's CPU demand (running or runnable) over its window /
				   the window (1 = a whole CPU), or -1 */
	double user_busy;	/* its thread's user CPU time over its I/O loop / the loop, or -1 */
};

struct run_result {
	const char *engine;		/* the engine that ran */
	char engine_note[160];		/* why the default engine was passed over, or "" */
	struct target *targets;		/* one per workload target */
	unsigned ntargets;
	struct run_row *rows;
	unsigned nrows;
	unsigned nthreads;
	uint64_t test_ns;		/* length of the measured window */
	uint64_t interval_ns;		/* series interval */
	unsigned nintervals;		/* slots in each row's series (the last may be partial) */
	bool series_truncated;		/* a count-based run outlasted the series: the last slot holds the rest */
	struct timespec wall_t0;	/* wall clock when the workers started (warm-up) */
	uint64_t warmup_ns_real;	/* from wall_t0 to the window's start */
	uint64_t end_ns_real;		/* from wall_t0 to the last worker's end */
	struct cpu_usage *cpu;		/* per CPU over the measured window */
	unsigned ncpu;
	double proc_user_s, proc_sys_s;	/* iobench's own CPU time over the window (getrusage) */
	uint64_t proc_ctx;		/* its context switches, voluntary and not, over the window */
	uint64_t proc_majflt, proc_minflt; /* its page faults over the window */
	struct io_workers io_workers;	/* io_uring's kernel worker threads, their CPU over the whole run */
	struct host_info host;		/* the machine, read once after the run */
	int cpus[1024];			/* CPUs threads were pinned to, round-robin */
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
		const char *first_kind;
		bool tables_partial;		/* a target had too many blocks to track lost writes */
		char journal[600];		/* what the journals across runs say, "" when nothing */
	} verify;
	int error_code;			/* its errno, when failed */
};

/*
 * Runs w. Returns 0 when the run took place, even if interrupted or stopped
 * by an I/O error (see res->complete and res->failed; interrupted while a
 * file was being created, res->measured is false and res->error says so,
 * though res->failed is not set); -EINVAL when the
 * workload cannot run on these targets (nothing was created or written);
 * another -errno when setting up failed. err gets the message. The devices,
 * locks and created files the run takes go into hold (hold.h), which the
 * caller releases (removing the created files) once it is done with them:
 * after this run, or after the last of several (a job file's groups, the
 * quick suite's tests).
 */
int run_execute(const struct workload *w, struct hold *hold, struct run_result *res, char *err,
		size_t len);

/*
 * The checks run_execute() makes before it touches anything (targets, sizes,
 * write guards, memory), alone: for a job file's later groups, checked before
 * the first group runs; what they take goes into hold, for the whole run,
 * and the files they create into plan (when not NULL), which must fit on
 * their file systems together with those of the groups checked before.
 * Returns 0 or -EINVAL with a message.
 */
int run_precheck(const struct workload *w, struct hold *hold, struct space_plan *plan, char *err,
		 size_t len);

/* Frees what run_execute() put in res. */
void run_result_release(struct run_result *res);

#endif
