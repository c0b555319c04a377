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
#include <stdio.h>

#include "job/workload.h"
#include "platform/ranks.h"
#include "result/result.h"

/* Whether w's targets are files or devices (not the null engine's names). */
bool placed_opens_files(const struct workload *w);

/*
 * out: w with this rank's target paths (a copy of w's targets whose paths
 * are its own; the rest is w's, shared). Under mpirun, a file or device
 * that several ranks name (opens_files) is shared: by every rank when its
 * path has no %h, %r or %l, by the ranks of each host when it has %h
 * alone. Its range is split in as many slices as ranks share it (rank i of
 * them the i-th, whole blocks each, the last taking what is left), and a
 * job whose targets are all shared has its byte budget (fio's size) split
 * alike, so the ranks together do the job once. The first of the ranks
 * that share it checks and makes it, the others after (placed_follows()).
 * Returns 0 or -EINVAL with a message; placed_free() frees out's own parts
 * either way.
 */
int placed_paths(const struct workload *w, bool opens_files, struct workload *out, char *err,
		 size_t len);
void placed_free(const struct workload *w, struct workload *out);

/*
 * Slice i of k of the range [*lo, *hi) of shared target t, in place: whole
 * units (t's largest block, or -r's alignment when larger), the last slice
 * taking what is left. -ERANGE when a slice would hold no block.
 */
int placed_slice(const struct target_spec *t, unsigned k, unsigned i, uint64_t *lo, uint64_t *hi);

/* Of a placed workload: a target is shared by ranks; this rank is not its first. */
bool placed_shares(const struct workload *w);
bool placed_follows(const struct workload *w);

/*
 * Under mpirun, how the ranks place w's targets (each rank's own path, or
 * the slices of a shared one), for --print-workload; nothing alone.
 */
void placed_print(FILE *f, const struct workload *w);

/* Fills res->hosts (one: this rank) from what ranks.h and the run know. 0 or -ENOMEM. */
int placed_host(struct result *res, const struct rank_clock *clk);

#endif
