/* SPDX-License-Identifier: MIT */
/*
 * loop_io.h: the steps of one I/O that the closed loop (loop.c) and the
 * paced loop (loop_paced.c) share: prepare it, count its completion, and the
 * tests of the run's end. static inline, so each loop compiles its own.
 */
#ifndef IOB_LOOP_IO_H
#define IOB_LOOP_IO_H

#include <stdatomic.h>

#include "platform/clock.h"
#include "core/loop_slow.h"
#include "core/worker.h"

/* Gives u its next I/O from its stream (its submission time is stamped later). */
static inline void prep(struct worker *w, struct io_unit *u)
{
	struct stream *s = &w->streams[u->stream];

	u->is_write = gen_next(&s->gen, &u->offset);
	u->len = s->len[u->is_write];
	u->buf = u->is_write ? u->wbuf : u->rbuf;
	u->buf_index = 0;
	if (unlikely(s->prep != NULL))
		s->prep(w, s, u);
}


/*
 * Counts one completion at time now. Returns false when the worker is done
 * (an error, or the last measured I/O of a count-based run).
 */
static inline bool complete(struct worker *w, const struct io_unit *u, uint64_t now)
{
	struct stream *s;

	if (unlikely(u->result != (int64_t)u->len))
		return loop_io_failed(w, u, now);
	s = &w->streams[u->stream];
	if (unlikely(s->vary & VARY_ON_COMPLETION) && !loop_completed(w, s, u, now))
		return false;
	if (now < w->window_start || now >= w->window_end)
		return true;
	counts_record(&s->counts[u->is_write], u->len, now - u->t_start);
	hist_record(&s->hist[u->is_write], now - u->t_start);
	interval_record(&s->series[w->iv_idx], u->is_write, u->len, now - u->t_start);
	if (unlikely(--w->ios_left == 0)) {
		w->window_end = now;
		w->end = now;
		return false;
	}
	return w->issue_left != 0;	/* with a byte budget spent, the rest only drain */
}


/*
 * After a reap of n completions: false when it failed (the run stops, said);
 * else *now is the time, and a series interval that ended is closed.
 */
static inline bool reaped(struct worker *w, int n, uint64_t *now)
{
	if (unlikely(n < 0)) {
		struct io_unit fake = { .result = n, .stream = 0 };

		loop_fail(w, &fake);
		return false;
	}
	*now = clock_ns();
	if (unlikely(*now >= w->iv_edge))
		loop_next_interval(w, *now);
	return true;
}

/* A run that ended on its byte budget: the window closes at its last completion. */
static inline void close_window(struct worker *w, uint64_t now)
{
	if (w->window_end == UINT64_MAX)
		w->window_end = w->end = now;
}


static inline bool keep_going(const struct worker *w, uint64_t now)
{
	return now < w->end && !atomic_load_explicit(w->stop, memory_order_relaxed);
}


#endif
