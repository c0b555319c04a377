/* SPDX-License-Identifier: MIT */
/*
 * target.h: turning a target_spec into an open file descriptor, safely.
 * targets_check() opens every target once, by its path, and decides
 * everything on what it opened (never on a second look-up of the path):
 * it refuses what must not be done (a missing or foreign file, a device in
 * use, a misaligned direct I/O range, too little free space on a file
 * system) before anything is created or written, and takes the run's holds
 * (O_EXCL on devices it writes, locks on files). targets_open() then creates
 * and fills files with random data in the directories the checks opened,
 * and opens every target again through the descriptor the checks kept.
 */
#ifndef IOB_TARGET_H
#define IOB_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/target_types.h"
#include "job/workload.h"

struct hold;

/*
 * Checks every target of w without creating, opening for write, or writing
 * anything; fills t[0..w->ntargets-1] and takes hold's locks and claims.
 * Returns 0, or -EINVAL with a message (then targets_close() t).
 */
int targets_check(struct target *t, const struct workload *w, bool null_engine,
		  struct hold *hold, char *err, size_t len);

/*
 * Creates and fills the files to create (recorded in hold, which removes
 * them at its release), then opens every target. Returns 0, -EINTR when a
 * signal stopped a fill, or another -errno with a message.
 */
int targets_open(struct target *t, const struct workload *w, struct hold *hold, char *err,
		 size_t len);

/*
 * Adds the files t[0..n-1] create to plan and checks that every file system
 * has room for all the plan holds. Returns 0 or -EINVAL with a message.
 */
int targets_plan_space(const struct target *t, unsigned n, struct space_plan *plan, char *err,
		       size_t len);

/*
 * fio's unlink=1: removes the files of w's targets that ask for it (files
 * the run created, or iobench's own from an earlier run), now that their
 * group has run. A file left is named in msgs; returns 0 or -EIO then.
 */
int targets_unlink(const struct target *t, const struct workload *w, struct hold *hold,
		   char *msgs, size_t len);

/* Closes every descriptor of t[0..n-1] (files are removed by the hold, not here). */
void targets_close(struct target *t, unsigned n);

#endif
