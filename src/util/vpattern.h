/* SPDX-License-Identifier: MIT */
/*
 * vpattern.h: fio's verify_pattern as a block carries it. The pattern is
 * laid from the block's first byte and repeated to its end; each %o in it
 * holds the block's offset (8 bytes, little-endian), the same in every
 * repetition, as fio's paste_format() leaves it. fio's verify=pattern makes
 * the block the pattern alone; with a checksum type the pattern is the data
 * under the block's header (verify.h).
 */
#ifndef IOB_VPATTERN_H
#define IOB_VPATTERN_H

#include <stdbool.h>
#include <stdint.h>

#define VPAT_MAX 512u		/* fio's MAX_PATTERN_SIZE */
#define VPAT_OFFS 8u		/* fio's verify_fmt[]: the %o's one pattern holds */
#define VPAT_OFF_LEN 8u		/* bytes of one %o */

struct vpattern {
	uint8_t bytes[VPAT_MAX];	/* the pattern, its %o's zero */
	uint32_t len;			/* its bytes; 0: no pattern */
	uint32_t noffs;
	uint32_t offs[VPAT_OFFS];	/* where each %o starts in bytes[] */
	bool bare;			/* fio's verify=pattern: no header, the block is the pattern */
};

/* The pattern with offset pasted into its %o's: into out (VPAT_MAX bytes). */
void vpattern_for(const struct vpattern *p, uint64_t offset, uint8_t *out);

/* Fills buf (len bytes) with the pattern of the block at offset, from the block's byte 0. */
void vpattern_fill(const struct vpattern *p, void *buf, uint32_t len, uint64_t offset);

/*
 * The first byte in [from, len) of buf, the block at offset, that is not the
 * pattern's byte there, or len when all are.
 */
uint32_t vpattern_diff(const struct vpattern *p, const void *buf, uint32_t from, uint32_t len,
		       uint64_t offset);

#endif
