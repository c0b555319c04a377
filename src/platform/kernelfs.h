/* SPDX-License-Identifier: MIT */
/* kernelfs.h: the kernel's own file systems (proc, sysfs...), where no test or output file goes. */
#ifndef IOB_KERNELFS_H
#define IOB_KERNELFS_H

/* The name of the kernel file system with statfs type f_type ("proc"), or NULL for others. */
const char *kernelfs_name(long f_type);

#endif
