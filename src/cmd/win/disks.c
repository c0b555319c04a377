/* SPDX-License-Identifier: MIT */
/*
 * disks.c: `iobench disks` on Windows. Linux's lists /sys/class/block and
 * whether a run may write each device; Windows' physical drives and volumes
 * are not targets of this build yet: the command says so.
 */
#include <stdio.h>

#include "cmd/cmd.h"
#include "util/banned.h"

int cmd_disks(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "iobench disks: not available on Windows yet: physical drives and volumes "
		"are not targets of this build (docs/windows.md); Get-Disk and Get-Volume list "
		"them\n");
	return EXIT_BAD_INPUT;
}
