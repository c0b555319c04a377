/* SPDX-License-Identifier: MIT */
/*
 * iomem.h: the one region a worker's I/O buffers come from, of the kind
 * fio's mem= (iomem=) names: malloc, a SysV shared memory segment (shm,
 * shmhuge on huge pages), or a mapping (mmap: anonymous or of a file,
 * private; mmapshared: shared; mmaphuge: huge pages, anonymous or of a
 * hugetlbfs file). Allocated before the threads start, freed after.
 */
#ifndef IOB_IOMEM_H
#define IOB_IOMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job/workload.h"

struct iomem {
	enum buf_mem kind;
	void *base;		/* page-aligned (huge-page for the huge kinds) */
	uint64_t len;		/* bytes mapped or allocated */
	int shmid;		/* shm, shmhuge: the segment */
};

/*
 * Allocates len bytes (rounded up to the huge page for the huge kinds) of
 * kind into m; for a file mapping, bytes [off, off + len) of the open file
 * fd, which is already that long. Returns 0 or -errno.
 */
int iomem_alloc(struct iomem *m, enum buf_mem kind, int fd, uint64_t off, uint64_t len);

/* Releases what iomem_alloc() took (a zeroed m is fine). */
void iomem_free(struct iomem *m);

/* n bytes aligned to 4 KiB (a page, and any device's direct I/O), or NULL; freed by the next. */
void *iomem_aligned(size_t n);
void iomem_aligned_free(void *p);

/* The huge page size (/proc/meminfo's Hugepagesize), and *free huge pages; 0 when unknown. */
uint64_t iomem_huge_page(uint64_t *free, uint64_t *total);

/*
 * Whether this build makes buffers of kind (of a file's mapping, with_file):
 * Linux every kind; Windows malloc (VirtualAlloc) and anonymous huge pages
 * (DiskSpd's -l: VirtualAlloc's MEM_LARGE_PAGES).
 */
bool iomem_kind_built(enum buf_mem kind, bool with_file);

/*
 * Whether this process may have huge pages now: 0, or -EPERM with why in
 * err (Windows: the account lacks "Lock pages in memory", the privilege
 * SeLockMemoryPrivilege, which this enables when it has it).
 */
int iomem_huge_allowed(char *err, size_t len);

/* Where the huge pages' count comes from, for messages: "/proc/sys/vm/nr_hugepages". */
const char *iomem_huge_where(void);

/* Whether kind maps huge pages. */
static inline bool iomem_huge(enum buf_mem kind)
{
	return kind == MEM_SHMHUGE || kind == MEM_MMAPHUGE;
}

#endif
