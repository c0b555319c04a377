/* SPDX-License-Identifier: MIT */
/*
 * sweepspec.h: what `iobench sweep` is given beside its base workload, as
 * text: the lists of its axes (4K,64K,1M; 1,2,4..256; 0..100:25), the
 * objective of the knee (p99:1ms, mean:2ms) and the curve's percentages.
 * Parsing only: nothing is opened (so a fuzzer can drive it).
 */
#ifndef IOB_SWEEPSPEC_H
#define IOB_SWEEPSPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AXIS_MAX 256
#define CURVE_MAX 32

/* The values of one axis, in the order given. */
struct axis {
	unsigned n;
	uint64_t v[AXIS_MAX];
};

/* What an axis holds: its values' form and range; a range A..B doubles but for percentages. */
enum axis_kind {
	AXIS_SIZE,	/* block sizes: 1 byte to 2 GiB, with K/M/G (A..B doubles) */
	AXIS_DEPTH,	/* queue depths: 1 to 4096 (-o's range) */
	AXIS_THREADS,	/* threads: 1 to 4096 */
	AXIS_PERCENT,	/* write percentages: 0 to 100; A..B:STEP steps by STEP (default 10) */
};

/*
 * Parses the comma list v of values and ranges into a; flag names it in
 * errors. Returns 0 or -EINVAL with a message naming the bad element.
 */
int sweep_parse_list(const char *flag, const char *v, struct axis *a, enum axis_kind kind,
		     char *err, size_t len);

/* The knee's objective: a percentile or the mean of the latency, and its limit. */
struct slo {
	bool set;
	bool mean;		/* the mean, else the percentile pct */
	double pct;		/* above 0, below 100 */
	uint64_t limit_ns;
	char text[64];		/* "p99 <= 1 ms", as the sentence says it */
};

/* "p99:1ms", "p99.9:500us", "mean:2ms" (or "avg:"). Returns 0 or -EINVAL with a message. */
int sweep_parse_slo(const char *flag, const char *v, struct slo *s, char *err, size_t len);

/* VDBench's curve: the percentages of the maximum rate to run at. */
struct curve_spec {
	unsigned n;
	double pct[CURVE_MAX];
};

/* "10,50,70" (above 0, at most 100); NULL or "": VDBench's 10, 50, 70, 80, 90, 100. */
int sweep_parse_curve(const char *flag, const char *v, struct curve_spec *c, char *err,
		      size_t len);

#endif
