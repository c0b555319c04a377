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

/* Whether this build puts buffers on huge pages (Linux: hugetlbfs; not yet the Windows build). */
bool iomem_huge_built(void);

/* Whether kind maps huge pages. */
static inline bool iomem_huge(enum buf_mem kind)
{
	return kind == MEM_SHMHUGE || kind == MEM_MMAPHUGE;
}

#endif
