/* SPDX-License-Identifier: MIT */
/* run_cmd.c: parse a DiskSpd-style command line (or -X profile), run it, print the report. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/steady_cmd.h"
#include "core/ranked.h"
#include "core/run.h"
#include "job/cmdline.h"
#include "report/diskspd_xml.h"
#include "report/report.h"
#include "report/xml.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "version.h"
#include "util/banned.h"

/* Checks the output files named on the command line before any I/O: a bad path is bad input. */
static int check_outputs(const struct workload *w)
{
	const char *paths[] = { w->json_path, w->series_csv, w->html_path };
	char err[1024];

	if (w->html_path && report_html_available(err, sizeof(err))) {
		fprintf(stderr, "iobench: --html: %s\n", err);
		return -1;
	}
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (paths[i] && outfile_check(paths[i], err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			return -1;
		}
	}
	return 0;
}

/* -Rpxml: DiskSpd's profile on stdout (a TimeSpan per span), and a notice of what it cannot hold. */
static int print_profile_xml(const struct workload *spans, unsigned n)
{
	char out[512];
	int r;

	for (unsigned i = 0; i < n; i++) {
		if (spans[i].seed > UINT32_MAX) {	/* DiskSpd's <RandSeed> is an xs:unsignedInt */
			fprintf(stderr, "iobench: -Rpxml: the seed %llu is past DiskSpd's 32-bit "
				"<RandSeed>; give -z below 4294967296\n",
				(unsigned long long)spans[i].seed);
			return EXIT_BAD_INPUT;
		}
		for (unsigned t = 0; t < spans[i].ntargets; t++) {
			const char *p = spans[i].targets[t].path, *src = spans[i].targets[t].buf_source_path;

			if (!xml_plain_ok(p) || (src && !xml_plain_ok(src))) {
				fprintf(stderr, "iobench: -Rpxml: the path '%s' is not one a profile gives "
					"back (bytes that are not UTF-8, a control character, or white "
					"space at an end)\n", xml_plain_ok(p) ? src : p);
				return EXIT_BAD_INPUT;
			}
		}
		diskspd_profile_leaves_out(&spans[i], out, sizeof(out));
		if (out[0])
			fprintf(stderr, "iobench: DiskSpd's profile has no place for %s%s: read back with "
				"-X, it runs without them unless they are given again\n", out,
				n > 1 ? " (a TimeSpan's)" : "");
	}
	r = diskspd_profile_xml_spans(stdout, spans, n, 0);
	if (!r && fflush(stdout))
		r = -errno;
	if (r) {
		fprintf(stderr, "iobench: writing the profile to stdout: %s\n", strerror(-r));
		return EXIT_RUN_FAILED;
	}
	return 0;
}

/* Writes one output file whole (a temporary file renamed into place), or names the failure. */
static int write_output(const char *path, const struct workload *w, const struct result *res,
			int (*report)(FILE *, const struct workload *, const struct result *))
{
	struct outfile o;
	char err[1024];
	int r = outfile_open(&o, path, err, sizeof(err)), rr = 0;

	if (!r && (rr = report(o.f, w, res)) && !o.werr) {
		outfile_abort(&o);
		r = errmsg(err, sizeof(err), rr, "cannot write '%s': %s", path,
			   rr == -ENOMEM ? "out of memory" : "the report failed");
	} else if (!r) {
		r = outfile_commit(&o, err, sizeof(err));	/* names a write's failure */
	}
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	return r;
}

/* Writes the reports; returns 0 or EXIT_RUN_FAILED when an output could not be written. */
static int write_reports(const struct workload *w, const struct result *res)
{
	char err[256];
	int bad = 0;

	int r = w->json_stdout ? report_json(stdout, w, res) :
		w->xml_stdout ? diskspd_results_xml(stdout, w, res) : report_text(stdout, w, res);

	if (r) {
		fprintf(stderr, "iobench: cannot write the report: %s\n", strerror(-r));
		bad = 1;
	}
	if (outfile_flush_stdout(stdout, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		bad = 1;
	}
	if (w->json_path)
		bad |= write_output(w->json_path, w, res, report_json) != 0;
	if (w->series_csv)
		bad |= write_output(w->series_csv, w, res, report_series_csv) != 0;
	if (w->html_path)
		bad |= write_output(w->html_path, w, res, report_html) != 0;
	if (w->njobs && w->jobs[0].logs) {	/* --offset-trace */
		struct fio_log_files seen = { 0 };
		uint64_t lost = 0;

		if (report_fio_logs(w, res, 0, &seen, &lost, err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			bad = 1;
		}
		fio_log_files_free(&seen);
		if (lost)
			fprintf(stderr, "iobench: warning: %llu rows of --offset-trace did not fit in "
				"the memory reserved for them and are missing\n",
				(unsigned long long)lost);
	}
	return bad ? EXIT_RUN_FAILED : 0;
}

/* The exit code of a run that took place: its failure, errors or interruption, said. */
static int run_code(const struct result *res, int code)
{
	if (res->failed) {
		fprintf(stderr, "iobench: %s\n", res->error);
		code = EXIT_RUN_FAILED;
	} else if (res->verify.bad) {
		fprintf(stderr, "iobench: %llu blocks failed verification, counted and continued "
			"past; the first: %s\n", (unsigned long long)res->verify.bad, res->verify.first);
		code = EXIT_RUN_FAILED;
	} else if (res->nerrors) {
		fprintf(stderr, "iobench: %llu I/O errors, counted and continued past; the first: %s\n",
			(unsigned long long)res->nerrors, res->error);
		code = EXIT_RUN_FAILED;
	} else if (res->interrupted) {
		if (!res->measured && res->error[0])
			fprintf(stderr, "iobench: %s\n", res->error);
		code = EXIT_INTERRUPTED;
	}
	return code;
}

static int run_one(struct workload *w)
{
	struct hold hold = { 0 };
	struct result res;
	struct stop_hold old;
	int held = 0, r, code;
	char err[1024];

	if (check_outputs(w))
		return EXIT_BAD_INPUT;
	cmd_hold_signals(&old);
	r = run_execute(w, &hold, &res, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		code = r == -EINVAL ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED
								   : EXIT_RUN_FAILED;
		cmd_release_hold(&hold, w->keep, &code);
		cmd_release_signals(&old);
		result_release(&res);
		return code;
	}
	/* the files go first: whatever happens while the reports are written, none is left */
	cmd_release_hold(&hold, w->keep, &held);
	res.interrupted |= cmd_release_signals(&old);
	code = write_reports(w, &res);
	if (!code)
		code = held;
	code = run_code(&res, code);
	result_release(&res);
	return code;
}

/* A JSON array of the spans that ran, their CSV series or their HTML report, into path. */
static int write_spans(const char *path, const struct workload *w, const struct result *res,
		       unsigned ran, int (*report)(FILE *, const struct workload *,
						   const struct result *, unsigned))
{
	struct outfile o;
	char err[1024];
	int r = outfile_open(&o, path, err, sizeof(err)), rr = 0;

	if (!r && (rr = report(o.f, w, res, ran)) && !o.werr) {
		outfile_abort(&o);
		r = errmsg(err, sizeof(err), rr, "cannot write '%s': the report failed", path);
	} else if (!r) {
		r = outfile_commit(&o, err, sizeof(err));
	}
	if (r)
		fprintf(stderr, "iobench: %s\n", err);
	return r;
}

/*
 * The TimeSpans of an XML profile, one after another (as a job file's groups
 * run): each checked before the first runs, each reported as it ends (the
 * text), the JSON an array of them. The files any span created go at the end.
 */
static int run_spans(struct workload *spans, unsigned n)
{
	struct space_plan space = { 0 };
	struct hold hold = { 0 };
	struct result *res = calloc(n, sizeof(*res));
	bool keep = spans[0].keep, json = spans[0].json_stdout, xml = spans[0].xml_stdout;
	unsigned ran = 0;
	struct stop_hold old;
	char err[1024];
	int code = 0, held = 0;

	if (!res) {
		fprintf(stderr, "iobench: out of memory\n");
		return EXIT_RUN_FAILED;
	}
	for (unsigned i = 0; i < n; i++)
		spans[i].keep = true;	/* a later span may use what an earlier one laid down */
	if (check_outputs(&spans[0]))
		code = EXIT_BAD_INPUT;
	for (unsigned i = 0; !code && i < n; i++) {
		if (run_precheck(&spans[i], &hold, &space, err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			code = EXIT_BAD_INPUT;
		}
	}
	space_plan_free(&space);
	cmd_hold_signals(&old);
	for (unsigned i = 0; !code && i < n; i++) {
		int r;

		if (!spans[i].quiet)
			fprintf(stderr, "iobench: TimeSpan %u of %u\n", i + 1, n);
		r = run_execute(&spans[i], &hold, &res[i], err, sizeof(err));
		if (r) {
			fprintf(stderr, "iobench: %s\n", err);
			result_release(&res[i]);
			code = r == -EINVAL && !i ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED :
			       EXIT_RUN_FAILED;
			break;
		}
		ran++;
		if (!json && !xml && (r = report_text(stdout, &spans[i], &res[i]))) {
			fprintf(stderr, "iobench: cannot write the report: %s\n", strerror(-r));
			code = EXIT_RUN_FAILED;
		}
		code = run_code(&res[i], code);
		if (res[i].failed || res[i].interrupted)
			break;
	}
	cmd_release_hold(&hold, keep, &held);
	if (cmd_release_signals(&old) && !code)
		code = EXIT_INTERRUPTED;
	if (!code)
		code = held;
	if (ran && xml && diskspd_results_xml_spans(stdout, spans, res, ran)) {
		fprintf(stderr, "iobench: cannot write the report\n");
		code = EXIT_RUN_FAILED;
	}
	if (ran && json && report_json_array(stdout, spans, res, ran)) {
		fprintf(stderr, "iobench: cannot write the report\n");
		code = EXIT_RUN_FAILED;
	}
	if (outfile_flush_stdout(stdout, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		code = EXIT_RUN_FAILED;
	}
	if (ran && spans[0].json_path &&
	    write_spans(spans[0].json_path, spans, res, ran, report_json_array))
		code = EXIT_RUN_FAILED;
	if (ran && spans[0].series_csv &&
	    write_spans(spans[0].series_csv, spans, res, ran, report_series_csv_groups))
		code = EXIT_RUN_FAILED;
	if (ran && spans[0].html_path &&
	    write_spans(spans[0].html_path, spans, res, ran, report_html_groups))
		code = EXIT_RUN_FAILED;
	for (unsigned i = 0; i < ran; i++)
		result_release(&res[i]);
	free(res);
	return code;
}

int cmd_run(int argc, char **argv)
{
	struct workload *spans;
	enum cmd_action action;
	unsigned n;
	char err[1024];
	int code;

	if (cmdline_parse_spans(argc, argv, &spans, &n, &action, err, sizeof(err))) {
		fprintf(stderr, "iobench: %s\n", err);
		cmdline_spans_free(spans, n);
		return EXIT_BAD_INPUT;
	}
	if (action != CMD_RUN) {
		code = 0;
		if (action == CMD_HELP)
			cmdline_usage(stdout);
		else if (action == CMD_VERSION)
			cmd_version();
		else if (action == CMD_PRINT && spans[0].xml_stdout)
			code = print_profile_xml(spans, n);
		for (unsigned i = 0; action == CMD_PRINT && !spans[0].xml_stdout && i < n; i++) {
			if (n > 1)
				printf("%sTimeSpan %u of %u\n", i ? "\n" : "", i + 1, n);
			report_workload(stdout, &spans[i]);
			placed_print(stdout, &spans[i]);
		}
		cmdline_spans_free(spans, n);
		return code;
	}
	code = n == 1 && spans[0].ss_track ? steady_run(&spans[0], argc, argv) :
	       n == 1 ? run_one(&spans[0]) : run_spans(spans, n);
	cmdline_spans_free(spans, n);
	return code;
}
