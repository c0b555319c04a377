/* SPDX-License-Identifier: MIT */
/*
 * cmdline_finish.c: a DiskSpd command line completed once its switches are
 * read: sizes given in blocks resolved, the switches checked together (with
 * DiskSpd's rules and words where it has them), the template copied to each
 * target, and the run's jobs, pace and offset trace set.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "job/cmdline_finish.h"
#include "job/cmdline_dist.h"
#include "stats/steady.h"
#include "util/banned.h"

/* Resolves a size that may be in blocks; 'what' names it in errors. */
static int resolve(struct parse_state *ps, const char *what, const struct size_arg *a,
		   uint64_t *out)
{
	if (!a->set)
		return 0;
	if (a->blocks && a->v > UINT64_MAX / ps->t.block_size)
		return fail(ps, "%s: %llub is too large", what, (unsigned long long)a->v);
	*out = a->blocks ? a->v * ps->t.block_size : a->v;
	return 0;
}

int cmdline_resolve_sizes(struct parse_state *ps)
{
	struct target_spec *t = &ps->t;
	uint64_t len = 0;

	t->cache = (ps->cache_mode == CM_DIRECT ? CACHE_DIRECT : 0) |
		   (ps->cache_mode == CM_NO_LOCAL ? CACHE_DIRECT | CACHE_NO_LOCAL : 0) |
		   (ps->write_through ? CACHE_WRITE_THROUGH : 0);
	if (resolve(ps, "-c", &ps->create, &t->create_size) ||
	    resolve(ps, "-B", &ps->base, &t->base_offset) ||
	    resolve(ps, "-B", &ps->base_len, &len) ||
	    resolve(ps, "-f", &ps->maxoff, &t->max_offset) ||
	    resolve(ps, "-T", &ps->tstride, &t->thread_stride) ||
	    resolve(ps, "-r", &ps->ralign, &t->random_align) ||
	    resolve(ps, "-s", &ps->stride, &t->stride) ||
	    resolve(ps, "-Z", &ps->srcbuf, &t->buf_source_size))
		return -EINVAL;
	if (ps->base_len.set) {
		if (ps->maxoff.set)
			return fail(ps, "-B<base>:<length> and -f both set the end of the range");
		if (!len)
			return fail(ps, "-B: the length after ':' must be greater than 0");
		t->max_offset = t->base_offset + len;
	}
	if (ps->create.set && !t->create_size)
		return fail(ps, "-c: the size must be greater than 0");
	if (ps->ralign.set && !t->random_align)
		return fail(ps, "-r: the alignment must be greater than 0");
	if (ps->stride.set && !t->stride)
		return fail(ps, "-s0: a stride of 0 (DiskSpd's every I/O at one offset) is not "
			    "supported");
	if ((ps->random_set || ps->rs_pct) && !t->random_align)
		t->random_align = t->block_size;
	if (ps->rs_pct && ps->rs_pct < 100) {	/* DiskSpd's mix (-rs100 is -r) */
		t->random_pct[0] = t->random_pct[1] = ps->rs_pct;
		t->mixed = true;
		t->diskspd_mixed = true;
	}
	t->interlocked = ps->interlocked;
	if (!t->stride)
		t->stride = t->block_size;
	return 0;
}

/*
 * -Sm: the mmap engine, on every target (DiskSpd's -Sm applies to all the
 * command line's targets), with -N's flush after each write.
 */
static int apply_mapped(struct parse_state *ps, struct workload *w)
{
	if (ps->map_flush && !ps->mapped && !(w->engine && !strcmp(w->engine, "mmap")))
		return fail(ps, "-N: a flush mode goes with memory-mapped I/O (-Sm)");
	if (!ps->mapped && ps->mapped_set)
		return fail(ps, "<MemoryMappedIo>: memory-mapped and other targets in one TimeSpan "
			    "(iobench's engine is one per run)");
	if (!ps->mapped)
		goto flush;
	if (w->engine && strcmp(w->engine, "mmap"))
		return fail(ps, "-Sm (memory-mapped I/O, the mmap engine) and --engine=%s exclude "
			    "each other", w->engine);
	if (ps->write_through)
		return fail(ps, "-Sm with write-through (-Sw): DiskSpd's non-temporal copies into "
			    "the mapping are not supported; give -N for a flush after each write");
	if (ps->cache_mode == CM_NO_LOCAL)
		return fail(ps, "-Sm with -Sr: iobench's -Sr is O_DIRECT, which a mapping bypasses");
	if (ps->per_target && w->ntargets && !ps->mapped_set)	/* earlier targets were not */
		return fail(ps, "<MemoryMappedIo>: memory-mapped and other targets in one TimeSpan "
			    "(iobench's engine is one per run)");
	w->engine = "mmap";
	ps->mapped_set = true;
flush:
	ps->t.map_flush = ps->map_flush;
	return 0;
}

int cmdline_check_combinations(struct parse_state *ps, struct workload *w)
{
	struct target_spec *t = &ps->t;

	if (apply_mapped(ps, w))
		return -EINVAL;
	if (t->parallel && (ps->random_set || ps->rs_pct))
		return fail(ps, "-p conflicts with -r (parallel I/O is sequential)");
	if (t->parallel && ps->interlocked)
		return fail(ps, "-si conflicts with -p");
	if (ps->random_set && ps->seq_set)
		return fail(ps, "-r (random) and -s (sequential) exclude each other");
	if ((ps->random_set || ps->rs_pct) && ps->tstride.set)
		return fail(ps, "-T (thread stride) applies to sequential I/O only, not with -r");
	if (ps->interlocked && ps->tstride.set)
		return fail(ps, "-si conflicts with -T");
	if (t->dist && cmdline_check_distribution(ps))
		return -EINVAL;
	if (w->pool_threads && ps->threads_set)
		return fail(ps, "-t (threads per target) and -F (total threads) exclude each other");
	if (t->max_offset && t->max_offset <= t->base_offset)
		return fail(ps, "the maximum offset (-f) must be past the base offset (-B)");
	if (ps->contents > 1)
		return fail(ps, "-Z, -Z<size> (--random-buffer) and --pattern each set what writes "
			    "carry: give one");
	if ((t->compress_pct || t->dedupe_pct) && t->buf == BUF_SEQUENCE)
		t->buf = BUF_RANDOM;	/* they shape random data: -Zr's, implied */
	if ((t->compress_pct || t->dedupe_pct) && t->buf != BUF_RANDOM)
		return fail(ps, "--compress and --dedupe shape random data: not with -Z, -Z<size> "
			    "or --pattern");
	if (t->buf == BUF_SOURCE && t->buf_source_size < t->block_size)
		return fail(ps, "-Z: the random buffer must hold at least one block (%llu bytes)",
			    (unsigned long long)t->block_size);
	if (w->ios_per_thread && ps->duration_set)
		return fail(ps, "--ios (a count-based run) and -d (a duration) exclude each other");
	if (w->ios_per_thread && ps->cooldown_set)
		return fail(ps, "--ios: a count-based run has no cool-down (-C)");
	if (!w->ios_per_thread && !w->duration_ns)
		return fail(ps, "-d: the duration must be greater than 0");
	if (w->engine && !strcmp(w->engine, "psync") && t->outstanding > 1)
		return fail(ps, "-o%u: the psync engine does one I/O at a time; use -o1, or -t for "
			    "more threads, or --engine=io_uring", t->outstanding);
	if ((w->sqpoll || w->hipri) && w->engine && strcmp(w->engine, "io_uring"))
		return fail(ps, "--%s is an io_uring option, not one of the %s engine",
			    w->sqpoll ? "sqpoll" : "hipri", w->engine);
	if (w->hipri && !(t->cache & CACHE_DIRECT))
		return fail(ps, "--hipri polls for completions of direct I/O: add -Sh or -Su");
	if (w->destroy_signature && !w->allow_device_write)
		return fail(ps, "--destroy-signature goes with --allow-device-write");
	if (w->dismount && !w->allow_device_write)
		return fail(ps, "--dismount goes with --allow-device-write");
	if (w->no_affinity && w->naffinity)
		return fail(ps, "-n (no affinity) and -a (a CPU list) exclude each other");
	if (w->engine && !strcmp(w->engine, "null") && ps->create.set)
		return fail(ps, "-c: the null engine opens nothing, so it creates nothing");
	if (workload_check_null(w, ps->err, ps->errlen))
		return -EINVAL;
	if (!ps->burst != !ps->think_ms)	/* DiskSpd's rule */
		return fail(ps, "%s: need to specify -j<think time> with -i<burst size>",
			    ps->burst ? "-i" : "-j");
	return 0;
}

/*
 * --offset-trace=PREFIX: fio's write_lat_log with log_offset and per_job_logs
 * (PREFIX_lat.N.log, thread N from 1): each measured I/O's completion time,
 * latency, direction, size and offset, in the order the thread completed them.
 */
static int add_trace(struct parse_state *ps, struct workload *w)
{
	unsigned first = 1;

	for (unsigned j = 0; j < w->njobs; j++) {
		struct job_logs *l = calloc(1, sizeof(*l));

		if (!l || !(l->prefix[LOG_LAT] = strdup(ps->trace))) {
			free(l);
			return fail(ps, "out of memory");
		}
		l->offset = l->per_job = l->no_clat = true;
		l->first_thread = first;
		first += w->jobs[j].threads;
		w->jobs[j].logs = l;
	}
	return 0;
}

/*
 * DiskSpd's -g, -i and -j, per thread per target: the rate (bytes per ms as
 * bytes a second, or I/Os a second), or else bursts and think time (DiskSpd's
 * ThroughputMeter: with -g, -i and -j do nothing). Its think time does not
 * wait for the I/Os in flight; a burst counts completed I/Os.
 */
static void set_pace(const struct parse_state *ps, struct pace_spec *p)
{
	p->per_target = true;
	p->diskspd_g = ps->rate;
	p->diskspd_g_iops = ps->rate_iops;
	if (ps->rate) {
		for (int d = 0; d < 2; d++) {
			if (ps->rate_iops)
				p->iops[d] = ps->rate;
			else
				p->bps[d] = (uint64_t)ps->rate * 1000;
		}
	}
	if (ps->burst) {	/* kept for the profile; beside -g the run ignores it (build.c) */
		p->think_blocks = ps->burst;
		p->think_blocks_set = true;
		p->think_ns = (uint64_t)ps->think_ms * 1000000;
	}
}

/*
 * DiskSpd's -O: with -F, each thread's I/Os are shared by its targets. Its
 * own rules (Common.cpp's Profile::Validate), and iobench's: the run needs
 * -F, and --verify's blocks are owned per thread and target.
 */
static int check_pool_requests(struct parse_state *ps, const struct workload *w)
{
	if (!w->pool_requests)
		return 0;	/* (a profile's ThreadTargets need it: xmlprofile.c checks) */
	if (!w->pool_threads)
		return fail(ps, "-O%u: I/Os in flight per thread, shared by its targets, go with -F "
			    "(threads that each work on every target); with -t use -o", w->pool_requests);
	if (ps->rate)
		return fail(ps, "-g throughput control cannot be used with -O outstanding requests per "
			    "thread");
	if (ps->think_ms)
		return fail(ps, "-j think time cannot be used with -O outstanding requests per thread");
	if (w->verify)
		return fail(ps, "--verify cannot be used with -O: its blocks are checked per thread "
			    "and target, and -O sends each thread's I/Os to any target");
	if (w->engine && !strcmp(w->engine, "psync") && w->pool_requests > 1)
		return fail(ps, "-O%u: the psync engine does one I/O at a time; use -O1, or "
			    "--engine=io_uring", w->pool_requests);
	for (unsigned i = 0; i < w->ntargets; i++) {
		if (w->targets[i].parallel)
			return fail(ps, "-p parallel IO cannot be used with -O outstanding requests "
				    "per thread");
	}
	for (unsigned k = 0; k < w->pool_threads; k++) {	/* DiskSpd would start it with none */
		unsigned i = 0;

		while (i < w->ntargets && !target_weight(&w->targets[i], k))
			i++;
		if (i == w->ntargets)
			return fail(ps, "thread %u has no target: every target's ThreadTargets "
				    "leave it out", k);
	}
	return 0;
}

/* --steady-state's rounds and window, and what cannot go with it. */
static int check_steady(struct parse_state *ps, struct workload *w)
{
	if (!w->ss_track) {
		if (ps->ss_rounds || ps->ss_window)
			return fail(ps, "--%s: the rounds of --steady-state: give it", ps->ss_rounds ?
				    "ss-rounds" : "ss-window");
		return 0;
	}
	w->ss_window = ps->ss_window ? ps->ss_window : STEADY_WINDOW;
	w->ss_rounds = ps->ss_rounds ? ps->ss_rounds : STEADY_ROUNDS;
	if (w->ss_rounds < w->ss_window)
		return fail(ps, "--ss-rounds=%u: at least the window's %u rounds (--ss-window)",
			    w->ss_rounds, w->ss_window);
	if (w->xml_stdout)
		return fail(ps, "--steady-state: -Rxml (DiskSpd's XML results) is of one run; the "
			    "rounds are iobench's series document (-Rjson, --json)");
	if (w->series_csv || w->html_path || ps->trace)
		return fail(ps, "--steady-state: %s is of one run, not of rounds (not there yet)",
			    w->series_csv ? "--series-csv" : w->html_path ? "--html" : "--offset-trace");
	return 0;
}

int cmdline_finish(struct parse_state *ps, struct workload *w)
{
	if (!ps->per_target && (cmdline_resolve_sizes(ps) || cmdline_check_combinations(ps, w)))
		return -EINVAL;
	if (!w->ntargets)
		return fail(ps, "no target given (a file or block device path; see iobench --help)");
	if (w->ios_per_thread) {
		w->duration_ns = 0;
		if (!ps->warmup_set)
			w->warmup_ns = 0;
	}
	if (ps->seed_from_clock) {	/* DiskSpd's (ULONG)GetTickCount64(): ms since boot, 32 bits */
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		w->seed = (uint32_t)((uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u);
	}
	if (ps->t.max_offset)
		w->null_size = ps->t.max_offset;
	for (unsigned i = 0; !ps->per_target && i < w->ntargets; i++) {
		char *path = w->targets[i].path;

		w->targets[i] = ps->t;
		w->targets[i].path = path;
		w->targets[i].buf_source_path = NULL;
		if (ps->t.buf_source_path &&
		    !(w->targets[i].buf_source_path = strdup(ps->t.buf_source_path)))
			return fail(ps, "out of memory");
		w->targets[i].dist = NULL;
		if (ps->t.dist && !(w->targets[i].dist = malloc(sizeof(*ps->t.dist))))
			return fail(ps, "out of memory");
		if (ps->t.dist)
			*w->targets[i].dist = *ps->t.dist;
	}
	if (check_pool_requests(ps, w) || check_steady(ps, w))
		return -EINVAL;
	if (w->verify && workload_check_verify(w, ps->err, ps->errlen))
		return -EINVAL;
	if (workload_diskspd_jobs(w))
		return fail(ps, "out of memory");
	for (unsigned j = 0; j < w->njobs; j++)
		set_pace(ps, &w->jobs[j].pace);
	return ps->trace ? add_trace(ps, w) : 0;
}
