/* SPDX-License-Identifier: MIT */
/*
 * fiopace.c: fio's pacing options onto a job: rate, rate_iops and their
 * _min per direction, rate_cycle, rate_process, thinktime*, latency_*.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/fiopace.h"
#include "job/fiosyntax.h"
#include "job/fiotable.h"
#include "job/fiovalue.h"
#include "job/units.h"
#include "util/banned.h"

/*
 * rate=, rate_iops= and their _min: READ[,WRITE[,TRIM]] as fio's blocksize
 * lists; one value is all three, an empty one (rate=,500k) none. Bytes (with
 * fio's units) or, when iops, a whole number. out[3]: reads, writes, trims.
 */
static int get_rates(struct planner *p, const struct jf_opt *o, unsigned kb, bool iops,
		     uint64_t out[3])
{
	const char *v = o->val;
	unsigned n = 0;

	for (;;) {
		const char *c = strchr(v, ',');
		size_t l = c ? (size_t)(c - v) : strlen(v);
		char part[64];

		if (n == 3 || l >= sizeof(part))
			return fio_bad(p, o, "not READ[,WRITE[,TRIM]] rates");
		memcpy(part, v, l);
		part[l] = 0;
		out[n] = 0;
		if (*part && (iops ? parse_uint(part, UINT32_MAX, &out[n]) != 0
				   : fio_parse_size(part, kb, &out[n], NULL) != 0))
			return fio_bad(p, o, "'%s' is not a rate (%s a second)", part, iops ? "I/Os" : "bytes");
		n++;
		if (!c)
			break;
		v = c + 1;
	}
	if (n == 1)
		out[1] = out[2] = out[0];
	for (unsigned i = n; i < 3 && n > 1; i++)
		out[i] = 0;
	return 0;
}

int fio_pace_apply(struct planner *p, struct fjob *j, const struct jf_opt *o, unsigned id)
{
	struct pace_spec *ps = &j->pace;
	uint64_t v;
	bool b = false;

	switch (id) {
	case F_RATE: return get_rates(p, o, j->kb_base, false, j->rates[0]);
	case F_RATE_IOPS: return get_rates(p, o, j->kb_base, true, j->rates[1]);
	case F_RATE_MIN: return get_rates(p, o, j->kb_base, false, j->rates[2]);
	case F_RATE_IOPS_MIN: return get_rates(p, o, j->kb_base, true, j->rates[3]);
	case F_RATE_CYCLE:	/* fio's int, ms */
		if (fio_get_uint(p, o, 1, UINT32_MAX, &v))
			return -EINVAL;
		ps->min_cycle_ms = (uint32_t)v;
		return 0;
	case F_RATE_PROCESS:
		if (strcmp(o->val, "linear") && strcmp(o->val, "poisson"))
			return fio_bad(p, o, "not linear or poisson");
		ps->poisson = !strcmp(o->val, "poisson");
		return 0;
	case F_RATE_IGN_THINK:
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		ps->ignore_think = b;
		return 0;
	case F_THINKTIME: return fio_get_time(p, o, 1000, &ps->think_ns);
	case F_THINK_SPIN: return fio_get_time(p, o, 1000, &ps->think_spin_ns);
	case F_THINK_IOTIME: return fio_get_time(p, o, 1000000000ull, &ps->think_iotime_ns);
	case F_THINK_BLOCKS:
		if (fio_get_uint(p, o, 1, UINT32_MAX, &v))
			return -EINVAL;
		ps->think_blocks = (unsigned)v;
		ps->think_blocks_set = true;
		return 0;
	case F_THINK_BTYPE:
		if (strcmp(o->val, "complete") && strcmp(o->val, "issue"))
			return fio_bad(p, o, "not complete or issue");
		ps->think_issue = !strcmp(o->val, "issue");
		return 0;
	/* fio's latency_target and latency_window: times, microseconds without a unit */
	case F_LAT_TARGET: return fio_get_time(p, o, 1000, &ps->lat_target_ns);
	case F_LAT_WINDOW: return fio_get_time(p, o, 1000, &ps->lat_window_ns);
	case F_LAT_PERCENTILE: {	/* fio's float in [0, 100], default 100 */
		char *end;
		double d;

		errno = 0;
		d = strtod(o->val, &end);
		if (end == o->val || *end || errno || !(d >= 0 && d <= 100))
			return fio_bad(p, o, "not a percentage (a number from 0 to 100)");
		ps->lat_over_pct = 100.0 - d;
		return 0;
	}
	case F_LAT_RUN:
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		ps->lat_run = b;
		return 0;
	default:
		return -ENOENT;
	}
}
