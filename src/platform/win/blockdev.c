/* SPDX-License-Identifier: MIT */
/* blockdev.c: a disk's or volume's size on Windows (blockdev.h). */
#include <errno.h>
#include <io.h>
#include <windows.h>
#include <winioctl.h>

#include "platform/blockdev.h"
#include "platform/win/winerr.h"
#include "util/banned.h"

int blockdev_size(int fd, uint64_t *size)
{
	HANDLE h = (HANDLE)_get_osfhandle(fd);
	GET_LENGTH_INFORMATION li;
	DWORD n;

	if (h == INVALID_HANDLE_VALUE)
		return -EBADF;
	if (!DeviceIoControl(h, IOCTL_DISK_GET_LENGTH_INFO, NULL, 0, &li, sizeof(li), &n, NULL))
		return -winerr_errno(GetLastError());
	*size = (uint64_t)li.Length.QuadPart;
	return 0;
}
