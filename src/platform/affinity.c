/* SPDX-License-Identifier: MIT */
/* affinity.c: thread pinning on Linux (sched_getaffinity, pthread_setaffinity_np). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/affinity.h"
#include "util/errmsg.h"
#include "util/banned.h"

int affinity_allowed(struct cpu_mask *m)
{
	cpu_set_t allowed;

	memset(m, 0, sizeof(*m));
	CPU_ZERO(&allowed);
	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		return -errno;
	for (int c = 0; c < CPU_SETSIZE && c < AFFINITY_MAX; c++)
		if (CPU_ISSET(c, &allowed))
			m->bits[c / 64] |= 1ull << (c % 64);
	return 0;
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

int affinity_group_cpu(unsigned group, unsigned cpu, char *err, size_t len)
{
	if (group)
		return errmsg(err, len, -EINVAL, "processor group %u: Windows processor groups "
			      "have no Linux counterpart (Linux numbers every CPU in one list: "
			      "-a<cpus>)", group);
	return (int)cpu;
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
