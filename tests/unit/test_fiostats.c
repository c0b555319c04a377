/* SPDX-License-Identifier: MIT */
/*
 * Description: fio's per-window statistics (report/fio_stats.h): how many 500 ms samples fio
 * takes of a run (none of a window that ends with the run), their min, max, mean and sample
 * deviation, per job and per thread.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/fio_stats.h"
#include "report/summary.h"

#define NINT 7
#define WIN 500000000ull

/* Two rows (jobs 0 and 1, one thread each) of reads of 4 KiB: row j does (k + 1) * (j + 1) * 10
   I/Os in window k; the run lasted test_ns. */
static void make(struct result *res, struct result_row rows[2], struct interval iv[2][NINT],
		 uint64_t test_ns)
{
	memset(res, 0, sizeof(*res));
	memset(rows, 0, 2 * sizeof(*rows));
	memset(iv, 0, 2 * NINT * sizeof(iv[0][0]));
	res->rows = rows;
	res->nrows = 2;
	res->test_ns = test_ns;
	res->interval_ns = WIN;
	res->nintervals = NINT;
	for (unsigned j = 0; j < 2; j++) {
		rows[j].job = j;
		rows[j].thread = j;
		rows[j].series = iv[j];
		for (unsigned k = 0; k < NINT; k++)
			for (unsigned i = 0; i < (k + 1) * (j + 1) * 10; i++)
				interval_record(&iv[j][k], 0, 4096, 1000);
	}
}

static void test_sample_count(void **state)
{
	static const struct { uint64_t test_ns; unsigned n; } cases[] = {
		{ 3 * 1000000000ull, 5 },		/* the 6th window ends with the run */
		{ 3 * 1000000000ull + 999999, 5 },	/* within fio's 1 ms of slack */
		{ 3 * 1000000000ull + 1000000, 6 },	/* 1 ms past it: fio has sampled it */
		{ 3 * 1000000000ull + 400000000, 6 },	/* the 7th window did not end */
		{ 400000000, 0 },			/* no window ended */
		{ 500000000, 0 },
		{ 501000000, 1 },
	};
	struct result res;
	struct result_row rows[2];
	struct interval iv[2][NINT];
	struct fio_windows ws;

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		make(&res, rows, iv, cases[c].test_ns);
		fio_windows(&ws, &res, 0, 2, -1, SUM_READ);
		assert_int_equal(ws.n, cases[c].n);
	}
}

static void test_figures(void **state)
{
	struct result res;
	struct result_row rows[2];
	struct interval iv[2][NINT];
	struct fio_windows ws;

	(void)state;
	/* 3.2 s: windows 0..5. Both jobs: 30 (k + 1) I/Os per window, 60 (k + 1) IOPS. */
	make(&res, rows, iv, 3200000000ull);
	fio_windows(&ws, &res, 0, 2, -1, SUM_READ);
	assert_int_equal(ws.n, 6);
	assert_float_equal(ws.io_min, 60, 1e-9);
	assert_float_equal(ws.io_max, 360, 1e-9);
	assert_float_equal(ws.io_mean, 210, 1e-9);
	/* the sample deviation of 60, 120 .. 360: 60 times that of 1 .. 6 */
	assert_float_equal(ws.io_dev, 60 * sqrt(3.5), 1e-6);
	/* KiB/s: 4 KiB per I/O */
	assert_float_equal(ws.bw_min, 240, 1e-9);
	assert_float_equal(ws.bw_mean, 840, 1e-9);

	/* job 1 alone (thread 1): 20 (k + 1) I/Os per window */
	fio_windows(&ws, &res, 1, 2, 1, SUM_READ);
	assert_int_equal(ws.n, 6);
	assert_float_equal(ws.io_min, 40, 1e-9);
	assert_float_equal(ws.io_max, 240, 1e-9);
	/* a thread the job does not have: windows of nothing */
	fio_windows(&ws, &res, 1, 2, 0, SUM_READ);
	assert_float_equal(ws.io_max, 0, 1e-9);
	/* writes: none done */
	fio_windows(&ws, &res, 0, 2, -1, SUM_WRITE);
	assert_float_equal(ws.bw_max, 0, 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_count),
		cmocka_unit_test(test_figures),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
