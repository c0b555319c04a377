/* SPDX-License-Identifier: MIT */
/*
 * sweep_opts.h: `iobench sweep`'s options (its axes, the objective, the
 * outputs) and the base workload's words, for the sweep's files.
 */
#ifndef IOB_SWEEP_OPTS_H
#define IOB_SWEEP_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "job/sweepspec.h"

#define POINTS_MAX 4096
#define SEARCH_DEFAULT 1024

struct sweep_opts {
	struct axis bs, qd, thr, wr;
	struct slo slo;
	bool curve, search, print, json_stdout;
	struct curve_spec cv;
	unsigned search_max;
	const char *csv, *json, *html;
	char **base;		/* the base workload's words, "iobench" first */
	int nbase;
	int first_target;	/* DiskSpd: the first target's word (axis switches go before it) */
	bool fio;		/* the base is fio's */
	bool pool;		/* DiskSpd's -F: --threads sets it */
	bool keep;		/* the base's --keep */
};

/* One combination of the axes other than the one a knee search moves. */
struct combo {
	uint64_t bs, thr;
	int wr;			/* -1: the base's */
	uint64_t qd;		/* 0: the base's (or the search's) */
};

/* The sweep's help text. */
void sweep_usage(FILE *f);

/*
 * Reads argv[1..argc-1] into o (zeroed): the sweep's options, and the base
 * workload's words in o->base (freed by the caller, even on error). Returns
 * 0, 1 for --help, or -EINVAL (-ENOMEM) with a message in err.
 */
int sweep_parse_opts(int argc, char **argv, struct sweep_opts *o, char *err, size_t len);

/*
 * The combinations of the axes that are not searched (every point's, or
 * each knee's), into c[0..max): their number.
 */
unsigned sweep_combos(const struct sweep_opts *o, struct combo *c, unsigned max);

#endif
