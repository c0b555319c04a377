/* SPDX-License-Identifier: MIT */
/* run_cmd.c: parse a DiskSpd-style command line, run it, print the report. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "core/run.h"
#include "job/cmdline.h"
#include "report/diskspd_xml.h"
#include "report/report.h"
#include "util/errmsg.h"
#include "util/outfile.h"
#include "version.h"
#include "util/banned.h"

/* Checks the output files named on the command line before any I/O: a bad path is bad input. */
static int check_outputs(const struct workload *w)
{
	const char *paths[] = { w->json_path, w->series_csv };
	char err[1024];

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (paths[i] && outfile_check(paths[i], err, sizeof(err))) {
			fprintf(stderr, "iobench: %s\n", err);
			return -1;
		}
	}
	return 0;
}

/* Writes one output file whole (a temporary file renamed into place), or names the failure. */
/* -Rpxml: DiskSpd's profile on stdout, and a notice of what it cannot hold. */
static int print_profile_xml(const struct workload *w)
{
	char out[512];

	diskspd_profile_leaves_out(w, out, sizeof(out));
	if (out[0])
		fprintf(stderr, "iobench: DiskSpd's profile has no place for %s: read back with -X, "
			"it runs without them unless they are given again\n", out);
	if (diskspd_profile_xml(stdout, w, 0) || fflush(stdout)) {
		fprintf(stderr, "iobench: writing the profile to stdout: %s\n", strerror(errno));
		return EXIT_RUN_FAILED;
	}
	return 0;
}

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
	return bad ? EXIT_RUN_FAILED : 0;
}

int cmd_run(int argc, char **argv)
{
	struct workload w = { 0 };
	struct hold hold = { 0 };
	struct result res;
	sigset_t old;
	int held = 0;
	enum cmd_action action;
	char err[1024];
	int r, code;

	r = cmdline_parse(argc, argv, &w, &action, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		workload_release(&w);
		return EXIT_BAD_INPUT;
	}
	if (action != CMD_RUN) {
		code = 0;
		if (action == CMD_HELP)
			cmdline_usage(stdout);
		else if (action == CMD_PRINT && w.xml_stdout)
			code = print_profile_xml(&w);
		else if (action == CMD_PRINT)
			report_workload(stdout, &w);
		else
			printf("iobench %s\n", IOBENCH_VERSION);
		workload_release(&w);
		return code;
	}
	if (check_outputs(&w)) {
		workload_release(&w);
		return EXIT_BAD_INPUT;
	}
	cmd_hold_signals(&old);
	r = run_execute(&w, &hold, &res, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		code = r == -EINVAL ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED
								   : EXIT_RUN_FAILED;
		cmd_release_hold(&hold, w.keep, &code);
		cmd_release_signals(&old);
		result_release(&res);
		workload_release(&w);
		return code;
	}
	/* the files go first: whatever happens while the reports are written, none is left */
	cmd_release_hold(&hold, w.keep, &held);
	res.interrupted |= cmd_release_signals(&old);
	code = write_reports(&w, &res);
	if (!code)
		code = held;
	if (res.failed) {
		fprintf(stderr, "iobench: %s\n", res.error);
		code = EXIT_RUN_FAILED;
	} else if (res.verify.bad) {
		fprintf(stderr, "iobench: %llu blocks failed verification, counted and continued "
			"past; the first: %s\n", (unsigned long long)res.verify.bad, res.verify.first);
		code = EXIT_RUN_FAILED;
	} else if (res.nerrors) {
		fprintf(stderr, "iobench: %llu I/O errors, counted and continued past; the first: %s\n",
			(unsigned long long)res.nerrors, res.error);
		code = EXIT_RUN_FAILED;
	} else if (res.interrupted) {
		if (!res.measured && res.error[0])
			fprintf(stderr, "iobench: %s\n", res.error);
		code = EXIT_INTERRUPTED;
	}
	result_release(&res);
	workload_release(&w);
	return code;
}
