/* SPDX-License-Identifier: MIT */
/* series.c: runs one after another on the same targets (see series.h). */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/series.h"
#include "platform/clock.h"
#include "core/notice.h"
#include "report/report.h"
#include "report/summary.h"
#include "platform/outfile.h"
#include "version.h"
#include "util/banned.h"

#define SERIES_SCHEMA_VERSION 1

static bool json_oom;	/* a part of a document being built could not be allocated */

void jput(json_t *o, const char *key, json_t *v)
{
	if (!o || !v || json_object_set_new(o, key, v))
		json_oom = true;
}

void jappend(json_t *a, json_t *v)
{
	if (!a || !v || json_array_append_new(a, v))
		json_oom = true;
}

struct series_point *series_add(struct series *s, const char *label)
{
	struct series_point *p;

	if (s->n == s->cap) {
		unsigned cap = s->cap ? 2 * s->cap : 16;

		p = realloc(s->pts, cap * sizeof(*p));
		if (!p)
			return NULL;
		s->pts = p;
		s->cap = cap;
	}
	p = &s->pts[s->n++];
	memset(p, 0, sizeof(*p));
	p->p.write_pct = -1;
	snprintf(p->label, sizeof(p->label), "%s", label);
	return p;
}

uint64_t series_point_ns(const struct workload *w)
{
	return w->count_based ? 0 : w->warmup_ns + w->duration_ns + w->cooldown_ns;
}

int series_precheck(struct series *s)
{
	struct space_plan plan = { 0 };
	char err[1024];
	int r = 0;

	for (unsigned i = 0; !r && i < s->n; i++) {
		if (!s->pts[i].w.ntargets)	/* a row whose runs were all left out */
			continue;
		r = run_precheck(&s->pts[i].w, &s->hold, &plan, err, sizeof(err));
		if (r)
			fprintf(stderr, "iobench %s: %s%s%s\n", s->kind, s->pts[i].label,
				s->pts[i].label[0] ? ": " : "", err);
	}
	space_plan_free(&plan);
	return r ? EXIT_BAD_INPUT : 0;
}

void series_reuse_files(struct series *s, unsigned i)
{
	struct workload *w = &s->pts[i].w;

	for (unsigned t = 0; t < w->ntargets; t++) {
		bool seen = false;

		for (unsigned j = 0; j < i && !seen; j++)
			for (unsigned u = 0; u < s->pts[j].w.ntargets && !seen; u++)
				seen = !strcmp(s->pts[j].w.targets[u].path, w->targets[t].path);
		if (seen)
			w->targets[t].create_size = 0;
	}
}

/* The live line of a point's run, led by where the series is. */
static char live_prefix[96];

static void series_line(const char *text)
{
	cmd_notices.line(text);
}

static void series_live(const char *text)
{
	char line[512];

	if (!text) {
		cmd_notices.progress(NULL);
		return;
	}
	snprintf(line, sizeof(line), "%s %s", live_prefix, text);
	cmd_notices.progress(line);
}

static const struct notice_ops series_notices = { series_line, series_live };

void series_begin(struct series *s)
{
	cmd_hold_signals(&s->old);
	s->t0_ns = clock_ns();
	notice_set(&series_notices);
}

void series_format_eta(char *buf, size_t len, uint64_t ns)
{
	uint64_t sec = (ns + 500000000ull) / 1000000000ull;

	if (sec >= 3600)
		snprintf(buf, len, "%lluh%02llum", (unsigned long long)(sec / 3600),
			 (unsigned long long)(sec / 60 % 60));
	else if (sec >= 60)
		snprintf(buf, len, "%llum%02llus", (unsigned long long)(sec / 60),
			 (unsigned long long)(sec % 60));
	else
		snprintf(buf, len, "%llus", (unsigned long long)sec);
}

int series_figs(const struct result *res, int k, struct point_figs *f)
{
	struct summary *s = malloc(sizeof(*s));
	double secs = (double)res->test_ns / 1e9;
	int kind = k == FIG_READ ? SUM_READ : k == FIG_WRITE ? SUM_WRITE : SUM_TOTAL;

	memset(f, 0, sizeof(*f));
	if (!s || !res->test_ns) {
		free(s);
		return s ? 0 : -ENOMEM;
	}
	summary_build(s, res, -1);
	if (k == FIG_READ && s->c[SUM_TRIM].ios) {	/* fio's trims stand where reads do */
		s->c[SUM_READ] = s->c[SUM_TRIM];
		s->h[SUM_READ] = s->h[SUM_TRIM];
	}
	f->ios = s->c[kind].ios;
	f->bytes = s->c[kind].bytes;
	f->iops = (double)f->ios / secs;
	f->mbps = (double)f->bytes / 1e6 / secs;
	f->mibs = (double)f->bytes / 1048576.0 / secs;
	if (f->ios) {
		f->mean_us = counts_lat_mean(&s->c[kind]) / 1e3;
		f->p50_us = (double)summary_percentile(s, kind, 50) / 1e3;
		f->p99_us = (double)summary_percentile(s, kind, 99) / 1e3;
		f->max_us = (double)s->c[kind].lat_max / 1e3;
	}
	free(s);
	return 0;
}

int series_run(struct series *s, unsigned i)
{
	struct series_point *p = &s->pts[i];
	uint64_t left = s->planned_ns > s->done_ns ? s->planned_ns - s->done_ns : 0;
	uint64_t t = clock_ns();
	char err[1024], eta[32];
	int r;

	series_format_eta(eta, sizeof(eta), left);
	if (s->planned)
		snprintf(live_prefix, sizeof(live_prefix), "[%u/%u, ETA %s]", i + 1,
			 s->planned > s->n ? s->planned : s->n, eta);
	else	/* a search: how many points it takes is found as it goes */
		snprintf(live_prefix, sizeof(live_prefix), "[point %u]", i + 1);
	if (!s->quiet)
		fprintf(stderr, "iobench %s: %s %s\n", s->kind, live_prefix, p->label);
	r = run_execute(&p->w, &s->hold, &p->res, err, sizeof(err));
	s->done_ns += series_point_ns(&p->w) ? series_point_ns(&p->w) : clock_ns() - t;
	if (r) {
		fprintf(stderr, "iobench %s: %s: %s\n", s->kind, p->label, err);
		result_release(&p->res);
		s->code = r == -EINVAL && !i ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED :
			  EXIT_RUN_FAILED;
		s->interrupted |= r == -EINTR;
		return 1;
	}
	if (p->res.measured && p->res.test_ns) {
		int bad = 0;

		p->ran = true;
		p->partial = !p->res.complete;
		for (int k = 0; k < 3; k++)
			bad |= series_figs(&p->res, k, &p->f[k]);
		p->doc = bad ? NULL : report_json_doc(&p->w, &p->res);
		if (p->doc && !s->docs) {	/* the text needs its warnings alone */
			json_t *w = json_object();

			if (w && !json_object_set(w, "warnings", json_object_get(p->doc, "warnings"))) {
				json_decref(p->doc);
				p->doc = w;
			} else {
				json_decref(w);
			}
		}
		if (!p->doc) {
			p->ran = false;	/* no figure rather than a wrong one */
			fprintf(stderr, "iobench %s: out of memory\n", s->kind);
			s->code = EXIT_RUN_FAILED;
			return 1;
		}
	}
	if (p->res.failed) {
		fprintf(stderr, "iobench %s: %s: %s\n", s->kind, p->label, p->res.error);
		s->code = EXIT_RUN_FAILED;
		return 1;
	}
	if (p->res.nerrors || p->res.verify.bad) {
		fprintf(stderr, "iobench %s: %s: %s\n", s->kind, p->label,
			p->res.verify.bad ? p->res.verify.first : p->res.error);
		s->code = EXIT_RUN_FAILED;
	}
	if (p->res.interrupted) {
		if (!p->res.measured && p->res.error[0])
			fprintf(stderr, "iobench %s: %s\n", s->kind, p->res.error);
		s->interrupted = true;
		s->code = EXIT_INTERRUPTED;
		return 1;
	}
	return 0;
}

void series_end(struct series *s)
{
	int held = 0;

	notice_set(&cmd_notices);
	cmd_release_hold(&s->hold, s->keep, &held);
	if (cmd_release_signals(&s->old)) {
		s->interrupted = true;
		if (!s->code)
			s->code = EXIT_INTERRUPTED;
	}
	if (!s->code)
		s->code = held;
}

void series_free(struct series *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		json_decref(s->pts[i].doc);
		result_release(&s->pts[i].res);
		workload_release(&s->pts[i].w);
	}
	free(s->pts);
	free(s->cmdline);
	memset(s, 0, sizeof(*s));
}

static json_t *figs_json(const struct point_figs *f)
{
	json_t *o = json_object();

	jput(o, "ios", json_integer((json_int_t)f->ios));
	jput(o, "bytes", json_integer((json_int_t)f->bytes));
	jput(o, "iops", json_real(f->iops));
	jput(o, "mb_per_s", json_real(f->mbps));
	jput(o, "mib_per_s", json_real(f->mibs));
	jput(o, "lat_mean_us", json_real(f->mean_us));
	jput(o, "lat_p50_us", json_real(f->p50_us));
	jput(o, "lat_p99_us", json_real(f->p99_us));
	jput(o, "lat_max_us", json_real(f->max_us));
	return o;
}

static json_t *params_json(const struct point_params *p)
{
	json_t *o = json_object();

	jput(o, "block_size", p->block ? json_integer((json_int_t)p->block) : json_null());
	jput(o, "queue_depth", p->qd ? json_integer(p->qd) : json_null());
	jput(o, "threads", p->threads ? json_integer(p->threads) : json_null());
	jput(o, "write_pct", p->write_pct >= 0 ? json_integer(p->write_pct) : json_null());
	jput(o, "rate_iops", p->rate_iops > 0 ? json_real(p->rate_iops) : json_null());
	jput(o, "curve_pct", p->curve_pct > 0 ? json_real(p->curve_pct) : json_null());
	return o;
}

json_t *series_json(const struct series *s, json_t *extra)
{
	json_t *root = json_object(), *pts = json_array();
	bool complete = !s->interrupted && !s->code;

	jput(root, "schema", json_string("iobench/series"));
	jput(root, "schema_version", json_integer(SERIES_SCHEMA_VERSION));
	jput(root, "iobench_version", json_string(IOBENCH_VERSION));
	jput(root, "kind", json_string(s->kind));
	jput(root, "name", json_string(s->name));
	jput(root, "command_line", s->cmdline ? json_string(s->cmdline) : json_null());
	for (unsigned i = 0; i < s->n; i++) {
		const struct series_point *p = &s->pts[i];
		json_t *o;

		if (!p->ran)
			continue;
		complete &= !p->partial;
		o = json_object();
		jput(o, "label", json_string(p->label));
		jput(o, "row", json_integer(p->row));
		jput(o, "params", params_json(&p->p));
		jput(o, "partial", json_boolean(p->partial));
		jput(o, "read", figs_json(&p->f[FIG_READ]));
		jput(o, "write", figs_json(&p->f[FIG_WRITE]));
		jput(o, "total", figs_json(&p->f[FIG_TOTAL]));
		jput(o, "result", json_incref(p->doc));
		jappend(pts, o);
	}
	jput(root, "complete", json_boolean(complete));
	jput(root, "interrupted", json_boolean(s->interrupted));
	jput(root, "points", pts);
	if (!extra || !root || json_object_update(root, extra))
		json_oom = true;
	json_decref(extra);
	return root;
}

/* Whether the warnings array wa holds one of code code. */
static bool has_code(json_t *wa, const char *code)
{
	size_t q;
	json_t *x;

	json_array_foreach(wa, q, x)
		if (!strcmp(code, json_string_value(json_object_get(x, "code")) ?: ""))
			return true;
	return false;
}

void series_warnings_print(FILE *f, size_t n, const struct series_runs *r)
{
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		json_t *wa = r->warnings(r->ctx, i), *w;
		size_t k;

		json_array_foreach(wa, k, w) {
			const char *code = json_string_value(json_object_get(w, "code"));
			unsigned more = 0;
			bool seen = false;

			for (size_t j = 0; j < i && !seen && code; j++)
				seen = has_code(r->warnings(r->ctx, j), code);
			if (seen || !code)
				continue;
			for (size_t j = i + 1; j < n; j++)
				more += has_code(r->warnings(r->ctx, j), code);
			fprintf(f, "%s  %s", any ? "" : "\nWarnings:\n", r->label(r->ctx, i));
			if (more)
				fprintf(f, " (and %u more)", more);
			fprintf(f, ": %s\n", json_string_value(json_object_get(w, "message")) ?: "");
			any = true;
		}
	}
}

static const char *point_label(const void *ctx, size_t i)
{
	return ((const struct series *)ctx)->pts[i].label;
}

static json_t *point_warnings(const void *ctx, size_t i)
{
	const json_t *doc = ((const struct series *)ctx)->pts[i].doc;

	return doc ? json_object_get(doc, "warnings") : NULL;
}

void series_print_warnings(const struct series *s)
{
	const struct series_runs r = { s, point_label, point_warnings };

	series_warnings_print(stdout, s->n, &r);
}

/* A document built short (out of memory) is freed and said: no document rather than a short one. */
static bool built_short(json_t *doc, const char *what)
{
	if (doc && !json_oom)
		return false;
	json_oom = false;
	json_decref(doc);
	fprintf(stderr, "iobench: cannot write the %s: out of memory\n", what);
	return true;
}

int series_write_json(const char *path, json_t *doc)
{
	struct outfile o;
	char err[1024];
	int r;

	if (built_short(doc, "JSON document"))
		return EXIT_RUN_FAILED;
	if (!strcmp(path, "-")) {
		r = report_json_dump(stdout, doc);
		if (!r)
			r = outfile_flush_stdout(stdout, err, sizeof(err)) ? -EIO : 0;
		if (r)
			fprintf(stderr, "iobench: cannot write the JSON document to stdout\n");
		json_decref(doc);
		return r ? EXIT_RUN_FAILED : 0;
	}
	r = outfile_open(&o, path, err, sizeof(err));
	if (!r && report_json_dump(o.f, doc) && !o.werr) {
		outfile_abort(&o);
		r = -EIO;
		snprintf(err, sizeof(err), "cannot write '%s'", path);
	} else if (!r) {
		r = outfile_commit(&o, err, sizeof(err));
	}
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	json_decref(doc);
	return r ? EXIT_RUN_FAILED : 0;
}

bool series_oom(void)
{
	bool was = json_oom;

	json_oom = false;
	return was;
}

int series_write_html(const char *path, json_t *doc)
{
	json_t *pts = json_object_get(doc, "points"), *p, *data;
	char err[1024], title[160];
	size_t i;
	int r;

	if (built_short(doc, "HTML report"))
		return EXIT_RUN_FAILED;
	json_array_foreach(pts, i, p)
		report_html_slim(json_object_get(p, "result"));
	snprintf(title, sizeof(title), "iobench %s %s",
		 json_string_value(json_object_get(doc, "kind")) ?: "",
		 json_string_value(json_object_get(doc, "name")) ?: "");
	data = json_pack("{s:s, s:[o]}", "kind", "series", "docs", doc);
	r = report_html_write(path, title, data, err, sizeof(err));
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	return r ? EXIT_RUN_FAILED : 0;
}

void series_block_name(char *buf, size_t len, uint64_t b)
{
	if (b >= (1ull << 20) && !(b % (1ull << 20)))
		snprintf(buf, len, "%lluM", (unsigned long long)(b >> 20));
	else if (b >= 1024 && !(b % 1024))
		snprintf(buf, len, "%lluK", (unsigned long long)(b >> 10));
	else
		snprintf(buf, len, "%lluB", (unsigned long long)b);
}
