/* SPDX-License-Identifier: MIT */
/*
 * summary.h: a run's rows merged into what the reports print: counts and
 * latency histograms for reads, writes and both, over one target or all,
 * and the percentile rows every format shares.
 */
#ifndef IOB_SUMMARY_H
#define IOB_SUMMARY_H

#include "core/run.h"
#include "stats/hist.h"

/* SUM_TOTAL: reads, writes and trims; SUM_TRIM: fio's trims (a trims row's slot 0). */
enum { SUM_READ, SUM_WRITE, SUM_TOTAL, SUM_TRIM, SUM_KINDS };

/*
 * Set by a report's part whose allocation failed: the report then fails with
 * -ENOMEM as a whole (JSON documents are not written at all), never shorter
 * without a word. Each report clears it when it starts.
 */
extern _Thread_local bool report_oom;

/* Marks the report failed when p is NULL; returns p. */
static inline void *report_need(void *p)
{
	if (!p)
		report_oom = true;
	return p;
}

struct summary {
	struct io_counts c[SUM_KINDS];
	struct hist h[SUM_KINDS];
	struct sync_counts syncs;	/* fsyncs after writes (fio's fsync=N) */
};

/* The percentiles of the latency tables, with DiskSpd's row names. */
struct pct_row {
	const char *name;
	double p;		/* 0 = min, 100 = max */
};
extern const struct pct_row summary_pcts[];
extern const unsigned summary_npcts;

/* Merges the rows of target (or of every target when target < 0) into s. */
void summary_build(struct summary *s, const struct result *res, int target);

/*
 * Merges the rows of jobs job0 to job1 - 1 (of one thread when thread >= 0)
 * into s; returns the longest time one of them measured, ns.
 */
uint64_t summary_build_jobs(struct summary *s, const struct result *res, unsigned job0,
			    unsigned job1, int thread);

/*
 * The same of the rows' latencies (as above), or of their service times or
 * lags when paced (core/loop_paced.c; a closed-loop row's service time is
 * its latency, and it adds no lag).
 */
enum sum_time { SUM_LATENCY, SUM_SERVICE, SUM_LAG };
uint64_t summary_build_times(struct summary *s, const struct result *res, unsigned job0,
			     unsigned job1, int thread, enum sum_time what);

/*
 * The series of target (every target when < 0), merged over its rows:
 * res->nintervals slots the caller frees. NULL when out of memory. Reads
 * and writes in [0] and [1]; with trims, the trims alone in [0] (rows of
 * fio's trims keep theirs there: result_row.trims).
 */
struct interval *summary_series(const struct result *res, int target);
struct interval *summary_series_trims(const struct result *res, int target);

/* Whether any row of the result trims. */
bool summary_trims(const struct result *res);

/* The slot of a row's counts k (0 or 1) in a summary: SUM_READ, SUM_WRITE or SUM_TRIM. */
static inline int summary_kind(const struct result_row *row, int k)
{
	return k == 0 && row->trims ? SUM_TRIM : k;
}

/* Intervals of the series that ran their full length. */
unsigned summary_full_intervals(const struct result *res);

/* Little's law: the average number of I/Os a row had in flight over its window. */
double summary_achieved_qd(const struct result_row *row);

/*
 * The I/Os row asked to keep in flight: its target's -o, or 1 on an engine
 * that does one at a time (DiskSpd's -Sm takes -o, the mmap engine one I/O);
 * with -O, the target's share by weight of its thread's.
 */
double summary_requested_qd(const struct workload *w, const struct result *res,
			      const struct result_row *row);

/*
 * The paced rows (core/loop_paced.c) merged: their target and achieved
 * rates, cap hits, largest backlog, think-time pauses, and the service-time
 * [0] and lag [1] histograms. behind: a row achieved under 99% of its target,
 * or its lag p99 passed PACE_LAG_BOUND_NS plus 10% of its interval between
 * I/Os (why names it). paced false: a closed loop.
 */
#define PACE_LAG_BOUND_NS 1000000ull
struct pace_summary {
	bool paced, behind;
	double target_iops, achieved_iops;	/* achieved: over the measured window */
	uint64_t scheduled;		/* the I/Os the timelines put in the window (0: documents
					   from before do not say) ... */
	double scheduled_iops;		/* ... a second */
	uint64_t ios, cap_hits, max_backlog, pauses;
	struct io_counts c[2];		/* [0] service time, [1] lag (none: a document from before) */
	struct hist h[2];
	char why[200];
};
void summary_pace(struct pace_summary *p, const struct result *res);

/* Whether a paced row fell behind (as pace_summary's behind), without the histograms. */
bool summary_behind(const struct result *res, char *why, size_t len);

/* Percentile p of a histogram alone, its extremes its outer buckets' (0 when empty). */
uint64_t summary_hist_pct(const struct hist *h, double p);

/* Latency percentile p of kind k (SUM_*), ns; 0 without samples. */
uint64_t summary_percentile(const struct summary *s, int k, double p);

#endif
