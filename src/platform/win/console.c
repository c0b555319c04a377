/* SPDX-License-Identifier: MIT */
/* console.c: the command line as UTF-8, the streams binary (console.h). */
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>
#include <shellapi.h>

#include "platform/console.h"
#include "util/banned.h"

void console_init(int *argc, char ***argv)
{
	int n = 0;
	wchar_t **w = CommandLineToArgvW(GetCommandLineW(), &n);
	char **v;

	_setmode(_fileno(stdin), _O_BINARY);
	_setmode(_fileno(stdout), _O_BINARY);
	_setmode(_fileno(stderr), _O_BINARY);
	SetConsoleOutputCP(CP_UTF8);
	if (!w)
		return;
	v = calloc((size_t)n + 1, sizeof(*v));
	for (int i = 0; v && i < n; i++) {
		int k = WideCharToMultiByte(CP_UTF8, 0, w[i], -1, NULL, 0, NULL, NULL);

		v[i] = k > 0 ? malloc((size_t)k) : NULL;
		if (!v[i]) {
			v = NULL;	/* out of memory this early: the C library's arguments stay */
			break;
		}
		WideCharToMultiByte(CP_UTF8, 0, w[i], -1, v[i], k, NULL, NULL);
	}
	LocalFree(w);
	if (v) {
		*argc = n;
		*argv = v;
	}
}
