/* SPDX-License-Identifier: MIT */
/*
 * vhash.h: the checksum a --verify block carries, by kind. iobench's own is
 * xxh3-64; fio's verify= types select theirs, each from a library (nettle for
 * md5, sha1, sha2 and sha3; zlib for crc32; ISA-L for crc32c and crc64;
 * libxxhash for fio's xxhash, XXH32). A digest longer than 64 bits is kept
 * as its first 8 bytes (little-endian), a shorter one zero-extended: the
 * block header's hash field holds 64 bits. Every kind covers the header (its
 * hash field zero) and then the data, in that order.
 */
#ifndef IOB_VHASH_H
#define IOB_VHASH_H

#include <stddef.h>
#include <stdint.h>

enum vhash_kind {
	VHASH_XXH3,		/* iobench's own, and fio's meta, crc16, crc7 (see docs/jobfiles.md) */
	VHASH_MD5,
	VHASH_CRC64,		/* fio's crc64: the Jones polynomial, reflected */
	VHASH_CRC32C,
	VHASH_CRC32,
	VHASH_XXH32,		/* fio's xxhash: XXH32 with seed 1 */
	VHASH_SHA1,
	VHASH_SHA256,
	VHASH_SHA512,
	VHASH_SHA3_224,
	VHASH_SHA3_256,
	VHASH_SHA3_384,
	VHASH_SHA3_512,
	VHASH_COUNT_
};

/* The checksum of hdr (hlen bytes) followed by data (dlen bytes), by kind. */
uint64_t vhash(enum vhash_kind kind, const void *hdr, size_t hlen, const void *data, size_t dlen);

/* The checksum's name as fio spells its verify= type ("xxh3" for iobench's own). */
const char *vhash_name(enum vhash_kind kind);

#endif
