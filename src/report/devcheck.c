/* SPDX-License-Identifier: MIT */
/* devcheck.c: comparing iobench's I/O with the device's counters (docs/device.md). */
#include <stdlib.h>
#include <string.h>

#include "platform/host.h"
#include "report/devcheck.h"
#include "report/summary.h"
#include "util/banned.h"

/*
 * The most bytes one request to d can carry, from its queue limits: at most
 * max_sectors_kb, and max_segments segments of a page each (buffers' pages
 * are not contiguous in memory) -- *lo -- or of max_segment_size each when
 * they are -- *hi. 0 when unknown. A larger I/O is split into several.
 */
static void request_limit(const struct blockdev_info *d, uint64_t *lo, uint64_t *hi)
{
	uint64_t sectors = d->max_sectors_kb > 0 ? (uint64_t)d->max_sectors_kb * 1024 : UINT64_MAX;
	uint64_t page = (uint64_t)host_page_size(), seg = page;

	*lo = *hi = sectors == UINT64_MAX ? 0 : sectors;
	if (d->max_segments <= 0)
		return;
	if (d->max_segment_size > 0 && (uint64_t)d->max_segment_size < page)
		seg = (uint64_t)d->max_segment_size;
	*lo = (uint64_t)d->max_segments * seg < sectors ? (uint64_t)d->max_segments * seg : sectors;
	seg = d->max_segment_size > 0 ? (uint64_t)d->max_segment_size : page;
	*hi = (uint64_t)d->max_segments * seg < sectors ? (uint64_t)d->max_segments * seg : sectors;
}

/* Causes named from more than one rule: one string each, since note() keeps a text once by address. */
static const char page_cache_msg[] = "page cache: buffered I/O was served from memory, not the device";
static const char holes_msg[] = "holes: reads of a file's holes or unwritten extents return zeros "
				"without device I/O";

static const char *other_io(const struct devcheck *c)
{
	return c->on_fs ? "I/O that is not iobench's: other processes or the file system's own "
			  "(journal, metadata); the counters cannot tell which"
			: "I/O that is not iobench's: other processes, or another partition of the "
			  "same disk";
}

static void note(struct devcheck *c, unsigned cause, const char *why)
{
	c->causes |= cause;
	for (unsigned i = 0; i < c->nnotes; i++)
		if (c->note[i] == why)
			return;
	if (c->nnotes < DEVCHECK_MAX_NOTES)
		c->note[c->nnotes++] = why;
}

/*
 * Whether the device's count is iobench's times a whole number k of requests
 * an I/O may become under the queue limits (within 5% of k, k >= 2).
 */
static bool split_explains(const struct devcheck *c, double dev_ios)
{
	double ratio = c->app_ios ? dev_ios / (double)c->app_ios : 0;
	double k = (double)(uint64_t)(ratio + 0.5);

	return k >= 2 && k >= (double)c->split_lo && k <= (double)c->split_hi &&
	       ratio >= k * (1 - DEVCHECK_TOLERANCE) && ratio <= k * (1 + DEVCHECK_TOLERANCE);
}

/* Whether the device moved iobench's bytes, within 5%. */
static bool same_bytes(const struct devcheck *c)
{
	double dev = 512.0 * (double)(c->d.rd_sectors + c->d.wr_sectors), app = (double)c->app_bytes;

	return app > 0 && dev >= app * (1 - DEVCHECK_TOLERANCE) && dev <= app * (1 + DEVCHECK_TOLERANCE);
}

/* The I/O count: fewer or more requests than iobench's I/Os. */
static void explain_count(struct devcheck *c)
{
	double dev = (double)(c->d.rd_ios + c->d.wr_ios), app = (double)c->app_ios;
	double dev_bytes = 512.0 * (double)(c->d.rd_sectors + c->d.wr_sectors);

	if (dev < app * (1 - DEVCHECK_TOLERANCE)) {
		if (c->buffered && dev_bytes >= (double)c->app_bytes * (1 - DEVCHECK_TOLERANCE))
			note(c, c->app_rw_ios[1] ? DC_WRITEBACK : DC_READAHEAD, c->app_rw_ios[1] ?
			     "write-back: the device got the buffered writes' bytes in fewer, larger "
			     "requests" : "readahead: the device got the buffered reads' bytes in "
			     "fewer, larger requests");
		else if (c->buffered)
			note(c, DC_PAGE_CACHE, page_cache_msg);
		else if (c->d.rd_merges + c->d.wr_merges > 0)
			note(c, DC_MERGES, "merges: the block layer joined adjacent requests (rrqm/s, "
			     "wrqm/s)");
		else if (c->holes)
			note(c, DC_HOLES, holes_msg);
		else if (c->compressing)
			note(c, DC_COMPRESSION, "compression: the file system stores what it writes in "
			     "fewer, compressed extents");
		else
			note(c, DC_UNEXPLAINED, "unexplained: fewer device I/Os than iobench's, and no "
			     "cause iobench can see (page cache, merges, holes, compression)");
	} else if (dev > app * (1 + DEVCHECK_TOLERANCE)) {
		if (!c->buffered && split_explains(c, dev))
			note(c, DC_SPLITS, "splits: each I/O was larger than one request to the device "
			     "may be (max_segments pages, max_sectors_kb), so it became several");
		else if (c->write_through && c->on_fs && c->d.wr_ios > c->app_rw_ios[1])
			note(c, DC_JOURNAL, "the file system's journal: each synced write commits it "
			     "(f/s counts the cache flushes)");
		else if (c->buffered)
			note(c, c->app_rw_ios[1] ? DC_WRITEBACK : DC_READAHEAD, c->app_rw_ios[1] ?
			     "write-back and readahead: buffered I/O reaches the device in its own "
			     "requests" : "readahead: buffered reads fetched more than was asked");
		else if (same_bytes(c) && c->pieces &&
			 dev <= app * c->pieces * (double)c->split_hi * (1 + DEVCHECK_TOLERANCE))
			/* iobench's bytes, in as many pieces as the file's extents cut them into */
			note(c, DC_FRAGMENTS, "the file's extents: a direct I/O is cut where an extent "
			     "of the file ends, so iobench's bytes reached the device in more, smaller "
			     "requests");
		else if (same_bytes(c))
			note(c, DC_UNEXPLAINED, "unexplained: more, smaller device requests carrying "
			     "about iobench's bytes: splits at boundaries the queue limits do not show, "
			     "or other small I/O; the counters cannot tell which");
		else
			note(c, DC_OTHER_IO, other_io(c));
	}
}

/* The bytes, each direction apart: a direction moving fewer bytes is judged on its own. */
static void explain_bytes(struct devcheck *c)
{
	double dev[2] = { 512.0 * (double)c->d.rd_sectors, 512.0 * (double)c->d.wr_sectors };

	for (int k = 0; k < 2; k++) {
		double app = (double)c->app_rw_bytes[k];

		if (!app)
			continue;
		if (dev[k] < app * (1 - DEVCHECK_TOLERANCE)) {
			if (c->buffered)
				note(c, DC_PAGE_CACHE, k ? "page cache: the writes were still in memory, "
				     "not yet written back to the device" : page_cache_msg);
			else if (k == 0 && c->holes)
				note(c, DC_HOLES, holes_msg);
			else if (k == 1 && c->compressing)
				note(c, DC_COMPRESSION, "compression: the file system wrote fewer bytes "
				     "than it was given");
			else if (!(c->causes & DC_MERGES))
				note(c, DC_UNEXPLAINED, "unexplained: the device moved fewer bytes than "
				     "iobench did, and no cause iobench can see explains it");
		} else if (dev[k] > app * (1 + DEVCHECK_TOLERANCE)) {
			if (c->buffered)
				note(c, k ? DC_WRITEBACK : DC_READAHEAD, k ? "write-back: earlier buffered "
				     "writes reached the device in this window" : "readahead: buffered reads "
				     "fetched more than was asked");
			else if (k == 1 && c->write_through && c->on_fs)
				note(c, DC_JOURNAL, "the file system's journal: each O_DSYNC write commits "
				     "it (f/s counts the cache flushes)");
			else
				note(c, DC_OTHER_IO, other_io(c));
		}
	}
}

/* The rules of docs/device.md: every gap over 5% gets its cause, or "unexplained". */
static void explain(struct devcheck *c)
{
	double req = c->m.bytes_per_transfer;

	explain_count(c);
	explain_bytes(c);
	if (c->block_size && req > 0 && req > (double)c->block_size * (1 + DEVCHECK_TOLERANCE) &&
	    !(c->causes & (DC_MERGES | DC_READAHEAD | DC_WRITEBACK | DC_OTHER_IO | DC_JOURNAL))) {
		if (c->buffered)	/* the page cache reads ahead and writes back in its own sizes */
			note(c, c->app_rw_ios[1] ? DC_WRITEBACK : DC_READAHEAD, c->app_rw_ios[1] ?
			     "write-back: buffered writes reach the device in the page cache's own "
			     "requests" : "readahead: buffered reads reach the device in readahead-"
			     "sized requests");
		else
			note(c, DC_UNEXPLAINED, "unexplained: device requests larger than iobench's "
			     "blocks");
	}
	if (c->block_size && req > 0 && req < (double)c->block_size * (1 - DEVCHECK_TOLERANCE) &&
	    !(c->causes & (DC_SPLITS | DC_FRAGMENTS | DC_OTHER_IO | DC_JOURNAL | DC_PAGE_CACHE | DC_UNEXPLAINED |
			   DC_WRITEBACK | DC_COMPRESSION)))
		note(c, DC_UNEXPLAINED, "unexplained: device requests smaller than iobench's blocks");
	if (c->m.sec_per_transfer > 0 && c->app_lat_ms > 0 &&
	    c->m.sec_per_transfer * 1e3 > c->app_lat_ms * (1 + DEVCHECK_TOLERANCE)) {
		if (c->buffered)
			note(c, DC_CACHE_HITS, "page-cache hits: iobench's mean latency counts the I/Os "
			     "memory served at once, the device's await only those it saw");
		else if (!(c->causes & (DC_OTHER_IO | DC_JOURNAL | DC_WRITEBACK)))
			/* (with other I/O, the device's await includes it: explained above) */
			note(c, DC_UNEXPLAINED, "unexplained: device await above iobench's own latency "
			     "(its own I/Os cannot take longer on the device than they took in all)");
	}
}

static void add_app(struct devcheck *c, const struct workload *w, const struct result *res,
		    unsigned t)
{
	const struct target_facts *tg = &res->targets[t];
	double lat_sum = c->app_lat_ms * (double)c->app_ios;
	uint64_t fixed, range = facts_range(tg, w->targets[t].base_offset);

	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		if (r->target != t)
			continue;
		for (int k = 0; k < 2; k++) {
			if (summary_kind(r, k) == SUM_TRIM)	/* fio's trims: discards, not reads */
				continue;
			c->app_ios += r->c[k].ios;
			c->app_bytes += r->c[k].bytes;
			c->app_rw_ios[k] += r->c[k].ios;
			c->app_rw_bytes[k] += r->c[k].bytes;
			lat_sum += (double)r->c[k].lat_sum / 1e6;
		}
		c->app_qd += summary_achieved_qd(r);
	}
	c->app_lat_ms = c->app_ios ? lat_sum / (double)c->app_ios : 0;
	if (!(w->targets[t].cache & CACHE_DIRECT) && w->targets[t].trim != TRIM_ONLY)
		c->buffered = true;
	if ((w->targets[t].cache & (CACHE_WRITE_THROUGH | CACHE_SYNC) || w->targets[t].fsync_every) &&
	    w->targets[t].write_pct)
		c->write_through = true;	/* O_DSYNC, O_SYNC, or fio's fsync=N */
	c->on_fs |= tg->kind == TARGET_FILE;
	c->compressing |= !strcmp(tg->chain.fs_type, "btrfs") &&
			  (strstr(tg->chain.super_options, "compress") || tg->compressed);
	c->holes |= tg->unbacked_known && tg->unbacked * 100 > range;
	/* the most pieces a direct I/O of the file's can be cut into by its extents */
	if (tg->kind == TARGET_FILE && tg->extents > 1) {
		uint64_t mean = range / tg->extents;
		double pieces = mean ? 1.0 + (double)target_max_block(&w->targets[t]) / (double)mean
				     : 1.0;

		if (pieces > c->pieces)
			c->pieces = pieces;
	}
	/* one request size to compare with the device's, or 0 when iobench's vary */
	fixed = target_min_block(&w->targets[t]) == target_max_block(&w->targets[t]) ?
		target_max_block(&w->targets[t]) : 0;
	if (!c->ntargets++)
		c->block_size = fixed;
	else if (c->block_size != fixed)
		c->block_size = 0;
}

/* How many requests each I/O becomes: from the device's queue limits (device.h). */
static void split_range(struct devcheck *c)
{
	uint64_t lo, hi;

	request_limit(c->info, &lo, &hi);
	c->req_limit = lo;
	if (!c->block_size || !lo) {
		c->split_lo = c->split_hi = 1;
		return;
	}
	c->split_lo = (c->block_size + hi - 1) / hi;
	c->split_hi = (c->block_size + lo - 1) / lo;
}

unsigned devcheck_build(const struct workload *w, const struct result *res,
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
			/* a device that does not count (queue/iostats 0; zram counts anyway) has no counters */
			c->have = c->sample && c->sample->have_a && c->sample->have_b &&
				  (c->info->iostats != 0 || !strcmp(c->info->kind, "zram"));
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
	for (unsigned i = 0; i < n; i++) {
		split_range(&out[i]);
		if (out[i].have)
			explain(&out[i]);
	}
	return n;
}

/*
 * b's I/O added to a: one device of one machine, which several ranks' targets
 * are on (its counters, counted once, are a's).
 */
static void add_rank(struct devcheck *a, const struct devcheck *b)
{
	double lat = a->app_lat_ms * (double)a->app_ios + b->app_lat_ms * (double)b->app_ios;

	a->app_ios += b->app_ios;
	a->app_bytes += b->app_bytes;
	for (int k = 0; k < 2; k++) {
		a->app_rw_ios[k] += b->app_rw_ios[k];
		a->app_rw_bytes[k] += b->app_rw_bytes[k];
	}
	a->app_lat_ms = a->app_ios ? lat / (double)a->app_ios : 0;
	a->app_qd += b->app_qd;
	if (a->block_size != b->block_size)
		a->block_size = 0;
	a->ntargets += b->ntargets;
	a->buffered |= b->buffered;
	a->write_through |= b->write_through;
	a->on_fs |= b->on_fs;
	a->compressing |= b->compressing;
	a->holes |= b->holes;
	a->pieces = b->pieces > a->pieces ? b->pieces : a->pieces;
}

/* Whether a and b are one disk seen from two machines: its WWID, or its serial and model. */
static bool same_lun(const struct blockdev_info *a, const struct blockdev_info *b)
{
	if (strcmp(a->kind, "disk") || strcmp(b->kind, "disk"))
		return false;	/* a partition, dm, md, loop: local names */
	if (a->wwid[0] || b->wwid[0])
		return !strcmp(a->wwid, b->wwid);
	return a->serial[0] && !strcmp(a->serial, b->serial) && !strcmp(a->model, b->model);
}

/* Machine b's view of a LUN added to a's: its I/O, and its counters (each counts its own). */
static void add_machine(struct devcheck *a, const struct devcheck *b, double secs)
{
	struct diskstats_delta *x = &a->d;
	const struct diskstats_delta *y = &b->d;

	add_rank(a, b);
	a->machines += b->machines ? b->machines : 1;
	a->have = a->have && b->have;
	x->rd_ios += y->rd_ios, x->rd_merges += y->rd_merges;
	x->rd_sectors += y->rd_sectors, x->rd_ticks += y->rd_ticks;
	x->wr_ios += y->wr_ios, x->wr_merges += y->wr_merges;
	x->wr_sectors += y->wr_sectors, x->wr_ticks += y->wr_ticks;
	x->io_ticks += y->io_ticks, x->time_in_queue += y->time_in_queue;
	x->dc_ios += y->dc_ios, x->dc_merges += y->dc_merges;
	x->dc_sectors += y->dc_sectors, x->dc_ticks += y->dc_ticks;
	x->fl_ios += y->fl_ios, x->fl_ticks += y->fl_ticks;
	x->split_ios += y->split_ios, x->splits = x->splits && y->splits;
	a->d.reset |= b->d.reset;
	a->d.nfields = a->d.nfields < b->d.nfields ? a->d.nfields : b->d.nfields;
	if (a->have)
		diskstats_metrics(&a->d, secs, &a->m);
	a->q.have = a->q.have && b->q.have;
	a->q.avg += b->q.avg;
	a->q.min += b->q.min;
	a->q.max += b->q.max;
}

int devcheck_build_all(const struct workload *w, const struct result *res, struct devcheck **out)
{
	size_t room = (size_t)(res->ntargets ? res->ntargets : 1) * (res->nhosts ? res->nhosts : 1);
	struct devcheck *one = res->nhosts > 1 ? calloc(res->ntargets ? res->ntargets : 1,
							sizeof(*one)) : NULL;
	unsigned n = 0;

	*out = calloc(room, sizeof(**out));
	if (!*out || (res->nhosts > 1 && !one)) {
		free(*out);
		free(one);
		*out = NULL;
		return -1;
	}
	if (res->nhosts < 2) {
		n = devcheck_build(w, res, *out);
		for (unsigned i = 0; i < n; i++)
			(*out)[i].host = -1;
		return (int)n;
	}
	/* each rank's devices against its own I/O, then one entry a device of a machine */
	for (unsigned h = 0; h < res->nhosts; h++) {
		struct result view;
		unsigned k;

		result_host_view(res, h, &view);
		k = devcheck_build(w, &view, one);
		for (unsigned e = 0; e < k; e++) {
			struct devcheck *c = NULL;

			for (unsigned i = 0; i < n && !c; i++)
				if (result_same_machine(res, (unsigned)(*out)[i].host, h) &&
				    (*out)[i].info->major == one[e].info->major &&
				    (*out)[i].info->minor == one[e].info->minor)
					c = &(*out)[i];
			if (c) {
				add_rank(c, &one[e]);
			} else {
				c = &(*out)[n++];
				*c = one[e];
				c->host = (int)h;
			}
		}
	}
	/* one LUN that several machines see: one entry, their counters summed */
	for (unsigned i = 0; i < n; i++) {
		(*out)[i].machines = (*out)[i].machines ? (*out)[i].machines : 1;
		for (unsigned j = i + 1; j < n; j++) {
			if (result_same_machine(res, (unsigned)(*out)[i].host, (unsigned)(*out)[j].host) ||
			    !same_lun((*out)[i].info, (*out)[j].info))
				continue;
			add_machine(&(*out)[i], &(*out)[j], (double)res->test_ns / 1e9);
			memmove(&(*out)[j], &(*out)[j + 1], (n - j - 1) * sizeof(**out));
			n--;
			j--;
		}
	}
	for (unsigned i = 0; i < n; i++) {	/* the causes again, of all its ranks' I/O */
		struct devcheck *c = &(*out)[i];

		c->nnotes = 0;
		c->causes = 0;
		split_range(c);
		if (c->have)
			explain(c);
	}
	free(one);
	return (int)n;
}
