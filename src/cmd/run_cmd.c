/* SPDX-License-Identifier: MIT */
/* run_cmd.c: parse a DiskSpd-style command line, run it, print the report. */
#include <errno.h>
#include <stdio.h>

#include "cmd/cmd.h"
#include "core/run.h"
#include "job/cmdline.h"
#include "report/report.h"
#include "version.h"

int cmd_run(int argc, char **argv)
{
	struct workload w = { 0 };
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
		else
			printf("iobench %s\n", IOBENCH_VERSION);
		workload_release(&w);
		return 0;
	}
	r = run_execute(&w, &res, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		run_result_release(&res);
		workload_release(&w);
		return r == -EINVAL ? EXIT_BAD_INPUT : r == -EINTR ? EXIT_INTERRUPTED
								     : EXIT_RUN_FAILED;
	}
	report_text(stdout, &w, &res);
	fflush(stdout);
	if (res.failed)
		fprintf(stderr, "iobench: %s\n", res.error);
	code = res.failed ? EXIT_RUN_FAILED : res.interrupted ? EXIT_INTERRUPTED : 0;
	run_result_release(&res);
	workload_release(&w);
	return code;
}
