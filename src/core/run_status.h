/* SPDX-License-Identifier: MIT */
/*
 * run_status.h: fio's --status-interval for a run: while the workload runs,
 * every every_ns of its measured window, fn gets the result so far (the
 * workers' figures as each copied them at its next interval's edge: counts,
 * histograms, the final intervals of the series, the process's CPU; no
 * device figures), to print as the final report would be. fn runs in the
 * run's main thread; what it is given is valid during the call only.
 */
#ifndef IOB_RUN_STATUS_H
#define IOB_RUN_STATUS_H

#include <stdint.h>

struct result;

struct run_status {
	uint64_t every_ns;
	void (*fn)(void *arg, const struct result *so_far);
	void *arg;
};

#endif
