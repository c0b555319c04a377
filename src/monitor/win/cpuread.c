/* SPDX-License-Identifier: MIT */
/*
 * cpuread.c: the CPUs' times on Windows (monitor/cpustat.h), from
 * NtQuerySystemInformation(SystemProcessorPerformanceInformation), in 100 ns
 * units: user; kernel less idle, DPCs and interrupts as system; interrupts
 * as irq and DPCs as softirq, the parts Linux's /proc/stat names the same
 * way. Windows has no iowait, nice or steal. The processors of the calling
 * thread's group (all of them on a machine of up to 64).
 */
#include <errno.h>
#include <stdlib.h>
#include <windows.h>
#include <winternl.h>

#include "monitor/cpustat.h"
#include "util/banned.h"

int cpustat_read(struct cpu_times *out, unsigned max)
{
	SYSTEM_PROCESSOR_PERFORMANCE_INFORMATION *p;
	ULONG len = 0, n;

	if (!max)
		return -EINVAL;
	p = calloc(max, sizeof(*p));
	if (!p)
		return -ENOMEM;
	if (NtQuerySystemInformation(SystemProcessorPerformanceInformation, p,
				     (ULONG)(max * sizeof(*p)), &len) < 0) {
		free(p);
		return -EIO;
	}
	n = len / sizeof(*p);
	for (ULONG i = 0; i < n; i++) {
		uint64_t idle = (uint64_t)p[i].IdleTime.QuadPart;
		uint64_t kernel = (uint64_t)p[i].KernelTime.QuadPart;	/* idle included */
		uint64_t dpc = (uint64_t)p[i].Reserved1[0].QuadPart;	/* DpcTime */
		uint64_t intr = (uint64_t)p[i].Reserved1[1].QuadPart;	/* InterruptTime */
		uint64_t busy = kernel > idle ? kernel - idle : 0;

		out[i] = (struct cpu_times){ .cpu = (int)i, .user = (uint64_t)p[i].UserTime.QuadPart,
					     .idle = idle, .irq = intr, .softirq = dpc,
					     .system = busy > dpc + intr ? busy - dpc - intr : 0 };
	}
	free(p);
	return n ? (int)n : -EIO;
}
