/* SPDX-License-Identifier: MIT */
/* fiopattern.c: fio's pattern syntax, byte for byte as fio 3.33 reads it (see fiopattern.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "job/fiopattern.h"
#include "util/errmsg.h"
#include "util/banned.h"

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Adds n bytes to p; false when they do not fit. */
static bool put(struct vpattern *p, const void *b, size_t n)
{
	if (n > VPAT_MAX - p->len)
		return false;
	memcpy(p->bytes + p->len, b, n);
	p->len += (uint32_t)n;
	return true;
}

/*
 * 0x and hex digits at *s (fio's parse_number, hex half). Returns the bytes of s used, or 0:
 * no digit of its own (fio 3.33 aborts on "0x0x1"), or *full: the pattern is too long.
 */
static size_t hex_piece(const char *s, struct vpattern *p, bool *full)
{
	size_t n = 0;
	uint8_t b;

	while (hexval(s[2 + n]) >= 0)
		n++;
	if (s[2 + n] && n && s[2 + n - 1] == '0' && (s[2 + n] == 'x' || s[2 + n] == 'X'))
		n--;	/* "0xff0x14": the last 0 starts the next piece */
	if (!n)
		return 0;
	for (size_t i = 0; i < n;) {
		if ((n - i) & 1) {	/* an odd count: the first digit alone */
			b = (uint8_t)hexval(s[2 + i]);
			i++;
		} else {
			b = (uint8_t)(hexval(s[2 + i]) << 4 | hexval(s[2 + i + 1]));
			i += 2;
		}
		if (!put(p, &b, 1)) {
			*full = true;
			return 0;
		}
	}
	return 2 + n;
}

/* A decimal at *s, up to a following "0x" (fio's parse_number). Returns bytes used, 0: bad. */
static size_t dec_piece(const char *s, struct vpattern *p, bool *full)
{
	const char *x = strcasestr(s, "0x");
	size_t lim = x ? (size_t)(x - s) : strlen(s);
	char num[32], *end;
	long v;
	uint32_t u;

	if (!lim)
		lim = 1;	/* "0x" with no hex digit: strtol reads its 0, as in fio */
	if (lim >= sizeof(num))
		lim = sizeof(num) - 1;	/* more digits overflow: strtol says so */
	memcpy(num, s, lim);
	num[lim] = 0;
	errno = 0;
	v = strtol(num, &end, 10);
	if (end == num || errno || v > INT_MAX || v < INT_MIN)
		return 0;
	u = (uint32_t)v;
	if (!v) {
		*full = !put(p, "", 1);
		return (size_t)(end - num);
	}
	for (; u; u >>= 8) {
		uint8_t b = (uint8_t)u;

		if (!put(p, &b, 1)) {
			*full = true;
			return 0;
		}
	}
	return (size_t)(end - num);
}

int fio_pattern_parse(const char *in, struct vpattern *p, char *err, size_t len)
{
	const char *s = in;

	memset(p, 0, sizeof(*p));
	if (!*s)
		return errmsg(err, len, -EINVAL, "an empty pattern");
	while (*s) {
		size_t n = 0;
		bool full = false;

		if (*s == '"') {
			const char *q = strchr(s + 1, '"');

			if (!q)
				return errmsg(err, len, -EINVAL, "%s: no closing quote", s);
			if (q == s + 1)	/* fio 3.33 aborts on it (an assertion) */
				return errmsg(err, len, -EINVAL, "%s: an empty string", s);
			if (!put(p, s + 1, (size_t)(q - s - 1)))
				full = true;
			n = (size_t)(q - s + 1);
		} else if (*s == '\'') {
			return errmsg(err, len, -EINVAL, "%s: a pattern read from a file (fio's "
				      "'FILE') is not implemented by iobench: it reads no file while it "
				      "plans a run; write the bytes as 0x hex", s);
		} else if (*s == '%') {
			if (s[1] != 'o')
				return errmsg(err, len, -EINVAL, "%s: not a format fio knows (%%o, the "
					      "block's offset)", s);
			if (p->noffs == VPAT_OFFS)
				return errmsg(err, len, -EINVAL, "%s: more than %u %%o's", s, VPAT_OFFS);
			p->offs[p->noffs++] = p->len;
			if (!put(p, "\0\0\0\0\0\0\0\0", VPAT_OFF_LEN))
				full = true;
			n = 2;
		} else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hexval(s[2]) >= 0) {
			n = hex_piece(s, p, &full);
		} else {
			n = dec_piece(s, p, &full);
		}
		if (!n && !full)
			return errmsg(err, len, -EINVAL, "%s: not 0x hex, a decimal number (a 32-bit "
				      "int), \"text\" or %%o", s);
		if (full)
			return errmsg(err, len, -EINVAL, "longer than %u bytes", VPAT_MAX);
		s += n;
	}
	return 0;
}
