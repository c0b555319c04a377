/* SPDX-License-Identifier: MIT */
/*
 * diskspd_profile.c: a workload as DiskSpd's XML profile (-Rpxml): the
 * elements, order and indentation of DiskSpd's Profile::GetXml, a TimeSpan
 * per group of jobs. Values iobench refuses on the command line (throughput
 * limits, bursts, the temporary-file hint, weights) are written at the defaults
 * DiskSpd writes for them, which is what iobench runs.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "report/diskspd_xml.h"
#include "report/xml.h"
#include "util/banned.h"

/*
 * A path as DiskSpd and -X read it back: its bytes, entities for & < > " '
 * (backslashes as they are); one that XML cannot give back so (report/xml.h)
 * as the results' text, which keeps the document well-formed.
 */
void xml_escaped(FILE *f, const char *s)
{
	if (xml_plain_ok(s))
		xml_plain(f, s);
	else
		xml_text(f, s);
}

struct xw {
	FILE *f;
	unsigned level;
};

static void line(struct xw *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void line(struct xw *x, const char *fmt, ...)
{
	va_list ap;

	fprintf(x->f, "%*s", (int)(x->level * 2), "");
	va_start(ap, fmt);
	vfprintf(x->f, fmt, ap);
	va_end(ap);
	fputc('\n', x->f);
}

static void open_el(struct xw *x, const char *name)
{
	line(x, "<%s>", name);
	x->level++;
}

static void close_el(struct xw *x, const char *name)
{
	x->level--;
	line(x, "</%s>", name);
}

static void number(struct xw *x, const char *name, unsigned long long v);

/* DiskSpd's <Distribution>: its ranges as given, holes and the tail included. */
static void write_distribution(struct xw *x, const struct access_dist *d)
{
	const char *type;

	if (!d || (d->kind != DIST_DISKSPD_PCT && d->kind != DIST_DISKSPD_ABS))
		return;
	type = d->kind == DIST_DISKSPD_PCT ? "Percent" : "Absolute";
	open_el(x, "Distribution");
	open_el(x, type);
	for (unsigned i = 0; i < d->n[0]; i++)
		line(x, "<Range IO=\"%u\">%llu</Range>", d->r[0][i].io,
		     (unsigned long long)d->r[0][i].len);
	close_el(x, type);
	close_el(x, "Distribution");
}

static void boolean(struct xw *x, const char *name, bool v)
{
	line(x, "<%s>%s</%s>", name, v ? "true" : "false", name);
}

static void number(struct xw *x, const char *name, unsigned long long v)
{
	line(x, "<%s>%llu</%s>", name, v, name);
}

/* DiskSpd keeps durations in whole seconds. */
static unsigned long long secs(uint64_t ns)
{
	return (unsigned long long)(ns / 1000000000ull);
}

static void write_content(struct xw *x, const struct target_spec *t)
{
	open_el(x, "WriteBufferContent");
	if (t->buf == BUF_ZERO) {
		line(x, "<Pattern>zero</Pattern>");
	} else if (t->buf == BUF_SOURCE) {
		line(x, "<Pattern>random</Pattern>");
		open_el(x, "RandomDataSource");
		number(x, "SizeInBytes", t->buf_source_size);
		if (t->buf_source_path) {
			fprintf(x->f, "%*s<FilePath>", (int)(x->level * 2), "");
			xml_escaped(x->f, t->buf_source_path);
			fputs("</FilePath>\n", x->f);
		}
		close_el(x, "RandomDataSource");
	} else {
		/* DiskSpd's default buffer; the TimeSpan's RandomWriteData makes it -Zr */
		line(x, "<Pattern>sequential</Pattern>");
	}
	close_el(x, "WriteBufferContent");
}

/* DiskSpd's -g, -i, -j as its Target::GetXml writes them (Common.cpp): the unit -g was given in. */
static void target_xml(struct xw *x, const struct workload *w, const struct target_spec *t,
		       bool mapped, const struct pace_spec *p)
{
	open_el(x, "Target");
	fprintf(x->f, "%*s<Path>", (int)(x->level * 2), "");
	xml_escaped(x->f, t->path ? t->path : "");
	fputs("</Path>\n", x->f);
	number(x, "BlockSize", t->block_size);
	number(x, "BaseFileOffset", t->base_offset);
	boolean(x, "SequentialScan", t->hints & HINT_SEQUENTIAL);
	boolean(x, "RandomAccess", t->hints & HINT_RANDOM);
	boolean(x, "TemporaryFile", false);
	boolean(x, "UseLargePages", w->large_pages);
	if (t->cache & CACHE_NO_LOCAL)
		boolean(x, "DisableLocalCache", true);
	else if (t->cache & CACHE_DIRECT)
		boolean(x, "DisableOSCache", true);
	if (t->cache & CACHE_WRITE_THROUGH)
		boolean(x, "WriteThrough", true);
	if (mapped)	/* -Sm: the mmap engine */
		boolean(x, "MemoryMappedIo", true);
	if (t->map_flush)
		line(x, "<FlushType>%s</FlushType>", t->map_flush == MAP_FLUSH_VIEW ? "ViewOfFile" :
		     t->map_flush == MAP_FLUSH_NVM ? "NonVolatileMemory" : "NonVolatileMemoryNoDrain");
	write_content(x, t);
	boolean(x, "ParallelAsyncIO", t->parallel);
	if (p && p->think_blocks && p->think_ns) {	/* -i, -j: kept as given, even beside -g */
		number(x, "BurstSize", p->think_blocks);
		number(x, "ThinkTime", p->think_ns / 1000000);
	}
	if (t->create_size)
		number(x, "FileSize", t->create_size);
	if (t->random_align) {	/* Common.cpp's Target::GetXml() */
		number(x, "Random", t->random_align);
		if (t->mixed && t->random_pct[0] && t->random_pct[0] < 100)
			number(x, "RandomRatio", t->random_pct[0]);
		write_distribution(x, t->dist);
	} else {
		number(x, "StrideSize", t->stride ? t->stride : t->block_size);
		boolean(x, "InterlockedSequential", t->interlocked);
	}
	number(x, "ThreadStride", t->thread_stride);
	number(x, "MaxFileSize", t->max_offset);
	number(x, "RequestCount", t->outstanding);
	number(x, "WriteRatio", t->write_pct);
	if (p && p->diskspd_g && p->diskspd_g_iops)
		line(x, "<Throughput unit=\"IOPS\">%u</Throughput>", p->diskspd_g);
	else
		number(x, "Throughput", p ? p->diskspd_g : 0);
	number(x, "ThreadsPerFile", t->threads ? t->threads : 1);
	number(x, "IOPriority", w->io_priority ? w->io_priority : 3);	/* 3: normal, the default */
	number(x, "Weight", t->weight ? t->weight : 1);
	if (t->nthread_targets) {	/* Common.cpp's ThreadTarget::GetXml() */
		open_el(x, "ThreadTargets");
		for (unsigned i = 0; i < t->nthread_targets; i++) {
			open_el(x, "ThreadTarget");
			number(x, "Thread", t->thread_targets[i].thread);
			if (t->thread_targets[i].weight)
				number(x, "Weight", t->thread_targets[i].weight);
			close_el(x, "ThreadTarget");
		}
		close_el(x, "ThreadTargets");
	}
	close_el(x, "Target");
}

/* Whether every target of group g's jobs writes fresh random data (DiskSpd's -Zr). */
static bool random_write_data(const struct workload *w, unsigned g)
{
	bool any = false;

	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];

		if (js->group != g)
			continue;
		for (unsigned i = 0; i < js->ntargets; i++) {
			const struct target_spec *t = &w->targets[js->first_target + i];

			if (t->buf != BUF_RANDOM)
				return false;
			any = true;
		}
	}
	return any;
}

static void timespan_xml(struct xw *x, const struct workload *w, unsigned g)
{
	const struct job_spec *first = NULL;
	uint64_t duration = w->duration_ns;

	for (unsigned j = 0; j < w->njobs && !first; j++)
		if (w->jobs[j].group == g)
			first = &w->jobs[j];
	if (first && first->duration_ns)
		duration = first->duration_ns;
	open_el(x, "TimeSpan");
	boolean(x, "CompletionRoutines", false);
	boolean(x, "MeasureLatency", !w->no_latency);
	boolean(x, "CalculateIopsStdDev", w->iops_stddev);
	boolean(x, "DisableAffinity", w->no_affinity);
	number(x, "Duration", secs(duration));
	number(x, "Warmup", secs(w->warmup_ns));
	number(x, "Cooldown", secs(w->cooldown_ns));
	number(x, "ThreadCount", w->pool_threads);
	number(x, "RequestCount", w->pool_requests);
	number(x, "IoBucketDuration", w->interval_ns / 1000000ull);
	number(x, "RandSeed", first ? first->seed : w->seed);
	if (random_write_data(w, g))
		boolean(x, "RandomWriteData", true);
	if (w->naffinity) {
		open_el(x, "Affinity");
		for (unsigned i = 0; i < w->naffinity; i++)
			line(x, "<AffinityGroupAssignment Group=\"0\" Processor=\"%d\"/>",
			     w->affinity[i]);
		close_el(x, "Affinity");
	}
	open_el(x, "Targets");
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];

		if (js->group != g)
			continue;
		for (unsigned i = 0; i < js->ntargets; i++)
			target_xml(x, w, &w->targets[js->first_target + i],
				   w->engine && !strcmp(w->engine, "mmap"), &js->pace);
	}
	close_el(x, "Targets");
	close_el(x, "TimeSpan");
}

int diskspd_profile_xml_spans(FILE *f, const struct workload *spans, unsigned n, unsigned indent)
{
	struct xw x = { f, indent };

	open_el(&x, "Profile");
	number(&x, "Progress", n ? spans[0].progress_ios : 0);
	line(&x, "<ResultFormat>%s</ResultFormat>", spans[0].xml_stdout ? "xml" : "text");
	boolean(&x, "Verbose", n && spans[0].verbose);
	open_el(&x, "TimeSpans");
	for (unsigned i = 0; i < n; i++) {
		const struct workload *w = &spans[i];
		unsigned groups = 0;

		for (unsigned j = 0; j < w->njobs; j++)
			if (w->jobs[j].group + 1 > groups)
				groups = w->jobs[j].group + 1;
		for (unsigned g = 0; g < groups; g++)
			timespan_xml(&x, w, g);
	}
	close_el(&x, "TimeSpans");
	close_el(&x, "Profile");
	return ferror(f) ? -EIO : 0;
}

int diskspd_profile_xml(FILE *f, const struct workload *w, unsigned indent)
{
	return diskspd_profile_xml_spans(f, w, 1, indent);
}

static void add(char *buf, size_t len, const char *what)
{
	size_t n = strlen(buf);

	if (n < len)
		snprintf(buf + n, len - n, "%s%s", n ? ", " : "", what);
}

void diskspd_profile_leaves_out(const struct workload *w, char *buf, size_t len)
{
	char s[64];
	bool whole = !(w->duration_ns % 1000000000ull) && !(w->warmup_ns % 1000000000ull) &&
		     !(w->cooldown_ns % 1000000000ull);

	buf[0] = 0;
	if (w->engine && strcmp(w->engine, "mmap")) {	/* mmap: <MemoryMappedIo> */
		snprintf(s, sizeof(s), "--engine=%s", w->engine);
		add(buf, len, s);
	}
	if (w->null_lat_ns)
		add(buf, len, "--null-latency");
	if (w->null_iops)
		add(buf, len, "--null-iops");
	if (w->ios_per_thread)
		add(buf, len, "--ios");
	if (w->verify)
		add(buf, len, "--verify");
	if (w->read_only)
		add(buf, len, "--read-only");
	if (w->continue_on_error)
		add(buf, len, "--continue-on-error");
	if (w->sqpoll)
		add(buf, len, "--sqpoll");
	if (w->hipri)
		add(buf, len, "--hipri");
	if (!whole)
		add(buf, len, "times that are not whole seconds");
	if (w->interval_ns % 1000000ull)
		add(buf, len, "an interval that is not whole milliseconds");
	for (unsigned i = 0; i < w->ntargets; i++) {
		const struct target_spec *t = &w->targets[i];

		if (t->buf == BUF_PATTERN)
			add(buf, len, "--pattern");
		if (t->compress_pct)
			add(buf, len, "--compress");
		if (t->dedupe_pct)
			add(buf, len, "--dedupe");
		if (t->cache & CACHE_SYNC)
			add(buf, len, "O_SYNC");
		if (t->write_block_size || t->bs_dist[0] || t->bs_dist[1])
			add(buf, len, "mixed block sizes");
		if (t->buf == BUF_PATTERN || t->compress_pct || t->dedupe_pct ||
		    (t->cache & CACHE_SYNC) || t->write_block_size || t->bs_dist[0] ||
		    t->bs_dist[1])
			break;	/* each named once */
	}
}
