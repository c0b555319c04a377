/* SPDX-License-Identifier: MIT */
/*
 * build.h: inside run.c: building a run's workers (build.c): streams with
 * their generators and size tables, io_units with their buffers and write
 * content, --verify's block tables, and each worker's engine set-up. All
 * of it before the first I/O. The state of the run: run_ctx.h.
 */
#ifndef IOB_BUILD_H
#define IOB_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include "core/run_ctx.h"
#include "core/target.h"
#include "job/workload.h"

#define COUNT_MODE_INTERVALS 3600	/* series slots of a count-based run */

/* fio's names of the mem= kinds, by enum buf_mem. */
extern const char *const build_mem_names[];

/* The most intervals a series holds (194 days of 1 s intervals). */
#define SERIES_MAX_SLOTS (1u << 24)

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
 * -Z<size>,<file> of every target, before anything is made: a regular file,
 * not empty, that this process may read. Returns 0 or -EINVAL with a message.
 */
int build_check_sources(const struct workload *w, char *err, size_t len);

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
 * Every thread's range (fio's offset_increment and size) holds a block of
 * its target: else -EINVAL with a message naming the job and thread.
 */
int build_check_ranges(const struct workload *w, const struct target *tg, char *err, size_t len);

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
