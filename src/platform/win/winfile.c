/* SPDX-License-Identifier: MIT */
/* winfile.c: descriptors over Windows handles and their open flags (winfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>

#include "platform/win/winerr.h"
#include "platform/win/winfile.h"
#include "platform/win/winpath.h"
#include "util/banned.h"

#define FDS 8192	/* the C library's descriptors are small numbers, reused */

static struct {
	DWORD access, flags;
	bool set, sole;
} opened[FDS];
static SRWLOCK lock = SRWLOCK_INIT;

int winfile_open(const char *path, DWORD access, DWORD disposition, DWORD flags)
{
	wchar_t *w = winpath_wide(path);
	HANDLE h;
	int fd;

	if (!w)
		return -(errno ? errno : EINVAL);
	h = CreateFileW(w, access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
			disposition, flags, NULL);
	free(w);
	if (h == INVALID_HANDLE_VALUE) {
		DWORD e = GetLastError();

		/* unbuffered I/O the volume cannot do, as Linux's O_DIRECT answers EINVAL */
		errno = e == ERROR_INVALID_PARAMETER && (flags & FILE_FLAG_NO_BUFFERING) ? EINVAL
										       : winerr_errno(e);
		return -errno;
	}
	fd = _open_osfhandle((intptr_t)h, access & GENERIC_WRITE ? _O_RDWR : _O_RDONLY);
	if (fd < 0) {
		/* the C library takes no handle of a type it does not know (wine's drives) */
		int e = GetFileType(h) == FILE_TYPE_UNKNOWN ? ENOTSUP : EMFILE;

		CloseHandle(h);
		errno = e;
		return -e;
	}
	if (fd < FDS) {
		AcquireSRWLockExclusive(&lock);
		opened[fd].access = access;
		opened[fd].flags = flags;
		opened[fd].set = true;
		opened[fd].sole = false;
		ReleaseSRWLockExclusive(&lock);
	}
	return fd;
}

bool winfile_flags(int fd, DWORD *access, DWORD *flags)
{
	bool set = false;

	if (fd < 0 || fd >= FDS)
		return false;
	AcquireSRWLockShared(&lock);
	if (opened[fd].set) {
		*access = opened[fd].access;
		*flags = opened[fd].flags;
		set = true;
	}
	ReleaseSRWLockShared(&lock);
	return set;
}

void winfile_set_sole(int fd)
{
	if (fd < 0 || fd >= FDS)
		return;
	AcquireSRWLockExclusive(&lock);
	opened[fd].sole = opened[fd].set;
	ReleaseSRWLockExclusive(&lock);
}

bool winfile_sole(int fd)
{
	bool sole;

	if (fd < 0 || fd >= FDS)
		return false;
	AcquireSRWLockShared(&lock);
	sole = opened[fd].set && opened[fd].sole;
	ReleaseSRWLockShared(&lock);
	return sole;
}

int winfile_close(int fd)
{
	if (fd >= 0 && fd < FDS) {
		AcquireSRWLockExclusive(&lock);
		opened[fd].set = false;
		ReleaseSRWLockExclusive(&lock);
	}
	return _close(fd);
}
