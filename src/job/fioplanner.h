/* SPDX-License-Identifier: MIT */
/*
 * fioplanner.h: what the fio job-file front end's modules share while they
 * plan (struct planner): the caller's error buffer, the notices gathered,
 * how to look at a named file, and what the jobs planned so far took.
 */
#ifndef IOB_FIOPLANNER_H
#define IOB_FIOPLANNER_H

#include <stddef.h>

struct fio_file;

/* Errors and notices while planning: the caller's error buffer, and notices gathered. */
struct planner {
	int (*look)(const char *path, struct fio_file *f);	/* what a named file is
								   (fiojob.h's fio_file_fn) */
	char *err;
	size_t errlen;
	char *notices;
	size_t nlen;
	unsigned threads;	/* the threads of the jobs planned so far (fio numbers them from 1) */
	char **taken;		/* default file names of jobs with numjobs > 1 (fio's filename_list) */
	unsigned ntaken;
};

/* Adds one notice line (once, however often it comes). */
void fio_notice(struct planner *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Frees what p gathered: the notices left in it, the names taken. */
void fio_planner_release(struct planner *p);

#endif
