/* SPDX-License-Identifier: MIT */
/*
 * fileid.c: a file's identity and its named attributes on Windows
 * (fileid.h): the volume's serial number, the file's id and its creation
 * time (GetFileInformationByHandle); attributes as alternate data streams
 * ("file:name") of NTFS and ReFS. A file system that keeps no streams (FAT,
 * most network shares, wine's drives) answers -EOPNOTSUPP.
 */
#include <errno.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "platform/fileid.h"
#include "platform/win/winerr.h"
#include "util/banned.h"

static int info(int fd, BY_HANDLE_FILE_INFORMATION *bi)
{
	HANDLE h = (HANDLE)_get_osfhandle(fd);

	if (h == INVALID_HANDLE_VALUE)
		return -EBADF;
	if (!GetFileInformationByHandle(h, bi))
		return -winerr_errno(GetLastError());
	return 0;
}

int fileid_name(int fd, char *buf, size_t len)
{
	BY_HANDLE_FILE_INFORMATION bi;
	int r = info(fd, &bi);

	if (r)
		return r;
	snprintf(buf, len, "file-%08lx-%08lx%08lx-%08lx%08lx", bi.dwVolumeSerialNumber,
		 bi.nFileIndexHigh, bi.nFileIndexLow, bi.ftCreationTime.dwHighDateTime,
		 bi.ftCreationTime.dwLowDateTime);
	return 0;
}

int fileid_marker(int fd, char *buf, size_t len)
{
	BY_HANDLE_FILE_INFORMATION bi;
	int r = info(fd, &bi);

	if (r)
		return r;
	snprintf(buf, len, "vol=%08lx id=%08lx%08lx ctime=%08lx%08lx", bi.dwVolumeSerialNumber,
		 bi.nFileIndexHigh, bi.nFileIndexLow, bi.ftCreationTime.dwHighDateTime,
		 bi.ftCreationTime.dwLowDateTime);
	return 0;
}

/* The stream "name" of the file open as fd, opened for access (or -errno). */
static HANDLE stream(int fd, const char *name, DWORD access, DWORD disposition, int *r)
{
	HANDLE h = (HANDLE)_get_osfhandle(fd), s;
	wchar_t path[32768 + 64];
	DWORD n;

	*r = 0;
	if (h == INVALID_HANDLE_VALUE) {
		*r = -EBADF;
		return INVALID_HANDLE_VALUE;
	}
	n = GetFinalPathNameByHandleW(h, path, 32768, FILE_NAME_NORMALIZED | VOLUME_NAME_GUID);
	if (!n || n >= 32768) {
		*r = -winerr_errno(GetLastError());
		return INVALID_HANDLE_VALUE;
	}
	swprintf(path + n, 64, L":%hs", name);
	s = CreateFileW(path, access, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
			disposition, FILE_ATTRIBUTE_NORMAL, NULL);
	if (s == INVALID_HANDLE_VALUE) {
		DWORD e = GetLastError();

		*r = e == ERROR_FILE_NOT_FOUND && disposition == OPEN_EXISTING ? -ENODATA :
		     e == ERROR_FILE_NOT_FOUND ? -EOPNOTSUPP :	/* wine: no streams at all */
		     e == ERROR_INVALID_NAME || e == ERROR_NOT_SUPPORTED ||
		     e == ERROR_INVALID_PARAMETER ? -EOPNOTSUPP : -winerr_errno(e);
	}
	return s;
}

ssize_t fileid_attr_get(int fd, const char *name, void *buf, size_t len)
{
	int r;
	HANDLE s = stream(fd, name, GENERIC_READ, OPEN_EXISTING, &r);
	DWORD n = 0;

	if (s == INVALID_HANDLE_VALUE)
		return r;
	if (!ReadFile(s, buf, len > 0xffff ? 0xffff : (DWORD)len, &n, NULL))
		r = -winerr_errno(GetLastError());
	CloseHandle(s);
	return r ? r : (ssize_t)n;
}

int fileid_attr_set(int fd, const char *name, const void *buf, size_t len)
{
	int r;
	HANDLE s = stream(fd, name, GENERIC_WRITE, CREATE_ALWAYS, &r);
	DWORD n = 0;

	if (s == INVALID_HANDLE_VALUE)
		return r;
	if (!WriteFile(s, buf, (DWORD)len, &n, NULL) || n != len)
		r = -winerr_errno(GetLastError());
	CloseHandle(s);
	return r;
}
