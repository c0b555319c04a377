/* SPDX-License-Identifier: MIT */
/*
 * winpath.h: paths between iobench (UTF-8, as its command line and job files
 * give them: platform/console.h makes the command line UTF-8) and the
 * Windows API's wide strings.
 */
#ifndef IOB_WIN_WINPATH_H
#define IOB_WIN_WINPATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <wchar.h>

/* path as a new wide string (free() it), or NULL (out of memory, or not UTF-8: errno set). */
wchar_t *winpath_wide(const char *path);

/* w as UTF-8 into buf; false when it does not fit. */
bool winpath_utf8(const wchar_t *w, char *buf, size_t len);

#endif
