/* SPDX-License-Identifier: MIT */
/* console.c: Linux's command line and streams are as iobench wants them already (console.h). */
#include "platform/console.h"
#include "util/banned.h"

void console_init(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
}
