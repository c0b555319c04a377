/* SPDX-License-Identifier: MIT */
/*
 * units.h: numbers, sizes and times as users write them on a command line.
 * Sizes are binary, as in DiskSpd: 8K = 8192. All parsers take the whole
 * string: trailing junk is an error, never silently dropped.
 */
#ifndef IOB_UNITS_H
#define IOB_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Parses "<digits>[K|M|G|T][B|iB]" (case-insensitive, binary multiples) or
 * "<digits>b", a count of blocks. With a block count *blocks is set and *out
 * holds the count; the caller multiplies by the block size. blocks may be NULL,
 * which makes the block form an error. Returns 0, -EINVAL or -ERANGE.
 */
int parse_size(const char *s, uint64_t *out, bool *blocks);

/* Parses a decimal integer in [0, max]. Returns 0, -EINVAL or -ERANGE. */
int parse_uint(const char *s, uint64_t max, uint64_t *out);

/*
 * Parses a time: seconds as a plain number ("10", "0.5") or with a unit
 * suffix: ns, us, ms, s, m, h. Stores nanoseconds. Returns 0, -EINVAL or -ERANGE.
 */
int parse_time(const char *s, uint64_t *ns);

/*
 * A write pattern, slen bytes of s: "0x" and an even number of hex digits
 * (unless text), or the text itself; at most max bytes into out, *n set.
 * Returns 0, -EINVAL (bad hex, or more than max bytes of it) or -ERANGE
 * (text empty or too long).
 */
int parse_pattern(const char *s, size_t slen, bool text, unsigned char *out, size_t max,
		  unsigned *n);

/* Formats a byte count the way DiskSpd does: "8KiB", "1GiB", or "1000B". */
void format_size(char *buf, size_t len, uint64_t bytes);

/*
 * A size as DiskSpd's text report writes it (_DisplayFileSize): in the largest
 * of TiB, GiB, MiB, KiB it reaches, whole ("8MiB") or to 2 decimals ("1.95MiB"),
 * and below 1 KiB a bare number of bytes ("512").
 */
void format_size_diskspd(char *buf, size_t len, uint64_t bytes);

/* For messages: exact sizes as format_size, others rounded ("79.8 GiB"). */
void format_bytes(char *buf, size_t len, uint64_t bytes);

#endif
