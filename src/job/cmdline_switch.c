/* SPDX-License-Identifier: MIT */
/*
 * cmdline_switch.c: DiskSpd's switches given their meaning. The options are
 * those of the shared table (options.h) that the DiskSpd front end takes;
 * apply_opt() gives the workload options their meaning (the run options
 * are shared: option_apply_run()); cmdline_finish.c applies the defaults
 * and cross-option checks once every switch is read.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline_switch.h"
#include "engine/engine.h"
#include "job/cmdline_dist.h"
#include "job/options.h"
#include "job/units.h"
#include "platform/affinity.h"
#include "platform/host.h"
#include "util/banned.h"

/*
 * DiskSpd flags that iobench knows but does not take: a clear error each,
 * saying why (a Windows mechanism with no Linux counterpart, or DiskSpd's own).
 */
static const struct {
	char letter;
	const char *what, *why;
} unsupported[] = {
	{ 'x', "completion routines", "they are Windows APCs; iobench's engines complete I/O "
	  "through io_uring, libaio or in the thread" },
	{ 'y', "named events", "they synchronize with other programs through Windows events" },
	{ 'e', "ETW tracing", "Event Tracing for Windows has no Linux counterpart (perf or "
	  "bpftrace trace the block layer's events)" },
	{ 'u', "IoRing", "it is Windows' ring API; on Linux io_uring is iobench's default engine" },
	{ 'Y', "experimental flags", "they are DiskSpd's own" },
};

/* An option of the DiskSpd command line, or NULL after naming what is wrong. */
static const struct option_def *diskspd_option(struct parse_state *ps, const struct option_def *o,
					       const char *flag)
{
	if (o && !(o->fronts & FRONT_DISKSPD)) {
		option_refuse(o, flag, FRONT_DISKSPD, ps->err, ps->errlen);
		return NULL;
	}
	return o;
}

static int get_size(struct parse_state *ps, const char *flag, const char *v,
		    struct size_arg *out)
{
	int r = parse_size(v, &out->v, &out->blocks);

	if (r == -ERANGE)
		return fail(ps, "%s: size '%s' is too large", flag, v);
	if (r)
		return fail(ps, "%s: '%s' is not a size (use a number with K, M, G, T, or B for blocks)",
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

/*
 * DiskSpd's -S<flags> and -h: the cache mode (b, u, r, h) and write-through
 * (w, h) may each be given once over the whole command line; a second is an
 * error naming the switch, as DiskSpd's parser has it. Applied in cmdline_finish().
 */
static int apply_caching(struct parse_state *ps, const char *flag, const char *v, bool h)
{
	if (h || (v && !strcmp(v, "h"))) {
		if (ps->cache_mode != CM_UNSET || ps->write_through || ps->mapped)
			return fail(ps, "%s: conflicts with an earlier cache or write-through switch "
				    "(-S..., -h)", h ? "-h" : "-Sh");
		ps->cache_mode = CM_DIRECT;
		ps->write_through = true;
		return 0;
	}
	if (!v || !*v)
		v = "u";	/* a bare -S is -Su */
	for (const char *p = v; *p; p++) {
		switch (*p) {
		case 'b': case 'u': case 'r':
			if (ps->cache_mode != CM_UNSET)
				return fail(ps, "-S%c: conflicts with an earlier cache mode (-S..., -h)",
					    *p);
			if (*p == 'u' && ps->mapped)
				return fail(ps, "-Su: unbuffered and memory-mapped I/O (-Sm) exclude each "
					    "other");
			ps->cache_mode = *p == 'b' ? CM_BUFFERED : *p == 'u' ? CM_DIRECT : CM_NO_LOCAL;
			break;
		case 'w':
			if (ps->write_through)
				return fail(ps, "-Sw: conflicts with an earlier write-through switch "
					    "(-Sw, -Sh, -h)");
			ps->write_through = true;
			break;
		case 'h':
			return fail(ps, "%s%s: 'h' sets the cache mode and write-through both: give it "
				    "alone (-Sh)", flag, v);
		case 'm':
			if (ps->mapped || ps->cache_mode == CM_DIRECT)
				return fail(ps, "-Sm: conflicts with an earlier memory-mapped or unbuffered "
					    "switch (-Sm, -Su, -Sh, -h)");
			ps->mapped = true;
			break;
		default:
			return fail(ps, "%s: unknown caching flag '%c' (use b, h, r, u or w)", flag, *p);
		}
	}
	return 0;
}

/*
 * DiskSpd's -f<rst>: open hints, one letter each, in any number and order
 * (-frs is taken, as DiskSpd takes it). r and s are posix_fadvise advice on
 * the target's descriptor; t (FILE_ATTRIBUTE_TEMPORARY, which keeps a file's
 * data out of the disk while memory allows) has no Linux counterpart.
 */
static int apply_hints(struct parse_state *ps, const char *flag, const char *v)
{
	for (const char *p = v; *p; p++) {
		switch (*p) {
		case 'r': ps->t.hints |= HINT_RANDOM; break;
		case 's': ps->t.hints |= HINT_SEQUENTIAL; break;
		case 't':
			return fail(ps, "%s%s: 't', DiskSpd's temporary-file hint "
				    "(FILE_ATTRIBUTE_TEMPORARY), has no Linux counterpart", flag, v);
		default:
			return fail(ps, "%s%s: unknown open hint '%c' (use r, s, or a size)", flag, v,
				    *p);
		}
	}
	return 0;
}

static int apply_base(struct parse_state *ps, const char *flag, const char *v)
{
	const char *colon = strchr(v, ':');
	char head[64];

	if (ps->base.set)
		return fail(ps, "%s%s: the base offset (-B<base>[:<length>]) may be given once", flag, v);
	if (colon && ps->maxoff.set)
		return fail(ps, "%s%s: the end of the range (-B<base>:<length> or -f<size>) may be given "
			    "once", flag, v);
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

/*
 * DiskSpd's -a: CPUs round-robin, given once or over several -a, which add
 * up. -a and -ag alone are the default (every CPU); -ag<group>,<cpu>,...
 * names CPUs of a Windows processor group, each then numbered as iobench
 * numbers the machine's CPUs (affinity_group_cpu: Linux has group 0 alone,
 * another is refused there). A group with no CPU,
 * an empty item or a CPU past 255 (DiskSpd's limit within a group) is an error.
 */
static int apply_affinity(struct parse_state *ps, struct workload *w, const char *flag,
			  const char *v)
{
	int cpus[AFFINITY_MAX], *list;
	int count = 0;
	unsigned grp = 0;
	char why[200];

	if (!v || !*v || !strcmp(v, "g"))
		return 0;
	if (v[0] != 'g') {
		count = affinity_parse(v, cpus, ps->err, ps->errlen);
		if (count < 0)
			return -EINVAL;
	}
	for (const char *p = v; v[0] == 'g' && *p;) {
		bool group = *p == 'g';
		char *end;
		unsigned long n;
		int cpu;

		p += group;
		if (*p < '0' || *p > '9')
			return fail(ps, "%s%s: a %s number is missing (DiskSpd's form: -ag0,0,2)", flag,
				    v, group ? "group" : "CPU");
		n = strtoul(p, &end, 10);
		if (*end && (*end != ',' || !end[1]))
			return fail(ps, "%s%s: '%s' is not a list of CPUs (DiskSpd's form: -ag0,0,2)",
				    flag, v, end);
		p = *end ? end + 1 : end;
		if (group && n > 65535)
			return fail(ps, "%s%s: group %lu is out of range", flag, v, n);
		if (group && (!*p || *p == 'g'))
			return fail(ps, "%s%s: group %lu names no CPU", flag, v, n);
		if (group) {
			grp = (unsigned)n;
			continue;
		}
		if (n > 255)
			return fail(ps, "%s%s: CPU %lu is out of range (0 to 255 within a group)", flag,
				    v, n);
		if (count == AFFINITY_MAX)
			return fail(ps, "%s%s: more than %d CPUs", flag, v, AFFINITY_MAX);
		cpu = affinity_group_cpu(grp, (unsigned)n, why, sizeof(why));
		if (cpu < 0)
			return fail(ps, "%s%s: %s", flag, v, why);
		cpus[count++] = cpu;
	}
	if (w->naffinity + (unsigned)count > AFFINITY_MAX)
		return fail(ps, "%s%s: more than %d CPUs", flag, v, AFFINITY_MAX);
	list = realloc(w->affinity, (w->naffinity + (size_t)count) * sizeof(*list));
	if (!list)
		return fail(ps, "out of memory");
	memcpy(list + w->naffinity, cpus, (size_t)count * sizeof(*cpus));
	w->affinity = list;
	w->naffinity += (unsigned)count;
	return 0;
}

/*
 * -Z<size>[,<file>] (--random-buffer=SIZE[,FILE]): writes take their blocks
 * from a source buffer of size bytes: random data, or the file's bytes from
 * its start, repeated when it is shorter (DiskSpd's
 * _FillRandomDataWriteBuffer). The file is read when the run is built.
 */
static int apply_source(struct parse_state *ps, const char *flag, const char *v)
{
	const char *comma = strchr(v, ',');
	char head[64], why[512];

	ps->t.buf = BUF_SOURCE;
	if (!comma)
		return get_size(ps, flag, v, &ps->srcbuf);
	if ((size_t)(comma - v) >= sizeof(head))
		return fail(ps, "%s%s: '%.*s' is not a size", flag, v, (int)(comma - v), v);
	memcpy(head, v, (size_t)(comma - v));
	head[comma - v] = 0;
	if (get_size(ps, flag, head, &ps->srcbuf))
		return -EINVAL;
	if (!comma[1])
		return fail(ps, "%s%s: no file after the ','", flag, v);
	if (host_path_check(comma + 1, why, sizeof(why)))
		return fail(ps, "%s%s: %s", flag, v, why);
	if (ps->t.buf_source_path)
		return fail(ps, "%s%s: the source buffer's file may be given once", flag, v);
	ps->t.buf_source_path = strdup(comma + 1);
	return ps->t.buf_source_path ? 0 : fail(ps, "out of memory");
}

/* DiskSpd's -rs<pct>: the rest of the I/Os sequential (CmdLineParser.cpp's rules and words). */
static int apply_rs(struct parse_state *ps, const char *flag, const char *v)
{
	uint64_t n;

	if (!*v)
		return fail(ps, "%ss: no random percentage passed to -rs", flag);
	if (parse_uint(v, 100, &n) || !n)
		return fail(ps, "%ss%s: random percentage passed to -rs should be between 1 and 100",
			    flag, v);
	if (ps->seq_set)
		return fail(ps, "%ss%s: use -r to specify IO alignment when using mixed "
			    "random/sequential IO (-rs)", flag, v);
	if (ps->rs_pct && ps->rs_pct != 100)
		return fail(ps, "%ss%s: mixed random/sequential IO (-rs) specified multiple times",
			    flag, v);
	ps->rs_pct = (unsigned)n;
	return 0;
}

/* DiskSpd: -g<bytes per ms>, -g<n>i; a number above 0 */
static int apply_rate(struct parse_state *ps, const char *flag, const char *v)
{
	size_t l = strlen(v);
	char num[24];
	uint64_t n;

	ps->rate_iops = l && v[l - 1] == 'i';
	if (l - ps->rate_iops == 0 || l - ps->rate_iops >= sizeof(num))
		return fail(ps, "%s%s: not a rate (bytes per ms, or I/Os a second: -g100i)",
			    flag, v);
	memcpy(num, v, l - ps->rate_iops);
	num[l - ps->rate_iops] = 0;
	if (parse_uint(num, UINT32_MAX, &n) || !n)
		return fail(ps, "%s%s: not a rate above 0 (bytes per ms, or I/Os a second: "
			    "-g100i)", flag, v);
	ps->rate = (unsigned)n;
	return 0;
}

/* -r[<align>], -rs<pct>, -rd<distribution>. */
static int apply_random(struct parse_state *ps, const char *flag, const char *v)
{
	if (v && v[0] == 's')
		return apply_rs(ps, flag, v + 1);
	if (v && v[0] == 'd')
		return cmdline_apply_rd(ps, flag, v + 1);
	if (ps->random_set)
		return fail(ps, "%s%s: random I/O (-r) may be given once", flag, v ? v : "");
	if (ps->seq_set)
		return fail(ps, "%s%s: sequential I/O (-s) and random I/O (-r) exclude each other",
			    flag, v ? v : "");
	ps->random_set = true;
	return v && *v ? get_size(ps, flag, v, &ps->ralign) : 0;
}

/* -s[<stride>], -si[<stride>]. */
static int apply_sequential(struct parse_state *ps, const char *flag, const char *v)
{
	if (ps->rs_pct && ps->rs_pct != 100)
		return fail(ps, "%s%s: use -r to specify IO alignment for -rs", flag, v ? v : "");
	if (ps->rs_pct)
		return fail(ps, "%s%s: sequential IO (-s) conflicts with random IO (-r/-rs)", flag,
			    v ? v : "");
	if (v && v[0] == 'i') {	/* -si[<stride>]: interlocked sequential */
		ps->interlocked = true;
		v++;
	}
	if (ps->seq_set)
		return fail(ps, "%s%s: sequential I/O (-s) may be given once", flag, v ? v : "");
	if (ps->random_set)
		return fail(ps, "%s%s: sequential I/O (-s) and random I/O (-r) exclude each other",
			    flag, v ? v : "");
	ps->seq_set = true;
	return v && *v ? get_size(ps, flag, v, &ps->stride) : 0;
}

/* -R<format>, and DiskSpd's -Rp[text|xml]. */
static int apply_format(struct parse_state *ps, struct workload *w, const char *flag, const char *v,
			enum cmd_action *action)
{
	if (v[0] == 'p') {	/* DiskSpd's -Rp[text|xml]: the profile, not a run */
		if (v[1] && strcmp(v + 1, "text") && strcmp(v + 1, "xml"))
			return fail(ps, "%s: unknown profile format '%s' (use -Rp, -Rptext or "
				    "-Rpxml)", flag, v + 1);
		*action = CMD_PRINT;
		if (v[1])
			w->xml_stdout = !strcmp(v + 1, "xml");
		return 0;
	}
	if (strcmp(v, "text") && strcmp(v, "json") && strcmp(v, "xml"))
		return fail(ps, "%s: unknown output format '%s' (use text, json or xml)", flag,
			    v);
	w->json_stdout = !strcmp(v, "json");
	w->xml_stdout = !strcmp(v, "xml");	/* DiskSpd's XML results */
	return 0;
}

/* The run's switches (and the shared run options: option_apply_run()). */
static int apply_run_opt(struct parse_state *ps, struct workload *w, const struct option_def *o,
			 const char *flag, const char *v, enum cmd_action *action)
{
	uint64_t n;

	switch (o->id) {
	case O_DURATION: ps->duration_set = true; return get_time(ps, flag, v, &w->duration_ns);
	case O_WARMUP: ps->warmup_set = true; return get_time(ps, flag, v, &w->warmup_ns);
	case O_COOLDOWN: ps->cooldown_set = true; return get_time(ps, flag, v, &w->cooldown_ns);
	case O_POOL:
		if (get_uint(ps, flag, v, 1, 1024, &n))
			return -EINVAL;
		w->pool_threads = (unsigned)n;
		return 0;
	case O_POOL_REQUESTS:
		if (get_uint(ps, flag, v, 1, 4096, &n))
			return -EINVAL;
		w->pool_requests = (unsigned)n;
		return 0;
	case O_LATENCY:		/* measured always; shown in DiskSpd's layouts with -L only */
		w->no_latency = false;
		return 0;
	case O_INTERVAL:
		w->iops_stddev = true;
		if (!v || !*v)
			return 0;
		if (get_uint(ps, flag, v, 0, 3600000, &n))
			return -EINVAL;
		if (n)	/* DiskSpd's -D0: the standard deviation over the default 1 s */
			w->interval_ns = n * 1000000ull;
		return 0;
	case O_SEED:
		ps->seed_from_clock = !v || !*v;
		return ps->seed_from_clock ? 0 : get_uint(ps, flag, v, 0, UINT64_MAX, &w->seed);
	case O_IOS: return get_uint(ps, flag, v, 1, UINT64_MAX, &w->ios_per_thread);
	case O_OFFSET_TRACE: ps->trace = v; return 0;
	case O_STEADY:
		w->ss_track = !v || !*v || !strcmp(v, "iops") ? SS_IOPS : !strcmp(v, "bw") ? SS_BW :
			      !strcmp(v, "latency") ? SS_LATENCY : SS_NONE;
		return w->ss_track ? 0 : fail(ps, "%s=%s: track iops, bw or latency", flag, v);
	case O_SS_ROUNDS:
	case O_SS_WINDOW:
		if (get_uint(ps, flag, v, 2, 1000, &n))
			return -EINVAL;
		*(o->id == O_SS_ROUNDS ? &ps->ss_rounds : &ps->ss_window) = (unsigned)n;
		return 0;
	case O_FORMAT: return apply_format(ps, w, flag, v, action);
	case O_IOPRIO:
		if (get_uint(ps, flag, v, 1, 3, &n))
			return -EINVAL;
		w->io_priority = (unsigned)n;
		ps->t_ioprio = n == 3 ? 0 : (unsigned)n;	/* 3, normal: DiskSpd's default */
		return 0;
	case O_LARGE_PAGES: w->large_pages = ps->t_large = true; return 0;
	case O_PROFILE:		/* read by cmdline_parse_spans(), before this */
		return fail(ps, "%s: an XML profile goes with cmdline_parse_spans()", flag);
	case O_AFFINITY: return apply_affinity(ps, w, flag, v);
	case O_VERBOSE: w->verbose = true; return 0;
	case O_PROGRESS:	/* DiskSpd's -P<n>: under 1 (or none) is 65536 */
		if (!v || !*v || !strcmp(v, "0")) {
			w->progress_ios = 65536;
			return 0;
		}
		return get_uint(ps, flag, v, 1, UINT32_MAX, &w->progress_ios);
	case O_HELP: *action = CMD_HELP; return 0;
	case O_VERSION: *action = CMD_VERSION; return 0;
	case O_PRINT: *action = CMD_PRINT; return 0;
	default:
		break;
	}
	return option_apply_run(o, flag, v, w, ps->err, ps->errlen) ? -EINVAL : 0;
}

/* The switches of the target being shaped; the others are the run's. */
static int apply_opt(struct parse_state *ps, struct workload *w, const struct option_def *o,
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
	case O_RATE: return apply_rate(ps, flag, v);
	case O_BURST:
		if (get_uint(ps, flag, v, 1, UINT32_MAX, &n))
			return -EINVAL;
		ps->burst = (unsigned)n;
		return 0;
	case O_THINK:
		if (get_uint(ps, flag, v, 1, UINT32_MAX, &n))
			return -EINVAL;
		ps->think_ms = (unsigned)n;
		return 0;
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
	case O_RAND: return apply_random(ps, flag, v);
	case O_SEQ: return apply_sequential(ps, flag, v);
	case O_WRITE:
		if (get_uint(ps, flag, v, 0, 100, &n))
			return -EINVAL;
		ps->t.write_pct = (unsigned)n;
		return 0;
	case O_CACHING: return apply_caching(ps, flag, v, false);
	case O_NOCACHE: return apply_caching(ps, flag, NULL, true);
	case O_TSTRIDE: return get_size(ps, flag, v, &ps->tstride);
	case O_BASE: return apply_base(ps, flag, v);
	case O_MAXOFF:
		if (v[0] < '0' || v[0] > '9')
			return apply_hints(ps, flag, v);
		if (ps->maxoff.set)
			return fail(ps, "%s%s: the end of the range (-B<base>:<length> or -f<size>) may be "
				    "given once", flag, v);
		return get_size(ps, flag, v, &ps->maxoff);
	case O_ZERO: ps->contents++; ps->t.buf = BUF_ZERO; return 0;
	case O_SOURCEBUF: ps->contents++; return apply_source(ps, flag, v);
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
	case O_PARALLEL: ps->t.parallel = true; return 0;
	case O_MAP_FLUSH:	/* DiskSpd's -N<v|n|i>, in either case */
		if (!strcasecmp(v, "v") || !strcasecmp(v, "n") || !strcasecmp(v, "i")) {
			ps->map_flush = (v[0] | 0x20) == 'v' ? MAP_FLUSH_VIEW :
					(v[0] | 0x20) == 'n' ? MAP_FLUSH_NVM : MAP_FLUSH_NVM_NODRAIN;
			return 0;
		}
		return fail(ps, "%s%s: the flush mode is v, n or i", flag, v);
	default:
		break;
	}
	return apply_run_opt(ps, w, o, flag, v, action);
}

/* -Z takes three forms: -Z (zeros), -Zr (random data in every write), -Z<size> (source buffer). */
static int apply_short_Z(struct parse_state *ps, const char *v)
{
	ps->contents++;
	if (!*v) {
		ps->t.buf = BUF_ZERO;
		return 0;
	}
	if (!strcmp(v, "r")) {	/* DiskSpd's per-I/O random data (RandomWriteData) */
		ps->t.buf = BUF_RANDOM;
		return 0;
	}
	return apply_source(ps, "-Z", v);
}

int cmdline_parse_short(struct parse_state *ps, struct workload *w, const char *arg,
			enum cmd_action *action)
{
	char flag[3] = { '-', arg[1], 0 };
	const char *v = arg + 2;
	const struct option_def *o;

	if (!strcmp(arg, "-vs"))
		return fail(ps, "'-vs': DiskSpd's verbose statistics are its wait statistics (completion "
			    "port waits, throttle sleeps, lookasides), which iobench does not keep (-v is "
			    "taken)");
	if (arg[1] == 'Z')
		return apply_short_Z(ps, v);
	o = option_short(arg[1]);
	if (o && !diskspd_option(ps, o, flag))
		return -EINVAL;
	if (!o) {
		for (size_t i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++)
			if (unsupported[i].letter == arg[1])
				return fail(ps, "'%s': DiskSpd's %s option is not supported: %s",
					    arg, unsupported[i].what, unsupported[i].why);
		return fail(ps, "unknown option '%s' (see iobench --help)", arg);
	}
	if (o->arg == ARG_NONE && *v)
		return fail(ps, "unknown option '%s' ('%s' takes no value)", arg, flag);
	if (o->arg == ARG_REQ && !*v)
		return fail(ps, "'%s' needs a value attached, as in %s%s", flag, flag,
			    o->id == O_BLOCK ? "8K" : o->id == O_IOPRIO ? "2" :
			    o->id == O_MAP_FLUSH ? "v" : o->id == O_FORMAT ? "xml" :
			    o->id == O_PROFILE ? "profile.xml" : "4");
	return apply_opt(ps, w, o, flag, v, action);
}

/* --name[=VALUE] or --name VALUE: read as every front end reads a long option (options.c). */
int cmdline_parse_long(struct parse_state *ps, struct workload *w, int argc, char **argv,
		       int *i, enum cmd_action *action)
{
	const struct option_def *o;
	const char *v;
	char flag[256];

	if (option_next(argc, argv, i, FRONT_DISKSPD, &o, &v, flag, sizeof(flag), ps->err,
			ps->errlen))
		return -EINVAL;
	return apply_opt(ps, w, o, flag, v, action);
}
