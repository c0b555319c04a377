/* SPDX-License-Identifier: MIT */
/*
 * run_gather.h: inside run.c: the workers' figures gathered into the run's
 * result once they are done.
 */
#ifndef IOB_RUN_GATHER_H
#define IOB_RUN_GATHER_H

#include <stdint.h>

#include "core/build.h"
#include "core/run_watch.h"
#include "result/result.h"

/* The end of the last job's window (time-based runs). */
uint64_t run_last_window_end(const struct run_ctx *ctx);

/*
 * The workers' figures into res (whose rows have room for every stream),
 * with what the watch wt saw: the rows, the run's error and end, the
 * per-interval latency, fio's logs; the histograms, series and logs move to
 * res. Returns 0 or -ENOMEM.
 */
int run_gather(struct run_ctx *ctx, struct result *res, const struct watch *wt);

#endif
