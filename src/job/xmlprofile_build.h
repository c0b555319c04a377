/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile_build.h: a DiskSpd XML profile (xmlprofile.h) turned into
 * workloads, one per TimeSpan, built through the DiskSpd command line's own
 * switches (cmdline_build.h), so that an element means what its switch
 * means and is refused where its switch is, for the switch's reason.
 */
#ifndef IOB_XMLPROFILE_BUILD_H
#define IOB_XMLPROFILE_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "job/cmdline_action.h"
#include "job/workload.h"

struct xprofile;

/* What the DiskSpd command line brings to a profile (see cmdline_parse_spans()). */
#define XP_OWN_DURATION 1u	/* -d given: the profile's <Duration> is not applied */
#define XP_OWN_WARMUP   2u	/* -W */
#define XP_OWN_COOLDOWN 4u	/* -C */
#define XP_OWN_SEED     8u	/* -z */
#define XP_OWN_FORMAT  16u	/* -R: the profile's <ResultFormat> is not applied */
#define XP_OWN_VERBOSE 32u	/* -v: <Verbose> and <VerboseStats> are not applied */
#define XP_COUNT_BASED 64u	/* --ios: a count-based run, without <Duration> or <Cooldown> */

struct xprofile_args {
	char **extra;		/* the command line's switches, applied after the TimeSpan's */
	unsigned nextra;
	char **subst;		/* the command line's targets: *1 is subst[0], ... */
	unsigned nsubst;
	unsigned own;		/* XP_* */
	bool print_only;	/* -Rp: template paths may stay as they are */
	enum cmd_action *action; /* set by the extra switches (-Rp, ...) */
};

/*
 * Builds TimeSpan span of p into w (zeroed): its elements and the profile's
 * as DiskSpd's switches, then a->extra, then each target with its own
 * elements (the path *N replaced by a->subst[N-1]), then the run is
 * completed as cmdline_parse() completes one. Returns 0, or -EINVAL/-ENOMEM
 * with a message in err naming the element; w may hold partial
 * allocations: workload_release() it.
 */
int xprofile_build(const struct xprofile *p, unsigned span, const struct xprofile_args *a,
		   struct workload *w, char *err, size_t len);

/*
 * After every span is built: a target given by the command line that no
 * template path used is an error, as in DiskSpd; the profile's
 * <PrecreateFiles> makes the files it names be created, at their largest
 * size over the spans, by the first span that uses them. Returns 0 or
 * -EINVAL with a message.
 */
int xprofile_finish(const struct xprofile *p, const struct xprofile_args *a,
		    struct workload *spans, unsigned n, char *err, size_t len);

#endif
