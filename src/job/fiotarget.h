/* SPDX-License-Identifier: MIT */
/*
 * fiotarget.h: one target of a fio job as its options shape it: what its
 * writes carry, how it moves over the target, and how a file to create is
 * laid out. Returns 0, or -EINVAL (-ENOMEM) with the message in p's buffer.
 */
#ifndef IOB_FIOTARGET_H
#define IOB_FIOTARGET_H

#include "job/fioplanner.h"
#include "job/fiospec.h"
#include "job/workload.h"

/* What a job's writes carry, and how it moves over a target: from its options. */
int fio_target_io(struct planner *p, struct target_spec *t, const struct fjob *j,
		  unsigned slot, unsigned nfiles);

/*
 * How job j lays out target t, a file to create, as fio does: allocated as
 * fallocate= says, then filled with data when the job reads; a job that only
 * writes gets the allocation alone (its writes fill the file). create_on_open
 * makes the file empty, as fio's open(O_CREAT) at the job's start.
 */
int fio_target_layout(struct planner *p, struct target_spec *t, const struct fjob *j);

#endif
