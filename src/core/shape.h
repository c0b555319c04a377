/* SPDX-License-Identifier: MIT */
/*
 * shape.h: a stream's mixed and skewed offsets, made from its target_spec
 * once the target's size is known (DiskSpd's ThreadTargetState and fio's
 * zone_split_index do the same work when a target opens).
 */
#ifndef IOB_SHAPE_H
#define IOB_SHAPE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/gen.h"
#include "job/workload.h"

/* Whether sp asks for a shaped stream (gen_shaped: VARY_SHAPE). */
bool shape_wanted(const struct target_spec *sp);

/*
 * Gives g (set up by gen_init over [g->base, end)) the shape sp asks for;
 * shared is the target's -si offset. Returns 0, -ENOMEM, or -EINVAL with a
 * message in err.
 */
int shape_stream(struct gen *g, const struct target_spec *sp, uint64_t end, uint64_t block,
		 _Atomic uint64_t *shared, char *err, size_t len);


#endif
