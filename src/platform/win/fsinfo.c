/* SPDX-License-Identifier: MIT */
/* fsinfo.c: a file system's room on Windows (fsinfo.h). */
#include <errno.h>
#include <windows.h>

#include "platform/fsinfo.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/banned.h"

int fsinfo_free(const char *dir, uint64_t *avail)
{
	wchar_t *w = winpath_wide(dir);
	ULARGE_INTEGER user, total, all;
	BOOL ok;

	if (!w)
		return -ENOMEM;
	ok = GetDiskFreeSpaceExW(w, &user, &total, &all);
	free(w);
	if (!ok)
		return -winerr_errno(GetLastError());
	*avail = user.QuadPart;
	return 0;
}

int fsinfo_allocated(const char *path, uint64_t *bytes)
{
	wchar_t *w = winpath_wide(path);
	DWORD hi = 0, lo;

	if (!w)
		return -ENOMEM;
	lo = GetCompressedFileSizeW(w, &hi);	/* the bytes on the disk: sparse and compressed files' too */
	free(w);
	if (lo == INVALID_FILE_SIZE && GetLastError() != NO_ERROR)
		return -winerr_errno(GetLastError());
	*bytes = (uint64_t)hi << 32 | lo;
	return 0;
}

int fsinfo_hugepage_fs(const char *dir)
{
	(void)dir;
	return 0;	/* Windows has large pages (-l), but no file system of them */
}
