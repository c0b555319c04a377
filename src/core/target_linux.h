/* SPDX-License-Identifier: MIT */
/*
 * target_linux.h: what Linux's target checks (target.c) and its creating
 * and opening of targets (target_open.c) share: a target's file opened
 * again through a descriptor, the direct I/O alignment the kernel states,
 * and the marker state a finished fill leaves.
 */
#ifndef IOB_TARGET_LINUX_H
#define IOB_TARGET_LINUX_H

#include <stdbool.h>
#include <stddef.h>

#include "core/marker.h"
#include "core/target_types.h"
#include "job/workload.h"

/*
 * The very file open as fd, opened again with flags (and O_CLOEXEC), never
 * by its path. Returns the new descriptor, or -1 with errno set.
 */
int target_reopen(int fd, int flags);

/*
 * The direct I/O alignment the kernel states for the file open as fd (statx
 * DIOALIGN) into t->mem_align and t->io_align: true, or false (t untouched)
 * where the kernel does not say.
 */
bool target_statx_dioalign(struct target *t, int fd);

/* The marker state a finished fill leaves: filled, or --verify blocks. */
enum marker_state target_fill_state(const struct workload *w);

/*
 * target_check_alignment() (target_rules.h) under t's own cache mode, as
 * "direct I/O alignment": 0 or -EINVAL with a message.
 */
int target_check_dio_alignment(const struct target *t, char *err, size_t len);

#endif
