/* SPDX-License-Identifier: MIT */
/* steady.c: the PTS's steady-state test of a window of rounds (see steady.h). */
#include <errno.h>
#include <math.h>

#include "stats/steady.h"
#include "util/banned.h"

/*
 * A limit holds when the excursion is no more than it; the excursions are
 * computed in doubles, so a figure on the bound exactly (20% of the
 * average) may come out a few ulps over it: this much of a percent is
 * forgiven.
 */
#define STEADY_EPS_PCT 1e-9

int steady_check(const double *y, unsigned n, unsigned window, double data_limit_pct,
		 double slope_limit_pct, struct steady_window *out)
{
	const double *w;
	double sx = 0, sy = 0, sxx = 0, sxy = 0, xm, ym;
	struct steady_window o = { 0 };

	if (window < 2 || n < window)
		return -EINVAL;
	w = y + n - window;
	o.first = n - window + 1;
	o.last = n;
	o.min = o.max = w[0];
	for (unsigned i = 0; i < window; i++) {
		double x = (double)(o.first + i);

		sx += x;
		sy += w[i];
		o.min = w[i] < o.min ? w[i] : o.min;
		o.max = w[i] > o.max ? w[i] : o.max;
	}
	xm = sx / window;
	ym = sy / window;
	for (unsigned i = 0; i < window; i++) {	/* about the means: no cancellation */
		double dx = (double)(o.first + i) - xm;

		sxx += dx * dx;
		sxy += dx * (w[i] - ym);
	}
	o.avg = ym;
	o.slope = sxy / sxx;
	o.intercept = ym - o.slope * xm;
	if (ym == 0) {
		o.data_pct = o.slope_pct = NAN;
	} else {
		o.data_pct = (o.max - o.min) / fabs(ym) * 100;
		o.slope_pct = fabs(o.slope) * (window - 1) / fabs(ym) * 100;
		o.steady = o.data_pct <= data_limit_pct + STEADY_EPS_PCT &&
			   o.slope_pct <= slope_limit_pct + STEADY_EPS_PCT;
	}
	*out = o;
	return 0;
}
