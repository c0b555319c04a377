/* SPDX-License-Identifier: MIT */
/* jtext.c: JSON strings from any bytes (see jtext.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/jtext.h"
#include "util/banned.h"

size_t jtext_utf8_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0], n, min, cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000, cp = c & 0x07;
	else
		return 0;
	for (unsigned i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

bool jtext_escaped_backslash(const char *s)
{
	return s[0] == '\\' && s[1] == 'x' && hexval(s[2]) >= 0 && hexval(s[3]) >= 0;
}

/* The length of what starts at s, as itself: 0 when it is written as \xHH. */
static size_t plain_len(const char *s)
{
	return jtext_escaped_backslash(s) ? 0 : jtext_utf8_len(s);
}

json_t *jtext_json(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0, bad = 0;
	json_t *j;
	char *out;

	if (!s)
		return json_null();
	while (p[n]) {
		size_t k = plain_len((const char *)p + n);

		bad += !k;
		n += k ? k : 1;
	}
	if (!bad)
		return json_string(s);
	out = malloc(n + 3 * bad + 1);
	if (!out)
		return NULL;
	for (size_t i = 0, o = 0; i <= n; ) {
		size_t k = i < n ? plain_len((const char *)p + i) : 1;

		if (i == n) {
			out[o] = 0;
			break;
		}
		if (k) {
			memcpy(out + o, p + i, k);
			o += k;
			i += k;
		} else {
			snprintf(out + o, 5, "\\x%02x", p[i]);
			o += 4;
			i++;
		}
	}
	j = json_string(out);
	free(out);
	return j;
}

char *jtext_decode(const char *s, bool *bad)
{
	char *out = malloc(strlen(s) + 1);
	size_t o = 0;

	*bad = false;
	if (!out)
		return NULL;
	for (size_t i = 0; s[i]; o++) {
		int hi, lo;

		if (!jtext_escaped_backslash(s + i)) {	/* a backslash of a path, say */
			out[o] = s[i++];
			continue;
		}
		hi = hexval(s[i + 2]);
		lo = hexval(s[i + 3]);
		if (hi == 0 && lo == 0) {
			*bad = true;
			free(out);
			return NULL;
		}
		out[o] = (char)(hi << 4 | lo);
		i += 4;
	}
	out[o] = 0;
	return out;
}
