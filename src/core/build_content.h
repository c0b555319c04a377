/* SPDX-License-Identifier: MIT */
/*
 * build_content.h: inside run.c: what the run's writes carry to begin
 * with: the write buffers' content (zeros, a pattern, DiskSpd's sequence,
 * random bytes that compress as asked) and each target's shared source
 * buffer (-Z<size>[,<file>], --dedupe).
 */
#ifndef IOB_BUILD_CONTENT_H
#define IOB_BUILD_CONTENT_H

#include <stddef.h>
#include <stdint.h>

#include "core/run_ctx.h"
#include "job/workload.h"

/*
 * -Z<size>,<file> of every target, before anything is made: a regular file,
 * not empty, that this process may read. Returns 0 or -EINVAL with a message.
 */
int build_check_sources(const struct workload *w, char *err, size_t len);

/* The -Z<size> source buffers and --dedupe blocks, one per target that needs one. */
int build_source_buffers(struct run_ctx *ctx);

/*
 * What a write buffer of len bytes holds to begin with: zeros (-Z), the
 * --pattern repeated, or random bytes (from *rng) with the last --compress %
 * of every 512 bytes zeroed.
 */
void build_write_content(const struct target_spec *sp, uint64_t *rng, char *buf, uint64_t len);

#endif
