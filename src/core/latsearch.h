/* SPDX-License-Identifier: MIT */
/*
 * latsearch.h: fio's latency_target search (fio 3.33 io_u.c lat_target_*),
 * as a pure state machine the paced loop drives (loop_paced.c). The thread's
 * depth starts at 1; each completion over the target is a miss (with
 * latency_percentile 100 a miss steps the depth down at once, and at depth 1
 * fails the job, fio's lat_fatal); each latency_window the share of the
 * window's completions within the target is compared with the percentile:
 * met, the depth doubles until a window fails, then bisects between the last
 * good and the last bad depth; missed, it bisects down. A step down waits for
 * the I/Os in flight to complete (fio's io_u_quiesce) before the next window.
 * Without latency_run, a depth met twice in a row is the answer: a last
 * window runs at it (after a quiesce) and the job ends at the window's end.
 */
#ifndef IOB_LATSEARCH_H
#define IOB_LATSEARCH_H

#include <stdbool.h>
#include <stdint.h>

#define LAT_TRAIL 32	/* the first depths the search set, kept for the report */

struct lat_search {
	uint64_t target_ns;	/* fio's latency_target */
	uint64_t window_ns;	/* fio's latency_window */
	double pct;		/* fio's latency_percentile (0..100) */
	bool run;		/* fio's latency_run: keep adjusting, never end */
	unsigned iodepth;	/* the most (fio's iodepth) */
	unsigned qd, qd_low, qd_high, stable;	/* fio's latency_qd* and latency_stable_count */
	bool end_run;		/* the depth is found: its last window runs (fio's latency_end_run) */
	uint64_t cycle_at;	/* when the window began (fio's latency_ts) */
	uint64_t ios, failed;	/* its completions, and those over the target */
	unsigned ntrail;	/* depths set so far (trail[] holds the first LAT_TRAIL) */
	unsigned trail[LAT_TRAIL];
};

/* What the loop does after a step. */
enum lat_act {
	LAT_GO,			/* nothing more */
	LAT_QUIESCE,		/* issue nothing until every I/O in flight completed, then
				   lat_cycle() (fio's io_u_quiesce; a step down, the last window) */
	LAT_FATAL,		/* an I/O over the target at depth 1, with percentile 100: the job
				   fails (fio: ETIMEDOUT, "max latency exceeded") */
	LAT_DONE,		/* the last window met the target: the job ends (fio's td->done) */
};

/* fio's lat_target_init at now: depth 1, the window starts. */
void lat_init(struct lat_search *ls, uint64_t now);

/* A new window from now (fio's lat_new_cycle). */
void lat_cycle(struct lat_search *ls, uint64_t now);

/* One read or write completed with latency lat_ns (fio's account_io_completion). */
enum lat_act lat_io(struct lat_search *ls, uint64_t lat_ns);

/* After a reap at now, not in a ramp or a quiesce (fio's lat_target_check). */
enum lat_act lat_check(struct lat_search *ls, uint64_t now);

#endif
