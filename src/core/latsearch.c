/* SPDX-License-Identifier: MIT */
/*
 * latsearch.c: fio 3.33's latency_target search, step for step (io_u.c:
 * lat_new_cycle, __lat_target_failed, lat_target_failed, lat_target_init,
 * lat_target_success, lat_target_check). No clock, no I/O: the loop says
 * when and what completed.
 */
#include "core/latsearch.h"
#include "util/banned.h"

static void set_qd(struct lat_search *ls, unsigned qd)
{
	ls->qd = qd;
	if (ls->ntrail < LAT_TRAIL)
		ls->trail[ls->ntrail] = qd;
	ls->ntrail++;
}

void lat_cycle(struct lat_search *ls, uint64_t now)
{
	ls->cycle_at = now;
	ls->ios = 0;
	ls->failed = 0;
}

void lat_init(struct lat_search *ls, uint64_t now)
{
	ls->end_run = false;
	ls->ntrail = 0;
	set_qd(ls, 1);
	ls->qd_high = ls->iodepth;
	ls->qd_low = 1;
	ls->stable = 0;
	lat_cycle(ls, now);
}

/* fio's __lat_target_failed: a step down (the loop quiesces, then a new window); at 1, fatal. */
static enum lat_act failed(struct lat_search *ls)
{
	if (ls->qd == 1)
		return LAT_FATAL;
	ls->qd_high = ls->qd;
	if (ls->qd == ls->qd_low)
		ls->qd_low--;
	set_qd(ls, (ls->qd + ls->qd_low) / 2);
	ls->stable = 0;
	return LAT_QUIESCE;
}

enum lat_act lat_io(struct lat_search *ls, uint64_t lat_ns)
{
	ls->ios++;
	if (lat_ns <= ls->target_ns)
		return LAT_GO;
	if (ls->pct == 100.0)
		return failed(ls);
	ls->failed++;
	return LAT_GO;
}

/* fio's lat_target_success. */
static enum lat_act success(struct lat_search *ls, uint64_t now)
{
	unsigned qd = ls->qd, next;

	ls->qd_low = ls->qd;
	if (ls->qd + 1 == ls->qd_high && ++ls->stable >= 3) {
		ls->qd_high++;		/* fio: a depth met 3 times creeps its bound up */
		ls->stable = 0;
	}
	/* doubling until a window fails, then bisecting */
	next = ls->qd_high != ls->iodepth ? (ls->qd + ls->qd_high) / 2 : ls->qd * 2;
	if (next > ls->iodepth)
		next = ls->iodepth;
	if (next != ls->qd)
		set_qd(ls, next);
	if (!ls->run && next == qd) {
		if (ls->end_run)
			return LAT_DONE;
		ls->end_run = true;	/* fio resets the job's statistics here */
		return LAT_QUIESCE;
	}
	lat_cycle(ls, now);
	return LAT_GO;
}

enum lat_act lat_check(struct lat_search *ls, uint64_t now)
{
	double ok;

	if (now - ls->cycle_at < ls->window_ns)
		return LAT_GO;
	/* as fio's: a window without completions is 0/0, NaN, and fails */
	ok = (double)(ls->ios - ls->failed) / (double)ls->ios * 100.0;
	if (ok >= ls->pct)
		return success(ls, now);
	if (failed(ls) == LAT_FATAL)
		return LAT_GO;	/* fio ignores it here: at depth 1 the window goes on */
	return LAT_QUIESCE;
}
