/* SPDX-License-Identifier: MIT */
/*
 * build_mem.h: inside run.c: the memory a run's workers take, before they
 * are built: the bytes of their I/O buffers and per-interval series, checked
 * against the machine's memory, and fio's mem= (huge pages, mem=mmap:FILE).
 */
#ifndef IOB_BUILD_MEM_H
#define IOB_BUILD_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "core/run_ctx.h"
#include "core/target.h"
#include "job/workload.h"

#define COUNT_MODE_INTERVALS 3600	/* series slots of a count-based run */

/* The most intervals a series holds (194 days of 1 s intervals). */
#define SERIES_MAX_SLOTS (1u << 24)

/* fio's names of the mem= kinds, by enum buf_mem. */
extern const char *const build_mem_names[];

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

/* A unit's buffer: the largest block of sp rounded up to target t's buffer alignment. */
uint64_t build_unit_bytes(const struct target_spec *sp, const struct target *t);

/* A thread's part of job js's mem=mmap:FILE: whole (huge) pages, the same for each. */
uint64_t build_mem_stride(const struct workload *w, const struct target *tg,
			  const struct job_spec *js);

/* Bytes of the shared write source of a target: -Z<size>, or the --dedupe block (0: none). */
uint64_t build_src_size(const struct target_spec *sp);

#endif
