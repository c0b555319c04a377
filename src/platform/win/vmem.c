/* SPDX-License-Identifier: MIT */
/* vmem.c: reserved address space on Windows, committed as it is used (vmem.h). */
#include <errno.h>
#include <stdint.h>
#include <windows.h>

#include "platform/vmem.h"
#include "util/banned.h"

#define COMMIT_STEP (1u << 20)	/* committed a MiB at a time */
#define VMEM_AREAS 1024		/* up to three per logging thread */

/* How far each reservation is committed (a few: one per kind of fio log a thread keeps). */
static struct {
	void *base;
	size_t committed;
} areas[VMEM_AREAS];
static SRWLOCK lock = SRWLOCK_INIT;

void *vmem_reserve(size_t *cap, size_t min)
{
	for (size_t c = *cap; c >= min && c; c /= 2) {
		void *p = VirtualAlloc(NULL, c, MEM_RESERVE, PAGE_NOACCESS);

		if (!p)
			continue;
		AcquireSRWLockExclusive(&lock);
		for (unsigned i = 0; i < VMEM_AREAS; i++)
			if (!areas[i].base) {
				areas[i].base = p;
				areas[i].committed = 0;
				ReleaseSRWLockExclusive(&lock);
				*cap = c;
				return p;
			}
		ReleaseSRWLockExclusive(&lock);
		VirtualFree(p, 0, MEM_RELEASE);
		return NULL;
	}
	return NULL;
}

int vmem_use(void *base, size_t upto)
{
	int r = -ENOMEM;

	AcquireSRWLockExclusive(&lock);
	for (unsigned i = 0; i < VMEM_AREAS; i++) {
		size_t want;

		if (areas[i].base != base)
			continue;
		if (upto <= areas[i].committed) {
			r = 0;
			break;
		}
		want = (upto + COMMIT_STEP - 1) / COMMIT_STEP * COMMIT_STEP;
		if (VirtualAlloc((char *)base + areas[i].committed, want - areas[i].committed,
				 MEM_COMMIT, PAGE_READWRITE)) {
			areas[i].committed = want;
			r = 0;
		}
		break;
	}
	ReleaseSRWLockExclusive(&lock);
	return r;
}

void vmem_release(void *base, size_t cap)
{
	(void)cap;
	if (!base)
		return;
	AcquireSRWLockExclusive(&lock);
	for (unsigned i = 0; i < VMEM_AREAS; i++)
		if (areas[i].base == base)
			areas[i].base = NULL;
	ReleaseSRWLockExclusive(&lock);
	VirtualFree(base, 0, MEM_RELEASE);
}
