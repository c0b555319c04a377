/* SPDX-License-Identifier: MIT */
/* loop_slow.h: the hot loop's rare paths (loop_slow.c). */
#ifndef IOB_LOOP_SLOW_H
#define IOB_LOOP_SLOW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/worker.h"

/*
 * DiskSpd's -O: u, drawn from stream s, goes instead to a stream picked by
 * weight; when that is another one, s's draw is taken back and u drawn anew
 * from the new stream, with its buffers and file. Returns u's stream.
 */
struct stream *loop_pick(struct worker *w, struct stream *s, struct io_unit *u);

/* --verify: draws u's offset again while another I/O of the thread is on that block. */
void loop_avoid_inflight(struct worker *w, struct stream *s, struct io_unit *u);

/*
 * fio's verify_backlog (worker.h's struct backlog): true when u, drawn by
 * gen_next(), becomes instead the read of the oldest block waiting (the draw
 * taken back); false when u stays as drawn. loop_backlog_push() adds a
 * write's block. loop_backlog_drain(), after the loop ended on its byte
 * budget, sets the worker to read back what still waits (the window open
 * again, until end) and says whether the loop must run again.
 */
bool loop_backlog(struct worker *w, struct stream *s, struct io_unit *u);
void loop_backlog_push(struct stream *s, const struct io_unit *u);
bool loop_backlog_drain(struct worker *w, uint64_t end);

/* refill_buffers: the whole of u's buffer fresh random data, the stream's compression kept. */
void loop_refill(struct stream *s, struct io_unit *u);

/*
 * fio's trimwrite: discards u's range now (synchronously, as fio), before u
 * writes it; counted in the stream's trim slot [0] when the window is open.
 * A failed trim is an error of its own (a trim, not the write), kept as the
 * worker's and, unless --continue-on-error takes writes, the run stops
 * (the write prepared already is still issued).
 */
void loop_trim(struct worker *w, struct stream *s, const struct io_unit *u);

/* An error that ends the run: kept, and every worker told to stop. */
void loop_fail(struct worker *w, const struct io_unit *u) __attribute__((cold));

/* A failed or short I/O: false to stop, true to go on (--continue-on-error). */
bool loop_io_failed(struct worker *w, const struct io_unit *u, uint64_t now)
	__attribute__((cold));

/*
 * A completion's rare work: fio's write_*_log records it (in the measured
 * window); --verify records a write or checks a read; fio's fsync=N syncs
 * the file after every N writes, timed. False to stop.
 */
bool loop_completed(struct worker *w, struct stream *s, const struct io_unit *u, uint64_t now);

/* now passed the current interval's end: moves to the interval now is in. */
void loop_next_interval(struct worker *w, uint64_t now) __attribute__((cold));

/* The latencies since the last edge into the current interval's histogram (struct ivring). */
void loop_fold_interval(struct worker *w);

/* The I/O has ended: the last interval folded, every interval up to the current one final. */
void loop_end_intervals(struct worker *w);

#endif
