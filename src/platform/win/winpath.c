/* SPDX-License-Identifier: MIT */
/* winpath.c: UTF-8 paths and the Windows API's wide strings (winpath.h). */
#include <errno.h>
#include <windows.h>

#include "platform/win/winpath.h"
#include "util/banned.h"

wchar_t *winpath_wide(const char *path)
{
	int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, NULL, 0);
	wchar_t *w;

	if (n <= 0) {
		errno = EINVAL;
		return NULL;
	}
	w = malloc((size_t)n * sizeof(*w));
	if (!w) {
		errno = ENOMEM;
		return NULL;
	}
	MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, w, n);
	return w;
}

bool winpath_utf8(const wchar_t *w, char *buf, size_t len)
{
	int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, buf, len > 0x7fffffff ? 0x7fffffff : (int)len,
				    NULL, NULL);

	return n > 0;
}
