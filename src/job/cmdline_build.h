/* SPDX-License-Identifier: MIT */
/*
 * cmdline_build.h: a workload built from DiskSpd's switches given one at a
 * time, as the command line (cmdline.h) reads them: the way an XML
 * profile's TimeSpan means what its command line means.
 */
#ifndef IOB_CMDLINE_BUILD_H
#define IOB_CMDLINE_BUILD_H

#include <stddef.h>

#include "job/cmdline_action.h"
#include "job/workload.h"

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

#endif
