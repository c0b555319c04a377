/* SPDX-License-Identifier: MIT */
/*
 * cmd.h: the subcommands main() dispatches to. Each takes its own argv
 * (argv[0] is the subcommand or program name) and returns the exit status:
 * 0 success, 1 the run failed or was incomplete, 2 bad input (nothing done),
 * 130 interrupted.
 */
#ifndef IOB_CMD_H
#define IOB_CMD_H

#include <stdbool.h>

#include "platform/stop.h"

#define EXIT_RUN_FAILED 1
#define EXIT_BAD_INPUT 2
#define EXIT_INTERRUPTED 130

struct hold;
struct notice_ops;

/* The run's notices (core/notice.h) as the commands show them: on stderr. */
extern const struct notice_ops cmd_notices;

/*
 * Releases what a run held, removing the files it created unless keep, and
 * prints every file it could not remove; a removal that failed makes *code
 * EXIT_RUN_FAILED (unless it is already an error).
 */
void cmd_release_hold(struct hold *h, bool keep, int *code);

/*
 * The stops (SIGINT and SIGTERM, Ctrl-C) are held from before a run until
 * what it holds is released, so a stop in between cannot end iobench with
 * its files left behind. cmd_release_signals() takes any that came (true if
 * one did), has a later one remove the output file being written, and ends
 * the hold (platform/stop.h).
 */
void cmd_hold_signals(struct stop_hold *h);
bool cmd_release_signals(struct stop_hold *h);

int cmd_run(int argc, char **argv);
/* The quick suite and `iobench preset NAME` (preset.c); `iobench sweep` (sweep.c). */
int cmd_quick(int argc, char **argv);
int cmd_preset(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
/* `iobench compare A.json B.json...`: results side by side (compare.c). */
int cmd_compare(int argc, char **argv);

/* The HTML page comparing n result files (report's --html with several files). An exit code. */
int compare_html(char **files, unsigned n, const char *path);
int cmd_monitor(int argc, char **argv);
/* `iobench disks [DEVICE...]`: the block devices and what writing each needs (disks.c). */
int cmd_disks(int argc, char **argv);
/* `iobench report FILE.json...`: the reports of earlier runs, from their JSON (report_cmd.c). */
int cmd_report(int argc, char **argv);

/* fio job files: `iobench FILE.fio...` or `--job=FILE` (see job_cmd.c). */
int cmd_jobfile(int argc, char **argv);
bool job_cmd_wanted(int argc, char **argv);

/*
 * The groups of fio job files, or of fio's command line, as cmd_jobfile()
 * would run them (argv as it takes them), with force's "key=value" options
 * applied over every job (a sweep's point); the planner's notices printed
 * when notices. Returns 0, or an exit code with the message printed (plan
 * then holds nothing).
 */
struct fio_plan;
int job_cmd_plan(int argc, char **argv, const char *const *force, unsigned nforce,
		 bool notices, struct fio_plan *plan);

/* --version: the version and what the build has (MPI). */
void cmd_version(void);

#endif
