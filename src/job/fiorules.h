/* SPDX-License-Identifier: MIT */
/*
 * fiorules.h: what a fio job's options must agree on before iobench plans
 * it, by fio's rules and iobench's limits (verification, trims, holes,
 * files, a group's common window), and what fio warns of. The checks
 * return 0, or -EINVAL with "where: job 'name': why" in p's buffer.
 */
#ifndef IOB_FIORULES_H
#define IOB_FIORULES_H

#include <stdbool.h>

#include "job/fioplanner.h"
#include "job/fiospec.h"

/*
 * fio's trims: a job that trims never reads, so its trims' sizes (bs=R,W,T,
 * the third list of bsrange and bssplit, the third blockalign) take the
 * read slot the core issues them from (rw=trim, randtrim); a trimwrite's
 * trims and writes cover the same blocks, so their sizes must agree (fio's
 * randtrimwrite writes each trim's range: the trims' sizes are the writes').
 * What trims do not take is refused by name.
 */
int fio_rules_trim(struct planner *p, struct fjob *j);

/* What fio's verify= on job j takes, and what fio warns of. */
int fio_rules_verify(struct planner *p, const struct fjob *j);

/* Whether j's group is followed by a verify phase (fio's do_verify after the writes). */
bool fio_rules_verify_phase(const struct fjob *j);

/*
 * The jobs of one group share one measured window from one ramp, with one
 * engine, one error rule and one verification: those must agree (time_based
 * and runtime may differ).
 */
int fio_rules_same_timing(struct planner *p, const struct fjob *a, const struct fjob *b);

/* openfiles and unlink_each_loop, for a job whose threads each use nfiles files. */
int fio_rules_files(struct planner *p, const struct fjob *j, unsigned nfiles);

#endif
