/* SPDX-License-Identifier: MIT */
/* vhash.c: --verify's checksums, one library call each (see vhash.h). */
#include <string.h>
#include <isa-l/crc.h>
#include <isa-l/crc64.h>
#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <zlib.h>
#define XXH_STATIC_LINKING_ONLY	/* the states on the stack */
#include <xxhash.h>

#include "util/vhash.h"
#include "util/banned.h"

/* The first 8 bytes of a digest, little-endian. */
static uint64_t first8(const uint8_t *d)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | d[i];
	return v;
}

/* A nettle hash over the two parts: ctx, init, update and digest of one family. */
#define NETTLE_HASH(ctx_t, init, update, digest, size) do {				\
		ctx_t c;								\
		uint8_t d[size];							\
		init(&c);								\
		update(&c, hlen, hdr);							\
		update(&c, dlen, data);							\
		digest(&c, sizeof(d), d);						\
		return first8(d);							\
	} while (0)

static uint64_t xxh3(const void *hdr, size_t hlen, const void *data, size_t dlen)
{
	XXH3_state_t st;

	XXH3_64bits_reset(&st);
	XXH3_64bits_update(&st, hdr, hlen);
	XXH3_64bits_update(&st, data, dlen);
	return XXH3_64bits_digest(&st);
}

static uint64_t xxh32(const void *hdr, size_t hlen, const void *data, size_t dlen)
{
	XXH32_state_t st;

	XXH32_reset(&st, 1);
	XXH32_update(&st, hdr, hlen);
	XXH32_update(&st, data, dlen);
	return XXH32_digest(&st);
}

uint64_t vhash(enum vhash_kind kind, const void *hdr, size_t hlen, const void *data, size_t dlen)
{
	switch (kind) {
	case VHASH_XXH3: break;
	case VHASH_MD5: NETTLE_HASH(struct md5_ctx, md5_init, md5_update, md5_digest, MD5_DIGEST_SIZE);
	case VHASH_SHA1:
		NETTLE_HASH(struct sha1_ctx, sha1_init, sha1_update, sha1_digest, SHA1_DIGEST_SIZE);
	case VHASH_SHA256:
		NETTLE_HASH(struct sha256_ctx, sha256_init, sha256_update, sha256_digest,
			    SHA256_DIGEST_SIZE);
	case VHASH_SHA512:
		NETTLE_HASH(struct sha512_ctx, sha512_init, sha512_update, sha512_digest,
			    SHA512_DIGEST_SIZE);
	case VHASH_SHA3_224:
		NETTLE_HASH(struct sha3_224_ctx, sha3_224_init, sha3_224_update, sha3_224_digest,
			    SHA3_224_DIGEST_SIZE);
	case VHASH_SHA3_256:
		NETTLE_HASH(struct sha3_256_ctx, sha3_256_init, sha3_256_update, sha3_256_digest,
			    SHA3_256_DIGEST_SIZE);
	case VHASH_SHA3_384:
		NETTLE_HASH(struct sha3_384_ctx, sha3_384_init, sha3_384_update, sha3_384_digest,
			    SHA3_384_DIGEST_SIZE);
	case VHASH_SHA3_512:
		NETTLE_HASH(struct sha3_512_ctx, sha3_512_init, sha3_512_update, sha3_512_digest,
			    SHA3_512_DIGEST_SIZE);
	case VHASH_CRC32C:	/* ISA-L takes the running crc; ~0 in and out, as iSCSI's */
		return ~crc32_iscsi((unsigned char *)data, (int)dlen,
				    crc32_iscsi((unsigned char *)hdr, (int)hlen, ~0u)) & 0xffffffffu;
	case VHASH_CRC32:
		return crc32(crc32(crc32(0L, Z_NULL, 0), hdr, (uInt)hlen), data, (uInt)dlen);
	case VHASH_CRC64:
		return crc64_jones_refl(crc64_jones_refl(0, hdr, hlen), data, dlen);
	case VHASH_XXH32:
		return xxh32(hdr, hlen, data, dlen);
	case VHASH_COUNT_:
		break;
	}
	return xxh3(hdr, hlen, data, dlen);
}

const char *vhash_name(enum vhash_kind kind)
{
	static const char *const names[VHASH_COUNT_] = {
		"xxh3", "md5", "crc64", "crc32c", "crc32", "xxhash", "sha1", "sha256", "sha512",
		"sha3-224", "sha3-256", "sha3-384", "sha3-512",
	};

	return kind < VHASH_COUNT_ ? names[kind] : "?";
}
