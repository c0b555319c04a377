/* SPDX-License-Identifier: MIT */
/* affinity.c: CPU lists and thread pinning (sched_getaffinity, pthread_setaffinity_np). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
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

int affinity_cpus(const int *want, unsigned n, int *out, char *err, size_t len)
{
	cpu_set_t allowed;
	int count = 0;

	CPU_ZERO(&allowed);
	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		snprintf(err, len, "cannot read this process's CPUs: %m");
		return -EINVAL;
	}
	if (!n) {
		for (int c = 0; c < CPU_SETSIZE && count < AFFINITY_MAX; c++)
			if (CPU_ISSET(c, &allowed))
				out[count++] = c;
		return count;
	}
	for (unsigned i = 0; i < n; i++) {
		if (want[i] >= CPU_SETSIZE || !CPU_ISSET(want[i], &allowed)) {
			snprintf(err, len, "-a: CPU %d is not one this process may run on", want[i]);
			return -EINVAL;
		}
		out[count++] = want[i];
	}
	return count;
}

int affinity_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

int affinity_pin_set(const int *cpus, unsigned n)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (unsigned i = 0; i < n; i++)
		CPU_SET(cpus[i], &set);
	return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

int affinity_check(const char *what, const int *cpus, unsigned n, char *err, size_t len)
{
	cpu_set_t allowed;

	CPU_ZERO(&allowed);
	if (sched_getaffinity(0, sizeof(allowed), &allowed)) {
		snprintf(err, len, "cannot read this process's CPUs: %m");
		return -EINVAL;
	}
	for (unsigned i = 0; i < n; i++) {
		if (cpus[i] >= CPU_SETSIZE || !CPU_ISSET(cpus[i], &allowed)) {
			snprintf(err, len, "%s: CPU %d is not one this process may run on", what,
				 cpus[i]);
			return -EINVAL;
		}
	}
	return 0;
}
