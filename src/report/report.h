/* SPDX-License-Identifier: MIT */
/*
 * report.h: turning a finished run into output. One function per format;
 * each reads the workload and the result and writes to the stream it is given.
 */
#ifndef IOB_REPORT_H
#define IOB_REPORT_H

#include <stdio.h>

#include "core/run.h"
#include "job/workload.h"
#include "monitor/diskstats.h"

struct json_t;

/* In-flight samples of a device over a window: Perfmon's Current Disk Queue Length. */
struct queue_samples {
	bool have;
	unsigned min, max;
	double avg;
};

/* DiskSpd's text layout: input parameters, CPU table, Total/Read/Write IO tables. */
/* Returns 0, or -ENOMEM with nothing written. */
int report_text(FILE *f, const struct workload *w, const struct result *res);

/* The effective workload, without running it (--print-workload, -Rp). */
void report_workload(FILE *f, const struct workload *w);

/*
 * fio's JSON layout (--output-format=json in job files) over the groups of a
 * job file that ran: groups[i] with res[i]; plus: json+, each latency's
 * buckets ("bins") too. Returns 0 or -EIO.
 */
int report_fio_json(FILE *f, const struct workload *groups, const struct result *res,
		    unsigned ngroups, bool plus);

/* The fio log files written so far by this run of iobench: a later writer appends to them. */
struct fio_log_files {
	char **names;
	unsigned n;
};
void fio_log_files_free(struct fio_log_files *seen);

/*
 * fio's log files (write_bw_log, ...) of the threads of w that logged, in
 * fio's names and layout, in the current directory as fio does; a name
 * already in seen is appended to (per_job_logs=0: the threads share one;
 * a verify phase's threads are its writers'). Times are shift_ms later
 * (a verify phase's: after its writes), or since 1970 with log_unix_epoch.
 * *lost gets the rows that did not fit in memory. Returns 0 or -errno with
 * a message.
 */
int report_fio_logs(const struct workload *w, const struct result *res, int64_t shift_ms,
		    struct fio_log_files *seen, uint64_t *lost, char *err, size_t len);

/* Every log of w can be written (its directory exists and is writable): else -EINVAL. */
int report_fio_logs_check(const struct workload *w, char *err, size_t len);

/*
 * fio's normal text layout (fio's default output) over the groups of a job
 * file that ran: every job's block, every group's run status, the disk
 * stats, as fio 3.33 prints them. Returns 0, -ENOMEM (nothing written) or -EIO.
 */
int report_fio_normal(FILE *f, const struct workload *groups, const struct result *res,
		      unsigned ngroups);

/*
 * fio's terse layout: one line of ;-separated fields per job (per group with
 * group_reporting), fio's terse version 2, 3, 4 or 5. Returns 0, -EINVAL (a
 * version fio does not have), -ENOMEM (nothing written) or -EIO.
 */
int report_fio_terse(FILE *f, const struct workload *groups, const struct result *res,
		     unsigned ngroups, int version);

/* The result as one JSON document (docs/json.md). Returns 0, -ENOMEM or -EIO. */
int report_json(FILE *f, const struct workload *w, const struct result *res);

/* The same document as a jansson object (NULL when out of memory), and how it is written. */
struct json_t *report_json_doc(const struct workload *w, const struct result *res);
int report_json_dump(FILE *f, struct json_t *doc);

/*
 * The HTML report (report/html.c): one self-contained page of one run, or of
 * a job file's groups (w[i] with res[i]). Returns 0, -ENOMEM, -EIO, or
 * -ENOTSUP when the build had no chart library (report_html_available says).
 */
int report_html(FILE *f, const struct workload *w, const struct result *res);
int report_html_groups(FILE *f, const struct workload *w, const struct result *res, unsigned n);

/*
 * A page of any kind: data is { "kind": "result" | "compare" | "series",
 * "docs": [documents], "compare": compare's document or absent }, taken
 * (freed here); a NULL data is out of memory.
 */
int report_html_page(FILE *f, const char *title, struct json_t *data);

/*
 * What a page leaves out of a run's document (from doc, in place): the model
 * (report FILE.json reads that), and the series of each thread (the page
 * draws the totals); with a 1-hour series that is most of the size.
 */
void report_html_slim(struct json_t *doc);

/* The page into path ("-": stdout), whole or not at all; data taken. 0 or -errno, said in err. */
int report_html_write(const char *path, const char *title, struct json_t *data, char *err,
		      size_t len);

/* --html=path: 0 when this build writes HTML and path can be written; else -errno, why in err. */
int report_html_check(const char *path, char *err, size_t len);

/* report_html_groups() into path, as report_html_write() writes it. */
int report_html_groups_write(const char *path, const struct workload *w, const struct result *res,
			     unsigned n, char *err, size_t len);

/* 0 when this build can write HTML reports; else -ENOTSUP, and why in err. */
int report_html_available(char *err, size_t len);

/* The documents of n runs (w[i] with res[i], a job file's groups) as one JSON array. */
int report_json_array(FILE *f, const struct workload *w, const struct result *res, unsigned n);

/*
 * The interval series as CSV: a header line, then one line per interval per
 * thread x target and one "total" line per interval. Returns 0 or -errno.
 */
int report_series_csv(FILE *f, const struct workload *w, const struct result *res);

/*
 * The series of a job file's groups (groups[i] with res[i]) as one CSV: the
 * same columns led by "group", the group's number from 1. Returns 0 or -errno.
 */
int report_series_csv_groups(FILE *f, const struct workload *groups, const struct result *res,
			     unsigned n);

/* A device's figures, Perfmon and iostat side by side (q may be NULL). */
void report_disk_counters(FILE *f, const struct disk_metrics *m, const struct queue_samples *q);

/* The same figures as JSON objects (docs/json.md, devices[].perfmon and .iostat). */
struct json_t *report_perfmon_json(const struct disk_metrics *m, const struct queue_samples *q);
struct json_t *report_iostat_json(const struct disk_metrics *m);

#endif
