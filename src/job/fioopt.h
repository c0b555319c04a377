/* SPDX-License-Identifier: MIT */
/*
 * fioopt.h: inside the fio job-file front end: applying one option to a job
 * (struct fjob, fiospec.h), its defaults, and what it leaves to release.
 * fioopt.c gives each option fio's meaning; fiojob.c turns jobs into groups
 * and workloads.
 */
#ifndef IOB_FIOOPT_H
#define IOB_FIOOPT_H

#include "job/fioplanner.h"
#include "job/fiospec.h"
#include "job/jobfile.h"

/* fio's defaults, for a job named name defined at where in job file number file. */
void fio_job_defaults(struct fjob *j, const char *name, const char *where, unsigned file);

/* Applies option o to j. Returns 0, or -EINVAL with "where: option: why" in p's buffer. */
int fio_job_apply(struct planner *p, struct fjob *j, const struct jf_opt *o);

/* Frees what options allocated in j (bsrange and bssplit tables). */
void fio_job_release(struct fjob *j);

#endif
