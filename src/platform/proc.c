/* SPDX-License-Identifier: MIT */
/* proc.c: the process's and its threads' CPU time on Linux (proc.h). */
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "platform/proc.h"
#include "util/banned.h"

static double tv_s(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

void proc_usage_read(struct proc_usage *u)
{
	struct rusage ru = { 0 };

	getrusage(RUSAGE_SELF, &ru);
	u->user_s = tv_s(&ru.ru_utime);
	u->sys_s = tv_s(&ru.ru_stime);
	u->ctx_switches = (uint64_t)(ru.ru_nvcsw + ru.ru_nivcsw);
	u->majflt = (uint64_t)ru.ru_majflt;
	u->minflt = (uint64_t)ru.ru_minflt;
}

int proc_thread_id(void)
{
	return (int)gettid();
}

uint64_t proc_thread_user_us(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return 0;
	return (uint64_t)ru.ru_utime.tv_sec * 1000000ull + (uint64_t)ru.ru_utime.tv_usec;
}

uint64_t proc_thread_demand_ns(pthread_t t, int tid)
{
	unsigned long long run, wait = 0;
	struct timespec ts;
	clockid_t cid;
	char path[64];
	FILE *f;

	if (!tid || pthread_getcpuclockid(t, &cid) || clock_gettime(cid, &ts))
		return 0;
	snprintf(path, sizeof(path), "/proc/self/task/%d/schedstat", tid);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%llu %llu", &run, &wait) != 2)
			wait = 0;
		fclose(f);
	}
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec + wait;
}

void proc_precise_timers(void)
{
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
}
