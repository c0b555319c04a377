/* SPDX-License-Identifier: MIT */
/*
 * fioopt.c: fio's job options with fio's meanings and defaults. Every option
 * fio has is either applied, accepted with a notice (it only tunes fio's own
 * overhead), or refused by name; an unknown option is an error with the
 * nearest supported name (fiotable.c). Values are parsed as fio parses them
 * (fiovalue.c); the access and pacing options have modules of their own
 * (fioaccess.c, fiopace.c), the verification options too (fioverify.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "job/fioaccess.h"
#include "job/fioopt.h"
#include "job/fiopace.h"
#include "job/fiotable.h"
#include "job/fiovalue.h"
#include "job/units.h"
#include "util/banned.h"

/* buffer_pattern=0xHEX, or "text" / 'text' / text. */
static int get_pattern(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	const char *v = o->val;
	size_t n = strlen(v);
	int r;
	bool quoted = n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0];

	/* text in quotes stays text, even if it reads 0x... */
	r = parse_pattern(v + quoted, n - 2 * quoted, quoted, j->pattern, PATTERN_MAX,
			  &j->pattern_len);
	if (r == -EINVAL)
		return fio_bad(p, o, "not an even number of hex digits after 0x (up to %d bytes)",
			   PATTERN_MAX);
	if (r)
		return fio_bad(p, o, "a pattern has 1 to %d bytes", PATTERN_MAX);
	return 0;
}

/* fallocate=none|native|posix|keep|truncate|0|1 (0 is none, 1 posix, as in fio). */
static int get_fallocate(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum prealloc m; } modes[] = {
		{ "none", PREALLOC_NONE }, { "0", PREALLOC_NONE }, { "native", PREALLOC_NATIVE },
		{ "posix", PREALLOC_POSIX }, { "1", PREALLOC_POSIX }, { "keep", PREALLOC_KEEP },
		{ "truncate", PREALLOC_TRUNCATE },
	};

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcmp(o->val, modes[i].name)) {
			j->prealloc = modes[i].m;
			return 0;
		}
	}
	return fio_bad(p, o, "not none, native, posix, keep or truncate (or 0, 1)");
}

/* fadvise_hint: fio's values (noreuse as fio after 3.33 takes it); 1 advises by the job's pattern. */
static int get_fadvise(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; int hint; } hints[] = {
		{ "0", 0 }, { "1", -1 }, { "random", HINT_RANDOM },
		{ "sequential", HINT_SEQUENTIAL }, { "noreuse", HINT_NOREUSE },
	};

	for (size_t i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
		if (!strcmp(o->val, hints[i].name)) {
			j->fadvise = hints[i].hint;
			return 0;
		}
	}
	return fio_bad(p, o, "not 0, 1, random, sequential or noreuse");
}

/*
 * file_service_type: random, roundrobin or sequential, with fio's :N (the I/Os
 * a file keeps before the next pick; sequential keeps a file to its end
 * whatever N, as fio); fio's skewed choices are refused by name.
 */
static int get_file_service(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum file_pick pick; } modes[] = {
		{ "random", PICK_RANDOM }, { "roundrobin", PICK_ROUNDROBIN },
		{ "sequential", PICK_SEQUENTIAL },
	};
	const char *colon = strchr(o->val, ':');
	size_t n = colon ? (size_t)(colon - o->val) : strlen(o->val);
	uint64_t every = 1;

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (strlen(modes[i].name) != n || strncmp(o->val, modes[i].name, n))
			continue;
		if (colon && parse_uint(colon + 1, 1u << 30, &every))
			return fio_bad(p, o, "':%s' is not a number of I/Os", colon + 1);
		j->fpick = modes[i].pick;
		j->fpick_every = every ? (unsigned)every : 1;
		return 0;
	}
	if ((n == 4 && !strncmp(o->val, "zipf", 4)) || (n == 6 && !strncmp(o->val, "pareto", 6)) ||
	    (n == 6 && !strncmp(o->val, "normal", 6)) || (n == 5 && !strncmp(o->val, "gauss", 5)))
		return fio_bad(p, o, "fio's skewed file choice (zipf, pareto, normal, gauss) is not "
			   "implemented by iobench: random, roundrobin or sequential");
	return fio_bad(p, o, "not random, roundrobin or sequential (with :N)");
}

/* One errno of ignore_error: fio's names (its str2error: EPERM to ERANGE only) or a number. */
static int get_errno(struct planner *p, const struct jf_opt *o, const char *e, int *out)
{
	static const char *const names[] = { "EPERM", "ENOENT", "ESRCH", "EINTR", "EIO", "ENXIO",
		"E2BIG", "ENOEXEC", "EBADF", "ECHILD", "EAGAIN", "ENOMEM", "EACCES", "EFAULT",
		"ENOTBLK", "EBUSY", "EEXIST", "EXDEV", "ENODEV", "ENOTDIR", "EISDIR", "EINVAL",
		"ENFILE", "EMFILE", "ENOTTY", "ETXTBSY", "EFBIG", "ENOSPC", "ESPIPE", "EROFS",
		"EMLINK", "EPIPE", "EDOM", "ERANGE" };
	uint64_t v;

	if (e[0] == 'E') {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			if (!strcmp(names[i], e)) {
				*out = (int)i + 1;
				return 0;
			}
		}
		return fio_bad(p, o, "'%s': fio knows the errno names EPERM to ERANGE only (1 to 34); "
			   "give other errors by number", e);
	}
	if (parse_uint(e[0] == '-' ? e + 1 : e, 4095, &v) || !v)
		return fio_bad(p, o, "'%s' is not an errno (a name such as EIO, or 1 to 4095)", e);
	*out = (int)v;
	return 0;
}

/*
 * ignore_error=READS,WRITES,VERIFY: each a ':' list of errnos that the job
 * goes on past, as fio: a list given turns continue_on_error on for its type
 * and replaces fio's default (EIO, EILSEQ); an empty one leaves it as it was.
 */
static int get_ignore_error(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	char buf[1024], *type = buf, *next;

	if (strlen(o->val) >= sizeof(buf))
		return fio_bad(p, o, "too long");
	memcpy(buf, o->val, strlen(o->val) + 1);
	for (unsigned t = 0; type; t++, type = next) {
		struct err_list l = { 0 };

		next = strchr(type, ',');
		if (next)
			*next++ = 0;
		if (t == ERR_TYPES)
			return fio_bad(p, o, "more than three lists (reads, writes, verify)");
		for (char *e = type, *c; e && *e; e = c) {	/* fio stops at an empty name */
			c = strchr(e, ':');
			if (c)
				*c++ = 0;
			if (l.n == ERR_LIST_MAX)
				return fio_bad(p, o, "more than %d errors in one list", ERR_LIST_MAX);
			if (get_errno(p, o, e, &l.err[l.n++]))
				return -EINVAL;
		}
		if (!l.n)
			continue;
		j->go_on[t] = l;
		j->continue_on_error |= 1u << t;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* percentile_list=P:P...: up to 20 numbers in (0, 100], as fio (which sorts them). */
static int get_pct_list(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	const char *s = o->val;

	j->npct = 0;
	while (*s) {
		char *end;
		double v;

		if (j->npct == STATS_PCT_MAX)
			return fio_bad(p, o, "more than %d percentiles", STATS_PCT_MAX);
		errno = 0;
		v = strtod(s, &end);
		if (end == s || errno || !(v > 0 && v <= 100) || (*end && *end != ':'))
			return fio_bad(p, o, "'%.*s' is not a percentile (a number above 0, up to 100)",
				   (int)strcspn(s, ":"), s);
		j->pct[j->npct++] = v;
		s = *end ? end + 1 : end;
	}
	qsort(j->pct, j->npct, sizeof(j->pct[0]), cmp_double);
	return 0;
}

/* cpus_allowed=LIST: CPUs and ranges, comma-separated (0,5,8-15), as fio's; none is an error. */
static int get_cpus_allowed(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	int list[AFFINITY_MAX];
	char why[256];
	int n = affinity_parse(o->val, list, why, sizeof(why));

	if (n < 0)
		return fio_bad(p, o, "not a list of CPUs (0,5,8-15; CPUs 0 to %d)", AFFINITY_MAX - 1);
	memset(j->cpus, 0, sizeof(j->cpus));
	for (int i = 0; i < n; i++)
		j->cpus[list[i] / 64] |= 1ull << (list[i] % 64);
	j->cpus_given = true;
	return 0;
}

/* cpumask=N: fio's bit mask of CPUs 0 to 31 (decimal, or 0x hex). */
static int get_cpumask(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	bool hex = o->val[0] == '0' && (o->val[1] == 'x' || o->val[1] == 'X');
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(o->val + (hex ? 2 : 0), &end, hex ? 16 : 10);
	if (!isxdigit((unsigned char)o->val[hex ? 2 : 0]) || *end || errno || v > UINT32_MAX)
		return fio_bad(p, o, "not a mask of CPUs 0 to 31 (a number up to 0xffffffff, a bit a CPU: "
			   "3 is CPUs 0 and 1)");
	if (!v)
		return fio_bad(p, o, "the mask holds no CPU");
	memset(j->cpus, 0, sizeof(j->cpus));
	j->cpus[0] = v;
	j->cpus_given = true;
	return 0;
}

/* io_uring's registerfiles, fixedbufs, nonvectored, force_async and sqthread_poll_cpu. */
static int get_uring(struct planner *p, const struct jf_opt *o, struct fjob *j, enum fio_opt_id id)
{
	long v;
	char *end;

	if (id == F_REGFILES)
		return fio_get_bool(p, o, &j->regfiles);
	if (id == F_FIXEDBUFS)
		return fio_get_bool(p, o, &j->fixedbufs);
	if (id == F_FORCE_ASYNC)
		return fio_get_u(p, o, 0, UINT32_MAX, &j->force_async);
	if (id == F_SQ_CPU)
		return fio_get_int(p, o, 0, AFFINITY_MAX - 1, &j->sq_cpu);
	errno = 0;		/* nonvectored: fio's int, -1 (fio's default: probe, then 1) */
	v = strtol(o->val, &end, 10);
	if (end == o->val || *end || errno || v < -1 || v > 1)
		return fio_bad(p, o, "not -1, 0 or 1 (0: readv and writev; 1 or -1: read and write)");
	j->vectored = v == 0;
	return 0;
}

/* mem=KIND[:FILE] (iomem=): fio's kinds; a file for the mmap ones only, as fio takes it. */
static int get_mem(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum buf_mem m; } kinds[] = {
		{ "malloc", MEM_MALLOC }, { "shm", MEM_SHM }, { "shmhuge", MEM_SHMHUGE },
		{ "mmap", MEM_MMAP }, { "mmaphuge", MEM_MMAPHUGE }, { "mmapshared", MEM_MMAPSHARED },
	};
	const char *colon = strchr(o->val, ':');
	size_t n = colon ? (size_t)(colon - o->val) : strlen(o->val);

	if (n == 10 && !strncmp(o->val, "cudamalloc", n))
		return fio_bad(p, o, "GPU memory, for fio's rdma engine (GPUDirect RDMA), which iobench "
			   "does not have");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (strlen(kinds[i].name) != n || strncmp(o->val, kinds[i].name, n))
			continue;
		if (colon && kinds[i].m < MEM_MMAP)
			return fio_bad(p, o, "a file is for mmap, mmaphuge and mmapshared only");
		if (colon && !colon[1])
			return fio_bad(p, o, "the file after ':' is empty");
		j->mem = kinds[i].m;
		j->mem_file = colon ? colon + 1 : NULL;
		return 0;
	}
	return fio_bad(p, o, "not malloc, shm, shmhuge, mmap, mmaphuge or mmapshared (with "
		   ":FILE for the mmap kinds)");
}

/* A fio_stats bit set (on) or cleared from a 0/1 option. */
static int get_stats_bit(struct planner *p, const struct jf_opt *o, struct fjob *j, unsigned bit)
{
	bool b;

	if (fio_get_bool(p, o, &b))
		return -EINVAL;
	j->fio_stats = b ? j->fio_stats | bit : j->fio_stats & ~bit;
	return 0;
}

static int get_engine(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	if (!strcmp(o->val, "sync") || !strcmp(o->val, "psync") || !strcmp(o->val, "pvsync")) {
		j->engine = "psync";
		if (strcmp(o->val, "psync"))
			fio_notice(p, "%s: ioengine=%s runs as psync (one pread/pwrite per I/O)", o->where,
			       o->val);
		return 0;
	}
	if (!strcmp(o->val, "windowsaio") && engine_name("iocp")) {
		j->engine = "iocp";	/* fio's engine on Windows: overlapped I/O on a completion port */
		return 0;
	}
	j->engine = engine_name(o->val);
	if (j->engine && !strcmp(j->engine, "mmap"))	/* DiskSpd's -Sm; fio's msyncs differ */
		return fio_bad(p, o, "iobench's mmap engine is DiskSpd's -Sm; fio's mmap engine (its "
			   "msync on fsync and sync) is not implemented");
	if (!j->engine) {
		char names[128] = "sync";	/* and pvsync, which run as psync */
		size_t n = strlen(names);

		for (unsigned i = 0; i < engine_count; i++)	/* mmap: DiskSpd's -Sm alone */
			if (strcmp(engine_list[i]->name, "mmap"))
				n += (size_t)snprintf(names + n, sizeof(names) - n, ", %s",
						      engine_list[i]->name);
		return fio_bad(p, o, "not an engine of iobench (%s%s)", names,
			   engine_name("iocp") ? ", windowsaio" : "");
	}
	return 0;
}

/*
 * fio_job_apply()'s appliers, one per concern: option o, whose table entry
 * is f, applied to j; 0, -EINVAL with the message in p's buffer, or -ENOENT
 * when f is not one of theirs. This one: names, files, sizes, offsets, groups.
 */
static int apply_files(struct planner *p, struct fjob *j, const struct jf_opt *o,
		      const struct fopt *f)
{
	uint64_t v;
	bool b;

	switch (f->id) {
	case F_NAME: j->name = o->val; return 0;
	case F_DESCRIPTION: j->description = o->val; return 0;
	case F_FILENAME: j->filename = o->val; return 0;
	case F_DIRECTORY: j->directory = o->val; return 0;
	case F_FILENAME_FORMAT: j->filename_format = o->val; return 0;
	case F_UNIQUE_FILENAME:	/* fio: a client's IP before names in directory=, client/server only */
		return fio_get_bool(p, o, &b);
	case F_WAIT_FOR: j->wait_for = o->val; return 0;
	case F_FST: return get_file_service(p, o, j);
	case F_SIZE:
		if (fio_get_size(p, o, o->val, j->kb_base, &j->size, &j->size_pct))
			return -EINVAL;
		if (j->size_pct && !j->size)	/* 0% is an offset's, not a size's */
			return fio_bad(p, o, "0%% of the file leaves nothing to do");
		return 0;
	case F_FILESIZE:
		if (strchr(o->val, '-') || strchr(o->val, ':'))
			return fio_bad(p, o, "a range of file sizes is not implemented by iobench");
		return fio_get_size(p, o, o->val, j->kb_base, &j->filesize, NULL);
	case F_OFFSET:
		if (fio_get_size(p, o, o->val, j->kb_base, &j->offset, &j->offset_pct))
			return -EINVAL;
		j->offset_pct &= j->offset != 0;	/* offset=0% is offset 0, as in fio */
		return 0;
	case F_OFFSET_INC:
		return fio_get_size(p, o, o->val, j->kb_base, &j->offset_increment, NULL);
	case F_IO_SIZE: return fio_get_size(p, o, o->val, j->kb_base, &j->io_size, NULL);
	case F_NUMBER_IOS: return fio_get_uint(p, o, 0, UINT64_MAX, &j->number_ios);
	case F_LOOPS: return fio_get_u(p, o, 1, 1000000, &j->loops);
	case F_NRFILES: return fio_get_u(p, o, 1, MAX_FILES, &j->nrfiles);
	case F_GROUP_REPORTING: return fio_get_bool(p, o, &j->group_reporting);
	case F_STONEWALL: return fio_get_bool(p, o, &j->stonewall);
	case F_NEW_GROUP: return fio_get_bool(p, o, &j->new_group);
	case F_UNLINK:
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		j->unlink = b ? UNLINK_REMOVE : UNLINK_KEEP;
		return 0;
	case F_UNLINK_EACH_LOOP: return fio_get_bool(p, o, &j->unlink_each_loop);
	case F_ALLOW_CREATE: return fio_get_bool(p, o, &j->allow_create);
	case F_CREATE_ON_OPEN: return fio_get_bool(p, o, &j->create_on_open);
	case F_FALLOCATE: return get_fallocate(p, o, j);
	case F_OPENFILES: return fio_get_u(p, o, 1, MAX_FILES, &j->openfiles);
	case F_KB_BASE:
		if (fio_get_uint(p, o, 1000, 1024, &v) || (v != 1000 && v != 1024))
			return fio_bad(p, o, "kb_base is 1024 or 1000");
		j->kb_base = (unsigned)v;
		return 0;
	default:
		return -ENOENT;
	}
}

/* How the job does I/O: engine, mode, block sizes, depth, caching, seeds. */
static int apply_io(struct planner *p, struct fjob *j, const struct jf_opt *o,
		   const struct fopt *f)
{
	uint64_t v;
	bool b;

	switch (f->id) {
	case F_RW_SEQUENCER:
		if (strcmp(o->val, "sequential") && strcmp(o->val, "identical"))
			return fio_bad(p, o, "not sequential or identical");
		j->seq_identical = !strcmp(o->val, "identical");
		return 0;
	case F_IOENGINE: return get_engine(p, o, j);
	case F_RW: return fio_access_rw(p, o, j);
	case F_RWMIXREAD:
		if (fio_get_uint(p, o, 0, 100, &v))
			return -EINVAL;
		j->write_pct = 100 - (unsigned)v;
		return 0;
	case F_RWMIXWRITE:
		return fio_get_u(p, o, 0, 100, &j->write_pct);
	case F_BS:
		for (int d = 0; d < 3; d++)	/* a later bs= replaces an earlier bsrange or bssplit */
			fio_access_set_dist(j, d, NULL);
		return fio_access_bs(p, o, j);
	case F_BSRANGE: return fio_access_bsrange(p, o, j);
	case F_BSSPLIT: return fio_access_bssplit(p, o, j);
	case F_PERC_RAND: return fio_access_perc_rand(p, o, j, false);
	case F_PERC_SEQ: return fio_access_perc_rand(p, o, j, true);
	case F_RAND_DIST: return fio_access_random(p, o, j);
	case F_FSYNC: return fio_get_u(p, o, 0, UINT32_MAX, &j->fsync_every);
	case F_NUMJOBS: return fio_get_u(p, o, 1, MAX_NUMJOBS, &j->numjobs);
	case F_IODEPTH: return fio_get_u(p, o, 1, MAX_IODEPTH, &j->iodepth);
	case F_BATCH_SUBMIT: return fio_get_u(p, o, 0, MAX_IODEPTH, &j->batch_submit);
	case F_COMPLETE_MIN: return fio_get_u(p, o, 0, MAX_IODEPTH, &j->complete_min);
	case F_COMPLETE_MAX: return fio_get_u(p, o, 0, MAX_IODEPTH, &j->complete_max);
	case F_IODEPTH_LOW: return fio_get_u(p, o, 0, MAX_IODEPTH, &j->iodepth_low);
	case F_DIRECT: return fio_get_bool(p, o, &j->direct);
	case F_BUFFERED:
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		j->direct = !b;
		return 0;
	case F_SYNC:
		if (!o->val || !strcmp(o->val, "1") || !strcmp(o->val, "sync"))
			j->cache_sync = CACHE_SYNC;
		else if (!strcmp(o->val, "dsync"))
			j->cache_sync = CACHE_WRITE_THROUGH;
		else if (!strcmp(o->val, "0") || !strcmp(o->val, "none"))
			j->cache_sync = 0;
		else
			return fio_bad(p, o, "not none, sync or dsync (or 0, 1)");
		return 0;
	case F_END_FSYNC: return fio_get_bool(p, o, &j->end_fsync);
	case F_INVALIDATE: return fio_get_bool(p, o, &j->invalidate);
	case F_FADVISE: return get_fadvise(p, o, j);
	case F_RANDREPEAT: return fio_get_bool(p, o, &j->randrepeat);
	case F_RANDSEED:
		j->randseed_set = true;
		return fio_get_uint(p, o, 0, UINT64_MAX, &j->randseed);
	case F_NORANDOMMAP:
	case F_THREAD:
		return fio_get_bool(p, o, &b);	/* iobench always works this way: see docs */
	case F_BLOCKALIGN: return fio_access_dirs(p, o, j, j->ba);
	default:
		return -ENOENT;
	}
}

/* When and where the job runs: timing, pacing, io_uring's options, memory, CPUs, priorities. */
static int apply_run(struct planner *p, struct fjob *j, const struct jf_opt *o,
		    const struct fopt *f)
{
	switch (f->id) {
	case F_RATE: case F_RATE_IOPS: case F_RATE_MIN: case F_RATE_IOPS_MIN: case F_RATE_CYCLE:
	case F_RATE_PROCESS:
	case F_RATE_IGN_THINK: case F_THINKTIME: case F_THINK_SPIN: case F_THINK_BLOCKS:
	case F_THINK_BTYPE: case F_THINK_IOTIME: case F_LAT_TARGET: case F_LAT_WINDOW:
	case F_LAT_PERCENTILE: case F_LAT_RUN:
		return fio_pace_apply(p, j, o, f->id);
	case F_HIPRI: return fio_get_bool(p, o, &j->hipri);
	case F_SQTHREAD_POLL: return fio_get_bool(p, o, &j->sqpoll);
	case F_TIME_BASED: return fio_get_bool(p, o, &j->time_based);
	case F_RUNTIME: return fio_get_time(p, o, 1000000000ull, &j->runtime_ns);
	case F_RAMP: return fio_get_time(p, o, 1000000000ull, &j->ramp_ns);
	case F_STARTDELAY:
		if (strchr(o->val, '-') || strchr(o->val, ':'))
			return fio_bad(p, o, "a random start delay (a range) is not implemented by iobench");
		return fio_get_time(p, o, 1000000000ull, &j->startdelay_ns);
	case F_PRIO: return fio_get_int(p, o, 0, 7, &j->prio);	/* fio's IOPRIO_MIN/MAX_PRIO */
	case F_PRIOCLASS: return fio_get_int(p, o, 0, 3, &j->prioclass);
	case F_CPUS_ALLOWED: return get_cpus_allowed(p, o, j);
	case F_CPUMASK: return get_cpumask(p, o, j);
	case F_CPUS_POLICY:
		if (strcmp(o->val, "shared") && strcmp(o->val, "split"))
			return fio_bad(p, o, "not shared or split");
		j->cpus_split = !strcmp(o->val, "split");
		return 0;
	case F_REGFILES:
	case F_FIXEDBUFS:
	case F_NONVECTORED:
	case F_FORCE_ASYNC:
	case F_SQ_CPU:
		j->uring_opt = f->name;
		return get_uring(p, o, j, f->id);
	case F_CMD_TYPE:
		return fio_bad(p, o, "an option of fio's io_uring_cmd engine (NVMe passthrough commands "
			   "on a /dev/ngXnY character device), which iobench does not have");
	case F_MEM: return get_mem(p, o, j);
	case F_MEM_ALIGN:
		if (fio_get_size(p, o, o->val, j->kb_base, &j->mem_align, NULL))
			return -EINVAL;
		if (j->mem_align > (1u << 30))
			return fio_bad(p, o, "more than 1g");
		return 0;
	case F_CMDPRIO:
		return fio_bad(p, o, "per-I/O priorities (fio's io_uring and libaio cmdprio_*) are not "
			   "implemented by iobench: fio reports such a job's latencies per priority "
			   "(clat_prio), which iobench does not split; prio and prioclass give all "
			   "of a job's I/O one priority");
	default:
		return -ENOENT;
	}
}

/* What the job's writes carry. */
static int apply_data(struct planner *p, struct fjob *j, const struct jf_opt *o,
		     const struct fopt *f)
{
	uint64_t v;
	bool b;

	switch (f->id) {
	case F_ZERO_BUFFERS: return fio_get_bool(p, o, &j->zero_buffers);
	case F_COMPRESS: return fio_get_u(p, o, 0, 100, &j->compress_pct);
	case F_COMPRESS_CHUNK:
		if (fio_get_size(p, o, o->val, j->kb_base, &v, NULL))
			return -EINVAL;
		if (v != 512)
			return fio_bad(p, o, "iobench makes data compressible in 512-byte chunks only");
		return 0;
	case F_DEDUPE: return fio_get_u(p, o, 0, 100, &j->dedupe_pct);
	case F_PATTERN: return get_pattern(p, o, j);
	case F_REFILL:
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		j->refill = b ? 1 : 0;
		return 0;
	case F_SCRAMBLE: return fio_get_bool(p, o, &j->scramble);
	default:
		return -ENOENT;
	}
}

/* What an error does to the job. */
static int apply_errors(struct planner *p, struct fjob *j, const struct jf_opt *o,
		       const struct fopt *f)
{
	bool b;

	switch (f->id) {
	case F_CONTINUE:
		/* fio: io is reads and writes; all (and 1) adds verify mismatches */
		if (!strcmp(o->val, "none") || !strcmp(o->val, "0"))
			j->continue_on_error = 0;
		else if (!strcmp(o->val, "read"))
			j->continue_on_error = CONTINUE_READ;
		else if (!strcmp(o->val, "write"))
			j->continue_on_error = CONTINUE_WRITE;
		else if (!strcmp(o->val, "io"))
			j->continue_on_error = CONTINUE_READ | CONTINUE_WRITE;
		else if (!strcmp(o->val, "verify"))
			j->continue_on_error = CONTINUE_VERIFY;
		else if (!strcmp(o->val, "all") || !strcmp(o->val, "1"))
			j->continue_on_error = CONTINUE_READ | CONTINUE_WRITE | CONTINUE_VERIFY;
		else
			return fio_bad(p, o, "not none, read, write, io, verify or all");
		return 0;
	case F_EXITALL:
		if (o->val && fio_get_bool(p, o, &b))
			return -EINVAL;
		if (o->val && !b)
			fio_notice(p, "%s: exitall=0 turns exitall on, as in fio 3.33 (whose exitall "
				   "takes no value and ignores one)", o->where);
		j->exitall = true;
		return 0;
	case F_EXITALL_ON_ERROR: return fio_get_bool(p, o, &j->exitall_on_error);
	case F_EXIT_WHAT:	/* iobench runs one group at a time: stonewall's running jobs are the group's */
		if (strcmp(o->val, "group") && strcmp(o->val, "stonewall") && strcmp(o->val, "all"))
			return fio_bad(p, o, "not group, stonewall or all");
		j->exit_all = !strcmp(o->val, "all");
		return 0;
	case F_IGNORE_ERROR: return get_ignore_error(p, o, j);
	default:
		return -ENOENT;
	}
}

/* The job's statistics and log files, and options that only tune fio's own costs. */
static int apply_stats(struct planner *p, struct fjob *j, const struct jf_opt *o,
		      const struct fopt *f)
{
	uint64_t v;
	bool b;

	switch (f->id) {
	case F_CLAT_PCT:
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		j->fio_stats = b ? j->fio_stats & ~STATS_NO_CLAT_PCT : j->fio_stats | STATS_NO_CLAT_PCT;
		return 0;
	case F_LAT_PCT: return get_stats_bit(p, o, j, STATS_LAT_PCT);
	case F_DISABLE_LAT:
		return get_stats_bit(p, o, j, STATS_NO_LAT) ? -EINVAL :
		       (j->logset.no_lat = j->fio_stats & STATS_NO_LAT, 0);
	case F_DISABLE_CLAT:
		return get_stats_bit(p, o, j, STATS_NO_CLAT) ? -EINVAL :
		       (j->logset.no_clat = j->fio_stats & STATS_NO_CLAT, 0);
	case F_DISABLE_BW: return fio_get_bool(p, o, &j->logset.no_bw);
	case F_SLAT_PCT:
	case F_DISABLE_SLAT:	/* iobench never times submission apart: slat_ns stays empty */
		if (fio_get_bool(p, o, &b))
			return -EINVAL;
		fio_notice(p, "%s: %s: iobench does not time submission apart (fio's slat), so "
			   "slat_ns is empty either way, as fio's with a synchronous engine", o->where,
			   o->key);
		return 0;
	case F_PCT_LIST: return get_pct_list(p, o, j);
	case F_BW_LOG:
	case F_LAT_LOG:
	case F_IOPS_LOG:
	case F_HIST_LOG:	/* without a name, the job's own: NAME_bw.N.log */
		j->log_prefix[f->id - F_BW_LOG] = o->val && *o->val ? o->val : "";
		return 0;
	case F_LOG_AVG:
	case F_LOG_HIST:	/* ms */
		if (fio_get_uint(p, o, 0, UINT32_MAX / 2, &v))
			return -EINVAL;
		*(f->id == F_LOG_AVG ? &j->logset.avg_ms : &j->logset.hist_ms) = (uint32_t)v;
		return 0;
	case F_LOG_COARSE: return fio_get_u(p, o, 0, 6, &j->logset.hist_coarseness);
	case F_LOG_MAX: return fio_get_bool(p, o, &j->logset.max_value);
	case F_LOG_OFFSET: return fio_get_bool(p, o, &j->logset.offset);
	case F_PER_JOB_LOGS: return fio_get_bool(p, o, &j->logset.per_job);
	case F_LOG_UNIX: return fio_get_bool(p, o, &j->logset.unix_epoch);
	case F_BW_AVG:
	case F_IOPS_AVG:	/* ms, fio's FIO_OPT_INT */
		if (fio_get_uint(p, o, 1, 3600000, &v))
			return -EINVAL;
		j->avg_ms[f->id == F_IOPS_AVG] = (uint32_t)v;
		return 0;
	case F_LOG_ENTRIES:
		if (fio_get_uint(p, o, 1, UINT32_MAX, &v))
			return -EINVAL;
		fio_notice(p, "%s: log_entries: fio's first allocation of log rows; iobench "
		       "reserves its rows' address space before the run, and says how many rows "
		       "did not fit", o->where);
		return 0;
	case F_PROFILE_ACT:
	case F_PROFILE_TIO:
		fio_notice(p, "%s: %s: an option of fio's %s profile (--profile): in a job file fio "
		       "3.33 takes it and it does nothing; nor does it in iobench", o->where, o->key,
		       f->id == F_PROFILE_ACT ? "act" : "tiobench");
		return 0;
	case F_OVERHEAD_ONLY:
		fio_notice(p, "%s: %s: this tunes fio's own measuring cost; iobench always measures "
		       "every I/O in full, at less cost", o->where, o->key);
		return 0;
	default:
		return -ENOENT;
	}
}

int fio_job_apply(struct planner *p, struct fjob *j, const struct jf_opt *o)
{
	static int (*const appliers[])(struct planner *p, struct fjob *j, const struct jf_opt *o,
				       const struct fopt *f) = {
		apply_files, apply_io, apply_run, apply_data, apply_errors, apply_stats,
	};
	const struct fopt *f = fio_table_find(o->key);

	if (!f) {
		int r = fio_verify_apply(p, &j->verify, o);

		return r == -ENOENT ? fio_table_unknown(p, o) : r;
	}
	if (f->arg == A_VALUE && !o->val)
		return fio_bad(p, o, "needs a value (%s=...)", o->key);
	if (f->arg == A_VALUE && !*o->val)
		return fio_bad(p, o, "the value is empty");
	for (size_t i = 0; i < sizeof(appliers) / sizeof(appliers[0]); i++) {
		int r = appliers[i](p, j, o, f);

		if (r != -ENOENT)	/* the one whose option it is */
			return r;
	}
	return 0;
}

void fio_job_defaults(struct fjob *j, const char *name, const char *where, unsigned file)
{
	memset(j, 0, sizeof(*j));
	j->name = name;
	j->where = where;
	j->file = file;
	j->rw = RW_READ;
	j->write_pct = 50;
	j->bs[0] = j->bs[1] = j->bs[2] = 4096;
	j->numjobs = 1;
	j->iodepth = 1;
	j->complete_min = 1;
	j->loops = 1;
	j->nrfiles = 1;
	j->randrepeat = true;
	j->perc_rand[0] = j->perc_rand[1] = j->perc_rand[2] = 100;
	j->refill = -1;
	j->scramble = true;
	j->invalidate = true;	/* fio drops a file's page cache before a job by default */
	j->fpick = PICK_ROUNDROBIN;	/* fio's file_service_type default */
	j->fpick_every = 1;
	j->fadvise = -1;	/* fio's fadvise_hint=1: advice by the job's pattern */
	j->allow_create = true;
	j->prealloc = PREALLOC_NATIVE;	/* fio's default where fallocate(2) exists */
	j->kb_base = 1024;
	j->engine = "psync";
	j->logset.per_job = true;
	j->avg_ms[0] = j->avg_ms[1] = 500;	/* fio's bwavgtime and iopsavgtime */
	j->prio = j->prioclass = -1;
	j->sq_cpu = -1;	/* not given: the threads keep the process's */
	fio_verify_defaults(&j->verify);
	for (unsigned t = 0; t < ERR_TYPES; t++)	/* fio's non-fatal errors */
		j->go_on[t] = (struct err_list){ 2, { EIO, EILSEQ } };
}


void fio_job_release(struct fjob *j)
{
	for (int d = 0; d < 3; d++) {
		free(j->dist[d]);
		j->dist[d] = NULL;
	}
	free(j->rdist);
	free(j->rdist_trim);
	j->rdist = NULL;
	j->rdist_trim = NULL;
}
