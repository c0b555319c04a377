/* SPDX-License-Identifier: MIT */
/*
 * text_notes.c: the text report's warnings, verdict and closing notes
 * (text_notes.h).
 */
#include <stdio.h>
#include <string.h>

#include "report/summary.h"
#include "report/verdict.h"
#include "report/text_notes.h"
#include "util/banned.h"

void text_verdict(FILE *f, const struct verdict *v)
{
	if (v->nwarn) {
		fprintf(f, "Warnings\n");
		for (unsigned i = 0; i < v->nwarn; i++)
			fprintf(f, "  warning: %s\n", v->warn[i].text);
		fprintf(f, "\n");
	}
	if (!v->measured)
		return;
	fprintf(f, "Verdict\n  latency: %s\n", v->latency_text);
	if (v->rotational && v->queue_length >= 0)
		fprintf(f, "  queue: Avg. Disk Queue Length %.2f, of which %.2f is iobench's own "
			"(-o): %s (over 2 waiting per spindle beyond what iobench keeps in flight "
			"means the disk cannot keep up)\n", v->queue_length, v->queue_own,
			v->queue_flag ? "other load waits too: a bottleneck, if it has one spindle" :
			"no more than iobench asked for, so no finding about the disk");
	fprintf(f, "  device class: %s\n", v->resembles);
	if (v->small_random) {
		fprintf(f, "  would carry, by IOPS alone:\n");
		for (int i = 0; i < 3; i++)
			fprintf(f, "    %-45s about %6.0f IOPS: %s\n", v->loads[i].name,
				v->loads[i].iops, v->loads[i].carries ? "yes" : "no");
	}
	fprintf(f, "  These are rules of thumb (sources: docs/verdict.md): the application's own "
		"I/O mix and latency needs decide.\n\n");
}

/*
 * The queue depth table's promise: a thread that kept fewer I/Os in flight
 * than its -o is named, with the worst of them. Not on the null engine with
 * no model: its I/Os take no time, so its depth is only iobench's own.
 */
static void depth_note(FILE *f, const struct workload *w, const struct result *res)
{
	const struct result_row *worst = NULL;
	double worst_share = 1;
	unsigned n = 0;

	if (!res->measured || (!strcmp(res->engine, "null") && !w->null_lat_ns && !w->null_iops))
		return;
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];
		double want = summary_requested_qd(w, res, r), share;

		if (!r->active_ns || !(r->c[0].ios + r->c[1].ios))
			continue;
		share = summary_achieved_qd(r) / want;
		if (share >= 0.9)
			continue;
		n++;
		if (share < worst_share) {
			worst_share = share;
			worst = r;
		}
	}
	if (worst)
		fprintf(f, "note: %u thread%s kept fewer I/Os in flight than -o asked; the fewest: "
			"thread %u, %.2f of %g on '%s': the device was not kept that busy (iobench, or "
			"the CPU, could not refill faster, or the run's end drained the queue)\n", n,
			n == 1 ? "" : "s", worst->thread, summary_achieved_qd(worst),
			summary_requested_qd(w, res, worst), w->targets[worst->target].path);
}

void text_notes(FILE *f, const struct workload *w, const struct result *res)
{
	bool buffered_reads = false;

	for (unsigned i = 0; i < w->ntargets; i++)
		if (!(w->targets[i].cache & CACHE_DIRECT) && w->targets[i].write_pct < 100 &&
		    res->targets[i].kind != TARGET_NULL)
			buffered_reads = true;
	if (buffered_reads)
		fprintf(f, "note: buffered I/O (no -Sh/-Su): reads may be served from the page "
			"cache and measure memory, not the device\n");
	for (unsigned i = 0; i < w->ntargets; i++) {
		if (w->targets[i].buf != BUF_SEQUENCE || !w->targets[i].write_pct || w->verify ||
		    res->targets[i].kind == TARGET_NULL)
			continue;
		fprintf(f, "note: the writes carry DiskSpd's default data, its repeating 0-255 "
			"pattern: storage that compresses or deduplicates keeps it in a fraction of "
			"the bytes, so write figures can be higher than with real data (-Zr writes "
			"random data)\n");
		break;
	}
	if (res->engine_note[0])
		fprintf(f, "note: %s\n", res->engine_note);
	depth_note(f, w, res);
	if (res->interrupted && res->measured)
		fprintf(f, "note: PARTIAL RESULTS: the run was interrupted after %.2fs of "
			"measurement\n", (double)res->test_ns / 1e9);
	if (w->iops_stddev && !summary_full_intervals(res))
		fprintf(f, "note: IopsStdDev is N/A: the run was shorter than one %.0f ms interval\n",
			(double)res->interval_ns / 1e6);
	if (res->series_truncated)
		fprintf(f, "note: the run outlasted its interval series: the last interval holds "
			"everything after it\n");
	if (res->failed)
		fprintf(f, "note: INCOMPLETE RESULTS: the run stopped on an error: %s\n", res->error);
	if (w->verify) {
		fprintf(f, "verify: %llu blocks written with headers and checksums, %llu read and "
			"checked, %llu mismatch%s%s\n", (unsigned long long)res->verify.written,
			(unsigned long long)res->verify.checked, (unsigned long long)res->verify.bad,
			res->verify.bad == 1 ? "" : "es",
			res->verify.tables_partial ? " (a target has more than 16M blocks: lost writes "
			"go unseen there)" : "");
		if (res->verify.journal[0])
			fprintf(f, "verify: %s\n", res->verify.journal);
		if (res->verify.bad)
			fprintf(f, "VERIFY FAILED: %s\n", res->verify.first);
	}
	if (res->nerrors) {
		fprintf(f, "note: %llu I/O ERRORS, counted and continued past (--continue-on-error); "
			"the first: %s\n", (unsigned long long)res->nerrors, res->error);
		for (unsigned i = 0; i < res->nrows; i++)
			if (res->rows[i].errors[0] || res->rows[i].errors[1])
				fprintf(f, "  thread %u on '%s': %llu failed reads, %llu failed writes\n",
					res->rows[i].thread, w->targets[res->rows[i].target].path,
					(unsigned long long)res->rows[i].errors[0],
					(unsigned long long)res->rows[i].errors[1]);
	}
}
