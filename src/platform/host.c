/* SPDX-License-Identifier: MIT */
/* host.c: machine facts from uname, sysconf, /proc/cpuinfo and sysfs. */
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "platform/affinity.h"
#include "platform/host.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Reads the first line of path into buf, without its newline. */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = 0;
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = 0;
	fclose(f);
}

static void cpu_model(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	buf[0] = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "model name", 10) || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = 0;
		snprintf(buf, len, "%s", colon);
		break;
	}
	fclose(f);
}

int host_name(char *buf, size_t len)
{
	if (!len || gethostname(buf, len - 1))
		return -1;
	buf[len - 1] = 0;
	return 0;
}

const char *host_platform(void)
{
	return "linux";
}

const char *host_no_mpi(void)
{
	return "libopenmpi-dev was not installed";
}

int host_path_check(const char *path, char *err, size_t len)
{
	if (path[0] == '#')
		return errmsg(err, len, -EINVAL, "'%s' is a Windows physical drive number: name the "
			      "Linux block device instead, e.g. /dev/sdb", path);
	if (path[0] && path[1] == ':' && (path[2] == '\\' || path[2] == 0))
		return errmsg(err, len, -EINVAL, "'%s' is a Windows path: give a Linux path", path);
	return 0;
}

int host_random(void *buf, size_t n)
{
	return getrandom(buf, n, 0) == (ssize_t)n ? 0 : -EIO;
}

long host_cpus_configured(void)
{
	return sysconf(_SC_NPROCESSORS_CONF);
}

long host_cpus_online(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN);
}

long host_page_size(void)
{
	return sysconf(_SC_PAGESIZE);
}

uint64_t host_memory_bytes(void)
{
	return (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
}

void host_info_read(struct host_info *h)
{
	struct utsname u;

	memset(h, 0, sizeof(*h));
	host_name(h->hostname, sizeof(h->hostname));
	if (!uname(&u))
		snprintf(h->kernel, sizeof(h->kernel), "%s %s %s", u.sysname, u.release, u.version);
	cpu_model(h->cpu_model, sizeof(h->cpu_model));
	read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  h->clock_source, sizeof(h->clock_source));
	read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", h->governor,
		  sizeof(h->governor));
	h->clock_read_ns = host_clock_cost();
	h->cpu_count = host_cpus_online();
	h->memory_bytes = host_memory_bytes();
	read_line("/proc/sys/kernel/random/boot_id", h->boot_id, sizeof(h->boot_id));
}

/* A whole number from the first line of path, or -1. */
static int read_int(const char *path)
{
	char buf[32], *end;
	long v;

	read_line(path, buf, sizeof(buf));
	v = strtol(buf, &end, 10);
	return end != buf && !*end && v >= 0 && v <= 1 << 30 ? (int)v : -1;
}

/* The NUMA node of cpu: the nodeN entry of its sysfs directory, or -1. */
static int cpu_node(int cpu)
{
	char path[64];
	struct dirent *e;
	int node = -1;
	DIR *d;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	d = opendir(path);
	if (!d)
		return -1;
	while (node < 0 && (e = readdir(d))) {
		char *end;
		long v;

		if (strncmp(e->d_name, "node", 4) || !e->d_name[4])
			continue;
		v = strtol(e->d_name + 4, &end, 10);
		if (!*end && v >= 0 && v <= 1 << 30)
			node = (int)v;
	}
	closedir(d);
	return node;
}

/* A hybrid Intel part lists its E-cores in cpu_atom/cpus: 0 for one of them, 1 for another; else -1. */
static int hybrid_capacity(int cpu)
{
	int cpus[AFFINITY_MAX];
	char list[4096], err[128];
	int n;

	read_line("/sys/devices/cpu_atom/cpus", list, sizeof(list));
	if (!list[0] || (n = affinity_parse(list, cpus, err, sizeof(err))) <= 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (cpus[i] == cpu)
			return 0;
	return 1;
}

void host_cpu_place(int cpu, struct cpu_place *p)
{
	char path[96];

	p->cpu = cpu;
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/physical_package_id",
		 cpu);
	p->package = read_int(path);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/core_id", cpu);
	p->core = read_int(path);
	p->node = cpu_node(cpu);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpu_capacity", cpu);
	p->capacity = read_int(path);
	if (p->capacity < 0)
		p->capacity = hybrid_capacity(cpu);
}

/*
 * One thread's /proc stat line: when it is an io_uring worker ("iou-wrk-TID"),
 * sets the ring owner's TID and the worker's CPU seconds and returns true.
 */
static bool io_worker_cpu(const char *tid, int *owner, double *cpu_s)
{
	char path[300], line[1024], *end;
	unsigned long utime, stime;
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "/proc/self/task/%s/stat", tid);
	f = fopen(path, "r");
	if (!f)
		return false;	/* the thread ended meanwhile */
	ok = fgets(line, sizeof(line), f) != NULL;
	fclose(f);
	/* "tid (comm) state ppid ... utime stime": comm may hold spaces, so from its last ')' */
	end = ok ? strrchr(line, ')') : NULL;
	if (!end || sscanf(strchr(line, '('), "(iou-wrk-%d)", owner) != 1)
		return false;
	if (sscanf(end + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime,
		   &stime) != 2)
		return false;
	*cpu_s = (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
	return true;
}

void host_io_workers(void (*each)(void *arg, int owner, double cpu_s, int ncpus), void *arg)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	double s;
	int owner;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && io_worker_cpu(e->d_name, &owner, &s)) {
			cpu_set_t set;
			int n = sched_getaffinity(atoi(e->d_name), sizeof(set), &set) ? 0
											: CPU_COUNT(&set);

			each(arg, owner, s, n);
		}
	closedir(d);
}
