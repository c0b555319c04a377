/* SPDX-License-Identifier: MIT */
/*
 * cmd.h: the subcommands main() dispatches to. Each takes its own argv
 * (argv[0] is the subcommand or program name) and returns the exit status:
 * 0 success, 1 the run failed or was incomplete, 2 bad input (nothing done),
 * 130 interrupted.
 */
#ifndef IOB_CMD_H
#define IOB_CMD_H

#include <signal.h>
#include <stdbool.h>

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
 * SIGINT and SIGTERM are held (blocked; old gets the mask) from before a run
 * until what it holds is released, so a signal in between cannot end
 * iobench with its files left behind. cmd_release_signals() takes any that
 * came (true if one did), has a later one remove the output file being
 * written, and restores the mask.
 */
void cmd_hold_signals(sigset_t *old);
bool cmd_release_signals(const sigset_t *old);

int cmd_run(int argc, char **argv);
int cmd_quick(int argc, char **argv);
int cmd_monitor(int argc, char **argv);
/* `iobench report FILE.json...`: the reports of earlier runs, from their JSON (report_cmd.c). */
int cmd_report(int argc, char **argv);

/* fio job files: `iobench FILE.fio...` or `--job=FILE` (see job_cmd.c). */
int cmd_jobfile(int argc, char **argv);
bool job_cmd_wanted(int argc, char **argv);

#endif
