/* SPDX-License-Identifier: MIT */
/*
 * steady_cmd.c: --steady-state. The workload runs in rounds, each one whole
 * run of it as given (its -d or --ios, its -W) on the same targets, through
 * cmd/series.h as a preset's runs go: a file it creates is made and filled
 * by the first round and removed at the end unless --keep. After each round
 * the last `window` rounds are judged (stats/steady.h: SNIA's PTS 2.0.2,
 * 2.1.24); the rounds stop at the first steady window, or after the last
 * round, or at Ctrl-C. Then a table of the rounds and the verdict, printed
 * from the series document (kind "steady-state", with its steady_state
 * object), which -Rjson and --json write and `iobench report` reads back.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/series.h"
#include "cmd/steady_cmd.h"
#include "job/cmdline.h"
#include "platform/outfile.h"
#include "stats/steady.h"
#include "util/errmsg.h"
#include "util/banned.h"

static const char *const track_name[] = { "none", "iops", "bw", "latency" };
static const char *const track_unit[] = { "", "IOPS", "MiB/s", "us" };

/* What the rounds found, for the document. */
struct steady_outcome {
	const struct workload *w;
	double *fig;		/* the figure tracked of each round measured whole */
	unsigned n;
	bool judged;		/* a window was judged: win holds the last one */
	struct steady_window win;
};

static double tracked(unsigned track, const struct point_figs *f)
{
	return track == SS_BW ? f->mibs : track == SS_LATENCY ? f->mean_us : f->iops;
}

/* The next round: the command line parsed anew; the files an earlier round made, as they are. */
static int add_round(struct series *s, int argc, char **argv, char *err, size_t len)
{
	struct series_point *pt;
	enum cmd_action action;
	char label[32];
	int r;

	snprintf(label, sizeof(label), "round %u", s->n + 1);
	pt = series_add(s, label);
	if (!pt)
		return errmsg(err, len, -ENOMEM, "out of memory");
	pt->row = s->n;	/* its round, from 1 */
	r = cmdline_parse(argc, argv, &pt->w, &action, err, len);
	if (r)
		return r;
	series_reuse_files(s, s->n - 1);
	pt->w.keep = true;	/* the series removes what the first round made, unless --keep */
	return 0;
}

/* A number, or null when it is not one (the excursions of an average of 0). */
static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *outcome_json(const struct steady_outcome *o)
{
	json_t *ss = json_object(), *rounds = json_array(), *wr;
	const struct steady_window *w = o->judged ? &o->win : NULL;

	for (unsigned i = 0; i < o->n; i++)
		jappend(rounds, json_real(o->fig[i]));
	jput(ss, "source", json_string("SNIA SSS PTS 2.0.2, 2.1.24"));
	jput(ss, "tracked", json_string(track_name[o->w->ss_track]));
	jput(ss, "unit", json_string(track_unit[o->w->ss_track]));
	jput(ss, "window", json_integer(o->w->ss_window));
	jput(ss, "max_rounds", json_integer(o->w->ss_rounds));
	jput(ss, "data_limit_pct", json_real(STEADY_DATA_LIMIT_PCT));
	jput(ss, "slope_limit_pct", json_real(STEADY_SLOPE_LIMIT_PCT));
	jput(ss, "rounds", rounds);
	jput(ss, "reached", json_boolean(w && w->steady));
	jput(ss, "round", w && w->steady ? json_integer(w->last) : json_null());
	wr = w ? json_pack("[I, I]", (json_int_t)w->first, (json_int_t)w->last) : json_null();
	jput(ss, "window_rounds", wr);
	jput(ss, "average", w ? json_real(w->avg) : json_null());
	jput(ss, "min", w ? json_real(w->min) : json_null());
	jput(ss, "max", w ? json_real(w->max) : json_null());
	jput(ss, "slope", w ? json_real(w->slope) : json_null());
	jput(ss, "intercept", w ? json_real(w->intercept) : json_null());
	jput(ss, "data_excursion_pct", w ? jnum(w->data_pct) : json_null());
	jput(ss, "slope_excursion_pct", w ? jnum(w->slope_pct) : json_null());
	return json_pack("{s:o}", "steady_state", ss);
}

/* The rounds, until a steady window, the last round, Ctrl-C or a failure. */
static void run_rounds(struct series *s, struct steady_outcome *o, int argc, char **argv)
{
	const struct workload *w = o->w;
	char err[1200];

	for (unsigned i = 0;; i++) {
		const struct series_point *p;
		bool stop;

		if (i && add_round(s, argc, argv, err, sizeof(err))) {
			fprintf(stderr, "iobench steady-state: %s\n", err);
			s->code = EXIT_RUN_FAILED;
			return;
		}
		stop = series_run(s, i) != 0;
		p = &s->pts[i];
		if (!p->ran || p->partial)
			return;
		o->fig[o->n++] = tracked(w->ss_track, &p->f[FIG_TOTAL]);
		if (!series_point_ns(&p->w))	/* count-based: the ETA of the most rounds, by these */
			s->planned_ns = s->done_ns / o->n * w->ss_rounds;
		if (o->n >= w->ss_window) {
			steady_check(o->fig, o->n, w->ss_window, STEADY_DATA_LIMIT_PCT,
				     STEADY_SLOPE_LIMIT_PCT, &o->win);
			o->judged = true;
		}
		if (stop || (o->judged && o->win.steady) || o->n == w->ss_rounds)
			return;
	}
}

/* The table and verdict, or -Rjson's document; then --json. The exit status. */
static int report_rounds(struct series *s, const struct steady_outcome *o, int code)
{
	const struct workload *w = o->w;
	int r;

	if (w->json_stdout) {
		r = series_write_json("-", series_json(s, outcome_json(o)));
	} else {
		json_t *doc = series_json(s, outcome_json(o));

		r = doc && !series_oom() ? steady_print(stdout, doc) : -ENOMEM;
		json_decref(doc);
		if (r)
			fprintf(stderr, "iobench: cannot write the report: %s\n", strerror(-r));
		r = r ? EXIT_RUN_FAILED : 0;
	}
	code = code ? code : r;
	if (w->json_path) {
		r = series_write_json(w->json_path, series_json(s, outcome_json(o)));
		code = code ? code : r;
	}
	return code;
}

int steady_run(const struct workload *w, int argc, char **argv)
{
	struct series s = { .kind = "steady-state" };
	struct steady_outcome o = { .w = w };
	char err[1200];
	int code = 0;

	if (w->json_path && outfile_check(w->json_path, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		return EXIT_BAD_INPUT;
	}
	o.fig = calloc(w->ss_rounds, sizeof(*o.fig));
	s.cmdline = cmdline_join(argc, argv);
	s.docs = w->json_path || w->json_stdout;
	s.keep = w->keep;
	s.quiet = w->quiet;
	snprintf(s.name, sizeof(s.name), "%s", track_name[w->ss_track]);
	if (!o.fig || !s.cmdline) {
		fprintf(stderr, "iobench: out of memory\n");
		code = EXIT_RUN_FAILED;
		goto out;
	}
	if (add_round(&s, argc, argv, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		code = EXIT_BAD_INPUT;
		goto out;
	}
	code = series_precheck(&s);
	if (code)
		goto out;
	s.planned = w->ss_rounds;
	s.planned_ns = series_point_ns(&s.pts[0].w) * w->ss_rounds;
	if (!s.quiet)
		fprintf(stderr, "iobench steady-state: at most %u rounds, until %s is steady over "
			"the last %u (SNIA PTS 2.0.2)\n", w->ss_rounds, track_name[w->ss_track],
			w->ss_window);
	series_begin(&s);
	run_rounds(&s, &o, argc, argv);
	series_end(&s);
	code = report_rounds(&s, &o, s.code);
out:
	series_free(&s);
	free(o.fig);
	return code;
}

bool steady_doc(json_t *doc)
{
	const char *schema = json_string_value(json_object_get(doc, "schema"));
	const char *kind = json_string_value(json_object_get(doc, "kind"));

	return schema && kind && !strcmp(schema, "iobench/series") && !strcmp(kind, "steady-state") &&
	       json_is_object(json_object_get(doc, "steady_state"));
}

static double num(json_t *o, const char *key)
{
	return json_number_value(json_object_get(o, key));
}

/* One row a round: IOPS, MiB/s, mean latency; the tracked column marked, the window's rounds too. */
static void print_table(FILE *f, json_t *doc, json_t *ss)
{
	const char *t = json_string_value(json_object_get(ss, "tracked")) ?: "";
	json_t *pts = json_object_get(doc, "points"), *p, *wr = json_object_get(ss, "window_rounds");
	json_int_t first = json_integer_value(json_array_get(wr, 0));
	json_int_t last = json_integer_value(json_array_get(wr, 1));
	size_t i;

	fprintf(f, "round | %11s | %10s | %16s\n", !strcmp(t, "iops") ? "IOPS*" : "IOPS",
		!strcmp(t, "bw") ? "MiB/s*" : "MiB/s",
		!strcmp(t, "latency") ? "mean lat (us)*" : "mean lat (us)");
	fprintf(f, "-----------------------------------------------------\n");
	json_array_foreach(pts, i, p) {
		json_t *tot = json_object_get(p, "total");
		json_int_t round = (json_int_t)i + 1;

		fprintf(f, "%5lld | %11.2f | %10.2f | %16.1f%s%s\n", (long long)round,
			num(tot, "iops"), num(tot, "mib_per_s"), num(tot, "lat_mean_us"),
			wr && round >= first && round <= last ? "  <" : "",
			json_is_true(json_object_get(p, "partial")) ? "  PARTIAL" : "");
	}
	fprintf(f, "\n* the figure tracked (of reads and writes together)%s\n",
		json_is_array(wr) ? "; < the last window judged" : "");
}

/* "data excursion 1.20% of it (at most 20%), slope excursion ...": the last window's figures. */
static void print_window(FILE *f, json_t *ss, const char *unit)
{
	json_t *dx = json_object_get(ss, "data_excursion_pct");
	json_t *sx = json_object_get(ss, "slope_excursion_pct");

	if (json_is_number(dx))
		fprintf(f, "data excursion %.2f%% of it (at most %.0f%%), slope excursion %.2f%% "
			"(at most %.0f%%)", json_number_value(dx), num(ss, "data_limit_pct"),
			json_number_value(sx), num(ss, "slope_limit_pct"));
	else
		fprintf(f, "no excursion to measure against an average of 0");
	fprintf(f, ", fit line y = a + b·round with a = %.6g %s, b = %.6g %s a round",
		num(ss, "intercept"), unit, num(ss, "slope"), unit);
}

/* The verdict: steady at round N, or why not. */
static void print_verdict(FILE *f, json_t *doc, json_t *ss)
{
	const char *unit = json_string_value(json_object_get(ss, "unit")) ?: "";
	json_t *wr = json_object_get(ss, "window_rounds");
	size_t n = json_array_size(json_object_get(ss, "rounds"));
	json_int_t first = json_integer_value(json_array_get(wr, 0));
	json_int_t last = json_integer_value(json_array_get(wr, 1));
	bool cut = json_is_true(json_object_get(doc, "interrupted")) ||
		   !json_is_true(json_object_get(doc, "complete"));

	if (json_is_true(json_object_get(ss, "reached"))) {
		fprintf(f, "\nSteady state at round %lld (rounds %lld..%lld): average %.6g %s, ",
			(long long)last, (long long)first, (long long)last, num(ss, "average"), unit);
	} else if (!json_is_array(wr)) {
		fprintf(f, "\nNo steady state: %zu round%s measured whole, fewer than the window's "
			"%lld%s.\n", n, n == 1 ? "" : "s",
			(long long)json_integer_value(json_object_get(ss, "window")),
			cut ? " (the rounds were stopped: Ctrl-C or an error)" : "");
		return;
	} else {
		fprintf(f, "\nNo steady state in %zu rounds%s: the last window's (rounds %lld..%lld) "
			"average %.6g %s, ", n, cut ? " (the rounds were stopped: Ctrl-C or an error)" :
			"", (long long)first, (long long)last, num(ss, "average"), unit);
	}
	print_window(f, ss, unit);
	fprintf(f, ".\n");
}

/* A round of the document: its label, its verdict's warnings (for series_warnings_print). */
static const char *round_label(const void *ctx, size_t i)
{
	return json_string_value(json_object_get(json_array_get(ctx, i), "label")) ?: "";
}

static json_t *round_warnings(const void *ctx, size_t i)
{
	return json_object_get(json_object_get(json_array_get(ctx, i), "result"), "warnings");
}

int steady_print(FILE *f, json_t *doc)
{
	json_t *ss = json_object_get(doc, "steady_state");

	fprintf(f, "iobench steady state (SNIA PTS 2.0.2): %s tracked over a window of %lld rounds, "
		"at most %lld\n\n", json_string_value(json_object_get(ss, "tracked")) ?: "?",
		(long long)json_integer_value(json_object_get(ss, "window")),
		(long long)json_integer_value(json_object_get(ss, "max_rounds")));
	print_table(f, doc, ss);
	print_verdict(f, doc, ss);
	series_warnings_print(f, json_array_size(json_object_get(doc, "points")),
			      &(const struct series_runs){ json_object_get(doc, "points"), round_label,
							   round_warnings });
	if (json_is_true(json_object_get(doc, "interrupted")))
		fprintf(f, "Interrupted: the rounds above are those measured before Ctrl-C.\n");
	return ferror(f) ? -EIO : 0;
}
