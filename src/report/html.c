/* SPDX-License-Identifier: MIT */
/*
 * html.c: the HTML report, one self-contained page. It holds the JSON
 * documents it shows, the chart library (Dygraphs, from Debian's
 * libjs-dygraphs, embedded at build time: the Makefile's gen/html_assets.c)
 * and its own script and style (report/html/), so that it opens offline
 * from disk. The page's script builds every section from the documents.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/memfile.h"
#include "report/report.h"
#include "platform/outfile.h"
#include "version.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* gen/html_assets.c */
extern const char html_lib_js[], html_lib_css[], html_own_js[], html_own_css[];
extern const size_t html_lib_js_len, html_lib_css_len, html_own_js_len, html_own_css_len;

int report_html_available(char *err, size_t len)
{
	if (html_lib_js_len)
		return 0;
	return errmsg(err, len, -ENOTSUP, "this iobench was built without the HTML report's chart "
		      "library (Debian's libjs-dygraphs, which scripts/setup installs): install it and "
		      "build again");
}

/* Text into HTML: the five characters that could be markup, escaped (a backslash stays one). */
static void put_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
	}
}

int report_html_check(const char *path, char *err, size_t len)
{
	int r = report_html_available(err, len);

	return r ? r : outfile_check(path, err, len) ? -EINVAL : 0;
}

int report_html_page(FILE *f, const char *title, json_t *data)
{
	char *text;

	if (!data)
		return -ENOMEM;
	if (!html_lib_js_len) {
		json_decref(data);
		return -ENOTSUP;
	}
	text = json_dumps(data, JSON_COMPACT | JSON_REAL_PRECISION(12) | JSON_PRESERVE_ORDER);
	json_decref(data);
	if (!text)
		return -ENOMEM;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"iobench " IOBENCH_VERSION "\">\n<title>", f);
	put_escaped(f, title);
	fputs("</title>\n<style>\n", f);
	fwrite(html_lib_css, 1, html_lib_css_len, f);
	fputs("</style>\n<style>\n", f);
	fwrite(html_own_css, 1, html_own_css_len, f);
	fputs("</style>\n</head>\n<body>\n<noscript>This report draws its tables and charts with "
	      "JavaScript: allow it for this file, or read the same figures in the JSON document "
	      "(iobench report FILE.json).</noscript>\n<main id=\"report\"></main>\n"
	      "<script type=\"application/json\" id=\"iobench-data\">", f);
	/* '<' only stands in JSON's strings: as \u003c no "</script>" or "<!--" can end the element */
	for (const char *p = text; *p; p++)
		if (*p == '<')
			fputs("\\u003c", f);
		else
			fputc(*p, f);
	free(text);
	fputs("</script>\n<script>\n", f);
	fwrite(html_lib_js, 1, html_lib_js_len, f);
	fputs("\n</script>\n<script>\n", f);
	fwrite(html_own_js, 1, html_own_js_len, f);
	fputs("</script>\n</body>\n</html>\n", f);
	return ferror(f) ? -EIO : 0;
}

int report_html_write(const char *path, const char *title, json_t *data, char *err, size_t len)
{
	struct outfile o;
	int r, rr;

	if (!strcmp(path, "-")) {
		r = report_html_page(stdout, title, data);
		if (!r && outfile_flush_stdout(stdout, err, len))
			return -EIO;
		return r ? errmsg(err, len, r, "cannot write the HTML report to stdout: %s",
				  r == -ENOMEM ? "out of memory" : strerror(-r)) : 0;
	}
	r = outfile_open(&o, path, err, len);
	if (r) {
		json_decref(data);
		return r;
	}
	rr = report_html_page(o.f, title, data);
	if (rr && !o.werr) {
		outfile_abort(&o);
		return errmsg(err, len, rr, "cannot write '%s': %s", path,
			      rr == -ENOMEM ? "out of memory" : strerror(-rr));
	}
	return outfile_commit(&o, err, len);
}

void report_html_slim(json_t *doc)
{
	json_object_del(doc, "model");
	json_object_del(json_object_get(doc, "series"), "threads");
}

/* A section of options as written, "[name]" and a line each. */
static void put_section(FILE *f, const char *name, const struct written_opt *o, unsigned n)
{
	fprintf(f, "[%s]\n", name);
	for (unsigned i = 0; i < n; i++)
		fprintf(f, "%s%s%s\n", o[i].key, o[i].val ? "=" : "", o[i].val ? o[i].val : "");
}

/* A job file's run: its options as written (the global ones, the command line's first), or NULL. */
static char *job_file_text(const struct workload *w)
{
	struct memfile m;
	FILE *f;

	if (!w->njobs || !w->jobs[0].name)
		return NULL;
	f = memfile_open(&m);
	if (!f)
		return NULL;
	if (w->nglobal_written)
		put_section(f, "global", w->global_written, w->nglobal_written);
	for (unsigned j = 0; j < w->njobs; j++)
		put_section(f, w->jobs[j].name, w->jobs[j].written, w->jobs[j].nwritten);
	return memfile_close(&m) ? NULL : m.text;
}

/*
 * A run's document as the page holds it (report_html_slim()), with a job
 * file's options as written, for "what ran".
 */
static json_t *page_doc(const struct workload *w, const struct result *res)
{
	json_t *d = report_json_doc(w, res);
	char *jobs = job_file_text(w);

	report_html_slim(d);
	if (d && jobs && json_object_set_new(d, "job_file", json_string(jobs))) {
		json_decref(d);
		d = NULL;
	}
	free(jobs);
	return d;
}

/* The page's title: the first run's label, else a job file's job names, else the targets. */
static void title_of(const struct workload *w, unsigned n, char *buf, size_t len)
{
	size_t at = (size_t)snprintf(buf, len, "iobench: %s", w->label ? w->label : "");
	bool named = w->njobs && w->jobs[0].name;

	for (unsigned g = 0; !w->label && named && g < n; g++)
		for (unsigned j = 0; j < w[g].njobs && w[g].jobs[j].name && at < len; j++)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", g || j ? ", " : "",
					       w[g].jobs[j].name);
	for (unsigned i = 0; !w->label && !named && i < w->ntargets && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "", w->targets[i].path);
}

/* The page's data of n runs, and its title; NULL when out of memory. */
static json_t *groups_data(const struct workload *w, const struct result *res, unsigned n,
			   char *title, size_t len)
{
	json_t *data = json_pack("{s:s, s:[]}", "kind", "result", "docs");
	json_t *docs = data ? json_object_get(data, "docs") : NULL;

	for (unsigned i = 0; docs && i < n; i++) {
		json_t *d = page_doc(&w[i], &res[i]);

		if (!d || json_array_append_new(docs, d)) {
			json_decref(data);
			return NULL;
		}
	}
	title_of(w, n, title, len);
	return data;
}

int report_html_groups(FILE *f, const struct workload *w, const struct result *res, unsigned n)
{
	char title[512];
	json_t *data = groups_data(w, res, n, title, sizeof(title));

	return report_html_page(f, title, data);
}

int report_html_groups_write(const char *path, const struct workload *w, const struct result *res,
			     unsigned n, char *err, size_t len)
{
	char title[512];
	json_t *data = groups_data(w, res, n, title, sizeof(title));

	return report_html_write(path, title, data, err, len);
}

int report_html(FILE *f, const struct workload *w, const struct result *res)
{
	return report_html_groups(f, w, res, 1);
}
