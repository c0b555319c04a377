/* SPDX-License-Identifier: MIT */
/*
 * disks.h: "iobench disks" (cmd/disks.c prints the list, text or JSON) and
 * what each platform gathers into it: Linux's block devices (blockdevs.c),
 * Windows' physical drives and volumes (win/disks.c).
 */
#ifndef IOB_CMD_DISKS_H
#define IOB_CMD_DISKS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/devrule.h"
#include "monitor/device.h"

struct disk {
	struct blockdev_info info;
	char type[16];		/* disk, partition, nvme, dm, md, loop, zram, rom */
	char node[80];		/* /dev/NAME */
	char parent[64];	/* a partition's disk, or "" */
	char mounts[1024];	/* mount points here, comma-separated */
	char holders[512];	/* sysfs holders/, comma-separated */
	bool swap;
	bool judged;		/* rule holds the verdict (else open_err says why not) */
	bool probed;		/* ... and the node was read: read-only and signatures known */
	char open_err[160];
	struct devrule rule;
};

struct disks {
	struct disk *d;
	unsigned n, cap;
	bool all, json;
	char (*named)[128];	/* the kernel names of the devices named on the command line */
	unsigned nnamed;
};

/* The platform's part. What DEVICE names, for the usage ("  DEVICE  /dev/sdb or sdb..."). */
extern const char disks_usage_device[];

/* The device arg names, as disks_add takes it, into name; 0 or -EINVAL with a message. */
int disks_name_of(const char *arg, char *name, size_t nlen, char *err, size_t len);

/* Gathers the device name into s (once); 0, -ENOENT when there is none, -ENOMEM, -errno. */
int disks_add(struct disks *s, const char *name, char *err, size_t len);

/* Every device (without s->all, not those of size 0 and RAM disks), in their order. */
int disks_add_all(struct disks *s, char *err, size_t len);

/* A new blank entry at the end of s (counted), or NULL with a message. */
struct disk *disks_append(struct disks *s, char *err, size_t len);

#endif
