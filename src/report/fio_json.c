/* SPDX-License-Identifier: MIT */
/*
 * fio_json.c: --output-format=fio-json, fio's JSON layout with fio's field
 * names and units (bw in KiB/s, runtime in ms, latencies in ns), so tools
 * written for fio read iobench's results. One jobs[] entry per job thread
 * (fio's clones), or per group with group_reporting. docs/jobfiles.md says
 * which fields iobench fills and how they relate to fio's.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/fio_stats.h"
#include "report/jtext.h"
#include "report/report.h"
#include "report/summary.h"
#include "version.h"
#include "util/banned.h"

static void set(json_t *o, const char *k, json_t *v)
{
	json_object_set_new(o, k, v ? v : json_null());
}

/* fio's latency statistics object: min, max, mean, stddev (ns) and N. */
static json_t *stat_obj(uint64_t n, uint64_t min, uint64_t max, double mean, double stddev)
{
	json_t *o = json_object();

	set(o, "min", json_integer(n ? (json_int_t)min : 0));
	set(o, "max", json_integer((json_int_t)max));
	set(o, "mean", json_real(mean));
	set(o, "stddev", json_real(stddev));
	set(o, "N", json_integer((json_int_t)n));
	return o;
}

/* json+ (fio's --output-format=json+): the latency buckets too. Set by report_fio_json(). */
static _Thread_local bool fio_plus;

/*
 * Latencies (ns) of kind k, with fio's percentile map when pct (and json+'s
 * bins): at the job's percentile_list (js NULL or none: fio's default).
 */
static json_t *lat_obj(const struct summary *s, int k, bool pct, const struct job_spec *js)
{
	const struct io_counts *c = &s->c[k];
	json_t *o = stat_obj(c->ios, c->lat_min, c->lat_max, counts_lat_mean(c),
			     counts_lat_stddev(c));
	const double *pl = js && js->npct ? js->pct : fio_pcts;
	size_t npl = js && js->npct ? js->npct : FIO_NPCTS;

	if (pct && c->ios) {
		json_t *p = json_object();

		for (size_t i = 0; i < npl; i++) {
			char key[32];

			snprintf(key, sizeof(key), "%f", pl[i]);
			set(p, key, json_integer((json_int_t)summary_percentile(s, k, pl[i])));
		}
		set(o, "percentile", p);
	}
	if (pct && c->ios && fio_plus) {	/* json+: every non-empty bucket, keyed by its middle */
		json_t *b = json_object();

		for (unsigned i = 0; i < HIST_NBUCKETS; i++) {
			char key[24];

			if (!s->h[k].n[i])
				continue;
			snprintf(key, sizeof(key), "%llu",
				 (unsigned long long)(hist_bucket_low(i) + hist_bucket_width(i) / 2));
			set(b, key, json_integer((json_int_t)s->h[k].n[i]));
		}
		set(o, "bins", b);
	}
	return o;
}

/* fio's per-window bandwidth and IOPS statistics, from the interval series (500 ms, as fio's). */
static void window_stats(json_t *o, const struct result *res, unsigned j0, unsigned j1,
			 int thread, int dir)
{
	struct fio_windows ws;

	fio_windows(&ws, res, j0, j1, thread, dir);
	set(o, "bw_min", json_integer((json_int_t)ws.bw_min));
	set(o, "bw_max", json_integer((json_int_t)ws.bw_max));
	set(o, "bw_agg", json_real(ws.n ? 100.0 : 0));
	set(o, "bw_mean", json_real(ws.bw_mean));
	set(o, "bw_dev", json_real(ws.bw_dev));
	set(o, "bw_samples", json_integer(ws.n));
	set(o, "iops_min", json_integer((json_int_t)ws.io_min));
	set(o, "iops_max", json_integer((json_int_t)ws.io_max));
	set(o, "iops_mean", json_real(ws.io_mean));
	set(o, "iops_stddev", json_real(ws.io_dev));
	set(o, "iops_samples", json_integer(ws.n));
}

/* The I/Os of kind k (SUM_READ, SUM_WRITE, SUM_TRIM) that failed and were gone on past. */
static uint64_t errors_of(const struct result *res, unsigned j0, unsigned j1, int thread, int k)
{
	const struct fio_unit u = { .j0 = j0, .j1 = j1, .thread = thread };
	uint64_t n = 0;

	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if (!fio_in_unit(r, &u))
			continue;
		for (int d = 0; d < 2; d++)	/* a trims row's slot 0 counts its trims */
			n += summary_kind(r, d) == k ? r->errors[d] : 0;
	}
	return n;
}

/*
 * A read, write or trim object: k is SUM_READ, SUM_WRITE or SUM_TRIM
 * (total_ios counts failed I/Os, as fio's).
 */
static json_t *dir_obj(const struct fio_view *v, int k, uint64_t active_ns,
		       const struct result *res, unsigned j0, unsigned j1, int thread,
		       const struct job_spec *js)
{
	const struct summary *s = &v->s;
	const struct io_counts *c = &s->c[k];
	uint64_t ms = fio_runtime_ms(c, active_ns), bw = fio_bw(c, ms);
	json_t *o = json_object();

	set(o, "io_bytes", json_integer((json_int_t)c->bytes));
	set(o, "io_kbytes", json_integer((json_int_t)(c->bytes >> 10)));
	set(o, "bw_bytes", json_integer((json_int_t)bw));
	set(o, "bw", json_integer((json_int_t)(bw / 1024)));
	set(o, "iops", json_real(ms ? 1000.0 * (double)c->ios / (double)ms : 0));
	set(o, "runtime", json_integer((json_int_t)ms));
	set(o, "total_ios", json_integer((json_int_t)(c->ios + errors_of(res, j0, j1, thread, k))));
	set(o, "short_ios", json_integer(0));
	set(o, "drop_ios", json_integer(0));
	/*
	 * A closed loop: iobench times an I/O from just before its submission to its
	 * completion, fio's lat (slat + clat). It does not split the two, so slat is
	 * empty and clat holds the same figure as lat, submission included. Paced (a
	 * rate, think time): lat is the response time (from the I/O's scheduled time),
	 * clat the service time (from its submission), slat the lag between the two
	 * (docs/jobfiles.md).
	 */
	set(o, "slat_ns", v->paced ? lat_obj(&v->lag, k, false, js) : stat_obj(0, 0, 0, 0, 0));
	/* fio's clat_percentiles, lat_percentiles, disable_clat, disable_lat (workload.h) */
	set(o, "clat_ns", js->fio_stats & STATS_NO_CLAT ? stat_obj(0, 0, 0, 0, 0) :
			  lat_obj(fio_clat(v), k, !(js->fio_stats & STATS_NO_CLAT_PCT), js));
	set(o, "lat_ns", js->fio_stats & STATS_NO_LAT ? stat_obj(0, 0, 0, 0, 0) :
			 lat_obj(s, k, js->fio_stats & STATS_LAT_PCT, js));
	window_stats(o, res, j0, j1, thread, k);
	return o;
}

/*
 * fio's latency_ns, latency_us and latency_ms maps: the % of I/Os whose
 * latency lies from the previous key (the previous map's end for the first)
 * up to the key; ">=2000" ms takes the rest.
 */
static void latency_maps(json_t *job, const struct summary *s, bool none)
{
	static const char *const keys[] = { "2", "4", "10", "20", "50", "100", "250", "500",
					    "750", "1000", "2000", ">=2000" };
	static const char *const names[] = { "latency_ns", "latency_us", "latency_ms" };
	static const unsigned nkeys[] = { FIO_LAT_N, FIO_LAT_U, FIO_LAT_M };
	uint64_t cnt[FIO_LAT_ALL];
	unsigned slot = 0;

	fio_lat_counts(&s->h[SUM_TOTAL], cnt);
	for (int u = 0; u < 3; u++) {
		json_t *m = json_object();

		for (unsigned i = 0; i < nkeys[u]; i++, slot++)	/* disable_clat: zeros, as fio */
			set(m, keys[i], json_real(none ? 0 : fio_lat_pct(cnt[slot], s->c[SUM_TOTAL].ios)));
		set(job, names[u], m);
	}
}

/* The fsyncs' latency, as fio's sync.lat_ns. */
static json_t *sync_lat(const struct sync_counts *c)
{
	double mean = c->n ? (double)c->lat_sum / (double)c->n : 0;

	return stat_obj(c->n, c->lat_min, c->lat_max, mean,
			c->n > 1 ? sqrt(fmax(0, c->lat_sq / (double)c->n - mean * mean)) : 0);
}

/* One fio job object: unit u (the reads of its verify phase its reads, as in fio). */
static json_t *job_obj(const struct workload *groups, const struct result *all, unsigned ngroups,
		       const struct fio_unit *u)
{
	const struct workload *w = &groups[u->g];
	const struct result *res = &all[u->g];
	unsigned j0 = u->j0, j1 = u->j1;
	int thread = u->thread;
	struct fio_view *v = report_need(malloc(sizeof(*v)));
	const struct summary *s = v ? fio_clat(v) : NULL;
	json_t *o = json_object(), *opts = json_object(), *sync = json_object();
	const struct job_spec *js = &w->jobs[j0];
	const struct target_spec *t = &w->targets[js->first_target];
	double usr, sys;
	char bs[32];

	if (!v)
		return o;
	fio_view_build(v, groups, all, ngroups, u);
	set(o, "jobname", json_text(js->name));
	if (js->description)
		set(o, "desc", json_text(js->description));
	set(o, "groupid", json_integer(js->group));
	set(o, "error", json_integer(v->err));
	if (w->continue_on_error) {	/* fio adds these with continue_on_error */
		set(o, "total_err", json_integer((json_int_t)v->errs));
		set(o, "first_error", json_integer(v->errs ? v->err : 0));
	}
	set(o, "eta", json_integer(0));
	set(o, "elapsed", json_integer((json_int_t)((res->end_ns_real + 999999999ull) / 1000000000ull)));
	for (unsigned k = 0; k < js->nwritten; k++)	/* a job file's or fio's command line's */
		set(opts, js->written[k].key, json_text(js->written[k].val));
	if (js->nwritten)
		goto listed;
	set(opts, "name", json_text(js->name));
	set(opts, "rw", json_text(t->random_align ? (t->write_pct == 0 ? "randread" :
			t->write_pct == 100 ? "randwrite" : "randrw") : (t->write_pct == 0 ? "read" :
			t->write_pct == 100 ? "write" : "rw")));
	snprintf(bs, sizeof(bs), "%llu", (unsigned long long)t->block_size);
	set(opts, "bs", json_text(bs));
	snprintf(bs, sizeof(bs), "%u", fio_iodepth(w, (unsigned)(js - w->jobs)));
	set(opts, "iodepth", json_text(bs));
	snprintf(bs, sizeof(bs), "%u", js->threads);
	set(opts, "numjobs", json_text(bs));
listed:
	if (!w->group_reporting)
		set(o, "job options", opts);
	else
		json_decref(opts);
	/* a verify phase's reads over its own time (fio's update_runtime) */
	set(o, "read", dir_obj(v, SUM_READ, v->active[0], v->dres[0], j0, j1, thread, js));
	set(o, "write", dir_obj(v, SUM_WRITE, v->active[1], v->dres[1], j0, j1, thread, js));
	set(o, "trim", dir_obj(v, SUM_TRIM, v->active[1], v->dres[1], j0, j1, thread, js));
	set(sync, "total_ios", json_integer((json_int_t)v->s.syncs.n));
	set(sync, "lat_ns", sync_lat(&v->s.syncs));
	set(o, "sync", sync);
	set(o, "job_runtime", json_integer((json_int_t)((v->vres ? v->active[0] + v->active[1] :
							  v->active[1]) / 1000000)));
	/* CPU is measured for the whole process: every job of the group shows it */
	fio_cpu_pct(res, &usr, &sys);
	set(o, "usr_cpu", json_real(usr));
	set(o, "sys_cpu", json_real(sys));
	set(o, "ctx", json_integer((json_int_t)res->proc_ctx));
	set(o, "majf", json_integer((json_int_t)res->proc_majflt));
	set(o, "minf", json_integer((json_int_t)res->proc_minflt));
	latency_maps(o, s, js->fio_stats & STATS_NO_CLAT);	/* fio's, from clat */
	{	/* fio's latency_target fields (stat.c, always: the depth is the iodepth without it) */
		const struct pace_spec *ps = &w->jobs[j1 - 1].pace;

		set(o, "latency_depth", json_integer(fio_latency_depth(w, res, u)));
		set(o, "latency_target", json_integer((json_int_t)ps->lat_target_ns));
		set(o, "latency_percentile", json_real(100.0 - ps->lat_over_pct));
		set(o, "latency_window", json_integer((json_int_t)(ps->lat_window_ns / 1000)));
	}
	free(v);
	return o;
}

/* fio's disk_util: every device under the targets, once, over every group's window. */
static json_t *disk_util(const struct result *res, unsigned ngroups)
{
	json_t *a = json_array();
	struct fio_disk *d;
	int n = fio_disks(res, ngroups, &d);

	if (n < 0) {
		report_oom = true;
		return a;
	}
	for (int i = 0; i < n; i++) {
		json_t *o = json_object();

		set(o, "name", json_text(d[i].name));
		set(o, "read_ios", json_integer((json_int_t)d[i].d.rd_ios));
		set(o, "write_ios", json_integer((json_int_t)d[i].d.wr_ios));
		set(o, "read_sectors", json_integer((json_int_t)d[i].d.rd_sectors));
		set(o, "write_sectors", json_integer((json_int_t)d[i].d.wr_sectors));
		set(o, "read_merges", json_integer((json_int_t)d[i].d.rd_merges));
		set(o, "write_merges", json_integer((json_int_t)d[i].d.wr_merges));
		set(o, "read_ticks", json_integer((json_int_t)d[i].d.rd_ticks));
		set(o, "write_ticks", json_integer((json_int_t)d[i].d.wr_ticks));
		set(o, "in_queue", json_integer((json_int_t)d[i].d.time_in_queue));
		set(o, "util", json_real(fio_disk_util(&d[i])));
		json_array_append_new(a, o);
	}
	free(d);
	return a;
}

int report_fio_json(FILE *f, const struct workload *groups, const struct result *res,
		    unsigned ngroups, bool plus)
{
	json_t *root = json_object(), *jobs = json_array();
	/* fio stamps the time it writes the report: here the end of the last run, as recorded */
	struct timespec now = fio_report_time(res, ngroups);
	struct fio_unit *u = NULL;
	char when[64];
	time_t t = now.tv_sec;
	int r, n;

	report_oom = false;
	fio_plus = plus;
	fio_time_text(t, when, sizeof(when));
	set(root, "fio version", json_text("iobench-" IOBENCH_VERSION));
	set(root, "timestamp", json_integer((json_int_t)now.tv_sec));
	set(root, "timestamp_ms", json_integer((json_int_t)now.tv_sec * 1000 + now.tv_nsec / 1000000));
	set(root, "time", json_text(when));
	if (ngroups && groups[0].nglobal_written) {	/* fio leaves it out when there is none */
		json_t *g = json_object();

		for (unsigned k = 0; k < groups[0].nglobal_written; k++)
			set(g, groups[0].global_written[k].key, json_text(groups[0].global_written[k].val));
		set(root, "global options", g);
	}
	n = fio_units(groups, res, ngroups, &u);
	if (n < 0)
		report_oom = true;
	for (int i = 0; i < n; i++)
		json_array_append_new(jobs, job_obj(groups, res, ngroups, &u[i]));
	free(u);
	set(root, "jobs", jobs);
	set(root, "disk_util", disk_util(res, ngroups));
	if (report_oom) {
		json_decref(root);
		return -ENOMEM;
	}
	r = json_dumpf(root, f, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	json_decref(root);
	if (!r)
		fputc('\n', f);
	return r || ferror(f) ? -EIO : 0;
}
