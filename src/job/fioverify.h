/* SPDX-License-Identifier: MIT */
/*
 * fioverify.h: fio's verification options (verify=, do_verify, verify_only,
 * verify_fatal, verify_dump, ...) onto iobench's --verify blocks and a verify
 * phase: what a job asks for (struct fio_verify), and applying one option.
 * What the planner makes of it is in fiojob.c; docs/jobfiles.md says what
 * each option does and why the ones refused are.
 */
#ifndef IOB_FIOVERIFY_H
#define IOB_FIOVERIFY_H

#include <stdbool.h>

#include "util/vpattern.h"
#include "job/jobfile.h"

struct planner;

/* A job's verification, as its options leave it (fio's defaults from fio_verify_defaults). */
struct fio_verify {
	bool on;		/* a verify= type other than 0 was given */
	bool check;		/* the blocks carry a checksum that reads check (not verify=null) */
	unsigned hash;		/* its checksum: enum vhash_kind */
	bool do_verify;		/* fio's do_verify (default 1): the verify phase after the writes */
	bool only;		/* verify_only: the verify phase alone, over an earlier run's data */
	bool fatal;		/* verify_fatal: stop at the first mismatch (default 0: check on) */
	bool dump;		/* verify_dump */
	bool type_set;		/* a verify= was given (fio's fio_option_is_set(verify)) */
	bool pattern_type;	/* verify=pattern (pat.bare), or fio's header-and-pattern type that
				   verify_pattern without verify= selects */
	struct vpattern pat;	/* verify_pattern (len 0: none) */
	unsigned backlog;	/* verify_backlog: read back every this many blocks written (0: off) */
	unsigned batch;		/* verify_backlog_batch: that many (0: backlog's) */
};

void fio_verify_defaults(struct fio_verify *v);

/*
 * Applies o to v when it is one of the verification options: 0 done, -EINVAL
 * with the message in p's buffer, -ENOENT when o is not one of them.
 */
int fio_verify_apply(struct planner *p, struct fio_verify *v, const struct jf_opt *o);

/*
 * What the options leave for job where (for messages): 0, or -EINVAL when
 * verify=pattern has no verify_pattern (fio 3.33 aborts on it).
 */
int fio_verify_finish(struct planner *p, const struct fio_verify *v, const char *where,
		      const char *job);

/* Whether key is one of them; whether it must have a value. */
bool fio_verify_known(const char *key);
bool fio_verify_needs_value(const char *key);

#endif
