/* SPDX-License-Identifier: MIT */
/*
 * fiovalue.c: reading an option's value as fio does (a flag, a whole number
 * in a range, a size, a time), a bad one named in the planner's error buffer.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "job/fiosyntax.h"
#include "job/fiovalue.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

int fio_bad(struct planner *p, const struct jf_opt *o, const char *fmt, ...)
{
	char what[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return errmsg(p->err, p->errlen, -EINVAL, "%s: %s%s%s: %s", o->where, o->key,
		      o->val ? "=" : "", o->val ? o->val : "", what);
}

int fio_get_bool(struct planner *p, const struct jf_opt *o, bool *out)
{
	if (!o->val || !strcmp(o->val, "1")) {
		*out = true;
		return 0;
	}
	if (!strcmp(o->val, "0")) {
		*out = false;
		return 0;
	}
	return fio_bad(p, o, "'%s' is not 0 or 1", o->val);
}

int fio_get_uint(struct planner *p, const struct jf_opt *o, uint64_t min, uint64_t max,
		    uint64_t *out)
{
	int r = parse_uint(o->val, max, out);

	if (r == -EINVAL)
		return fio_bad(p, o, "'%s' is not a whole number", o->val);
	if (r || *out < min)
		return fio_bad(p, o, "out of range (%llu to %llu)", (unsigned long long)min,
			   (unsigned long long)max);
	return 0;
}

int fio_get_u(struct planner *p, const struct jf_opt *o, unsigned min, unsigned max,
		 unsigned *out)
{
	uint64_t v;
	int r = fio_get_uint(p, o, min, max, &v);

	*out = (unsigned)v;
	return r;
}

int fio_get_int(struct planner *p, const struct jf_opt *o, unsigned min, unsigned max,
		   int *out)
{
	unsigned v;
	int r = fio_get_u(p, o, min, max, &v);

	*out = (int)v;
	return r;
}

static void iec_notice(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb)
{
	size_t n = strlen(v);

	if (n > 2 && !strcasecmp(v + n - 2, "ib"))
		fio_notice(p, "%s: %s=%s: fio reads a full IEC suffix (KiB, MiB, ...) in base %u when "
		       "kb_base=%u; iobench does the same", o->where, o->key, v,
		       kb == 1024 ? 1000 : 1024, kb);
}

int fio_get_size(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb,
		    uint64_t *out, bool *pct)
{
	int r = fio_parse_size(v, kb, out, pct);

	if (r == -ERANGE)
		return fio_bad(p, o, "'%s' is too large", v);
	if (r && *v && v[strlen(v) - 1] == 'z' && isdigit((unsigned char)v[0]))
		return fio_bad(p, o, "'%s': the z suffix counts zones of zonemode=zbd, which iobench does "
			   "not implement", v);
	if (r)
		return fio_bad(p, o, "'%s' is not a size (a number with k, m, g, t%s)", v,
			   pct ? ", or N%" : "");
	iec_notice(p, o, v, kb);
	return 0;
}

int fio_get_time(struct planner *p, const struct jf_opt *o, uint64_t unit, uint64_t *ns)
{
	int r = fio_parse_time(o->val, unit, ns);

	if (r)
		return fio_bad(p, o, "'%s' is not a time (a number, with d, h, m, s, ms or us)", o->val);
	return 0;
}
