/* SPDX-License-Identifier: MIT */
/* notice.c: the run's messages, handed to the front end's notice_ops (notice.h). */
#include <stdarg.h>
#include <stdio.h>

#include "core/notice.h"
#include "util/banned.h"

static const struct notice_ops *ops;

void notice_set(const struct notice_ops *o)
{
	ops = o;
}

void notice(const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	if (!ops || !ops->line)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	ops->line(text);
}

void notice_progress(const char *fmt, ...)
{
	char text[256];
	va_list ap;

	if (!ops || !ops->progress)
		return;
	if (!fmt) {
		ops->progress(NULL);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	ops->progress(text);
}
