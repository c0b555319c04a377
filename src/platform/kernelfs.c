/* SPDX-License-Identifier: MIT */
/* kernelfs.c: see kernelfs.h. */
#include <stddef.h>
#include <linux/magic.h>

#include "platform/kernelfs.h"
#include "util/banned.h"

const char *kernelfs_name(long f_type)
{
	switch ((unsigned long)f_type) {
	case PROC_SUPER_MAGIC: return "proc";
	case SYSFS_MAGIC: return "sysfs";
	case DEBUGFS_MAGIC: return "debugfs";
	case TRACEFS_MAGIC: return "tracefs";
	case CGROUP_SUPER_MAGIC: return "cgroup";
	case CGROUP2_SUPER_MAGIC: return "cgroup2";
	case SECURITYFS_MAGIC: return "securityfs";
	case DEVPTS_SUPER_MAGIC: return "devpts";
	case BPF_FS_MAGIC: return "bpf";
	}
	return NULL;
}
