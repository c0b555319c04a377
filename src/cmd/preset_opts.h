/* SPDX-License-Identifier: MIT */
/*
 * preset_opts.h: what `iobench preset` and `iobench quick` were given: the
 * preset, its targets as resolved, the sizes and times, the outputs, and
 * the run options passed to each run; for the preset's files.
 */
#ifndef IOB_PRESET_OPTS_H
#define IOB_PRESET_OPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "job/presets.h"
#include "job/workload.h"

#define MAX_TARGETS 64
#define MAX_PASS 32

struct preset_opts {
	const struct preset *p;
	unsigned front;			/* FRONT_PRESET, or FRONT_QUICK for the quick suite */
	const char *targets[MAX_TARGETS];
	unsigned ntargets;
	char paths[MAX_TARGETS][4096];
	bool device[MAX_TARGETS];
	uint64_t dev_size[MAX_TARGETS];
	uint64_t size, duration_ns, warmup_ns, pause_ns;
	bool size_set, duration_set, warmup_set, pause_set;
	bool list, print, fast, fill_free, json_stdout;
	unsigned nwords;		/* options and operands given */
	const char *json_path, *html_path;
	struct workload run;		/* the run options, as option_apply_run() reads them */
	const char *pass[MAX_PASS];	/* ... and as written, for each run's command line */
	unsigned npass;
	bool from_free;			/* the size is the file system's free space */
};

#endif
