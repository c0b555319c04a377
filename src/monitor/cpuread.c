/* SPDX-License-Identifier: MIT */
/* cpuread.c: the CPUs' times on Linux, /proc/stat (monitor/cpustat.h). */
#include <errno.h>
#include <stdio.h>

#include "monitor/cpustat.h"
#include "util/banned.h"

int cpustat_read(struct cpu_times *out, unsigned max)
{
	char buf[65536];
	FILE *f = fopen("/proc/stat", "r");
	size_t n;

	if (!f)
		return -errno;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	return cpustat_parse(buf, out, max);
}
