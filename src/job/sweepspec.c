/* SPDX-License-Identifier: MIT */
/* sweepspec.c: a sweep's lists, objective and curve (sweepspec.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/sweepspec.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

int sweep_parse_list(const char *flag, const char *v, struct axis *a, enum axis_kind kind,
		     char *err, size_t len)
{
	static const uint64_t lo_ok[] = { 1, 1, 1, 0 }, hi_ok[] = { 1ull << 31, 4096, 4096, 100 };
	bool size = kind == AXIS_SIZE, pct = kind == AXIS_PERCENT;
	char buf[512];

	if (strlen(v) >= sizeof(buf))
		return errmsg(err, len, -EINVAL, "%s: a list of more than %zu characters", flag,
			      sizeof(buf) - 1);
	snprintf(buf, sizeof(buf), "%s", v);
	a->n = 0;
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *dots = strstr(tok, ".."), *colon = pct ? strchr(tok, ':') : NULL, orig[64];
		uint64_t lo, hi, step = 10;
		int r;

		snprintf(orig, sizeof(orig), "%s", tok);
		if (dots)
			*dots = 0;
		if (colon)
			*colon = 0;
		r = size ? parse_size(tok, &lo, NULL) : parse_uint(tok, UINT32_MAX, &lo);
		hi = lo;
		if (!r && dots)
			r = size ? parse_size(dots + 2, &hi, NULL) : parse_uint(dots + 2, UINT32_MAX,
										 &hi);
		if (!r && colon && (!dots || parse_uint(colon + 1, 100, &step) || !step))
			r = -EINVAL;
		if (r || lo < lo_ok[kind] || hi > hi_ok[kind] || hi < lo)
			return errmsg(err, len, -EINVAL, "%s=%s: '%s' is not a value or a range of "
				      "%llu to %llu%s", flag, v, orig, (unsigned long long)lo_ok[kind],
				      (unsigned long long)hi_ok[kind], size ? " bytes" : "");
		for (uint64_t x = lo; x <= hi; x = pct ? x + step : x * 2) {
			if (a->n == AXIS_MAX)
				return errmsg(err, len, -EINVAL, "%s=%s: more than %u values", flag, v,
					      AXIS_MAX);
			a->v[a->n++] = x;
			if (!pct && !x)
				break;
		}
	}
	if (!a->n)
		return errmsg(err, len, -EINVAL, "%s: no value", flag);
	return 0;
}

int sweep_parse_slo(const char *flag, const char *v, struct slo *s, char *err, size_t len)
{
	const char *colon = strchr(v, ':');
	char what[32], unit[8];
	double ms;

	if (!colon || (size_t)(colon - v) >= sizeof(what))
		goto bad;
	snprintf(what, sizeof(what), "%.*s", (int)(colon - v), v);
	if (!strcmp(what, "mean") || !strcmp(what, "avg")) {
		s->mean = true;
	} else {
		char *end;

		if (what[0] != 'p' || strspn(what + 1, "0123456789.") != strlen(what + 1))
			goto bad;
		s->pct = strtod(what + 1, &end);
		if (*end || end == what + 1 || !(s->pct > 0 && s->pct < 100))
			goto bad;
	}
	if (parse_time(colon + 1, &s->limit_ns) || !s->limit_ns)
		goto bad;
	ms = (double)s->limit_ns / 1e6;
	snprintf(unit, sizeof(unit), "%s", ms >= 1000 ? "s" : ms >= 1 ? "ms" : "us");
	snprintf(s->text, sizeof(s->text), "%s <= %.9g %s", s->mean ? "mean" : what,
		 ms >= 1000 ? ms / 1e3 : ms >= 1 ? ms : ms * 1e3, unit);
	s->set = true;
	return 0;
bad:
	return errmsg(err, len, -EINVAL, "%s=%s: give a percentile or the mean and a time: "
		      "p99:1ms, p99.9:500us, mean:2ms", flag, v);
}

int sweep_parse_curve(const char *flag, const char *v, struct curve_spec *c, char *err,
		      size_t len)
{
	static const double vdbench[] = { 10, 50, 70, 80, 90, 100 };
	char buf[256];

	c->n = 0;
	if (!v || !*v) {
		for (unsigned i = 0; i < sizeof(vdbench) / sizeof(vdbench[0]); i++)
			c->pct[c->n++] = vdbench[i];
		return 0;
	}
	if (strlen(v) >= sizeof(buf))
		return errmsg(err, len, -EINVAL, "%s=%s: too long", flag, v);
	snprintf(buf, sizeof(buf), "%s", v);
	for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *end;
		double p = strtod(tok, &end);

		if (*end || end == tok || !(p > 0 && p <= 100) || c->n == CURVE_MAX)
			return errmsg(err, len, -EINVAL, "%s=%s: give up to %u percentages of the "
				      "maximum rate, above 0 and up to 100", flag, v, CURVE_MAX);
		c->pct[c->n++] = p;
	}
	if (!c->n)
		return errmsg(err, len, -EINVAL, "%s=%s: no percentage", flag, v);
	return 0;
}
