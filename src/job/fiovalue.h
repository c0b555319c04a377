/* SPDX-License-Identifier: MIT */
/*
 * fiovalue.h: reading one fio option's value as fio does, for the modules
 * that apply options: each returns 0, or -EINVAL with "where: key=value:
 * why" in the planner's error buffer.
 */
#ifndef IOB_FIOVALUE_H
#define IOB_FIOVALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "job/fioplanner.h"
#include "job/jobfile.h"

/* -EINVAL with "where: key=value: " and fmt's words in p's buffer. */
int fio_bad(struct planner *p, const struct jf_opt *o, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A flag: no value or 1 is true, 0 false. */
int fio_get_bool(struct planner *p, const struct jf_opt *o, bool *out);

/* A whole number from min to max (fio_get_u and fio_get_int: the same, narrowed). */
int fio_get_uint(struct planner *p, const struct jf_opt *o, uint64_t min, uint64_t max,
		 uint64_t *out);
int fio_get_u(struct planner *p, const struct jf_opt *o, unsigned min, unsigned max,
	      unsigned *out);
int fio_get_int(struct planner *p, const struct jf_opt *o, unsigned min, unsigned max,
		int *out);

/*
 * v (o's value, or a part of it) as a size under kb (fio_parse_size; pct as
 * there), with a notice when it has a full IEC suffix (fio's swapped base).
 */
int fio_get_size(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb,
		 uint64_t *out, bool *pct);

/* A time, in unit (ns) without a suffix (fio_parse_time). */
int fio_get_time(struct planner *p, const struct jf_opt *o, uint64_t unit, uint64_t *ns);

#endif
