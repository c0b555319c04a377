/* SPDX-License-Identifier: MIT */
/* cpulist.c: DiskSpd's and fio's CPU lists, "0,2,4-7" (affinity.h), on every platform. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "platform/affinity.h"
#include "util/banned.h"

int affinity_parse(const char *list, int *cpus, char *err, size_t len)
{
	const char *p = list;
	int n = 0;

	if (!*p) {
		snprintf(err, len, "-a: an empty CPU list");
		return -EINVAL;
	}
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10), hi;

		if (end == p || lo < 0 || lo >= AFFINITY_MAX)
			goto bad;
		hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1 || hi < lo || hi >= AFFINITY_MAX)
				goto bad;
			p = end;
		}
		for (long c = lo; c <= hi; c++) {
			if (n == AFFINITY_MAX)
				goto bad;
			cpus[n++] = (int)c;
		}
		if (*p == ',' && p[1])
			p++;
		else if (*p)
			goto bad;
	}
	return n;
bad:
	snprintf(err, len, "-a: '%s' is not a CPU list (e.g. 0,2,4-7; CPUs 0 to %d)", list,
		 AFFINITY_MAX - 1);
	return -EINVAL;
}
