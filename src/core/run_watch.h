/* SPDX-License-Identifier: MIT */
/*
 * run_watch.h: inside run.c: what the main thread does while the workers
 * run: it samples the CPUs, the process and the devices at the window's
 * edges and at each series edge, shows the progress, answers fio's
 * --status-interval, and waits for the workers or a signal (SIGINT,
 * SIGTERM, SIGCONT, another MPI rank's stop). Then the CPU figures go into
 * the result.
 */
#ifndef IOB_RUN_WATCH_H
#define IOB_RUN_WATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/build.h"
#include "core/progress.h"
#include "monitor/cpustat.h"
#include "monitor/devwatch.h"
#include "platform/proc.h"
#include "platform/stop.h"
#include "result/result.h"

#define MAX_CPUS 1024	/* room of cpu_a and cpu_b */

struct watch {
	uint64_t window_start, window_end;	/* planned; window_end UINT64_MAX in count mode */
	uint64_t stop_time;			/* when a signal came, else UINT64_MAX */
	bool stopped_by_rank;			/* ... or another MPI rank's stop */
	uint64_t paused_ns;			/* how long the process was stopped (SIGSTOP, Ctrl-Z) */
	unsigned pauses;
	struct cpu_times *cpu_a, *cpu_b;
	int ncpu_a, ncpu_b;
	struct cpu_times *cpu_e;		/* at each series edge in the window: ncpu_a each */
	uint64_t *cpu_e_ns;			/* ... when, from the window's start */
	unsigned ncpu_e, cpu_e_cap;
	bool cpu_e_lost;			/* the CPUs changed: no CPU series */
	bool cpu_e_oom;				/* ... no room for it: the run fails */
	bool cpu_a_taken;
	struct proc_usage ru_a, ru_b;		/* the process's CPU time at the window's edges */
	struct run_ctx *ctx;
	uint64_t cpu_t_a;			/* when the threads' CPU times were first read */
	uint64_t t0;				/* when the workers started */
	struct progress progress;
	struct devwatch dw;
	uint64_t next_edge;			/* the next series interval edge */
	uint64_t next_status;			/* --status-interval: when the next is due */
	bool status_asked;			/* ... and asked of the workers, not all answered */
	const struct result *res;		/* the run's result (its start time, engine) */
	uint64_t dots;				/* -P: the dots printed */
};

/* Every block device under the targets, once, with room for iv_cap interval snapshots each. */
int watch_devices(struct devwatch *dw, const struct target *t, unsigned nt, unsigned iv_cap);

/* The window opened: sample CPU times, the machine's, the process's and each thread's. */
void watch_take_cpu_a(const struct workload *w, struct watch *wt);

/*
 * Waits for the workers, sampling CPU at the window's edges. A first SIGINT
 * or SIGTERM stops the workers; it also restores the default action, so a
 * second one ends iobench at once.
 */
void watch_run(struct run_ctx *ctx, struct watch *wt, const struct stop_hold *sigs);

/*
 * Once the workers are done: the process's and each CPU's time over the
 * window into res (with the CPU series and where each CPU sits), when the
 * window opened. Returns 0 or -ENOMEM.
 */
int watch_cpu_usage(struct result *res, struct watch *wt);

#endif
