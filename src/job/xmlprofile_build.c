/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile_build.c: a checked DiskSpd profile's TimeSpan turned into
 * DiskSpd switches (cmdline_build): an element at its default value is no
 * switch at all, an element iobench cannot honour becomes the switch
 * iobench refuses, so it is refused for the command line's reason. Then,
 * over the spans, the targets the command line gave and <PrecreateFiles>.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "job/xmlprofile_build.h"
#include "job/cmdline_build.h"
#include "job/xmlprofile_doc.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* ---- building a TimeSpan through the command line's switches ---- */

struct builder {
	const struct xprofile *p;
	const struct xprofile_args *a;
	struct cmdline_build *b;
	char *err;
	size_t len;
};

/* Applies one DiskSpd switch for element n; a refusal is the switch's, naming n. */
static int sw(struct builder *c, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int sw(struct builder *c, xmlNodePtr n, const char *fmt, ...)
{
	char arg[PATH_MAX_LEN + 64], msg[1024];
	va_list ap;
	int r;

	va_start(ap, fmt);
	vsnprintf(arg, sizeof(arg), fmt, ap);
	va_end(ap);
	r = cmdline_build_switch(c->b, arg, NULL);
	if (!r)
		return 0;
	snprintf(msg, sizeof(msg), "%s", c->err);
	return xprofile_at(c->p->name, n, c->err, c->len, r, "%s", msg);
}

/* A refusal of n that no switch gives. */
static int refuse(struct builder *c, xmlNodePtr n, const char *why)
{
	return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "%s", why);
}

/* The value of n's child name: 1 with *v (and *k the child), 0 when absent. */
static int num(xmlNodePtr n, const char *name, xmlNodePtr *k, uint64_t *v)
{
	char text[PATH_MAX_LEN];	/* as check_node() read it: leading zeros may be many */

	*k = xprofile_child(n, name);
	*v = 0;
	if (!*k)
		return 0;
	if (xprofile_text(*k, text, sizeof(text)) || !xprofile_dec(text, UINT64_MAX, v))
		return 0;	/* checked before: cannot happen */
	return 1;
}

/* n's child name as a boolean: -1 absent, else 0 or 1. */
static int flag(xmlNodePtr n, const char *name, xmlNodePtr *k)
{
	char text[16];

	*k = xprofile_child(n, name);
	if (!*k || xprofile_text(*k, text, sizeof(text)))
		return -1;
	return !strcmp(text, "true") || !strcmp(text, "1");
}

/* The switches of a Target's numeric elements, when they are not DiskSpd's defaults. */
static int target_numbers(struct builder *c, xmlNodePtr t)
{
	static const struct { const char *name, *sw; uint64_t skip; } map[] = {
		{ "BlockSize", "-b", UINT64_MAX },
		{ "RequestCount", "-o", UINT64_MAX },
		{ "ThreadsPerFile", "-t", 1 },		/* DiskSpd: 1 is no -t */
		{ "WriteRatio", "-w", UINT64_MAX },
		{ "BaseFileOffset", "-B", 0 },
		{ "MaxFileSize", "-f", 0 },		/* 0: to the target's end */
		{ "FileSize", "-c", UINT64_MAX },	/* given: created, as DiskSpd */
		{ "StrideSize", "-s", UINT64_MAX },
		{ "Random", "-r", UINT64_MAX },
		{ "RandomRatio", "-rs", UINT64_MAX },
		{ "ThreadStride", "-T", 0 },		/* DiskSpd: 0 is no -T */
		{ "BurstSize", "-i", 0 },
		{ "ThinkTime", "-j", 0 },
	};
	xmlNodePtr k;
	uint64_t v;
	int r;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		/* a stride with <InterlockedSequential>: one switch, -si<stride> */
		bool si = !strcmp(map[i].name, "StrideSize") && flag(t, "InterlockedSequential", &k) == 1;

		if (num(t, map[i].name, &k, &v) && v != map[i].skip &&
		    (r = sw(c, k, "%s%" PRIu64, si ? "-si" : map[i].sw, v)))
			return r;
	}
	if (num(t, "Throughput", &k, &v) && v) {
		xmlChar *unit = xmlGetNoNsProp(k, (const xmlChar *)"unit");
		bool iops = unit && !strcmp((const char *)unit, "IOPS");

		xmlFree(unit);
		if ((r = sw(c, k, "-g%" PRIu64 "%s", v, iops ? "i" : "")))
			return r;
	}
	if (num(t, "IOPriority", &k, &v) && v != 3) {	/* 3: normal, DiskSpd's default */
		if (v < 1 || v > 3)
			return refuse(c, k, "IOPriority is 1 (very low), 2 (low) or 3 (normal)");
		if ((r = sw(c, k, "-I%" PRIu64, v)))
			return r;
	}
	return 0;
}

/* The switches of a Target's true/false elements. */
static int target_flags(struct builder *c, xmlNodePtr t)
{
	static const struct { const char *name, *sw; } map[] = {
		{ "InterlockedSequential", "-si" }, { "SequentialScan", "-fs" },
		{ "RandomAccess", "-fr" }, { "TemporaryFile", "-ft" },
		{ "UseLargePages", "-l" }, { "ParallelAsyncIO", "-p" },
		{ "MemoryMappedIo", "-Sm" },
	};
	xmlNodePtr k, first = NULL, wt = NULL;
	const char *mode = NULL;
	int r;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (!strcmp(map[i].name, "InterlockedSequential") &&
		    xprofile_child(t, "StrideSize"))
			continue;	/* given with its stride (target_numbers) */
		if (flag(t, map[i].name, &k) == 1 && (r = sw(c, k, "%s", map[i].sw)))
			return r;
	}
	/* DiskSpd's reader: DisableOSCache, then DisableAllCache (and write-through), then
	 * DisableLocalCache, each setting the one cache mode; WriteThrough adds write-through */
	if (flag(t, "DisableOSCache", &k) == 1) {
		mode = "u";
		first = k;
	}
	if (flag(t, "DisableAllCache", &k) == 1) {
		mode = "u";
		first = first ? first : k;
		wt = k;
	}
	if (flag(t, "DisableLocalCache", &k) == 1) {
		mode = "r";
		first = first ? first : k;
	}
	if (flag(t, "WriteThrough", &k) == 1) {
		wt = k;
		first = first ? first : k;
	}
	if (!first)
		return 0;
	if (mode && !strcmp(mode, "u") && wt)
		return sw(c, first, "-Sh");
	return sw(c, first, "-S%s%s", mode ? mode : "", wt ? "w" : "");
}

static int target_content(struct builder *c, xmlNodePtr t)
{
	xmlNodePtr wbc = xprofile_child(t, "WriteBufferContent"), pat, src, k, fp;
	char text[PATH_MAX_LEN];
	uint64_t size;

	if (!wbc)
		return 0;
	pat = xprofile_child(wbc, "Pattern");
	if (xprofile_text(pat, text, sizeof(text)))
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	if (!strcmp(text, "zero"))
		return sw(c, pat, "-Z");
	src = xprofile_child(wbc, "RandomDataSource");
	if (strcmp(text, "random") || !src)	/* sequential, or random without a source: DiskSpd's
						   default, iobench's random data */
		return 0;
	num(src, "SizeInBytes", &k, &size);
	fp = xprofile_child(src, "FilePath");
	if (fp) {
		if (xprofile_text(fp, text, sizeof(text)))
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		return sw(c, fp, "-Z%" PRIu64 ",%s", size, text);
	}
	return sw(c, k, "-Z%" PRIu64, size);
}

/* <Distribution>: DiskSpd's -rdpct / -rdabs, as that switch would be written. */
static int target_distribution(struct builder *c, xmlNodePtr t)
{
	xmlNodePtr d = xprofile_child(t, "Distribution"), kind = NULL;
	char arg[512];
	bool first = true, abs, last_rest = false;
	unsigned long sum = 0, last_io = 0;
	size_t n, last = 0;

	if (!d)
		return 0;
	for (xmlNodePtr k = d->children; k && !kind; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			kind = k;
	abs = strcmp((const char *)kind->name, "Percent") != 0;
	n = (size_t)snprintf(arg, sizeof(arg), "-rd%s", abs ? "abs" : "pct");
	for (xmlNodePtr r = kind->children; r && n < sizeof(arg); r = r->next) {
		xmlChar *io;
		char text[64];

		if (r->type != XML_ELEMENT_NODE)
			continue;
		io = xmlGetNoNsProp(r, (const xmlChar *)"IO");
		if (xprofile_text(r, text, sizeof(text))) {
			xmlFree(io);
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		}
		last = n;
		last_rest = abs && !strcmp(text, "0");
		last_io = io ? strtoul((const char *)io, NULL, 10) : 0;
		n += (size_t)snprintf(arg + n, sizeof(arg) - n, "%s%s/%s", first ? "" : ":",
				      io ? (const char *)io : "0", text);
		sum += last_io;
		first = false;
		xmlFree(io);
	}
	/*
	 * DiskSpd writes the rest of the target, after the last range -rdabs gave, as
	 * a last <Range> of size 0 with the I/Os left: -rdabs's own remainder, so the
	 * switch leaves it out (a 0 size elsewhere is -rdabs's error)
	 */
	if (last_rest && sum == 100 && last_io && n < sizeof(arg))
		arg[last] = '\0';
	return sw(c, d, "%s", arg);
}

/*
 * A Target's path: *N becomes the command line's N-th target. A template
 * path without one stays as it is with -Rp (it prints), and is an error to run.
 */
static int target_path(struct builder *c, xmlNodePtr pn, char *path, size_t len)
{
	uint64_t i;

	if (xprofile_text(pn, path, len))
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	if (path[0] != '*') {
		char msg[1024];

		if (!path[0])
			return refuse(c, pn, "the target's path is empty");
		if (!cmdline_check_path(path, msg, sizeof(msg)))
			return 0;
		return refuse(c, pn, msg);
	}
	if (path[1] < '0' || path[1] > '9' || !xprofile_dec(path + 1, UINT32_MAX, &i) || !i)
		return xprofile_at(c->p->name, pn, c->err, c->len, -EINVAL, "'%s' is not a "
				   "template path: *<number>, from *1 (the first target on the "
				   "command line)", path);
	if (i <= c->a->nsubst) {
		snprintf(path, len, "%s", c->a->subst[i - 1]);
		return 0;
	}
	if (c->a->print_only && !c->a->nsubst)
		return 0;
	return xprofile_at(c->p->name, pn, c->err, c->len, -EINVAL, "template path '%s' has "
			   "no target on the command line (give %llu or more targets after -X, "
			   "in order)", path, (unsigned long long)i);
}

/*
 * <Weight> and <ThreadTargets>: with the TimeSpan's ThreadCount and
 * RequestCount (-F with -O), how often each thread's I/O picks the target, and
 * which threads work on it (check_pool_requests() in cmdline_finish.c has DiskSpd's
 * other rules). Without them DiskSpd reads <Weight> and uses it nowhere.
 */
static int target_weights(struct builder *c, xmlNodePtr t)
{
	struct thread_target tt[1024];
	xmlNodePtr ts = t->parent->parent, k, list = xprofile_child(t, "ThreadTargets");
	uint64_t weight = 1, threads = 0, requests = 0;
	unsigned n = 0;

	num(ts, "ThreadCount", &k, &threads);
	num(ts, "RequestCount", &k, &requests);
	if (!num(t, "Weight", &k, &weight))
		weight = 1;
	else if (!weight && threads && requests)
		return refuse(c, k, "a non-zero target Weight must be specified");
	if (list && !(threads && requests))
		return refuse(c, list, "ThreadTargets can only be specified when the TimeSpan's "
			      "ThreadCount and RequestCount are (DiskSpd's -F with -O)");
	for (k = list ? list->children : NULL; k; k = k->next) {
		xmlNodePtr x;
		uint64_t thread = 0, w = 0;	/* xs:unsignedInt, checked when read */

		if (k->type != XML_ELEMENT_NODE)
			continue;
		num(k, "Thread", &x, &thread);
		num(k, "Weight", &x, &w);
		if (thread >= threads)
			return refuse(c, k, "illegal thread specified for ThreadTarget (threads "
				      "count from 0, below the ThreadCount)");
		if (n == sizeof(tt) / sizeof(tt[0]))	/* -F takes 1024 threads */
			return refuse(c, k, "more ThreadTargets than the 1024 threads -F takes");
		tt[n++] = (struct thread_target){ (unsigned)thread, (unsigned)w };
	}
	return cmdline_build_weight(c->b, (unsigned)weight, tt, n);
}

static int build_target(struct builder *c, xmlNodePtr t)
{
	char path[PATH_MAX_LEN], msg[1024];
	xmlNodePtr k;
	int r;

	if ((r = target_path(c, xprofile_child(t, "Path"), path, sizeof(path))))
		return r;
	if ((r = target_numbers(c, t)) || (r = target_flags(c, t)) || (r = target_content(c, t)) ||
	    (r = target_distribution(c, t)) || (r = target_weights(c, t)))
		return r;
	if ((k = xprofile_child(t, "FlushType"))) {
		char text[64];
		const char *f;

		if (xprofile_text(k, text, sizeof(text)))
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		f = !strcmp(text, "ViewOfFile") ? "v" :
		    !strcmp(text, "NonVolatileMemory") ? "n" : "i";
		if ((r = sw(c, k, "-N%s", f)))
			return r;
	}
	r = cmdline_build_target(c->b, path);
	if (!r)
		return 0;
	snprintf(msg, sizeof(msg), "%s", c->err);
	return xprofile_at(c->p->name, t, c->err, c->len, r, "%s", msg);
}

/* <Affinity>: -a<cpu>,... when every assignment is in group 0, else DiskSpd's -ag form. */
static int span_affinity(struct builder *c, xmlNodePtr a)
{
	char cpus[8192];
	size_t n = 0;
	uint64_t last = 0;
	bool grouped = false;

	for (xmlNodePtr k = a->children; k; k = k->next) {
		char text[32];
		uint64_t gv = 0, pv = 0;

		if (k->type != XML_ELEMENT_NODE)
			continue;
		grouped = strcmp((const char *)k->name, "AffinityAssignment") != 0;
		if (!grouped) {
			if (xprofile_text(k, text, sizeof(text)))
				return errmsg(c->err, c->len, -ENOMEM, "out of memory");
			xprofile_dec(text, UINT32_MAX, &pv);
		} else {
			xmlChar *g = xmlGetNoNsProp(k, (const xmlChar *)"Group");
			xmlChar *p = xmlGetNoNsProp(k, (const xmlChar *)"Processor");

			if (g)
				xprofile_dec((const char *)g, UINT32_MAX, &gv);
			if (p)
				xprofile_dec((const char *)p, UINT32_MAX, &pv);
			xmlFree(g);
			xmlFree(p);
			if (gv > 65535 || pv > 255)
				return refuse(c, k, gv > 65535 ?
					      "a processor group is at most 65535" :
					      "a processor within its group is at most 255");
		}
		/* -a<cpu>,...; or DiskSpd's group form, g<group>,<cpu>,...,g<group>,<cpu>,... */
		if (n >= sizeof(cpus))
			break;
		if (grouped && (!n || gv != last))
			n += (size_t)snprintf(cpus + n, sizeof(cpus) - n, "%sg%" PRIu64 ",%" PRIu64,
					      n ? "," : "", gv, pv);
		else
			n += (size_t)snprintf(cpus + n, sizeof(cpus) - n, "%s%" PRIu64, n ? "," : "",
					      pv);
		last = gv;
	}
	if (n >= sizeof(cpus))
		return refuse(c, a, "too many CPUs");
	return sw(c, a, "-a%s", cpus);
}

/* The profile's own elements (Verbose, Progress, ...), as they apply to every span. */
static int profile_switches(struct builder *c, xmlNodePtr top)
{
	unsigned own = c->a->own;
	xmlNodePtr k;
	uint64_t v;
	char text[32];
	int r;

	if (!(own & XP_OWN_VERBOSE)) {
		if (flag(top, "Verbose", &k) == 1 && (r = sw(c, k, "-v")))
			return r;
		if (flag(top, "VerboseStats", &k) == 1 && (r = sw(c, k, "-vs")))
			return r;
	}
	if (num(top, "Progress", &k, &v) && v && (r = sw(c, k, "-P%" PRIu64, v)))
		return r;
	if (num(top, "ExperimentFlags", &k, &v) && v)
		return refuse(c, k, "DiskSpd's experiment flags (-:) are not supported");
	if (!(own & XP_OWN_FORMAT) && (k = xprofile_child(top, "ResultFormat"))) {
		if (xprofile_text(k, text, sizeof(text)))
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		if ((r = sw(c, k, "-R%s", text)))
			return r;
	}
	if ((k = xprofile_child(top, "ETW"))) {
		for (xmlNodePtr e = k->children; e; e = e->next) {
			xmlNodePtr x;

			if (e->type == XML_ELEMENT_NODE &&
			    flag(k, (const char *)e->name, &x) == 1 && (r = sw(c, x, "-e")))
				return r;
		}
	}
	return 0;
}

static int span_switches(struct builder *c, xmlNodePtr ts)
{
	static const struct { const char *name, *sw; unsigned own; } map[] = {
		{ "Duration", "-d", XP_OWN_DURATION | XP_COUNT_BASED },
		{ "Warmup", "-W", XP_OWN_WARMUP },
		{ "Cooldown", "-C", XP_OWN_COOLDOWN | XP_COUNT_BASED },
		{ "RandSeed", "-z", XP_OWN_SEED },
	};
	unsigned own = c->a->own;
	xmlNodePtr k;
	uint64_t v;
	int r;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!(own & map[i].own) && num(ts, map[i].name, &k, &v) &&
		    (r = sw(c, k, "%s%" PRIu64, map[i].sw, v)))
			return r;
	if (num(ts, "ThreadCount", &k, &v) && v && (r = sw(c, k, "-F%" PRIu64, v)))
		return r;
	if (num(ts, "RequestCount", &k, &v) && v && (r = sw(c, k, "-O%" PRIu64, v)))
		return r;
	if ((k = xprofile_child(ts, "Affinity")) && (r = span_affinity(c, k)))
		return r;
	if (flag(ts, "DisableAffinity", &k) == 1 && (r = sw(c, k, "-n")))
		return r;
	if (flag(ts, "CompletionRoutines", &k) == 1 && (r = sw(c, k, "-x")))
		return r;
	if (flag(ts, "MeasureLatency", &k) == 1 && (r = sw(c, k, "-L")))
		return r;
	if (flag(ts, "CalculateIopsStdDev", &k) == 1 && (r = sw(c, k, "-D")))
		return r;
	if (num(ts, "IoBucketDuration", &k, &v) && (r = sw(c, k, "-D%" PRIu64, v)))
		return r;
	/* RandomWriteData: -Zr, every target's writes random (GroupAffinity: DiskSpd's reader
	 * ignores it) */
	if (flag(ts, "RandomWriteData", &k) == 1 && (r = sw(c, k, "-Zr")))
		return r;
	return 0;
}

int xprofile_build(const struct xprofile *p, unsigned span, const struct xprofile_args *a,
		   struct workload *w, char *err, size_t len)
{
	struct builder c = { .p = p, .a = a, .err = err, .len = len };
	xmlNodePtr ts = p->spans[span], k;
	int r = 0, stddev;

	c.b = cmdline_build_new(w, err, len);
	if (!c.b)
		return errmsg(err, len, -ENOMEM, "out of memory");
	r = profile_switches(&c, xmlDocGetRootElement(p->doc));
	if (!r)
		r = span_switches(&c, ts);
	for (unsigned i = 0; !r && i < a->nextra; i++)
		r = cmdline_build_switch(c.b, a->extra[i], a->action);
	for (k = xprofile_child(xprofile_child(ts, "Targets"), "Target"); !r && k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			r = build_target(&c, k);
	if (!r)
		r = cmdline_build_finish(c.b);
	/* IoBucketDuration is -D's interval; the IopsStdDev column is CalculateIopsStdDev's */
	stddev = flag(ts, "CalculateIopsStdDev", &k);
	if (!r && xprofile_child(ts, "IoBucketDuration") && stddev != 1)
		w->iops_stddev = false;
	cmdline_build_free(c.b);
	return r;
}

/* The path text of every Target of every span, in order, through fn; stops at its non-zero. */
static int each_template(const struct xprofile *p, int (*fn)(void *arg, const char *path),
			 void *arg)
{
	char path[PATH_MAX_LEN];
	int r;

	for (unsigned s = 0; s < p->nspans; s++) {
		xmlNodePtr t = xprofile_child(xprofile_child(p->spans[s], "Targets"), "Target");

		for (; t; t = t->next) {
			if (t->type != XML_ELEMENT_NODE)
				continue;
			if (xprofile_text(xprofile_child(t, "Path"), path, sizeof(path)))
				return -ENOMEM;
			if ((r = fn(arg, path)))
				return r;
		}
	}
	return 0;
}

struct used {
	bool *used;
	unsigned n;
};

static int mark_used(void *arg, const char *path)
{
	struct used *u = arg;
	uint64_t i;

	if (path[0] == '*' && xprofile_dec(path + 1, UINT32_MAX, &i) && i && i <= u->n)
		u->used[i - 1] = true;
	return 0;
}

/* DiskSpd's <PrecreateFiles>: which paths are created before the first span, at what size. */
static void precreate(const char *mode, struct workload *spans, unsigned n)
{
	for (unsigned s = 0; s < n; s++) {
		for (unsigned t = 0; t < spans[s].ntargets; t++) {
			const char *path = spans[s].targets[t].path;
			uint64_t max = 0, last = 0;
			bool zeros = false, constant = true, same_buf = true, first = true;
			bool seen = false, zbuf = false;

			/* a path's first target decides; the ones before it were seen already */
			for (unsigned s2 = 0; s2 < s && !seen; s2++)
				for (unsigned t2 = 0; t2 < spans[s2].ntargets && !seen; t2++)
					seen = !strcmp(spans[s2].targets[t2].path, path);
			for (unsigned t2 = 0; t2 < t && !seen; t2++)
				seen = !strcmp(spans[s].targets[t2].path, path);
			if (seen)
				continue;
			for (unsigned s2 = s; s2 < n; s2++) {
				for (unsigned t2 = 0; t2 < spans[s2].ntargets; t2++) {
					const struct target_spec *x = &spans[s2].targets[t2];

					if (strcmp(x->path, path))
						continue;
					if (!first && (x->buf == BUF_ZERO) != zbuf)
						same_buf = false;
					zbuf = x->buf == BUF_ZERO;
					first = false;
					if (x->create_size > max)
						max = x->create_size;
					zeros |= !x->create_size;
					if (x->create_size && last && x->create_size != last)
						constant = false;
					if (x->create_size)
						last = x->create_size;
				}
			}
			if (!same_buf || !max)
				continue;
			if (strcmp(mode, "UseMaxSize") && (!constant ||
			    (!strcmp(mode, "CreateOnlyFilesWithConstantSizes") && zeros)))
				continue;
			for (unsigned s2 = s; s2 < n; s2++)
				for (unsigned t2 = 0; t2 < spans[s2].ntargets; t2++)
					if (!strcmp(spans[s2].targets[t2].path, path))
						spans[s2].targets[t2].create_size = max;
		}
	}
}

/*
 * A file an earlier TimeSpan creates is there, at its size, for a later one that
 * only names it (DiskSpd leaves it in place): that target takes the size, so it is
 * checked before the first span runs, and used again as iobench's own file.
 */
static void inherit_sizes(struct workload *spans, unsigned n)
{
	for (unsigned s = 1; s < n; s++) {
		for (unsigned t = 0; t < spans[s].ntargets; t++) {
			struct target_spec *x = &spans[s].targets[t];

			for (unsigned s2 = s; !x->create_size && s2-- > 0; )
				for (unsigned t2 = 0; t2 < spans[s2].ntargets; t2++)
					if (spans[s2].targets[t2].create_size &&
					    !strcmp(spans[s2].targets[t2].path, x->path))
						x->create_size = spans[s2].targets[t2].create_size;
		}
	}
}

int xprofile_finish(const struct xprofile *p, const struct xprofile_args *a,
		    struct workload *spans, unsigned n, char *err, size_t len)
{
	struct used u = { .n = a->nsubst };
	xmlNodePtr pre = xprofile_child(xmlDocGetRootElement(p->doc), "PrecreateFiles");
	char mode[64];

	if (a->nsubst) {
		u.used = calloc(a->nsubst, sizeof(*u.used));
		if (!u.used || each_template(p, mark_used, &u)) {
			free(u.used);
			return errmsg(err, len, -ENOMEM, "out of memory");
		}
		for (unsigned i = 0; i < a->nsubst; i++) {
			if (!u.used[i]) {
				int r = errmsg(err, len, -EINVAL, "%s: target '%s' (*%u) is used "
					       "by no template path of the profile", p->name,
					       a->subst[i], i + 1);

				free(u.used);
				return r;
			}
		}
		free(u.used);
	}
	if (spans[0].engine && !strcmp(spans[0].engine, "null"))
		return 0;	/* the null engine opens nothing, and creates nothing */
	if (pre) {
		if (xprofile_text(pre, mode, sizeof(mode)))
			return errmsg(err, len, -ENOMEM, "out of memory");
		precreate(mode, spans, n);
	}
	inherit_sizes(spans, n);
	return 0;
}
