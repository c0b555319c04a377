/* SPDX-License-Identifier: MIT */
/*
 * fiosyntax.c: fio's syntax as the command line shares it with job files:
 * sizes and times parsed as fio parses them, and which names are fio
 * options (fiotable.c's, fioverify.c's, fio 3.33's) and take a value.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/fiosyntax.h"
#include "job/fiotable.h"
#include "job/fioverify.h"
#include "util/banned.h"

int fio_parse_size(const char *s, unsigned kb_base, uint64_t *out, bool *pct)
{
	uint64_t v = 0, mult = 1, base = kb_base;
	const char *p = s;
	char suf[8];
	size_t n = 0;
	int power;

	if (pct)
		*pct = false;
	if (!*p)
		return -EINVAL;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		char *end;

		errno = 0;
		v = strtoull(p + 2, &end, 16);
		if (end == p + 2 || *end || errno)
			return errno == ERANGE ? -ERANGE : -EINVAL;
		*out = v;
		return 0;
	}
	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++)
		if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, (uint64_t)(*p - '0'), &v))
			return -ERANGE;
	if (*p == '%') {
		if (!pct || p[1] || v > 100)
			return -EINVAL;
		*pct = true;
		*out = v;
		return 0;
	}
	while (*p && n < sizeof(suf) - 1)
		suf[n++] = (char)tolower((unsigned char)*p++);
	suf[n] = 0;
	if (*p)
		return -EINVAL;
	if (!n || !strcmp(suf, "b")) {
		*out = v;
		return 0;
	}
	const char *units = "kmgtpe", *u = strchr(units, suf[0]);

	if (!u || !suf[0])
		return -EINVAL;
	power = (int)(u - units) + 1;
	if (strcmp(suf + 1, "") && strcmp(suf + 1, "b") && strcmp(suf + 1, "i") && strcmp(suf + 1, "ib"))
		return -EINVAL;
	if (!strcmp(suf + 1, "ib"))	/* fio swaps the base for full IEC suffixes */
		base = kb_base == 1024 ? 1000 : 1024;
	while (power--)
		if (__builtin_mul_overflow(mult, base, &mult))
			return -ERANGE;
	if (__builtin_mul_overflow(v, mult, out))
		return -ERANGE;
	return 0;
}

int fio_parse_time(const char *s, uint64_t unit_ns, uint64_t *ns)
{
	static const struct { const char *suf; uint64_t ns; } units[] = {
		{ "d", 86400000000000ull }, { "h", 3600000000000ull }, { "m", 60000000000ull },
		{ "s", 1000000000ull }, { "ms", 1000000ull }, { "msec", 1000000ull },
		{ "us", 1000ull }, { "usec", 1000ull },
	};
	uint64_t v = 0, mult = unit_ns;
	const char *p = s;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++)
		if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, (uint64_t)(*p - '0'), &v))
			return -ERANGE;
	if (*p) {
		size_t i;

		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
			if (!strcasecmp(p, units[i].suf))
				break;
		if (i == sizeof(units) / sizeof(units[0]))
			return -EINVAL;
		mult = units[i].ns;
	}
	return __builtin_mul_overflow(v, mult, ns) ? -ERANGE : 0;
}

bool fio_option_needs_value(const char *key)
{
	const struct fopt *f = fio_table_find(key);

	return (f && f->arg == A_VALUE) || fio_verify_needs_value(key);
}

bool fio_option_known(const char *key)
{
	return fio_table_find(key) || fio_verify_known(key) || fio_table_name(key);
}
