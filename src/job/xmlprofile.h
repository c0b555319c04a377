/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile.h: DiskSpd's XML profiles (diskspd -X<profile.xml>). A profile
 * is read with libxml2 (no network, no DTD, no entities, at most
 * XPROFILE_MAX_BYTES) and checked against the structure of DiskSpd's schema
 * (diskspd.xsd: elements, nesting, types, ranges); every TimeSpan then
 * becomes one workload, built through the DiskSpd command line's own switches
 * (cmdline_build), so that an element means what its switch means and is
 * refused where its switch is, for the switch's reason. A message names the
 * file, the line and the element: "p.xml:12: <Throughput>: ...".
 */
#ifndef IOB_XMLPROFILE_H
#define IOB_XMLPROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "job/cmdline_build.h"
#include "job/workload.h"

#define XPROFILE_MAX_BYTES (4u << 20)

struct xprofile;

/*
 * Reads and checks the profile at path (a regular file). Returns 0 with *p
 * set, or -EINVAL (-ENOMEM, -errno) with a message in err.
 */
int xprofile_load(const char *path, struct xprofile **p, char *err, size_t len);

/* The same from buf[0..n); name stands for the file in messages (the fuzzer's way in). */
int xprofile_parse(const char *name, const char *buf, size_t n, struct xprofile **p, char *err,
		   size_t len);

void xprofile_free(struct xprofile *p);

/* The number of its TimeSpans (at least 1). */
unsigned xprofile_spans(const struct xprofile *p);

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
