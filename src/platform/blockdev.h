/* SPDX-License-Identifier: MIT */
/*
 * blockdev.h: what Linux says about a block device: its size, its logical
 * block size, and whether something (a mount, a stacked device, swap) is
 * using it or one of its partitions. Read from sysfs and /proc.
 */
#ifndef IOB_BLOCKDEV_H
#define IOB_BLOCKDEV_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Size in bytes of the open block device fd; 0 or -errno. */
int blockdev_size(int fd, uint64_t *size);

/* Logical block size of device dev (or of its parent disk), 0 when unknown. */
unsigned blockdev_logical_block_size(dev_t dev);

/*
 * Whether the block device dev or any partition of it is mounted, used by a
 * stacked device (dm, md, LVM: sysfs holders) or used as swap. Returns 1 and
 * a description in why, 0 when free, -errno when it cannot tell.
 */
int blockdev_in_use(dev_t dev, char *why, size_t len);

/*
 * What libblkid finds on the device at path: a partition table (its type,
 * e.g. "gpt", "dos"), a file system, RAID or LVM signature (e.g. "ext4",
 * "linux_raid_member", "LVM2_member"). Returns 1 and the type in type, 0 when
 * it finds nothing, or -errno when it cannot look.
 */
int blockdev_signature(const char *path, char *type, size_t len);

#endif
