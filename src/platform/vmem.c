/* SPDX-License-Identifier: MIT */
/* vmem.c: reserved address space on Linux: a mapping whose pages come when touched (vmem.h). */
#include <errno.h>
#include <sys/mman.h>

#include "platform/vmem.h"
#include "util/banned.h"

void *vmem_reserve(size_t *cap, size_t min)
{
	for (size_t c = *cap; c >= min && c; c /= 2) {
		void *p = mmap(NULL, c, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (p != MAP_FAILED) {
			*cap = c;
			return p;
		}
	}
	return NULL;
}

int vmem_use(void *base, size_t upto)
{
	(void)base;
	(void)upto;
	return 0;	/* the kernel gives each page as it is first written */
}

void vmem_release(void *base, size_t cap)
{
	if (base)
		munmap(base, cap);
}
