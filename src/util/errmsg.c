/* SPDX-License-Identifier: MIT */
/* errmsg.c: formatting an error into the caller's buffer. */
#include <stdarg.h>
#include <stdio.h>

#include "util/errmsg.h"
#include "util/banned.h"

int errmsg(char *err, size_t len, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return code;
}
