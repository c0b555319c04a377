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

static void csv_line(FILE *f, int group, double t, const char *target, const char *thread,
		     const struct interval *iv, double secs)
{
	if (group > 0)
		fprintf(f, "%d,", group);
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

/* The lines of one result; group > 0 leads each with its group's number. */
static int series_lines(FILE *f, const struct workload *w, const struct result *res, int group)
{
	struct interval *total = summary_series(res, -1);

	if (!total)
		return -ENOMEM;
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
			csv_line(f, group, (double)end / 1e9, w->targets[res->rows[i].target].path,
				 thread, &res->rows[i].series[k], secs);
		}
		csv_line(f, group, (double)end / 1e9, "all", "total", &total[k], secs);
	}
	free(total);
	return 0;
}

static const char csv_header[] = "time_s,target,thread,read_iops,write_iops,read_mib_s,"
	"write_mib_s,read_lat_mean_us,read_lat_max_us,write_lat_mean_us,write_lat_max_us\n";

int report_series_csv(FILE *f, const struct workload *w, const struct result *res)
{
	struct interval *probe = summary_series(res, -1);	/* no header without the lines */

	if (!probe)
		return -ENOMEM;
	free(probe);
	fputs(csv_header, f);
	if (series_lines(f, w, res, -1))
		return -ENOMEM;
	return ferror(f) ? -EIO : 0;
}

int report_series_csv_groups(FILE *f, const struct workload *groups, const struct result *res,
			     unsigned n)
{
	fprintf(f, "group,%s", csv_header);
	for (unsigned g = 0; g < n; g++)
		if (series_lines(f, &groups[g], &res[g], (int)g + 1))
			return -ENOMEM;
	return ferror(f) ? -EIO : 0;
}
