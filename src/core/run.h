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

#include "result/result.h"
#include "core/hold.h"
#include "core/run_status.h"
#include "core/target.h"
#include "core/worker.h"
#include "job/workload.h"
#include "monitor/cpustat.h"
#include "monitor/devwatch.h"
#include "platform/host.h"
#include "stats/counts.h"

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
int run_execute(const struct workload *w, struct hold *hold, struct result *res, char *err,
		size_t len);

/* The same, with fio's --status-interval: st (or NULL) gets the figures so far, periodically. */
int run_execute_status(const struct workload *w, struct hold *hold, const struct run_status *st,
		       struct result *res, char *err, size_t len);

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

#endif
