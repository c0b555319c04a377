/* SPDX-License-Identifier: MIT */
/*
 * Description: DiskSpd command lines (the appendix of the guides our users
 * read, with Linux paths) map to the workload struct; bad input is refused
 * with a message naming the bad part.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "job/cmdline.h"
#include "platform/host.h"

#define SEC 1000000000ull

static char errbuf[1024];
static enum cmd_action action;

static char *argv[64];
static int argc;

static void free_args(void)
{
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	argc = 0;
}

/* Splits line at spaces and parses it; the previous call's argv is freed. */
static int parse(const char *line, struct workload *w)
{
	char *copy = strdup(line), *tok, *save = NULL;

	free_args();
	memset(w, 0, sizeof(*w));
	errbuf[0] = 0;
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		argv[argc++] = strdup(tok);
	argv[argc] = NULL;
	free(copy);
	return cmdline_parse(argc, argv, w, &action, errbuf, sizeof(errbuf));
}

static void test_appendix_1(void **state)
{
	/* diskspd.exe -b8K -d60 -h -L -o2 -t4 -r -w30 -c50M K:\io.dat */
	struct workload w;
	const struct target_spec *t;

	assert_int_equal(parse("iobench -b8K -d60 -h -L -o2 -t4 -r -w30 -c50M /mnt/k/io.dat", &w), 0);
	assert_int_equal(action, CMD_RUN);
	assert_int_equal(w.ntargets, 1);
	t = &w.targets[0];
	assert_string_equal(t->path, "/mnt/k/io.dat");
	assert_int_equal(t->block_size, 8192);
	assert_int_equal(w.duration_ns, 60 * SEC);
	assert_int_equal(w.warmup_ns, 5 * SEC);
	assert_int_equal(w.cooldown_ns, 0);
	assert_int_equal(t->cache, CACHE_DIRECT | CACHE_WRITE_THROUGH);
	assert_int_equal(t->outstanding, 2);
	assert_int_equal(t->threads, 4);
	assert_int_equal(t->random_align, 8192);
	assert_int_equal(t->write_pct, 30);
	assert_int_equal(t->create_size, 50 << 20);
	assert_int_equal(w.seed, 0);
	assert_null(w.engine);
	workload_release(&w);
}

static void test_appendix_2_en_dash(void **state)
{
	/* diskspd.exe –c50G -d300 -r -w40 -t8 -o32 -b64K -Sh -L C:\Temp\diskpsdtmp.dat */
	struct workload w;
	const struct target_spec *t;

	assert_int_equal(parse("iobench \xe2\x80\x93" "c50G -d300 -r -w40 -t8 -o32 -b64K -Sh -L "
			       "/tmp/diskpsdtmp.dat", &w), 0);
	t = &w.targets[0];
	assert_int_equal(t->create_size, 50ull << 30);
	assert_int_equal(w.duration_ns, 300 * SEC);
	assert_int_equal(t->random_align, 65536);
	assert_int_equal(t->write_pct, 40);
	assert_int_equal(t->threads, 8);
	assert_int_equal(t->outstanding, 32);
	assert_int_equal(t->block_size, 65536);
	assert_int_equal(t->cache, CACHE_DIRECT | CACHE_WRITE_THROUGH);
	workload_release(&w);
}

/* The Linux build's path rules (DiskSpd's Windows names refused), or the Windows build's. */
static bool on_linux(void)
{
	return !strcmp(host_platform(), "linux");
}


static void test_appendix_3_device_read(void **state)
{
	/* Diskspd.exe -b8K -o32 –d90 -Sh –r4k -t64 -w0 #1 */
	struct workload w;
	const struct target_spec *t;

	if (!on_linux())
		skip();	/* a Linux device; the Windows build takes no drives yet */

	assert_int_equal(parse("iobench -b8K -o32 \xe2\x80\x93" "d90 -Sh \xe2\x80\x93" "r4k -t64 "
			       "-w0 /dev/sdb", &w), 0);
	t = &w.targets[0];
	assert_string_equal(t->path, "/dev/sdb");
	assert_int_equal(t->block_size, 8192);
	assert_int_equal(t->outstanding, 32);
	assert_int_equal(w.duration_ns, 90 * SEC);
	assert_int_equal(t->random_align, 4096);
	assert_int_equal(t->threads, 64);
	assert_int_equal(t->write_pct, 0);
	assert_false(w.allow_device_write);
	workload_release(&w);
}

static void test_appendix_4_device_write(void **state)
{
	/* Diskspd.exe -b64K -o16 –d90 -Sh –r4k -t16 -w100 #1 */
	struct workload w;

	if (!on_linux())
		skip();	/* a Linux device; the Windows build takes no drives yet */

	assert_int_equal(parse("iobench -b64K -o16 \xe2\x80\x93" "d90 -Sh \xe2\x80\x93" "r4k -t16 "
			       "-w100 --allow-device-write /dev/sdb", &w), 0);
	assert_int_equal(w.targets[0].write_pct, 100);
	assert_int_equal(w.targets[0].random_align, 4096);
	assert_true(w.allow_device_write);
	workload_release(&w);
}

static void test_appendix_5_two_targets(void **state)
{
	/* diskspd.exe -c50G -d30 -r -w0 -t4 -o32 -b4K -Sh -L D:\...\testfile.dat E:\...\testfile.dat */
	struct workload w;

	assert_int_equal(parse("iobench -c50G -d30 -r -w0 -t4 -o32 -b4K -Sh -L /mnt/d/testfile.dat "
			       "/mnt/e/testfile.dat", &w), 0);
	assert_int_equal(w.ntargets, 2);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(w.targets[i].create_size, 50ull << 30);
		assert_int_equal(w.targets[i].threads, 4);
		assert_int_equal(w.targets[i].outstanding, 32);
		assert_int_equal(w.targets[i].block_size, 4096);
		assert_int_equal(w.targets[i].random_align, 4096);
	}
	assert_string_equal(w.targets[1].path, "/mnt/e/testfile.dat");
	assert_int_equal(workload_threads(&w), 8);
	workload_release(&w);
}

static void test_long_forms(void **state)
{
	struct workload w;
	const struct target_spec *t;

	assert_int_equal(parse("iobench --block-size=8K --duration 60 --disable-caching "
			       "--outstanding=2 --threads=4 --random --write=30 --create-size=50M "
			       "--warmup=1 --cooldown=2 --seed=7 --engine=psync --ios=5 /x", &w),
			 -EINVAL);	/* psync with -o2 */
	workload_release(&w);
	/* DiskSpd's rule: write-through is set once (-h sets it), never "the later wins" */
	assert_int_equal(parse("iobench --disable-caching --caching=w /x", &w), -EINVAL);
	workload_release(&w);
	assert_int_equal(parse("iobench --block-size=8K --outstanding=1 "
			       "--threads=4 --random=16K --write=30 --create-size=50M "
			       "--warmup=1 --seed=7 --engine=psync --ios=5 --keep "
			       "--base-offset=1M --max-offset=40M --caching=bw /x", &w), 0);
	t = &w.targets[0];
	assert_int_equal(t->block_size, 8192);
	assert_int_equal(t->cache, CACHE_WRITE_THROUGH);	/* -Sbw: buffered, write-through */
	assert_int_equal(t->random_align, 16384);
	assert_int_equal(w.warmup_ns, SEC);
	assert_int_equal(w.seed, 7);
	assert_string_equal(w.engine, "psync");
	assert_int_equal(w.ios_per_thread, 5);
	assert_int_equal(w.duration_ns, 0);
	assert_true(w.keep);
	assert_int_equal(t->base_offset, 1 << 20);
	assert_int_equal(t->max_offset, 40 << 20);
	workload_release(&w);
}

static void test_blocks_unit_and_base_length(void **state)
{
	struct workload w;
	const struct target_spec *t;

	/* 'b' counts blocks of -b, even when -b comes later. */
	assert_int_equal(parse("iobench -c100b -B2b:8b -T1b -s2b -b4K /x", &w), 0);
	t = &w.targets[0];
	assert_int_equal(t->create_size, 100 * 4096);
	assert_int_equal(t->base_offset, 2 * 4096);
	assert_int_equal(t->max_offset, 10 * 4096);
	assert_int_equal(t->thread_stride, 4096);
	assert_int_equal(t->stride, 8192);
	assert_int_equal(t->random_align, 0);
	workload_release(&w);
}

static void test_caching_and_buffers(void **state)
{
	static const struct {
		const char *flag;
		unsigned cache;
	} c[] = {
		{ "-S", CACHE_DIRECT }, { "-Su", CACHE_DIRECT }, { "-Sr", CACHE_DIRECT | CACHE_NO_LOCAL },
		{ "-Sb", 0 }, { "-Sw", CACHE_WRITE_THROUGH },
		{ "-Sh", CACHE_DIRECT | CACHE_WRITE_THROUGH },
		{ "-Suw", CACHE_DIRECT | CACHE_WRITE_THROUGH }, { "-h", CACHE_DIRECT | CACHE_WRITE_THROUGH },
	};
	struct workload w;
	char line[64];

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		snprintf(line, sizeof(line), "iobench %s /x", c[i].flag);
		assert_int_equal(parse(line, &w), 0);
		assert_int_equal(w.targets[0].cache, c[i].cache);
		workload_release(&w);
	}
	assert_int_equal(parse("iobench -Z /x", &w), 0);
	assert_int_equal(w.targets[0].buf, BUF_ZERO);
	workload_release(&w);
	assert_int_equal(parse("iobench -Z1M /x", &w), 0);
	assert_int_equal(w.targets[0].buf, BUF_SOURCE);
	assert_int_equal(w.targets[0].buf_source_size, 1 << 20);
	workload_release(&w);
}

static void test_help_version(void **state)
{
	struct workload w;

	assert_int_equal(parse("iobench -h", &w), 0);
	assert_int_equal(action, CMD_HELP);
	workload_release(&w);
	assert_int_equal(parse("iobench -?", &w), 0);
	assert_int_equal(action, CMD_HELP);
	workload_release(&w);
	assert_int_equal(parse("iobench --help", &w), 0);
	assert_int_equal(action, CMD_HELP);
	workload_release(&w);
	assert_int_equal(parse("iobench --version", &w), 0);
	assert_int_equal(action, CMD_VERSION);
	workload_release(&w);
	/* -h among workload flags is -Sh, not help */
	assert_int_equal(parse("iobench -h /x", &w), 0);
	assert_int_equal(action, CMD_RUN);
	workload_release(&w);
	/* -Rp: the whole command line is parsed, then printed instead of run */
	assert_int_equal(parse("iobench -Rp -b8K -t3 /x", &w), 0);
	assert_int_equal(action, CMD_PRINT);
	assert_int_equal(w.targets[0].block_size, 8192);
	assert_int_equal(w.jobs[0].threads, 3);
	workload_release(&w);
	assert_int_equal(parse("iobench --print-workload -w10 /x", &w), 0);
	assert_int_equal(action, CMD_PRINT);
	assert_int_equal(w.targets[0].write_pct, 10);
	workload_release(&w);
	assert_int_equal(parse("iobench -Rpxml /x", &w), 0);
	assert_int_equal(action, CMD_PRINT);
	assert_true(w.xml_stdout);
	workload_release(&w);
	assert_int_equal(parse("iobench -Rpjson /x", &w), -EINVAL);
	workload_release(&w);
	/* -Rxml: DiskSpd's XML results instead of the text; the last -R says it */
	assert_int_equal(parse("iobench -Rxml /x", &w), 0);
	assert_int_equal(action, CMD_RUN);
	assert_true(w.xml_stdout && !w.json_stdout);
	workload_release(&w);
	assert_int_equal(parse("iobench -Rxml --output-format=json /x", &w), 0);
	assert_true(w.json_stdout && !w.xml_stdout);
	workload_release(&w);
	assert_int_equal(parse("iobench -Rxmlx /x", &w), -EINVAL);
	workload_release(&w);
}

static void test_seed_from_clock(void **state)
{
	struct workload w;

	assert_int_equal(parse("iobench -z /x", &w), 0);
	assert_true(w.seed != 0 && w.seed <= UINT32_MAX);	/* DiskSpd's 32-bit tick count */
	workload_release(&w);
	assert_int_equal(parse("iobench -z1234 /x", &w), 0);
	assert_int_equal(w.seed, 1234);
	workload_release(&w);
}

static void test_affinity(void **state)
{
	struct workload w;

	assert_int_equal(parse("iobench -a0,2,4-6 /x", &w), 0);
	assert_int_equal(w.naffinity, 5);
	assert_int_equal(w.affinity[0], 0);
	assert_int_equal(w.affinity[1], 2);
	assert_int_equal(w.affinity[4], 6);
	workload_release(&w);
	assert_int_equal(parse("iobench -ag /x", &w), 0);
	assert_int_equal(w.naffinity, 0);
	assert_false(w.no_affinity);
	workload_release(&w);
	/* DiskSpd's group 0 form, and -a given twice adds up (group CPUs this machine has:
	 * Windows maps them as it reads them; -a's plain numbers are checked at the run) */
	assert_int_equal(parse("iobench -ag0,1,0 -a6 /x", &w), 0);
	assert_int_equal(w.naffinity, 3);
	assert_int_equal(w.affinity[0], 1);
	assert_int_equal(w.affinity[1], 0);
	assert_int_equal(w.affinity[2], 6);
	workload_release(&w);
	assert_int_equal(parse("iobench -n /x", &w), 0);
	assert_true(w.no_affinity);
	workload_release(&w);
	assert_int_equal(parse("iobench --affinity=3 /x", &w), 0);
	assert_int_equal(w.affinity[0], 3);
	workload_release(&w);
}

static void test_null_engine_range(void **state)
{
	struct workload w;

	assert_int_equal(parse("iobench --engine=null x", &w), 0);
	assert_int_equal(w.null_size, 1ull << 30);
	workload_release(&w);
	assert_int_equal(parse("iobench --engine=null -f4G x", &w), 0);
	assert_int_equal(w.null_size, 4ull << 30);
	workload_release(&w);
}

/* --steady-state: what is tracked, the PTS's window and rounds by default; the null model's aging. */
static void test_steady_state(void **state)
{
	struct workload w;

	assert_int_equal(parse("iobench x", &w), 0);
	assert_int_equal(w.ss_track, SS_NONE);
	workload_release(&w);
	assert_int_equal(parse("iobench --steady-state -b4K x", &w), 0);
	assert_int_equal(w.ss_track, SS_IOPS);
	assert_int_equal(w.ss_window, 5);
	assert_int_equal(w.ss_rounds, 25);
	workload_release(&w);
	assert_int_equal(parse("iobench --ss-window=3 --steady-state=latency --ss-rounds 7 x", &w), 0);
	assert_int_equal(w.ss_track, SS_LATENCY);
	assert_int_equal(w.ss_window, 3);
	assert_int_equal(w.ss_rounds, 7);
	workload_release(&w);
	assert_int_equal(parse("iobench --steady-state=bw --engine=null --null-latency=1ms "
			       "--null-cliff=1G:2.5 --null-wear=10us/4M x", &w), 0);
	assert_int_equal(w.ss_track, SS_BW);
	assert_int_equal(w.null_cliff_bytes, 1ull << 30);
	assert_float_equal(w.null_cliff_factor, 2.5, 1e-12);
	assert_int_equal(w.null_wear_ns, 10000);
	assert_int_equal(w.null_wear_bytes, 4 << 20);
	workload_release(&w);
}

/* Each bad line fails with a message that contains the given part. */
static void test_bad_input(void **state)
{
	static const struct {
		const char *line;
		const char *names;
	} bad[] = {
		{ "iobench -b12Q /x", "12Q" },
		{ "iobench --steady-state=p99 /x", "--steady-state=p99" },
		{ "iobench --ss-rounds=9 /x", "--ss-rounds" },
		{ "iobench --steady-state --ss-window=30 /x", "--ss-rounds=25" },
		{ "iobench --steady-state --ss-window=1 /x", "--ss-window" },
		{ "iobench --steady-state -Rxml /x", "-Rxml" },
		{ "iobench --engine=null --null-cliff=1G /x", "--null-cliff" },
		{ "iobench --engine=null --null-cliff=0:2 /x", "--null-cliff" },
		{ "iobench --engine=null --null-wear=1ms/0 /x", "--null-wear" },
		{ "iobench -w130 /x", "130" },
		{ "iobench -t0 /x", "-t" },
		{ "iobench -o0 /x", "-o" },
		{ "iobench -q /x", "-q" },
		{ "iobench --frobnicate /x", "--frobnicate" },
		{ "iobench -b8K", "no target" },
		{ "iobench -b /x", "-b" },
		{ "iobench -b0 /x", "-b" },
		{ "iobench -d0 /x", "-d" },
		{ "iobench -dx /x", "'x'" },
		{ "iobench -r -s /x", "-s" },
		{ "iobench -r -T4K /x", "-T" },
		{ "iobench -t2 -F2 /x", "-F" },
		{ "iobench -B8M -f4M /x", "-f" },
		{ "iobench -Sx /x", "'x'" },
		{ "iobench -Sm -Su /x", "exclude each other" }, { "iobench -Nv /x", "goes with memory-mapped" },
		{ "iobench -Sbu /x", "earlier cache mode" },
		{ "iobench -g100x /x", "-g100x" }, { "iobench -i5 /x", "-j<think time>" },
		{ "iobench -rs0 -r /x", "-rs0" },
		{ "iobench -s -rs50 /x", "use -r" },
		{ "iobench -rdpct90/10 /x", "sequential-only" },
		{ "iobench -rdpct60/10:60/10 -r /x", "IO% 60" },
		{ "iobench -si -r /x", "-r" },
		{ "iobench -Z -Z1M /x", "give one" },
		{ "iobench -Z --pattern=0xab /x", "give one" },
		{ "iobench --pattern=0xabc /x", "hex" },
		{ "iobench --pattern=0x /x", "hex" },
		{ "iobench -Z --compress=50 /x", "--compress" },
		{ "iobench --dedupe=101 /x", "101" },
		{ "iobench -Z1K -b4K /x", "-Z" },
		{ "iobench --engine=spdk /x", "spdk" },
		{ "iobench --engine=psync -o4 /x", "psync" },
		{ "iobench --engine=null -c1M /x", "null" },
		{ "iobench --ios=10 -d5 /x", "--ios" },
		{ "iobench --ios=10 -C5 /x", "cool-down" },
		{ "iobench --ios=0 /x", "--ios" },
		{ "iobench -o99999 /x", "99999" },
		{ "iobench -t5000 /x", "5000" },
		{ "iobench -L=3 /x", "-L" },
		{ "iobench --keep=yes /x", "--keep" },
		{ "iobench -c0 /x", "-c" },
		{ "iobench -b2G /x", "block size" },
		{ "iobench -c99999999999T /x", "too large" },
		{ "iobench -a1-0 /x", "1-0" },
		{ "iobench -ax /x", "'x'" },
		{ "iobench -a0, /x", "0," },
		{ "iobench -ag1,1 /x", "processor group 1" }, { "iobench -ag0 /x", "names no CPU" },
		{ "iobench -n -a0 /x", "-n" },
	};
	struct workload w;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int r = parse(bad[i].line, &w);

		if (r != -EINVAL || !strstr(errbuf, bad[i].names))
			fail_msg("'%s': got %d '%s', wanted a message naming '%s'", bad[i].line, r,
				 errbuf, bad[i].names);
		workload_release(&w);
	}
	/* DiskSpd's physical drive: a target on Windows (its checks open it), refused on Linux */
	if (on_linux()) {
		assert_int_equal(parse("iobench #1", &w), -EINVAL);
		assert_non_null(strstr(errbuf, "'#1'"));
		workload_release(&w);
	} else {
		assert_int_equal(parse("iobench #1", &w), 0);
		assert_string_equal(w.targets[0].path, "#1");
		workload_release(&w);
	}
	/* the other platform's names: a Windows path on Linux, a Linux device on Windows */
	assert_int_equal(parse(on_linux() ? "iobench K:\\io.dat" : "iobench /dev/sdb", &w), -EINVAL);
	assert_non_null(strstr(errbuf, on_linux() ? "is a Windows path" : "is a Linux device"));
	workload_release(&w);
	if (!on_linux()) {	/* and the Windows build's own: DiskSpd's guide's path is taken */
		assert_int_equal(parse("iobench -c50M K:\\io.dat", &w), 0);
		assert_string_equal(w.targets[0].path, "K:\\io.dat");
		workload_release(&w);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_appendix_1),
		cmocka_unit_test(test_appendix_2_en_dash),
		cmocka_unit_test(test_appendix_3_device_read),
		cmocka_unit_test(test_appendix_4_device_write),
		cmocka_unit_test(test_appendix_5_two_targets),
		cmocka_unit_test(test_long_forms),
		cmocka_unit_test(test_blocks_unit_and_base_length),
		cmocka_unit_test(test_caching_and_buffers),
		cmocka_unit_test(test_help_version),
		cmocka_unit_test(test_seed_from_clock),
		cmocka_unit_test(test_affinity),
		cmocka_unit_test(test_null_engine_range),
		cmocka_unit_test(test_steady_state),
		cmocka_unit_test(test_bad_input),
	};

	int r = cmocka_run_group_tests(tests, NULL, NULL);

	free_args();
	return r;
}
