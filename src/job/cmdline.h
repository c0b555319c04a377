/* SPDX-License-Identifier: MIT */
/*
 * cmdline.h: DiskSpd's command line, with DiskSpd's meanings, turned into a
 * struct workload. Values are attached as DiskSpd writes them (-b8K, -r4k,
 * -Sh); every short flag has a long form (--block-size=8K). A Unicode dash
 * pasted from a web page counts as '-'.
 */
#ifndef IOB_CMDLINE_H
#define IOB_CMDLINE_H

#include <stddef.h>
#include <stdio.h>

#include "job/cmdline_action.h"
#include "job/options.h"
#include "job/workload.h"

/*
 * Parses argv[1..argc-1] into w (which must be zeroed). On success returns 0
 * and sets *action; w then holds a complete workload with every default
 * applied (for CMD_RUN). On bad input returns -EINVAL with one message in err
 * naming the bad part; w may hold partial allocations: workload_release() it.
 */
int cmdline_parse(int argc, char **argv, struct workload *w,
		  enum cmd_action *action, char *err, size_t errlen);

/*
 * The same, with DiskSpd's -X<profile.xml> too: one workload per TimeSpan of
 * the profile, to run in order (*spans, *n: one workload without -X). With
 * -X, the command line gives only what DiskSpd lets it give beside a
 * profile (-d -W -C -R -v -z, the targets for the template paths *1, *2,
 * ..., and iobench's own long options); see docs/cli.md. Returns as
 * cmdline_parse() does; *spans holds what was built, even on error (the
 * caller frees it with cmdline_spans_free()).
 */
int cmdline_parse_spans(int argc, char **argv, struct workload **spans, unsigned *n,
			enum cmd_action *action, char *err, size_t errlen);
void cmdline_spans_free(struct workload *spans, unsigned n);

/* argv joined with spaces, for a report's "Command Line:" (malloc'd; NULL when out of memory). */
char *cmdline_join(int argc, char **argv);

/* Prints the help text. */
void cmdline_usage(FILE *f);

#endif
