/* SPDX-License-Identifier: MIT */
/*
 * build_verify.c: --verify's part of building a run's workers
 * (build_verify.h): each thread's blocks, its backlog and dumps, and the
 * per-block tables kept across runs in the targets' journals.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/build_mem.h"
#include "core/build_verify.h"
#include "job/units.h"
#include "util/banned.h"

/*
 * --verify: thread rel of n owns blocks rel, rel + n, rel + 2n ... of the
 * target, so no other thread writes or reads them; it must own more blocks
 * than it keeps in flight. Returns 0, -EDOM, or -ENOMEM (verify_dump's buffer).
 */
int build_verify_stream(struct run_ctx *ctx, struct stream *s, struct gen_params *gp,
			 unsigned ti, unsigned rel, unsigned n, unsigned thread)
{
	const struct target_spec *sp = &ctx->w->targets[ti];
	uint64_t bs = sp->block_size, base = gp->base + (uint64_t)rel * bs, owned;

	owned = base + bs <= gp->end ? (gp->end - base - bs) / (n * bs) + 1 : 0;
	if (owned < sp->outstanding)
		return -EDOM;
	s->v.table = ctx->vtables ? ctx->vtables[ti] : NULL;
	s->v.seen = ctx->vseen ? ctx->vseen[ti] : NULL;
	s->v.base = gp->base;
	s->v.blocks = (gp->end - gp->base) / bs;
	s->v.seed = ctx->w->seed;
	s->v.thread = thread;
	s->v.hash_kind = ctx->w->verify_hash;
	s->v.pat = ctx->w->verify_pat.len ? &ctx->w->verify_pat : NULL;
	if (ctx->w->verify_dump) {	/* fio names the dumps after the file's base name */
		const char *slash = strrchr(sp->path, '/');

		s->v.dump_name = slash ? slash + 1 : sp->path;
		if (!(s->v.dump_buf = malloc(target_max_block(sp))))
			return -ENOMEM;
	}
	if (ctx->w->verify_backlog && sp->write_pct) {	/* fio's verify_backlog */
		struct backlog *b = &s->bl;

		b->every = ctx->w->verify_backlog;
		b->batch = ctx->w->verify_batch;
		/* what waits: a backlog and a batch, and the writes in flight past them */
		b->cap = 2 * b->every + b->batch + 2 * sp->outstanding + 1;
		if (!(b->off = malloc((size_t)b->cap * sizeof(*b->off))))
			return -ENOMEM;
		s->vary |= VARY_BACKLOG;
	}
	s->v.seq = ctx->journals ? ctx->journals[ti].next_seq - 1 : 0;	/* above every earlier run's */
	s->v.lower_bound = ctx->journals && ctx->journals[ti].unfinished;
	gp->base = base;
	if (gp->random_align)
		gp->random_align = n * bs;
	else
		gp->stride = n * bs;
	gp->start = 0;
	s->vary |= VARY_VERIFY;
	return 0;
}

/*
 * --verify's per-block tables (up to 2^24 blocks a target; beyond, lost writes go unseen).
 * fio's verify=pattern blocks carry no write number: no table, no journal.
 */
#define VERIFY_TABLE_MAX (1ull << 24)
int build_verify_tables(struct run_ctx *ctx)
{
	const struct workload *w = ctx->w;

	if (!w->verify || w->verify_pat.bare)
		return 0;
	ctx->vtables = calloc(w->ntargets, sizeof(*ctx->vtables));
	if (!ctx->vtables)
		return -ENOMEM;
	ctx->journals = calloc(w->ntargets, sizeof(*ctx->journals));
	ctx->vseen = calloc(w->ntargets, sizeof(*ctx->vseen));
	if (!ctx->journals || !ctx->vseen)
		return -ENOMEM;
	for (unsigned i = 0; i < w->ntargets; i++) {
		const struct target_spec *s = &w->targets[i];
		const struct target *t = &ctx->targets[i];
		uint64_t n = (t->end - s->base_offset) / s->block_size;

		if (n > VERIFY_TABLE_MAX)
			continue;
		if (!(ctx->vtables[i] = calloc(n ? n : 1, sizeof(uint64_t))))
			return -ENOMEM;
		journal_load(&ctx->journals[i], t->cfd, s->block_size, s->base_offset / s->block_size,
			     n, t->created, ctx->vtables[i]);
		/* an unfinished journal: which blocks this run sees decides whether it is whole again */
		if (ctx->journals[i].unfinished && !(ctx->vseen[i] = calloc(n ? n : 1, 1)))
			return -ENOMEM;
		if (s->write_pct || t->created)
			journal_begin(&ctx->journals[i]);
	}
	return 0;
}

/* Whether every one of the n blocks was seen (no map: nothing was in doubt). */
static bool all_seen(const uint8_t *seen, uint64_t n)
{
	for (uint64_t b = 0; seen && b < n; b++)
		if (!seen[b])
			return false;
	return true;
}

void build_verify_save(struct run_ctx *ctx, char *note, size_t len)
{
	note[0] = 0;
	for (unsigned i = 0; ctx->journals && i < ctx->w->ntargets; i++) {
		struct journal *j = &ctx->journals[i];
		uint64_t next = j->next_seq;

		if (j->begun) {
			for (unsigned k = 0; k < ctx->nworkers; k++)
				for (unsigned s = 0; s < ctx->workers[k].nstreams; s++)
					if (ctx->workers[k].streams[s].target == i &&
					    ctx->workers[k].streams[s].v.seq + 1 > next)
						next = ctx->workers[k].streams[s].v.seq + 1;
			/* the journal claims only what is on stable storage */
			if (fsync(ctx->targets[i].fd))
				snprintf(j->note, sizeof(j->note), "cannot sync '%s' (%s): its journal "
					 "stays marked unfinished", ctx->w->targets[i].path,
					 strerror(errno));
			else
				journal_save(j, ctx->vtables[i], next, all_seen(ctx->vseen[i], j->n));
		}
		if (!note[0] && j->note[0])
			snprintf(note, len, "%s", j->note);
	}
}
