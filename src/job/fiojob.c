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
#include "job/fioopt.h"
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

/* Splits fio's ':' list (with '\:' for a literal colon) into a fresh array. */
static int split_names(const char *s, char ***out, unsigned *n)
{
	char **v = NULL, *cur = malloc(strlen(s) + 1);
	size_t k = 0;

	*n = 0;
	if (!cur)
		return -ENOMEM;
	for (const char *c = s;; c++) {
		if (*c == '\\' && c[1] == ':') {
			cur[k++] = ':';
			c++;
			continue;
		}
		if (*c && *c != ':') {
			cur[k++] = *c;
			continue;
		}
		if (k) {
			char **nv = *n < MAX_FILES ? realloc(v, (*n + 1) * sizeof(*v)) : NULL;

			if (!nv || !(nv[*n] = strndup(cur, k))) {
				free(nv ? nv : v);
				free(cur);
				*out = NULL;
				return *n < MAX_FILES ? -ENOMEM : -E2BIG;
			}
			v = nv;
			(*n)++;
		}
		k = 0;
		if (!*c)
			break;
	}
	free(cur);
	*out = v;
	return 0;
}

static void free_names(char **v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static char *join_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *s;

	if (name[0] == '/' || !dir[0] || !strcmp(dir, "."))
		return strdup(name);
	s = malloc(n);
	if (s)
		snprintf(s, n, "%s/%s", dir, name);
	return s;
}

/*
 * fio's make_filename(): filename_format with each of $jobname, $jobnum,
 * $filenum and $clientuid (matched in any case, one keyword after the other,
 * each wherever it occurs) replaced; $clientuid is empty outside fio's
 * client/server mode, which iobench does not have. Without a format, fio's
 * jobname.jobnum.filenum. Returns 0, or -ENAMETOOLONG past PATH_MAX.
 */
static int fio_file_name(const char *fmt, const char *job, unsigned k, unsigned f, char *out,
			 size_t len)
{
	static const char *const keys[] = { "$jobname", "$jobnum", "$filenum", "$clientuid" };
	char a[4096], b[4096], num[2][24], *cur = a, *other = b;
	const char *vals[4] = { job, num[0], num[1], "" };

	if (!fmt || !*fmt)
		return snprintf(out, len, "%s.%u.%u", job, k, f) < (int)len ? 0 : -ENAMETOOLONG;
	snprintf(num[0], sizeof(num[0]), "%u", k);
	snprintf(num[1], sizeof(num[1]), "%u", f);
	if (strlen(fmt) >= sizeof(a))
		return -ENAMETOOLONG;
	memcpy(a, fmt, strlen(fmt) + 1);
	for (unsigned i = 0; i < 4; i++) {
		size_t klen = strlen(keys[i]), from = 0;
		char *hit;

		/* fio rescans from the start; from the replacement's end here, so a job
		   name holding the keyword is not replaced forever (fio loops there) */
		while ((hit = strcasestr(cur + from, keys[i]))) {
			size_t pre = (size_t)(hit - cur);
			int n = snprintf(other, sizeof(a), "%.*s%s%s", (int)pre, cur, vals[i],
					 hit + klen);
			char *t = cur;

			if (n < 0 || (size_t)n >= sizeof(a))
				return -ENAMETOOLONG;
			from = pre + strlen(vals[i]);
			cur = other;
			other = t;
		}
	}
	return snprintf(out, len, "%s", cur) < (int)len ? 0 : -ENAMETOOLONG;
}

/*
 * fio's add_file(): a clone (k > 0) leaves out a file name that a job of
 * numjobs > 1 already took, and works on what is left. iobench cannot run a
 * thread without its own files (fio's clone then does no I/O), so such a
 * name is refused; p->taken keeps the names of jobs with numjobs > 1.
 */
static int clone_name(struct planner *p, const struct fjob *j, unsigned k, const char *path)
{
	char **t;

	for (unsigned i = 0; k && i < p->ntaken; i++)
		if (!strcmp(p->taken[i], path))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': clone %u's file '%s' "
				      "is a name a thread before it has (filename_format=%s): fio 3.33 "
				      "leaves such a file out of the clone (a clone with none left does "
				      "no I/O); iobench does not run clones without files of their "
				      "own: put $jobnum in filename_format, or use filename= to share "
				      "files", j->where, j->name, k, path,
				      j->filename_format ? j->filename_format : "$jobname.$jobnum.$filenum");
	if (j->numjobs < 2)
		return 0;
	t = realloc(p->taken, (p->ntaken + 1) * sizeof(*t));
	if (!t)
		return -ENOMEM;
	p->taken = t;
	if (!(t[p->ntaken] = strdup(path)))
		return -ENOMEM;
	p->ntaken++;
	return 0;
}

/*
 * fio's default names for clone k's file f (filename_format), in the
 * directory=d1:d2... that the clone's number picks, as fio's set_name_idx()
 * (the name is put after DIR/ whatever it is, as fio does).
 */
static int default_path(const struct fjob *j, char **dirs, unsigned ndirs, unsigned k,
			unsigned f, char **out)
{
	char name[4096];
	const char *dir = ndirs ? dirs[k % ndirs] : "";
	size_t n;

	if (fio_file_name(j->filename_format, j->name, k, f, name, sizeof(name)))
		return -ENAMETOOLONG;
	n = strlen(dir) + strlen(name) + 2;
	if (!(*out = malloc(n)))
		return -ENOMEM;
	snprintf(*out, n, *dir ? "%s/%s" : "%s%s", dir, name);
	return 0;
}

/* The paths a job works on: its filename list, or fio's default names (filename_format). */
static int job_paths(struct planner *p, const struct fjob *j, char ***paths, unsigned *n,
		     bool *per_clone)
{
	char **dirs = NULL;
	unsigned ndirs = 0;
	int r = 0;

	*paths = NULL;
	*n = 0;
	if (j->directory && (r = split_names(j->directory, &dirs, &ndirs)))
		goto out;
	*per_clone = !j->filename;
	if (j->filename) {
		if ((r = split_names(j->filename, paths, n)))
			goto out;
		if (ndirs > 1)
			fio_notice(p, "%s: job '%s': directory=%s with filename=: the files are in '%s' "
				   "only (as in fio, which spreads only its own file names over the "
				   "directories)", j->where, j->name, j->directory, dirs[0]);
		for (unsigned i = 0; i < *n; i++) {
			char *full;

			if (!strcmp((*paths)[i], "-")) {
				r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': filename=- "
					   "(stdin/stdout) is not a target iobench can measure",
					   j->where, j->name);
				goto out;
			}
			full = join_path(ndirs ? dirs[0] : "", (*paths)[i]);
			if (!full) {
				r = -ENOMEM;
				goto out;
			}
			free((*paths)[i]);
			(*paths)[i] = full;
		}
	} else {
		unsigned total = j->numjobs * j->nrfiles;

		if (total > MAX_FILES) {
			r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': %u files (numjobs x "
				   "nrfiles) are more than iobench takes (%d)", j->where, j->name,
				   total, MAX_FILES);
			goto out;
		}
		*paths = calloc(total, sizeof(**paths));
		if (!*paths) {
			r = -ENOMEM;
			goto out;
		}
		for (unsigned k = 0; k < j->numjobs; k++) {
			for (unsigned f = 0; f < j->nrfiles; f++) {
				unsigned idx = k * j->nrfiles + f;

				r = default_path(j, dirs, ndirs, k, f, &(*paths)[idx]);
				if (r == -ENAMETOOLONG) {
					r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': "
						   "filename_format: the name of file %u of clone %u "
						   "is longer than %d bytes", j->where, j->name, f, k,
						   4095);
					goto out;
				}
				if (r)
					goto out;
				(*n)++;
				if ((r = clone_name(p, j, k, (*paths)[idx])))
					goto out;
			}
		}
	}
	if (!*n)
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': filename names no file",
			   j->where, j->name);
out:
	free_names(dirs, ndirs);
	if (r == -ENOMEM)
		r = errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	else if (r == -E2BIG)
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': more than %d files",
			   j->where, j->name, MAX_FILES);
	if (r) {
		free_names(*paths, *n);
		*paths = NULL;
		*n = 0;
	}
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

/* Whether two jobs verify alike (a group is checked as one). */
static bool same_verify(const struct fio_verify *a, const struct fio_verify *b)
{
	return a->on == b->on && (!a->on || (a->check == b->check && a->hash == b->hash &&
		a->do_verify == b->do_verify && a->only == b->only && a->fatal == b->fatal &&
		a->dump == b->dump && a->pat.bare == b->pat.bare && a->pat.len == b->pat.len &&
		a->pat.noffs == b->pat.noffs && !memcmp(a->pat.bytes, b->pat.bytes, a->pat.len) &&
		!memcmp(a->pat.offs, b->pat.offs, sizeof(a->pat.offs)) &&
		a->backlog == b->backlog && a->batch == b->batch));
}

/*
 * The jobs of one group share one measured window from one ramp, with one
 * engine, one error rule and one verification: those must agree (time_based
 * and runtime may differ).
 */
static int same_timing(struct planner *p, const struct fjob *a, const struct fjob *b)
{
	const char *what = !same_verify(&a->verify, &b->verify) ? "verify setting" :
			   a->ramp_ns != b->ramp_ns ? "ramp_time" :
			   a->avg_ms[0] != b->avg_ms[0] ? "bwavgtime" :
			   a->continue_on_error != b->continue_on_error ? "continue_on_error" :
			   memcmp(a->go_on, b->go_on, sizeof(a->go_on)) ? "ignore_error" :
			   strcmp(a->engine, b->engine) ? "ioengine" :
			   a->hipri != b->hipri ? "hipri" : a->sqpoll != b->sqpoll ? "sqthread_poll" : NULL;

	if (!what)
		return 0;
	return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s' has another %s than job '%s' of "
		      "its group: iobench runs a group's jobs in one measured window with one "
		      "engine; put stonewall in '%s' to run it as a group of its own",
		      b->where, b->name, what, a->name, b->name);
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
 * fio's percentage_random and random_distribution of a random job: a trim-only
 * target's trims take the read slot, so they take the trims' values.
 */
static int shape_target(struct planner *p, struct target_spec *t, const struct fjob *j)
{
	unsigned d0 = t->trim == TRIM_ONLY ? 2 : 0;

	if (j->perc_rand[d0] < 100 || j->perc_rand[1] < 100) {
		t->mixed = true;
		t->random_pct[0] = j->perc_rand[d0];
		t->random_pct[1] = j->perc_rand[1];
	}
	if (!j->rdist || j->rdist->kind == DIST_NONE)
		return 0;
	t->dist = malloc(sizeof(*t->dist));
	if (!t->dist)
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	*t->dist = *j->rdist;
	if (d0 == 2 && j->rdist_trim) {
		memcpy(t->dist->r[0], j->rdist_trim, j->ntrim_zones * sizeof(*j->rdist_trim));
		t->dist->n[0] = j->ntrim_zones;
	}
	return 0;
}

/*
 * fio's blockalign for a random job: offsets at multiples of it (default, and
 * for a direction not given: the smallest block). iobench draws one offset
 * stream for reads and writes, so a mix must align both alike.
 */
static int block_align(struct planner *p, struct target_spec *t, const struct fjob *j)
{
	uint64_t dflt = target_min_block(t);
	uint64_t r = j->ba[0] ? j->ba[0] : dflt, w = j->ba[1] ? j->ba[1] : dflt;

	t->random_align = t->write_pct == 100 ? w : r;
	if (t->write_pct && t->write_pct < 100 && r != w)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': blockalign: reads aligned "
			      "to %llu and writes to %llu: iobench draws reads' and writes' offsets "
			      "from one stream, so a mixed job aligns both alike", j->where, j->name,
			      (unsigned long long)r, (unsigned long long)w);
	return 0;
}

/* What a job's writes carry, and how it moves over a target: from its options. */
static int target_io(struct planner *p, struct target_spec *t, const struct fjob *j,
		     unsigned slot, unsigned nfiles)
{
	bool random = rw_random(j->rw);
	unsigned depth = !strcmp(j->engine, "psync") ? 1 : j->iodepth;
	int r;

	t->trim = rw_trim(j->rw);
	t->write_pct = j->rw == RW_READ || j->rw == RW_RANDREAD || t->trim == TRIM_ONLY ? 0 :
		       j->rw == RW_WRITE || j->rw == RW_RANDWRITE || t->trim == TRIM_WRITE ? 100 :
		       j->write_pct;
	t->block_size = j->bs[0];
	t->write_block_size = j->bs[1] != j->bs[0] ? j->bs[1] : 0;
	for (int d = 0; d < 2; d++) {
		if (!j->dist[d])
			continue;
		t->bs_dist[d] = malloc(sizeof(*t->bs_dist[d]));
		if (!t->bs_dist[d])
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
		*t->bs_dist[d] = *j->dist[d];
	}
	if (random && (r = block_align(p, t, j)))
		return r;
	if (!random && (j->ba[0] || j->ba[1]))
		fio_notice(p, "%s: job '%s': blockalign has no effect on sequential I/O (as in fio, "
			   "which aligns random offsets only)", j->where, j->name);
	if (random && (r = shape_target(p, t, j)))	/* percentage_random, random_distribution */
		return r;
	t->stride = target_max_block(t) + j->seq_hole;	/* fio's rw=read:N */
	t->seq_back = j->seq_back;
	t->seq_every = j->seq_every;
	t->seq_identical = j->seq_identical;
	t->seq_reset = j->time_based && nfiles == 1;
	t->fsync_every = j->fsync_every;
	t->outstanding = depth / nfiles + (slot < depth % nfiles);
	if (!t->outstanding)
		t->outstanding = 1;
	t->threads = j->numjobs;
	/* fio 3.33 opens a job that trims without O_DIRECT or O_SYNC (file_setup's skip_flags) */
	t->cache = t->trim != TRIM_NONE ? 0 : (j->direct ? CACHE_DIRECT : 0) | j->cache_sync;
	t->buf = j->zero_buffers ? BUF_ZERO : j->pattern_len ? BUF_PATTERN : BUF_RANDOM;
	t->compress_pct = t->buf == BUF_RANDOM ? j->compress_pct : 0;
	t->dedupe_pct = t->buf == BUF_RANDOM ? j->dedupe_pct : 0;
	memcpy(t->pattern, j->pattern, sizeof(t->pattern));
	t->pattern_len = j->pattern_len;
	t->end_fsync = j->end_fsync && t->write_pct;
	t->invalidate = j->invalidate;
	/* fio's fadvise_hint=1: POSIX_FADV_RANDOM for a random job, SEQUENTIAL otherwise */
	t->hints = j->fadvise >= 0 ? (unsigned)j->fadvise :
		   rw_random(j->rw) ? HINT_RANDOM : HINT_SEQUENTIAL;
	/* fio: compression implies refill_buffers unless given; zeros, patterns, compression
	   and dedupe are never scrambled; otherwise scramble_buffers (default on) */
	if (j->refill == 1 || (j->refill < 0 && t->compress_pct))
		t->refresh = REFRESH_FULL;
	else if (!t->dedupe_pct && (!j->scramble || t->compress_pct))
		t->refresh = REFRESH_NONE;	/* (with dedupe: the block, or unique data) */
	return 0;
}

/*
 * How job j lays out target t, a file to create, as fio does: allocated as
 * fallocate= says, then filled with data when the job reads; a job that only
 * writes gets the allocation alone (its writes fill the file). create_on_open
 * makes the file empty, as fio's open(O_CREAT) at the job's start.
 */
static int new_file_layout(struct planner *p, struct target_spec *t, const struct fjob *j)
{
	if (!j->allow_create)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': '%s' does not exist, and "
			      "allow_file_create=0 forbids creating it", j->where, j->name, t->path);
	if (j->create_on_open && t->write_pct < 100)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': create_on_open=1: '%s' "
			      "does not exist, and the job reads: it would read a file created "
			      "empty (create it first, or drop create_on_open)", j->where, j->name,
			      t->path);
	t->prealloc = j->create_on_open ? PREALLOC_NONE : j->prealloc;
	t->no_layout = t->write_pct == 100;
	return 0;
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
	if ((r = target_io(p, t, j, slot, nfiles)))
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
		if ((r = new_file_layout(p, t, j)))
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

/*
 * fio's rw=read:-N and rw=randread:N keep fio's state per file and
 * direction (last_pos, last_start) and, for the random count, per thread:
 * iobench follows one direction of one block size, and the count on one file.
 */
static int fio_seq_rules(struct planner *p, const struct fjob *j, unsigned nfiles)
{
	const char *why = NULL;

	if (!j->seq_back && j->seq_every < 2)
		return 0;
	if (j->rw == RW_RW || j->rw == RW_RANDRW || rw_trim(j->rw) != TRIM_NONE)
		why = "a mix of directions or trims (fio keeps their offsets apart)";
	else if (j->dist[0] || j->dist[1] || j->bs[0] != j->bs[1])
		why = "sizes that vary (bs=R,W, bsrange, bssplit)";
	else if (j->verify.on)
		why = "verify=";
	else if (j->seq_every > 1 && nfiles > 1)
		why = "several files per thread (fio counts the I/Os of a thread, over its files)";
	else if (j->seq_back && j->seq_back < j->bs[0])
		why = "a backward hole smaller than the block (fio's wrap then runs past the end)";
	if (!why)
		return 0;
	return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': rw=...:%s%llu with %s is not "
		      "implemented by iobench", j->where, j->name, j->seq_back ? "-" : "",
		      (unsigned long long)(j->seq_back ? j->seq_back : j->seq_every), why);
}

/* openfiles and unlink_each_loop, for a job whose threads each use nfiles files. */
static int file_rules(struct planner *p, const struct fjob *j, unsigned nfiles)
{
	int r;

	if (j->seq_hole && (j->dist[0] || j->dist[1] || j->bs[0] != j->bs[1]))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': rw=...:%llu: holes between "
			      "I/Os of sizes that vary (bs=R,W, bsrange, bssplit) are not implemented by "
			      "iobench: give one block size", j->where, j->name,
			      (unsigned long long)j->seq_hole);
	if ((r = fio_seq_rules(p, j, nfiles)))
		return r;
	if (j->openfiles && j->openfiles < nfiles)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': openfiles=%u is fewer than "
			      "the %u files each thread uses: iobench keeps every file of a thread "
			      "open for the whole run, so it cannot limit the open files below that",
			      j->where, j->name, j->openfiles, nfiles);
	if (j->unlink_each_loop && j->loops > 1 && !j->time_based)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': unlink_each_loop with "
			      "loops=%u: fio removes the files between loops and makes them again; "
			      "iobench runs a job's loops as one pass over its open files, and does "
			      "not implement that", j->where, j->name, j->loops);
	if (j->unlink_each_loop)
		fio_notice(p, "%s: job '%s': unlink_each_loop has no effect on a job of one loop (as "
			   "in fio 3.33, which removes the files only between loops)", j->where,
			   j->name);
	return 0;
}

/* Whether two size distributions are the same (NULL: none). */
static bool same_dist(const struct bs_dist *a, const struct bs_dist *b)
{
	return a == b || (a && b && !memcmp(a, b, sizeof(*a)));
}

static const char *rw_name(enum rw_mode m)
{
	return m == RW_TRIM ? "trim" : m == RW_RANDTRIM ? "randtrim" :
	       m == RW_TRIMWRITE ? "trimwrite" : "randtrimwrite";
}

/*
 * fio's trims: a job that trims never reads, so its trims' sizes (bs=R,W,T,
 * the third list of bsrange and bssplit, the third blockalign) take the
 * read slot the core issues them from (rw=trim, randtrim); a trimwrite's
 * trims and writes cover the same blocks, so their sizes must agree (fio's
 * randtrimwrite writes each trim's range: the trims' sizes are the writes').
 * What trims do not take is refused by name.
 */
static int trim_plan(struct planner *p, struct fjob *j)
{
	enum trim_mode t = rw_trim(j->rw);

	if (t == TRIM_NONE)
		return 0;
	if (j->verify.on)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify= with rw=%s is not "
			      "implemented by iobench (fio's trim_percentage, trim_verify_zero and "
			      "trim_backlog are not either)", j->where, j->name, rw_name(j->rw));
	for (unsigned k = 0; k < LOG_KINDS; k++)
		if (j->log_prefix[k])
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': fio's log files "
				      "(write_*_log) of a job that trims (rw=%s) are not implemented "
				      "by iobench", j->where, j->name, rw_name(j->rw));
	if (j->rw == RW_TRIMWRITE && (j->bs[1] != j->bs[2] || !same_dist(j->dist[1], j->dist[2])))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': rw=trimwrite with trims of "
			      "other sizes than its writes (bs=R,W,T, bsrange, bssplit): iobench "
			      "trims each write's block just before it, so they must be the same",
			      j->where, j->name);
	if (j->direct)
		fio_notice(p, "%s: job '%s': direct=1 has no effect on a job that trims: fio 3.33 "
			   "opens it without O_DIRECT (trimwrite's writes are buffered too); iobench "
			   "does the same", j->where, j->name);
	j->bs[0] = j->bs[1] = j->bs[2];
	j->ba[0] = j->ba[1] = j->ba[2];
	free(j->dist[0]);
	free(j->dist[1]);
	j->dist[0] = j->dist[1] = NULL;
	if (j->dist[2]) {
		j->dist[t == TRIM_ONLY ? 0 : 1] = j->dist[2];	/* moves */
		j->dist[2] = NULL;
	}
	return 0;
}

/* Whether j writes or trims (its verify= checks in a verify phase after; trims refuse verify=). */
static bool job_writes(const struct fjob *j)
{
	return j->rw != RW_READ && j->rw != RW_RANDREAD;
}

/* Whether j's group is followed by a verify phase (fio's do_verify after the writes). */
static bool verify_phase_follows(const struct fjob *j)
{
	return j->verify.on && j->verify.do_verify && job_writes(j) && !j->time_based &&
	       (!j->verify.backlog || j->verify.only);	/* a backlog reads back as it writes */
}

/* What fio's verify= on job j takes, and what fio warns of. */
static int verify_job_check(struct planner *p, const struct fjob *j)
{
	const struct fio_verify *v = &j->verify;
	int r;

	if (!v->on)
		return 0;
	if ((r = fio_verify_finish(p, v, j->where, j->name)))
		return r;
	if (j->rw == RW_RW || j->rw == RW_RANDRW)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify= on a mixed job "
			      "(rw=%s): fio checks only those reads that fall on blocks the job "
			      "wrote, which iobench cannot single out: not implemented by iobench",
			      j->where, j->name, j->rw == RW_RW ? "rw" : "randrw");
	if (v->only && j->time_based)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify_only does not take "
			      "time_based (as fio says: it verifies what a size-based write wrote)",
			      j->where, j->name);
	if (job_writes(j) && v->do_verify && j->time_based && !v->only && !v->backlog)
		fio_notice(p, "%s: job '%s': verification read phase will never start because "
			   "write phase uses all of runtime (as fio 3.33 says: the job only writes, "
			   "its blocks checkable by a later verify_only run)", j->where, j->name);
	if (job_writes(j) && v->do_verify && j->numjobs > 1 && j->filename)
		fio_notice(p, "%s: job '%s': numjobs=%u writers of one file with verify: fio warns "
			   "that they may overwrite each other's blocks; iobench gives each its own "
			   "blocks (every %u-th)", j->where, j->name, j->numjobs, j->numjobs);
	return 0;
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
	if ((r = verify_job_check(p, j)))
		return r;
	if (g->first && (r = same_timing(p, g->first, j)))
		return r;
	if (!g->first)
		g->first = j;
	g->mixed |= j->time_based != g->first->time_based || j->runtime_ns != g->first->runtime_ns;
	if (j->time_based && !j->runtime_ns)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': time_based needs a runtime",
			      j->where, j->name);
	if ((r = job_paths(p, j, &paths, &n, &per_clone)))
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
	if ((r = file_rules(p, j, nfiles)))
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
	bool phase = g->w.njobs && verify_phase_follows(g->first);
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

int fiojob_plan(const struct jf_doc *doc, const struct jf_opt *over, unsigned nover,
		const struct jf_opt *force, unsigned nforce, fio_file_fn look,
		struct fio_plan *plan, char *err, size_t len)
{
	struct planner p = { .look = look, .err = err, .errlen = len };
	const struct jf_section **defs = NULL;	/* the [global] sections so far */
	struct fjob *jobs = calloc(doc->nsec ? doc->nsec : 1, sizeof(*jobs));
	unsigned ndefs = 0, njobs = 0, groupid = 0, gstart = 0;
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
		fio_job_defaults(j, sec->name, sec->where, sec->file);
		j->sec = sec;
		for (unsigned k = 0; k < nover && !r; k++)	/* fio: the command line's are defaults */
			r = fio_job_apply(&p, j, &over[k]);
		for (unsigned k = 0; k < ndefs && !r; k++)	/* fio: a job keeps its section's name */
			r = apply_section(&p, j, defs[k], false);
		if (!r)
			r = apply_section(&p, j, sec, true);
		for (unsigned k = 0; k < nforce && !r; k++)
			r = fio_job_apply(&p, j, &force[k]);
		if (!r)
			r = trim_plan(&p, j);
		if (r)
			break;
		if (j->wait_for && !in_group(&g, j->wait_for)) {
			bool earlier = false;

			for (unsigned k = 0; k < njobs; k++)
				earlier |= !strcmp(jobs[k].name, j->wait_for);
			if (!earlier) {
				r = errmsg(err, len, -EINVAL, "%s: job '%s': wait_for=%s names no job "
					   "defined before it", j->where, j->name, j->wait_for);
				break;
			}
		}
		/* fio: a job waits for one of its group to end, then starts; with a group's
		 * common runtime that end is known, so the job starts late as with a startdelay */
		if (g.w.njobs && j->wait_for && in_group(&g, j->wait_for) && !j->stonewall &&
		    !j->new_group && j->file == g.first->file && j->time_based &&
		    g.first->time_based && !g.mixed && j->runtime_ns == g.first->runtime_ns) {
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
	for (unsigned k = 0; !r && k < njobs; k++)	/* fio's exitall holds for the whole run */
		for (unsigned g2 = 0; jobs[k].exitall && g2 < plan->ngroups; g2++) {
			plan->groups[g2].exitall = true;
			plan->groups[g2].exit_later |= jobs[k].exit_all;
		}
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
	free(p.notices);
	for (unsigned i = 0; i < p.ntaken; i++)
		free(p.taken[i]);
	free(p.taken);
	free(defs);
	free(jobs);
	return r;
}
