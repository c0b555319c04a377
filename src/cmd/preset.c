/* SPDX-License-Identifier: MIT */
/*
 * preset.c: `iobench preset NAME [TARGET...]` and the quick suite: a
 * preset's tests (job/presets.h), each run built from its DiskSpd switches
 * by the DiskSpd command line, run one after another on one test file
 * (cmd/series.h), then one table: a row per test, its read and write MB/s,
 * IOPS and latency mean and p99.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/preset_grid.h"
#include "cmd/preset_opts.h"
#include "cmd/series.h"
#include "core/ranked.h"
#include "job/cmdline.h"
#include "job/options.h"
#include "job/presets.h"
#include "job/units.h"
#include "platform/fsinfo.h"
#include "platform/host.h"
#include "report/report.h"
#include "util/errmsg.h"
#include "platform/outfile.h"
#include "util/banned.h"

static void usage(FILE *f, unsigned front)
{
	if (front == FRONT_QUICK)
		fprintf(f, "usage: iobench quick [options] [DIR|DEVICE]\n"
			"  CrystalDiskMark's four tests, each read then written, 5 s each after 1 s "
			"of warm-up,\n  on a 1 GiB test file (iobench preset crystaldiskmark, "
			"shorter).\n");
	else
		fprintf(f, "usage: iobench preset NAME [options] [TARGET...]\n"
			"       iobench preset --list\n"
			"  Runs the tests of a guide (docs/presets.md) on a test file in TARGET (a "
			"directory,\n  default the current one), on a file, or on a block device, "
			"and prints one table.\n");
	option_usage(f, front);
}

static void list_presets(void)
{
	printf("%-26s %5s %9s  %s\n", "preset", "runs", "time", "what it runs");
	for (unsigned i = 0; i < npresets; i++) {
		const struct preset *p = &presets[i];
		unsigned runs = 0;
		double secs;
		char t[32];

		for (unsigned k = 0; k < p->ntests; k++) {
			const char *r0 = p->tests[k].runs[0], *a = strchr(r0, '{');
			unsigned n = 1;

			if (a) {
				unsigned lo, hi;

				if (sscanf(a, "{%u..%u}", &lo, &hi) == 2 && hi >= lo)
					n = hi - lo + 1;
			}
			for (unsigned j = 0; j < PRESET_RUNS_MAX && p->tests[k].runs[j]; j++)
				runs += n;
		}
		secs = p->duration_s ? runs * (p->duration_s + p->warmup_s) + (runs - 1) * p->pause_s
				     : 0;
		if (!secs)
			snprintf(t, sizeof(t), "one pass");
		else if (secs >= 3600)
			snprintf(t, sizeof(t), "%.1fh", secs / 3600);
		else
			snprintf(t, sizeof(t), "%.0fm%02.0fs", (double)(long)(secs / 60),
				 secs - 60 * (double)(long)(secs / 60));
		printf("%-26s %5u %9s  %s\n", p->name, runs, t, p->what);
		if (p->fast_s) {
			double fs = runs * (p->fast_s + p->warmup_s) + (runs - 1) * p->pause_s;

			printf("%-26s %5s %6.0fm%02.0fs  ... with --fast (%.0f s a run)\n", "", "",
			       (double)(long)(fs / 60), fs - 60 * (double)(long)(fs / 60), p->fast_s);
		}
	}
	printf("\nTimes leave out the file's creation. Sources and details: docs/presets.md.\n");
}

static int time_opt(const char *flag, const char *v, uint64_t *dst, bool *set, bool zero_ok,
		    char *err, size_t len)
{
	if (parse_time(v, dst) || (!zero_ok && !*dst))
		return errmsg(err, len, -EINVAL, "%s: '%s' is not a time", flag, v);
	*set = true;
	return 0;
}

/* A word that is no option: the preset's name (first, for `preset`), else a target. */
static int take_operand(struct preset_opts *o, const char *word, char *err, size_t len)
{
	if (!o->p && o->front == FRONT_PRESET) {
		o->p = preset_find(word);
		if (!o->p)
			return errmsg(err, len, -EINVAL, "preset: no preset '%s' (iobench "
				      "preset --list names them)", word);
		return 0;
	}
	if (o->ntargets == (o->front == FRONT_QUICK ? 1 : MAX_TARGETS))
		return errmsg(err, len, -EINVAL, "%s: too many targets ('%s')",
			      o->front == FRONT_QUICK ? "quick: one directory or "
			      "device only" : "preset", word);
	o->targets[o->ntargets++] = word;
	return 0;
}

static int parse_opts(int argc, char **argv, struct preset_opts *o, char *err, size_t len)
{
	for (int i = 1; i < argc; i++) {
		const struct option_def *opt;
		const char *v;
		char flag[48];
		int first = i;
		int r = option_next(argc, argv, &i, o->front, &opt, &v, flag, sizeof(flag), err, len);

		if (r < 0)
			return r;
		o->nwords++;
		if (r == 1) {
			if (take_operand(o, argv[i], err, len))
				return -EINVAL;
			continue;
		}
		switch (opt->id) {
		case O_HELP:
			return 1;
		case O_LIST:
			o->list = true;
			break;
		case O_PRINT:
			o->print = true;
			break;
		case O_FAST:
			o->fast = true;
			break;
		case O_FILL_FREE:
			o->fill_free = true;
			break;
		case O_JSON:
		case O_HTML:
			*(opt->id == O_JSON ? &o->json_path : &o->html_path) = v;
			if (opt->id == O_HTML ? report_html_check(v, err, len) :
						outfile_check(v, err, len))
				return -EINVAL;
			break;
		case O_FORMAT:
			if (!strcmp(v, "p"))	/* -Rp, as the DiskSpd command line's */
				o->print = true;
			else if (strcmp(v, "json") && strcmp(v, "text"))
				return errmsg(err, len, -EINVAL, "%s%s%s: a preset's formats are text "
					      "and json (-Rp prints its runs)", flag,
					      flag[1] == '-' ? "=" : "", v);
			else
				o->json_stdout = !strcmp(v, "json");
			break;
		case O_SIZE:
			if (parse_size(v, &o->size, NULL) || o->size < (1 << 20))
				return errmsg(err, len, -EINVAL, "%s: '%s' is not a size of 1M or more",
					      flag, v);
			o->size_set = true;
			break;
		case O_DURATION:
			if (time_opt(flag, v, &o->duration_ns, &o->duration_set, false, err, len))
				return -EINVAL;
			break;
		case O_WARMUP:
			if (time_opt(flag, v, &o->warmup_ns, &o->warmup_set, true, err, len))
				return -EINVAL;
			break;
		case O_PAUSE:
			if (time_opt(flag, v, &o->pause_ns, &o->pause_set, true, err, len))
				return -EINVAL;
			break;
		default:
			if (option_apply_run(opt, flag, v, &o->run, err, len))
				return -EINVAL;
			/* the run options go to each run's command line as they were written */
			for (int k = first; k <= i; k++) {
				if (o->npass == MAX_PASS)
					return errmsg(err, len, -EINVAL, "preset: too many options");
				o->pass[o->npass++] = argv[k];
			}
		}
	}
	return 0;
}

/* The directory a path names its file in ("." for a bare name), into dir. */
static void dir_of(char *dir, size_t len, const char *path)
{
	const char *slash = strrchr(path, '/');

	snprintf(dir, len, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
}

/* Where each target is: a test file in a directory, a file, or a block device. */
static int resolve_targets(struct preset_opts *o, const char *file, bool null_engine, char *err,
			   size_t len)
{
	if (!o->ntargets)
		o->targets[o->ntargets++] = ".";
	for (unsigned i = 0; i < o->ntargets; i++) {
		const char *t = o->targets[i];
		struct stat st;

		if (null_engine) {	/* a name: nothing is opened */
			snprintf(o->paths[i], sizeof(o->paths[i]), "%s", t);
			continue;
		}
		if (stat(t, &st) && (errno != ENOENT || o->front == FRONT_QUICK))
			return errmsg(err, len, -EINVAL, "cannot access '%s': %s%s", t, strerror(errno),
				      strncmp(t, "/dev/", 5) ? "" : " (iobench disks lists the block "
				      "devices)");
		if (o->front == FRONT_QUICK && !S_ISDIR(st.st_mode) && !S_ISBLK(st.st_mode))
			return errmsg(err, len, -EINVAL, "quick: '%s' is neither a directory nor a "
				      "block device", t);
		if (!stat(t, &st) && S_ISBLK(st.st_mode)) {
			int fd = open(t, O_RDONLY | O_CLOEXEC);
			off_t end = fd >= 0 ? lseek(fd, 0, SEEK_END) : -1;

			if (fd >= 0)
				close(fd);
			if (end <= 0)
				return errmsg(err, len, -EINVAL, "cannot read the size of '%s': %s", t,
					      strerror(errno));
			o->device[i] = true;
			o->dev_size[i] = (uint64_t)end;
			snprintf(o->paths[i], sizeof(o->paths[i]), "%s", t);
		} else if (!stat(t, &st) && S_ISDIR(st.st_mode)) {
			snprintf(o->paths[i], sizeof(o->paths[i]), "%s/%s", t, file);
		} else if (!stat(t, &st) && !S_ISREG(st.st_mode)) {
			return errmsg(err, len, -EINVAL, "'%s' is neither a directory, a file nor a "
				      "block device", t);
		} else {
			char dir[4096];

			dir_of(dir, sizeof(dir), t);
			if (stat(dir, &st) || !S_ISDIR(st.st_mode))
				return errmsg(err, len, -EINVAL, "cannot access '%s': no such directory "
					      "'%s'", t, dir);
			snprintf(o->paths[i], sizeof(o->paths[i]), "%s", t);
		}
	}
	return 0;
}

/* Iometer's Maximum Disk Size 0: the test file is as large as its file system's free space. */
static int free_space_size(struct preset_opts *o, char *err, size_t len)
{
	for (unsigned i = 0; i < o->ntargets; i++) {
		char dir[4096];
		uint64_t have, own;
		int r;

		if (o->device[i])
			continue;
		dir_of(dir, sizeof(dir), o->paths[i]);
		if ((r = fsinfo_free(dir, &have)))
			return errmsg(err, len, -EINVAL, "cannot read the free space of '%s': %s", dir,
				      strerror(-r));
		if (!fsinfo_allocated(o->paths[i], &own))
			have += own;	/* a file to lay down anew gives room */
		/* 1% (at least 1 MiB) left, so that the file system's own writes still fit */
		have -= have / 100 > (1 << 20) ? have / 100 : have > (1 << 20) ? (1 << 20) : have;
		have &= ~((1ull << 20) - 1);
		if (!o->size || have < o->size)
			o->size = have;
	}
	if (o->size < (1 << 20))
		return errmsg(err, len, -EINVAL, "%s: the file system has less than 1 MiB free for "
			      "the test file", o->p->name);
	o->from_free = true;
	return 0;
}

/* "-o{8..64}": the range of a run's values (*lo = *hi = 0: none). */
static void run_range(const char *run, unsigned *lo, unsigned *hi)
{
	const char *a = strchr(run, '{');

	*lo = *hi = 0;
	if (a && sscanf(a, "{%u..%u}", lo, hi) != 2)
		*lo = *hi = 0;
}

/* s with its {A..B} (and a label's {}) replaced by v, {ncpu} by the CPU count. */
static void expand(char *out, size_t len, const char *s, unsigned v, bool ranged)
{
	size_t at = 0;

	while (*s && at + 1 < len) {
		const char *close = *s == '{' ? strchr(s, '}') : NULL;
		char num[24] = "";

		if (!close) {
			out[at++] = *s++;
			continue;
		}
		if (!strncmp(s, "{ncpu}", 6)) {
			long n = host_cpus_online();

			snprintf(num, sizeof(num), "%ld", n > 0 ? n : 1);
		} else if (ranged) {
			snprintf(num, sizeof(num), "%u", v);
		}
		at += (size_t)snprintf(out + at, len - at, "%s", num);
		if (at >= len)
			at = len - 1;
		s = close + 1;
	}
	out[at] = 0;
}

/* Whether a run of switches writes (-w above 0). */
static bool run_writes(const struct workload *w)
{
	for (unsigned i = 0; i < w->ntargets; i++)
		if (target_writes(&w->targets[i]))
			return true;
	return false;
}

/* Builds the point of one run: its switches, the preset's time, size and the targets. */
static int build_run(struct preset_opts *o, struct series *s, const char *test,
		     const char *label, unsigned row,
		     const char *run, bool null_engine, char *err, size_t len)
{
	char words[1024], sz[64], d[32], wu[32], ios[48];
	char *argv[128];
	int argc = 0;
	enum cmd_action action;
	struct series_point *pt;
	uint64_t dur = o->duration_ns, block;
	int r;

	snprintf(words, sizeof(words), "%s", run);
	argv[argc++] = "iobench";
	for (char *save = NULL, *tok = strtok_r(words, " ", &save); tok && argc < 96;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	if (o->p->grow) {	/* dd: one pass over the file, sequentially, block by block */
		char tok[32] = "";
		const char *b = strstr(run, "-b");

		if (!b || sscanf(b + 2, "%31s", tok) != 1 || parse_size(tok, &block, NULL) || !block)
			return errmsg(err, len, -EINVAL, "preset %s: no block size", o->p->name);
		if (o->size % block) {
			char bs[32];

			format_size(bs, sizeof(bs), block);
			return errmsg(err, len, -EINVAL, "--size: preset %s passes over its file in "
				      "whole blocks of %s: give a multiple of it", o->p->name, bs);
		}
		snprintf(ios, sizeof(ios), "--ios=%llu", (unsigned long long)(o->size / block));
		argv[argc++] = ios;
		argv[argc++] = "-W0";
	} else {
		snprintf(d, sizeof(d), "-d%.9g", (double)dur / 1e9);
		snprintf(wu, sizeof(wu), "-W%.9g", (double)o->warmup_ns / 1e9);
		argv[argc++] = d;
		argv[argc++] = wu;
	}
	for (unsigned i = 0; i < o->npass; i++)
		argv[argc++] = (char *)o->pass[i];
	if (null_engine || o->device[0]) {
		/* the run's own -f (the DiskSpd wiki's small area) stands */
		if ((!o->device[0] || o->size_set || o->p->size) && !strstr(run, "-f")) {
			uint64_t range = o->size;

			for (unsigned i = 0; o->device[0] && i < o->ntargets; i++)
				if (o->dev_size[i] < range)
					range = o->dev_size[i];
			snprintf(sz, sizeof(sz), "-f%llu", (unsigned long long)range);
			argv[argc++] = sz;
		}
	} else {
		snprintf(sz, sizeof(sz), "-c%llu", (unsigned long long)o->size);
		argv[argc++] = sz;
	}
	for (unsigned i = 0; i < o->ntargets; i++)
		argv[argc++] = o->paths[i];
	pt = series_add(s, label);
	if (!pt)
		return errmsg(err, len, -ENOMEM, "out of memory");
	pt->row = row;
	snprintf(pt->test, sizeof(pt->test), "%s", test);
	r = cmdline_parse(argc, argv, &pt->w, &action, err, len);
	if (r) {
		char why[1200];

		snprintf(why, sizeof(why), "%s", err);
		return errmsg(err, len, r, "preset %s, %s: %s", o->p->name, label, why);
	}
	pt->w.quiet = o->run.quiet;
	workload_random_writes(&pt->w);
	pt->w.keep = true;	/* the series removes the file at the end */
	for (unsigned i = 0; o->p->grow && i < pt->w.ntargets; i++)
		pt->w.targets[i].no_layout = target_writes(&pt->w.targets[i]);
	if (pt->w.ntargets) {
		pt->p.block = pt->w.targets[0].block_size;
		pt->p.qd = pt->w.targets[0].outstanding;
		pt->p.threads = workload_threads(&pt->w);
		pt->p.write_pct = (int)pt->w.targets[0].write_pct;
	}
	return 0;
}

static int build_points(struct preset_opts *o, struct series *s, bool null_engine,
			unsigned *skipped, char *err, size_t len)
{
	const struct preset *p = o->p;
	unsigned row = 0;

	for (unsigned k = 0; k < p->ntests; k++) {
		const struct preset_test *t = &p->tests[k];
		unsigned lo, hi;

		run_range(t->runs[0], &lo, &hi);
		for (unsigned v = lo; v <= hi; v++, row++) {
			char label[96];

			expand(label, sizeof(label), t->label, v, hi > 0);
			for (unsigned j = 0; j < PRESET_RUNS_MAX && t->runs[j]; j++) {
				char run[512], full[160];
				int r;

				expand(run, sizeof(run), t->runs[j], v, hi > 0);
				snprintf(full, sizeof(full), "%s%s", label,
					 t->runs[1] ? (strstr(run, "-w100") ? " write" : " read") : "");
				r = build_run(o, s, label, full, row, run, null_engine, err, len);
				if (r)
					return r;
				/* a device is written only with --allow-device-write: else its writes
				   are left out, as the quick suite always did */
				if (o->device[0] && !o->run.allow_device_write &&
				    run_writes(&s->pts[s->n - 1].w)) {
					workload_release(&s->pts[s->n - 1].w);
					s->n--;
					(*skipped)++;
				}
			}
			if (!s->n || s->pts[s->n - 1].row != row) {
				/* every run of the row was left out: the row still shows */
				struct series_point *pt = series_add(s, label);

				if (!pt)
					return errmsg(err, len, -ENOMEM, "out of memory");
				pt->row = row;
				snprintf(pt->test, sizeof(pt->test), "%s", label);
			}
		}
	}
	return 0;
}


/* Sleeps the pause between two runs; false when Ctrl-C came meanwhile (the signals are held). */
static bool pause_between(const struct series *s, uint64_t ns)
{
	return !ns || stop_wait(&s->old, ns) != STOP_ASKED;
}

static void print_plan(const struct preset_opts *o, const struct series *s)
{
	for (unsigned i = 0; i < s->n; i++) {
		if (!s->pts[i].w.ntargets)
			continue;
		printf("%s%s\n", i ? "\n" : "", s->pts[i].label);
		report_workload(stdout, &s->pts[i].w);
		placed_print(stdout, &s->pts[i].w);
	}
	if (o->from_free)
		printf("\nThe test file would be %llu bytes: the free space of its file system "
		       "(Iometer's Maximum Disk Size 0).\n", (unsigned long long)o->size);
}

/* The options checked together, once the preset is known. */
static int check_opts(const struct preset_opts *o, char *err, size_t len)
{
	if (!o->p)
		return errmsg(err, len, -EINVAL, "preset: name the preset to run (iobench "
			      "preset --list names them)");
	if (o->fast && !o->p->fast_s)
		return errmsg(err, len, -EINVAL, "--fast: preset %s has no fast mode",
			      o->p->name);
	if (o->fast && o->duration_set)
		return errmsg(err, len, -EINVAL, "--fast and -d: each sets the time of a run; "
			      "give one");
	if (o->fill_free && (o->p->size || o->size_set))
		return errmsg(err, len, -EINVAL, "--fill-free-space: %s", o->size_set ?
			      "--size gives the test file's size" :
			      "this preset's test file has a size of its own (--size sets it)");
	if (o->p->grow && (o->duration_set || o->warmup_set))
		return errmsg(err, len, -EINVAL, "%s: preset %s makes one pass over its file "
			      "a run, as dd does: no time and no warm-up (--size sets the pass)",
			      o->duration_set ? "-d" : "-W", o->p->name);
	return 0;
}

/*
 * The test file's size and each run's times: given, the preset's, the quick
 * suite's, the device's, or the file system's free space (which must be asked for).
 */
static int size_and_times(struct preset_opts *o, bool null_engine, char *err, size_t len)
{
	unsigned front = o->front;

	if (!o->size_set)
		o->size = o->p->size ? o->p->size : null_engine ? (1ull << 30) : 0;
	if (front == FRONT_QUICK && !o->size_set)
		o->size = 1ull << 30;
	if (!o->duration_set)
		o->duration_ns = (uint64_t)((o->fast ? o->p->fast_s : o->p->duration_s) * 1e9);
	if (front == FRONT_QUICK && !o->duration_set)
		o->duration_ns = 5000000000ull;
	if (!o->warmup_set)
		o->warmup_ns = front == FRONT_QUICK ? 1000000000ull :
			       (uint64_t)(o->p->warmup_s * 1e9);
	if (!o->pause_set)
		o->pause_ns = front == FRONT_QUICK ? 0 : (uint64_t)(o->p->pause_s * 1e9);
	if (!o->size && o->device[0])
		o->size = o->dev_size[0];
	if (o->device[0] && o->size > o->dev_size[0])
		o->size = o->dev_size[0];
	if (!o->size) {
		int r = free_space_size(o, err, len);

		if (r)
			return r;
	}
	if (o->from_free && !o->fill_free && !o->print) {
		char sz[32];

		format_bytes(sz, sizeof(sz), o->size);
		return errmsg(err, len, -EINVAL, "preset %s: the test file '%s' would be %s "
			      "(%llu bytes), the free space of its file system, as Iometer's "
			      "Maximum Disk Size 0 makes it; give --fill-free-space to write it, "
			      "or --size=SIZE", o->p->name, o->paths[0], sz,
			      (unsigned long long)o->size);
	}
	return 0;
}

/* The series' plan: its time, the file the first run lays down, and the line that says it. */
static void plan_series(const struct preset_opts *o, struct series *s, int code)
{
	for (unsigned i = 0; i < s->n; i++) {
		struct series_point *pt = &s->pts[i];

		s->planned_ns += series_point_ns(&pt->w) + (i ? o->pause_ns : 0);
		series_reuse_files(s, i);	/* the first run lays the file down */
	}
	s->planned = s->n;
	if (!code && !s->quiet) {
		char sz[32];

		format_size(sz, sizeof(sz), o->size);
		fprintf(stderr, "iobench %s: %s, %u runs on %s (%s%s)\n", s->kind, o->p->name, s->n,
			o->paths[0], sz, o->device[0] ? " of the device" : " test file");
	}
}

/* The runs in turn, the pause between them; Ctrl-C in a pause ends the series. */
static void run_points(const struct preset_opts *o, struct series *s)
{
	series_begin(s);
	for (unsigned i = 0; i < s->n; i++) {
		if (!s->pts[i].w.ntargets)
			continue;
		if (i && !pause_between(s, o->pause_ns)) {
			s->interrupted = true;
			s->code = EXIT_INTERRUPTED;
			break;
		}
		if (series_run(s, i))
			break;
	}
	series_end(s);
}

/* The grid, or JSON on stdout; the JSON and HTML files: the exit code (code's, when set). */
static int report_points(const struct preset_opts *o, struct series *s, unsigned skipped,
			 int code)
{
	if (o->json_stdout) {
		int jr = series_write_json("-", series_json(s, preset_grid_json(o, s)));

		code = code ? code : jr;
	} else {
		preset_print_grid(o, s, skipped);
	}
	if (o->json_path) {
		int jr = series_write_json(o->json_path, series_json(s, preset_grid_json(o, s)));

		code = code ? code : jr;
	}
	if (o->html_path) {
		int hr = series_write_html(o->html_path, series_json(s, preset_grid_json(o, s)));

		code = code ? code : hr;
	}
	return code;
}

static int preset_main(int argc, char **argv, unsigned front)
{
	struct preset_opts o = { .front = front };
	struct series s = { .kind = front == FRONT_QUICK ? "quick" : "preset" };
	char err[1200];
	unsigned skipped = 0;
	bool null_engine;
	int r = parse_opts(argc, argv, &o, err, sizeof(err)), code;

	if (front == FRONT_QUICK)
		o.p = preset_find("crystaldiskmark");
	if (r > 0) {
		usage(stdout, front);
		workload_release(&o.run);
		return 0;
	}
	if (!r && o.list && o.nwords > 1)
		r = errmsg(err, sizeof(err), -EINVAL, "--list: give it alone (iobench preset --list)");
	if (!r && o.list) {
		list_presets();
		workload_release(&o.run);
		return 0;
	}
	if (!r)
		r = check_opts(&o, err, sizeof(err));
	null_engine = o.run.engine && !strcmp(o.run.engine, "null");
	if (!r)
		r = resolve_targets(&o, front == FRONT_QUICK ? "iobench-quick.dat" : o.p->file,
				    null_engine, err, sizeof(err));
	for (unsigned i = 1; !r && i < o.ntargets; i++)
		if (o.device[i] != o.device[0])
			r = errmsg(err, sizeof(err), -EINVAL, "preset: '%s' and '%s': block devices "
				   "and files are not mixed in one preset", o.paths[0], o.paths[i]);
	if (!r)
		r = size_and_times(&o, null_engine, err, sizeof(err));
	if (!r)
		r = build_points(&o, &s, null_engine, &skipped, err, sizeof(err));
	if (r) {
		fprintf(stderr, "iobench: %s\n", err);
		series_free(&s);
		workload_release(&o.run);
		return EXIT_BAD_INPUT;
	}
	s.quiet = o.run.quiet;
	s.keep = o.run.keep;
	s.docs = o.json_stdout || o.json_path || o.html_path;
	snprintf(s.name, sizeof(s.name), "%s", o.p->name);
	s.cmdline = cmdline_join(argc, argv);
	if (!s.cmdline) {
		fprintf(stderr, "iobench: out of memory\n");
		series_free(&s);
		workload_release(&o.run);
		return EXIT_RUN_FAILED;
	}
	if (o.print) {
		print_plan(&o, &s);
		series_free(&s);
		workload_release(&o.run);
		return 0;
	}
	code = series_precheck(&s);
	plan_series(&o, &s, code);
	if (!code) {
		run_points(&o, &s);
		code = report_points(&o, &s, skipped, s.code);
	}
	series_free(&s);
	workload_release(&o.run);
	return code;
}

int cmd_preset(int argc, char **argv)
{
	return preset_main(argc, argv, FRONT_PRESET);
}

int cmd_quick(int argc, char **argv)
{
	return preset_main(argc, argv, FRONT_QUICK);
}

