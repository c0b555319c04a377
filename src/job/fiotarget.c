/* SPDX-License-Identifier: MIT */
/*
 * fiotarget.c: a fio job's options onto one of its targets (target_spec):
 * direction mix, block sizes and alignment, offsets' distribution, caching,
 * buffers and hints; and the layout of a file the job creates.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/fiotarget.h"
#include "util/errmsg.h"
#include "util/banned.h"

/*
 * fio's percentage_random and random_distribution of a random job: a trim-only
 * target's trims take the read slot, so they take the trims' values.
 */
static int shape_target(struct planner *p, struct target_spec *t, const struct fjob *j)
{
	unsigned d0 = t->trim == TRIM_ONLY ? 2 : 0;

	if (j->perc_rand[d0] < 100 || j->perc_rand[1] < 100) {
		t->mixed = true;
		t->random_pct[0] = j->perc_rand[d0];
		t->random_pct[1] = j->perc_rand[1];
	}
	if (!j->rdist || j->rdist->kind == DIST_NONE)
		return 0;
	t->dist = malloc(sizeof(*t->dist));
	if (!t->dist)
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	*t->dist = *j->rdist;
	if (d0 == 2 && j->rdist_trim) {
		memcpy(t->dist->r[0], j->rdist_trim, j->ntrim_zones * sizeof(*j->rdist_trim));
		t->dist->n[0] = j->ntrim_zones;
	}
	return 0;
}

/*
 * fio's blockalign for a random job: offsets at multiples of it (default, and
 * for a direction not given: the smallest block). iobench draws one offset
 * stream for reads and writes, so a mix must align both alike.
 */
static int block_align(struct planner *p, struct target_spec *t, const struct fjob *j)
{
	uint64_t dflt = target_min_block(t);
	uint64_t r = j->ba[0] ? j->ba[0] : dflt, w = j->ba[1] ? j->ba[1] : dflt;

	t->random_align = t->write_pct == 100 ? w : r;
	if (t->write_pct && t->write_pct < 100 && r != w)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': blockalign: reads aligned "
			      "to %llu and writes to %llu: iobench draws reads' and writes' offsets "
			      "from one stream, so a mixed job aligns both alike", j->where, j->name,
			      (unsigned long long)r, (unsigned long long)w);
	return 0;
}

int fio_target_io(struct planner *p, struct target_spec *t, const struct fjob *j,
		  unsigned slot, unsigned nfiles)
{
	bool random = rw_random(j->rw);
	unsigned depth = !strcmp(j->engine, "psync") ? 1 : j->iodepth;
	int r;

	t->trim = rw_trim(j->rw);
	t->write_pct = j->rw == RW_READ || j->rw == RW_RANDREAD || t->trim == TRIM_ONLY ? 0 :
		       j->rw == RW_WRITE || j->rw == RW_RANDWRITE || t->trim == TRIM_WRITE ? 100 :
		       j->write_pct;
	t->block_size = j->bs[0];
	t->write_block_size = j->bs[1] != j->bs[0] ? j->bs[1] : 0;
	for (int d = 0; d < 2; d++) {
		if (!j->dist[d])
			continue;
		t->bs_dist[d] = malloc(sizeof(*t->bs_dist[d]));
		if (!t->bs_dist[d])
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
		*t->bs_dist[d] = *j->dist[d];
	}
	if (random && (r = block_align(p, t, j)))
		return r;
	if (!random && (j->ba[0] || j->ba[1]))
		fio_notice(p, "%s: job '%s': blockalign has no effect on sequential I/O (as in fio, "
			   "which aligns random offsets only)", j->where, j->name);
	if (random && (r = shape_target(p, t, j)))	/* percentage_random, random_distribution */
		return r;
	t->stride = target_max_block(t) + j->seq_hole;	/* fio's rw=read:N */
	t->seq_back = j->seq_back;
	t->seq_every = j->seq_every;
	t->seq_identical = j->seq_identical;
	t->seq_reset = j->time_based && nfiles == 1;
	t->fsync_every = j->fsync_every;
	t->outstanding = depth / nfiles + (slot < depth % nfiles);
	if (!t->outstanding)
		t->outstanding = 1;
	t->threads = j->numjobs;
	/* fio 3.33 opens a job that trims without O_DIRECT or O_SYNC (file_setup's skip_flags) */
	t->cache = t->trim != TRIM_NONE ? 0 : (j->direct ? CACHE_DIRECT : 0) | j->cache_sync;
	t->buf = j->zero_buffers ? BUF_ZERO : j->pattern_len ? BUF_PATTERN : BUF_RANDOM;
	t->compress_pct = t->buf == BUF_RANDOM ? j->compress_pct : 0;
	t->dedupe_pct = t->buf == BUF_RANDOM ? j->dedupe_pct : 0;
	memcpy(t->pattern, j->pattern, sizeof(t->pattern));
	t->pattern_len = j->pattern_len;
	t->end_fsync = j->end_fsync && t->write_pct;
	t->invalidate = j->invalidate;
	/* fio's fadvise_hint=1: POSIX_FADV_RANDOM for a random job, SEQUENTIAL otherwise */
	t->hints = j->fadvise >= 0 ? (unsigned)j->fadvise :
		   rw_random(j->rw) ? HINT_RANDOM : HINT_SEQUENTIAL;
	/* fio: compression implies refill_buffers unless given; zeros, patterns, compression
	   and dedupe are never scrambled; otherwise scramble_buffers (default on) */
	if (j->refill == 1 || (j->refill < 0 && t->compress_pct))
		t->refresh = REFRESH_FULL;
	else if (!t->dedupe_pct && (!j->scramble || t->compress_pct))
		t->refresh = REFRESH_NONE;	/* (with dedupe: the block, or unique data) */
	return 0;
}

int fio_target_layout(struct planner *p, struct target_spec *t, const struct fjob *j)
{
	if (!j->allow_create)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': '%s' does not exist, and "
			      "allow_file_create=0 forbids creating it", j->where, j->name, t->path);
	if (j->create_on_open && t->write_pct < 100)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': create_on_open=1: '%s' "
			      "does not exist, and the job reads: it would read a file created "
			      "empty (create it first, or drop create_on_open)", j->where, j->name,
			      t->path);
	t->prealloc = j->create_on_open ? PREALLOC_NONE : j->prealloc;
	t->no_layout = t->write_pct == 100;
	return 0;
}
