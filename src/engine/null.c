/* SPDX-License-Identifier: MIT */
/*
 * null.c: no I/O at all. Without a model, queued units complete at the next
 * reap with their full length, so a run on the null engine measures iobench
 * itself. With a service-time model (--null-latency, --null-servers,
 * --null-iops, --null-stall) it is a device whose answers are known exactly,
 * for the tests. All the run's threads share the one device. Each I/O takes
 * a service time S: the latency given, or with exp: a time drawn from the
 * exponential distribution of that mean (each I/O its own). The device has c
 * servers (--null-servers; unset: one for every I/O, so none waits): an I/O
 * submitted at t takes the server that frees first, in the order the I/Os
 * were submitted (FIFO), and the device completes at most iops I/Os a
 * second:
 *
 *     start(i) = max(t(i), the first server's free time)   (no servers: t(i))
 *     done(i)  = max(start(i) + S(i), done(i - 1) + 1 / iops)   (no iops: start(i) + S(i))
 *
 * so below the device's rate an I/O takes S, and past it the queue grows and
 * the latency with it, as a real device's does: with c servers of fixed S,
 * c / S I/Os a second at most, and a closed loop of n > c I/Os in flight has
 * each wait n / c services (M/D/c; with exp, M/M/c). A write ages the
 * device: with a cliff (--null-cliff=SIZE:FACTOR), a write submitted once
 * SIZE bytes of writes were submitted before it takes FACTOR x S (an SSD
 * once its spare blocks are used: fresh out of the box, then its steady
 * state); with wear (--null-wear=TIME/SIZE), S + TIME x (the bytes written
 * before it) / SIZE, growing without end. Those bytes are counted over the
 * whole process, every run on the model adding to them (a steady-state
 * series' rounds age one device). A periodic stall
 * (--null-stall=D/P) stops the device for D in the middle of every P from
 * the model's set-up on ([P/2 - D/2, P/2 + D/2) of each period): an I/O whose
 * done(i) falls inside a stall completes at the stall's end instead (and the
 * I/Os after it queue behind it). Completions are handed back in the order
 * they are due, which with exp or servers is not always the order of
 * submission.
 *
 * The model keeps its own times, but the thread that waits for them can wake
 * late (a busy machine): each engine counts how late it handed each
 * completion back (engine_null_lateness()), so a run can say when its
 * figures are the machine's and not the model's.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platform/clock.h"
#include "util/rng.h"
#include "engine/engine.h"
#include "platform/proc.h"
#include "stats/hist.h"
#include "util/banned.h"

static struct {
	uint64_t lat_ns;	/* service time of each I/O, or its mean (exp) */
	bool exp;		/* each I/O's service time drawn from the exponential of mean lat_ns */
	unsigned servers;	/* I/Os served at once; 0: no limit */
	uint64_t *free_at;	/* servers: when each is free again (own allocation) */
	pthread_mutex_t lock;	/* servers: free_at and last together */
	_Atomic unsigned engines;	/* engines set up so far: each one's random stream */
	uint64_t gap_ns;	/* 1 / iops: the least time between two completions; 0: no limit */
	_Atomic uint64_t last;	/* the device's latest completion so far */
	uint64_t stall_ns, period_ns;	/* the periodic stall: stall_ns mid-period */
	uint64_t base;		/* when the periods start */
	struct hist late;	/* the run's engines' lateness, added at their cleanup (lock) */
	uint64_t late_sum, late_max;
	uint64_t cliff_bytes;	/* --null-cliff: writes past this many bytes ... */
	double cliff_factor;	/* ... take this many times their service time */
	uint64_t wear_ns, wear_bytes;	/* --null-wear: wear_ns more for every wear_bytes written */
	_Atomic uint64_t written;	/* bytes of writes submitted, over the process (never reset) */
} model = { .lock = PTHREAD_MUTEX_INITIALIZER };

void engine_null_age(uint64_t cliff_bytes, double factor, uint64_t wear_ns, uint64_t wear_bytes)
{
	model.cliff_bytes = cliff_bytes;
	model.cliff_factor = factor;
	model.wear_ns = wear_bytes ? wear_ns : 0;
	model.wear_bytes = wear_bytes;
}

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

int engine_null_model(uint64_t lat_ns, bool exp, unsigned servers, uint64_t iops)
{
	free(model.free_at);
	model.free_at = servers ? calloc(servers, sizeof(*model.free_at)) : NULL;
	if (servers && !model.free_at)
		return -ENOMEM;
	model.lat_ns = lat_ns;
	model.exp = exp;
	model.servers = servers;
	model.gap_ns = iops ? 1000000000ull / iops : 0;
	atomic_store(&model.last, 0);
	atomic_store(&model.engines, 0);
	memset(&model.late, 0, sizeof(model.late));
	model.late_sum = model.late_max = 0;
	return 0;
}

void engine_null_lateness(struct null_lateness *out)
{
	pthread_mutex_lock(&model.lock);
	out->ios = hist_count(&model.late);
	out->sum_ns = model.late_sum;
	out->max_ns = model.late_max;
	out->p99_ns = out->ios ? hist_percentile(&model.late, 99, 0, model.late_max) : 0;
	pthread_mutex_unlock(&model.lock);
}

/*
 * The last part of a wait is spun, so an I/O ends on time: as long as this
 * machine's wake-ups are late (twice their running mean, kept per engine),
 * within these bounds.
 */
#define SPIN_MIN_NS 20000ull
#define SPIN_MAX_NS 500000ull

struct pending {
	struct io_unit *u;
	uint64_t due;		/* when the modelled device completes it */
};

struct null_priv {
	unsigned depth, n;	/* model: the n pending, in no order */
	bool timed;		/* a model is set */
	uint64_t rng;		/* exp: this engine's draws (wyrand) */
	struct hist *late;	/* model: how late each completion was handed back */
	uint64_t late_sum, late_max;
	uint64_t wake_late_ns;	/* the running mean of how late a wake-up was (1/8 of each) */
	uint64_t spin_ns;	/* how much of a wait is spun */
	struct pending q[];
};

static int null_init(struct engine *e, const struct engine_setup *setup)
{
	struct null_priv *p = malloc(sizeof(*p) + setup->depth * sizeof(p->q[0]));

	if (!p)
		return -ENOMEM;
	p->depth = setup->depth;
	p->n = 0;
	p->timed = model.lat_ns || model.gap_ns || model.stall_ns || model.wear_ns;
	p->late = p->timed ? calloc(1, sizeof(*p->late)) : NULL;
	p->late_sum = p->late_max = 0;
	p->wake_late_ns = SPIN_MIN_NS / 2;
	p->spin_ns = SPIN_MIN_NS;
	if (p->timed && !p->late) {
		free(p);
		return -ENOMEM;
	}
	/* a stream of its own: not any stream the runs' pacers or offsets draw from (the same
	   seed would tie each I/O's service time to its arrival gap) */
	p->rng = 0xd1b54a32d192ed03ull * (atomic_fetch_add(&model.engines, 1) + 1) ^
		 0x6a09e667f3bcc909ull;
	if (p->timed)	/* wake when the modelled I/O is due, not up to 50 us later */
		proc_precise_timers();
	e->priv = p;
	return 0;
}

/*
 * An I/O's service time: the latency, or an exponential draw of that mean;
 * a write's after the cliff and the wear of the bytes written before it.
 */
static uint64_t service(struct null_priv *p, const struct io_unit *u)
{
	uint64_t s = model.exp ? (uint64_t)rng_exp(&p->rng, (double)model.lat_ns) : model.lat_ns;
	uint64_t before;

	if (!u->is_write || (!model.cliff_bytes && !model.wear_bytes))
		return s;
	before = atomic_fetch_add(&model.written, u->len);
	if (model.cliff_bytes && before >= model.cliff_bytes)
		s = (uint64_t)((double)s * model.cliff_factor);
	if (model.wear_bytes)
		s += (uint64_t)((double)model.wear_ns * ((double)before / (double)model.wear_bytes));
	return s;
}

/* done(i) from start + service, after the device's rate and stalls: see the top of the file. */
static uint64_t finish_at(uint64_t want)
{
	uint64_t old, due;

	if (!model.gap_ns)	/* no rate: each I/O on its own (exp's overtake one another) */
		return unstall(want);
	old = atomic_load(&model.last);
	do {
		due = unstall(old + model.gap_ns > want ? old + model.gap_ns : want);
	} while (!atomic_compare_exchange_weak(&model.last, &old, due));
	return due;
}

/* The model's completion time for an I/O submitted now. */
static uint64_t due_time(struct null_priv *p, const struct io_unit *u, uint64_t now)
{
	uint64_t s = service(p, u), due;
	unsigned k = 0;

	if (!model.servers)
		return finish_at(now + s);
	pthread_mutex_lock(&model.lock);
	for (unsigned i = 1; i < model.servers; i++)	/* the server that frees first */
		if (model.free_at[i] < model.free_at[k])
			k = i;
	due = finish_at((model.free_at[k] > now ? model.free_at[k] : now) + s);
	model.free_at[k] = due;
	pthread_mutex_unlock(&model.lock);
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
	p->q[p->n++] = (struct pending){ u, 0 };	/* submitted at the reap */
	return 0;
}

/* After a sleep that was to end at wake: the wake-up's lateness learnt, the spin set by it. */
static void spin_learn(struct null_priv *p, uint64_t wake)
{
	uint64_t now = clock_ns(), late = now > wake ? now - wake : 0;

	p->wake_late_ns += ((int64_t)late - (int64_t)p->wake_late_ns) / 8;
	p->spin_ns = 2 * p->wake_late_ns;
	p->spin_ns = p->spin_ns < SPIN_MIN_NS ? SPIN_MIN_NS : p->spin_ns > SPIN_MAX_NS ? SPIN_MAX_NS
										  : p->spin_ns;
}

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
		if (!p->q[i].due)
			p->q[i].due = due_time(p, p->q[i].u, now);
	while (p->n && n < max) {
		unsigned first = 0;

		for (unsigned i = 1; i < p->n; i++)	/* the one due first */
			if (p->q[i].due < p->q[first].due)
				first = i;
		now = clock_ns();
		if (p->q[first].due > now) {
			/* sleep to just short of it (by as much as wake-ups are late), then spin */
			uint64_t due = p->q[first].due, wake = due - p->spin_ns;

			if (n >= min || (deadline && now >= deadline))
				break;
			if (deadline && deadline < due)	/* the caller's deadline first */
				wake = deadline;
			else if (due <= now + p->spin_ns)
				continue;
			struct timespec ts = { (time_t)(wake / 1000000000ull),
					       (long)(wake % 1000000000ull) };

			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
			spin_learn(p, wake);
			continue;
		}
		uint64_t late = now - p->q[first].due;

		hist_record(p->late, late);
		p->late_sum += late;
		if (late > p->late_max)
			p->late_max = late;
		p->q[first].u->result = p->q[first].u->len;
		done[n++] = p->q[first].u;
		p->q[first] = p->q[--p->n];
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
	struct null_priv *p = e->priv;

	if (p && p->late) {
		pthread_mutex_lock(&model.lock);
		hist_merge(&model.late, p->late);
		model.late_sum += p->late_sum;
		if (p->late_max > model.late_max)
			model.late_max = p->late_max;
		pthread_mutex_unlock(&model.lock);
		free(p->late);
	}
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
