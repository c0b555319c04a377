/* SPDX-License-Identifier: MIT */
/*
 * build.h: inside run.c: building a run's workers (build.c): streams with
 * their generators and size tables, io_units with their buffers, pacers
 * and logs, and each worker's engine set-up. All of it before the first
 * I/O. The state of the run: run_ctx.h; the memory it takes: build_mem.h;
 * what its writes carry: build_content.h; --verify's tables: build_verify.h.
 */
#ifndef IOB_BUILD_H
#define IOB_BUILD_H

#include <stddef.h>

#include "core/run_ctx.h"
#include "core/target.h"
#include "job/workload.h"

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
