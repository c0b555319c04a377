/* SPDX-License-Identifier: MIT */
/* devcheck.c: comparing iobench's I/O with the device's counters (docs/device.md). */
#include <math.h>
#include <string.h>

#include "report/devcheck.h"
#include "report/summary.h"

static bool off(double a, double b)
{
	return b > 0 ? fabs(a - b) > DEVCHECK_TOLERANCE * b : a > 0;
}

static void note(struct devcheck *c, const char *why)
{
	for (unsigned i = 0; i < c->nnotes; i++)
		if (c->note[i] == why)
			return;
	if (c->nnotes < DEVCHECK_MAX_NOTES)
		c->note[c->nnotes++] = why;
}

/* The rules of docs/device.md, in the order of their likelihood. */
static void explain(struct devcheck *c)
{
	double dev_ios = (double)(c->d.rd_ios + c->d.wr_ios), app = (double)c->app_ios;
	double dev_bytes = 512.0 * (double)(c->d.rd_sectors + c->d.wr_sectors);
	double req = c->m.bytes_per_transfer;

	if (dev_ios < app * (1 - DEVCHECK_TOLERANCE)) {
		if (c->buffered)
			note(c, "page cache: buffered I/O was served from memory, not the device");
		if (c->d.rd_merges + c->d.wr_merges > 0)
			note(c, "merges: the block layer joined adjacent requests (rrqm/s, wrqm/s)");
		if (!c->buffered && !(c->d.rd_merges + c->d.wr_merges))
			note(c, "fewer device I/Os than iobench's: I/O absorbed above the device "
			     "(a write cache or a stacked driver)");
	} else if (dev_ios > app * (1 + DEVCHECK_TOLERANCE)) {
		if (c->info->max_sectors_kb > 0 &&
		    c->block_size > (uint64_t)c->info->max_sectors_kb * 1024)
			note(c, "splits: the block size is above the device's max_sectors_kb, so "
			     "each I/O became several requests");
		else
			note(c, "other I/O on the device: other processes, file-system journaling "
			     "or metadata, readahead");
		if (c->d.fl_ios && c->write_through)
			note(c, "journal commits and cache flushes caused by O_DSYNC writes (f/s)");
	}
	if (off(dev_bytes, (double)c->app_bytes) && dev_bytes > (double)c->app_bytes &&
	    c->buffered)
		note(c, "readahead or write-back: buffered I/O moved more bytes than asked");
	if (c->block_size && req > 0 && off(req, (double)c->block_size) &&
	    req > (double)c->block_size)
		note(c, "larger device requests than the block size: merges, readahead or "
		     "other I/O");
	if (c->m.sec_per_transfer > 0 && c->app_lat_ms > 0 &&
	    c->m.sec_per_transfer * 1e3 > c->app_lat_ms * (1 + DEVCHECK_TOLERANCE))
		note(c, "device await above iobench's latency: the counters include other I/O "
		     "or the two windows saw different I/Os");
}

static void add_app(struct devcheck *c, const struct workload *w, const struct run_result *res,
		    unsigned t)
{
	double lat_sum = c->app_lat_ms * (double)c->app_ios;
	uint64_t fixed;

	for (unsigned i = 0; i < res->nrows; i++) {
		const struct run_row *r = &res->rows[i];

		if (r->target != t)
			continue;
		for (int k = 0; k < 2; k++) {
			c->app_ios += r->c[k].ios;
			c->app_bytes += r->c[k].bytes;
			lat_sum += (double)r->c[k].lat_sum / 1e6;
		}
		c->app_qd += summary_achieved_qd(r);
	}
	c->app_lat_ms = c->app_ios ? lat_sum / (double)c->app_ios : 0;
	if (!(w->targets[t].cache & CACHE_DIRECT))
		c->buffered = true;
	if (w->targets[t].cache & CACHE_WRITE_THROUGH && w->targets[t].write_pct)
		c->write_through = true;
	/* one request size to compare with the device's, or 0 when iobench's vary */
	fixed = target_min_block(&w->targets[t]) == target_max_block(&w->targets[t]) ?
		target_max_block(&w->targets[t]) : 0;
	if (!c->ntargets++)
		c->block_size = fixed;
	else if (c->block_size != fixed)
		c->block_size = 0;
}

unsigned devcheck_build(const struct workload *w, const struct run_result *res,
			struct devcheck *out)
{
	unsigned n = 0;
	double secs = (double)res->test_ns / 1e9;

	for (unsigned t = 0; t < res->ntargets; t++) {
		const struct device_chain *ch = &res->targets[t].chain;
		struct devcheck *c = NULL;

		if (!ch->n)
			continue;
		for (unsigned i = 0; i < n; i++)
			if (out[i].info->major == ch->dev[0].major && out[i].info->minor == ch->dev[0].minor)
				c = &out[i];
		if (!c) {
			c = &out[n++];
			memset(c, 0, sizeof(*c));
			c->info = &ch->dev[0];
			c->sample = devwatch_find(res->devs, res->ndevs, c->info->major, c->info->minor);
			c->have = c->sample && c->sample->have_a && c->sample->have_b;
			if (c->have) {
				diskstats_delta(&c->sample->a, &c->sample->b, &c->d);
				diskstats_metrics(&c->d, secs, &c->m);
			}
			if (c->sample && c->sample->q_n) {
				c->q.have = true;
				c->q.avg = (double)c->sample->q_sum / (double)c->sample->q_n;
				c->q.min = c->sample->q_min;
				c->q.max = c->sample->q_max;
			}
		}
		add_app(c, w, res, t);
	}
	for (unsigned i = 0; i < n; i++)
		if (out[i].have)
			explain(&out[i]);
	return n;
}
