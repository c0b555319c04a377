/* SPDX-License-Identifier: MIT */
/*
 * csv.c: the per-interval series as CSV (RFC 4180), for spreadsheets and
 * plotting. Rates are over each interval's real length (the last one may be
 * shorter); latencies are in microseconds; an empty cell means no I/O.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/summary.h"
#include "util/banned.h"

static void csv_string(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_line(FILE *f, double t, const char *target, const char *thread,
		     const struct interval *iv, double secs)
{
	fprintf(f, "%.3f,", t);
	csv_string(f, target);
	fprintf(f, ",%s,%.2f,%.2f,%.3f,%.3f", thread, (double)iv->ios[0] / secs,
		(double)iv->ios[1] / secs, (double)iv->bytes[0] / 1048576.0 / secs,
		(double)iv->bytes[1] / 1048576.0 / secs);
	for (int k = 0; k < 2; k++) {
		if (iv->ios[k])
			fprintf(f, ",%.3f,%.3f", (double)iv->lat_sum[k] / (double)iv->ios[k] / 1e3,
				(double)iv->lat_max[k] / 1e3);
		else
			fprintf(f, ",,");
	}
	fputc('\n', f);
}

int report_series_csv(FILE *f, const struct workload *w, const struct result *res)
{
	struct interval *total = summary_series(res, -1);

	if (!total)
		return -ENOMEM;
	fprintf(f, "time_s,target,thread,read_iops,write_iops,read_mib_s,write_mib_s,"
		"read_lat_mean_us,read_lat_max_us,write_lat_mean_us,write_lat_max_us\n");
	for (unsigned k = 0; k < res->nintervals; k++) {
		uint64_t start = k * res->interval_ns;
		uint64_t end = start + res->interval_ns < res->test_ns ? start + res->interval_ns
									: res->test_ns;
		double secs = (double)(end - start) / 1e9;

		if (secs <= 0)
			break;
		for (unsigned i = 0; i < res->nrows; i++) {
			char thread[16];

			snprintf(thread, sizeof(thread), "%u", res->rows[i].thread);
			csv_line(f, (double)end / 1e9, w->targets[res->rows[i].target].path, thread,
				 &res->rows[i].series[k], secs);
		}
		csv_line(f, (double)end / 1e9, "all", "total", &total[k], secs);
	}
	free(total);
	return ferror(f) ? -EIO : 0;
}
