/* SPDX-License-Identifier: MIT */
/*
 * ranked.h: a run as one rank of many (platform/ranks.h). Each rank's
 * targets are its own: %h in a target's path is the host's name, %r the
 * rank, %l the rank's number on its host, %% a %; alone too.
 */
#ifndef IOB_RANKED_H
#define IOB_RANKED_H

#include <stdbool.h>
#include <stddef.h>

#include "job/workload.h"
#include "platform/ranks.h"
#include "result/result.h"

/*
 * out: w with this rank's target paths (a copy of w's targets whose paths
 * are its own; the rest is w's, shared). Under mpirun, a path that would
 * name one file for several ranks is an error (opens_files: not the null
 * engine, whose targets are names). Returns 0 or -EINVAL with a message;
 * placed_free() frees out's own parts either way.
 */
int placed_paths(const struct workload *w, bool opens_files, struct workload *out, char *err,
		 size_t len);
void placed_free(const struct workload *w, struct workload *out);

/* Fills res->hosts (one: this rank) from what ranks.h and the run know. 0 or -ENOMEM. */
int placed_host(struct result *res, const struct rank_clock *clk);

#endif
