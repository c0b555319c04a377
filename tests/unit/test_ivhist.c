/* SPDX-License-Identifier: MIT */
/* Description: per-interval latency histograms: geometry, the sparse store, the ring's fold and drain. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "stats/ivhist.h"

static void test_geometry(void **state)
{
	/* every value lies in its bucket, and a bucket is at most 1/32 of its low end wide */
	for (uint64_t v = 1; v < (1ull << 40); v = v * 3 / 2 + 1) {
		unsigned b = ivhist_index(v);

		assert_true(ivhist_bucket_low(b) <= v);
		assert_true(v < ivhist_bucket_low(b) + ivhist_bucket_width(b));
		if (v >= 256)
			assert_true(ivhist_bucket_width(b) * 32 <= ivhist_bucket_low(b));
	}
	assert_int_equal(ivhist_index(0), 0);
	assert_int_equal(ivhist_index(1ull << 41), IVH_NBUCKETS - 1);
	/* four buckets of the full histogram in one, aligned */
	assert_int_equal(ivhist_index(1000), hist_index(1000) >> 2);
	assert_int_equal(ivhist_bucket_low(ivhist_index(1000)), hist_bucket_low(hist_index(1000) & ~3u));
}

static void test_store(void **state)
{
	struct ivhist *h = calloc(2, sizeof(*h));
	struct ivlat l = { 0 };

	/* interval 0: 90 reads at 100 us, 10 at 1 ms; no writes */
	h[0].n[ivhist_index(100000)] = 90;
	h[0].n[ivhist_index(1000000)] = 10;
	assert_int_equal(ivlat_append(&l, h), 0);
	/* interval 1: nothing; interval 2: writes only */
	memset(h, 0, 2 * sizeof(*h));
	assert_int_equal(ivlat_append(&l, h), 0);
	h[1].n[ivhist_index(5000)] = 3;
	assert_int_equal(ivlat_append(&l, h), 0);
	assert_int_equal(l.nint, 3);
	assert_int_equal(ivlat_count(&l, 0, 0), 100);
	assert_int_equal(ivlat_count(&l, 0, 1), 0);
	assert_int_equal(ivlat_count(&l, 1, 0), 0);
	assert_int_equal(ivlat_count(&l, 2, 1), 3);
	assert_int_equal(ivlat_count(&l, 7, 1), 0);
	/* p50 and p90 in the 100 us bucket (its midpoint, within 1/64), p91 and p99 at 1 ms */
	assert_true(llabs((long long)ivlat_percentile(&l, 0, 0, 50, 2000000) - 100000) <= 100000 / 64);
	assert_true(llabs((long long)ivlat_percentile(&l, 0, 0, 90, 2000000) - 100000) <= 100000 / 64);
	assert_true(llabs((long long)ivlat_percentile(&l, 0, 0, 91, 2000000) - 1000000) <= 1000000 / 64);
	/* the maximum clamps, and p100 is the maximum */
	assert_int_equal(ivlat_percentile(&l, 0, 0, 99, 1000001), 1000001);
	assert_int_equal(ivlat_percentile(&l, 0, 0, 100, 1234567), 1234567);
	assert_int_equal(ivlat_percentile(&l, 1, 0, 50, 0), 0);
	ivlat_get(&l, 2, 1, &h[0]);
	assert_int_equal(h[0].n[ivhist_index(5000)], 3);
	for (unsigned i = 0; i < IVH_NBUCKETS; i++)
		assert_int_equal(h[0].n[i], i == ivhist_index(5000) ? 3 : 0);
	ivlat_free(&l);
	free(h);
}

static void test_ring(void **state)
{
	struct ivring r;
	struct hist *cur = calloc(2, sizeof(*cur)), *prev = calloc(2, sizeof(*prev));

	/* 1 s intervals: the ring holds 8 s (9 slots), of a 100-interval series */
	assert_int_equal(ivring_init(&r, 100, 1000000000ull), 0);
	assert_int_equal(r.nring, 9);
	hist_record(&cur[0], 1000);
	hist_record(&cur[0], 1000);
	ivring_fold(&r, 0, cur, prev);		/* 2 reads in interval 0 */
	hist_record(&cur[1], 2000);
	ivring_fold(&r, 1, cur, prev);		/* 1 write in interval 1 */
	ivring_fold(&r, 2, cur, prev);		/* nothing new */
	ivring_drain(&r, 2);
	assert_int_equal(r.out.nint, 2);
	assert_int_equal(ivlat_count(&r.out, 0, 0), 2);
	assert_int_equal(ivlat_count(&r.out, 1, 1), 1);
	assert_false(atomic_load(&r.lost));
	/* folds into an interval already drained, or beyond the ring, are lost and said */
	hist_record(&cur[0], 1000);
	ivring_fold(&r, 1, cur, prev);
	assert_true(atomic_load(&r.lost));
	atomic_store(&r.lost, false);
	hist_record(&cur[0], 1000);
	ivring_fold(&r, 2 + 9, cur, prev);
	assert_true(atomic_load(&r.lost));
	hist_record(&cur[0], 1000);
	ivring_fold(&r, 2 + 8, cur, prev);	/* the last slot the ring holds */
	ivring_drain(&r, UINT32_MAX);
	assert_int_equal(r.out.nint, 100);
	assert_int_equal(ivlat_count(&r.out, 10, 0), 1);
	assert_int_equal(ivlat_count(&r.out, 11, 0), 0);
	ivlat_free(&r.out);
	ivring_free(&r);
	/* the ring never outgrows the series, nor 1024 slots */
	assert_int_equal(ivring_init(&r, 3, 1000000000ull), 0);
	assert_int_equal(r.nring, 3);
	ivring_free(&r);
	assert_int_equal(ivring_init(&r, 1u << 20, 1000000ull), 0);
	assert_int_equal(r.nring, 1024);
	ivring_free(&r);
	free(cur);
	free(prev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_store),
		cmocka_unit_test(test_ring),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
