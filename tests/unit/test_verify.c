/* SPDX-License-Identifier: MIT */
/*
 * Description: --verify blocks: a formatted block checks out; each kind of
 * damage is told apart (a block that belongs elsewhere, an older version, a
 * flipped byte in the data or the header, a block never written) and the
 * first differing byte is found.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/verify.h"
#include "util/vhash.h"

#define BS 4096

static _Alignas(64) unsigned char blk[BS], other[BS];

static void test_roundtrip(void **state)
{
	struct verify_bad bad;

	(void)state;
	verify_format(blk, BS, 8 * BS, 3, 17, 42, 0, NULL);
	assert_int_equal(verify_check(blk, BS, 8 * BS, VERIFY_SEQ_UNKNOWN, NULL, &bad), VERIFY_OK);
	assert_int_equal(verify_check(blk, BS, 8 * BS, 17, NULL, &bad), VERIFY_OK);
	/* two writes of one block differ everywhere past the header */
	verify_format(other, BS, 8 * BS, 3, 18, 42, 0, NULL);
	assert_memory_not_equal(blk + VERIFY_HDR, other + VERIFY_HDR, 64);
}

static void test_flipped_data_byte(void **state)
{
	struct verify_bad bad;

	(void)state;
	verify_format(blk, BS, 8 * BS, 0, 5, 42, 0, NULL);
	blk[1000] ^= 0x40;
	assert_int_equal(verify_check(blk, BS, 8 * BS, VERIFY_SEQ_UNKNOWN, NULL, &bad), VERIFY_CORRUPT);
	assert_int_equal(bad.offset, 8 * BS);
	assert_int_equal(bad.at, 1000);
	assert_true(bad.have_want);
	assert_int_equal(bad.want[0] ^ bad.got[0], 0x40);
	assert_memory_equal(bad.want + 1, bad.got + 1, 15);
}

/* A large block: the bytes expected are rebuilt piecewise, across a 4 KiB piece edge. */
static void test_flipped_byte_large_block(void **state)
{
	static _Alignas(64) unsigned char big[65536];
	struct verify_bad bad;

	(void)state;
	verify_format(big, sizeof(big), 1 << 20, 1, 9, 7, 0, NULL);
	big[VERIFY_HDR + 3 * 4096 - 4] ^= 0x01;	/* 4 bytes before a piece ends */
	assert_int_equal(verify_check(big, sizeof(big), 1 << 20, VERIFY_SEQ_UNKNOWN, NULL, &bad),
			 VERIFY_CORRUPT);
	assert_int_equal(bad.at, VERIFY_HDR + 3 * 4096 - 4);
	assert_true(bad.have_want);
	assert_int_equal(bad.want[0] ^ bad.got[0], 0x01);
	assert_memory_equal(bad.want + 1, bad.got + 1, 15);	/* the rest match, past the edge */
}

static void test_flipped_header_byte(void **state)
{
	struct verify_bad bad;

	(void)state;
	verify_format(blk, BS, 8 * BS, 0, 5, 42, 0, NULL);
	blk[offsetof(struct verify_hdr, time_ns)] ^= 1;	/* a field the data does not depend on */
	assert_int_equal(verify_check(blk, BS, 8 * BS, VERIFY_SEQ_UNKNOWN, NULL, &bad), VERIFY_CORRUPT);
	assert_int_equal(bad.at, offsetof(struct verify_hdr, hash));	/* its checksum no longer fits */
}

static void test_misplaced(void **state)
{
	struct verify_bad bad;
	char text[512];

	(void)state;
	verify_format(blk, BS, 5 * BS, 0, 5, 42, 0, NULL);	/* written for block 5 ... */
	assert_int_equal(verify_check(blk, BS, 9 * BS, VERIFY_SEQ_UNKNOWN, NULL, &bad), VERIFY_MISPLACED);
	assert_int_equal(bad.found.offset, 5 * BS);	/* ... found at block 9 */
	assert_int_equal(bad.offset, 9 * BS);
	verify_describe(&bad, text, sizeof(text));
	assert_non_null(strstr(text, "misplaced write"));
	assert_non_null(strstr(text, "at offset 36864"));
	assert_non_null(strstr(text, "offset 20480"));
}

static void test_lost(void **state)
{
	struct verify_bad bad;
	char text[512];

	(void)state;
	verify_format(blk, BS, 8 * BS, 2, 6, 42, 0, NULL);	/* write 6 reached the disk ... */
	assert_int_equal(verify_check(blk, BS, 8 * BS, 7, NULL, &bad), VERIFY_LOST);	/* ... 7 did not */
	verify_describe(&bad, text, sizeof(text));
	assert_non_null(strstr(text, "lost write"));
	assert_non_null(strstr(text, "the last write recorded is write 7"));
	/* newer than the last write known: not corrupt (its checksum is fine), unexpected */
	assert_int_equal(verify_check(blk, BS, 8 * BS, 5, NULL, &bad), VERIFY_NEWER);
	verify_describe(&bad, text, sizeof(text));
	assert_non_null(strstr(text, "unexpected write"));
	assert_null(strstr(text, "checksum"));
}

static void test_not_written(void **state)
{
	struct verify_bad bad;

	(void)state;
	memset(blk, 0, BS);
	assert_int_equal(verify_check(blk, BS, 0, VERIFY_SEQ_UNKNOWN, NULL, &bad), VERIFY_NOT_WRITTEN);
	verify_format(blk, 512, 0, 0, 1, 42, 0, NULL);	/* a 512-byte block read as 4 KiB */
	assert_int_equal(verify_check(blk, BS, 0, VERIFY_SEQ_UNKNOWN, NULL, &bad), VERIFY_CORRUPT);
}

/* fio's verify= checksums are the libraries' own: the standard check values. */
static void test_hash_vectors(void **state)
{
	(void)state;
	assert_true(vhash(VHASH_CRC32C, "1234", 4, "56789", 5) == 0xe3069283u);
	assert_true(vhash(VHASH_CRC32, "1234", 4, "56789", 5) == 0xcbf43926u);
	assert_true(vhash(VHASH_MD5, "a", 1, "bc", 2) == 0xb04fd23c98500190ull);	/* 900150983cd24fb0... */
	assert_true(vhash(VHASH_SHA256, "", 0, "abc", 3) == 0xeacf018fbf1678baull);	/* ba7816bf8f01cfea... */
	assert_true(vhash(VHASH_XXH32, "", 0, "", 0) != vhash(VHASH_XXH3, "", 0, "", 0));
}

/* Every kind: a block checks out, and a flipped data byte is corruption found at its byte. */
static void test_every_kind(void **state)
{
	struct verify_bad bad;

	(void)state;
	for (unsigned k = 0; k < VHASH_COUNT_; k++) {
		verify_format(blk, BS, 8 * BS, 1, 3, 42, k, NULL);
		assert_int_equal(verify_check(blk, BS, 8 * BS, 3, NULL, &bad), VERIFY_OK);
		verify_rebuild(other, BS, 8 * BS, (const struct verify_hdr *)blk, NULL);
		assert_memory_equal(blk + 64, other + 64, BS - 64);
		blk[1000] ^= 4;
		assert_int_equal(verify_check(blk, BS, 8 * BS, 3, NULL, &bad), VERIFY_CORRUPT);
		assert_int_equal(bad.at, 1000);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_flipped_data_byte),
		cmocka_unit_test(test_flipped_byte_large_block),
		cmocka_unit_test(test_flipped_header_byte),
		cmocka_unit_test(test_misplaced),
		cmocka_unit_test(test_lost),
		cmocka_unit_test(test_not_written),
		cmocka_unit_test(test_hash_vectors),
		cmocka_unit_test(test_every_kind),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
