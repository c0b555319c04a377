/* SPDX-License-Identifier: MIT */
/*
 * run_gather.c: once the workers are done, their figures into the result
 * (run_gather.h): one row per thread x target with its histograms, series
 * and pacing figures, the run's error, --verify's findings, the measured
 * window's end, the per-interval latency and fio's logs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/build_mem.h"
#include "platform/clock.h"
#include "core/run_gather.h"
#include "util/banned.h"

/* The end of the last job's window (time-based runs). */
uint64_t run_last_window_end(const struct run_ctx *ctx)
{
	uint64_t e = 0;

	for (unsigned i = 0; i < ctx->nworkers; i++)
		if (ctx->workers[i].window_end > e)
			e = ctx->workers[i].window_end;
	return e;
}

/*
 * fio's write_*_log: each logging thread's open windows closed where its
 * window (or the run) ended, and its rows moved to the result.
 */
static int gather_logs(struct run_ctx *ctx, struct result *res, const struct watch *wt,
		       uint64_t end)
{
	unsigned n = 0;

	for (unsigned i = 0; i < ctx->nworkers; i++)
		n += ctx->workers[i].log != NULL;
	if (!n)
		return 0;
	res->logs = calloc(n, sizeof(*res->logs));
	if (!res->logs)
		return -ENOMEM;
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		struct worker *wk = &ctx->workers[i];
		uint64_t e = wk->window_end < end ? wk->window_end : end;

		if (!wk->log)
			continue;
		iolog_finish(wk->log, e > wk->window_start ? e - wk->window_start : 0);
		wk->log->epoch_ms = (int64_t)res->wall_t0.tv_sec * 1000 + res->wall_t0.tv_nsec / 1000000 +
				    (int64_t)((wk->window_start - wt->t0) / 1000000);
		res->logs[res->nlogs++] = *wk->log;	/* the result owns its rows now */
		memset(wk->log, 0, sizeof(*wk->log));
	}
	return 0;
}

/*
 * The pacing figures of stream s of worker wk (paced) into row: its
 * histograms move to the result. Returns false when they had no room.
 */
static bool gather_pace(struct result_row *row, struct worker *wk, unsigned s)
{
	struct pace_stream *ps = &wk->pace->s[s];
	bool ok = true;

	row->ph = calloc(2, sizeof(*row->ph));
	row->sh = calloc(2, sizeof(*row->sh));
	if (row->ph && row->sh) {	/* else the run fails: out of memory */
		for (int d = 0; d < 2; d++) {
			hist_merge(&row->ph[0], &ps->h[d]);	/* both directions' */
			hist_merge(&row->ph[1], &ps->h[2 + d]);
			row->sh[d] = ps->h[d];
			row->sc[d] = ps->sc[d];
			row->lc[d] = ps->lc[d];
		}
		ps->h[0] = ps->h[2];	/* the lags, at [0] and [1] of the allocation */
		ps->h[1] = ps->h[3];
		row->lh = ps->h;	/* moves to the result */
		ps->h = NULL;
	} else {
		free(row->ph);
		free(row->sh);
		row->ph = row->sh = NULL;
		ok = false;
	}
	row->pace = (struct row_pace){ .paced = true,
				      .target_iops = ps->period_ns ? 1e9 / ps->period_ns : 0,
				      .cap_hits = ps->cap_hits,
				      .max_backlog = ps->max_backlog,
				      .pauses = ps->pauses,
				      .scheduled = ps->due_in };
	if (wk->pace->lat) {	/* fio's latency_target: the depth found */
		const struct lat_search *ls = wk->pace->lat;

		row->pace.lat_depth = ls->qd;
		row->pace.lat_steps = ls->ntrail;
		_Static_assert(LAT_TRAIL == PACE_TRAIL, "one trail's room");
		row->pace.lat_ntrail = ls->ntrail < PACE_TRAIL ? ls->ntrail : PACE_TRAIL;
		memcpy(row->pace.lat_trail, ls->trail,
		       row->pace.lat_ntrail * sizeof(ls->trail[0]));
	}
	return ok;
}

/*
 * Worker wk's rows into res: its figures, its histograms and series moved
 * to the result. Returns false when out of memory.
 */
static bool gather_rows(struct run_ctx *ctx, struct result *res, const struct watch *wt,
			struct worker *wk)
{
	bool oom = false;	/* a row's pacing figures had no room: no result then */

	for (unsigned s = 0; s < wk->nstreams; s++) {
		struct result_row *row = &res->rows[res->nrows++];

		row->error = wk->ended_on_error ? wk->error.err : 0;
		row->thread = wk->id;
		row->job = wk->job;
		row->target = wk->streams[s].target;
		row->trims = ctx->w->targets[row->target].trim != TRIM_NONE;
		row->c[0] = wk->streams[s].counts[0];
		row->c[1] = wk->streams[s].counts[1];
		row->h = wk->streams[s].hist;	/* moves to the result */
		wk->streams[s].hist = NULL;
		row->series = wk->streams[s].series;
		wk->streams[s].series = NULL;
		if (wk->pace && !gather_pace(row, wk, s))
			oom = true;
		/* made relative below; a thread its error ended measured up to it */
		row->active_ns = wk->ended_on_error && wk->stopped_at &&
				 wk->stopped_at < wk->window_end ? wk->stopped_at : wk->window_end;
		/* likewise; a latency target's last window alone (fio's reset_all_stats) */
		row->start_ns = wk->stats_from > wk->window_start ? wk->stats_from :
				wk->window_start;
		row->syncs = wk->streams[s].syncs;
		row->errors[0] = wk->streams[s].errors[0];
		row->errors[1] = wk->streams[s].errors[1];
		/* how much of a CPU the thread used from the window's start to its I/O's end */
		row->cpu_busy = wk->cpu_a_ns && wk->cpu_end_ns > wk->cpu_a_ns &&
				wk->t_end_ns > (wk->t_a_ns ? wk->t_a_ns : wt->cpu_t_a) ?
				(double)(wk->cpu_end_ns - wk->cpu_a_ns) /
				(double)(wk->t_end_ns - (wk->t_a_ns ? wk->t_a_ns : wt->cpu_t_a)) : -1;
		row->user_busy = wk->t_end_ns > wk->t_loop_ns && wk->user_end_us >= wk->user_a_us ?
				 (double)(wk->user_end_us - wk->user_a_us) * 1000.0 /
				 (double)(wk->t_end_ns - wk->t_loop_ns) : -1;
		res->nerrors += row->errors[0] + row->errors[1];
		res->verify.written += wk->streams[s].v.written;
		res->verify.checked += wk->streams[s].v.checked;
		res->verify.bad += wk->streams[s].v.bad;
	}
	return !oom;
}

/* Worker wk's error, when it had one: the run's, unless an earlier one is said. */
static void gather_error(const struct run_ctx *ctx, struct result *res, const struct worker *wk)
{
	const struct io_error *e = &wk->error;
	/* with --continue-on-error the first error is reported, but is no stop */
	bool stopped = wk->ended_on_error;

	if (!e->err || (res->error[0] && (res->failed || !stopped)))
		return;
	res->failed |= stopped;
	res->error_code = e->err;
	if (e->is_fsync)
		snprintf(res->error, sizeof(res->error), "fsync of '%s' failed: %s",
			 ctx->w->targets[e->target].path, strerror(e->err));
	else if (e->is_min_rate)	/* fio's words */
		snprintf(res->error, sizeof(res->error), "%s: %s=%llu%s not met, got "
			 "%llu%s (%s)", ctx->w->jobs[wk->job].name,
			 e->rate_iops ? "rate_iops_min" : "rate_min",
			 (unsigned long long)e->rate_min, e->rate_iops ? "" : "B/s",
			 (unsigned long long)e->rate_got, e->rate_iops ? " IOPS" : "B/s",
			 e->is_write ? "writes" : "reads");
	else if (e->len)
		snprintf(res->error, sizeof(res->error), "%s error on '%s' at offset %llu "
			 "(%u bytes): %s", e->is_trim ||
			 ctx->w->targets[e->target].trim == TRIM_ONLY ? "trim" :
			 e->is_write ? "write" : "read",
			 ctx->w->targets[e->target].path, (unsigned long long)e->offset,
			 e->len, e->result >= 0 ? "short transfer" : strerror(e->err));
	else
		snprintf(res->error, sizeof(res->error), "the %s engine failed: %s",
			 res->engine, strerror(e->err));
}

int run_gather(struct run_ctx *ctx, struct result *res, const struct watch *wt)
{
	/* time-based: the last window's end, as the workers left it (early, with exitall) */
	uint64_t end = ctx->w->count_based ? wt->window_end : run_last_window_end(ctx);
	bool thread_errors = false;	/* an error ended a thread alone: the run's end stays */
	bool oom = false;		/* a row's pacing figures had no room: no result then */

	res->nthreads = ctx->nworkers;
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		struct worker *wk = &ctx->workers[i];

		if (ctx->w->count_based)
			end = wk->window_end != UINT64_MAX && (end == UINT64_MAX || wk->window_end > end)
				? wk->window_end : end;
		thread_errors |= wk->ended_on_error && wk->error_ends_thread;
		oom |= !gather_rows(ctx, res, wt, wk);
		res->series_truncated |= wk->iv_overflow;
		if (wk->vhave && !res->verify.first[0]) {
			char what[400];

			verify_describe(&wk->vfirst, what, sizeof(what));
			snprintf(res->verify.first, sizeof(res->verify.first), "verify: '%s': %s",
				 ctx->w->targets[wk->vfirst_target].path, what);
			res->verify.first_offset = wk->vfirst.offset;
			snprintf(res->verify.first_kind, sizeof(res->verify.first_kind), "%s",
				 verify_kind_name(wk->vfirst.kind));
		}
		res->io_workers.threads += wk->io_workers.threads;
		res->io_workers.cpu_s += wk->io_workers.cpu_s;
		res->io_workers.confined += wk->io_workers.confined;
		gather_error(ctx, res, wk);
	}
	for (unsigned i = 0; ctx->w->verify && i < ctx->w->ntargets; i++)
		res->verify.tables_partial |= !ctx->vtables || !ctx->vtables[i];
	if (res->verify.bad && !(ctx->w->continue_on_error & CONTINUE_VERIFY) && !res->failed) {
		res->failed = true;
		res->error_code = EILSEQ;
		snprintf(res->error, sizeof(res->error), "%s", res->verify.first);
	}
	if (wt->stop_time < end)
		end = wt->stop_time;
	for (unsigned i = 0; res->failed && !thread_errors && i < ctx->nworkers; i++)	/* an error's stop ends it */
		if (ctx->workers[i].stopped_at && ctx->workers[i].stopped_at < end)
			end = ctx->workers[i].stopped_at;
	if (end == UINT64_MAX)		/* count mode, no worker finished its count */
		end = clock_ns();
	res->measured = end > wt->window_start;
	res->test_ns = res->measured ? end - wt->window_start : 0;
	for (unsigned i = 0; i < res->nrows; i++) {
		struct result_row *r = &res->rows[i];
		uint64_t e = r->active_ns < end ? r->active_ns : end;

		r->active_ns = e > r->start_ns ? e - r->start_ns : 0;
		r->start_ns -= wt->window_start;
	}
	res->interrupted = wt->stop_time != UINT64_MAX;
	if (wt->stopped_by_rank && !res->error[0])
		snprintf(res->error, sizeof(res->error), "stopped because another rank stopped");
	res->paused_ns = wt->paused_ns;
	res->pauses = wt->pauses;
	{
		struct null_lateness l;	/* the workers' engines have added theirs at cleanup */

		engine_null_lateness(&l);
		res->model_late = (struct model_late){ l.ios, l.sum_ns, l.p99_ns, l.max_ns };
	}
	res->complete = res->measured && !res->interrupted && !res->failed;
	res->interval_ns = ctx->w->interval_ns;
	res->nintervals = (unsigned)((res->test_ns + res->interval_ns - 1) / res->interval_ns);
	if (res->nintervals > build_series_slots(ctx->w))
		res->nintervals = build_series_slots(ctx->w);
	ivring_drain(&ctx->ivr, res->nintervals);	/* the workers are done: the rest, up to the end */
	oom |= ctx->ivr.oom;
	if (!ctx->ivr.oom && ctx->ivr.out.nint >= res->nintervals) {	/* the result takes them */
		res->ivl = ctx->ivr.out;
		res->ivl.nint = res->nintervals;
		memset(&ctx->ivr.out, 0, sizeof(ctx->ivr.out));
	}
	return oom ? -ENOMEM : gather_logs(ctx, res, wt, end);
}
