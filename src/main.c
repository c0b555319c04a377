/* SPDX-License-Identifier: MIT */
/*
 * main.c: dispatch. "iobench quick ..." and a bare "iobench" run the quick
 * suite, "iobench preset NAME" runs a guide's tests, "iobench sweep" a
 * sweep and its knee, "iobench compare" puts results side by side,
 * "iobench monitor ..." watches device counters, "iobench report ..."
 * prints earlier results again, "iobench disks" lists the devices
 * and what writing each needs; a command naming a
 * .fio job file (or --job=FILE) runs fio job files; anything else is a
 * DiskSpd-style command line. SIGPIPE is ignored: a closed output is an
 * error the run reports (and cleans up after), never a kill. Under mpirun
 * every rank runs the same command (platform/ranks.h).
 */
#include <string.h>

#include "cmd/cmd.h"
#include "core/notice.h"
#include "platform/console.h"
#include "platform/ranks.h"
#include "platform/stop.h"
#include "util/banned.h"

static int dispatch(int argc, char **argv)
{
	static char *quick_here[] = { "quick", NULL };

	if (argc == 1)
		return cmd_quick(1, quick_here);
	if (!strcmp(argv[1], "quick"))
		return cmd_quick(argc - 1, argv + 1);
	if (!strcmp(argv[1], "preset"))
		return cmd_preset(argc - 1, argv + 1);
	if (!strcmp(argv[1], "sweep"))
		return cmd_sweep(argc - 1, argv + 1);
	if (!strcmp(argv[1], "compare"))
		return cmd_compare(argc - 1, argv + 1);
	if (!strcmp(argv[1], "monitor"))
		return cmd_monitor(argc - 1, argv + 1);
	if (!strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	if (!strcmp(argv[1], "disks"))
		return cmd_disks(argc - 1, argv + 1);
	if (job_cmd_wanted(argc, argv))
		return cmd_jobfile(argc, argv);
	return cmd_run(argc, argv);
}

int main(int argc, char **argv)
{
	int code;

	console_init(&argc, &argv);
	/* A reader that goes away (iobench ... | head) makes writes fail, not the run die. */
	stop_ignore_broken_pipe();
	notice_set(&cmd_notices);
	if (ranks_init(&argc, &argv))
		return 2;
	code = dispatch(argc, argv);
	ranks_end();
	return code;
}
