/* SPDX-License-Identifier: MIT */
/*
 * fiopace.h: fio's pacing options applied to a job (struct fjob): its
 * rates, rate_process, thinktime and latency_target families.
 */
#ifndef IOB_FIOPACE_H
#define IOB_FIOPACE_H

#include "job/fioplanner.h"
#include "job/fiospec.h"
#include "job/jobfile.h"

/*
 * fio's pacing options (struct pace_spec), kept as given in j->rates until
 * the job is built: o, whose table id (fiotable.h) is id. Returns 0, -EINVAL
 * with the message in p's buffer, or -ENOENT when id is not a pacing option.
 */
int fio_pace_apply(struct planner *p, struct fjob *j, const struct jf_opt *o, unsigned id);

#endif
