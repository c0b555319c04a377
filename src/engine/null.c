/* SPDX-License-Identifier: MIT */
/*
 * null.c: no I/O at all. Without a model, queued units complete at the next
 * reap with their full length, so a run on the null engine measures iobench
 * itself. With a service-time model (--null-latency, --null-iops) it is a
 * device whose answers are known exactly, for the tests: every I/O takes the
 * service time, and the device completes at most iops I/Os a second, one
 * after another, in the order they were submitted (all the run's threads
 * share that one device):
 *
 *     done(i) = max(submitted(i) + latency, done(i - 1) + 1 / iops)
 *
 * so below the device's rate an I/O takes the latency, and past it the
 * queue grows and the latency with it, as a real device's does. A periodic
 * stall (--null-stall=D/P) stops the device for D in the middle of every P
 * from the model's set-up on ([P/2 - D/2, P/2 + D/2) of each period): an I/O whose done(i) falls inside a stall completes at
 * the stall's end instead (and the I/Os after it queue behind it).
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

#include "core/clock.h"
#include "engine/engine.h"
#include "util/banned.h"

static struct {
	uint64_t lat_ns;	/* service time of each I/O */
	uint64_t gap_ns;	/* 1 / iops: the least time between two completions; 0: no limit */
	_Atomic uint64_t last;	/* the device's latest completion so far */
	uint64_t stall_ns, period_ns;	/* the periodic stall: stall_ns mid-period */
	uint64_t base;		/* when the periods start */
} model;

void engine_null_stall(uint64_t stall_ns, uint64_t period_ns)
{
	model.stall_ns = period_ns ? stall_ns : 0;
	model.period_ns = period_ns;
	model.base = clock_ns();
}

/* t, or the end of the stall t falls in. */
static uint64_t unstall(uint64_t t)
{
	uint64_t phase, from = (model.period_ns - model.stall_ns) / 2;

	if (!model.stall_ns || t < model.base)
		return t;
	phase = (t - model.base) % model.period_ns;
	return phase >= from && phase < from + model.stall_ns ? t + (from + model.stall_ns - phase) : t;
}

void engine_null_model(uint64_t lat_ns, uint64_t iops)
{
	model.lat_ns = lat_ns;
	model.gap_ns = iops ? 1000000000ull / iops : 0;
	atomic_store(&model.last, 0);
}

struct pending {
	struct io_unit *u;
	uint64_t due;		/* when the modelled device completes it */
};

struct null_priv {
	unsigned depth, n;
	unsigned head;		/* model: the oldest pending, in a ring of depth */
	bool timed;		/* a model is set */
	struct pending q[];
};

static int null_init(struct engine *e, const struct engine_setup *setup)
{
	struct null_priv *p = malloc(sizeof(*p) + setup->depth * sizeof(p->q[0]));

	if (!p)
		return -ENOMEM;
	p->depth = setup->depth;
	p->n = 0;
	p->head = 0;
	p->timed = model.lat_ns || model.gap_ns || model.stall_ns;
	if (p->timed)	/* wake when the modelled I/O is due, not up to 50 us later */
		prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	e->priv = p;
	return 0;
}

/* The model's completion time for an I/O submitted now: see the top of the file. */
static uint64_t due_time(uint64_t now)
{
	uint64_t want = now + model.lat_ns, old = atomic_load(&model.last), due;

	do {
		due = unstall(old + model.gap_ns > want ? old + model.gap_ns : want);
	} while (!atomic_compare_exchange_weak(&model.last, &old, due));
	return due;
}

static int null_queue(struct engine *e, struct io_unit *u)
{
	struct null_priv *p = e->priv;

	if (p->n == p->depth)
		return -EBUSY;
	if (!p->timed) {
		p->q[p->n++].u = u;
		return 0;
	}
	p->q[(p->head + p->n) % p->depth] = (struct pending){ u, 0 };	/* submitted at the reap */
	p->n++;
	return 0;
}

#define SPIN_NS 40000ull	/* the last part of a wait is spun, so an I/O ends on time */

/*
 * Model: hands back what is due, waiting for the min-th to be, or (min 1)
 * until deadline when that comes first (0: no deadline).
 */
static int timed_reap(struct null_priv *p, unsigned min, struct io_unit **done, unsigned max,
		      uint64_t deadline)
{
	uint64_t now = clock_ns();
	unsigned n = 0;

	/* the reap submits what was queued, as io_uring's does: the service time starts now */
	for (unsigned i = 0; i < p->n; i++)
		if (!p->q[(p->head + i) % p->depth].due)
			p->q[(p->head + i) % p->depth].due = due_time(now);
	while (p->n && n < max) {
		struct pending *q = &p->q[p->head];

		now = clock_ns();
		if (q->due > now) {
			/* sleep to just short of it (a wake-up is late by some 10 us), then spin */
			uint64_t wake = q->due - SPIN_NS;
			struct timespec ts = { (time_t)(wake / 1000000000ull),
					       (long)(wake % 1000000000ull) };

			if (n >= min || (deadline && now >= deadline))
				break;
			if (deadline && deadline < q->due) {	/* the caller's deadline first */
				wake = deadline;
				ts = (struct timespec){ (time_t)(wake / 1000000000ull),
							(long)(wake % 1000000000ull) };
				clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
				continue;
			}
			if (q->due > now + SPIN_NS)
				clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
			continue;
		}
		q->u->result = q->u->len;
		done[n++] = q->u;
		p->head = (p->head + 1) % p->depth;
		p->n--;
	}
	return (int)n;
}

static int null_reap(struct engine *e, unsigned min, struct io_unit **done, unsigned max)
{
	struct null_priv *p = e->priv;
	unsigned n;

	if (p->timed)
		return timed_reap(p, min, done, max, 0);
	n = p->n < max ? p->n : max;
	for (unsigned i = 0; i < n; i++) {
		struct io_unit *u = p->q[--p->n].u;

		u->result = u->len;
		done[i] = u;
	}
	return (int)n;
}

/* The paced loop's wait: one completion, or the deadline. */
static int null_reap_by(struct engine *e, struct io_unit **done, unsigned max, uint64_t deadline)
{
	struct null_priv *p = e->priv;

	if (p->timed)
		return timed_reap(p, 1, done, max, deadline ? deadline : 1);
	return null_reap(e, 0, done, max);
}

static void null_cleanup(struct engine *e)
{
	free(e->priv);
	e->priv = NULL;
}

const struct engine_ops engine_null = {
	.name = "null",
	.init = null_init,
	.queue = null_queue,
	.reap = null_reap,
	.reap_by = null_reap_by,
	.cleanup = null_cleanup,
};
