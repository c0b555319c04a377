/* SPDX-License-Identifier: MIT */
/*
 * iomem.c: I/O buffers on Windows (iomem.h): memory from VirtualAlloc (page
 * aligned, as unbuffered I/O needs). fio's shared memory and mapping kinds
 * (shm, shmhuge, mmap, mmaphuge, mmapshared) are System V and POSIX
 * facilities Windows does not have in that form: refused (-ENOSYS), with
 * the kind named by the caller.
 */
#include <errno.h>
#include <malloc.h>
#include <string.h>
#include <windows.h>

#include "core/iomem.h"
#include "util/banned.h"

uint64_t iomem_huge_page(uint64_t *free, uint64_t *total)
{
	*free = *total = 0;
	return 0;
}

int iomem_alloc(struct iomem *m, enum buf_mem kind, int fd, uint64_t off, uint64_t len)
{
	(void)fd;
	(void)off;
	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->shmid = -1;
	m->len = len;
	if (kind != MEM_MALLOC)
		return -ENOSYS;
	m->base = VirtualAlloc(NULL, len ? len : 1, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
	return m->base ? 0 : -ENOMEM;
}

void iomem_free(struct iomem *m)
{
	if (m->base)
		VirtualFree(m->base, 0, MEM_RELEASE);
	m->base = NULL;
}

void *iomem_aligned(size_t n)
{
	return _aligned_malloc(n ? n : 1, 4096);
}

void iomem_aligned_free(void *p)
{
	_aligned_free(p);
}

bool iomem_huge_built(void)
{
	return false;	/* large pages need SeLockMemoryPrivilege and VirtualAlloc(MEM_LARGE_PAGES) */
}
