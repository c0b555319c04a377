/* SPDX-License-Identifier: MIT */
/*
 * cpustat.h: per-CPU time from /proc/stat. The parser is a pure function of
 * the file's text, tested apart from /proc; the delta of two snapshots gives
 * DiskSpd's per-CPU Usage/User/Kernel/Idle percentages.
 */
#ifndef IOB_CPUSTAT_H
#define IOB_CPUSTAT_H

#include <stdint.h>

struct cpu_times {
	int cpu;	/* the N of "cpuN" */
	uint64_t user, nice, system, idle, iowait, irq, softirq, steal;
};

struct cpu_usage {
	int cpu;
	double usage;	/* 100 - idle */
	double user;	/* user + nice */
	double kernel;	/* system + irq + softirq */
	double idle;	/* idle + iowait */
	double iowait, irq, steal;	/* parts, for later tables */
};

/*
 * Parses the "cpuN" lines of /proc/stat text into out[0..max-1] (the
 * aggregate "cpu" line is skipped). Returns the number of CPUs or -EINVAL.
 */
int cpustat_parse(const char *text, struct cpu_times *out, unsigned max);

/* Reads /proc/stat; returns the number of CPUs or -errno. */
int cpustat_read(struct cpu_times *out, unsigned max);

/* Percentages of the time between snapshots a and b of one CPU. */
void cpustat_delta(const struct cpu_times *a, const struct cpu_times *b, struct cpu_usage *u);

/* The mean of n CPUs' percentages (cpu = -1). */
void cpustat_average(const struct cpu_usage *u, unsigned n, struct cpu_usage *avg);

#endif
