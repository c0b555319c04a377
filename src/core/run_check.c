/* SPDX-License-Identifier: MIT */
/*
 * run_check.c: what a run checks before it touches anything (run_check.h):
 * the engine picked, the threads, the queue depths, the targets, the
 * memory, the ranges, --verify's room, the CPUs and polling; then the
 * targets made and opened, every MPI rank's together.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/build_content.h"
#include "core/build_mem.h"
#include "core/notice.h"
#include "core/ranked.h"
#include "core/run_check.h"
#include "job/units.h"
#include "platform/affinity.h"
#include "util/errmsg.h"
#include "util/banned.h"

/*
 * The default round-robin starts on the CPUs that take the first target's
 * device interrupts, so that a thread and its completions share a CPU
 * (on a single-queue disk, up to 10% more IOPS: bench/README.md). A device
 * with an interrupt per CPU leaves the order as it is.
 */
static void irq_cpus_first(struct result *res, const struct device_chain *chain)
{
	uint64_t mask = device_irq_cpus(chain);
	int order[1024];
	unsigned n = 0;

	if (!mask)
		return;
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < res->ncpus_pinned; i++) {
			int c = res->cpus[i];
			bool irq = c < 64 && (mask >> c & 1);

			if (irq == !pass)
				order[n++] = c;
		}
	memcpy(res->cpus, order, n * sizeof(order[0]));
}

/* --hipri: every target's device must have poll queues (queue/io_poll). */
static int check_polling(const struct workload *w, const struct target *t, char *err, size_t len)
{
	for (unsigned i = 0; i < w->ntargets; i++) {
		const struct device_chain *ch = &t[i].chain;

		if (!ch->n)
			return errmsg(err, len, -EINVAL, "--hipri: '%s' is on no block device, so "
				      "nothing can poll its completions", w->targets[i].path);
		if (ch->dev[0].io_poll != 1)
			return errmsg(err, len, -EINVAL, "--hipri: %s, under '%s', does not support "
				      "completion polling (queue/io_poll is %d; NVMe needs poll queues, "
				      "nvme.poll_queues)", ch->dev[0].name, w->targets[i].path,
				      ch->dev[0].io_poll);
	}
	return 0;
}

static const struct engine_ops *pick_engine(const struct workload *w, struct result *res)
{
	const char *why = NULL;
	const struct engine_ops *ops;

	if (w->engine)
		return engine_find(w->engine);
	ops = engine_default(&why);
	if (why)
		snprintf(res->engine_note, sizeof(res->engine_note),
			 "io_uring is not available (%s): using psync, one I/O at a time per thread",
			 why);
	return ops;
}

/*
 * --verify gives thread k of a job's n the blocks k, k + n, ...: each must own
 * more blocks than it keeps in flight. Checked before anything is touched.
 */
static int check_verify_room(const struct workload *w, const struct target *t, char *err,
			     size_t len)
{
	for (unsigned j = 0; w->verify && j < w->njobs; j++) {
		const struct job_spec *job = &w->jobs[j];

		for (unsigned i = 0; i < job->ntargets; i++) {
			unsigned ti = job_target(job, 0, i);
			const struct target_spec *s = &w->targets[ti];
			uint64_t blocks = (t[ti].end - s->base_offset) / s->block_size;

			if (blocks / job->threads < s->outstanding)
				return errmsg(err, len, -EINVAL, "--verify gives each thread every n-th "
					      "block of '%s': %llu blocks for %u threads leave some "
					      "fewer than the %u it keeps in flight (-o); use fewer "
					      "threads, a smaller -o or a larger range", s->path,
					      (unsigned long long)blocks, job->threads, s->outstanding);
		}
	}
	return 0;
}

/* More threads than this is a mistake, not a benchmark: an error, never an out-of-memory. */
#define MAX_THREADS 4096

static int check_threads(const struct workload *w, char *err, size_t len)
{
	unsigned n = 0;

	for (unsigned j = 0; j < w->njobs; j++) {
		if (w->jobs[j].threads > MAX_THREADS - n)
			return errmsg(err, len, -EINVAL, "the workload asks for more than %d threads "
				      "(threads per target x targets, or numjobs x jobs)", MAX_THREADS);
		n += w->jobs[j].threads;
	}
	return 0;
}

/*
 * What a long series costs, said before the run: about 110 bytes of JSON
 * (or CSV) per interval per stream, and 64 bytes of memory.
 */
#define SERIES_NOTE_BYTES (100ull << 20)
static void series_note(const struct workload *w)
{
	uint64_t mem = build_series_bytes(w), out = mem / sizeof(struct interval) * 110;

	if (w->quiet || (!w->json_path && !w->json_stdout && !w->series_csv) ||
	    out < SERIES_NOTE_BYTES)
		return;
	notice("note: the per-interval series (%u intervals for each thread and "
		"target) takes %.0f MiB of memory and makes about %.0f MB of %s; -D sets the "
		"interval", build_series_slots(w), (double)mem / 1048576.0, (double)out / 1e6,
		w->series_csv && !w->json_path && !w->json_stdout ? "CSV" : "JSON");
}

/* A thread's I/Os in flight must fit in its engine's queue: io_uring's ring, libaio's context. */
static int check_depth(const struct workload *w, const struct engine_ops *ops, char *err,
		       size_t len)
{
	const char *what = "";
	unsigned long long max = ops->depth_max ? ops->depth_max(&what) : 0;

	for (unsigned j = 0; max && j < w->njobs; j++) {
		const struct job_spec *job = &w->jobs[j];

		for (unsigned k = 0; k < job->threads && (k == 0 || job->per_clone); k++) {
			unsigned long long depth = 0;

			for (unsigned i = 0; i < job->ntargets; i++)
				depth += w->targets[job_target(job, k, i)].outstanding;
			if (job->requests)	/* -O: the thread's, shared by its targets */
				depth = job->requests;
			if (depth > max)
				return errmsg(err, len, -EINVAL, "%llu I/Os in flight per thread (-o, "
					      "iodepth, over its targets) are more than the %s engine "
					      "takes: %llu (%s)", depth, ops->name, max, what);
		}
	}
	return 0;
}

/* run_precheck() on this rank's paths. */
int run_precheck_placed(const struct workload *w, struct hold *hold, struct space_plan *plan,
			   char *err, size_t len)
{
	struct result res = { 0 };
	const struct engine_ops *ops = pick_engine(w, &res);
	struct target *t = calloc(w->ntargets ? w->ntargets : 1, sizeof(*t));
	int r;

	if (!t)
		return errmsg(err, len, -ENOMEM, "out of memory");
	r = check_threads(w, err, len);
	if (!r)
		r = check_depth(w, ops, err, len);
	if (!r)
		r = targets_check(t, w, ops == &engine_null, hold, err, len);
	if (!r)
		r = build_check_memory(w, t, err, len);
	if (!r)
		r = build_check_ranges(w, t, err, len);
	if (!r)
		r = check_verify_room(w, t, err, len);
	if (!r && plan && ops != &engine_null)
		r = targets_plan_space(t, w->ntargets, plan, err, len);
	targets_close(t, w->ntargets);
	free(t);
	return r;
}

/* The CPUs of every job's cpus_allowed and sqthread_poll_cpu must be this process's: 0, or -EINVAL with a message. */
static int check_job_cpus(const struct workload *w, char *err, size_t len)
{
	for (unsigned j = 0; j < w->njobs; j++) {
		char what[300];

		snprintf(what, sizeof(what), "job '%s': cpus_allowed", w->jobs[j].name);
		if (affinity_check(what, w->jobs[j].cpus, w->jobs[j].ncpus, err, len))
			return -EINVAL;
		snprintf(what, sizeof(what), "job '%s': sqthread_poll_cpu", w->jobs[j].name);
		if (w->jobs[j].sq_cpu_set &&
		    affinity_check(what, (const int *)&w->jobs[j].sq_cpu, 1, err, len))
			return -EINVAL;
	}
	return 0;
}

/*
 * What run_execute_status() checks before it touches anything; ops gets the
 * engine. 0 or -errno with a message (ctx->targets then closed and freed).
 */
static int run_checks(struct run_ctx *ctx, struct hold *hold, struct result *res,
		      const struct engine_ops **opsp, char *err, size_t len)
{
	const struct workload *w = ctx->w;
	const struct engine_ops *ops;
	int r;

	if (check_threads(w, err, len))
		return -EINVAL;
	res->cpus = calloc(AFFINITY_MAX, sizeof(*res->cpus));
	if (!res->cpus)
		return errmsg(err, len, -ENOMEM, "out of memory");
	if (!w->no_affinity) {
		int n = affinity_cpus(w->affinity, w->naffinity, res->cpus, err, len);

		if (n < 0)
			return n;
		res->ncpus_pinned = (unsigned)n;
	}
	if (check_job_cpus(w, err, len))
		return -EINVAL;
	ops = *opsp = pick_engine(w, res);
	snprintf(res->engine, sizeof(res->engine), "%s", ops->name);
	if (check_depth(w, ops, err, len))
		return -EINVAL;
	for (unsigned i = 0; !engine_trimmer && ops != &engine_null && i < w->ntargets; i++)
		if (w->targets[i].trim != TRIM_NONE)
			return errmsg(err, len, -EINVAL, "'%s': trims (fio's rw=trim, randtrim, "
				      "trimwrite, DiskSpd's none) are not supported on this platform",
				      w->targets[i].path);
	if ((w->sqpoll || w->hipri) && !(ops->flags & ENGINE_RING))
		return errmsg(err, len, -EINVAL, "--%s needs io_uring, which this kernel does not "
			      "offer (%s)", w->sqpoll ? "sqpoll" : "hipri", res->engine_note);
	if (engine_null_model(w->null_lat_ns, w->null_lat_exp, w->null_servers, w->null_iops))
		return errmsg(err, len, -ENOMEM, "out of memory");
	engine_null_stall(w->null_stall_ns, w->null_period_ns);
	engine_null_age(w->null_cliff_bytes, w->null_cliff_factor, w->null_wear_ns,
			w->null_wear_bytes);
	ctx->targets = calloc(w->ntargets, sizeof(*ctx->targets));
	res->targets = calloc(w->ntargets, sizeof(*res->targets));
	if (!ctx->targets || !res->targets)
		return errmsg(err, len, -ENOMEM, "out of memory");
	res->ntargets = w->ntargets;
	r = targets_check(ctx->targets, w, ops == &engine_null, hold, err, len);
	if (!r)
		r = build_check_memory(w, ctx->targets, err, len);
	if (!r)
		r = build_check_ranges(w, ctx->targets, err, len);
	if (!r)
		r = check_verify_room(w, ctx->targets, err, len);
	if (!r)
		r = build_check_iomem(w, ctx->targets, err, len);
	if (!r)
		r = build_check_sources(w, err, len);
	if (!r && res->ncpus_pinned && !w->naffinity)
		irq_cpus_first(res, &ctx->targets[0].chain);
	if (!r && w->hipri)
		r = check_polling(w, ctx->targets, err, len);
	return r;
}

/*
 * The checks, then the files created and filled: every rank's before any
 * rank's I/O, and one rank's failure stops all. A target that ranks share
 * (core/ranked.h) is checked and made by its first rank, then opened by the
 * others: so ranks with no target to follow go first. Signals are held.
 */
int run_checked_open(struct run_ctx *ctx, struct hold *hold, struct result *res,
			const struct engine_ops **ops, char *err, size_t len)
{
	const struct workload *w = ctx->w;
	bool follows = placed_follows(w);
	int turns = ranks_size() > 1 && placed_shares(w) ? 2 : 1, r = 0;

	for (int turn = 0; !r && turn < turns; turn++) {
		bool mine = turns == 1 || follows == (turn == 1);

		r = ranks_agree(mine ? run_checks(ctx, hold, res, ops, err, len) : 0, err, len);
		if (!r && mine && res->engine_note[0] && !w->quiet)
			notice("%s", res->engine_note);
		if (!r && mine)
			series_note(w);
		if (!r) {
			r = ranks_agree(mine ? targets_open(ctx->targets, w, hold, err, len) : 0, err,
					len);
			if (r == -EINVAL)	/* past the checks: a failed run, not bad input */
				r = -EIO;
		}
	}
	return r;
}
