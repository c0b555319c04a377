/* SPDX-License-Identifier: MIT */
/*
 * affinity.h: pinning worker threads to CPUs, as DiskSpd does by default:
 * round-robin over the CPUs this process may run on (-a<list> chooses them,
 * -n turns pinning off).
 */
#ifndef IOB_AFFINITY_H
#define IOB_AFFINITY_H

#include <stddef.h>
#include <stdint.h>

#define AFFINITY_MAX 1024

/* A set of CPUs, as the platform-free parts hold one: bit c of bits is CPU c. */
struct cpu_mask {
	uint64_t bits[AFFINITY_MAX / 64];
};

/* The CPUs this process may run on, into m (none when it cannot tell). Returns 0 or -errno. */
int affinity_allowed(struct cpu_mask *m);

/*
 * Parses a CPU list "0,2,4-7" into cpus (room for AFFINITY_MAX). Returns
 * the count, or -EINVAL with a message.
 */
int affinity_parse(const char *list, int *cpus, char *err, size_t len);

/*
 * The CPUs threads go round-robin over: the given list (each must be one
 * this process may use), or every CPU it may use when n is 0. Returns the
 * count, or -EINVAL with a message.
 */
int affinity_cpus(const int *want, unsigned n, int *out, char *err, size_t len);

/*
 * CPU cpu of processor group group (DiskSpd's -ag<group>,<cpu>) as iobench
 * numbers this machine's CPUs (every group's in turn): that number, or
 * -EINVAL with a message. Linux has one group, 0.
 */
int affinity_group_cpu(unsigned group, unsigned cpu, char *err, size_t len);

/* Pins the calling thread to cpu. Returns 0 or -errno. */
int affinity_pin(int cpu);

/* Lets the calling thread run on the n CPUs of cpus alone. Returns 0 or -errno. */
int affinity_pin_set(const int *cpus, unsigned n);

/*
 * Whether each of the n CPUs is one this process may run on: 0, or -EINVAL
 * with a message naming the first that is not (what names the list: "-a").
 */
int affinity_check(const char *what, const int *cpus, unsigned n, char *err, size_t len);

#endif
