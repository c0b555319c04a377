/* SPDX-License-Identifier: MIT */
/*
 * proc.c: the process's and its threads' CPU time on Windows (proc.h):
 * GetProcessTimes, GetThreadTimes, and page faults from the process's memory
 * counters (Windows counts faults without telling which read the disk: all
 * are minor here, and context switches are not counted per process).
 */
#include <windows.h>
#include <psapi.h>

#include "platform/proc.h"
#include "util/banned.h"

static uint64_t ft_100ns(const FILETIME *f)
{
	return (uint64_t)f->dwHighDateTime << 32 | f->dwLowDateTime;
}

void proc_usage_read(struct proc_usage *u)
{
	FILETIME c, e, k, us;
	PROCESS_MEMORY_COUNTERS m = { .cb = sizeof(m) };

	*u = (struct proc_usage){ 0 };
	if (GetProcessTimes(GetCurrentProcess(), &c, &e, &k, &us)) {
		u->user_s = (double)ft_100ns(&us) / 1e7;
		u->sys_s = (double)ft_100ns(&k) / 1e7;
	}
	if (GetProcessMemoryInfo(GetCurrentProcess(), &m, sizeof(m)))
		u->minflt = m.PageFaultCount;
}

int proc_thread_id(void)
{
	return (int)GetCurrentThreadId();
}

uint64_t proc_thread_user_us(void)
{
	FILETIME c, e, k, us;

	if (!GetThreadTimes(GetCurrentThread(), &c, &e, &k, &us))
		return 0;
	return ft_100ns(&us) / 10;
}

/* Windows does not tell how long a thread waited for a CPU: its CPU time alone. */
uint64_t proc_thread_demand_ns(pthread_t t, int tid)
{
	HANDLE h = tid ? OpenThread(THREAD_QUERY_LIMITED_INFORMATION, FALSE, (DWORD)tid) : NULL;
	FILETIME c, e, k, us;
	uint64_t ns = 0;

	(void)t;
	if (!h)
		return 0;
	if (GetThreadTimes(h, &c, &e, &k, &us))
		ns = (ft_100ns(&k) + ft_100ns(&us)) * 100;
	CloseHandle(h);
	return ns;
}

void proc_precise_timers(void)
{
	/* the system's timer at 1 ms for the process while it runs (the default is 15.6 ms) */
	static volatile LONG done;

	if (!InterlockedExchange(&done, 1))
		timeBeginPeriod(1);
}
