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
 *      workers (or a signal: run_watch.c); then results are gathered
 *      (run_gather.c) and targets closed.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/build.h"
#include "core/build_content.h"
#include "core/build_mem.h"
#include "core/build_verify.h"
#include "platform/clock.h"
#include "core/notice.h"
#include "core/progress.h"
#include "core/ranked.h"
#include "core/run.h"
#include "core/run_check.h"
#include "core/run_gather.h"
#include "core/run_watch.h"
#include "job/units.h"
#include "platform/proc.h"
#include "platform/stop.h"
#include "platform/affinity.h"
#include "platform/ioprio.h"
#include "result/merge.h"
#include "util/errmsg.h"
#include "util/banned.h"

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
 * What stopped a worker before its first I/O (its CPU, its I/O priority,
 * its engine), the first one said in err; every worker then stops.
 * Returns 0 or -errno.
 */
static int worker_errors(struct run_ctx *ctx, const struct result *res, char *err, size_t len)
{
	int r = 0;

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
	return r;
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
	r = worker_errors(ctx, res, err, len);
	/* every rank's threads ready, or all stop; then they start together */
	if ((r = ranks_agree(r, err, len)))
		atomic_store(&ctx->stop, 1);
	progress_init(&wt.progress, ctx->w);
	wt.t0 = r ? clock_ns() : ranks_start(&ctx->clock);	/* under mpirun: the common start */
	clock_gettime(CLOCK_REALTIME, &res->wall_t0);
	res->pid = (unsigned)getpid();
	wt.window_start = set_timing(ctx, wt.t0);
	wt.window_end = ctx->w->count_based ? UINT64_MAX : run_last_window_end(ctx);
	wt.next_edge = wt.window_start + ctx->w->interval_ns;
	wt.res = res;
	if (ctx->status)
		wt.next_status = wt.window_start + ctx->status->every_ns;
	if (!ctx->w->warmup_ns)	/* the window opens now: a short run may end before we look */
		watch_take_cpu_a(ctx->w, &wt);
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
	if (!r && ((r = run_gather(ctx, res, &wt)) || (r = watch_cpu_usage(res, &wt))))
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
