/* SPDX-License-Identifier: MIT */
/* shape.c: a stream's zones, zipf and mix from DiskSpd's and fio's options. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/shape.h"
#include "util/errmsg.h"
#include "util/banned.h"

bool shape_wanted(const struct target_spec *sp)
{
	return sp->interlocked || (sp->random_align && (sp->mixed ||
							(sp->dist && sp->dist->kind != DIST_NONE)));
}

#define ROUND_DOWN(x, a) ((x) - (x) % (a))

/* Zones of one direction from DiskSpd's ranges (bytes) or fio's zone split. */
static int make_zones(const struct gen *g, const struct access_dist *d, int dir, uint64_t end,
		      uint64_t block, struct gen_zone **out, unsigned *nout, char *err, size_t len)
{
	uint64_t size = end - g->base, align = g->align, lastb = g->nslots, acc = 0;
	struct dist_range eff[DIST_RANGES_MAX + 1];
	const struct dist_range *r = d->r[dir];
	unsigned n = d->n[dir], k = 0;
	struct gen_zone *z;
	uint32_t span = 0, cum = 0;

	if (d->kind == DIST_DISKSPD_PCT || d->kind == DIST_DISKSPD_ABS) {
		n = diskspd_effective_ranges(r, n, d->kind == DIST_DISKSPD_PCT, size, block, align, eff,
					 &span);
		r = eff;
		if (!n || !span)
			return errmsg(err, len, -EINVAL, "-rd: no range of the distribution lies "
				      "within the target");
	}
	z = calloc(n ? n : 1, sizeof(*z));
	if (!z)
		return -ENOMEM;
	for (unsigned i = 0; i < n; i++) {
		uint64_t first, slots;

		if (d->kind == DIST_DISKSPD_PCT || d->kind == DIST_DISKSPD_ABS) {
			first = r[i].first;
			slots = (r[i].len + align - 1) / align;
			cum = r[i].src + r[i].io;
		} else if (d->kind == DIST_ZONED) {	/* fio's __get_next_rand_offset_zoned() */
			first = acc * lastb / 100 * align;
			slots = lastb * r[i].len / 100;
			acc += r[i].len;
			cum += r[i].io;
		} else {				/* ... _zoned_abs() */
			uint64_t stotal = acc / align, send = (acc + r[i].len) / align;

			if (send > lastb) {
				free(z);
				return errmsg(err, len, -EINVAL, "random_distribution=zoned_abs: the "
					      "zones' sizes exceed the file's size (as fio: \"zoned_abs "
					      "sizes exceed file size\")");
			}
			first = stotal * align;
			slots = send - stotal;
			acc += r[i].len;
			cum += r[i].io;
		}
		if (!r[i].io)
			continue;
		if (!slots)
			slots = 1;
		if (first > g->last - g->base)
			first = ROUND_DOWN(g->last - g->base, align);
		if (first + (slots - 1) * align > g->last - g->base)	/* each I/O fits */
			slots = (g->last - g->base - first) / align + 1;
		z[k++] = (struct gen_zone){ cum, first, slots };
	}
	if (!k) {
		free(z);
		return errmsg(err, len, -EINVAL, "the random distribution leaves no zone with I/O");
	}
	*out = z;
	*nout = k;
	return 0;
}

int shape_stream(struct gen *g, const struct target_spec *sp, uint64_t end, uint64_t block,
		 _Atomic uint64_t *shared, char *err, size_t len)
{
	struct shape_params p = { .pick = PICK_UNIFORM, .center = -1 };
	const struct access_dist *d = sp->dist;
	int r;

	if (sp->interlocked && !sp->random_align) {	/* -si */
		uint64_t size = end - g->base, step = g->stride;

		p.shared = shared;
		p.step = step;
		p.span = ROUND_DOWN(size - block, step) + step;
		return gen_shape_init(g, &p);
	}
	p.mixed = sp->mixed;
	p.random_pct[0] = sp->random_pct[0];
	p.random_pct[1] = sp->random_pct[1];
	p.diskspd = sp->diskspd_mixed;
	p.step = sp->diskspd_mixed ? g->align : 0;
	if (d && d->kind != DIST_NONE) {
		p.param = d->param;
		p.center = d->center;
		p.pick = d->kind == DIST_ZIPF ? PICK_ZIPF : d->kind == DIST_PARETO ? PICK_PARETO :
			 d->kind == DIST_NORMAL ? PICK_NORMAL : PICK_ZONES;
	}
	if (p.pick == PICK_ZONES) {
		bool same = !d->n[1] || (d->n[1] == d->n[0] &&
			    !memcmp(d->r[0], d->r[1], d->n[0] * sizeof(d->r[0][0])));

		if ((r = make_zones(g, d, 0, end, block, &p.zones[0], &p.nzones[0], err, len)))
			return r;
		if (same) {
			p.zones[1] = p.zones[0];
			p.nzones[1] = p.nzones[0];
		} else if ((r = make_zones(g, d, 1, end, block, &p.zones[1], &p.nzones[1], err,
					   len))) {
			free(p.zones[0]);
			return r;
		}
	}
	return gen_shape_init(g, &p);
}
