/* SPDX-License-Identifier: MIT */
/* Description: a sweep's lists and ranges, the knee's objective, and VDBench's curve, as text. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "job/sweepspec.h"

static void expect_list(const char *v, enum axis_kind k, const uint64_t *want, unsigned n)
{
	struct axis a;
	char err[256];

	assert_int_equal(sweep_parse_list("--x", v, &a, k, err, sizeof(err)), 0);
	assert_int_equal(a.n, n);
	for (unsigned i = 0; i < n; i++)
		assert_int_equal(a.v[i], want[i]);
}

static void test_lists(void **state)
{
	static const uint64_t bs[] = { 4096, 65536, 1 << 20 }, dbl[] = { 4096, 8192, 16384, 32768 },
			      qd[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256 }, w[] = { 0, 30, 100 },
			      steps[] = { 0, 25, 50, 75, 100 }, tens[] = { 10, 20, 30 },
			      one[] = { 7 }, odd[] = { 3, 6, 12 };

	expect_list("4K,64K,1M", AXIS_SIZE, bs, 3);
	expect_list("4K..32K", AXIS_SIZE, dbl, 4);
	expect_list("1,2,4..256", AXIS_DEPTH, qd, 9);
	expect_list("0,30,100", AXIS_PERCENT, w, 3);
	expect_list("0..100:25", AXIS_PERCENT, steps, 5);
	expect_list("10..30", AXIS_PERCENT, tens, 3);	/* a percentage range steps by 10 */
	expect_list("7", AXIS_THREADS, one, 1);
	expect_list("3..20", AXIS_DEPTH, odd, 3);	/* doubling stops before passing the end */
}

static void test_bad_lists(void **state)
{
	static const struct {
		const char *v;
		enum axis_kind k;
		const char *named;
	} bad[] = {
		{ "0", AXIS_DEPTH, "'0'" }, { "4K..1K", AXIS_SIZE, "'4K..1K'" },
		{ "", AXIS_DEPTH, "no value" }, { ",", AXIS_DEPTH, "no value" },
		{ "1,x", AXIS_DEPTH, "'x'" }, { "101", AXIS_PERCENT, "'101'" },
		{ "0..100:0", AXIS_PERCENT, "'0..100:0'" }, { "50:5", AXIS_PERCENT, "'50:5'" },
		{ "4097", AXIS_DEPTH, "'4097'" }, { "4097", AXIS_THREADS, "'4097'" },
		{ "3G", AXIS_SIZE, "'3G'" }, { "1..", AXIS_DEPTH, "'1..'" },
		{ "0..100:1,0..100:1,0..100:1", AXIS_PERCENT, "more than 256 values" },
	};
	struct axis a;
	char err[256];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(sweep_parse_list("--x", bad[i].v, &a, bad[i].k, err, sizeof(err)),
				 -EINVAL);
		assert_non_null(strstr(err, bad[i].named));
	}
}

static void test_slo(void **state)
{
	struct slo s = { 0 };
	char err[256];

	assert_int_equal(sweep_parse_slo("--slo", "p99:1ms", &s, err, sizeof(err)), 0);
	assert_true(s.set && !s.mean);
	assert_true(s.pct == 99);
	assert_int_equal(s.limit_ns, 1000000);
	assert_string_equal(s.text, "p99 <= 1 ms");
	memset(&s, 0, sizeof(s));
	assert_int_equal(sweep_parse_slo("--slo", "p99.9:500us", &s, err, sizeof(err)), 0);
	assert_true(s.pct == 99.9);
	assert_string_equal(s.text, "p99.9 <= 500 us");
	memset(&s, 0, sizeof(s));
	assert_int_equal(sweep_parse_slo("--slo", "mean:2.5ms", &s, err, sizeof(err)), 0);
	assert_true(s.mean);
	assert_string_equal(s.text, "mean <= 2.5 ms");
	memset(&s, 0, sizeof(s));
	assert_int_equal(sweep_parse_slo("--slo", "p50:1.5s", &s, err, sizeof(err)), 0);
	assert_string_equal(s.text, "p50 <= 1.5 s");
	for (const char *const *b = (const char *const[]){ "p99", "q99:1ms", "p100:1ms", "p0:1ms",
			       "p:1ms", "p99:0", "p99:", "p99:1x", "pnan:1ms", "p0x10:1ms",
			       "mean:-1ms", NULL }; *b; b++) {
		memset(&s, 0, sizeof(s));
		assert_int_equal(sweep_parse_slo("--slo", *b, &s, err, sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, *b));
	}
}

static void test_curve(void **state)
{
	struct curve_spec c;
	char err[256];

	assert_int_equal(sweep_parse_curve("--curve", NULL, &c, err, sizeof(err)), 0);
	assert_int_equal(c.n, 6);	/* VDBench's default */
	assert_true(c.pct[0] == 10 && c.pct[3] == 80 && c.pct[5] == 100);
	assert_int_equal(sweep_parse_curve("--curve", "25,50,75.5", &c, err, sizeof(err)), 0);
	assert_int_equal(c.n, 3);
	assert_true(c.pct[2] == 75.5);
	assert_int_equal(sweep_parse_curve("--curve", "0,50", &c, err, sizeof(err)), -EINVAL);
	assert_int_equal(sweep_parse_curve("--curve", "101", &c, err, sizeof(err)), -EINVAL);
	assert_int_equal(sweep_parse_curve("--curve", "50x", &c, err, sizeof(err)), -EINVAL);
	assert_int_equal(sweep_parse_curve("--curve", ",", &c, err, sizeof(err)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_bad_lists),
		cmocka_unit_test(test_slo),
		cmocka_unit_test(test_curve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
