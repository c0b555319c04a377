/* SPDX-License-Identifier: MIT */
/*
 * cmdline_finish.h: a DiskSpd command line (cmdline_state.h) completed once
 * its switches are read, for the whole command line or for one target of a
 * profile.
 */
#ifndef IOB_CMDLINE_FINISH_H
#define IOB_CMDLINE_FINISH_H

#include "job/cmdline_state.h"

/*
 * The target's sizes given in blocks (-c, -B, -f, -T, -r, -s, -Z) resolved
 * with its block size, its cache flags and stride set. Returns 0 or -EINVAL.
 */
int cmdline_resolve_sizes(struct parse_state *ps);

/* The switches given checked together (-Sm with -N, -p with -r, ...). Returns 0 or -EINVAL. */
int cmdline_check_combinations(struct parse_state *ps, struct workload *w);

/*
 * Completes w: defaults, the template target copied to each target (unless
 * ps->per_target: each was built on its own), the seed, -O's checks, the
 * jobs with their pace and offset trace. Returns 0 or -EINVAL (-ENOMEM's
 * message too).
 */
int cmdline_finish(struct parse_state *ps, struct workload *w);

#endif
