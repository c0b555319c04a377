/* SPDX-License-Identifier: MIT */
/*
 * jtext.h: the reports' JSON strings of any bytes (util/jtext.h): a string
 * that cannot be made for want of memory fails the report (report_oom).
 */
#ifndef IOB_JTEXT_H
#define IOB_JTEXT_H

#include "report/summary.h"
#include "util/jtext.h"

static inline json_t *json_text(const char *s)
{
	return report_need(jtext_json(s));
}

#endif
