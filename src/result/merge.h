/* SPDX-License-Identifier: MIT */
/*
 * merge.h: the results of many hosts (MPI ranks) as one. Nothing is
 * averaged: counts, bytes and every latency histogram are summed (bucket by
 * bucket, so a percentile of the merge is the percentile of all the I/Os),
 * the interval series and interval histograms by interval index (the ranks
 * started together), and each host keeps its own rows, CPUs, devices and
 * targets' facts, marked with its index in hosts[].
 */
#ifndef IOB_MERGE_H
#define IOB_MERGE_H

#include <stddef.h>

#include "job/workload.h"
#include "result/result.h"

/*
 * Merges in[0..n-1] (each a rank's own result, its hosts[0] itself, in rank
 * order) into out, taking what they own (in[] is left empty). Returns 0,
 * -EINVAL when they did not run the same workload (err says how), or -ENOMEM.
 */
int result_merge(struct result *out, struct result *in, unsigned n, char *err, size_t len);

/*
 * Under mpirun, collective: every rank's result (each with its own
 * hosts[0] filled) goes to rank 0, which merges them; the merged result
 * comes back to every rank in place of its own, so that all go on alike.
 * Alone it does nothing. Returns 0, or -errno (on every rank) with a message.
 */
int result_merge_ranks(const struct workload *w, struct result *res, char *err, size_t len);

#endif
