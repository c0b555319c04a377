/* SPDX-License-Identifier: MIT */
/* cpustat.c: /proc/stat per-CPU lines, parsed and differenced. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "monitor/cpustat.h"
#include "util/banned.h"

int cpustat_parse(const char *text, struct cpu_times *out, unsigned max)
{
	unsigned n = 0;

	for (const char *line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		struct cpu_times t = { 0 };
		int fields;

		if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9')
			continue;
		fields = sscanf(line + 3, "%d %lu %lu %lu %lu %lu %lu %lu %lu", &t.cpu,
				&t.user, &t.nice, &t.system, &t.idle, &t.iowait, &t.irq,
				&t.softirq, &t.steal);
		if (fields < 5)
			return -EINVAL;
		if (n == max)
			break;
		out[n++] = t;
	}
	return n ? (int)n : -EINVAL;
}

static double pct(uint64_t part, uint64_t total)
{
	return total ? 100.0 * (double)part / (double)total : 0.0;
}

void cpustat_delta(const struct cpu_times *a, const struct cpu_times *b, struct cpu_usage *u)
{
	uint64_t user = (b->user + b->nice) - (a->user + a->nice);
	uint64_t sys = b->system - a->system;
	uint64_t irq = (b->irq + b->softirq) - (a->irq + a->softirq);
	uint64_t idle = b->idle - a->idle;
	uint64_t iowait = b->iowait >= a->iowait ? b->iowait - a->iowait : 0;
	uint64_t steal = b->steal - a->steal;
	uint64_t total = user + sys + irq + idle + iowait + steal;

	u->cpu = b->cpu;
	u->user = pct(user, total);
	u->kernel = pct(sys + irq, total);
	u->idle = pct(idle + iowait, total);
	u->usage = total ? 100.0 - u->idle : 0.0;
	u->iowait = pct(iowait, total);
	u->irq = pct(irq, total);
	u->steal = pct(steal, total);
}

void cpustat_average(const struct cpu_usage *u, unsigned n, struct cpu_usage *avg)
{
	*avg = (struct cpu_usage){ .cpu = -1 };
	for (unsigned i = 0; i < n; i++) {
		avg->usage += u[i].usage / n;
		avg->user += u[i].user / n;
		avg->kernel += u[i].kernel / n;
		avg->idle += u[i].idle / n;
		avg->iowait += u[i].iowait / n;
		avg->irq += u[i].irq / n;
		avg->steal += u[i].steal / n;
	}
}
