/* SPDX-License-Identifier: MIT */
/*
 * presets.h: the guides' fixed tests as data: one table of named run lists
 * (docs/presets.md gives each one's source). A run is written as DiskSpd's
 * switches, without the target and without -c, -d and -W, which the preset
 * gives (its test file's size, its time per test); `iobench preset`
 * (cmd/preset.c) parses each with the DiskSpd command line, so a preset
 * means what its command line means.
 */
#ifndef IOB_PRESETS_H
#define IOB_PRESETS_H

#include <stdbool.h>
#include <stdint.h>

#define PRESET_RUNS_MAX 3

/* A row of the preset's table: one run, or several (read then write) whose figures it shows. */
struct preset_test {
	const char *label;
	const char *runs[PRESET_RUNS_MAX];	/* NULL after the last */
};

struct preset {
	const char *name;
	const char *what;		/* one line for --list */
	const char *source;		/* where its tests come from */
	const char *file;		/* the test file's name, in a directory given as the target */
	uint64_t size;			/* the test file's size; 0: the file system's free space
					   (Iometer's Maximum Disk Size 0), confirmed by
					   --fill-free-space */
	double duration_s;		/* each run's measured time; 0: one pass over the file (below) */
	double warmup_s;		/* each run's warm-up */
	double fast_s;			/* --fast: the measured time (SQLIO's FastMode); 0: no fast mode */
	bool grow;			/* the file is made without data and each run passes over it
					   once, sequentially, as dd does (its first run writes it) */
	const struct preset_test *tests;
	unsigned ntests;
	double pause_s;			/* the pause between two runs (CrystalDiskMark's interval,
					   the SQLIO script's Start-Sleep) */
};

extern const struct preset presets[];
extern const unsigned npresets;

/* The preset called name, or NULL. */
const struct preset *preset_find(const char *name);

#endif
