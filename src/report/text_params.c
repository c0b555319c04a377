/* SPDX-License-Identifier: MIT */
/*
 * text_params.c: the text report's "Input parameters" (text_params.h), in
 * DiskSpd's words where DiskSpd has them, and the workload alone
 * (report_workload, --print-workload).
 */
#include <stdio.h>

#include "job/units.h"
#include "report/report.h"
#include "report/text_params.h"
#include "util/banned.h"

static void seconds(FILE *f, const char *what, uint64_t ns)
{
	if (ns % 1000000000ull)
		fprintf(f, "\t%s: %.3fs\n", what, (double)ns / 1e9);
	else
		fprintf(f, "\t%s: %llus\n", what, (unsigned long long)(ns / 1000000000ull));
}

/* One "label: size" line of a target's parameters, when v is set (always). */
static void size_line(FILE *f, const char *label, uint64_t v, bool always)
{
	char a[32];

	if (!v && !always)
		return;
	format_size_diskspd(a, sizeof(a), v);
	fprintf(f, "\t\t%s: %s\n", label, a);
}

/* fio's bsrange or bssplit for one direction, when there is one. */
static void size_mix(FILE *f, const char *dir, const struct bs_dist *b)
{
	char a[32], c[32];

	if (!b)
		return;
	if (!b->n) {
		format_size_diskspd(a, sizeof(a), b->lo);
		format_size_diskspd(c, sizeof(c), b->hi);
		fprintf(f, "\t\t%s sizes: %s to %s in steps of %s (bsrange)\n", dir, a, c, a);
		return;
	}
	fprintf(f, "\t\t%s sizes (bssplit):", dir);
	for (unsigned i = 0; i < b->n; i++) {
		format_size_diskspd(a, sizeof(a), b->len[i]);
		fprintf(f, "%s %s %u%%", i ? "," : "", a, b->pct[i]);
	}
	fprintf(f, "\n");
}

/* The pace of the job that drives target i (its rate, think time, minimum), or NULL. */
static const struct pace_spec *target_pace(const struct workload *w, unsigned i)
{
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];

		if (i >= js->first_target &&
		    i < js->first_target + js->ntargets * (js->per_clone ? js->threads : 1))
			return &js->pace;
	}
	return NULL;
}

/* DiskSpd's think time (whole ms as it prints them; fio's thinktime may be finer) and burst. */
static void think_lines(FILE *f, const struct pace_spec *p)
{
	uint64_t ns = p ? p->think_ns : 0;

	if (ns % 1000000)
		fprintf(f, "\t\tthink time: %.3fms\n", (double)ns / 1e6);
	else
		fprintf(f, "\t\tthink time: %llums\n", (unsigned long long)(ns / 1000000));
	fprintf(f, "\t\tburst size: %u\n", p && ns ? (p->think_blocks ? p->think_blocks : 1) : 0);
}

/* DiskSpd's -g line, or fio's rate and minimum per direction that s does. */
static void rate_lines(FILE *f, const struct pace_spec *p, const struct target_spec *s)
{
	static const char *const dir[2] = { "reads", "writes" };

	if (!p)
		return;
	if (p->diskspd_g)
		fprintf(f, p->diskspd_g_iops ? "\t\tthroughput rate-limited to %u IOPS\n" :
			"\t\tthroughput rate-limited to %u B/ms\n", p->diskspd_g);
	for (int d = 0; !p->per_target && d < 2; d++) {
		if (d ? !s->write_pct : s->write_pct == 100)
			continue;
		if (p->iops[d] || p->bps[d])
			fprintf(f, p->iops[d] ? "\t\t%s rate-limited to %llu IOPS\n" :
				"\t\t%s rate-limited to %llu B/s\n", dir[d],
				(unsigned long long)(p->iops[d] ? p->iops[d] : p->bps[d]));
		if (p->min_iops[d] || p->min_bps[d])
			fprintf(f, p->min_iops[d] ? "\t\t%s must do at least %llu IOPS over every "
				"%ums, from 2 s on (rate_iops_min)\n" : "\t\t%s must do at least %llu "
				"B/s over every %ums, from 2 s on (rate_min)\n", dir[d],
				(unsigned long long)(p->min_iops[d] ? p->min_iops[d] : p->min_bps[d]),
				p->min_cycle_ms ? p->min_cycle_ms : 1000);
	}
}

static void target_params(FILE *f, const struct workload *w, const struct target_spec *s)
{
	const struct pace_spec *p = target_pace(w, (unsigned)(s - w->targets));
	char a[32], b[32];

	fprintf(f, "\tpath: '%s'\n", s->path);
	think_lines(f, p);
	fprintf(f, "\t\t%s\n", s->cache & CACHE_DIRECT ? "software cache disabled (O_DIRECT)"
							: "using software cache");
	fprintf(f, "\t\t%s\n", s->cache & CACHE_WRITE_THROUGH
			? "hardware write cache disabled, writethrough on (O_DSYNC)"
			: "using hardware write cache, writethrough off");
	if (s->buf == BUF_ZERO)
		fprintf(f, "\t\tzeroing write buffers\n");
	if (s->buf == BUF_SOURCE) {
		format_size_diskspd(a, sizeof(a), s->buf_source_size);
		fprintf(f, "\t\twrite buffer size: %s\n\t\twrite buffer source: random fill\n", a);
	}
	if (s->write_pct && s->buf == BUF_RANDOM && !w->verify)
		fprintf(f, "\t\twrite data: %s\n",
			(const char *[]){ [WRITES_AS_LAID] = "random, the same buffer each write",
					  [WRITES_SCRAMBLED] = "random, made unique for each write",
					  [WRITES_REFILLED] = "random, refilled for each write" }
			[target_write_refresh(s, w->verify)]);
	if (s->write_pct == 0)
		fprintf(f, "\t\tperforming read test\n");
	else if (s->write_pct == 100)
		fprintf(f, "\t\tperforming write test\n");
	else
		fprintf(f, "\t\tperforming mix test (read/write ratio: %u/%u)\n",
			100 - s->write_pct, s->write_pct);
	size_line(f, "block size", s->block_size, true);
	size_line(f, "write block size", s->write_block_size, false);
	for (int d = 0; d < 2; d++)
		size_mix(f, d ? "write" : "read", s->bs_dist[d]);
	if (s->fsync_every)
		fprintf(f, "\t\tfsync after every %u writes\n", s->fsync_every);
	if (s->cache & CACHE_SYNC)
		fprintf(f, "\t\tsynchronous writes (O_SYNC)\n");
	if (s->create_size) {
		format_size_diskspd(a, sizeof(a), s->create_size);
		fprintf(f, "\t\tcreated (or reused) at %s, filled with random data\n", a);
	}
	size_line(f, "range per thread", s->range_len, false);
	if (s->clone_offset) {
		format_size_diskspd(a, sizeof(a), s->clone_offset);
		fprintf(f, "\t\tthread k starts k x %s further (offset_increment)\n", a);
	}
	if (s->end_fsync)
		fprintf(f, "\t\tfsync at the end\n");
	if (s->invalidate)
		fprintf(f, "\t\tits page cache dropped before the run (invalidate)\n");
	format_size_diskspd(b, sizeof(b), s->random_align ? s->random_align : s->stride);
	if (s->random_align)
		fprintf(f, "\t\tusing random I/O (alignment: %s)\n", b);
	else
		fprintf(f, "\t\tusing sequential I/O (stride: %s)\n", b);
	if (w->pool_requests)	/* DiskSpd's -O: the thread's I/Os are shared by weight */
		fprintf(f, "\t\trelative IO weight in thread pool: %u\n", s->weight ? s->weight : 1);
	else
		fprintf(f, "\t\tnumber of outstanding I/O operations per thread: %u\n", s->outstanding);
	size_line(f, "base file offset", s->base_offset, false);
	size_line(f, "max file size", s->max_offset, false);
	size_line(f, "thread stride size", s->thread_stride, false);
	if (!w->pool_threads && !w->jobs[0].name)
		fprintf(f, "\t\tthreads per file: %u\n", s->threads);
	if (!w->jobs[0].name)	/* DiskSpd's -I (normal when not given) */
		fprintf(f, "\t\tIO priority: %s\n", w->io_priority == 1 ? "very low" :
			w->io_priority == 2 ? "low" : "normal");
	rate_lines(f, p, s);
}

/* The jobs of a job file: who drives which targets, and each thread's budget. */
static void job_params(FILE *f, const struct workload *w)
{
	char a[32];

	for (unsigned j = 0; j < w->njobs && w->jobs[j].name; j++) {
		const struct job_spec *js = &w->jobs[j];

		fprintf(f, "\tjob '%s': %u thread%s, each on %u %sfile%s", js->name, js->threads,
			js->threads == 1 ? "" : "s", js->ntargets, js->per_clone ? "own " : "",
			js->ntargets == 1 ? "" : "s");
		if (js->bytes_per_thread) {
			format_size_diskspd(a, sizeof(a), js->bytes_per_thread);
			fprintf(f, ", %s per thread", a);
		}
		if (js->start_delay_ns)
			fprintf(f, ", starts %.3f s late", (double)js->start_delay_ns / 1e9);
		if (js->ios_per_thread)
			fprintf(f, ", at most %llu I/Os per thread",
				(unsigned long long)js->ios_per_thread);
		if (js->reap_min > 1 || js->reap_max)
			fprintf(f, ", waits for %u completion%s at a time", js->reap_min ? js->reap_min : 1,
				js->reap_min > 1 ? "s" : "");
		if (js->ncpus) {	/* fio's cpus_allowed, in place of iobench's pinning */
			fprintf(f, ", on CPUs");
			for (unsigned c = 0; c < js->ncpus; c++)
				fprintf(f, "%s%d", c ? "," : " ", js->cpus[c]);
			fprintf(f, js->cpus_split ? " (split: one each)" : " (shared)");
		}
		if (js->ioprio)
			fprintf(f, ", I/O priority class %u level %u", js->ioprio >> 13, js->ioprio & 7);
		fprintf(f, "\n");
		if (js->description)
			fprintf(f, "\t\t%s\n", js->description);
	}
	if (w->group_reporting)
		fprintf(f, "\tgroup reporting: the jobs are reported as one\n");
}

/* What every form of the parameters starts with: the command and the timing. */
static void params_head(FILE *f, const struct workload *w)
{
	fprintf(f, "\nCommand Line: %s\n", w->cmdline ? w->cmdline : "");
	if (w->label)
		fprintf(f, "Label: %s\n", w->label);
	fprintf(f, "\nInput parameters:\n\n");
	fprintf(f, "\ttimespan:   1\n\t-------------\n");
	if (w->ios_per_thread)
		fprintf(f, "\tI/Os per thread: %llu\n", (unsigned long long)w->ios_per_thread);
	else if (w->count_based && w->duration_ns)
		seconds(f, "size-based, at most", w->duration_ns);
	else if (w->count_based)
		fprintf(f, "\tsize-based: each job until its bytes are moved\n");
	else
		seconds(f, "duration", w->duration_ns);
	seconds(f, "warm up time", w->warmup_ns);
	seconds(f, "cool down time", w->cooldown_ns);
	if (!w->no_latency)
		fprintf(f, "\tmeasuring latency\n");
	if (w->iops_stddev)
		fprintf(f, "\tgathering IOPS at intervals of %llums\n",
			(unsigned long long)(w->interval_ns / 1000000));
	fprintf(f, "\trandom seed: %llu\n", (unsigned long long)w->seed);
	if (w->pool_threads) {
		fprintf(f, "\tthread pool with %u threads\n", w->pool_threads);
		fprintf(f, "\tnumber of outstanding I/O operations per thread: %u\n",
			w->pool_requests);
	}
}

/* The CPUs threads are pinned to, or that they are not. */
static void affinity_line(FILE *f, const int *cpus, unsigned n)
{
	if (!n) {
		fprintf(f, "\taffinity disabled\n");
		return;
	}
	fprintf(f, "\taffinity: threads round-robin over CPUs ");
	for (unsigned i = 0; i < n; i++)
		fprintf(f, "%s%d", i ? "," : "", cpus[i]);
	fprintf(f, "\n");
}

/* DiskSpd's RandomWriteData (-Zr) lines: its targets' writes get fresh random data. */
static void random_data_lines(FILE *f, const struct workload *w)
{
	bool random = false;

	for (unsigned i = 0; !w->jobs[0].name && i < w->ntargets; i++)
		random |= w->targets[i].buf == BUF_RANDOM;
	if (random)
		fprintf(f, "\tgenerating random data for each write IO\n"
			"\t  WARNING: this increases the CPU cost of issuing writes and should only\n"
			"\t           be compared to other results using the -Zr flag\n");
}

void text_params(FILE *f, const struct workload *w, const struct result *res)
{
	params_head(f, w);
	affinity_line(f, res->cpus, res->ncpus_pinned);
	random_data_lines(f, w);
	fprintf(f, "\tengine: %s\n", res->engine);
	job_params(f, w);
	for (unsigned i = 0; i < w->ntargets; i++)
		target_params(f, w, &w->targets[i]);
}

void report_workload(FILE *f, const struct workload *w)
{
	params_head(f, w);
	if (w->no_affinity || w->naffinity) {
		affinity_line(f, w->affinity, w->naffinity);
	} else {
		fprintf(f, "\taffinity: threads round-robin over the CPUs, first those that take "
			"the target's interrupts\n");
	}
	fprintf(f, "\tengine: %s\n", w->engine ? w->engine : "the default (io_uring where the "
		"kernel allows it, else psync)");
	job_params(f, w);
	for (unsigned i = 0; i < w->ntargets; i++)
		target_params(f, w, &w->targets[i]);
}
