/* SPDX-License-Identifier: MIT */
/* verdict.c: warnings and the verdict (thresholds and sources in docs/verdict.md). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job/units.h"
#include "report/summary.h"
#include "report/verdict.h"
#include "report/hosts.h"
#include "util/banned.h"

#define SHORT_RUN_NS 5000000000ull
#define SHORT_RUN_IOS 1000
#define TOOL_BOUND 0.9		/* a thread this busy sets the pace itself */

static void warn(struct verdict *v, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void warn(struct verdict *v, const char *code, const char *fmt, ...)
{
	va_list ap;

	if (v->nwarn == VERDICT_MAX_WARNINGS)
		return;
	v->warn[v->nwarn].code = code;
	va_start(ap, fmt);
	vsnprintf(v->warn[v->nwarn].text, sizeof(v->warn[0].text), fmt, ap);
	va_end(ap);
	v->nwarn++;
}

static void cache_warnings(const struct workload *w, const struct result *res,
			   const struct devcheck *c, unsigned nc, struct verdict *v)
{
	/* the RAM of the host that ran it, as recorded then (not of this one, now) */
	uint64_t buffered_bytes = 0, ram = res->host.memory_bytes;
	bool buffered = false;

	for (unsigned t = 0; t < res->ntargets; t++) {
		if (res->targets[t].kind == TARGET_NULL || (w->targets[t].cache & CACHE_DIRECT) ||
		    w->targets[t].trim == TRIM_ONLY)	/* fio's trims: no page cache between */
			continue;
		buffered = true;
		buffered_bytes += facts_range(&res->targets[t], w->targets[t].base_offset);
	}
	for (unsigned i = 0; i < nc; i++) {
		uint64_t dev = c[i].d.rd_ios + c[i].d.wr_ios;
		uint64_t dev_bytes = 512 * (c[i].d.rd_sectors + c[i].d.wr_sectors);

		if (!c[i].have)
			continue;
		/* the same causes the cross-check names: one reading of the counters */
		if (c[i].causes & DC_PAGE_CACHE)
			warn(v, "page_cache", "page cache: %s saw %llu I/Os and %.1f%% of the bytes for "
			     "iobench's %llu: the rest came from (or stayed in) memory; use -Sh or -Su to "
			     "measure the device", c[i].info->name, (unsigned long long)dev,
			     c[i].app_bytes ? 100.0 * (double)dev_bytes / (double)c[i].app_bytes : 0,
			     (unsigned long long)c[i].app_ios);
		if (c[i].causes & DC_OTHER_IO)
			warn(v, "other_io", "other I/O on %s during the run: its counters show %llu I/Os "
			     "and %llu bytes for iobench's %llu and %llu, more than splits or a journal "
			     "explain", c[i].info->name, (unsigned long long)dev,
			     (unsigned long long)dev_bytes, (unsigned long long)c[i].app_ios,
			     (unsigned long long)c[i].app_bytes);
		if (c[i].causes & DC_SPLITS)
			warn(v, "split_io", "each %llu KiB I/O reached %s as %.2f requests (one request "
			     "takes at most %llu KiB: max_segments x a page, or max_sectors_kb): the "
			     "device's IOPS are that many times iobench's, its requests that much smaller",
			     (unsigned long long)c[i].block_size / 1024, c[i].info->name,
			     c[i].app_ios ? (double)dev / (double)c[i].app_ios : 0,
			     (unsigned long long)c[i].req_limit / 1024);
	}
	if (buffered && buffered_bytes < ram) {
		warn(v, "fits_in_ram", "buffered I/O on a data set of %.2f GiB, smaller than this "
		     "machine's %.1f GiB of RAM: reads can be served from the page cache",
		     (double)buffered_bytes / 1073741824.0, (double)ram / 1073741824.0);
	}
}

static void target_warnings(const struct workload *w, const struct result *res,
			    struct verdict *v)
{
	for (unsigned t = 0; t < res->ntargets; t++) {
		const struct target_facts *tg = &res->targets[t];
		const char *path = w->targets[t].path;
		uint64_t range = facts_range(tg, w->targets[t].base_offset);
		const char *comp = NULL;
		bool zram = false;

		if (tg->kind == TARGET_NULL)
			continue;
		for (unsigned i = 0; i < tg->chain.n; i++)
			zram |= !strcmp(tg->chain.dev[i].kind, "zram");
		if (zram)
			warn(v, "compressing_device", "'%s' is on zram, which compresses what it stores "
			     "and keeps same-filled pages without storing them: results depend on the "
			     "data%s", path, w->targets[t].buf == BUF_ZERO
			     ? "; -Z writes zeros, which zram does not even store" : "");
		if (!strcmp(tg->chain.fs_type, "btrfs") &&
		    ((comp = strstr(tg->chain.super_options, "compress")) || tg->compressed))
			warn(v, "compressing_fs", "'%s' is on a btrfs that compresses what it stores "
			     "(%.*s): the bytes reaching the device depend on the data%s", path,
			     comp ? (int)strcspn(comp, ",") : 23, comp ? comp : "the file is marked +c",
			     w->targets[t].buf == BUF_ZERO || w->targets[t].buf == BUF_PATTERN ||
			     w->targets[t].buf == BUF_SEQUENCE ||
			     w->targets[t].compress_pct ? "; these writes compress well, so they "
			     "measure the compressor more than the device" : "");
		if (tg->unbacked_known && tg->unbacked * 100 > range && w->targets[t].write_pct < 100)
			warn(v, "sparse_file", "%.1f%% of the range of '%s' is holes or unwritten "
			     "extents%s%s%s: reads of it return zeros without device I/O; %s",
			     100.0 * (double)tg->unbacked / (double)range, path,
			     tg->unbacked_backing ? " in its backing file '" : "",
			     tg->unbacked_backing ? tg->chain.dev[0].backing_file : "",
			     tg->unbacked_backing ? "'" : "",
			     tg->unbacked_backing ? "fill the device first (a -w100 pass over the range)"
						  : "recreate it with -c");
		/* which pages hold data zram does not say: any part of it unwritten may be read */
		if (tg->dev_stored_known && tg->dev_stored * 100 < tg->size * 99 &&
		    w->targets[t].write_pct < 100) {
			char held[32], r[32];

			format_bytes(held, sizeof(held), tg->dev_stored);
			format_bytes(r, sizeof(r), tg->size);
			warn(v, "unwritten_device", "'%s' (zram) held %s of data of its %s before the "
			     "run: a page never written (or discarded) reads back as zeros with nothing "
			     "to decompress, faster than any real page, and zram does not say which "
			     "pages those are; fill it first (a -w100 pass over the whole device)",
			     path, held, r);
		}
		if (tg->chain.n && w->targets[t].write_pct && (w->targets[t].cache & CACHE_DIRECT) &&
		    !(w->targets[t].cache & (CACHE_WRITE_THROUGH | CACHE_SYNC)) &&
		    !w->targets[t].fsync_every) {
			const struct blockdev_info *d = &tg->chain.dev[0];

			if (!strcmp(d->kind, "loop") && d->loop_dio == 0)
				warn(v, "write_cache", "%s writes into the page cache of its backing file "
				     "'%s': these writes, without O_DSYNC (-Sw/-Sh), are acknowledged from "
				     "memory, so they measure the cache, not the medium", d->name,
				     d->backing_file);
			else if (!strcmp(d->write_cache, "write back"))
				warn(v, "write_cache", "%s reports a volatile write cache (\"write back\") "
				     "and these writes carry no O_DSYNC (-Sw/-Sh), FUA or fsync: the device "
				     "may acknowledge them from its cache, so the figures may include cache "
				     "effects (most in short runs); -Sh measures writes that reached the medium",
				     d->name);
		}
		if (!tg->chain.n)
			warn(v, "no_device_data", "no device data for '%s' (%s): its figures cannot "
			     "be checked against the device", path, tg->chain.no_device);
	}
}

/* Whether a target is on zram, which does its work on the CPU that submits. */
static bool zram_target(const struct result *res)
{
	for (unsigned t = 0; t < res->ntargets; t++)
		if (res->targets[t].chain.n && !strcmp(res->targets[t].chain.dev[0].kind, "zram"))
			return true;
	return false;
}

/*
 * The null engine's model answers on its own clock: when the machine woke
 * iobench late to collect them (a busy or virtual machine), its latencies
 * include that, and a closed loop's IOPS fall with it: 5% of the mean or a
 * quarter of p99 is more than the model's figures can take.
 */
static void model_warning(const struct result *res, const struct summary *s, struct verdict *v)
{
	const struct model_late *l = &res->model_late;
	double mean = counts_lat_mean(&s->c[SUM_TOTAL]);
	double late = l->ios ? (double)l->sum_ns / (double)l->ios : 0;
	uint64_t p99 = summary_percentile(s, SUM_TOTAL, 99);

	if (l->ios && (late > mean * 0.05 || (double)l->p99_ns > (double)p99 * 0.25))
		warn(v, "model_late", "the null engine's model completed its I/Os on time, but "
		     "iobench collected them late (by %.1f us on average, %.1f us at p99, %.3f ms at "
		     "most): the machine was busy or its timers are slow, and the latencies (mean "
		     "%.1f us, p99 %.1f us) include that, as a closed loop's IOPS do; they are the "
		     "machine's figures more than the model's", late / 1e3, (double)l->p99_ns / 1e3,
		     (double)l->max_ns / 1e6, mean / 1e3, (double)p99 / 1e3);
}

static void run_warnings(const struct workload *w, const struct result *res,
			 const struct devcheck *c, unsigned nc, struct verdict *v)
{
	bool split = false;
	uint64_t ios = 0;

	for (unsigned i = 0; i < nc; i++)
		split |= (c[i].causes & DC_SPLITS) || (c[i].split_lo > 1);

	for (unsigned i = 0; i < res->nrows; i++)
		ios += res->rows[i].c[0].ios + res->rows[i].c[1].ios;
	if (res->measured) {	/* an open loop that could not keep its schedule */
		char why[200];

		if (summary_behind(res, why, sizeof(why)))
			warn(v, "behind_rate", "behind the rate: %s; the figures describe a "
			     "saturated device (or a busy machine), not the asked load", why);
	}
	if (res->measured && (res->test_ns < SHORT_RUN_NS || ios < SHORT_RUN_IOS))
		warn(v, "short_run", "the measured window was %.2f s with %llu I/Os: too short to "
		     "trust; measure 30 s or more after a warm-up", (double)res->test_ns / 1e9,
		     (unsigned long long)ios);
	if (res->measured && res->pauses)
		warn(v, "paused", "iobench was stopped (SIGSTOP or Ctrl-Z) for %.1f s in all while it "
		     "ran: I/Os in flight count the pause as latency, and IOPS and MiB/s include the "
		     "time it did nothing; measure again without stopping it",
		     (double)res->paused_ns / 1e9);
	/*
	 * --hipri polls: a busy thread is its way of waiting. The null engine's model
	 * spins out the end of each wait: that time is the modelled device's. On zram
	 * the kernel time of the thread is zram's own work: only its user time is
	 * iobench's.
	 */
	if (res->measured && !w->hipri && !w->null_lat_ns && !w->null_iops) {
		bool zram = zram_target(res);
		double busiest = -1;
		unsigned who = 0;

		for (unsigned i = 0; i < res->nrows; i++) {
			double b = zram ? res->rows[i].user_busy : res->rows[i].cpu_busy;

			if (b > busiest) {
				busiest = b;
				who = res->rows[i].thread;
			}
		}
		if (busiest >= TOOL_BOUND)
			warn(v, "tool_bound", "iobench's thread %u used %.0f%% of a CPU over the window: "
			     "it went as fast as iobench could, so the figures may be iobench's limit, "
			     "not the device's%s; spread the load over more threads (-t) or ask for "
			     "less per I/O", who, 100.0 * (busiest > 1 ? 1 : busiest),
			     zram ? " (in user time alone: zram's own work on the thread is not counted)" :
			     w->verify ? " (--verify formats and checks every block)" :
			     !strcmp(res->engine, "null") ?	/* (no model: see above) */
			     " (the null engine does no I/O: this is iobench's own speed)" : "");
	}
	if (res->measured && res->io_workers.confined && res->ncpus_pinned > 1)
		warn(v, "io_workers_pinned", "%u of io_uring's %u kernel worker threads could run on "
		     "one CPU only, the one their pinned thread runs on: they queue behind it (and "
		     "it behind them); -n leaves the threads, and so the workers, unpinned",
		     res->io_workers.confined, res->io_workers.threads);
	if (res->measured && w->warmup_ns == 0 && !w->count_based)
		warn(v, "no_warmup", "no warm-up (-W0): the first interval includes start-up");
	if (res->measured && res->io_workers.threads) {
		const char *blocking = NULL;

		for (unsigned t = 0; t < res->ntargets && !blocking; t++)
			if (res->targets[t].no_nowait)
				blocking = w->targets[t].path;
		warn(v, "io_workers", "io_uring handed I/Os to %u kernel worker thread%s (iou-wrk), "
		     "which used %.2f s of CPU in the run: %s%s%s, so each I/O passes through a "
		     "thread hand-off that the latency and CPU figures include; --engine=libaio or "
		     "psync submits directly", res->io_workers.threads,
		     res->io_workers.threads == 1 ? "" : "s", res->io_workers.cpu_s,
		     blocking ? "'" : "", blocking ? blocking : "a target",
		     blocking ? "' takes no non-blocking I/O (iobench sends its I/Os to the workers "
				"at once, as fio's force_async would)" : split ? " has I/Os larger than one "
				"request to its device may be, and an I/O the block layer must split cannot "
				"be issued without blocking" : " could not take some I/Os without "
				"blocking (a full device queue, or buffered writes)");
	}
}

/* A device class: the figures below `below` resemble `name`. Tables run lowest first. */
struct device_class {
	double below;
	const char *name;
};

/* Device classes by the IOPS of small random I/O (docs/verdict.md). */
static const struct device_class iops_classes[] = {
	{ 110, "one 7,200 rpm HDD (about 75-100 IOPS)" },
	{ 160, "one 10,000 rpm HDD (about 125-150 IOPS)" },
	{ 300, "one 15,000 rpm HDD (about 175-210 IOPS)" },
	{ 3500, "a few HDDs, or a small cloud volume (Azure Standard HDD up to 2,000 IOPS, "
		"AWS gp3 baseline 3,000)" },
	{ 25000, "a provisioned cloud SSD volume (AWS gp3 up to 16,000 IOPS, Azure Premium SSD "
		 "up to 20,000)" },
	{ 120000, "a SATA SSD (about 98,000 random-read IOPS at QD32, e.g. Samsung 870 EVO)" },
	{ 600000, "a PCIe 3.0 NVMe SSD (about 370,000-500,000 IOPS, e.g. Samsung 970 PRO)" },
	{ 1e18, "a PCIe 4.0 NVMe SSD or faster (about 1.2 million IOPS, e.g. Samsung 990 PRO), "
		"or RAM" },
};

/* Sequential MB/s classes (10^6 B/s). */
static const struct device_class mbs_classes[] = {
	{ 300, "an HDD (about 100-250 MB/s sequential)" },
	{ 700, "a SATA SSD (about 530-560 MB/s, the SATA limit)" },
	{ 4000, "a PCIe 3.0 NVMe SSD (up to about 3,500 MB/s)" },
	{ 1e18, "a PCIe 4.0 NVMe SSD or faster (about 7,000 MB/s)" },
};

/* The class of figure v; the last row of each table has no upper bound. */
static const char *class_of(const struct device_class *t, double v)
{
	while (v >= t->below)
		t++;
	return t->name;
}

static void judge_latency(const struct summary *s, struct verdict *v)
{
	v->mean_ms = counts_lat_mean(&s->c[SUM_TOTAL]) / 1e6;
	v->p99_ms = (double)summary_percentile(s, SUM_TOTAL, 99) / 1e6;
	if (v->rotational) {
		v->latency = v->mean_ms > 25 ? "critical" : v->mean_ms > 15 ? "warning" : "good";
		snprintf(v->latency_text, sizeof(v->latency_text),
			 "mean %.3f ms: %s for a rotational disk, as the device reports itself (over 15 ms is a warning, over 25 ms "
			 "the disk cannot keep up: PAL thresholds for Avg. Disk sec/Transfer)",
			 v->mean_ms, v->mean_ms > 25 ? "the disk cannot keep up" :
			 v->mean_ms > 15 ? "slow" : "good");
	} else {
		/* Microsoft's SQL Server guidance: under 10 ms very good, 10-20 okay, 20-50 slow,
		 * over 50 a serious I/O bottleneck (docs/verdict.md) */
		const char *word = v->mean_ms > 50 ? "a serious I/O bottleneck" :
				   v->mean_ms > 20 ? "slow, it needs attention" :
				   v->mean_ms > 10 ? "okay, not good" :
				   v->p99_ms > 50 ? "good on average, but 1% of I/Os take over 50 ms" :
				   "good";

		v->latency = v->mean_ms > 50 ? "critical" : v->mean_ms > 10 || v->p99_ms > 50 ?
			     "warning" : "good";
		snprintf(v->latency_text, sizeof(v->latency_text),
			 "mean %.3f ms, p99 %.3f ms: %s (under 10 ms on average is very good, 10-20 "
			 "okay, 20-50 slow, over 50 a serious bottleneck: Microsoft's SQL Server "
			 "guidance; a p99 over 50 ms is slow too)", v->mean_ms, v->p99_ms, word);
	}
}

static void judge_class(const struct workload *w, const struct result *res,
			const struct summary *s, struct verdict *v)
{
	double secs = (double)res->test_ns / 1e9;
	bool random = true, small = true;

	for (unsigned t = 0; t < w->ntargets; t++) {
		random &= w->targets[t].random_align != 0;
		small &= w->targets[t].block_size <= 65536;
	}
	v->iops = secs > 0 ? (double)s->c[SUM_TOTAL].ios / secs : 0;
	v->small_random = random && small;
	if (v->small_random) {
		snprintf(v->resembles, sizeof(v->resembles), "%.0f IOPS of small random I/O: the "
			 "class of %s", v->iops, class_of(iops_classes, v->iops));
	} else if (!random) {
		double mbs = secs > 0 ? (double)s->c[SUM_TOTAL].bytes / 1e6 / secs : 0;

		snprintf(v->resembles, sizeof(v->resembles), "%.1f MB/s of sequential I/O: the "
			 "class of %s", mbs, class_of(mbs_classes, mbs));
	} else {
		snprintf(v->resembles, sizeof(v->resembles), "random I/O of large blocks: compare "
			 "MB/s with the device's data sheet");
	}
	v->loads[0] = (struct app_load){ "Microsoft Exchange 2010, 5,000 mailboxes", 3750, false };
	v->loads[1] = (struct app_load){ "SQL Server at 3,500 transactions/s", 28000, false };
	v->loads[2] = (struct app_load){ "an application server for 10-100 users", 40, false };
	for (int i = 0; i < 3; i++)
		v->loads[i].carries = v->iops >= v->loads[i].iops;
}

/* Whether warning code was raised. */
static bool warned(const struct verdict *v, const char *code)
{
	for (unsigned i = 0; i < v->nwarn; i++)
		if (!strcmp(v->warn[i].code, code))
			return true;
	return false;
}

/*
 * Figures that came from memory (the page cache) or from a file system with
 * no device under it say nothing of a device: no device class, no latency
 * rule for one, no application loads.
 */
static void not_a_device(struct verdict *v)
{
	const char *why = warned(v, "page_cache") ?
		"the page cache served the I/Os (see the warnings): these are memory's figures" :
		warned(v, "tool_bound") ?
		"iobench's own thread was the limit (see the warnings): these are not the device's "
		"figures" :
		warned(v, "no_device_data") ?
		"no block device holds the target (see the warnings): these are its file system's "
		"figures" : NULL;

	if (!why)
		return;
	v->not_judged = why;
	v->latency = "not judged";
	snprintf(v->latency_text, sizeof(v->latency_text), "mean %.3f ms, p99 %.3f ms: not judged "
		 "against any device: %s", v->mean_ms, v->p99_ms, why);
	snprintf(v->resembles, sizeof(v->resembles), "none: %s", why);
	v->small_random = false;
	v->queue_flag = false;
	v->rotational = false;
}

/*
 * A merged result (MPI ranks): starts that may not line up (the clocks'
 * uncertainty plus how late a host woke, over 1 ms or 1% of an interval),
 * wall clocks apart, and hosts whose figures stand apart from the median host's.
 */
static void host_warnings(const struct result *res, struct verdict *v)
{
	struct hosts_summary hs;
	uint64_t bound = res->interval_ns / 100 < 1000000 ? res->interval_ns / 100 : 1000000;
	uint64_t skew = 0;
	unsigned worst = 0;

	if (res->nhosts < 2 || hosts_build(&hs, res))
		return;
	for (unsigned h = 0; h < res->nhosts; h++) {
		uint64_t e = res->hosts[h].clock_error_ns + res->hosts[h].start_late_ns;

		if (e > skew) {
			skew = e;
			worst = h;
		}
	}
	if (skew > bound)
		warn(v, "host_start_skew", "host %s may have started %.3f ms off the others (its "
		     "clock known to within %.3f ms, and it woke %.3f ms late): more than %s, so its "
		     "intervals do not quite line up with the others' in the merged series",
		     res->hosts[worst].name, (double)skew / 1e6,
		     (double)res->hosts[worst].clock_error_ns / 1e6,
		     (double)res->hosts[worst].start_late_ns / 1e6,
		     bound == 1000000 ? "1 ms" : "1% of an interval");
	if (hs.clock_sure_ns > bound)	/* an offset that is there, whatever its uncertainty */
		warn(v, "host_clock_offset", "host %s's wall clock is %.3f ms (+-%.3f) off rank 0's "
		     "(measured over MPI): the start was aligned on the measured offset, but "
		     "timestamps each host writes (logs) differ by that much; check NTP or chrony there",
		     res->hosts[hs.clock_sure_worst].name,
		     (double)hs.clock_sure_ns / 1e6 +
		     (double)res->hosts[hs.clock_sure_worst].clock_error_ns / 1e6,
		     (double)res->hosts[hs.clock_sure_worst].clock_error_ns / 1e6);
	for (unsigned h = 0; h < hs.n; h++)
		if (hs.f[h].apart)
			warn(v, "host_apart", "host %s (rank %u) stands apart: %.0f IOPS (%+.0f%% against "
			     "the median host's %.0f), p99 %.3f ms (%+.0f%%): the totals include it; "
			     "look at its device and load", res->hosts[h].name, res->hosts[h].rank,
			     hs.f[h].iops, hs.f[h].iops_off * 100, hs.median_iops,
			     (double)hs.f[h].p99_ns / 1e6, hs.f[h].p99_off * 100);
	hosts_free(&hs);
}

void verdict_build(const struct workload *w, const struct result *res,
		   const struct devcheck *c, unsigned nc, struct verdict *v, struct summary *s)
{

	memset(v, 0, sizeof(*v));
	v->queue_length = -1;
	cache_warnings(w, res, c, nc, v);
	target_warnings(w, res, v);
	run_warnings(w, res, c, nc, v);
	host_warnings(res, v);
	if (!res->measured || !res->nrows)
		return;
	summary_build(s, res, -1);
	if (!s->c[SUM_TOTAL].ios)
		return;
	v->measured = true;
	model_warning(res, s, v);
	for (unsigned i = 0; i < nc; i++) {
		if (c[i].info->rotational == 1)
			v->rotational = true;
		if (c[i].have && c[i].m.avg_queue_length > v->queue_length) {
			v->queue_length = c[i].m.avg_queue_length;
			/* split or cut I/Os sit in the device's queue as several requests each */
			v->queue_own = c[i].app_qd *
				       ((c[i].causes & (DC_SPLITS | DC_FRAGMENTS)) && c[i].app_ios ?
					(double)(c[i].d.rd_ios + c[i].d.wr_ios) / (double)c[i].app_ios : 1);
		}
	}
	/*
	 * One spindle is all iobench can know of; more behind a LUN lower the figure.
	 * The queue iobench keeps itself (-o) is what was asked for, not a finding:
	 * only what waits beyond it says the disk cannot keep up with other load.
	 */
	v->queue_flag = v->rotational && v->queue_length - v->queue_own * (1 + DEVCHECK_TOLERANCE)
			- 1 > 2;
	judge_latency(s, v);
	judge_class(w, res, s, v);
	not_a_device(v);
}
