/* SPDX-License-Identifier: MIT */
/*
 * build.h: inside run.c: the state of one run (struct run_ctx) and building
 * its workers (build.c): streams with their generators and size tables,
 * io_units with their buffers and write content, --verify's block tables,
 * and each worker's engine set-up. All of it before the first I/O.
 */
#ifndef IOB_BUILD_H
#define IOB_BUILD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/journal.h"
#include "core/run_status.h"
#include "core/target.h"
#include "core/worker.h"
#include "job/workload.h"
#include "platform/ranks.h"

#define COUNT_MODE_INTERVALS 3600	/* series slots of a count-based run */

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

/* fio's names of the mem= kinds, by enum buf_mem. */
extern const char *const build_mem_names[];

/* What a worker thread starts with. */
struct thread_arg {
	struct run_ctx *ctx;
	struct worker *w;
};

/* The most intervals a series holds (194 days of 1 s intervals). */
#define SERIES_MAX_SLOTS (1u << 24)

/*
 * -Z<size>,<file> of every target, before anything is made: a regular file,
 * not empty, that this process may read. Returns 0 or -EINVAL with a message.
 */
int build_check_sources(const struct workload *w, char *err, size_t len);

/*
 * fio's mem= of every job, before anything is made: huge pages enough free
 * (shmhuge, mmaphuge), a mmaphuge file on hugetlbfs, a mem=mmap:FILE that
 * does not exist yet (or --overwrite). Returns 0 or -EINVAL with a message.
 */
int build_check_iomem(const struct workload *w, const struct target *tg, char *err, size_t len);

/* Opens (makes, sized) each job's mem=mmap:FILE. Returns 0 or -errno with a message. */
int build_mem_files(struct run_ctx *ctx, char *err, size_t len);

/* Series slots per stream: the window's intervals, or a fixed number when counting. */
unsigned build_series_slots(const struct workload *w);

/* Bytes the per-interval series of every stream take. */
uint64_t build_series_bytes(const struct workload *w);

/*
 * The I/O buffers and the per-interval series would take more than half the
 * machine's memory, or the series more than SERIES_MAX_SLOTS intervals:
 * -EINVAL with a message naming which, and what to change.
 */
int build_check_memory(const struct workload *w, const struct target *tg, char *err, size_t len);

/*
 * Every thread's range (fio's offset_increment and size) holds a block of
 * its target: else -EINVAL with a message naming the job and thread.
 */
int build_check_ranges(const struct workload *w, const struct target *tg, char *err, size_t len);

/* The -Z<size> source buffers and --dedupe blocks, one per target that needs one. */
int build_source_buffers(struct run_ctx *ctx);

/*
 * --verify's tables of the last write of each block (NULL beyond 2^24
 * blocks), loaded from each target's journal; a target the run writes has
 * its journal marked unfinished until build_verify_save().
 */
int build_verify_tables(struct run_ctx *ctx);

/*
 * After the run: syncs each target the run wrote under --verify and saves
 * its journal. Returns the first note worth reporting in note ("" if none).
 */
void build_verify_save(struct run_ctx *ctx, char *note, size_t len);

/*
 * Every worker of every job: streams, units, buffers. Returns 0, -ENOMEM,
 * -ERANGE (a thread's range past its target) or -EDOM (--verify: too few blocks).
 */
int build_workers(struct run_ctx *ctx);

/* Sets up worker wk's engine on its own thread. Returns 0 or -errno. */
int build_engine_start(struct run_ctx *ctx, struct worker *wk);

/* Frees what the build made (not the targets). */
void build_free(struct run_ctx *ctx);

#endif
