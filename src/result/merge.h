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
 * Under mpirun, collective: every rank's result (each with its own hosts[0]
 * filled) goes to rank 0, which merges them; the merged result comes back to
 * every rank in place of its own, so that all go on alike. failed: this
 * rank's own failure (err its message), sent in place of its result; hurry:
 * a signal stopped this rank (mpirun's SIGTERM: its SIGKILL follows a second
 * later), so rank 0 waits 0.5 s at most for all the results. A rank
 * lost on the way (platform/ranks.h), or failed, is a failed host of the
 * merged result, without rows. Alone it returns failed. Returns failed, or
 * -errno with a message: no merged result came back (rank 0 lost, out of memory).
 */
int result_merge_ranks(const struct workload *w, struct result *res, int failed, bool hurry,
		       char *err, size_t len);

#endif
