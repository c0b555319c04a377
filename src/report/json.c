/* SPDX-License-Identifier: MIT */
/*
 * json.c: the result as one JSON document (schema "iobench/result",
 * version 1, documented field by field in docs/json.md), built with jansson.
 * Every field is always present; a value that does not apply is null. Times
 * are in seconds (_s), latencies in nanoseconds (_ns), sizes in bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/host.h"
#include "report/devcheck.h"
#include "result/model.h"
#include "report/jtext.h"
#include "report/verdict.h"
#include "report/report.h"
#include "report/summary.h"
#include "report/hosts.h"
#include "version.h"
#include "util/banned.h"

#define JSON_SCHEMA_VERSION 1

/* The percentiles listed in each latency object, beside min and max. */
static const double json_pcts[] = {
	1, 5, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99,
	99.999, 99.9999, 99.99999, 99.999999, 99.9999999,
};

static void set(json_t *o, const char *key, json_t *v)
{
	json_object_set_new(o, key, v ? v : json_null());
}

static json_t *jnum(uint64_t v)
{
	return json_integer((json_int_t)v);
}

/* A 64-bit seed: a number while every JSON reader holds it exactly (below 2^53), else a string. */
static json_t *seed_json(uint64_t seed)
{
	char s[24];

	if (seed < (1ull << 53))
		return jnum(seed);
	snprintf(s, sizeof(s), "%llu", (unsigned long long)seed);
	return json_text(s);
}

static json_t *str_or_null(const char *s)
{
	return s && *s ? json_text(s) : json_null();
}

static json_t *latency(const struct io_counts *c, const struct hist *h)
{
	json_t *o = json_object(), *p = json_array();
	bool any = c->ios != 0;

	set(o, "mean", any ? json_real(counts_lat_mean(c)) : NULL);
	set(o, "stddev", any ? json_real(counts_lat_stddev(c)) : NULL);
	set(o, "min", any ? jnum(c->lat_min) : NULL);
	set(o, "max", any ? jnum(c->lat_max) : NULL);
	for (size_t i = 0; any && h && i < sizeof(json_pcts) / sizeof(json_pcts[0]); i++) {
		json_t *e = json_object();

		set(e, "percentile", json_real(json_pcts[i]));
		set(e, "ns", jnum(hist_percentile(h, json_pcts[i], c->lat_min, c->lat_max)));
		json_array_append_new(p, e);
	}
	set(o, "percentiles", p);
	return o;
}

/* One IO object; series may be NULL (no IopsStdDev). */
static json_t *io(const struct io_counts *c, const struct hist *h, double secs,
		  const struct interval *series, unsigned full, int kind, uint64_t interval_ns)
{
	json_t *o = json_object();
	double sd = series ? series_iops_stddev(series, full, kind, interval_ns) : -1;

	set(o, "bytes", jnum(c->bytes));
	set(o, "ios", jnum(c->ios));
	set(o, "iops", json_real(secs > 0 ? (double)c->ios / secs : 0));
	set(o, "mib_per_s", json_real(secs > 0 ? (double)c->bytes / 1048576.0 / secs : 0));
	set(o, "iops_stddev", sd >= 0 ? json_real(sd) : NULL);
	set(o, "latency_ns", latency(c, h));
	return o;
}

/*
 * read, write, total and trim of a summary or row (SUM_*). The IopsStdDev of
 * read, write and total comes from series (reads and writes), of trim from
 * trims (fio's trims alone in slot 0); either may be NULL.
 */
static json_t *rwt(const struct io_counts c[SUM_KINDS], const struct hist *h[SUM_KINDS], double secs,
		   const struct interval *series, const struct interval *trims,
		   const struct result *res)
{
	static const char *names[] = { "read", "write", "total", "trim" };
	unsigned full = summary_full_intervals(res);
	json_t *o = json_object();

	for (int k = 0; k < SUM_KINDS; k++)
		set(o, names[k], io(&c[k], h[k], secs, k == SUM_TRIM ? trims : series, full,
				     k == SUM_TRIM ? 0 : k, res->interval_ns));
	return o;
}

static json_t *summary_json(const struct result *res, int target)
{
	struct summary *s = report_need(malloc(sizeof(*s)));
	struct interval *series = summary_series(res, target);
	struct interval *trims = summary_series_trims(res, target);
	json_t *o;

	if (!s) {
		free(series);
		free(trims);
		return NULL;
	}
	summary_build(s, res, target);
	o = rwt(s->c, (const struct hist *[]){ &s->h[0], &s->h[1], &s->h[2], &s->h[3] },
		(double)res->test_ns / 1e9, series, trims, res);
	free(series);
	free(trims);
	free(s);
	return o;
}

static json_t *target_spec_json(const struct target_spec *t, const struct workload *w)
{
	static const char *bufs[] = { [BUF_RANDOM] = "random", [BUF_ZERO] = "zero",
				      [BUF_SOURCE] = "source", [BUF_PATTERN] = "pattern",
				      [BUF_SEQUENCE] = "sequence" };
	json_t *o = json_object();
	char hex[2 * PATTERN_MAX + 3] = "0x";

	set(o, "path", json_text(t->path));
	set(o, "block_size", jnum(t->block_size));
	set(o, "create_size", t->create_size ? jnum(t->create_size) : NULL);
	set(o, "base_offset", jnum(t->base_offset));
	set(o, "max_offset", t->max_offset ? jnum(t->max_offset) : NULL);
	set(o, "pattern", json_text(t->random_align ? "random" : "sequential"));
	set(o, "random_alignment", t->random_align ? jnum(t->random_align) : NULL);
	set(o, "sequential_stride", t->random_align ? NULL : jnum(t->stride));
	set(o, "thread_stride", jnum(t->thread_stride));
	set(o, "write_percent", jnum(t->write_pct));
	set(o, "trim", t->trim == TRIM_NONE ? NULL : json_text(t->trim == TRIM_ONLY ? "trim" :
								"trimwrite"));
	set(o, "outstanding", jnum(t->outstanding));
	set(o, "threads", w->pool_threads ? NULL : jnum(t->threads));
	set(o, "direct", json_boolean(t->cache & CACHE_DIRECT));
	set(o, "write_through", json_boolean(t->cache & CACHE_WRITE_THROUGH));
	set(o, "invalidate", json_boolean(t->invalidate));
	set(o, "write_buffers", json_text(bufs[t->buf]));
	set(o, "write_refresh", json_text((const char *[]){ [WRITES_AS_LAID] = "none",
		[WRITES_SCRAMBLED] = "scramble", [WRITES_REFILLED] = "refill" }
		[target_write_refresh(t, w->verify)]));
	set(o, "source_buffer_size", t->buf == BUF_SOURCE ? jnum(t->buf_source_size) : NULL);
	for (unsigned i = 0; t->buf == BUF_PATTERN && i < t->pattern_len; i++)
		snprintf(hex + 2 + 2 * i, 3, "%02x", t->pattern[i]);
	set(o, "write_pattern", t->buf == BUF_PATTERN ? json_text(hex) : NULL);
	return o;
}

static json_t *workload_json(const struct workload *w, const struct result *res)
{
	json_t *o = json_object(), *t = json_array();

	set(o, "engine", json_text(res->engine));
	set(o, "duration_s", w->ios_per_thread ? NULL : json_real((double)w->duration_ns / 1e9));
	set(o, "warmup_s", json_real((double)w->warmup_ns / 1e9));
	set(o, "cooldown_s", json_real((double)w->cooldown_ns / 1e9));
	set(o, "ios_per_thread", w->ios_per_thread ? jnum(w->ios_per_thread) : NULL);
	set(o, "interval_ms", json_real((double)w->interval_ns / 1e6));
	set(o, "seed", seed_json(w->seed));
	set(o, "thread_pool", w->pool_threads ? jnum(w->pool_threads) : NULL);
	set(o, "thread_outstanding", w->pool_requests ? jnum(w->pool_requests) : NULL);
	if (res->ncpus_pinned) {
		json_t *a = json_array();

		for (unsigned i = 0; i < res->ncpus_pinned; i++)
			json_array_append_new(a, json_integer(res->cpus[i]));
		set(o, "affinity", a);
	} else {
		set(o, "affinity", NULL);
	}
	for (unsigned i = 0; i < w->ntargets; i++)
		json_array_append_new(t, target_spec_json(&w->targets[i], w));
	set(o, "targets", t);
	return o;
}

static json_t *host_json(const struct host_info *hi)
{
	json_t *o = json_object();

	set(o, "hostname", str_or_null(hi->hostname));
	set(o, "kernel", str_or_null(hi->kernel));
	set(o, "cpu_model", str_or_null(hi->cpu_model));
	set(o, "cpu_count", json_integer(hi->cpu_count));
	set(o, "memory_bytes", jnum(hi->memory_bytes));
	set(o, "clock_source", str_or_null(hi->clock_source));
	set(o, "clock_read_ns", json_real(hi->clock_read_ns));
	set(o, "cpu_governor", str_or_null(hi->governor));
	return o;
}

/*
 * A merged result's hosts (MPI ranks): each one's own figures (its rows'
 * histograms summed), its clock against rank 0's, and who was done when;
 * null for a run on one host.
 */
/* A rank's range of each target, [start, end): its slice of a shared one. */
static json_t *rank_ranges(const struct result_host *rh)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < rh->ntargets; i++)
		json_array_append_new(a, json_pack("[o,o]", jnum(rh->targets[i].base),
						   jnum(rh->targets[i].end)));
	return a;
}

static json_t *hosts_json(const struct result *res)
{
	struct hosts_summary hs;
	json_t *o, *a;

	if (res->nhosts < 2)
		return json_null();
	if (hosts_build(&hs, res)) {
		report_oom = true;
		return NULL;
	}
	o = json_object();
	a = json_array();
	for (unsigned h = 0; h < hs.n; h++) {
		const struct result_host *rh = &res->hosts[h];
		const struct host_figs *g = &hs.f[h];
		json_t *e = json_object();

		set(e, "name", json_text(rh->name));
		set(e, "rank", json_integer(rh->rank));
		set(e, "local_rank", json_integer(rh->local_rank));
		set(e, "ios", jnum(g->ios));
		set(e, "bytes", jnum(g->bytes));
		set(e, "iops", json_real(g->iops));
		set(e, "mib_per_s", json_real(g->mib_s));
		set(e, "lat_mean_ms", json_real(g->lat_mean_ms));
		set(e, "lat_p50_ms", json_real((double)g->p50_ns / 1e6));
		set(e, "lat_p99_ms", json_real((double)g->p99_ns / 1e6));
		set(e, "lat_max_ms", json_real((double)g->max_ns / 1e6));
		set(e, "iops_vs_median", json_real(g->iops_off));
		set(e, "p99_vs_median", json_real(g->p99_off));
		set(e, "apart", json_boolean(g->apart));
		set(e, "window_s", json_real((double)rh->test_ns / 1e9));
		set(e, "clock_offset_ms", json_real((double)rh->wall_offset_ns / 1e6));
		set(e, "clock_error_ms", json_real((double)rh->clock_error_ns / 1e6));
		set(e, "start_late_ms", json_real((double)rh->start_late_ns / 1e6));
		set(e, "complete", json_boolean(rh->complete));
		set(e, "interrupted", json_boolean(rh->interrupted));
		set(e, "failed", json_boolean(rh->failed));
		set(e, "error", rh->error[0] ? json_text(rh->error) : json_null());
		set(e, "ranges", rank_ranges(rh));
		set(e, "host", host_json(&rh->info));
		json_array_append_new(a, e);
	}
	set(o, "count", json_integer(hs.n));
	set(o, "ranks", a);
	set(o, "first_done", json_text(res->hosts[hs.first].name));
	set(o, "first_done_s", json_real((double)hs.f[hs.first].done_ns / 1e9));
	set(o, "last_done", json_text(res->hosts[hs.last].name));
	set(o, "last_done_s", json_real((double)hs.f[hs.last].done_ns / 1e9));
	set(o, "spread_s", json_real((double)(hs.f[hs.last].done_ns - hs.f[hs.first].done_ns) / 1e9));
	set(o, "median_iops", json_real(hs.median_iops));
	set(o, "clock_offset_max_ms", json_real((double)hs.clock_max_ns / 1e6));
	set(o, "start_late_max_ms", json_real((double)hs.late_max_ns / 1e6));
	set(o, "merge_ms", json_real((double)res->merge_ns / 1e6));
	set(o, "merge_bytes", jnum(res->merge_bytes));
	hosts_free(&hs);
	return o;
}

/* A figure the kernel may not count: null when negative. */
static json_t *fig(double v)
{
	return v >= 0 ? json_real(v) : json_null();
}

static json_t *blockdev_json(const struct blockdev_info *d)
{
	json_t *o = json_object();
	char dev[32];

	snprintf(dev, sizeof(dev), "%u:%u", d->major, d->minor);
	set(o, "name", json_text(d->name));
	set(o, "device", json_text(dev));
	set(o, "kind", json_text(d->kind));
	set(o, "level", json_integer(d->level));
	set(o, "model", str_or_null(d->model));
	set(o, "size", jnum(d->size));
	set(o, "logical_block_size", d->logical_block_size ? jnum(d->logical_block_size) : NULL);
	set(o, "physical_block_size", d->physical_block_size ? jnum(d->physical_block_size) : NULL);
	set(o, "rotational", d->rotational >= 0 ? json_boolean(d->rotational) : NULL);
	set(o, "scheduler", str_or_null(d->scheduler));
	set(o, "nr_requests", d->nr_requests >= 0 ? json_integer(d->nr_requests) : NULL);
	set(o, "max_sectors_kb", d->max_sectors_kb >= 0 ? json_integer(d->max_sectors_kb) : NULL);
	set(o, "write_cache", str_or_null(d->write_cache));
	set(o, "fua", d->fua >= 0 ? json_boolean(d->fua) : NULL);
	set(o, "numa_node", d->numa_node >= 0 ? json_integer(d->numa_node) : NULL);
	/* zram counts its I/O whatever queue/iostats says */
	set(o, "iostats", d->iostats >= 0 ? json_boolean(d->iostats || !strcmp(d->kind, "zram")) : NULL);
	set(o, "backing_file", str_or_null(d->backing_file));
	set(o, "wwid", str_or_null(d->wwid));
	set(o, "serial", str_or_null(d->serial));
	return o;
}

static json_t *chain_json(const struct device_chain *ch)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < ch->n; i++)
		json_array_append_new(a, blockdev_json(&ch->dev[i]));
	return a;
}

json_t *report_perfmon_json(const struct disk_metrics *m, const struct queue_samples *qs)
{
	bool have = qs && qs->have;
	json_t *o = json_object(), *q = json_object();

	set(o, "disk_transfers_per_s", fig(m->transfers_s));
	set(o, "disk_reads_per_s", fig(m->reads_s));
	set(o, "disk_writes_per_s", fig(m->writes_s));
	set(o, "disk_bytes_per_s", fig(m->bytes_s));
	set(o, "disk_read_bytes_per_s", fig(m->read_bytes_s));
	set(o, "disk_write_bytes_per_s", fig(m->write_bytes_s));
	set(o, "avg_disk_sec_per_transfer", fig(m->sec_per_transfer));
	set(o, "avg_disk_sec_per_read", fig(m->sec_per_read));
	set(o, "avg_disk_sec_per_write", fig(m->sec_per_write));
	set(o, "avg_disk_bytes_per_transfer", fig(m->bytes_per_transfer));
	set(o, "avg_disk_queue_length", fig(m->avg_queue_length));
	set(q, "min", have ? json_integer(qs->min) : NULL);
	set(q, "avg", have ? json_real(qs->avg) : NULL);
	set(q, "max", have ? json_integer(qs->max) : NULL);
	set(o, "current_disk_queue_length", q);
	set(o, "idle_time_percent", fig(m->idle_pct));
	set(o, "split_io_per_s", fig(m->split_s));
	return o;
}

json_t *report_iostat_json(const struct disk_metrics *m)
{
	json_t *o = json_object();

	set(o, "r_s", fig(m->r_s));
	set(o, "w_s", fig(m->w_s));
	set(o, "d_s", fig(m->d_s));
	set(o, "f_s", fig(m->f_s));
	set(o, "rkb_s", fig(m->rkb_s));
	set(o, "wkb_s", fig(m->wkb_s));
	set(o, "dkb_s", fig(m->dkb_s));
	set(o, "rrqm_s", fig(m->rrqm_s));
	set(o, "wrqm_s", fig(m->wrqm_s));
	set(o, "rrqm_percent", fig(m->rrqm_pct));
	set(o, "wrqm_percent", fig(m->wrqm_pct));
	set(o, "r_await_ms", fig(m->r_await));
	set(o, "w_await_ms", fig(m->w_await));
	set(o, "d_await_ms", fig(m->d_await));
	set(o, "f_await_ms", fig(m->f_await));
	set(o, "rareq_sz_kb", fig(m->rareq_sz));
	set(o, "wareq_sz_kb", fig(m->wareq_sz));
	set(o, "aqu_sz", fig(m->aqu_sz));
	set(o, "util_percent", fig(m->util));
	return o;
}

static json_t *crosscheck_json(const struct devcheck *c)
{
	json_t *o = json_object(), *causes = json_array();

	set(o, "app_ios", jnum(c->app_ios));
	set(o, "device_ios", jnum(c->d.rd_ios + c->d.wr_ios));
	set(o, "app_bytes", jnum(c->app_bytes));
	set(o, "device_bytes", jnum(512 * (c->d.rd_sectors + c->d.wr_sectors)));
	set(o, "app_request_size", c->block_size ? jnum(c->block_size) : NULL);
	set(o, "device_request_size", fig(c->m.bytes_per_transfer));
	set(o, "app_latency_ms", json_real(c->app_lat_ms));
	set(o, "device_await_ms", c->m.sec_per_transfer >= 0 ? json_real(c->m.sec_per_transfer * 1e3)
							  : NULL);
	set(o, "app_queue_depth", json_real(c->app_qd));
	set(o, "device_queue_depth", fig(c->m.avg_queue_length));
	for (unsigned i = 0; i < c->nnotes; i++)
		json_array_append_new(causes, json_text(c->note[i]));
	set(o, "likely_causes", causes);
	set(o, "counters_reset", json_boolean(c->d.reset));
	return o;
}

/* The device's figures per series interval: snapshots a, every edge, then b. */
static json_t *device_series_json(const struct dev_sample *d, uint64_t test_ns)
{
	static const char *names[] = { "time_s", "r_s", "w_s", "rkb_s", "wkb_s", "r_await_ms",
				       "w_await_ms", "aqu_sz", "util_percent" };
	json_t *o = json_object(), *col[9];
	const struct diskstats *prev = &d->a;
	uint64_t prev_t = 0;

	for (int k = 0; k < 9; k++)
		col[k] = json_array();
	for (unsigned i = 0; i <= d->niv; i++) {
		const struct diskstats *cur = i < d->niv ? &d->iv[i] : &d->b;
		uint64_t t = i < d->niv ? d->iv_ns[i] : test_ns;
		struct diskstats_delta dd;
		struct disk_metrics m;

		if (t <= prev_t)
			continue;
		diskstats_delta(prev, cur, &dd);
		diskstats_metrics(&dd, (double)(t - prev_t) / 1e9, &m);
		json_array_append_new(col[0], json_real((double)t / 1e9));
		json_array_append_new(col[1], fig(m.r_s));
		json_array_append_new(col[2], fig(m.w_s));
		json_array_append_new(col[3], fig(m.rkb_s));
		json_array_append_new(col[4], fig(m.wkb_s));
		json_array_append_new(col[5], fig(m.r_await));
		json_array_append_new(col[6], fig(m.w_await));
		json_array_append_new(col[7], fig(m.aqu_sz));
		json_array_append_new(col[8], fig(m.util));
		prev = cur;
		prev_t = t;
	}
	for (int k = 0; k < 9; k++)
		set(o, names[k], col[k]);
	return o;
}

static json_t *devices_json(const struct devcheck *c, unsigned n, uint64_t test_ns)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < n; i++) {
		json_t *o = json_object();
		char dev[32];

		snprintf(dev, sizeof(dev), "%u:%u", c[i].info->major, c[i].info->minor);
		if (c[i].host >= 0) {	/* a merged result: the machine (its first rank's host) */
			set(o, "host", json_integer(c[i].host));
			set(o, "machines", json_integer(c[i].machines));
		}
		set(o, "name", json_text(c[i].info->name));
		set(o, "device", json_text(dev));
		set(o, "counters", json_boolean(c[i].have));
		set(o, "perfmon", c[i].have ? report_perfmon_json(&c[i].m, &c[i].q) : NULL);
		set(o, "iostat", c[i].have ? report_iostat_json(&c[i].m) : NULL);
		set(o, "crosscheck", c[i].have ? crosscheck_json(&c[i]) : NULL);
		/* one machine's series: none for a LUN several machines' counters add up to */
		set(o, "series", c[i].have && c[i].machines < 2 ?
			device_series_json(c[i].sample, test_ns) : NULL);
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *verdict_json(const struct verdict *v)
{
	json_t *o = json_object(), *loads = json_array();

	set(o, "rotational", json_boolean(v->rotational));
	set(o, "not_judged", v->not_judged ? json_text(v->not_judged) : NULL);
	set(o, "latency_mean_ms", json_real(v->mean_ms));
	set(o, "latency_p99_ms", json_real(v->p99_ms));
	set(o, "latency", json_text(v->latency));
	set(o, "latency_text", json_text(v->latency_text));
	set(o, "queue_length", v->queue_length >= 0 ? json_real(v->queue_length) : NULL);
	set(o, "queue_bottleneck", json_boolean(v->queue_flag));
	set(o, "queue_own", json_real(v->queue_own));
	set(o, "resembles", json_text(v->resembles));
	for (int i = 0; v->small_random && i < 3; i++) {
		json_t *l = json_object();

		set(l, "load", json_text(v->loads[i].name));
		set(l, "iops_needed", json_real(v->loads[i].iops));
		set(l, "carries", json_boolean(v->loads[i].carries));
		json_array_append_new(loads, l);
	}
	set(o, "loads", loads);
	return o;
}

static json_t *warnings_json(const struct verdict *v)
{
	json_t *a = json_array();

	for (unsigned i = 0; i < v->nwarn; i++) {
		json_t *o = json_object();

		set(o, "code", json_text(v->warn[i].code));
		set(o, "message", json_text(v->warn[i].text));
		json_array_append_new(a, o);
	}
	return a;
}

/* devices, warnings and verdict, which share the device cross-check. */
static int judgement_json(json_t *root, const struct workload *w, const struct result *res)
{
	struct devcheck *c = NULL;
	int nc = devcheck_build_all(w, res, &c);
	struct verdict *v = malloc(sizeof(*v));
	struct summary *s = malloc(sizeof(*s));
	bool have = nc >= 0 && v && s;
	unsigned n = nc > 0 ? (unsigned)nc : 0;

	if (have) {
		set(root, "devices", devices_json(c, n, res->test_ns));
		verdict_build(w, res, c, n, v, s);
		set(root, "warnings", warnings_json(v));
		set(root, "verdict", v->measured ? verdict_json(v) : NULL);
	}
	free(c);
	free(v);
	free(s);
	return have ? 0 : -ENOMEM;
}


static json_t *targets_json(const struct workload *w, const struct result *res)
{
	static const char *kinds[] = { "file", "block", "null" };
	json_t *a = json_array();

	for (unsigned i = 0; i < res->ntargets; i++) {
		const struct target_facts *t = &res->targets[i];
		json_t *o = json_object();
		char dev[32];

		snprintf(dev, sizeof(dev), "%u:%u", t->dev_major, t->dev_minor);
		set(o, "path", json_text(w->targets[i].path));
		set(o, "type", json_text(kinds[t->kind]));
		set(o, "size", jnum(t->size));
		set(o, "range_start", jnum(t->share_n > 1 ? t->base : w->targets[i].base_offset));
		set(o, "range_end", jnum(t->end));
		set(o, "shared_by", t->share_n > 1 ? json_integer(t->share_n) : NULL);
		set(o, "created", json_boolean(t->created));
		set(o, "reused", json_boolean(t->reused));
		set(o, "file_system", t->kind == TARGET_FILE ? str_or_null(host_fs_name(t->fs_type))
							    : NULL);
		set(o, "device", t->has_dev ? json_text(dev) : NULL);
		set(o, "direct_io_alignment", t->kind == TARGET_NULL ? NULL : jnum(t->io_align));
		set(o, "mount_point", str_or_null(t->chain.mount_point));
		set(o, "mount_options", str_or_null(t->chain.mount_options));
		set(o, "mount_source", str_or_null(t->chain.mount_source));
		set(o, "no_device", t->kind == TARGET_NULL ? NULL : str_or_null(t->chain.no_device));
		set(o, "device_by_mount_source", json_boolean(t->chain.by_source));
		set(o, "devices", chain_json(&t->chain));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *iso_time(const struct timespec *t0, uint64_t offset_ns)
{
	uint64_t ns = (uint64_t)t0->tv_nsec + offset_ns;
	time_t secs = t0->tv_sec + (time_t)(ns / 1000000000ull);
	struct tm tm;
	char buf[64];

	if (!t0->tv_sec || !gmtime_r(&secs, &tm))
		return json_null();
	snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%06uZ", tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		 (unsigned)(ns % 1000000000ull / 1000));
	return json_text(buf);
}

static json_t *phases_json(const struct result *res)
{
	json_t *o = json_object();

	set(o, "start", iso_time(&res->wall_t0, 0));
	set(o, "measure_start", res->measured ? iso_time(&res->wall_t0, res->warmup_ns_real) : NULL);
	set(o, "measure_end", res->measured ? iso_time(&res->wall_t0, res->warmup_ns_real +
						       res->test_ns) : NULL);
	set(o, "end", iso_time(&res->wall_t0, res->end_ns_real));
	return o;
}

static json_t *cpu_obj(const struct cpu_usage *u)
{
	json_t *o = json_object();

	set(o, "usage", json_real(u->usage));
	set(o, "user", json_real(u->user));
	set(o, "kernel", json_real(u->kernel));
	set(o, "idle", json_real(u->idle));
	set(o, "iowait", json_real(u->iowait));
	set(o, "irq", json_real(u->irq));
	set(o, "steal", json_real(u->steal));
	return o;
}

/* Each CPU over each series interval (result.cpu_iv): columns per CPU; null when none kept. */
static json_t *cpu_series_json(const struct result *res)
{
	static const char *names[] = { "usage", "user", "kernel", "iowait" };
	json_t *o, *t, *cpus;

	if (!res->ncpu_iv_ns || !res->ncpu)
		return NULL;
	o = json_object();
	t = json_array();
	cpus = json_array();
	for (unsigned k = 0; k < res->ncpu_iv_ns; k++)
		json_array_append_new(t, json_real((double)(res->cpu_iv_ns[k] < res->test_ns ?
							    res->cpu_iv_ns[k] : res->test_ns) / 1e9));
	for (unsigned i = 0; i < res->ncpu; i++) {
		json_t *c = json_object();

		set(c, "cpu", json_integer(res->cpu[i].cpu));
		for (int f = 0; f < 4; f++) {
			json_t *a = json_array();

			for (unsigned k = 0; k < res->ncpu_iv_ns; k++) {
				const struct cpu_usage *u = &res->cpu_iv[(size_t)k * res->ncpu + i];
				const double v[] = { u->usage, u->user, u->kernel, u->iowait };

				json_array_append_new(a, json_real(v[f]));
			}
			set(c, names[f], a);
		}
		json_array_append_new(cpus, c);
	}
	set(o, "time_s", t);
	set(o, "per_cpu", cpus);
	return o;
}

static json_t *cpu_json(const struct result *res, uint64_t ios)
{
	json_t *o = json_object(), *per = json_array(), *proc = json_object(), *iw;
	struct cpu_usage avg;

	for (unsigned i = 0; i < res->ncpu; i++) {
		json_t *c = cpu_obj(&res->cpu[i]);

		json_object_set_new(c, "cpu", json_integer(res->cpu[i].cpu));
		json_array_append_new(per, c);
	}
	cpustat_average(res->cpu, res->ncpu, &avg);
	set(o, "per_cpu", per);
	set(o, "average", res->ncpu ? cpu_obj(&avg) : NULL);
	set(proc, "user_s", json_real(res->proc_user_s));
	set(proc, "system_s", json_real(res->proc_sys_s));
	set(proc, "us_per_io", ios ? json_real((res->proc_user_s + res->proc_sys_s) * 1e6 /
					       (double)ios) : NULL);
	iw = json_object();
	set(iw, "threads", json_integer(res->io_workers.threads));
	set(iw, "cpu_s", json_real(res->io_workers.cpu_s));
	set(iw, "confined", json_integer(res->io_workers.confined));
	set(proc, "io_workers", iw);
	set(o, "process", proc);
	set(o, "series", cpu_series_json(res));
	return o;
}

static json_t *verify_json(const struct workload *w, const struct result *res)
{
	json_t *o;

	if (!w->verify)
		return NULL;
	o = json_object();
	set(o, "written", json_integer((json_int_t)res->verify.written));
	set(o, "checked", json_integer((json_int_t)res->verify.checked));
	set(o, "mismatches", json_integer((json_int_t)res->verify.bad));
	set(o, "first_mismatch", res->verify.bad ? json_text(res->verify.first) : NULL);
	set(o, "first_mismatch_offset", res->verify.bad ?
		json_integer((json_int_t)res->verify.first_offset) : NULL);
	set(o, "first_mismatch_kind", res->verify.bad ? json_text(res->verify.first_kind) : NULL);
	set(o, "lost_writes_tracked", json_boolean(!res->verify.tables_partial));
	set(o, "journal_note", res->verify.journal[0] ? json_text(res->verify.journal) : NULL);
	return o;
}

/* A requested queue depth: whole but for -O's shares by weight. */
static json_t *depth_json(double d)
{
	return d == (double)(json_int_t)d ? json_integer((json_int_t)d) : json_real(d);
}

static json_t *results_json(const struct workload *w, const struct result *res)
{
	json_t *o = json_object(), *targets = json_array(), *threads = json_array();
	double secs = (double)res->test_ns / 1e9;

	set(o, "total", summary_json(res, -1));
	for (unsigned i = 0; i < res->ntargets; i++) {
		json_t *t = summary_json(res, (int)i);

		json_object_set_new(t, "target", json_integer(i));
		json_object_set_new(t, "path", json_text(w->targets[i].path));
		json_array_append_new(targets, t);
	}
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];
		struct io_counts c[SUM_KINDS] = { r->c[0], r->c[1], r->c[0], r->c[0] };
		struct hist *h = report_need(calloc(1, sizeof(*h)));
		const struct hist *rh = r->h ? &r->h[0] : NULL, *wh = r->h ? &r->h[1] : NULL;
		json_t *t;

		counts_merge(&c[SUM_TOTAL], &r->c[1]);
		counts_init(&c[r->trims ? SUM_READ : SUM_TRIM]);	/* slot 0 is one or the other */
		if (h && r->h) {
			hist_merge(h, &r->h[0]);
			hist_merge(h, &r->h[1]);
		}
		t = rwt(c, (const struct hist *[]){ r->trims ? NULL : rh, wh, h, r->trims ? rh : NULL },
			secs, r->trims ? NULL : r->series, r->trims ? r->series : NULL, res);
		free(h);
		json_object_set_new(t, "thread", json_integer(r->thread));
		json_object_set_new(t, "target", json_integer(r->target));
		json_object_set_new(t, "queue_depth_requested",
				    depth_json(summary_requested_qd(w, res, r)));
		json_object_set_new(t, "queue_depth_achieved", json_real(summary_achieved_qd(r)));
		json_object_set_new(t, "read_errors", json_integer(r->trims ? 0 : (json_int_t)r->errors[0]));
		json_object_set_new(t, "trim_errors", json_integer(r->trims ? (json_int_t)r->errors[0] : 0));
		json_object_set_new(t, "write_errors", json_integer((json_int_t)r->errors[1]));
		json_object_set_new(t, "cpu_busy_pct", r->cpu_busy >= 0 ?
				    json_real(100.0 * r->cpu_busy) : json_null());
		json_array_append_new(threads, t);
	}
	set(o, "targets", targets);
	set(o, "threads", threads);
	return o;
}

/* The merged histograms as [bucket low ns, count] pairs, empty buckets left out. */
static json_t *histogram_json(const struct result *res)
{
	static const char *names[] = { "read", "write" };
	struct summary *s = report_need(malloc(sizeof(*s)));
	json_t *o = json_object();

	set(o, "unit", json_text("ns"));
	set(o, "sub_bucket_bits", json_integer(HIST_SUB_BITS));
	set(o, "max_bits", json_integer(HIST_MAX_BITS));
	set(o, "relative_error", json_real(1.0 / (2 << HIST_SUB_BITS)));
	if (s)
		summary_build(s, res, -1);
	for (int k = 0; k < 2; k++) {
		json_t *a = json_array();

		for (unsigned i = 0; s && i < HIST_NBUCKETS; i++) {
			if (!s->h[k].n[i])
				continue;
			json_array_append_new(a, json_pack("[II]", (json_int_t)hist_bucket_low(i),
							   (json_int_t)s->h[k].n[i]));
		}
		set(o, names[k], a);
	}
	free(s);
	return o;
}

/* The columns of one series: arrays of per-interval values. */
static json_t *series_columns(const struct interval *s, unsigned n)
{
	static const char *names[] = { "read_ios", "write_ios", "read_bytes", "write_bytes",
				       "read_lat_sum_ns", "write_lat_sum_ns", "read_lat_max_ns",
				       "write_lat_max_ns" };
	json_t *o = json_object();

	for (int c = 0; c < 8; c++) {
		json_t *a = json_array();

		for (unsigned k = 0; k < n; k++) {
			const uint64_t *f[] = { s[k].ios, s[k].bytes, s[k].lat_sum, s[k].lat_max };

			json_array_append_new(a, jnum(f[c / 2][c % 2]));
		}
		set(o, names[c], a);
	}
	return o;
}

/*
 * The latency percentiles of each interval, all threads and targets (struct
 * ivlat): null where the interval had no I/O of the kind, or where its
 * histogram does not hold every one of them (none kept, or a worker lagged
 * out of the ring).
 */
static void series_percentiles(json_t *o, const struct interval *total, const struct result *res)
{
	static const double pcts[] = { 50, 90, 99, 99.9 };
	static const char *names[2][4] = {
		{ "read_lat_p50_ns", "read_lat_p90_ns", "read_lat_p99_ns", "read_lat_p99_9_ns" },
		{ "write_lat_p50_ns", "write_lat_p90_ns", "write_lat_p99_ns", "write_lat_p99_9_ns" } };

	for (int d = 0; d < 2; d++)
		for (int p = 0; p < 4; p++) {
			json_t *a = json_array();

			for (unsigned k = 0; k < res->nintervals; k++) {
				bool known = total[k].ios[d] && k < res->ivl.nint &&
					     ivlat_count(&res->ivl, k, d) == total[k].ios[d];

				json_array_append_new(a, known ? jnum(ivlat_percentile(&res->ivl, k, d, pcts[p],
								total[k].lat_max[d])) : json_null());
			}
			set(o, names[d][p], a);
		}
}

static json_t *series_json(const struct result *res)
{
	json_t *o = json_object(), *t = json_array(), *threads = json_array();
	struct interval *total = summary_series(res, -1);

	set(o, "interval_ms", json_real((double)res->interval_ns / 1e6));
	set(o, "intervals", json_integer(res->nintervals));
	set(o, "truncated", json_boolean(res->series_truncated));
	for (unsigned k = 0; k < res->nintervals; k++) {
		uint64_t end = (k + 1) * res->interval_ns;

		json_array_append_new(t, json_real((double)(end < res->test_ns ? end : res->test_ns) /
						   1e9));
	}
	set(o, "time_s", t);
	set(o, "total", total ? series_columns(total, res->nintervals) : NULL);
	if (total)
		series_percentiles(json_object_get(o, "total"), total, res);
	for (unsigned i = 0; i < res->nrows; i++) {
		json_t *r = series_columns(res->rows[i].series, res->nintervals);

		json_object_set_new(r, "thread", json_integer(res->rows[i].thread));
		json_object_set_new(r, "target", json_integer(res->rows[i].target));
		json_array_append_new(threads, r);
	}
	set(o, "threads", threads);
	free(total);
	return o;
}

/*
 * A paced run's rate (core/loop_paced.c): the target, what the timelines put
 * in the window and what was achieved, whether it fell behind, and the
 * service time and lag beside the results' response times; null: a closed loop.
 */
static json_t *rate_json(const struct result *res)
{
	struct pace_summary *p = report_need(malloc(sizeof(*p)));
	json_t *o;

	if (!p)
		return NULL;
	summary_pace(p, res);
	if (!p->paced) {
		free(p);
		return json_null();
	}
	o = json_object();
	set(o, "target_iops", p->target_iops > 0 ? json_real(p->target_iops) : NULL);
	set(o, "scheduled", p->scheduled ? jnum(p->scheduled) : NULL);
	set(o, "scheduled_iops", p->scheduled ? json_real(p->scheduled_iops) : NULL);
	set(o, "achieved_iops", json_real(p->achieved_iops));
	set(o, "behind", json_boolean(p->behind));
	set(o, "behind_why", str_or_null(p->behind ? p->why : NULL));
	set(o, "cap_hits", jnum(p->cap_hits));
	set(o, "max_backlog", jnum(p->max_backlog));
	set(o, "think_pauses", jnum(p->pauses));
	set(o, "service_ns", latency(&p->c[0], &p->h[0]));
	set(o, "lag_ns", latency(&p->c[1], &p->h[1]));
	free(p);
	return o;
}

static json_t *queue_depth_json(const struct workload *w, const struct result *res)
{
	json_t *o = json_object();
	double req = 0, got = 0;

	for (unsigned i = 0; i < res->nrows; i++) {
		req += summary_requested_qd(w, res, &res->rows[i]);
		got += summary_achieved_qd(&res->rows[i]);
	}
	set(o, "requested", depth_json(req));
	set(o, "achieved", json_real(got));
	return o;
}

/* How late the null engine's model completions reached iobench, or null (no model). */
static json_t *model_late_json(const struct model_late *l)
{
	json_t *o;

	if (!l->ios)
		return json_null();
	o = json_object();
	set(o, "ios", json_integer((json_int_t)l->ios));
	set(o, "mean_us", json_real((double)l->sum_ns / (double)l->ios / 1e3));
	set(o, "p99_us", json_real((double)l->p99_ns / 1e3));
	set(o, "max_us", json_real((double)l->max_ns / 1e3));
	return o;
}

json_t *report_json_doc(const struct workload *w, const struct result *res)
{
	json_t *root = json_object();
	uint64_t ios = 0;

	report_oom = false;
	for (unsigned i = 0; i < res->nrows; i++)
		ios += res->rows[i].c[0].ios + res->rows[i].c[1].ios;
	set(root, "schema", json_text("iobench/result"));
	set(root, "schema_version", json_integer(JSON_SCHEMA_VERSION));
	set(root, "iobench_version", json_text(IOBENCH_VERSION));
	set(root, "command_line", str_or_null(w->cmdline));
	set(root, "label", str_or_null(w->label));
	set(root, "complete", json_boolean(res->complete));
	set(root, "interrupted", json_boolean(res->interrupted));
	set(root, "paused_s", json_real((double)res->paused_ns / 1e9));
	set(root, "null_model_late", model_late_json(&res->model_late));
	set(root, "error", res->failed ? json_text(res->error) : NULL);
	set(root, "io_errors", json_integer((json_int_t)res->nerrors));
	set(root, "first_io_error", res->nerrors ? json_text(res->error) : NULL);
	set(root, "verify", verify_json(w, res));
	set(root, "workload", workload_json(w, res));
	set(root, "host", host_json(&res->host));
	set(root, "hosts", hosts_json(res));
	set(root, "targets", targets_json(w, res));
	set(root, "phases", phases_json(res));
	set(root, "test_time_s", json_real((double)res->test_ns / 1e9));
	set(root, "thread_count", json_integer(res->nthreads));
	set(root, "cpu", cpu_json(res, ios));
	set(root, "queue_depth", queue_depth_json(w, res));
	set(root, "rate", rate_json(res));
	set(root, "results", results_json(w, res));
	if (judgement_json(root, w, res))
		report_oom = true;
	set(root, "histogram", histogram_json(res));
	set(root, "series", series_json(res));
	set(root, "model", report_need(model_json(w, res)));
	if (report_oom || !root) {	/* a part is missing: no document rather than a short one */
		json_decref(root);
		return NULL;
	}
	return root;
}

int report_json_dump(FILE *f, json_t *doc)
{
	int r = json_dumpf(doc, f, JSON_INDENT(2) | JSON_REAL_PRECISION(12) | JSON_PRESERVE_ORDER);

	fputc('\n', f);
	return r || ferror(f) ? -EIO : 0;
}

int report_json(FILE *f, const struct workload *w, const struct result *res)
{
	json_t *root = report_json_doc(w, res);
	int r;

	if (!root)
		return -ENOMEM;
	r = report_json_dump(f, root);
	json_decref(root);
	return r;
}

int report_json_array(FILE *f, const struct workload *w, const struct result *res, unsigned n)
{
	fprintf(f, "[\n");
	for (unsigned i = 0; i < n; i++) {
		int r = report_json(f, &w[i], &res[i]);

		if (r)
			return r;
		if (i + 1 < n)
			fprintf(f, ",\n");
	}
	fprintf(f, "]\n");
	return ferror(f) ? -EIO : 0;
}
