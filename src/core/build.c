/* SPDX-License-Identifier: MIT */
/*
 * build.c: building a run's workers before the first I/O (see build.h):
 * each worker's streams (offset generators, size tables, --verify's block
 * ownership: build_verify.c), its io_units and their buffers (read and
 * write, with the write content asked for: build_content.c; their memory:
 * build_mem.c), and its engine over its files and buffers.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/build.h"
#include "core/build_content.h"
#include "core/build_mem.h"
#include "core/build_verify.h"
#include "core/shape.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* A stream's size table for one direction, from fio's bsrange or bssplit. */
static void init_pick(struct size_pick *p, const struct bs_dist *b)
{
	uint64_t acc = 0;

	memset(p, 0, sizeof(*p));
	p->lo = b->lo;
	p->step = b->step ? b->step : 1;
	p->nsteps = b->n ? 0 : (b->hi - b->lo) / p->step + 1;
	p->n = b->n;
	for (unsigned i = 0; i < b->n; i++) {
		acc += b->pct[i];
		p->len[i] = b->len[i];
		p->thresh[i] = (acc << 32) / 100;
	}
}

/*
 * Thread rel's range of target t under fio's offset_increment and size:
 * [*base, *end). Returns -ERANGE when it holds no block.
 */
static int thread_range(const struct target_spec *sp, const struct target *t, unsigned rel,
			uint64_t *base, uint64_t *end)
{
	uint64_t b = t->base, e = t->end;

	if (sp->clone_offset && rel > (UINT64_MAX - b) / sp->clone_offset)
		return -ERANGE;
	b += rel * sp->clone_offset;
	if (sp->range_len && b < e && e - b > sp->range_len)
		e = b + sp->range_len;
	if (b >= e || e - b < target_max_block(sp))
		return -ERANGE;
	*base = b;
	*end = e;
	return 0;
}

int build_check_ranges(const struct workload *w, const struct target *tg, char *err, size_t len)
{
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *job = &w->jobs[j];

		for (unsigned k = 0; k < job->threads; k++) {
			for (unsigned i = 0; i < job->ntargets; i++) {
				unsigned ti = job_target(job, k, i);
				const struct target_spec *sp = &w->targets[ti];
				uint64_t b, e;

				if (tg[ti].kind == TARGET_NULL && !tg[ti].end)
					continue;
				if ((sp->clone_offset || sp->range_len) && thread_range(sp, &tg[ti], k, &b, &e))
					return errmsg(err, len, -EINVAL, "job '%s': thread %u's range "
						      "(offset + offset_increment x %u, and size) lies past "
						      "the end of '%s'", job->name ? job->name : "", k, k,
						      sp->path);
			}
		}
	}
	return 0;
}

/* What stream s's writes on target ti carry: its source buffer, and how its writes vary. */
static void init_writes(struct run_ctx *ctx, struct stream *s, unsigned ti)
{
	const struct target_spec *sp = &ctx->w->targets[ti];
	const struct target *t = &ctx->targets[ti];

	if (ctx->src_bufs[ti]) {
		s->src = ctx->src_bufs[ti];
		s->src_align = t->mem_align > 512 ? t->mem_align : 512;
		s->src_slots = sp->buf == BUF_SOURCE ?
			       (sp->buf_source_size - target_max_block(sp)) / s->src_align + 1 : 1;
	}
	if (sp->write_pct && t->kind != TARGET_NULL) {	/* what writes carry */
		if (sp->buf == BUF_SOURCE)
			s->vary |= VARY_SOURCE;
		if (sp->dedupe_pct) {
			s->vary |= VARY_DEDUPE;
			s->dedupe_thresh = (uint32_t)(((uint64_t)sp->dedupe_pct << 32) / 100 -
						      (sp->dedupe_pct == 100));
		}
		int refresh = target_write_refresh(sp, ctx->w->verify);

		s->vary |= refresh == WRITES_REFILLED ? VARY_REFILL :
			   refresh == WRITES_SCRAMBLED ? VARY_REFRESH : 0;
		s->compress_pct = sp->compress_pct;
	}
}

/* Sets up stream s of worker wk for target ti, as relative thread rel. */
static int init_stream(struct run_ctx *ctx, struct stream *s, unsigned ti, unsigned rel,
		       unsigned nthreads, unsigned thread, uint64_t seed)
{
	const struct target_spec *sp = &ctx->w->targets[ti];
	const struct target *t = &ctx->targets[ti];
	int r;
	struct gen_params gp = {
		.base = t->base,
		.end = t->end,
		.block = target_max_block(sp),
		.random_align = sp->random_align,
		.stride = sp->stride,
		.start = (uint64_t)rel * sp->thread_stride,
		.write_pct = sp->write_pct,
		.seed = seed,
		.seq_add = -(int64_t)sp->seq_back,
		.seq_every = sp->seq_every,
		.seq_fio = sp->seq_back || sp->seq_every > 1,
		.identical = sp->seq_identical,
		.reset = sp->seq_reset,
		.real = t->end,
	};

	s->target = ti;
	s->len[0] = (uint32_t)sp->block_size;
	s->len[1] = (uint32_t)(sp->write_block_size ? sp->write_block_size : sp->block_size);
	for (int d = 0; d < 2; d++) {
		if (sp->bs_dist[d]) {
			init_pick(&s->pick[d], sp->bs_dist[d]);
			s->vary |= VARY_READ << d;
		}
	}
	/* sequential with sizes that change from one I/O to the next: step by each */
	gp.by_len = !sp->random_align && (s->vary || (s->len[0] != s->len[1] &&
						     sp->write_pct && sp->write_pct < 100));
	if (gp.by_len)
		s->vary |= VARY_SEQ_BY_LEN;
	s->fsync_every = sp->write_pct ? sp->fsync_every : 0;
	if (s->fsync_every)
		s->vary |= VARY_FSYNC;
	s->fd = t->fd;
	if (sp->trim == TRIM_WRITE && t->kind != TARGET_NULL)	/* fio's trimwrite */
		s->vary |= VARY_TRIM;
	s->trim_file = t->kind == TARGET_FILE;	/* a trim punches a hole, not BLKDISCARD */
	if (gp.seq_fio)
		s->vary |= VARY_FIO_SEQ;
	if (sp->clone_offset || sp->range_len) {	/* fio's offset_increment and size */
		if (thread_range(sp, t, rel, &gp.base, &gp.end))
			return -ERANGE;
		gp.start = 0;
	}
	if (ctx->w->verify && shape_wanted(sp))
		return errmsg(ctx->shape_err, sizeof(ctx->shape_err), -EINVAL, "--verify gives each "
			      "thread its own blocks: not with mixed, skewed or interlocked offsets "
			      "(-rs, -rd, -si, percentage_random, random_distribution)");
	if (ctx->w->verify && (r = build_verify_stream(ctx, s, &gp, ti, rel, nthreads, thread)))
		return r;
	s->hist = calloc(2, sizeof(*s->hist));
	s->ivprev = calloc(2, sizeof(*s->ivprev));
	s->series = calloc(build_series_slots(ctx->w), sizeof(*s->series));
	if (!s->hist || !s->ivprev || !s->series)
		return -ENOMEM;
	counts_init(&s->counts[0]);
	counts_init(&s->counts[1]);
	init_writes(ctx, s, ti);
	if ((r = gen_init(&s->gen, &gp)))
		return r;
	if (sp->parallel) {	/* DiskSpd's -p: every unit starts at the thread's first offset */
		s->par_next = malloc(sp->outstanding * sizeof(*s->par_next));
		if (!s->par_next)
			return -ENOMEM;
		for (unsigned k = 0; k < sp->outstanding; k++)
			s->par_next[k] = s->gen.next;
		s->vary |= VARY_PARALLEL;
	}
	if (!shape_wanted(sp))
		return 0;
	s->vary |= VARY_SHAPE;
	return shape_stream(&s->gen, sp, gp.end, gp.block, &ctx->seq_shared[ti], ctx->shape_err,
			    sizeof(ctx->shape_err));
}

/*
 * Gives each unit of stream si its buffers, carved from *mem. With -O the
 * worker's units are made with stream 0's buffers, and every stream keeps a
 * pair for each of them (loop_pick() moves a unit to its stream's pair).
 */
static void init_units(struct run_ctx *ctx, struct worker *wk, unsigned si, unsigned *next,
		       char **mem)
{
	struct stream *s = &wk->streams[si];
	const struct target_spec *sp = &ctx->w->targets[s->target];
	const struct target *t = &ctx->targets[s->target];
	uint64_t step = build_unit_bytes(sp, t);
	unsigned n = job_units(&ctx->w->jobs[wk->job], sp);

	s->par_first = *next;
	s->ubufs = *mem;
	s->ustep = step;
	for (unsigned k = 0; k < n; k++) {
		char *rbuf = *mem, *wbuf = *mem + step;

		*mem += 2 * step;
		memset(rbuf, 0, step);	/* fault the pages in now, not in the loop */
		build_write_content(sp, &s->gen.rng, wbuf, step);
		if (s->vary & VARY_PICK && si)
			continue;
		struct io_unit *u = &wk->units[(*next)++];

		u->rbuf = rbuf;
		u->wbuf = wbuf;
		u->stream = si;
		u->fd = t->fd;
		u->file = (uint16_t)si;	/* the worker registers its streams' files in order */
	}
}

/*
 * The worker's shared pool (-O, fio's iodepth over a job's files): its table
 * of its streams' weights (target_weight()) or, for fio's sequential file
 * service, of the I/Os of each stream's range; its own draws; fio's first
 * round-robin pick the first stream.
 */
static int build_pick(struct run_ctx *ctx, struct worker *wk, unsigned rel, uint64_t seed)
{
	const struct job_spec *js = &ctx->w->jobs[wk->job];
	struct stream_pick *p = &wk->pick;
	uint64_t first = 0;

	if (!(p->cum = calloc(wk->nstreams, sizeof(*p->cum))))
		return -ENOMEM;
	p->rng = seed ^ 0x2545f4914f6cdd1dull;
	p->equal = true;
	p->mode = js->pick;
	p->every = js->pick_every ? js->pick_every : 1;
	p->cur = wk->nstreams - 1;
	for (unsigned i = 0; i < wk->nstreams; i++) {
		const struct target *t = &ctx->targets[wk->streams[i].target];
		uint64_t wt = target_weight(t->spec, rel);

		if (p->mode == PICK_SEQUENTIAL) {	/* the I/Os of the thread's range of it */
			uint64_t bs = target_max_block(t->spec), b = t->base, e = t->end;

			if ((t->spec->clone_offset || t->spec->range_len) &&
			    thread_range(t->spec, t, rel, &b, &e))
				b = e;
			p->cum[i] = bs && e > b ? (e - b + bs - 1) / bs : 1;
			wk->streams[i].vary |= VARY_PICK;
			continue;
		}
		if (i == 0)
			first = wt;
		p->equal = p->equal && wt == first;
		p->total += wt;
		p->cum[i] = p->total;
		wk->streams[i].vary |= VARY_PICK;
	}
	return 0;
}

/* fio's write_*_log for thread rel of its job: the worker's log, and its streams record into it. */
static int build_log(struct worker *wk, const struct job_logs *spec, unsigned rel)
{
	struct iolog *l = calloc(1, sizeof(*l));

	if (!l)
		return -ENOMEM;
	wk->log = l;
	l->job = wk->job;
	l->thread = spec->first_thread + rel;
	l->avg_ms = spec->avg_ms;
	l->hist_ms = spec->prefix[LOG_HIST] ? spec->hist_ms : 0;
	l->per_io = !spec->avg_ms && (spec->prefix[LOG_BW] || spec->prefix[LOG_LAT] ||
				      spec->prefix[LOG_IOPS]);
	if (!spec->prefix[LOG_BW] && !spec->prefix[LOG_LAT] && !spec->prefix[LOG_IOPS])
		l->avg_ms = 0;
	for (unsigned i = 0; (l->per_io || l->avg_ms || l->hist_ms) && i < wk->nstreams; i++)
		wk->streams[i].vary |= VARY_LOG;
	return iolog_init(l);
}

/*
 * A stream's rate under p, in I/Os a second: fio's, each direction's (bytes a
 * second over its I/O size), added when the stream both reads and writes;
 * DiskSpd's, one for the stream (bytes over the mix's mean size); 0: none.
 */
static double stream_rate(const struct pace_spec *p, const struct stream *s,
			  const struct target_spec *sp)
{
	double r[2];
	bool reads = sp->write_pct < 100, writes = sp->write_pct > 0;

	if (p->per_target) {	/* DiskSpd: one rate for the target, whatever the mix */
		double len = ((double)s->len[0] * (100 - sp->write_pct) +
			      (double)s->len[1] * sp->write_pct) / 100;

		return p->iops[0] ? (double)p->iops[0] : p->bps[0] && len ? (double)p->bps[0] / len : 0;
	}
	for (int d = 0; d < 2; d++)
		r[d] = p->iops[d] ? (double)p->iops[d] :
		       p->bps[d] && s->len[d] ? (double)p->bps[d] / (double)s->len[d] : 0;
	if (reads && writes)
		return r[0] && r[1] ? r[0] + r[1] : 0;
	return reads ? r[0] : r[1];
}

/* A job with a rate, think time or a latency target: the worker's pacer (loop_paced.c), after its units. */
static int build_pacer(struct run_ctx *ctx, struct worker *wk, uint64_t seed)
{
	const struct pace_spec *p = &ctx->w->jobs[wk->job].pace;
	struct pacer *pc;

	if (!pace_on(p))
		return 0;
	pc = wk->pace = calloc(1, sizeof(*pc));
	if (!pc || !(pc->s = calloc(wk->nstreams, sizeof(*pc->s))) ||
	    !(pc->submitted = calloc(wk->nunits, sizeof(*pc->submitted))) ||
	    !(pc->free_mem = calloc(2 * (size_t)wk->nunits, sizeof(*pc->free_mem))))
		return -ENOMEM;
	for (unsigned i = 0, at = 0; i < wk->nstreams; i++) {
		struct pace_stream *ps = &pc->s[i];
		const struct target_spec *sp = &ctx->w->targets[wk->streams[i].target];
		double rate = stream_rate(p, &wk->streams[i], sp);

		if (rate && !p->per_target)	/* fio: the thread's rate, shared by its files */
			rate /= wk->nstreams;
		ps->period_ns = rate ? 1e9 / rate : 0;
		ps->poisson = p->poisson;
		ps->rng = seed ^ (0x9e3779b97f4a7c15ull * (i + 1));
		ps->free = pc->free_mem + at;
		at += sp->outstanding;
		/* DiskSpd's ThroughputMeter: with -g, no think time */
		ps->think_ns = p->per_target && rate ? 0 : p->think_ns;
		ps->spin_ns = p->per_target && rate ? 0 : p->think_spin_ns;
		ps->iotime_ns = p->think_iotime_ns;
		ps->blocks = p->think_blocks ? p->think_blocks : 1;
		ps->count_issue = p->think_issue;
		ps->count_blocks = p->think_blocks_set || !p->think_iotime_ns;
		ps->quiesce = p->quiesce;
		ps->ignore_think = p->ignore_think;
		if (!(ps->h = calloc(4, sizeof(*ps->h))))
			return -ENOMEM;
		for (int d = 0; d < 2; d++) {
			counts_init(&ps->sc[d]);
			counts_init(&ps->lc[d]);
		}
	}
	for (unsigned k = 0; k < wk->nunits; k++) {
		struct pace_stream *ps = &pc->s[wk->units[k].stream];

		ps->free[ps->nfree++] = &wk->units[k];
	}
	pc->think_shared = !p->per_target;	/* fio thinks per thread */
	pc->limit = UINT_MAX;
	if (p->lat_target_ns) {	/* fio's latency_target: the depth searched, up to iodepth */
		struct lat_search *ls = pc->lat = calloc(1, sizeof(*ls));

		if (!ls)
			return -ENOMEM;
		ls->target_ns = p->lat_target_ns;
		ls->window_ns = p->lat_window_ns;
		ls->pct = 100.0 - p->lat_over_pct;
		ls->run = p->lat_run;
		ls->iodepth = wk->nunits;
		pc->limit = 1;
	}
	return 0;
}

/* Frees a worker's pacer (NULL is fine). */
static void pacer_free(struct pacer *pc, unsigned nstreams)
{
	if (!pc)
		return;
	for (unsigned i = 0; pc->s && i < nstreams; i++)
		free(pc->s[i].h);
	free(pc->s);
	free(pc->lat);
	free(pc->submitted);
	free(pc->free_mem);
	free(pc);
}

static int build_worker(struct run_ctx *ctx, struct worker *wk, unsigned id,
			const unsigned *tlist, unsigned nt, unsigned rel)
{
	const struct workload *w = ctx->w;
	uint64_t bytes = 0;
	unsigned next = 0;
	char *mem;

	wk->id = id;
	wk->stop = &ctx->stop;
	wk->ioprio = w->jobs[wk->job].ioprio;
	wk->nstreams = nt;
	wk->streams = calloc(nt, sizeof(*wk->streams));
	if (!wk->streams)
		return -ENOMEM;
	for (unsigned i = 0; i < nt; i++) {
		const struct target_spec *sp = &w->targets[tlist[i]];
		const struct job_spec *js = &w->jobs[wk->job];
		uint64_t seed = js->seed + rel + 0x9e3779b97f4a7c15ull * (tlist[i] - js->first_target);

		int r = init_stream(ctx, &wk->streams[i], tlist[i], rel, w->jobs[wk->job].threads, id,
				    seed);

		if (r)
			return r;
		wk->backlog |= (wk->streams[i].vary & VARY_BACKLOG) != 0;
		wk->nunits += w->jobs[wk->job].requests ? 0 : sp->outstanding;
		bytes += 2 * job_units(&w->jobs[wk->job], sp) *
			 build_unit_bytes(sp, &ctx->targets[tlist[i]]);
	}
	if (w->jobs[wk->job].requests) {	/* -O: the thread's I/Os, for all its targets */
		int r = build_pick(ctx, wk, rel, w->jobs[wk->job].seed + rel);

		if (r)
			return r;
		wk->nunits = w->jobs[wk->job].requests;
	}
	/* a byte budget, or an I/O count with nothing unmeasured before it: issued exactly */
	for (unsigned i = 0; w->count_based && (w->jobs[wk->job].bytes_per_thread ||
						 (w->jobs[wk->job].ios_per_thread && !w->warmup_ns)) &&
			     i < nt; i++)
		wk->streams[i].vary |= VARY_BUDGET;
	if (w->jobs[wk->job].logs) {
		int r = build_log(wk, w->jobs[wk->job].logs, rel);

		if (r)
			return r;
	}
	for (unsigned i = 0; i < nt; i++)	/* each stream's preparation, chosen once */
		wk->streams[i].prep = loop_prep_for(wk->streams[i].vary);
	wk->units = calloc(wk->nunits, sizeof(*wk->units));
	if (!wk->units)
		return -ENOMEM;
	{
		const struct job_spec *js = &w->jobs[wk->job];
		int r = iomem_alloc(&wk->mem, js->mem, ctx->mem_fds ? ctx->mem_fds[wk->job] : -1,
				    js->mem_file ? rel * build_mem_stride(w, ctx->targets, js) : 0,
				    bytes + js->mem_align);

		if (r) {
			ctx->mem_error_job = wk->job + 1;
			return r;
		}
		mem = (char *)wk->mem.base + js->mem_align;	/* fio: a page boundary + iomem_align */
	}
	wk->bufs = mem;
	wk->bufs_len = bytes;
	for (unsigned i = 0; i < nt; i++)
		init_units(ctx, wk, i, &next, &mem);
	if (pace_min(&w->jobs[wk->job].pace)) {	/* fio's rate_min, rate_iops_min */
		const struct pace_spec *p = &w->jobs[wk->job].pace;
		struct min_rate *m = wk->min_rate = calloc(1, sizeof(*wk->min_rate));

		if (!m)
			return -ENOMEM;
		for (int d = 0; d < 2; d++) {
			m->iops[d] = p->min_iops[d];
			m->bps[d] = p->min_bps[d];
		}
		m->cycle_ns = (p->min_cycle_ms ? p->min_cycle_ms : 1000) * 1000000ull;
	}
	return build_pacer(ctx, wk, w->jobs[wk->job].seed + rel);
}

int build_workers(struct run_ctx *ctx)
{
	const struct workload *w = ctx->w;
	unsigned n = workload_threads(w), id = 0;
	unsigned *all = malloc(w->ntargets * sizeof(*all));
	int r = 0;

	ctx->workers = calloc(n, sizeof(*ctx->workers));
	ctx->seq_shared = calloc(w->ntargets, sizeof(*ctx->seq_shared));
	if (!all || !ctx->workers || !ctx->seq_shared) {
		free(all);
		return -ENOMEM;
	}
	ctx->nworkers = n;
	for (unsigned i = 0; i < w->ntargets; i++)
		all[i] = i;
	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *job = &w->jobs[j];

		for (unsigned k = 0; !r && k < job->threads; k++, id++) {
			ctx->workers[id].job = j;
			r = build_worker(ctx, &ctx->workers[id], id, &all[job_target(job, k, 0)],
					 job->ntargets, k);
		}
	}
	free(all);
	return r;
}

/*
 * Sets up the worker's engine with every file and buffer region its units
 * use: the files of its streams in order, the region all unit buffers come
 * from, then each stream's -Z<size> source buffer.
 */
int build_engine_start(struct run_ctx *ctx, struct worker *wk)
{
	int fds[wk->nstreams];
	bool blocking[wk->nstreams];
	uint8_t map_flush[wk->nstreams];
	struct iovec bufs[1 + wk->nstreams];
	struct engine_setup setup = { .depth = wk->nunits, .fds = fds, .blocking = blocking,
				      .nfds = wk->nstreams, .bufs = bufs, .nbufs = 1 };

	const struct job_spec *js = &ctx->w->jobs[wk->job];

	setup.flags = (ctx->w->sqpoll ? ENGINE_SQPOLL : 0) | (ctx->w->hipri ? ENGINE_HIPRI : 0) |
		      js->uring;
	setup.force_async = js->force_async;
	setup.sq_cpu = js->sq_cpu_set ? (int)js->sq_cpu : -1;
	/* pinned by iobench: free its io_uring workers; on fio's cpus_allowed: as the thread */
	setup.wq_cpus = wk->cpu >= 0 && !wk->own_cpus ? &ctx->cpus : NULL;
	setup.ioprio = wk->ioprio;
	setup.map_flush = map_flush;
	bufs[0] = (struct iovec){ wk->bufs, wk->bufs_len };
	for (unsigned i = 0; i < wk->nstreams; i++) {
		struct stream *s = &wk->streams[i];

		fds[i] = ctx->targets[s->target].fd;
		blocking[i] = ctx->targets[s->target].no_nowait;
		map_flush[i] = ctx->w->targets[s->target].map_flush;
		if (s->src) {
			s->src_index = (uint16_t)setup.nbufs;
			bufs[setup.nbufs++] = (struct iovec){
				s->src, build_src_size(&ctx->w->targets[s->target]) };
		}
	}
	if (fds[0] < 0)		/* the null engine: nothing is open */
		setup.nfds = 0;
	return wk->engine.ops->init(&wk->engine, &setup);
}

void build_free(struct run_ctx *ctx)
{
	ivring_free(&ctx->ivr);
	ivlat_free(&ctx->ivr.out);
	for (unsigned i = 0; i < ctx->nworkers; i++) {
		for (unsigned s = 0; ctx->workers[i].streams && s < ctx->workers[i].nstreams; s++)
		{
			gen_release(&ctx->workers[i].streams[s].gen);
			free(ctx->workers[i].streams[s].hist);
			free(ctx->workers[i].streams[s].ivprev);
			free(ctx->workers[i].streams[s].series);
			free(ctx->workers[i].streams[s].par_next);
			free(ctx->workers[i].streams[s].v.dump_buf);
			free(ctx->workers[i].streams[s].bl.off);
		}
		for (unsigned s = 0; ctx->workers[i].snaps && s < ctx->workers[i].nstreams; s++)
			free(ctx->workers[i].snaps[s].hist);
		free(ctx->workers[i].snaps);
		free(ctx->workers[i].streams);
		if (ctx->workers[i].log)
			iolog_free(ctx->workers[i].log);
		free(ctx->workers[i].log);
		free(ctx->workers[i].units);
		pacer_free(ctx->workers[i].pace, ctx->workers[i].nstreams);
		free(ctx->workers[i].pick.cum);
		free(ctx->workers[i].min_rate);
		iomem_free(&ctx->workers[i].mem);
	}
	for (unsigned j = 0; ctx->mem_fds && j < ctx->w->njobs; j++) {
		if (ctx->mem_fds[j] >= 0)
			close(ctx->mem_fds[j]);
		if (ctx->mem_made && ctx->mem_made[j])	/* fio removes a file it made */
			unlink(ctx->w->jobs[j].mem_file);
	}
	free(ctx->mem_fds);
	free(ctx->mem_made);
	free(ctx->workers);
	free(ctx->seq_shared);
	if (ctx->src_bufs)
		for (unsigned i = 0; i < ctx->w->ntargets; i++)
			iomem_aligned_free(ctx->src_bufs[i]);
	free(ctx->src_bufs);
	for (unsigned i = 0; i < ctx->w->ntargets; i++) {
		if (ctx->vtables)
			free(ctx->vtables[i]);
		if (ctx->vseen)
			free(ctx->vseen[i]);
	}
	free(ctx->vtables);
	free(ctx->vseen);
	free(ctx->journals);
}
