/* SPDX-License-Identifier: MIT */
/* winerr.c: Windows errors as errno values (winerr.h). */
#include <errno.h>
#include <windows.h>

#include "platform/win/winerr.h"
#include "util/banned.h"

int winerr_errno(unsigned long e)
{
	switch (e) {
	case ERROR_FILE_NOT_FOUND:
	case ERROR_PATH_NOT_FOUND:
	case ERROR_INVALID_DRIVE:
	case ERROR_BAD_NETPATH:
	case ERROR_BAD_NET_NAME:
		return ENOENT;
	case ERROR_ACCESS_DENIED:
	case ERROR_PRIVILEGE_NOT_HELD:
		return EACCES;
	case ERROR_SHARING_VIOLATION:
	case ERROR_LOCK_VIOLATION:
	case ERROR_BUSY:
		return EBUSY;
	case ERROR_FILE_EXISTS:
	case ERROR_ALREADY_EXISTS:
		return EEXIST;
	case ERROR_DISK_FULL:
	case ERROR_HANDLE_DISK_FULL:
		return ENOSPC;
	case ERROR_WRITE_PROTECT:
		return EROFS;
	case ERROR_NOT_ENOUGH_MEMORY:
	case ERROR_OUTOFMEMORY:
	case ERROR_NO_SYSTEM_RESOURCES:
		return ENOMEM;
	case ERROR_INVALID_HANDLE:
		return EBADF;
	case ERROR_INVALID_PARAMETER:
	case ERROR_INVALID_FUNCTION:
	case ERROR_NEGATIVE_SEEK:
		return EINVAL;
	case ERROR_NOT_SUPPORTED:
	case ERROR_CALL_NOT_IMPLEMENTED:
		return EOPNOTSUPP;
	case ERROR_DIRECTORY:
		return ENOTDIR;
	case ERROR_FILENAME_EXCED_RANGE:
		return ENAMETOOLONG;
	case ERROR_OPERATION_ABORTED:
		return ECANCELED;
	case ERROR_CRC:
	case ERROR_SECTOR_NOT_FOUND:
	case ERROR_READ_FAULT:
	case ERROR_WRITE_FAULT:
	case ERROR_GEN_FAILURE:
	case ERROR_IO_DEVICE:
		return EIO;
	}
	return EIO;
}
