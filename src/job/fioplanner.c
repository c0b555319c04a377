/* SPDX-License-Identifier: MIT */
/* fioplanner.c: the planner's notices, each line once, and its release (fioplanner.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/fioplanner.h"
#include "util/banned.h"

void fio_notice(struct planner *p, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;
	char *s;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (p->notices && strstr(p->notices, line))
		return;		/* once is enough */
	n = strlen(line);
	s = realloc(p->notices, p->nlen + n + 2);
	if (!s)
		return;
	memcpy(s + p->nlen, line, n);
	s[p->nlen + n] = '\n';
	s[p->nlen + n + 1] = 0;
	p->notices = s;
	p->nlen += n + 1;
}

void fio_planner_release(struct planner *p)
{
	free(p->notices);
	for (unsigned i = 0; i < p->ntaken; i++)
		free(p->taken[i]);
	free(p->taken);
}
