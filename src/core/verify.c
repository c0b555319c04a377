/* SPDX-License-Identifier: MIT */
/* verify.c: formatting and checking --verify blocks (see verify.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#define XXH_STATIC_LINKING_ONLY	/* XXH3_state_t on the stack */
#include <xxhash.h>

#include "core/gen.h"
#include "util/vhash.h"
#include "core/verify.h"
#include "util/banned.h"

_Static_assert(sizeof(struct verify_hdr) == VERIFY_HDR, "the header is 64 bytes");

/* The data generator's start for one write: every write of every block differs. */
static uint64_t data_seed(uint64_t seed, uint64_t offset, uint32_t thread, uint64_t seq)
{
	return seed ^ (offset * 0x9e3779b97f4a7c15ull) ^ (seq * 0xc2b2ae3d27d4eb4full) ^
	       ((uint64_t)thread << 48);
}

/* The checksum the header names, of the block as if its hash field held zero. */
static uint64_t block_hash(const void *buf, uint32_t len)
{
	struct verify_hdr h;

	memcpy(&h, buf, sizeof(h));
	h.hash = 0;
	return vhash((enum vhash_kind)h.hash_kind, &h, sizeof(h), (const char *)buf + VERIFY_HDR,
		     len - VERIFY_HDR);
}

/* The data under header h: pat's pattern (VHDR_PATTERN) or random words from h's fields. */
static void fill_data(void *buf, uint32_t len, uint64_t offset, const struct verify_hdr *h,
		      const struct vpattern *pat)
{
	uint64_t rng = data_seed(h->seed, offset, h->thread, h->seq);

	if ((h->flags & VHDR_PATTERN) && pat)	/* from byte 0, the header laid over it (fio) */
		vpattern_fill(pat, buf, len, offset);
	else
		gen_fill(&rng, (char *)buf + VERIFY_HDR, len - VERIFY_HDR);
}

void verify_format(void *buf, uint32_t len, uint64_t offset, uint32_t thread, uint64_t seq,
		   uint64_t seed, unsigned hash_kind, const struct vpattern *pat)
{
	struct verify_hdr h = { .magic = VERIFY_MAGIC, .offset = offset, .len = len,
				.thread = thread, .seq = seq, .seed = seed, .hash_kind = hash_kind,
				.flags = pat ? VHDR_PATTERN : 0 };
	struct timespec ts;

	if (pat && pat->bare) {
		vpattern_fill(pat, buf, len, offset);
		return;
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	h.time_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	fill_data(buf, len, offset, &h, pat);
	memcpy(buf, &h, sizeof(h));
	h.hash = block_hash(buf, len);
	memcpy((char *)buf + offsetof(struct verify_hdr, hash), &h.hash, sizeof(h.hash));
}

void verify_rebuild(void *buf, uint32_t len, uint64_t offset, const struct verify_hdr *found,
		    const struct vpattern *pat)
{
	struct verify_hdr h = *found;

	if (pat && pat->bare) {
		vpattern_fill(pat, buf, len, offset);
		return;
	}
	h.magic = VERIFY_MAGIC;
	h.offset = offset;
	h.len = len;
	h.hash = 0;
	fill_data(buf, len, offset, &h, pat);
	memcpy(buf, &h, sizeof(h));
	h.hash = block_hash(buf, len);
	memcpy((char *)buf + offsetof(struct verify_hdr, hash), &h.hash, sizeof(h.hash));
}

/* Sets bad's bytes at position at: want from want_block (or unknown), got from buf. */
static void bytes_at(struct verify_bad *bad, const void *buf, uint32_t len, uint32_t at,
		     const void *want_block)
{
	uint32_t n = len - at < 16 ? len - at : 16;

	bad->at = at;
	memcpy(bad->got, (const char *)buf + at, n);
	bad->have_want = want_block != NULL;
	if (want_block)
		memcpy(bad->want, (const char *)want_block + at, n);
}

/* The first byte where a and b differ in [from, len), or len. */
static uint32_t first_diff(const void *a, const void *b, uint32_t from, uint32_t len)
{
	const unsigned char *x = a, *y = b;

	while (from < len && x[from] == y[from])
		from++;
	return from;
}

/* The data of the block a header describes, generated piecewise (no block-sized buffer). */
struct regen {
	uint64_t rng;
	uint32_t pos;		/* bytes of the data region generated so far */
	const struct vpattern *pat;	/* the data is this pattern (one: its bytes), or NULL */
	uint8_t one[VPAT_MAX];
	uint8_t chunk[4096];
};

/* Generates the next piece (at most 4096 bytes, whole words) of the data region. */
static uint32_t regen_next(struct regen *r, uint32_t data_len)
{
	uint32_t n = data_len - r->pos < sizeof(r->chunk) ? data_len - r->pos : sizeof(r->chunk);

	if (r->pat)	/* the pattern from the block's byte 0: the data's first at VERIFY_HDR */
		for (uint32_t i = 0; i < n; i++)
			r->chunk[i] = r->one[(VERIFY_HDR + r->pos + i) % r->pat->len];
	else
		gen_fill(&r->rng, r->chunk, n);
	r->pos += n;
	return n;
}

/*
 * A bad checksum: rebuilds, piece by piece, the block the header says was
 * written and finds the first byte that differs from what was read.
 */
static void locate_corruption(struct verify_bad *bad, const void *buf, uint32_t len,
			      uint64_t offset, const struct vpattern *pat)
{
	const unsigned char *got = buf;
	struct verify_hdr h = bad->found;
	uint32_t data = len - VERIFY_HDR, at = len;
	struct regen r = { .rng = data_seed(h.seed, offset, h.thread, h.seq) };
	unsigned char want[16];
	XXH3_state_t st;

	if (h.flags & VHDR_PATTERN) {
		if (!pat) {	/* written with a pattern this run does not know */
			bytes_at(bad, buf, len, 0, NULL);
			return;
		}
		r.pat = pat;
		vpattern_for(pat, offset, r.one);
	}

	h.magic = VERIFY_MAGIC;
	h.offset = offset;
	h.len = len;
	h.hash = 0;
	XXH3_64bits_reset(&st);
	XXH3_64bits_update(&st, &h, sizeof(h));
	while (r.pos < data) {	/* the checksum of the rebuilt block, and the first difference */
		uint32_t from = r.pos, n = regen_next(&r, data);

		XXH3_64bits_update(&st, r.chunk, n);
		if (at == len && memcmp(r.chunk, got + VERIFY_HDR + from, n))
			at = VERIFY_HDR + from + first_diff(r.chunk, got + VERIFY_HDR + from, 0, n);
	}
	/* another checksum than xxh3 is not streamed here: its field taken as read */
	h.hash = h.hash_kind == VHASH_XXH3 ? XXH3_64bits_digest(&st) : bad->found.hash;
	if (first_diff(&h, got, 0, VERIFY_HDR) < VERIFY_HDR)	/* the header itself */
		at = first_diff(&h, got, 0, VERIFY_HDR);
	if (at >= len) {	/* no difference found: the checksum field itself, or nothing */
		bytes_at(bad, buf, len, h.hash_kind == VHASH_XXH3 ? 0 :
			 (uint32_t)offsetof(struct verify_hdr, hash), NULL);
		return;
	}
	bytes_at(bad, buf, len, at, NULL);
	for (uint32_t i = 0; i < 16 && at + i < len; i++) {	/* the expected bytes there */
		uint32_t p = at + i, q = p - VERIFY_HDR, start;

		if (p < VERIFY_HDR) {
			want[i] = ((const unsigned char *)&h)[p];
			continue;
		}
		start = r.pos ? (r.pos - 1) / sizeof(r.chunk) * sizeof(r.chunk) : 0;
		if (q >= r.pos || q < start) {	/* generate again up to the piece holding q */
			r.rng = data_seed(bad->found.seed, offset, bad->found.thread, bad->found.seq);
			r.pos = 0;
			while (r.pos <= q)
				regen_next(&r, data);
			start = (r.pos - 1) / sizeof(r.chunk) * sizeof(r.chunk);
		}
		want[i] = r.chunk[q - start];
	}
	memcpy(bad->want, want, sizeof(want));
	bad->have_want = true;
}

/* fio's verify=pattern: the block is the pattern, or the first byte that is not. */
static enum verify_kind check_bare(const void *buf, uint32_t len, uint64_t offset,
				   const struct vpattern *pat, struct verify_bad *bad)
{
	uint32_t at = vpattern_diff(pat, buf, 0, len, offset);
	uint8_t one[VPAT_MAX];

	if (at == len)
		return VERIFY_OK;
	vpattern_for(pat, offset, one);
	bytes_at(bad, buf, len, at, NULL);
	for (uint32_t i = 0; i < 16 && at + i < len; i++)
		bad->want[i] = one[(at + i) % pat->len];
	bad->have_want = true;
	return bad->kind = VERIFY_PATTERN;
}

enum verify_kind verify_check(const void *buf, uint32_t len, uint64_t offset, uint64_t want_seq,
			      const struct vpattern *pat, struct verify_bad *bad)
{
	struct verify_hdr want;

	memset(bad, 0, sizeof(*bad));
	bad->offset = offset;
	bad->want_seq = want_seq;
	if (pat && pat->bare)
		return check_bare(buf, len, offset, pat, bad);
	memcpy(&bad->found, buf, sizeof(bad->found));
	if (bad->found.magic != VERIFY_MAGIC) {
		bytes_at(bad, buf, len, 0, NULL);
		return bad->kind = VERIFY_NOT_WRITTEN;
	}
	if (bad->found.len != len || bad->found.hash_kind >= VHASH_COUNT_ ||
	    block_hash(buf, len) != bad->found.hash) {
		if (bad->found.len == len)
			locate_corruption(bad, buf, len, offset, pat);
		else
			bytes_at(bad, buf, len, offsetof(struct verify_hdr, len), NULL);
		return bad->kind = VERIFY_CORRUPT;
	}
	want = bad->found;
	if (bad->found.offset != offset) {
		want.offset = offset;
		bytes_at(bad, buf, len, offsetof(struct verify_hdr, offset), NULL);
		memcpy(bad->want, bad->got, sizeof(bad->want));	/* only the field differs */
		memcpy(bad->want, &want.offset, sizeof(want.offset));
		bad->have_want = true;
		return bad->kind = VERIFY_MISPLACED;
	}
	if (want_seq != VERIFY_SEQ_UNKNOWN && bad->found.seq != want_seq) {
		want.seq = want_seq;
		bytes_at(bad, buf, len, offsetof(struct verify_hdr, seq), NULL);
		memcpy(bad->want, bad->got, sizeof(bad->want));
		memcpy(bad->want, &want.seq, sizeof(want.seq));
		bad->have_want = true;
		return bad->kind = bad->found.seq < want_seq ? VERIFY_LOST : VERIFY_NEWER;
	}
	return VERIFY_OK;
}

const char *verify_kind_name(enum verify_kind k)
{
	switch (k) {
	case VERIFY_OK: return "ok";
	case VERIFY_NOT_WRITTEN: return "not an iobench block (never written with --verify)";
	case VERIFY_MISPLACED: return "misplaced write (a block written for another offset)";
	case VERIFY_LOST: return "lost write (the block holds an older write than the last one "
				 "acknowledged)";
	case VERIFY_CORRUPT: return "corrupt block (bad checksum)";
	case VERIFY_NEWER: return "unexpected write (the block is newer than the last write "
				  "recorded for it)";
	case VERIFY_PATTERN: return "bad pattern (the block is not verify_pattern)";
	}
	return "?";
}

static void hex(char *out, const uint8_t *b, unsigned n)
{
	static const char digits[] = "0123456789abcdef";

	for (unsigned i = 0; i < n; i++) {
		out[2 * i] = digits[b[i] >> 4];
		out[2 * i + 1] = digits[b[i] & 15];
	}
	out[2 * n] = 0;
}

void verify_describe(const struct verify_bad *bad, char *buf, size_t len)
{
	char want[40] = "unknown", got[40];
	int n;

	hex(got, bad->got, 16);
	if (bad->have_want)
		hex(want, bad->want, 16);
	n = snprintf(buf, len, "%s at offset %llu: at byte %u of the block expected %s, found %s",
		     verify_kind_name(bad->kind), (unsigned long long)bad->offset, bad->at, want, got);
	if (n > 0 && (size_t)n < len && bad->found.magic == VERIFY_MAGIC)
		snprintf(buf + n, len - (size_t)n, " (its header: offset %llu, thread %u, write %llu)",
			 (unsigned long long)bad->found.offset, bad->found.thread,
			 (unsigned long long)bad->found.seq);
	if ((bad->kind == VERIFY_LOST || bad->kind == VERIFY_NEWER) && n > 0 &&
	    strlen(buf) + 40 < len)
		snprintf(buf + strlen(buf), len - strlen(buf), "; the last write recorded is write %llu",
			 (unsigned long long)bad->want_seq);
}
