/* SPDX-License-Identifier: MIT */
/*
 * cmdline.c: the DiskSpd-compatible command line. One table lists every
 * option (short letter, long name, argument, help); cmdline_apply() gives
 * each its meaning; finish() applies defaults and cross-option checks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "job/cmdline.h"
#include "engine/engine.h"
#include "job/units.h"
#include "core/verify.h"
#include "platform/affinity.h"
#include "util/banned.h"

enum arg_kind { ARG_NONE, ARG_REQ, ARG_OPT };

enum opt_id {
	O_BLOCK, O_CREATE, O_DURATION, O_WARMUP, O_COOLDOWN, O_OUTSTANDING,
	O_THREADS, O_POOL, O_RANDOM, O_SEQUENTIAL, O_WRITE, O_CACHING,
	O_NOCACHE, O_LATENCY, O_SEED, O_TSTRIDE, O_BASE, O_MAXOFF, O_ZERO,
	O_SOURCEBUF, O_ENGINE, O_NULL_LAT, O_NULL_IOPS, O_IOS, O_KEEP, O_ALLOWDEV, O_OVERWRITE,
	O_QUIET, O_HELP, O_VERSION, O_PRINT, O_READONLY, O_PATTERN, O_COMPRESS, O_DEDUPE,
	O_CONTINUE, O_VERIFY, O_INTERVAL, O_SERIES_CSV, O_FORMAT, O_JSON, O_AFFINITY,
	O_NOAFFINITY, O_SQPOLL, O_HIPRI, O_DESTROY_SIG,
};

struct opt {
	char letter;		/* 0: long form only */
	const char *name;
	enum arg_kind arg;
	enum opt_id id;
	const char *help;
};

static const struct opt opts[] = {
	{ 'b', "block-size", ARG_REQ, O_BLOCK, "SIZE  block size (default 64K)" },
	{ 'c', "create-size", ARG_REQ, O_CREATE, "SIZE  create the file target at SIZE, filled with random data" },
	{ 'd', "duration", ARG_REQ, O_DURATION, "SEC   measured duration (default 10)" },
	{ 'W', "warmup", ARG_REQ, O_WARMUP, "SEC   warm-up before measuring (default 5)" },
	{ 'C', "cooldown", ARG_REQ, O_COOLDOWN, "SEC   cool-down after measuring (default 0)" },
	{ 'o', "outstanding", ARG_REQ, O_OUTSTANDING, "N     I/Os in flight per thread per target (default 2)" },
	{ 't', "threads", ARG_REQ, O_THREADS, "N     threads per target (default 1)" },
	{ 'F', "total-threads", ARG_REQ, O_POOL, "N     N threads in all, each working on every target" },
	{ 'r', "random", ARG_OPT, O_RANDOM, "[ALIGN] random I/O aligned to ALIGN (default: block size)" },
	{ 's', "sequential", ARG_OPT, O_SEQUENTIAL, "[STRIDE] sequential I/O (the default), stride default: block size" },
	{ 'w', "write", ARG_REQ, O_WRITE, "PCT   percentage of writes (default 0)" },
	{ 'S', "caching", ARG_OPT, O_CACHING, "[bhruw] b buffered, u/r O_DIRECT, w O_DSYNC, h = uw; -S alone = -Su" },
	{ 'h', "disable-caching", ARG_NONE, O_NOCACHE, "      same as -Sh (a bare 'iobench -h' prints this help)" },
	{ 'D', "interval", ARG_OPT, O_INTERVAL, "[MS]  series interval in ms (default 1000); -D also prints IopsStdDev" },
	{ 'L', "latency", ARG_NONE, O_LATENCY, "      accepted for DiskSpd: latency is always measured" },
	{ 'z', "seed", ARG_OPT, O_SEED, "[N]   random seed (default 0; -z alone: from the clock)" },
	{ 'T', "thread-stride", ARG_REQ, O_TSTRIDE, "SIZE  thread k starts at base + k*SIZE (sequential)" },
	{ 'B', "base-offset", ARG_REQ, O_BASE, "SIZE[:LEN] first byte of the range used" },
	{ 'f', "max-offset", ARG_REQ, O_MAXOFF, "SIZE  end of the range used (exclusive)" },
	{ 'Z', "zero-buffers", ARG_NONE, O_ZERO, "      write zeros (-Z<size>: see --random-buffer)" },
	{ 0, "random-buffer", ARG_REQ, O_SOURCEBUF, "SIZE  writes take blocks from a SIZE buffer of random data (-Z<size>)" },
	{ 0, "pattern", ARG_REQ, O_PATTERN, "PAT   writes carry PAT repeated: 0x-prefixed hex, or text (up to 64 bytes)" },
	{ 0, "compress", ARG_REQ, O_COMPRESS, "PCT   writes are PCT% compressible (zeros in every 512 bytes)" },
	{ 0, "dedupe", ARG_REQ, O_DEDUPE, "PCT   PCT% of writes carry one same block (the rest stay unique)" },
	{ 'a', "affinity", ARG_REQ, O_AFFINITY, "CPUS  pin threads round-robin to these CPUs (0,2,4-7; -ag: all, the default)" },
	{ 'n', "no-affinity", ARG_NONE, O_NOAFFINITY, "      do not pin threads to CPUs" },
	{ 0, "engine", ARG_REQ, O_ENGINE, "NAME  io_uring (default), libaio, psync or null" },
	{ 0, "null-latency", ARG_REQ, O_NULL_LAT, "TIME  null engine: each I/O takes TIME (a modelled device)" },
	{ 0, "null-iops", ARG_REQ, O_NULL_IOPS, "N     null engine: the modelled device completes at most N I/Os a second" },
	{ 0, "sqpoll", ARG_NONE, O_SQPOLL, "      io_uring: a kernel thread polls the submission queue" },
	{ 0, "hipri", ARG_NONE, O_HIPRI, "      io_uring: poll for completions (O_DIRECT, devices with poll queues)" },
	{ 0, "ios", ARG_REQ, O_IOS, "N     each thread stops after N measured I/Os (no -d)" },
	{ 0, "keep", ARG_NONE, O_KEEP, "      keep the files iobench created" },
	{ 0, "allow-device-write", ARG_NONE, O_ALLOWDEV, "      allow writes to a block device (destroys its data)" },
	{ 0, "destroy-signature", ARG_REQ, O_DESTROY_SIG, "TYPE  also write a device carrying a TYPE signature (ext4, gpt, ...)" },
	{ 0, "overwrite", ARG_NONE, O_OVERWRITE, "      allow writing a file that iobench did not create" },
	{ 0, "continue-on-error", ARG_OPT, O_CONTINUE, "[read|write|verify|all] count errors and go on (default all)" },
	{ 0, "verify", ARG_NONE, O_VERIFY, "      write checkable blocks (header + xxh3), check every block read" },
	{ 0, "read-only", ARG_NONE, O_READONLY, "      refuse every write (and file creation), whatever else is asked" },
	{ 'R', "output-format", ARG_REQ, O_FORMAT, "FMT   text (default) or json on stdout (-Rjson); -Rp prints the workload" },
	{ 0, "json", ARG_REQ, O_JSON, "FILE  also write the JSON document to FILE" },
	{ 0, "series-csv", ARG_REQ, O_SERIES_CSV, "FILE  write the per-interval series to FILE as CSV" },
	{ 0, "quiet", ARG_NONE, O_QUIET, "      no progress messages on stderr" },
	{ 0, "print-workload", ARG_NONE, O_PRINT, "      print the effective workload and exit (-Rp); runs nothing" },
	{ '?', "help", ARG_NONE, O_HELP, "      this help" },
	{ 0, "version", ARG_NONE, O_VERSION, "      print the version" },
};

/* DiskSpd flags that iobench knows but does not implement (yet): a clear error each. */
static const struct {
	char letter;
	const char *what;
} unsupported[] = {
{ 'g', "throughput limit" },
	{ 'i', "burst size" }, { 'j', "think time" }, { 'p', "parallel async I/O" },
	{ 'O', "per-thread outstanding I/O with -F" }, { 'x', "completion routines" },
	{ 'l', "large pages" }, { 'I', "I/O priority" }, { 'N', "flush modes" },
	{ 'P', "progress dots" }, { 'v', "verbose mode" },
	{ 'X', "XML profiles" }, { 'y', "named events" }, { 'e', "ETW tracing" },
	{ 'u', "IoRing" }, { 'Y', "experimental flags" },
};

/* A size given on the command line; 'b' units resolve once -b is known. */
struct size_arg {
	uint64_t v;
	bool blocks;
	bool set;
};

struct parse_state {
	struct target_spec t;	/* template, copied to every target */
	struct size_arg create, base, base_len, maxoff, tstride, ralign, stride, srcbuf;
	bool random_set, seq_set, threads_set, duration_set, warmup_set, cooldown_set;
	bool seed_from_clock;
	unsigned contents;	/* write-content options given: -Z, -Z<size>, --pattern */
	char *err;
	size_t errlen;
};

static int fail(struct parse_state *ps, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct parse_state *ps, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ps->err, ps->errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

void cmdline_normalize_dash(char *arg)
{
	static const char *dashes[] = { "\xe2\x80\x93", "\xe2\x80\x94", "\xe2\x88\x92" };

	for (int n = 0; n < 2; n++) {
		size_t i;

		for (i = 0; i < 3; i++)
			if (!strncmp(arg + n, dashes[i], 3))
				break;
		if (i == 3)
			return;
		arg[n] = '-';
		memmove(arg + n + 1, arg + n + 3, strlen(arg + n + 3) + 1);
	}
}

static const struct opt *find_short(char c)
{
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (opts[i].letter == c)
			return &opts[i];
	return NULL;
}

static const struct opt *find_long(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (strlen(opts[i].name) == len && !strncmp(opts[i].name, name, len))
			return &opts[i];
	return NULL;
}

static int get_size(struct parse_state *ps, const char *flag, const char *v,
		    struct size_arg *out)
{
	int r = parse_size(v, &out->v, &out->blocks);

	if (r == -ERANGE)
		return fail(ps, "%s: size '%s' is too large", flag, v);
	if (r)
		return fail(ps, "%s: '%s' is not a size (use a number with K, M, G, T, or b for blocks)",
			    flag, v);
	out->set = true;
	return 0;
}

static int get_uint(struct parse_state *ps, const char *flag, const char *v,
		    uint64_t min, uint64_t max, uint64_t *out)
{
	int r = parse_uint(v, max, out);

	if (r == -EINVAL)
		return fail(ps, "%s: '%s' is not a whole number", flag, v);
	if (r || *out < min)
		return fail(ps, "%s: %s is out of range (%llu to %llu)", flag, v,
			    (unsigned long long)min, (unsigned long long)max);
	return 0;
}

static int get_time(struct parse_state *ps, const char *flag, const char *v, uint64_t *ns)
{
	if (parse_time(v, ns))
		return fail(ps, "%s: '%s' is not a time (seconds, or a number with ms, s, m or h)",
			    flag, v);
	return 0;
}

/* --pattern=0xHEX or --pattern=TEXT: up to PATTERN_MAX bytes. */
static int get_pattern(struct parse_state *ps, const char *flag, const char *v)
{
	struct target_spec *t = &ps->t;
	int r = parse_pattern(v, strlen(v), false, t->pattern, PATTERN_MAX, &t->pattern_len);

	if (r == -EINVAL)
		return fail(ps, "%s: '%s' is not an even number of hex digits after 0x (up to "
			    "%d bytes)", flag, v, PATTERN_MAX);
	if (r)
		return fail(ps, "%s: a pattern has 1 to %d bytes", flag, PATTERN_MAX);
	t->buf = BUF_PATTERN;
	ps->contents++;
	return 0;
}

static int apply_caching(struct parse_state *ps, const char *flag, const char *v)
{
	unsigned c = 0;

	if (!v || !*v)
		v = "u";
	for (const char *p = v; *p; p++) {
		switch (*p) {
		case 'b': break;
		case 'u': case 'r': c |= CACHE_DIRECT; break;
		case 'w': c |= CACHE_WRITE_THROUGH; break;
		case 'h': c |= CACHE_DIRECT | CACHE_WRITE_THROUGH; break;
		case 'm':
			return fail(ps, "%s: memory-mapped I/O (-Sm) is not supported", flag);
		default:
			return fail(ps, "%s: unknown caching flag '%c' (use b, h, r, u or w)", flag, *p);
		}
	}
	if (strchr(v, 'b') && c)
		return fail(ps, "%s: 'b' (buffered) cannot be combined with '%s'", flag, v);
	ps->t.cache = c;
	return 0;
}

static int apply_base(struct parse_state *ps, const char *flag, const char *v)
{
	const char *colon = strchr(v, ':');
	char head[64];

	if (!colon)
		return get_size(ps, flag, v, &ps->base);
	if ((size_t)(colon - v) >= sizeof(head))
		return fail(ps, "%s: '%s' is not a size", flag, v);
	memcpy(head, v, (size_t)(colon - v));
	head[colon - v] = 0;
	if (get_size(ps, flag, head, &ps->base))
		return -EINVAL;
	return get_size(ps, flag, colon + 1, &ps->base_len);
}

static int apply_opt(struct parse_state *ps, struct workload *w, const struct opt *o,
		     const char *flag, const char *v, enum cmd_action *action)
{
	uint64_t n;

	switch (o->id) {
	case O_BLOCK: {
		struct size_arg b;

		if (get_size(ps, flag, v, &b))
			return -EINVAL;
		if (b.blocks || !b.v || b.v > (1u << 30))
			return fail(ps, "%s: block size '%s' must be 1 byte to 1GiB", flag, v);
		ps->t.block_size = b.v;
		return 0;
	}
	case O_CREATE: return get_size(ps, flag, v, &ps->create);
	case O_DURATION: ps->duration_set = true; return get_time(ps, flag, v, &w->duration_ns);
	case O_WARMUP: ps->warmup_set = true; return get_time(ps, flag, v, &w->warmup_ns);
	case O_COOLDOWN: ps->cooldown_set = true; return get_time(ps, flag, v, &w->cooldown_ns);
	case O_OUTSTANDING:
		if (get_uint(ps, flag, v, 1, 4096, &n))
			return -EINVAL;
		ps->t.outstanding = (unsigned)n;
		return 0;
	case O_THREADS:
		if (get_uint(ps, flag, v, 1, 1024, &n))
			return -EINVAL;
		ps->t.threads = (unsigned)n;
		ps->threads_set = true;
		return 0;
	case O_POOL:
		if (get_uint(ps, flag, v, 1, 1024, &n))
			return -EINVAL;
		w->pool_threads = (unsigned)n;
		return 0;
	case O_RANDOM:
		if (v && (v[0] == 's' || v[0] == 'd'))
			return fail(ps, "%s: mixed or non-uniform random I/O (-r%c) is not supported",
				    flag, v[0]);
		ps->random_set = true;
		return v && *v ? get_size(ps, flag, v, &ps->ralign) : 0;
	case O_SEQUENTIAL:
		if (v && v[0] == 'i')
			return fail(ps, "%s: interlocked sequential I/O (-si) is not supported", flag);
		ps->seq_set = true;
		return v && *v ? get_size(ps, flag, v, &ps->stride) : 0;
	case O_WRITE:
		if (get_uint(ps, flag, v, 0, 100, &n))
			return -EINVAL;
		ps->t.write_pct = (unsigned)n;
		return 0;
	case O_CACHING: return apply_caching(ps, flag, v);
	case O_NOCACHE: return apply_caching(ps, flag, "h");
	case O_LATENCY: return 0;	/* always measured */
	case O_INTERVAL:
		w->iops_stddev = true;
		if (!v || !*v)
			return 0;
		if (get_uint(ps, flag, v, 1, 3600000, &n))
			return -EINVAL;
		w->interval_ns = n * 1000000ull;
		return 0;
	case O_SEED:
		ps->seed_from_clock = !v || !*v;
		return ps->seed_from_clock ? 0 : get_uint(ps, flag, v, 0, UINT64_MAX, &w->seed);
	case O_TSTRIDE: return get_size(ps, flag, v, &ps->tstride);
	case O_BASE: return apply_base(ps, flag, v);
	case O_MAXOFF:
		if (v[0] == 'r' || v[0] == 's' || v[0] == 't')
			return fail(ps, "%s: open hints (-f%s) are not supported", flag, v);
		return get_size(ps, flag, v, &ps->maxoff);
	case O_ZERO: ps->contents++; ps->t.buf = BUF_ZERO; return 0;
	case O_SOURCEBUF:
		ps->contents++;
		ps->t.buf = BUF_SOURCE;
		return get_size(ps, flag, v, &ps->srcbuf);
	case O_ENGINE:
		w->engine = engine_name(v);
		if (!w->engine)
			return fail(ps, "%s: unknown engine '%s' (use io_uring, libaio, psync or null)",
				    flag, v);
		return 0;
	case O_IOS: return get_uint(ps, flag, v, 1, UINT64_MAX, &w->ios_per_thread);
	case O_NULL_LAT:
		if (parse_time(v, &w->null_lat_ns) || w->null_lat_ns > 3600000000000ull)
			return fail(ps, "%s: '%s' is not a time up to an hour (e.g. 500us, 2ms)", flag, v);
		return 0;
	case O_NULL_IOPS: return get_uint(ps, flag, v, 1, 1000000000, &w->null_iops);
	case O_KEEP: w->keep = true; return 0;
	case O_ALLOWDEV: w->allow_device_write = true; return 0;
	case O_OVERWRITE: w->overwrite = true; return 0;
	case O_READONLY: w->read_only = true; return 0;
	case O_VERIFY: w->verify = true; return 0;
	case O_CONTINUE:
		if (!v || !*v || !strcmp(v, "all"))
			w->continue_on_error = CONTINUE_READ | CONTINUE_WRITE | CONTINUE_VERIFY;
		else if (!strcmp(v, "verify"))
			w->continue_on_error = CONTINUE_VERIFY;
		else if (!strcmp(v, "read"))
			w->continue_on_error = CONTINUE_READ;
		else if (!strcmp(v, "write"))
			w->continue_on_error = CONTINUE_WRITE;
		else
			return fail(ps, "%s: '%s' is not read, write, verify or all", flag, v);
		return 0;
	case O_PATTERN: return get_pattern(ps, flag, v);
	case O_COMPRESS:
		if (get_uint(ps, flag, v, 0, 100, &n))
			return -EINVAL;
		ps->t.compress_pct = (unsigned)n;
		return 0;
	case O_DEDUPE:
		if (get_uint(ps, flag, v, 0, 100, &n))
			return -EINVAL;
		ps->t.dedupe_pct = (unsigned)n;
		return 0;
	case O_QUIET: w->quiet = true; return 0;
	case O_FORMAT:
		if (v[0] == 'p') {	/* DiskSpd's -Rp[text]: the profile, not a run */
			if (v[1] && strcmp(v + 1, "text"))
				return fail(ps, "%s%s: the profile prints as text only", flag, v);
			*action = CMD_PRINT;
			return 0;
		}
		if (!strcmp(v, "xml"))
			return fail(ps, "%s%s: XML output is not supported; use json", flag, v);
		if (strcmp(v, "text") && strcmp(v, "json"))
			return fail(ps, "%s: unknown output format '%s' (use text or json)", flag, v);
		w->json_stdout = !strcmp(v, "json");
		return 0;
	case O_JSON:
		free(w->json_path);
		w->json_path = strdup(v);
		return w->json_path ? 0 : fail(ps, "out of memory");
	case O_AFFINITY: {
		int cpus[AFFINITY_MAX];
		int count;

		if (!strcmp(v, "g"))	/* DiskSpd's -ag: round-robin over all CPUs, the default */
			return 0;
		if (v[0] == 'g')
			return fail(ps, "%s%s: processor groups are a Windows notion: list CPUs, "
				    "e.g. -a0,2", flag, v);
		count = affinity_parse(v, cpus, ps->err, ps->errlen);
		if (count < 0)
			return -EINVAL;
		free(w->affinity);
		w->affinity = malloc((size_t)count * sizeof(*w->affinity));
		if (!w->affinity)
			return fail(ps, "out of memory");
		memcpy(w->affinity, cpus, (size_t)count * sizeof(*cpus));
		w->naffinity = (unsigned)count;
		return 0;
	}
	case O_NOAFFINITY: w->no_affinity = true; return 0;
	case O_SQPOLL: w->sqpoll = true; return 0;
	case O_DESTROY_SIG:
		free(w->destroy_signature);
		w->destroy_signature = strdup(v);
		return w->destroy_signature ? 0 : fail(ps, "out of memory");
	case O_HIPRI: w->hipri = true; return 0;
	case O_SERIES_CSV:
		free(w->series_csv);
		w->series_csv = strdup(v);
		return w->series_csv ? 0 : fail(ps, "out of memory");
	case O_HELP: *action = CMD_HELP; return 0;
	case O_VERSION: *action = CMD_VERSION; return 0;
	case O_PRINT: *action = CMD_PRINT; return 0;
	}
	return fail(ps, "%s: internal error", flag);
}

/* -Z takes three forms: -Z (zeros), -Zr (unsupported), -Z<size> (source buffer). */
static int apply_short_Z(struct parse_state *ps, const char *v)
{
	ps->contents++;
	if (!*v) {
		ps->t.buf = BUF_ZERO;
		return 0;
	}
	if (!strcmp(v, "r")) {	/* DiskSpd's per-I/O random data: iobench's default */
		ps->t.buf = BUF_RANDOM;
		return 0;
	}
	if (strchr(v, ','))
		return fail(ps, "-Z%s: a source buffer read from a file is not supported", v);
	ps->t.buf = BUF_SOURCE;
	return get_size(ps, "-Z", v, &ps->srcbuf);
}

static int parse_short(struct parse_state *ps, struct workload *w, const char *arg,
		       enum cmd_action *action)
{
	char flag[3] = { '-', arg[1], 0 };
	const char *v = arg + 2;
	const struct opt *o;

	if (arg[1] == 'Z')
		return apply_short_Z(ps, v);
	o = find_short(arg[1]);
	if (!o) {
		for (size_t i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++)
			if (unsupported[i].letter == arg[1])
				return fail(ps, "'%s': DiskSpd's %s option is not supported",
					    arg, unsupported[i].what);
		return fail(ps, "unknown option '%s' (see iobench --help)", arg);
	}
	if (o->arg == ARG_NONE && *v)
		return fail(ps, "unknown option '%s' ('%s' takes no value)", arg, flag);
	if (o->arg == ARG_REQ && !*v)
		return fail(ps, "'%s' needs a value attached, as in %s%s", flag, flag,
			    o->id == O_BLOCK ? "8K" : "4");
	return apply_opt(ps, w, o, flag, v, action);
}

static int parse_long(struct parse_state *ps, struct workload *w, int argc, char **argv,
		      int *i, enum cmd_action *action)
{
	const char *arg = argv[*i] + 2;
	const char *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct opt *o = find_long(arg, len);
	const char *v = eq ? eq + 1 : NULL;
	char flag[48];

	if (!o)
		return fail(ps, "unknown option '--%.*s' (see iobench --help)", (int)len, arg);
	if (o->arg == ARG_NONE && v)
		return fail(ps, "'--%s' takes no value", o->name);
	if (o->arg == ARG_REQ && !v) {
		if (*i + 1 >= argc)
			return fail(ps, "'--%s' needs a value", o->name);
		v = argv[++*i];
	}
	if (o->arg == ARG_REQ && !*v)
		return fail(ps, "'--%s' needs a value", o->name);
	snprintf(flag, sizeof(flag), "--%s", o->name);
	return apply_opt(ps, w, o, flag, v, action);
}

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

static int resolve_sizes(struct parse_state *ps)
{
	struct target_spec *t = &ps->t;
	uint64_t len = 0;

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
	if (ps->random_set && !t->random_align)
		t->random_align = t->block_size;
	if (!t->stride)
		t->stride = t->block_size;
	return 0;
}

static int check_combinations(struct parse_state *ps, struct workload *w)
{
	struct target_spec *t = &ps->t;

	if (ps->random_set && ps->seq_set)
		return fail(ps, "-r (random) and -s (sequential) exclude each other");
	if (ps->random_set && ps->tstride.set)
		return fail(ps, "-T (thread stride) applies to sequential I/O only, not with -r");
	if (w->pool_threads && ps->threads_set)
		return fail(ps, "-t (threads per target) and -F (total threads) exclude each other");
	if (t->max_offset && t->max_offset <= t->base_offset)
		return fail(ps, "the maximum offset (-f) must be past the base offset (-B)");
	if (w->verify) {
		if (ps->contents || t->compress_pct || t->dedupe_pct)
			return fail(ps, "--verify writes its own blocks (header, random data, checksum): "
				    "not with -Z, --pattern, --compress or --dedupe");
		if (t->block_size < VERIFY_MIN_BLOCK || t->block_size > (8u << 20))
			return fail(ps, "--verify: the block size (-b) must be from 512 bytes to 8 MiB");
		if (t->random_align && t->random_align % t->block_size)
			return fail(ps, "--verify: random offsets must be whole blocks (-r aligned to the "
				    "block size %llu)", (unsigned long long)t->block_size);
		if (!t->random_align && t->stride && t->stride != t->block_size)
			return fail(ps, "--verify: sequential I/O steps by whole blocks (no -s stride)");
		if (t->thread_stride)
			return fail(ps, "--verify shares the blocks out among the threads itself: no -T");
		if (t->base_offset % t->block_size)
			return fail(ps, "--verify: the base offset (-B) must be a whole number of blocks");
		if (w->engine && !strcmp(w->engine, "null"))
			return fail(ps, "--verify needs real I/O: not with the null engine");
	}
	if (ps->contents > 1)
		return fail(ps, "-Z, -Z<size> (--random-buffer) and --pattern each set what writes "
			    "carry: give one");
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
	if (w->no_affinity && w->naffinity)
		return fail(ps, "-n (no affinity) and -a (a CPU list) exclude each other");
	if (w->engine && !strcmp(w->engine, "null") && ps->create.set)
		return fail(ps, "-c: the null engine opens nothing, so it creates nothing");
	if ((w->null_lat_ns || w->null_iops) && !(w->engine && !strcmp(w->engine, "null")))
		return fail(ps, "--%s models the null engine's device: give --engine=null",
			    w->null_lat_ns ? "null-latency" : "null-iops");
	return 0;
}

static int add_target(struct parse_state *ps, struct workload *w, const char *path)
{
	struct target_spec *nt;

	if (path[0] == '#')
		return fail(ps, "'%s' is a Windows physical drive number: name the Linux block "
			    "device instead, e.g. /dev/sdb", path);
	if (path[0] && path[1] == ':' && (path[2] == '\\' || path[2] == 0))
		return fail(ps, "'%s' is a Windows path: give a Linux path", path);
	nt = realloc(w->targets, (w->ntargets + 1) * sizeof(*nt));
	if (!nt)
		return fail(ps, "out of memory");
	w->targets = nt;
	memset(&nt[w->ntargets], 0, sizeof(*nt));
	nt[w->ntargets].path = strdup(path);
	if (!nt[w->ntargets].path)
		return fail(ps, "out of memory");
	w->ntargets++;
	return 0;
}

char *cmdline_join(int argc, char **argv)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	len = 0;
	for (int i = 0; i < argc; i++) {
		size_t n = strlen(argv[i]);

		if (i)
			s[len++] = ' ';
		memcpy(s + len, argv[i], n);
		len += n;
	}
	s[len] = 0;
	return s;
}

static void set_defaults(struct parse_state *ps, struct workload *w)
{
	ps->t.block_size = 64 * 1024;
	ps->t.outstanding = 2;
	ps->t.threads = 1;
	w->duration_ns = 10 * 1000000000ull;
	w->warmup_ns = 5 * 1000000000ull;
	w->interval_ns = 1000000000ull;
	w->null_size = 1ull << 30;
}

static int finish(struct parse_state *ps, struct workload *w)
{
	if (resolve_sizes(ps) || check_combinations(ps, w))
		return -EINVAL;
	if (!w->ntargets)
		return fail(ps, "no target given (a file or block device path; see iobench --help)");
	if (w->ios_per_thread) {
		w->duration_ns = 0;
		if (!ps->warmup_set)
			w->warmup_ns = 0;
	}
	if (ps->seed_from_clock) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		w->seed = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	}
	if (ps->t.max_offset)
		w->null_size = ps->t.max_offset;
	for (unsigned i = 0; i < w->ntargets; i++) {
		char *path = w->targets[i].path;

		w->targets[i] = ps->t;
		w->targets[i].path = path;
	}
	if (workload_diskspd_jobs(w))
		return fail(ps, "out of memory");
	return 0;
}

int cmdline_parse(int argc, char **argv, struct workload *w,
		  enum cmd_action *action, char *err, size_t errlen)
{
	struct parse_state ps = { .err = err, .errlen = errlen };

	*action = CMD_RUN;
	set_defaults(&ps, w);
	w->cmdline = cmdline_join(argc, argv);
	if (!w->cmdline)
		return fail(&ps, "out of memory");
	if (argc == 2 && !strcmp(argv[1], "-h")) {
		*action = CMD_HELP;
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		char *arg = argv[i];
		int r;

		cmdline_normalize_dash(arg);
		if (arg[0] == '-' && arg[1] == '-' && arg[2])
			r = parse_long(&ps, w, argc, argv, &i, action);
		else if (arg[0] == '-' && arg[1])
			r = parse_short(&ps, w, arg, action);
		else
			r = add_target(&ps, w, arg);
		if (r)
			return r;
		if (*action == CMD_HELP || *action == CMD_VERSION)
			return 0;
	}
	return finish(&ps, w);
}

void cmdline_usage(FILE *f)
{
	fprintf(f,
		"usage: iobench [options] target [target...]   run a workload (DiskSpd's switches)\n"
		"       iobench                                 run the quick suite in this directory\n"
		"       iobench quick [options] [DIR|DEVICE]    run the quick suite there\n"
		"       iobench FILE.fio... [--name=value...]   run fio job files (docs/jobfiles.md)\n"
		"\n"
		"Values attach to short flags as in DiskSpd (-b8K -w30 -Sh); long forms take\n"
		"--name=VALUE. Sizes are binary: 8K = 8192; '<n>b' counts blocks of -b.\n"
		"Targets: files (created with -c), block devices (reads; writes need\n"
		"--allow-device-write), or names with --engine=null.\n\n");
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		char s[8] = "    ";
		char l[40];

		if (opts[i].letter)
			snprintf(s, sizeof(s), "-%c, ", opts[i].letter);
		snprintf(l, sizeof(l), "--%s%s", opts[i].name,
			 opts[i].arg == ARG_REQ ? "=" : opts[i].arg == ARG_OPT ? "[=]" : "");
		fprintf(f, "  %s%-22s %s\n", s, l, opts[i].help);
	}
	fprintf(f, "\nExamples:\n"
		"  iobench -b8K -d60 -h -L -o2 -t4 -r -w30 -c50M /mnt/k/io.dat\n"
		"  iobench -b8K -o32 -d90 -Sh -r4k -t64 -w0 /dev/sdb\n"
		"Documentation: docs/cli.md\n");
}
