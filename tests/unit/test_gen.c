/* SPDX-License-Identifier: MIT */
/* Description: offset generator (alignment, bounds, stride, wrap, seeds) and read/write mix. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/gen.h"
#include "core/shape.h"

static void test_random_bounds_alignment(void **state)
{
	struct gen g;
	struct gen_params p = { .base = 1 << 20, .end = 9 << 20, .block = 8192,
				.random_align = 4096, .write_pct = 0, .seed = 1 };
	uint64_t lo = UINT64_MAX, hi = 0;

	assert_int_equal(gen_init(&g, &p), 0);
	for (int i = 0; i < 200000; i++) {
		uint64_t off;

		assert_false(gen_next(&g, &off));
		assert_int_equal(off % 4096, 0);
		assert_true(off >= p.base);
		assert_true(off + p.block <= p.end);
		lo = off < lo ? off : lo;
		hi = off > hi ? off : hi;
	}
	/* Both ends of the range are reached. */
	assert_int_equal(lo, p.base);
	assert_int_equal(hi, p.end - p.block);
}

static void test_random_covers_uniformly(void **state)
{
	enum { SLOTS = 64, DRAWS = 640000 };
	unsigned hits[SLOTS] = { 0 };
	struct gen g;
	struct gen_params p = { .end = SLOTS * 4096, .block = 4096, .random_align = 4096,
				.seed = 99 };

	assert_int_equal(gen_init(&g, &p), 0);
	for (int i = 0; i < DRAWS; i++) {
		uint64_t off;

		gen_next(&g, &off);
		hits[off / 4096]++;
	}
	for (int i = 0; i < SLOTS; i++)	/* expect 10000 each; 5 sigma is 500 */
		assert_true(hits[i] > 9500 && hits[i] < 10500);
}

static void test_sequential_stride_wrap(void **state)
{
	struct gen g;
	struct gen_params p = { .base = 4096, .end = 4096 + 10 * 4096, .block = 4096,
				.stride = 8192, .seed = 5 };
	uint64_t want[] = { 4096, 4096 + 8192, 4096 + 16384, 4096 + 24576, 4096 + 32768, 4096,
			    4096 + 8192 };

	assert_int_equal(gen_init(&g, &p), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		uint64_t off;

		gen_next(&g, &off);
		assert_int_equal(off, want[i]);
	}
}

static void test_thread_stride(void **state)
{
	/* -T: thread 3 with a 1 MiB thread stride starts at base + 3 MiB. */
	struct gen g;
	struct gen_params p = { .base = 0, .end = 8 << 20, .block = 65536, .stride = 65536,
				.start = 3 << 20, .seed = 0 };
	uint64_t off;

	assert_int_equal(gen_init(&g, &p), 0);
	gen_next(&g, &off);
	assert_int_equal(off, 3 << 20);
	gen_next(&g, &off);
	assert_int_equal(off, (3 << 20) + 65536);
	/* Runs to the end, then wraps to base + (start mod stride) = 0. */
	for (int i = 0; i < 78; i++)
		gen_next(&g, &off);
	assert_int_equal(off, (8 << 20) - 65536);
	gen_next(&g, &off);
	assert_int_equal(off, 0);
}

static void test_seed_repeats(void **state)
{
	struct gen a, b, c;
	struct gen_params p = { .end = 1 << 30, .block = 4096, .random_align = 4096,
				.write_pct = 30, .seed = 42 };
	int same = 0;

	gen_init(&a, &p);
	gen_init(&b, &p);
	p.seed = 43;
	gen_init(&c, &p);
	for (int i = 0; i < 10000; i++) {
		uint64_t oa, ob, oc;
		bool wa = gen_next(&a, &oa), wb = gen_next(&b, &ob);

		gen_next(&c, &oc);
		assert_int_equal(oa, ob);
		assert_int_equal(wa, wb);
		same += oa == oc;
	}
	assert_true(same < 10);
}

static void check_mix(unsigned pct)
{
	enum { DRAWS = 100000 };
	struct gen g;
	struct gen_params p = { .end = 1 << 30, .block = 4096, .random_align = 4096,
				.write_pct = pct, .seed = pct * 7919u };
	unsigned writes = 0;
	double expect = DRAWS * pct / 100.0;

	assert_int_equal(gen_init(&g, &p), 0);
	for (int i = 0; i < DRAWS; i++) {
		uint64_t off;

		writes += gen_next(&g, &off);
	}
	if (pct == 0 || pct == 100) {
		assert_int_equal(writes, (unsigned)expect);
		return;
	}
	/* within 0.5 percentage points (about 3.5 sigma at 50%) */
	assert_true(writes > expect - DRAWS * 0.005 && writes < expect + DRAWS * 0.005);
}

static void test_write_mix(void **state)
{
	static const unsigned pcts[] = { 0, 1, 10, 30, 40, 50, 70, 99, 100 };

	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++)
		check_mix(pcts[i]);
}

static void test_mix_independent_of_offset(void **state)
{
	/* Writes must not cluster at one end of the range. */
	struct gen g;
	struct gen_params p = { .end = 1 << 30, .block = 4096, .random_align = 4096,
				.write_pct = 50, .seed = 3 };
	unsigned low_writes = 0, writes = 0;

	gen_init(&g, &p);
	for (int i = 0; i < 100000; i++) {
		uint64_t off;

		if (gen_next(&g, &off)) {
			writes++;
			low_writes += off < (1u << 29);
		}
	}
	assert_true(low_writes > writes * 0.48 && low_writes < writes * 0.52);
}

static void test_bad_params(void **state)
{
	struct gen g;
	struct gen_params p = { .base = 0, .end = 4095, .block = 4096, .random_align = 4096 };

	assert_int_equal(gen_init(&g, &p), -22);
	p.end = 8192;
	p.write_pct = 101;
	assert_int_equal(gen_init(&g, &p), -22);
	p.write_pct = 0;
	p.random_align = 0;
	p.stride = 0;
	assert_int_equal(gen_init(&g, &p), -22);
}

/* fio's bsrange: multiples of the low end, each about as likely. */
static void test_size_range(void **state)
{
	struct size_pick p = { .lo = 4096, .step = 4096, .nsteps = 8 };
	unsigned seen[9] = { 0 };
	uint64_t rng = 7;

	(void)state;
	for (int i = 0; i < 80000; i++) {
		uint32_t v = gen_size(&p, rng_next(&rng));

		assert_int_equal(v % 4096, 0);
		assert_true(v >= 4096 && v <= 32768);
		seen[v / 4096]++;
	}
	for (int k = 1; k <= 8; k++)
		assert_true(seen[k] > 9000 && seen[k] < 11000);
}

/* fio's bssplit: each size takes its share of I/Os. */
static void test_size_split(void **state)
{
	struct size_pick p = { .n = 3, .len = { 4096, 16384, 65536 } };
	unsigned n4 = 0, n16 = 0, n64 = 0;
	uint64_t rng = 11;

	(void)state;
	p.thresh[0] = (50ull << 32) / 100;
	p.thresh[1] = (75ull << 32) / 100;
	p.thresh[2] = 1ull << 32;
	for (int i = 0; i < 100000; i++) {
		uint32_t v = gen_size(&p, rng_next(&rng));

		n4 += v == 4096;
		n16 += v == 16384;
		n64 += v == 65536;
	}
	assert_int_equal(n4 + n16 + n64, 100000);
	assert_true(n4 > 49000 && n4 < 51000);
	assert_true(n16 > 24000 && n16 < 26000);
	assert_true(n64 > 24000 && n64 < 26000);
}

/* Sequential by length: each I/O starts where the previous one ended, and wraps. */
static void test_sequential_by_length(void **state)
{
	struct gen_params p = { .end = 100000, .block = 16384, .by_len = true, .seed = 1 };
	uint64_t off, expect = 0;
	struct gen g;

	(void)state;
	assert_int_equal(gen_init(&g, &p), 0);
	for (int i = 0; i < 50; i++) {
		uint64_t len = i % 2 ? 4096 : 16384;

		gen_next(&g, &off);
		assert_int_equal(off, expect);
		assert_true(off + 16384 <= p.end);
		gen_seq_advance(&g, len);
		expect = off + len > p.end - p.block ? 0 : off + len;
	}
}

static void test_fill_random(void **state)
{
	unsigned char buf[4099], again[4099];
	bool seen[256] = { false };
	uint64_t s = 1;
	unsigned zero = 0, distinct = 0;

	memset(buf, 0, sizeof(buf));
	gen_fill(&s, buf, sizeof(buf));
	for (size_t i = 0; i < sizeof(buf); i++) {
		zero += !buf[i];
		distinct += !seen[buf[i]];
		seen[buf[i]] = true;
	}
	assert_true(zero < 40);	/* about 16 expected */
	assert_true(distinct > 200);	/* every byte value, nearly: not a repeated word */
	assert_true(buf[4096] || buf[4097] || buf[4098]);	/* the tail past the last 8 bytes */
	gen_fill(&s, again, sizeof(again));	/* the state moved on: other bytes */
	assert_memory_not_equal(buf, again, sizeof(buf));
}

/* DiskSpd's effective -rdpct ranges: Target% of the aligned size, aligned down, contiguous. */
static void test_diskspd_pct_ranges(void **state)
{
	struct dist_range in[2] = { { 0, 90, 0, 10 }, { 90, 10, 10, 90 } }, out[3];
	uint32_t span;
	unsigned n = diskspd_effective_ranges(in, 2, true, 1 << 20, 4096, 4096, out, &span);

	(void)state;
	assert_int_equal(n, 2);
	assert_int_equal(span, 100);
	assert_int_equal(out[0].first, 0);
	assert_int_equal(out[0].len, 102400);
	assert_int_equal(out[0].io, 90);
	assert_int_equal(out[1].first, 102400);
	assert_int_equal(out[1].len, (1 << 20) - 102400);
	assert_int_equal(out[1].src, 90);
}

/* -rdabs: a range past the end is dropped; the I/O % left is the span drawn from. */
static void test_diskspd_abs_ranges(void **state)
{
	struct dist_range in[3] = { { 0, 10, 0, 1 << 20 }, { 10, 10, 1 << 20, 1 << 20 },
				    { 20, 80, 8 << 20, 0 } }, out[4];
	uint32_t span;
	unsigned n = diskspd_effective_ranges(in, 3, false, 4 << 20, 4096, 4096, out, &span);

	(void)state;
	assert_int_equal(n, 2);
	assert_int_equal(span, 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_bounds_alignment),
		cmocka_unit_test(test_diskspd_pct_ranges),
		cmocka_unit_test(test_diskspd_abs_ranges),
		cmocka_unit_test(test_random_covers_uniformly),
		cmocka_unit_test(test_sequential_stride_wrap),
		cmocka_unit_test(test_thread_stride),
		cmocka_unit_test(test_seed_repeats),
		cmocka_unit_test(test_write_mix),
		cmocka_unit_test(test_mix_independent_of_offset),
		cmocka_unit_test(test_bad_params),
		cmocka_unit_test(test_fill_random),
		cmocka_unit_test(test_size_range),
		cmocka_unit_test(test_size_split),
		cmocka_unit_test(test_sequential_by_length),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
