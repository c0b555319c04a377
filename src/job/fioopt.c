/* SPDX-License-Identifier: MIT */
/*
 * fioopt.c: fio's job options with fio's meanings and defaults. Every option
 * fio has is either applied, accepted with a notice (it only tunes fio's own
 * overhead), or refused by name; an unknown option is an error with the
 * nearest supported name. Values are parsed as fio parses them.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "job/fiojob.h"
#include "job/fioopt.h"
#include "job/units.h"
#include "util/errmsg.h"
#include "util/banned.h"

enum opt_id {
	F_NAME, F_DESCRIPTION, F_FILENAME, F_DIRECTORY, F_IOENGINE, F_RW, F_RWMIXREAD,
	F_RWMIXWRITE, F_BS, F_NUMJOBS, F_IODEPTH, F_BATCH_SUBMIT, F_COMPLETE_MIN,
	F_COMPLETE_MAX, F_IODEPTH_LOW, F_DIRECT, F_BUFFERED, F_SYNC, F_END_FSYNC, F_INVALIDATE, F_FADVISE, F_FST,
	F_HIPRI, F_SQTHREAD_POLL,
	F_TIME_BASED, F_RUNTIME, F_RAMP, F_STARTDELAY, F_SIZE, F_FILESIZE, F_OFFSET,
	F_OFFSET_INC, F_IO_SIZE, F_NUMBER_IOS, F_LOOPS, F_NRFILES, F_RANDREPEAT, F_RANDSEED,
	F_NORANDOMMAP, F_THREAD, F_GROUP_REPORTING, F_STONEWALL, F_NEW_GROUP, F_WAIT_FOR,
	F_KB_BASE, F_ZERO_BUFFERS, F_OVERHEAD_ONLY, F_PROFILE_ACT, F_PROFILE_TIO, F_BSRANGE, F_BSSPLIT, F_FSYNC,
	F_COMPRESS, F_COMPRESS_CHUNK, F_DEDUPE, F_PATTERN, F_REFILL, F_SCRAMBLE, F_CONTINUE,
	F_BW_LOG, F_LAT_LOG, F_IOPS_LOG, F_HIST_LOG, F_LOG_AVG, F_LOG_HIST, F_LOG_COARSE,
	F_LOG_MAX, F_LOG_OFFSET, F_PER_JOB_LOGS, F_LOG_UNIX, F_LOG_ENTRIES, F_BW_AVG, F_IOPS_AVG,
	F_UNLINK, F_UNLINK_EACH_LOOP, F_ALLOW_CREATE, F_CREATE_ON_OPEN, F_FALLOCATE, F_OPENFILES,
	F_BLOCKALIGN, F_EXITALL, F_EXITALL_ON_ERROR, F_IGNORE_ERROR, F_EXIT_WHAT,
	F_CLAT_PCT, F_LAT_PCT, F_SLAT_PCT, F_PCT_LIST, F_DISABLE_LAT, F_DISABLE_CLAT, F_DISABLE_SLAT,
	F_DISABLE_BW, F_FILENAME_FORMAT, F_UNIQUE_FILENAME, F_RW_SEQUENCER,
	F_PRIO, F_PRIOCLASS, F_CMDPRIO,
	F_CPUS_ALLOWED, F_CPUMASK, F_CPUS_POLICY, F_REGFILES, F_FIXEDBUFS, F_NONVECTORED,
	F_FORCE_ASYNC, F_SQ_CPU, F_CMD_TYPE, F_MEM, F_MEM_ALIGN, F_PERC_RAND, F_PERC_SEQ,
	F_RAND_DIST,
	F_RATE, F_RATE_IOPS, F_RATE_MIN, F_RATE_IOPS_MIN, F_RATE_CYCLE, F_RATE_PROCESS, F_RATE_IGN_THINK,
	F_THINKTIME, F_THINK_SPIN, F_THINK_BLOCKS, F_THINK_BTYPE, F_THINK_IOTIME,
	F_LAT_TARGET, F_LAT_WINDOW, F_LAT_PERCENTILE, F_LAT_RUN,
};

enum arg { A_VALUE, A_FLAG, A_BOTH };	/* needs a value, takes none, either */

static const struct fopt {
	const char *name;
	enum opt_id id;
	enum arg arg;
} fopts[] = {
	{ "name", F_NAME, A_VALUE }, { "description", F_DESCRIPTION, A_VALUE },
	{ "filename", F_FILENAME, A_VALUE }, { "directory", F_DIRECTORY, A_VALUE },
	{ "ioengine", F_IOENGINE, A_VALUE }, { "rw", F_RW, A_VALUE },
	{ "readwrite", F_RW, A_VALUE }, { "rwmixread", F_RWMIXREAD, A_VALUE },
	{ "rwmixwrite", F_RWMIXWRITE, A_VALUE }, { "bs", F_BS, A_VALUE },
	{ "blocksize", F_BS, A_VALUE }, { "numjobs", F_NUMJOBS, A_VALUE },
	{ "iodepth", F_IODEPTH, A_VALUE }, { "iodepth_batch", F_BATCH_SUBMIT, A_VALUE },
	{ "iodepth_batch_submit", F_BATCH_SUBMIT, A_VALUE },
	{ "iodepth_batch_complete", F_COMPLETE_MIN, A_VALUE },
	{ "iodepth_batch_complete_min", F_COMPLETE_MIN, A_VALUE },
	{ "iodepth_batch_complete_max", F_COMPLETE_MAX, A_VALUE },
	{ "iodepth_low", F_IODEPTH_LOW, A_VALUE }, { "direct", F_DIRECT, A_BOTH },
	{ "buffered", F_BUFFERED, A_BOTH }, { "sync", F_SYNC, A_BOTH },
	{ "end_fsync", F_END_FSYNC, A_BOTH }, { "invalidate", F_INVALIDATE, A_BOTH },
	{ "fadvise_hint", F_FADVISE, A_VALUE }, { "file_service_type", F_FST, A_VALUE },
	{ "hipri", F_HIPRI, A_BOTH }, { "sqthread_poll", F_SQTHREAD_POLL, A_BOTH }, { "time_based", F_TIME_BASED, A_BOTH },
	{ "runtime", F_RUNTIME, A_VALUE }, { "timeout", F_RUNTIME, A_VALUE },
	{ "ramp_time", F_RAMP, A_VALUE }, { "startdelay", F_STARTDELAY, A_VALUE },
	{ "size", F_SIZE, A_VALUE }, { "filesize", F_FILESIZE, A_VALUE },
	{ "offset", F_OFFSET, A_VALUE }, { "fileoffset", F_OFFSET, A_VALUE },
	{ "offset_increment", F_OFFSET_INC, A_VALUE }, { "io_size", F_IO_SIZE, A_VALUE },
	{ "io_limit", F_IO_SIZE, A_VALUE }, { "number_ios", F_NUMBER_IOS, A_VALUE },
	{ "loops", F_LOOPS, A_VALUE }, { "nrfiles", F_NRFILES, A_VALUE },
	{ "nr_files", F_NRFILES, A_VALUE }, { "randrepeat", F_RANDREPEAT, A_BOTH },
	{ "randseed", F_RANDSEED, A_VALUE }, { "norandommap", F_NORANDOMMAP, A_BOTH },
	{ "thread", F_THREAD, A_BOTH }, { "group_reporting", F_GROUP_REPORTING, A_BOTH },
	{ "stonewall", F_STONEWALL, A_BOTH }, { "wait_for_previous", F_STONEWALL, A_BOTH },
	{ "new_group", F_NEW_GROUP, A_BOTH }, { "wait_for", F_WAIT_FOR, A_VALUE },
	{ "kb_base", F_KB_BASE, A_VALUE }, { "zero_buffers", F_ZERO_BUFFERS, A_BOTH },
	{ "gtod_reduce", F_OVERHEAD_ONLY, A_BOTH }, { "clocksource", F_OVERHEAD_ONLY, A_VALUE },
	/* options of fio's act and tiobench profiles: fio 3.33 takes them in any job, to no effect */
	{ "device-names", F_PROFILE_ACT, A_BOTH }, { "load", F_PROFILE_ACT, A_BOTH },
	{ "test-duration", F_PROFILE_ACT, A_BOTH }, { "threads-per-queue", F_PROFILE_ACT, A_BOTH },
	{ "read-req-num-512-blocks", F_PROFILE_ACT, A_BOTH },
	{ "large-block-op-kbytes", F_PROFILE_ACT, A_BOTH }, { "prep", F_PROFILE_ACT, A_BOTH },
	{ "block", F_PROFILE_TIO, A_BOTH }, { "numruns", F_PROFILE_TIO, A_BOTH },
	{ "dir", F_PROFILE_TIO, A_BOTH }, { "threads", F_PROFILE_TIO, A_BOTH },
	{ "bsrange", F_BSRANGE, A_VALUE }, { "blocksize_range", F_BSRANGE, A_VALUE },
	{ "bssplit", F_BSSPLIT, A_VALUE }, { "fsync", F_FSYNC, A_VALUE },
	{ "buffer_compress_percentage", F_COMPRESS, A_VALUE },
	{ "buffer_compress_chunk", F_COMPRESS_CHUNK, A_VALUE },
	{ "dedupe_percentage", F_DEDUPE, A_VALUE }, { "buffer_pattern", F_PATTERN, A_VALUE },
	{ "refill_buffers", F_REFILL, A_BOTH }, { "scramble_buffers", F_SCRAMBLE, A_BOTH },
	{ "continue_on_error", F_CONTINUE, A_VALUE },
	{ "write_bw_log", F_BW_LOG, A_BOTH }, { "write_lat_log", F_LAT_LOG, A_BOTH },
	{ "write_iops_log", F_IOPS_LOG, A_BOTH }, { "write_hist_log", F_HIST_LOG, A_BOTH },
	{ "log_avg_msec", F_LOG_AVG, A_VALUE }, { "log_hist_msec", F_LOG_HIST, A_VALUE },
	{ "log_hist_coarseness", F_LOG_COARSE, A_VALUE }, { "log_max_value", F_LOG_MAX, A_BOTH },
	{ "log_offset", F_LOG_OFFSET, A_BOTH }, { "per_job_logs", F_PER_JOB_LOGS, A_BOTH },
	{ "log_unix_epoch", F_LOG_UNIX, A_BOTH }, { "log_entries", F_LOG_ENTRIES, A_VALUE },
	{ "bwavgtime", F_BW_AVG, A_VALUE }, { "iopsavgtime", F_IOPS_AVG, A_VALUE },
	{ "unlink", F_UNLINK, A_BOTH }, { "unlink_each_loop", F_UNLINK_EACH_LOOP, A_BOTH },
	{ "allow_file_create", F_ALLOW_CREATE, A_BOTH },
	{ "create_on_open", F_CREATE_ON_OPEN, A_BOTH }, { "fallocate", F_FALLOCATE, A_VALUE },
	{ "openfiles", F_OPENFILES, A_VALUE },
	{ "blockalign", F_BLOCKALIGN, A_VALUE }, { "ba", F_BLOCKALIGN, A_VALUE },
	{ "exitall", F_EXITALL, A_BOTH }, { "exitall_on_error", F_EXITALL_ON_ERROR, A_BOTH },
	{ "exit_what", F_EXIT_WHAT, A_VALUE },
	{ "ignore_error", F_IGNORE_ERROR, A_VALUE },
	{ "clat_percentiles", F_CLAT_PCT, A_BOTH }, { "lat_percentiles", F_LAT_PCT, A_BOTH },
	{ "slat_percentiles", F_SLAT_PCT, A_BOTH }, { "percentile_list", F_PCT_LIST, A_VALUE },
	{ "disable_lat", F_DISABLE_LAT, A_BOTH }, { "disable_clat", F_DISABLE_CLAT, A_BOTH },
	{ "disable_slat", F_DISABLE_SLAT, A_BOTH }, { "disable_bw_measurement", F_DISABLE_BW, A_BOTH },
	{ "disable_bw", F_DISABLE_BW, A_BOTH },
	{ "filename_format", F_FILENAME_FORMAT, A_VALUE },
	{ "unique_filename", F_UNIQUE_FILENAME, A_BOTH },
	{ "rw_sequencer", F_RW_SEQUENCER, A_VALUE },
	{ "prio", F_PRIO, A_VALUE }, { "prioclass", F_PRIOCLASS, A_VALUE },
	{ "cmdprio_percentage", F_CMDPRIO, A_VALUE }, { "cmdprio_class", F_CMDPRIO, A_VALUE },
	{ "cmdprio", F_CMDPRIO, A_VALUE }, { "cmdprio_bssplit", F_CMDPRIO, A_VALUE },
	{ "cpus_allowed", F_CPUS_ALLOWED, A_VALUE }, { "cpumask", F_CPUMASK, A_VALUE },
	{ "cpus_allowed_policy", F_CPUS_POLICY, A_VALUE },
	{ "registerfiles", F_REGFILES, A_BOTH }, { "fixedbufs", F_FIXEDBUFS, A_BOTH },
	{ "nonvectored", F_NONVECTORED, A_VALUE }, { "force_async", F_FORCE_ASYNC, A_VALUE },
	{ "sqthread_poll_cpu", F_SQ_CPU, A_VALUE }, { "cmd_type", F_CMD_TYPE, A_VALUE },
	{ "mem", F_MEM, A_VALUE }, { "iomem", F_MEM, A_VALUE },
	{ "iomem_align", F_MEM_ALIGN, A_VALUE }, { "mem_align", F_MEM_ALIGN, A_VALUE },
	{ "percentage_random", F_PERC_RAND, A_VALUE },
	{ "percentage_sequential", F_PERC_SEQ, A_VALUE },
	{ "random_distribution", F_RAND_DIST, A_VALUE },
	{ "rate", F_RATE, A_VALUE }, { "rate_iops", F_RATE_IOPS, A_VALUE },
	{ "rate_min", F_RATE_MIN, A_VALUE }, { "ratemin", F_RATE_MIN, A_VALUE },
	{ "rate_iops_min", F_RATE_IOPS_MIN, A_VALUE },
	{ "rate_cycle", F_RATE_CYCLE, A_VALUE }, { "ratecycle", F_RATE_CYCLE, A_VALUE },
	{ "rate_process", F_RATE_PROCESS, A_VALUE },
	{ "rate_ignore_thinktime", F_RATE_IGN_THINK, A_BOTH },
	{ "thinktime", F_THINKTIME, A_VALUE }, { "thinktime_spin", F_THINK_SPIN, A_VALUE },
	{ "thinktime_blocks", F_THINK_BLOCKS, A_VALUE },
	{ "thinktime_blocks_type", F_THINK_BTYPE, A_VALUE },
	{ "thinktime_iotime", F_THINK_IOTIME, A_VALUE },
	{ "latency_target", F_LAT_TARGET, A_VALUE }, { "latency_window", F_LAT_WINDOW, A_VALUE },
	{ "latency_percentile", F_LAT_PERCENTILE, A_VALUE }, { "latency_run", F_LAT_RUN, A_BOTH },
};

static int bad(struct planner *p, const struct jf_opt *o, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(struct planner *p, const struct jf_opt *o, const char *fmt, ...)
{
	char what[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return errmsg(p->err, p->errlen, -EINVAL, "%s: %s%s%s: %s", o->where, o->key,
		      o->val ? "=" : "", o->val ? o->val : "", what);
}

int fio_parse_size(const char *s, unsigned kb_base, uint64_t *out, bool *pct)
{
	uint64_t v = 0, mult = 1, base = kb_base;
	const char *p = s;
	char suf[8];
	size_t n = 0;
	int power;

	if (pct)
		*pct = false;
	if (!*p)
		return -EINVAL;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		char *end;

		errno = 0;
		v = strtoull(p + 2, &end, 16);
		if (end == p + 2 || *end || errno)
			return errno == ERANGE ? -ERANGE : -EINVAL;
		*out = v;
		return 0;
	}
	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++)
		if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, (uint64_t)(*p - '0'), &v))
			return -ERANGE;
	if (*p == '%') {
		if (!pct || p[1] || v > 100)
			return -EINVAL;
		*pct = true;
		*out = v;
		return 0;
	}
	while (*p && n < sizeof(suf) - 1)
		suf[n++] = (char)tolower((unsigned char)*p++);
	suf[n] = 0;
	if (*p)
		return -EINVAL;
	if (!n || !strcmp(suf, "b")) {
		*out = v;
		return 0;
	}
	const char *units = "kmgtpe", *u = strchr(units, suf[0]);

	if (!u || !suf[0])
		return -EINVAL;
	power = (int)(u - units) + 1;
	if (strcmp(suf + 1, "") && strcmp(suf + 1, "b") && strcmp(suf + 1, "i") && strcmp(suf + 1, "ib"))
		return -EINVAL;
	if (!strcmp(suf + 1, "ib"))	/* fio swaps the base for full IEC suffixes */
		base = kb_base == 1024 ? 1000 : 1024;
	while (power--)
		if (__builtin_mul_overflow(mult, base, &mult))
			return -ERANGE;
	if (__builtin_mul_overflow(v, mult, out))
		return -ERANGE;
	return 0;
}

int fio_parse_time(const char *s, uint64_t unit_ns, uint64_t *ns)
{
	static const struct { const char *suf; uint64_t ns; } units[] = {
		{ "d", 86400000000000ull }, { "h", 3600000000000ull }, { "m", 60000000000ull },
		{ "s", 1000000000ull }, { "ms", 1000000ull }, { "msec", 1000000ull },
		{ "us", 1000ull }, { "usec", 1000ull },
	};
	uint64_t v = 0, mult = unit_ns;
	const char *p = s;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++)
		if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, (uint64_t)(*p - '0'), &v))
			return -ERANGE;
	if (*p) {
		size_t i;

		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
			if (!strcasecmp(p, units[i].suf))
				break;
		if (i == sizeof(units) / sizeof(units[0]))
			return -EINVAL;
		mult = units[i].ns;
	}
	return __builtin_mul_overflow(v, mult, ns) ? -ERANGE : 0;
}

static const struct fopt *find_opt(const char *key)
{
	for (size_t i = 0; i < sizeof(fopts) / sizeof(fopts[0]); i++)
		if (!strcmp(fopts[i].name, key))
			return &fopts[i];
	return NULL;
}

bool fio_option_needs_value(const char *key)
{
	const struct fopt *f = find_opt(key);

	return (f && f->arg == A_VALUE) || fio_verify_needs_value(key);
}

/* fio 3.33's option of that name (fionames.c), or NULL. */
static const struct fio_name *fio_name(const char *key)
{
	for (size_t i = 0; i < fio_nnames; i++)
		if (!strcmp(fio_names[i].name, key))
			return &fio_names[i];
	return NULL;
}

bool fio_option_known(const char *key)
{
	return find_opt(key) || fio_verify_known(key) || fio_name(key);
}

/* Edit distance, for "did you mean". */
static unsigned distance(const char *a, const char *b)
{
	unsigned row[64], n = (unsigned)strlen(b);

	if (n >= 63 || strlen(a) >= 63)
		return 99;
	for (unsigned j = 0; j <= n; j++)
		row[j] = j;
	for (const char *c = a; *c; c++) {
		unsigned prev = row[0]++;

		for (unsigned j = 1; j <= n; j++) {
			unsigned cur = row[j], sub = prev + (*c != b[j - 1]);

			row[j] = cur + 1 < row[j - 1] + 1 ? cur + 1 : row[j - 1] + 1;
			if (sub < row[j])
				row[j] = sub;
			prev = cur;
		}
	}
	return row[n];
}

static int unknown(struct planner *p, const struct jf_opt *o)
{
	const struct fio_name *fn = fio_name(o->key);
	const char *best = NULL;
	unsigned bd = 3;

	if (fn && !fn->engines)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: %s: a fio option that iobench "
			      "does not implement (docs/jobfiles.md lists what it does)",
			      o->where, o->key);
	if (fn)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: %s: an option of fio's %s engine%s "
			      "that iobench does not implement", o->where, o->key, fn->engines,
			      strchr(fn->engines, ',') ? "s" : "");
	for (size_t i = 0; i < sizeof(fopts) / sizeof(fopts[0]); i++) {
		unsigned d = distance(o->key, fopts[i].name);

		if (d < bd) {
			bd = d;
			best = fopts[i].name;
		}
	}
	return errmsg(p->err, p->errlen, -EINVAL, "%s: unknown option '%s'%s%s%s", o->where, o->key,
		      best ? " (did you mean '" : "", best ? best : "", best ? "'?)" : "");
}

static int get_bool(struct planner *p, const struct jf_opt *o, bool *out)
{
	if (!o->val || !strcmp(o->val, "1")) {
		*out = true;
		return 0;
	}
	if (!strcmp(o->val, "0")) {
		*out = false;
		return 0;
	}
	return bad(p, o, "'%s' is not 0 or 1", o->val);
}

static int get_uint(struct planner *p, const struct jf_opt *o, uint64_t min, uint64_t max,
		    uint64_t *out)
{
	int r = parse_uint(o->val, max, out);

	if (r == -EINVAL)
		return bad(p, o, "'%s' is not a whole number", o->val);
	if (r || *out < min)
		return bad(p, o, "out of range (%llu to %llu)", (unsigned long long)min,
			   (unsigned long long)max);
	return 0;
}

static int get_u(struct planner *p, const struct jf_opt *o, unsigned min, unsigned max,
		 unsigned *out)
{
	uint64_t v;
	int r = get_uint(p, o, min, max, &v);

	*out = (unsigned)v;
	return r;
}

static int get_int(struct planner *p, const struct jf_opt *o, unsigned min, unsigned max,
		   int *out)
{
	unsigned v;
	int r = get_u(p, o, min, max, &v);

	*out = (int)v;
	return r;
}

static void iec_notice(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb)
{
	size_t n = strlen(v);

	if (n > 2 && !strcasecmp(v + n - 2, "ib"))
		fio_notice(p, "%s: %s=%s: fio reads a full IEC suffix (KiB, MiB, ...) in base %u when "
		       "kb_base=%u; iobench does the same", o->where, o->key, v,
		       kb == 1024 ? 1000 : 1024, kb);
}

static int get_size(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb,
		    uint64_t *out, bool *pct)
{
	int r = fio_parse_size(v, kb, out, pct);

	if (r == -ERANGE)
		return bad(p, o, "'%s' is too large", v);
	if (r && *v && v[strlen(v) - 1] == 'z' && isdigit((unsigned char)v[0]))
		return bad(p, o, "'%s': the z suffix counts zones of zonemode=zbd, which iobench does "
			   "not implement", v);
	if (r)
		return bad(p, o, "'%s' is not a size (a number with k, m, g, t%s)", v,
			   pct ? ", or N%" : "");
	iec_notice(p, o, v, kb);
	return 0;
}

static int get_time(struct planner *p, const struct jf_opt *o, uint64_t unit, uint64_t *ns)
{
	int r = fio_parse_time(o->val, unit, ns);

	if (r)
		return bad(p, o, "'%s' is not a time (a number, with d, h, m, s, ms or us)", o->val);
	return 0;
}

/* bs=R[,W[,T]]: fio takes , : or - between directions; a value carries on to later ones. */
static int get_dirs(struct planner *p, const struct jf_opt *o, struct fjob *j, uint64_t out[3]);

static int get_bs(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	return get_dirs(p, o, j, j->bs);
}

/*
 * Sizes per direction R[,W[,T]] into out[0] (reads), out[1] (writes) and
 * out[2] (trims): the last part given carries on to the directions after
 * it (bs=8k,32k: trims 32k), an empty one leaves its direction as it was.
 */
static int get_dirs(struct planner *p, const struct jf_opt *o, struct fjob *j, uint64_t out[3])
{
	char buf[256], *parts[3] = { 0 }, *s;
	unsigned n = 0;

	if (strlen(o->val) >= sizeof(buf))
		return bad(p, o, "too long");
	memcpy(buf, o->val, strlen(o->val) + 1);
	s = buf;
	parts[n++] = s;
	for (; *s && n < 3; s++) {
		if (*s == ',' || *s == ':' || (*s == '-' && s != buf)) {
			if (*s != ',')
				fio_notice(p, "%s: bs=%s: fio reads '%c' as a separator between the read "
				       "and write sizes, not a range (bsrange= is a range); iobench "
				       "does the same", o->where, o->val, *s);
			*s = 0;
			parts[n++] = s + 1;
		}
	}
	for (unsigned d = 0; d < 3; d++) {
		const char *part = parts[d < n ? d : n - 1];
		uint64_t v;

		if (!*part)
			continue;
		if (get_size(p, o, part, j->kb_base, &v, NULL))
			return -EINVAL;
		if (!v || v > (1u << 30))
			return bad(p, o, "a block size must be from 1 byte to 1 GiB");
		out[d] = v;
	}
	return 0;
}

/* Replaces direction d's size distribution (NULL clears it). */
static void set_dist(struct fjob *j, int d, struct bs_dist *b)
{
	free(j->dist[d]);
	j->dist[d] = b;
}

static int dist_size(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb,
		     uint32_t *out)
{
	uint64_t x;

	if (get_size(p, o, v, kb, &x, NULL))
		return -EINVAL;
	if (!x || x > (1u << 30))
		return bad(p, o, "a block size must be from 1 byte to 1 GiB");
	*out = (uint32_t)x;
	return 0;
}

/* One bsrange: LOW-HIGH (or LOW:HIGH): LOW, 2 LOW, ... up to HIGH (fio: multiples of the smallest). */
static int parse_range(struct planner *p, const struct jf_opt *o, char *range, unsigned kb,
		       struct bs_dist *b)
{
	char *sep = range + strcspn(range, "-:");

	if (!*sep)
		return bad(p, o, "'%s' is not a range (LOW-HIGH)", range);
	*sep = 0;
	if (dist_size(p, o, range, kb, &b->lo) || dist_size(p, o, sep + 1, kb, &b->hi))
		return -EINVAL;
	if (b->lo > b->hi) {	/* fio swaps them */
		uint32_t t = b->lo;

		b->lo = b->hi;
		b->hi = t;
	}
	b->step = b->lo;
	return 0;
}

/* One bssplit list: SIZE/PCT:SIZE/PCT...; blank percentages share what is left. */
static int parse_split(struct planner *p, const struct jf_opt *o, char *list, unsigned kb,
		       struct bs_dist *b)
{
	unsigned given = 0, blanks = 0;
	char *save = NULL;

	for (char *e = strtok_r(list, ":", &save); e; e = strtok_r(NULL, ":", &save)) {
		char *slash = strchr(e, '/');
		uint64_t pct = UINT64_MAX;

		if (b->n == BS_SPLIT_MAX)
			return bad(p, o, "more than %d sizes", BS_SPLIT_MAX);
		if (slash) {
			*slash = 0;
			if (slash[1] && (parse_uint(slash + 1, 100, &pct)))
				return bad(p, o, "'%s' is not a percentage (0 to 100)", slash + 1);
		}
		if (dist_size(p, o, e, kb, &b->len[b->n]))
			return -EINVAL;
		if (pct == UINT64_MAX) {
			blanks++;
			b->pct[b->n] = UINT32_MAX;
		} else {
			given += (unsigned)pct;
			b->pct[b->n] = (uint32_t)pct;
		}
		b->n++;
	}
	if (!b->n)
		return bad(p, o, "no sizes");
	if (given > 100 || (!blanks && given != 100))
		return bad(p, o, "the percentages add up to %u, not 100", given);
	for (unsigned i = 0, k = 0; i < b->n; i++) {
		if (b->pct[i] != UINT32_MAX)
			continue;
		/* the rest shared out; the last blank takes what division leaves */
		b->pct[i] = ++k == blanks ? 100 - given - (100 - given) / blanks * (blanks - 1)
					  : (100 - given) / blanks;
	}
	return 0;
}

typedef int (*dist_parser)(struct planner *p, const struct jf_opt *o, char *part, unsigned kb,
			   struct bs_dist *b);

/*
 * bsrange= and bssplit=: READS[,WRITES[,TRIMS]], each part parsed by parse;
 * as fio's str_split_parse(), the last list given carries on to the
 * directions after it (one list: all three; two: the trims take the
 * writes'); an empty one leaves that direction as it was.
 */
/*
 * fio's percentage_random=R[,W[,T]] (percentage_sequential: 100 less): the
 * last value given carries on to the directions after it, as fio's ints of
 * three directions do.
 */
static int get_perc_rand(struct planner *p, const struct jf_opt *o, struct fjob *j, bool seq)
{
	const char *s = o->val;

	for (unsigned d = 0; d < 3; d++) {
		char *end;
		unsigned long v;

		if (*s < '0' || *s > '9' || (v = strtoul(s, &end, 10)) > 100 ||
		    (*end && *end != ','))
			return bad(p, o, "not a percentage from 0 to 100 (or R,W,T)");
		for (unsigned k = d; k < 3; k++)
			j->perc_rand[k] = seq ? 100 - (unsigned)v : (unsigned)v;
		if (!*end)
			break;
		s = end + 1;
	}
	return 0;
}

/* One direction of fio's zoned[_abs]: access%/size(%) pairs split by ':' (zone_split_ddir). */
static int zone_split(struct planner *p, const struct jf_opt *o, char *s, bool absolute,
		      unsigned kb_base, struct dist_range *r, unsigned *n)
{
	unsigned perc = 0, sperc = 0;
	uint64_t acc = 0;

	*n = 0;
	for (char *tok = s, *next; tok && *tok; tok = next) {
		char *slash = strchr(tok, '/'), *end;
		unsigned long a;
		uint64_t size;

		next = strchr(tok, ':');
		if (next)
			*next++ = 0;
		if (!slash || slash == tok)
			return bad(p, o, "'%s' is not access%%/%s", tok, absolute ? "size" : "size%");
		*slash = 0;
		a = strtoul(tok, &end, 10);
		if (*end || a > 100)
			return bad(p, o, "'%s' is not an access percentage", tok);
		if (absolute) {
			bool pct;

			if (fio_parse_size(slash + 1, kb_base, &size, &pct) || pct)
				return bad(p, o, "'%s' is not a size", slash + 1);
		} else {
			size = strtoul(slash + 1, &end, 10);
			if (*end || size > 100)
				return bad(p, o, "'%s' is not a size percentage", slash + 1);
			sperc += (unsigned)size;
		}
		if (*n == DIST_RANGES_MAX)
			return bad(p, o, "more than %d zones (fio's most)", DIST_RANGES_MAX);
		r[(*n)++] = (struct dist_range){ perc, (uint32_t)a, acc, size };
		perc += (unsigned)a;
		acc += size;
	}
	if (perc > 100 || sperc > 100)
		return bad(p, o, "zone_split percentages add to more than 100%% (fio's words)");
	if (perc < 100)
		return bad(p, o, "access percentage don't add up to 100 for zoned random "
			   "distribution (got=%u) (fio's words)", perc);
	return 0;
}

/*
 * fio's random_distribution=random|zipf[:theta[:center]]|pareto[:h[:center]]|
 * normal[:sigma[:center]]|zoned:...|zoned_abs:... (str_random_distribution_cb),
 * zoned forms per direction R[,W[,T]] (the last carries on).
 */
static int get_rand_dist(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum dist_kind kind; double def; } kinds[] = {
		{ "random", DIST_NONE, 0 }, { "zipf", DIST_ZIPF, 1.2 }, { "pareto", DIST_PARETO, 0.2 },
		{ "normal", DIST_NORMAL, 0 }, { "zoned_abs", DIST_ZONED_ABS, 0 },
		{ "zoned", DIST_ZONED, 0 },
	};
	struct access_dist *d = calloc(1, sizeof(*d));
	struct dist_range *trim = NULL;
	char buf[4096], *rest, *dirs[3] = { 0 };
	unsigned k, nd = 0, ntrim = 0;
	size_t len;

	if (!d)
		return bad(p, o, "out of memory");
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		len = strlen(kinds[k].name);
		if (!strncmp(o->val, kinds[k].name, len) && (!o->val[len] || o->val[len] == ':'))
			break;
	}
	if (k == sizeof(kinds) / sizeof(kinds[0]) || strlen(o->val) >= sizeof(buf)) {
		free(d);
		return bad(p, o, "not random, zipf, pareto, normal, zoned or zoned_abs");
	}
	d->kind = kinds[k].kind;
	d->param = kinds[k].def;
	d->center = -1;
	memcpy(buf, o->val, strlen(o->val) + 1);
	rest = buf + len + (buf[len] == ':');
	if (d->kind == DIST_ZONED || d->kind == DIST_ZONED_ABS) {
		if (buf[len] != ':' || !*rest) {
			free(d);
			return bad(p, o, "zoned needs its zones (zoned:access%%/size%%:...)");
		}
		dirs[nd++] = rest;
		for (char *c = rest; nd < 3 && (c = strchr(c, ',')); c++) {
			*c = 0;
			dirs[nd++] = c + 1;
		}
		for (unsigned x = 0; x < 2; x++) {
			if (zone_split(p, o, dirs[x < nd ? x : nd - 1], d->kind == DIST_ZONED_ABS,
				       j->kb_base, d->r[x], &d->n[x])) {
				free(d);
				return -EINVAL;
			}
			if (nd == 1) {	/* the one list carries on */
				memcpy(d->r[1], d->r[0], sizeof(d->r[0]));
				d->n[1] = d->n[0];
				break;
			}
		}
		if (nd == 3) {	/* trims: their own list */
			trim = malloc(DIST_RANGES_MAX * sizeof(*trim));
			if (!trim || zone_split(p, o, dirs[2], d->kind == DIST_ZONED_ABS, j->kb_base,
						trim, &ntrim)) {
				free(trim);
				free(d);
				return trim ? -EINVAL : bad(p, o, "out of memory");
			}
		}
	} else if (buf[len] == ':') {
		char *end;

		d->param = strtod(rest, &end);
		if (end == rest || (*end && *end != ':') || (*end == ':' &&
			((d->center = strtod(end + 1, &end)), *end))) {
			free(d);
			return bad(p, o, "random postfix parsing failed (fio's words)");
		}
	}
	if (d->center != -1 && (d->center < 0.0 || d->center > 1.0)) {
		free(d);
		return bad(p, o, "distribution center out of range (0 <= center <= 1.0)");
	}
	if ((d->kind == DIST_ZIPF && d->param == 1.0) ||
	    (d->kind == DIST_PARETO && (d->param <= 0.0 || d->param >= 1.0)) ||
	    (d->kind == DIST_NORMAL && (d->param < 0.0 || d->param >= 100.0))) {
		enum dist_kind kind = d->kind;

		free(d);
		return bad(p, o, "%s", kind == DIST_ZIPF ? "zipf theta must different than 1.0" :
			   kind == DIST_PARETO ? "pareto input out of range (0 < input < 1.0)" :
			   "normal deviation out of range (0 <= input < 100.0)");
	}
	free(j->rdist);
	free(j->rdist_trim);
	j->rdist = d;
	j->rdist_trim = trim;
	j->ntrim_zones = ntrim;
	return 0;
}

static int get_dist(struct planner *p, const struct jf_opt *o, struct fjob *j, dist_parser parse)
{
	char buf[2048], *dirs[3] = { 0 }, *c;
	unsigned n = 1;

	if (strlen(o->val) >= sizeof(buf))
		return bad(p, o, "too long");
	memcpy(buf, o->val, strlen(o->val) + 1);
	dirs[0] = buf;
	while (n < 3 && (c = strchr(dirs[n - 1], ','))) {
		*c = 0;
		dirs[n++] = c + 1;
	}
	for (unsigned d = 0; d < 3; d++) {
		struct bs_dist *b;

		if (d > 0 && d >= n) {	/* the last list carries on */
			if (!*dirs[n - 1] || !j->dist[n - 1])
				continue;
			if (!(b = malloc(sizeof(*b))))
				return bad(p, o, "out of memory");
			*b = *j->dist[n - 1];
			set_dist(j, (int)d, b);
			continue;
		}
		if (!*dirs[d])
			continue;
		b = calloc(1, sizeof(*b));
		if (!b)
			return bad(p, o, "out of memory");
		if (parse(p, o, dirs[d], j->kb_base, b)) {
			free(b);
			return -EINVAL;
		}
		set_dist(j, (int)d, b);
	}
	return 0;
}

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
		return bad(p, o, "not an even number of hex digits after 0x (up to %d bytes)",
			   PATTERN_MAX);
	if (r)
		return bad(p, o, "a pattern has 1 to %d bytes", PATTERN_MAX);
	return 0;
}

/*
 * rw=MODE:N, as fio's str_rw_cb(). On a sequential mode, fio's hole: N bytes
 * skipped after each I/O (offsets 0, bs + N, 2 (bs + N) ..., back to the start
 * past the end); a negative N goes backward (fio's get_next_seq_offset(),
 * wrapping to the end). On a random mode, a new random offset every N I/Os,
 * the next or the same block in between (rw_sequencer).
 */
static int get_rw_suffix(struct planner *p, const struct jf_opt *o, struct fjob *j, const char *v)
{
	uint64_t n;

	if (rw_random(j->rw)) {
		if (parse_uint(v, 1u << 30, &n) || !n)
			return bad(p, o, "'%s' is not a count of I/Os (1 or more) between random offsets", v);
		j->seq_every = (unsigned)n;
		return 0;
	}
	if (get_size(p, o, v + (*v == '-'), j->kb_base, &n, NULL))
		return -EINVAL;
	if (n > (1ull << 40))
		return bad(p, o, "a hole of at most 1 TiB");
	*(*v == '-' ? &j->seq_back : &j->seq_hole) = n;
	return 0;
}

static int get_rw(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum rw_mode m; } modes[] = {
		{ "read", RW_READ }, { "write", RW_WRITE }, { "randread", RW_RANDREAD },
		{ "randwrite", RW_RANDWRITE }, { "rw", RW_RW }, { "readwrite", RW_RW },
		{ "randrw", RW_RANDRW }, { "trim", RW_TRIM }, { "randtrim", RW_RANDTRIM },
		{ "trimwrite", RW_TRIMWRITE }, { "randtrimwrite", RW_RANDTRIMWRITE },
	};

	const char *colon = strchr(o->val, ':');
	size_t n = colon ? (size_t)(colon - o->val) : strlen(o->val);

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (strlen(modes[i].name) == n && !strncmp(o->val, modes[i].name, n)) {
			j->rw = modes[i].m;
			j->seq_hole = j->seq_back = 0;
			j->seq_every = 0;
			return colon ? get_rw_suffix(p, o, j, colon + 1) : 0;
		}
	}
	return bad(p, o, "not a mode (read, write, randread, randwrite, rw, randrw, trim, randtrim, "
		   "trimwrite, randtrimwrite)");
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
	return bad(p, o, "not none, native, posix, keep or truncate (or 0, 1)");
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
	return bad(p, o, "not 0, 1, random, sequential or noreuse");
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
			return bad(p, o, "':%s' is not a number of I/Os", colon + 1);
		j->fpick = modes[i].pick;
		j->fpick_every = every ? (unsigned)every : 1;
		return 0;
	}
	if ((n == 4 && !strncmp(o->val, "zipf", 4)) || (n == 6 && !strncmp(o->val, "pareto", 6)) ||
	    (n == 6 && !strncmp(o->val, "normal", 6)) || (n == 5 && !strncmp(o->val, "gauss", 5)))
		return bad(p, o, "fio's skewed file choice (zipf, pareto, normal, gauss) is not "
			   "implemented by iobench: random, roundrobin or sequential");
	return bad(p, o, "not random, roundrobin or sequential (with :N)");
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
		return bad(p, o, "'%s': fio knows the errno names EPERM to ERANGE only (1 to 34); "
			   "give other errors by number", e);
	}
	if (parse_uint(e[0] == '-' ? e + 1 : e, 4095, &v) || !v)
		return bad(p, o, "'%s' is not an errno (a name such as EIO, or 1 to 4095)", e);
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
		return bad(p, o, "too long");
	memcpy(buf, o->val, strlen(o->val) + 1);
	for (unsigned t = 0; type; t++, type = next) {
		struct err_list l = { 0 };

		next = strchr(type, ',');
		if (next)
			*next++ = 0;
		if (t == ERR_TYPES)
			return bad(p, o, "more than three lists (reads, writes, verify)");
		for (char *e = type, *c; e && *e; e = c) {	/* fio stops at an empty name */
			c = strchr(e, ':');
			if (c)
				*c++ = 0;
			if (l.n == ERR_LIST_MAX)
				return bad(p, o, "more than %d errors in one list", ERR_LIST_MAX);
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
			return bad(p, o, "more than %d percentiles", STATS_PCT_MAX);
		errno = 0;
		v = strtod(s, &end);
		if (end == s || errno || !(v > 0 && v <= 100) || (*end && *end != ':'))
			return bad(p, o, "'%.*s' is not a percentile (a number above 0, up to 100)",
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
		return bad(p, o, "not a list of CPUs (0,5,8-15; CPUs 0 to %d)", AFFINITY_MAX - 1);
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
		return bad(p, o, "not a mask of CPUs 0 to 31 (a number up to 0xffffffff, a bit a CPU: "
			   "3 is CPUs 0 and 1)");
	if (!v)
		return bad(p, o, "the mask holds no CPU");
	memset(j->cpus, 0, sizeof(j->cpus));
	j->cpus[0] = v;
	j->cpus_given = true;
	return 0;
}

/* io_uring's registerfiles, fixedbufs, nonvectored, force_async and sqthread_poll_cpu. */
static int get_uring(struct planner *p, const struct jf_opt *o, struct fjob *j, enum opt_id id)
{
	long v;
	char *end;

	if (id == F_REGFILES)
		return get_bool(p, o, &j->regfiles);
	if (id == F_FIXEDBUFS)
		return get_bool(p, o, &j->fixedbufs);
	if (id == F_FORCE_ASYNC)
		return get_u(p, o, 0, UINT32_MAX, &j->force_async);
	if (id == F_SQ_CPU)
		return get_int(p, o, 0, AFFINITY_MAX - 1, &j->sq_cpu);
	errno = 0;		/* nonvectored: fio's int, -1 (fio's default: probe, then 1) */
	v = strtol(o->val, &end, 10);
	if (end == o->val || *end || errno || v < -1 || v > 1)
		return bad(p, o, "not -1, 0 or 1 (0: readv and writev; 1 or -1: read and write)");
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
		return bad(p, o, "GPU memory, for fio's rdma engine (GPUDirect RDMA), which iobench "
			   "does not have");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (strlen(kinds[i].name) != n || strncmp(o->val, kinds[i].name, n))
			continue;
		if (colon && kinds[i].m < MEM_MMAP)
			return bad(p, o, "a file is for mmap, mmaphuge and mmapshared only");
		if (colon && !colon[1])
			return bad(p, o, "the file after ':' is empty");
		j->mem = kinds[i].m;
		j->mem_file = colon ? colon + 1 : NULL;
		return 0;
	}
	return bad(p, o, "not malloc, shm, shmhuge, mmap, mmaphuge or mmapshared (with "
		   ":FILE for the mmap kinds)");
}

/* A fio_stats bit set (on) or cleared from a 0/1 option. */
static int get_stats_bit(struct planner *p, const struct jf_opt *o, struct fjob *j, unsigned bit)
{
	bool b;

	if (get_bool(p, o, &b))
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
		return bad(p, o, "iobench's mmap engine is DiskSpd's -Sm; fio's mmap engine (its "
			   "msync on fsync and sync) is not implemented");
	if (!j->engine) {
		char names[128] = "sync";	/* and pvsync, which run as psync */
		size_t n = strlen(names);

		for (unsigned i = 0; i < engine_count; i++)	/* mmap: DiskSpd's -Sm alone */
			if (strcmp(engine_list[i]->name, "mmap"))
				n += (size_t)snprintf(names + n, sizeof(names) - n, ", %s",
						      engine_list[i]->name);
		return bad(p, o, "not an engine of iobench (%s%s)", names,
			   engine_name("iocp") ? ", windowsaio" : "");
	}
	return 0;
}

/*
 * rate=, rate_iops= and their _min: READ[,WRITE[,TRIM]] as fio's blocksize
 * lists; one value is all three, an empty one (rate=,500k) none. Bytes (with
 * fio's units) or, when iops, a whole number. out[3]: reads, writes, trims.
 */
static int get_rates(struct planner *p, const struct jf_opt *o, unsigned kb, bool iops,
		     uint64_t out[3])
{
	const char *v = o->val;
	unsigned n = 0;

	for (;;) {
		const char *c = strchr(v, ',');
		size_t l = c ? (size_t)(c - v) : strlen(v);
		char part[64];

		if (n == 3 || l >= sizeof(part))
			return bad(p, o, "not READ[,WRITE[,TRIM]] rates");
		memcpy(part, v, l);
		part[l] = 0;
		out[n] = 0;
		if (*part && (iops ? parse_uint(part, UINT32_MAX, &out[n]) != 0
				   : fio_parse_size(part, kb, &out[n], NULL) != 0))
			return bad(p, o, "'%s' is not a rate (%s a second)", part, iops ? "I/Os" : "bytes");
		n++;
		if (!c)
			break;
		v = c + 1;
	}
	if (n == 1)
		out[1] = out[2] = out[0];
	for (unsigned i = n; i < 3 && n > 1; i++)
		out[i] = 0;
	return 0;
}

/* fio's pacing options (struct pace_spec), kept as given in j->rates until the job is built. */
static int get_pace(struct planner *p, struct fjob *j, const struct jf_opt *o, unsigned id)
{
	struct pace_spec *ps = &j->pace;
	uint64_t v;
	bool b = false;

	switch (id) {
	case F_RATE: return get_rates(p, o, j->kb_base, false, j->rates[0]);
	case F_RATE_IOPS: return get_rates(p, o, j->kb_base, true, j->rates[1]);
	case F_RATE_MIN: return get_rates(p, o, j->kb_base, false, j->rates[2]);
	case F_RATE_IOPS_MIN: return get_rates(p, o, j->kb_base, true, j->rates[3]);
	case F_RATE_CYCLE:	/* fio's int, ms */
		if (get_uint(p, o, 1, UINT32_MAX, &v))
			return -EINVAL;
		ps->min_cycle_ms = (uint32_t)v;
		return 0;
	case F_RATE_PROCESS:
		if (strcmp(o->val, "linear") && strcmp(o->val, "poisson"))
			return bad(p, o, "not linear or poisson");
		ps->poisson = !strcmp(o->val, "poisson");
		return 0;
	case F_RATE_IGN_THINK:
		if (get_bool(p, o, &b))
			return -EINVAL;
		ps->ignore_think = b;
		return 0;
	case F_THINKTIME: return get_time(p, o, 1000, &ps->think_ns);
	case F_THINK_SPIN: return get_time(p, o, 1000, &ps->think_spin_ns);
	case F_THINK_IOTIME: return get_time(p, o, 1000000000ull, &ps->think_iotime_ns);
	case F_THINK_BLOCKS:
		if (get_uint(p, o, 1, UINT32_MAX, &v))
			return -EINVAL;
		ps->think_blocks = (unsigned)v;
		ps->think_blocks_set = true;
		return 0;
	case F_THINK_BTYPE:
		if (strcmp(o->val, "complete") && strcmp(o->val, "issue"))
			return bad(p, o, "not complete or issue");
		ps->think_issue = !strcmp(o->val, "issue");
		return 0;
	/* fio's latency_target and latency_window: times, microseconds without a unit */
	case F_LAT_TARGET: return get_time(p, o, 1000, &ps->lat_target_ns);
	case F_LAT_WINDOW: return get_time(p, o, 1000, &ps->lat_window_ns);
	case F_LAT_PERCENTILE: {	/* fio's float in [0, 100], default 100 */
		char *end;
		double d;

		errno = 0;
		d = strtod(o->val, &end);
		if (end == o->val || *end || errno || !(d >= 0 && d <= 100))
			return bad(p, o, "not a percentage (a number from 0 to 100)");
		ps->lat_over_pct = 100.0 - d;
		return 0;
	}
	case F_LAT_RUN:
		if (get_bool(p, o, &b))
			return -EINVAL;
		ps->lat_run = b;
		return 0;
	default:
		return -ENOENT;
	}
}

int fio_job_apply(struct planner *p, struct fjob *j, const struct jf_opt *o)
{
	const struct fopt *f = find_opt(o->key);
	uint64_t v;
	bool b;

	if (!f) {
		int r = fio_verify_apply(p, &j->verify, o);

		return r == -ENOENT ? unknown(p, o) : r;
	}
	if (f->arg == A_VALUE && !o->val)
		return bad(p, o, "needs a value (%s=...)", o->key);
	if (f->arg == A_VALUE && !*o->val)
		return bad(p, o, "the value is empty");
	switch (f->id) {
	case F_RATE: case F_RATE_IOPS: case F_RATE_MIN: case F_RATE_IOPS_MIN: case F_RATE_CYCLE:
	case F_RATE_PROCESS:
	case F_RATE_IGN_THINK: case F_THINKTIME: case F_THINK_SPIN: case F_THINK_BLOCKS:
	case F_THINK_BTYPE: case F_THINK_IOTIME: case F_LAT_TARGET: case F_LAT_WINDOW:
	case F_LAT_PERCENTILE: case F_LAT_RUN:
		return get_pace(p, j, o, f->id);
	case F_NAME: j->name = o->val; return 0;
	case F_DESCRIPTION: j->description = o->val; return 0;
	case F_FILENAME: j->filename = o->val; return 0;
	case F_DIRECTORY: j->directory = o->val; return 0;
	case F_RW_SEQUENCER:
		if (strcmp(o->val, "sequential") && strcmp(o->val, "identical"))
			return bad(p, o, "not sequential or identical");
		j->seq_identical = !strcmp(o->val, "identical");
		return 0;
	case F_FILENAME_FORMAT: j->filename_format = o->val; return 0;
	case F_UNIQUE_FILENAME:	/* fio: a client's IP before names in directory=, client/server only */
		return get_bool(p, o, &b);
	case F_WAIT_FOR: j->wait_for = o->val; return 0;
	case F_IOENGINE: return get_engine(p, o, j);
	case F_RW: return get_rw(p, o, j);
	case F_RWMIXREAD:
		if (get_uint(p, o, 0, 100, &v))
			return -EINVAL;
		j->write_pct = 100 - (unsigned)v;
		return 0;
	case F_RWMIXWRITE:
		return get_u(p, o, 0, 100, &j->write_pct);
	case F_BS:
		for (int d = 0; d < 3; d++)	/* a later bs= replaces an earlier bsrange or bssplit */
			set_dist(j, d, NULL);
		return get_bs(p, o, j);
	case F_BSRANGE: return get_dist(p, o, j, parse_range);
	case F_BSSPLIT: return get_dist(p, o, j, parse_split);
	case F_PERC_RAND: return get_perc_rand(p, o, j, false);
	case F_PERC_SEQ: return get_perc_rand(p, o, j, true);
	case F_RAND_DIST: return get_rand_dist(p, o, j);
	case F_FSYNC: return get_u(p, o, 0, UINT32_MAX, &j->fsync_every);
	case F_NUMJOBS: return get_u(p, o, 1, MAX_NUMJOBS, &j->numjobs);
	case F_IODEPTH: return get_u(p, o, 1, MAX_IODEPTH, &j->iodepth);
	case F_BATCH_SUBMIT: return get_u(p, o, 0, MAX_IODEPTH, &j->batch_submit);
	case F_COMPLETE_MIN: return get_u(p, o, 0, MAX_IODEPTH, &j->complete_min);
	case F_COMPLETE_MAX: return get_u(p, o, 0, MAX_IODEPTH, &j->complete_max);
	case F_IODEPTH_LOW: return get_u(p, o, 0, MAX_IODEPTH, &j->iodepth_low);
	case F_DIRECT: return get_bool(p, o, &j->direct);
	case F_BUFFERED:
		if (get_bool(p, o, &b))
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
			return bad(p, o, "not none, sync or dsync (or 0, 1)");
		return 0;
	case F_END_FSYNC: return get_bool(p, o, &j->end_fsync);
	case F_INVALIDATE: return get_bool(p, o, &j->invalidate);
	case F_FADVISE: return get_fadvise(p, o, j);
	case F_FST: return get_file_service(p, o, j);
	case F_HIPRI: return get_bool(p, o, &j->hipri);
	case F_SQTHREAD_POLL: return get_bool(p, o, &j->sqpoll);
	case F_TIME_BASED: return get_bool(p, o, &j->time_based);
	case F_RUNTIME: return get_time(p, o, 1000000000ull, &j->runtime_ns);
	case F_RAMP: return get_time(p, o, 1000000000ull, &j->ramp_ns);
	case F_STARTDELAY:
		if (strchr(o->val, '-') || strchr(o->val, ':'))
			return bad(p, o, "a random start delay (a range) is not implemented by iobench");
		return get_time(p, o, 1000000000ull, &j->startdelay_ns);
	case F_SIZE:
		if (get_size(p, o, o->val, j->kb_base, &j->size, &j->size_pct))
			return -EINVAL;
		if (j->size_pct && !j->size)	/* 0% is an offset's, not a size's */
			return bad(p, o, "0%% of the file leaves nothing to do");
		return 0;
	case F_FILESIZE:
		if (strchr(o->val, '-') || strchr(o->val, ':'))
			return bad(p, o, "a range of file sizes is not implemented by iobench");
		return get_size(p, o, o->val, j->kb_base, &j->filesize, NULL);
	case F_OFFSET:
		if (get_size(p, o, o->val, j->kb_base, &j->offset, &j->offset_pct))
			return -EINVAL;
		j->offset_pct &= j->offset != 0;	/* offset=0% is offset 0, as in fio */
		return 0;
	case F_OFFSET_INC:
		return get_size(p, o, o->val, j->kb_base, &j->offset_increment, NULL);
	case F_IO_SIZE: return get_size(p, o, o->val, j->kb_base, &j->io_size, NULL);
	case F_NUMBER_IOS: return get_uint(p, o, 0, UINT64_MAX, &j->number_ios);
	case F_LOOPS: return get_u(p, o, 1, 1000000, &j->loops);
	case F_NRFILES: return get_u(p, o, 1, MAX_FILES, &j->nrfiles);
	case F_RANDREPEAT: return get_bool(p, o, &j->randrepeat);
	case F_RANDSEED:
		j->randseed_set = true;
		return get_uint(p, o, 0, UINT64_MAX, &j->randseed);
	case F_NORANDOMMAP:
	case F_THREAD:
		return get_bool(p, o, &b);	/* iobench always works this way: see docs */
	case F_GROUP_REPORTING: return get_bool(p, o, &j->group_reporting);
	case F_STONEWALL: return get_bool(p, o, &j->stonewall);
	case F_NEW_GROUP: return get_bool(p, o, &j->new_group);
	case F_ZERO_BUFFERS: return get_bool(p, o, &j->zero_buffers);
	case F_COMPRESS: return get_u(p, o, 0, 100, &j->compress_pct);
	case F_COMPRESS_CHUNK:
		if (get_size(p, o, o->val, j->kb_base, &v, NULL))
			return -EINVAL;
		if (v != 512)
			return bad(p, o, "iobench makes data compressible in 512-byte chunks only");
		return 0;
	case F_DEDUPE: return get_u(p, o, 0, 100, &j->dedupe_pct);
	case F_PATTERN: return get_pattern(p, o, j);
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
			return bad(p, o, "not none, read, write, io, verify or all");
		return 0;
	case F_REFILL:
		if (get_bool(p, o, &b))
			return -EINVAL;
		j->refill = b ? 1 : 0;
		return 0;
	case F_SCRAMBLE: return get_bool(p, o, &j->scramble);
	case F_UNLINK:
		if (get_bool(p, o, &b))
			return -EINVAL;
		j->unlink = b ? UNLINK_REMOVE : UNLINK_KEEP;
		return 0;
	case F_UNLINK_EACH_LOOP: return get_bool(p, o, &j->unlink_each_loop);
	case F_ALLOW_CREATE: return get_bool(p, o, &j->allow_create);
	case F_CREATE_ON_OPEN: return get_bool(p, o, &j->create_on_open);
	case F_FALLOCATE: return get_fallocate(p, o, j);
	case F_OPENFILES: return get_u(p, o, 1, MAX_FILES, &j->openfiles);
	case F_BLOCKALIGN: return get_dirs(p, o, j, j->ba);
	case F_EXITALL:
		if (o->val && get_bool(p, o, &b))
			return -EINVAL;
		if (o->val && !b)
			fio_notice(p, "%s: exitall=0 turns exitall on, as in fio 3.33 (whose exitall "
				   "takes no value and ignores one)", o->where);
		j->exitall = true;
		return 0;
	case F_EXITALL_ON_ERROR: return get_bool(p, o, &j->exitall_on_error);
	case F_EXIT_WHAT:	/* iobench runs one group at a time: stonewall's running jobs are the group's */
		if (strcmp(o->val, "group") && strcmp(o->val, "stonewall") && strcmp(o->val, "all"))
			return bad(p, o, "not group, stonewall or all");
		j->exit_all = !strcmp(o->val, "all");
		return 0;
	case F_IGNORE_ERROR: return get_ignore_error(p, o, j);
	case F_CLAT_PCT:
		if (get_bool(p, o, &b))
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
	case F_DISABLE_BW: return get_bool(p, o, &j->logset.no_bw);
	case F_SLAT_PCT:
	case F_DISABLE_SLAT:	/* iobench never times submission apart: slat_ns stays empty */
		if (get_bool(p, o, &b))
			return -EINVAL;
		fio_notice(p, "%s: %s: iobench does not time submission apart (fio's slat), so "
			   "slat_ns is empty either way, as fio's with a synchronous engine", o->where,
			   o->key);
		return 0;
	case F_PCT_LIST: return get_pct_list(p, o, j);
	case F_PRIO: return get_int(p, o, 0, 7, &j->prio);	/* fio's IOPRIO_MIN/MAX_PRIO */
	case F_PRIOCLASS: return get_int(p, o, 0, 3, &j->prioclass);
	case F_CPUS_ALLOWED: return get_cpus_allowed(p, o, j);
	case F_CPUMASK: return get_cpumask(p, o, j);
	case F_CPUS_POLICY:
		if (strcmp(o->val, "shared") && strcmp(o->val, "split"))
			return bad(p, o, "not shared or split");
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
		return bad(p, o, "an option of fio's io_uring_cmd engine (NVMe passthrough commands "
			   "on a /dev/ngXnY character device), which iobench does not have");
	case F_MEM: return get_mem(p, o, j);
	case F_MEM_ALIGN:
		if (get_size(p, o, o->val, j->kb_base, &j->mem_align, NULL))
			return -EINVAL;
		if (j->mem_align > (1u << 30))
			return bad(p, o, "more than 1g");
		return 0;
	case F_CMDPRIO:
		return bad(p, o, "per-I/O priorities (fio's io_uring and libaio cmdprio_*) are not "
			   "implemented by iobench: fio reports such a job's latencies per priority "
			   "(clat_prio), which iobench does not split; prio and prioclass give all "
			   "of a job's I/O one priority");
	case F_KB_BASE:
		if (get_uint(p, o, 1000, 1024, &v) || (v != 1000 && v != 1024))
			return bad(p, o, "kb_base is 1024 or 1000");
		j->kb_base = (unsigned)v;
		return 0;
	case F_BW_LOG:
	case F_LAT_LOG:
	case F_IOPS_LOG:
	case F_HIST_LOG:	/* without a name, the job's own: NAME_bw.N.log */
		j->log_prefix[f->id - F_BW_LOG] = o->val && *o->val ? o->val : "";
		return 0;
	case F_LOG_AVG:
	case F_LOG_HIST:	/* ms */
		if (get_uint(p, o, 0, UINT32_MAX / 2, &v))
			return -EINVAL;
		*(f->id == F_LOG_AVG ? &j->logset.avg_ms : &j->logset.hist_ms) = (uint32_t)v;
		return 0;
	case F_LOG_COARSE: return get_u(p, o, 0, 6, &j->logset.hist_coarseness);
	case F_LOG_MAX: return get_bool(p, o, &j->logset.max_value);
	case F_LOG_OFFSET: return get_bool(p, o, &j->logset.offset);
	case F_PER_JOB_LOGS: return get_bool(p, o, &j->logset.per_job);
	case F_LOG_UNIX: return get_bool(p, o, &j->logset.unix_epoch);
	case F_BW_AVG:
	case F_IOPS_AVG:	/* ms, fio's FIO_OPT_INT */
		if (get_uint(p, o, 1, 3600000, &v))
			return -EINVAL;
		j->avg_ms[f->id == F_IOPS_AVG] = (uint32_t)v;
		return 0;
	case F_LOG_ENTRIES:
		if (get_uint(p, o, 1, UINT32_MAX, &v))
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
