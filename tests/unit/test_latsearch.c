/* SPDX-License-Identifier: MIT */
/* Description: fio's latency_target search (core/latsearch.c), step by step against fio 3.33's io_u.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/latsearch.h"

#define MS 1000000ull

/*
 * A device whose latency at depth d is d ms (the null model at 1000 I/Os a
 * second): each window of 100 ms sees 100 completions at the depth's latency.
 * Returns the action of the window's check; *t moves on by a window.
 */
static enum lat_act window(struct lat_search *ls, uint64_t *t)
{
	enum lat_act a = LAT_GO;

	for (int i = 0; i < 100 && a == LAT_GO; i++)
		a = lat_io(ls, ls->qd * MS);
	if (a != LAT_GO)
		return a;
	*t += 100 * MS;
	return lat_check(ls, *t);
}

static void setup(struct lat_search *ls, double pct, unsigned iodepth)
{
	*ls = (struct lat_search){ .target_ns = 4500000, .window_ns = 100 * MS, .pct = pct,
				   .iodepth = iodepth };
	lat_init(ls, 0);
}

/* fio's doubling, then its bisection: 1 2 4 8 6 5 4, a last window at 4, done. */
static void test_search(void **state)
{
	static const unsigned want[] = { 1, 2, 4, 8, 6, 5, 4 };
	struct lat_search ls;
	uint64_t t = 0;
	enum lat_act a;
	int guard = 0;

	(void)state;
	setup(&ls, 90.0, 16);
	assert_int_equal(lat_check(&ls, 50 * MS), LAT_GO);	/* inside the first window */
	while ((a = window(&ls, &t)) != LAT_DONE && guard++ < 20)
		if (a == LAT_QUIESCE)
			lat_cycle(&ls, t);
	assert_int_equal(a, LAT_DONE);
	assert_int_equal(ls.qd, 4);
	assert_int_equal(ls.ntrail, 7);
	for (unsigned i = 0; i < 7; i++)
		assert_int_equal(ls.trail[i], want[i]);
	assert_true(ls.end_run);
}

/* The target met at every depth: up to iodepth, then done there. */
static void test_to_iodepth(void **state)
{
	struct lat_search ls;
	uint64_t t = 0;
	int guard = 0;

	(void)state;
	setup(&ls, 100.0, 3);
	ls.target_ns = 100 * MS;
	while (window(&ls, &t) != LAT_DONE && guard++ < 20)
		;
	assert_int_equal(ls.qd, 3);
	assert_int_equal(ls.ntrail, 3);	/* 1 2 3 */
}

/* percentile 100: one I/O over steps down at once; at depth 1 the job fails. */
static void test_fatal(void **state)
{
	struct lat_search ls;

	(void)state;
	setup(&ls, 100.0, 16);
	ls.qd = 4;
	ls.qd_low = 4;
	assert_int_equal(lat_io(&ls, 5 * MS), LAT_QUIESCE);
	assert_int_equal(ls.qd, 3);	/* qd == qd_low: low 3, (4 + 3) / 2 */
	assert_int_equal(ls.qd_high, 4);
	ls.qd = 1;
	assert_int_equal(lat_io(&ls, 5 * MS), LAT_FATAL);
	assert_int_equal(lat_io(&ls, 4 * MS), LAT_GO);	/* within: no step */
}

/* A window without completions fails (fio's 0/0); at depth 1 the window goes on. */
static void test_empty_window(void **state)
{
	struct lat_search ls;

	(void)state;
	setup(&ls, 90.0, 16);
	assert_int_equal(lat_check(&ls, 200 * MS), LAT_GO);
	assert_int_equal(ls.qd, 1);
	assert_int_equal(ls.cycle_at, 0);	/* not a new window */
	lat_io(&ls, 1 * MS);
	assert_int_equal(lat_check(&ls, 300 * MS), LAT_GO);	/* met: up to 2 */
	assert_int_equal(ls.qd, 2);
}

/* latency_run: a depth met 3 times at qd_high - 1 creeps its bound up, and never ends. */
static void test_run(void **state)
{
	struct lat_search ls;
	uint64_t t = 0;

	(void)state;
	setup(&ls, 90.0, 16);
	ls.run = true;
	for (int i = 0; i < 30; i++)
		if (window(&ls, &t) == LAT_QUIESCE)
			lat_cycle(&ls, t);
	assert_true(ls.qd == 4 || ls.qd == 5);	/* it keeps probing 5 */
	assert_false(ls.end_run);
	assert_true(ls.ntrail > 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_to_iodepth),
		cmocka_unit_test(test_fatal),
		cmocka_unit_test(test_empty_window),
		cmocka_unit_test(test_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
