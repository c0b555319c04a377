/* SPDX-License-Identifier: MIT */
/* hosts.c: the hosts of a merged result side by side (hosts.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report/hosts.h"
#include "report/summary.h"
#include "util/banned.h"

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of v[0..n-1] (sorted in place). */
static double median(double *v, unsigned n)
{
	qsort(v, n, sizeof(*v), cmp_dbl);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int hosts_build(struct hosts_summary *s, const struct result *res)
{
	struct summary *sum = malloc(sizeof(*sum));
	double *v = calloc(res->nhosts ? res->nhosts : 1, sizeof(*v));
	unsigned m = 0;	/* the hosts with figures */

	memset(s, 0, sizeof(*s));
	s->f = calloc(res->nhosts ? res->nhosts : 1, sizeof(*s->f));
	if (!sum || !v || !s->f) {
		free(sum);
		free(v);
		free(s->f);
		s->f = NULL;
		return -ENOMEM;
	}
	s->n = res->nhosts;
	for (unsigned h = 0; h < s->n; h++) {
		const struct result_host *o = &res->hosts[h];
		struct host_figs *f = &s->f[h];
		struct result view;
		double secs = (double)o->test_ns / 1e9;
		uint64_t wall = o->wall_offset_ns < 0 ? (uint64_t)-o->wall_offset_ns :
			(uint64_t)o->wall_offset_ns;

		result_host_view(res, h, &view);
		summary_build(sum, &view, -1);
		f->ios = sum->c[SUM_TOTAL].ios;
		f->bytes = sum->c[SUM_TOTAL].bytes;
		f->iops = secs > 0 ? (double)f->ios / secs : 0;
		f->mib_s = secs > 0 ? (double)f->bytes / 1048576.0 / secs : 0;
		f->lat_mean_ms = f->ios ? (double)sum->c[SUM_TOTAL].lat_sum / (double)f->ios / 1e6 : 0;
		f->p50_ns = summary_percentile(sum, SUM_TOTAL, 50);
		f->p99_ns = summary_percentile(sum, SUM_TOTAL, 99);
		f->max_ns = summary_percentile(sum, SUM_TOTAL, 100);
		f->done_ns = o->test_ns;
		if (!o->nrows)	/* a rank whose result did not come: in no comparison */
			continue;
		if (!res->hosts[s->first].nrows || f->done_ns < s->f[s->first].done_ns)
			s->first = h;
		if (!res->hosts[s->last].nrows || f->done_ns > s->f[s->last].done_ns)
			s->last = h;
		if (wall > s->clock_max_ns) {
			s->clock_max_ns = wall;
			s->clock_worst = h;
		}
		if (wall > o->clock_error_ns && wall - o->clock_error_ns > s->clock_sure_ns) {
			s->clock_sure_ns = wall - o->clock_error_ns;
			s->clock_sure_worst = h;
		}
		if (o->start_late_ns > s->late_max_ns)
			s->late_max_ns = o->start_late_ns;
	}
	for (unsigned h = 0; h < s->n; h++)
		if (res->hosts[h].nrows)
			v[m++] = s->f[h].iops;
	s->median_iops = m ? median(v, m) : 0;
	m = 0;
	for (unsigned h = 0; h < s->n; h++)
		if (res->hosts[h].nrows)
			v[m++] = (double)s->f[h].p99_ns;
	s->median_p99_ns = m ? (uint64_t)median(v, m) : 0;
	for (unsigned h = 0; h < s->n; h++) {
		struct host_figs *f = &s->f[h];

		if (!res->hosts[h].nrows)
			continue;
		f->iops_off = s->median_iops > 0 ? f->iops / s->median_iops - 1 : 0;
		f->p99_off = s->median_p99_ns ? (double)f->p99_ns / (double)s->median_p99_ns - 1 : 0;
		f->apart = m > 2 && (f->iops_off < -HOSTS_APART_IOPS || f->p99_off > HOSTS_APART_P99);
		s->napart += f->apart;
	}
	free(sum);
	free(v);
	return 0;
}

void hosts_free(struct hosts_summary *s)
{
	free(s->f);
	memset(s, 0, sizeof(*s));
}
