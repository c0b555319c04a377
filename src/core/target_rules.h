/* SPDX-License-Identifier: MIT */
/*
 * target_rules.h: what checking a target decides the same way on every
 * platform, for the platforms' target.c (core/target.c on Linux,
 * platform/win/target.c): a target's range, its alignment under direct
 * (unbuffered) I/O, and the room the files to create need on each file
 * system, alone and across a job file's groups.
 */
#ifndef IOB_TARGET_RULES_H
#define IOB_TARGET_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/target_types.h"

/* t's range from -B and -f over its size (t->base, t->end). Returns 0 or -EINVAL with a message. */
int target_check_range(struct target *t, char *err, size_t len);

/*
 * With direct set, every size and offset of t's workload a multiple of
 * t->io_align, which the message calls what ("direct I/O alignment", "sector
 * size"). Returns 0 or -EINVAL with a message.
 */
int target_check_alignment(const struct target *t, bool direct, const char *what, char *err,
			   size_t len);

/* The free bytes of the file system target t's file is (or goes) on: 0 or -errno. */
typedef int target_free_fn(const struct target *t, uint64_t *have);

/*
 * The files t[0..n-1] create, summed per file system (t->idev): each file
 * system must have room for all of them, less what the files they lay down
 * anew give back. Returns 0 or -EINVAL with a message.
 */
int target_check_free_space(const struct target *t, unsigned n, target_free_fn *free_of,
			    char *err, size_t len);

/* Whether x is the file plan item it is (another group of a job file creating it too). */
typedef bool target_same_fn(const struct space_item *it, const struct target *x);

/* targets_plan_space() (core/target.h) over the platform's identity and free space. */
int target_plan_space(const struct target *t, unsigned n, struct space_plan *plan,
		      target_same_fn *same, target_free_fn *free_of, char *err, size_t len);

#endif
