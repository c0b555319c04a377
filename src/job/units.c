/* SPDX-License-Identifier: MIT */
/* units.c: size, count and time parsers for the command line. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "job/units.h"
#include "util/banned.h"

/* Reads the leading decimal digits of s into *v; returns the first non-digit. */
static const char *read_digits(const char *s, uint64_t *v, int *err)
{
	uint64_t n = 0;

	if (!isdigit((unsigned char)*s)) {
		*err = -EINVAL;
		return s;
	}
	for (; isdigit((unsigned char)*s); s++) {
		unsigned d = (unsigned)(*s - '0');

		if (n > (UINT64_MAX - d) / 10) {
			*err = -ERANGE;
			return s;
		}
		n = n * 10 + d;
	}
	*v = n;
	return s;
}

int parse_uint(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	int err = 0;
	const char *end = read_digits(s, &v, &err);

	if (err)
		return err;
	if (*end)
		return -EINVAL;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_size(const char *s, uint64_t *out, bool *blocks)
{
	static const char units[] = "kmgt";
	uint64_t v = 0;
	int err = 0;
	const char *p = read_digits(s, &v, &err);
	const char *u;
	unsigned shift;

	if (err)
		return err;
	if (blocks)
		*blocks = false;
	if (!*p) {
		*out = v;
		return 0;
	}
	if ((p[0] == 'b' || p[0] == 'B') && !p[1]) {	/* DiskSpd: a count of blocks (either case) */
		if (!blocks)
			return -EINVAL;
		*blocks = true;
		*out = v;
		return 0;
	}
	u = strchr(units, tolower((unsigned char)*p));
	if (!u)
		return -EINVAL;
	shift = 10u * (unsigned)(u - units + 1);
	p++;
	if (*p && strcasecmp(p, "b") && strcasecmp(p, "ib"))
		return -EINVAL;
	if (v > (UINT64_MAX >> shift))
		return -ERANGE;
	*out = v << shift;
	return 0;
}

int parse_time(const char *s, uint64_t *ns)
{
	static const struct {
		const char *name;
		double mult;
	} suffix[] = {
		{ "", 1e9 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 },
		{ "ns", 1 }, { "m", 60e9 }, { "h", 3600e9 },
	};
	uint64_t ipart = 0, frac = 0, scale = 1;
	int err = 0;
	const char *p = read_digits(s, &ipart, &err);

	if (err)
		return err;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return -EINVAL;
		for (; isdigit((unsigned char)*p); p++) {
			if (scale < 1000000000000ull) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				scale *= 10;
			}
		}
	}
	for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		double v;

		if (strcmp(p, suffix[i].name))
			continue;
		v = ((double)ipart + (double)frac / (double)scale) * suffix[i].mult;
		if (v >= 1.8e19)
			return -ERANGE;
		*ns = (uint64_t)(v + 0.5);
		return 0;
	}
	return -EINVAL;
}

void format_size(char *buf, size_t len, uint64_t bytes)
{
	static const char *names[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	unsigned i = 0;

	while (i < 5 && bytes && !(bytes & 1023)) {
		bytes >>= 10;
		i++;
	}
	snprintf(buf, len, "%llu%s", (unsigned long long)bytes, names[i]);
}

void format_size_diskspd(char *buf, size_t len, uint64_t bytes)
{
	static const char *names[] = { "KiB", "MiB", "GiB", "TiB" };

	for (int i = 3; i >= 0; i--) {
		uint64_t unit = 1ull << (10 * (i + 1));

		if (bytes < unit)
			continue;
		if (!(bytes & (unit - 1)))
			snprintf(buf, len, "%llu%s", (unsigned long long)(bytes / unit), names[i]);
		else
			snprintf(buf, len, "%0.2f%s", (double)bytes / (double)unit, names[i]);
		return;
	}
	snprintf(buf, len, "%llu", (unsigned long long)bytes);
}

void format_bytes(char *buf, size_t len, uint64_t bytes)
{
	static const char *names[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes;
	unsigned i = 0;

	while (i < 5 && v >= 1024) {
		v /= 1024;
		i++;
	}
	if (!(bytes & ((1ull << (10 * i)) - 1))) {	/* a whole number of its unit: as format_size */
		format_size(buf, len, bytes);
		return;
	}
	snprintf(buf, len, "%.*f %s", v < 10 ? 2 : v < 100 ? 1 : 0, v, names[i]);
}

int parse_pattern(const char *s, size_t slen, bool text, unsigned char *out, size_t max,
		  unsigned *n)
{
	if (!text && slen >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		const char *h = s + 2;
		size_t len = slen - 2;

		if (!len || len % 2 || len / 2 > max || strspn(h, "0123456789abcdefABCDEF") < len)
			return -EINVAL;
		for (size_t i = 0; i < len / 2; i++) {
			char byte[3] = { h[2 * i], h[2 * i + 1], 0 };

			out[i] = (unsigned char)strtoul(byte, NULL, 16);
		}
		*n = (unsigned)(len / 2);
		return 0;
	}
	if (!slen || slen > max)
		return -ERANGE;
	memcpy(out, s, slen);
	*n = (unsigned)slen;
	return 0;
}
