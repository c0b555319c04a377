/* SPDX-License-Identifier: MIT */
/*
 * loop.c: THE hot path. Each worker keeps its units in flight: reap a batch,
 * read the clock once, count each completion into its stream if the window
 * is open, give the unit its next offset and queue it again. Everything the
 * loop touches was prepared by run.c; it allocates nothing, takes no lock and
 * formats nothing.
 */
#include <errno.h>
#include <stdatomic.h>

#include "core/clock.h"
#include "core/worker.h"


/* Gives u its next I/O from its stream (its submission time is stamped later). */
static inline void prep(struct worker *w, struct io_unit *u)
{
	struct stream *s = &w->streams[u->stream];

	u->is_write = gen_next(&s->gen, &u->offset);
	u->len = s->len[u->is_write];
	u->buf = u->is_write ? u->wbuf : u->rbuf;
	u->buf_index = 0;
	if (unlikely(u->is_write && s->src)) {
		u->buf = s->src + gen_below(gen_rand(&s->gen.rng), s->src_slots) * s->src_align;
		u->buf_index = s->src_index;
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

static __attribute__((noinline, cold)) void fail(struct worker *w, const struct io_unit *u)
{
	if (!w->error.err) {
		w->error = (struct io_error){
			.err = u->result < 0 ? (int)-u->result : EIO,
			.result = u->result,
			.offset = u->offset,
			.len = u->len,
			.target = w->streams[u->stream].target,
			.is_write = u->is_write,
		};
	}
	atomic_store_explicit(w->stop, 1, memory_order_relaxed);
}

/* now passed the current interval's end: move to the interval now is in. */
static __attribute__((noinline, cold)) void next_interval(struct worker *w, uint64_t now)
{
	uint64_t k = (now - w->window_start) / w->interval_ns;

	if (k >= w->iv_cap) {	/* past the series: the last slot takes the rest */
		w->iv_overflow = now < w->window_end;
		k = w->iv_cap - 1;
		w->iv_edge = UINT64_MAX;
	} else {
		w->iv_edge = w->window_start + (k + 1) * w->interval_ns;
	}
	w->iv_idx = (unsigned)k;
	atomic_store_explicit(&w->iv_done, (unsigned)k, memory_order_release);
}

/*
 * Counts one completion at time now. Returns false when the worker is done
 * (an error, or the last measured I/O of a count-based run).
 */
static inline bool complete(struct worker *w, const struct io_unit *u, uint64_t now)
{
	struct stream *s;

	if (unlikely(u->result != (int64_t)u->len)) {
		fail(w, u);
		return false;
	}
	if (now < w->window_start || now >= w->window_end)
		return true;
	s = &w->streams[u->stream];
	counts_record(&s->counts[u->is_write], u->len, now - u->t_start);
	hist_record(&s->hist[u->is_write], now - u->t_start);
	interval_record(&s->series[w->iv_idx], u->is_write, u->len, now - u->t_start);
	w->bytes_left = w->bytes_left > u->len ? w->bytes_left - u->len : 0;
	if (unlikely(--w->ios_left == 0 || w->bytes_left == 0)) {
		w->window_end = now;
		w->end = now;
		return false;
	}
	return true;
}

static inline bool keep_going(const struct worker *w, uint64_t now)
{
	return now < w->end && !atomic_load_explicit(w->stop, memory_order_relaxed);
}

static void loop_sync(struct worker *w)
{
	uint64_t now = clock_ns();

	for (;;) {
		for (unsigned i = 0; i < w->nunits; i++) {
			struct io_unit *u = &w->units[i];

			if (!keep_going(w, now))
				return;
			prep(w, u);
			u->t_start = clock_ns();
			engine_queue(&w->engine, u);
			now = clock_ns();
			if (unlikely(now >= w->iv_edge))
				next_interval(w, now);
			if (!complete(w, u, now))
				return;
		}
	}
}

static void loop_async(struct worker *w)
{
	struct io_unit *done[REAP_MAX];
	uint64_t now = clock_ns();
	unsigned inflight = 0;
	bool more = keep_going(w, now);

	for (unsigned i = 0; more && i < w->nunits; i++) {
		struct io_unit *u = &w->units[i];

		prep(w, u);
		if (engine_queue(&w->engine, u) == 0)
			inflight++;
	}
	now = clock_ns();	/* the first submission batch */
	for (unsigned i = 0; i < w->nunits; i++)
		w->units[i].t_start = now;
	while (inflight) {
		int n = engine_reap(&w->engine, inflight < w->reap_min ? inflight : w->reap_min,
				    done, w->reap_max);
		unsigned again = 0;

		if (unlikely(n < 0)) {
			struct io_unit fake = { .result = n, .stream = 0 };

			fail(w, &fake);
			return;
		}
		now = clock_ns();
		if (unlikely(now >= w->iv_edge))
			next_interval(w, now);
		more = more && keep_going(w, now);
		for (int i = 0; i < n; i++) {
			struct io_unit *u = done[i];

			more = complete(w, u, now) && more;
			if (more) {
				prep(w, u);
				if (likely(engine_queue(&w->engine, u) == 0)) {
					done[again++] = u;
					continue;
				}
			}
			inflight--;
		}
		stamp(done, again);
	}
}

void loop_run(struct worker *w)
{
	if (w->engine.ops->flags & ENGINE_SYNC)
		loop_sync(w);
	else
		loop_async(w);
	/* Every interval up to the current one is final now. */
	atomic_store_explicit(&w->iv_done, w->iv_idx + 1, memory_order_release);
}
