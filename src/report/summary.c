/* SPDX-License-Identifier: MIT */
/* summary.c: merging rows for the reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "report/summary.h"
#include "util/banned.h"

const struct pct_row summary_pcts[] = {
	{ "min", 0 }, { "25th", 25 }, { "50th", 50 }, { "75th", 75 }, { "90th", 90 },
	{ "95th", 95 }, { "99th", 99 }, { "3-nines", 99.9 }, { "4-nines", 99.99 },
	{ "5-nines", 99.999 }, { "6-nines", 99.9999 }, { "7-nines", 99.99999 },
	{ "8-nines", 99.999999 }, { "9-nines", 99.9999999 }, { "max", 100 },
};
const unsigned summary_npcts = sizeof(summary_pcts) / sizeof(summary_pcts[0]);

/*
 * Merges one row into s (its read, write and total): its latencies, or of a
 * paced row its service times or lags (a closed loop's service time is its
 * latency, and it has no lag).
 */
static void summary_add_row(struct summary *s, const struct result_row *row, enum sum_time what)
{
	bool paced = row->sh && row->lh;
	const struct io_counts *c = what == SUM_LAG ? row->lc : what == SUM_SERVICE && paced ?
				    row->sc : row->c;
	const struct hist *h = what == SUM_LAG ? row->lh : what == SUM_SERVICE && paced ? row->sh :
			       row->h;

	if (what == SUM_LAG && !paced)
		return;
	for (int k = 0; k < 2; k++) {
		int to = summary_kind(row, k);

		counts_merge(&s->c[to], &c[k]);
		counts_merge(&s->c[SUM_TOTAL], &c[k]);
		if (h) {
			hist_merge(&s->h[to], &h[k]);
			hist_merge(&s->h[SUM_TOTAL], &h[k]);
		}
	}
	if (what != SUM_LATENCY)
		return;
	if (row->syncs.n) {
		if (!s->syncs.n || row->syncs.lat_min < s->syncs.lat_min)
			s->syncs.lat_min = row->syncs.lat_min;
		if (row->syncs.lat_max > s->syncs.lat_max)
			s->syncs.lat_max = row->syncs.lat_max;
		s->syncs.n += row->syncs.n;
		s->syncs.lat_sum += row->syncs.lat_sum;
		s->syncs.lat_sq += row->syncs.lat_sq;
	}
}

void summary_build(struct summary *s, const struct result *res, int target)
{
	memset(s, 0, sizeof(*s));
	for (int k = 0; k < SUM_KINDS; k++)
		counts_init(&s->c[k]);
	for (unsigned i = 0; i < res->nrows; i++)
		if (target < 0 || res->rows[i].target == (unsigned)target)
			summary_add_row(s, &res->rows[i], SUM_LATENCY);
}

uint64_t summary_build_jobs(struct summary *s, const struct result *res, unsigned job0,
			    unsigned job1, int thread)
{
	return summary_build_times(s, res, job0, job1, thread, SUM_LATENCY);
}

uint64_t summary_build_times(struct summary *s, const struct result *res, unsigned job0,
			     unsigned job1, int thread, enum sum_time what)
{
	uint64_t active = 0;

	memset(s, 0, sizeof(*s));
	for (int k = 0; k < SUM_KINDS; k++)
		counts_init(&s->c[k]);
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if (r->job < job0 || r->job >= job1 || (thread >= 0 && r->thread != (unsigned)thread))
			continue;
		summary_add_row(s, r, what);
		if (r->active_ns > active)
			active = r->active_ns;
	}
	return active;
}

uint64_t summary_percentile(const struct summary *s, int k, double p)
{
	if (!s->c[k].ios)
		return 0;
	return hist_percentile(&s->h[k], p, s->c[k].lat_min, s->c[k].lat_max);
}

_Thread_local bool report_oom;

/* The series of target's rows: reads and writes, or (trims) the trims rows' slot 0 alone. */
static struct interval *series_of(const struct result *res, int target, bool trims)
{
	struct interval *s = report_need(calloc(res->nintervals ? res->nintervals : 1, sizeof(*s)));

	if (!s)
		return NULL;
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if ((target >= 0 && r->target != (unsigned)target) || (trims && !r->trims))
			continue;
		for (unsigned k = 0; k < res->nintervals; k++) {
			struct interval iv = r->series[k];

			if (trims)
				iv.ios[1] = iv.bytes[1] = iv.lat_sum[1] = iv.lat_max[1] = 0;
			else if (r->trims)
				iv.ios[0] = iv.bytes[0] = iv.lat_sum[0] = iv.lat_max[0] = 0;
			interval_merge(&s[k], &iv);
		}
	}
	return s;
}

struct interval *summary_series(const struct result *res, int target)
{
	return series_of(res, target, false);
}

struct interval *summary_series_trims(const struct result *res, int target)
{
	return series_of(res, target, true);
}

bool summary_trims(const struct result *res)
{
	for (unsigned i = 0; i < res->nrows; i++)
		if (res->rows[i].trims)
			return true;
	return false;
}

unsigned summary_full_intervals(const struct result *res)
{
	uint64_t n = res->interval_ns ? res->test_ns / res->interval_ns : 0;

	return n < res->nintervals ? (unsigned)n : res->nintervals;
}

double summary_requested_qd(const struct workload *w, const struct result *res,
			    const struct result_row *row)
{
	const struct engine_ops *e = engine_find(res->engine);
	const struct job_spec *js = row->job < w->njobs ? &w->jobs[row->job] : NULL;
	unsigned rel = row->thread;
	uint64_t total = 0;

	if (e && (e->flags & ENGINE_SYNC))
		return 1;
	if (!js || !js->requests)
		return w->targets[row->target].outstanding;
	for (unsigned j = 0; j < row->job; j++)	/* -O: the thread's, shared by weight */
		rel -= w->jobs[j].threads;
	for (unsigned i = 0; i < js->ntargets; i++)
		total += target_weight(&w->targets[job_target(js, rel, i)], rel);
	return total ? js->requests * (double)target_weight(&w->targets[row->target], rel) / total
		     : 0;
}

double summary_achieved_qd(const struct result_row *row)
{
	if (!row->active_ns)
		return 0;
	return (double)(row->c[0].lat_sum + row->c[1].lat_sum) / (double)row->active_ns;
}

/* Whether a paced row fell behind its rate (summary.h), and why. */
static bool row_behind(const struct result_row *r, char *why, size_t len)
{
	double achieved, want, gap_ns;
	uint64_t lag99, bound;

	if (!r->pace.paced || r->pace.target_iops <= 0 || !r->active_ns || !r->ph)
		return false;
	achieved = (double)(r->c[0].ios + r->c[1].ios) * 1e9 / (double)r->active_ns;
	/* what the timeline put in the window (a Poisson one's count is random); else the rate */
	want = r->pace.scheduled ? (double)r->pace.scheduled * 1e9 / (double)r->active_ns :
	       r->pace.target_iops;
	gap_ns = 1e9 / r->pace.target_iops;
	lag99 = summary_hist_pct(&r->ph[1], 99);
	bound = PACE_LAG_BOUND_NS + (uint64_t)(gap_ns / 10);
	if (achieved < 0.99 * want)
		snprintf(why, len, "thread %u achieved %.1f I/O per s of the %.1f scheduled (%.1f%%)",
			 r->thread, achieved, want, 100 * achieved / want);
	else if (lag99 > bound)
		snprintf(why, len, "thread %u: lag p99 %.3f ms, above 1 ms + 10%% of the %.3f ms "
			 "between I/Os", r->thread, (double)lag99 / 1e6, gap_ns / 1e6);
	else
		return false;
	return true;
}

bool summary_behind(const struct result *res, char *why, size_t len)
{
	for (unsigned i = 0; i < res->nrows; i++)
		if (row_behind(&res->rows[i], why, len))
			return true;
	return false;
}

void summary_pace(struct pace_summary *p, const struct result *res)
{
	memset(p, 0, sizeof(*p));
	counts_init(&p->c[0]);
	counts_init(&p->c[1]);
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if (!r->pace.paced)
			continue;
		p->paced = true;
		p->target_iops += r->pace.target_iops;
		p->scheduled += r->pace.scheduled;
		p->cap_hits += r->pace.cap_hits;
		p->pauses += r->pace.pauses;
		if (r->pace.max_backlog > p->max_backlog)
			p->max_backlog = r->pace.max_backlog;
		p->ios += r->c[0].ios + r->c[1].ios;
		if (r->ph) {
			hist_merge(&p->h[0], &r->ph[0]);
			hist_merge(&p->h[1], &r->ph[1]);
		}
		for (int d = 0; r->sh && d < 2; d++) {
			counts_merge(&p->c[0], &r->sc[d]);
			counts_merge(&p->c[1], &r->lc[d]);
		}
	}
	p->behind = summary_behind(res, p->why, sizeof(p->why));
	p->achieved_iops = res->test_ns ? (double)p->ios * 1e9 / (double)res->test_ns : 0;
	p->scheduled_iops = res->test_ns ? (double)p->scheduled * 1e9 / (double)res->test_ns : 0;
}

uint64_t summary_hist_pct(const struct hist *h, double p)
{
	unsigned lo = 0, hi = HIST_NBUCKETS;

	while (lo < HIST_NBUCKETS && !h->n[lo])
		lo++;
	while (hi > lo && !h->n[hi - 1])
		hi--;
	if (lo == HIST_NBUCKETS)
		return 0;
	return hist_percentile(h, p, hist_bucket_low(lo),
			       hist_bucket_low(hi - 1) + hist_bucket_width(hi - 1) - 1);
}
