/* SPDX-License-Identifier: MIT */
/* target_rules.c: the checks of a target that are the same on every platform (target_rules.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/target_rules.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

int target_check_range(struct target *t, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char a[32], b[32];

	t->end = s->max_offset ? s->max_offset : t->size;
	if (t->end > t->size) {
		format_size(a, sizeof(a), s->max_offset);
		format_size(b, sizeof(b), t->size);
		return errmsg(err, len, -EINVAL, "the maximum offset %s (-f) is past the end of '%s' "
			    "(%s)", a, s->path, b);
	}
	if (s->base_offset >= t->end || t->end - s->base_offset < target_max_block(s)) {
		format_size(a, sizeof(a), s->base_offset);
		format_size(b, sizeof(b), t->end);
		return errmsg(err, len, -EINVAL, "the base offset %s (-B) leaves no room for one "
			    "block in '%s' (range end %s)", a, s->path, b);
	}
	t->base = s->base_offset;
	return 0;
}

int target_check_alignment(const struct target *t, bool direct, const char *what, char *err,
			   size_t len)
{
	const struct target_spec *s = t->spec;
	const struct {
		const char *what;
		uint64_t v;
	} vals[] = {
		{ "block size (-b)", s->block_size },
		{ "write block size", s->write_block_size },
		{ "base offset (-B)", s->base_offset },
		{ "random alignment (-r)", s->random_align },
		{ "sequential stride (-s)", s->stride },
		{ "thread stride (-T)", s->thread_stride },
		{ "offset_increment", s->clone_offset },
	};

	if (!direct || t->kind == TARGET_NULL)
		return 0;
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		if (vals[i].v % t->io_align)
			return errmsg(err, len, -EINVAL, "%s %llu is not a multiple of %u, the "
				    "%s of '%s'", vals[i].what, (unsigned long long)vals[i].v,
				    t->io_align, what, s->path);
	for (int d = 0; d < 2; d++) {
		const struct bs_dist *b = s->bs_dist[d];
		unsigned bad = 0;

		if (!b)
			continue;
		if (!b->n && (b->lo % t->io_align || b->step % t->io_align))
			bad = b->lo % t->io_align ? b->lo : b->step;
		for (unsigned i = 0; i < b->n && !bad; i++)
			if (b->len[i] % t->io_align)
				bad = b->len[i];
		if (bad)
			return errmsg(err, len, -EINVAL, "block size %u (%s) is not a multiple of %u, "
				      "the %s of '%s'", bad, b->n ? "bssplit" : "bsrange",
				      t->io_align, what, s->path);
	}
	return 0;
}

/* The "not enough free space" message for files on one file system. */
static int no_room(const char *path, bool alone, bool overflow, uint64_t need, uint64_t have,
		   const char *who, char *err, size_t len)
{
	char a[32], b[32];

	format_bytes(a, sizeof(a), need);
	format_bytes(b, sizeof(b), have);
	if (overflow)
		return errmsg(err, len, -EINVAL, "the files to create on the file system of '%s' are "
			      "larger than any file system (their sizes overflow)", path);
	if (alone)
		return errmsg(err, len, -EINVAL, "not enough free space for '%s': it needs %s, %s is "
			      "free", path, a, b);
	return errmsg(err, len, -EINVAL, "not enough free space for the files %s on the file "
		      "system of '%s': they need %s together, %s is free", who, path, a, b);
}

int target_check_free_space(const struct target *t, unsigned n, target_free_fn *free_of,
			    char *err, size_t len)
{
	for (unsigned i = 0; i < n; i++) {
		uint64_t need = 0, reclaim = 0, have = 0;
		bool first = true, over = false;
		int r;

		if (!t[i].create)
			continue;
		for (unsigned j = 0; j < i && first; j++)	/* the first of its file system sums */
			first = !(t[j].create && t[j].idev == t[i].idev);
		if (!first)
			continue;
		for (unsigned j = i; j < n; j++) {
			if (t[j].create && t[j].idev == t[i].idev) {
				over |= __builtin_add_overflow(need, t[j].spec->create_size, &need);
				over |= __builtin_add_overflow(reclaim, t[j].reclaim, &reclaim);
			}
		}
		if ((r = free_of(&t[i], &have)))
			return errmsg(err, len, -EINVAL, "cannot create '%s': %s", t[i].spec->path,
				      strerror(-r));
		if (!over && (have + reclaim < have || have + reclaim >= need))
			continue;
		return no_room(t[i].spec->path, need == t[i].spec->create_size, over, need, have,
			       "the run creates", err, len);
	}
	return 0;
}

int target_plan_space(const struct target *t, unsigned n, struct space_plan *plan,
		      target_same_fn *same, target_free_fn *free_of, char *err, size_t len)
{
	for (unsigned i = 0; i < n; i++) {
		const struct target *x = &t[i];
		struct space_item *it;
		bool seen = false;
		int r;

		if (!x->create)
			continue;
		for (unsigned k = 0; k < plan->n && !seen; k++)	/* another group's same file */
			seen = same(&plan->v[k], x);
		if (seen)
			continue;
		it = realloc(plan->v, (plan->n + 1) * sizeof(*it));
		if (!it)
			return errmsg(err, len, -ENOMEM, "out of memory");
		plan->v = it;
		it = &plan->v[plan->n];
		*it = (struct space_item){ .dev = x->idev, .ino = x->iino, .existing = x->cfd >= 0,
					   .bytes = x->spec->create_size, .reclaim = x->reclaim };
		snprintf(it->name, sizeof(it->name), "%s", x->name ? x->name : "");
		snprintf(it->path, sizeof(it->path), "%s", x->spec->path);
		if ((r = free_of(x, &it->have)))
			return errmsg(err, len, -EINVAL, "cannot create '%s': %s", x->spec->path,
				      strerror(-r));
		plan->n++;
	}
	for (unsigned i = 0; i < plan->n; i++) {
		uint64_t need = 0, reclaim = 0, have = plan->v[i].have;
		bool over = false;

		for (unsigned k = 0; k < plan->n; k++) {
			if (plan->v[k].dev != plan->v[i].dev)
				continue;
			if (k < i)
				break;	/* summed already, from the first of its file system */
			over |= __builtin_add_overflow(need, plan->v[k].bytes, &need);
			over |= __builtin_add_overflow(reclaim, plan->v[k].reclaim, &reclaim);
		}
		if (need && (over || (have + reclaim >= have && have + reclaim < need)))
			return no_room(plan->v[i].path, false, over, need, have,
				       "the job file's groups create", err, len);
	}
	return 0;
}

void space_plan_free(struct space_plan *plan)
{
	free(plan->v);
	plan->v = NULL;
	plan->n = 0;
}
