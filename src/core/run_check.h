/* SPDX-License-Identifier: MIT */
/*
 * run_check.h: inside run.c: the checks a run makes before it touches
 * anything, alone (a job file's later groups) or before its targets are
 * made and opened.
 */
#ifndef IOB_RUN_CHECK_H
#define IOB_RUN_CHECK_H

#include <stddef.h>

#include "core/build.h"
#include "core/target.h"
#include "engine/engine.h"
#include "job/workload.h"
#include "result/result.h"

struct hold;

/* run_precheck() (run.h) on this rank's paths: 0 or -errno with a message. */
int run_precheck_placed(const struct workload *w, struct hold *hold, struct space_plan *plan,
			char *err, size_t len);

/*
 * The checks, then the files created and filled: every rank's before any
 * rank's I/O, and one rank's failure stops all. ops gets the engine, res the
 * CPUs to pin, the engine's name and note and room for the targets' facts;
 * ctx->targets the targets, checked and open. Returns 0, -EINTR when a
 * signal stopped a fill, or another -errno with a message. Signals are held.
 */
int run_checked_open(struct run_ctx *ctx, struct hold *hold, struct result *res,
		     const struct engine_ops **ops, char *err, size_t len);

#endif
