/* SPDX-License-Identifier: MIT */
/*
 * cmdline_state.h: a DiskSpd command line being read, switch by switch (by
 * cmdline.c, or by cmdline_build.c for a profile): what was given so far,
 * the target it shapes (a template, copied to every target), and where the
 * one error message goes. Shared by the command line's own files only.
 */
#ifndef IOB_CMDLINE_STATE_H
#define IOB_CMDLINE_STATE_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "job/workload.h"

/* A size given on the command line; 'b' units resolve once -b is known. */
struct size_arg {
	uint64_t v;
	bool blocks;
	bool set;
};

struct parse_state {
	struct target_spec t;	/* template, copied to every target */
	struct size_arg create, base, base_len, maxoff, tstride, ralign, stride, srcbuf;
	bool random_set, seq_set, threads_set, duration_set, warmup_set, cooldown_set;
	unsigned rs_pct;	/* -rs<pct> (100: as -r) */
	const char *trace;	/* --offset-trace=PREFIX, or NULL */
	unsigned ss_rounds, ss_window;	/* --ss-rounds, --ss-window as given (0: not given) */
	bool interlocked;	/* -si */
	/* DiskSpd's cache mode and write-through, each set once (-S..., -h): */
	enum { CM_UNSET, CM_BUFFERED, CM_DIRECT, CM_NO_LOCAL } cache_mode;
	bool write_through;
	bool mapped;		/* -Sm: memory-mapped I/O */
	bool mapped_set;	/* ... the mmap engine was chosen by -Sm (a profile's target) */
	uint8_t map_flush;	/* -N: MAP_FLUSH_* */
	bool in_targets;	/* a target has been named: DiskSpd's switches come before them */
	bool seed_from_clock;
	unsigned rate;		/* -g: bytes per ms, or with rate_iops I/Os a second; 0: none */
	bool rate_iops;
	unsigned burst, think_ms;	/* -i, -j */
	unsigned contents;	/* write-content options given: -Z, -Z<size>, --pattern */
	bool per_target;	/* a profile's: each target its own switches (cmdline_build) */
	unsigned t_ioprio;	/* ... this target's -I (0: normal), and -l, which iobench */
	bool t_large;		/* ... sets for all of a run's threads: its targets must agree */
	unsigned first_ioprio;
	bool first_large;
	char *err;
	size_t errlen;
};

/* Formats the message into ps->err; returns -EINVAL (a static inline: the files share it). */
static inline int fail(struct parse_state *ps, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline int fail(struct parse_state *ps, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ps->err, ps->errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Appends a target named path, checked as cmdline_check_path() checks it. Returns 0 or -EINVAL. */
int cmdline_add_target(struct parse_state *ps, struct workload *w, const char *path);

/* The target's switches as none were given: DiskSpd's defaults. */
void cmdline_target_defaults(struct parse_state *ps);

/* DiskSpd's defaults, the run's (w) and the target's, before any switch. */
void cmdline_set_defaults(struct parse_state *ps, struct workload *w);

#endif
