/* SPDX-License-Identifier: MIT */
/*
 * proc.h: the CPU time this process and its threads use, for the run's CPU
 * figures: the process's user and system time, context switches and page
 * faults (Linux: getrusage), a thread's user time, and a thread's demand on
 * the CPUs (the time it ran, plus, where the system tells, the time it sat
 * ready to run in a run queue).
 */
#ifndef IOB_PROC_H
#define IOB_PROC_H

#include <pthread.h>
#include <stdint.h>

struct proc_usage {
	double user_s, sys_s;		/* CPU time in user and kernel mode */
	uint64_t ctx_switches;		/* voluntary and involuntary (0 where not counted) */
	uint64_t majflt, minflt;	/* page faults that read the disk, and those that did not */
};

/* This process's usage so far. */
void proc_usage_read(struct proc_usage *u);

/* The calling thread's id in the system (what io_uring names its workers after). */
int proc_thread_id(void);

/* The calling thread's user CPU time so far, us (0 when it cannot be read). */
uint64_t proc_thread_user_us(void);

/*
 * The time thread t (whose system id is tid) has run or waited to run, ns:
 * what it asked of a CPU, whether or not it got one; its CPU time (exact,
 * this moment's slice too) plus the time it sat runnable in a run queue
 * (Linux's schedstat), so another process on its CPU does not make a
 * CPU-bound thread look idle. 0 when it cannot be read.
 */
uint64_t proc_thread_demand_ns(pthread_t t, int tid);

/*
 * The calling thread's timed waits end when asked, not up to 50 us later
 * (Linux's timer slack, set to 1 ns), for the paced loop and the model device.
 */
void proc_precise_timers(void);

#endif
