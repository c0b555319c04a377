/* SPDX-License-Identifier: MIT */
/*
 * report_cmd.c: `iobench report [-Rtext|-Rjson|-Rfio-json|-Rcsv|-Rxml] FILE...`:
 * the reports of earlier runs, from the model their JSON documents carry
 * (result/model.h): the text a run printed, its JSON document, or fio's
 * layout, or the series as CSV, or DiskSpd's XML results. Nothing is
 * measured and nothing on this machine is looked at.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "cmd/cmd.h"
#include "cmd/series.h"
#include "cmd/steady_cmd.h"
#include "job/options.h"
#include "report/diskspd_xml.h"
#include "report/report.h"
#include "result/model.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "util/banned.h"

enum { FMT_TEXT, FMT_JSON, FMT_FIO_JSON, FMT_FIO_JSON_PLUS, FMT_CSV, FMT_XML };

static void usage(FILE *f)
{
	fprintf(f, "usage: iobench report [-Rtext|-Rjson|-Rfio-json|-Rfio-json+|-Rcsv|-Rxml] [--html=FILE] FILE.json...\n"
		"  Prints the report of each run again, from the JSON document it wrote\n"
		"  (--json=FILE, -Rjson; a job file's array of documents): the text report\n"
		"  (default), the JSON document, fio's JSON layout (-Rfio-json, -Rfio-json+\n"
		"  with the latency bins of fio's json+), the interval series as CSV (-Rcsv,\n"
		"  as --series-csv wrote it), or DiskSpd's XML results (-Rxml, as the DiskSpd\n"
		"  command line's -Rxml printed them: of one run).\n"
		"  --html=FILE also writes the HTML report: of one run (or a job file's groups,\n"
		"  a preset, a sweep), or of several files side by side (as compare --html).\n"
		"  FILE - reads stdin.\n");
	option_usage(f, FRONT_REPORT);
}

static int format_of(const char *v)
{
	return !strcmp(v, "text") ? FMT_TEXT : !strcmp(v, "json") ? FMT_JSON :
	       !strcmp(v, "fio-json") ? FMT_FIO_JSON : !strcmp(v, "fio-json+") ? FMT_FIO_JSON_PLUS :
	       !strcmp(v, "csv") ? FMT_CSV : !strcmp(v, "xml") ? FMT_XML : -1;
}

/* Every document of every file, in order, into one set. */
static int load_all(char **files, int n, struct model_set *all)
{
	char err[1024];

	memset(all, 0, sizeof(*all));
	for (int i = 0; i < n; i++) {
		struct model_set s;
		struct workload *w;
		struct result *res;

		if (model_load(files[i], &s, err, sizeof(err))) {
			fprintf(stderr, "iobench report: %s\n", err);
			return -1;
		}
		w = realloc(all->w, (all->n + s.n) * sizeof(*w));
		if (w)
			all->w = w;
		res = w ? realloc(all->res, (all->n + s.n) * sizeof(*res)) : NULL;
		if (res)
			all->res = res;
		if (!w || !res) {
			model_set_free(&s);
			fprintf(stderr, "iobench report: out of memory\n");
			return -1;
		}
		memcpy(all->w + all->n, s.w, s.n * sizeof(*w));
		memcpy(all->res + all->n, s.res, s.n * sizeof(*res));
		all->n += s.n;
		all->array |= s.array || n > 1;
		free(s.w);
		free(s.res);
	}
	return 0;
}

static int print(int fmt, const struct model_set *all, bool one_document)
{
	int r = 0;

	if (fmt == FMT_XML)	/* one run, or the TimeSpans of an XML profile */
		return diskspd_results_xml_spans(stdout, all->w, all->res, all->n);

	if (fmt == FMT_FIO_JSON || fmt == FMT_FIO_JSON_PLUS)
		return report_fio_json(stdout, all->w, all->res, all->n, fmt == FMT_FIO_JSON_PLUS);
	if (fmt == FMT_CSV && !one_document)	/* a job file's groups: as it wrote them */
		return report_series_csv_groups(stdout, all->w, all->res, all->n);
	if (fmt == FMT_JSON && !one_document)
		return report_json_array(stdout, all->w, all->res, all->n);
	for (unsigned i = 0; !r && i < all->n; i++)
		r = (fmt == FMT_TEXT ? report_text : fmt == FMT_CSV ? report_series_csv : report_json)(
			stdout, &all->w[i], &all->res[i]);
	return r;
}

/* The runs of one file as the HTML report: a preset's or a sweep's page, else each run's. */
static int write_html(const char *path, const char *file, const struct model_set *all)
{
	json_t *doc = json_load_file(file, 0, NULL);
	const char *schema = json_string_value(json_object_get(doc, "schema"));
	char err[1024];
	int r;

	if (schema && !strcmp(schema, "iobench/series"))
		return series_write_html(path, doc);
	json_decref(doc);
	r = report_html_groups_write(path, all->w, all->res, all->n, err, sizeof(err));
	if (r)
		fprintf(stderr, "iobench report: %s\n", err);
	return r ? EXIT_RUN_FAILED : 0;
}

/*
 * A steady-state run's document (--steady-state's JSON): its rounds' table and
 * verdict again (text), the document checked as every one is; its HTML page is
 * refused. -1: not one, or another format (each round's report).
 */
static int report_steady(const char *file, bool text, const char *html)
{
	json_t *doc = strcmp(file, "-") ? json_load_file(file, 0, NULL) : NULL;
	struct model_set all;
	char *files[1] = { (char *)file };
	char err[256];
	int r;

	if (!steady_doc(doc) || (!text && !html)) {	/* -Rjson, -Rfio-json...: each round's */
		json_decref(doc);
		return -1;
	}
	if (html) {
		fprintf(stderr, "iobench report: --html: the page of a steady-state run's rounds is "
			"not there yet (docs/steady-state.md)\n");
		json_decref(doc);
		return EXIT_BAD_INPUT;
	}
	r = load_all(files, 1, &all);
	model_set_free(&all);
	if (!r)
		r = steady_print(stdout, doc);
	json_decref(doc);
	if (r == -1)
		return EXIT_BAD_INPUT;
	if (r) {
		fprintf(stderr, "iobench report: cannot write the report\n");
		return EXIT_RUN_FAILED;
	}
	if (outfile_flush_stdout(stdout, err, sizeof(err))) {
		fprintf(stderr, "iobench report: %s\n", err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct model_set all;
	char err[256];
	char **files = calloc((size_t)argc, sizeof(*files));
	int fmt = FMT_TEXT, i, r, code = 0, nfiles = 0;
	bool one_document, job_file = false;
	const char *html = NULL;

	if (!files) {
		fprintf(stderr, "iobench report: out of memory\n");
		return EXIT_RUN_FAILED;
	}
	for (i = 1; i < argc; i++) {
		const struct option_def *o;
		const char *v;
		char flag[48], why[256];
		int got = option_next(argc, argv, &i, FRONT_REPORT, &o, &v, flag, sizeof(flag), why,
				      sizeof(why));

		if (got == 1) {
			files[nfiles++] = argv[i];
			continue;
		}
		if (!got && o->id == O_HELP) {
			usage(stdout);
			free(files);
			return 0;
		}
		if (!got && o->id == O_HTML) {
			html = v;
			if (!(got = report_html_check(v, why, sizeof(why))))
				continue;
		}
		if (!got && (fmt = format_of(v)) < 0)
			got = errmsg(why, sizeof(why), -EINVAL, "%s%s%s: the formats are text, json, "
				     "fio-json, csv and xml", flag, flag[1] == '-' ? "=" : "", v);
		if (got) {
			fprintf(stderr, "iobench report: %s\n", why);
			free(files);
			return EXIT_BAD_INPUT;
		}
	}
	if (!nfiles) {
		fprintf(stderr, "iobench report: name the JSON result file(s) to report\n");
		usage(stderr);
		free(files);
		return EXIT_BAD_INPUT;
	}
	if (nfiles == 1 && (code = report_steady(files[0], fmt == FMT_TEXT, html)) >= 0) {
		free(files);	/* a steady-state run: its rounds again */
		return code;
	}
	code = 0;
	r = load_all(files, nfiles, &all);
	if (r) {
		free(files);
		model_set_free(&all);
		return EXIT_BAD_INPUT;
	}
	for (unsigned k = 0; fmt == FMT_XML && k < all.n; k++) {
		/* as -Rxml printed it, whatever the run printed: its Profile says xml */
		all.w[k].xml_stdout = true;
		all.w[k].json_stdout = false;
		if (all.w[k].njobs && all.w[k].jobs[0].name)
			job_file = true;
	}
	/* one run's document stays one document; a job file's groups, or several files, an array */
	one_document = all.n == 1 && !all.array;
	if (fmt == FMT_XML && (nfiles > 1 || job_file)) {
		fprintf(stderr, "iobench report: -Rxml: DiskSpd's XML results are of one run of the "
			"DiskSpd command line (or of an XML profile's TimeSpans); %s\n",
			job_file ? "this is a job file's run" : "name one file, not several");
		free(files);
		model_set_free(&all);
		return EXIT_BAD_INPUT;
	}
	r = print(fmt, &all, one_document);
	if (r) {
		fprintf(stderr, "iobench report: cannot write the report: %s\n", strerror(-r));
		code = EXIT_RUN_FAILED;
	}
	if (outfile_flush_stdout(stdout, err, sizeof(err))) {
		fprintf(stderr, "iobench report: %s\n", err);
		code = EXIT_RUN_FAILED;
	}
	if (!code && html)	/* several files: side by side, as iobench compare --html */
		code = nfiles > 1 ? compare_html(files, (unsigned)nfiles, html) :
				    write_html(html, files[0], &all);
	free(files);
	model_set_free(&all);
	return code;
}
