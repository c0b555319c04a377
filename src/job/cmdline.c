/* SPDX-License-Identifier: MIT */
/*
 * cmdline.c: the DiskSpd-compatible command line. The options are those of
 * the shared table (options.h) that the DiskSpd front end takes; apply_opt()
 * gives the workload options their meaning (the run options are shared:
 * option_apply_run()); finish() applies defaults and cross-option checks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "job/cmdline.h"
#include "engine/engine.h"
#include "job/units.h"
#include "job/xmlprofile.h"
#include "platform/affinity.h"
#include "platform/host.h"
#include "util/errmsg.h"
#include "version.h"
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
	unsigned rs_pct;	/* -rs<pct> (100: as -r) */
	const char *trace;	/* --offset-trace=PREFIX, or NULL */
	bool interlocked;	/* -si */
	/* DiskSpd's cache mode and write-through, each set once (-S..., -h): */
	enum { CM_UNSET, CM_BUFFERED, CM_DIRECT, CM_NO_LOCAL } cache_mode;
	bool write_through;
	bool mapped;		/* -Sm: memory-mapped I/O */
	bool mapped_set;	/* ... the mmap engine was chosen by -Sm (a profile's target) */
	uint8_t map_flush;	/* -N: MAP_FLUSH_* */
	bool in_targets;	/* a target has been named: DiskSpd's switches come before them */
	bool seed_from_clock;
	unsigned rate;		/* -g: bytes per ms, or with rate_iops I/Os a second; 0: none */
	bool rate_iops;
	unsigned burst, think_ms;	/* -i, -j */
	unsigned contents;	/* write-content options given: -Z, -Z<size>, --pattern */
	bool per_target;	/* a profile's: each target its own switches (cmdline_build) */
	unsigned t_ioprio;	/* ... this target's -I (0: normal), and -l, which iobench */
	bool t_large;		/* ... sets for all of a run's threads: its targets must agree */
	unsigned first_ioprio;
	bool first_large;
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
 * error naming the switch, as DiskSpd's parser has it. Applied in finish().
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

/* Digits at *p, as DiskSpd's Util::ParseUInt: false when there are none or too many. */
static bool take_uint(const char **p, uint64_t *out)
{
	const char *s = *p;
	uint64_t n = 0;

	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (n > (UINT64_MAX - 9) / 10)
			return false;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	*p = s;
	*out = n;
	return true;
}

/*
 * DiskSpd's -rdpct<IO%>/<Target%>:... and -rdabs<IO%>/<size>:...
 * (_ParseRandomDistribution): the ranges as given, DiskSpd's tail added
 * (SetDistributionRange); check_distribution() validates them once -b is known.
 */
static int apply_rd(struct parse_state *ps, const char *flag, const char *v)
{
	struct access_dist *d;
	uint32_t io_acc = 0;
	uint64_t t_acc = 0;
	bool pct = !strncmp(v, "pct", 3);
	const char *p = v + 3;

	if (!pct && strncmp(v, "abs", 3))
		return fail(ps, "%sd%s: unrecognized random distribution type (use -rdpct or -rdabs)",
			    flag, v);
	d = calloc(1, sizeof(*d));
	if (!d)
		return fail(ps, "out of memory");
	d->kind = pct ? DIST_DISKSPD_PCT : DIST_DISKSPD_ABS;
	d->center = -1;
	for (;;) {
		uint64_t io = 0, t = 0;
		struct size_arg sz;
		char buf[64];
		size_t n;

		if (!take_uint(&p, &io) || io > 100) {
			free(d);
			return fail(ps, "%sd%s: invalid IO%% at '%s': must be >= 0 and <= %u", flag, v,
				    p, 100 - (io_acc > 100 ? 100 : io_acc));
		}
		if (*p++ != '/') {
			free(d);
			return fail(ps, "%sd%s: expected / separator after %llu", flag, v,
				    (unsigned long long)io);
		}
		if (pct) {
			if (!take_uint(&p, &t) || !t || t > 100) {
				free(d);
				return fail(ps, "%sd%s: invalid Target%% at '%s': must be > 0 and <= %llu",
					    flag, v, p, (unsigned long long)(t_acc > 100 ? 0 : 100 - t_acc));
			}
		} else {
			n = strcspn(p, ":");
			if (!n || n >= sizeof(buf) || (memcpy(buf, p, n), buf[n] = 0,
							parse_size(buf, &sz.v, &sz.blocks))) {
				free(d);
				return fail(ps, "%sd%s: invalid size '%.*s' of a target range", flag, v,
					    (int)n, p);
			}
			t = sz.blocks ? sz.v * ps->t.block_size : sz.v;
			if (!t) {
				free(d);
				return fail(ps, "%sd%s: invalid zero length target range", flag, v);
			}
			p += n;
		}
		if (d->n[0] == DIST_RANGES_MAX - 1) {
			free(d);
			return fail(ps, "%sd%s: more than %d ranges", flag, v, DIST_RANGES_MAX - 1);
		}
		d->r[0][d->n[0]++] = (struct dist_range){ io_acc, (uint32_t)io, t_acc, t };
		io_acc += (uint32_t)io;
		t_acc += t;
		if (*p == ':' && p++)
			continue;
		if (!*p)
			break;
		free(d);
		return fail(ps, "%sd%s: unexpected characters in specification '%s'", flag, v, p);
	}
	if (io_acc < 100)	/* DiskSpd's tail: the rest of the I/O over the rest of the target */
		d->r[0][d->n[0]++] = (struct dist_range){ io_acc, 100 - io_acc, t_acc,
							  pct && t_acc < 100 ? 100 - t_acc : 0 };
	free(ps->t.dist);
	ps->t.dist = d;
	return 0;
}

/* DiskSpd's Profile::Validate() checks of a -rd distribution (its words). */
static int check_distribution(struct parse_state *ps)
{
	const struct access_dist *d = ps->t.dist;
	bool abs = d->kind == DIST_DISKSPD_ABS, zero = false, zero_last = false;
	uint32_t io_acc = 0;
	uint64_t t_acc = 0;

	if (!ps->random_set && !ps->rs_pct)
		return fail(ps, "-rd: random distribution ranges (-rd) do not apply to "
			    "sequential-only IO patterns");
	for (unsigned i = 0; i < d->n[0]; i++) {
		const struct dist_range *r = &d->r[0][i];

		if (abs) {
			zero_last = false;
			if (!r->len && !zero) {
				zero = zero_last = true;
			} else if (r->len < ps->t.block_size) {
				return fail(ps, "-rd: invalid random distribution target range %llu - must "
					    "be a minimum of the specified block size (%llu bytes)",
					    (unsigned long long)r->len,
					    (unsigned long long)ps->t.block_size);
			}
		}
		if (io_acc + r->io > 100)
			return fail(ps, "-rd: invalid random distribution IO%% %u: can be at most %u - "
				    "total must be <= 100%%", r->io, 100 - io_acc);
		if (!abs && t_acc + r->len > 100)
			return fail(ps, "-rd: invalid random distribution Target%% %llu: can be at most "
				    "%llu - total must be <= 100%%", (unsigned long long)r->len,
				    (unsigned long long)(100 - t_acc));
		if (!abs && t_acc + r->len == 100 && io_acc + r->io < 100)
			return fail(ps, "-rd: invalid random distribution: the target is covered with "
				    "%u%% IO left to distribute", 100 - (io_acc + r->io));
		io_acc += r->io;
		t_acc += r->len;
	}
	if (!abs && t_acc != 100)
		return fail(ps, "-rd: invalid random distribution span: Target%% (%llu%%) must total "
			    "100%%", (unsigned long long)t_acc);
	if (zero && !zero_last)
		return fail(ps, "-rd: invalid zero target range in random distribution - must be a "
			    "minimum of the specified block size (%llu bytes)",
			    (unsigned long long)ps->t.block_size);
	return 0;
}

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
	case O_DURATION: ps->duration_set = true; return get_time(ps, flag, v, &w->duration_ns);
	case O_WARMUP: ps->warmup_set = true; return get_time(ps, flag, v, &w->warmup_ns);
	case O_COOLDOWN: ps->cooldown_set = true; return get_time(ps, flag, v, &w->cooldown_ns);
	case O_RATE: {	/* DiskSpd: -g<bytes per ms>, -g<n>i; a number above 0 */
		size_t l = strlen(v);
		char num[24];

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
	case O_RAND:
		if (v && v[0] == 's')
			return apply_rs(ps, flag, v + 1);
		if (v && v[0] == 'd')
			return apply_rd(ps, flag, v + 1);
		if (ps->random_set)
			return fail(ps, "%s%s: random I/O (-r) may be given once", flag, v ? v : "");
		if (ps->seq_set)
			return fail(ps, "%s%s: sequential I/O (-s) and random I/O (-r) exclude each other",
				    flag, v ? v : "");
		ps->random_set = true;
		return v && *v ? get_size(ps, flag, v, &ps->ralign) : 0;
	case O_SEQ:
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
	case O_WRITE:
		if (get_uint(ps, flag, v, 0, 100, &n))
			return -EINVAL;
		ps->t.write_pct = (unsigned)n;
		return 0;
	case O_CACHING: return apply_caching(ps, flag, v, false);
	case O_NOCACHE: return apply_caching(ps, flag, NULL, true);
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
	case O_IOS: return get_uint(ps, flag, v, 1, UINT64_MAX, &w->ios_per_thread);
	case O_OFFSET_TRACE: ps->trace = v; return 0;
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
	case O_FORMAT:
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
	case O_PARALLEL: ps->t.parallel = true; return 0;
	case O_PROGRESS:	/* DiskSpd's -P<n>: under 1 (or none) is 65536 */
		if (!v || !*v || !strcmp(v, "0")) {
			w->progress_ios = 65536;
			return 0;
		}
		return get_uint(ps, flag, v, 1, UINT32_MAX, &w->progress_ios);
	case O_MAP_FLUSH:	/* DiskSpd's -N<v|n|i>, in either case */
		if (!strcasecmp(v, "v") || !strcasecmp(v, "n") || !strcasecmp(v, "i")) {
			ps->map_flush = (v[0] | 0x20) == 'v' ? MAP_FLUSH_VIEW :
					(v[0] | 0x20) == 'n' ? MAP_FLUSH_NVM : MAP_FLUSH_NVM_NODRAIN;
			return 0;
		}
		return fail(ps, "%s%s: the flush mode is v, n or i", flag, v);
	case O_HELP: *action = CMD_HELP; return 0;
	case O_VERSION: *action = CMD_VERSION; return 0;
	case O_PRINT: *action = CMD_PRINT; return 0;
	default:
		break;
	}
	return option_apply_run(o, flag, v, w, ps->err, ps->errlen) ? -EINVAL : 0;
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

static int parse_short(struct parse_state *ps, struct workload *w, const char *arg,
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
static int parse_long(struct parse_state *ps, struct workload *w, int argc, char **argv,
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

static int check_combinations(struct parse_state *ps, struct workload *w)
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
	if (t->dist && check_distribution(ps))
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

int cmdline_check_path(const char *path, char *err, size_t len)
{
	return host_path_check(path, err, len);
}

static int add_target(struct parse_state *ps, struct workload *w, const char *path)
{
	struct target_spec *nt;

	if (cmdline_check_path(path, ps->err, ps->errlen))
		return -EINVAL;
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

/* The target's switches as none were given: DiskSpd's defaults. */
static void target_defaults(struct parse_state *ps)
{
	static const struct size_arg none;

	memset(&ps->t, 0, sizeof(ps->t));
	ps->t.block_size = 64 * 1024;
	ps->t.buf = BUF_SEQUENCE;	/* DiskSpd's writes without -Z: its 0..255 pattern */
	ps->t.outstanding = 2;
	ps->t.threads = 1;
	ps->create = ps->base = ps->base_len = ps->maxoff = ps->tstride = none;
	ps->ralign = ps->stride = ps->srcbuf = none;
	ps->random_set = ps->seq_set = ps->threads_set = false;
	ps->cache_mode = CM_UNSET;
	ps->write_through = false;
	ps->mapped = false;
	ps->map_flush = 0;
	ps->rs_pct = 0;
	ps->interlocked = false;
	ps->t_ioprio = 0;
	ps->t_large = false;
	ps->contents = 0;
}

static void set_defaults(struct parse_state *ps, struct workload *w)
{
	target_defaults(ps);
	w->duration_ns = 10 * 1000000000ull;
	w->warmup_ns = 5 * 1000000000ull;
	w->interval_ns = 1000000000ull;
	w->null_size = 1ull << 30;
	w->no_latency = true;	/* DiskSpd shows latency with -L only */
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

static int finish(struct parse_state *ps, struct workload *w)
{
	if (!ps->per_target && (resolve_sizes(ps) || check_combinations(ps, w)))
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
	if (check_pool_requests(ps, w))
		return -EINVAL;
	if (w->verify && workload_check_verify(w, ps->err, ps->errlen))
		return -EINVAL;
	if (workload_diskspd_jobs(w))
		return fail(ps, "out of memory");
	for (unsigned j = 0; j < w->njobs; j++)
		set_pace(ps, &w->jobs[j].pace);
	return ps->trace ? add_trace(ps, w) : 0;
}

/*
 * DiskSpd takes '/' as a switch character as well as '-' (/b8K is -b8K). On
 * Linux a word starting with '/' is a path too, so it is taken as a switch
 * only when it could not be one: a DiskSpd switch's letter, no other '/', no
 * '.', and no file of that name.
 */
static bool slash_switch(const char *arg)
{
	struct stat st;

	return arg[0] == '/' && arg[1] && (arg[1] == 'Z' || option_short(arg[1])) &&
	       !strchr(arg + 1, '/') && !strchr(arg, '.') && stat(arg, &st) != 0;
}

static int parse_all(struct parse_state *ps, int argc, char **argv, struct workload *w,
		     enum cmd_action *action)
{
	*action = CMD_RUN;
	set_defaults(ps, w);
	w->cmdline = cmdline_join(argc, argv);
	if (!w->cmdline)
		return fail(ps, "out of memory");
	if (argc == 2 && !strcmp(argv[1], "-h")) {
		*action = CMD_HELP;
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		char *arg = argv[i];
		bool slash;
		int r;

		cmdline_normalize_dash(arg);
		slash = !ps->in_targets && slash_switch(arg);
		if (slash)
			arg[0] = '-';	/* DiskSpd's /b8K: -b8K */
		if (arg[0] == '-' && arg[1] == '-' && arg[2]) {
			r = parse_long(ps, w, argc, argv, &i, action);
		} else if (arg[0] == '-' && arg[1]) {
			if (ps->in_targets)	/* DiskSpd's rule; iobench's --options go anywhere */
				return fail(ps, "'%s' after the target '%s': DiskSpd's switches come "
					    "before the targets", arg, w->targets[w->ntargets - 1].path);
			r = parse_short(ps, w, arg, action);
		} else {
			ps->in_targets = true;
			r = add_target(ps, w, arg);
		}
		if (r && slash) {	/* say how the word was read */
			size_t n = strlen(ps->err);

			snprintf(ps->err + n, ps->errlen - n, " ('/%s' was read as DiskSpd's switch "
				 "-%s, as no file has that name: a new target there is '//%s')",
				 arg + 1, arg + 1, arg + 1);
		}
		if (r)
			return r;
		if (*action == CMD_HELP || *action == CMD_VERSION)
			return 0;
	}
	return finish(ps, w);
}

int cmdline_parse(int argc, char **argv, struct workload *w,
		  enum cmd_action *action, char *err, size_t errlen)
{
	struct parse_state ps = { .err = err, .errlen = errlen };
	int r = parse_all(&ps, argc, argv, w, action);

	free(ps.t.buf_source_path);	/* the template's: each target has its own copy */
	free(ps.t.dist);
	return r;
}

struct cmdline_build {
	struct parse_state ps;
	struct workload *w;
};

struct cmdline_build *cmdline_build_new(struct workload *w, char *err, size_t errlen)
{
	struct cmdline_build *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	b->w = w;
	b->ps.err = err;
	b->ps.errlen = errlen;
	b->ps.per_target = true;
	set_defaults(&b->ps, w);
	return b;
}

int cmdline_build_switch(struct cmdline_build *b, const char *arg, enum cmd_action *action)
{
	enum cmd_action ignored = CMD_RUN;
	char *copy = strdup(arg), *argv[2] = { copy, NULL };
	int i = 0, r;

	if (!copy)
		return fail(&b->ps, "out of memory");
	if (!action)
		action = &ignored;
	if (copy[0] == '-' && copy[1] == '-' && copy[2])
		r = parse_long(&b->ps, b->w, 1, argv, &i, action);
	else if (copy[0] == '-' && copy[1])
		r = parse_short(&b->ps, b->w, copy, action);
	else
		r = fail(&b->ps, "'%s' is not a switch", copy);
	free(copy);
	return r;
}

int cmdline_build_target(struct cmdline_build *b, const char *path)
{
	struct parse_state *ps = &b->ps;
	struct workload *w = b->w;
	char *p;

	if (!w->ntargets) {
		ps->first_ioprio = ps->t_ioprio;
		ps->first_large = ps->t_large;
	} else if (ps->t_ioprio != ps->first_ioprio || ps->t_large != ps->first_large) {
		return fail(ps, "target '%s': its <%s> differs from the first target's: iobench "
			    "sets it for all of a TimeSpan's threads", path,
			    ps->t_ioprio != ps->first_ioprio ? "IOPriority" : "UseLargePages");
	}
	if (resolve_sizes(ps) || check_combinations(ps, w) || add_target(ps, w, path))
		return -EINVAL;
	p = w->targets[w->ntargets - 1].path;
	w->targets[w->ntargets - 1] = ps->t;
	w->targets[w->ntargets - 1].path = p;
	target_defaults(ps);
	return 0;
}

int cmdline_build_finish(struct cmdline_build *b)
{
	struct workload *w = b->w;
	uint64_t end = 0;

	for (unsigned i = 0; i < w->ntargets; i++)	/* the null engine's range: the largest -f */
		if (w->targets[i].max_offset > end)
			end = w->targets[i].max_offset;
	if (finish(&b->ps, w))
		return -EINVAL;
	if (end)
		w->null_size = end;
	return 0;
}

int cmdline_build_weight(struct cmdline_build *b, unsigned weight,
			 const struct thread_target *tt, unsigned ntt)
{
	struct target_spec *t = &b->ps.t;

	free(t->thread_targets);
	t->thread_targets = NULL;
	t->nthread_targets = 0;
	t->weight = weight;
	if (ntt && !(t->thread_targets = malloc(ntt * sizeof(*tt))))
		return fail(&b->ps, "out of memory");
	if (ntt)
		memcpy(t->thread_targets, tt, ntt * sizeof(*tt));
	t->nthread_targets = ntt;
	return 0;
}

void cmdline_build_free(struct cmdline_build *b)
{
	if (b) {	/* switches given after the last target */
		free(b->ps.t.buf_source_path);
		free(b->ps.t.dist);
		free(b->ps.t.thread_targets);
	}
	free(b);
}

/*
 * -X<profile.xml>, as DiskSpd composes it with the command line: the
 * profile defines the workload; the command line may only override the
 * durations (-d, -W, -C), the output format (-R), verbosity (-v) and the
 * seed (-z) in every TimeSpan, name the targets that replace the profile's
 * template paths *1, *2, ... in order, and give iobench's own long options
 * (--engine, --json, --ios, ...). Anything else is an error, -b by name.
 */
static const char x_compose[] = "dWCRvz";

static bool names_profile(const char *a)
{
	return (a[0] == '-' && a[1] == 'X') || !strncmp(a, "--profile", 9);
}

/* A long option that may go with -X: iobench's own, shaping neither the targets nor the run's
 * DiskSpd switches (those with a letter are DiskSpd's: only x_compose's go with -X). */
static bool goes_with_profile(const struct option_def *o)
{
	if (o->letter)
		return strchr(x_compose, o->letter) != NULL;
	return o->id != O_SOURCEBUF && o->id != O_PATTERN && o->id != O_COMPRESS &&
	       o->id != O_DEDUPE;
}

static unsigned own_of(char letter)
{
	switch (letter) {
	case 'd': return XP_OWN_DURATION;
	case 'W': return XP_OWN_WARMUP;
	case 'C': return XP_OWN_COOLDOWN;
	case 'z': return XP_OWN_SEED;
	case 'R': return XP_OWN_FORMAT;
	case 'v': return XP_OWN_VERBOSE;
	default: return 0;
	}
}

static int not_with_profile(const char *arg, char *err, size_t len)
{
	if (!strncmp(arg, "-b", 2) || !strncmp(arg, "--block-size", 12))
		return errmsg(err, len, -EINVAL, "'%s': -b is not compatible with -X: the profile "
			      "gives each target's block size", arg);
	return errmsg(err, len, -EINVAL, "'%s' is not compatible with -X: the profile defines the "
		      "workload (with -X the command line gives only -d, -W, -C, -R, -v, -z, the "
		      "targets for the profile's *1, *2, ..., and iobench's own long options)", arg);
}

/* The command line around -X: the profile's path, the switches it keeps, the targets. */
static int profile_args(int argc, char **argv, const char **profile, struct xprofile_args *a,
			enum cmd_action *action, char *err, size_t len)
{
	for (int i = 1; i < argc; i++) {
		const struct option_def *o;
		char *arg = argv[i], flag[256];
		const char *v;
		size_t n;

		cmdline_normalize_dash(arg);
		if (arg[0] != '-' || !arg[1]) {
			if (cmdline_check_path(arg, err, len))
				return -EINVAL;
			a->subst[a->nsubst++] = arg;
			continue;
		}
		if (arg[1] != '-') {	/* DiskSpd's switches, the value attached */
			if (a->nsubst)	/* as without -X; iobench's --options go anywhere */
				return errmsg(err, len, -EINVAL, "'%s' after the target '%s': "
					      "DiskSpd's switches come before the targets", arg,
					      a->subst[a->nsubst - 1]);
			if (arg[1] == 'X') {
				if (*profile)
					return errmsg(err, len, -EINVAL, "'%s': more than one "
						      "XML profile (-X) given", arg);
				if (!arg[2])
					return errmsg(err, len, -EINVAL, "'-X' needs the profile's "
						      "path attached, as in -Xprofile.xml");
				*profile = arg + 2;
				continue;
			}
			if (arg[1] == '?') {
				*action = CMD_HELP;
				return 0;
			}
			if (!strchr(x_compose, arg[1]))
				return not_with_profile(arg, err, len);
			a->own |= own_of(arg[1]);
			a->print_only |= arg[1] == 'R' && arg[2] == 'p';
			if (!(a->extra[a->nextra++] = strdup(arg)))
				return errmsg(err, len, -ENOMEM, "out of memory");
			continue;
		}
		/* a long option, read as the command line reads it (its value: the next word too) */
		if (option_next(argc, argv, &i, FRONT_DISKSPD, &o, &v, flag, sizeof(flag), err, len))
			return -EINVAL;
		if (o->id == O_PROFILE) {
			if (*profile)
				return errmsg(err, len, -EINVAL, "'%s': more than one XML profile "
					      "(-X) given", flag);
			*profile = v;
			continue;
		}
		if (o->id == O_HELP || o->id == O_VERSION) {
			*action = o->id == O_HELP ? CMD_HELP : CMD_VERSION;
			return 0;
		}
		if (!goes_with_profile(o))
			return not_with_profile(flag, err, len);
		a->own |= own_of(o->letter) | (o->id == O_IOS ? XP_COUNT_BASED : 0);
		a->print_only |= o->id == O_PRINT || (o->id == O_FORMAT && v && v[0] == 'p');
		n = strlen(flag) + (v ? strlen(v) + 2 : 1);
		if (!(a->extra[a->nextra] = malloc(n)))
			return errmsg(err, len, -ENOMEM, "out of memory");
		snprintf(a->extra[a->nextra++], n, "%s%s%s", flag, v ? "=" : "", v ? v : "");
	}
	return 0;
}

static int parse_profile(int argc, char **argv, struct workload **spans, unsigned *n,
			 enum cmd_action *action, char *err, size_t len)
{
	struct xprofile_args a = { .action = action };
	const char *path = NULL;
	struct xprofile *p = NULL;
	int r;

	a.extra = calloc((size_t)argc, sizeof(*a.extra));
	a.subst = calloc((size_t)argc, sizeof(*a.subst));
	*spans = calloc(1, sizeof(**spans));
	r = !a.extra || !a.subst || !*spans ? errmsg(err, len, -ENOMEM, "out of memory") :
	    profile_args(argc, argv, &path, &a, action, err, len);
	if (!r && *spans)
		*n = 1;
	if (!r && *action != CMD_HELP && *action != CMD_VERSION) {
		r = xprofile_load(path, &p, err, len);
		if (!r) {
			free(*spans);
			*spans = calloc(xprofile_spans(p), sizeof(**spans));
			*n = *spans ? xprofile_spans(p) : 0;
			if (!*spans)
				r = errmsg(err, len, -ENOMEM, "out of memory");
		}
		for (unsigned i = 0; !r && i < *n; i++) {
			(*spans)[i].cmdline = cmdline_join(argc, argv);
			r = (*spans)[i].cmdline ? xprofile_build(p, i, &a, &(*spans)[i], err, len) :
			    errmsg(err, len, -ENOMEM, "out of memory");
		}
		if (!r)
			r = xprofile_finish(p, &a, *spans, *n, err, len);
	}
	xprofile_free(p);
	for (unsigned i = 0; a.extra && i < a.nextra; i++)
		free(a.extra[i]);
	free(a.extra);
	free(a.subst);
	return r;
}

int cmdline_parse_spans(int argc, char **argv, struct workload **spans, unsigned *n,
			enum cmd_action *action, char *err, size_t errlen)
{
	bool profile = false;

	*spans = NULL;
	*n = 0;
	*action = CMD_RUN;
	for (int i = 1; i < argc && !profile; i++) {
		cmdline_normalize_dash(argv[i]);
		profile = names_profile(argv[i]);
	}
	if (profile)
		return parse_profile(argc, argv, spans, n, action, err, errlen);
	*spans = calloc(1, sizeof(**spans));
	if (!*spans)
		return errmsg(err, errlen, -ENOMEM, "out of memory");
	*n = 1;
	return cmdline_parse(argc, argv, *spans, action, err, errlen);
}

void cmdline_spans_free(struct workload *spans, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		workload_release(&spans[i]);
	free(spans);
}

void cmdline_usage(FILE *f)
{
	fprintf(f,
		"usage: iobench [options] target [target...]   run a workload (DiskSpd's switches)\n"
		"       iobench -Xprofile.xml [target...]       run DiskSpd's XML profile (*1, *2: the targets)\n"
		"       iobench                                 run the quick suite in this directory\n"
		"       iobench quick [options] [DIR|DEVICE]    run the quick suite there\n"
		"       iobench FILE.fio... [--name=value...]   run fio job files (docs/jobfiles.md)\n"
		"       iobench --name=JOB --rw=... [--...]     fio's command line, without a job file\n"
		"       iobench disks [DEVICE...]               the block devices, and what writing each needs\n"
		"       iobench quick|preset|sweep|compare|monitor|report|disks ...   (each takes --help)\n"
		"\n"
		"Values attach to short flags as in DiskSpd (-b8K -w30 -Sh); long forms take\n"
		"--name=VALUE. Sizes are binary: 8K = 8192; '<n>b' counts blocks of -b.\n"
		"Targets: files (created with -c), block devices (reads; writes need\n"
		"--allow-device-write: iobench disks says which may be written, and how), or\n"
		"names with --engine=null.\n\n");
	option_usage(f, FRONT_DISKSPD);
	fprintf(f, "\nExamples:\n"
		"  iobench -b8K -d60 -h -L -o2 -t4 -r -w30 -c50M /mnt/k/io.dat\n"
		"  iobench -b8K -o32 -d90 -Sh -r4k -t64 -w0 /dev/sdb\n"
		"Documentation: man iobench, and docs/cli.md (the docs/ paths messages name are in\n"
		"the source tree, and in %s once installed)\n", iob_docdir);
}
