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

int cmd_run(int argc, char **argv)
{
	struct workload w = { 0 };
	struct run_result res;
	enum cmd_action action;
	char err[1024];
	FILE *csv = NULL;
	int r, code = 0;

	r = cmdline_parse(argc, argv, &w, &action, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		workload_release(&w);
		return EXIT_BAD_INPUT;
	}
	if (action != CMD_RUN) {
		if (action == CMD_HELP)
			cmdline_usage(stdout);
		else
			printf("iobench %s\n", IOBENCH_VERSION);
		workload_release(&w);
		return 0;
	}
	if (w.series_csv && !(csv = open_output(w.series_csv))) {
		workload_release(&w);
		return EXIT_BAD_INPUT;
	}
	r = run_execute(&w, &res, err, sizeof(err));
	if (r) {
		if (csv) {
			fclose(csv);
			unlink(w.series_csv);
		}
		fprintf(stderr, "iobench: %s\n", err);
		run_result_release(&res);
		workload_release(&w);
		return r == -EINVAL ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED
								     : EXIT_RUN_FAILED;
	}
	report_text(stdout, &w, &res);
	fflush(stdout);
	if (csv && close_output(csv, w.series_csv, report_series_csv(csv, &w, &res)))
		code = EXIT_RUN_FAILED;
	if (res.failed)
		fprintf(stderr, "iobench: %s\n", res.error);
	if (res.failed)
		code = EXIT_RUN_FAILED;
	else if (res.interrupted)
		code = EXIT_INTERRUPTED;
	run_result_release(&res);
	workload_release(&w);
	return code;
}
