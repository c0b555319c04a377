/* SPDX-License-Identifier: MIT */
/* Description: /proc/stat parsing and per-CPU percentages from two recorded snapshots. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "monitor/cpustat.h"

static const char snap_a[] =
	"cpu  1000 10 500 8000 100 20 30 5 0 0\n"
	"cpu0 600 10 300 3000 50 10 20 5 0 0\n"
	"cpu1 400 0 200 5000 50 10 10 0 0 0\n"
	"intr 12345 0 0\n"
	"ctxt 999\n";
static const char snap_b[] =
	"cpu  2000 10 1000 9000 200 40 60 5 0 0\n"
	"cpu0 1100 10 500 3200 100 20 40 30 0 0\n"
	"cpu1 900 0 500 5800 100 20 20 0 0 0\n"
	"intr 12999 0 0\n";

static void test_parse(void **state)
{
	struct cpu_times t[4];

	assert_int_equal(cpustat_parse(snap_a, t, 4), 2);
	assert_int_equal(t[0].cpu, 0);
	assert_int_equal(t[0].user, 600);
	assert_int_equal(t[0].nice, 10);
	assert_int_equal(t[0].system, 300);
	assert_int_equal(t[0].idle, 3000);
	assert_int_equal(t[0].iowait, 50);
	assert_int_equal(t[0].irq, 10);
	assert_int_equal(t[0].softirq, 20);
	assert_int_equal(t[0].steal, 5);
	assert_int_equal(t[1].cpu, 1);
	assert_int_equal(t[1].idle, 5000);
	/* max is honoured */
	assert_int_equal(cpustat_parse(snap_a, t, 1), 1);
}

static void test_parse_old_kernel_fields(void **state)
{
	/* Linux 2.6-era lines have only 4 to 7 numbers. */
	struct cpu_times t[2];

	assert_int_equal(cpustat_parse("cpu0 1 2 3 4\n", t, 2), 1);
	assert_int_equal(t[0].idle, 4);
	assert_int_equal(t[0].steal, 0);
}

static void test_parse_bad(void **state)
{
	struct cpu_times t[2];

	assert_int_equal(cpustat_parse("", t, 2), -EINVAL);
	assert_int_equal(cpustat_parse("intr 1 2\n", t, 2), -EINVAL);
	assert_int_equal(cpustat_parse("cpu0 x y\n", t, 2), -EINVAL);
}

static void test_delta(void **state)
{
	struct cpu_times a[2], b[2];
	struct cpu_usage u;

	cpustat_parse(snap_a, a, 2);
	cpustat_parse(snap_b, b, 2);
	/* cpu0: user 500, sys 200, irq+soft 30, idle 200, iowait 50, steal 25: total 1005 */
	cpustat_delta(&a[0], &b[0], &u);
	assert_float_equal(u.user, 100.0 * 500 / 1005, 1e-9);
	assert_float_equal(u.kernel, 100.0 * 230 / 1005, 1e-9);
	assert_float_equal(u.idle, 100.0 * 250 / 1005, 1e-9);
	assert_float_equal(u.usage, 100.0 - 100.0 * 250 / 1005, 1e-9);
	assert_float_equal(u.steal, 100.0 * 25 / 1005, 1e-9);
	assert_float_equal(u.iowait, 100.0 * 50 / 1005, 1e-9);
	/* an idle CPU with no ticks at all: zeros, not NaN */
	cpustat_delta(&a[1], &a[1], &u);
	assert_float_equal(u.usage, 0.0, 0);
	assert_float_equal(u.idle, 0.0, 0);
}

static void test_average(void **state)
{
	struct cpu_usage u[2] = { { .cpu = 0, .usage = 10, .user = 4, .kernel = 6, .idle = 90,
				     .iowait = 1, .irq = 2, .steal = 0 },
				   { .cpu = 1, .usage = 30, .user = 20, .kernel = 10, .idle = 70,
				     .iowait = 3, .irq = 4, .steal = 2 } };
	struct cpu_usage avg;

	cpustat_average(u, 2, &avg);
	assert_float_equal(avg.usage, 20, 1e-9);
	assert_float_equal(avg.user, 12, 1e-9);
	assert_float_equal(avg.kernel, 8, 1e-9);
	assert_float_equal(avg.idle, 80, 1e-9);
	assert_float_equal(avg.iowait, 2, 1e-9);
	assert_float_equal(avg.irq, 3, 1e-9);
	assert_float_equal(avg.steal, 1, 1e-9);
	assert_int_equal(avg.cpu, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_old_kernel_fields),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_delta),
		cmocka_unit_test(test_average),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
