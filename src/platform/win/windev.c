/* SPDX-License-Identifier: MIT */
/*
 * windev.c: the facts a write to a physical drive or a volume is judged on,
 * and the volume locks of --dismount (windev.h). A drive's volumes are found
 * as Windows lists them (FindFirstVolume), each placed on its drives by its
 * extents; a volume lies on a drive when any of its extents does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winioctl.h>

#include "platform/win/windev.h"
#include "platform/win/windisk.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define VOLUMES_MAX 128

struct vol {
	wchar_t guid[MAX_PATH + 1];	/* \\?\Volume{...}\ */
	char name[MAX_PATH * 3];	/* "E:", its mount path, or the \\?\Volume{...} name */
	bool mounted;			/* a file system is mounted (not RAW) */
};

static const char *why_of(DWORD e)
{
	return strerror(winerr_errno(e));
}

/* Appends item to the comma-separated list. */
static void add_item(char *list, size_t len, const char *item)
{
	size_t n = strlen(list);

	if (n + 1 < len)
		snprintf(list + n, len - n, "%s%s", n ? ", " : "", item);
}

/* The volume guid (with its backslash) by its first mount path ("E:", "C:\mnt\x\"), else the GUID. */
static void volume_name(const wchar_t *guid, char *out, size_t n)
{
	wchar_t paths[4 * MAX_PATH];
	DWORD got = 0;
	size_t k;

	if (!GetVolumePathNamesForVolumeNameW(guid, paths, 4 * MAX_PATH, &got) || !paths[0] ||
	    !winpath_utf8(paths, out, n))
		winpath_utf8(guid, out, n);
	k = strlen(out);
	if (k == 3 && out[1] == ':' && out[2] == '\\')
		out[2] = 0;
}

/* Whether a file system is mounted on the volume root (RAW is none); -1 when it cannot tell. */
static int fs_of(const wchar_t *root, char *fs, size_t n, DWORD *e)
{
	wchar_t w[64] = L"";

	fs[0] = 0;
	if (!GetVolumeInformationW(root, NULL, 0, NULL, NULL, NULL, w, 64)) {
		*e = GetLastError();
		return *e == ERROR_UNRECOGNIZED_VOLUME ? 0 : -1;
	}
	winpath_utf8(w, fs, n);
	for (char *p = fs; *p; p++)
		*p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
	if (!strcmp(fs, "raw"))
		fs[0] = 0;
	return fs[0] != 0;
}

/* Why volume guid (named name) must never be written: the Windows directory, a page file. */
static void system_of(const wchar_t *guid, const char *name, char *why, size_t n)
{
	wchar_t dir[MAX_PATH + 1], mp[MAX_PATH + 1], g[MAX_PATH + 1], paths[4 * MAX_PATH];
	static const wchar_t *const pagefiles[] = { L"pagefile.sys", L"swapfile.sys" };
	char dir8[MAX_PATH * 3];
	DWORD got = 0;

	if (GetWindowsDirectoryW(dir, MAX_PATH + 1) && GetVolumePathNameW(dir, mp, MAX_PATH + 1) &&
	    GetVolumeNameForVolumeMountPointW(mp, g, MAX_PATH + 1) && !_wcsicmp(g, guid)) {
		winpath_utf8(dir, dir8, sizeof(dir8));
		snprintf(why, n, "it holds %s, the volume Windows runs from (%s)", name, dir8);
		return;
	}
	if (!GetVolumePathNamesForVolumeNameW(guid, paths, 4 * MAX_PATH, &got))
		return;
	for (const wchar_t *p = paths; *p; p += wcslen(p) + 1)
		for (unsigned k = 0; k < 2; k++) {
			wchar_t f[MAX_PATH + 16];
			char f8[sizeof(f) * 3];

			swprintf(f, MAX_PATH + 16, L"%ls%ls", p, pagefiles[k]);
			if (GetFileAttributesW(f) == INVALID_FILE_ATTRIBUTES)
				continue;
			winpath_utf8(f, f8, sizeof(f8));
			snprintf(why, n, "it holds %s, which has a page file (%s)", name, f8);
			return;
		}
}

/* A volume's name as a handle opens it: without the trailing backslash. */
static void bare_name(const wchar_t *guid, wchar_t bare[MAX_PATH + 1])
{
	size_t k = wcslen(guid);

	wcscpy(bare, guid);
	if (k && bare[k - 1] == L'\\')
		bare[k - 1] = 0;
}

/*
 * The volumes on drive drive into v (at most max): their count, or -1 with
 * what could not be read in why.
 */
static int volumes_on(int drive, struct vol *v, unsigned max, char *why, size_t n)
{
	wchar_t guid[MAX_PATH + 1];
	HANDLE f = FindFirstVolumeW(guid, MAX_PATH + 1);
	unsigned count = 0;
	int r = 0;

	if (f == INVALID_HANDLE_VALUE) {
		snprintf(why, n, "its volumes cannot be listed (FindFirstVolume: %s)",
			 why_of(GetLastError()));
		return -1;
	}
	do {
		wchar_t bare[MAX_PATH + 1];
		unsigned disks[32];
		UINT type = GetDriveTypeW(guid);
		int nd;

		if (type == DRIVE_CDROM || type == DRIVE_REMOTE || type == DRIVE_RAMDISK)
			continue;	/* on no physical drive */
		bare_name(guid, bare);
		nd = windisk_volume_disks(bare, disks, 32);
		if (nd < 0) {
			char g8[MAX_PATH * 3];

			winpath_utf8(guid, g8, sizeof(g8));
			snprintf(why, n, "it cannot be told whether volume %s lies on it "
				 "(IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS: %s)", g8, strerror(-nd));
			r = -1;
			break;
		}
		for (int i = 0; i < nd; i++) {
			char fs[64];
			DWORD e = 0;

			if (disks[i] != (unsigned)drive)
				continue;
			if (count == max) {
				snprintf(why, n, "it holds more than %u volumes", max);
				r = -1;
				break;
			}
			wcscpy(v[count].guid, guid);
			volume_name(guid, v[count].name, sizeof(v[count].name));
			v[count].mounted = fs_of(guid, fs, sizeof(fs), &e) != 0;
			count++;
			break;
		}
	} while (!r && FindNextVolumeW(f, guid, MAX_PATH + 1));
	FindVolumeClose(f);
	return r ? r : (int)count;
}

static void drive_facts(int drive, HANDLE h, struct windev_facts *f)
{
	union {
		DRIVE_LAYOUT_INFORMATION_EX l;
		BYTE raw[sizeof(DRIVE_LAYOUT_INFORMATION_EX) + 127 * sizeof(PARTITION_INFORMATION_EX)];
	} u;
	struct vol *v;
	DWORD got;
	int nv;

	if (!DeviceIoControl(h, IOCTL_DISK_GET_DRIVE_LAYOUT_EX, NULL, 0, &u, sizeof(u), &got, NULL)) {
		snprintf(f->unknown, sizeof(f->unknown), "its partition table cannot be read "
			 "(IOCTL_DISK_GET_DRIVE_LAYOUT_EX: %s)", why_of(GetLastError()));
		f->sigs_unread = true;
		return;
	}
	if (u.l.PartitionStyle == PARTITION_STYLE_GPT || u.l.PartitionStyle == PARTITION_STYLE_MBR)
		snprintf(f->style, sizeof(f->style), "%s",
			 u.l.PartitionStyle == PARTITION_STYLE_GPT ? "gpt" : "mbr");
	v = calloc(VOLUMES_MAX, sizeof(*v));
	if (!v) {
		snprintf(f->unknown, sizeof(f->unknown), "out of memory");
		return;
	}
	nv = volumes_on(drive, v, VOLUMES_MAX, f->unknown, sizeof(f->unknown));
	for (int i = 0; i < nv && !f->system[0]; i++) {
		system_of(v[i].guid, v[i].name, f->system, sizeof(f->system));
		if (v[i].mounted)
			add_item(f->mounted, sizeof(f->mounted), v[i].name);
	}
	free(v);
}

static void volume_facts(char letter, struct windev_facts *f)
{
	wchar_t root[4], guid[MAX_PATH + 1];
	char name[3] = { letter, ':', 0 };
	DWORD e = 0;
	int m;

	swprintf(root, 4, L"%c:\\", letter);
	m = fs_of(root, f->fs, sizeof(f->fs), &e);
	if (m < 0) {
		snprintf(f->unknown, sizeof(f->unknown), "its file system cannot be read (%s)",
			 e == ERROR_NOT_READY ? "no medium" : why_of(e));
		f->sigs_unread = true;
		return;
	}
	if (m)
		snprintf(f->mounted, sizeof(f->mounted), "%s", name);
	if (GetVolumeNameForVolumeMountPointW(root, guid, MAX_PATH + 1))
		system_of(guid, name, f->system, sizeof(f->system));
	else
		snprintf(f->unknown, sizeof(f->unknown), "it cannot be told whether it holds the "
			 "system (GetVolumeNameForVolumeMountPoint: %s)", why_of(GetLastError()));
}

void windev_facts(const char *dev, struct windev_facts *f)
{
	wchar_t *w = winpath_wide(dev);
	int drive = windisk_drive_number(dev);
	char cannot[200] = "";
	HANDLE h;
	DWORD got;

	memset(f, 0, sizeof(*f));
	if (!w) {
		snprintf(f->unknown, sizeof(f->unknown), "out of memory");
		f->sigs_unread = true;
		return;
	}
	h = CreateFileW(w, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0,
			NULL);
	free(w);
	if (h == INVALID_HANDLE_VALUE)
		snprintf(cannot, sizeof(cannot), "it cannot be opened (%s%s)", why_of(GetLastError()),
			 GetLastError() == ERROR_ACCESS_DENIED ? ": drives and volumes are opened "
			 "from an administrator's prompt" : "");
	else if (!DeviceIoControl(h, IOCTL_DISK_IS_WRITABLE, NULL, 0, NULL, 0, &got, NULL) &&
		 GetLastError() == ERROR_WRITE_PROTECT)
		f->read_only = true;
	if (drive >= 0 && h != INVALID_HANDLE_VALUE)
		drive_facts(drive, h, f);
	else if (drive < 0)
		volume_facts(windisk_volume_letter(dev), f);	/* its file system needs no handle */
	if (cannot[0] && !f->unknown[0])
		snprintf(f->unknown, sizeof(f->unknown), "%s", cannot);
	f->sigs_unread |= drive >= 0 && h == INVALID_HANDLE_VALUE;
	if (h != INVALID_HANDLE_VALUE)
		CloseHandle(h);
}

bool windev_fsctl(HANDLE h, DWORD code)
{
	OVERLAPPED ov = { 0 };
	DWORD got;
	BOOL ok;

	ov.hEvent = CreateEventW(NULL, TRUE, FALSE, NULL);
	if (!ov.hEvent)
		return false;
	ok = DeviceIoControl(h, code, NULL, 0, NULL, 0, &got, &ov);
	if (!ok && GetLastError() == ERROR_IO_PENDING)
		ok = GetOverlappedResult(h, &ov, &got, TRUE);
	if (!ok) {
		DWORD e = GetLastError();

		CloseHandle(ov.hEvent);
		SetLastError(e);
		return false;
	}
	CloseHandle(ov.hEvent);
	return true;
}

int windev_lock(HANDLE h, const char *name, char *err, size_t len)
{
	if (!windev_fsctl(h, FSCTL_LOCK_VOLUME)) {
		DWORD e = GetLastError();

		return errmsg(err, len, e == ERROR_ACCESS_DENIED ? -EBUSY : -winerr_errno(e),
			      "cannot lock %s for the run (FSCTL_LOCK_VOLUME: %s)%s", name, why_of(e),
			      e == ERROR_ACCESS_DENIED ? ": a program has files open on it; close "
			      "them (or take the volume offline) and run again" : "");
	}
	if (!windev_fsctl(h, FSCTL_DISMOUNT_VOLUME))
		return errmsg(err, len, -winerr_errno(GetLastError()), "cannot dismount %s for the "
			      "run (FSCTL_DISMOUNT_VOLUME: %s)", name, why_of(GetLastError()));
	return 0;
}

int windev_lock_drive(int n, HANDLE *hs, unsigned max, unsigned *nh, char *err, size_t len)
{
	struct vol *v = calloc(VOLUMES_MAX, sizeof(*v));
	char why[320];
	int nv, r = 0;

	*nh = 0;
	if (!v)
		return errmsg(err, len, -ENOMEM, "out of memory");
	nv = volumes_on(n, v, VOLUMES_MAX, why, sizeof(why));
	if (nv < 0)
		r = errmsg(err, len, -EIO, "\\\\.\\PhysicalDrive%d: %s", n, why);
	for (int i = 0; !r && i < nv; i++) {
		wchar_t bare[MAX_PATH + 1];
		HANDLE h;

		if (!v[i].mounted)
			continue;
		if (*nh == max) {
			r = errmsg(err, len, -E2BIG, "\\\\.\\PhysicalDrive%d: more than %u mounted "
				   "volumes to lock", n, max);
			break;
		}
		bare_name(v[i].guid, bare);
		h = CreateFileW(bare, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
				NULL, OPEN_EXISTING, 0, NULL);
		if (h == INVALID_HANDLE_VALUE) {
			r = errmsg(err, len, -winerr_errno(GetLastError()), "cannot open %s to lock "
				   "it: %s", v[i].name, why_of(GetLastError()));
			break;
		}
		hs[(*nh)++] = h;
		r = windev_lock(h, v[i].name, err, len);
	}
	free(v);
	return r;
}
