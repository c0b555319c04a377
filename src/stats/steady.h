/* SPDX-License-Identifier: MIT */
/*
 * steady.h: steady state as SNIA's Solid State Storage Performance Test
 * Specification (PTS) 2.0.2 defines it (its 2.1.24): over a Measurement
 * Window of the last `window` rounds, the tracked figure y is steady when
 *
 *   (a) max(y) - min(y) is no more than data_limit % of the window's average
 *       (the data excursion), and
 *   (b) the range of y's least-squares line over the window, |slope| x
 *       (window - 1), is within slope_limit % of that average (the slope
 *       excursion).
 *
 * Pure: the figures of the rounds so far in, the window's verdict out.
 * Rounds are numbered from 1 (the fit's x is the round's number, so its
 * intercept is at round 0). A window whose average is 0 has no excursion
 * to measure (NAN) and is never steady.
 */
#ifndef IOB_STEADY_H
#define IOB_STEADY_H

#include <stdbool.h>

/* The PTS's limits, its Measurement Window and its most rounds. */
#define STEADY_DATA_LIMIT_PCT 20.0
#define STEADY_SLOPE_LIMIT_PCT 10.0
#define STEADY_WINDOW 5u
#define STEADY_ROUNDS 25u

struct steady_window {
	bool steady;		/* both excursions within their limits */
	unsigned first, last;	/* the window's rounds (from 1) */
	double avg, min, max;
	double slope, intercept;	/* the fit: y = intercept + slope x round */
	double data_pct;	/* (max - min) / |avg| x 100; NAN when avg is 0 */
	double slope_pct;	/* |slope| x (window - 1) / |avg| x 100; NAN when avg is 0 */
};

/*
 * The window of the last `window` of the n figures y[0..n) (round i + 1's
 * in y[i]), judged against the two limits (percent). Returns 0, or -EINVAL
 * (out untouched) when window < 2 or n < window.
 */
int steady_check(const double *y, unsigned n, unsigned window, double data_limit_pct,
		 double slope_limit_pct, struct steady_window *out);

#endif
