/* SPDX-License-Identifier: MIT */
/*
 * fiojob.c: from fio jobs (their options applied by fioopt.c) to iobench
 * workloads: each job section becomes a job_spec with its targets (fio's
 * file names, sizes, offsets and budgets), and the jobs of a group (up to a
 * stonewall, new_group, wait_for on a job of the group, or the next job
 * file) form one workload; groups run one after another.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "job/fiojob.h"
#include "engine/engine.h"
#include "job/fiofiles.h"
#include "job/fioopt.h"
#include "job/fiorules.h"
#include "job/fiotarget.h"
#include "platform/ioprio.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Growing arrays of the group under construction. */
struct group {
	struct workload w;
	unsigned cap_targets, cap_jobs;
	const struct fjob *first;	/* its first job, whose engine the others must share */
	bool reporting;
	bool mixed;			/* its jobs differ in time_based or runtime */
};

static int add_target(struct group *g, struct target_spec **out)
{
	if (g->w.ntargets == g->cap_targets) {
		unsigned cap = g->cap_targets ? 2 * g->cap_targets : 8;
		struct target_spec *t = realloc(g->w.targets, cap * sizeof(*t));

		if (!t)
			return -ENOMEM;
		g->w.targets = t;
		g->cap_targets = cap;
	}
	*out = &g->w.targets[g->w.ntargets++];
	memset(*out, 0, sizeof(**out));
	return 0;
}

/* The size of an existing file or device at path (0 when it does not exist), from p->look. */
static int existing_size(struct planner *p, const char *path, uint64_t *size, bool *exists,
			 enum fio_file_kind *kind)
{
	struct fio_file f = { FIO_NO_FILE, 0 };
	int r = p->look ? p->look(path, &f) : 0;

	*kind = f.kind;
	*exists = f.kind != FIO_NO_FILE;
	*size = f.kind == FIO_REGULAR || f.kind == FIO_BLOCK ? f.size : 0;
	return r;
}

/*
 * A file to create that an earlier job of the group also names: the earlier
 * target creates it, large enough for both; t only uses it. Returns 1 when
 * so, 0 when t is the first to name it.
 */
static int shared_create(struct group *g, struct target_spec *t, const struct fjob *j,
			 uint64_t file_size, bool per_clone)
{
	bool reads = t->write_pct < 100;
	uint64_t need = t->base_offset + file_size +
			(per_clone ? 0 : (uint64_t)(j->numjobs - 1) * j->offset_increment);

	for (unsigned k = 0; k + 1 < g->w.ntargets; k++) {
		struct target_spec *e = &g->w.targets[k];

		if (!e->create_size || strcmp(e->path, t->path))
			continue;
		if (need > e->create_size)
			e->create_size = need;
		if (reads)	/* fio lays a file out with data for a job that reads it */
			e->no_layout = false;
		return 1;
	}
	return 0;
}

/* fio's log files of job j, numbered from the thread after the jobs before it. */
static int job_logs(struct planner *p, struct job_spec *js, const struct fjob *j)
{
	struct job_logs *l;
	bool any = false;

	for (unsigned k = 0; k < LOG_KINDS; k++)
		any |= j->log_prefix[k] != NULL;
	if (!any)
		return 0;
	if (j->log_prefix[LOG_HIST] && !j->logset.hist_ms)
		fio_notice(p, "%s: job '%s': write_hist_log without log_hist_msec: the histogram "
		       "log is empty, as in fio", j->where, j->name);
	l = js->logs = malloc(sizeof(*l));
	if (!l)
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	*l = j->logset;
	l->first_thread = p->threads + 1;
	for (unsigned k = 0; k < LOG_KINDS; k++) {
		const char *pre = j->log_prefix[k];

		l->prefix[k] = pre ? strdup(*pre ? pre : j->name) : NULL;
		if (pre && !l->prefix[k])
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	}
	return 0;
}

/* fio's cpus_allowed (or cpumask) of j as js's list of CPUs, ascending. */
static int job_cpus(struct planner *p, struct job_spec *js, const struct fjob *j)
{
	js->cpus = malloc(AFFINITY_MAX * sizeof(*js->cpus));
	if (!js->cpus)
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	for (int c = 0; c < AFFINITY_MAX; c++)
		if (j->cpus[c / 64] >> (c % 64) & 1)
			js->cpus[js->ncpus++] = c;
	js->cpus_split = j->cpus_split;
	return 0;
}

/*
 * fio's rate options into the job's pace (workload.h): per direction, the
 * trims' rates in the read slot of a job that only trims. A job that reads
 * and writes is paced as a whole in iobench: both directions need a rate, or
 * neither (fio paces each direction by itself and lets the rates set the mix).
 */
static int job_pace(struct planner *p, struct job_spec *js, const struct fjob *j)
{
	struct pace_spec *ps = &js->pace;
	unsigned rd = rw_trim(j->rw) == TRIM_ONLY ? 2 : 0;
	unsigned wp = rw_trim(j->rw) == TRIM_ONLY ? 0 : rw_trim(j->rw) == TRIM_WRITE ? 100 :
		      j->rw == RW_READ || j->rw == RW_RANDREAD ? 0 :
		      j->rw == RW_WRITE || j->rw == RW_RANDWRITE ? 100 : j->write_pct;

	*ps = j->pace;
	ps->quiesce = true;	/* fio's io_u_quiesce() before thinking */
	ps->per_target = false;
	for (int k = 0; k < 2; k++) {	/* fio's fixup_options() */
		const uint64_t *a = j->rates[2 * k], *b = j->rates[2 * k + 1];

		if ((a[0] || a[1] || a[2]) && (b[0] || b[1] || b[2]))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': %s and %s are "
				      "mutually exclusive (as in fio)", j->where, j->name,
				      k ? "rate_min" : "rate", k ? "rate_iops_min" : "rate_iops");
	}
	for (unsigned k = 0; k < 3; k++)
		if ((j->rates[0][k] && j->rates[0][k] < j->rates[2][k]) ||
		    (j->rates[1][k] && j->rates[1][k] < j->rates[3][k]))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': the minimum rate "
				      "exceeds the rate (rate_min above rate, or rate_iops_min above "
				      "rate_iops) for %s, as fio refuses it", j->where, j->name,
				      k == 0 ? "reads" : k == 1 ? "writes" : "trims");
	for (int d = 0; d < 2; d++) {
		unsigned k = d ? 1 : rd;

		ps->bps[d] = j->rates[0][k];
		ps->iops[d] = j->rates[1][k];
		ps->min_bps[d] = j->rates[2][k];
		ps->min_iops[d] = j->rates[3][k];
	}
	if (wp > 0 && wp < 100 && (!ps->bps[0] && !ps->iops[0]) != (!ps->bps[1] && !ps->iops[1]))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': a rate for %s alone: iobench "
			      "paces a job that reads and writes as a whole, give both a rate "
			      "(rate=R,W or rate_iops=R,W) or neither", j->where, j->name,
			      ps->bps[0] || ps->iops[0] ? "reads" : "writes");
	if (!ps->think_ns)	/* fio: thinktime_* only with thinktime */
		ps->think_spin_ns = ps->think_iotime_ns = 0;
	return 0;
}

/* Appends the job_spec of j to the group (its targets follow). Returns 0, -EINVAL or -ENOMEM. */
static int new_job_spec(struct planner *p, struct group *g, const struct fjob *j,
			unsigned groupid, unsigned nfiles, bool per_clone)
{
	struct workload *w = &g->w;
	struct job_spec *js;
	int r;

	if (w->njobs == g->cap_jobs) {
		unsigned cap = g->cap_jobs ? 2 * g->cap_jobs : 4;
		struct job_spec *nj = realloc(w->jobs, cap * sizeof(*nj));

		if (!nj)
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
		w->jobs = nj;
		g->cap_jobs = cap;
	}
	js = &w->jobs[w->njobs];
	memset(js, 0, sizeof(*js));
	js->name = strdup(j->name);
	js->description = j->description ? strdup(j->description) : NULL;
	if (!js->name || (j->description && !js->description)) {
		free(js->name);
		free(js->description);
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	}
	w->njobs++;
	for (unsigned k = 0; j->sec && k < j->sec->nopts; k++)	/* fio lists those with a value */
		if (j->sec->opts[k].val &&
		    written_add(&js->written, &js->nwritten, j->sec->opts[k].key, j->sec->opts[k].val))
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	js->first_target = w->ntargets;
	js->ntargets = nfiles;
	js->threads = j->numjobs;
	js->per_clone = per_clone;
	js->group = groupid;
	js->seed = j->randseed;	/* each job its own */
	if (!j->randrepeat && !j->randseed_set) {	/* fio: from the system's RNG, new every run */
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		js->seed = ((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec) ^
			   (0x9e3779b97f4a7c15ull * (w->njobs + 1));
	}
	js->start_delay_ns = j->startdelay_ns;
	if (job_pace(p, js, j))
		return -EINVAL;
	js->duration_ns = j->runtime_ns;
	js->error_ends_thread = !j->exitall_on_error;	/* fio: the job's thread alone stops */
	js->fio_stats = j->fio_stats;
	js->npct = j->npct;
	memcpy(js->pct, j->pct, sizeof(js->pct));
	js->reap_min = j->complete_min ? j->complete_min : 1;
	if (j->iodepth_low && j->iodepth_low < j->iodepth && j->iodepth - j->iodepth_low > js->reap_min)
		js->reap_min = j->iodepth - j->iodepth_low;
	js->reap_max = j->complete_max;
	if (j->prio >= 0 || j->prioclass >= 0)	/* fio: either one given sets both */
		js->ioprio = ioprio_make(j->prioclass > 0 ? (unsigned)j->prioclass : 0,
					 j->prio > 0 ? (unsigned)j->prio : 0);
	js->submit_batch = j->batch_submit < j->iodepth ? j->batch_submit : 0;	/* 0: iodepth, as fio */
	js->first_thread = p->threads;
	js->mem = j->mem;
	js->mem_align = (uint32_t)j->mem_align;
	for (unsigned k = 0; j->mem_file && k + 1 < w->njobs; k++)
		if (w->jobs[k].mem_file && !strcmp(w->jobs[k].mem_file, j->mem_file))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': mem=...:%s: job "
				      "'%s' of its group maps that file too: give each job its own",
				      j->where, j->name, j->mem_file, w->jobs[k].name);
	if (j->mem_file && !(js->mem_file = strdup(j->mem_file)))
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	/* fio's io_uring registers nothing unless asked (sqthread_poll: files, as fio) */
	js->uring = (j->regfiles || j->sqpoll ? 0 : ENGINE_PLAIN_FILES) |
		    (j->fixedbufs ? 0 : ENGINE_PLAIN_BUFS) | (j->vectored ? ENGINE_VECTORED : 0);
	js->force_async = j->force_async;
	js->sq_cpu_set = j->sq_cpu >= 0 && j->sqpoll;
	js->sq_cpu = j->sq_cpu >= 0 ? (unsigned)j->sq_cpu : 0;
	if (j->sq_cpu >= 0 && !j->sqpoll)
		fio_notice(p, "%s: job '%s': sqthread_poll_cpu has no effect without sqthread_poll "
			   "(as in fio)", j->where, j->name);
	r = job_logs(p, js, j);
	if (!r && j->cpus_given)
		r = job_cpus(p, js, j);
	p->threads += j->numjobs;
	return r;
}

/*
 * One file of job j, the slot-th of its nfiles: where it lies, how much of it
 * the job uses (*range), and whether it must be laid out first. Takes path.
 */
static int plan_target(struct planner *p, struct group *g, const struct fjob *j, char *path,
		       unsigned slot, unsigned nfiles, bool per_clone, uint64_t *range)
{
	struct target_spec *t;
	uint64_t have, file_size;
	enum fio_file_kind kind;
	bool exists;
	int r;

	if (add_target(g, &t)) {
		free(path);
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	}
	t->path = path;
	r = existing_size(p, t->path, &have, &exists, &kind);
	if (!r && exists && kind != FIO_REGULAR && kind != FIO_BLOCK) {
		const char *what = kind == FIO_DIR ? "a directory" :
				   kind == FIO_FIFO ? "a FIFO (named pipe)" :
				   kind == FIO_CHAR ? "a character device, not a block device" :
				   "not a regular file";

		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': '%s' is %s: give a regular "
			      "file or a block device%s", j->where, j->name, t->path, what,
			      kind == FIO_DIR ? " (directory= names a directory)" : "");
	}
	if (r)
		return errmsg(p->err, p->errlen, r, "%s: job '%s': cannot look at '%s': %s",
			      j->where, j->name, t->path, strerror(-r));
	if ((j->size_pct || j->offset_pct) && !exists)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': a size or offset in %% "
			      "needs '%s' to exist", j->where, j->name, t->path);
	if ((r = fio_target_io(p, t, j, slot, nfiles)))
		return r;
	t->base_offset = j->offset_pct ? have * j->offset / 100 / target_min_block(t) *
					 target_min_block(t) : j->offset;
	file_size = j->filesize ? j->filesize : j->size_pct ? have * j->size / 100 :
		    j->size ? j->size / nfiles : 0;
	{	/* the last clone's range must end within what a file offset can hold */
		uint64_t spread, end;

		if (__builtin_mul_overflow((uint64_t)(j->numjobs - 1), j->offset_increment, &spread) ||
		    __builtin_add_overflow(spread, t->base_offset, &end) ||
		    __builtin_add_overflow(end, file_size, &end) || end > (uint64_t)INT64_MAX)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': offset=%llu + "
				      "(numjobs-1 = %u) x offset_increment=%llu + size %llu is beyond "
				      "the largest file offset (2^63 - 1)", j->where, j->name,
				      (unsigned long long)t->base_offset, j->numjobs - 1,
				      (unsigned long long)j->offset_increment,
				      (unsigned long long)file_size);
	}
	*range = j->size_pct ? file_size : j->size ? j->size / nfiles : 0;
	t->unlink = j->unlink;
	if (!exists && !shared_create(g, t, j, file_size, per_clone)) {
		if (!file_size)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': '%s' does not exist, "
				      "and the job gives no size or filesize to lay it out with",
				      j->where, j->name, t->path);
		if ((r = fio_target_layout(p, t, j)))
			return r;
		t->create_size = t->base_offset + file_size +
				 (per_clone ? 0 : (uint64_t)(j->numjobs - 1) * j->offset_increment);
	}
	if (!*range) {
		uint64_t size = exists ? have : t->create_size;

		*range = size > t->base_offset ? size - t->base_offset : 0;
	}
	t->range_len = *range;
	t->clone_offset = per_clone ? 0 : j->offset_increment;
	return 0;
}

/*
 * The bytes a size-based job moves over a file's range of range bytes: all of
 * them, or with fio's holes (rw=read:N, no io_size) one pass: the blocks that
 * fit at 0, bs + N, 2 (bs + N) ... (fio ends the pass there; io_size wraps on).
 */
static uint64_t one_pass(const struct fjob *j, uint64_t range)
{
	if (!j->seq_hole || j->io_size || range < j->bs[0])
		return range;
	return ((range - j->bs[0]) / (j->bs[0] + j->seq_hole) + 1) * j->bs[0];
}

/* Adds job j (fio's options applied) to group g as one job_spec with its targets. */
static int add_job(struct planner *p, struct group *g, const struct fjob *j, unsigned groupid)
{
	struct workload *w = &g->w;
	struct job_spec *js;
	uint64_t budget = 0;
	char **paths;
	unsigned n, nfiles;
	bool per_clone = false;
	int r;

	if ((j->hipri || j->sqpoll) && strcmp(j->engine, "io_uring"))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': %s: iobench %s with io_uring "
			      "only (ioengine=io_uring)", j->where, j->name,
			      j->hipri ? "hipri" : "sqthread_poll",
			      j->hipri ? "polls completions" : "polls the submission queue");
	if (j->uring_opt && strcmp(j->engine, "io_uring"))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': %s is an option of fio's "
			      "io_uring engine, and the job's ioengine is %s", j->where, j->name,
			      j->uring_opt, j->engine);
	if ((r = fio_rules_verify(p, j)))
		return r;
	if (g->first && (r = fio_rules_same_timing(p, g->first, j)))
		return r;
	if (!g->first)
		g->first = j;
	g->mixed |= j->time_based != g->first->time_based || j->runtime_ns != g->first->runtime_ns;
	if (j->time_based && !j->runtime_ns)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': time_based needs a runtime",
			      j->where, j->name);
	if ((r = fio_files_paths(p, j, &paths, &n, &per_clone)))
		return r;
	nfiles = per_clone ? j->nrfiles : n;
	r = new_job_spec(p, g, j, groupid, nfiles, per_clone);
	for (unsigned i = 0; i < n; i++) {
		uint64_t range = 0;

		if (!r)
			r = plan_target(p, g, j, paths[i], i % nfiles, nfiles, per_clone, &range);
		else
			free(paths[i]);
		if (!r && i < nfiles)
			budget += one_pass(j, range);
	}
	free(paths);
	if (r)
		return r;
	js = &w->jobs[w->njobs - 1];
	if (j->avg_ms[0] != j->avg_ms[1])	/* one series gives both statistics */
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': bwavgtime=%u and "
			      "iopsavgtime=%u: iobench takes a job's bandwidth and IOPS statistics "
			      "from one series of windows, so the two must be equal", j->where, j->name,
			      j->avg_ms[0], j->avg_ms[1]);
	if ((r = fio_rules_files(p, j, nfiles)))
		return r;
	if (j->verify.on && j->verify.backlog && nfiles > 1)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify_backlog over %u files "
			      "a thread: not implemented by iobench (it reads a file's blocks back on "
			      "that file's own I/Os; give each file a job)", j->where, j->name, nfiles);
	if (!strcmp(j->engine, "psync") && j->iodepth > 1)
		fio_notice(p, "%s: job '%s': iodepth=%u has no effect with a synchronous engine (as in "
			   "fio): one I/O at a time per thread", j->where, j->name, j->iodepth);
	if (nfiles > 1) {	/* fio: one pool of iodepth I/Os over a thread's files */
		js->requests = !strcmp(j->engine, "psync") ? 1 : j->iodepth;
		js->pick = j->fpick;
		js->pick_every = j->fpick_every;
	}
	if (j->time_based) {	/* fio's time_based runs for runtime, whatever number_ios says */
		if (j->number_ios)
			fio_notice(p, "%s: job '%s': number_ios=%llu has no effect in a time_based job "
				   "(as in fio): it runs for its runtime", j->where, j->name,
				   (unsigned long long)j->number_ios);
		return 0;
	}
	js->ios_per_thread = j->number_ios;
	if (j->io_size)
		budget = j->io_size;
	if (__builtin_mul_overflow(budget, (uint64_t)j->loops, &budget))
		budget = UINT64_MAX;
	/* whole blocks only, so a trimmed last I/O keeps direct I/O's alignment */
	budget -= budget % target_min_block(&w->targets[js->first_target]);
	if (!budget)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': its size is less than "
			      "one block", j->where, j->name);
	js->bytes_per_thread = budget;
	return 0;
}

/* Fills the group's workload-wide settings from its first job. */
static void group_settings(struct group *g)
{
	const struct fjob *j = g->first;
	struct workload *w = &g->w;

	w->engine = j->engine;
	w->verify = j->verify.on && j->verify.check;
	w->verify_hash = j->verify.hash;
	w->verify_dump = j->verify.dump;
	w->verify_pat = j->verify.pat;
	if (j->verify.do_verify && !j->verify.only) {	/* fio reads back only what it logs */
		w->verify_backlog = j->verify.backlog;
		w->verify_batch = j->verify.batch;
	}
	w->hipri = j->hipri;
	w->sqpoll = j->sqpoll;
	w->continue_on_error = j->continue_on_error;
	if (j->verify.fatal)	/* fio's verify_fatal: the first mismatch ends the job */
		w->continue_on_error &= ~CONTINUE_VERIFY;
	memcpy(w->go_on, j->go_on, sizeof(w->go_on));
	/* time- and size-based jobs together: counted, each job with its own runtime */
	w->count_based = !j->time_based || g->mixed;
	w->duration_ns = g->mixed ? 0 : j->runtime_ns;
	w->warmup_ns = j->ramp_ns;
	/* fio's bwavgtime and iopsavgtime (500 ms): the series' windows (equal: job_windows()) */
	w->interval_ns = (uint64_t)j->avg_ms[0] * 1000000ull;
	w->null_size = 1ull << 30;
	w->seed = w->jobs[0].seed;	/* the report's "random seed": the first job's */
}

void fiojob_plan_free(struct fio_plan *plan)
{
	for (unsigned i = 0; i < plan->ngroups; i++)
		workload_release(&plan->groups[i]);
	free(plan->groups);
	free(plan->notices);
	memset(plan, 0, sizeof(*plan));
}

static int close_group(struct planner *p, struct fio_plan *plan, struct group *g)
{
	struct workload *ng;

	if (!g->w.njobs)
		return 0;
	group_settings(g);
	ng = realloc(plan->groups, (plan->ngroups + 1) * sizeof(*ng));
	if (ng)
		plan->groups = ng;
	if (!ng) {
		workload_release(&g->w);
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	}
	plan->groups[plan->ngroups] = g->w;
	plan->groups[plan->ngroups].group_reporting = g->reporting;
	plan->ngroups++;
	memset(g, 0, sizeof(*g));
	return 0;
}

/* verify_only checks what an earlier run wrote: each file must be there already. */
static int check_only(struct planner *p, const struct group *vg, const struct fjob *j)
{
	for (unsigned i = 0; i < vg->w.ntargets; i++)
		if (vg->w.targets[i].create_size)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify_only: '%s' "
				      "does not exist, so no earlier run wrote blocks to check",
				      j->where, j->name, vg->w.targets[i].path);
	return 0;
}

/*
 * Closes group g, whose jobs are jobs[from..to): then, for fio's do_verify,
 * the verify phase as a group of its own, the same jobs reading back
 * sequentially every block they wrote (marked verify_phase: its reads are
 * theirs in the reports); under verify_only the phase alone.
 */
static int close_verified(struct planner *p, struct fio_plan *plan, struct group *g,
			  const struct fjob *jobs, unsigned from, unsigned to, unsigned groupid)
{
	bool phase = g->w.njobs && fio_rules_verify_phase(g->first);
	bool only = phase && g->first->verify.only, reporting = g->reporting;
	struct group vg = { .reporting = reporting };
	struct fjob *vj;
	int r = 0;

	if (only) {
		workload_release(&g->w);
		memset(g, 0, sizeof(*g));
	} else if ((r = close_group(p, plan, g)) || !phase) {
		return r;
	}
	vj = calloc(to - from, sizeof(*vj));
	if (!vj)
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	for (unsigned k = from; k < to; k++)	/* the phase's threads are the writers' (fio's logs) */
		p->threads -= jobs[k].numjobs;
	for (unsigned k = 0; k < to - from && !r; k++) {
		vj[k] = jobs[from + k];	/* shares the option tables: not released here */
		vj[k].rw = RW_READ;
		vj[k].bs[0] = vj[k].bs[1];
		vj[k].dist[0] = vj[k].dist[1];
		vj[k].startdelay_ns = vj[k].ramp_ns = 0;
		vj[k].fsync_every = 0;
		vj[k].end_fsync = false;
		vj[k].wait_for = NULL;
		r = add_job(p, &vg, &vj[k], groupid);
	}
	if (!r && only)
		r = check_only(p, &vg, &vj[0]);
	if (!r && (r = close_group(p, plan, &vg)) == 0)
		plan->groups[plan->ngroups - 1].verify_phase = !only;
	if (r)
		workload_release(&vg.w);
	free(vj);
	return r;
}

/* Whether a job named name is among the jobs of group g. */
static bool in_group(const struct group *g, const char *name)
{
	for (unsigned i = 0; i < g->w.njobs; i++)
		if (!strcmp(g->w.jobs[i].name, name))
			return true;
	return false;
}

/* When job name of group g (time-based, with first's timing) ends, from the group's start. */
static uint64_t waited_end(const struct group *g, const char *name, const struct fjob *first)
{
	for (unsigned i = 0; i < g->w.njobs; i++)
		if (!strcmp(g->w.jobs[i].name, name))
			return g->w.jobs[i].start_delay_ns + first->ramp_ns + first->runtime_ns;
	return 0;
}

/*
 * fio's "global options": the command line's, then every [global] section's, those with
 * a value, as written; each group's workload gets them.
 */
static int global_written(const struct jf_doc *doc, const struct jf_opt *over, unsigned nover,
			  struct fio_plan *plan, char *err, size_t len)
{
	for (unsigned g = 0; g < plan->ngroups; g++) {
		struct workload *w = &plan->groups[g];

		for (unsigned k = 0; k < nover; k++)
			if (over[k].val && written_add(&w->global_written, &w->nglobal_written,
						       over[k].key, over[k].val))
				return errmsg(err, len, -ENOMEM, "out of memory");
		for (unsigned s = 0; s < doc->nsec; s++)
			for (unsigned k = 0; doc->sec[s].global && k < doc->sec[s].nopts; k++)
				if (doc->sec[s].opts[k].val &&
				    written_add(&w->global_written, &w->nglobal_written,
						doc->sec[s].opts[k].key, doc->sec[s].opts[k].val))
					return errmsg(err, len, -ENOMEM, "out of memory");
	}
	return 0;
}

/*
 * Applies a section's options to j as fio parses a section: kb_base first
 * (fio's option priority: it gives the section's sizes their base wherever it
 * is written), then the others in order; name only when with_name (a [global]
 * section's name is not its jobs').
 */
static int apply_section(struct planner *p, struct fjob *j, const struct jf_section *sec,
			 bool with_name)
{
	int r = 0;

	for (unsigned k = 0; k < sec->nopts && !r; k++)
		if (!strcmp(sec->opts[k].key, "kb_base"))
			r = fio_job_apply(p, j, &sec->opts[k]);
	for (unsigned k = 0; k < sec->nopts && !r; k++)
		if (strcmp(sec->opts[k].key, "kb_base") && (with_name || strcmp(sec->opts[k].key, "name")))
			r = fio_job_apply(p, j, &sec->opts[k]);
	return r;
}

/* The command line's options and its forced ones (fio_plan's over and force). */
struct cmd_opts {
	const struct jf_opt *over, *force;
	unsigned nover, nforce;
};

/*
 * Job j of section sec with fio's defaults, then the command line's
 * options, the [global] sections' before it (defs), its own, and the forced
 * ones, in that order; then its trims' sizes (fio_rules_trim).
 */
static int job_options(struct planner *p, struct fjob *j, const struct jf_section *sec,
		       const struct cmd_opts *c, const struct jf_section *const *defs,
		       unsigned ndefs)
{
	int r = 0;

	fio_job_defaults(j, sec->name, sec->where, sec->file);
	j->sec = sec;
	for (unsigned k = 0; k < c->nover && !r; k++)	/* fio: the command line's are defaults */
		r = fio_job_apply(p, j, &c->over[k]);
	for (unsigned k = 0; k < ndefs && !r; k++)	/* fio: a job keeps its section's name */
		r = apply_section(p, j, defs[k], false);
	if (!r)
		r = apply_section(p, j, sec, true);
	for (unsigned k = 0; k < c->nforce && !r; k++)
		r = fio_job_apply(p, j, &c->force[k]);
	if (!r)
		r = fio_rules_trim(p, j);
	return r;
}

/* j's wait_for, outside group g, must name one of the njobs jobs before it. */
static int wait_for_check(struct planner *p, const struct group *g, const struct fjob *jobs,
			  unsigned njobs, const struct fjob *j)
{
	bool earlier = false;

	if (!j->wait_for || in_group(g, j->wait_for))
		return 0;
	for (unsigned k = 0; k < njobs; k++)
		earlier |= !strcmp(jobs[k].name, j->wait_for);
	if (!earlier)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': wait_for=%s names no job "
			      "defined before it", j->where, j->name, j->wait_for);
	return 0;
}

/*
 * fio: a job waits for one of its group to end, then starts; with a group's
 * common runtime that end is known, so the job starts late as with a startdelay.
 */
static bool starts_late(const struct group *g, const struct fjob *j)
{
	return g->w.njobs && j->wait_for && in_group(g, j->wait_for) && !j->stonewall &&
	       !j->new_group && j->file == g->first->file && j->time_based &&
	       g->first->time_based && !g->mixed && j->runtime_ns == g->first->runtime_ns;
}

/* fio's exitall holds for the whole run: every group of the plan takes it. */
static void exitall_groups(struct fio_plan *plan, const struct fjob *jobs, unsigned njobs)
{
	for (unsigned k = 0; k < njobs; k++)
		for (unsigned g2 = 0; jobs[k].exitall && g2 < plan->ngroups; g2++) {
			plan->groups[g2].exitall = true;
			plan->groups[g2].exit_later |= jobs[k].exit_all;
		}
}

int fiojob_plan(const struct jf_doc *doc, const struct jf_opt *over, unsigned nover,
		const struct jf_opt *force, unsigned nforce, fio_file_fn look,
		struct fio_plan *plan, char *err, size_t len)
{
	struct planner p = { .look = look, .err = err, .errlen = len };
	const struct jf_section **defs = NULL;	/* the [global] sections so far */
	struct fjob *jobs = calloc(doc->nsec ? doc->nsec : 1, sizeof(*jobs));
	unsigned ndefs = 0, njobs = 0, groupid = 0, gstart = 0;
	struct cmd_opts opts = { .over = over, .force = force, .nover = nover, .nforce = nforce };
	struct group g = { 0 };
	int r = 0;

	memset(plan, 0, sizeof(*plan));
	if (!jobs)
		return errmsg(err, len, -ENOMEM, "out of memory");
	for (unsigned s = 0; s < doc->nsec && !r; s++) {
		const struct jf_section *sec = &doc->sec[s];
		struct fjob *j = &jobs[njobs];
		const struct jf_section **nd;

		if (sec->global) {
			nd = realloc(defs, (ndefs + 1) * sizeof(*defs));
			if (!nd) {
				r = errmsg(err, len, -ENOMEM, "out of memory");
				break;
			}
			defs = nd;
			defs[ndefs++] = sec;
			continue;
		}
		if ((r = job_options(&p, j, sec, &opts, defs, ndefs)) ||
		    (r = wait_for_check(&p, &g, jobs, njobs, j)))
			break;
		if (starts_late(&g, j)) {
			uint64_t end = waited_end(&g, j->wait_for, g.first);

			if (end > j->startdelay_ns)
				j->startdelay_ns = end;
			g.reporting |= j->group_reporting;
			r = add_job(&p, &g, j, groupid);
			njobs++;
			continue;
		}
		if (g.w.njobs && (j->stonewall || j->new_group || j->file != g.first->file ||
				  (j->wait_for && in_group(&g, j->wait_for)))) {
			if (j->wait_for && in_group(&g, j->wait_for) && !j->stonewall)
				fio_notice(&p, "%s: job '%s': wait_for=%s starts it after the whole "
				       "group of '%s' has ended (iobench runs a group's jobs in one "
				       "window; only a time-based job of the same runtime starts late "
				       "within it)", j->where, j->name, j->wait_for,
				       j->wait_for);
			if ((r = close_verified(&p, plan, &g, jobs, gstart, njobs, groupid)))
				break;
			groupid++;
			gstart = njobs;
		}
		g.reporting |= j->group_reporting;
		r = add_job(&p, &g, j, groupid);
		njobs++;
	}
	if (!r && !njobs)
		r = errmsg(err, len, -EINVAL, "the job file defines no job (only [global] sections)");
	if (!r)
		r = close_verified(&p, plan, &g, jobs, gstart, njobs, groupid);
	if (!r)
		exitall_groups(plan, jobs, njobs);
	if (!r)
		r = global_written(doc, over, nover, plan, err, len);
	for (unsigned i = 0; i <= njobs && i < doc->nsec; i++) {
		fio_job_release(&jobs[i]);
	}
	if (r) {
		workload_release(&g.w);
		fiojob_plan_free(plan);
	} else {
		plan->notices = p.notices;
		p.notices = NULL;
	}
	fio_planner_release(&p);
	free(defs);
	free(jobs);
	return r;
}
