/* SPDX-License-Identifier: MIT */
/*
 * fio_stats.c: fio's figures from the result model, for fio's layouts
 * (json, normal, terse). Each is computed once here, the way fio's stat.c
 * computes its own from its thread_stat, over what iobench measured.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/fio_stats.h"
#include "util/banned.h"

const double fio_pcts[FIO_NPCTS] = { 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5,
				     99.9, 99.95, 99.99 };

int fio_units(const struct workload *groups, const struct result *res, unsigned ngroups,
	      struct fio_unit **out)
{
	unsigned n = 0, cap = 0;
	struct fio_unit *u = NULL;

	for (unsigned g = 0; g < ngroups; g++) {
		const struct workload *w = &groups[g];

		/* fio lists no job that measured nothing; a verify phase is its writers' */
		if (!res[g].measured || w->verify_phase)
			continue;
		cap += w->group_reporting ? 1 : workload_threads(w) * (res[g].nhosts ? res[g].nhosts : 1);
	}
	u = calloc(cap ? cap : 1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	for (unsigned g = 0; g < ngroups; g++) {
		const struct workload *w = &groups[g];
		unsigned thread = 0;

		if (!res[g].measured || w->verify_phase)
			continue;
		if (w->group_reporting) {
			u[n++] = (struct fio_unit){ g, 0, w->njobs, -1 };
			continue;
		}
		/* a merged result (MPI ranks): each host's threads, host after host */
		for (unsigned h = 0; h < (res[g].nhosts ? res[g].nhosts : 1); h++)
			for (unsigned j = 0; j < w->njobs; j++)
				for (unsigned k = 0; k < w->jobs[j].threads && n < cap; k++, thread++)
					u[n++] = (struct fio_unit){ g, j, j + 1, (int)thread };
	}
	*out = u;
	return (int)n;
}

#define FIO_SAMPLE_SLACK_NS 1000000ull	/* a window ending this close to the run's end */

/* The bytes and I/Os of window k of direction dir over the rows of jobs j0..j1-1 (thread). */
static void window_sum(const struct result *res, unsigned k, unsigned j0, unsigned j1, int thread,
		       int dir, uint64_t *bytes, uint64_t *ios)
{
	const struct fio_unit u = { .j0 = j0, .j1 = j1, .thread = thread };

	*bytes = *ios = 0;
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if (!fio_in_unit(r, &u))
			continue;
		if (summary_kind(r, dir == SUM_WRITE) != dir)	/* slot 0: reads or fio's trims */
			continue;
		*bytes += r->series[k].bytes[dir == SUM_WRITE];
		*ios += r->series[k].ios[dir == SUM_WRITE];
	}
}

/* The sample standard deviation (n - 1), as fio's. */
static double sample_dev(double sum, double sq, unsigned n)
{
	return n > 1 ? sqrt(fmax(0, (sq - sum * sum / n) / (n - 1))) : 0;
}

void fio_windows(struct fio_windows *ws, const struct result *res, unsigned j0, unsigned j1,
		 int thread, int dir)
{
	unsigned n = summary_full_intervals(res);
	double bw_sum = 0, bw_sq = 0, io_sum = 0, io_sq = 0, secs = (double)res->interval_ns / 1e9;

	memset(ws, 0, sizeof(*ws));
	/* fio takes a window's sample at an I/O after its end: one that ends with the run has none */
	if (n && (uint64_t)n * res->interval_ns + FIO_SAMPLE_SLACK_NS > res->test_ns)
		n--;
	for (unsigned k = 0; k < n; k++) {
		uint64_t bytes, ios;
		double bw, iops;

		window_sum(res, k, j0, j1, thread, dir, &bytes, &ios);
		bw = (double)bytes / 1024.0 / secs;
		iops = (double)ios / secs;
		ws->bw_min = k ? fmin(ws->bw_min, bw) : bw;
		ws->bw_max = k ? fmax(ws->bw_max, bw) : bw;
		ws->io_min = k ? fmin(ws->io_min, iops) : iops;
		ws->io_max = k ? fmax(ws->io_max, iops) : iops;
		bw_sum += bw;
		bw_sq += bw * bw;
		io_sum += iops;
		io_sq += iops * iops;
	}
	ws->n = n;
	ws->bw_mean = n ? bw_sum / n : 0;
	ws->bw_dev = sample_dev(bw_sum, bw_sq, n);
	ws->io_mean = n ? io_sum / n : 0;
	ws->io_dev = sample_dev(io_sum, io_sq, n);
}

/* The upper ends of fio's ranges, in ns units of each map. */
static const double lat_keys[FIO_LAT_M] = { 2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000, INFINITY };

void fio_lat_counts(const struct hist *h, uint64_t cnt[FIO_LAT_ALL])
{
	static const unsigned nkeys[3] = { FIO_LAT_N, FIO_LAT_U, FIO_LAT_M };
	unsigned slot = 0;
	double unit = 1;

	for (int u = 0; u < 3; u++, unit *= 1000) {
		double lo = u ? unit : 0;

		for (unsigned i = 0; i < nkeys[u]; i++, slot++) {
			double hi = lat_keys[i] * unit;

			cnt[slot] = 0;
			for (unsigned b = 0; b < HIST_NBUCKETS; b++) {
				double v = (double)hist_bucket_low(b);

				if (h->n[b] && v >= lo && v < hi)
					cnt[slot] += h->n[b];
			}
			lo = hi;
		}
	}
}

double fio_lat_pct(uint64_t cnt, uint64_t total)
{
	double p;

	if (!total)
		return 0;
	p = 100.0 * (double)cnt / (double)total;
	return p < 0.01 && cnt ? 0.01 : p;
}

bool fio_in_unit(const struct result_row *r, const struct fio_unit *u)
{
	return r->job >= u->j0 && r->job < u->j1 && (u->thread < 0 || r->thread == (unsigned)u->thread);
}

/* The errors jobs u continued past in res: I/O errors and verify mismatches. */
static uint64_t unit_errors(const struct result *res, const struct fio_unit *u)
{
	uint64_t n = res->verify.bad;

	for (unsigned i = 0; i < res->nrows; i++)
		if (fio_in_unit(&res->rows[i], u))
			n += res->rows[i].errors[0] + res->rows[i].errors[1];
	return n;
}

/*
 * fio's error of unit u of w in res: the errno that ended one of its threads;
 * else, with continue_on_error, the first error it went on past (fio's
 * stat.c), EILSEQ for mismatches; else the run's, when an error stopped the
 * whole run (the DiskSpd rule, a mismatch).
 */
static int unit_error(const struct workload *w, const struct result *res, const struct fio_unit *u)
{
	bool any = false;
	uint64_t errs = 0;

	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		any |= r->error != 0;
		if (fio_in_unit(r, u) && r->error)
			return r->error;
		if (fio_in_unit(r, u))
			errs += r->errors[0] + r->errors[1];
	}
	if (w->continue_on_error && errs)
		return res->error_code;
	if (!res->failed)
		return res->verify.bad ? EILSEQ : 0;	/* mismatches continued past */
	if (any && w->jobs[u->j0].error_ends_thread)
		return 0;
	return res->error_code ? res->error_code : EIO;
}

void fio_cpu_pct(const struct result *res, double *usr, double *sys)
{
	double win = (double)res->test_ns / 1e9, k = win > 0 ? 100.0 / win : 0;

	*usr = res->proc_user_s * k;
	*sys = res->proc_sys_s * k;
}

/* s's reads become r's (a verify phase's), and its total with them. */
static void take_reads(struct summary *s, const struct summary *r)
{
	s->c[SUM_READ] = r->c[SUM_READ];
	s->h[SUM_READ] = r->h[SUM_READ];
	s->c[SUM_TOTAL] = s->c[SUM_READ];
	s->h[SUM_TOTAL] = s->h[SUM_READ];
	counts_merge(&s->c[SUM_TOTAL], &s->c[SUM_WRITE]);
	counts_merge(&s->c[SUM_TOTAL], &s->c[SUM_TRIM]);
	hist_merge(&s->h[SUM_TOTAL], &s->h[SUM_WRITE]);
	hist_merge(&s->h[SUM_TOTAL], &s->h[SUM_TRIM]);
}

uint64_t fio_view_build(struct fio_view *v, const struct workload *groups, const struct result *res,
			unsigned ngroups, const struct fio_unit *u)
{
	uint64_t active = summary_build_jobs(&v->s, &res[u->g], u->j0, u->j1, u->thread);
	struct summary *r;

	v->paced = false;
	for (unsigned i = 0; i < res[u->g].nrows && !v->paced; i++)
		v->paced = fio_in_unit(&res[u->g].rows[i], u) && res[u->g].rows[i].sh;
	memset(&v->svc, 0, sizeof(v->svc));	/* a closed loop: no lag (and svc unused) */
	memset(&v->lag, 0, sizeof(v->lag));
	if (v->paced) {
		summary_build_times(&v->svc, &res[u->g], u->j0, u->j1, u->thread, SUM_SERVICE);
		summary_build_times(&v->lag, &res[u->g], u->j0, u->j1, u->thread, SUM_LAG);
	}

	v->active[0] = v->active[1] = active;
	v->dres[0] = v->dres[1] = &res[u->g];
	v->vres = fio_verify_result(groups, res, ngroups, u->g);
	v->err = unit_error(&groups[u->g], &res[u->g], u);
	if (!v->err && v->vres)
		v->err = unit_error(&groups[u->g + 1], v->vres, u);
	v->errs = unit_errors(&res[u->g], u) + (v->vres ? unit_errors(v->vres, u) : 0);
	if (!v->vres || !(r = report_need(malloc(sizeof(*r)))))
		return active;
	v->active[0] = summary_build_jobs(r, v->vres, u->j0, u->j1, u->thread);
	v->dres[0] = v->vres;
	take_reads(&v->s, r);
	if (v->paced) {	/* the verify phase is a closed loop: its service time, no lag */
		take_reads(&v->svc, r);
		summary_build_times(r, v->vres, u->j0, u->j1, u->thread, SUM_LAG);
		take_reads(&v->lag, r);
	}
	free(r);
	return v->active[0] > active ? v->active[0] : active;
}

const struct result *fio_verify_result(const struct workload *groups, const struct result *res,
				       unsigned ngroups, unsigned g)
{
	return g + 1 < ngroups && groups[g + 1].verify_phase && res[g + 1].measured ? &res[g + 1]
										      : NULL;
}

uint64_t fio_runtime_ms(const struct io_counts *c, uint64_t active_ns)
{
	return c->ios ? (active_ns / 1000 + 999) / 1000 : 0;	/* fio's: usec, rounded up */
}

unsigned fio_iodepth(const struct workload *w, unsigned j)
{
	const struct job_spec *js = &w->jobs[j];

	return js->requests ? js->requests :	/* DiskSpd's -O: the thread's, for all its targets */
	       w->targets[js->first_target].outstanding * js->ntargets;
}

unsigned fio_latency_depth(const struct workload *w, const struct result *res,
			   const struct fio_unit *u)
{
	unsigned d = 0, thread = 0;

	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if (fio_in_unit(r, u) && r->pace.lat_depth && (!d || r->thread >= thread)) {
			d = r->pace.lat_depth;
			thread = r->thread;
		}
	}
	return d ? d : fio_iodepth(w, u->j1 - 1);
}

bool fio_depth_one(const struct workload *w, unsigned j0, unsigned j1)
{
	for (unsigned j = j0; j < j1; j++)
		if (fio_iodepth(w, j) != 1)
			return false;
	return j1 > j0;
}

/* The value of option key as written for job j (its section's, else the global ones), or NULL. */
static const char *written(const struct workload *w, unsigned j, const char *key)
{
	const struct job_spec *js = &w->jobs[j];

	for (unsigned k = js->nwritten; k-- > 0; )
		if (!strcmp(js->written[k].key, key))
			return js->written[k].val;
	for (unsigned k = w->nglobal_written; k-- > 0; )
		if (!strcmp(w->global_written[k].key, key))
			return w->global_written[k].val;
	return NULL;
}

unsigned fio_kb_base(const struct workload *w, unsigned j)
{
	const char *v = written(w, j, "kb_base");

	return v && !strcmp(v, "1000") ? 1000 : 1024;
}

void fio_group_stats(struct fio_group *gs, const struct workload *groups, const struct result *res,
		     unsigned ngroups, const struct fio_unit *u, unsigned n, unsigned g)
{
	struct fio_view *v = report_need(malloc(sizeof(*v)));

	memset(gs, 0, sizeof(*gs));
	for (int d = 0; d < 3; d++)
		gs->min_run[d] = gs->min_bw[d] = UINT64_MAX;
	gs->groupid = groups[g].njobs ? groups[g].jobs[0].group : g;
	gs->kb_base = groups[g].njobs ? fio_kb_base(&groups[g], 0) : 1024;
	for (unsigned i = 0; v && i < n; i++) {
		const struct summary *s = &v->s;

		if (u[i].g != g)
			continue;
		fio_view_build(v, groups, res, ngroups, &u[i]);
		for (int d = 0; d < 3; d++) {	/* fio's order: reads, writes, trims */
			const struct io_counts *c = &s->c[d < 2 ? d : SUM_TRIM];
			uint64_t run = fio_runtime_ms(c, v->active[d < 2 ? d : 1]), bw;

			if (!run)
				continue;
			gs->min_run[d] = run < gs->min_run[d] ? run : gs->min_run[d];
			gs->max_run[d] = run > gs->max_run[d] ? run : gs->max_run[d];
			bw = fio_bw(c, run);
			gs->min_bw[d] = bw < gs->min_bw[d] ? bw : gs->min_bw[d];
			gs->max_bw[d] = bw > gs->max_bw[d] ? bw : gs->max_bw[d];
			gs->iobytes[d] += c->bytes;
		}
	}
	for (int d = 0; d < 3; d++)
		if (gs->max_run[d])
			gs->agg[d] = gs->iobytes[d] * 1000 / gs->max_run[d];
	free(v);
}

struct timespec fio_report_time(const struct result *res, unsigned ngroups)
{
	struct timespec now = { 0 };

	if (ngroups) {
		const struct result *last = &res[ngroups - 1];
		uint64_t ns = (uint64_t)last->wall_t0.tv_nsec + last->end_ns_real;

		now.tv_sec = last->wall_t0.tv_sec + (time_t)(ns / 1000000000u);
		now.tv_nsec = (long)(ns % 1000000000u);
	}
	return now;
}

/* Adds b's counts into a. */
static void delta_add(struct diskstats_delta *a, const struct diskstats_delta *b)
{
	a->rd_ios += b->rd_ios;
	a->wr_ios += b->wr_ios;
	a->rd_sectors += b->rd_sectors;
	a->wr_sectors += b->wr_sectors;
	a->rd_merges += b->rd_merges;
	a->wr_merges += b->wr_merges;
	a->rd_ticks += b->rd_ticks;
	a->wr_ticks += b->wr_ticks;
	a->io_ticks += b->io_ticks;
	a->time_in_queue += b->time_in_queue;
}

int fio_disks(const struct result *res, unsigned ngroups, struct fio_disk **out)
{
	unsigned n = 0, cap = 0;
	struct fio_disk *d;

	for (unsigned g = 0; g < ngroups; g++)
		cap += res[g].ndevs;
	d = calloc(cap ? cap : 1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	for (unsigned g = 0; g < ngroups; g++) {
		for (unsigned i = 0; i < res[g].ndevs; i++) {
			const struct dev_sample *s = &res[g].devs[i];
			struct diskstats_delta dd;
			unsigned k;

			if (!s->have_a || !s->have_b)
				continue;
			for (k = 0; k < n; k++)
				if (d[k].major == s->major && d[k].minor == s->minor)
					break;
			if (k == n) {
				snprintf(d[n].name, sizeof(d[n].name), "%s", s->name);
				d[n].major = s->major;
				d[n].minor = s->minor;
				n++;
			}
			diskstats_delta(&s->a, &s->b, &dd);
			delta_add(&d[k].d, &dd);
			d[k].msec += (double)res[g].test_ns / 1e6;
		}
	}
	*out = d;
	return (int)n;
}

double fio_disk_util(const struct fio_disk *d)
{
	return d->msec > 0 ? fmin(100.0, 100.0 * (double)d->d.io_ticks / d->msec) : 0;
}

void fio_time_text(time_t sec, char *buf, size_t len)
{
	static const char day[7][4] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char mon[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
					 "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;

	if (!localtime_r(&sec, &tm) || tm.tm_wday < 0 || tm.tm_wday > 6 || tm.tm_mon < 0 ||
	    tm.tm_mon > 11) {
		if (len)
			buf[0] = 0;
		return;
	}
	snprintf(buf, len, "%s %s %2d %02d:%02d:%02d %d", day[tm.tm_wday], mon[tm.tm_mon],
		 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
}
