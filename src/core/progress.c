/* SPDX-License-Identifier: MIT */
/* progress.c: the live progress line (drawn by the front end: notice.h). */
#include <stdio.h>
#include <unistd.h>

#include "core/notice.h"
#include "core/progress.h"
#include "util/banned.h"

void progress_init(struct progress *p, const struct workload *w)
{
	*p = (struct progress){ .on = !w->quiet && w->eta >= 0 && !w->progress_ios &&
				     (w->eta > 0 || isatty(STDERR_FILENO)) };
}

/* Folds interval k of every stream into the figures shown. */
static void take_interval(struct progress *p, const struct worker *wk, unsigned n, unsigned k,
			  double secs)
{
	struct interval sum = { 0 };
	uint64_t ios;

	for (unsigned i = 0; i < n; i++)
		for (unsigned s = 0; s < wk[i].nstreams; s++)
			interval_merge(&sum, &wk[i].streams[s].series[k]);
	ios = sum.ios[0] + sum.ios[1];
	p->done_ios += ios;
	p->iops = (double)ios / secs;
	p->mibs = (double)(sum.bytes[0] + sum.bytes[1]) / 1048576.0 / secs;
	p->lat_ms = ios ? (double)(sum.lat_sum[0] + sum.lat_sum[1]) / (double)ios / 1e6 : 0;
	p->have = true;
}

void progress_update(struct progress *p, const struct workload *w, const struct worker *wk,
		     unsigned nworkers, uint64_t t0, uint64_t ws, uint64_t now)
{
	unsigned done = UINT32_MAX;
	const char *phase;
	double at, len;
	char line[200];
	int n;

	if (!p->on || now - p->last_draw < (w->eta_interval_ns ? w->eta_interval_ns : 200000000ull))
		return;
	p->last_draw = now;
	for (unsigned i = 0; i < nworkers; i++) {
		unsigned d = atomic_load_explicit(&wk[i].iv_done, memory_order_acquire);

		done = d < done ? d : done;
	}
	while (p->shown < done && p->shown < wk[0].iv_cap)
		take_interval(p, wk, nworkers, p->shown++, (double)w->interval_ns / 1e9);
	if (now < ws) {
		phase = "warm-up";
		at = (double)(now - t0) / 1e9;
		len = (double)w->warmup_ns / 1e9;
	} else if (w->count_based || now < ws + w->duration_ns) {
		phase = "measuring";
		at = (double)(now - ws) / 1e9;
		len = (double)w->duration_ns / 1e9;
	} else {
		phase = "cool-down";
		at = (double)(now - ws - w->duration_ns) / 1e9;
		len = (double)w->cooldown_ns / 1e9;
	}
	if (w->ios_per_thread)
		n = snprintf(line, sizeof(line), "%-9s %6.1f s, %llu of %llu I/Os", phase, at,
			     (unsigned long long)p->done_ios,
			     (unsigned long long)(w->ios_per_thread * nworkers));
	else if (w->count_based)
		n = snprintf(line, sizeof(line), "%-9s %6.1f s, %llu I/Os", phase, at,
			     (unsigned long long)p->done_ios);
	else
		n = snprintf(line, sizeof(line), "%-9s %6.1f of %.1f s, %.1f s left", phase, at, len,
			     len > at ? len - at : 0);
	if (p->have && n > 0 && (size_t)n < sizeof(line))
		snprintf(line + n, sizeof(line) - (size_t)n, " | %.0f IOPS | %.2f MiB/s | %.3f ms",
			 p->iops, p->mibs, p->lat_ms);
	if (!p->last_newline)
		p->last_newline = now;
	if (w->eta_newline_ns && now - p->last_newline >= w->eta_newline_ns) {
		p->last_newline = now;
		notice("%s", line);	/* kept on its own line, as fio's --eta-newline */
		return;
	}
	notice_progress("%s", line);
}

unsigned progress_dots(const struct workload *w, struct worker *wk, unsigned nworkers)
{
	unsigned dots = 0;

	for (unsigned i = 0; i < nworkers; i++) {
		unsigned done = atomic_load_explicit(&wk[i].iv_done, memory_order_acquire);
		uint64_t before = wk[i].dot_ios / w->progress_ios;

		for (; wk[i].dot_shown < done && wk[i].dot_shown < wk[i].iv_cap; wk[i].dot_shown++)
			for (unsigned s = 0; s < wk[i].nstreams; s++)
				wk[i].dot_ios += wk[i].streams[s].series[wk[i].dot_shown].ios[0] +
						 wk[i].streams[s].series[wk[i].dot_shown].ios[1];
		for (uint64_t d = before; d < wk[i].dot_ios / w->progress_ios; d++, dots++)
			fputc('.', stderr);
	}
	if (dots)
		fflush(stderr);
	return dots;
}

void progress_end(struct progress *p)
{
	if (p->on)
		notice_progress(NULL);
}
