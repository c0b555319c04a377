/* SPDX-License-Identifier: MIT */
/*
 * diskstats.c: parsing /proc/diskstats and sysstat's and Perfmon's formulas
 * (see docs/device.md for each formula and its source).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor/diskstats.h"
#include "util/banned.h"

#define MAX_FIELDS 20

int diskstats_parse_line(const char *line, struct diskstats *d)
{
	uint64_t f[MAX_FIELDS + 1] = { 0 };
	unsigned n = 0;
	int used = 0;
	const char *p;

	memset(d, 0, sizeof(*d));
	if (sscanf(line, " %u %u %63s%n", &d->major, &d->minor, d->name, &used) != 3)
		return -EINVAL;
	for (p = line + used; n <= MAX_FIELDS;) {
		char *end;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '\n')
			break;
		if (*p < '0' || *p > '9')
			return -EINVAL;
		errno = 0;
		f[n++] = strtoull(p, &end, 10);
		if (errno)
			return -EINVAL;
		p = end;
	}
	if (n != 4 && n != 11 && n != 15 && n != 17 && n != 20)
		return -EINVAL;
	d->nfields = n;
	if (n == 4) {	/* 2.6 partitions: reads, read sectors, writes, write sectors */
		d->rd_ios = f[0];
		d->rd_sectors = f[1];
		d->wr_ios = f[2];
		d->wr_sectors = f[3];
		return 0;
	}
	d->rd_ios = f[0], d->rd_merges = f[1], d->rd_sectors = f[2], d->rd_ticks = (uint32_t)f[3];
	d->wr_ios = f[4], d->wr_merges = f[5], d->wr_sectors = f[6], d->wr_ticks = (uint32_t)f[7];
	d->in_flight = (uint32_t)f[8], d->io_ticks = (uint32_t)f[9];
	d->time_in_queue = (uint32_t)f[10];
	d->dc_ios = f[11], d->dc_merges = f[12], d->dc_sectors = f[13];
	d->dc_ticks = (uint32_t)f[14];
	d->fl_ios = f[15], d->fl_ticks = (uint32_t)f[16];
	return 0;
}

int diskstats_find(const char *text, unsigned major, unsigned minor, struct diskstats *d)
{
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n');
		unsigned ma, mi;

		if (sscanf(line, " %u %u", &ma, &mi) == 2 && ma == major && mi == minor) {
			char buf[512];
			size_t len = nl ? (size_t)(nl - line) : strlen(line);

			if (len >= sizeof(buf))
				return -EINVAL;
			memcpy(buf, line, len);
			buf[len] = 0;
			return diskstats_parse_line(buf, d);
		}
		line = nl ? nl + 1 : NULL;
	}
	return -ENOENT;
}

/* b - a for a count; flags a reset when it went down. */
static uint64_t count_delta(uint64_t a, uint64_t b, bool *reset)
{
	if (b < a) {
		*reset = true;
		return 0;
	}
	return b - a;
}

void diskstats_delta(const struct diskstats *a, const struct diskstats *b,
		     struct diskstats_delta *d)
{
	memset(d, 0, sizeof(*d));
	d->nfields = a->nfields < b->nfields ? a->nfields : b->nfields;
	d->rd_ios = count_delta(a->rd_ios, b->rd_ios, &d->reset);
	d->rd_merges = count_delta(a->rd_merges, b->rd_merges, &d->reset);
	d->rd_sectors = count_delta(a->rd_sectors, b->rd_sectors, &d->reset);
	d->wr_ios = count_delta(a->wr_ios, b->wr_ios, &d->reset);
	d->wr_merges = count_delta(a->wr_merges, b->wr_merges, &d->reset);
	d->wr_sectors = count_delta(a->wr_sectors, b->wr_sectors, &d->reset);
	d->dc_ios = count_delta(a->dc_ios, b->dc_ios, &d->reset);
	d->dc_merges = count_delta(a->dc_merges, b->dc_merges, &d->reset);
	d->dc_sectors = count_delta(a->dc_sectors, b->dc_sectors, &d->reset);
	d->fl_ios = count_delta(a->fl_ios, b->fl_ios, &d->reset);
	d->splits = a->splits && b->splits;
	d->split_ios = d->splits ? count_delta(a->split_ios, b->split_ios, &d->reset) : 0;
	/* 32-bit millisecond counters: unsigned subtraction is right across one wrap */
	d->rd_ticks = (uint32_t)(b->rd_ticks - a->rd_ticks);
	d->wr_ticks = (uint32_t)(b->wr_ticks - a->wr_ticks);
	d->io_ticks = (uint32_t)(b->io_ticks - a->io_ticks);
	d->time_in_queue = (uint32_t)(b->time_in_queue - a->time_in_queue);
	d->dc_ticks = (uint32_t)(b->dc_ticks - a->dc_ticks);
	d->fl_ticks = (uint32_t)(b->fl_ticks - a->fl_ticks);
}

static double ratio(double num, double den)
{
	return den > 0 ? num / den : -1;
}

void diskstats_metrics(const struct diskstats_delta *d, double secs, struct disk_metrics *m)
{
	double rd = (double)d->rd_ios, wr = (double)d->wr_ios;
	bool has_ticks = d->nfields >= 11, has_dc = d->nfields >= 15, has_fl = d->nfields >= 17;

	memset(m, 0, sizeof(*m));
	if (secs <= 0)
		secs = 1e-9;
	m->r_s = rd / secs;
	m->w_s = wr / secs;
	m->d_s = has_dc ? (double)d->dc_ios / secs : -1;
	m->f_s = has_fl ? (double)d->fl_ios / secs : -1;
	m->rkb_s = (double)d->rd_sectors / 2 / secs;
	m->wkb_s = (double)d->wr_sectors / 2 / secs;
	m->dkb_s = has_dc ? (double)d->dc_sectors / 2 / secs : -1;
	m->rrqm_s = has_ticks ? (double)d->rd_merges / secs : -1;
	m->wrqm_s = has_ticks ? (double)d->wr_merges / secs : -1;
	m->rrqm_pct = has_ticks ? (d->rd_merges + d->rd_ios ? 100.0 * (double)d->rd_merges /
				   (double)(d->rd_merges + d->rd_ios) : 0) : -1;
	m->wrqm_pct = has_ticks ? (d->wr_merges + d->wr_ios ? 100.0 * (double)d->wr_merges /
				   (double)(d->wr_merges + d->wr_ios) : 0) : -1;
	m->r_await = has_ticks ? ratio((double)d->rd_ticks, rd) : -1;
	m->w_await = has_ticks ? ratio((double)d->wr_ticks, wr) : -1;
	m->d_await = has_dc ? ratio((double)d->dc_ticks, (double)d->dc_ios) : -1;
	m->f_await = has_fl ? ratio((double)d->fl_ticks, (double)d->fl_ios) : -1;
	m->rareq_sz = ratio((double)d->rd_sectors / 2, rd);
	m->wareq_sz = ratio((double)d->wr_sectors / 2, wr);
	m->aqu_sz = has_ticks ? (double)d->time_in_queue / 1000.0 / secs : -1;
	m->util = has_ticks ? 100.0 * (double)d->io_ticks / 1000.0 / secs : -1;
	if (m->util > 100)
		m->util = 100;

	m->reads_s = m->r_s;
	m->writes_s = m->w_s;
	m->transfers_s = m->r_s + m->w_s;
	m->read_bytes_s = 512.0 * (double)d->rd_sectors / secs;
	m->write_bytes_s = 512.0 * (double)d->wr_sectors / secs;
	m->bytes_s = m->read_bytes_s + m->write_bytes_s;
	m->sec_per_read = has_ticks ? ratio((double)d->rd_ticks / 1000.0, rd) : -1;
	m->sec_per_write = has_ticks ? ratio((double)d->wr_ticks / 1000.0, wr) : -1;
	m->sec_per_transfer = has_ticks ? ratio((double)(d->rd_ticks + d->wr_ticks) / 1000.0,
						 rd + wr) : -1;
	m->bytes_per_read = ratio(512.0 * (double)d->rd_sectors, rd);
	m->bytes_per_write = ratio(512.0 * (double)d->wr_sectors, wr);
	m->bytes_per_transfer = ratio(512.0 * (double)(d->rd_sectors + d->wr_sectors), rd + wr);
	m->avg_read_queue_length = has_ticks ? (double)d->rd_ticks / 1000.0 / secs : -1;
	m->avg_write_queue_length = has_ticks ? (double)d->wr_ticks / 1000.0 / secs : -1;
	m->avg_queue_length = has_ticks ? (double)(d->rd_ticks + d->wr_ticks) / 1000.0 / secs : -1;
	m->idle_pct = has_ticks ? 100.0 - m->util : -1;
	m->split_s = d->splits ? (double)d->split_ios / secs : -1;
}
