/* SPDX-License-Identifier: MIT */
/*
 * diskspd_xml.c: a run's results in DiskSpd's XML layout (-Rxml), for the
 * tools that read DiskSpd's: the elements, their nesting and order, and the
 * number formats of DiskSpd's XmlResultParser (its unit test's expected
 * document is the reference); the figures those of iobench's text report,
 * which prints them in DiskSpd's text layout (text.c), from the result
 * model alone. Linux has no processor groups: the CPUs go in groups of 64
 * (a Windows group's most), CPU n as number n % 64 of group n / 64.
 * Everything iobench knows beyond DiskSpd goes in one <Iobench> element at
 * the end of <Results>, under the names of the JSON fields it mirrors.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/devcheck.h"
#include "report/diskspd_xml.h"
#include "report/summary.h"
#include "report/verdict.h"
#include "report/xml.h"
#include "version.h"
#include "util/banned.h"

#define GROUP_CPUS 64	/* a Windows processor group's most: its KAFFINITY mask's bits */

/* One CPU as DiskSpd numbers it. */
struct cpu_at {
	unsigned group, id;	/* its processor group, and its number in it */
	unsigned socket;	/* sockets numbered from 0 in the order of their package ids */
	unsigned node;		/* NUMA node (0 where there is none) */
	unsigned core;		/* its core's number in the group */
	unsigned eclass;	/* efficiency class: its capacity's rank, 0 the lowest */
	int package, core_id;	/* sysfs: the CPUs of one core share both */
};

/* One core (its SMT threads) as DiskSpd lists it. */
struct core_at {
	unsigned group;
	int package, core_id;
	uint64_t mask;		/* its CPUs in the group */
	unsigned eclass;
	unsigned number;	/* in its group, by ascending mask, as DiskSpd numbers them */
};

/* DiskSpd's processor topology of the CPUs a run measured. */
struct topo {
	struct cpu_at *cpu;	/* res->cpu[i] is cpu[i] */
	unsigned n;
	struct core_at *cores;	/* by (group, package, core_id) */
	unsigned *order;	/* the cores by (group, mask): DiskSpd's order */
	unsigned ncores;
	unsigned ngroups;	/* groups 0 .. ngroups - 1, some perhaps empty */
	unsigned nnodes, nsockets;
	bool hetero;		/* more than one efficiency class */
};

/* Everything the document needs, gathered before a line of it is written. */
struct ctx {
	struct xml x;
	const struct workload *w;
	const struct result *res;
	struct summary *s;		/* every row */
	struct interval *series;	/* every row's series, merged (-D) */
	unsigned full;			/* intervals of the series that ran their whole length */
	struct topo t;
	struct devcheck *dc;
	unsigned ndc;
	struct verdict *v;
};

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* vals sorted with their repeats dropped; returns how many are left. */
static unsigned sort_unique(int *vals, unsigned n)
{
	unsigned k = 0;

	qsort(vals, n, sizeof(*vals), cmp_int);
	for (unsigned i = 0; i < n; i++)
		if (!k || vals[k - 1] != vals[i])
			vals[k++] = vals[i];
	return k;
}

/* The index of v in the n sorted values of vals (v is one of them). */
static unsigned rank_of(const int *vals, unsigned n, int v)
{
	const int *p = bsearch(&v, vals, n, sizeof(*vals), cmp_int);

	return p ? (unsigned)(p - vals) : 0;
}

static int cmp_core_key(const void *a, const void *b)
{
	const struct core_at *x = a, *y = b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->package != y->package)
		return x->package < y->package ? -1 : 1;
	return (x->core_id > y->core_id) - (x->core_id < y->core_id);
}

/* Indices of the cores (arg) by (group, mask). */
static int cmp_core_order(const void *a, const void *b, void *arg)
{
	const struct core_at *x = (const struct core_at *)arg + *(const unsigned *)a;
	const struct core_at *y = (const struct core_at *)arg + *(const unsigned *)b;

	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return (x->mask > y->mask) - (x->mask < y->mask);
}

/* Where CPU i of the result sits; a document without places: a core of its own, package and node 0. */
static struct cpu_place place_of(const struct result *res, unsigned i)
{
	struct cpu_place p = { res->cpu[i].cpu, 0, -1, 0, -1 };

	if (res->nplaces == res->ncpu && res->places[i].cpu == res->cpu[i].cpu)
		p = res->places[i];
	if (p.package < 0)
		p.package = 0;
	if (p.node < 0)
		p.node = 0;
	if (p.core < 0)		/* unknown: its own core */
		p.core = -2 - p.cpu;
	return p;
}

static void topo_free(struct topo *t)
{
	free(t->cpu);
	free(t->cores);
	free(t->order);
	memset(t, 0, sizeof(*t));
}

/* DiskSpd's numbering of the result's CPUs. Returns 0 or -ENOMEM. */
static int topo_build(struct topo *t, const struct result *res)
{
	unsigned n = res->ncpu, nclass, k = 0;
	int *pkg = malloc((n ? n : 1) * sizeof(int)), *cap = malloc((n ? n : 1) * sizeof(int));
	int *nodes = malloc((n ? n : 1) * sizeof(int));
	struct core_at *c;

	memset(t, 0, sizeof(*t));
	t->cpu = calloc(n ? n : 1, sizeof(*t->cpu));
	t->cores = calloc(n ? n : 1, sizeof(*t->cores));
	t->order = calloc(n ? n : 1, sizeof(*t->order));
	if (!pkg || !cap || !nodes || !t->cpu || !t->cores || !t->order) {
		free(pkg);
		free(cap);
		free(nodes);
		topo_free(t);
		return -ENOMEM;
	}
	t->n = n;
	for (unsigned i = 0; i < n; i++) {
		struct cpu_place p = place_of(res, i);
		struct cpu_at *a = &t->cpu[i];

		a->group = (unsigned)p.cpu / GROUP_CPUS;
		a->id = (unsigned)p.cpu % GROUP_CPUS;
		a->node = (unsigned)p.node;
		a->package = p.package;
		a->core_id = p.core;
		pkg[i] = p.package;
		nodes[i] = p.node;
		cap[i] = p.capacity < 0 ? 0 : p.capacity;
		if (a->group + 1 > t->ngroups)
			t->ngroups = a->group + 1;
		t->cores[i] = (struct core_at){ a->group, p.package, p.core, 1ull << a->id, 0, 0 };
	}
	t->nsockets = sort_unique(pkg, n);
	t->nnodes = sort_unique(nodes, n);
	nclass = sort_unique(cap, n);
	t->hetero = nclass > 1;
	for (unsigned i = 0; i < n; i++) {
		struct cpu_place p = place_of(res, i);

		t->cpu[i].socket = rank_of(pkg, t->nsockets, p.package);
		t->cpu[i].eclass = rank_of(cap, nclass, p.capacity < 0 ? 0 : p.capacity);
		t->cores[i].eclass = t->cpu[i].eclass;
	}
	/* the CPUs of one (group, package, core) are one core: their masks merge */
	c = t->cores;
	qsort(c, n, sizeof(*c), cmp_core_key);
	for (unsigned i = 0; i < n; i++) {
		if (k && !cmp_core_key(&c[k - 1], &c[i])) {
			c[k - 1].mask |= c[i].mask;
			continue;
		}
		c[k++] = c[i];
	}
	t->ncores = k;
	for (unsigned i = 0; i < k; i++)
		t->order[i] = i;
	qsort_r(t->order, k, sizeof(*t->order), cmp_core_order, c);
	for (unsigned i = 0, g = UINT32_MAX, num = 0; i < k; i++) {
		struct core_at *co = &c[t->order[i]];

		num = co->group == g ? num + 1 : 0;
		g = co->group;
		co->number = num;
	}
	for (unsigned i = 0; i < n; i++) {
		struct core_at key = { t->cpu[i].group, t->cpu[i].package, t->cpu[i].core_id, 0, 0, 0 };
		const struct core_at *co = bsearch(&key, c, k, sizeof(*c), cmp_core_key);

		t->cpu[i].core = co ? co->number : 0;
	}
	free(pkg);
	free(cap);
	free(nodes);
	return 0;
}

/* The mask of the CPUs of group g for which pick(cpu, key) holds. */
static uint64_t group_mask(const struct topo *t, unsigned g, bool (*pick)(const struct cpu_at *,
									   unsigned), unsigned key)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < t->n; i++)
		if (t->cpu[i].group == g && (!pick || pick(&t->cpu[i], key)))
			m |= 1ull << t->cpu[i].id;
	return m;
}

static bool on_node(const struct cpu_at *a, unsigned node)
{
	return a->node == node;
}

static bool on_socket(const struct cpu_at *a, unsigned socket)
{
	return a->socket == socket;
}

/* One <Node> or <Socket> element for each value of what the CPUs hold: its groups' masks. */
static void topo_sets(struct ctx *c, const char *tag, bool (*pick)(const struct cpu_at *, unsigned),
		      bool is_node)
{
	const struct topo *t = &c->t;
	unsigned last = UINT32_MAX;

	/* the values in ascending order: nodes as numbered, sockets 0 .. nsockets - 1 */
	for (;;) {
		unsigned next = UINT32_MAX;

		for (unsigned i = 0; i < t->n; i++) {
			unsigned v = is_node ? t->cpu[i].node : t->cpu[i].socket;

			if ((last == UINT32_MAX || v > last) && v < next)
				next = v;
		}
		if (next == UINT32_MAX)
			return;
		xml_indent(&c->x);
		fprintf(c->x.f, "<%s %s=\"%u\">\n", tag, tag, next);
		c->x.depth++;
		for (unsigned g = 0; g < t->ngroups; g++) {
			uint64_t m = group_mask(t, g, pick, next);

			if (!m)
				continue;
			xml_indent(&c->x);
			fprintf(c->x.f, "<Group Group=\"%u\" Mask=\"0x%llx\"/>\n", g, (unsigned long long)m);
		}
		xml_close(&c->x, tag);
		last = next;
	}
}

static void processor_topology(struct ctx *c)
{
	const struct topo *t = &c->t;
	struct xml *x = &c->x;

	xml_indent(x);
	fprintf(x->f, "<ProcessorTopology Heterogeneous=\"%s\">\n", t->hetero ? "true" : "false");
	x->depth++;
	for (unsigned g = 0; g < t->ngroups; g++) {
		uint64_t m = group_mask(t, g, NULL, 0);
		unsigned active = (unsigned)__builtin_popcountll(m);

		if (!m)
			continue;
		xml_indent(x);
		fprintf(x->f, "<Group Group=\"%u\" MaximumProcessors=\"%u\" ActiveProcessors=\"%u\" "
			"ActiveProcessorMask=\"0x%llx\"/>\n", g, 64u - (unsigned)__builtin_clzll(m),
			active, (unsigned long long)m);
	}
	topo_sets(c, "Node", on_node, true);
	topo_sets(c, "Socket", on_socket, false);
	for (unsigned i = 0; i < t->ncores; i++) {
		const struct core_at *co = &t->cores[t->order[i]];

		xml_indent(x);
		fprintf(x->f, "<Core Group=\"%u\" Core=\"%u\" Mask=\"0x%llx\" EfficiencyClass=\"%u\"/>\n",
			co->group, co->number, (unsigned long long)co->mask, co->eclass);
	}
	xml_close(x, "ProcessorTopology");
}

static void system_xml(struct ctx *c)
{
	const struct result *res = c->res;
	struct xml *x = &c->x;
	char when[64] = "";
	time_t start = res->wall_t0.tv_sec + (time_t)(res->warmup_ns_real / 1000000000ull);
	struct tm tm;

	/* the measured window's start, as the text report's start time */
	if (res->measured && gmtime_r(&start, &tm))
		strftime(when, sizeof(when), "%Y/%m/%d %H:%M:%S UTC", &tm);
	xml_open(x, "System");
	xml_leaf_text(x, "ComputerName", res->host.hostname);
	xml_open(x, "Tool");
	xml_leaf(x, "Version", "%s", IOBENCH_VERSION);
	xml_leaf(x, "VersionDate", "%s", "");
	xml_close(x, "Tool");
	xml_leaf(x, "RunTime", "%s", when);
	/* Linux's power policy: the cpufreq governor; it has no GUID */
	xml_indent(x);
	fprintf(x->f, "<PowerScheme Name=\"");
	xml_text(x->f, res->host.governor);
	fprintf(x->f, "\" Guid=\"\"/>\n");
	processor_topology(c);
	xml_close(x, "System");
}

static void cpu_percents(const struct xml *x, const struct cpu_usage *u)
{
	xml_leaf(x, "UsagePercent", "%.2f", u->usage);
	xml_leaf(x, "UserPercent", "%.2f", u->user);
	xml_leaf(x, "KernelPercent", "%.2f", u->kernel);
	xml_leaf(x, "IdlePercent", "%.2f", u->idle);
}

static void cpu_utilization(struct ctx *c)
{
	const struct result *res = c->res;
	struct xml *x = &c->x;
	struct cpu_usage avg;

	xml_open(x, "CpuUtilization");
	for (unsigned i = 0; i < res->ncpu; i++) {
		const struct cpu_at *a = &c->t.cpu[i];

		xml_open(x, "CPU");
		xml_leaf(x, "Socket", "%u", a->socket);
		xml_leaf(x, "Node", "%u", a->node);
		xml_leaf(x, "Group", "%u", a->group);
		xml_leaf(x, "Core", "%u", a->core);
		xml_leaf(x, "EfficiencyClass", "%u", a->eclass);
		xml_leaf(x, "Id", "%u", a->id);
		cpu_percents(x, &res->cpu[i]);
		xml_close(x, "CPU");
	}
	cpustat_average(res->cpu, res->ncpu, &avg);
	xml_open(x, "Average");
	cpu_percents(x, &avg);
	xml_close(x, "Average");
	xml_close(x, "CpuUtilization");
}

/* Non-empty buckets: DiskSpd's HistoBuckets (its histogram keeps one per value seen). */
static unsigned hist_buckets(const struct hist *h)
{
	unsigned n = 0;

	for (unsigned i = 0; i < HIST_NBUCKETS; i++)
		n += h->n[i] != 0;
	return n;
}

static double ms(double ns)
{
	return ns / 1e6;
}

/* One <Bucket> of the percentile table: reads, writes and both, where there were some. */
static void pct_bucket(struct ctx *c, const char *pct, double p)
{
	static const char *const tags[] = { "ReadMilliseconds", "WriteMilliseconds",
					    "TotalMilliseconds" };
	struct xml *x = &c->x;

	xml_open(x, "Bucket");
	xml_leaf(x, "Percentile", "%s", pct);
	for (int k = SUM_READ; k <= SUM_TOTAL; k++)
		if (c->s->c[k].ios)
			xml_leaf(x, tags[k], "%.3f", ms((double)summary_percentile(c->s, k, p)));
	xml_close(x, "Bucket");
}

/* DiskSpd's <Latency>: the means, then min, every whole percentile, 99.9 to 99.9999999, max. */
static void latency_xml(struct ctx *c)
{
	static const char *const avg[] = { "AverageReadMilliseconds", "AverageWriteMilliseconds",
					   "AverageTotalMilliseconds" };
	static const char *const sd[] = { "ReadLatencyStdev", "WriteLatencyStdev", "LatencyStdev" };
	static const double nines[] = { 99.9, 99.99, 99.999, 99.9999, 99.99999, 99.999999,
					99.9999999 };
	const struct summary *s = c->s;
	struct xml *x = &c->x;
	char pct[16];

	xml_indent(x);
	fprintf(x->f, "<Latency ReadHistoBuckets=\"%u\" WriteHistoBuckets=\"%u\" "
		"TotalHistoBuckets=\"%u\">\n", hist_buckets(&s->h[SUM_READ]),
		hist_buckets(&s->h[SUM_WRITE]), hist_buckets(&s->h[SUM_TOTAL]));
	x->depth++;
	for (int k = SUM_READ; k <= SUM_TOTAL; k++) {
		if (!s->c[k].ios)
			continue;
		xml_leaf(x, avg[k], "%.3f", ms(counts_lat_mean(&s->c[k])));
		xml_leaf(x, sd[k], "%.3f", ms(counts_lat_stddev(&s->c[k])));
	}
	pct_bucket(c, "0", 0);
	for (int p = 1; p <= 99; p++) {
		snprintf(pct, sizeof(pct), "%d", p);
		pct_bucket(c, pct, p);
	}
	for (int d = 1; d <= 7; d++) {	/* 99.9 ... 99.9999999: d decimals */
		snprintf(pct, sizeof(pct), "%.*f", d, nines[d - 1]);
		pct_bucket(c, pct, nines[d - 1]);
	}
	pct_bucket(c, "100", 100);
	xml_close(x, "Latency");
}

/* I/Os of kind k (0 reads, 1 writes, 2 both) in interval i. */
static uint64_t iv_ios(const struct interval *s, unsigned i, int k)
{
	return k == 2 ? s[i].ios[0] + s[i].ios[1] : s[i].ios[k];
}

/*
 * DiskSpd's <Iops> of a series (every row's, or one row's): the IOPS
 * standard deviations of the kinds that had I/Os, then one <Bucket> per
 * interval: its IOPS and its latencies (the mean and the maximum: iobench's
 * series keeps no minimum or spread per interval, so those attributes are
 * left out). Over the intervals that ran their whole length, as iobench's
 * IopsStdDev is everywhere; DiskSpd also counts a last, shorter one.
 */
static void iops_xml(struct ctx *c, const struct interval *s)
{
	static const char *const tags[] = { "ReadIopsStdDev", "WriteIopsStdDev", "IopsStdDev" };
	double secs = (double)c->res->interval_ns / 1e9;
	struct xml *x = &c->x;
	bool any[3] = { false, false, false };

	for (unsigned i = 0; i < c->full; i++)
		for (int k = 0; k < 3; k++)
			any[k] |= iv_ios(s, i, k) != 0;
	xml_open(x, "Iops");
	for (int k = 0; k < 3; k++)
		if (any[k])
			xml_leaf(x, tags[k], "%.3f",
				 series_iops_stddev(s, c->full, k, c->res->interval_ns));
	for (unsigned i = 0; any[2] && i < c->full; i++) {
		double l[2][4] = { { 0 } };	/* min, max, mean, stddev (DiskSpd times each I/O
						   for -D's buckets, with -L or without) */

		for (int k = 0; k < 2; k++) {
			if (!s[i].ios[k])
				continue;
			l[k][0] = ms((double)s[i].lat_min[k]);
			l[k][1] = ms((double)s[i].lat_max[k]);
			l[k][2] = ms((double)s[i].lat_sum[k] / (double)s[i].ios[k]);
			l[k][3] = ms(interval_lat_stddev(&s[i], k));
		}
		xml_indent(x);
		fprintf(x->f, "<Bucket SampleMillisecond=\"%llu\" Read=\"%.0f\" Write=\"%.0f\" "
			"Total=\"%.0f\" ReadMinLatencyMilliseconds=\"%.3f\" "
			"ReadMaxLatencyMilliseconds=\"%.3f\" ReadAvgLatencyMilliseconds=\"%.3f\" "
			"ReadLatencyStdDev=\"%.3f\" WriteMinLatencyMilliseconds=\"%.3f\" "
			"WriteMaxLatencyMilliseconds=\"%.3f\" WriteAvgLatencyMilliseconds=\"%.3f\" "
			"WriteLatencyStdDev=\"%.3f\"/>\n",
			(unsigned long long)(c->res->interval_ns * (i + 1) / 1000000ull),
			(double)s[i].ios[0] / secs, (double)s[i].ios[1] / secs,
			(double)iv_ios(s, i, 2) / secs, l[0][0], l[0][1], l[0][2], l[0][3],
			l[1][0], l[1][1], l[1][2], l[1][3]);
	}
	xml_close(x, "Iops");
}

/*
 * DiskSpd's effective -rd distribution of target t (XmlResultParser's
 * vDistributionRange): the ranges over the target's real range in bytes,
 * with a hole (IO 0) over each gap between them, as DiskSpd renders them.
 */
static void distribution_xml(struct ctx *c, unsigned t)
{
	const struct target_spec *sp = &c->w->targets[t];
	const struct target_facts *f = &c->res->targets[t];
	struct dist_range eff[DIST_RANGES_MAX + 1];
	struct xml *x = &c->x;
	uint64_t block = target_max_block(sp), expect = 0;
	uint32_t span;
	unsigned n;

	if (!sp->dist || (sp->dist->kind != DIST_DISKSPD_PCT && sp->dist->kind != DIST_DISKSPD_ABS) ||
	    f->end <= f->base || f->end - f->base < block || !sp->random_align)
		return;
	n = diskspd_effective_ranges(sp->dist->r[0], sp->dist->n[0],
				     sp->dist->kind == DIST_DISKSPD_PCT, f->end - f->base, block,
				     sp->random_align, eff, &span);
	if (!n)
		return;
	xml_open(x, "Distribution");
	xml_open(x, "Absolute");
	for (unsigned i = 0; i < n; i++) {
		if (eff[i].first != expect) {
			xml_indent(x);
			fprintf(x->f, "<Range IO=\"0\">%llu</Range>\n",
				(unsigned long long)(eff[i].first - expect));
		}
		xml_indent(x);
		fprintf(x->f, "<Range IO=\"%u\">%llu</Range>\n", eff[i].io,
			(unsigned long long)eff[i].len);
		expect = eff[i].first + eff[i].len;
	}
	xml_close(x, "Absolute");
	xml_close(x, "Distribution");
}

/* One <Target> of a <Thread>: a row's counts, latencies and, with -D, its series. */
static void target_xml(struct ctx *c, const struct result_row *r)
{
	static const char *const avg[] = { "AverageReadLatencyMilliseconds",
					   "AverageWriteLatencyMilliseconds",
					   "AverageLatencyMilliseconds" };
	static const char *const sd[] = { "ReadLatencyStdev", "WriteLatencyStdev", "LatencyStdev" };
	struct xml *x = &c->x;
	struct io_counts k[3];

	k[0] = r->c[0];
	k[1] = r->c[1];
	k[2] = r->c[0];
	counts_merge(&k[2], &r->c[1]);
	xml_open(x, "Target");
	xml_leaf_text(x, "Path", c->w->targets[r->target].path);
	xml_leaf(x, "BytesCount", "%llu", (unsigned long long)k[2].bytes);
	xml_leaf(x, "FileSize", "%llu", (unsigned long long)c->res->targets[r->target].size);
	xml_leaf(x, "IOCount", "%llu", (unsigned long long)k[2].ios);
	xml_leaf(x, "ReadBytes", "%llu", (unsigned long long)k[0].bytes);
	xml_leaf(x, "ReadCount", "%llu", (unsigned long long)k[0].ios);
	xml_leaf(x, "WriteBytes", "%llu", (unsigned long long)k[1].bytes);
	xml_leaf(x, "WriteCount", "%llu", (unsigned long long)k[1].ios);
	distribution_xml(c, r->target);
	for (int i = 0; !c->w->no_latency && i < 3; i++) {	/* DiskSpd's -L */
		if (!k[i].ios)
			continue;
		xml_leaf(x, avg[i], "%.3f", ms(counts_lat_mean(&k[i])));
		xml_leaf(x, sd[i], "%.3f", ms(counts_lat_stddev(&k[i])));
	}
	if (c->w->iops_stddev)
		iops_xml(c, r->series);
	xml_close(x, "Target");
}

static void timespan_xml(struct ctx *c)
{
	const struct result *res = c->res;
	struct xml *x = &c->x;

	xml_open(x, "TimeSpan");
	if (!res->measured || res->test_ns < 100) {	/* DiskSpd: under 0.1 us is no window */
		xml_leaf(x, "Error", "The test was interrupted before the measurements began. No "
			 "results are displayed.");
		xml_close(x, "TimeSpan");
		return;
	}
	xml_leaf(x, "TestTimeSeconds", "%.2f", (double)res->test_ns / 1e9);
	xml_leaf(x, "ThreadCount", "%u", c->w->pool_threads ? c->w->pool_threads : res->nthreads);
	xml_leaf(x, "RequestCount", "%u", c->w->pool_requests);	/* -O */
	xml_leaf(x, "ProcCount", "%u", res->ncpu);
	cpu_utilization(c);
	if (!c->w->no_latency)	/* DiskSpd's -L (iobench measures always: its JSON has it) */
		latency_xml(c);
	if (c->w->iops_stddev)
		iops_xml(c, c->series);
	for (unsigned i = 0; i < res->nrows;) {
		unsigned thread = res->rows[i].thread;

		xml_open(x, "Thread");
		xml_leaf(x, "Id", "%u", thread);
		for (; i < res->nrows && res->rows[i].thread == thread; i++)
			target_xml(c, &res->rows[i]);
		xml_close(x, "Thread");
	}
	xml_close(x, "TimeSpan");
}

/* A double of the <Iobench> element. */
static void leaf_num(const struct xml *x, const char *tag, double v)
{
	xml_leaf(x, tag, "%.6f", v);
}

/* A figure the kernel may not count: left out when negative (the JSON's null). */
static void leaf_fig(const struct xml *x, const char *tag, double v)
{
	if (v >= 0)
		leaf_num(x, tag, v);
}

static void queue_depth_xml(struct ctx *c)
{
	const struct result *res = c->res;
	struct xml *x = &c->x;
	double req = 0, got = 0;

	for (unsigned i = 0; i < res->nrows; i++) {
		req += summary_requested_qd(c->w, res, &res->rows[i]);
		got += summary_achieved_qd(&res->rows[i]);
	}
	xml_open(x, "queue_depth");
	xml_leaf(x, "requested", "%g", req);
	leaf_num(x, "achieved", got);
	for (unsigned i = 0; i < res->nrows; i++) {
		const struct result_row *r = &res->rows[i];

		xml_indent(x);
		fprintf(x->f, "<thread thread=\"%u\" target=\"%u\" requested=\"%g\" "
			"achieved=\"%.6f\"/>\n", r->thread, r->target,
			summary_requested_qd(c->w, res, r), summary_achieved_qd(r));
	}
	xml_close(x, "queue_depth");
}

static void verdict_xml(struct ctx *c)
{
	const struct verdict *v = c->v;
	struct xml *x = &c->x;

	xml_open(x, "warnings");
	for (unsigned i = 0; i < v->nwarn; i++) {
		xml_indent(x);
		fprintf(x->f, "<warning code=\"%s\">", v->warn[i].code);
		xml_text(x->f, v->warn[i].text);
		fprintf(x->f, "</warning>\n");
	}
	xml_close(x, "warnings");
	if (!v->measured)
		return;
	xml_open(x, "verdict");
	xml_leaf_bool(x, "rotational", v->rotational);
	if (v->not_judged)
		xml_leaf_text(x, "not_judged", v->not_judged);
	leaf_num(x, "latency_mean_ms", v->mean_ms);
	leaf_num(x, "latency_p99_ms", v->p99_ms);
	xml_leaf_text(x, "latency", v->latency);
	xml_leaf_text(x, "latency_text", v->latency_text);
	leaf_fig(x, "queue_length", v->queue_length);
	xml_leaf_bool(x, "queue_bottleneck", v->queue_flag);
	leaf_num(x, "queue_own", v->queue_own);
	xml_leaf_text(x, "resembles", v->resembles);
	for (int i = 0; v->small_random && i < 3; i++) {
		xml_indent(x);
		fprintf(x->f, "<load iops_needed=\"%.0f\" carries=\"%s\">", v->loads[i].iops,
			v->loads[i].carries ? "true" : "false");
		xml_text(x->f, v->loads[i].name);
		fprintf(x->f, "</load>\n");
	}
	xml_close(x, "verdict");
}

static void perfmon_xml(struct xml *x, const struct devcheck *d)
{
	const struct disk_metrics *m = &d->m;

	xml_open(x, "perfmon");
	leaf_fig(x, "disk_transfers_per_s", m->transfers_s);
	leaf_fig(x, "disk_reads_per_s", m->reads_s);
	leaf_fig(x, "disk_writes_per_s", m->writes_s);
	leaf_fig(x, "disk_bytes_per_s", m->bytes_s);
	leaf_fig(x, "disk_read_bytes_per_s", m->read_bytes_s);
	leaf_fig(x, "disk_write_bytes_per_s", m->write_bytes_s);
	leaf_fig(x, "avg_disk_sec_per_transfer", m->sec_per_transfer);
	leaf_fig(x, "avg_disk_sec_per_read", m->sec_per_read);
	leaf_fig(x, "avg_disk_sec_per_write", m->sec_per_write);
	leaf_fig(x, "avg_disk_bytes_per_transfer", m->bytes_per_transfer);
	leaf_fig(x, "avg_disk_queue_length", m->avg_queue_length);
	if (d->q.have) {
		xml_indent(x);
		fprintf(x->f, "<current_disk_queue_length min=\"%u\" avg=\"%.6f\" max=\"%u\"/>\n",
			d->q.min, d->q.avg, d->q.max);
	}
	leaf_fig(x, "idle_time_percent", m->idle_pct);
	leaf_fig(x, "split_io_per_s", m->split_s);
	xml_close(x, "perfmon");
}

static void iostat_xml(struct xml *x, const struct disk_metrics *m)
{
	const struct {
		const char *tag;
		double v;
	} f[] = {
		{ "r_s", m->r_s }, { "w_s", m->w_s }, { "d_s", m->d_s }, { "f_s", m->f_s },
		{ "rkb_s", m->rkb_s }, { "wkb_s", m->wkb_s }, { "dkb_s", m->dkb_s },
		{ "rrqm_s", m->rrqm_s }, { "wrqm_s", m->wrqm_s }, { "rrqm_percent", m->rrqm_pct },
		{ "wrqm_percent", m->wrqm_pct }, { "r_await_ms", m->r_await },
		{ "w_await_ms", m->w_await }, { "d_await_ms", m->d_await },
		{ "f_await_ms", m->f_await }, { "rareq_sz_kb", m->rareq_sz },
		{ "wareq_sz_kb", m->wareq_sz }, { "aqu_sz", m->aqu_sz }, { "util_percent", m->util },
	};

	xml_open(x, "iostat");
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		leaf_fig(x, f[i].tag, f[i].v);
	xml_close(x, "iostat");
}

static void crosscheck_xml(struct xml *x, const struct devcheck *d)
{
	xml_open(x, "crosscheck");
	xml_leaf(x, "app_ios", "%llu", (unsigned long long)d->app_ios);
	xml_leaf(x, "device_ios", "%llu", (unsigned long long)(d->d.rd_ios + d->d.wr_ios));
	xml_leaf(x, "app_bytes", "%llu", (unsigned long long)d->app_bytes);
	xml_leaf(x, "device_bytes", "%llu",
		 (unsigned long long)(512 * (d->d.rd_sectors + d->d.wr_sectors)));
	if (d->block_size)
		xml_leaf(x, "app_request_size", "%llu", (unsigned long long)d->block_size);
	leaf_fig(x, "device_request_size", d->m.bytes_per_transfer);
	leaf_num(x, "app_latency_ms", d->app_lat_ms);
	if (d->m.sec_per_transfer >= 0)
		leaf_num(x, "device_await_ms", d->m.sec_per_transfer * 1e3);
	leaf_num(x, "app_queue_depth", d->app_qd);
	leaf_fig(x, "device_queue_depth", d->m.avg_queue_length);
	for (unsigned i = 0; i < d->nnotes; i++)
		xml_leaf_text(x, "likely_cause", d->note[i]);
	xml_leaf_bool(x, "counters_reset", d->d.reset);
	xml_close(x, "crosscheck");
}

static void devices_xml(struct ctx *c)
{
	struct xml *x = &c->x;

	xml_open(x, "devices");
	for (unsigned i = 0; i < c->ndc; i++) {
		const struct devcheck *d = &c->dc[i];

		xml_indent(x);
		fprintf(x->f, "<device name=\"");
		xml_text(x->f, d->info->name);
		fprintf(x->f, "\" device=\"%u:%u\" counters=\"%s\">\n", d->info->major,
			d->info->minor, d->have ? "true" : "false");
		x->depth++;
		if (d->have) {
			perfmon_xml(x, d);
			iostat_xml(x, &d->m);
			crosscheck_xml(x, d);
		}
		xml_close(x, "device");
	}
	xml_close(x, "devices");
}

/* iobench's own facts, which DiskSpd's tools do not read: named as the JSON fields they mirror. */
static void iobench_xml(struct ctx *c)
{
	const struct result *res = c->res;
	struct xml *x = &c->x;

	xml_open(x, "Iobench");
	xml_leaf(x, "iobench_version", "%s", IOBENCH_VERSION);
	xml_leaf_text(x, "command_line", c->w->cmdline);
	xml_leaf_text(x, "engine", res->engine);
	if (res->engine_note[0])
		xml_leaf_text(x, "engine_note", res->engine_note);
	xml_leaf_bool(x, "complete", res->complete);
	xml_leaf_bool(x, "interrupted", res->interrupted);
	leaf_num(x, "paused_s", (double)res->paused_ns / 1e9);
	if (res->failed)
		xml_leaf_text(x, "error", res->error);
	xml_leaf(x, "io_errors", "%llu", (unsigned long long)res->nerrors);
	if (res->nerrors)
		xml_leaf_text(x, "first_io_error", res->error);
	xml_leaf(x, "test_time_s", "%.9f", (double)res->test_ns / 1e9);
	queue_depth_xml(c);
	verdict_xml(c);
	devices_xml(c);
	xml_close(x, "Iobench");
}

static void ctx_free(struct ctx *c)
{
	free(c->s);
	free(c->series);
	free(c->dc);
	free(c->v);
	topo_free(&c->t);
}

/* Gathers what one TimeSpan's part of the document needs. Returns 0 or -ENOMEM. */
static int ctx_build(struct ctx *c, FILE *f, const struct workload *w, const struct result *res)
{
	*c = (struct ctx){ .x = { f, 0 }, .w = w, .res = res };
	c->s = malloc(sizeof(*c->s));
	int nd = devcheck_build_all(w, res, &c->dc);

	c->v = malloc(sizeof(*c->v));
	c->series = w->iops_stddev && res->measured ? summary_series(res, -1) : NULL;
	if (!c->s || nd < 0 || !c->v || (w->iops_stddev && res->measured && !c->series) ||
	    topo_build(&c->t, res)) {
		ctx_free(c);
		return -ENOMEM;
	}
	c->full = summary_full_intervals(res);
	c->ndc = (unsigned)nd;
	verdict_build(w, res, c->dc, c->ndc, c->v, c->s);
	summary_build(c->s, res, -1);	/* after the verdict, which used it as scratch */
	return 0;
}

int diskspd_results_xml_spans(FILE *f, const struct workload *w, const struct result *res,
			      unsigned n)
{
	struct ctx *c = calloc(n ? n : 1, sizeof(*c));
	unsigned built = 0;
	int r = c ? 0 : -ENOMEM;

	/* everything the document needs, before a line of it is written */
	for (; !r && built < n; built++)
		if ((r = ctx_build(&c[built], f, &w[built], &res[built])))
			break;
	if (!r) {
		xml_open(&c[0].x, "Results");
		system_xml(&c[0]);	/* the machine, as the first TimeSpan found it */
		r = diskspd_profile_xml_spans(f, w, n, c[0].x.depth);
		for (unsigned i = 0; i < n; i++) {
			c[i].x.depth = c[0].x.depth;
			timespan_xml(&c[i]);
		}
		for (unsigned i = 0; i < n; i++)	/* one per TimeSpan, in their order */
			iobench_xml(&c[i]);
		xml_close(&c[0].x, "Results");
	}
	for (unsigned i = 0; c && i < built; i++)
		ctx_free(&c[i]);
	free(c);
	if (!r && ferror(f))
		r = -EIO;
	return r;
}

int diskspd_results_xml(FILE *f, const struct workload *w, const struct result *res)
{
	return diskspd_results_xml_spans(f, w, res, 1);
}
