/* SPDX-License-Identifier: MIT */
/* blockdev.c: a disk's or volume's size on Windows (blockdev.h). */
#include <errno.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winioctl.h>

#include "platform/blockdev.h"
#include "platform/win/windisk.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/banned.h"

/* The size of the disk or volume open as h; 0 or -errno. */
static int length_of(HANDLE h, uint64_t *size)
{
	GET_LENGTH_INFORMATION li;
	DWORD n;

	if (!DeviceIoControl(h, IOCTL_DISK_GET_LENGTH_INFO, NULL, 0, &li, sizeof(li), &n, NULL))
		return -winerr_errno(GetLastError());
	*size = (uint64_t)li.Length.QuadPart;
	return 0;
}

int blockdev_size(int fd, uint64_t *size)
{
	HANDLE h = (HANDLE)_get_osfhandle(fd);

	return h == INVALID_HANDLE_VALUE ? -EBADF : length_of(h, size);
}

int blockdev_named(const char *path, uint64_t *size)
{
	wchar_t *w;
	HANDLE h;
	int r;

	if (!windisk_prefix(path) || (windisk_drive_number(path) < 0 && !windisk_volume_letter(path)))
		return 0;
	w = winpath_wide(path);
	if (!w)
		return -ENOMEM;
	h = CreateFileW(w, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0,
			NULL);
	r = h == INVALID_HANDLE_VALUE ? -winerr_errno(GetLastError()) : 0;
	free(w);
	if (r)
		return r;
	r = length_of(h, size);
	CloseHandle(h);
	return r ? r : 1;
}
