/* SPDX-License-Identifier: MIT */
/*
 * host_common.c: the host facts that are the same on every platform: file
 * systems' names from the numbers results carry (Linux's statfs magic: a
 * result is read wherever it is reported; the Windows build records a
 * volume's file system by the same numbers, NTFS, FAT, exFAT, SMB, and ReFS
 * by one of its own), and the cost of a clock read.
 */
#include <stddef.h>
#include <time.h>

#include "platform/host.h"
#include "util/banned.h"

const char *host_fs_name(long f_type)
{
	static const struct {
		long magic;
		const char *name;
	} fs[] = {
		{ 0xEF53, "ext4" }, { 0x58465342, "xfs" }, { 0x9123683E, "btrfs" },
		{ 0x01021994, "tmpfs" }, { 0x6969, "nfs" }, { 0xFE534D42, "smb2" },
		{ 0xFF534D42, "cifs" }, { 0x794c7630, "overlayfs" }, { 0x2fc12fc1, "zfs" },
		{ 0xF2F52010, "f2fs" }, { 0x4d44, "vfat" }, { 0x5346544e, "ntfs" },
		{ 0x65735546, "fuse" }, { 0x858458f6, "ramfs" }, { 0x73717368, "squashfs" },
		{ 0x9fa0, "proc" }, { 0x62656572, "sysfs" },
		{ 0x2011BAB0, "exfat" }, { 0xCA451A4E, "bcachefs" }, { 0x00c36400, "ceph" },
		{ 0x47504653, "gpfs" }, { 0x0bd00bd0, "lustre" },
		{ 0x52654653, "refs" },	/* no Linux magic: the Windows build's own code for ReFS */
	};

	for (size_t i = 0; i < sizeof(fs) / sizeof(fs[0]); i++)
		if (fs[i].magic == f_type)
			return fs[i].name;
	return NULL;
}

double host_clock_cost(void)
{
	enum { N = 1000000 };
	struct timespec a, b, t;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int i = 0; i < N; i++)
		clock_gettime(CLOCK_MONOTONIC, &t);
	clock_gettime(CLOCK_MONOTONIC, &b);
	return ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / N;
}
