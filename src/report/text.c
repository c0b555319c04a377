/* SPDX-License-Identifier: MIT */
/*
 * text.c: the report in DiskSpd's text layout, so that people who read
 * DiskSpd output find every figure where they expect it. Latencies are in
 * milliseconds with three decimals and MiB/s is bytes / 2^20 / s, as there.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "job/units.h"
#include "platform/host.h"
#include "report/report.h"
#include "report/devcheck.h"
#include "report/hosts.h"
#include "report/verdict.h"
#include "report/summary.h"
#include "report/text_devices.h"
#include "report/text_notes.h"
#include "report/text_params.h"
#include "util/banned.h"

static const char dashes[] =
	"------------------------------------------------------------"
	"------------------------------------------------------------";	/* 120 */

/* DiskSpd's table border: 78 wide, with -L 23 more (AvgLat, LatStdDev), with -D 13 more */
static void border(FILE *f, const struct workload *w)
{
	fprintf(f, "%.*s\n", 78 + (w->no_latency ? 0 : 23) + (w->iops_stddev ? 13 : 0), dashes);
}


static void system_info(FILE *f, const struct result *res)
{
	const struct host_info *h = &res->host;
	char when[64] = "?";
	struct tm tm;

	time_t start = res->wall_t0.tv_sec + (time_t)(res->warmup_ns_real / 1000000000ull);

	if (res->measured && gmtime_r(&start, &tm))
		strftime(when, sizeof(when), "%Y/%m/%d %H:%M:%S UTC", &tm);
	fprintf(f, "\nSystem information:\n\n\tcomputer name: %s\n", h->hostname);
	if (res->nhosts > 1) {
		fprintf(f, "\tMPI ranks: %u:", res->nhosts);
		for (unsigned i = 0; i < res->nhosts; i++)
			fprintf(f, "%s %s", i ? "," : "", res->hosts[i].name);
		fprintf(f, " (rank 0's machine below)\n");
	}
	fprintf(f, "\tstart time: %s\n\n", when);
	fprintf(f, "\tcpu count:\t\t%ld\n\tcpu model:\t\t%s\n", h->cpu_count,
		h->cpu_model[0] ? h->cpu_model : "?");
	fprintf(f, "\tkernel:\t\t\t%s\n", h->kernel);
	fprintf(f, "\tclock source:\t\t%s (%.1f ns per clock read)\n",
		h->clock_source[0] ? h->clock_source : "?", h->clock_read_ns);
	fprintf(f, "\tcpu governor:\t\t%s\n", h->governor[0] ? h->governor : "not exposed "
		"(no cpufreq: a VM or a fixed clock)");
}

static void cpu_row(FILE *f, const struct cpu_usage *u)
{
	fprintf(f, "| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%\n", u->usage,
		u->user, u->kernel, u->idle, u->iowait, u->irq, u->steal);
}

static void cpu_table(FILE *f, const struct result *res)
{
	struct cpu_usage avg;
	uint64_t ios = 0;

	fprintf(f, "CPU |  Usage |  User  | Kernel |  Idle  | IOWait |   IRQ  |  Steal\n%.68s\n",
		dashes);
	for (unsigned i = 0; i < res->ncpu; i++) {
		const struct cpu_usage *u = &res->cpu[i];

		for (unsigned h = 0; h < res->nhosts; h++)	/* a merged result: each host's CPUs */
			if (res->hosts[h].cpu0 == i && res->hosts[h].ncpu)
				fprintf(f, "host %s (rank %u):\n", res->hosts[h].name, res->hosts[h].rank);
		fprintf(f, "%4d", u->cpu);
		cpu_row(f, u);
	}
	cpustat_average(res->cpu, res->ncpu, &avg);
	fprintf(f, "%.68s\navg.", dashes);
	cpu_row(f, &avg);
	for (unsigned i = 0; i < res->nrows; i++)
		ios += res->rows[i].c[0].ios + res->rows[i].c[1].ios;
	fprintf(f, "\niobench's own CPU time: %.3fs user, %.3fs system", res->proc_user_s,
		res->proc_sys_s);
	if (ios)
		fprintf(f, ", %.2f us per I/O", (res->proc_user_s + res->proc_sys_s) * 1e6 / (double)ios);
	if (res->io_workers.threads)
		fprintf(f, "\n  of which io_uring's kernel worker threads (iou-wrk): %.2fs, %u thread%s",
			res->io_workers.cpu_s, res->io_workers.threads,
			res->io_workers.threads == 1 ? "" : "s");
	fprintf(f, "\n\n");
}

/* Counts of a row for the table kind: SUM_READ, SUM_WRITE, SUM_TOTAL (all) or SUM_TRIM. */
static struct io_counts row_counts(const struct result_row *r, int kind)
{
	struct io_counts c;

	if (kind == SUM_TOTAL) {
		c = r->c[0];
		counts_merge(&c, &r->c[1]);
		return c;
	}
	if (kind == SUM_WRITE || summary_kind(r, 0) == kind)
		return r->c[kind == SUM_WRITE];
	counts_init(&c);
	return c;
}

/* A row's IopsStdDev for the table kind from its series (fio's trims in slot 0), or -1. */
static double row_iops_sd(const struct result_row *r, int kind, unsigned full, uint64_t iv_ns)
{
	if (kind == SUM_TRIM)
		return r->trims ? series_iops_stddev(r->series, full, 0, iv_ns) : -1;
	if (r->trims && kind != SUM_WRITE)
		return -1;
	return series_iops_stddev(r->series, full, kind, iv_ns);
}

/*
 * One row's cells, as DiskSpd's: AvgLat and LatStdDev with -L only (AvgLat
 * 0.000 and LatStdDev N/A without I/O); IopsStdDev with -D only (N/A when sd < 0).
 */
static void io_cells(FILE *f, const struct io_counts *c, double secs, bool lat, bool with_sd,
		     double sd)
{
	fprintf(f, "%15llu | %12llu | %10.2f | %10.2f", (unsigned long long)c->bytes,
		(unsigned long long)c->ios, secs > 0 ? (double)c->bytes / 1048576.0 / secs : 0.0,
		secs > 0 ? (double)c->ios / secs : 0.0);
	if (lat)
		fprintf(f, " | %8.3f", c->ios ? counts_lat_mean(c) / 1e6 : 0.0);
	if (with_sd && sd >= 0)
		fprintf(f, " | %10.2f", sd);
	else if (with_sd)
		fprintf(f, " | %10s", "N/A");
	if (lat && c->ios)
		fprintf(f, " |  %8.3f", counts_lat_stddev(c) / 1e6);
	else if (lat)
		fprintf(f, " | %9s", "N/A");
}

static void io_table(FILE *f, const struct workload *w, const struct result *res, int kind,
		     const struct interval *series)
{
	static const char *titles[] = { "Read IO", "Write IO", "Total IO", "Trim IO" };
	double secs = (double)res->test_ns / 1e9;
	unsigned full = summary_full_intervals(res);
	bool sd = w->iops_stddev;
	struct io_counts total;

	counts_init(&total);
	fprintf(f, "%s\nthread |       bytes     |     I/Os     |    MiB/s   |  I/O per s %s%s%s|  file\n",
		titles[kind], w->no_latency ? "" : "|  AvgLat  ", sd ? "| IopsStdDev " : "",
		w->no_latency ? "" : "| LatStdDev ");
	border(f, w);
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];
		struct io_counts c = row_counts(r, kind);
		const struct target_facts *t = &res->targets[r->target];
		char size[32];

		format_size_diskspd(size, sizeof(size), t->size);
		fprintf(f, "%6u | ", r->thread);
		io_cells(f, &c, secs, !w->no_latency, sd,
			 sd ? row_iops_sd(r, kind, full, res->interval_ns) : 0);
		fprintf(f, " | %s (%s)\n", w->targets[r->target].path, size);
		counts_merge(&total, &c);
	}
	border(f, w);
	fprintf(f, "total:   ");
	io_cells(f, &total, secs, !w->no_latency, sd, series ? series_iops_stddev(series, full,
								  kind == SUM_TRIM ? 0 : kind,
								  res->interval_ns) : -1);
	fprintf(f, "\n\n");
}

static void latency_table(FILE *f, const struct summary *s)
{
	int kinds = s->c[SUM_TRIM].ios ? SUM_KINDS : SUM_TRIM;	/* fio's trims: a column */

	fprintf(f, "  %%-ile |  Read (ms) | Write (ms) | Total (ms)%s\n%.*s\n",
		kinds > SUM_TRIM ? " |  Trim (ms)" : "", kinds > SUM_TRIM ? 59 : 46, dashes);
	for (unsigned i = 0; i < summary_npcts; i++) {
		fprintf(f, "%7s", summary_pcts[i].name);
		for (int k = 0; k < kinds; k++) {
			if (s->c[k].ios)
				fprintf(f, " | %10.3f",
					(double)summary_percentile(s, k, summary_pcts[i].p) / 1e6);
			else
				fprintf(f, " | %10s", "N/A");
		}
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

static void latency_tables(FILE *f, const struct workload *w, const struct result *res,
			   struct summary *s)
{
	for (unsigned t = 0; w->ntargets > 1 && t < w->ntargets; t++) {
		summary_build(s, res, (int)t);
		fprintf(f, "Latency distribution: %s\n", w->targets[t].path);
		latency_table(f, s);
	}
	summary_build(s, res, -1);
	fprintf(f, "Total latency distribution:\n");
	latency_table(f, s);
}

/*
 * The open loop's figures (issue 16): target and achieved rate, how often the
 * cap was reached, the largest backlog, service time and lag beside the
 * response time the tables above show. A closed loop says what its latency is.
 */
static void pace_section(FILE *f, const struct result *res, struct pace_summary *p)
{
	summary_pace(p, res);
	if (!p->paced) {
		fprintf(f, "closed loop: latency is service time\n\n");
		return;
	}
	fprintf(f, "Rate (open loop: the latency above is response time, completed - scheduled)\n");
	if (p->target_iops > 0) {
		fprintf(f, "  target: %.2f I/O per s, achieved: %.2f I/O per s (%.1f%%)%s\n",
			p->target_iops, p->achieved_iops, 100 * p->achieved_iops / p->target_iops,
			p->behind ? ": BEHIND" : "");
		if (p->scheduled && fabs(p->scheduled_iops - p->target_iops) >
					  0.01 * p->target_iops)	/* judged against these */
			fprintf(f, "  scheduled in the window: %llu I/Os, %.2f I/O per s (the timeline's "
				"own count: Poisson arrivals vary by about its square root), achieved "
				"%.1f%% of them\n", (unsigned long long)p->scheduled, p->scheduled_iops,
				100.0 * (double)p->ios / (double)p->scheduled);
	} else
		fprintf(f, "  no rate (think time, or a latency target's search): closed loop\n");
	fprintf(f, "  cap (-o) reached: %llu times, largest backlog: %llu I/Os, think-time pauses: %llu\n",
		(unsigned long long)p->cap_hits, (unsigned long long)p->max_backlog,
		(unsigned long long)p->pauses);
	for (unsigned i = 0; i < res->nrows; i++) {	/* fio's latency_target: a thread's rows agree */
		const struct row_pace *rp = &res->rows[i].pace;

		if (!rp->lat_depth || (i && res->rows[i - 1].thread == res->rows[i].thread))
			continue;
		fprintf(f, "  latency target search, thread %u: depth %u, after depths", res->rows[i].thread,
			rp->lat_depth);
		for (unsigned k = 0; k < rp->lat_ntrail; k++)
			fprintf(f, " %u", rp->lat_trail[k]);
		fprintf(f, "%s\n", rp->lat_steps > rp->lat_ntrail ? " ..." : "");
	}
	if (p->behind)
		fprintf(f, "  behind the rate: %s; the figures describe a saturated device, not the "
			"asked load\n", p->why);
	fprintf(f, "    %%-ile | Service (ms) |   Lag (ms)\n  %.*s\n", 36, dashes);
	for (unsigned i = 0; i < summary_npcts; i++) {
		fprintf(f, "  %7s", summary_pcts[i].name);
		for (int k = 0; k < 2; k++)
			fprintf(f, k ? " | %10.3f" : " | %12.3f",
				(double)summary_hist_pct(&p->h[k], summary_pcts[i].p) / 1e6);
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

static void qd_table(FILE *f, const struct workload *w, const struct result *res)
{
	double req = 0, sum = 0;

	fprintf(f, "Queue depth (average I/Os in flight over the window: latency sum / time)\n"
		"thread | requested | achieved |  file\n%.46s\n", dashes);
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];
		double qd = summary_achieved_qd(r);

		fprintf(f, "%6u | %9g | %8.2f | %s\n", r->thread, summary_requested_qd(w, res, r),
			qd, w->targets[r->target].path);
		req += summary_requested_qd(w, res, r);
		sum += qd;
	}
	fprintf(f, "%.46s\ntotal: | %9g | %8.2f\n\n", dashes, req, sum);
}


/*
 * One job's section (or the group's, with group_reporting): its reads, writes
 * and both, each over the job's own measuring time, with latency percentiles.
 */
static void job_section(FILE *f, const char *title, const struct result *res, unsigned j0,
			unsigned j1, struct summary *s)
{
	static const char *const kind[] = { "read", "write", "total", "trim" };
	uint64_t active;
	double secs;

	active = summary_build_jobs(s, res, j0, j1, -1);
	secs = (double)active / 1e9;
	fprintf(f, "\n%s, %.2f s\n", title, secs);
	fprintf(f, "       | %15s | %12s | %10s | %10s | %8s | %8s | %8s | %8s\n%.100s\n", "bytes",
		"I/Os", "MiB/s", "I/O per s", "avg ms", "p50 ms", "p99 ms", "max ms", dashes);
	for (int k = 0; k < SUM_KINDS; k++) {
		const struct io_counts *c = &s->c[k];

		if (!c->ios && k != SUM_TOTAL)
			continue;
		fprintf(f, "%-6s | %15llu | %12llu | %10.2f | %10.2f | %8.3f | %8.3f | %8.3f | %8.3f\n",
			kind[k], (unsigned long long)c->bytes, (unsigned long long)c->ios,
			secs > 0 ? (double)c->bytes / 1048576.0 / secs : 0,
			secs > 0 ? (double)c->ios / secs : 0, counts_lat_mean(c) / 1e6,
			(double)summary_percentile(s, k, 50) / 1e6,
			(double)summary_percentile(s, k, 99) / 1e6, (double)c->lat_max / 1e6);
	}
	if (s->syncs.n)
		fprintf(f, "fsync  | %llu calls, mean %.3f ms, max %.3f ms\n",
			(unsigned long long)s->syncs.n,
			(double)s->syncs.lat_sum / (double)s->syncs.n / 1e6,
			(double)s->syncs.lat_max / 1e6);
}

/* A job file's jobs, a section each (one for the group with group_reporting). */
static void jobs_sections(FILE *f, const struct workload *w, const struct result *res,
			  struct summary *s)
{
	char title[320];

	if (!w->njobs || !w->jobs[0].name)
		return;
	if (w->group_reporting) {
		snprintf(title, sizeof(title), "Group %u (%u job%s, reported as one)", w->jobs[0].group,
			 w->njobs, w->njobs == 1 ? "" : "s");
		job_section(f, title, res, 0, w->njobs, s);
	} else {
		for (unsigned j = 0; j < w->njobs; j++) {
			snprintf(title, sizeof(title), "Job '%.200s' (group %u, %u thread%s)",
				 w->jobs[j].name, w->jobs[j].group, w->jobs[j].threads,
				 w->jobs[j].threads == 1 ? "" : "s");
			job_section(f, title, res, j, j + 1, s);
		}
	}
	fprintf(f, "\n");
}

/* A merged result's hosts (MPI ranks) side by side, their clocks, and who finished when. */
static void hosts_section(FILE *f, const struct workload *w, const struct result *res,
			  const struct hosts_summary *hs)
{
	if (res->nhosts < 2)
		return;
	fprintf(f, "Hosts: %u MPI ranks, started together; the totals above are their sums and "
		"the percentiles those of all their I/Os (histograms summed, never averaged)\n",
		res->nhosts);
	fprintf(f, "rank | host                 |     I/Os     |    MiB/s   |  I/O per s |  AvgLat  "
		"|  p50 (ms) |  p99 (ms) | vs median | window (s) | clock (ms)\n%.109s%.24s\n", dashes,
		dashes);
	for (unsigned h = 0; h < hs->n; h++) {
		const struct host_figs *g = &hs->f[h];
		const struct result_host *o = &res->hosts[h];

		fprintf(f, "%4u | %-20.20s | %12llu | %10.2f | %10.2f | %8.3f | %9.3f | %9.3f | %+8.1f%% "
			"| %10.2f | %+.3f +-%.3f%s\n", o->rank, o->name, (unsigned long long)g->ios,
			g->mib_s, g->iops, g->lat_mean_ms, (double)g->p50_ns / 1e6,
			(double)g->p99_ns / 1e6, g->iops_off * 100, (double)g->done_ns / 1e9,
			(double)o->wall_offset_ns / 1e6, (double)o->clock_error_ns / 1e6,
			o->failed ? "  FAILED" : o->interrupted ? "  stopped" : g->apart ? "  apart" : "");
	}
	fprintf(f, "%s%.24s\n", dashes, dashes);
	fprintf(f, "first done: %s at %.3f s; last done: %s at %.3f s; spread %.3f s\n",
		res->hosts[hs->first].name, (double)hs->f[hs->first].done_ns / 1e9,
		res->hosts[hs->last].name, (double)hs->f[hs->last].done_ns / 1e9,
		(double)(hs->f[hs->last].done_ns - hs->f[hs->first].done_ns) / 1e9);
	fprintf(f, "clocks: the largest wall-clock offset from rank 0's is %.3f ms (%s); the "
		"latest start %.3f ms after the common instant\n", (double)hs->clock_max_ns / 1e6,
		res->hosts[hs->clock_worst].name, (double)hs->late_max_ns / 1e6);
	for (unsigned t = 0; t < res->ntargets; t++) {	/* a target the ranks share: who did which part */
		if (res->targets[t].share_n < 2)
			continue;
		fprintf(f, "target %u '%s': shared by %u ranks, each on its slice of the range:", t + 1,
			w->targets[t].path, res->targets[t].share_n);
		for (unsigned h = 0; h < res->nhosts; h++) {
			const struct result_host *o = &res->hosts[h];
			char a[32], b[32];

			if (t >= o->ntargets || o->failed)
				continue;
			format_size_diskspd(a, sizeof(a), o->targets[t].base);
			format_size_diskspd(b, sizeof(b), o->targets[t].end);
			fprintf(f, "%s rank %u %s to %s", h ? "," : "", o->rank, a, b);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

int report_text(FILE *f, const struct workload *w, const struct result *res)
{
	/* everything the report needs, before a line of it is written */
	struct devcheck *dc = NULL;
	int nd = devcheck_build_all(w, res, &dc);
	struct verdict *v = malloc(sizeof(*v));
	struct summary *s = malloc(sizeof(*s));
	struct pace_summary *ps = malloc(sizeof(*ps));
	struct interval *series = w->iops_stddev && res->measured ? summary_series(res, -1) : NULL;
	struct hosts_summary hs = { 0 };
	unsigned n;

	if (nd < 0 || !v || !s || !ps || (w->iops_stddev && res->measured && !series) ||
	    (res->nhosts > 1 && hosts_build(&hs, res))) {
		hosts_free(&hs);
		free(dc);
		free(v);
		free(s);
		free(ps);
		free(series);
		return -ENOMEM;
	}
	text_params(f, w, res);
	system_info(f, res);
	fprintf(f, "\nResults for timespan 1:\n*****************************************"
		"**************************************\n\n");
	if (!res->measured) {
		fprintf(f, "The test was interrupted before the measurements began. No results "
			"are displayed.\n");
		text_notes(f, w, res);
		hosts_free(&hs);
		free(dc);
		free(v);
		free(s);
		free(ps);
		return 0;
	}
	fprintf(f, "actual test time:\t%.2fs\nthread count:\t\t%u\n",
		(double)res->test_ns / 1e9, res->nthreads);
	if (w->pool_threads && w->pool_requests)
		fprintf(f, "request count:\t\t%u\n", w->pool_requests);
	fputc('\n', f);
	cpu_table(f, res);
	io_table(f, w, res, SUM_TOTAL, series);
	io_table(f, w, res, SUM_READ, series);
	io_table(f, w, res, SUM_WRITE, series);
	free(series);
	if (summary_trims(res)) {	/* fio's trims: a table of their own */
		series = w->iops_stddev ? summary_series_trims(res, -1) : NULL;
		io_table(f, w, res, SUM_TRIM, series);
		free(series);
	}
	if (!w->no_latency)	/* DiskSpd's percentiles: with -L */
		latency_tables(f, w, res, s);
	pace_section(f, res, ps);
	jobs_sections(f, w, res, s);
	qd_table(f, w, res);
	hosts_section(f, w, res, &hs);
	hosts_free(&hs);
	n = (unsigned)nd;
	text_devices(f, w, res, dc, n);
	verdict_build(w, res, dc, n, v, s);
	text_verdict(f, v);
	free(dc);
	free(v);
	free(s);
	free(ps);
	text_notes(f, w, res);
	return 0;
}
