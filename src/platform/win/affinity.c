/* SPDX-License-Identifier: MIT */
/*
 * affinity.c: thread pinning on Windows (affinity.h), over processor groups:
 * CPU numbers count every group's processors in turn (wincpu.h), and a
 * thread is pinned with SetThreadGroupAffinity, as DiskSpd pins its threads.
 * A thread runs in one group at a time: a set of CPUs that spans groups
 * pins it to those of the first CPU's group.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>

#include "platform/affinity.h"
#include "platform/win/wincpu.h"
#include "platform/win/winerr.h"
#include "util/errmsg.h"
#include "util/banned.h"

static void set_bit(struct cpu_mask *m, int c)
{
	if (c >= 0 && c < AFFINITY_MAX)
		m->bits[c / 64] |= 1ull << (c % 64);
}

static bool is_set(const struct cpu_mask *m, int c)
{
	return c >= 0 && c < AFFINITY_MAX && (m->bits[c / 64] >> (c % 64) & 1);
}

int affinity_allowed(struct cpu_mask *m)
{
	USHORT groups[64], ng = 64;
	DWORD_PTR proc, sys;

	memset(m, 0, sizeof(*m));
	/* a process in one group has its mask there; one that spans groups may use them all */
	if (GetProcessGroupAffinity(GetCurrentProcess(), &ng, groups) && ng == 1 &&
	    GetProcessAffinityMask(GetCurrentProcess(), &proc, &sys)) {
		for (BYTE b = 0; b < 64; b++)
			if (proc >> b & 1)
				set_bit(m, wincpu_index(groups[0], b));
		return 0;
	}
	for (int c = 0; c < wincpu_count(); c++)
		set_bit(m, c);
	return 0;
}

int affinity_cpus(const int *want, unsigned n, int *out, char *err, size_t len)
{
	struct cpu_mask allowed;
	int count = 0;

	affinity_allowed(&allowed);
	if (!n) {
		for (int c = 0; c < AFFINITY_MAX; c++)
			if (is_set(&allowed, c))
				out[count++] = c;
		return count;
	}
	for (unsigned i = 0; i < n; i++) {
		if (!is_set(&allowed, want[i])) {
			snprintf(err, len, "-a: CPU %d is not one this process may run on", want[i]);
			return -EINVAL;
		}
		out[count++] = want[i];
	}
	return count;
}

int affinity_pin_set(const int *cpus, unsigned n)
{
	GROUP_AFFINITY ga = { 0 };
	WORD g0;
	BYTE b;

	if (!n || !wincpu_group(cpus[0], &g0, &b))
		return -EINVAL;
	ga.Group = g0;
	for (unsigned i = 0; i < n; i++) {
		WORD g;

		if (wincpu_group(cpus[i], &g, &b) && g == g0)
			ga.Mask |= (KAFFINITY)1 << b;
	}
	if (!SetThreadGroupAffinity(GetCurrentThread(), &ga, NULL))
		return -winerr_errno(GetLastError());
	return 0;
}

int affinity_pin(int cpu)
{
	return affinity_pin_set(&cpu, 1);
}

int affinity_group_cpu(unsigned group, unsigned cpu, char *err, size_t len)
{
	int c = group <= 0xffff && cpu <= 0xff ? wincpu_index((WORD)group, (BYTE)cpu) : -1;
	WORD groups = GetActiveProcessorGroupCount();

	if (c >= 0)
		return c;
	if (group >= groups)
		return errmsg(err, len, -EINVAL, "processor group %u: this machine has %u (0 to %u)",
			      group, groups, groups - 1u);
	return errmsg(err, len, -EINVAL, "processor group %u has no CPU %u: it has %lu (0 to %lu)",
		      group, cpu, (unsigned long)GetActiveProcessorCount((WORD)group),
		      (unsigned long)GetActiveProcessorCount((WORD)group) - 1);
}

int affinity_check(const char *what, const int *cpus, unsigned n, char *err, size_t len)
{
	struct cpu_mask allowed;

	affinity_allowed(&allowed);
	for (unsigned i = 0; i < n; i++)
		if (!is_set(&allowed, cpus[i])) {
			snprintf(err, len, "%s: CPU %d is not one this process may run on", what,
				 cpus[i]);
			return -EINVAL;
		}
	return 0;
}
