/* SPDX-License-Identifier: MIT */
/*
 * fio_text.c: fio's text layouts for fio job files: normal (what fio prints
 * by default: a block per job, the groups' run status, the disk stats) and
 * terse (one line of semicolon-separated fields per job, versions 2 to 5),
 * line for line as fio 3.33's stat.c writes them, from the result model and
 * the workload (the figures through fio_stats.c, shared with fio-json).
 * What iobench does not measure is left out as fio-json leaves it out
 * (docs/jobfiles.md lists it).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/fio_stats.h"
#include "report/report.h"
#include "version.h"
#include "util/banned.h"

/* ---- fio's number formatting (lib/num2str.c) ---- */

enum n2s_unit { N2S_NONE, N2S_BYTE, N2S_BYTEPERSEC };	/* the units fio's layouts print */

/*
 * fio's num2str(): num with at most maxlen digits (the '.' counted), scaled
 * by 1000 or 1024 (pow2) with the unit prefix, rounded as fio rounds; into
 * buf. Returns buf.
 */
static char *num2str(char *buf, size_t len, uint64_t num, int maxlen, bool pow2, enum n2s_unit u)
{
	static const char *const si[] = { "", "k", "M", "G", "T", "P", "E" };
	static const char *const iec[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
	static const char *const unit[] = { "", "B", "B/s" };
	const char *const *prefix = pow2 ? iec : si;
	unsigned thousand = pow2 ? 1024 : 1000, modulo = UINT32_MAX, post = 0;
	bool carry = false;
	char tmp[32];
	int digits, room;

	while (post < 7) {
		if (snprintf(tmp, sizeof(tmp), "%" PRIu64, num) <= maxlen)
			break;
		modulo = (unsigned)(num % thousand);
		num /= thousand;
		carry = modulo >= thousand / 2;
		post++;
	}
	if (post >= 7)
		post = 0;
	digits = snprintf(tmp, sizeof(tmp), "%" PRIu64, num);
	room = maxlen - digits - 1;
	if (modulo == UINT32_MAX || room < 1) {
		if (modulo != UINT32_MAX && carry)
			num++;
		snprintf(buf, len, "%" PRIu64 "%s%s", num, prefix[post], unit[u]);
		return buf;
	}
	snprintf(tmp, sizeof(tmp), "%.*f", room, (double)modulo / (double)thousand);
	if (tmp[0] == '1')
		num++;
	snprintf(buf, len, "%" PRIu64 ".%s%s%s", num, tmp + 2, prefix[post], unit[u]);
	return buf;
}

#define SIG_FIGS 4	/* fio's sig_figs default */

/* ---- one unit's figures ---- */

/* What one unit (fio's thread_stat) shows. */
struct unit_stats {
	const struct workload *w;
	const struct result *res;
	const struct fio_unit *u;
	const struct fio_group *gs;	/* its group's run statistics */
	struct fio_view v;		/* its figures (reads from its verify phase, if any) */
	unsigned members;		/* threads */
};

static void unit_build(struct unit_stats *us, const struct workload *groups,
		       const struct result *res, unsigned ngroups, const struct fio_unit *u,
		       const struct fio_group *gs)
{
	us->w = &groups[u->g];
	us->res = &res[u->g];
	us->u = u;
	us->gs = gs;
	fio_view_build(&us->v, groups, res, ngroups, u);
	us->members = 0;
	for (unsigned j = u->j0; j < u->j1; j++)
		us->members += u->thread >= 0 ? 1 : us->w->jobs[j].threads;
}


/* The unit's latency percentiles of direction d (ns), at fio's list. */
static void unit_pcts(const struct unit_stats *us, int d, uint64_t v[FIO_NPCTS])
{
	for (unsigned i = 0; i < FIO_NPCTS; i++)
		v[i] = summary_percentile(fio_clat(&us->v), d, fio_pcts[i]);
}

/* A direction d (SUM_READ, SUM_WRITE, SUM_TRIM) as fio numbers it in a group's figures (trims 2). */
static int group_dir(int d)
{
	return d == SUM_TRIM ? 2 : d;
}

/* The fio_view slot of d's measuring time and result: fio's trims are measured with the writes. */
static int view_dir(int d)
{
	return d == SUM_TRIM ? SUM_WRITE : d;
}

/* ---- normal ---- */

/* fio's display_lat(): one latency line, in nsec, usec or msec as the figures warrant. */
static void display_lat(FILE *f, const char *name, const struct io_counts *c)
{
	unsigned long long min = c->lat_min, max = c->lat_max;
	double mean = counts_lat_mean(c), dev = counts_lat_stddev(c);
	const char *base = "(nsec)";
	char a[32], b[32];

	if (min > 2000000 && max > 99999999ULL && dev > 1000000.0) {
		min /= 1000000, max /= 1000000, mean /= 1e6, dev /= 1e6;
		base = "(msec)";
	} else if (min > 2000 && max > 99999 && dev > 1000.0) {
		min /= 1000, max /= 1000, mean /= 1e3, dev /= 1e3;
		base = "(usec)";
	}
	fprintf(f, "    %s %s: min=%s, max=%s, avg=%5.02f, stdev=%5.02f\n", name, base,
		num2str(a, sizeof(a), min, 6, false, N2S_NONE),
		num2str(b, sizeof(b), max, 6, false, N2S_NONE), mean, dev);
}

/* fio's show_clat_percentiles(): the list in columns, in the unit its range warrants. */
static void show_percentiles(FILE *f, const uint64_t *vals, const char *pre)
{
	uint64_t v[FIO_NPCTS], minv = UINT64_MAX, maxv = 0, div = 1;
	int scale = 0, width, per_line;

	for (unsigned j = 0; j < FIO_NPCTS; j++) {
		v[j] = vals[j];
		minv = v[j] < minv ? v[j] : minv;
		maxv = v[j] > maxv ? v[j] : maxv;
	}
	if (minv > 2000000 && maxv > 99999999ULL)
		scale = 2, div = 1000000;
	else if (minv > 2000 && maxv > 99999)
		scale = 1, div = 1000;
	fprintf(f, "    %s percentiles (%s):\n     |", pre, scale == 2 ? "msec" : scale ? "usec" : "nsec");
	width = maxv / div ? (int)(log10((double)(maxv / div)) + 1) : 0;
	width = width > 5 ? width : 5;
	per_line = (80 - 7) / (2 + 10 + width);
	for (unsigned j = 0; j < FIO_NPCTS; j++) {
		bool last = j == FIO_NPCTS - 1;

		if (j && j % (unsigned)per_line == 0)
			fputs("     |", f);
		for (int i = 0; i < scale; i++)
			v[j] = (v[j] + 999) / 1000;
		fprintf(f, " %5.2fth=[%*llu]%c", fio_pcts[j], width, (unsigned long long)v[j],
			last ? '\n' : ',');
		if (!last && j % (unsigned)per_line == (unsigned)per_line - 1)
			fputc('\n', f);
	}
}

/* fio's bw and iops lines: from the 500 ms windows, when one completed. */
static void show_windows(FILE *f, const struct unit_stats *us, int d)
{
	struct fio_windows ws;
	double kb = us->gs->kb_base, p = 100.0;
	unsigned long long min, max;
	double mean, dev;
	const char *unit = kb == 1024 ? "KiB" : "kB";

	fio_windows(&ws, us->v.dres[view_dir(d)], us->u->j0, us->u->j1, us->u->thread, d);
	if (!ws.n)
		return;
	/*
	 * As fio 3.33 prints them: the samples in KiB/s whatever kb_base, labelled
	 * kB under kb_base=1000, and "MiB" once scaled by kb_base (fio's own labels)
	 */
	min = (unsigned long long)ws.bw_min, max = (unsigned long long)ws.bw_max;
	mean = ws.bw_mean, dev = ws.bw_dev;
	if (us->gs->agg[group_dir(d)] > 1024) {	/* convert_agg_kbytes_percent(), int mean */
		p = (int)mean * 100.0 / ((double)us->gs->agg[group_dir(d)] / 1024.0);
		p = p > 100.0 ? 100.0 : p;
	}
	if (mean > kb * kb) {
		min = (unsigned long long)(min / kb), max = (unsigned long long)(max / kb);
		mean /= kb, dev /= kb;
		unit = "MiB";
	}
	fprintf(f, "   bw (%5s/s): min=%5llu, max=%5llu, per=%3.2f%%, avg=%5.02f, stdev=%5.02f, "
		"samples=%u\n", unit, min, max, p, mean, dev, ws.n);
	fprintf(f, "   iops        : min=%5llu, max=%5llu, avg=%5.02f, stdev=%5.02f, samples=%u\n",
		(unsigned long long)ws.io_min, (unsigned long long)ws.io_max, ws.io_mean, ws.io_dev,
		ws.n);
}

/* fio's show_ddir_status(): a direction's block. */
static void show_dir(FILE *f, const struct unit_stats *us, int d)
{
	const struct io_counts *c = &us->v.s.c[d];
	uint64_t run = fio_runtime_ms(c, us->v.active[view_dir(d)]), bw, iops, pv[FIO_NPCTS];
	bool i2p = us->gs->kb_base == 1024;
	char a[32], b[32], io[32], ip[32];

	if (!c->bytes || !run)
		return;
	bw = fio_bw(c, run);
	iops = 1000 * c->ios / run;
	fprintf(f, "  %s: IOPS=%s, BW=%s (%s)(%s/%llumsec)%s\n",
		d == SUM_TRIM ? "trim" : d ? "write" : "read",
		num2str(ip, sizeof(ip), iops, SIG_FIGS, false, N2S_NONE),
		num2str(a, sizeof(a), bw, SIG_FIGS, i2p, N2S_BYTEPERSEC),
		num2str(b, sizeof(b), bw, SIG_FIGS, !i2p, N2S_BYTEPERSEC),
		num2str(io, sizeof(io), c->bytes, SIG_FIGS, i2p, N2S_BYTE), (unsigned long long)run,
		d == SUM_WRITE ? "; 0 zone resets" : "");
	/*
	 * a closed loop: no slat (iobench does not time submission apart), clat is lat,
	 * as in fio-json; paced: slat the lag, clat the service time, lat the response
	 */
	if (us->v.paced && us->v.lag.c[d].ios)
		display_lat(f, "slat", &us->v.lag.c[d]);
	display_lat(f, "clat", &fio_clat(&us->v)->c[d]);
	display_lat(f, " lat", c);
	unit_pcts(us, d, pv);
	show_percentiles(f, pv, "clat");
	show_windows(f, us, d);
}

/* fio's show_lat(): the non-empty ranges of one map, five to a line. */
static void show_lat_map(FILE *f, const uint64_t *cnt, unsigned n, uint64_t total, const char *unit)
{
	static const char *const keys[] = { "2=", "4=", "10=", "20=", "50=", "100=", "250=",
					    "500=", "750=", "1000=", "2000=", ">=2000=" };
	unsigned line = 0;
	bool shown = false;

	for (unsigned i = 0; i < n; i++) {
		double p = fio_lat_pct(cnt[i], total);

		if (p <= 0.0)
			continue;
		if (!line)
			fprintf(f, "%s  lat (%s)   : ", shown ? "\n" : "", unit);
		else
			fputs(", ", f);
		fprintf(f, "%s%3.2f%%", keys[i], p);
		shown = true;
		line = line == 4 ? 0 : line + 1;
	}
	if (shown)
		fputc('\n', f);
}

static void show_latencies(FILE *f, const struct unit_stats *us)
{
	uint64_t cnt[FIO_LAT_ALL], total = us->v.s.c[SUM_TOTAL].ios;

	fio_lat_counts(&fio_clat(&us->v)->h[SUM_TOTAL], cnt);	/* fio's, from clat */
	show_lat_map(f, cnt, FIO_LAT_N, total, "nsec");
	show_lat_map(f, cnt + FIO_LAT_N, FIO_LAT_U, total, "usec");
	show_lat_map(f, cnt + FIO_LAT_N + FIO_LAT_U, FIO_LAT_M, total, "msec");
}

/* The fsyncs: fio's sync block, without its percentiles (iobench keeps no sync histogram). */
static void show_syncs(FILE *f, const struct unit_stats *us)
{
	const struct sync_counts *y = &us->v.s.syncs;
	struct io_counts c = { .ios = y->n, .lat_sum = y->lat_sum, .lat_min = y->lat_min,
			       .lat_max = y->lat_max, .lat_sq = y->lat_sq };

	if (!y->n)
		return;
	fputs("  fsync/fdatasync/sync_file_range:\n", f);
	display_lat(f, "sync", &c);
}

/* The IO depths, submit and complete lines: known exactly at iodepth 1 only. */
static void show_depths(FILE *f, const struct unit_stats *us)
{
	if (!fio_depth_one(us->w, us->u->j0, us->u->j1))
		return;		/* iobench does not sample the depth (nor does fio-json list it) */
	fputs("  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
	      "     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
	      "     complete  : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n", f);
}

/* fio's show_thread_status_normal(): one unit's block. */
static void show_unit_normal(FILE *f, const struct unit_stats *us, const char *when)
{
	const struct job_spec *js = &us->w->jobs[us->u->j0];
	const struct pace_spec *ps;
	int err = us->v.err;
	double usr, sys;

	if (!us->v.s.c[SUM_TOTAL].bytes && !us->v.s.c[SUM_TOTAL].ios)
		return;
	if (!err)
		fprintf(f, "%s: (groupid=%u, jobs=%u): err=%2d: pid=%u: %s\n", js->name, js->group,
			us->members, err, us->res->pid, when);
	else
		fprintf(f, "%s: (groupid=%u, jobs=%u): err=%2d (%s): pid=%u: %s\n", js->name,
			js->group, us->members, err, us->res->error, us->res->pid, when);
	if (js->description && *js->description)
		fprintf(f, "  Description  : [%s]\n", js->description);
	show_dir(f, us, SUM_READ);
	show_dir(f, us, SUM_WRITE);
	show_dir(f, us, SUM_TRIM);
	show_latencies(f, us);
	show_syncs(f, us);
	fio_cpu_pct(us->res, &usr, &sys);
	fprintf(f, "  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%llu, majf=%llu, minf=%llu\n",
		usr, sys, (unsigned long long)us->res->proc_ctx,
		(unsigned long long)us->res->proc_majflt, (unsigned long long)us->res->proc_minflt);
	show_depths(f, us);
	fprintf(f, "     issued rwts: total=%llu,%llu,%llu,0 short=0,0,0,0 dropped=0,0,0,0\n",
		(unsigned long long)us->v.s.c[SUM_READ].ios, (unsigned long long)us->v.s.c[SUM_WRITE].ios,
		(unsigned long long)us->v.s.c[SUM_TRIM].ios);
	if (us->w->continue_on_error) {
		uint64_t n = us->v.errs;
		int first = n ? us->v.err : 0;

		fprintf(f, "     errors    : total=%llu, first_error=%d/<%s>\n", (unsigned long long)n,
			first, strerror(first));
	}
	/* fio's latency_target line: target ns, window us, the depth found (else the iodepth) */
	ps = &us->w->jobs[us->u->j1 - 1].pace;
	fprintf(f, "     latency   : target=%llu, window=%llu, percentile=%.2f%%, depth=%u\n",
		(unsigned long long)ps->lat_target_ns, (unsigned long long)(ps->lat_window_ns / 1000),
		100.0 - ps->lat_over_pct, fio_latency_depth(us->w, us->res, us->u));
}

/* fio's show_group_stats(): the group's READ and WRITE lines. */
static void show_group(FILE *f, const struct fio_group *gs)
{
	static const char *const names[] = { "   READ", "  WRITE", "   TRIM" };
	bool i2p = gs->kb_base == 1024;

	fprintf(f, "\nRun status group %u (all jobs):\n", gs->groupid);
	for (int d = 0; d < 3; d++) {
		char ag[32], aga[32], mn[32], mna[32], mx[32], mxa[32], io[32], ioa[32];

		if (!gs->max_run[d])
			continue;
		fprintf(f, "%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%llu-%llumsec\n", names[d],
			num2str(ag, 32, gs->agg[d], SIG_FIGS, i2p, N2S_BYTEPERSEC),
			num2str(aga, 32, gs->agg[d], SIG_FIGS, !i2p, N2S_BYTEPERSEC),
			num2str(mn, 32, gs->min_bw[d], SIG_FIGS, i2p, N2S_BYTEPERSEC),
			num2str(mx, 32, gs->max_bw[d], SIG_FIGS, i2p, N2S_BYTEPERSEC),
			num2str(mna, 32, gs->min_bw[d], SIG_FIGS, !i2p, N2S_BYTEPERSEC),
			num2str(mxa, 32, gs->max_bw[d], SIG_FIGS, !i2p, N2S_BYTEPERSEC),
			num2str(io, 32, gs->iobytes[d], SIG_FIGS, i2p, N2S_BYTE),
			num2str(ioa, 32, gs->iobytes[d], SIG_FIGS, !i2p, N2S_BYTE),
			(unsigned long long)gs->min_run[d], (unsigned long long)gs->max_run[d]);
	}
}

/* fio's print_disk_util(), normal (terse: the ;-fields). */
static void show_disk(FILE *f, const struct fio_disk *d, bool terse)
{
	fprintf(f, terse ? ";%s;%llu;%llu;%llu;%llu;%llu;%llu;%llu;%3.2f%%" :
		"  %s: ios=%llu/%llu, merge=%llu/%llu, ticks=%llu/%llu, in_queue=%llu, util=%3.2f%%\n",
		d->name, (unsigned long long)d->d.rd_ios, (unsigned long long)d->d.wr_ios,
		(unsigned long long)d->d.rd_merges, (unsigned long long)d->d.wr_merges,
		(unsigned long long)d->d.rd_ticks, (unsigned long long)d->d.wr_ticks,
		(unsigned long long)d->d.time_in_queue, fio_disk_util(d));
}

/* ---- the reports ---- */

/* What both layouts need: the units, their groups' statistics, the devices, the time. */
struct fio_text {
	struct fio_unit *u;
	int nu;
	struct fio_group *gs;		/* one per group */
	struct fio_disk *disks;
	int ndisks;
	char when[64];			/* ctime's layout, without its newline */
	struct unit_stats *us;		/* scratch, one unit at a time */
};

static void text_release(struct fio_text *t)
{
	free(t->u);
	free(t->gs);
	free(t->disks);
	free(t->us);
}

static int text_build(struct fio_text *t, const struct workload *groups, const struct result *res,
		      unsigned ngroups)
{
	struct timespec now = fio_report_time(res, ngroups);

	memset(t, 0, sizeof(*t));
	report_oom = false;
	fio_time_text(now.tv_sec, t->when, sizeof(t->when));
	t->nu = fio_units(groups, res, ngroups, &t->u);
	t->ndisks = fio_disks(res, ngroups, &t->disks);
	t->gs = calloc(ngroups ? ngroups : 1, sizeof(*t->gs));
	t->us = malloc(sizeof(*t->us));
	if (t->nu < 0 || t->ndisks < 0 || !t->gs || !t->us)
		return -ENOMEM;
	for (unsigned g = 0; g < ngroups; g++)
		fio_group_stats(&t->gs[g], groups, res, ngroups, t->u, (unsigned)t->nu, g);
	return report_oom ? -ENOMEM : 0;
}

int report_fio_normal(FILE *f, const struct workload *groups, const struct result *res,
		      unsigned ngroups)
{
	struct fio_text t;
	int r = text_build(&t, groups, res, ngroups);

	if (r) {
		text_release(&t);
		return r;
	}
	fputc('\n', f);
	for (int i = 0; i < t.nu; i++) {
		unit_build(t.us, groups, res, ngroups, &t.u[i], &t.gs[t.u[i].g]);
		show_unit_normal(f, t.us, t.when);
	}
	for (unsigned g = 0; g < ngroups; g++)
		if (res[g].measured)
			show_group(f, &t.gs[g]);
	if (t.ndisks)
		fputs("\nDisk stats (read/write):\n", f);
	for (int i = 0; i < t.ndisks; i++)
		show_disk(f, &t.disks[i], false);
	text_release(&t);
	return ferror(f) ? -EIO : 0;
}

/* ---- terse ---- */

/* A latency's ;min;max;mean;dev in usec (zeros without samples), as fio's terse fields. */
static void terse_lat(FILE *f, const struct io_counts *c)
{
	if (c->ios)
		fprintf(f, ";%llu;%llu;%f;%f", (unsigned long long)c->lat_min / 1000,
			(unsigned long long)c->lat_max / 1000, counts_lat_mean(c) / 1000,
			counts_lat_stddev(c) / 1000);
	else
		fprintf(f, ";%llu;%llu;%f;%f", 0ULL, 0ULL, 0.0, 0.0);
}

/* The windows' fields: bw min;max;per;mean;dev (version 5: samples and the iops ones too). */
static void terse_windows(FILE *f, const struct unit_stats *us, int d, int ver)
{
	struct fio_windows ws = { 0 };
	double p = 100.0;

	uint64_t agg = us->gs->agg[group_dir(d)];

	fio_windows(&ws, us->v.dres[view_dir(d)], us->u->j0, us->u->j1, us->u->thread, d);
	if (ws.n) {
		if (agg) {
			p = agg / 1024 ? ws.bw_mean * 100 / (double)(agg / 1024) : 100;
			p = p > 100.0 ? 100.0 : p;
		}
		fprintf(f, ";%llu;%llu;%f%%;%f;%f", (unsigned long long)ws.bw_min,
			(unsigned long long)ws.bw_max, p, ws.bw_mean, ws.bw_dev);
	} else {
		fprintf(f, ";%llu;%llu;%f%%;%f;%f", 0ULL, 0ULL, 0.0, 0.0, 0.0);
	}
	if (ver != 5)
		return;
	fprintf(f, ";%u", ws.n);
	if (ws.n)
		fprintf(f, ";%llu;%llu;%f;%f;%u", (unsigned long long)ws.io_min,
			(unsigned long long)ws.io_max, ws.io_mean, ws.io_dev, ws.n);
	else
		fprintf(f, ";%llu;%llu;%f;%f;%lu", 0ULL, 0ULL, 0.0, 0.0, 0UL);
}

/* fio's show_ddir_status_terse(): d is SUM_READ, SUM_WRITE or SUM_TRIM. */
static void terse_dir(FILE *f, const struct unit_stats *us, int d, int ver)
{
	const struct io_counts *c = &us->v.s.c[d];
	uint64_t run, pv[FIO_NPCTS] = { 0 };

	run = fio_runtime_ms(c, us->v.active[view_dir(d)]);
	fprintf(f, ";%llu;%llu;%llu;%llu", (unsigned long long)(c->bytes >> 10),
		(unsigned long long)(fio_bw(c, run) / 1024),
		(unsigned long long)(run ? 1000 * c->ios / run : 0), (unsigned long long)run);
	terse_lat(f, &us->v.lag.c[d]);			/* slat: paced, the lag; else none */
	terse_lat(f, &fio_clat(&us->v)->c[d]);		/* clat: fio-json's */
	unit_pcts(us, d, pv);
	for (unsigned i = 0; i < 20; i++) {	/* fio's FIO_IO_U_LIST_MAX_LEN */
		if (i < FIO_NPCTS)
			fprintf(f, ";%f%%=%llu", fio_pcts[i], (unsigned long long)pv[i] / 1000);
		else
			fputs(";0%=0", f);
	}
	terse_lat(f, c);
	terse_windows(f, us, d, ver);
}

/* fio's show_thread_status_terse_all(): one unit's line. */
static void show_unit_terse(FILE *f, const struct fio_text *t, const struct unit_stats *us, int ver)
{
	const struct job_spec *js = &us->w->jobs[us->u->j0];
	uint64_t cnt[FIO_LAT_ALL], total = us->v.s.c[SUM_TOTAL].ios, ns = 0;
	double usr, sys;

	if (ver == 2)
		fprintf(f, "2;%s;%u;%d", js->name, js->group, us->v.err);
	else
		fprintf(f, "%d;%s;%s;%u;%d", ver, "iobench-" IOBENCH_VERSION, js->name, js->group,
			us->v.err);
	terse_dir(f, us, SUM_READ, ver);
	terse_dir(f, us, SUM_WRITE, ver);
	if (ver == 2 || ver == 4 || ver == 5)
		terse_dir(f, us, SUM_TRIM, ver);
	fio_cpu_pct(us->res, &usr, &sys);
	fprintf(f, ";%f%%;%f%%;%llu;%llu;%llu", usr, sys, (unsigned long long)us->res->proc_ctx,
		(unsigned long long)us->res->proc_majflt, (unsigned long long)us->res->proc_minflt);
	/* the IO depths: known at iodepth 1 only; empty fields where iobench did not sample them */
	fputs(fio_depth_one(us->w, us->u->j0, us->u->j1) ?
	      ";100.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0.0%" : ";;;;;;;", f);
	fio_lat_counts(&fio_clat(&us->v)->h[SUM_TOTAL], cnt);
	for (unsigned i = 0; i < FIO_LAT_N; i++)
		ns += cnt[i];
	for (unsigned i = 0; i < FIO_LAT_U; i++)	/* fio's stat_calc_lat_nu: nsec into the first */
		fprintf(f, ";%3.2f%%", fio_lat_pct(cnt[FIO_LAT_N + i], total) +
			(!i && total ? 100.0 * (double)ns / (double)total : 0));
	for (unsigned i = 0; i < FIO_LAT_M; i++)
		fprintf(f, ";%3.2f%%", fio_lat_pct(cnt[FIO_LAT_N + FIO_LAT_U + i], total));
	for (int i = 0; ver >= 3 && i < t->ndisks; i++)
		show_disk(f, &t->disks[i], true);
	if (us->w->continue_on_error) {
		uint64_t n = us->v.errs;

		fprintf(f, ";%llu;%d", (unsigned long long)n, n ? us->v.err : 0);
	}
	if (js->description && *js->description)
		fprintf(f, "%s;%s", ver == 2 ? "\n" : "", js->description);
	fputc('\n', f);
}

int report_fio_terse(FILE *f, const struct workload *groups, const struct result *res,
		     unsigned ngroups, int version)
{
	struct fio_text t;
	int r = text_build(&t, groups, res, ngroups);

	if (r || version < 2 || version > 5) {
		text_release(&t);
		return r ? r : -EINVAL;
	}
	for (int i = 0; i < t.nu; i++) {
		unit_build(t.us, groups, res, ngroups, &t.u[i], &t.gs[t.u[i].g]);
		show_unit_terse(f, &t, t.us, version);
	}
	text_release(&t);
	return ferror(f) ? -EIO : 0;
}
