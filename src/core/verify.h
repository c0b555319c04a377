/* SPDX-License-Identifier: MIT */
/*
 * verify.h: --verify's block format and checks. Every block written carries
 * a 64-byte header (magic, its own byte offset, its size, the writer, a write
 * sequence number, the run's seed, the time) and a checksum of the whole
 * block (xxh3-64, or the one a fio verify= type selects: vhash.h); the rest is random data that the header's fields regenerate, so a
 * mismatch can show the bytes that should have been there. Every block read
 * is checked: a wrong offset is a misplaced write, an older sequence number
 * than the last write of that block a lost write, a bad checksum corruption.
 */
#ifndef IOB_VERIFY_H
#define IOB_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/vpattern.h"
#include "job/workload.h"

#define VERIFY_MAGIC 0x3179667256626f69ull	/* "iobVrfy1" */
#define VERIFY_HDR 64u				/* header bytes; blocks are larger */

struct verify_hdr {
	uint64_t magic;
	uint64_t offset;	/* where the block belongs, bytes */
	uint32_t len;		/* its size */
	uint32_t thread;	/* the thread that wrote it */
	uint64_t seq;		/* the write's number: 1 when the file was laid down, then above
				   every earlier run's (the journal keeps count across runs) */
	uint64_t seed;		/* the run's seed */
	uint64_t time_ns;	/* CLOCK_REALTIME when it was formatted */
	uint64_t hash;		/* the checksum (vhash.h) of the block with this field zero */
	uint32_t hash_kind;	/* which checksum: enum vhash_kind (0, xxh3-64: iobench's own) */
	uint32_t flags;		/* VHDR_* */
};

#define VHDR_PATTERN 1u		/* the data is fio's verify_pattern (vpattern.h), not random */

enum verify_kind {
	VERIFY_OK,
	VERIFY_NOT_WRITTEN,	/* no header: all zeros, or data iobench never wrote */
	VERIFY_MISPLACED,	/* a valid block that belongs at another offset */
	VERIFY_LOST,		/* a valid block older than the last write of this offset */
	VERIFY_CORRUPT,		/* a header that is wrong for its block, or a bad checksum */
	VERIFY_NEWER,		/* a valid block newer than the last write known of this offset */
	VERIFY_PATTERN,		/* fio's verify=pattern: the block is not the pattern */
};

/* What a failed check found. */
struct verify_bad {
	enum verify_kind kind;
	uint64_t offset;		/* the block's offset in the target */
	struct verify_hdr found;	/* the header as read */
	uint64_t want_seq;		/* the last write's number, when known */
	uint32_t at;			/* first differing byte within the block */
	uint8_t want[16], got[16];	/* the bytes there: expected and found */
	bool have_want;			/* want[] is known */
};

/*
 * Formats buf (len bytes) as the block at offset: header, regenerable data
 * (pat's pattern when pat is not NULL: VHDR_PATTERN), checksum of kind
 * hash_kind (an enum vhash_kind). A bare pat (fio's verify=pattern) makes
 * the block the pattern alone, without a header.
 */
void verify_format(void *buf, uint32_t len, uint64_t offset, uint32_t thread, uint64_t seq,
		   uint64_t seed, unsigned hash_kind, const struct vpattern *pat);

/* The block verify_format() wrote for a header (as read) and pat: into buf, len bytes. */
void verify_rebuild(void *buf, uint32_t len, uint64_t offset, const struct verify_hdr *h,
		    const struct vpattern *pat);

/*
 * Checks the block read at offset. want_seq is the number of the last write
 * of this block, in this run or in the journal (VERIFY_SEQ_UNKNOWN when
 * none). The checksum is the one the header names; a VHDR_PATTERN block's
 * data is pat's (NULL: unknown, the first bad byte is not found). With a
 * bare pat the block must be the pattern (VERIFY_PATTERN). Returns VERIFY_OK
 * or the kind of mismatch, with the details in bad.
 */
#define VERIFY_SEQ_UNKNOWN UINT64_MAX
enum verify_kind verify_check(const void *buf, uint32_t len, uint64_t offset, uint64_t want_seq,
			      const struct vpattern *pat, struct verify_bad *bad);

/* "misplaced write", "lost write", ... */
const char *verify_kind_name(enum verify_kind k);

/* Describes bad in one line (target named by the caller). */
void verify_describe(const struct verify_bad *bad, char *buf, size_t len);

#endif
