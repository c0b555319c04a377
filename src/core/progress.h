/* SPDX-License-Identifier: MIT */
/*
 * progress.h: the live line on a terminal while a run goes on: phase,
 * elapsed and remaining time, and the IOPS, MiB/s and mean latency of the
 * last finished interval. It reads only intervals the workers have
 * published as finished (iv_done, release/acquire), so it takes no lock and
 * races with nothing. Off when stderr is not a terminal or with --quiet.
 */
#ifndef IOB_PROGRESS_H
#define IOB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/worker.h"
#include "job/workload.h"

struct progress {
	bool on;
	unsigned shown;		/* intervals whose figures are on the line */
	bool have;		/* figures to show */
	double iops, mibs, lat_ms;
	uint64_t done_ios;	/* measured I/Os in the finished intervals */
	uint64_t last_draw;
	uint64_t last_newline;	/* fio's --eta-newline: when the line last ended in one */
};

/* Decides whether the line is shown (stderr a terminal, not --quiet). */
void progress_init(struct progress *p, const struct workload *w);

/*
 * Redraws the line at time now. t0 is when the workers started, ws the
 * window's start; the phases' lengths come from w.
 */
void progress_update(struct progress *p, const struct workload *w, const struct worker *wk,
		     unsigned nworkers, uint64_t t0, uint64_t ws, uint64_t now);

/* Clears the line. */
void progress_end(struct progress *p);

/*
 * DiskSpd's -P<n>: a dot on stderr for every n I/Os a thread has measured,
 * as each of its intervals finishes (read as progress_update() reads them).
 * Returns the dots printed.
 */
unsigned progress_dots(const struct workload *w, struct worker *wk, unsigned nworkers);

#endif
