/* SPDX-License-Identifier: MIT */
/*
 * loop.c: THE hot path. Each worker keeps its units in flight: reap a batch,
 * read the clock once, count each completion into its stream if the window
 * is open, give the unit its next offset and queue it again. Everything the
 * loop touches was prepared by run.c; it allocates nothing, takes no lock and
 * formats nothing.
 */
#include <stdatomic.h>
#include <string.h>

#include "platform/clock.h"
#include "core/loop_io.h"
#include "core/loop_slow.h"
#include "core/verify.h"
#include "util/banned.h"

/* Writes: fresh random words at the start of every 512 bytes (dedupe cannot match them). */
static void refresh(struct stream *s, struct io_unit *u)
{
	for (uint32_t o = 0; o < u->len; o += 512) {
		uint64_t r = rng_next(&s->gen.rng);

		memcpy((char *)u->buf + o, &r, sizeof(r));
	}
}

/* fio's size: the last I/O trimmed to the bytes left; number_ios: no more issued than that. */
static inline void budget(struct worker *w, struct io_unit *u)
{
	if (u->len > w->issue_left)
		u->len = (uint32_t)w->issue_left;
	w->issue_left -= u->len;
	if (--w->issue_ios == 0)
		w->issue_left = 0;
}

/*
 * The rarer parts of preparing an I/O (see loop_prep_for() for the common
 * ones): DiskSpd's -O (the I/O's stream picked per I/O), mixed and skewed
 * offsets (-rs, -rd, -si, fio's percentage_random and random_distribution),
 * --verify's block ownership, sizes drawn per I/O (fio's bsrange, bssplit),
 * fio's own sequences (rw=read:-N, rw=randread:N), a byte budget that trims
 * the last I/O to fit (fio's size), sequential steps by each I/O's size,
 * fio's trimwrite (the write's block trimmed first), and what a write
 * carries (a --verify block, a block of the -Z<size> source, the --dedupe
 * block, or its own buffer refreshed).
 */
static void vary_all(struct worker *w, struct stream *s, struct io_unit *u)
{
	if (s->vary & VARY_PICK)	/* -O: the I/O may go to another of the worker's streams */
		s = loop_pick(w, s, u);
	if ((s->vary & VARY_BACKLOG) && loop_backlog(w, s, u))
		return;	/* a written block read back */
	if (s->vary & VARY_PARALLEL) {	/* -p: the unit's own sequence, wrapping as gen_next */
		uint64_t *next = &s->par_next[(unsigned)(u - w->units) - s->par_first];

		u->offset = *next;
		*next += s->gen.stride;
		if (*next > s->gen.last)
			*next = s->gen.wrap;
	}
	if (s->vary & VARY_SHAPE) {
		bool wr = u->is_write;

		u->offset = gen_shaped(&s->gen, &wr);
		if (wr != u->is_write) {	/* DiskSpd's sequential I/O of a mix: the last kind */
			u->is_write = wr;
			u->len = s->len[wr];
			u->buf = wr ? u->wbuf : u->rbuf;
		}
	}
	if (s->vary & VARY_VERIFY)
		loop_avoid_inflight(w, s, u);
	if (s->vary & (VARY_READ << u->is_write))
		u->len = gen_size(&s->pick[u->is_write], rng_next(&s->gen.rng));
	if (s->vary & VARY_FIO_SEQ)
		u->offset = gen_fio_offset(&s->gen, u->offset);
	if (s->vary & VARY_BUDGET)
		budget(w, u);
	if (s->vary & VARY_FIO_SEQ)
		gen_fio_issued(&s->gen, u->offset, u->len);
	if (s->vary & VARY_SHAPE)
		gen_shaped_issued(&s->gen, u->is_write, u->offset, u->len);
	if (s->vary & VARY_SEQ_BY_LEN)
		gen_seq_advance(&s->gen, u->len);
	if (!u->is_write)
		return;
	if (s->vary & VARY_TRIM)
		loop_trim(w, s, u);
	if (s->vary & VARY_VERIFY) {
		verify_format(u->buf, u->len, u->offset, s->v.thread, ++s->v.seq, s->v.seed,
			      s->v.hash_kind, s->v.pat);
		if (s->vary & VARY_BACKLOG)
			loop_backlog_push(s, u);
	} else if (s->vary & VARY_SOURCE) {
		u->buf = s->src + rng_below(rng_next(&s->gen.rng), s->src_slots) * s->src_align;
		u->buf_index = s->src_index;
	} else if ((s->vary & VARY_DEDUPE) && (rng_next(&s->gen.rng) & 0xffffffffu) < s->dedupe_thresh) {
		u->buf = s->src;
		u->buf_index = s->src_index;
	} else if (s->vary & VARY_REFRESH) {
		refresh(s, u);
	} else if (s->vary & VARY_REFILL) {
		loop_refill(s, u);
	}
}

/* The common streams' preparations, one each: fresh data in writes, fio's size budget, both. */
static void vary_refresh(struct worker *w, struct stream *s, struct io_unit *u)
{
	(void)w;
	if (u->is_write)
		refresh(s, u);
}

static void vary_budget(struct worker *w, struct stream *s, struct io_unit *u)
{
	(void)s;
	budget(w, u);
}

static void vary_budget_refresh(struct worker *w, struct stream *s, struct io_unit *u)
{
	budget(w, u);
	if (u->is_write)
		refresh(s, u);
}

stream_prep_fn loop_prep_for(unsigned vary)
{
	switch (vary & ~(unsigned)(VARY_FSYNC | VARY_LOG)) {	/* theirs come on completion */
	case 0: return NULL;
	case VARY_REFRESH: return vary_refresh;
	case VARY_BUDGET: return vary_budget;
	case VARY_BUDGET | VARY_REFRESH: return vary_budget_refresh;
	default: return vary_all;
	}
}

/*
 * One clock read for a submission batch: the n units about to be submitted
 * (by the next reap) get it as their start, so iobench's own work on the
 * batch does not count as device latency.
 */
static inline void stamp(struct io_unit **units, unsigned n)
{
	uint64_t t = clock_ns();

	for (unsigned i = 0; i < n; i++)
		units[i]->t_start = t;
}

/* The same for n units in a row of the worker's array. */
static inline void stamp_range(struct io_unit *units, unsigned n)
{
	uint64_t t = clock_ns();

	for (unsigned i = 0; i < n; i++)
		units[i].t_start = t;
}

static void loop_sync(struct worker *w)
{
	uint64_t now = clock_ns();

	for (;;) {
		for (unsigned i = 0; i < w->nunits; i++) {
			struct io_unit *u = &w->units[i];

			if (!keep_going(w, now) || !w->issue_left) {
				close_window(w, now);
				return;
			}
			prep(w, u);
			u->t_start = clock_ns();
			engine_queue(&w->engine, u);
			now = clock_ns();
			if (unlikely(now >= w->iv_edge))
				loop_next_interval(w, now);
			if (!complete(w, u, now))
				return;
		}
	}
}

/*
 * Counts the completions done[from..to) and queues each unit's next I/O while
 * the run goes on; the units queued again are kept in done[] from index again
 * on. Returns the new end of those.
 */
static inline unsigned put_back(struct worker *w, struct io_unit **done, unsigned from,
				unsigned to, unsigned again, unsigned *inflight, bool *more,
				uint64_t now)
{
	for (unsigned i = from; i < to; i++) {
		struct io_unit *u = done[i];

		*more = complete(w, u, now) && *more;
		if (*more) {
			prep(w, u);
			if (likely(engine_queue(&w->engine, u) == 0)) {
				done[again++] = u;
				continue;
			}
		}
		(*inflight)--;
	}
	return again;
}

static void loop_async(struct worker *w)
{
	struct io_unit *done[REAP_MAX];
	uint64_t now = clock_ns();
	unsigned inflight = 0, first = 0;	/* first: the first unit not submitted yet */
	bool more = keep_going(w, now);

	for (unsigned i = 0; more && i < w->nunits; i++) {
		struct io_unit *u = &w->units[i];

		prep(w, u);
		if (engine_queue(&w->engine, u) == 0)
			inflight++;
		more = w->issue_left != 0;
		if (unlikely(i + 1 - first == w->submit_batch)) {
			stamp_range(w->units + first, i + 1 - first);
			engine_submit(&w->engine);
			first = i + 1;
		}
	}
	stamp_range(w->units + first, w->nunits - first);	/* submitted by the first reap */
	while (inflight) {
		int n = engine_reap(&w->engine, inflight < w->reap_min ? inflight : w->reap_min,
				    done, w->reap_max);
		unsigned again = 0;

		if (!reaped(w, n, &now))
			return;
		more = more && keep_going(w, now);
		if (likely((unsigned)n <= w->submit_batch)) {
			again = put_back(w, done, 0, (unsigned)n, 0, &inflight, &more, now);
			stamp(done, again);
			continue;
		}
		/* iodepth_batch_submit: every submit_batch completions' I/Os go out together */
		for (unsigned c = 0; c < (unsigned)n; c += w->submit_batch) {
			unsigned end = n - c > w->submit_batch ? c + w->submit_batch : (unsigned)n;
			unsigned from = again;

			again = put_back(w, done, c, end, again, &inflight, &more, now);
			stamp(done + from, again - from);
			if (end < (unsigned)n)
				engine_submit(&w->engine);
		}
	}
	close_window(w, now);
}

void loop_run(struct worker *w)
{
	uint64_t end = w->end;

	if (unlikely(w->pace != NULL)) {	/* paced (pace_on()): chosen once, for the run */
		do	/* fio's verify_backlog: what is still owed is read back, paced too */
			loop_paced(w);
		while (unlikely(w->backlog) && loop_backlog_drain(w, end));
		loop_end_intervals(w);
		return;
	}
	do {
		if (w->engine.ops->flags & ENGINE_SYNC)
			loop_sync(w);
		else
			loop_async(w);
	} while (unlikely(w->backlog) && loop_backlog_drain(w, end));
	loop_end_intervals(w);
}
