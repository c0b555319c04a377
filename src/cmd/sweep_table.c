/* SPDX-License-Identifier: MIT */
/*
 * sweep_table.c: a sweep's points as a table, as a matrix of the two axes
 * that vary, and as CSV.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/sweep_table.h"
#include "cmd/cmd.h"
#include "platform/outfile.h"
#include "util/banned.h"

void sweep_print_table(const struct sweep_opts *o, const struct series *s)
{
	bool partial = false;

	printf("%-7s | %5s | %7s | %6s | %12s | %10s | %10s | %9s | %9s | %9s | %9s\n", "bs", "qd",
	       "threads", "write", o->curve ? "offered" : "IOPS", o->curve ? "IOPS" : "MiB/s",
	       "MB/s", "mean us", "p50 us", "p99 us", "max us");
	for (int i = 0; i < 7 + 10 * 3 + 13 * 3 + 12 * 4 + (o->curve ? 2 : 0); i++)
		putchar('-');
	putchar('\n');
	for (unsigned i = 0; i < s->n; i++) {
		const struct series_point *p = &s->pts[i];
		const struct point_figs *f = &p->f[FIG_TOTAL];
		char b[16], first[16];

		if (!p->ran)
			continue;
		series_block_name(b, sizeof(b), p->p.block);
		if (o->curve && p->p.rate_iops > 0)
			snprintf(first, sizeof(first), "%.0f", p->p.rate_iops);
		else if (o->curve)
			snprintf(first, sizeof(first), "max (closed)");
		printf("%-7s | %5u | %7u | %5d%% | ", b, p->p.qd, p->p.threads, p->p.write_pct);
		if (o->curve)
			printf("%12s | %10.0f | ", first, f->iops);
		else
			printf("%10.0f | %10.2f | ", f->iops, f->mibs);
		printf("%10.2f | %9.1f | %9.1f | %9.1f | %9.1f%s\n", f->mbps, f->mean_us, f->p50_us,
		       f->p99_us, f->max_us, p->partial ? " *" : "");
		partial |= p->partial;
	}
	printf("\nMiB/s = 2^20 bytes/s, MB/s = 10^6 bytes/s; latencies in microseconds, reads "
	       "and writes together%s.\n", o->curve ? "; the rate-limited rows' are response "
	       "times, from each I/O's scheduled start; the first row of a curve is its maximum, "
	       "closed loop" : "");
	if (partial)
		printf("* PARTIAL: interrupted or stopped before its time was up.\n");
}

/* A value of the matrix's axis k (0: block sizes, as the table names them). */
static const char *axis_value(char *buf, size_t len, int k, uint64_t v)
{
	if (k == 0)
		series_block_name(buf, len, v);
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
	return buf;
}

/* The IOPS of two axes that vary, as a matrix: rows the first, columns the second. */
void sweep_print_matrix(const struct sweep_opts *o, const struct series *s)
{
	const struct axis *ax[4] = { &o->bs, &o->wr, &o->thr, &o->qd };
	const char *names[4] = { "bs", "write", "threads", "qd" };
	int a = -1, b = -1;

	for (int i = 0; i < 4; i++) {
		if (ax[i]->n > 1 && a < 0)
			a = i;
		else if (ax[i]->n > 1 && b < 0)
			b = i;
		else if (ax[i]->n > 1)
			return;	/* more than two: the table says it all */
	}
	if (a < 0 || b < 0 || o->search || o->curve)
		return;
	printf("\nIOPS, %s down, %s across:\n%10s", names[a], names[b], "");
	for (unsigned j = 0; j < ax[b]->n; j++) {
		char h[16];

		printf(" %10s", axis_value(h, sizeof(h), b, ax[b]->v[j]));
	}
	printf("\n");
	for (unsigned i = 0; i < ax[a]->n; i++) {
		char h[16];

		printf("%10s", axis_value(h, sizeof(h), a, ax[a]->v[i]));
		for (unsigned j = 0; j < ax[b]->n; j++) {
			/* the points are in the order sweep_combos() made them: b varies faster */
			unsigned idx = i * ax[b]->n + j;

			if (idx < s->n && s->pts[idx].ran)
				printf(" %10.0f", s->pts[idx].f[FIG_TOTAL].iops);
			else
				printf(" %10s", "-");
		}
		printf("\n");
	}
}

int sweep_write_csv(const char *path, const struct series *s)
{
	struct outfile out;
	char err[1024];
	int r = outfile_open(&out, path, err, sizeof(err));

	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		return EXIT_RUN_FAILED;
	}
	fprintf(out.f, "point,block_size,queue_depth,threads,write_pct,rate_iops,curve_pct,iops,"
		"mib_per_s,mb_per_s,lat_mean_us,lat_p50_us,lat_p99_us,lat_max_us,read_iops,"
		"write_iops,partial\n");
	for (unsigned i = 0, k = 0; i < s->n; i++) {
		const struct series_point *p = &s->pts[i];
		const struct point_figs *f = &p->f[FIG_TOTAL];

		if (!p->ran)
			continue;
		fprintf(out.f, "%u,%llu,%u,%u,%d,%.3f,%.3f,%.3f,%.6f,%.6f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d\n",
			k++, (unsigned long long)p->p.block, p->p.qd, p->p.threads, p->p.write_pct,
			p->p.rate_iops, p->p.curve_pct, f->iops, f->mibs, f->mbps, f->mean_us,
			f->p50_us, f->p99_us, f->max_us, p->f[FIG_READ].iops, p->f[FIG_WRITE].iops,
			p->partial);
	}
	r = outfile_commit(&out, err, sizeof(err));
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	return r ? EXIT_RUN_FAILED : 0;
}
