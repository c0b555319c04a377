/* SPDX-License-Identifier: MIT */
/*
 * compare.c: `iobench compare A.json B.json ...`: results side by side, a
 * column each (headed by the run's --label, else its host and target), each
 * figure's change against the first column (the baseline), marked "within
 * noise" where the difference is inside the runs' own spread from interval
 * to interval, else faster or slower. A preset's or a sweep's points are
 * matched by their parameters (block size, queue depth, threads, write
 * percentage); results of different workloads are refused, naming what
 * differs, unless --force. Every figure is read from the document the run's
 * own report would print (report_json_doc of its model), so compare says what
 * each run said. Text, CSV, markdown and JSON (docs/compare.md).
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/series.h"
#include "job/options.h"
#include "report/report.h"
#include "result/model.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "util/banned.h"

#define MAX_FILES 32

enum { OUT_TEXT, OUT_CSV, OUT_MD, OUT_JSON };

/* One file: its documents (a run, a job file's groups, a preset's or a sweep's points). */
struct column {
	const char *file;
	char label[128];
	struct model_set set;
	json_t **docs;
	int *match;		/* baseline document i's counterpart here, or -1 */
};

/* What each row shows: where the figure is in a document, and which way is better. */
enum better { HIGHER, LOWER, NEUTRAL };
enum spread { NO_SPREAD, SPREAD_IOS, SPREAD_BYTES, SPREAD_LAT };
struct metric {
	const char *name, *unit;
	const char *dir;	/* results.total's "total", "read" or "write" */
	const char *path;	/* under results.total.DIR, or from the root when dir is NULL */
	double pct;		/* a latency percentile (path "latency_ns.percentiles"), or 0 */
	double scale;		/* the value is divided by this */
	enum better better;
	enum spread spread;
};

static const struct metric metrics[] = {
	{ "IOPS", "I/O/s", "total", "iops", 0, 1, HIGHER, SPREAD_IOS },
	{ "read IOPS", "I/O/s", "read", "iops", 0, 1, HIGHER, SPREAD_IOS },
	{ "write IOPS", "I/O/s", "write", "iops", 0, 1, HIGHER, SPREAD_IOS },
	{ "MiB/s", "2^20 B/s", "total", "mib_per_s", 0, 1, HIGHER, SPREAD_BYTES },
	{ "MB/s", "10^6 B/s", "total", "mb_per_s", 0, 1, HIGHER, SPREAD_BYTES },
	{ "latency mean", "us", "total", "latency_ns.mean", 0, 1e3, LOWER, SPREAD_LAT },
	{ "latency p50", "us", "total", "latency_ns.percentiles", 50, 1e3, LOWER, NO_SPREAD },
	{ "latency p99", "us", "total", "latency_ns.percentiles", 99, 1e3, LOWER, NO_SPREAD },
	{ "latency p99.9", "us", "total", "latency_ns.percentiles", 99.9, 1e3, LOWER, NO_SPREAD },
	{ "latency max", "us", "total", "latency_ns.max", 0, 1e3, LOWER, NO_SPREAD },
	{ "read mean", "us", "read", "latency_ns.mean", 0, 1e3, LOWER, SPREAD_LAT },
	{ "read p50", "us", "read", "latency_ns.percentiles", 50, 1e3, LOWER, NO_SPREAD },
	{ "read p99", "us", "read", "latency_ns.percentiles", 99, 1e3, LOWER, NO_SPREAD },
	{ "read p99.9", "us", "read", "latency_ns.percentiles", 99.9, 1e3, LOWER, NO_SPREAD },
	{ "read max", "us", "read", "latency_ns.max", 0, 1e3, LOWER, NO_SPREAD },
	{ "write mean", "us", "write", "latency_ns.mean", 0, 1e3, LOWER, SPREAD_LAT },
	{ "write p50", "us", "write", "latency_ns.percentiles", 50, 1e3, LOWER, NO_SPREAD },
	{ "write p99", "us", "write", "latency_ns.percentiles", 99, 1e3, LOWER, NO_SPREAD },
	{ "write p99.9", "us", "write", "latency_ns.percentiles", 99.9, 1e3, LOWER, NO_SPREAD },
	{ "write max", "us", "write", "latency_ns.max", 0, 1e3, LOWER, NO_SPREAD },
	{ "CPU per I/O", "us", NULL, "cpu.process.us_per_io", 0, 1, LOWER, NO_SPREAD },
	{ "CPU usage", "%", NULL, "cpu.average.usage", 0, 1, NEUTRAL, NO_SPREAD },
	{ "achieved QD", "I/Os", NULL, "queue_depth.achieved", 0, 1, NEUTRAL, NO_SPREAD },
	{ "device IOPS", "I/O/s", NULL, "devices.0.perfmon.disk_transfers_per_s", 0, 1, NEUTRAL,
	  NO_SPREAD },
	{ "device await", "ms", NULL, "devices.0.perfmon.avg_disk_sec_per_transfer", 0, 1e-3, LOWER,
	  NO_SPREAD },
};
#define NMETRICS (sizeof(metrics) / sizeof(metrics[0]))

static void usage(FILE *f)
{
	fprintf(f, "usage: iobench compare [--force] [-Rtext|-Rcsv|-Rmarkdown|-Rjson] [--html=FILE] "
		"A.json B.json...\n"
		"  Shows results side by side, the first as the baseline: each figure's change\n"
		"  against it, within noise or faster/slower. A preset's or a sweep's points are\n"
		"  matched by their parameters. Results of different workloads are refused,\n"
		"  naming what differs, unless --force. --html=FILE also writes the page: the\n"
		"  table, and the runs' series overlaid. Details: docs/compare.md, docs/report.md.\n");
	option_usage(f, FRONT_COMPARE);
}

/* The value at a dotted path ("a.b.0.c"; numbers index arrays), or NULL. */
static json_t *at(json_t *v, const char *path)
{
	char part[64];

	while (v && *path) {
		size_t n = strcspn(path, ".");
		char *end;
		long k;

		snprintf(part, sizeof(part), "%.*s", (int)n, path);
		k = strtol(part, &end, 10);
		v = json_is_array(v) && !*end ? json_array_get(v, (size_t)k) : json_object_get(v, part);
		path += n + (path[n] == '.');
	}
	return v;
}

/* A metric of a document, or NAN when it has none (no I/O that way, no device). */
static double value(json_t *doc, const struct metric *m)
{
	char path[160];
	json_t *v;

	if (m->dir) {
		json_t *ios;

		snprintf(path, sizeof(path), "results.total.%s", m->dir);
		ios = at(doc, path);
		if (!json_integer_value(json_object_get(ios, "ios")))
			return NAN;
		snprintf(path, sizeof(path), "results.total.%s.%s", m->dir, m->path);
	} else {
		snprintf(path, sizeof(path), "%s", m->path);
	}
	v = at(doc, path);
	if (!strcmp(m->path, "mb_per_s")) {	/* 10^6 bytes a second, as the preset grids */
		double secs = json_number_value(json_object_get(doc, "test_time_s"));

		return secs > 0 ? json_number_value(at(doc, "results.total.total.bytes")) / 1e6 /
				  secs : NAN;
	}
	if (m->pct) {
		size_t i;
		json_t *e;

		json_array_foreach(v, i, e)
			if (json_number_value(json_object_get(e, "percentile")) == m->pct)
				return json_number_value(json_object_get(e, "ns")) / m->scale;
		return NAN;
	}
	return json_is_number(v) ? json_number_value(v) / m->scale : NAN;
}

/*
 * A run's spread from interval to interval, relative to its mean (a
 * coefficient of variation): of its I/Os, bytes or mean latency in each full
 * interval of its series; NAN with fewer than 3 full intervals.
 */
static double spread(json_t *doc, const struct metric *m)
{
	json_t *s = at(doc, "series.total");
	double iv_s = json_number_value(at(doc, "series.interval_ms")) / 1e3;
	double test_s = json_number_value(json_object_get(doc, "test_time_s"));
	unsigned full = iv_s > 0 ? (unsigned)(test_s / iv_s + 1e-9) : 0, n = 0;
	double sum = 0, sq = 0;
	const char *dirs[2] = { "read", "write" };

	if (m->spread == NO_SPREAD || !s || full < 3)
		return NAN;
	for (unsigned i = 0; i < full; i++) {
		double ios = 0, bytes = 0, lat = 0, x;
		char key[32];

		for (int d = 0; d < 2; d++) {
			if (strcmp(m->dir, "total") && strcmp(m->dir, dirs[d]))
				continue;
			snprintf(key, sizeof(key), "%s_ios", dirs[d]);
			ios += json_number_value(json_array_get(json_object_get(s, key), i));
			snprintf(key, sizeof(key), "%s_bytes", dirs[d]);
			bytes += json_number_value(json_array_get(json_object_get(s, key), i));
			snprintf(key, sizeof(key), "%s_lat_sum_ns", dirs[d]);
			lat += json_number_value(json_array_get(json_object_get(s, key), i));
		}
		if (m->spread == SPREAD_LAT && !ios)
			continue;
		x = m->spread == SPREAD_IOS ? ios : m->spread == SPREAD_BYTES ? bytes : lat / ios;
		sum += x;
		sq += x * x;
		n++;
	}
	if (n < 3 || sum <= 0)
		return NAN;
	return sqrt(fmax(0, sq / n - (sum / n) * (sum / n))) / (sum / n);
}

/* The parameters that make two results the same workload, as text ("bs=4096 qd=8 ..."). */
static void key_of(json_t *doc, char *buf, size_t len)
{
	json_t *t = at(doc, "workload.targets.0");

	snprintf(buf, len, "bs=%lld qd=%lld threads=%lld write=%lld%% %s",
		 json_integer_value(json_object_get(t, "block_size")),
		 json_integer_value(json_object_get(t, "outstanding")),
		 json_integer_value(json_object_get(doc, "thread_count")),
		 json_integer_value(json_object_get(t, "write_percent")),
		 json_string_value(json_object_get(t, "pattern")) ?: "");
}

/* Two values alike: both missing, or equal (jansson's json_equal() calls two NULLs unequal). */
static bool same(json_t *a, json_t *b)
{
	return (!a && !b) || json_equal(a, b);
}

/* What else differs between two workloads the keys matched (or do not), named; "" when nothing. */
static void differences(json_t *a, json_t *b, char *buf, size_t len)
{
	static const char *const fields[] = { "block_size", "write_percent", "pattern",
					      "outstanding", "threads", "direct", "write_through",
					      "random_alignment", "trim" };
	json_t *ta = at(a, "workload.targets"), *tb = at(b, "workload.targets");
	size_t at_ = 0;

	buf[0] = 0;
	if (json_array_size(ta) != json_array_size(tb))
		at_ += (size_t)snprintf(buf + at_, len - at_, "%s%zu targets vs %zu", at_ ? "; " : "",
					json_array_size(ta), json_array_size(tb));
	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]) && at_ < len; f++) {
		json_t *va = json_object_get(json_array_get(ta, 0), fields[f]);
		json_t *vb = json_object_get(json_array_get(tb, 0), fields[f]);

		if (!same(va, vb)) {
			char *sa = json_dumps(va, JSON_ENCODE_ANY), *sb = json_dumps(vb, JSON_ENCODE_ANY);

			at_ += (size_t)snprintf(buf + at_, len - at_, "%s%s %s vs %s", at_ ? "; " : "",
						fields[f], sa ? sa : "?", sb ? sb : "?");
			free(sa);
			free(sb);
		}
	}
	if (at_ < len && !same(at(a, "workload.thread_pool"), at(b, "workload.thread_pool")))
		at_ += (size_t)snprintf(buf + at_, len - at_, "%sthread_pool differs",
					at_ ? "; " : "");
	if (at_ < len && !same(at(a, "rate.target_iops"), at(b, "rate.target_iops")))
		snprintf(buf + at_, len - at_, "%sthe rate differs", at_ ? "; " : "");
}

/* Column c's change against the baseline, and what it means: within noise, faster, slower. */
struct change {
	bool have;
	double pct;
	const char *word;
};

static struct change change_of(const struct metric *m, double base, double v, double sb, double sv)
{
	struct change c = { 0 };
	double noise = fmax(isnan(sb) ? 0 : sb, isnan(sv) ? 0 : sv);

	if (isnan(base) || isnan(v) || base == 0)
		return c;
	c.have = true;
	c.pct = (v - base) / base * 100;
	if (m->spread != NO_SPREAD && !isnan(sb) && !isnan(sv) && fabs(v - base) <= noise * base)
		c.word = "within noise";
	else if (fabs(c.pct) < 0.05)
		c.word = "same";
	else if (m->better == NEUTRAL)
		c.word = v > base ? "higher" : v < base ? "lower" : "same";
	else if (!strcmp(m->unit, "us") && !m->dir)	/* CPU per I/O */
		c.word = (v < base) == (m->better == LOWER) ? "cheaper" : "costlier";
	else
		c.word = (v > base) == (m->better == HIGHER) ? "faster" : "slower";
	return c;
}

static void label_of(struct column *c)
{
	json_t *d = c->docs[0];
	const char *l = json_string_value(json_object_get(d, "label"));

	if (l)
		snprintf(c->label, sizeof(c->label), "%s", l);
	else
		snprintf(c->label, sizeof(c->label), "%s:%s",
			 json_string_value(at(d, "host.hostname")) ?: "?",
			 json_string_value(at(d, "targets.0.path")) ?: "?");
}

static int load(struct column *c, char *err, size_t len)
{
	if (model_load(c->file, &c->set, err, len))
		return -EINVAL;
	c->docs = calloc(c->set.n, sizeof(*c->docs));
	c->match = calloc(c->set.n, sizeof(*c->match));
	if (!c->docs || !c->match)
		return errmsg(err, len, -ENOMEM, "out of memory");
	for (unsigned i = 0; i < c->set.n; i++) {
		c->docs[i] = report_json_doc(&c->set.w[i], &c->set.res[i]);
		if (!c->docs[i])
			return errmsg(err, len, -ENOMEM, "out of memory");
	}
	label_of(c);
	return 0;
}

/* Matches each of column c's documents to the baseline's by key, in order; the rest stay -1. */
static int match(struct column *base, struct column *c, unsigned *got)
{
	bool *used = calloc(c->set.n ? c->set.n : 1, sizeof(*used));
	int *m = realloc(c->match, base->set.n * sizeof(*m));

	*got = 0;
	if (!used || !m) {
		free(used);
		return -ENOMEM;
	}
	c->match = m;
	for (unsigned i = 0; i < base->set.n; i++) {
		char kb[160], kc[160];

		c->match[i] = -1;
		base->match[i] = (int)i;
		key_of(base->docs[i], kb, sizeof(kb));
		for (unsigned j = 0; j < c->set.n; j++) {
			key_of(c->docs[j], kc, sizeof(kc));
			if (!used[j] && !strcmp(kb, kc)) {
				used[j] = true;
				c->match[i] = (int)j;
				(*got)++;
				break;
			}
		}
	}
	free(used);
	return 0;
}

static void print_num(FILE *f, double v, int width)
{
	if (isnan(v))
		fprintf(f, "%*s", width, "-");
	else if (fabs(v) >= 100)
		fprintf(f, "%*.0f", width, v);
	else
		fprintf(f, "%*.2f", width, v);
}

/* One point's rows, in text or markdown. */
static void print_point(FILE *f, int fmt, struct column *col, unsigned ncol, unsigned i)
{
	if (fmt == OUT_MD) {
		fprintf(f, "| metric | unit |");
		for (unsigned c = 0; c < ncol; c++)
			fprintf(f, " %s |%s", col[c].label, c ? " change |" : "");
		fprintf(f, "\n|---|---|");
		for (unsigned c = 0; c < ncol; c++)
			fprintf(f, "---:|%s", c ? "---|" : "");
		fprintf(f, "\n");
	} else {
		fprintf(f, "%-14s %-9s", "metric", "unit");
		for (unsigned c = 0; c < ncol; c++)
			fprintf(f, " | %14.14s%s", col[c].label, c ? "                       " : "");
		fprintf(f, "\n");
	}
	for (unsigned m = 0; m < NMETRICS; m++) {
		const struct metric *mt = &metrics[m];
		json_t *bd = col[0].docs[i];
		double base = value(bd, mt), sb = spread(bd, mt);
		bool any = !isnan(base);

		for (unsigned c = 1; c < ncol; c++)
			any |= col[c].match[i] >= 0 && !isnan(value(col[c].docs[col[c].match[i]], mt));
		if (!any)
			continue;
		fprintf(f, fmt == OUT_MD ? "| %s | %s |" : "%-14s %-9s", mt->name, mt->unit);
		for (unsigned c = 0; c < ncol; c++) {
			json_t *d = col[c].match[i] >= 0 ? col[c].docs[col[c].match[i]] : NULL;
			double v = d ? value(d, mt) : NAN;
			struct change ch = c && d ? change_of(mt, base, v, sb, spread(d, mt)) :
						    (struct change){ 0 };

			fprintf(f, fmt == OUT_MD ? " " : " | ");
			print_num(f, v, fmt == OUT_MD ? 0 : 14);
			if (fmt == OUT_MD)
				fprintf(f, " |");
			if (c && ch.have)
				fprintf(f, fmt == OUT_MD ? " %+.1f%% %s |" : " %+7.1f%% %-14s", ch.pct,
					ch.word);
			else if (c)
				fprintf(f, fmt == OUT_MD ? " - |" : " %8s %-14s", "-", "");
		}
		fprintf(f, "\n");
	}
}

static void print_csv(FILE *f, struct column *col, unsigned ncol)
{
	fprintf(f, "point,metric,unit");
	for (unsigned c = 0; c < ncol; c++)
		fprintf(f, ",\"%s\"%s", col[c].label, c ? ",change_pct,change" : "");
	fprintf(f, "\n");
	for (unsigned i = 0; i < col[0].set.n; i++) {
		char key[160];

		key_of(col[0].docs[i], key, sizeof(key));
		for (unsigned m = 0; m < NMETRICS; m++) {
			const struct metric *mt = &metrics[m];
			double base = value(col[0].docs[i], mt), sb = spread(col[0].docs[i], mt);

			fprintf(f, "\"%s\",%s,%s", key, mt->name, mt->unit);
			for (unsigned c = 0; c < ncol; c++) {
				json_t *d = col[c].match[i] >= 0 ? col[c].docs[col[c].match[i]] : NULL;
				double v = d ? value(d, mt) : NAN;
				struct change ch = c && d ? change_of(mt, base, v, sb, spread(d, mt)) :
							    (struct change){ 0 };

				if (isnan(v))
					fprintf(f, ",");
				else
					fprintf(f, ",%.6g", v);
				if (c && ch.have)
					fprintf(f, ",%.3f,%s", ch.pct, ch.word);
				else if (c)
					fprintf(f, ",,");
			}
			fprintf(f, "\n");
		}
	}
}

static json_t *compare_json(struct column *col, unsigned ncol)
{
	json_t *root = json_object(), *cols = json_array(), *pts = json_array();

	jput(root, "schema", json_string("iobench/compare"));
	jput(root, "schema_version", json_integer(1));
	for (unsigned c = 0; c < ncol; c++) {
		json_t *o = json_object();

		jput(o, "label", json_string(col[c].label));
		jput(o, "file", json_string(col[c].file));
		jappend(cols, o);
	}
	jput(root, "columns", cols);
	for (unsigned i = 0; i < col[0].set.n; i++) {
		json_t *p = json_object(), *ms = json_array();
		char key[160];

		key_of(col[0].docs[i], key, sizeof(key));
		jput(p, "key", json_string(key));
		for (unsigned m = 0; m < NMETRICS; m++) {
			const struct metric *mt = &metrics[m];
			json_t *o = json_object(), *vals = json_array(), *chg = json_array(),
			       *words = json_array();
			double base = value(col[0].docs[i], mt), sb = spread(col[0].docs[i], mt);

			jput(o, "name", json_string(mt->name));
			jput(o, "unit", json_string(mt->unit));
			for (unsigned c = 0; c < ncol; c++) {
				json_t *d = col[c].match[i] >= 0 ? col[c].docs[col[c].match[i]] : NULL;
				double v = d ? value(d, mt) : NAN, s = d ? spread(d, mt) : NAN;
				struct change ch = c && d ? change_of(mt, base, v, sb, s) :
							    (struct change){ 0 };

				jappend(vals, isnan(v) ? json_null() : json_real(v));
				jappend(chg, ch.have ? json_real(ch.pct) : json_null());
				jappend(words, ch.have ? json_string(ch.word) : json_null());
			}
			jput(o, "values", vals);
			jput(o, "change_pct", chg);
			jput(o, "change", words);
			jappend(ms, o);
		}
		jput(p, "metrics", ms);
		jappend(pts, p);
	}
	jput(root, "points", pts);
	return root;
}

/*
 * Loads the files of col[0..ncol-1] and matches every column's documents to
 * the baseline's; refuses (naming them) different points or workloads
 * unless force. Returns 0 or an exit code, the message printed.
 */
static int prepare(struct column *col, unsigned ncol, bool force)
{
	char err[1024];
	int code = 0;

	for (unsigned c = 0; !code && c < ncol; c++) {
		int r = load(&col[c], err, sizeof(err));

		if (r) {
			fprintf(stderr, "iobench compare: %s\n", err);
			code = r == -ENOMEM ? EXIT_RUN_FAILED : EXIT_BAD_INPUT;
		}
	}
	for (unsigned c = 1; !code && c < ncol; c++) {
		unsigned got;

		if (match(&col[0], &col[c], &got)) {
			fprintf(stderr, "iobench compare: out of memory\n");
			return EXIT_RUN_FAILED;
		}
		if (got < col[0].set.n && (col[0].set.n > 1 || col[c].set.n > 1) && !force) {
			fprintf(stderr, "iobench compare: %s and %s hold different points (%u of %u "
				"match by block size, queue depth, threads, write percentage and "
				"pattern); --force compares those that match\n", col[0].file,
				col[c].file, got, col[0].set.n);
			code = EXIT_BAD_INPUT;
		}
		for (unsigned i = 0; !code && i < col[0].set.n; i++) {
			char diff[600];
			int j = col[c].match[i];

			if (j < 0 && col[0].set.n == 1 && col[c].set.n == 1)
				j = col[c].match[i] = 0;	/* one result each: compared as they are */
			if (j < 0)
				continue;
			differences(col[0].docs[i], col[c].docs[j], diff, sizeof(diff));
			if (diff[0] && !force) {
				fprintf(stderr, "iobench compare: %s and %s ran different workloads: %s "
					"(--force compares them anyway)\n", col[0].file, col[c].file,
					diff);
				code = EXIT_BAD_INPUT;
			}
		}
	}
	return code;
}

static void release(struct column *col, unsigned ncol)
{
	for (unsigned c = 0; c < ncol; c++) {
		for (unsigned i = 0; col[c].docs && i < col[c].set.n; i++)
			json_decref(col[c].docs[i]);
		free(col[c].docs);
		free(col[c].match);
		model_set_free(&col[c].set);
	}
}

/*
 * The comparison as an HTML page: the delta table, and when every file holds
 * one run, their series overlaid and what each ran. 0 or an exit code.
 */
static int write_page(const char *path, struct column *col, unsigned ncol)
{
	json_t *data = json_object(), *docs = json_array();
	char title[512], err[1024];
	size_t at = (size_t)snprintf(title, sizeof(title), "iobench compare:");
	bool one = true;

	for (unsigned c = 0; c < ncol; c++) {
		one &= col[c].set.n == 1;
		if (at < sizeof(title))
			at += (size_t)snprintf(title + at, sizeof(title) - at, "%s %s", c ? " vs" : "",
					       col[c].label);
	}
	jput(data, "kind", json_string("compare"));
	jput(data, "compare", compare_json(col, ncol));
	for (unsigned c = 0; one && c < ncol; c++) {
		report_html_slim(col[c].docs[0]);
		jappend(docs, json_incref(col[c].docs[0]));
	}
	jput(data, "docs", docs);
	if (series_oom()) {
		json_decref(data);
		fprintf(stderr, "iobench compare: out of memory\n");
		return EXIT_RUN_FAILED;
	}
	if (report_html_write(path, title, data, err, sizeof(err))) {
		fprintf(stderr, "iobench compare: %s\n", err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

int compare_html(char **files, unsigned n, const char *path)
{
	struct column col[MAX_FILES] = { 0 };
	int code;

	if (n > MAX_FILES) {
		fprintf(stderr, "iobench report: --html compares %u files at most\n", MAX_FILES);
		return EXIT_BAD_INPUT;
	}
	for (unsigned c = 0; c < n; c++)
		col[c].file = files[c];
	code = prepare(col, n, false);
	if (!code)
		code = write_page(path, col, n);
	release(col, n);
	return code;
}

int cmd_compare(int argc, char **argv)
{
	struct column col[MAX_FILES] = { 0 };
	unsigned ncol = 0;
	int fmt = OUT_TEXT, code = 0;
	bool force = false;
	const char *html = NULL;
	char err[1024];

	for (int i = 1; i < argc; i++) {
		const struct option_def *o;
		const char *v;
		char flag[48];
		int got = option_next(argc, argv, &i, FRONT_COMPARE, &o, &v, flag, sizeof(flag), err,
				      sizeof(err));

		if (got == 1 && ncol == MAX_FILES)
			got = errmsg(err, sizeof(err), -EINVAL, "compare: more than %u files",
				     MAX_FILES);
		if (got == 1) {
			col[ncol++].file = argv[i];
			continue;
		}
		if (!got && o->id == O_HELP) {
			usage(stdout);
			return 0;
		}
		if (!got && o->id == O_FORCE)
			force = true;
		if (!got && o->id == O_HTML) {
			html = v;
			got = report_html_check(v, err, sizeof(err));
		}
		if (!got && o->id == O_FORMAT) {
			fmt = !strcmp(v, "text") ? OUT_TEXT : !strcmp(v, "csv") ? OUT_CSV :
			      !strcmp(v, "markdown") || !strcmp(v, "md") ? OUT_MD :
			      !strcmp(v, "json") ? OUT_JSON : -1;
			if (fmt < 0)
				got = errmsg(err, sizeof(err), -EINVAL, "%s%s%s: compare's formats are "
					     "text, csv, markdown and json", flag,
					     flag[1] == '-' ? "=" : "", v);
		}
		if (got) {
			fprintf(stderr, "iobench compare: %s\n", err);
			return EXIT_BAD_INPUT;
		}
	}
	if (ncol < 2) {
		fprintf(stderr, "iobench compare: name two result files or more (the first is the "
			"baseline)\n");
		return EXIT_BAD_INPUT;
	}
	code = prepare(col, ncol, force);
	if (!code && fmt == OUT_JSON) {
		code = series_write_json("-", compare_json(col, ncol));
	} else if (!code && fmt == OUT_CSV) {
		print_csv(stdout, col, ncol);
	} else if (!code) {
		printf("iobench compare: %u results; the baseline is %s (%s)\n\n", ncol,
		       col[0].label, col[0].file);
		for (unsigned i = 0; i < col[0].set.n; i++) {
			char key[160];

			key_of(col[0].docs[i], key, sizeof(key));
			if (col[0].set.n > 1)
				printf("%s%s\n\n", fmt == OUT_MD ? "### " : "point: ", key);
			print_point(stdout, fmt, col, ncol, i);
			printf("\n");
		}
		printf("Change: against %s. Within noise: inside the larger of the two runs' spread "
		       "from interval to interval (IOPS, MB/s, mean latency).\n", col[0].label);
	}
	if (!code && fflush(stdout)) {
		fprintf(stderr, "iobench compare: cannot write the comparison\n");
		code = EXIT_RUN_FAILED;
	}
	if (!code && html)
		code = write_page(html, col, ncol);
	release(col, ncol);
	return code;
}
