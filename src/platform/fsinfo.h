/* SPDX-License-Identifier: MIT */
/* fsinfo.h: what a file system says of its room, for sizing test files to it. */
#ifndef IOB_FSINFO_H
#define IOB_FSINFO_H

#include <stdint.h>

/* The bytes an unprivileged writer may still use in the file system holding dir. 0 or -errno. */
int fsinfo_free(const char *dir, uint64_t *avail);

/* The bytes the file system gave the regular file path (its allocated blocks). 0 or -errno. */
int fsinfo_allocated(const char *path, uint64_t *bytes);

/* Whether dir is on a huge-page file system (Linux's hugetlbfs): 1, 0, or -errno. */
int fsinfo_hugepage_fs(const char *dir);

#endif
