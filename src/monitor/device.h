/* SPDX-License-Identifier: MIT */
/*
 * device.h: the block devices under a target, found the way the kernel
 * links them: the file's st_dev (or the device node's st_rdev) ->
 * /sys/dev/block/M:m -> the whole disk of a partition -> the devices a dm,
 * md or multipath device is built on (slaves/) -> a loop device's backing
 * file and the device that file lives on. Each level's facts come from
 * sysfs. Where no block device holds the target (tmpfs, NFS, overlayfs),
 * the chain is empty and no_device says why.
 */
#ifndef IOB_DEVICE_H
#define IOB_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define DEVICE_CHAIN_MAX 8

struct blockdev_info {
	unsigned major, minor;
	char name[64];		/* kernel name: sda1, dm-0, loop0, zram0, nvme0n1 */
	char kind[16];		/* disk, partition, dm, md, loop, zram */
	unsigned level;		/* 0 holds the target; higher lies beneath it */
	char model[128];	/* device/model, or dm/name */
	uint64_t size;		/* bytes */
	unsigned logical_block_size, physical_block_size;
	int rotational;		/* 1, 0, or -1 unknown */
	char scheduler[32];	/* the active one */
	int nr_requests, max_sectors_kb, fua, numa_node, iostats, io_poll;	/* -1 unknown */
	long max_segments, max_segment_size;	/* a request's most segments, and bytes each; -1 unknown */
	int loop_dio;		/* loop devices: 1 when it reads and writes its backing file direct */
	char write_cache[32];	/* "write back" / "write through" */
	char backing_file[512];	/* loop devices */
	char md_level[32];	/* md devices: md/level (raid1, ...) */
	char wwid[128];		/* a whole disk's world-wide id (wwid: NVMe, SCSI), or "" */
	char serial[96];	/* ... its serial number (serial: virtio, NVMe), or "" */
};

struct device_chain {
	struct blockdev_info dev[DEVICE_CHAIN_MAX];
	unsigned n;
	char fs_type[32];	/* file targets: from /proc/self/mountinfo */
	char mount_point[512];
	char mount_source[512];
	char mount_options[512];
	char super_options[512];	/* the file system's own (after " - " in mountinfo): compress=... */
	char no_device[320];	/* why no block device holds the target, or "" */
	bool by_source;		/* the file system's device found by its mount source (btrfs) */
};

/*
 * Resolves the devices under path: a block device node itself, or the file
 * system device of a file (pass the parent directory for a file yet to be
 * created). Fills c (c->n may be 0 with c->no_device set). Returns 0, or
 * -errno when path cannot be looked at.
 */
int device_resolve(const char *path, struct device_chain *c);

/*
 * The facts of one block device by its kernel name (sda, nvme0n1p2): those
 * of a chain's level, at level 0. Returns 0, or -ENOENT when there is none.
 */
int device_describe(const char *name, struct blockdev_info *d);

/*
 * The CPUs that take the interrupts of the hardware under chain (the MSI
 * vectors of the first device, walking up from the deepest level that has
 * one), as a bit mask of CPUs 0..63. Returns 0 when none is found (zram,
 * loop without a disk, polled devices).
 */
uint64_t device_irq_cpus(const struct device_chain *c);

/*
 * A device as a user names it for iobench monitor: Linux's /dev/sdb, sdb;
 * Windows' #1, PhysicalDrive1, \\.\PhysicalDrive1. Its numbers and kernel
 * name; 0, or -EINVAL with a message naming arg in err.
 */
int device_lookup(const char *arg, unsigned *major, unsigned *minor, char *name, size_t len,
		  char *err, size_t errlen);

/* How device_lookup's names are written here, for a usage line. */
const char *device_lookup_forms(void);

/* dev's major and minor numbers (0 and 0 where the system numbers no devices). */
void device_numbers(dev_t dev, unsigned *major, unsigned *minor);

#endif
