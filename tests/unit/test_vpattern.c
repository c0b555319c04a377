/* SPDX-License-Identifier: MIT */
/*
 * Description: fio's verify_pattern: the syntax read byte for byte as fio
 * 3.33's lib/pattern.c reads it (its own examples), bad pieces refused by
 * name; blocks laid with the pattern and %o, the first wrong byte found;
 * --verify blocks with a pattern under the header, a flipped byte located.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <errno.h>

#include "core/verify.h"
#include "util/vpattern.h"
#include "job/fiopattern.h"

#define BS 4096

static _Alignas(64) unsigned char blk[BS];

/* in parses into the n bytes want. */
static void parses(const char *in, const char *want, size_t n)
{
	struct vpattern p;
	char err[256];

	assert_int_equal(fio_pattern_parse(in, &p, err, sizeof(err)), 0);
	assert_int_equal(p.len, n);
	assert_memory_equal(p.bytes, want, n);
}

static void test_fio_examples(void **state)
{
	(void)state;
	parses("\"abcd\"", "abcd", 4);
	parses("-1024", "\x00\xfc\xff\xff", 4);
	parses("66", "\x42", 1);
	parses("0", "\x00", 1);
	parses("0xFF0X1", "\xff\x01", 2);
	parses("%o", "\0\0\0\0\0\0\0\0", 8);
	parses("\"123\"0xFFeeCC", "123\xff\xee\xcc", 6);
	parses("-100xab\"1\"%o\"2\"", "\xf6\xff\xff\xff\xab" "1" "\0\0\0\0\0\0\0\0" "2", 15);
	parses("%o0xdeadbeef%o", "\0\0\0\0\0\0\0\0\xde\xad\xbe\xef\0\0\0\0\0\0\0\0", 20);
	parses("0xaa555aa5", "\xaa\x55\x5a\xa5", 4);
	parses("0x1ff", "\x01\xff", 2);
	parses("0xff0x14", "\xff\x14", 2);
	parses("0xff%o\"abcd\"-12", "\xff\0\0\0\0\0\0\0\0abcd\xf4\xff\xff\xff", 17);
}

static void test_refused(void **state)
{
	static const char *bad[] = { "zz", "\"\"", "%x", "0x", "12abc", "\"ab", "'f'", "0x0x1",
				     "4294967296", "" };
	struct vpattern p;
	char err[256], big[1200] = "0x";

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(fio_pattern_parse(bad[i], &p, err, sizeof(err)), -EINVAL);
	memset(big + 2, 'a', 1026);	/* 513 bytes */
	assert_int_equal(fio_pattern_parse(big, &p, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "longer than 512"));
	assert_int_equal(fio_pattern_parse("%o%o%o%o%o%o%o%o%o", &p, err, sizeof(err)), -EINVAL);
}

static void test_fill_and_diff(void **state)
{
	struct vpattern p;
	char err[256];

	(void)state;
	assert_int_equal(fio_pattern_parse("0xff%o\"ab\"", &p, err, sizeof(err)), 0);
	vpattern_fill(&p, blk, BS, 0x1000);
	for (unsigned i = 0; i + 11 <= BS; i += 11) {	/* every repetition: ff, the offset, "ab" */
		assert_int_equal(blk[i], 0xff);
		assert_int_equal(blk[i + 2], 0x10);
		assert_int_equal(blk[i + 9], 'a');
	}
	assert_int_equal(vpattern_diff(&p, blk, 0, BS, 0x1000), BS);
	assert_int_equal(vpattern_diff(&p, blk, 0, BS, 0x2000), 2);
	blk[3001] ^= 1;
	assert_int_equal(vpattern_diff(&p, blk, 0, BS, 0x1000), 3001);
}

static void test_blocks(void **state)
{
	struct vpattern p;
	struct verify_bad bad;
	char err[256];

	(void)state;
	assert_int_equal(fio_pattern_parse("0xaa555aa5", &p, err, sizeof(err)), 0);
	verify_format(blk, BS, 8 * BS, 1, 3, 42, 0, &p);	/* header, then the pattern */
	assert_int_equal(blk[64], 0xaa);
	assert_int_equal(blk[BS - 1], 0xa5);
	assert_int_equal(verify_check(blk, BS, 8 * BS, 3, &p, &bad), VERIFY_OK);
	blk[2000] ^= 8;
	assert_int_equal(verify_check(blk, BS, 8 * BS, 3, &p, &bad), VERIFY_CORRUPT);
	assert_int_equal(bad.at, 2000);
	assert_true(bad.have_want);
	assert_int_equal(bad.want[0], 0xaa);
	p.bare = true;	/* fio's verify=pattern: the block is the pattern */
	verify_format(blk, BS, 8 * BS, 1, 3, 42, 0, &p);
	assert_int_equal(blk[0], 0xaa);
	assert_int_equal(verify_check(blk, BS, 8 * BS, 3, &p, &bad), VERIFY_OK);
	blk[777] = 0;
	assert_int_equal(verify_check(blk, BS, 8 * BS, 3, &p, &bad), VERIFY_PATTERN);
	assert_int_equal(bad.at, 777);
	assert_int_equal(bad.want[0], 0x55);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fio_examples),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_fill_and_diff),
		cmocka_unit_test(test_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
