/* SPDX-License-Identifier: MIT */
/*
 * errmsg.h: errors as return values with the message in the caller's buffer
 * (as Redis' anet does): a module formats, only src/cmd/ prints.
 */
#ifndef IOB_ERRMSG_H
#define IOB_ERRMSG_H

#include <stddef.h>

/* Formats the message into err (size len) and returns code, typically -errno. */
int errmsg(char *err, size_t len, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
