/* SPDX-License-Identifier: MIT */
/* Description: size, count and time parsers, and size formatting. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "job/units.h"

static void test_sizes(void **state)
{
	static const struct {
		const char *in;
		uint64_t want;
	} ok[] = {
		{ "0", 0 }, { "512", 512 }, { "8K", 8192 }, { "8k", 8192 }, { "64K", 65536 },
		{ "50M", 50ull << 20 }, { "50G", 50ull << 30 }, { "2T", 2ull << 40 },
		{ "4KiB", 4096 }, { "4KB", 4096 }, { "1mib", 1 << 20 },
	};
	uint64_t v;
	bool blocks;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(parse_size(ok[i].in, &v, &blocks), 0);
		assert_int_equal(v, ok[i].want);
		assert_false(blocks);
	}
	assert_int_equal(parse_size("8b", &v, &blocks), 0);
	assert_true(blocks);
	assert_int_equal(v, 8);
	assert_int_equal(parse_size("8b", &v, NULL), -EINVAL);
}

static void test_bad_sizes(void **state)
{
	static const char *bad[] = { "", "12Q", "K", "-1", "1.5K", "8 K", "8KK", "8Kx", "0x10",
				     "8bb", " 8" };
	uint64_t v;
	bool blocks;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(parse_size(bad[i], &v, &blocks), -EINVAL);
	assert_int_equal(parse_size("99999999999999999999", &v, &blocks), -ERANGE);
	assert_int_equal(parse_size("17179869184T", &v, &blocks), -ERANGE);
	assert_int_equal(parse_size("16777215T", &v, &blocks), 0);
}

static void test_uint(void **state)
{
	uint64_t v;

	assert_int_equal(parse_uint("30", 100, &v), 0);
	assert_int_equal(v, 30);
	assert_int_equal(parse_uint("130", 100, &v), -ERANGE);
	assert_int_equal(parse_uint("3a", 100, &v), -EINVAL);
	assert_int_equal(parse_uint("", 100, &v), -EINVAL);
	assert_int_equal(parse_uint("18446744073709551615", UINT64_MAX, &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(parse_uint("18446744073709551616", UINT64_MAX, &v), -ERANGE);
}

static void test_times(void **state)
{
	static const struct {
		const char *in;
		uint64_t ns;
	} ok[] = {
		{ "10", 10000000000ull }, { "0", 0 }, { "0.5", 500000000ull },
		{ "1.25s", 1250000000ull }, { "250ms", 250000000ull }, { "3us", 3000 },
		{ "7ns", 7 }, { "2m", 120000000000ull }, { "1h", 3600000000000ull },
	};
	static const char *bad[] = { "", "s", "1.", ".5", "10x", "-1", "1 s", "1.5.2" };
	uint64_t ns;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(parse_time(ok[i].in, &ns), 0);
		assert_int_equal(ns, ok[i].ns);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(parse_time(bad[i], &ns), -EINVAL);
}

static void test_format(void **state)
{
	char b[32];

	format_size(b, sizeof(b), 8192);
	assert_string_equal(b, "8KiB");
	format_size(b, sizeof(b), 50ull << 30);
	assert_string_equal(b, "50GiB");
	format_size(b, sizeof(b), 1000);
	assert_string_equal(b, "1000B");
	format_size(b, sizeof(b), 1536);
	assert_string_equal(b, "1536B");
	format_size(b, sizeof(b), 0);
	assert_string_equal(b, "0B");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_bad_sizes),
		cmocka_unit_test(test_uint),
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
