/* SPDX-License-Identifier: MIT */
/*
 * options.h: iobench's own options, declared once for every front end (in
 * the manner of git's parse-options): each with its short and long form, the
 * kind of value it takes, the front ends that take it, and its help. An
 * option means the same wherever it is taken; a front end refuses the
 * others by name, saying where they belong. The options that shape the run
 * itself (engine, safety, outputs, affinity, ...) are applied to a workload
 * by one function, option_apply_run(), whichever front end read them.
 */
#ifndef IOB_OPTIONS_H
#define IOB_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "job/workload.h"

/* The front ends. */
#define FRONT_DISKSPD 1u	/* iobench [options] TARGET...: DiskSpd's command line */
#define FRONT_FIO 2u		/* iobench JOB.fio [--option=value]: fio job files */
#define FRONT_QUICK 4u		/* iobench quick */
#define FRONT_MONITOR 8u	/* iobench monitor */
#define FRONT_REPORT 16u	/* iobench report */
#define FRONT_PRESET 32u	/* iobench preset */
#define FRONT_SWEEP 64u		/* iobench sweep */
#define FRONT_COMPARE 128u	/* iobench compare */
#define FRONT_DISKS 256u	/* iobench disks */
#define FRONT_LAST FRONT_DISKS
#define FRONT_ALL 511u

enum opt_arg { ARG_NONE, ARG_REQ, ARG_OPT };

enum opt_id {
	O_BLOCK, O_CREATE, O_DURATION, O_WARMUP, O_COOLDOWN, O_OUTSTANDING,
	O_THREADS, O_POOL, O_RAND, O_SEQ, O_WRITE, O_CACHING,
	O_NOCACHE, O_LATENCY, O_SEED, O_TSTRIDE, O_BASE, O_MAXOFF, O_ZERO,
	O_SOURCEBUF, O_ENGINE, O_NULL_LAT, O_NULL_SERVERS, O_NULL_IOPS, O_NULL_STALL, O_NULL_CLIFF, O_NULL_WEAR, O_RATE, O_BURST, O_THINK, O_IOS, O_KEEP, O_ALLOWDEV, O_OVERWRITE,
	O_QUIET, O_HELP, O_VERSION, O_PRINT, O_READONLY, O_PATTERN, O_COMPRESS, O_DEDUPE,
	O_CONTINUE, O_VERIFY, O_INTERVAL, O_SERIES_CSV, O_FORMAT, O_JSON, O_AFFINITY,
	O_NOAFFINITY, O_SQPOLL, O_HIPRI, O_DESTROY_SIG, O_OUTPUT, O_JOB, O_SIZE, O_ETA,
	O_PARSE_ONLY, O_ETA_NEWLINE, O_ETA_INTERVAL, O_MINIMAL, O_TERSE_VERSION, O_STATUS_INTERVAL,
	O_PROFILE, O_MAP_FLUSH, O_VERBOSE, O_PROGRESS, O_IOPRIO, O_LARGE_PAGES,
	O_OFFSET_TRACE, O_PARALLEL, O_POOL_REQUESTS, O_LIST, O_FAST, O_FILL_FREE, O_PAUSE,
	O_SWEEP_BS, O_SWEEP_QD, O_SLO, O_CURVE, O_SEARCH, O_CSV, O_LABEL, O_FORCE, O_HTML, O_ALL, O_DISMOUNT, O_STEADY, O_SS_ROUNDS, O_SS_WINDOW, O_COUNT_
};

struct option_def {
	char letter;		/* the short form (DiskSpd's letter), or 0 */
	const char *name;	/* the long form */
	enum opt_arg arg;
	enum opt_id id;
	unsigned fronts;	/* FRONT_*: the front ends that take it */
	const char *help;	/* "VALUE  what it does", as --help prints it */
};

extern const struct option_def options[];
extern const unsigned noptions;

/* The option of long name name (its first len bytes), or NULL. */
const struct option_def *option_long(const char *name, size_t len);

/* The option of short form c, or NULL. */
const struct option_def *option_short(char c);

/* "the DiskSpd command line", "fio job files", "iobench quick", ... */
const char *option_front_name(unsigned front);

/*
 * The message for o given to a front end that does not take it, naming the
 * front ends that do; returns -EINVAL.
 */
int option_refuse(const struct option_def *o, const char *flag, unsigned front, char *err,
		  size_t len);

/* The options of front, one line each, as --help lists them. */
void option_usage(FILE *f, unsigned front);

/*
 * Gives a run option (engine, null-engine model, safety, outputs, affinity,
 * polling, verification, errors, quiet) its meaning in w; flag names it in
 * errors. Returns 0, 1 when o is not a run option (the front end's own), or
 * -EINVAL with a message.
 */
int option_apply_run(const struct option_def *o, const char *flag, const char *v,
		     struct workload *w, char *err, size_t len);

/* Rewrites, in place, up to two leading Unicode dashes (en, em, minus sign) as '-'. */
void cmdline_normalize_dash(char *arg);

/*
 * The next word of argv for a front end that reads its options here (quick,
 * monitor, report): -X, -XVALUE (the value attached, as DiskSpd writes it),
 * --name, --name=VALUE or --name VALUE. Returns 1 for a word that is no
 * option (an operand; "-" is one), 0 for an option of front (*o, *v: its
 * value or NULL, flag: its name as written), or -EINVAL with a message.
 */
int option_next(int argc, char **argv, int *i, unsigned front, const struct option_def **o,
		const char **v, char *flag, size_t flen, char *err, size_t len);

#endif
