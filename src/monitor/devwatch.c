/* SPDX-License-Identifier: MIT */
/* devwatch.c: device snapshots at the window's edges, and in-flight samples. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor/devsource.h"
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
	devsource_close(dw->src);
	dw->src = NULL;
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
	if (!dw->src && devsource_open(&dw->src) == -ENOMEM)
		return -ENOMEM;	/* no counters at all: the snapshots find none, said by the report */
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

struct add_all {
	struct devwatch *dw;
	unsigned iv_cap;
};

static int add_one(const struct diskstats *d, void *arg)
{
	struct add_all *a = arg;

	return devwatch_add(a->dw, d->major, d->minor, d->name, a->iv_cap);
}

int devwatch_add_all(struct devwatch *dw, unsigned iv_cap)
{
	struct add_all a = { dw, iv_cap };
	int r;

	if (!dw->src && (r = devsource_open(&dw->src)))
		return r;
	if ((r = devsource_read(dw->src)))
		return r;
	return devsource_each(dw->src, add_one, &a);
}

bool devsource_has(unsigned major, unsigned minor)
{
	struct devsource *s;
	struct diskstats d;
	bool ok;

	if (devsource_open(&s))
		return false;
	ok = !devsource_read(s) && !devsource_find(s, major, minor, &d);
	devsource_close(s);
	return ok;
}

/* One snapshot of the counters; false (and the samples lost, with no room) when it failed. */
static bool read_all(struct devwatch *dw)
{
	int r = dw->src ? devsource_read(dw->src) : -ENOENT;

	if (r == -ENOMEM)
		dw->lost = true;
	return r == 0;
}

bool devwatch_snapshot(struct devwatch *dw, int which)
{
	if (!dw->n)
		return true;
	if (!read_all(dw))
		return false;
	for (unsigned i = 0; i < dw->n; i++) {
		struct dev_sample *d = &dw->dev[i];
		struct diskstats *s = which ? &d->b : &d->a;
		bool ok = devsource_find(dw->src, d->major, d->minor, s) == 0;

		if (which)
			d->have_b = ok;
		else
			d->have_a = ok;
	}
	return true;
}

void devwatch_sample(struct devwatch *dw, bool edge, uint64_t t_ns)
{
	if (!dw->n || !read_all(dw))
		return;
	for (unsigned i = 0; i < dw->n; i++) {
		struct dev_sample *d = &dw->dev[i];
		struct diskstats s;

		if (devsource_find(dw->src, d->major, d->minor, &s))
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
