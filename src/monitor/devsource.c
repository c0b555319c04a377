/* SPDX-License-Identifier: MIT */
/* devsource.c: Linux's block-device counters, /proc/diskstats (devsource.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor/devsource.h"
#include "util/banned.h"

struct devsource {
	char *buf;		/* the file as last read, NUL-terminated */
	size_t cap;
};

int devsource_open(struct devsource **out)
{
	struct devsource *s = calloc(1, sizeof(*s));

	if (!s)
		return -ENOMEM;
	s->cap = 65536;		/* room for the file from the start: sampling allocates nothing */
	s->buf = malloc(s->cap);
	if (!s->buf) {
		free(s);
		return -ENOMEM;
	}
	s->buf[0] = 0;
	*out = s;
	return 0;
}

void devsource_close(struct devsource *s)
{
	if (!s)
		return;
	free(s->buf);
	free(s);
}

int devsource_read(struct devsource *s)
{
	FILE *f = fopen("/proc/diskstats", "r");
	size_t len = 0;

	if (!f)
		return -errno;
	for (;;) {
		size_t n = fread(s->buf + len, 1, s->cap - len - 1, f);
		char *bigger;

		len += n;
		if (len < s->cap - 1)
			break;
		bigger = realloc(s->buf, s->cap * 2);
		if (!bigger) {
			fclose(f);
			s->buf[0] = 0;
			return -ENOMEM;
		}
		s->buf = bigger;
		s->cap *= 2;
	}
	fclose(f);
	s->buf[len] = 0;
	return 0;
}

int devsource_find(struct devsource *s, unsigned major, unsigned minor, struct diskstats *d)
{
	return diskstats_find(s->buf, major, minor, d);
}

int devsource_each(struct devsource *s, int (*fn)(const struct diskstats *d, void *arg), void *arg)
{
	for (const char *line = s->buf; line && *line;) {	/* a line's parse ends at its '\n' */
		struct diskstats d;
		int r;

		if (!diskstats_parse_line(line, &d) && (r = fn(&d, arg)))
			return r;
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	return 0;
}

const char *devsource_name(void)
{
	return "/proc/diskstats";
}

const char *devsource_why(void)
{
	return "";
}
