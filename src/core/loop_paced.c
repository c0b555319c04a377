/* SPDX-License-Identifier: MIT */
/*
 * loop_paced.c: the open loop, for workers with a rate, think time or a
 * latency target (loop_run() chooses it once per run; loop.c's closed loop is
 * untouched).
 *
 * Timeline. Each stream's I/Os have scheduled times that do not depend on
 * completions: linear, t0 + k * period (k counted, so no drift accumulates);
 * poisson, exponential gaps of mean period drawn from the stream's own RNG.
 * The stream's units (-o, iodepth) cap what is in flight: an I/O whose time
 * has come but finds every unit busy waits (a cap hit), and is issued as soon
 * as a unit frees up, its time unchanged. Each I/O keeps three times:
 * scheduled (u->t_start, so the shared complete() records response time,
 * completed - scheduled, in the usual counts, histograms and series),
 * submitted (pacer.submitted[]), completed. Service time (completed -
 * submitted) and lag (submitted - scheduled) go into the stream's own
 * histograms and counts, per direction (fio's clat and slat). Without a rate (think time alone) an I/O is scheduled when it
 * is submitted: closed loop, response = service, lag 0.
 *
 * Think time (fio's thinktime*, DiskSpd's -i/-j): after every `blocks` I/Os
 * (issued or completed), or thinktime_iotime of I/O, the thread pauses (fio's,
 * over all its files) or the stream (DiskSpd's, per target): with fio's
 * quiesce the thread's I/Os in flight complete first; spin_ns of the pause is
 * spun, the rest slept. I/Os scheduled inside the pause are moved to its end
 * (fio's catch-up: the timeline, and so the average rate, are kept), or with
 * rate_ignore_thinktime the whole timeline moves by the pause.
 *
 * Waiting. Until the next scheduled time (or a pause's end, the run's end,
 * the interval's edge, at most 50 ms ahead) the loop waits in the engine's
 * reap_by() (io_uring's wait with a timeout, libaio's io_getevents timeout,
 * the null model's own clock), so a completion is timed when it comes and a
 * slow rate costs little CPU; with nothing in flight it sleeps
 * (clock_nanosleep TIMER_ABSTIME). The last SPIN_NS before a scheduled time
 * are spun, reaping without waiting, so an I/O goes out on time (a wake-up is
 * some 10-50 us late). An engine without reap_by() is polled, with sleeps of
 * at most 50 us. Synchronous engines (psync) issue each I/O at its time and
 * complete it in queue().
 *
 * fio's latency_target (core/latsearch.h): the search sees each completion's
 * service time and, between reaps, steps the most I/Os the worker keeps in
 * flight (pacer.limit), over all its streams; a step down issues nothing
 * until the I/Os in flight have completed.
 */
#include <errno.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "core/loop_io.h"
#include "platform/proc.h"
#include "util/banned.h"

#define SPIN_NS 50000ull	/* spun, not slept, before a scheduled time */
#define WAIT_MAX_NS 50000000ull	/* the longest wait between looks at the stop flag */
#define POLL_NS 50000ull	/* an engine without reap_by(): sleeps between polls */

static void sleep_until(uint64_t t)
{
	struct timespec ts = { (time_t)(t / 1000000000ull), (long)(t % 1000000000ull) };

	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/* The gap to the next I/O: exponential of mean period (poisson), from the stream's RNG. */
static uint64_t poisson_gap(struct pace_stream *ps)
{
	return (uint64_t)rng_exp(&ps->rng, ps->period_ns);
}

/* The scheduled time of the stream's next I/O, given the time now (closed loop: now). */
static inline uint64_t sched_time(const struct pace_stream *ps, uint64_t now)
{
	if (ps->period_ns == 0)
		return now;
	return ps->next > ps->floor ? ps->next : ps->floor;
}

/* One I/O scheduled: the timeline's next point. */
static inline void advance(struct pace_stream *ps)
{
	if (ps->period_ns == 0)
		return;
	if (ps->poisson)
		ps->next += poisson_gap(ps);
	else
		ps->next = ps->t0 + (uint64_t)((double)++ps->k * ps->period_ns);
}

static bool think_due(const struct pace_stream *ps, uint64_t now)
{
	if (!ps->think_ns && !ps->spin_ns)
		return false;
	if (ps->iotime_ns) {
		if (now - ps->last_think >= ps->iotime_ns + ps->think_ns)
			return true;
		if (!ps->count_blocks)
			return false;
	}
	return ps->counted >= ps->blocks;
}

/* A pause's effect on stream ps's timeline: it moves by the pause, or its due I/Os wait. */
static void pause_timeline(struct pace_stream *ps, uint64_t now, uint64_t end)
{
	if (ps->period_ns == 0)
		return;
	if (ps->ignore_think) {		/* the timeline moves by the pause */
		ps->t0 += end - now;
		ps->next += end - now;
	} else {			/* what fell due in it goes at its end (fio's catch-up) */
		ps->floor = end;
	}
}

/*
 * Whose think state counts and pauses stream ps: its own (DiskSpd's -j, per
 * target), or the worker's first stream's for all (fio's thinktime, per thread).
 */
static inline struct pace_stream *thinker(const struct pacer *pc, const struct pace_stream *ps)
{
	return pc->think_shared ? pc->s : pc->s + (ps - pc->s);	/* ps, writable */
}

/* A pause of th's streams begins at now: its spun part now, its slept part left to the wait. */
static void start_pause(struct worker *w, struct pace_stream *th, uint64_t now)
{
	uint64_t end = now;

	th->counted = 0;
	th->last_think = now;
	if (th->spin_ns)
		while ((end = clock_ns()) < now + th->spin_ns)
			;
	end += th->think_ns > th->spin_ns ? th->think_ns - th->spin_ns : 0;
	th->pause_end = end;
	if (now >= w->window_start && now < w->window_end)
		th->pauses++;
	for (unsigned i = 0; i < w->nstreams; i++)
		if (thinker(w->pace, &w->pace->s[i]) == th)
			pause_timeline(&w->pace->s[i], now, end);
}

/* The I/Os a pause of ps's thinker waits for (fio's quiesce): the thread's, or ps's own. */
static inline unsigned think_inflight(const struct worker *w, const struct pace_stream *ps,
				      unsigned inflight)
{
	return w->pace->think_shared ? inflight : ps->inflight;
}

static inline void set_limit(struct pacer *pc)
{
	pc->limit = pc->quiescing ? 0 : pc->lat->qd;
}

/* fio's latency_target: the search sees a completion's latency; false: the job fails on it. */
static bool lat_seen(struct worker *w, const struct io_unit *u, uint64_t lat)
{
	struct pacer *pc = w->pace;
	struct io_unit over;

	switch (lat_io(pc->lat, lat)) {
	case LAT_QUIESCE:
		pc->quiescing = true;
		set_limit(pc);
		return true;
	case LAT_FATAL:		/* fio's lat_fatal: ETIMEDOUT, "max latency exceeded" */
		over = *u;
		over.result = -ETIMEDOUT;
		loop_fail(w, &over);
		return false;
	default:
		return true;
	}
}

/*
 * fio's reset_all_stats() when the search has its depth and the last window
 * begins (nothing in flight): the thread's figures start again at now, so
 * its report is the found depth's (the series keeps the whole run).
 */
static void reset_stats(struct worker *w, uint64_t now)
{
	w->stats_from = now;
	loop_fold_interval(w);	/* the series, and its latencies, keep the whole run */
	for (unsigned i = 0; i < w->nstreams; i++) {
		struct stream *s = &w->streams[i];
		struct pace_stream *ps = &w->pace->s[i];

		for (int d = 0; d < 2; d++) {
			counts_init(&s->counts[d]);
			counts_init(&ps->sc[d]);
			counts_init(&ps->lc[d]);
		}
		memset(s->hist, 0, 2 * sizeof(*s->hist));
		memset(s->ivprev, 0, 2 * sizeof(*s->ivprev));
		memset(ps->h, 0, 4 * sizeof(*ps->h));
		memset(&s->syncs, 0, sizeof(s->syncs));
		ps->cap_hits = ps->max_backlog = ps->pauses = ps->due_in = 0;
	}
}

/*
 * fio's latency_target between reaps, at now: a quiesce that is over starts
 * the next window; the ramp's end starts the search again (fio resets it with
 * the job's figures); else the window's check. False: the search is done.
 */
static bool lat_step(struct worker *w, uint64_t now, unsigned inflight)
{
	struct pacer *pc = w->pace;

	if (pc->quiescing) {
		if (inflight)
			return true;
		pc->quiescing = false;
		if (pc->lat->end_run && !w->stats_from)
			reset_stats(w, now);	/* fio: the last window's figures alone */
		lat_cycle(pc->lat, now);
	} else if (pc->ramp_end && now < pc->ramp_end) {
		return true;
	} else if (pc->ramp_end) {
		pc->ramp_end = 0;
		lat_init(pc->lat, now);
	} else {
		enum lat_act a = lat_check(pc->lat, now);

		if (a == LAT_DONE)
			return false;
		if (a == LAT_QUIESCE && inflight)
			pc->quiescing = true;
		else if (a == LAT_QUIESCE)
			lat_cycle(pc->lat, now);
	}
	set_limit(pc);
	return true;
}

/* Counts a completion at now: the shared counts, then service time and lag. */
static inline bool finish(struct worker *w, struct io_unit *u, uint64_t now)
{
	struct pace_stream *ps = &w->pace->s[u->stream];
	uint64_t sub = w->pace->submitted[u - w->units];
	bool in = now >= w->window_start && now < w->window_end && u->result == (int64_t)u->len;
	bool go = complete(w, u, now);

	if (unlikely(w->pace->lat != NULL) && u->result == (int64_t)u->len &&
	    !lat_seen(w, u, now - sub))
		go = false;
	if (in) {	/* per direction: fio-json's clat and slat */
		hist_record(&ps->h[u->is_write], now - sub);
		hist_record(&ps->h[2 + u->is_write], sub - u->t_start);
		counts_record(&ps->sc[u->is_write], u->len, now - sub);
		counts_record(&ps->lc[u->is_write], u->len, sub - u->t_start);
	}
	ps->free[ps->nfree++] = u;
	ps->inflight--;
	if (!ps->count_issue)
		thinker(w->pace, ps)->counted++;
	return go;
}

/*
 * Issues the stream's I/Os whose time has come, while it has free units.
 * Async engines: queued, their units kept in subs[] for the submission's
 * time stamp; sync engines: each done at once. Returns the count queued.
 */
static unsigned issue(struct worker *w, struct pace_stream *ps, uint64_t now,
		      struct io_unit **subs, unsigned nsub, bool *more, unsigned *inflight)
{
	bool sync = w->engine.ops->flags & ENGINE_SYNC;
	struct pace_stream *th = thinker(w->pace, ps);

	while (*more && th->pause_end <= now) {
		struct io_unit *u;
		uint64_t t;

		if (think_due(th, now)) {
			if (ps->quiesce && think_inflight(w, ps, *inflight))
				break;	/* fio: the pause waits for the thread's I/Os */
			start_pause(w, th, now);
			now = clock_ns();
			continue;
		}
		t = sched_time(ps, now);
		if (t > now)
			break;
		if (*inflight >= w->pace->limit)
			break;		/* fio's latency_target: the depth searched */
		if (!ps->nfree) {
			if (ps->period_ns && now >= w->window_start && now < w->window_end) {
				uint64_t behind = (uint64_t)((double)(now - t) / ps->period_ns) + 1;

				ps->cap_hits += !ps->capped;
				if (behind > ps->max_backlog)
					ps->max_backlog = behind;
			}
			ps->capped = true;
			break;
		}
		ps->capped = false;
		u = ps->free[--ps->nfree];
		prep(w, u);
		u->t_start = t;
		ps->due_in += t >= w->window_start && t < w->window_end;
		advance(ps);
		ps->inflight++;
		(*inflight)++;
		if (ps->count_issue)
			th->counted++;
		*more = w->issue_left != 0;
		if (sync) {
			uint64_t sub = clock_ns();

			if (ps->period_ns == 0)
				u->t_start = sub;
			w->pace->submitted[u - w->units] = sub;
			engine_queue(&w->engine, u);
			now = clock_ns();
			if (unlikely(now >= w->iv_edge))
				loop_next_interval(w, now);
			(*inflight)--;
			*more = finish(w, u, now) && *more && keep_going(w, now);
			continue;
		}
		if (unlikely(engine_queue(&w->engine, u) != 0)) {	/* the engine is full */
			ps->free[ps->nfree++] = u;
			ps->inflight--;
			(*inflight)--;
			break;
		}
		subs[nsub++] = u;
	}
	return nsub;
}

/* When the loop must look again: the earliest I/O that can go, pause end, edge or end. */
static uint64_t wake_time(const struct worker *w, uint64_t now, bool more, unsigned inflight)
{
	uint64_t wake = now + WAIT_MAX_NS;

	if (w->iv_edge < wake)
		wake = w->iv_edge;
	if (!more)
		return UINT64_MAX;	/* only completions are awaited */
	if (w->end < wake)
		wake = w->end;
	if (inflight >= w->pace->limit)		/* a completion frees one, or a quiesce is over */
		return inflight ? wake : now;
	for (unsigned i = 0; i < w->nstreams; i++) {
		const struct pace_stream *ps = &w->pace->s[i], *th = thinker(w->pace, ps);
		uint64_t t;

		if (th->pause_end > now)
			t = th->pause_end;
		else if (!ps->nfree || (ps->quiesce && think_inflight(w, ps, inflight) &&
					think_due(th, now)))
			continue;	/* a completion frees it */
		else
			t = sched_time(ps, now);
		if (t < wake)
			wake = t;
	}
	return wake;
}

/*
 * After the loop: the I/Os the timeline put inside the measured window that
 * were never issued (the device, or the cap, held them back), added to
 * due_in, so that achieved is judged against what was scheduled there (a
 * Poisson timeline's count varies as its square root), not the mean rate.
 */
static void count_unissued(const struct worker *w, struct pace_stream *ps)
{
	uint64_t t;

	if (!ps->period_ns || w->window_end == UINT64_MAX)
		return;
	for (t = sched_time(ps, 0); t < w->window_end; t = sched_time(ps, 0)) {
		ps->due_in += t >= w->window_start;
		advance(ps);
	}
}

static void pace_start(struct worker *w, uint64_t now)
{
	for (unsigned i = 0; i < w->nstreams; i++) {
		struct pace_stream *ps = &w->pace->s[i];

		ps->t0 = ps->next = now;
		ps->k = 0;
		ps->last_think = now;
	}
	if (w->pace->lat) {
		lat_init(w->pace->lat, now);
		w->pace->ramp_end = w->window_start > now ? w->window_start : 0;
		set_limit(w->pace);
	}
}

void loop_paced(struct worker *w)
{
	struct io_unit *done[REAP_MAX], **subs = w->pace->free_mem + w->nunits;
	uint64_t now = clock_ns();
	unsigned inflight = 0;
	bool more = keep_going(w, now) && w->issue_left;

	proc_precise_timers();	/* wake when asked, not up to 50 us later */
	pace_start(w, now);
	for (;;) {
		unsigned nsub = 0;
		uint64_t wake;
		int n = 0;

		if (unlikely(w->pace->lat != NULL) && more && !lat_step(w, now, inflight)) {
			w->end = now;	/* fio's td->done: the depth is found */
			more = false;
		}
		for (unsigned i = 0; more && i < w->nstreams; i++)
			nsub = issue(w, &w->pace->s[i], now, subs, nsub, &more, &inflight);
		if (nsub) {
			uint64_t t;

			engine_submit(&w->engine);
			t = clock_ns();
			for (unsigned i = 0; i < nsub; i++) {
				w->pace->submitted[subs[i] - w->units] = t;
				if (w->pace->s[subs[i]->stream].period_ns == 0)
					subs[i]->t_start = t;
			}
		}
		if (!more && !inflight)
			break;
		now = clock_ns();
		wake = wake_time(w, now, more, inflight);
		if (wake == UINT64_MAX) {
			n = engine_reap(&w->engine, 1, done, w->reap_max);
		} else if (wake > now + SPIN_NS) {
			if (!inflight)
				sleep_until(wake - SPIN_NS);
			else if (w->engine.ops->reap_by)
				n = w->engine.ops->reap_by(&w->engine, done, w->reap_max, wake - SPIN_NS);
			else if (!(n = engine_reap(&w->engine, 0, done, w->reap_max)))
				sleep_until(wake - SPIN_NS < now + POLL_NS ? wake - SPIN_NS : now + POLL_NS);
		} else if (inflight) {
			n = engine_reap(&w->engine, 0, done, w->reap_max);
		}
		if (!reaped(w, n, &now))
			return;
		more = more && keep_going(w, now);
		for (int i = 0; i < n; i++) {
			inflight--;
			more = finish(w, done[i], now) && more;
		}
	}
	close_window(w, now);
	for (unsigned i = 0; i < w->nstreams; i++)
		count_unissued(w, &w->pace->s[i]);
}
