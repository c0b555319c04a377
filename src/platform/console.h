/* SPDX-License-Identifier: MIT */
/*
 * console.h: the process's command line and standard streams made as the
 * platform-free code expects them: on Windows, the arguments as UTF-8 (the
 * C library gives them in the ANSI code page), the console's output as
 * UTF-8, and stdout and stderr binary (a report's bytes as written, no CR
 * before each LF). Nothing to do on Linux.
 */
#ifndef IOB_CONSOLE_H
#define IOB_CONSOLE_H

/* Called first thing in main(); may replace *argv (kept until the process ends). */
void console_init(int *argc, char ***argv);

#endif
