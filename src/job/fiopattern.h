/* SPDX-License-Identifier: MIT */
/*
 * fiopattern.h: fio's pattern syntax (lib/pattern.c, parse_and_fill_pattern)
 * for verify_pattern: pieces one after another, nothing between them:
 *   0xHEX	the bytes in the order written, of any length ("0x1ff" is 01 ff:
 *		an odd digit count gives the first digit a byte of its own;
 *		"0xff0x14" is two pieces, ff 14)
 *   DECIMAL	a number in [INT_MIN, INT_MAX]: its bytes little-endian, as many
 *		as it needs (66 is 42, -1024 is 00 fc ff ff, 0 is one byte 00)
 *   "text"	the bytes between the quotes (no escapes)
 *   %o		the block's offset, 8 bytes (see vpattern.h)
 * so "0xff%o\"abcd\"-12" is 17 bytes. At most 512 bytes and 8 %o's, as fio.
 * fio's 'FILE' (a file's bytes) is refused: iobench reads no file while
 * it plans a run.
 */
#ifndef IOB_FIOPATTERN_H
#define IOB_FIOPATTERN_H

#include <stddef.h>

#include "util/vpattern.h"

/* Parses in into p (bare left false). Returns 0, or -EINVAL with the bad piece named in err. */
int fio_pattern_parse(const char *in, struct vpattern *p, char *err, size_t len);

#endif
