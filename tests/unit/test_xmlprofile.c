/* SPDX-License-Identifier: MIT */
/*
 * Description: DiskSpd's XML profiles (-X): the whole profiles of DiskSpd's
 * own reader tests (UnitTests/XmlProfileParser, paths made Linux ones), with
 * the values those tests assert, as iobench's workloads; where a profile
 * holds what iobench refuses, the refusal, naming the element and its line.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "job/cmdline.h"
#include "job/xmlprofile.h"
#include "job/xmlprofile_build.h"
#include "platform/affinity.h"
#include "platform/host.h"

#define SEC 1000000000ull

static char errbuf[1024];
static struct workload *spans;
static unsigned nspans;

static void drop(void)
{
	cmdline_spans_free(spans, nspans);
	spans = NULL;
	nspans = 0;
}

/* The Linux build's path rules (DiskSpd's Windows names refused), or the Windows build's. */
static bool on_linux(void)
{
	return !strcmp(host_platform(), "linux");
}

/* Reads xml and builds every TimeSpan with subst as the command line's targets (and extra). */
static int build_with(const char *xml, const char *const *subst, unsigned nsubst,
		      const char *const *extra, unsigned nextra, bool print_only)
{
	struct xprofile_args a = { .nsubst = nsubst, .nextra = nextra, .print_only = print_only };
	struct xprofile *p;
	int r;

	drop();
	errbuf[0] = 0;
	a.subst = (char **)subst;
	a.extra = (char **)extra;
	r = xprofile_parse("p.xml", xml, strlen(xml), &p, errbuf, sizeof(errbuf));
	if (r)
		return r;
	nspans = xprofile_spans(p);
	spans = calloc(nspans, sizeof(*spans));
	assert_non_null(spans);
	for (unsigned i = 0; !r && i < nspans; i++)
		r = xprofile_build(p, i, &a, &spans[i], errbuf, sizeof(errbuf));
	if (!r)
		r = xprofile_finish(p, &a, spans, nspans, errbuf, sizeof(errbuf));
	xprofile_free(p);
	return r;
}

static int build(const char *xml)
{
	return build_with(xml, NULL, 0, NULL, 0, false);
}

/* Building xml fails with a message holding want. */
static void refused(const char *xml, const char *want)
{
	assert_int_equal(build(xml), -EINVAL);
	if (!strstr(errbuf, want))
		fail_msg("wanted '%s' in: %s", want, errbuf);
}

/* One TimeSpan holding one Target whose elements are body. */
static const char *one_target(const char *body)
{
	static char doc[4096];

	snprintf(doc, sizeof(doc), "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Profile>\n"
		 "<TimeSpans><TimeSpan><Targets><Target>\n<Path>t.dat</Path>\n%s\n</Target>"
		 "</Targets></TimeSpan></TimeSpans></Profile>\n", body);
	return doc;
}

/* DiskSpd's Test_ParseFile: a broad blend of elements, many of them refused by iobench. */
static const char parse_file[] =
	"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	"<Profile>\n"
	"    <Verbose>false</Verbose>\n"
	"    <Progress>0</Progress>\n"
	"    <TimeSpans>\n"
	"        <TimeSpan>\n"
	"            <Duration>10</Duration>\n"
	"            <Warmup>20</Warmup>\n"
	"            <Cooldown>30</Cooldown>\n"
	"            <RandSeed>40</RandSeed>\n"
	"            <ThreadCount>50</ThreadCount>\n"
	"            <DisableAffinity>true</DisableAffinity>\n"
	"            <CompletionRoutines>%s</CompletionRoutines>\n"
	"            <MeasureLatency>true</MeasureLatency>\n"
	"            <Targets>\n"
	"                <Target>\n"
	"                    <Path>/data/testfile.dat</Path>\n"
	"                    <BlockSize>100</BlockSize>\n"
	"                    <RequestCount>123</RequestCount>\n"
	"                    <Random>234</Random>\n"
	"                    <BaseFileOffset>333</BaseFileOffset>\n"
	"                    <ParallelAsyncIO>false</ParallelAsyncIO>\n"
	"                    <DisableOSCache>true</DisableOSCache>\n"
	"                    <WriteThrough>true</WriteThrough>\n"
	"                    <FileSize>56</FileSize>\n"
	"                    <MaxFileSize>561</MaxFileSize>\n"
	"                    <WriteRatio>84</WriteRatio>\n"
	"                    <SequentialScan>false</SequentialScan>\n"
	"                    <Throughput>0</Throughput>\n"
	"                </Target>\n"
	"                <Target>\n"
	"                    <Path>/data/testfile2.dat</Path>\n"
	"                    <BlockSize>200</BlockSize>\n"
	"                    <WriteRatio>85</WriteRatio>\n"
	"                    <IOPriority>%s</IOPriority>\n"
	"                    <StrideSize>2222</StrideSize>\n"
	"                    <InterlockedSequential>false</InterlockedSequential>\n"
	"                </Target>\n"
	"                <Target>\n"
	"                    <Path>/data/testfile3.dat</Path>\n"
	"                    <BlockSize>200</BlockSize>\n"
	"                    <WriteRatio>85</WriteRatio>\n"
	"                    <StrideSize>2222</StrideSize>\n"
	"                    <DisableLocalCache>true</DisableLocalCache>\n"
	"                </Target>\n"
	"                <Target>\n"
	"                    <Path>/data/testfile4.dat</Path>\n"
	"                    <BlockSize>200</BlockSize>\n"
	"                    <WriteRatio>85</WriteRatio>\n"
	"                    <StrideSize>2222</StrideSize>\n"
	"                    <DisableAllCache>true</DisableAllCache>\n"
	"                </Target>\n"
	"            </Targets>\n"
	"        </TimeSpan>\n"
	"        <TimeSpan>\n"
	"            <Duration>10</Duration>\n"
	"            <Targets>\n"
	"                <Target>\n"
	"                    <Path>/data/testfile.dat</Path>\n"
	"                    <BlockSize>100</BlockSize>\n"
	"                    <WriteRatio>84</WriteRatio>\n"
	"                    <MemoryMappedIo>%s</MemoryMappedIo>\n"
	"                </Target>\n"
	"            </Targets>\n"
	"        </TimeSpan>\n"
	"    </TimeSpans>\n"
	"</Profile>\n";

static void test_parse_file(void **state)
{
	char doc[sizeof(parse_file) + 64];
	const struct target_spec *t;

	(void)state;
	snprintf(doc, sizeof(doc), parse_file, "true", "3", "false");
	refused(doc, "p.xml:13: <CompletionRoutines>: '-x': DiskSpd's completion routines");
	/* -I2 on the second target only: DiskSpd's hint is per file handle, iobench's per thread */
	snprintf(doc, sizeof(doc), parse_file, "false", "2", "false");
	refused(doc, "target '/data/testfile2.dat': its <IOPriority> differs from the first target's");
	assert_int_equal(build(one_target("<IOPriority>2</IOPriority>")), 0);	/* best-effort, 7 */
	assert_int_equal(spans[0].io_priority, 2);
	assert_int_equal(spans[0].jobs[0].ioprio, (2u << 13) | 7);
	drop();
	snprintf(doc, sizeof(doc), parse_file, "false", "3", "true");
	assert_int_equal(build(doc), 0);	/* -Sm: the second TimeSpan on the mmap engine */
	assert_int_equal(nspans, 2);
	assert_null(spans[0].engine);
	assert_string_equal(spans[1].engine, "mmap");

	snprintf(doc, sizeof(doc), parse_file, "false", "3", "false");
	assert_int_equal(build(doc), 0);
	assert_int_equal(nspans, 2);
	assert_int_equal(spans[0].duration_ns, 10 * SEC);
	assert_int_equal(spans[0].warmup_ns, 20 * SEC);
	assert_int_equal(spans[0].cooldown_ns, 30 * SEC);
	assert_int_equal(spans[0].seed, 40);
	assert_int_equal(spans[0].pool_threads, 50);
	assert_true(spans[0].no_affinity);
	assert_int_equal(spans[0].ntargets, 4);
	assert_int_equal(spans[0].njobs, 1);		/* -F: one job over every target */
	assert_int_equal(spans[0].jobs[0].threads, 50);
	t = &spans[0].targets[0];
	assert_string_equal(t->path, "/data/testfile.dat");
	assert_int_equal(t->block_size, 100);
	assert_int_equal(t->outstanding, 123);
	assert_int_equal(t->random_align, 234);
	assert_int_equal(t->base_offset, 333);
	assert_int_equal(t->cache, CACHE_DIRECT | CACHE_WRITE_THROUGH);
	assert_int_equal(t->create_size, 56);
	assert_int_equal(t->max_offset, 561);
	assert_int_equal(t->write_pct, 84);
	assert_int_equal(t->buf, BUF_SEQUENCE);	/* DiskSpd's default data: no RandomWriteData */
	t = &spans[0].targets[1];
	assert_string_equal(t->path, "/data/testfile2.dat");
	assert_int_equal(t->block_size, 200);
	assert_int_equal(t->outstanding, 2);
	assert_int_equal(t->random_align, 0);
	assert_int_equal(t->stride, 2222);
	assert_int_equal(t->base_offset, 0);
	assert_int_equal(t->cache, 0);
	assert_int_equal(t->create_size, 0);
	assert_int_equal(t->write_pct, 85);
	assert_int_equal(spans[0].targets[2].cache, CACHE_DIRECT | CACHE_NO_LOCAL); /* -Sr */
	assert_int_equal(spans[0].targets[3].cache, CACHE_DIRECT | CACHE_WRITE_THROUGH);
	/* the second span: DiskSpd's defaults where it says nothing */
	assert_int_equal(spans[1].duration_ns, 10 * SEC);
	assert_int_equal(spans[1].warmup_ns, 5 * SEC);
	assert_int_equal(spans[1].pool_threads, 0);
	assert_false(spans[1].no_affinity);
	assert_int_equal(spans[1].targets[0].block_size, 100);
	assert_int_equal(spans[1].targets[0].write_pct, 84);
	assert_int_equal(spans[1].targets[0].threads, 1);
	drop();
}

/* DiskSpd's Test_ParseFilePrecreateFiles*: which files are created first, at what size. */
static void test_precreate(void **state)
{
	static const char doc[] =
		"<Profile><PrecreateFiles>%s</PrecreateFiles><TimeSpans>\n"
		"<TimeSpan><Targets>\n"
		"<Target><Path>a.dat</Path><FileSize>1048576</FileSize></Target>\n"
		"<Target><Path>b.dat</Path><FileSize>1048576</FileSize></Target>\n"
		"<Target><Path>c.dat</Path><FileSize>1048576</FileSize></Target>\n"
		"</Targets></TimeSpan>\n"
		"<TimeSpan><Targets>\n"
		"<Target><Path>a.dat</Path><FileSize>2097152</FileSize></Target>\n"
		"<Target><Path>b.dat</Path></Target>\n"
		"<Target><Path>c.dat</Path><FileSize>1048576</FileSize></Target>\n"
		"</Targets></TimeSpan></TimeSpans></Profile>\n";
	static const struct {
		const char *mode;
		uint64_t a[2], b[2];	/* a.dat, b.dat in each span */
	} cases[] = {
		{ "UseMaxSize", { 2u << 20, 2u << 20 }, { 1u << 20, 1u << 20 } },
		/* b.dat, created by the first span, is there for the second, at its size */
		{ "CreateOnlyFilesWithConstantSizes", { 1u << 20, 2u << 20 }, { 1u << 20, 1u << 20 } },
		{ "CreateOnlyFilesWithConstantOrZeroSizes", { 1u << 20, 2u << 20 },
		  { 1u << 20, 1u << 20 } },
	};
	char text[sizeof(doc) + 64];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text), doc, cases[i].mode);
		assert_int_equal(build(text), 0);
		for (unsigned s = 0; s < 2; s++) {
			assert_int_equal(spans[s].targets[0].create_size, cases[i].a[s]);
			assert_int_equal(spans[s].targets[1].create_size, cases[i].b[s]);
			assert_int_equal(spans[s].targets[2].create_size, 1u << 20);
		}
	}
	snprintf(text, sizeof(text), doc, "Sometimes");
	refused(text, "p.xml:1: <PrecreateFiles>: 'Sometimes' is not UseMaxSize, "
		"CreateOnlyFilesWithConstantSizes or CreateOnlyFilesWithConstantOrZeroSizes");
	/* DiskSpd's tests give an empty <Path>: a target iobench cannot open */
	refused("<Profile><TimeSpans><TimeSpan><Targets><Target><Path></Path></Target></Targets>"
		"</TimeSpan></TimeSpans></Profile>", "<Path>: the target's path is empty");
	drop();
}

/* DiskSpd's Test_ParseFileWriteBufferContent*: what writes carry. */
static void test_write_buffer_content(void **state)
{
	(void)state;
	assert_int_equal(build(one_target("<WriteBufferContent><Pattern>sequential</Pattern>"
					  "</WriteBufferContent>")), 0);
	assert_int_equal(spans[0].targets[0].buf, BUF_SEQUENCE);	/* DiskSpd's 0-255 pattern */
	assert_int_equal(build(one_target("<WriteBufferContent><Pattern>zero</Pattern>"
					  "</WriteBufferContent>")), 0);
	assert_int_equal(spans[0].targets[0].buf, BUF_ZERO);
	assert_int_equal(build(one_target("<WriteBufferContent><Pattern>random</Pattern>"
					  "<RandomDataSource><SizeInBytes>223311</SizeInBytes>"
					  "</RandomDataSource></WriteBufferContent>")), 0);
	assert_int_equal(spans[0].targets[0].buf, BUF_SOURCE);
	assert_int_equal(spans[0].targets[0].buf_source_size, 223311);
	assert_int_equal(build(one_target("<WriteBufferContent><Pattern>random</Pattern>"
					  "<RandomDataSource><SizeInBytes>223311</SizeInBytes>"
					  "<FilePath>/data/bar.dat</FilePath></RandomDataSource>"
					  "</WriteBufferContent>")), 0);
	assert_int_equal(spans[0].targets[0].buf, BUF_SOURCE);
	assert_string_equal(spans[0].targets[0].buf_source_path, "/data/bar.dat");
	if (on_linux())	/* a Windows path: the Windows build takes it */
		refused(one_target("<WriteBufferContent><Pattern>random</Pattern><RandomDataSource>"
				   "<SizeInBytes>223311</SizeInBytes><FilePath>x:\\bar.dat</FilePath>"
				   "</RandomDataSource></WriteBufferContent>"),
			"<FilePath>: -Z223311,x:\\bar.dat: 'x:\\bar.dat' is a Windows path");
	refused(one_target("<WriteBufferContent></WriteBufferContent>"),
		"<WriteBufferContent>: needs a <Pattern>");
	/* RandomWriteData: -Zr, fresh random data in every write */
	assert_int_equal(build("<Profile><TimeSpans><TimeSpan><RandomWriteData>true</RandomWriteData>"
			       "<Targets><Target><Path>t.dat</Path></Target></Targets></TimeSpan>"
			       "</TimeSpans></Profile>"), 0);
	assert_int_equal(spans[0].targets[0].buf, BUF_RANDOM);
	drop();
}

/* DiskSpd's Test_ParseGroupAffinity and Test_ParseNonGroupAffinity. */
static void test_affinity(void **state)
{
	static const char doc[] =
		"<Profile><TimeSpans><TimeSpan>\n"
		"<Targets><Target><Path>t.dat</Path></Target></Targets>\n"
		"<Affinity>\n%s</Affinity>\n"
		"</TimeSpan></TimeSpans></Profile>\n";
	char text[1024], why[256];

	(void)state;
	snprintf(text, sizeof(text), doc, "<AffinityAssignment>1</AffinityAssignment>\n"
		 "<AffinityAssignment>31</AffinityAssignment>\n");
	assert_int_equal(build(text), 0);
	assert_int_equal(spans[0].naffinity, 2);
	assert_int_equal(spans[0].affinity[0], 1);
	assert_int_equal(spans[0].affinity[1], 31);
	snprintf(text, sizeof(text), doc, "<AffinityGroupAssignment Group=\"0\" Processor =\"2\"/>\n"
		 "<AffinityGroupAssignment Group=\"0\" Processor =\"32\"/>\n");
	/* Linux numbers CPUs in one list and checks them at the run; Windows maps a group's
	 * CPU to that list as it reads it, so a CPU its group lacks is named there */
	if (affinity_group_cpu(0, 32, why, sizeof(why)) < 0) {
		refused(text, "p.xml:3: <Affinity>: -ag0,2,32: processor group 0 has no CPU ");
	} else {
		assert_int_equal(build(text), 0);
		assert_int_equal(spans[0].naffinity, 2);
		assert_int_equal(spans[0].affinity[0], 2);
		assert_int_equal(spans[0].affinity[1], 32);
	}
	snprintf(text, sizeof(text), doc, "<AffinityGroupAssignment Group=\"0\" Processor =\"2\"/>\n"
		 "<AffinityGroupAssignment Group=\"1\" Processor =\"32\"/>\n");
	refused(text, on_linux() ? "p.xml:3: <Affinity>: -ag0,2,g1,32: processor group 1: Windows "
		"processor groups have no Linux counterpart" : "p.xml:3: <Affinity>: -ag0,2,g1,32: "
		"processor group ");
	snprintf(text, sizeof(text), doc, "<AffinityGroupAssignment Group=\"0\" Processor =\"2\"/>\n"
		 "<AffinityGroupAssignment Group=\"1\" Processor =\"300\"/>\n");
	refused(text, "p.xml:5: <AffinityGroupAssignment>: a processor within its group is at "
		"most 255");
	snprintf(text, sizeof(text), doc, "<AffinityGroupAssignment Group=\"70000\" Processor "
		 "=\"32\"/>\n");
	refused(text, "p.xml:4: <AffinityGroupAssignment>: a processor group is at most 65535");
	snprintf(text, sizeof(text), doc, "<AffinityAssignment>1</AffinityAssignment>\n"
		 "<AffinityGroupAssignment Group=\"0\" Processor =\"2\"/>\n");
	refused(text, "p.xml:5: <AffinityGroupAssignment>: <Affinity> holds one kind of element");
	drop();
}

/* DiskSpd's Test_ParseFileGlobalRequestCount: -F with -O, weights, per-thread targets. */
static void test_global_request_count(void **state)
{
	static const char doc[] =
		"<Profile><TimeSpans><TimeSpan>\n"
		"<ThreadCount>4</ThreadCount>\n"
		"<RequestCount>%d</RequestCount>\n"
		"<Targets>\n"
		"<Target><Path>a.dat</Path><Weight>100</Weight>\n%s</Target>\n"
		"<Target><Path>b.dat</Path><Weight>100</Weight></Target>\n"
		"</Targets></TimeSpan></TimeSpans></Profile>\n";
	char text[1024];

	(void)state;
	snprintf(text, sizeof(text), doc, 6, "<ThreadTargets><ThreadTarget><Thread>0</Thread>"
		 "<Weight>200</Weight></ThreadTarget><ThreadTarget><Thread>1</Thread><Weight>50"
		 "</Weight></ThreadTarget><ThreadTarget><Thread>2</Thread>"
		 "</ThreadTarget></ThreadTargets>");
	assert_int_equal(build(text), 0);	/* DiskSpd's asserts */
	assert_int_equal(spans[0].pool_threads, 4);
	assert_int_equal(spans[0].pool_requests, 6);
	assert_int_equal(spans[0].ntargets, 2);
	assert_int_equal(spans[0].targets[0].weight, 100);
	assert_int_equal(spans[0].targets[0].nthread_targets, 3);
	for (unsigned i = 0; i < 3; i++) {
		assert_int_equal(spans[0].targets[0].thread_targets[i].thread, i);
		assert_int_equal(spans[0].targets[0].thread_targets[i].weight, i == 0 ? 200 :
				 i == 1 ? 50 : 0);
	}
	assert_int_equal(spans[0].targets[1].weight, 100);
	assert_int_equal(spans[0].targets[1].nthread_targets, 0);
	/* each thread's weights: thread 3 is not among a.dat's ThreadTargets */
	assert_int_equal(target_weight(&spans[0].targets[0], 0), 200);
	assert_int_equal(target_weight(&spans[0].targets[0], 2), 100);
	assert_int_equal(target_weight(&spans[0].targets[0], 3), 0);
	assert_int_equal(target_weight(&spans[0].targets[1], 3), 100);
	drop();
	snprintf(text, sizeof(text), doc, 0, "<ThreadTargets><ThreadTarget><Thread>0</Thread>"
		 "</ThreadTarget></ThreadTargets>");
	refused(text, "p.xml:6: <ThreadTargets>: ThreadTargets can only be specified when the "
		"TimeSpan's ThreadCount and RequestCount are");
	snprintf(text, sizeof(text), doc, 6, "<ThreadTargets><ThreadTarget><Thread>4</Thread>"
		 "</ThreadTarget></ThreadTargets>");
	refused(text, "p.xml:6: <ThreadTarget>: illegal thread specified for ThreadTarget");
		snprintf(text, sizeof(text), doc, 0, "<ThreadTargets><ThreadTarget><Weight>1</Weight>"
		 "</ThreadTarget></ThreadTargets>");
	refused(text, "<ThreadTarget>: needs a <Thread>");
	/* a Weight without -O weighs nothing, in DiskSpd too */
	snprintf(text, sizeof(text), doc, 0, "");
	assert_int_equal(build(text), 0);
	assert_int_equal(spans[0].pool_threads, 4);
	assert_int_equal(spans[0].ntargets, 2);
	drop();
}

/* DiskSpd's Test_ParseThroughput: its units and values, each as -g takes it (0: none). */
static void test_throughput(void **state)
{
	(void)state;
	/* -g10i, -g1500: the rate in the unit given, per thread per target, as the command line's */
	assert_int_equal(build(one_target("<BlockSize>131072</BlockSize>"
					  "<Throughput unit=\"IOPS\">10</Throughput>")), 0);
	assert_int_equal(spans[0].jobs[0].pace.diskspd_g, 10);
	assert_true(spans[0].jobs[0].pace.diskspd_g_iops);
	drop();
	assert_int_equal(build(one_target("<Throughput unit=\"BPMS\">1500</Throughput>")), 0);
	assert_int_equal(spans[0].jobs[0].pace.diskspd_g, 1500);
	assert_false(spans[0].jobs[0].pace.diskspd_g_iops);
	drop();
	refused(one_target("<Throughput unit=\"FRUIT\">1500</Throughput>"),
		"<Throughput>: attribute unit='FRUIT' is not IOPS or BPMS");
	refused(one_target("<Throughput unit=\"IOPS\">FRUIT</Throughput>"),
		"<Throughput>: 'FRUIT' is not a whole number from 0 to 4294967295");
	refused(one_target("<Throughput kind=\"x\">1</Throughput>"),
		"<Throughput>: unknown attribute 'kind'");
	assert_int_equal(build(one_target("<Throughput unit=\"IOPS\">0</Throughput>")), 0);
	drop();
}

/* DiskSpd's Test_ParseRandomSequentialMixed: RandomRatio's range, and what conflicts. */
static void test_random_sequential_mixed(void **state)
{
	(void)state;
	/* -rs: half the I/Os random at <Random>'s alignment, DiskSpd's mix */
	assert_int_equal(build(one_target("<Random>8192</Random><RandomRatio>50</RandomRatio>")), 0);
	assert_true(spans[0].targets[0].mixed);
	assert_true(spans[0].targets[0].diskspd_mixed);
	assert_int_equal(spans[0].targets[0].random_pct[0], 50);
	assert_int_equal(spans[0].targets[0].random_pct[1], 50);
	assert_int_equal(spans[0].targets[0].random_align, 8192);
	drop();
	refused(one_target("<RandomRatio>0</RandomRatio>"), "'0' is not a percentage from 1 to 99");
	refused(one_target("<RandomRatio>100</RandomRatio>"), "'100' is not a percentage");
	refused(one_target("<RandomRatio>-100</RandomRatio>"), "'-100' is not a percentage");
	refused(one_target("<RandomRatio>200</RandomRatio>"), "'200' is not a percentage");
	refused(one_target("<RandomRatio>junk</RandomRatio>"), "'junk' is not a percentage");
	refused(one_target("<StrideSize>8192</StrideSize><Random>8192</Random>"),
		"p.xml:5: <Random>: -r8192: sequential I/O (-s) and random I/O (-r) exclude each other");
	refused(one_target("<Random>8192</Random><Random>4096</Random>"),
		"<Random>: given twice in <Target>");
	assert_int_equal(build(one_target("<Random>8192</Random>")), 0);
	assert_int_equal(spans[0].targets[0].random_align, 8192);
	drop();
}

/* DiskSpd's Test_ParseDistribution*: read and checked, then taken as -rd is. */
static void test_distribution(void **state)
{
	(void)state;
	/* -rdabs: read into the target's distribution, as the command line's -rdabs */
	assert_int_equal(build(one_target("<Random>65536</Random><Distribution><Absolute>"
			   "<Range IO=\"10\">1073741824</Range><Range IO=\"10\">1073741824</Range>"
			   "<Range IO=\"0\">107374182400</Range></Absolute></Distribution>")), 0);
	assert_non_null(spans[0].targets[0].dist);
	assert_int_equal(spans[0].targets[0].dist->n[0], 4);	/* + the rest */
	drop();
	refused(one_target("<Random>65536</Random><Distribution><Percent>"
			   "<Range IO=\"10\">10</Range><Range IO=\"10\">0</Range>"
			   "<Range IO=\"80\">10</Range></Percent></Distribution>"),
		"<Range>: '0' is not a percentage from 1 to 100");
	refused(one_target("<Distribution><Percent><Range>10</Range></Percent></Distribution>"),
		"<Range>: attribute 'IO' is required");
	refused(one_target("<Distribution></Distribution>"),
		"<Distribution>: needs a <Percent> or a <Absolute>");
	drop();
}

/* DiskSpd's Test_ParseTemplateTargets: *N replaced by the command line's targets, in order. */
static void test_template_targets(void **state)
{
	static const char *const bad[] = { "*", "*foo", "*1foo", "**1", "*-1", "*0" };
	static const char *const foo[] = { "foo.bin" }, *const foobar[] = { "foo.bin", "bar.bin" };
	char doc[1024];

#define TS(paths) "<TimeSpan><Targets>" paths "</Targets></TimeSpan>"
#define TGT(p) "<Target><Path>" p "</Path></Target>"
#define DOC(spans) "<Profile><TimeSpans>" spans "</TimeSpans></Profile>"
	(void)state;
	assert_int_equal(build(DOC(TS(TGT("foo.bin")))), 0);
	assert_string_equal(spans[0].targets[0].path, "foo.bin");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(doc, sizeof(doc), DOC(TS(TGT("%s"))), bad[i]);
		assert_int_equal(build_with(doc, NULL, 0, NULL, 0, true), -EINVAL);
		assert_non_null(strstr(errbuf, "is not a template path"));
	}
	/* unsubstituted: printed as it is (-Rp), not run */
	assert_int_equal(build_with(DOC(TS(TGT("*1"))), NULL, 0, NULL, 0, true), 0);
	assert_string_equal(spans[0].targets[0].path, "*1");
	refused(DOC(TS(TGT("*1"))), "template path '*1' has no target on the command line");
	assert_int_equal(build_with(DOC(TS(TGT("*1"))), foo, 1, NULL, 0, false), 0);
	assert_string_equal(spans[0].targets[0].path, "foo.bin");
	assert_int_equal(build_with(DOC(TS(TGT("*1"))), foobar, 2, NULL, 0, false), -EINVAL);
	assert_non_null(strstr(errbuf, "target 'bar.bin' (*2) is used by no template path"));
	assert_int_equal(build_with(DOC(TS(TGT("*1") TGT("*1"))), foo, 1, NULL, 0, false), 0);
	assert_string_equal(spans[0].targets[0].path, "foo.bin");
	assert_string_equal(spans[0].targets[1].path, "foo.bin");
	assert_int_equal(build_with(DOC(TS(TGT("*1") TGT("*2"))), foobar, 2, NULL, 0, false), 0);
	assert_string_equal(spans[0].targets[0].path, "foo.bin");
	assert_string_equal(spans[0].targets[1].path, "bar.bin");
	assert_int_equal(build_with(DOC(TS(TGT("*1") TGT("*2"))), foo, 1, NULL, 0, false), -EINVAL);
	assert_non_null(strstr(errbuf, "template path '*2' has no target"));
	assert_int_equal(build_with(DOC(TS(TGT("*1")) TS(TGT("*1"))), foo, 1, NULL, 0, false), 0);
	assert_string_equal(spans[1].targets[0].path, "foo.bin");
	assert_int_equal(build_with(DOC(TS(TGT("*1")) TS(TGT("*2"))), foobar, 2, NULL, 0, false), 0);
	assert_string_equal(spans[0].targets[0].path, "foo.bin");
	assert_string_equal(spans[1].targets[0].path, "bar.bin");
	drop();
}

/* The command line's switches beside -X (extra) win in every TimeSpan. */
static void test_overrides(void **state)
{
	static const char *const extra[] = { "-d3", "-W1", "-z9", "--engine=null" };
	struct xprofile_args a = { .nextra = 4, .own = XP_OWN_DURATION | XP_OWN_WARMUP |
				   XP_OWN_SEED };
	const char *doc = DOC("<TimeSpan><Duration>20</Duration><Targets>" TGT("a.dat")
			      "</Targets></TimeSpan><TimeSpan><Duration>30</Duration><Warmup>0</Warmup>"
			      "<Targets>" TGT("a.dat") "</Targets></TimeSpan>");
	struct xprofile *p;

	(void)state;
	a.extra = (char **)extra;
	drop();
	assert_int_equal(xprofile_parse("p.xml", doc, strlen(doc), &p, errbuf, sizeof(errbuf)), 0);
	nspans = 2;
	spans = calloc(2, sizeof(*spans));
	assert_non_null(spans);
	for (unsigned i = 0; i < 2; i++) {
		if (xprofile_build(p, i, &a, &spans[i], errbuf, sizeof(errbuf)))
			fail_msg("%s", errbuf);
		assert_int_equal(spans[i].duration_ns, 3 * SEC);
		assert_int_equal(spans[i].warmup_ns, 1 * SEC);
		assert_int_equal(spans[i].seed, 9);
		assert_string_equal(spans[i].engine, "null");
	}
	xprofile_free(p);
	drop();
}

/* What is not a profile at all: each named with its line. */
static void test_bad_documents(void **state)
{
	(void)state;
	refused("<Profile><TimeSpans>", "p.xml:1: not well-formed XML");
	refused("<?xml version=\"1.0\"?>\n<!DOCTYPE Profile [<!ENTITY x \"y\">]>\n<Profile/>\n",
		"has no <!DOCTYPE>");
	refused("<Profile>&x;</Profile>", "p.xml:1: not well-formed XML: Entity 'x' not defined");
	refused("<Results/>", "p.xml:1: <Results>: a DiskSpd profile's root element is <Profile>");
	refused("<Profile>\n</Profile>", "p.xml:1: <Profile>: needs a <TimeSpans>");
	refused("<Profile>\n<TimeSpans/></Profile>", "p.xml:2: <TimeSpans>: needs a <TimeSpan>");
	refused("<Profile><Verbose>yes</Verbose><TimeSpans/></Profile>",
		"<Verbose>: 'yes' is not true or false");
	refused(one_target("<BlockSize>4294967296</BlockSize>"),
		"<BlockSize>: '4294967296' is not a whole number from 0 to 4294967295");
	refused(one_target("<BlockSize>0</BlockSize>"),
		"p.xml:5: <BlockSize>: -b: block size '0' must be 1 byte to 1GiB");
	refused(one_target("<Frobnicate>1</Frobnicate>"),
		"p.xml:5: <Frobnicate>: unknown element in <Target>");
	refused(one_target("<BlockSize>4096<x/></BlockSize>"), "<x>: unknown element in <BlockSize>");
	refused(one_target("<Path>C:\\data\\x.dat</Path>"), "<Path>: given twice");
	if (on_linux())	/* a Windows path: the Windows build takes it */
		refused("<Profile><TimeSpans><TimeSpan><Targets><Target><Path>C:\\x.dat</Path>"
			"</Target></Targets></TimeSpan></TimeSpans></Profile>",
			"<Path>: 'C:\\x.dat' is a Windows path: give a Linux path");
	if (on_linux())	/* DiskSpd's physical drive: the Windows build's target checks open it */
		refused("<Profile><TimeSpans><TimeSpan><Targets><Target><Path>#1</Path></Target>"
			"</Targets></TimeSpan></TimeSpans></Profile>",
			"<Path>: '#1' is a Windows physical drive number");
	/* at DiskSpd's defaults, what iobench refuses otherwise is taken */
	assert_int_equal(build(one_target("<IOPriority>3</IOPriority><BurstSize>0</BurstSize>"
					  "<ThinkTime>0</ThinkTime><UseLargePages>false</UseLargePages>"
					  "<Weight>1</Weight><ThreadStride>0</ThreadStride>"
					  "<MaxFileSize>0</MaxFileSize><ThreadsPerFile>1</ThreadsPerFile>")),
			 0);
	refused(one_target("<IOPriority>0</IOPriority>"),
		"<IOPriority>: IOPriority is 1 (very low), 2 (low) or 3 (normal)");
	assert_int_equal(build(one_target("<UseLargePages>true</UseLargePages>")), 0);
	assert_true(spans[0].large_pages);
	assert_int_equal(spans[0].jobs[0].mem, MEM_MMAPHUGE);
	assert_int_equal(build(one_target("<SequentialScan>true</SequentialScan>"
					  "<RandomAccess>true</RandomAccess>")), 0);
	assert_int_equal(spans[0].targets[0].hints, HINT_SEQUENTIAL | HINT_RANDOM);
	refused(one_target("<TemporaryFile>true</TemporaryFile>"),
		"<TemporaryFile>: -ft: 't', DiskSpd's temporary-file hint");
	drop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_file),
		cmocka_unit_test(test_precreate),
		cmocka_unit_test(test_write_buffer_content),
		cmocka_unit_test(test_affinity),
		cmocka_unit_test(test_global_request_count),
		cmocka_unit_test(test_throughput),
		cmocka_unit_test(test_random_sequential_mixed),
		cmocka_unit_test(test_distribution),
		cmocka_unit_test(test_template_targets),
		cmocka_unit_test(test_overrides),
		cmocka_unit_test(test_bad_documents),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
