/* SPDX-License-Identifier: MIT */
/*
 * fiorules.c: the checks a fio job passes before it is planned: what
 * iobench does not implement of fio's verification, trims, holes and file
 * options, what a group's jobs must share, and the notices fio gives.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/fiorules.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Whether two jobs verify alike (a group is checked as one). */
static bool same_verify(const struct fio_verify *a, const struct fio_verify *b)
{
	return a->on == b->on && (!a->on || (a->check == b->check && a->hash == b->hash &&
		a->do_verify == b->do_verify && a->only == b->only && a->fatal == b->fatal &&
		a->dump == b->dump && a->pat.bare == b->pat.bare && a->pat.len == b->pat.len &&
		a->pat.noffs == b->pat.noffs && !memcmp(a->pat.bytes, b->pat.bytes, a->pat.len) &&
		!memcmp(a->pat.offs, b->pat.offs, sizeof(a->pat.offs)) &&
		a->backlog == b->backlog && a->batch == b->batch));
}

int fio_rules_same_timing(struct planner *p, const struct fjob *a, const struct fjob *b)
{
	const char *what = !same_verify(&a->verify, &b->verify) ? "verify setting" :
			   a->ramp_ns != b->ramp_ns ? "ramp_time" :
			   a->avg_ms[0] != b->avg_ms[0] ? "bwavgtime" :
			   a->continue_on_error != b->continue_on_error ? "continue_on_error" :
			   memcmp(a->go_on, b->go_on, sizeof(a->go_on)) ? "ignore_error" :
			   strcmp(a->engine, b->engine) ? "ioengine" :
			   a->hipri != b->hipri ? "hipri" : a->sqpoll != b->sqpoll ? "sqthread_poll" : NULL;

	if (!what)
		return 0;
	return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s' has another %s than job '%s' of "
		      "its group: iobench runs a group's jobs in one measured window with one "
		      "engine; put stonewall in '%s' to run it as a group of its own",
		      b->where, b->name, what, a->name, b->name);
}

/*
 * fio's rw=read:-N and rw=randread:N keep fio's state per file and
 * direction (last_pos, last_start) and, for the random count, per thread:
 * iobench follows one direction of one block size, and the count on one file.
 */
static int fio_seq_rules(struct planner *p, const struct fjob *j, unsigned nfiles)
{
	const char *why = NULL;

	if (!j->seq_back && j->seq_every < 2)
		return 0;
	if (j->rw == RW_RW || j->rw == RW_RANDRW || rw_trim(j->rw) != TRIM_NONE)
		why = "a mix of directions or trims (fio keeps their offsets apart)";
	else if (j->dist[0] || j->dist[1] || j->bs[0] != j->bs[1])
		why = "sizes that vary (bs=R,W, bsrange, bssplit)";
	else if (j->verify.on)
		why = "verify=";
	else if (j->seq_every > 1 && nfiles > 1)
		why = "several files per thread (fio counts the I/Os of a thread, over its files)";
	else if (j->seq_back && j->seq_back < j->bs[0])
		why = "a backward hole smaller than the block (fio's wrap then runs past the end)";
	if (!why)
		return 0;
	return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': rw=...:%s%llu with %s is not "
		      "implemented by iobench", j->where, j->name, j->seq_back ? "-" : "",
		      (unsigned long long)(j->seq_back ? j->seq_back : j->seq_every), why);
}

int fio_rules_files(struct planner *p, const struct fjob *j, unsigned nfiles)
{
	int r;

	if (j->seq_hole && (j->dist[0] || j->dist[1] || j->bs[0] != j->bs[1]))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': rw=...:%llu: holes between "
			      "I/Os of sizes that vary (bs=R,W, bsrange, bssplit) are not implemented by "
			      "iobench: give one block size", j->where, j->name,
			      (unsigned long long)j->seq_hole);
	if ((r = fio_seq_rules(p, j, nfiles)))
		return r;
	if (j->openfiles && j->openfiles < nfiles)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': openfiles=%u is fewer than "
			      "the %u files each thread uses: iobench keeps every file of a thread "
			      "open for the whole run, so it cannot limit the open files below that",
			      j->where, j->name, j->openfiles, nfiles);
	if (j->unlink_each_loop && j->loops > 1 && !j->time_based)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': unlink_each_loop with "
			      "loops=%u: fio removes the files between loops and makes them again; "
			      "iobench runs a job's loops as one pass over its open files, and does "
			      "not implement that", j->where, j->name, j->loops);
	if (j->unlink_each_loop)
		fio_notice(p, "%s: job '%s': unlink_each_loop has no effect on a job of one loop (as "
			   "in fio 3.33, which removes the files only between loops)", j->where,
			   j->name);
	return 0;
}

/* Whether two size distributions are the same (NULL: none). */
static bool same_dist(const struct bs_dist *a, const struct bs_dist *b)
{
	return a == b || (a && b && !memcmp(a, b, sizeof(*a)));
}

static const char *rw_name(enum rw_mode m)
{
	return m == RW_TRIM ? "trim" : m == RW_RANDTRIM ? "randtrim" :
	       m == RW_TRIMWRITE ? "trimwrite" : "randtrimwrite";
}

int fio_rules_trim(struct planner *p, struct fjob *j)
{
	enum trim_mode t = rw_trim(j->rw);

	if (t == TRIM_NONE)
		return 0;
	if (j->verify.on)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify= with rw=%s is not "
			      "implemented by iobench (fio's trim_percentage, trim_verify_zero and "
			      "trim_backlog are not either)", j->where, j->name, rw_name(j->rw));
	for (unsigned k = 0; k < LOG_KINDS; k++)
		if (j->log_prefix[k])
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': fio's log files "
				      "(write_*_log) of a job that trims (rw=%s) are not implemented "
				      "by iobench", j->where, j->name, rw_name(j->rw));
	if (j->rw == RW_TRIMWRITE && (j->bs[1] != j->bs[2] || !same_dist(j->dist[1], j->dist[2])))
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': rw=trimwrite with trims of "
			      "other sizes than its writes (bs=R,W,T, bsrange, bssplit): iobench "
			      "trims each write's block just before it, so they must be the same",
			      j->where, j->name);
	if (j->direct)
		fio_notice(p, "%s: job '%s': direct=1 has no effect on a job that trims: fio 3.33 "
			   "opens it without O_DIRECT (trimwrite's writes are buffered too); iobench "
			   "does the same", j->where, j->name);
	j->bs[0] = j->bs[1] = j->bs[2];
	j->ba[0] = j->ba[1] = j->ba[2];
	free(j->dist[0]);
	free(j->dist[1]);
	j->dist[0] = j->dist[1] = NULL;
	if (j->dist[2]) {
		j->dist[t == TRIM_ONLY ? 0 : 1] = j->dist[2];	/* moves */
		j->dist[2] = NULL;
	}
	return 0;
}

/* Whether j writes or trims (its verify= checks in a verify phase after; trims refuse verify=). */
static bool job_writes(const struct fjob *j)
{
	return j->rw != RW_READ && j->rw != RW_RANDREAD;
}

bool fio_rules_verify_phase(const struct fjob *j)
{
	return j->verify.on && j->verify.do_verify && job_writes(j) && !j->time_based &&
	       (!j->verify.backlog || j->verify.only);	/* a backlog reads back as it writes */
}

int fio_rules_verify(struct planner *p, const struct fjob *j)
{
	const struct fio_verify *v = &j->verify;
	int r;

	if (!v->on)
		return 0;
	if ((r = fio_verify_finish(p, v, j->where, j->name)))
		return r;
	if (j->rw == RW_RW || j->rw == RW_RANDRW)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify= on a mixed job "
			      "(rw=%s): fio checks only those reads that fall on blocks the job "
			      "wrote, which iobench cannot single out: not implemented by iobench",
			      j->where, j->name, j->rw == RW_RW ? "rw" : "randrw");
	if (v->only && j->time_based)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify_only does not take "
			      "time_based (as fio says: it verifies what a size-based write wrote)",
			      j->where, j->name);
	if (job_writes(j) && v->do_verify && j->time_based && !v->only && !v->backlog)
		fio_notice(p, "%s: job '%s': verification read phase will never start because "
			   "write phase uses all of runtime (as fio 3.33 says: the job only writes, "
			   "its blocks checkable by a later verify_only run)", j->where, j->name);
	if (job_writes(j) && v->do_verify && j->numjobs > 1 && j->filename)
		fio_notice(p, "%s: job '%s': numjobs=%u writers of one file with verify: fio warns "
			   "that they may overwrite each other's blocks; iobench gives each its own "
			   "blocks (every %u-th)", j->where, j->name, j->numjobs, j->numjobs);
	return 0;
}
