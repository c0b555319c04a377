/* SPDX-License-Identifier: MIT */
/*
 * presets.c: the table of presets (presets.h). Each test's runs are DiskSpd
 * switches as the source gives them; docs/presets.md quotes the sources.
 * A run holding {A..B} is a row for each integer from A to B, its label's
 * {} that integer (SQLIO's script steps its outstanding I/Os so); {ncpu}
 * is the number of CPUs online (Iometer starts a worker on each).
 */
#include <string.h>

#include "job/presets.h"
#include "util/banned.h"

#define GIB (1ull << 30)
#define MIB (1ull << 20)
#define N(a) (sizeof(a) / sizeof(a[0]))

/* CrystalDiskMark 9.0.1 (DiskBench.cpp): -S, -W0 and, for writes, -Z<block> of random data. */
#define CDM_R(b, q, t, r) "-b" b " -o" q " -t" t " -S -w0" r
#define CDM_W(b, q, t, r) "-b" b " -o" q " -t" t " -S -w100" r " -Z" b
#define CDM_M(b, q, t, r) "-b" b " -o" q " -t" t " -S -w30" r " -Z" b
#define CDM(label, b, q, t, r) { label, { CDM_R(b, q, t, r), CDM_W(b, q, t, r) } }
#define CDM_MIX(label, b, q, t, r) { label " R70/W30", { CDM_M(b, q, t, r) } }

static const struct preset_test cdm_default[] = {
	CDM("SEQ1M Q8T1", "1M", "8", "1", ""),
	CDM("SEQ1M Q1T1", "1M", "1", "1", ""),
	CDM("RND4K Q32T1", "4K", "32", "1", " -r"),
	CDM("RND4K Q1T1", "4K", "1", "1", " -r"),
};

static const struct preset_test cdm_nvme[] = {
	CDM("SEQ1M Q8T1", "1M", "8", "1", ""),
	CDM("SEQ128K Q32T1", "128K", "32", "1", ""),
	CDM("RND4K Q32T16", "4K", "32", "16", " -r"),
	CDM("RND4K Q1T1", "4K", "1", "1", " -r"),
};

static const struct preset_test cdm_peak[] = {
	CDM("SEQ1M Q8T1", "1M", "8", "1", ""),
	CDM("RND4K Q32T1", "4K", "32", "1", " -r"),
};

static const struct preset_test cdm_realworld[] = {
	CDM("SEQ1M Q1T1", "1M", "1", "1", ""),
	CDM("RND4K Q1T1", "4K", "1", "1", " -r"),
};

static const struct preset_test cdm_mix[] = {
	CDM("SEQ1M Q8T1", "1M", "8", "1", ""),
	CDM("SEQ1M Q1T1", "1M", "1", "1", ""),
	CDM("RND4K Q32T1", "4K", "32", "1", " -r"),
	CDM("RND4K Q1T1", "4K", "1", "1", " -r"),
	CDM_MIX("SEQ1M Q8T1", "1M", "8", "1", ""),
	CDM_MIX("SEQ1M Q1T1", "1M", "1", "1", ""),
	CDM_MIX("RND4K Q32T1", "4K", "32", "1", " -r"),
	CDM_MIX("RND4K Q1T1", "4K", "1", "1", " -r"),
};

/* Measure-DiskPerformance.ps1 1.2: sqlio -kR -frandom -b8 -o N -t4 -LS -BN (reads only). */
static const struct preset_test sqlio_small[] = {
	{ "RND8K Q{}T4", { "-b8K -r -w0 -t4 -o{8..64} -Sh" } },
};

/* ... sqlio -kR -fsequential -b512 -o N -t1 -LS -BN. */
static const struct preset_test sqlio_large[] = {
	{ "SEQ512K Q{}T1", { "-b512K -s -w0 -t1 -o{1..32} -Sh" } },
};

/* Iometer User's Guide 1.1.0, Quick Start: 100% read, 100% sequential, 1 outstanding I/O. */
static const struct preset_test iometer_iops[] = {
	{ "SEQ512B read", { "-b512 -s -w0 -t{ncpu} -o1 -Su" } },
};

static const struct preset_test iometer_throughput[] = {
	{ "SEQ64K read", { "-b64K -s -w0 -t{ncpu} -o1 -Su" } },
};

/* The VM workload the guide runs in Iometer: 4 KiB, 90% writes, random, 2 workers. */
static const struct preset_test iometer_vm[] = {
	{ "RND4K W90 T2", { "-b4K -r -w90 -t2 -o1 -Su" } },
};

/* dd bs=32M count=500 oflag=direct, then iflag=direct: the file written, then read. */
static const struct preset_test dd_tests[] = {
	{ "dd write 32M", { "-b32M -s -w100 -t1 -o1 -Su -Z" } },
	{ "dd read 32M", { "-b32M -s -w0 -t1 -o1 -Su" } },
};

/* VDBench: xfersize=64k, seekpct=0, rdpct=100, 0 and 50, threads=8 (its default), o_direct. */
static const struct preset_test vdbench_bw[] = {
	{ "SEQ64K read", { "-b64K -s -w0 -t1 -o8 -Su" } },
	{ "SEQ64K write", { "-b64K -s -w100 -t1 -o8 -Su" } },
	{ "SEQ64K 50:50", { "-b64K -s -w50 -t1 -o8 -Su" } },
};

/* DiskSpd's wiki, "Sample command lines" (each -W60 -d60 -Sh on -c2G; the small area -c100b). */
static const struct preset_test diskspd_guide[] = {
	{ "large RND4K concurrent", { "-b4K -F8 -r -o32 -Sh", "-b4K -F8 -r -o32 -Sh -w100" } },
	{ "large RND4K serial", { "-b4K -r -o1 -Sh", "-b4K -r -o1 -Sh -w100" } },
	{ "large SEQ4K concurrent", { "-b4K -F8 -T1b -s8b -o32 -Sh",
				      "-b4K -F8 -T1b -s8b -o32 -Sh -w100" } },
	{ "large SEQ4K serial", { "-b4K -o1 -Sh", "-b4K -o1 -Sh -w100" } },
	{ "small SEQ4K concurrent", { "-b4K -o32 -F8 -T1b -s8b -f100b -Sh",
				      "-b4K -o32 -F8 -T1b -s8b -f100b -Sh -w100" } },
};

#define CDM_SRC "CrystalDiskMark 9.0.1, DiskBench.cpp and DiskMarkDlg.cpp"
#define SQLIO_SRC "Measure-DiskPerformance.ps1 1.2 (Mikael Nystrom, 2014)"
#define IOMETER_SRC "Iometer User's Guide 1.1.0, Quick Start"

#define TESTS(t) .tests = t, .ntests = N(t)

const struct preset presets[] = {
	{ .name = "crystaldiskmark", .what = "CrystalDiskMark's Default profile: SEQ1M Q8T1, "
	  "SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, each read then written", .source = CDM_SRC,
	  .file = "iobench-cdm.dat", .size = GIB, .duration_s = 15, .warmup_s = 5, .pause_s = 5,
	  TESTS(cdm_default) },
	{ .name = "crystaldiskmark-nvme", .what = "CrystalDiskMark's NVMe SSD preset: SEQ1M Q8T1, "
	  "SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1, each read then written", .source = CDM_SRC,
	  .file = "iobench-cdm.dat", .size = GIB, .duration_s = 15, .warmup_s = 5, .pause_s = 5,
	  TESTS(cdm_nvme) },
	{ .name = "crystaldiskmark-peak", .what = "CrystalDiskMark's Peak profile: SEQ1M Q8T1, "
	  "RND4K Q32T1, each read then written", .source = CDM_SRC, .file = "iobench-cdm.dat",
	  .size = GIB, .duration_s = 15, .warmup_s = 5, .pause_s = 5, TESTS(cdm_peak) },
	{ .name = "crystaldiskmark-realworld", .what = "CrystalDiskMark's Real World profile: "
	  "SEQ1M Q1T1, RND4K Q1T1, each read then written", .source = CDM_SRC,
	  .file = "iobench-cdm.dat", .size = GIB, .duration_s = 15, .warmup_s = 5, .pause_s = 5,
	  TESTS(cdm_realworld) },
	{ .name = "crystaldiskmark-mix", .what = "CrystalDiskMark's Default profile with its mix: "
	  "each test read and written, then R70/W30", .source = CDM_SRC, .file = "iobench-cdm.dat",
	  .size = GIB, .duration_s = 15, .warmup_s = 5, .pause_s = 5, TESTS(cdm_mix) },
	{ .name = "sqlio-small", .what = "the SQLIO script's Get-SmallIO: 8 KiB random reads, "
	  "4 threads, 8 to 64 outstanding each", .source = SQLIO_SRC, .file = "test.dat",
	  .size = GIB, .duration_s = 60, .fast_s = 10, .pause_s = 5, TESTS(sqlio_small) },
	{ .name = "sqlio-large", .what = "the SQLIO script's Get-LargeIO: 512 KiB sequential reads, "
	  "1 thread, 1 to 32 outstanding", .source = SQLIO_SRC, .file = "test.dat", .size = GIB,
	  .duration_s = 60, .fast_s = 10, .pause_s = 5, TESTS(sqlio_large) },
	{ .name = "iometer-max-iops", .what = "Iometer's maximum I/O rate: 512 B sequential reads, "
	  "1 outstanding, a worker per CPU, on a file as large as the free space",
	  .source = IOMETER_SRC, .file = "iobw.tst", .duration_s = 30, TESTS(iometer_iops) },
	{ .name = "iometer-max-throughput", .what = "Iometer's maximum throughput: 64 KiB "
	  "sequential reads, 1 outstanding, a worker per CPU, on a file as large as the free space",
	  .source = IOMETER_SRC, .file = "iobw.tst", .duration_s = 30, TESTS(iometer_throughput) },
	{ .name = "iometer-vm", .what = "a VM's load in Iometer: 4 KiB random, 90% writes, "
	  "2 workers, on a file as large as the free space", .source = "iobench's reading of the "
	  "guide (no public source: docs/presets.md)", .file = "iobw.tst", .duration_s = 30,
	  TESTS(iometer_vm) },
	{ .name = "dd", .what = "dd's baseline: 500 blocks of 32 MiB with O_DIRECT, written to a "
	  "file, then read", .source = "dd bs=32M count=500 oflag=direct, then iflag=direct "
	  "(iobench's; docs/presets.md)", .file = "iobench-dd.dat", .size = 500 * 32 * MIB,
	  .grow = true, TESTS(dd_tests) },
	{ .name = "vdbench-bw", .what = "VDBench's bandwidth runs: 64 KiB sequential read, write "
	  "and 50:50, 8 threads", .source = "VDBench 5.04's parameters (iobench's parameter file; "
	  "docs/presets.md)", .file = "iobench-vdbench.dat", .size = 10 * GIB, .duration_s = 30,
	  TESTS(vdbench_bw) },
	{ .name = "diskspd-guide", .what = "the DiskSpd wiki's sample command lines: 4 KiB random "
	  "and sequential, serial and concurrent, large and small area", .source = "github.com/"
	  "microsoft/diskspd/wiki/Sample-command-lines", .file = "testfile.dat", .size = 2 * GIB,
	  .duration_s = 60, .warmup_s = 60, TESTS(diskspd_guide) },
};

const unsigned npresets = N(presets);

const struct preset *preset_find(const char *name)
{
	for (unsigned i = 0; i < npresets; i++)
		if (!strcmp(presets[i].name, name))
			return &presets[i];
	return NULL;
}
