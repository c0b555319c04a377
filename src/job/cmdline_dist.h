/* SPDX-License-Identifier: MIT */
/*
 * cmdline_dist.h: DiskSpd's random distributions (-rdpct, -rdabs) on the
 * target a command line shapes (cmdline_state.h).
 */
#ifndef IOB_CMDLINE_DIST_H
#define IOB_CMDLINE_DIST_H

#include "job/cmdline_state.h"

/*
 * -rd<v> (flag: the switch as given, "-r"; v: what follows its 'd'): the
 * ranges as given, DiskSpd's tail added, into ps->t.dist. Returns 0, or
 * -EINVAL with DiskSpd's message.
 */
int cmdline_apply_rd(struct parse_state *ps, const char *flag, const char *v);

/* DiskSpd's Profile::Validate() checks of ps->t.dist, once -b is known. Returns 0 or -EINVAL. */
int cmdline_check_distribution(struct parse_state *ps);

#endif
