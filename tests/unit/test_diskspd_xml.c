/* SPDX-License-Identifier: MIT */
/*
 * Description: DiskSpd's XML results (-Rxml) from a made-up result: the processor topology
 * numbered as DiskSpd numbers it (SMT siblings one core, sockets and efficiency classes by
 * rank), the percentile table's 108 buckets, the IopsStdDev and buckets over the full
 * intervals, DiskSpd's number formats, text escaped, and the document without a window.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "platform/memfile.h"
#include "report/diskspd_xml.h"
#include "util/banned.h"

struct fixture {
	struct workload w;
	struct target_spec t;
	struct result res;
	struct target_facts facts;
	struct result_row row;
	struct cpu_usage cpu[4];
	struct cpu_place places[4];
	struct interval series[3];
	char *doc;
	size_t len;
};

/* One target, one thread: reads of 1, 2 and 3 us, writes of 10 us; 2.5 s measured in 1 s intervals. */
static struct fixture *fixture_new(void)
{
	static const struct cpu_place places[4] = {
		/* cpu, package, core, node, capacity: CPU 3 is CPU 0's SMT sibling; CPU 2 a little core */
		{ 0, 0, 0, 0, 1024 }, { 1, 0, 1, 0, 1024 }, { 2, 1, 0, 1, 512 }, { 3, 0, 0, 0, 1024 },
	};
	struct fixture *x = calloc(1, sizeof(*x));
	struct result_row *r;

	assert_non_null(x);
	x->t = (struct target_spec){ .path = (char *)"a&<b>\".dat", .block_size = 4096,
				     .outstanding = 2, .threads = 1, .write_pct = 25 };
	x->w = (struct workload){ .targets = &x->t, .ntargets = 1, .interval_ns = 1000000000ull,
				  .iops_stddev = true, .duration_ns = 2500000000ull };
	x->facts = (struct target_facts){ .kind = TARGET_NULL, .size = 1 << 20, .end = 1 << 20 };
	r = &x->row;
	r->h = calloc(2, sizeof(*r->h));
	assert_non_null(r->h);
	counts_init(&r->c[0]);
	counts_init(&r->c[1]);
	for (uint64_t ns = 1000; ns <= 3000; ns += 1000) {
		counts_record(&r->c[0], 4096, ns);
		hist_record(&r->h[0], ns);
	}
	counts_record(&r->c[1], 4096, 10000);
	hist_record(&r->h[1], 10000);
	x->series[0] = (struct interval){ .ios = { 2, 0 }, .bytes = { 8192, 0 }, .lat_sum = { 3000, 0 },
					  .lat_max = { 2000, 0 }, .lat_min = { 1000, 0 },
					  .lat_sq = { 5e6, 0 } };
	x->series[1] = (struct interval){ .ios = { 1, 1 }, .bytes = { 4096, 4096 },
					  .lat_sum = { 3000, 10000 }, .lat_max = { 3000, 10000 },
					  .lat_min = { 3000, 10000 }, .lat_sq = { 9e6, 1e8 } };
	r->series = x->series;	/* the third interval, half long, is empty */
	r->active_ns = 2500000000ull;
	for (int i = 0; i < 4; i++)
		x->cpu[i] = (struct cpu_usage){ .cpu = i, .usage = 25.0 * i, .user = 10, .kernel = 25.0 * i - 10,
						.idle = 100 - 25.0 * i };
	x->cpu[0].kernel = 0, x->cpu[0].user = 0;
	memcpy(x->places, places, sizeof(places));
	x->res = (struct result){ .targets = &x->facts, .ntargets = 1, .rows = r, .nrows = 1,
				  .nthreads = 1, .test_ns = 2500000000ull, .interval_ns = 1000000000ull,
				  .nintervals = 3, .cpu = x->cpu, .ncpu = 4, .places = x->places,
				  .nplaces = 4, .measured = true, .complete = true };
	snprintf(x->res.engine, sizeof(x->res.engine), "null");
	snprintf(x->res.host.hostname, sizeof(x->res.host.hostname), "h<1>");
	return x;
}

static void fixture_free(struct fixture *x)
{
	free(x->row.h);
	free(x->doc);
	free(x);
}

/* The document of x, in x->doc. */
static void write_doc(struct fixture *x)
{
	struct memfile m;
	FILE *f = memfile_open(&m);

	assert_non_null(f);
	assert_int_equal(diskspd_results_xml(f, &x->w, &x->res), 0);
	assert_int_equal(memfile_close(&m), 0);
	x->doc = m.text;
	x->len = m.n;
}

static void has(const struct fixture *x, const char *line)
{
	if (!strstr(x->doc, line))
		fail_msg("not in the document: %s", line);
}

/* How often s occurs in x's document. */
static unsigned count(const struct fixture *x, const char *s)
{
	unsigned n = 0;

	for (const char *p = x->doc; (p = strstr(p, s)); p += strlen(s))
		n++;
	return n;
}

static void test_topology(void **state)
{
	struct fixture *x = fixture_new();

	(void)state;
	write_doc(x);
	assert_true(!strncmp(x->doc, "<Results>\n  <System>\n", 21));
	assert_true(x->len > 11 && !strcmp(x->doc + x->len - 11, "</Results>\n"));
	has(x, "    <ComputerName>h&lt;1&gt;</ComputerName>\n");
	/* two classes of capacity: heterogeneous, the little core class 0 */
	has(x, "    <ProcessorTopology Heterogeneous=\"true\">\n");
	has(x, "      <Group Group=\"0\" MaximumProcessors=\"4\" ActiveProcessors=\"4\" "
	       "ActiveProcessorMask=\"0xf\"/>\n");
	has(x, "      <Node Node=\"0\">\n        <Group Group=\"0\" Mask=\"0xb\"/>\n      </Node>\n"
	       "      <Node Node=\"1\">\n        <Group Group=\"0\" Mask=\"0x4\"/>\n      </Node>\n");
	has(x, "      <Socket Socket=\"0\">\n        <Group Group=\"0\" Mask=\"0xb\"/>\n      </Socket>\n"
	       "      <Socket Socket=\"1\">\n        <Group Group=\"0\" Mask=\"0x4\"/>\n      </Socket>\n");
	/* cores numbered by ascending mask; CPUs 0 and 3 (siblings) are one */
	has(x, "      <Core Group=\"0\" Core=\"0\" Mask=\"0x2\" EfficiencyClass=\"1\"/>\n"
	       "      <Core Group=\"0\" Core=\"1\" Mask=\"0x4\" EfficiencyClass=\"0\"/>\n"
	       "      <Core Group=\"0\" Core=\"2\" Mask=\"0x9\" EfficiencyClass=\"1\"/>\n"
	       "    </ProcessorTopology>\n  </System>\n  <Profile>\n");
	/* CPU 3: socket 0, core 2; its percentages as DiskSpd prints them */
	has(x, "      <CPU>\n        <Socket>0</Socket>\n        <Node>0</Node>\n        <Group>0</Group>\n"
	       "        <Core>2</Core>\n        <EfficiencyClass>1</EfficiencyClass>\n"
	       "        <Id>3</Id>\n        <UsagePercent>75.00</UsagePercent>\n"
	       "        <UserPercent>10.00</UserPercent>\n        <KernelPercent>65.00</KernelPercent>\n"
	       "        <IdlePercent>25.00</IdlePercent>\n      </CPU>\n");
	has(x, "      <Average>\n        <UsagePercent>37.50</UsagePercent>\n");
	has(x, "    <ProcCount>4</ProcCount>\n");
	fixture_free(x);
}

static void test_figures(void **state)
{
	struct fixture *x = fixture_new();

	(void)state;
	write_doc(x);
	has(x, "  <TimeSpan>\n    <TestTimeSeconds>2.50</TestTimeSeconds>\n    <ThreadCount>1</ThreadCount>\n"
	       "    <RequestCount>0</RequestCount>\n");
	has(x, "    <Latency ReadHistoBuckets=\"3\" WriteHistoBuckets=\"1\" TotalHistoBuckets=\"4\">\n"
	       "      <AverageReadMilliseconds>0.002</AverageReadMilliseconds>\n"
	       "      <ReadLatencyStdev>0.001</ReadLatencyStdev>\n"
	       "      <AverageWriteMilliseconds>0.010</AverageWriteMilliseconds>\n"
	       "      <WriteLatencyStdev>0.000</WriteLatencyStdev>\n"
	       "      <AverageTotalMilliseconds>0.004</AverageTotalMilliseconds>\n");
	/* min, 1 ... 99, 99.9 ... 99.9999999, max */
	assert_int_equal(count(x, "<Percentile>"), 108);
	has(x, "      <Bucket>\n        <Percentile>0</Percentile>\n"
	       "        <ReadMilliseconds>0.001</ReadMilliseconds>\n"
	       "        <WriteMilliseconds>0.010</WriteMilliseconds>\n"
	       "        <TotalMilliseconds>0.001</TotalMilliseconds>\n      </Bucket>\n");
	has(x, "<Percentile>50</Percentile>\n        <ReadMilliseconds>0.002</ReadMilliseconds>\n");
	has(x, "<Percentile>99.9</Percentile>\n");
	has(x, "<Percentile>99.9999999</Percentile>\n");
	has(x, "<Percentile>100</Percentile>\n        <ReadMilliseconds>0.003</ReadMilliseconds>\n"
	       "        <WriteMilliseconds>0.010</WriteMilliseconds>\n"
	       "        <TotalMilliseconds>0.010</TotalMilliseconds>\n");
	/* the two full intervals: IOPS 2 and 1 (stddev 0.5), writes 0 and 1 */
	has(x, "    <Iops>\n      <ReadIopsStdDev>0.500</ReadIopsStdDev>\n"
	       "      <WriteIopsStdDev>0.500</WriteIopsStdDev>\n      <IopsStdDev>0.000</IopsStdDev>\n"
	       "      <Bucket SampleMillisecond=\"1000\" Read=\"2\" Write=\"0\" Total=\"2\" "
	       "ReadMinLatencyMilliseconds=\"0.001\" ReadMaxLatencyMilliseconds=\"0.002\" "
	       "ReadAvgLatencyMilliseconds=\"0.002\" ReadLatencyStdDev=\"0.001\" "
	       "WriteMinLatencyMilliseconds=\"0.000\" WriteMaxLatencyMilliseconds=\"0.000\" "
	       "WriteAvgLatencyMilliseconds=\"0.000\" WriteLatencyStdDev=\"0.000\"/>\n"
	       "      <Bucket SampleMillisecond=\"2000\" Read=\"1\" Write=\"1\" Total=\"2\" "
	       "ReadMinLatencyMilliseconds=\"0.003\" ReadMaxLatencyMilliseconds=\"0.003\" "
	       "ReadAvgLatencyMilliseconds=\"0.003\" ReadLatencyStdDev=\"0.000\" "
	       "WriteMinLatencyMilliseconds=\"0.010\" WriteMaxLatencyMilliseconds=\"0.010\" "
	       "WriteAvgLatencyMilliseconds=\"0.010\" WriteLatencyStdDev=\"0.000\"/>\n"
	       "    </Iops>\n    <Thread>\n      <Id>0</Id>\n      <Target>\n");
	assert_int_equal(count(x, "SampleMillisecond=\"3000\""), 0);
	has(x, "        <Path>a&amp;&lt;b&gt;&quot;.dat</Path>\n        <BytesCount>16384</BytesCount>\n"
	       "        <FileSize>1048576</FileSize>\n        <IOCount>4</IOCount>\n"
	       "        <ReadBytes>12288</ReadBytes>\n        <ReadCount>3</ReadCount>\n"
	       "        <WriteBytes>4096</WriteBytes>\n        <WriteCount>1</WriteCount>\n"
	       "        <AverageReadLatencyMilliseconds>0.002</AverageReadLatencyMilliseconds>\n");
	has(x, "        <AverageLatencyMilliseconds>0.004</AverageLatencyMilliseconds>\n"
	       "        <LatencyStdev>0.004</LatencyStdev>\n        <Iops>\n");
	has(x, "  </TimeSpan>\n  <Iobench>\n    <iobench_version>");
	has(x, "    <engine>null</engine>\n");
	fixture_free(x);
}

/* Without -D no Iops; reads only: no write figures; no window: DiskSpd's Error. */
static void test_without(void **state)
{
	struct fixture *x = fixture_new();

	(void)state;
	x->w.iops_stddev = false;
	counts_init(&x->row.c[1]);
	memset(&x->row.h[1], 0, sizeof(x->row.h[1]));
	write_doc(x);
	assert_int_equal(count(x, "<Iops>"), 0);
	assert_int_equal(count(x, "WriteMilliseconds"), 0);
	assert_int_equal(count(x, "WriteLatency"), 0);
	assert_int_equal(count(x, "<TotalMilliseconds>"), 108);
	free(x->doc);
	x->doc = NULL;
	x->res.measured = false;
	write_doc(x);
	has(x, "  <TimeSpan>\n    <Error>The test was interrupted before the measurements began. "
	       "No results are displayed.</Error>\n  </TimeSpan>\n  <Iobench>\n");
	assert_int_equal(count(x, "<Thread>"), 0);
	fixture_free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_topology),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_without),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
