/* SPDX-License-Identifier: MIT */
/*
 * series.h: runs one after another on the same targets: a preset's tests,
 * a sweep's points, a saturation curve's rates. Every run is an ordinary
 * workload through run_execute(); they share one hold, so a test file is
 * created and filled by the first run that names it and used as it is by
 * the others, and removed (unless kept) once the last has run. Ctrl-C ends
 * the series with the runs measured so far. Each run keeps its full result
 * and its JSON document; the series' JSON (schema "iobench/series",
 * docs/json.md) holds them all.
 */
#ifndef IOB_SERIES_H
#define IOB_SERIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/hold.h"
#include "core/run.h"
#include "platform/stop.h"
#include "job/workload.h"

struct json_t;

/* What a point varies, as a sweep and the saturation curve name it (0: not varied or not known). */
struct point_params {
	uint64_t block;		/* bytes */
	unsigned qd;		/* I/Os in flight per thread per target (-o) */
	unsigned threads;	/* threads per target (-t), or in all (-F) */
	int write_pct;		/* -1: not varied */
	double rate_iops;	/* the offered rate, all threads together; 0: closed loop */
	double curve_pct;	/* a curve point: this % of the maximum; 0: none */
};

/* One direction's figures of a run: reads, writes or both. */
struct point_figs {
	uint64_t ios, bytes;
	double iops, mbps, mibs;	/* MB/s: 10^6 bytes, MiB/s: 2^20 */
	double mean_us, p50_us, p99_us, max_us;
};
enum { FIG_READ, FIG_WRITE, FIG_TOTAL };

struct series_point {
	char label[96];
	unsigned row;		/* the row of the table it belongs to (a preset's test) ... */
	char test[96];		/* ... and that row's name */
	struct point_params p;
	struct workload w;
	struct result res;
	bool ran;		/* it ran and measured: res and figs hold its figures */
	bool partial;		/* ... but not its whole window (interrupted, or stopped by an error) */
	struct point_figs f[3];	/* FIG_* */
	struct json_t *doc;	/* its result document (report_json_doc), or (without the series'
				   JSON) an object of its "warnings" alone */
};

struct series {
	const char *kind;	/* "preset", "sweep" */
	char name[64];
	char *cmdline;		/* the series' command line, owned */
	struct series_point *pts;
	unsigned n, cap;
	bool quiet;
	bool keep;		/* leave the files it created */
	bool docs;		/* keep each point's whole document (for the series' JSON); else
				   only its warnings, for the text */
	uint64_t planned_ns;	/* the time the points known so far take, for the ETA */
	unsigned planned;	/* ... and how many points that is */
	/* while it runs */
	struct hold hold;
	struct stop_hold old;
	uint64_t t0_ns, done_ns;
	bool interrupted;	/* Ctrl-C: no more points */
	int code;		/* the exit status so far */
};

/*
 * json_object_set_new() and json_array_append_new() for the series' documents:
 * a failed allocation (of the container, the value, or the set) is
 * remembered, and series_write_json() then writes nothing and says so.
 */
void jput(struct json_t *o, const char *key, struct json_t *v);
void jappend(struct json_t *a, struct json_t *v);

/* A new point at the end (zeroed but for its label); NULL when out of memory. */
struct series_point *series_add(struct series *s, const char *label);

/* The time a point's workload takes (warm-up, window, cool-down); 0 for a count-based one. */
uint64_t series_point_ns(const struct workload *w);

/*
 * Checks every point added so far as run_execute() would (guards, sizes, the
 * space the files to create need, together), before any I/O. Returns 0 or
 * EXIT_BAD_INPUT with the message printed.
 */
int series_precheck(struct series *s);

/*
 * Point i uses as they are the files an earlier point names (the first that
 * names a file makes it): their create_size is cleared. A file no earlier
 * point names (a fio job's clone that the sweep's numjobs adds) keeps its own.
 */
void series_reuse_files(struct series *s, unsigned i);

/* Holds the signals and starts the clock: before the first series_run(). */
void series_begin(struct series *s);

/*
 * Runs point i (its workload built), keeps its result, figures and document,
 * and shows "[point i of n, ETA ...]" before its live line. Returns 0 to go
 * on, or non-zero when the series must stop (Ctrl-C, a failure: s->code says
 * how it ends).
 */
int series_run(struct series *s, unsigned i);

/* Releases what the runs held (removing the files they made unless keep); sets s->code. */
void series_end(struct series *s);

/* Frees every point and zeroes s. */
void series_free(struct series *s);

/* The figures of direction k (FIG_*) of a result measured over its window; 0 or -ENOMEM. */
int series_figs(const struct result *res, int k, struct point_figs *f);

/*
 * The series' JSON document: kind, name, command line, whether it is
 * complete, every point that ran (label, row, params, figures, its result
 * document), and extra's members (a preset's grid, a sweep's knee) merged
 * in (extra may be NULL; it is consumed). NULL when out of memory.
 */
struct json_t *series_json(const struct series *s, struct json_t *extra);

/* Under a table: each warning of the points' verdicts, once, with the points it was given for. */
void series_print_warnings(const struct series *s);

/* n runs, whatever holds them: run i's label and its verdict's warnings array (NULL: none). */
struct series_runs {
	const void *ctx;
	const char *(*label)(const void *ctx, size_t i);
	struct json_t *(*warnings)(const void *ctx, size_t i);
};

/*
 * Prints to f, under "Warnings:", each warning of the n runs once (by its code), at the
 * first run that had it, "(and N more)" for the later runs that had it too; nothing when
 * there is none.
 */
void series_warnings_print(FILE *f, size_t n, const struct series_runs *r);

/*
 * Writes doc (consumed) to path whole, or to stdout for "-"; prints a failure and
 * returns EXIT_RUN_FAILED.
 */
int series_write_json(const char *path, struct json_t *doc);

/* A time left as the live line says it: "45s", "3m05s", "1h02m". */
/* Whether a jput() or jappend() ran out of memory since the last document written; clears it. */
bool series_oom(void);

/* The HTML report of a series document (series_json()) into path; doc taken. 0 or an exit code. */
int series_write_html(const char *path, struct json_t *doc);

void series_format_eta(char *buf, size_t len, uint64_t ns);

/* "4KiB", "1MiB", "512B": a block size as the tables print it. */
void series_block_name(char *buf, size_t len, uint64_t bytes);

#endif
