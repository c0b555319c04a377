/* SPDX-License-Identifier: MIT */
/*
 * Description: the latency histogram: percentiles of a million samples spread
 * from nanoseconds to seconds are within 1% of the exact sorted values;
 * merging is exact; percentiles are monotonic; the bucket geometry is sound.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/gen.h"
#include "stats/hist.h"

#define N 1000000

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Log-uniform samples from 1 ns to 10 s. */
static uint64_t *samples(uint64_t seed)
{
	uint64_t *v = malloc(N * sizeof(*v));

	for (int i = 0; i < N; i++) {
		double u = (double)(rng_next(&seed) >> 11) / 9007199254740992.0;

		v[i] = (uint64_t)exp(u * log(1e10));
	}
	return v;
}

static void test_accuracy(void **state)
{
	static const double ps[] = { 0.001, 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99,
				     99.999, 99.9999 };
	uint64_t *v = samples(1);
	struct hist *h = calloc(1, sizeof(*h));
	uint64_t min = UINT64_MAX, max = 0;

	for (int i = 0; i < N; i++) {
		hist_record(h, v[i]);
		min = v[i] < min ? v[i] : min;
		max = v[i] > max ? v[i] : max;
	}
	qsort(v, N, sizeof(*v), cmp_u64);
	assert_int_equal(hist_count(h), N);
	for (size_t i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
		uint64_t rank = (uint64_t)ceil(ps[i] / 100.0 * N);
		uint64_t exact = v[rank - 1];
		uint64_t est = hist_percentile(h, ps[i], min, max);
		double err = fabs((double)est - (double)exact) / (double)exact;

		if (err > 0.01)
			fail_msg("p%g: exact %llu, histogram %llu (%.3f%%)", ps[i],
				 (unsigned long long)exact, (unsigned long long)est, err * 100);
		/* the stated bound is 1/256 */
		assert_true(err <= 1.0 / 256 + 1e-12);
	}
	assert_int_equal(hist_percentile(h, 0, min, max), min);
	assert_int_equal(hist_percentile(h, 100, min, max), max);
	free(h);
	free(v);
}

static void test_merge_exact(void **state)
{
	uint64_t *a = samples(2), *b = samples(3);
	struct hist *ha = calloc(1, sizeof(*ha)), *hb = calloc(1, sizeof(*hb));
	struct hist *hall = calloc(1, sizeof(*hall));

	for (int i = 0; i < N; i++) {
		hist_record(ha, a[i]);
		hist_record(hb, b[i]);
		hist_record(hall, a[i]);
		hist_record(hall, b[i]);
	}
	hist_merge(ha, hb);
	assert_memory_equal(ha, hall, sizeof(*ha));
	free(ha);
	free(hb);
	free(hall);
	free(a);
	free(b);
}

static void test_monotonic(void **state)
{
	uint64_t *v = samples(4);
	struct hist *h = calloc(1, sizeof(*h));
	uint64_t prev = 0;

	for (int i = 0; i < N; i++)
		hist_record(h, v[i]);
	for (double p = 0; p <= 100; p += 0.01) {
		uint64_t x = hist_percentile(h, p, 1, 10000000000ull);

		assert_true(x >= prev);
		prev = x;
	}
	free(h);
	free(v);
}

static void test_geometry(void **state)
{
	/* Buckets tile the range without gaps or overlaps, and every value maps inside its bucket. */
	for (unsigned i = 0; i + 1 < HIST_NBUCKETS; i++)
		assert_int_equal(hist_bucket_low(i) + hist_bucket_width(i), hist_bucket_low(i + 1));
	for (uint64_t v = 0; v < (1ull << 40); v = v * 3 / 2 + 1) {
		unsigned i = hist_index(v);

		assert_true(v >= hist_bucket_low(i));
		assert_true(v < hist_bucket_low(i) + hist_bucket_width(i));
	}
	/* exact below 256 ns; 100 s is inside the range */
	for (uint64_t v = 0; v < 256; v++)
		assert_int_equal(hist_bucket_low(hist_index(v)), v);
	assert_true(hist_index(100000000000ull) < HIST_NBUCKETS - 1);
	assert_int_equal(hist_index(UINT64_MAX), HIST_NBUCKETS - 1);
}

static void test_empty_and_single(void **state)
{
	struct hist *h = calloc(1, sizeof(*h));

	assert_int_equal(hist_percentile(h, 50, 0, 0), 0);
	hist_record(h, 123456);
	assert_int_equal(hist_percentile(h, 50, 123456, 123456), 123456);
	assert_int_equal(hist_percentile(h, 99.9999999, 123456, 123456), 123456);
	free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accuracy),
		cmocka_unit_test(test_merge_exact),
		cmocka_unit_test(test_monotonic),
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_empty_and_single),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
