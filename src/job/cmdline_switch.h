/* SPDX-License-Identifier: MIT */
/*
 * cmdline_switch.h: one DiskSpd switch applied to a command line being read
 * (cmdline_state.h): a short one with its value attached (-b8K, -Sh, -rs30),
 * or a long option (--block-size=8K, --engine=null).
 */
#ifndef IOB_CMDLINE_SWITCH_H
#define IOB_CMDLINE_SWITCH_H

#include "job/cmdline_action.h"
#include "job/cmdline_state.h"

/*
 * arg: "-<letter><value>". Applies it to ps (the target being shaped) or w
 * (the run); sets *action for the switches that ask for one (-Rp, -?).
 * Returns 0, or -EINVAL with a message naming arg.
 */
int cmdline_parse_short(struct parse_state *ps, struct workload *w, const char *arg,
			enum cmd_action *action);

/*
 * argv[*i]: "--name[=VALUE]", or "--name" with its VALUE in argv[*i + 1]
 * (*i then moves past it), read as every front end reads a long option
 * (options.c). Returns as cmdline_parse_short() does.
 */
int cmdline_parse_long(struct parse_state *ps, struct workload *w, int argc, char **argv, int *i,
		       enum cmd_action *action);

#endif
