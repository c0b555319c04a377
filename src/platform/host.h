/* SPDX-License-Identifier: MIT */
/*
 * host.h: facts about the machine a run happened on, for the reports:
 * host name, kernel, CPU model and count, memory, clock source; and the
 * name of a file system from its statfs magic number; where each CPU sits.
 */
#ifndef IOB_HOST_H
#define IOB_HOST_H

#include <stddef.h>
#include <stdint.h>

struct host_info {
	char hostname[256];
	char kernel[256];	/* uname -r and -v */
	char cpu_model[256];
	char clock_source[64];
	char governor[64];	/* cpufreq scaling governor of CPU 0, "" when not exposed */
	double clock_read_ns;	/* measured cost of one CLOCK_MONOTONIC read */
	long cpu_count;
	uint64_t memory_bytes;
	char boot_id[40];	/* the kernel's boot id: processes that share one share a machine */
};

/* Fills h; fields it cannot read are left "" or 0. */
void host_info_read(struct host_info *h);

/* This machine's host name into buf (NUL-terminated); 0 or -1. */
int host_name(char *buf, size_t len);

/* The platform's name ("linux", "windows"), and why a build of it may lack MPI. */
const char *host_platform(void);
const char *host_no_mpi(void);

/*
 * A target path of the other platform, refused with a message (0: fine):
 * on Linux DiskSpd's Windows names (#1, C:\x, E:), on Windows Linux's devices
 * (/dev/sdb).
 */
int host_path_check(const char *path, char *err, size_t len);

/* n random bytes from the system's generator into buf. Returns 0 or -EIO. */
int host_random(void *buf, size_t n);

/* The CPUs configured (fio's $ncpus), and those online now. */
long host_cpus_configured(void);
long host_cpus_online(void);

/* The memory page's size, and the machine's physical memory, in bytes. */
long host_page_size(void);
uint64_t host_memory_bytes(void);

/*
 * Where one CPU sits, from sysfs (/sys/devices/system/cpu/cpuN): its
 * package (socket), its core in the package (CPUs of one core are its SMT
 * threads), its NUMA node, and its capacity (relative performance: the
 * kernel's cpu_capacity, or on a hybrid Intel part 0 for an E-core, 1 for a
 * P-core). -1 where sysfs does not say.
 */
struct cpu_place {
	int cpu;
	int package;
	int core;
	int node;
	int capacity;
};

/* Fills p for CPU cpu. */
void host_cpu_place(int cpu, struct cpu_place *p);

/*
 * The kernel's io_uring worker threads (iou-wrk-TID) in this process: how many
 * serve a ring, and the CPU seconds they have used since they started. io_uring
 * hands an I/O to such a thread when the file cannot take it without blocking;
 * their time is part of the process's own.
 */
struct io_workers {
	unsigned threads;
	double cpu_s;
	unsigned confined;	/* of them, those allowed on a single CPU (their thread's, pinned) */
};

/*
 * Calls each(arg, owner TID, CPU seconds, CPUs it may run on) for every
 * io_uring worker thread of this process, now.
 */
void host_io_workers(void (*each)(void *arg, int owner, double cpu_s, int ncpus), void *arg);

/* Times a million CLOCK_MONOTONIC reads: what each of iobench's timestamps costs, ns. */
double host_clock_cost(void);

/* "ext4", "xfs", ... for a statfs f_type, or NULL when unknown. */
const char *host_fs_name(long f_type);

#endif
