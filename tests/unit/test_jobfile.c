/* SPDX-License-Identifier: MIT */
/*
 * Description: fio job files: the syntax as fio reads it, every supported
 * option's effect on the workloads, and every error naming file:line and the
 * option. Targets are under a directory that does not exist, so planning
 * touches nothing.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "job/fiojob.h"
#include "job/jobfile.h"
#include "platform/host.h"

#define SEC 1000000000ull
#define DIR "/nonexistent-iobench-test"

static char err[1024];
static struct jf_doc doc;
static struct fio_plan plan;

/* Include files for the tests: "inc.fio" holds two options, "loop.fio" includes itself. */
/* The files the tests name, as the planner is told of them: nothing touches the disk. */
static int test_look(const char *path, struct fio_file *f)
{
	f->kind = !strcmp(path, "/dev/null") ? FIO_CHAR : !strcmp(path, "/tmp") ? FIO_DIR :
		  !strcmp(path, "exists-100m.dat") ? FIO_REGULAR : FIO_NO_FILE;
	f->size = f->kind == FIO_REGULAR ? 100 << 20 : 0;
	return 0;
}

static int test_loader(const char *path, char **buf, size_t *len, char *e, size_t elen)
{
	/* "fan0.fio" includes "fan1.fio" ten times, and so on down to "fan6.fio": 10^6 files */
	static char fan[16 * 10 + 1];
	const char *text = !strcmp(path, "inc.fio") ? "iodepth=16\nbs=8k\n" :
			   !strcmp(path, "loop.fio") ? "include loop.fio\n" :
			   !strcmp(path, "fan6.fio") ? "; empty\n" :
			   !strncmp(path, "fan", 3) ? fan :
			   !strcmp(path, "sect.fio") ? "[x]\n" : NULL;

	if (text == fan) {
		fan[0] = 0;
		for (int i = 0; i < 10; i++)
			snprintf(fan + strlen(fan), sizeof(fan) - strlen(fan), "include fan%c.fio\n",
				 path[3] + 1);
	}
	if (!text) {
		snprintf(e, elen, "cannot read '%s': No such file or directory", path);
		return -ENOENT;
	}
	*buf = strdup(text);
	*len = strlen(text);
	return 0;
}

/* Parses and plans text (job file "t.fio") with the overrides; 0 or the error. */
static int plan_over(const char *text, const char *const *over, unsigned nover)
{
	struct jf_opt o[8];
	int r;

	fiojob_plan_free(&plan);
	jobfile_free(&doc);
	err[0] = 0;
	r = jobfile_parse(&doc, "t.fio", text, strlen(text), 0, test_loader, err, sizeof(err));
	if (r)
		return r;
	for (unsigned i = 0; i < nover; i++) {
		char *eq = strchr(over[i], '=');

		o[i].key = eq ? strndup(over[i], (size_t)(eq - over[i])) : strdup(over[i]);
		o[i].val = eq ? strdup(eq + 1) : NULL;
		o[i].where = strdup("command line");
	}
	r = fiojob_plan(&doc, o, nover, NULL, 0, test_look, &plan, err, sizeof(err));
	for (unsigned i = 0; i < nover; i++) {
		free(o[i].key);
		free(o[i].val);
		free(o[i].where);
	}
	return r;
}

static int plan_text(const char *text)
{
	return plan_over(text, NULL, 0);
}

/* One job "[j]" with the given option lines, on a file to create of 64 MiB. */
static const struct workload *one(const char *opts)
{
	char text[2048];

	snprintf(text, sizeof(text), "[j]\nfilename=" DIR "/f\nsize=64m\n%s\n", opts);
	if (plan_text(text))
		fail_msg("'%s': %s", opts, err);
	assert_int_equal(plan.ngroups, 1);
	return &plan.groups[0];
}

static void test_sizes(void **state)
{
	static const struct { const char *s; unsigned kb; uint64_t v; } ok[] = {
		{ "4096", 1024, 4096 }, { "4k", 1024, 4096 }, { "4K", 1024, 4096 },
		{ "4kb", 1024, 4096 }, { "4ki", 1024, 4096 }, { "4KiB", 1024, 4000 },
		{ "1MiB", 1024, 1000000 }, { "1m", 1000, 1000000 }, { "4KiB", 1000, 4096 },
		{ "4ki", 1000, 4000 }, { "2g", 1024, 2ull << 30 }, { "1t", 1024, 1ull << 40 },
		{ "0x10", 1024, 16 }, { "512b", 1024, 512 },
	};
	static const char *const bad[] = { "", "k", "4x", "4kx", "-1", "1.5m", " 4k", "99999999999999999999" };
	uint64_t v;
	bool pct;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(fio_parse_size(ok[i].s, ok[i].kb, &v, NULL), 0);
		if (v != ok[i].v)
			fail_msg("%s (kb_base %u): %llu, wanted %llu", ok[i].s, ok[i].kb,
				 (unsigned long long)v, (unsigned long long)ok[i].v);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!fio_parse_size(bad[i], 1024, &v, NULL))
			fail_msg("'%s' parsed", bad[i]);
	assert_int_equal(fio_parse_size("50%", 1024, &v, &pct), 0);
	assert_true(pct);
	assert_int_equal(v, 50);
	assert_int_not_equal(fio_parse_size("50%", 1024, &v, NULL), 0);
	assert_int_not_equal(fio_parse_size("101%", 1024, &v, &pct), 0);
	assert_int_equal(fio_parse_size("0%", 1024, &v, &pct), 0);	/* fio's offset=0% */
	assert_true(pct);
	assert_int_equal(v, 0);
}

static void test_times(void **state)
{
	uint64_t ns;

	(void)state;
	assert_int_equal(fio_parse_time("30", SEC, &ns), 0);
	assert_int_equal(ns, 30 * SEC);
	assert_int_equal(fio_parse_time("1500ms", SEC, &ns), 0);
	assert_int_equal(ns, 1500000000ull);
	assert_int_equal(fio_parse_time("2m", SEC, &ns), 0);
	assert_int_equal(ns, 120 * SEC);
	assert_int_equal(fio_parse_time("1h", SEC, &ns), 0);
	assert_int_equal(ns, 3600 * SEC);
	assert_int_equal(fio_parse_time("10us", SEC, &ns), 0);
	assert_int_equal(ns, 10000);
	assert_int_not_equal(fio_parse_time("10x", SEC, &ns), 0);
	assert_int_not_equal(fio_parse_time("", SEC, &ns), 0);
}

static void test_expressions(void **state)
{
	long long v;
	bool arith;
	char *s;

	(void)state;
	assert_int_equal(jobfile_eval("2*3+4", &v), 0);
	assert_int_equal(v, 10);
	assert_int_equal(jobfile_eval("(1+2)*(3+4)/2", &v), 0);
	assert_int_equal(v, 10);
	assert_int_equal(jobfile_eval("-4+10", &v), 0);
	assert_int_equal(v, 6);
	assert_int_not_equal(jobfile_eval("1/0", &v), 0);
	assert_int_not_equal(jobfile_eval("2*", &v), 0);
	assert_int_not_equal(jobfile_eval("(1", &v), 0);
	assert_int_not_equal(jobfile_eval("99999999999999999999*9", &v), 0);
	s = jobfile_expand_keywords("$ncpus*2", &arith);
	assert_non_null(s);
	assert_true(arith);
	assert_int_equal(jobfile_eval(s, &v), 0);
	assert_int_equal(v, 2 * host_cpus_configured());
	free(s);
	s = jobfile_expand_keywords("4k", &arith);
	assert_string_equal(s, "4k");
	assert_false(arith);
	free(s);
}

/* Comments, blanks, [global] order and names, include, ${VAR}, $ncpus. */
static void test_syntax(void **state)
{
	const struct workload *w;
	char text[1024];

	(void)state;
	snprintf(text, sizeof(text),
		 "; a comment\n# another\n\n[global]\n  bs=8k   ; inline comment\nsize=1m # too\n"
		 "[a]\nfilename=" DIR "/a\n[global-late]\nbs=16k\n[b]\nfilename=" DIR "/b\n"
		 "numjobs=$ncpus*2\n");
	assert_int_equal(plan_text(text), 0);
	w = &plan.groups[0];
	assert_int_equal(w->njobs, 2);
	assert_string_equal(w->jobs[0].name, "a");
	assert_int_equal(w->targets[0].block_size, 8192);	/* the later global is not for [a] */
	assert_int_equal(w->targets[1].block_size, 16384);
	assert_int_equal(w->jobs[1].threads, 2 * host_cpus_configured());
	assert_int_equal(w->jobs[0].bytes_per_thread, 1 << 20);

	assert_int_equal(plan_text("[a]\nfilename=" DIR "/a\nsize=1m\ninclude inc.fio\n"), 0);
	assert_int_equal(plan.groups[0].targets[0].block_size, 8192);
	assert_int_equal(plan.groups[0].targets[0].outstanding, 1);	/* psync: one at a time */

	setenv("IOB_TEST_BS", "32k", 1);
	assert_int_equal(plan_text("[a]\nfilename=" DIR "/a\nsize=1m\nbs=${IOB_TEST_BS}\n"), 0);
	assert_int_equal(plan.groups[0].targets[0].block_size, 32768);
	unsetenv("IOB_TEST_BS");
	/* unset: empty, as in fio, so the value is missing */
	assert_int_equal(plan_text("[a]\nfilename=" DIR "/a\nsize=1m\nbs=${IOB_TEST_BS}\n"), -EINVAL);
	assert_non_null(strstr(err, "t.fio:4"));
}

struct bad_case {
	const char *text;
	const char *want;	/* in the message */
};

/* The Linux build's engines and paths, or the Windows build's. */
static bool on_linux(void)
{
	return !strcmp(host_platform(), "linux");
}

static void test_errors(void **state)
{
	const struct bad_case bad[] = {
		{ "bs=4k\n[a]\n", "t.fio:1: option 'bs' outside of a [job] section" },
		{ "[a\n", "t.fio:1: bad section header" },
		{ "[]\n", "t.fio:1: a section name" },
		{ "[a]\nsize= 1m\n", "t.fio:2: a blank after '='" },
		{ "[a]\niodepht=4\n", "t.fio:2: unknown option 'iodepht' (did you mean 'iodepth'?)" },
		{ "[a]\nbuffer_compress_chunk=4k\n", "512-byte chunks only" },
		{ "[a]\nbuffer_pattern=0x123\n", "hex digits" },
		{ "[a]\nbs_unaligned\n", "t.fio:2: bs_unaligned: a fio option that iobench does not implement" },
		{ "[a]\nbssplit=4k/50:8k/40\n", "bssplit=4k/50:8k/40: the percentages add up to 90, not 100" },
		{ "[a]\nbssplit=4k/80:8k/30:16k/\n", "add up to 110" },
		{ "[a]\nbssplit=4k/x\n", "'x' is not a percentage" },
		{ "[a]\nbssplit=4q/100\n", "'4q' is not a size" },
		{ "[a]\nbsrange=4k\n", "'4k' is not a range" },
		{ "[a]\nverify_backlog=16k\n", "t.fio:2: verify_backlog=16k: not a whole number of blocks" },
		{ "[a]\nverify=pattern\n", "job 'a': verify=pattern needs a verify_pattern" },
		{ "[a]\nverify_pattern=0xzz\n", "t.fio:2: verify_pattern=0xzz: xzz: not 0x hex" },
		{ "[a]\nverify_pattern=\"ab\n", "t.fio:2: verify_pattern=\"ab: \"ab: no closing quote" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nrw=randrw\nverify=md5\n",
		  "verify= on a mixed job (rw=randrw)" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nrw=write\nverify=md5\nverify_only=1\n",
		  "verify_only: '" DIR "/a' does not exist" },
		{ "[a]\nbs\n", "t.fio:2: bs: needs a value" },
		{ "[a]\nbs=\n", "t.fio:2: bs=: the value is empty" },
		{ "[a]\nbs=4q\n", "t.fio:2: bs=4q: '4q' is not a size" },
		{ "[a]\nbs=0\n", "t.fio:2: bs=0: a block size" },
		{ "[a]\nrw=trimwrite\nbs=4k,4k,8k\nsize=1m\n", "rw=trimwrite with trims of" },
		{ "[a]\nrw=rw:-4k\nsize=1m\n", "rw=...:-4096 with a mix of directions" },
		{ "[a]\nrw=read:-2k\nsize=1m\n", "a backward hole smaller than the block" },
		{ "[a]\nrw=randread:0\n", "'0' is not a count of I/Os" },
		{ "[a]\nrw=randread:8\nnrfiles=2\nsize=1m\n", "several files per thread" },
		{ "[a]\nrw_sequencer=backward\n", "rw_sequencer=backward: not sequential or identical" },
		{ "[a]\nrw=sideways\n", "t.fio:2: rw=sideways: not a mode" },
		{ "[a]\nioengine=mmap\n", on_linux() ? "t.fio:2: ioengine=mmap: iobench's mmap engine "
		  "is DiskSpd's -Sm" : "t.fio:2: ioengine=mmap: not an engine of iobench" },
		{ "[a]\ndirect=2\n", "t.fio:2: direct=2: '2' is not 0 or 1" },
		{ "[a]\nsync=maybe\n", "t.fio:2: sync=maybe" },
		{ "[a]\nnumjobs=0\n", "t.fio:2: numjobs=0: out of range" },
		{ "[a]\niodepth=x\n", "t.fio:2: iodepth=x: 'x' is not a whole number" },
		{ "[a]\nrwmixread=101\n", "rwmixread=101: out of range" },
		{ "[a]\nkb_base=1001\n", "kb_base is 1024 or 1000" },
		{ "[a]\nruntime=10q\n", "runtime=10q: '10q' is not a time" },
		{ "[a]\nstartdelay=1-5\n", "a random start delay" },
		{ "[a]\nfilesize=1m-2m\n", "a range of file sizes" },
		{ "[a]\nnumjobs=$ncpus*\n", "not an integer expression" },
		{ "[a]\nbs=${NOCLOSE\n", "'${' without a closing '}'" },
		{ "[a]\ninclude missing.fio\n", "t.fio:2: include: cannot read 'missing.fio'" },
		{ "[a]\ninclude loop.fio\n", "nested deeper than" },
		{ "[a]\ninclude fan0.fio\n", "more than 1024 included files" },
		{ "[a]\ninclude sect.fio\n", "an included file may not hold [sections]" },
		{ "[a]\nb@d=1\n", "is not an option name" },
		{ "[global]\nbs=4k\n", "defines no job" },
		{ "[a]\nfilename=" DIR "/a\n", "does not exist, and the job gives no size" },
		{ "[a]\nfilename=-\nsize=1m\n", "filename=- (stdin/stdout)" },
		{ "[a]\nfilename=/dev/null\nsize=1m\n", "'/dev/null' is a character device" },
		{ "[a]\nfilename=/tmp\nsize=1m\n", "'/tmp' is a directory" },
		{ "[a]\nfilename=" DIR "/a\nsize=50%\n", "needs '" DIR "/a' to exist" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\ntime_based\n", "time_based needs a runtime" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nwait_for=zz\n", "wait_for=zz names no job" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nramp_time=5\n[b]\nfilename=" DIR "/b\nsize=1m\n",
		  "job 'b' has another ramp_time than job 'a'" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nignore_error=EIO:EILSEQ\n",
		  "ignore_error=EIO:EILSEQ: 'EILSEQ': fio knows the errno names EPERM to ERANGE only" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nignore_error=EIO:x5\n",
		  "'x5' is not an errno" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nignore_error=5,5,5,5\n",
		  "more than three lists" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\nignore_error=EIO\n[b]\nfilename=" DIR "/b\nsize=1m\n",
		  "job 'b' has another continue_on_error than job 'a'" },
		{ "[a]\nfilename=" DIR "/a\nsize=1m\n[b]\nfilename=" DIR "/b\nsize=1m\nioengine=null\n",
		  "job 'b' has another ioengine" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int r = plan_text(bad[i].text);

		if (r != -EINVAL || !strstr(err, bad[i].want))
			fail_msg("case %zu '%s': got %d '%s', wanted '%s'", i, bad[i].text, r, err,
				 bad[i].want);
	}
	/* a NUL byte, and a line too long */
	{
		char text[9000];

		memcpy(text, "[a]\nb\0s=1\n", 10);
		jobfile_free(&doc);
		assert_int_equal(jobfile_parse(&doc, "t.fio", text, 10, 0, NULL, err, sizeof(err)),
				 -EINVAL);
		assert_non_null(strstr(err, "t.fio:2: a NUL byte"));
		memset(text, 'x', sizeof(text));
		memcpy(text, "[a]\n", 4);
		jobfile_free(&doc);
		assert_int_equal(jobfile_parse(&doc, "t.fio", text, sizeof(text), 0, NULL, err,
					       sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, "t.fio:2: longer than"));
	}
}

static void test_rw_modes(void **state)
{
	static const struct { const char *rw; unsigned write_pct; bool random; } m[] = {
		{ "read", 0, false }, { "write", 100, false }, { "randread", 0, true },
		{ "randwrite", 100, true }, { "rw", 50, false }, { "readwrite", 50, false },
		{ "randrw", 50, true },
	};
	char line[64];

	(void)state;
	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		const struct target_spec *t;

		snprintf(line, sizeof(line), "rw=%s", m[i].rw);
		t = &one(line)->targets[0];
		assert_int_equal(t->write_pct, m[i].write_pct);
		assert_int_equal(t->random_align != 0, m[i].random);
	}
	assert_int_equal(one("rw=randrw\nrwmixread=70")->targets[0].write_pct, 30);
	assert_int_equal(one("rw=rw\nrwmixwrite=20")->targets[0].write_pct, 20);
	assert_int_equal(one("rw=read\nrwmixwrite=20")->targets[0].write_pct, 0);
	assert_int_equal(one("readwrite=randrw")->targets[0].write_pct, 50);
}

static void test_block_sizes(void **state)
{
	const struct target_spec *t;

	(void)state;
	t = &one("bs=8k")->targets[0];
	assert_int_equal(t->block_size, 8192);
	assert_int_equal(t->write_block_size, 0);
	t = &one("rw=randrw\nbs=4k,64k")->targets[0];
	assert_int_equal(t->block_size, 4096);
	assert_int_equal(t->write_block_size, 65536);
	assert_int_equal(t->random_align, 4096);
	t = &one("rw=randrw\nbs=,16k")->targets[0];	/* reads keep the default */
	assert_int_equal(t->block_size, 4096);
	assert_int_equal(t->write_block_size, 16384);
	t = &one("rw=rw\nbs=4k-64k")->targets[0];	/* fio: a pair, not a range */
	assert_int_equal(t->block_size, 4096);
	assert_int_equal(t->write_block_size, 65536);
	assert_non_null(strstr(plan.notices, "not a range"));
	assert_int_equal(one("blocksize=16k")->targets[0].block_size, 16384);
	assert_int_equal(one("kb_base=1000\nbs=4k")->targets[0].block_size, 4000);

	/* bssplit: blank percentages share the rest; one list is for both directions */
	t = &one("rw=randrw\nbssplit=4k/50:16k/:64k/")->targets[0];
	assert_non_null(t->bs_dist[0]);
	assert_int_equal(t->bs_dist[0]->n, 3);
	assert_int_equal(t->bs_dist[0]->len[2], 65536);
	assert_int_equal(t->bs_dist[0]->pct[0], 50);
	assert_int_equal(t->bs_dist[0]->pct[1], 25);
	assert_int_equal(t->bs_dist[0]->pct[2], 25);
	assert_int_equal(t->bs_dist[1]->n, 3);
	assert_int_equal(t->random_align, 4096);	/* the smallest size */
	t = &one("rw=randrw\nbssplit=4k/:8k/:16k/")->targets[0];
	assert_int_equal(t->bs_dist[0]->pct[0] + t->bs_dist[0]->pct[1] + t->bs_dist[0]->pct[2], 100);
	t = &one("rw=randrw\nbssplit=8k/100,32k/50:64k/50")->targets[0];
	assert_int_equal(t->bs_dist[0]->len[0], 8192);
	assert_int_equal(t->bs_dist[1]->n, 2);
	assert_int_equal(t->bs_dist[1]->len[1], 65536);
	/* bsrange: multiples of the low end; a swapped range is put right, as in fio */
	t = &one("rw=read\nbsrange=32k-4k")->targets[0];
	assert_int_equal(t->bs_dist[0]->n, 0);
	assert_int_equal(t->bs_dist[0]->lo, 4096);
	assert_int_equal(t->bs_dist[0]->hi, 32768);
	assert_int_equal(t->bs_dist[0]->step, 4096);
	assert_int_equal(t->stride, 32768);
	t = &one("rw=rw\nblocksize_range=4k:8k,16k-64k")->targets[0];
	assert_int_equal(t->bs_dist[1]->lo, 16384);
	/* a later bs= replaces them */
	assert_null(one("bssplit=4k/100\nbs=8k")->targets[0].bs_dist[0]);
}

static void test_depth_and_engine(void **state)
{
	const struct workload *w;
	/* an engine that keeps I/Os in flight: libaio and io_uring on Linux, fio's windowsaio
	   (iocp) on Windows */
	const char *aio = on_linux() ? "libaio" : "windowsaio", *ring = on_linux() ? "io_uring" : aio;
	char text[256];

	(void)state;
	snprintf(text, sizeof(text), "ioengine=%s\niodepth=32\niodepth_batch=32\n"
		 "iodepth_batch_complete=8\niodepth_low=16", aio);
	w = one(text);
	assert_string_equal(w->engine, on_linux() ? "libaio" : "iocp");
	assert_int_equal(w->targets[0].outstanding, 32);
	assert_int_equal(w->jobs[0].reap_min, 16);	/* refills when 16 are left */
	snprintf(text, sizeof(text), "ioengine=%s\niodepth=8\niodepth_batch_complete_min=4\n"
		 "iodepth_batch_complete_max=12", ring);
	w = one(text);
	assert_int_equal(w->jobs[0].reap_min, 4);
	assert_int_equal(w->jobs[0].reap_max, 12);
	snprintf(text, sizeof(text), "ioengine=%s\niodepth_batch_submit=4", ring);
	w = one(text);
	assert_int_equal(w->jobs[0].reap_min, 1);
	w = one("iodepth=8");
	assert_string_equal(w->engine, "psync");	/* fio's default engine */
	assert_int_equal(w->targets[0].outstanding, 1);
	assert_non_null(strstr(plan.notices, "iodepth=8 has no effect"));
	assert_string_equal(one("ioengine=sync")->engine, "psync");
	assert_string_equal(one("ioengine=null")->engine, "null");
	snprintf(text, sizeof(text), "ioengine=%s\niodepth=5\nfilename=" DIR "/f:" DIR "/g", ring);
	w = one(text);
	assert_int_equal(w->ntargets, 2);
	assert_int_equal(w->targets[0].outstanding + w->targets[1].outstanding, 5);
}

static void test_caching(void **state)
{
	const struct target_spec *t;

	(void)state;
	assert_int_equal(one("direct=1")->targets[0].cache, CACHE_DIRECT);
	assert_int_equal(one("direct")->targets[0].cache, CACHE_DIRECT);
	assert_int_equal(one("buffered=0")->targets[0].cache, CACHE_DIRECT);
	assert_int_equal(one("direct=1\nbuffered=1")->targets[0].cache, 0);
	assert_int_equal(one("sync=1")->targets[0].cache, CACHE_SYNC);
	assert_int_equal(one("sync=sync")->targets[0].cache, CACHE_SYNC);
	assert_int_equal(one("sync=dsync")->targets[0].cache, CACHE_WRITE_THROUGH);
	assert_int_equal(one("sync=none")->targets[0].cache, 0);
	assert_true(one("rw=write\nend_fsync=1")->targets[0].end_fsync);
	assert_false(one("rw=read\nend_fsync=1")->targets[0].end_fsync);	/* nothing written */
	assert_int_equal(one("zero_buffers")->targets[0].buf, BUF_ZERO);
	assert_int_equal(one("rw=write\nfsync=8")->targets[0].fsync_every, 8);
	assert_int_equal(one("buffer_compress_percentage=60")->targets[0].compress_pct, 60);
	assert_int_equal(one("buffer_compress_percentage=60\nbuffer_compress_chunk=512")->targets[0].compress_pct, 60);
	assert_int_equal(one("dedupe_percentage=30")->targets[0].dedupe_pct, 30);
	assert_int_equal(one("refill_buffers\nscramble_buffers=0")->targets[0].buf, BUF_RANDOM);
	t = &one("buffer_pattern=0xdeadbeef")->targets[0];
	assert_int_equal(t->buf, BUF_PATTERN);
	assert_int_equal(t->pattern_len, 4);
	assert_int_equal(t->pattern[0], 0xde);
	t = &one("buffer_pattern=\"abc\"")->targets[0];
	assert_int_equal(t->pattern_len, 3);
	assert_memory_equal(t->pattern, "abc", 3);
}

static void test_timing(void **state)
{
	const struct workload *w;

	(void)state;
	w = one("time_based\nruntime=30\nramp_time=5");
	assert_false(w->count_based);
	assert_int_equal(w->duration_ns, 30 * SEC);
	assert_int_equal(w->warmup_ns, 5 * SEC);
	assert_int_equal(w->jobs[0].bytes_per_thread, 0);
	w = one("runtime=2m");
	assert_true(w->count_based);	/* size-based, capped at 2 minutes */
	assert_int_equal(w->duration_ns, 120 * SEC);
	w = one("timeout=10");
	assert_int_equal(w->duration_ns, 10 * SEC);
	assert_int_equal(w->jobs[0].start_delay_ns, 0);
	assert_int_equal(one("startdelay=3")->jobs[0].start_delay_ns, 3 * SEC);
	w = one("loops=3");
	assert_int_equal(w->jobs[0].bytes_per_thread, 3 * (64ull << 20));
	w = one("io_size=10m");
	assert_int_equal(w->jobs[0].bytes_per_thread, 10 << 20);
	w = one("io_limit=10m\nloops=2");
	assert_int_equal(w->jobs[0].bytes_per_thread, 20 << 20);
	w = one("number_ios=1000");
	assert_int_equal(w->jobs[0].ios_per_thread, 1000);
}

static void test_files_and_ranges(void **state)
{
	const struct workload *w;

	(void)state;
	w = one("offset=1m\nsize=8m\nfilesize=32m");
	assert_int_equal(w->targets[0].base_offset, 1 << 20);
	assert_int_equal(w->targets[0].range_len, 8 << 20);
	assert_int_equal(w->targets[0].create_size, 33 << 20);
	w = one("numjobs=4\noffset_increment=16m\nsize=16m");
	assert_int_equal(w->jobs[0].threads, 4);
	assert_false(w->jobs[0].per_clone);	/* one filename: the clones share it */
	assert_int_equal(w->targets[0].clone_offset, 16 << 20);
	assert_int_equal(w->targets[0].create_size, 64 << 20);
	w = one("filename=" DIR "/a\\:b:" DIR "/c\nsize=2m");
	assert_int_equal(w->ntargets, 2);
	assert_string_equal(w->targets[0].path, DIR "/a:b");
	assert_int_equal(w->targets[0].range_len, 1 << 20);	/* size is shared by the files */
	assert_int_equal(w->jobs[0].bytes_per_thread, 2 << 20);

	/* no filename: fio's jobname.clone.file names, each clone on its own files */
	assert_int_equal(plan_text("[job]\ndirectory=" DIR "\nsize=1m\nnumjobs=2\nnrfiles=2\n"), 0);
	w = &plan.groups[0];
	assert_int_equal(w->ntargets, 4);
	assert_true(w->jobs[0].per_clone);
	assert_int_equal(w->jobs[0].ntargets, 2);
	assert_string_equal(w->targets[0].path, DIR "/job.0.0");
	assert_string_equal(w->targets[3].path, DIR "/job.1.1");
	assert_int_equal(w->targets[0].create_size, 512 << 10);
	assert_int_equal(plan_text("[j]\ndirectory=" DIR ":/tmp-other\nsize=1m\nnumjobs=2\n"), 0);
	assert_string_equal(plan.groups[0].targets[1].path, "/tmp-other/j.1.0");
	/* fio's set_name_idx(): the directory goes by the clone, not by the file */
	assert_int_equal(plan_text("[j]\ndirectory=" DIR ":/tmp-other\nsize=1m\nnumjobs=2\n"
				   "nrfiles=2\n"), 0);
	assert_string_equal(plan.groups[0].targets[1].path, DIR "/j.0.1");
	assert_string_equal(plan.groups[0].targets[2].path, "/tmp-other/j.1.0");
	/* filename_format: fio's make_filename(), keywords in any case, $clientuid empty */
	assert_int_equal(plan_text("[j]\nsize=1m\nnumjobs=2\nnrfiles=2\ndirectory=" DIR "\n"
				   "filename_format=a.$JobName.$jobnum-$filenum$clientuid.x\n"), 0);
	assert_string_equal(plan.groups[0].targets[0].path, DIR "/a.j.0-0.x");
	assert_string_equal(plan.groups[0].targets[3].path, DIR "/a.j.1-1.x");
	assert_int_equal(plan_text("[$jobname]\nsize=1m\nfilename_format=$jobname.$jobname\n"), 0);
	assert_string_equal(plan.groups[0].targets[0].path, "$jobname.$jobname");
	/* a clone's name an earlier thread has: fio drops it from the clone; refused */
	assert_int_equal(plan_text("[j]\nsize=1m\nnumjobs=2\nfilename_format=s.$filenum\n"),
			 -EINVAL);
	assert_int_equal(plan_text("[a]\nsize=1m\nnumjobs=2\n[b]\nsize=1m\nnumjobs=2\n"
				   "filename_format=a.$jobnum.$filenum\n"), -EINVAL);
	assert_int_equal(plan_text("[a]\nsize=1m\nfilename_format=s\n[b]\nsize=1m\n"
				   "filename_format=s\n"), 0);

	/* two jobs on one file to create: the first creates it for both */
	assert_int_equal(plan_text("[global]\nfilename=" DIR "/s\n[a]\nsize=4m\n[b]\nsize=8m\n"), 0);
	assert_int_equal(plan.groups[0].targets[0].create_size, 8 << 20);
	assert_int_equal(plan.groups[0].targets[1].create_size, 0);
}

/* size=N% and offset=N% of an existing file (planning only reads its size). */
static void test_percentages(void **state)
{
	const char *path = "exists-100m.dat";	/* a 100 MiB file, as test_look() tells it */
	char text[256];
	const struct target_spec *t;

	(void)state;
	snprintf(text, sizeof(text), "[a]\nfilename=%s\nsize=50%%\noffset=10%%\nbs=64k\n", path);
	assert_int_equal(plan_text(text), 0);
	t = &plan.groups[0].targets[0];
	assert_int_equal(t->range_len, 50 << 20);
	assert_int_equal(t->base_offset, (10 << 20) / 65536 * 65536);	/* whole blocks */
	assert_int_equal(t->create_size, 0);	/* it exists: used as it is */
	assert_int_equal(plan.groups[0].jobs[0].bytes_per_thread, 50 << 20);
	snprintf(text, sizeof(text), "[a]\nfilename=%s\n", path);	/* no size: the whole file */
	assert_int_equal(plan_text(text), 0);
	assert_int_equal(plan.groups[0].jobs[0].bytes_per_thread, 100 << 20);
	snprintf(text, sizeof(text), "[a]\nfilename=%s\nsize=1m\noffset=0%%\n", path);
	assert_int_equal(plan_text(text), 0);	/* as fio: offset 0 */
	assert_int_equal(plan.groups[0].targets[0].base_offset, 0);
	snprintf(text, sizeof(text), "[a]\nfilename=%s\nsize=1m\noffset=4z\n", path);
	assert_int_equal(plan_text(text), -EINVAL);
	assert_non_null(strstr(err, "the z suffix counts zones of zonemode=zbd"));
	snprintf(text, sizeof(text), "[a]\nfilename=%s\nsize=0%%\n", path);
	assert_int_equal(plan_text(text), -EINVAL);
	assert_non_null(strstr(err, "0% of the file leaves nothing to do"));
}

static void test_seeds_and_flags(void **state)
{
	const struct workload *w;

	(void)state;
	assert_int_equal(one("randseed=1234")->seed, 1234);
	w = one("randrepeat=0");
	assert_int_not_equal(w->seed, 0);	/* from the clock */
	one("norandommap\nthread\nnorandommap=1");
	one("gtod_reduce=1\nclocksource=cpu");
	assert_non_null(strstr(plan.notices, "t.fio:4: gtod_reduce"));
	assert_true(one("group_reporting")->group_reporting);
	assert_string_equal(one("description=hello world")->jobs[0].description, "hello world");
	assert_string_equal(one("name=renamed")->jobs[0].name, "renamed");
}

static void test_groups(void **state)
{
	const char *two = "[global]\nsize=1m\n[a]\nfilename=" DIR "/a\n[b]\nfilename=" DIR "/b\n";
	char text[512];

	(void)state;
	assert_int_equal(plan_text(two), 0);
	assert_int_equal(plan.ngroups, 1);
	assert_int_equal(plan.groups[0].njobs, 2);
	snprintf(text, sizeof(text), "%sstonewall\n", two);
	assert_int_equal(plan_text(text), 0);
	assert_int_equal(plan.ngroups, 2);
	assert_int_equal(plan.groups[1].jobs[0].group, 1);
	snprintf(text, sizeof(text), "%snew_group\n", two);
	assert_int_equal(plan_text(text), 0);
	assert_int_equal(plan.ngroups, 2);
	snprintf(text, sizeof(text), "%swait_for_previous\n", two);
	assert_int_equal(plan_text(text), 0);
	assert_int_equal(plan.ngroups, 2);
	snprintf(text, sizeof(text), "%swait_for=a\n", two);
	assert_int_equal(plan_text(text), 0);
	assert_int_equal(plan.ngroups, 2);
	assert_non_null(strstr(plan.notices, "wait_for=a"));
	/* differing timing is fine across groups */
	snprintf(text, sizeof(text), "%sstonewall\nruntime=5\n", two);
	assert_int_equal(plan_text(text), 0);
}

static void test_overrides(void **state)
{
	static const char *const over[] = { "numjobs=16", "runtime=2", "ramp_time=1" };
	static const char *const typo[] = { "numjob=16" };

	(void)state;
	assert_int_equal(plan_over("[global]\ntime_based\nruntime=30\nramp_time=5\nsize=1m\n"
				   "[job1]\nfilename=" DIR "/a\nnumjobs=2\n[job2]\nfilename=" DIR "/b\n",
				   over, 3), 0);
	/* as in fio 3.33: the command line's options are defaults the job file's own beat */
	assert_int_equal(plan.groups[0].jobs[0].threads, 2);	/* its own numjobs */
	assert_int_equal(plan.groups[0].jobs[1].threads, 16);	/* none of its own */
	assert_int_equal(plan.groups[0].duration_ns, 30 * SEC);	/* [global]'s */
	assert_int_equal(plan.groups[0].warmup_ns, 5 * SEC);
	assert_int_equal(plan_over("[a]\nfilename=" DIR "/a\nsize=1m\n", typo, 1), -EINVAL);
	assert_non_null(strstr(err, "command line: unknown option 'numjob' (did you mean 'numjobs'?)"));
}

static int teardown(void **state)
{
	(void)state;
	fiojob_plan_free(&plan);
	jobfile_free(&doc);
	return 0;
}

/* verify= on a write job: its group, then the verify phase reading the same range back. */
static void test_verify_phase(void **state)
{
	const struct workload *w, *v;

	(void)state;
	if (plan_text("[j]\nfilename=" DIR "/f\nsize=1m\nrw=randwrite\nverify=sha256\n"))
		fail_msg("%s", err);
	assert_int_equal(plan.ngroups, 2);
	w = &plan.groups[0];
	v = &plan.groups[1];
	assert_true(w->verify && !w->verify_phase && w->verify_hash == 7);	/* VHASH_SHA256 */
	assert_int_equal(w->targets[0].write_pct, 100);
	assert_true(v->verify && v->verify_phase && v->verify_hash == 7);
	assert_int_equal(v->targets[0].write_pct, 0);
	assert_int_equal(v->targets[0].random_align, 0);
	assert_int_equal(v->jobs[0].bytes_per_thread, w->jobs[0].bytes_per_thread);
	assert_true(!(w->continue_on_error & CONTINUE_VERIFY));
	if (plan_text("[j]\nfilename=" DIR "/f\nsize=1m\nrw=write\nverify=crc32c\ndo_verify=0\n"))
		fail_msg("%s", err);
	assert_int_equal(plan.ngroups, 1);
	if (plan_text("[j]\nfilename=" DIR "/f\nsize=1m\nrw=write\nverify=null\n"
		      "continue_on_error=verify\n"))
		fail_msg("%s", err);
	assert_int_equal(plan.ngroups, 2);
	assert_true(!plan.groups[0].verify && !plan.groups[1].verify && plan.groups[1].verify_phase);
	assert_true(plan.groups[1].continue_on_error & CONTINUE_VERIFY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_expressions),
		cmocka_unit_test(test_verify_phase),
		cmocka_unit_test_teardown(test_syntax, teardown),
		cmocka_unit_test_teardown(test_errors, teardown),
		cmocka_unit_test_teardown(test_rw_modes, teardown),
		cmocka_unit_test_teardown(test_block_sizes, teardown),
		cmocka_unit_test_teardown(test_depth_and_engine, teardown),
		cmocka_unit_test_teardown(test_caching, teardown),
		cmocka_unit_test_teardown(test_timing, teardown),
		cmocka_unit_test_teardown(test_files_and_ranges, teardown),
		cmocka_unit_test_teardown(test_percentages, teardown),
		cmocka_unit_test_teardown(test_seeds_and_flags, teardown),
		cmocka_unit_test_teardown(test_groups, teardown),
		cmocka_unit_test_teardown(test_overrides, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
