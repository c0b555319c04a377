/* SPDX-License-Identifier: MIT */
/*
 * steady_cmd.h: --steady-state on the DiskSpd command line: the workload run
 * in rounds until the figure tracked is steady as SNIA's PTS defines it
 * (stats/steady.h); its table and verdict, from the series document it
 * writes, so that `iobench report` prints them again.
 */
#ifndef IOB_STEADY_CMD_H
#define IOB_STEADY_CMD_H

#include <stdio.h>

#include "job/workload.h"

struct json_t;

/*
 * Runs w's workload (its ss_track, ss_rounds, ss_window set) in rounds, each
 * round the command line argv parsed anew, on the same targets; prints the
 * table and the verdict (or -Rjson's document) and writes --json. Returns the
 * exit status.
 */
int steady_run(const struct workload *w, int argc, char **argv);

/* Whether doc is a steady-state series document (kind "steady-state"). */
bool steady_doc(struct json_t *doc);

/* The rounds' table, the verdict and the warnings of a steady-state document, as the run printed them. */
int steady_print(FILE *f, struct json_t *doc);

#endif
