/* SPDX-License-Identifier: MIT */
/*
 * run_ctx.h: inside run.c: the state of one run (struct run_ctx), which
 * the run's parts share: its checks and the watch (run_*.c), and the
 * building of its workers (build*.c).
 */
#ifndef IOB_RUN_CTX_H
#define IOB_RUN_CTX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/journal.h"
#include "core/run_status.h"
#include "core/target.h"
#include "core/worker.h"
#include "job/workload.h"
#include "platform/ranks.h"

struct run_ctx {
	const struct workload *w;
	struct target *targets;
	struct worker *workers;
	unsigned nworkers;
	char **src_bufs;		/* -Z<size> buffers, one per target */
	uint64_t **vtables;		/* --verify: last write number per block, one per target */
	uint8_t **vseen;		/* --verify, unfinished journal: the blocks seen this run */
	struct journal *journals;	/* --verify: each target's journal across runs */
	pthread_mutex_t gate_lock;	/* the threads wait for all of them to exist (run.c) */
	pthread_cond_t gate_cond;
	int gate;			/* 0 wait, 1 go on, -1 end: a thread could not be started */
	pthread_barrier_t ready, go;
	pthread_barrier_t ended, scanned;	/* workers only: done with I/O; io_uring threads counted */
	atomic_int stop;
	atomic_uint windows_open;	/* count-based: workers whose window is still open */
	pthread_t main_tid;		/* the thread that watches the run (gets SIGUSR2) */
	struct cpu_mask cpus;			/* the CPUs the run may use (before any thread is pinned) */
	atomic_uint finished;
	const struct run_status *status;	/* fio's --status-interval, or NULL */
	atomic_uint snap_req;		/* the last request for the workers' figures (worker.h) */
	int *mem_fds;			/* per job: fio's mem=mmap:FILE open, or -1 */
	bool *mem_made;			/* ... the run made that file (removed at the end) */
	unsigned mem_error_job;		/* a worker's buffers could not be had: its job + 1, or 0 */
	_Atomic uint64_t *seq_shared;	/* -si: each target's shared sequential offset (relative) */
	char shape_err[256];		/* why a stream's shape could not be made (-EINVAL) */
	struct ivring ivr;		/* the per-interval latency histograms (stats/ivhist.h) */
	struct rank_clock clock;	/* under mpirun: this rank's clock against rank 0's */
	bool signalled;			/* SIGINT or SIGTERM stopped the run (not another rank) */
};

/* What a worker thread starts with. */
struct thread_arg {
	struct run_ctx *ctx;
	struct worker *w;
};

#endif
