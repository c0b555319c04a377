/* SPDX-License-Identifier: MIT */
/*
 * fiojob.c: fio's job options with fio's meanings and defaults, and the
 * step from jobs and groups to iobench workloads. Every option fio has is
 * either applied, accepted with a notice (it only tunes fio's own overhead),
 * or refused by name; an unknown option is an error with a suggestion.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "job/fiojob.h"
#include "job/units.h"
#include "platform/blockdev.h"
#include "util/errmsg.h"

#define MAX_NUMJOBS 4096
#define MAX_IODEPTH 65536
#define MAX_FILES 4096

enum rw_mode { RW_READ, RW_WRITE, RW_RANDREAD, RW_RANDWRITE, RW_RW, RW_RANDRW };

/* One job as its options leave it. Strings point into the parsed document. */
struct fjob {
	const char *name, *where, *description;
	const char *filename, *directory, *wait_for;
	const char *engine;
	enum rw_mode rw;
	unsigned write_pct;		/* from rwmixread/rwmixwrite, for rw and randrw */
	uint64_t bs[2];
	struct bs_dist *dist[2];	/* bsrange/bssplit per direction (owned), or NULL */
	unsigned fsync_every;
	unsigned numjobs, iodepth, batch_submit, complete_min, complete_max, iodepth_low;
	bool direct;
	unsigned cache_sync;		/* 0, CACHE_SYNC or CACHE_WRITE_THROUGH */
	bool end_fsync, time_based, zero_buffers;
	unsigned compress_pct, dedupe_pct, pattern_len;
	unsigned continue_on_error;	/* CONTINUE_* */
	unsigned char pattern[PATTERN_MAX];
	uint64_t runtime_ns, ramp_ns, startdelay_ns;
	uint64_t size, filesize, offset, offset_increment, io_size, number_ios;
	bool size_pct, offset_pct;
	unsigned loops, nrfiles;
	bool randrepeat;
	uint64_t randseed;
	bool group_reporting, stonewall, new_group;
	unsigned kb_base;
	unsigned file;
};

enum opt_id {
	F_NAME, F_DESCRIPTION, F_FILENAME, F_DIRECTORY, F_IOENGINE, F_RW, F_RWMIXREAD,
	F_RWMIXWRITE, F_BS, F_NUMJOBS, F_IODEPTH, F_BATCH_SUBMIT, F_COMPLETE_MIN,
	F_COMPLETE_MAX, F_IODEPTH_LOW, F_DIRECT, F_BUFFERED, F_SYNC, F_END_FSYNC,
	F_TIME_BASED, F_RUNTIME, F_RAMP, F_STARTDELAY, F_SIZE, F_FILESIZE, F_OFFSET,
	F_OFFSET_INC, F_IO_SIZE, F_NUMBER_IOS, F_LOOPS, F_NRFILES, F_RANDREPEAT, F_RANDSEED,
	F_NORANDOMMAP, F_THREAD, F_GROUP_REPORTING, F_STONEWALL, F_NEW_GROUP, F_WAIT_FOR,
	F_KB_BASE, F_ZERO_BUFFERS, F_OVERHEAD_ONLY, F_BSRANGE, F_BSSPLIT, F_FSYNC,
	F_COMPRESS, F_COMPRESS_CHUNK, F_DEDUPE, F_PATTERN, F_REFILL, F_CONTINUE,
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
	{ "end_fsync", F_END_FSYNC, A_BOTH }, { "time_based", F_TIME_BASED, A_BOTH },
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
	{ "bsrange", F_BSRANGE, A_VALUE }, { "blocksize_range", F_BSRANGE, A_VALUE },
	{ "bssplit", F_BSSPLIT, A_VALUE }, { "fsync", F_FSYNC, A_VALUE },
	{ "buffer_compress_percentage", F_COMPRESS, A_VALUE },
	{ "buffer_compress_chunk", F_COMPRESS_CHUNK, A_VALUE },
	{ "dedupe_percentage", F_DEDUPE, A_VALUE }, { "buffer_pattern", F_PATTERN, A_VALUE },
	{ "refill_buffers", F_REFILL, A_BOTH }, { "scramble_buffers", F_REFILL, A_BOTH },
	{ "continue_on_error", F_CONTINUE, A_VALUE },
};

/* fio options iobench knows of but does not implement: a clear error each. */
static const char *const fio_not_here[] = {
	"allow_file_create", "allow_mounted_write", "atomic", "ba", "blockalign",
	"bs_is_seq_rand", "bs_unaligned",
	"cgroup",
	"clat_percentiles", "cmdprio", "cmdprio_percentage",
	"cpumask", "cpus_allowed", "cpus_allowed_policy", "create_on_open", "create_only",
	"create_serialize", "disable_bw", "disable_clat", "disable_lat",
	"disable_slat", "disk_util", "do_verify", "end_syncfs", "exec_postrun",
	"exec_prerun", "exitall", "exitall_on_error", "exit_what", "fadvise_hint",
	"fallocate", "fdatasync", "file_service_type", "filename_format", "fill_device",
	"fixedbufs", "flow", "fsync_on_close", "gtod_cpu", "hipri", "ignore_error",
	"invalidate", "iomem", "mem", "ioscheduler", "io_submit_mode", "latency_target",
	"latency_window", "latency_percentile", "lat_percentiles", "lockfile", "lockmem",
	"log_avg_msec", "max_latency", "nice", "nonvectored", "nowait", "numa_cpu_nodes",
	"numa_mem_policy", "openfiles", "percentage_random", "percentile_list", "pre_read",
	"prio", "prioclass", "random_distribution", "random_generator", "rate",
	"rate_iops", "rate_iops_min", "rate_min", "rate_process", "read_iolog",
	"registerfiles", "replay_no_stall", "rw_sequencer", "serialize_overlap", "softrandommap", "sqthread_poll",
	"ss", "ss_dur", "ss_ramp", "stats", "thinktime", "thinktime_blocks",
	"thinktime_spin", "trim_percentage", "uid", "gid", "unified_rw_reporting", "unlink",
	"unlink_each_loop", "verify", "verify_backlog", "verify_fatal", "verify_pattern",
	"verify_interval", "verify_offset", "verify_only", "write_bw_log", "write_hist_log",
	"write_iolog", "write_iops_log", "write_lat_log", "zonemode", "zonesize",
	"zonerange", "zoneskip", "per_job_logs", "log_offset", "significant_figures",
	"unit_base", "bwavgtime", "iopsavgtime", "ramp_size", "fsync_on_close",
	"userspace_reap", "force_async", "experimental_verify", "trim_backlog",
};

struct planner {
	char *err;
	size_t errlen;
	char *notices;
	size_t nlen;
};

static void notice(struct planner *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void notice(struct planner *p, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;
	char *s;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (p->notices && strstr(p->notices, line))
		return;		/* once is enough */
	n = strlen(line);
	s = realloc(p->notices, p->nlen + n + 2);
	if (!s)
		return;
	memcpy(s + p->nlen, line, n);
	s[p->nlen + n] = '\n';
	s[p->nlen + n + 1] = 0;
	p->notices = s;
	p->nlen += n + 1;
}

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
		if (!pct || p[1] || v == 0 || v > 100)
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
	const char *best = NULL;
	unsigned bd = 3;

	for (size_t i = 0; i < sizeof(fio_not_here) / sizeof(fio_not_here[0]); i++)
		if (!strcmp(fio_not_here[i], o->key))
			return errmsg(p->err, p->errlen, -EINVAL, "%s: %s: a fio option that iobench "
				      "does not implement (docs/jobfiles.md lists what it does)",
				      o->where, o->key);
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

static void iec_notice(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb)
{
	size_t n = strlen(v);

	if (n > 2 && !strcasecmp(v + n - 2, "ib"))
		notice(p, "%s: %s=%s: fio reads a full IEC suffix (KiB, MiB, ...) in base %u when "
		       "kb_base=%u; iobench does the same", o->where, o->key, v,
		       kb == 1024 ? 1000 : 1024, kb);
}

static int get_size(struct planner *p, const struct jf_opt *o, const char *v, unsigned kb,
		    uint64_t *out, bool *pct)
{
	int r = fio_parse_size(v, kb, out, pct);

	if (r == -ERANGE)
		return bad(p, o, "'%s' is too large", v);
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
static int get_bs(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	char buf[256], *parts[3] = { 0 }, *s;
	unsigned n = 0;

	if (strlen(o->val) >= sizeof(buf))
		return bad(p, o, "too long");
	strcpy(buf, o->val);
	s = buf;
	parts[n++] = s;
	for (; *s && n < 3; s++) {
		if (*s == ',' || *s == ':' || (*s == '-' && s != buf)) {
			if (*s != ',')
				notice(p, "%s: bs=%s: fio reads '%c' as a separator between the read "
				       "and write sizes, not a range (bsrange= is a range); iobench "
				       "does the same", o->where, o->val, *s);
			*s = 0;
			parts[n++] = s + 1;
		}
	}
	for (unsigned d = 0; d < 2 && d < n; d++) {
		uint64_t v;

		if (!*parts[d])
			continue;
		if (get_size(p, o, parts[d], j->kb_base, &v, NULL))
			return -EINVAL;
		if (!v || v > (1u << 30))
			return bad(p, o, "a block size must be from 1 byte to 1 GiB");
		j->bs[d] = v;
		if (d == 0 && n == 1)
			j->bs[1] = v;
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
 * a single part is for reads and writes; an empty one leaves that direction
 * as it was; trims are accepted and unused (iobench issues none).
 */
static int get_dist(struct planner *p, const struct jf_opt *o, struct fjob *j, dist_parser parse)
{
	char buf[2048], *dirs[2] = { 0 }, *c;
	unsigned n = 1;

	if (strlen(o->val) >= sizeof(buf))
		return bad(p, o, "too long");
	strcpy(buf, o->val);
	dirs[0] = buf;
	if ((c = strchr(buf, ','))) {
		*c = 0;
		dirs[n++] = c + 1;
		if ((c = strchr(dirs[1], ',')))
			*c = 0;
	}
	for (unsigned d = 0; d < n; d++) {
		struct bs_dist *b;

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
		if (n == 1) {
			struct bs_dist *w = malloc(sizeof(*w));

			if (!w)
				return bad(p, o, "out of memory");
			*w = *b;
			set_dist(j, 1, w);
		}
	}
	return 0;
}

/* buffer_pattern=0xHEX, or "text" / 'text' / text. */
static int get_pattern(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	const char *v = o->val;
	size_t n = strlen(v);

	if (!strncmp(v, "0x", 2) || !strncmp(v, "0X", 2)) {
		size_t h = n - 2;

		if (!h || h % 2 || h / 2 > PATTERN_MAX || strspn(v + 2, "0123456789abcdefABCDEF") != h)
			return bad(p, o, "not an even number of hex digits after 0x (up to %d bytes)",
				   PATTERN_MAX);
		for (size_t i = 0; i < h / 2; i++) {
			char byte[3] = { v[2 + 2 * i], v[3 + 2 * i], 0 };

			j->pattern[i] = (unsigned char)strtoul(byte, NULL, 16);
		}
		j->pattern_len = (unsigned)(h / 2);
		return 0;
	}
	if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
		v++;
		n -= 2;
	}
	if (!n || n > PATTERN_MAX)
		return bad(p, o, "a pattern has 1 to %d bytes", PATTERN_MAX);
	memcpy(j->pattern, v, n);
	j->pattern_len = (unsigned)n;
	return 0;
}

static int get_rw(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	static const struct { const char *name; enum rw_mode m; } modes[] = {
		{ "read", RW_READ }, { "write", RW_WRITE }, { "randread", RW_RANDREAD },
		{ "randwrite", RW_RANDWRITE }, { "rw", RW_RW }, { "readwrite", RW_RW },
		{ "randrw", RW_RANDRW },
	};

	if (strchr(o->val, ':'))
		return bad(p, o, "the ':N' suffix (holes, or a new random offset every N I/Os) is "
			   "not implemented by iobench");
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcmp(o->val, modes[i].name)) {
			j->rw = modes[i].m;
			return 0;
		}
	}
	if (strstr(o->val, "trim"))
		return bad(p, o, "trims are not implemented by iobench");
	return bad(p, o, "not a mode (read, write, randread, randwrite, rw, randrw)");
}

static int get_engine(struct planner *p, const struct jf_opt *o, struct fjob *j)
{
	if (!strcmp(o->val, "sync") || !strcmp(o->val, "psync") || !strcmp(o->val, "pvsync")) {
		j->engine = "psync";
		if (strcmp(o->val, "psync"))
			notice(p, "%s: ioengine=%s runs as psync (one pread/pwrite per I/O)", o->where,
			       o->val);
		return 0;
	}
	j->engine = engine_name(o->val);
	if (!j->engine)
		return bad(p, o, "not an engine of iobench (sync, psync, libaio, io_uring, null)");
	return 0;
}

static int apply(struct planner *p, struct fjob *j, const struct jf_opt *o)
{
	const struct fopt *f = find_opt(o->key);
	uint64_t v;
	bool b;

	if (!f)
		return unknown(p, o);
	if (f->arg == A_VALUE && !o->val)
		return bad(p, o, "needs a value (%s=...)", o->key);
	if (f->arg == A_VALUE && !*o->val)
		return bad(p, o, "the value is empty");
	switch (f->id) {
	case F_NAME: j->name = o->val; return 0;
	case F_DESCRIPTION: j->description = o->val; return 0;
	case F_FILENAME: j->filename = o->val; return 0;
	case F_DIRECTORY: j->directory = o->val; return 0;
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
		set_dist(j, 0, NULL);	/* a later bs= replaces an earlier bsrange or bssplit */
		set_dist(j, 1, NULL);
		return get_bs(p, o, j);
	case F_BSRANGE: return get_dist(p, o, j, parse_range);
	case F_BSSPLIT: return get_dist(p, o, j, parse_split);
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
	case F_TIME_BASED: return get_bool(p, o, &j->time_based);
	case F_RUNTIME: return get_time(p, o, 1000000000ull, &j->runtime_ns);
	case F_RAMP: return get_time(p, o, 1000000000ull, &j->ramp_ns);
	case F_STARTDELAY:
		if (strchr(o->val, '-') || strchr(o->val, ':'))
			return bad(p, o, "a random start delay (a range) is not implemented by iobench");
		return get_time(p, o, 1000000000ull, &j->startdelay_ns);
	case F_SIZE: return get_size(p, o, o->val, j->kb_base, &j->size, &j->size_pct);
	case F_FILESIZE:
		if (strchr(o->val, '-') || strchr(o->val, ':'))
			return bad(p, o, "a range of file sizes is not implemented by iobench");
		return get_size(p, o, o->val, j->kb_base, &j->filesize, NULL);
	case F_OFFSET: return get_size(p, o, o->val, j->kb_base, &j->offset, &j->offset_pct);
	case F_OFFSET_INC:
		return get_size(p, o, o->val, j->kb_base, &j->offset_increment, NULL);
	case F_IO_SIZE: return get_size(p, o, o->val, j->kb_base, &j->io_size, NULL);
	case F_NUMBER_IOS: return get_uint(p, o, 0, UINT64_MAX, &j->number_ios);
	case F_LOOPS: return get_u(p, o, 1, 1000000, &j->loops);
	case F_NRFILES: return get_u(p, o, 1, MAX_FILES, &j->nrfiles);
	case F_RANDREPEAT: return get_bool(p, o, &j->randrepeat);
	case F_RANDSEED: return get_uint(p, o, 0, UINT64_MAX, &j->randseed);
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
		if (!strcmp(o->val, "none") || !strcmp(o->val, "0"))
			j->continue_on_error = 0;
		else if (!strcmp(o->val, "read"))
			j->continue_on_error = CONTINUE_READ;
		else if (!strcmp(o->val, "write"))
			j->continue_on_error = CONTINUE_WRITE;
		else if (!strcmp(o->val, "io") || !strcmp(o->val, "all") || !strcmp(o->val, "1"))
			j->continue_on_error = CONTINUE_READ | CONTINUE_WRITE;
		else if (!strcmp(o->val, "verify"))
			return bad(p, o, "verification in job files is not implemented by iobench");
		else
			return bad(p, o, "not none, read, write, io or all");
		return 0;
	case F_REFILL:
		return get_bool(p, o, &b);	/* iobench makes every write's data fresh anyway */
	case F_KB_BASE:
		if (get_uint(p, o, 1000, 1024, &v) || (v != 1000 && v != 1024))
			return bad(p, o, "kb_base is 1024 or 1000");
		j->kb_base = (unsigned)v;
		return 0;
	case F_OVERHEAD_ONLY:
		notice(p, "%s: %s: this tunes fio's own measuring cost; iobench always measures "
		       "every I/O in full, at less cost", o->where, o->key);
		return 0;
	}
	return 0;
}

static void job_defaults(struct fjob *j)
{
	memset(j, 0, sizeof(*j));
	j->rw = RW_READ;
	j->write_pct = 50;
	j->bs[0] = j->bs[1] = 4096;
	j->numjobs = 1;
	j->iodepth = 1;
	j->complete_min = 1;
	j->loops = 1;
	j->nrfiles = 1;
	j->randrepeat = true;
	j->kb_base = 1024;
	j->engine = "psync";
}

/* Growing arrays of the group under construction. */
struct group {
	struct workload w;
	unsigned cap_targets, cap_jobs;
	const struct fjob *first;	/* its first job, whose timing the others must share */
	bool reporting;
	bool clock_seed;		/* a job has randrepeat=0: a new seed every run */
};

static int add_target(struct group *g, struct target_spec **out)
{
	if (g->w.ntargets == g->cap_targets) {
		unsigned cap = g->cap_targets ? 2 * g->cap_targets : 8;
		struct target_spec *t = realloc(g->w.targets, cap * sizeof(*t));

		if (!t)
			return -ENOMEM;
		g->w.targets = t;
		g->cap_targets = cap;
	}
	*out = &g->w.targets[g->w.ntargets++];
	memset(*out, 0, sizeof(**out));
	return 0;
}

/* The size of an existing file or device at path; 0 when it does not exist. */
static int existing_size(const char *path, uint64_t *size, bool *exists)
{
	struct stat st;
	int fd, r;

	*exists = false;
	*size = 0;
	if (stat(path, &st))
		return errno == ENOENT ? 0 : -errno;
	*exists = true;
	if (S_ISREG(st.st_mode)) {
		*size = (uint64_t)st.st_size;
		return 0;
	}
	if (!S_ISBLK(st.st_mode))
		return 0;	/* targets_check refuses it with its own message */
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	r = blockdev_size(fd, size);
	close(fd);
	return r;
}

/* Splits fio's ':' list (with '\:' for a literal colon) into a fresh array. */
static int split_names(const char *s, char ***out, unsigned *n)
{
	char **v = NULL, *cur = malloc(strlen(s) + 1);
	size_t k = 0;

	*n = 0;
	if (!cur)
		return -ENOMEM;
	for (const char *c = s;; c++) {
		if (*c == '\\' && c[1] == ':') {
			cur[k++] = ':';
			c++;
			continue;
		}
		if (*c && *c != ':') {
			cur[k++] = *c;
			continue;
		}
		if (k) {
			char **nv = *n < MAX_FILES ? realloc(v, (*n + 1) * sizeof(*v)) : NULL;

			if (!nv || !(nv[*n] = strndup(cur, k))) {
				free(nv ? nv : v);
				free(cur);
				*out = NULL;
				return *n < MAX_FILES ? -ENOMEM : -E2BIG;
			}
			v = nv;
			(*n)++;
		}
		k = 0;
		if (!*c)
			break;
	}
	free(cur);
	*out = v;
	return 0;
}

static void free_names(char **v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static char *join_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *s;

	if (name[0] == '/' || !dir[0] || !strcmp(dir, "."))
		return strdup(name);
	s = malloc(n);
	if (s)
		snprintf(s, n, "%s/%s", dir, name);
	return s;
}

/* The paths a job works on: its filename list, or fio's default jobname.clone.file names. */
static int job_paths(struct planner *p, const struct fjob *j, char ***paths, unsigned *n,
		     bool *per_clone)
{
	char **dirs = NULL;
	unsigned ndirs = 0;
	int r = 0;

	*paths = NULL;
	*n = 0;
	if (j->directory && (r = split_names(j->directory, &dirs, &ndirs)))
		goto out;
	*per_clone = !j->filename;
	if (j->filename) {
		if ((r = split_names(j->filename, paths, n)))
			goto out;
		for (unsigned i = 0; i < *n; i++) {
			char *full;

			if (!strcmp((*paths)[i], "-")) {
				r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': filename=- "
					   "(stdin/stdout) is not a target iobench can measure",
					   j->where, j->name);
				goto out;
			}
			full = join_path(ndirs ? dirs[0] : "", (*paths)[i]);
			if (!full) {
				r = -ENOMEM;
				goto out;
			}
			free((*paths)[i]);
			(*paths)[i] = full;
		}
	} else {
		unsigned total = j->numjobs * j->nrfiles;

		if (total > MAX_FILES) {
			r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': %u files (numjobs x "
				   "nrfiles) are more than iobench takes (%d)", j->where, j->name,
				   total, MAX_FILES);
			goto out;
		}
		*paths = calloc(total, sizeof(**paths));
		if (!*paths) {
			r = -ENOMEM;
			goto out;
		}
		for (unsigned k = 0; k < j->numjobs; k++) {
			for (unsigned f = 0; f < j->nrfiles; f++) {
				char name[512];
				unsigned idx = k * j->nrfiles + f;

				snprintf(name, sizeof(name), "%s.%u.%u", j->name, k, f);
				(*paths)[idx] = join_path(ndirs ? dirs[idx % ndirs] : "", name);
				if (!(*paths)[idx]) {
					r = -ENOMEM;
					goto out;
				}
				(*n)++;
			}
		}
	}
	if (!*n)
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': filename names no file",
			   j->where, j->name);
out:
	free_names(dirs, ndirs);
	if (r == -ENOMEM)
		r = errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	else if (r == -E2BIG)
		r = errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': more than %d files",
			   j->where, j->name, MAX_FILES);
	if (r) {
		free_names(*paths, *n);
		*paths = NULL;
		*n = 0;
	}
	return r;
}

/*
 * A file to create that an earlier job of the group also names: the earlier
 * target creates it, large enough for both; t only uses it. Returns 1 when
 * so, 0 when t is the first to name it.
 */
static int shared_create(struct group *g, struct target_spec *t, const struct fjob *j,
			 uint64_t file_size, bool per_clone)
{
	uint64_t need = t->base_offset + file_size +
			(per_clone ? 0 : (uint64_t)(j->numjobs - 1) * j->offset_increment);

	for (unsigned k = 0; k + 1 < g->w.ntargets; k++) {
		struct target_spec *e = &g->w.targets[k];

		if (!e->create_size || strcmp(e->path, t->path))
			continue;
		if (need > e->create_size)
			e->create_size = need;
		return 1;
	}
	return 0;
}

/* The jobs of one group share one measured window: their timing must agree. */
static int same_timing(struct planner *p, const struct fjob *a, const struct fjob *b)
{
	const char *what = a->time_based != b->time_based ? "time_based" :
			   a->runtime_ns != b->runtime_ns ? "runtime" :
			   a->ramp_ns != b->ramp_ns ? "ramp_time" :
			   a->continue_on_error != b->continue_on_error ? "continue_on_error" :
			   strcmp(a->engine, b->engine) ? "ioengine" : NULL;

	if (!what)
		return 0;
	return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s' has another %s than job '%s' of "
		      "its group: iobench runs a group's jobs in one measured window with one "
		      "engine; put stonewall in '%s' to run it as a group of its own",
		      b->where, b->name, what, a->name, b->name);
}

/* Adds job j (fio's options applied) to group g as one job_spec with its targets. */
static int add_job(struct planner *p, struct group *g, const struct fjob *j, unsigned groupid)
{
	struct workload *w = &g->w;
	char **paths;
	unsigned n, nfiles;
	bool per_clone = false, random = j->rw == RW_RANDREAD || j->rw == RW_RANDWRITE || j->rw == RW_RANDRW;
	unsigned write_pct = j->rw == RW_READ || j->rw == RW_RANDREAD ? 0 :
			     j->rw == RW_WRITE || j->rw == RW_RANDWRITE ? 100 : j->write_pct;
	uint64_t rbs = j->bs[0], wbs = j->bs[1];
	uint64_t budget = 0;
	struct job_spec *js;
	int r;

	if (g->first && (r = same_timing(p, g->first, j)))
		return r;
	if (!g->first)
		g->first = j;
	if (j->time_based && !j->runtime_ns)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': time_based needs a runtime",
			      j->where, j->name);
	if ((r = job_paths(p, j, &paths, &n, &per_clone)))
		return r;
	nfiles = per_clone ? j->nrfiles : n;
	if (w->njobs == g->cap_jobs) {
		unsigned cap = g->cap_jobs ? 2 * g->cap_jobs : 4;
		struct job_spec *nj = realloc(w->jobs, cap * sizeof(*nj));

		if (!nj) {
			free_names(paths, n);
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
		}
		w->jobs = nj;
		g->cap_jobs = cap;
	}
	js = &w->jobs[w->njobs];
	memset(js, 0, sizeof(*js));
	js->name = strdup(j->name);
	js->description = j->description ? strdup(j->description) : NULL;
	if (!js->name || (j->description && !js->description)) {
		free(js->name);
		free(js->description);
		free_names(paths, n);
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	}
	w->njobs++;
	js->first_target = w->ntargets;
	js->ntargets = nfiles;
	js->threads = j->numjobs;
	js->per_clone = per_clone;
	js->group = groupid;
	js->start_delay_ns = j->startdelay_ns;
	js->reap_min = j->complete_min ? j->complete_min : 1;
	if (j->iodepth_low && j->iodepth_low < j->iodepth && j->iodepth - j->iodepth_low > js->reap_min)
		js->reap_min = j->iodepth - j->iodepth_low;
	js->reap_max = j->complete_max;
	for (unsigned i = 0; i < n; i++) {
		struct target_spec *t;
		uint64_t have, file_size, range;
		bool exists;
		unsigned depth = !strcmp(j->engine, "psync") ? 1 : j->iodepth;
		unsigned slot = i % nfiles;

		if ((r = add_target(g, &t))) {
			free_names(paths, n);
			return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
		}
		t->path = paths[i];
		paths[i] = NULL;
		r = existing_size(t->path, &have, &exists);
		if (r) {
			free_names(paths, n);
			return errmsg(p->err, p->errlen, r, "%s: job '%s': cannot look at '%s': %s",
				      j->where, j->name, t->path, strerror(-r));
		}
		if ((j->size_pct || j->offset_pct) && !exists) {
			free_names(paths, n);
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': a size or offset in %% "
				      "needs '%s' to exist", j->where, j->name, t->path);
		}
		t->block_size = rbs;
		t->write_block_size = wbs != rbs ? wbs : 0;
		t->write_pct = write_pct;
		for (int d = 0; d < 2; d++) {
			if (!j->dist[d])
				continue;
			t->bs_dist[d] = malloc(sizeof(*t->bs_dist[d]));
			if (!t->bs_dist[d]) {
				free_names(paths, n);
				return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
			}
			*t->bs_dist[d] = *j->dist[d];
		}
		t->random_align = random ? target_min_block(t) : 0;	/* fio's blockalign */
		t->stride = target_max_block(t);
		t->fsync_every = j->fsync_every;
		t->base_offset = j->offset_pct ? have * j->offset / 100 / target_min_block(t) * target_min_block(t) :
				 j->offset;
		file_size = j->filesize ? j->filesize : j->size_pct ? have * j->size / 100 :
			    j->size ? j->size / nfiles : 0;
		range = j->size_pct ? file_size : j->size ? j->size / nfiles : 0;
		if (!exists && (r = shared_create(g, t, j, file_size, per_clone))) {
			if (r < 0) {
				free_names(paths, n);
				return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
			}
		} else if (!exists) {
			if (!file_size) {
				free_names(paths, n);
				return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': '%s' does not "
					      "exist, and the job gives no size or filesize to lay it "
					      "out with", j->where, j->name, t->path);
			}
			t->create_size = t->base_offset + file_size +
					 (per_clone ? 0 : (uint64_t)(j->numjobs - 1) * j->offset_increment);
		}
		if (!range)
			range = (exists ? have : t->create_size) > t->base_offset ?
				(exists ? have : t->create_size) - t->base_offset : 0;
		t->range_len = range;
		t->clone_offset = per_clone ? 0 : j->offset_increment;
		t->outstanding = depth / nfiles + (slot < depth % nfiles);
		if (!t->outstanding)
			t->outstanding = 1;
		t->threads = j->numjobs;
		t->cache = (j->direct ? CACHE_DIRECT : 0) | j->cache_sync;
		t->buf = j->zero_buffers ? BUF_ZERO : j->pattern_len ? BUF_PATTERN : BUF_RANDOM;
		t->compress_pct = t->buf == BUF_RANDOM ? j->compress_pct : 0;
		t->dedupe_pct = t->buf == BUF_RANDOM ? j->dedupe_pct : 0;
		memcpy(t->pattern, j->pattern, sizeof(t->pattern));
		t->pattern_len = j->pattern_len;
		t->end_fsync = j->end_fsync && write_pct;
		if (i < nfiles)
			budget += range;
	}
	free_names(paths, n);
	if (!strcmp(j->engine, "psync") && j->iodepth > 1)
		notice(p, "%s: job '%s': iodepth=%u has no effect with a synchronous engine (as in "
		       "fio): one I/O at a time per thread", j->where, j->name, j->iodepth);
	if (!per_clone && nfiles > 1 && j->iodepth % nfiles && strcmp(j->engine, "psync"))
		notice(p, "%s: job '%s': iodepth=%u over %u files: iobench keeps %u or %u in flight "
		       "on each file", j->where, j->name, j->iodepth, nfiles, j->iodepth / nfiles,
		       j->iodepth / nfiles + 1);
	if (!j->time_based) {
		if (j->io_size)
			budget = j->io_size;
		if (__builtin_mul_overflow(budget, (uint64_t)j->loops, &budget))
			budget = UINT64_MAX;
		/* whole blocks only, so a trimmed last I/O keeps direct I/O's alignment */
		budget -= budget % target_min_block(&w->targets[js->first_target]);
		if (!budget)
			return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': its size is less than "
				      "one block", j->where, j->name);
		js->bytes_per_thread = budget;
		js->ios_per_thread = j->number_ios;
	} else if (j->number_ios) {
		js->ios_per_thread = j->number_ios;
	}
	return 0;
}

/* Fills the group's workload-wide settings from its first job. */
static void group_settings(struct group *g, bool clock_seed)
{
	const struct fjob *j = g->first;
	struct workload *w = &g->w;

	w->engine = j->engine;
	w->continue_on_error = j->continue_on_error;
	w->count_based = !j->time_based;
	w->duration_ns = j->runtime_ns;
	w->warmup_ns = j->ramp_ns;
	w->interval_ns = 1000000000ull;
	w->null_size = 1ull << 30;
	w->seed = j->randseed;
	if (clock_seed) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		w->seed = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	}
}

void fiojob_plan_free(struct fio_plan *plan)
{
	for (unsigned i = 0; i < plan->ngroups; i++)
		workload_release(&plan->groups[i]);
	free(plan->groups);
	free(plan->notices);
	memset(plan, 0, sizeof(*plan));
}

static int close_group(struct planner *p, struct fio_plan *plan, struct group *g)
{
	struct workload *ng;

	if (!g->w.njobs)
		return 0;
	group_settings(g, g->clock_seed);
	ng = realloc(plan->groups, (plan->ngroups + 1) * sizeof(*ng));
	if (ng)
		plan->groups = ng;
	if (!ng) {
		workload_release(&g->w);
		return errmsg(p->err, p->errlen, -ENOMEM, "out of memory");
	}
	plan->groups[plan->ngroups] = g->w;
	plan->groups[plan->ngroups].group_reporting = g->reporting;
	plan->ngroups++;
	memset(g, 0, sizeof(*g));
	return 0;
}

/* Whether a job named name is among the jobs of group g. */
static bool in_group(const struct group *g, const char *name)
{
	for (unsigned i = 0; i < g->w.njobs; i++)
		if (!strcmp(g->w.jobs[i].name, name))
			return true;
	return false;
}

int fiojob_plan(const struct jf_doc *doc, const struct jf_opt *over, unsigned nover,
		struct fio_plan *plan, char *err, size_t len)
{
	struct planner p = { .err = err, .errlen = len };
	const struct jf_opt **defs = NULL;
	struct fjob *jobs = calloc(doc->nsec ? doc->nsec : 1, sizeof(*jobs));
	unsigned ndefs = 0, njobs = 0, groupid = 0;
	struct group g = { 0 };
	int r = 0;

	memset(plan, 0, sizeof(*plan));
	if (!jobs)
		return errmsg(err, len, -ENOMEM, "out of memory");
	for (unsigned s = 0; s < doc->nsec && !r; s++) {
		const struct jf_section *sec = &doc->sec[s];
		struct fjob *j = &jobs[njobs];
		const struct jf_opt **nd;

		if (sec->global) {
			nd = realloc(defs, (ndefs + sec->nopts + 1) * sizeof(*defs));
			if (!nd) {
				r = errmsg(err, len, -ENOMEM, "out of memory");
				break;
			}
			defs = nd;
			for (unsigned k = 0; k < sec->nopts; k++)
				defs[ndefs++] = &sec->opts[k];
			continue;
		}
		job_defaults(j);
		j->name = sec->name;
		j->where = sec->where;
		j->file = sec->file;
		for (unsigned k = 0; k < ndefs && !r; k++)
			r = apply(&p, j, defs[k]);
		for (unsigned k = 0; k < sec->nopts && !r; k++)
			r = apply(&p, j, &sec->opts[k]);
		for (unsigned k = 0; k < nover && !r; k++)
			r = apply(&p, j, &over[k]);
		if (r)
			break;
		if (j->wait_for && !in_group(&g, j->wait_for)) {
			bool earlier = false;

			for (unsigned k = 0; k < njobs; k++)
				earlier |= !strcmp(jobs[k].name, j->wait_for);
			if (!earlier) {
				r = errmsg(err, len, -EINVAL, "%s: job '%s': wait_for=%s names no job "
					   "defined before it", j->where, j->name, j->wait_for);
				break;
			}
		}
		if (g.w.njobs && (j->stonewall || j->new_group || j->file != g.first->file ||
				  (j->wait_for && in_group(&g, j->wait_for)))) {
			if (j->wait_for && in_group(&g, j->wait_for) && !j->stonewall)
				notice(&p, "%s: job '%s': wait_for=%s starts it after the whole group "
				       "of '%s' has ended (iobench runs a group as one)", j->where,
				       j->name, j->wait_for, j->wait_for);
			if ((r = close_group(&p, plan, &g)))
				break;
			groupid++;
		}
		g.reporting |= j->group_reporting;
		g.clock_seed |= !j->randrepeat;
		r = add_job(&p, &g, j, groupid);
		njobs++;
	}
	if (!r && !njobs)
		r = errmsg(err, len, -EINVAL, "the job file defines no job (only [global] sections)");
	if (!r)
		r = close_group(&p, plan, &g);
	for (unsigned i = 0; i <= njobs && i < doc->nsec; i++) {
		free(jobs[i].dist[0]);
		free(jobs[i].dist[1]);
	}
	if (r) {
		workload_release(&g.w);
		fiojob_plan_free(plan);
	} else {
		plan->notices = p.notices;
		p.notices = NULL;
	}
	free(p.notices);
	free(defs);
	free(jobs);
	return r;
}
