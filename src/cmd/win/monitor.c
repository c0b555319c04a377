/* SPDX-License-Identifier: MIT */
/*
 * monitor.c: `iobench monitor` on Windows. Linux's reads /proc/diskstats;
 * Windows' counters are Perfmon's (PDH), which this build does not read yet:
 * the command says so and what to run instead.
 */
#include <stdio.h>

#include "cmd/cmd.h"
#include "util/banned.h"

int cmd_monitor(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "iobench monitor: not available on Windows yet; Perfmon's counters show "
		"the same: typeperf \"\\PhysicalDisk(*)\\Disk Transfers/sec\" "
		"\"\\PhysicalDisk(*)\\Avg. Disk sec/Transfer\" (docs/windows.md)\n");
	return EXIT_BAD_INPUT;
}
