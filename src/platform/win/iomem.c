/* SPDX-License-Identifier: MIT */
/*
 * iomem.c: I/O buffers on Windows (iomem.h): memory from VirtualAlloc (page
 * aligned, as unbuffered I/O needs), and for DiskSpd's -l on large pages
 * (MEM_LARGE_PAGES, whole pages of GetLargePageMinimum's size), which
 * Windows gives only to an account holding "Lock pages in memory"
 * (SeLockMemoryPrivilege), enabled here before the run. fio's shared memory
 * and mapping kinds (shm, shmhuge, mmap, mmapshared, mmaphuge of a file) are
 * System V and POSIX facilities Windows does not have in that form: refused
 * before the run (iomem_kind_built).
 */
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <windows.h>

#include "core/iomem.h"
#include "platform/win/winerr.h"
#include "util/errmsg.h"
#include "util/banned.h"

uint64_t iomem_huge_page(uint64_t *free, uint64_t *total)
{
	MEMORYSTATUSEX ms = { .dwLength = sizeof(ms) };
	uint64_t hp = GetLargePageMinimum();

	*free = *total = 0;
	if (hp && GlobalMemoryStatusEx(&ms)) {	/* no pool as Linux's: physical memory */
		*total = ms.ullTotalPhys / hp;
		*free = ms.ullAvailPhys / hp;
	}
	return hp;
}

bool iomem_kind_built(enum buf_mem kind, bool with_file)
{
	return kind == MEM_MALLOC || (kind == MEM_MMAPHUGE && !with_file);
}

int iomem_huge_allowed(char *err, size_t len)
{
	TOKEN_PRIVILEGES tp = { .PrivilegeCount = 1 };
	HANDLE tok;
	DWORD e;

	if (!OpenProcessToken(GetCurrentProcess(), TOKEN_ADJUST_PRIVILEGES | TOKEN_QUERY, &tok))
		return errmsg(err, len, -EPERM, "large pages: this process's token cannot be "
			      "adjusted: %s", strerror(winerr_errno(GetLastError())));
	tp.Privileges[0].Attributes = SE_PRIVILEGE_ENABLED;
	if (!LookupPrivilegeValueW(NULL, L"SeLockMemoryPrivilege", &tp.Privileges[0].Luid)) {
		CloseHandle(tok);
		return errmsg(err, len, -EPERM, "large pages: no SeLockMemoryPrivilege on this "
			      "system");
	}
	AdjustTokenPrivileges(tok, FALSE, &tp, 0, NULL, NULL);
	e = GetLastError();	/* ERROR_SUCCESS, or ERROR_NOT_ALL_ASSIGNED: not held */
	CloseHandle(tok);
	if (e == ERROR_NOT_ALL_ASSIGNED)
		return errmsg(err, len, -EPERM, "large pages: this account lacks \"Lock pages in "
			      "memory\" (SeLockMemoryPrivilege): grant it (secpol.msc, Local "
			      "Policies, User Rights Assignment), sign in again, and run elevated");
	if (e != ERROR_SUCCESS)
		return errmsg(err, len, -EPERM, "large pages: SeLockMemoryPrivilege cannot be "
			      "enabled: %s", strerror(winerr_errno(e)));
	return 0;
}

const char *iomem_huge_where(void)
{
	return "GetLargePageMinimum, and the free physical memory";
}

int iomem_alloc(struct iomem *m, enum buf_mem kind, int fd, uint64_t off, uint64_t len)
{
	uint64_t hp = 0, free, total;
	DWORD flags = MEM_RESERVE | MEM_COMMIT;

	(void)off;
	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->shmid = -1;
	if (!iomem_kind_built(kind, fd >= 0))
		return -ENOSYS;
	if (kind == MEM_MMAPHUGE) {
		hp = iomem_huge_page(&free, &total);
		if (!hp)
			return -ENOSYS;
		len = len ? (len + hp - 1) / hp * hp : hp;
		flags |= MEM_LARGE_PAGES;
	}
	m->len = len;
	m->base = VirtualAlloc(NULL, len ? len : 1, flags, PAGE_READWRITE);
	if (!m->base)
		return hp ? -winerr_errno(GetLastError()) : -ENOMEM;
	return 0;
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
