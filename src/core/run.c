/* SPDX-License-Identifier: MIT */
/*
 * run.c: the cold path of a run. Order of work:
 *   1. pick the engine; check every target (nothing touched yet);
 *   2. block SIGINT/SIGTERM (the main thread waits for them with
 *      sigtimedwait, workers never see them); create/fill/open targets
 *      (1 and 2: run_check.c);
 *   3. build the workers: streams, units, buffers, generators;
 *   4. start the threads; each sets up its engine, then all wait at a
 *      barrier while the main thread fixes the phase boundaries;
 *   5. the main thread samples CPU at the window edges and waits for the
 *      workers (or a signal); then results are gathered and targets closed.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/build.h"
#include "core/clock.h"
#include "core/notice.h"
#include "core/progress.h"
#include "core/ranked.h"
#include "core/run.h"
#include "core/run_check.h"
#include "job/units.h"
#include "platform/proc.h"
#include "platform/stop.h"
#include "platform/affinity.h"
#include "platform/ioprio.h"
#include "result/merge.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define MAX_CPUS 1024
/* fio's startdelay: sleep until the job's start, in slices, so Ctrl-C is not held up. */
static void wait_start(struct worker *wk)
{
	for (uint64_t now = clock_ns(); now < wk->start_at && !atomic_load(wk->stop); now = clock_ns()) {
		uint64_t left = wk->start_at - now, step = left < 100000000ull ? left : 100000000ull;
		struct timespec ts = { 0, (long)step };

		nanosleep(&ts, NULL);
	}
}

/* One io_uring worker thread: counted against the worker whose ring it serves. */
static void count_io_worker(void *arg, int owner, double cpu_s, int ncpus)
{
	struct run_ctx *ctx = arg;

	for (unsigned i = 0; i < ctx->nworkers; i++) {
		if (ctx->workers[i].os_tid == owner) {
			ctx->workers[i].io_workers.threads++;
			ctx->workers[i].io_workers.cpu_s += cpu_s;
			ctx->workers[i].io_workers.confined += ncpus == 1;
			return;
		}
	}
}

/*
 * Every thread waits here until all of them exist: then they go on to the
 * barriers (true), or, when one could not be started, they end at once
 * (false), so no thread is ever left waiting for one that does not exist.
 */
static bool gate_wait(struct run_ctx *ctx)
{
	int open;

	pthread_mutex_lock(&ctx->gate_lock);
	while (!ctx->gate)
		pthread_cond_wait(&ctx->gate_cond, &ctx->gate_lock);
	open = ctx->gate > 0;
	pthread_mutex_unlock(&ctx->gate_lock);
	return open;
}

static void gate_set(struct run_ctx *ctx, int state)
{
	pthread_mutex_lock(&ctx->gate_lock);
	ctx->gate = state;
	pthread_cond_broadcast(&ctx->gate_cond);
	pthread_mutex_unlock(&ctx->gate_lock);
}

/*
 * A worker's I/O has ended. Ended before its window's planned end (a stop,
 * an error, its budget under a runtime cap), its window ends now. With fio's
 * exitall the others of its group stop too.
 */
static void io_ended(struct run_ctx *ctx, struct worker *wk)
{
	uint64_t now = clock_ns();

	if (now < wk->window_end)
		wk->window_end = now;
	if (ctx->w->exitall)
		atomic_store(&ctx->stop, 1);
}

static void *worker_main(void *arg)
{
	struct thread_arg *ta = arg;
	struct worker *wk = ta->w;

	if (!gate_wait(ta->ctx))
		return NULL;
	wk->os_tid = proc_thread_id();
	wk->pin_error = wk->cpu >= 0 ? affinity_pin(wk->cpu) :
			wk->cpus ? affinity_pin_set(wk->cpus, wk->ncpus) : 0;
	if (!wk->pin_error && wk->ioprio)	/* before the engine, as fio: its workers inherit it */
		wk->prio_error = ioprio_apply(wk->ioprio);
	if (!wk->pin_error && !wk->prio_error)
		wk->init_error = build_engine_start(ta->ctx, wk);
	pthread_barrier_wait(&ta->ctx->ready);
	pthread_barrier_wait(&ta->ctx->go);
	if (wk->start_at)
		wait_start(wk);
	wk->user_a_us = proc_thread_user_us();	/* its user time over the whole I/O loop */
	wk->t_loop_ns = clock_ns();
	if (!ta->ctx->w->warmup_ns) {	/* the window opens with the I/O: its CPU demand from here */
		wk->cpu_a_ns = proc_thread_demand_ns(pthread_self(), wk->os_tid);
		wk->t_a_ns = clock_ns();
	}
	if (!wk->pin_error && !wk->prio_error && !wk->init_error && !atomic_load(&ta->ctx->stop))
		loop_run(wk);
	io_ended(ta->ctx, wk);
	if (wk->snap_req)	/* its live figures are final: a status reads them from now on */
		atomic_store_explicit(&wk->snap_done, SNAP_FINAL, memory_order_release);
	wk->cpu_end_ns = proc_thread_demand_ns(pthread_self(), wk->os_tid);	/* to here */
	wk->user_end_us = proc_thread_user_us();
	wk->t_end_ns = clock_ns();
	/* count-based: the last window to close closes the run's; the main thread samples now */
	if (ta->ctx->w->count_based && atomic_fetch_sub(&ta->ctx->windows_open, 1) == 1)
		stop_wake(ta->ctx->main_tid);
	/* io_uring's worker threads end with the rings: one scan of them all, rings still open */
	if (pthread_barrier_wait(&ta->ctx->ended) == PTHREAD_BARRIER_SERIAL_THREAD &&
	    (wk->engine.ops->flags & ENGINE_RING))
		host_io_workers(count_io_worker, ta->ctx);
	pthread_barrier_wait(&ta->ctx->scanned);
	wk->engine.ops->cleanup(&wk->engine);
	atomic_fetch_add(&ta->ctx->finished, 1);
	return NULL;
}

/* The smallest start delay of the workload's jobs (fio's startdelay). */
static uint64_t min_delay(const struct workload *w)
{
	uint64_t d = UINT64_MAX;

	for (unsigned j = 0; j < w->njobs; j++)
		if (w->jobs[j].start_delay_ns < d)
			d = w->jobs[j].start_delay_ns;
	return d == UINT64_MAX ? 0 : d;
}

/* A worker of fio's rw=trim or randtrim: every stream's I/O a trim. */
static bool worker_trims_only(const struct run_ctx *ctx, const struct worker *wk)
{
	return wk->nstreams && ctx->w->targets[wk->streams[0].target].trim == TRIM_ONLY;
}

/*
 * Fixes every worker's phase boundaries, starting at t0: a job with a start
 * delay starts (and warms up, and measures) that much later. Returns the
 * window start of the earliest job.
 */
static uint64_t set_timing(struct run_ctx *ctx, uint64_t t0)
{
	const struct workload *w = ctx->w;

	for (unsigned i = 0; i < ctx->nworkers; i++) {
		struct worker *wk = &ctx->workers[i];
		const struct job_spec *job = &w->jobs[wk->job];
		uint64_t ws = t0 + job->start_delay_ns + w->warmup_ns;

		wk->start_at = job->start_delay_ns ? t0 + job->start_delay_ns : 0;
		wk->continue_mask = w->continue_on_error;
		wk->go_on = w->go_on;
		wk->error_ends_thread = job->error_ends_thread;
		if (worker_trims_only(ctx, wk))	/* its trims, in the read slot, are writes to fio */
			wk->continue_mask = (wk->continue_mask & ~CONTINUE_READ) |
					    (w->continue_on_error & CONTINUE_WRITE ? CONTINUE_READ : 0);
		wk->window_start = ws;
		wk->reap_min = job->reap_min ? job->reap_min : 1;
		wk->reap_max = job->reap_max ? job->reap_max : REAP_BATCH;
		wk->submit_batch = job->submit_batch ? job->submit_batch : SUBMIT_ALL;
		if (wk->reap_max > REAP_MAX)
			wk->reap_max = REAP_MAX;
		if (wk->reap_min > REAP_MAX)
			wk->reap_min = REAP_MAX;
		if (wk->reap_min > wk->reap_max)
			wk->reap_max = wk->reap_min > REAP_MAX ? REAP_MAX : wk->reap_min;
		if (wk->reap_min > wk->nunits)
			wk->reap_min = wk->nunits;
		wk->interval_ns = w->interval_ns;
		wk->ivr = &ctx->ivr;
		atomic_init(&wk->iv_at, 0);
		wk->iv_edge = ws + w->interval_ns;
		wk->iv_cap = build_series_slots(w);
		if (w->count_based) {
			/* a duration with a budget caps it (fio's runtime on a size-based job);
			   a job's own: a group mixing time- and size-based jobs */
			uint64_t d = job->duration_ns ? job->duration_ns : w->duration_ns;

			wk->window_end = wk->end = d ? ws + d : UINT64_MAX;
			wk->ios_left = job->ios_per_thread ? job->ios_per_thread : UINT64_MAX;
			wk->issue_left = job->bytes_per_thread ? job->bytes_per_thread : UINT64_MAX;
			/* no more issued than measured (fio's number_ios, --ios); a warm-up's come on top */
			wk->issue_ios = job->ios_per_thread && !w->warmup_ns ? job->ios_per_thread :
					UINT64_MAX;
		} else {
			wk->window_end = ws + w->duration_ns;
			wk->end = wk->window_end + w->cooldown_ns;
			wk->ios_left = wk->issue_left = wk->issue_ios = UINT64_MAX;
		}
	}
	return t0 + min_delay(w) + w->warmup_ns;
}

/* The end of the last job's window (time-based runs). */
static uint64_t last_window_end(const struct run_ctx *ctx)
{
	uint64_t e = 0;

	for (unsigned i = 0; i < ctx->nworkers; i++)
		if (ctx->workers[i].window_end > e)
			e = ctx->workers[i].window_end;
	return e;
}

struct watch {
	uint64_t window_start, window_end;	/* planned; window_end UINT64_MAX in count mode */
	uint64_t stop_time;			/* when a signal came, else UINT64_MAX */
	bool stopped_by_rank;			/* ... or another MPI rank's stop */
	uint64_t paused_ns;			/* how long the process was stopped (SIGSTOP, Ctrl-Z) */
	unsigned pauses;
	struct cpu_times *cpu_a, *cpu_b;
	int ncpu_a, ncpu_b;
	struct cpu_times *cpu_e;		/* at each series edge in the window: ncpu_a each */
	uint64_t *cpu_e_ns;			/* ... when, from the window's start */
	unsigned ncpu_e, cpu_e_cap;
	bool cpu_e_lost;			/* the CPUs changed: no CPU series */
	bool cpu_e_oom;				/* ... no room for it: the run fails */
	bool cpu_a_taken;
	struct proc_usage ru_a, ru_b;		/* the process's CPU time at the window's edges */
	struct run_ctx *ctx;
	uint64_t cpu_t_a;			/* when the threads' CPU times were first read */
	uint64_t t0;				/* when the workers started */
	struct progress progress;
	struct devwatch dw;
	uint64_t next_edge;			/* the next series interval edge */
	uint64_t next_status;			/* --status-interval: when the next is due */
	bool status_asked;			/* ... and asked of the workers, not all answered */
	const struct result *res;		/* the run's result (its start time, engine) */
	uint64_t dots;				/* -P: the dots printed */
};

/*
 * The interval histograms every worker has left move out of the ring (struct
 * ivring), of the intervals that have passed at now (the rest, up to the
 * window's end, once the run is over: gather()).
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
static int watch_devices(struct devwatch *dw, const struct target *t, unsigned nt, unsigned iv_cap)
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

/* DiskSpd's -v: each thread's CPU, and each of its targets with its seed and its kind of I/O. */
static void say_threads(const struct run_ctx *ctx)
{
	for (unsigned i = 0, rel = 0; i < ctx->nworkers; i++, rel++) {
		const struct worker *wk = &ctx->workers[i];

		if (i && wk->job != ctx->workers[i - 1].job)
			rel = 0;	/* a job's threads use its seed + their number in it */
		if (wk->cpu >= 0)
			notice("thread %u: affinitizing to CPU %d", i, wk->cpu);
		for (unsigned k = 0; k < wk->nstreams; k++) {
			const struct stream *s = &wk->streams[k];

			notice("thread %u: file '%s' relative thread %u (random seed: %llu), %s I/O", i,
			       ctx->w->targets[s->target].path, rel,
			       (unsigned long long)(ctx->w->jobs[wk->job].seed + rel),
			       s->gen.random ? "random" : "sequential");
		}
	}
}

/* The window opened: sample CPU times, the machine's, the process's and each thread's. */
static void take_cpu_a(const struct workload *w, struct watch *wt)
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

/*
 * Waits for the workers, sampling CPU at the window's edges. A first SIGINT
 * or SIGTERM stops the workers; it also restores the default action, so a
 * second one ends iobench at once.
 */
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

static void watch_run(struct run_ctx *ctx, struct watch *wt, const struct stop_hold *sigs)
{
	const struct workload *w = ctx->w;
	bool warm_said = false;
	uint64_t last = clock_ns(), t;	/* when the last wait came back */
	int64_t late = 0;		/* the most a turn overran since the last SIGCONT */
	enum stop_event sig;
	int lost;

	while (atomic_load(&ctx->finished) < ctx->nworkers) {
		uint64_t now = clock_ns(), next = now + 100000000ull;

		if (!wt->cpu_a_taken && now >= wt->window_start) {
			take_cpu_a(w, wt);
		} else if (!wt->cpu_a_taken && !warm_said) {
			say_phase(w, wt, "warming up");
			warm_said = true;
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
		if (sig == STOP_WOKEN) {	/* count-based: every window has closed */
			if (wt->cpu_a_taken && wt->ncpu_b <= 0)
				take_cpu_b(wt);
			continue;
		}
		if (sig == STOP_TIMEOUT && wt->stop_time == UINT64_MAX && (lost = ranks_lost()) >= 0) {
			wt->stop_time = clock_ns();	/* a rank fell silent: the run ends, partial */
			wt->stopped_by_rank = true;
			atomic_store(&ctx->stop, 1);
			ranks_stop_send();
			if (!w->quiet)
				notice("rank %d (host %s) is lost: no word from it for %.0f s; stopping",
				       lost, ranks_host((unsigned)lost), (double)RANK_LOST_NS / 1e9);
			continue;
		}
		if (sig == STOP_TIMEOUT && wt->stop_time == UINT64_MAX && ranks_stop_seen()) {
			wt->stop_time = clock_ns();	/* another rank stopped: so does this one */
			wt->stopped_by_rank = true;
			atomic_store(&ctx->stop, 1);
			continue;
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
	progress_end(&wt->progress);
	if (w->progress_ios && (wt->dots += progress_dots(w, ctx->workers, ctx->nworkers)))
		fputc('\n', stderr);	/* the dots' line ends before what follows */
}

static int start_threads(struct run_ctx *ctx, struct thread_arg *args, char *err, size_t len)
{
	unsigned started = 0;
	int r = 0;

	pthread_mutex_init(&ctx->gate_lock, NULL);
	pthread_cond_init(&ctx->gate_cond, NULL);
	pthread_barrier_init(&ctx->ready, NULL, ctx->nworkers + 1);
	pthread_barrier_init(&ctx->go, NULL, ctx->nworkers + 1);
	pthread_barrier_init(&ctx->ended, NULL, ctx->nworkers);
	pthread_barrier_init(&ctx->scanned, NULL, ctx->nworkers);
	for (; started < ctx->nworkers; started++) {
		args[started] = (struct thread_arg){ ctx, &ctx->workers[started] };
		r = pthread_create(&ctx->workers[started].tid, NULL, worker_main, &args[started]);
		if (r)
			break;
	}
	if (r) {
		/* the threads that exist end at the gate, before any barrier */
		gate_set(ctx, -1);
		for (unsigned i = 0; i < started; i++)
			pthread_join(ctx->workers[i].tid, NULL);
		return errmsg(err, len, -r, "cannot start worker thread %u of %u: %s (a limit on "
			      "processes, ulimit -u?)", started, ctx->nworkers, strerror(r));
	}
	gate_set(ctx, 1);
	return 0;
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

static int gather(struct run_ctx *ctx, struct result *res, const struct watch *wt)
{
	/* time-based: the last window's end, as the workers left it (early, with exitall) */
	uint64_t end = ctx->w->count_based ? wt->window_end : last_window_end(ctx);
	bool thread_errors = false;	/* an error ended a thread alone: the run's end stays */
	bool oom = false;		/* a row's pacing figures had no room: no result then */

	res->nthreads = ctx->nworkers;
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		struct worker *wk = &ctx->workers[i];

		if (ctx->w->count_based)
			end = wk->window_end != UINT64_MAX && (end == UINT64_MAX || wk->window_end > end)
				? wk->window_end : end;
		thread_errors |= wk->ended_on_error && wk->error_ends_thread;
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
			if (wk->pace) {
				struct pace_stream *ps = &wk->pace->s[s];

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
					oom = true;
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
			}
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
		if (wk->error.err) {
			const struct io_error *e = &wk->error;
			/* with --continue-on-error the first error is reported, but is no stop */
			bool stopped = wk->ended_on_error;

			if (res->error[0] && (res->failed || !stopped))
				continue;
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

static int cpu_usage(struct result *res, struct watch *wt)
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

/* Threads are built; run them and collect the results. */
static int run_workers(struct run_ctx *ctx, struct result *res, const struct stop_hold *sigs,
		       char *err, size_t len)
{
	struct thread_arg *args = calloc(ctx->nworkers, sizeof(*args));
	struct watch wt = { .stop_time = UINT64_MAX, .ctx = ctx };
	unsigned nrows = 0;
	int r;

	wt.cpu_a = calloc(MAX_CPUS, sizeof(*wt.cpu_a));
	wt.cpu_b = calloc(MAX_CPUS, sizeof(*wt.cpu_b));
	for (unsigned i = 0; i < ctx->nworkers; i++)
		nrows += ctx->workers[i].nstreams;
	res->rows = calloc(nrows, sizeof(*res->rows));
	if (!args || !wt.cpu_a || !wt.cpu_b || !res->rows ||
	    ivring_init(&ctx->ivr, build_series_slots(ctx->w), ctx->w->interval_ns) ||
	    watch_devices(&wt.dw, ctx->targets, ctx->w->ntargets, build_series_slots(ctx->w))) {
		r = ranks_agree(errmsg(err, len, -ENOMEM, "out of memory"), err, len);
		goto out;
	}
	atomic_store(&ctx->windows_open, ctx->nworkers);
	r = start_threads(ctx, args, err, len);
	if (r) {
		r = ranks_agree(r, err, len);
		goto out;
	}
	pthread_barrier_wait(&ctx->ready);
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		if (ctx->workers[i].pin_error && !r) {
			r = errmsg(err, len, ctx->workers[i].pin_error, "cannot pin thread %u to CPU "
				   "%d: %s", i, ctx->workers[i].cpu, strerror(-ctx->workers[i].pin_error));
			atomic_store(&ctx->stop, 1);
		}
		if (ctx->workers[i].prio_error && !r) {
			unsigned v = ctx->workers[i].ioprio;

			if (ctx->w->io_priority)
				r = errmsg(err, len, ctx->workers[i].prio_error, "-I%u: cannot set "
					   "thread %u's I/O priority (class %u, level %u): %s",
					   ctx->w->io_priority, i, v >> IOPRIO_CLASS_SHIFT, v & 7,
					   strerror(-ctx->workers[i].prio_error));
			else
				r = errmsg(err, len, ctx->workers[i].prio_error, "job '%s': cannot set "
					   "thread %u's I/O priority (class %u, level %u: fio's prioclass "
					   "and prio): %s", ctx->w->jobs[ctx->workers[i].job].name, i,
					   v >> IOPRIO_CLASS_SHIFT, v & 7,
					   strerror(-ctx->workers[i].prio_error));
			atomic_store(&ctx->stop, 1);
		}
		if (ctx->workers[i].init_error && !r) {
			r = errmsg(err, len, ctx->workers[i].init_error, "cannot set up the %s engine: %s",
				 res->engine, strerror(-ctx->workers[i].init_error));
			atomic_store(&ctx->stop, 1);
		}
	}
	/* every rank's threads ready, or all stop; then they start together */
	if ((r = ranks_agree(r, err, len)))
		atomic_store(&ctx->stop, 1);
	progress_init(&wt.progress, ctx->w);
	wt.t0 = r ? clock_ns() : ranks_start(&ctx->clock);	/* under mpirun: the common start */
	clock_gettime(CLOCK_REALTIME, &res->wall_t0);
	res->pid = (unsigned)getpid();
	wt.window_start = set_timing(ctx, wt.t0);
	wt.window_end = ctx->w->count_based ? UINT64_MAX : last_window_end(ctx);
	wt.next_edge = wt.window_start + ctx->w->interval_ns;
	wt.res = res;
	if (ctx->status)
		wt.next_status = wt.window_start + ctx->status->every_ns;
	if (!ctx->w->warmup_ns)	/* the window opens now: a short run may end before we look */
		take_cpu_a(ctx->w, &wt);
	if (!r)
		ranks_stop_arm();
	pthread_barrier_wait(&ctx->go);
	if (!r)
		watch_run(ctx, &wt, sigs);
	for (unsigned i = 0; i < ctx->nworkers; i++)
		pthread_join(ctx->workers[i].tid, NULL);
	if (!r)
		ranks_stop_disarm();
	res->warmup_ns_real = wt.window_start - wt.t0;
	res->end_ns_real = clock_ns() - wt.t0;
	if (!r && ((r = gather(ctx, res, &wt)) || (r = cpu_usage(res, &wt))))
		snprintf(err, len, "out of memory");
out:
	devwatch_end(&wt.dw);
	res->devs = wt.dw.dev;	/* the result owns the device samples */
	res->ndevs = wt.dw.n;
	free(wt.cpu_a);
	free(wt.cpu_b);
	free(wt.cpu_e);
	free(wt.cpu_e_ns);
	free(args);
	return r;
}

/* What the reports judge a target by, kept in the result once the run is over. */
static void keep_facts(struct result *res, const struct target *t, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct target_facts *f = &res->targets[i];

		f->kind = t[i].kind;
		f->size = t[i].size;
		f->end = t[i].end;
		f->base = t[i].base;
		f->share_n = t[i].spec->share_n > 1 ? t[i].spec->share_n : 0;
		f->share_i = t[i].spec->share_i;
		f->io_align = t[i].io_align;
		f->created = t[i].created;
		f->reused = t[i].reused;
		f->has_dev = t[i].dev != 0;
		device_numbers(t[i].dev, &f->dev_major, &f->dev_minor);
		f->fs_type = t[i].fs_type;
		f->chain = t[i].chain;
		f->unbacked = t[i].unbacked;
		f->unbacked_known = t[i].unbacked_known;
		f->unbacked_backing = t[i].unbacked_backing;
		f->extents = t[i].extents;
		f->dev_stored = t[i].dev_stored;
		f->dev_stored_known = t[i].dev_stored_known;
		f->compressed = t[i].compressed;
		f->no_nowait = t[i].no_nowait;
	}
}

/* fio's end_fsync: written targets are synced once the I/O has ended (not timed). */
static void end_fsync(struct run_ctx *ctx, struct result *res)
{
	for (unsigned i = 0; i < ctx->w->ntargets; i++) {
		if (!ctx->w->targets[i].end_fsync || ctx->targets[i].fd < 0 || !fsync(ctx->targets[i].fd))
			continue;
		if (!res->failed)
			snprintf(res->error, sizeof(res->error), "fsync of '%s' at the end failed: %s",
				 ctx->w->targets[i].path, strerror(errno));
		res->failed = true;
	}
}

int run_precheck(const struct workload *w, struct hold *hold, struct space_plan *plan, char *err,
		 size_t len)
{
	struct workload placed;
	int r = placed_paths(w, placed_opens_files(w), &placed, err, len);

	for (unsigned i = 0; !r && i < placed.ntargets; i++)	/* not made yet: the run makes it */
		placed.targets[i].share_later = placed.targets[i].share_follow;
	if (!r)
		r = run_precheck_placed(&placed, hold, plan, err, len);
	placed_free(w, &placed);
	return ranks_agree(r, err, len);	/* under mpirun: every rank's checks, or none */
}

/* fio's unlink=1: the files go once the group has run; one that stays is said. */
static void unlink_files(struct run_ctx *ctx, const struct workload *w, struct hold *hold)
{
	char msgs[1024];

	if (targets_unlink(ctx->targets, w, hold, msgs, sizeof(msgs)))
		notice("%s(unlink=1)", msgs);
}

/* fio's --status-interval: room for each worker's copy of its streams' figures. */
static int status_room(struct run_ctx *ctx)
{
	for (unsigned i = 0; ctx->status && i < ctx->nworkers; i++) {
		struct worker *wk = &ctx->workers[i];

		wk->snaps = calloc(wk->nstreams, sizeof(*wk->snaps));
		if (!wk->snaps)
			return -ENOMEM;
		for (unsigned s = 0; s < wk->nstreams; s++)
			if (!(wk->snaps[s].hist = calloc(2, sizeof(*wk->snaps[s].hist))))
				return -ENOMEM;
		wk->snap_req = &ctx->snap_req;
	}
	return 0;
}

/*
 * Everything the workers need before they start: the -Z source buffers,
 * --verify's tables, fio's mem= files, then the workers. Returns 0 or -errno
 * with a message.
 */
static int build_all(struct run_ctx *ctx, char *err, size_t len)
{
	int r = build_source_buffers(ctx);

	for (unsigned i = 0; r && r != -ENOMEM && i < ctx->w->ntargets; i++)
		if (ctx->w->targets[i].buf_source_path)	/* it was checked; it changed since */
			return errmsg(err, len, -EINVAL, "-Z: cannot read the source buffer's file "
				      "'%s': %s", ctx->w->targets[i].buf_source_path, strerror(-r));
	if (!r)
		r = build_verify_tables(ctx);
	if (!r && (r = build_mem_files(ctx, err, len)))
		return r;	/* said */
	if (!r)
		r = build_workers(ctx);
	if (r && ctx->mem_error_job && ctx->w->large_pages)
		return errmsg(err, len, -EINVAL, "-l: cannot have the threads' buffers on huge "
			      "pages: %s", strerror(-r));
	if (r && ctx->mem_error_job) {
		const struct job_spec *js = &ctx->w->jobs[ctx->mem_error_job - 1];

		return errmsg(err, len, -EINVAL, "job '%s': mem=%s%s%s: cannot have its threads' "
			      "buffers: %s", js->name, build_mem_names[js->mem], js->mem_file ? ":" : "",
			      js->mem_file ? js->mem_file : "", strerror(-r));
	}
	if (r == -EINVAL && ctx->shape_err[0])
		return errmsg(err, len, -EINVAL, "%s", ctx->shape_err);
	if (r == -ERANGE)
		return errmsg(err, len, -EINVAL, "a thread's range (offset + offset_increment x "
			      "its number, and size) lies past the end of its target");
	if (r == -EDOM)
		return errmsg(err, len, -EINVAL, "--verify gives each thread every n-th block of "
			      "its target: each must own more blocks than -o keeps in flight; use "
			      "fewer threads, a smaller -o or a larger range");
	if (r)
		return errmsg(err, len, r, "cannot set up the workers: %s", strerror(-r));
	return 0;
}

/*
 * fio's cpus_allowed: a job's threads run where it says, not where iobench
 * would pin them: shared, each on all of its CPUs; split, thread k of the
 * run (fio's thread number - 1) on the (k mod n)-th alone, as fio's.
 */
static void job_cpus(struct run_ctx *ctx)
{
	for (unsigned i = 0, j = 0, rel = 0; i < ctx->nworkers; i++, rel++) {
		const struct job_spec *js;
		struct worker *wk = &ctx->workers[i];

		if (wk->job != j)
			rel = 0;
		j = wk->job;
		js = &ctx->w->jobs[j];
		if (!js->ncpus)
			continue;
		wk->cpu = js->cpus_split ? js->cpus[(js->first_thread + rel) % js->ncpus] : -1;
		wk->cpus = js->cpus_split ? NULL : js->cpus;
		wk->ncpus = js->ncpus;
		wk->own_cpus = true;
	}
}

int run_execute(const struct workload *w, struct hold *hold, struct result *res, char *err,
		size_t len)
{
	return run_execute_status(w, hold, NULL, res, err, len);
}

/* The run on this rank's targets (w: run_execute_status()'s, with this rank's paths). */
static int run_placed(const struct workload *w, struct hold *hold, const struct run_status *st,
		      struct result *res, struct run_ctx *out, char *err, size_t len)
{
	struct run_ctx ctx = { .w = w, .status = st };
	const struct engine_ops *ops = NULL;
	struct stop_hold sigs;	/* the stops, SIGCONT and the last worker's wake-up (its window) */
	int r;

	ctx.main_tid = pthread_self();
	affinity_allowed(&ctx.cpus);	/* none known: io_uring's workers left as they are */
	atomic_store(&ctx.windows_open, 0);
	stop_hold(&sigs, true);
	r = run_checked_open(&ctx, hold, res, &ops, err, len);
	if (r && r != -EINTR) {	/* bad input, or files that could not be made: no run */
		if (ctx.targets)
			targets_close(ctx.targets, w->ntargets);
		free(ctx.targets);
		stop_release(&sigs);
		return r;
	}
	if (r == -EINTR) {	/* Ctrl-C while a file was laid down, or mpirun's SIGTERM */
		res->interrupted = true;
		ctx.signalled = true;
		snprintf(res->error, sizeof(res->error), "%s", err);
		host_info_read(&res->host);
		r = 0;
	} else if (!r) {
		r = build_all(&ctx, err, len);
		if (!r && (r = status_room(&ctx)))
			r = errmsg(err, len, r, "cannot set up the workers: %s", strerror(-r));
		for (unsigned i = 0; !r && i < ctx.nworkers; i++) {
			/* fio's rw=trim: every I/O a trim, issued synchronously (null: none) */
			ctx.workers[i].engine.ops = ops != &engine_null &&
						    worker_trims_only(&ctx, &ctx.workers[i]) ?
						    engine_trimmer : ops;
			ctx.workers[i].cpu = res->ncpus_pinned ?
				res->cpus[i % res->ncpus_pinned] : -1;
		}
		if (!r)
			job_cpus(&ctx);
		if (!r && w->verbose)
			say_threads(&ctx);
		r = ranks_agree(r, err, len);
		if (!r)
			r = run_workers(&ctx, res, &sigs, err, len);
		if (!r)
			end_fsync(&ctx, res);
		if (!r && w->verify)	/* what the writes left, for the next run to check */
			build_verify_save(&ctx, res->verify.journal, sizeof(res->verify.journal));
		if (!r)
			host_info_read(&res->host);
	}
	if (!r && ctx.targets)
		unlink_files(&ctx, w, hold);
	if (!r && ctx.targets)
		keep_facts(res, ctx.targets, w->ntargets);
	if (ctx.targets)
		targets_close(ctx.targets, w->ntargets);
	free(ctx.targets);
	build_free(&ctx);
	out->clock = ctx.clock;
	out->signalled = ctx.signalled;
	/* A signal that came after the workers ended must not kill the report. */
	res->interrupted |= stop_release(&sigs);
	/* past the checks, a workload the targets refused is a failed run, not bad input */
	return r == -EINVAL ? -EIO : r;
}

int run_execute_status(const struct workload *w, struct hold *hold, const struct run_status *st,
		       struct result *res, char *err, size_t len)
{
	struct run_ctx ran = { 0 };	/* what the run says for the merge */
	struct workload placed;
	int r;

	memset(res, 0, sizeof(*res));
	r = placed_paths(w, placed_opens_files(w), &placed, err, len);
	r = ranks_agree(r, err, len);
	if (!r)
		r = run_placed(&placed, hold, st, res, &ran, err, len);
	placed_free(w, &placed);
	/*
	 * Under mpirun: every rank's result merged, on every rank. Every rank gets
	 * here but after a failure they all agreed on, also one with a failure
	 * of its own past the last agreement (a result it could not gather),
	 * which it sends in place of its result.
	 */
	if (ranks_size() > 1 && !(r && r == ranks_agreed())) {
		if (!r && placed_host(res, &ran.clock))
			r = errmsg(err, len, -ENOMEM, "out of memory");
		r = result_merge_ranks(w, res, r, ran.signalled, err, len);
	}
	return r;
}
