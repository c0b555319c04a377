/* SPDX-License-Identifier: MIT */
/*
 * loop_slow.c: what the hot loop (loop.c) calls only on rare paths: errors,
 * --verify's checks, fsync after writes (fio's fsync=N), the move to the
 * next series interval. Kept apart so loop.c stays the few lines each I/O
 * runs through.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include "platform/clock.h"
#include "core/loop_slow.h"
#include "core/verify.h"
#include "job/workload.h"
#include "util/banned.h"

struct stream *loop_pick(struct worker *w, struct stream *s, struct io_unit *u)
{
	struct stream_pick *p = &w->pick;
	uint64_t r = rng_next(&w->pick.rng);
	unsigned i = 0, k = (unsigned)(u - w->units);

	if (p->mode != PICK_WEIGHT) {	/* fio's file_service_type */
		if (p->left) {
			p->left--;
		} else {
			p->cur = p->mode == PICK_RANDOM ? (unsigned)rng_below(r, w->nstreams) :
				 (p->cur + 1) % w->nstreams;
			p->left = (p->mode == PICK_SEQUENTIAL ? p->cum[p->cur] : p->every) - 1;
		}
		i = p->cur;
	} else if (p->equal) {
		i = (unsigned)rng_below(r, w->nstreams);
	} else {
		uint64_t v = rng_below(r, p->total);

		while (p->cum[i] <= v)	/* a draw below total: some cum is above it */
			i++;
	}
	if (i == u->stream)
		return s;
	gen_unnext(&s->gen, u->offset);
	s = &w->streams[i];
	u->stream = i;
	u->fd = s->fd;
	u->file = (uint16_t)i;
	u->rbuf = s->ubufs + 2 * (uint64_t)k * s->ustep;
	u->wbuf = (char *)u->rbuf + s->ustep;
	u->is_write = gen_next(&s->gen, &u->offset);
	u->len = s->len[u->is_write];
	u->buf = u->is_write ? u->wbuf : u->rbuf;
	return s;
}

/* Whether another I/O of u's stream may be in flight on the block at off. */
static bool block_busy(const struct worker *w, const struct io_unit *u, uint64_t off)
{
	for (unsigned i = 0; i < w->nunits; i++) {
		const struct io_unit *o = &w->units[i];

		if (o != u && o->len && o->stream == u->stream && o->offset == off)
			return true;
	}
	return false;
}

/*
 * --verify: never two I/Os of one thread on one block at once (the read could
 * see either version): an offset still in flight is drawn again. Each thread
 * owns at least as many blocks as it keeps in flight, so a free one turns up.
 */
void loop_avoid_inflight(struct worker *w, struct stream *s, struct io_unit *u)
{
	for (unsigned tries = 0; tries < 1024 && block_busy(w, u, u->offset); tries++)
		u->is_write = gen_next(&s->gen, &u->offset);
	u->buf = u->is_write ? u->wbuf : u->rbuf;
}

bool loop_backlog(struct worker *w, struct stream *s, struct io_unit *u)
{
	struct backlog *b = &s->bl;
	uint64_t off;

	if (!b->n)
		return false;
	if (b->n == b->cap) {	/* full: the first block free is read now (fio's list grows) */
		unsigned k = 0;

		while (k < b->n && block_busy(w, u, b->off[(b->head + k) % b->cap]))
			k++;
		if (k == b->n)
			return false;
		off = b->off[(b->head + k) % b->cap];	/* to the head, the older ones after it */
		for (; k; k--)
			b->off[(b->head + k) % b->cap] = b->off[(b->head + k - 1) % b->cap];
		b->off[b->head] = off;
	} else if (!b->batch_left && !b->draining) {	/* fio: every `every` blocks, after a write */
		if (b->n % b->every || b->last_read)
			return false;
		b->batch_left = b->batch ? b->batch : b->every;
	}
	off = b->off[b->head];
	if (!b->draining && b->n < b->cap && block_busy(w, u, off))
		return false;	/* its write is still in flight: a write goes first, as in fio */
	gen_unnext(&s->gen, u->offset);
	b->head = (b->head + 1) % b->cap;
	b->n--;
	if (b->batch_left)
		b->batch_left--;
	u->is_write = false;
	u->offset = off;
	u->len = s->len[1];
	u->buf = u->rbuf;
	if (b->draining && !b->n)
		w->issue_left = 0;	/* the last one: the worker's I/O ends with it */
	return true;
}

void loop_backlog_push(struct stream *s, const struct io_unit *u)
{
	struct backlog *b = &s->bl;

	if (b->n == b->cap) {	/* every block waiting busy (cannot be: cap > units): the oldest lost */
		b->head = (b->head + 1) % b->cap;
		b->n--;
	}
	b->off[(b->head + b->n) % b->cap] = u->offset;
	b->n++;
}

bool loop_backlog_drain(struct worker *w, uint64_t end)
{
	bool any = false;

	if (w->issue_left || w->ended_on_error || atomic_load(w->stop))
		return false;	/* ended by time, a stop or an error: nothing more is read */
	for (unsigned i = 0; i < w->nstreams; i++) {
		struct stream *s = &w->streams[i];

		if ((s->vary & VARY_BACKLOG) && s->bl.n && !s->bl.draining)
			any = s->bl.draining = true;
	}
	if (!any)
		return false;
	w->issue_left = UINT64_MAX;
	w->window_end = UINT64_MAX;
	w->end = end;
	return true;
}

/* Keeps the worker's first error. */
static void record_error(struct worker *w, const struct io_unit *u)
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
}

/*
 * This worker's error (or mismatch) ends it now: and every other worker too,
 * unless its job ends only the thread that met it (fio without exitall_on_error).
 */
static void stop_run(struct worker *w)
{
	if (!w->stopped_at)
		w->stopped_at = clock_ns();
	w->end = w->stopped_at;	/* this worker issues no more, whoever else goes on */
	if (!w->error_ends_thread)
		atomic_store_explicit(w->stop, 1, memory_order_relaxed);
}

/* An error that ends the worker (or the run): kept, and the stop told. */
void loop_fail(struct worker *w, const struct io_unit *u)
{
	record_error(w, u);
	w->ended_on_error = true;
	stop_run(w);
}

/*
 * Whether the worker goes on past error err of fio's type t (0 read, 1 write,
 * 2 verify): continue_on_error covers the type, and the error is one of its
 * list (fio's ignore_error, else EIO and EILSEQ), or there is no list.
 */
static bool goes_on(const struct worker *w, unsigned t, int err)
{
	const struct err_list *l = w->go_on ? &w->go_on[t] : NULL;

	if (!(w->continue_mask & (1u << t)))
		return false;
	for (unsigned i = 0; l && i < l->n; i++)
		if (l->err[i] == err)
			return true;
	return !l || !l->n;
}

/* fio's error type of an I/O's error: EILSEQ is verify's, else the direction's. */
static unsigned err_type(int err, bool is_write)
{
	return err == EILSEQ ? 2u : is_write ? 1u : 0u;
}

/*
 * An I/O that failed or moved fewer bytes: with --continue-on-error for its
 * direction it is counted against its thread and the run goes on (true),
 * else the run stops (false). The first error is kept either way.
 */
bool loop_io_failed(struct worker *w, const struct io_unit *u, uint64_t now)
{
	struct stream *s = &w->streams[u->stream];
	int err = u->result < 0 ? (int)-u->result : EIO;

	if (!goes_on(w, err_type(err, u->is_write), err)) {
		loop_fail(w, u);
		return false;
	}
	record_error(w, u);
	s->errors[u->is_write]++;
	if (w->ios_left != UINT64_MAX && --w->ios_left == 0) {	/* errors use up --ios too */
		w->window_end = now;
		w->end = now;
		return false;
	}
	return true;
}

/* The write number a --verify block carries in its header. */
static uint64_t written_seq(const struct io_unit *u)
{
	uint64_t seq;

	memcpy(&seq, (const char *)u->buf + offsetof(struct verify_hdr, seq), sizeof(seq));
	return seq;
}

/* Writes n bytes of buf to a new file name in the current directory (fio's dump_buf). */
static void dump_file(const char *name, const void *buf, uint32_t n)
{
	int fd = open(name, O_CREAT | O_TRUNC | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0644);
	ssize_t k = 1;

	if (fd < 0)
		return;
	for (const char *p = buf; n && k > 0; p += k, n -= (uint32_t)k)
		k = write(fd, p, n);
	close(fd);
}

/*
 * fio's verify_dump: the block as read, and as it should be, into
 * BASENAME.OFFSET.received and BASENAME.OFFSET.expected. The expected block
 * is rebuilt from the header read when it is this block's, else from what
 * the stream knows of it (its writer, seed, checksum and last write number).
 */
static void dump_mismatch(const struct stream *s, const struct io_unit *u,
			  const struct verify_bad *bad)
{
	const struct verify_state *v = &s->v;
	struct verify_hdr h = bad->found;
	char name[4096];

	snprintf(name, sizeof(name), "%s.%llu.received", v->dump_name,
		 (unsigned long long)u->offset);
	dump_file(name, u->buf, u->len);
	if (h.magic != VERIFY_MAGIC || h.offset != u->offset || h.len != u->len ||
	    h.hash_kind != v->hash_kind || (bad->want_seq != VERIFY_SEQ_UNKNOWN &&
					     h.seq != bad->want_seq)) {
		h = (struct verify_hdr){ .seed = v->seed, .thread = v->thread,
					 .hash_kind = v->hash_kind,
					 .seq = bad->want_seq != VERIFY_SEQ_UNKNOWN ? bad->want_seq : 0 };
	}
	verify_rebuild(v->dump_buf, u->len, u->offset, &h, v->pat);
	snprintf(name, sizeof(name), "%s.%llu.expected", v->dump_name,
		 (unsigned long long)u->offset);
	dump_file(name, v->dump_buf, u->len);
}

/*
 * --verify on completion: a write records its number for the block; a read
 * is checked against the block's format and that number. A mismatch stops
 * the run (or is counted, with --continue-on-error=verify). Returns false
 * to stop.
 */
static bool verified(struct worker *w, struct stream *s, const struct io_unit *u)
{
	struct verify_state *v = &s->v;
	uint64_t b = (u->offset - v->base) / u->len;
	uint64_t want = VERIFY_SEQ_UNKNOWN;
	struct verify_bad bad;

	if (u->is_write) {
		v->written++;
		s->bl.last_read = false;
		if (v->table && b < v->blocks) {
			v->table[b] = written_seq(u);
			if (v->seen)
				v->seen[b] = 1;
		}
		return true;
	}
	v->checked++;
	s->bl.last_read = true;
	if (v->table && b < v->blocks && v->table[b])
		want = v->table[b];
	switch (verify_check(u->buf, u->len, u->offset, want, v->pat, &bad)) {
	case VERIFY_OK:
		if (v->seen && b < v->blocks)
			v->seen[b] = 1;
		return true;
	case VERIFY_NEWER:
		if (v->lower_bound) {	/* written by the run that left its journal unfinished */
			v->table[b] = bad.found.seq;	/* the block as it is: now known */
			if (v->seen)
				v->seen[b] = 1;
			return true;
		}
		break;
	default:
		break;
	}
	v->bad++;
	if (v->dump_buf)
		dump_mismatch(s, u, &bad);
	if (!w->vhave) {
		w->vfirst = bad;
		w->vfirst_target = s->target;
		w->vhave = true;
	}
	if (w->continue_mask & CONTINUE_VERIFY)
		return true;
	stop_run(w);
	return false;
}

/* fio's fsync=N: the N-th write since the last one syncs the file, timed. */
static void sync_file(struct worker *w, struct stream *s, uint64_t now)
{
	uint64_t t0 = clock_ns(), t1;
	int r = fsync(s->fd);

	t1 = clock_ns();
	s->writes_since = 0;
	if (r) {
		struct io_unit u = { .result = -errno, .stream = (uint32_t)(s - w->streams),
				     .is_write = true };
		bool first = !w->error.err;

		record_error(w, &u);
		if (first)
			w->error.is_fsync = true;
		if (goes_on(w, err_type(-(int)u.result, true), -(int)u.result)) {
			s->errors[1]++;
		} else {
			w->ended_on_error = true;
			stop_run(w);
		}
		return;
	}
	if (now >= w->window_start && now < w->window_end) {
		s->syncs.n++;
		s->syncs.lat_sum += t1 - t0;
		s->syncs.lat_sq += (double)(t1 - t0) * (double)(t1 - t0);
		if (t1 - t0 < s->syncs.lat_min || s->syncs.n == 1)
			s->syncs.lat_min = t1 - t0;
		if (t1 - t0 > s->syncs.lat_max)
			s->syncs.lat_max = t1 - t0;
	}
}

/* fio's --status-interval: the streams' figures copied for the main thread, and answered. */
static void answer_snapshot(struct worker *w, unsigned req, uint64_t now)
{
	for (unsigned i = 0; i < w->nstreams; i++) {
		struct stream_snap *c = &w->snaps[i];
		const struct stream *s = &w->streams[i];

		c->counts[0] = s->counts[0];
		c->counts[1] = s->counts[1];
		memcpy(c->hist, s->hist, 2 * sizeof(*s->hist));
		c->syncs = s->syncs;
		c->errors[0] = s->errors[0];
		c->errors[1] = s->errors[1];
	}
	w->snap_at = now;
	w->snap_iv = w->iv_idx;
	atomic_store_explicit(&w->snap_done, req, memory_order_release);
}

/* fio's check_min_rate() (struct min_rate) at an interval's edge: a failure stops the worker. */
static void check_min_rate(struct worker *w, uint64_t now)
{
	struct min_rate *m = w->min_rate;
	uint64_t ios[2] = { 0, 0 }, bytes[2] = { 0, 0 }, spent;

	if (!m->settle_at)	/* the thread's start: its loop's, or the window's when it has no
				   warm-up (set just before the loop, on the intervals' grid) */
		m->settle_at = (w->window_start < w->t_loop_ns ? w->window_start : w->t_loop_ns) +
			       2000000000ull;
	if (now < m->settle_at)
		return;
	for (unsigned i = 0; i < w->nstreams; i++)
		for (int d = 0; d < 2; d++) {
			ios[d] += w->streams[i].counts[d].ios;
			bytes[d] += w->streams[i].counts[d].bytes;
		}
	spent = now - m->base_at;
	if (m->base_at && spent < m->cycle_ns)
		return;
	for (int d = 0; m->base_at && d < 2; d++) {
		bool iops = !m->bps[d];
		uint64_t want = iops ? m->iops[d] : m->bps[d];
		uint64_t got = (uint64_t)((double)((iops ? ios[d] - m->base_ios[d] :
						    bytes[d] - m->base_bytes[d])) * 1e9 / (double)spent);

		if (!want || !bytes[d] || got >= want)	/* fio: a direction that moved data */
			continue;
		if (!w->error.err)
			w->error = (struct io_error){ .err = EIO, .is_min_rate = true, .is_write = d,
						      .rate_iops = iops, .rate_got = got,
						      .rate_min = want };
		w->ended_on_error = true;
		stop_run(w);
		return;
	}
	m->base_at = now;
	for (int d = 0; d < 2; d++) {
		m->base_ios[d] = ios[d];
		m->base_bytes[d] = bytes[d];
	}
}

/* The streams' latencies since the last edge go to the interval they were in. */
void loop_fold_interval(struct worker *w)
{
	for (unsigned i = 0; i < w->nstreams; i++)
		ivring_fold(w->ivr, w->iv_idx, w->streams[i].hist, w->streams[i].ivprev);
}

/* now passed the current interval's end: move to the interval now is in. */
void loop_next_interval(struct worker *w, uint64_t now)
{
	uint64_t k = (now - w->window_start) / w->interval_ns;

	loop_fold_interval(w);

	if (k >= w->iv_cap) {	/* past the series: the last slot takes the rest */
		w->iv_overflow = now < w->window_end;
		k = w->iv_cap - 1;
		w->iv_edge = UINT64_MAX;
	} else {
		w->iv_edge = w->window_start + (k + 1) * w->interval_ns;
	}
	w->iv_idx = (unsigned)k;
	atomic_store_explicit(&w->iv_at, (unsigned)k, memory_order_release);
	atomic_store_explicit(&w->iv_done, (unsigned)k, memory_order_release);
	if (w->min_rate && now < w->window_end)
		check_min_rate(w, now);
	if (w->snap_req) {	/* the series' slots before this one are final: the copy says so */
		unsigned req = atomic_load_explicit(w->snap_req, memory_order_acquire);

		if (req != atomic_load_explicit(&w->snap_done, memory_order_relaxed))
			answer_snapshot(w, req, now);
	}
}


void loop_end_intervals(struct worker *w)
{
	loop_fold_interval(w);
	atomic_store_explicit(&w->iv_at, UINT_MAX, memory_order_release);
	atomic_store_explicit(&w->iv_done, w->iv_idx + 1, memory_order_release);
}

bool loop_completed(struct worker *w, struct stream *s, const struct io_unit *u, uint64_t now)
{
	if ((s->vary & VARY_LOG) && now >= w->window_start && now < w->window_end)
		iolog_record(w->log, now - w->window_start, u->is_write, u->len, now - u->t_start,
			     u->offset);
	if ((s->vary & VARY_VERIFY) && !verified(w, s, u))
		return false;
	if ((s->vary & VARY_FSYNC) && u->is_write && ++s->writes_since == s->fsync_every)
		sync_file(w, s, now);
	return true;
}

void loop_trim(struct worker *w, struct stream *s, const struct io_unit *u)
{
	uint64_t t0 = clock_ns(), now;
	int r = engine_trim_range(u->fd, s->trim_file, u->offset, u->len);

	now = clock_ns();
	if (r) {
		struct io_unit t = *u;
		bool first = !w->error.err;

		t.is_write = false;
		t.result = r;
		record_error(w, &t);
		if (first)
			w->error.is_trim = true;
		if (w->continue_mask & CONTINUE_WRITE)
			s->errors[0]++;
		else
			stop_run(w);
		return;
	}
	if (now < w->window_start || now >= w->window_end)
		return;
	counts_record(&s->counts[0], u->len, now - t0);
	hist_record(&s->hist[0], now - t0);
	interval_record(&s->series[w->iv_idx], 0, u->len, now - t0);
}

void loop_refill(struct stream *s, struct io_unit *u)
{
	gen_fill(&s->gen.rng, u->buf, u->len);
	for (uint32_t o = 0; s->compress_pct && o < u->len; o += 512) {
		uint32_t chunk = u->len - o < 512 ? u->len - o : 512;
		uint32_t zeros = chunk * s->compress_pct / 100;

		memset((char *)u->buf + o + chunk - zeros, 0, zeros);
	}
}
