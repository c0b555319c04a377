/* SPDX-License-Identifier: MIT */
/*
 * cmdline_action.h: what a DiskSpd command line asks for besides its
 * workload (a run, the help, the version, the workload printed), as the
 * command line, its switches and a profile's extra switches report it.
 */
#ifndef IOB_CMDLINE_ACTION_H
#define IOB_CMDLINE_ACTION_H

enum cmd_action {
	CMD_RUN,
	CMD_HELP,
	CMD_VERSION,
	CMD_PRINT,	/* print the effective workload, run nothing (-Rp, --print-workload) */
};

#endif
