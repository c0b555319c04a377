/* SPDX-License-Identifier: MIT */
/* Description: the PTS's steady-state test of a window of rounds (stats/steady.h), by hand. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats/steady.h"

static int check(const double *y, unsigned n, struct steady_window *o)
{
	return steady_check(y, n, STEADY_WINDOW, STEADY_DATA_LIMIT_PCT, STEADY_SLOPE_LIMIT_PCT, o);
}

/* The first round (from 1) at which the series is steady, or 0. */
static unsigned first_steady(const double *y, unsigned n)
{
	struct steady_window o;

	for (unsigned k = STEADY_WINDOW; k <= n; k++)
		if (!check(y, k, &o) && o.steady)
			return k;
	return 0;
}

static void test_flat(void **state)
{
	double y[5] = { 1000, 1000, 1000, 1000, 1000 };
	struct steady_window o;

	assert_int_equal(check(y, 5, &o), 0);
	assert_true(o.steady);
	assert_int_equal(o.first, 1);
	assert_int_equal(o.last, 5);
	assert_float_equal(o.avg, 1000, 1e-9);
	assert_float_equal(o.min, 1000, 1e-9);
	assert_float_equal(o.max, 1000, 1e-9);
	assert_float_equal(o.slope, 0, 1e-9);
	assert_float_equal(o.intercept, 1000, 1e-9);
	assert_float_equal(o.data_pct, 0, 1e-9);
	assert_float_equal(o.slope_pct, 0, 1e-9);
}

/* 1, 2, 3, 5, 4 at rounds 1..5: x mean 3, y mean 3, Sxy = 4 + 1 + 0 + 2 + 2 = 9, Sxx = 10. */
static void test_fit(void **state)
{
	double y[5] = { 1, 2, 3, 5, 4 };
	struct steady_window o;

	assert_int_equal(check(y, 5, &o), 0);
	assert_float_equal(o.slope, 0.9, 1e-12);
	assert_float_equal(o.intercept, 0.3, 1e-12);
	assert_float_equal(o.avg, 3, 1e-12);
	assert_float_equal(o.data_pct, 4.0 / 3 * 100, 1e-9);	/* (5 - 1) / 3 */
	assert_float_equal(o.slope_pct, 0.9 * 4 / 3 * 100, 1e-9);
	assert_false(o.steady);
}

/* A fresh device at 200, then its cliff down to 100 from round 4 on: steady at round 8 (4..8). */
static void test_settles(void **state)
{
	double y[10] = { 200, 200, 200, 100, 100, 100, 100, 100, 100, 100 };
	struct steady_window o;

	assert_int_equal(first_steady(y, 10), 8);
	/* round 7's window, 3..7: (200 - 100) / 120 = 83.3% */
	assert_int_equal(check(y, 7, &o), 0);
	assert_int_equal(o.first, 3);
	assert_float_equal(o.avg, 120, 1e-9);
	assert_float_equal(o.data_pct, 100.0 / 120 * 100, 1e-9);
	assert_false(o.steady);
	assert_int_equal(check(y, 8, &o), 0);
	assert_int_equal(o.first, 4);
	assert_int_equal(o.last, 8);
	assert_true(o.steady);
}

/*
 * y = 10 x round, without end: the window ending at round n has average
 * 10 (n - 2) and a fit exactly on the points, so both excursions are
 * 40 / (10 (n - 2)) = 4 / (n - 2): the data excursion is within 20% from
 * round 22 on, the slope excursion over 10% up to round 41. Never steady in
 * the PTS's 25 rounds.
 */
static void test_slope_never(void **state)
{
	double y[25];
	struct steady_window o;

	for (unsigned i = 0; i < 25; i++)
		y[i] = 10.0 * (i + 1);
	assert_int_equal(first_steady(y, 25), 0);
	assert_int_equal(check(y, 25, &o), 0);
	assert_float_equal(o.avg, 230, 1e-9);
	assert_float_equal(o.slope, 10, 1e-9);
	assert_float_equal(o.intercept, 0, 1e-9);
	assert_float_equal(o.data_pct, 4.0 / 23 * 100, 1e-9);
	assert_float_equal(o.slope_pct, 4.0 / 23 * 100, 1e-9);
	assert_true(o.data_pct <= STEADY_DATA_LIMIT_PCT);
	assert_false(o.steady);
}

/* On each bound exactly: steady ("no more than", "within"); a little past it: not. */
static void test_bounds(void **state)
{
	double d20[5] = { 90, 110, 100, 100, 100 };	/* range 20 of 100; fit 1 a round: 4% */
	double d22[5] = { 89, 111, 100, 100, 100 };
	double s10[5] = { 95, 97.5, 100, 102.5, 105 };	/* fit 2.5 a round: 10 over 4 rounds */
	double s104[5] = { 94.8, 97.4, 100, 102.6, 105.2 };
	struct steady_window o;

	assert_int_equal(check(d20, 5, &o), 0);
	assert_float_equal(o.data_pct, 20, 1e-9);
	assert_float_equal(o.slope_pct, 4, 1e-9);
	assert_true(o.steady);
	assert_int_equal(check(d22, 5, &o), 0);
	assert_float_equal(o.data_pct, 22, 1e-9);
	assert_false(o.steady);
	assert_int_equal(check(s10, 5, &o), 0);
	assert_float_equal(o.slope, 2.5, 1e-12);
	assert_float_equal(o.slope_pct, 10, 1e-9);
	assert_float_equal(o.data_pct, 10, 1e-9);
	assert_true(o.steady);
	assert_int_equal(check(s104, 5, &o), 0);
	assert_float_equal(o.slope_pct, 10.4, 1e-9);
	assert_false(o.steady);
}

/* An average of 0: no excursion to measure, never steady. */
static void test_zero_average(void **state)
{
	double zero[5] = { 0, 0, 0, 0, 0 }, pm[5] = { -1, 1, 0, 1, -1 };
	struct steady_window o;

	assert_int_equal(check(zero, 5, &o), 0);
	assert_false(o.steady);
	assert_true(isnan(o.data_pct));
	assert_true(isnan(o.slope_pct));
	assert_int_equal(check(pm, 5, &o), 0);
	assert_false(o.steady);
	assert_true(isnan(o.data_pct));
}

/* Another window and limits; too few rounds, or a window under 2: -EINVAL. */
static void test_args(void **state)
{
	double y[4] = { 100, 50, 100, 100 };
	struct steady_window o = { .first = 77 };

	assert_int_equal(steady_check(y, 4, 5, 20, 10, &o), -EINVAL);
	assert_int_equal(o.first, 77);
	assert_int_equal(steady_check(y, 4, 1, 20, 10, &o), -EINVAL);
	assert_int_equal(steady_check(y, 4, 2, 20, 10, &o), 0);	/* 100, 100 */
	assert_int_equal(o.first, 3);
	assert_true(o.steady);
	assert_int_equal(steady_check(y, 4, 3, 20, 10, &o), 0);	/* 50, 100, 100 */
	assert_false(o.steady);
	assert_int_equal(steady_check(y, 4, 3, 60, 60, &o), 0);	/* 50/83.3 = 60%; 25 x 2 = 60% */
	assert_float_equal(o.data_pct, 60, 1e-9);
	assert_float_equal(o.slope_pct, 60, 1e-9);
	assert_true(o.steady);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_settles),
		cmocka_unit_test(test_slope_never),
		cmocka_unit_test(test_bounds),
		cmocka_unit_test(test_zero_average),
		cmocka_unit_test(test_args),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
