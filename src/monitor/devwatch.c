/* SPDX-License-Identifier: MIT */
/* devwatch.c: diskstats snapshots at the window's edges, and in-flight samples. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor/devwatch.h"
#include "util/banned.h"

const struct dev_sample *devwatch_find(const struct dev_sample *d, unsigned n, unsigned major,
				       unsigned minor)
{
	for (unsigned i = 0; i < n; i++)
		if (d[i].major == major && d[i].minor == minor)
			return &d[i];
	return NULL;
}

void devwatch_end(struct devwatch *dw)
{
	free(dw->buf);
	dw->buf = NULL;
	if (!dw->lost)
		return;
	for (unsigned i = 0; i < dw->n; i++) {	/* a sample went missing: none is trusted */
		dw->dev[i].have_a = dw->dev[i].have_b = false;
		dw->dev[i].niv = 0;
		dw->dev[i].q_n = 0;
	}
}

int devwatch_add(struct devwatch *dw, unsigned major, unsigned minor, const char *name,
		 unsigned iv_cap)
{
	struct dev_sample *d;

	if (devwatch_find(dw->dev, dw->n, major, minor))
		return 0;
	if (!dw->buf) {		/* room for the file from the start: sampling allocates nothing */
		dw->cap = 65536;
		dw->buf = malloc(dw->cap);
		if (!dw->buf)
			return -ENOMEM;
	}
	if (dw->n == dw->ndev_cap) {
		unsigned cap = dw->ndev_cap ? 2 * dw->ndev_cap : 8;
		struct dev_sample *bigger = realloc(dw->dev, cap * sizeof(*bigger));

		if (!bigger)
			return -ENOMEM;
		dw->dev = bigger;
		dw->ndev_cap = cap;
	}
	d = &dw->dev[dw->n++];
	memset(d, 0, sizeof(*d));
	d->major = major;
	d->minor = minor;
	d->q_min = UINT32_MAX;
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->iv_cap = iv_cap;
	if (!iv_cap)
		return 0;
	d->iv = calloc(iv_cap, sizeof(*d->iv));
	d->iv_ns = calloc(iv_cap, sizeof(*d->iv_ns));
	return d->iv && d->iv_ns ? 0 : -ENOMEM;
}

static char *read_diskstats(struct devwatch *dw);

int devwatch_add_all(struct devwatch *dw, unsigned iv_cap)
{
	char *text, *line, *next;
	int r = 0;

	if (!dw->buf) {
		dw->cap = 65536;
		dw->buf = malloc(dw->cap);
		if (!dw->buf)
			return -ENOMEM;
	}
	text = read_diskstats(dw);
	if (!text)
		return dw->lost ? -ENOMEM : -errno;
	for (line = text; !r && line && *line; line = next) {
		struct diskstats d;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		if (!diskstats_parse_line(line, &d))
			r = devwatch_add(dw, d.major, d.minor, d.name, iv_cap);
	}
	return r;
}

/*
 * The whole of /proc/diskstats, NUL-terminated, in the watch's own buffer;
 * NULL on failure. A buffer that cannot grow loses the samples: dw->lost.
 */
static char *read_diskstats(struct devwatch *dw)
{
	FILE *f = fopen("/proc/diskstats", "r");
	size_t len = 0;

	if (!f)
		return NULL;
	for (;;) {
		size_t n = fread(dw->buf + len, 1, dw->cap - len - 1, f);
		char *bigger;

		len += n;
		if (len < dw->cap - 1)
			break;
		bigger = realloc(dw->buf, dw->cap * 2);
		if (!bigger) {
			dw->lost = true;
			fclose(f);
			return NULL;
		}
		dw->buf = bigger;
		dw->cap *= 2;
	}
	fclose(f);
	dw->buf[len] = 0;
	return dw->buf;
}

bool devwatch_snapshot(struct devwatch *dw, int which)
{
	char *text;

	if (!dw->n)
		return true;
	if (!(text = read_diskstats(dw)))
		return false;
	for (unsigned i = 0; i < dw->n; i++) {
		struct dev_sample *d = &dw->dev[i];
		struct diskstats *s = which ? &d->b : &d->a;
		bool ok = diskstats_find(text, d->major, d->minor, s) == 0;

		if (which)
			d->have_b = ok;
		else
			d->have_a = ok;
	}
	return true;
}

void devwatch_sample(struct devwatch *dw, bool edge, uint64_t t_ns)
{
	char *text;

	if (!dw->n || !(text = read_diskstats(dw)))
		return;
	for (unsigned i = 0; i < dw->n; i++) {
		struct dev_sample *d = &dw->dev[i];
		struct diskstats s;

		if (diskstats_find(text, d->major, d->minor, &s))
			continue;
		if (edge && d->niv < d->iv_cap) {
			d->iv[d->niv] = s;
			d->iv_ns[d->niv++] = t_ns;
		}
		if (s.nfields < 11)
			continue;
		d->q_min = s.in_flight < d->q_min ? s.in_flight : d->q_min;
		d->q_max = s.in_flight > d->q_max ? s.in_flight : d->q_max;
		d->q_sum += s.in_flight;
		d->q_n++;
	}
}
