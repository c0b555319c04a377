/* SPDX-License-Identifier: MIT */
/*
 * fioopt.h: inside the fio job-file front end: applying one option to a job
 * (struct fjob, fiospec.h), its defaults, and fio 3.33's option names.
 * fioopt.c gives each option fio's meaning; fiojob.c turns jobs into groups
 * and workloads.
 */
#ifndef IOB_FIOOPT_H
#define IOB_FIOOPT_H

#include <stddef.h>

#include "job/fioplanner.h"
#include "job/fiospec.h"
#include "job/jobfile.h"

/* A fio 3.33 option by name, with the engines of an engine's own option (NULL: fio's). */
struct fio_name {
	const char *name;
	const char *engines;
};
extern const struct fio_name fio_names[];
extern const size_t fio_nnames;

/* fio's defaults, for a job named name defined at where in job file number file. */
void fio_job_defaults(struct fjob *j, const char *name, const char *where, unsigned file);

/* Applies option o to j. Returns 0, or -EINVAL with "where: option: why" in p's buffer. */
int fio_job_apply(struct planner *p, struct fjob *j, const struct jf_opt *o);

/* Frees what options allocated in j (bsrange and bssplit tables). */
void fio_job_release(struct fjob *j);

#endif
