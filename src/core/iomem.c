/* SPDX-License-Identifier: MIT */
/* iomem.c: a worker's buffer region as fio's mem= kinds make it (see iomem.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>

#include "core/iomem.h"
#include "util/banned.h"

uint64_t iomem_huge_page(uint64_t *free, uint64_t *total)
{
	FILE *f = fopen("/proc/meminfo", "re");
	unsigned long long v;
	uint64_t size = 0;
	char line[256];

	*free = *total = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "HugePages_Total: %llu", &v) == 1)
			*total = v;
		else if (sscanf(line, "HugePages_Free: %llu", &v) == 1)
			*free = v;
		else if (sscanf(line, "Hugepagesize: %llu kB", &v) == 1)
			size = v * 1024;
	}
	fclose(f);
	return size;
}

static int alloc_shm(struct iomem *m, bool huge)
{
	m->shmid = shmget(IPC_PRIVATE, m->len, IPC_CREAT | 0600 | (huge ? SHM_HUGETLB : 0));
	if (m->shmid < 0)
		return -errno;
	m->base = shmat(m->shmid, NULL, 0);
	/* removed now: it goes when detached, even if the run dies */
	shmctl(m->shmid, IPC_RMID, NULL);
	if (m->base == (void *)-1) {
		m->base = NULL;
		return -errno;
	}
	return 0;
}

static int alloc_map(struct iomem *m, int fd, uint64_t off)
{
	int flags = fd >= 0 ? (m->kind == MEM_MMAP ? MAP_PRIVATE : MAP_SHARED) :
			      MAP_PRIVATE | MAP_ANONYMOUS | (m->kind == MEM_MMAPHUGE ? MAP_HUGETLB : 0);
	void *p = mmap(NULL, m->len, PROT_READ | PROT_WRITE, flags, fd, (off_t)off);

	if (p == MAP_FAILED)
		return -errno;
	m->base = p;
	return 0;
}

int iomem_alloc(struct iomem *m, enum buf_mem kind, int fd, uint64_t off, uint64_t len)
{
	uint64_t free, total, huge = iomem_huge(kind) ? iomem_huge_page(&free, &total) : 0;

	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->shmid = -1;
	m->len = huge ? (len + huge - 1) / huge * huge : len;
	if (iomem_huge(kind) && !huge)
		return -ENOSYS;
	switch (kind) {
	case MEM_MALLOC:
		return posix_memalign(&m->base, 4096, len) ? -ENOMEM : 0;
	case MEM_SHM:
	case MEM_SHMHUGE:
		return alloc_shm(m, kind == MEM_SHMHUGE);
	case MEM_MMAP:
	case MEM_MMAPHUGE:
	case MEM_MMAPSHARED:
		return alloc_map(m, fd, off);
	}
	return -EINVAL;
}

void iomem_free(struct iomem *m)
{
	if (!m->base)
		return;
	if (m->kind == MEM_MALLOC)
		free(m->base);
	else if (m->kind == MEM_SHM || m->kind == MEM_SHMHUGE)
		shmdt(m->base);
	else
		munmap(m->base, m->len);
	m->base = NULL;
}

void *iomem_aligned(size_t n)
{
	void *p;

	return posix_memalign(&p, 4096, n ? n : 1) ? NULL : p;
}

void iomem_aligned_free(void *p)
{
	free(p);
}

bool iomem_kind_built(enum buf_mem kind, bool with_file)
{
	(void)kind;
	(void)with_file;
	return true;
}

int iomem_huge_allowed(char *err, size_t len)
{
	(void)err;
	(void)len;
	return 0;	/* hugetlbfs pages need no privilege; their count is checked apart */
}

const char *iomem_huge_where(void)
{
	return "/proc/sys/vm/nr_hugepages";
}
