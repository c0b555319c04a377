/* SPDX-License-Identifier: MIT */
/* fsinfo.c: a file system's room on Linux, statvfs and stat (fsinfo.h). */
#include <errno.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include "platform/fsinfo.h"
#include "util/banned.h"

#define HUGETLBFS_MAGIC 0x958458f6

int fsinfo_free(const char *dir, uint64_t *avail)
{
	struct statvfs v;

	if (statvfs(dir, &v))
		return -errno;
	*avail = (uint64_t)v.f_bavail * v.f_frsize;
	return 0;
}

int fsinfo_allocated(const char *path, uint64_t *bytes)
{
	struct stat st;

	if (stat(path, &st))
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	*bytes = (uint64_t)st.st_blocks * 512;
	return 0;
}

int fsinfo_hugepage_fs(const char *dir)
{
	struct statfs fs;

	if (statfs(dir, &fs))
		return -errno;
	return (unsigned long)fs.f_type == HUGETLBFS_MAGIC;
}
