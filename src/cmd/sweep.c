/* SPDX-License-Identifier: MIT */
/*
 * sweep.c: `iobench sweep`: a base workload (DiskSpd's command line, or fio
 * job files or fio's command line) run at every point of block size x
 * queue depth x threads x write percentage, each point a run on the same
 * file (cmd/series.h); then a table, a matrix of two axes, CSV and JSON.
 * With --slo, the knee: the most IOPS whose latency meets the objective,
 * found by a queue-depth search (closed loop) or, with --curve, by
 * VDBench's curve (the maximum rate, then percentages of it, open loop
 * with Poisson arrivals), and one sentence that says it.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/series.h"
#include "cmd/sweep_opts.h"
#include "cmd/sweep_table.h"
#include "core/ranked.h"
#include "job/cmdline.h"
#include "job/fiojob.h"
#include "job/sweepspec.h"
#include "report/report.h"
#include "report/summary.h"
#include "util/errmsg.h"
#include "util/banned.h"

static bool notices_shown;	/* the fio planner's notices, once for the sweep */

/* The switches (DiskSpd's, or fio's options) that make the base a point, into sw; their number. */
static unsigned point_switches(const struct sweep_opts *o, const struct combo *c, uint64_t qd,
			       uint64_t rate_per, char sw[6][48])
{
	unsigned nsw = 0;

	if (o->fio) {
		if (c->bs)
			snprintf(sw[nsw++], sizeof(sw[0]), "bs=%llu", (unsigned long long)c->bs);
		if (qd)
			snprintf(sw[nsw++], sizeof(sw[0]), "iodepth=%llu", (unsigned long long)qd);
		if (c->thr)
			snprintf(sw[nsw++], sizeof(sw[0]), "numjobs=%llu", (unsigned long long)c->thr);
		if (c->wr >= 0)
			snprintf(sw[nsw++], sizeof(sw[0]), "rwmixwrite=%d", c->wr);
		if (rate_per) {
			snprintf(sw[nsw++], sizeof(sw[0]), "rate_iops=%llu",
				 (unsigned long long)rate_per);
			snprintf(sw[nsw++], sizeof(sw[0]), "rate_process=poisson");
		}
	} else {
		if (c->bs)
			snprintf(sw[nsw++], sizeof(sw[0]), "-b%llu", (unsigned long long)c->bs);
		if (qd)
			snprintf(sw[nsw++], sizeof(sw[0]), "-o%llu", (unsigned long long)qd);
		if (c->thr)
			snprintf(sw[nsw++], sizeof(sw[0]), "-%c%llu", o->pool ? 'F' : 't',
				 (unsigned long long)c->thr);
		if (c->wr >= 0)
			snprintf(sw[nsw++], sizeof(sw[0]), "-w%d", c->wr);
		if (rate_per)
			snprintf(sw[nsw++], sizeof(sw[0]), "-g%llui", (unsigned long long)rate_per);
	}
	return nsw;
}

/* The point's label: "bs=4K qd=8 threads=2 write=30%", or "base". */
static void point_label(const struct sweep_opts *o, const struct combo *c, uint64_t qd,
			char *label, size_t size)
{
	char b[32] = "";

	if (c->bs)
		series_block_name(b, sizeof(b), c->bs);
	label[0] = 0;
	if (c->bs)
		snprintf(label + strlen(label), size - strlen(label), " bs=%s", b);
	if (qd && (o->qd.n || o->search))
		snprintf(label + strlen(label), size - strlen(label), " qd=%llu",
			 (unsigned long long)qd);
	if (c->thr)
		snprintf(label + strlen(label), size - strlen(label), " threads=%llu",
			 (unsigned long long)c->thr);
	if (c->wr >= 0)
		snprintf(label + strlen(label), size - strlen(label), " write=%d%%", c->wr);
	if (!label[0])
		snprintf(label, size, " base");
	memmove(label, label + 1, strlen(label));
}

/* A fio base's point: its job planned with sw forced over every job; one group. */
static int plan_fio_point(const struct sweep_opts *o, struct series_point *pt, char sw[6][48],
			  unsigned nsw, char *err, size_t len)
{
	const char *force[6];
	struct fio_plan plan;
	int code;

	for (unsigned i = 0; i < nsw; i++)
		force[i] = sw[i];
	code = job_cmd_plan(o->nbase, o->base, force, nsw, !notices_shown, &plan);
	notices_shown = true;
	if (code)
		return errmsg(err, len, code == EXIT_BAD_INPUT ? -EINVAL : -ENOMEM, "%s",
			      "the base job (above)");
	if (plan.ngroups != 1) {
		fiojob_plan_free(&plan);
		return errmsg(err, len, -EINVAL, "sweep: the base job file makes %u groups "
			      "(stonewall, new_group, several files): a sweep's base is one",
			      plan.ngroups);
	}
	pt->w = plan.groups[0];
	plan.ngroups = 0;
	fiojob_plan_free(&plan);
	return 0;
}

/* A DiskSpd base's point: its command line with sw before the first target. */
static int parse_diskspd_point(const struct sweep_opts *o, struct series_point *pt, char sw[6][48],
			       unsigned nsw, uint64_t rate_per, char *err, size_t len)
{
	char **argv = calloc((size_t)o->nbase + nsw + 1, sizeof(*argv));
	enum cmd_action action;
	int n = 0, r;

	if (!argv)
		return errmsg(err, len, -ENOMEM, "out of memory");
	for (int i = 0; i < o->first_target; i++)
		argv[n++] = o->base[i];
	for (unsigned i = 0; i < nsw; i++)
		argv[n++] = sw[i];
	for (int i = o->first_target; i < o->nbase; i++)
		argv[n++] = o->base[i];
	r = cmdline_parse(n, argv, &pt->w, &action, err, len);
	free(argv);
	workload_random_writes(&pt->w);
	if (!r && action != CMD_RUN)
		r = errmsg(err, len, -EINVAL, "sweep: the base workload asks for no run "
			   "(--help, --version, -Rp): give the sweep's own --print-workload");
	if (!r && pt->w.ss_track)
		r = errmsg(err, len, -EINVAL, "sweep: --steady-state runs one workload in rounds; a "
			   "sweep's point is one run: give it to iobench alone");
	if (!r && (pt->w.json_path || pt->w.series_csv || pt->w.json_stdout ||
		   pt->w.xml_stdout || pt->w.html_path))
		r = errmsg(err, len, -EINVAL, "sweep: the base workload's outputs (--json, "
			   "--html, --series-csv, -R) are the sweep's: give them before it");
	for (unsigned j = 0; !r && rate_per && j < pt->w.njobs; j++)
		pt->w.jobs[j].pace.poisson = true;	/* VDBench's exponential arrivals */
	return r;
}

/* What a knee's point may not be: its base's -O, or its own pace. */
static int check_point(const struct sweep_opts *o, const struct series_point *pt,
		       uint64_t rate_per, char *err, size_t len)
{
	if (pt->w.pool_requests && (o->qd.n || o->search || o->curve))
		return errmsg(err, len, -EINVAL, "sweep: the base's -O sets each thread's I/Os in "
			      "flight and leaves -o unused: a sweep of the queue depth, its search and "
			      "the curve need -o");
	for (unsigned j = 0; !rate_per && (o->search || o->curve) && j < pt->w.njobs; j++)
		if (pace_on(&pt->w.jobs[j].pace))
			return errmsg(err, len, -EINVAL, "sweep: the base paces its I/O (-g, -i/-j; "
				      "fio's rate, thinktime or latency_target): the knee's %s sets the "
				      "load itself", o->curve ? "curve" : "search");
	return 0;
}

/* The base's text for a point: DiskSpd's switches, or fio's options forced over every job. */
static int build_point(const struct sweep_opts *o, struct series *s, const struct combo *c,
		       uint64_t qd, uint64_t rate_per, bool reuse, char *err, size_t len)
{
	char sw[6][48], label[96];
	unsigned nsw = point_switches(o, c, qd, rate_per, sw);
	struct series_point *pt;
	int r;

	point_label(o, c, qd, label, sizeof(label));
	pt = series_add(s, label);
	if (!pt)
		return errmsg(err, len, -ENOMEM, "out of memory");
	r = o->fio ? plan_fio_point(o, pt, sw, nsw, err, len) :
		     parse_diskspd_point(o, pt, sw, nsw, rate_per, err, len);
	if (r || (r = check_point(o, pt, rate_per, err, len)))
		return r;
	if (reuse)	/* the files an earlier point made, as they are */
		series_reuse_files(s, s->n - 1);
	pt->w.keep = true;	/* the series removes what it made at the end, unless --keep */
	pt->p.block = pt->w.ntargets ? pt->w.targets[0].block_size : 0;
	pt->p.qd = pt->w.ntargets ? pt->w.targets[0].outstanding : 0;
	pt->p.threads = workload_threads(&pt->w);
	pt->p.write_pct = pt->w.ntargets ? (int)pt->w.targets[0].write_pct : -1;
	/* a forced fio option the job does not take (a write mix of rw=randread) is an error */
	for (unsigned t = 0; o->fio && t < pt->w.ntargets; t++) {
		const struct target_spec *ts = &pt->w.targets[t];

		if (c->wr >= 0 && ts->write_pct != (unsigned)c->wr)
			return errmsg(err, len, -EINVAL, "--write=%d: the base job's rw= does not mix "
				      "reads and writes (its targets write %u%%): give rw=randrw or "
				      "rw=readwrite", c->wr, ts->write_pct);
		if (c->bs && (ts->block_size != c->bs || ts->bs_dist[0] || ts->bs_dist[1]))
			return errmsg(err, len, -EINVAL, "--bs: the base job's block sizes (bssplit, "
				      "bsrange, bs=READ,WRITE) stand over a single size");
	}
	return 0;
}

static const char *mode_name(const struct sweep_opts *o)
{
	return o->curve ? "curve" : o->search ? "search" : "grid";
}


/* The latency the objective judges, of a point that ran (reads and writes together), in ns. */
static struct summary *scratch;	/* slo_value()'s room, taken before the first point runs */

static double slo_value(const struct slo *slo, const struct series_point *p)
{
	if (slo->mean)
		return p->f[FIG_TOTAL].mean_us * 1e3;
	summary_build(scratch, &p->res, -1);
	return (double)summary_percentile(scratch, SUM_TOTAL, slo->pct);
}

/* A point meets the objective: its latency within the limit, and an open-loop one on rate. */
static bool meets(const struct slo *slo, const struct series_point *p)
{
	char why[200];

	if (!p->ran || p->partial || !p->f[FIG_TOTAL].ios)
		return false;
	if (p->p.rate_iops > 0 && summary_behind(&p->res, why, sizeof(why)))
		return false;
	return slo_value(slo, p) <= (double)slo->limit_ns;
}

/*
 * The knee among points first..last-1: the most IOPS of a point that meets
 * the objective; of points within 1% of that, the first (the lowest queue
 * depth or rate). -1: none meets it.
 */
static int knee_of(const struct slo *slo, const struct series *s, unsigned first, unsigned last)
{
	double best = -1;
	int k = -1;

	for (unsigned i = first; i < last; i++)
		if (meets(slo, &s->pts[i]) && s->pts[i].f[FIG_TOTAL].iops > best)
			best = s->pts[i].f[FIG_TOTAL].iops;
	for (unsigned i = first; i < last && best >= 0; i++) {
		if (meets(slo, &s->pts[i]) && s->pts[i].f[FIG_TOTAL].iops >= best * 0.99) {
			k = (int)i;
			break;
		}
	}
	return k;
}

/* "4 KiB random read", "64 KiB sequential 70/30 read/write". */
static void describe(const struct series_point *p, char *buf, size_t len)
{
	const struct target_spec *t = p->w.ntargets ? &p->w.targets[0] : NULL;
	char b[32];
	uint64_t bs = t ? t->block_size : 0;

	if (!t) {
		snprintf(buf, len, "the workload");
		return;
	}
	if (bs >= (1 << 20) && !(bs % (1 << 20)))
		snprintf(b, sizeof(b), "%llu MiB", (unsigned long long)(bs >> 20));
	else if (bs >= 1024 && !(bs % 1024))
		snprintf(b, sizeof(b), "%llu KiB", (unsigned long long)(bs >> 10));
	else
		snprintf(b, sizeof(b), "%llu B", (unsigned long long)bs);
	if (t->write_pct == 0 || t->write_pct == 100)
		snprintf(buf, len, "%s %s %s", b, t->random_align ? "random" : "sequential",
			 t->write_pct ? "write" : "read");
	else
		snprintf(buf, len, "%s %s %u/%u read/write", b, t->random_align ? "random" :
			 "sequential", 100 - t->write_pct, t->write_pct);
}

static void format_count(char *buf, size_t len, double v)
{
	unsigned long long n = (unsigned long long)llround(v);

	if (n >= 1000000)
		snprintf(buf, len, "%llu,%03llu,%03llu", n / 1000000, n / 1000 % 1000, n % 1000);
	else if (n >= 1000)
		snprintf(buf, len, "%llu,%03llu", n / 1000, n % 1000);
	else
		snprintf(buf, len, "%llu", n);
}

/* The knee's sentence: "this target gives 41,200 IOPS at p99 <= 1 ms (QD 8, ...)". */
static void knee_sentence(const struct sweep_opts *o, const struct series_point *p, char *buf,
			  size_t len)
{
	char n[32], what[96], qd[48];
	unsigned thr = p->p.threads;

	format_count(n, sizeof(n), p->f[FIG_TOTAL].iops);
	describe(p, what, sizeof(what));
	if (p->p.rate_iops > 0)
		snprintf(qd, sizeof(qd), "%.0f%% of the maximum, QD %u", p->p.curve_pct, p->p.qd);
	else
		snprintf(qd, sizeof(qd), "QD %u", p->p.qd);
	snprintf(buf, len, "this target gives %s IOPS at %s (%s, %s, %u thread%s)", n,
		 o->slo.text, qd, what, thr, thr == 1 ? "" : "s");
}

/* The knee of one combination's points, for the text and the JSON. */
struct knee {
	unsigned first, last;	/* its points */
	int at;			/* the knee's point, or -1 */
	char sentence[400];
};

static void find_knee(const struct sweep_opts *o, const struct series *s, struct knee *k)
{
	int low = -1;
	double lv = 0;

	/* a curve's first point is its maximum, closed loop: the knee is on the curve */
	k->at = knee_of(&o->slo, s, k->first + (o->curve && k->last > k->first), k->last);
	if (k->at >= 0) {
		knee_sentence(o, &s->pts[k->at], k->sentence, sizeof(k->sentence));
		return;
	}
	snprintf(k->sentence, sizeof(k->sentence), "no point meets %s", o->slo.text);
	for (unsigned i = k->first; i < k->last; i++) {
		double v = s->pts[i].ran && s->pts[i].f[FIG_TOTAL].ios ?
			   slo_value(&o->slo, &s->pts[i]) : -1;

		if (v >= 0 && (low < 0 || v < lv)) {
			low = (int)i;
			lv = v;
		}
	}
	if (low >= 0) {
		char what[96];

		describe(&s->pts[low], what, sizeof(what));
		snprintf(k->sentence, sizeof(k->sentence), "no point meets %s: the lowest was "
			 "%.3g ms, at %s (%s)", o->slo.text, lv / 1e6, s->pts[low].label, what);
	}
}


/* The knee of the most IOPS (the first knee when none is found). */
static unsigned best_knee(const struct series *s, const struct knee *k, unsigned nk)
{
	unsigned best = 0;

	for (unsigned i = 0; i < nk; i++)
		if (k[i].at >= 0 && (k[best].at < 0 || s->pts[k[i].at].f[FIG_TOTAL].iops >
					  s->pts[k[best].at].f[FIG_TOTAL].iops))
			best = i;
	return best;
}

static json_t *knees_json(const struct sweep_opts *o, const struct series *s,
			  const struct knee *k, unsigned nk)
{
	json_t *x = json_object(), *arr, *sl;

	jput(x, "mode", json_string(mode_name(o)));
	if (o->curve) {
		json_t *c = json_array();

		for (unsigned i = 0; i < o->cv.n; i++)
			jappend(c, json_real(o->cv.pct[i]));
		jput(x, "curve_pct", c);
	}
	if (!o->slo.set)
		return x;
	arr = json_array();
	sl = json_object();
	jput(sl, "stat", json_string(o->slo.mean ? "mean" : "percentile"));
	jput(sl, "percentile", o->slo.mean ? json_null() : json_real(o->slo.pct));
	jput(sl, "limit_us", json_real((double)o->slo.limit_ns / 1e3));
	jput(sl, "text", json_string(o->slo.text));
	jput(x, "slo", sl);
	for (unsigned i = 0; i < nk; i++) {
		json_t *e = json_object();
		const struct series_point *at = k[i].at >= 0 ? &s->pts[k[i].at] : NULL;
		int ran_before = 0;

		for (int j = 0; at && j < k[i].at; j++)
			ran_before += s->pts[j].ran;
		jput(e, "point", at ? json_integer(ran_before) : json_null());
		jput(e, "label", at ? json_string(at->label) : json_null());
		jput(e, "iops", at ? json_real(at->f[FIG_TOTAL].iops) : json_null());
		jput(e, "latency_us", at ? json_real(slo_value(&o->slo, at) / 1e3) : json_null());
		jput(e, "sentence", json_string(k[i].sentence));
		jappend(arr, e);
	}
	jput(x, "knees", arr);
	jput(x, "verdict", json_string(nk ? k[best_knee(s, k, nk)].sentence : "no point ran"));
	return x;
}

/* Runs one point (built last); false when the sweep must stop. */
static bool run_last(struct series *s)
{
	if (series_run(s, s->n - 1))
		return false;
	return true;
}

/* The search of one combination: QD 1, 2, 4, ... until the objective fails, then halving. */
static int search_combo(const struct sweep_opts *o, struct series *s, const struct combo *c,
			bool *stop, char *err, size_t len)
{
	unsigned good = 0, bad = 0;
	double last_iops = 0;

	for (unsigned q = 1; q <= o->search_max && !*stop; q *= 2) {
		if (build_point(o, s, c, q, 0, true, err, len))
			return -EINVAL;
		if (!run_last(s)) {
			*stop = true;
			break;
		}
		if (!meets(&o->slo, &s->pts[s->n - 1])) {
			bad = q;
			break;
		}
		/* saturated: twice the depth gave under 2% more */
		if (good && s->pts[s->n - 1].f[FIG_TOTAL].iops < last_iops * 1.02) {
			good = q;
			break;
		}
		good = q;
		last_iops = s->pts[s->n - 1].f[FIG_TOTAL].iops;
	}
	while (!*stop && good && bad && bad - good > 1) {
		unsigned mid = good + (bad - good) / 2;

		if (build_point(o, s, c, mid, 0, true, err, len))
			return -EINVAL;
		if (!run_last(s)) {
			*stop = true;
			break;
		}
		if (meets(&o->slo, &s->pts[s->n - 1]))
			good = mid;
		else
			bad = mid;
	}
	return 0;
}

/* VDBench's curve of one combination: the maximum, then each percentage of it, open loop. */
static int curve_combo(const struct sweep_opts *o, struct series *s, const struct combo *c,
		       bool *stop, char *err, size_t len)
{
	struct series_point *p;
	double max_iops;
	unsigned streams;

	if (build_point(o, s, c, c->qd, 0, true, err, len))
		return -EINVAL;
	p = &s->pts[s->n - 1];
	snprintf(p->label + strlen(p->label), sizeof(p->label) - strlen(p->label), " max");
	if (!run_last(s) || !s->pts[s->n - 1].ran) {
		*stop = true;
		return 0;
	}
	p = &s->pts[s->n - 1];
	max_iops = p->f[FIG_TOTAL].iops;
	/* DiskSpd's -g is each thread's on each target, fio's rate_iops each thread's */
	streams = o->fio ? p->res.nthreads : p->res.nrows;
	if (!streams)
		streams = 1;
	for (unsigned i = 0; i < o->cv.n && !*stop; i++) {
		uint64_t per = (uint64_t)llround(max_iops * o->cv.pct[i] / 100 / streams);

		if (!per)
			return errmsg(err, len, -EINVAL, "--curve: %.0f%% of the maximum, %.0f IOPS, "
				      "is under 1 I/O a second for each of the %u streams",
				      o->cv.pct[i], max_iops, streams);
		if (build_point(o, s, c, c->qd, per, true, err, len))
			return -EINVAL;
		p = &s->pts[s->n - 1];
		p->p.rate_iops = (double)per * streams;
		p->p.curve_pct = o->cv.pct[i];
		snprintf(p->label + strlen(p->label), sizeof(p->label) - strlen(p->label),
			 " %.0f%%", o->cv.pct[i]);
		if (!run_last(s))
			*stop = true;
	}
	return 0;
}

static void print_plan(const struct sweep_opts *o, const struct series *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		printf("%s%s\n", i ? "\n" : "", s->pts[i].label);
		report_workload(stdout, &s->pts[i].w);
		placed_print(stdout, &s->pts[i].w);
	}
	if (o->search)
		printf("\nThe search runs QD 1, 2, 4, ... (up to %u) of each, until %s fails, "
		       "then halves the gap.\n", o->search_max, o->slo.text);
	if (o->curve)
		printf("\nEach curve runs this at its maximum, then open loop at %u percentages "
		       "of it.\n", o->cv.n);
}

/* The combinations the axes make (*nc), within POINTS_MAX, and room for their knees (*k). */
static int count_points(const struct sweep_opts *o, struct combo *c, unsigned *nc,
			struct knee **k, char *err, size_t len)
{
	uint64_t all = (uint64_t)(o->bs.n ? o->bs.n : 1) * (o->thr.n ? o->thr.n : 1) *
		       (o->wr.n ? o->wr.n : 1) * (o->qd.n ? o->qd.n : 1);

	if (all > POINTS_MAX)
		return errmsg(err, len, -EINVAL, "sweep: %llu points, more than %u: give "
			      "shorter lists", (unsigned long long)all, POINTS_MAX);
	*nc = sweep_combos(o, c, POINTS_MAX);
	*k = calloc(*nc ? *nc : 1, sizeof(**k));
	if (!*k)
		return errmsg(err, len, -ENOMEM, "out of memory");
	return 0;
}

/* The series' plan: the files the first point lays down, its time, and the line that says it. */
static void plan_series(const struct sweep_opts *o, struct series *s, unsigned nc, int code)
{
	for (unsigned i = 1; i < s->n; i++)	/* the first point that names a file lays it down */
		series_reuse_files(s, i);
	for (unsigned i = 0; i < s->n; i++)
		s->planned_ns += series_point_ns(&s->pts[i].w) *
				(o->curve ? 1 + o->cv.n : o->search ? 4 : 1);
	s->planned = o->curve ? nc * (1 + o->cv.n) : o->search ? 0 : s->n;
	s->quiet = s->n && s->pts[0].w.quiet;
	if (!code && !s->quiet) {
		char eta[32];

		series_format_eta(eta, sizeof(eta), s->planned_ns);
		if (o->search)
			fprintf(stderr, "iobench sweep: %u search%s of the queue depth, %.9g s a "
				"point, at least %s\n", nc, nc == 1 ? "" : "es",
				(double)series_point_ns(&s->pts[0].w) / 1e9, eta);
		else
			fprintf(stderr, "iobench sweep: %u point%s, about %s\n", s->planned,
				s->planned == 1 ? "" : "s", eta);
	}
}

/* The points run: each combination's search or curve, or the grid's points in turn. */
static void run_points(const struct sweep_opts *o, struct series *s, const struct combo *c,
		       unsigned nc, struct knee *k, unsigned *nk)
{
	unsigned built = s->n;
	char err[1200];
	bool stop = false;
	int r;

	if (o->search || o->curve) {
		/* the points built above were the checks: each combination runs anew */
		for (unsigned i = 0; i < built; i++) {
			workload_release(&s->pts[i].w);
		}
		s->n = 0;
		for (unsigned i = 0; i < nc && !stop; i++) {
			k[*nk].first = s->n;
			r = o->search ? search_combo(o, s, &c[i], &stop, err, sizeof(err)) :
					curve_combo(o, s, &c[i], &stop, err, sizeof(err));
			k[*nk].last = s->n;
			(*nk)++;
			if (r) {
				fprintf(stderr, "iobench: %s\n", err);
				s->code = EXIT_BAD_INPUT;
				break;
			}
		}
	} else {
		for (unsigned i = 0; i < s->n; i++)
			if (series_run(s, i))
				break;
		for (unsigned i = 0; o->slo.set && i < nc; i++) {
			/* a knee for each combination of the axes but the queue depth */
			unsigned per = o->qd.n ? o->qd.n : 1;

			if (i % per)
				continue;
			k[*nk].first = i;
			k[*nk].last = i + per;
			(*nk)++;
		}
	}
}

/* The knees, then the table, the matrix and the verdict, or JSON; CSV, JSON, HTML: the code. */
static int report_points(const struct sweep_opts *o, struct series *s, struct knee *k,
			 unsigned nk, int code)
{
	for (unsigned i = 0; o->slo.set && i < nk; i++)
		find_knee(o, s, &k[i]);
	if (o->json_stdout) {
		int jr = series_write_json("-", series_json(s, knees_json(o, s, k, nk)));

		code = code ? code : jr;
	} else {
		sweep_print_table(o, s);
		sweep_print_matrix(o, s);
		series_print_warnings(s);
		for (unsigned i = 0; o->slo.set && nk > 1 && i < nk; i++)
			printf("%sKnee: %s.\n", i ? "" : "\n", k[i].sentence);
		if (o->slo.set && nk)
			printf("%sVerdict: %s.\n", nk > 1 ? "" : "\n",
			       k[best_knee(s, k, nk)].sentence);
		if (s->interrupted)
			printf("Interrupted: the points above are those measured before Ctrl-C.\n");
	}
	if (o->csv) {
		int cr = sweep_write_csv(o->csv, s);

		code = code ? code : cr;
	}
	if (o->json) {
		int jr = series_write_json(o->json, series_json(s, knees_json(o, s, k, nk)));

		code = code ? code : jr;
	}
	if (o->html) {
		int hr = series_write_html(o->html, series_json(s, knees_json(o, s, k, nk)));

		code = code ? code : hr;
	}
	return code;
}

int cmd_sweep(int argc, char **argv)
{
	struct sweep_opts o = { 0 };
	struct series s = { .kind = "sweep" };
	struct combo *c = calloc(POINTS_MAX, sizeof(*c));
	struct knee *k = NULL;
	char err[1200];
	unsigned nc = 0, nk = 0;
	int r = c ? sweep_parse_opts(argc, argv, &o, err, sizeof(err)) :
		errmsg(err, sizeof(err), -ENOMEM, "out of memory"), code = 0;

	if (r > 0) {
		sweep_usage(stdout);
		free(o.base);
		free(c);
		return 0;
	}
	if (!r)
		r = count_points(&o, c, &nc, &k, err, sizeof(err));
	s.cmdline = r ? NULL : cmdline_join(argc, argv);
	s.docs = o.json_stdout || o.json || o.html;
	s.keep = o.keep;
	if (!r && o.slo.set)
		scratch = malloc(sizeof(*scratch));
	if (!r && (!s.cmdline || (o.slo.set && !scratch)))
		r = errmsg(err, sizeof(err), -ENOMEM, "out of memory");
	snprintf(s.name, sizeof(s.name), "%s", r ? "" : mode_name(&o));
	/* every point known before the first runs is built and checked now */
	for (unsigned i = 0; !r && i < nc; i++) {
		uint64_t qd = o.search ? o.search_max : c[i].qd;	/* the search's deepest */

		/* each as the first: checked with the file to make, which the first run makes */
		r = build_point(&o, &s, &c[i], qd, 0, false, err, sizeof(err));
	}
	if (r) {
		if (r != -EINVAL || strcmp(err, "the base job (above)"))
			fprintf(stderr, "iobench: %s\n", err);
		code = r == -ENOMEM ? EXIT_RUN_FAILED : EXIT_BAD_INPUT;
		goto out;
	}
	if (o.print) {
		print_plan(&o, &s);
		goto out;
	}
	code = series_precheck(&s);
	plan_series(&o, &s, nc, code);
	if (!code) {
		series_begin(&s);
		run_points(&o, &s, c, nc, k, &nk);
		series_end(&s);
		code = report_points(&o, &s, k, nk, s.code);
	}
out:
	series_free(&s);
	free(o.base);
	free(c);
	free(k);
	free(scratch);
	scratch = NULL;
	return code;
}

