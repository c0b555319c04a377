/* SPDX-License-Identifier: MIT */
/*
 * quick.c: the quick suite, in the spirit of CrystalDiskMark: SEQ1M Q8T1,
 * SEQ1M Q1T1, RND4K Q32T1 and RND4K Q1T1, each read then written, with
 * direct I/O on one test file of random data, then one table. It is built
 * from ordinary workloads run through run_execute().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "core/hold.h"
#include "core/run.h"
#include "job/options.h"
#include "job/units.h"
#include "util/banned.h"

struct quick_test {
	const char *name;
	uint64_t block;
	unsigned depth;
	bool random;
};

static const struct quick_test tests[] = {
	{ "SEQ1M Q8T1", 1 << 20, 8, false },
	{ "SEQ1M Q1T1", 1 << 20, 1, false },
	{ "RND4K Q32T1", 4096, 32, true },
	{ "RND4K Q1T1", 4096, 1, true },
};
#define NTESTS (sizeof(tests) / sizeof(tests[0]))

struct quick_opts {
	const char *where;
	uint64_t size, duration_ns, warmup_ns;
	const char *engine;
	bool keep, allow_device_write, quiet, is_device, overwrite;
	char engine_used[16];		/* the engine the runs used, "" before one ran */
	char path[4096];
};

/* One cell of the table: what a test measured, or nothing. */
struct quick_cell {
	bool done;
	bool partial;		/* the test was interrupted or stopped by an error: a partial figure */
	double mbps, iops, lat_us;
};

static void usage(FILE *f)
{
	fprintf(f, "usage: iobench quick [options] [DIR|DEVICE]\n");
	option_usage(f, FRONT_QUICK);
}

static int parse_opts(int argc, char **argv, struct quick_opts *o, char *err, size_t len)
{
	struct workload run = { 0 };	/* the run options, as every front end reads them */

	for (int i = 1; i < argc; i++) {
		const struct option_def *opt;
		const char *v;
		char flag[48];
		int r = option_next(argc, argv, &i, FRONT_QUICK, &opt, &v, flag, sizeof(flag), err,
				    len);

		if (r < 0)
			return r;
		if (r == 1 && o->where) {
			snprintf(err, len, "quick: one directory or device only ('%s' and '%s')",
				 o->where, argv[i]);
			return -EINVAL;
		}
		if (r == 1) {
			o->where = argv[i];
			continue;
		}
		switch (opt->id) {
		case O_HELP:
			return 1;
		case O_SIZE:
			if (parse_size(v, &o->size, NULL) || o->size < (1 << 20)) {
				snprintf(err, len, "%s: '%s' is not a size of 1M or more", flag, v);
				return -EINVAL;
			}
			break;
		case O_DURATION:
		case O_WARMUP: {
			uint64_t *dst = opt->id == O_DURATION ? &o->duration_ns : &o->warmup_ns;

			if (parse_time(v, dst) || (opt->id == O_DURATION && !*dst)) {
				snprintf(err, len, "%s: '%s' is not a time", flag, v);
				return -EINVAL;
			}
			break;
		}
		default:
			if (option_apply_run(opt, flag, v, &run, err, len))
				return -EINVAL;
		}
	}
	o->engine = run.engine;
	o->keep = run.keep;
	o->overwrite = run.overwrite;
	o->allow_device_write = run.allow_device_write;
	o->quiet = run.quiet;
	return 0;
}

static int resolve_where(struct quick_opts *o, char *err, size_t len)
{
	struct stat st;

	if (!o->where)
		o->where = ".";
	if (stat(o->where, &st)) {
		snprintf(err, len, "quick: cannot access '%s': %s", o->where, strerror(errno));
		return -EINVAL;
	}
	if (S_ISBLK(st.st_mode)) {
		o->is_device = true;
		snprintf(o->path, sizeof(o->path), "%s", o->where);
	} else if (S_ISDIR(st.st_mode)) {
		snprintf(o->path, sizeof(o->path), "%s/iobench-quick.dat", o->where);
	} else {
		snprintf(err, len, "quick: '%s' is neither a directory nor a block device", o->where);
		return -EINVAL;
	}
	return 0;
}

/* Runs one test; returns 0, or the exit status to stop the suite with. */
static int run_one(struct quick_opts *o, const struct quick_test *t, bool write, bool first,
		   struct hold *hold, struct quick_cell *cell)
{
	struct target_spec spec = {
		.path = o->path,
		.block_size = t->block,
		.create_size = first && !o->is_device ? o->size : 0,
		.max_offset = o->is_device ? o->size : 0,
		.random_align = t->random ? t->block : 0,
		.stride = t->block,
		.write_pct = write ? 100 : 0,
		.outstanding = t->depth,
		.threads = 1,
		.cache = CACHE_DIRECT,
	};
	struct job_spec job = { .ntargets = 1, .threads = 1 };
	struct workload w = {
		.targets = &spec,
		.ntargets = 1,
		.jobs = &job,
		.njobs = 1,
		.duration_ns = o->duration_ns,
		.warmup_ns = o->warmup_ns,
		.interval_ns = 1000000000ull,
		.engine = o->engine,
		.null_size = o->size,
		.keep = true,	/* the suite removes the file at the end */
		.overwrite = o->overwrite,
		.allow_device_write = o->allow_device_write,
		.quiet = true,
	};
	struct result res;
	char err[1024];
	int r;

	if (o->engine && !strcmp(o->engine, "psync"))
		spec.outstanding = 1;
	if (!o->quiet)
		fprintf(stderr, "iobench quick: %-11s %-5s ...", t->name, write ? "write" : "read");
	r = run_execute(&w, hold, &res, err, sizeof(err));
	if (res.engine[0])
		snprintf(o->engine_used, sizeof(o->engine_used), "%s", res.engine);
	if (r) {
		fprintf(stderr, "%siobench: %s\n", o->quiet ? "" : "\n", err);
		result_release(&res);
		return r == -EINVAL ? EXIT_BAD_INPUT : EXIT_RUN_FAILED;
	}
	if (res.measured && res.test_ns) {
		struct io_counts c = res.rows[0].c[write];
		double secs = (double)res.test_ns / 1e9;

		cell->done = true;
		cell->partial = !res.complete;
		cell->mbps = (double)c.bytes / 1e6 / secs;
		cell->iops = (double)c.ios / secs;
		cell->lat_us = counts_lat_mean(&c) / 1e3;
		if (!o->quiet)
			fprintf(stderr, " %10.2f MB/s %10.0f IOPS\n", cell->mbps, cell->iops);
	}
	r = res.failed ? EXIT_RUN_FAILED : res.interrupted ? EXIT_INTERRUPTED : 0;
	if (res.failed || (res.interrupted && !res.measured && res.error[0]))
		fprintf(stderr, "%siobench: %s\n", o->quiet ? "" : "\n", res.error);
	result_release(&res);
	return r;
}

static void print_cell(const struct quick_cell *c)
{
	if (c->done && c->partial)
		printf(" | %9.2f* | %9.0f* | %9.1f*", c->mbps, c->iops, c->lat_us);
	else if (c->done)
		printf(" | %10.2f | %10.0f | %10.1f", c->mbps, c->iops, c->lat_us);
	else
		printf(" | %10s | %10s | %10s", "-", "-", "-");
}

static void print_table(const struct quick_opts *o, struct quick_cell cells[][2])
{
	char size[32];

	format_size(size, sizeof(size), o->size);
	printf("iobench quick suite: %s (%s%s, %.0f s per test, O_DIRECT, %s)\n\n",
	       o->path, size, o->is_device ? " range of the device" : " test file",
	       (double)o->duration_ns / 1e9, o->engine_used[0] ? o->engine_used : "no engine ran");
	printf("%-12s | %10s | %10s | %10s | %10s | %10s | %10s\n", "test", "read MB/s",
	       "read IOPS", "read us", "write MB/s", "write IOPS", "write us");
	printf("%.*s\n", 12 + 6 * 13, "------------------------------------------------------"
	       "------------------------------------------------------------");
	for (size_t i = 0; i < NTESTS; i++) {
		printf("%-12s", tests[i].name);
		print_cell(&cells[i][0]);
		print_cell(&cells[i][1]);
		printf("\n");
	}
	printf("\nMB/s = 10^6 bytes/s, as CrystalDiskMark; us = mean latency in microseconds.\n");
	for (size_t i = 0; i < NTESTS; i++) {
		if (cells[i][0].partial || cells[i][1].partial) {
			printf("* PARTIAL: the test was interrupted or stopped before its time was up; "
			       "its figure covers only what it measured.\n");
			break;
		}
	}
	if (o->is_device && !o->allow_device_write)
		printf("Write tests skipped: '%s' is a block device (--allow-device-write runs them).\n",
		       o->path);
}

int cmd_quick(int argc, char **argv)
{
	struct quick_opts o = { .size = 1ull << 30, .duration_ns = 5000000000ull,
				.warmup_ns = 1000000000ull };
	struct quick_cell cells[NTESTS][2] = { 0 };
	struct hold hold = { 0 };
	sigset_t old;
	char err[1024];
	bool first = true;
	int r = parse_opts(argc, argv, &o, err, sizeof(err));

	if (r > 0) {
		usage(stdout);
		return 0;
	}
	if (!r)
		r = resolve_where(&o, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		return EXIT_BAD_INPUT;
	}
	if (!o.quiet) {
		char size[32];

		format_size(size, sizeof(size), o.size);
		fprintf(stderr, "iobench quick: %s %s, %.1f s per test after %.1f s of warm-up\n",
			o.is_device ? "reading the first" : "creating a test file of", size,
			(double)o.duration_ns / 1e9, (double)o.warmup_ns / 1e9);
	}
	cmd_hold_signals(&old);	/* Ctrl-C between tests too ends in the clean-up */
	for (size_t i = 0; !r && i < NTESTS; i++) {
		for (int wr = 0; !r && wr < 2; wr++) {
			if (wr && o.is_device && !o.allow_device_write)
				continue;
			r = run_one(&o, &tests[i], wr, first, &hold, &cells[i][wr]);
			first = false;
		}
	}
	cmd_release_hold(&hold, o.keep, &r);	/* the test file goes, unless --keep */
	if (cmd_release_signals(&old) && !r)
		r = EXIT_INTERRUPTED;
	print_table(&o, cells);
	return r;
}
