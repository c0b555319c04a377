/* SPDX-License-Identifier: MIT */
/*
 * run_watch.c: the main thread while the workers run (run_watch.h): the
 * window's phases and edges, the CPU, process and device samples, fio's
 * --status-interval, the progress, and the stop events it waits for.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/clock.h"
#include "core/notice.h"
#include "core/ranked.h"
#include "core/run_watch.h"
#include "platform/host.h"
#include "util/banned.h"

/*
 * The interval histograms every worker has left move out of the ring (struct
 * ivring), of the intervals that have passed at now (the rest, up to the
 * window's end, once the run is over: run_gather()).
 */
static void drain_intervals(struct run_ctx *ctx, uint64_t window_start, uint64_t now)
{
	uint64_t past = now > window_start ? (now - window_start) / ctx->w->interval_ns : 0;
	unsigned upto = past < UINT_MAX ? (unsigned)past : UINT_MAX;

	for (unsigned i = 0; i < ctx->nworkers; i++) {
		unsigned at = atomic_load_explicit(&ctx->workers[i].iv_at, memory_order_acquire);

		upto = at < upto ? at : upto;
	}
	ivring_drain(&ctx->ivr, upto);
}

/* Every block device under the targets, once, with room for iv_cap interval snapshots each. */
int watch_devices(struct devwatch *dw, const struct target *t, unsigned nt, unsigned iv_cap)
{
	memset(dw, 0, sizeof(*dw));
	for (unsigned i = 0; i < nt; i++)
		for (unsigned k = 0; k < t[i].chain.n; k++)
			if (devwatch_add(dw, t[i].chain.dev[k].major, t[i].chain.dev[k].minor,
					 t[i].chain.dev[k].name, iv_cap))
				return -ENOMEM;
	return 0;
}

/* Phase changes, one line each, where no live progress line shows them (-v: always, as DiskSpd's). */
static void say_phase(const struct workload *w, const struct watch *wt, const char *what)
{
	if (w->verbose)
		notice("%s", what);
	else if (!w->quiet && !wt->progress.on)
		notice("%s", what);
}

/* The window opened: sample CPU times, the machine's, the process's and each thread's. */
void watch_take_cpu_a(const struct workload *w, struct watch *wt)
{
	for (unsigned i = 0; i < wt->ctx->nworkers; i++) {
		struct worker *wk = &wt->ctx->workers[i];

		wk->cpu_a_ns = proc_thread_demand_ns(wk->tid, wk->os_tid);
	}
	wt->cpu_t_a = clock_ns();
	devwatch_snapshot(&wt->dw, 0);
	wt->ncpu_a = cpustat_read(wt->cpu_a, MAX_CPUS);
	proc_usage_read(&wt->ru_a);
	wt->cpu_a_taken = true;
	say_phase(w, wt, "measuring");
}

/* At a series edge inside the window: the CPUs' times, for the CPU series (result.cpu_iv). */
static void take_cpu_edge(struct watch *wt, uint64_t t_ns)
{
	unsigned n = (unsigned)wt->ncpu_a;

	if (wt->cpu_e_lost || wt->ncpu_a <= 0)
		return;
	if (wt->ncpu_e == wt->cpu_e_cap) {
		unsigned cap = wt->cpu_e_cap ? 2 * wt->cpu_e_cap : 64;
		struct cpu_times *e = realloc(wt->cpu_e, (size_t)cap * n * sizeof(*e));
		uint64_t *ns = e ? realloc(wt->cpu_e_ns, cap * sizeof(*ns)) : NULL;

		if (e)
			wt->cpu_e = e;
		if (!ns) {
			wt->cpu_e_lost = wt->cpu_e_oom = true;
			return;
		}
		wt->cpu_e_ns = ns;
		wt->cpu_e_cap = cap;
	}
	if (cpustat_read(wt->cpu_e + (size_t)wt->ncpu_e * n, n) != (int)n) {
		wt->cpu_e_lost = true;
		return;
	}
	wt->cpu_e_ns[wt->ncpu_e++] = t_ns;
}

/* The window closed: sample CPU times again. */
static void take_cpu_b(struct watch *wt)
{
	devwatch_snapshot(&wt->dw, 1);
	wt->ncpu_b = cpustat_read(wt->cpu_b, MAX_CPUS);
	proc_usage_read(&wt->ru_b);
}

/* The process's usage between a and b, into r. */
static void usage_between(const struct proc_usage *a, const struct proc_usage *b, struct result *r)
{
	r->proc_user_s = b->user_s - a->user_s;
	r->proc_sys_s = b->sys_s - a->sys_s;
	r->proc_ctx = b->ctx_switches - a->ctx_switches;
	r->proc_majflt = b->majflt - a->majflt;
	r->proc_minflt = b->minflt - a->minflt;
}

#define PAUSE_MIN_NS 50000000ll	/* a stop shorter than this is not told from scheduling */
/* Whether every worker answered request req (or has ended its I/O). */
static bool all_answered(const struct run_ctx *ctx, unsigned req)
{
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		unsigned d = atomic_load_explicit(&ctx->workers[i].snap_done, memory_order_acquire);

		if (d != req && d != SNAP_FINAL)
			return false;
	}
	return true;
}

/*
 * The run's figures so far into r, from each worker's copy (or its live
 * figures once its I/O has ended): rows whose histograms and series are
 * borrowed (free r->rows only), the series' intervals final for all of them,
 * the process's CPU since the window opened. Returns 0 or -ENOMEM.
 */
static int status_result(struct run_ctx *ctx, const struct watch *wt, uint64_t now,
			 struct result *r)
{
	unsigned nrows = 0, niv = UINT32_MAX;
	struct proc_usage ru;

	*r = *wt->res;	/* engine, start time; nothing it owns is used or freed */
	for (unsigned i = 0; i < ctx->nworkers; i++)
		nrows += ctx->workers[i].nstreams;
	r->rows = calloc(nrows ? nrows : 1, sizeof(*r->rows));
	if (!r->rows)
		return -ENOMEM;
	r->nrows = 0;
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		const struct worker *wk = &ctx->workers[i];
		bool fin = atomic_load_explicit(&wk->snap_done, memory_order_acquire) == SNAP_FINAL;
		uint64_t at = fin ? wk->window_end : wk->snap_at;
		unsigned iv = fin ? wk->iv_idx + 1 : wk->snap_iv;

		niv = iv < niv ? iv : niv;
		for (unsigned s = 0; s < wk->nstreams; s++) {
			struct result_row *row = &r->rows[r->nrows++];
			const struct stream *st = &wk->streams[s];
			const struct stream_snap *c = &wk->snaps[s];

			row->thread = wk->id;
			row->job = wk->job;
			row->target = st->target;
			row->trims = ctx->w->targets[st->target].trim != TRIM_NONE;
			row->c[0] = fin ? st->counts[0] : c->counts[0];
			row->c[1] = fin ? st->counts[1] : c->counts[1];
			row->h = fin ? st->hist : c->hist;
			row->series = st->series;
			row->syncs = fin ? st->syncs : c->syncs;
			row->errors[0] = fin ? st->errors[0] : c->errors[0];
			row->errors[1] = fin ? st->errors[1] : c->errors[1];
			row->start_ns = wk->window_start - wt->window_start;
			row->active_ns = at > wk->window_start ? at - wk->window_start : 0;
		}
	}
	r->nthreads = ctx->nworkers;
	r->measured = true;
	r->complete = r->failed = r->interrupted = false;
	r->test_ns = now - wt->window_start;
	r->end_ns_real = now - wt->t0;
	r->interval_ns = ctx->w->interval_ns;
	r->nintervals = niv == UINT32_MAX ? 0 : niv;
	r->devs = NULL;
	r->ndevs = 0;
	r->cpu = NULL;
	r->ncpu = 0;
	r->places = NULL;
	r->nplaces = 0;
	r->logs = NULL;
	r->nlogs = 0;
	proc_usage_read(&ru);
	usage_between(&wt->ru_a, &ru, r);
	return 0;
}

/*
 * fio's --status-interval, once the window is open: when one is due the
 * workers are asked for their figures; once all have answered (at their next
 * interval's edge) the status gets the result so far. Returns when it wants
 * to be called next.
 */
static uint64_t status_turn(struct run_ctx *ctx, struct watch *wt, uint64_t now)
{
	const struct run_status *st = ctx->status;
	unsigned req = atomic_load_explicit(&ctx->snap_req, memory_order_relaxed);
	/* asked half an interval early, the workers answer at the interval edge it is due at */
	uint64_t lead = ctx->w->interval_ns < st->every_ns ? ctx->w->interval_ns / 2 : st->every_ns / 2;

	if (!wt->status_asked && now + lead >= wt->next_status) {
		atomic_store_explicit(&ctx->snap_req, ++req, memory_order_release);
		wt->status_asked = true;
		while (wt->next_status <= now + lead)
			wt->next_status += st->every_ns;
	}
	if (wt->status_asked && all_answered(ctx, req)) {
		struct result so_far;

		wt->status_asked = false;
		if (!status_result(ctx, wt, now, &so_far)) {
			progress_end(&wt->progress);
			st->fn(st->arg, &so_far);
		}
		free(so_far.rows);
	}
	return wt->status_asked ? now + 50000000ull : wt->next_status - lead;
}

/*
 * One turn of the watch at now: the window's edges and phases, the series'
 * edges, the status, the intervals drained and the progress shown. Returns
 * when the next turn is due.
 */
static uint64_t watch_turn(struct run_ctx *ctx, struct watch *wt, uint64_t now, bool *warm_said)
{
	const struct workload *w = ctx->w;
	uint64_t next = now + 100000000ull;

	if (!wt->cpu_a_taken && now >= wt->window_start) {
		watch_take_cpu_a(w, wt);
	} else if (!wt->cpu_a_taken && !*warm_said) {
		say_phase(w, wt, "warming up");
		*warm_said = true;
	}
	if (wt->ncpu_b <= 0 && now >= wt->window_end) {
		take_cpu_b(wt);
		if (w->cooldown_ns)
			say_phase(w, wt, "cooling down");
	}
	if (!wt->cpu_a_taken && wt->window_start < next)
		next = wt->window_start;
	else if (wt->ncpu_b <= 0 && wt->window_end < next)
		next = wt->window_end;
	if (wt->cpu_a_taken && wt->ncpu_b <= 0) {
		bool edge = now >= wt->next_edge;

		devwatch_sample(&wt->dw, edge, now - wt->window_start);
		if (edge)
			take_cpu_edge(wt, now - wt->window_start);
		while (edge && wt->next_edge <= now)
			wt->next_edge += w->interval_ns;
	}
	if (wt->cpu_a_taken && wt->ncpu_b <= 0 && wt->next_edge < next)
		next = wt->next_edge;
	if (ctx->status && wt->cpu_a_taken) {
		uint64_t s = status_turn(ctx, wt, now);

		next = s < next ? s : next;
	}
	drain_intervals(ctx, wt->window_start, now);
	progress_update(&wt->progress, w, ctx->workers, ctx->nworkers, wt->t0,
			wt->window_start, now);
	if (w->progress_ios)
		wt->dots += progress_dots(w, ctx->workers, ctx->nworkers);
	return next;
}

/*
 * What the watch does on sig, a stop event other than a SIGCONT: a stop
 * asked for, another rank's or a lost rank's, the last window closed.
 */
static void watch_event(struct run_ctx *ctx, struct watch *wt, const struct stop_hold *sigs,
			enum stop_event sig)
{
	const struct workload *w = ctx->w;
	int lost;

	if (sig == STOP_WOKEN) {	/* count-based: every window has closed */
		if (wt->cpu_a_taken && wt->ncpu_b <= 0)
			take_cpu_b(wt);
		return;
	}
	if (sig == STOP_TIMEOUT && wt->stop_time == UINT64_MAX && (lost = ranks_lost()) >= 0) {
		wt->stop_time = clock_ns();	/* a rank fell silent: the run ends, partial */
		wt->stopped_by_rank = true;
		atomic_store(&ctx->stop, 1);
		ranks_stop_send();
		if (!w->quiet)
			notice("rank %d (host %s) is lost: no word from it for %.0f s; stopping",
			       lost, ranks_host((unsigned)lost), (double)RANK_LOST_NS / 1e9);
		return;
	}
	if (sig == STOP_TIMEOUT && wt->stop_time == UINT64_MAX && ranks_stop_seen()) {
		wt->stop_time = clock_ns();	/* another rank stopped: so does this one */
		wt->stopped_by_rank = true;
		atomic_store(&ctx->stop, 1);
		return;
	}
	if (sig == STOP_TIMEOUT && atomic_load(&ctx->stop))
		ranks_stop_send();	/* an error stopped this rank's run: the others too */
	if (sig == STOP_ASKED && wt->stop_time == UINT64_MAX) {
		wt->stop_time = clock_ns();
		atomic_store(&ctx->stop, 1);
		ctx->signalled = true;
		ranks_stop_send();
		stop_second_ends(sigs);
		progress_end(&wt->progress);
		if (!w->quiet)
			notice("interrupted, stopping (again to quit at once)");
	}
}

void watch_run(struct run_ctx *ctx, struct watch *wt, const struct stop_hold *sigs)
{
	const struct workload *w = ctx->w;
	bool warm_said = false;
	uint64_t last = clock_ns(), t;	/* when the last wait came back */
	int64_t late = 0;		/* the most a turn overran since the last SIGCONT */
	enum stop_event sig;

	while (atomic_load(&ctx->finished) < ctx->nworkers) {
		uint64_t now = clock_ns(), next = watch_turn(ctx, wt, now, &warm_said);

		if (next <= now)
			continue;
		sig = stop_wait(sigs, next - now);
		t = clock_ns();
		/*
		 * How much longer than asked this turn took since the last wait came
		 * back: a stop (SIGSTOP, Ctrl-Z) shows here, to within the wait (0.1 s
		 * at most); its SIGCONT may come now or in the next turn.
		 */
		if ((int64_t)(t - last) - (int64_t)(next - now) > late)
			late = (int64_t)(t - last) - (int64_t)(next - now);
		last = t;
		if (sig == STOP_RESUMED) {
			if (late > PAUSE_MIN_NS) {	/* a SIGCONT with no stop before it is no pause */
				wt->paused_ns += (uint64_t)late;
				wt->pauses++;
			}
			late = 0;
			continue;
		}
		watch_event(ctx, wt, sigs, sig);
	}
	progress_end(&wt->progress);
	if (w->progress_ios && (wt->dots += progress_dots(w, ctx->workers, ctx->nworkers)))
		fputc('\n', stderr);	/* the dots' line ends before what follows */
}

/* Each CPU over each interval between the window's start, its edges and its end. */
static int cpu_series(struct result *res, const struct watch *wt)
{
	unsigned n = res->ncpu, k, m = wt->ncpu_e + 1;

	if (wt->cpu_e_oom)
		return -ENOMEM;
	if (wt->cpu_e_lost || n != (unsigned)wt->ncpu_a || n != (unsigned)wt->ncpu_b)
		return 0;
	res->cpu_iv = calloc((size_t)m * n, sizeof(*res->cpu_iv));
	res->cpu_iv_ns = calloc(m, sizeof(*res->cpu_iv_ns));
	if (!res->cpu_iv || !res->cpu_iv_ns)
		return -ENOMEM;
	for (k = 0; k < m; k++) {
		const struct cpu_times *a = k ? wt->cpu_e + (size_t)(k - 1) * n : wt->cpu_a;
		const struct cpu_times *b = k < wt->ncpu_e ? wt->cpu_e + (size_t)k * n : wt->cpu_b;

		for (unsigned i = 0; i < n; i++)
			cpustat_delta(&a[i], &b[i], &res->cpu_iv[(size_t)k * n + i]);
		res->cpu_iv_ns[k] = k < wt->ncpu_e ? wt->cpu_e_ns[k] : res->test_ns;
	}
	res->ncpu_ivs = m * n;
	res->ncpu_iv_ns = m;
	return 0;
}

int watch_cpu_usage(struct result *res, struct watch *wt)
{
	int n;

	if (!wt->cpu_a_taken)
		return 0;
	if (wt->ncpu_b <= 0)
		take_cpu_b(wt);
	usage_between(&wt->ru_a, &wt->ru_b, res);
	n = wt->ncpu_a < wt->ncpu_b ? wt->ncpu_a : wt->ncpu_b;
	if (n <= 0)
		return 0;
	res->cpu = calloc((size_t)n, sizeof(*res->cpu));
	if (!res->cpu)
		return -ENOMEM;
	for (int i = 0; i < n; i++)
		cpustat_delta(&wt->cpu_a[i], &wt->cpu_b[i], &res->cpu[i]);
	res->ncpu = (unsigned)n;
	if (cpu_series(res, wt))
		return -ENOMEM;
	/* where each sits (DiskSpd's processor topology, -Rxml) */
	res->places = calloc((size_t)n, sizeof(*res->places));
	if (!res->places)
		return -ENOMEM;
	for (int i = 0; i < n; i++)
		host_cpu_place(res->cpu[i].cpu, &res->places[i]);
	res->nplaces = (unsigned)n;
	return 0;
}
