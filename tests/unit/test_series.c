/* SPDX-License-Identifier: MIT */
/* Description: per-interval series: merging and DiskSpd's IopsStdDev. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats/series.h"

static void test_record_merge(void **state)
{
	struct interval a = { 0 }, b = { 0 };

	interval_record(&a, 0, 4096, 100);
	interval_record(&a, 0, 4096, 300);
	interval_record(&a, 1, 8192, 50);
	interval_record(&b, 0, 4096, 700);
	interval_merge(&a, &b);
	assert_int_equal(a.ios[0], 3);
	assert_int_equal(a.bytes[0], 3 * 4096);
	assert_int_equal(a.lat_sum[0], 1100);
	assert_int_equal(a.lat_max[0], 700);
	assert_int_equal(a.ios[1], 1);
	assert_int_equal(a.lat_max[1], 50);
}

static void test_iops_stddev(void **state)
{
	/* 0.5 s intervals with 100, 200, 300 reads: IOPS 200, 400, 600 -> population sd 163.299 */
	struct interval s[3] = { { .ios = { 100, 0 } }, { .ios = { 200, 5 } }, { .ios = { 300, 0 } } };

	assert_float_equal(series_iops_stddev(s, 3, 0, 500000000ull), sqrt(80000.0 / 3), 1e-6);
	/* total counts both directions: 200, 410, 600 */
	assert_float_equal(series_iops_stddev(s, 3, 2, 500000000ull),
			   sqrt(((200 - 403.333333) * (200 - 403.333333) + (410 - 403.333333) *
				 (410 - 403.333333) + (600 - 403.333333) * (600 - 403.333333)) / 3),
			   1e-3);
	/* constant rate: 0; no interval: negative (N/A) */
	s[1].ios[0] = 100;
	s[2].ios[0] = 100;
	assert_float_equal(series_iops_stddev(s, 3, 0, 500000000ull), 0.0, 1e-9);
	assert_true(series_iops_stddev(s, 0, 0, 500000000ull) < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_merge),
		cmocka_unit_test(test_iops_stddev),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
