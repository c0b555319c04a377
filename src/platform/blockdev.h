/* SPDX-License-Identifier: MIT */
/*
 * blockdev.h: what Linux says about a block device: its size, its logical
 * block size, and whether something (a mount, a stacked device, swap) is
 * using it or one of its partitions. Read from sysfs and /proc.
 */
#ifndef IOB_BLOCKDEV_H
#define IOB_BLOCKDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Size in bytes of the open block device fd; 0 or -errno. */
int blockdev_size(int fd, uint64_t *size);

/*
 * A device named as stat() does not see it (Windows' \\.\PhysicalDriveN and
 * \\.\X:, as fio's filename= gives them): 1 with its size, 0 for any other
 * path (Linux's /dev nodes are stat()'s), or -errno when it cannot be read.
 */
int blockdev_named(const char *path, uint64_t *size);

/* Logical block size of device dev (or of its parent disk), 0 when unknown. */
unsigned blockdev_logical_block_size(dev_t dev);

/*
 * Whether the block device dev or any partition of it is mounted (in this or
 * any other mount namespace, by its number or as a mount's source: btrfs),
 * a member of a mounted btrfs, used by a stacked device (dm, md, LVM: sysfs
 * holders), the backing device of a loop device, or used as swap. Returns 1
 * and a description in why, 0 when free, -errno when it cannot tell.
 */
int blockdev_in_use(dev_t dev, char *why, size_t len);

/* Whether the block device dev is an active swap area (/proc/swaps). */
bool blockdev_is_swap(dev_t dev);

/*
 * The mount points of block device dev (kernel name name) in this mount
 * namespace, comma-separated in list (as many as fit). Returns how many.
 */
int blockdev_mount_points(dev_t dev, const char *name, char *list, size_t len);

/*
 * Whether the regular file dev:ino (named name in messages) is in use by
 * the kernel: the backing file of a loop device, or an active swap file.
 * Returns 1 with a description in why, or 0.
 */
int blockdev_file_in_use(dev_t dev, ino_t ino, const char *name, char *why, size_t len);

/*
 * What libblkid finds on the device open as fd: partition tables (their
 * type, e.g. "gpt", "dos"), file system, RAID or LVM signatures (e.g.
 * "ext4", "linux_raid_member", "LVM2_member"), every one of them. Returns
 * how many, with their types in type ("gpt, ext4"), 0 when it finds
 * nothing, or -errno when it cannot look.
 */
int blockdev_signature(int fd, char *type, size_t len);

#endif
