/* SPDX-License-Identifier: MIT */
/* devwatch.c: diskstats snapshots at the window's edges, and in-flight samples. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/devwatch.h"
#include "util/banned.h"

const struct dev_sample *devwatch_find(const struct dev_sample *d, unsigned n, unsigned major,
				       unsigned minor)
{
	for (unsigned i = 0; i < n; i++)
		if (d[i].major == major && d[i].minor == minor)
			return &d[i];
	return NULL;
}

void devwatch_free(struct dev_sample *d, unsigned n)
{
	for (unsigned i = 0; d && i < n; i++) {
		free(d[i].iv);
		free(d[i].iv_ns);
	}
	free(d);
}

int devwatch_init(struct devwatch *dw, const struct target *t, unsigned nt, unsigned iv_cap)
{
	unsigned cap = 0;

	memset(dw, 0, sizeof(*dw));
	for (unsigned i = 0; i < nt; i++)
		cap += t[i].chain.n;
	if (!cap)
		return 0;
	dw->dev = calloc(cap, sizeof(*dw->dev));
	if (!dw->dev)
		return -ENOMEM;
	for (unsigned i = 0; i < nt; i++) {
		for (unsigned k = 0; k < t[i].chain.n; k++) {
			const struct blockdev_info *b = &t[i].chain.dev[k];
			struct dev_sample *d;

			if (devwatch_find(dw->dev, dw->n, b->major, b->minor))
				continue;
			d = &dw->dev[dw->n++];
			d->major = b->major;
			d->minor = b->minor;
			d->q_min = UINT32_MAX;
			snprintf(d->name, sizeof(d->name), "%s", b->name);
			d->iv_cap = iv_cap;
			d->iv = calloc(iv_cap, sizeof(*d->iv));
			d->iv_ns = calloc(iv_cap, sizeof(*d->iv_ns));
			if (!d->iv || !d->iv_ns)
				return -ENOMEM;
		}
	}
	return 0;
}

/* The whole of /proc/diskstats, NUL-terminated; NULL on failure. */
static char *read_diskstats(void)
{
	FILE *f = fopen("/proc/diskstats", "r");
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap);

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	for (;;) {
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		char *bigger;

		len += n;
		if (len < cap - 1)
			break;
		bigger = realloc(buf, cap * 2);
		if (!bigger)
			break;
		buf = bigger;
		cap *= 2;
	}
	fclose(f);
	buf[len] = 0;
	return buf;
}

void devwatch_snapshot(struct devwatch *dw, int which)
{
	char *text;

	if (!dw->n || !(text = read_diskstats()))
		return;
	for (unsigned i = 0; i < dw->n; i++) {
		struct dev_sample *d = &dw->dev[i];
		struct diskstats *s = which ? &d->b : &d->a;
		bool ok = diskstats_find(text, d->major, d->minor, s) == 0;

		if (which)
			d->have_b = ok;
		else
			d->have_a = ok;
	}
	free(text);
}

void devwatch_sample(struct devwatch *dw, bool edge, uint64_t t_ns)
{
	char *text;

	if (!dw->n || !(text = read_diskstats()))
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
	free(text);
}
