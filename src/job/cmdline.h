/* SPDX-License-Identifier: MIT */
/*
 * cmdline.h: DiskSpd's command line, with DiskSpd's meanings, turned into a
 * struct workload. Values are attached as DiskSpd writes them (-b8K, -r4k,
 * -Sh); every short flag has a long form (--block-size=8K). A Unicode dash
 * pasted from a web page counts as '-'.
 */
#ifndef IOB_CMDLINE_H
#define IOB_CMDLINE_H

#include <stddef.h>
#include <stdio.h>

#include "job/options.h"
#include "job/workload.h"

enum cmd_action {
	CMD_RUN,
	CMD_HELP,
	CMD_VERSION,
	CMD_PRINT,	/* print the effective workload, run nothing (-Rp, --print-workload) */
};

/*
 * Parses argv[1..argc-1] into w (which must be zeroed). On success returns 0
 * and sets *action; w then holds a complete workload with every default
 * applied (for CMD_RUN). On bad input returns -EINVAL with one message in err
 * naming the bad part; w may hold partial allocations: workload_release() it.
 */
int cmdline_parse(int argc, char **argv, struct workload *w,
		  enum cmd_action *action, char *err, size_t errlen);

/*
 * The same, with DiskSpd's -X<profile.xml> too: one workload per TimeSpan of
 * the profile, to run in order (*spans, *n: one workload without -X). With
 * -X, the command line gives only what DiskSpd lets it give beside a
 * profile (-d -W -C -R -v -z, the targets for the template paths *1, *2,
 * ..., and iobench's own long options); see docs/cli.md. Returns as
 * cmdline_parse() does; *spans holds what was built, even on error (the
 * caller frees it with cmdline_spans_free()).
 */
int cmdline_parse_spans(int argc, char **argv, struct workload **spans, unsigned *n,
			enum cmd_action *action, char *err, size_t errlen);
void cmdline_spans_free(struct workload *spans, unsigned n);

/*
 * DiskSpd's switches applied one at a time, each as the command line applies
 * it: the XML profile reader (xmlprofile.h) builds a TimeSpan's workload this
 * way, so that a profile means what its command line means. A build starts
 * from DiskSpd's defaults. A switch ("-b8K", "-Sh", "--engine=null") applies
 * to the run, or to the target being built; cmdline_build_target() checks
 * that target's switches together, as the command line checks its targets',
 * and appends it with path; the next target starts from the defaults again.
 * cmdline_build_finish() completes w as cmdline_parse() does. Each returns 0
 * or -EINVAL (-ENOMEM) with the command line's message in the err given to
 * cmdline_build_new(); w may then hold partial allocations: workload_release()
 * it. cmdline_build_new() returns NULL when out of memory.
 */
struct cmdline_build;
struct cmdline_build *cmdline_build_new(struct workload *w, char *err, size_t errlen);
/* action (or NULL) is set by the switches that ask for one: -Rp, --help, ... */
int cmdline_build_switch(struct cmdline_build *b, const char *arg, enum cmd_action *action);
int cmdline_build_target(struct cmdline_build *b, const char *path);
/*
 * A profile's <Weight> and <ThreadTargets> of the target being built (no
 * command-line form; they apply with -O): tt is copied.
 */
int cmdline_build_weight(struct cmdline_build *b, unsigned weight,
			 const struct thread_target *tt, unsigned ntt);
int cmdline_build_finish(struct cmdline_build *b);
void cmdline_build_free(struct cmdline_build *b);

/* A target's path as the command line takes it: not another platform's. Returns 0 or -EINVAL. */
int cmdline_check_path(const char *path, char *err, size_t len);

/* argv joined with spaces, for a report's "Command Line:" (malloc'd; NULL when out of memory). */
char *cmdline_join(int argc, char **argv);

/* Prints the help text. */
void cmdline_usage(FILE *f);

#endif
