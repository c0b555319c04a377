/* SPDX-License-Identifier: MIT */
/*
 * build_verify.h: inside run.c: --verify's part of building the workers:
 * each thread's own blocks of a target, the tables of each block's last
 * write loaded from the targets' journals, and the journals saved after
 * the run.
 */
#ifndef IOB_BUILD_VERIFY_H
#define IOB_BUILD_VERIFY_H

#include <stddef.h>

#include "core/gen.h"
#include "core/run_ctx.h"
#include "core/worker.h"

/*
 * --verify for stream s of target ti: thread rel of n owns blocks rel, rel +
 * n, rel + 2n ... of the target (gp's range and stride set so), so no other
 * thread writes or reads them; it must own more blocks than it keeps in
 * flight. thread is its number in the run. Returns 0, -EDOM, or -ENOMEM.
 */
int build_verify_stream(struct run_ctx *ctx, struct stream *s, struct gen_params *gp,
			unsigned ti, unsigned rel, unsigned n, unsigned thread);

/*
 * --verify's tables of the last write of each block (NULL beyond 2^24
 * blocks), loaded from each target's journal; a target the run writes has
 * its journal marked unfinished until build_verify_save().
 */
int build_verify_tables(struct run_ctx *ctx);

/*
 * After the run: syncs each target the run wrote under --verify and saves
 * its journal. Returns the first note worth reporting in note ("" if none).
 */
void build_verify_save(struct run_ctx *ctx, char *note, size_t len);

#endif
