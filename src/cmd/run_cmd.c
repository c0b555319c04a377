/* SPDX-License-Identifier: MIT */
/* run_cmd.c: parse a DiskSpd-style command line, run it, print the report. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "core/run.h"
#include "job/cmdline.h"
#include "report/report.h"
#include "version.h"

/* Opens an output file named on the command line before any I/O: a bad path is bad input. */
static FILE *open_output(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		fprintf(stderr, "iobench: cannot write '%s': %s\n", path, strerror(errno));
	return f;
}

static int close_output(FILE *f, const char *path, int r)
{
	if (fclose(f) && !r)
		r = -errno;
	if (r)
		fprintf(stderr, "iobench: cannot write '%s': %s\n", path, strerror(-r));
	return r;
}

/* The outputs named on the command line, opened before the run. */
struct outputs {
	FILE *csv, *json;
};

static int open_outputs(const struct workload *w, struct outputs *o)
{
	if (w->series_csv && !(o->csv = open_output(w->series_csv)))
		return -1;
	if (w->json_path && !(o->json = open_output(w->json_path)))
		return -1;
	return 0;
}

/* Closes the outputs; removes them when the run produced nothing to put there. */
static void discard_outputs(const struct workload *w, struct outputs *o)
{
	if (o->csv) {
		fclose(o->csv);
		unlink(w->series_csv);
	}
	if (o->json) {
		fclose(o->json);
		unlink(w->json_path);
	}
}

/* Writes the reports; returns 0 or EXIT_RUN_FAILED when an output could not be written. */
static int write_reports(const struct workload *w, const struct run_result *res, struct outputs *o)
{
	int bad = 0;

	if (w->json_stdout)
		bad |= report_json(stdout, w, res) != 0;
	else
		report_text(stdout, w, res);
	if (fflush(stdout))
		bad = 1;
	if (o->json)
		bad |= close_output(o->json, w->json_path, report_json(o->json, w, res)) != 0;
	if (o->csv)
		bad |= close_output(o->csv, w->series_csv, report_series_csv(o->csv, w, res)) != 0;
	return bad ? EXIT_RUN_FAILED : 0;
}

int cmd_run(int argc, char **argv)
{
	struct workload w = { 0 };
	struct outputs out = { 0 };
	struct run_result res;
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
		if (action == CMD_HELP)
			cmdline_usage(stdout);
		else if (action == CMD_PRINT)
			report_workload(stdout, &w);
		else
			printf("iobench %s\n", IOBENCH_VERSION);
		workload_release(&w);
		return 0;
	}
	if (open_outputs(&w, &out)) {
		discard_outputs(&w, &out);
		workload_release(&w);
		return EXIT_BAD_INPUT;
	}
	r = run_execute(&w, &res, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		discard_outputs(&w, &out);
		run_result_release(&res);
		workload_release(&w);
		return r == -EINVAL ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED
								     : EXIT_RUN_FAILED;
	}
	code = write_reports(&w, &res, &out);
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
		code = EXIT_INTERRUPTED;
	}
	run_result_release(&res);
	workload_release(&w);
	return code;
}
