/* SPDX-License-Identifier: MIT */
/*
 * preset_grid.c: a preset's runs as its grid: a row per test, its read and
 * write MB/s, IOPS and latency mean and p99, as a table or as JSON.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd/preset_grid.h"
#include "job/options.h"
#include "job/units.h"
#include "util/banned.h"

/* The row's cell of direction k: the figures of its last run that did I/O that way. */
static const struct series_point *cell(const struct series *s, unsigned row, int k)
{
	const struct series_point *got = NULL;

	for (unsigned i = 0; i < s->n; i++)
		if (s->pts[i].row == row && s->pts[i].ran && s->pts[i].f[k].ios)
			got = &s->pts[i];
	return got;
}

static const char *row_label(const struct series *s, unsigned row)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->pts[i].row == row)
			return s->pts[i].test;
	return "";
}

static unsigned nrows(const struct series *s)
{
	return s->n ? s->pts[s->n - 1].row + 1 : 0;
}

static void print_cell(const struct series_point *pt, int k)
{
	if (!pt)
		printf(" | %10s | %10s | %10s | %10s", "-", "-", "-", "-");
	else if (pt->partial)
		printf(" | %9.2f* | %9.0f* | %9.1f* | %9.1f*", pt->f[k].mbps, pt->f[k].iops,
		       pt->f[k].mean_us, pt->f[k].p99_us);
	else
		printf(" | %10.2f | %10.0f | %10.1f | %10.1f", pt->f[k].mbps, pt->f[k].iops,
		       pt->f[k].mean_us, pt->f[k].p99_us);
}

/* The first run's caching, as the header names it: what its target was opened with. */
static const char *caching_name(const struct series *s)
{
	unsigned c = 0;

	for (unsigned i = 0; i < s->n && !c; i++)
		if (s->pts[i].w.ntargets)
			c = s->pts[i].w.targets[0].cache | 0x100;
	c &= CACHE_DIRECT | CACHE_WRITE_THROUGH;
	return c == (CACHE_DIRECT | CACHE_WRITE_THROUGH) ? "O_DIRECT|O_DSYNC" :
	       c == CACHE_DIRECT ? "O_DIRECT" : c == CACHE_WRITE_THROUGH ? "O_DSYNC" : "buffered";
}

void preset_print_grid(const struct preset_opts *o, const struct series *s, unsigned skipped)
{
	char size[32];
	int wid = 12;
	bool partial = false;

	for (unsigned r = 0; r < nrows(s); r++) {
		int n = (int)strlen(row_label(s, r));

		if (n > wid)
			wid = n;
	}
	format_size(size, sizeof(size), o->size);
	if (o->front == FRONT_QUICK)
		printf("iobench quick suite: ");
	else
		printf("iobench preset %s: ", o->p->name);
	printf("%s (%s%s%s, ", o->paths[0], o->ntargets > 1 ? "and others, " : "", size,
	       o->device[0] ? " range of the device" : o->from_free ? " test file, the free space" :
	       " test file");
	if (o->p->grow)
		printf("one pass a run");
	else
		printf("%.9g s per run", (double)o->duration_ns / 1e9);
	printf(", %s, %s)\n\n", caching_name(s), s->n && s->pts[0].res.engine[0] ?
	       s->pts[0].res.engine : "no engine ran");
	printf("%-*s | %10s | %10s | %10s | %10s | %10s | %10s | %10s | %10s\n", wid, "test",
	       "read MB/s", "read IOPS", "read mean", "read p99", "write MB/s", "write IOPS",
	       "write mean", "write p99");
	for (int i = 0; i < wid + 8 * 13; i++)
		putchar('-');
	putchar('\n');
	for (unsigned r = 0; r < nrows(s); r++) {
		const struct series_point *rd = cell(s, r, FIG_READ), *wr = cell(s, r, FIG_WRITE);

		printf("%-*s", wid, row_label(s, r));
		print_cell(rd, FIG_READ);
		print_cell(wr, FIG_WRITE);
		printf("\n");
		partial |= (rd && rd->partial) || (wr && wr->partial);
	}
	printf("\nMB/s = 10^6 bytes/s%s; mean and p99: latency in microseconds.\n",
	       o->p->grow ? " over the whole pass, as dd prints it" :
	       o->front == FRONT_QUICK ? ", as CrystalDiskMark" : "");
	if (partial)
		printf("* PARTIAL: the test was interrupted or stopped before its time was up; "
		       "its figure covers only what it measured.\n");
	if (s->interrupted) {
		unsigned ran = 0;

		for (unsigned i = 0; i < s->n; i++)
			ran += s->pts[i].ran;
		printf("Interrupted: %u of the %u runs measured before Ctrl-C.\n", ran, s->planned);
	}
	if (skipped)
		printf("Write tests skipped: '%s' is a block device (--allow-device-write runs "
		       "them).\n", o->paths[0]);
	series_print_warnings(s);
}

json_t *preset_grid_json(const struct preset_opts *o, const struct series *s)
{
	json_t *x = json_object(), *info = json_object(), *rows = json_array();

	jput(info, "name", json_string(o->p->name));
	jput(info, "what", json_string(o->p->what));
	jput(info, "source", json_string(o->p->source));
	jput(info, "test_file", json_string(o->paths[0]));
	jput(info, "size", json_integer((json_int_t)o->size));
	jput(info, "size_from_free_space", json_boolean(o->from_free));
	jput(info, "one_pass", json_boolean(o->p->grow));
	jput(info, "duration_s", json_real(o->p->grow ? 0 : (double)o->duration_ns / 1e9));
	jput(info, "warmup_s", json_real(o->p->grow ? 0 : (double)o->warmup_ns / 1e9));
	jput(info, "pause_s", json_real((double)o->pause_ns / 1e9));
	jput(info, "fast", json_boolean(o->fast));
	for (unsigned r = 0; r < nrows(s); r++) {
		json_t *row = json_object();

		jput(row, "test", json_string(row_label(s, r)));
		for (int k = FIG_READ; k <= FIG_WRITE; k++) {
			const struct series_point *c = cell(s, r, k);
			json_t *v = json_null();

			if (c) {
				v = json_object();
				json_int_t at = 0;

				for (const struct series_point *q = s->pts; q < c; q++)
					at += q->ran;	/* its index among the points that ran */
				jput(v, "point", json_integer(at));
				jput(v, "partial", json_boolean(c->partial));
				jput(v, "mb_per_s", json_real(c->f[k].mbps));
				jput(v, "iops", json_real(c->f[k].iops));
				jput(v, "lat_mean_us", json_real(c->f[k].mean_us));
				jput(v, "lat_p99_us", json_real(c->f[k].p99_us));
			}
			jput(row, k == FIG_READ ? "read" : "write", v);
		}
		jappend(rows, row);
	}
	jput(x, "preset", info);
	jput(x, "grid", rows);
	return x;
}
