/* SPDX-License-Identifier: MIT */
/*
 * windev.c: the facts a write to a physical drive or a volume is judged on,
 * and the volume locks of --dismount (windev.h). A drive's volumes are found
 * as Windows lists them (FindFirstVolume), each placed on its drives by its
 * extents; a volume lies on a drive when any of its extents does. What a
 * check cannot read makes the facts unknown, never writable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winioctl.h>

#include "core/win/windev.h"
#include "platform/win/windisk.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define VOLUMES_MAX 128
#define MEMORY_KEY L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Memory Management"

struct vol {
	wchar_t guid[MAX_PATH + 1];	/* \\?\Volume{...}\ */
	char name[MAX_PATH * 3];	/* "E:", its mount path, or the \\?\Volume{...} name */
	char fs[32];			/* its file system, lower case; "" for RAW */
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

/* A volume's name as a handle opens it: without the trailing backslash. */
static void bare_name(const wchar_t *guid, wchar_t bare[MAX_PATH + 1])
{
	size_t k = wcslen(guid);

	wcscpy(bare, guid);
	if (k && bare[k - 1] == L'\\')
		bare[k - 1] = 0;
}

/* The mount paths of volume guid ("E:\", "C:\mnt\x\"), one after another, as a new block; NULL with the error set. */
static wchar_t *mount_paths(const wchar_t *guid)
{
	DWORD n = MAX_PATH, got = 0;

	for (int tries = 0; tries < 4; tries++) {
		wchar_t *p = malloc(n * sizeof(*p));

		if (!p) {
			SetLastError(ERROR_NOT_ENOUGH_MEMORY);
			return NULL;
		}
		if (GetVolumePathNamesForVolumeNameW(guid, p, n, &got))
			return p;
		free(p);
		if (GetLastError() != ERROR_MORE_DATA)
			return NULL;
		n = got > n ? got : 2 * n;
	}
	return NULL;
}

/* The volume guid (with its backslash) by its first mount path ("E:", "C:\mnt\x\"), else the GUID. */
static void volume_name(const wchar_t *guid, char *out, size_t n)
{
	wchar_t *paths = mount_paths(guid);
	size_t k;

	if (!paths || !paths[0] || !winpath_utf8(paths, out, n))
		winpath_utf8(guid, out, n);
	free(paths);
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

/* The volume GUID (\\?\Volume{...}\) of the volume that holds path; false with the error set. */
static bool guid_of_path(const wchar_t *path, wchar_t g[MAX_PATH + 1])
{
	wchar_t mp[MAX_PATH + 1];

	return GetVolumePathNameW(path, mp, MAX_PATH + 1) &&
	       GetVolumeNameForVolumeMountPointW(mp, g, MAX_PATH + 1);
}

/* Whether the page files Windows uses now (ExistingPageFiles: \??\C:\pagefile.sys ...) include one on guid. */
static int pagefile_on(const wchar_t *guid, char *file, size_t n, DWORD *e)
{
	DWORD size = 0;
	wchar_t *list;
	LSTATUS s = RegGetValueW(HKEY_LOCAL_MACHINE, MEMORY_KEY, L"ExistingPageFiles",
				 RRF_RT_REG_MULTI_SZ, NULL, NULL, &size);
	int found = 0;

	if (s == ERROR_FILE_NOT_FOUND)
		return 0;	/* no page file */
	if (s != ERROR_SUCCESS || !(list = calloc(size + 4, 1))) {
		*e = s != ERROR_SUCCESS ? (DWORD)s : ERROR_NOT_ENOUGH_MEMORY;
		return -1;
	}
	s = RegGetValueW(HKEY_LOCAL_MACHINE, MEMORY_KEY, L"ExistingPageFiles", RRF_RT_REG_MULTI_SZ,
			 NULL, list, &size);
	if (s != ERROR_SUCCESS) {
		free(list);
		*e = (DWORD)s;
		return -1;
	}
	for (const wchar_t *p = list; *p && !found; p += wcslen(p) + 1) {
		const wchar_t *path = wcsncmp(p, L"\\??\\", 4) ? p : p + 4;
		wchar_t g[MAX_PATH + 1];

		if (guid_of_path(path, g) && !_wcsicmp(g, guid)) {
			winpath_utf8(path, file, n);
			found = 1;
		}
	}
	free(list);
	return found;
}

/* The volume Windows booted from (HKLM\SYSTEM\Setup's SystemPartition) is guid's: 1, 0, or -1 (e set). */
static int boots_from(const wchar_t *guid, char *dev, size_t n, DWORD *e)
{
	wchar_t part[MAX_PATH + 1], bare[MAX_PATH + 1], nt[MAX_PATH + 1];
	DWORD size = sizeof(part);
	LSTATUS s = RegGetValueW(HKEY_LOCAL_MACHINE, L"SYSTEM\\Setup", L"SystemPartition",
				 RRF_RT_REG_SZ, NULL, part, &size);

	if (s == ERROR_FILE_NOT_FOUND)
		return 0;	/* not said: a system set up without one */
	if (s != ERROR_SUCCESS) {
		*e = (DWORD)s;
		return -1;
	}
	bare_name(guid, bare);	/* \\?\Volume{...}: QueryDosDevice takes Volume{...} */
	if (wcsncmp(bare, L"\\\\?\\", 4) || !QueryDosDeviceW(bare + 4, nt, MAX_PATH + 1)) {
		*e = GetLastError();
		return -1;
	}
	if (_wcsicmp(nt, part))
		return 0;
	winpath_utf8(part, dev, n);
	return 1;
}

/*
 * Why volume guid (named name) must never be written: it holds the Windows
 * directory, a page file, or the partition Windows boots from; into
 * f->system, or what could not be told into f->unknown.
 */
static void system_of(const wchar_t *guid, const char *name, struct windev_facts *f)
{
	static const wchar_t *const pagefiles[] = { L"pagefile.sys", L"swapfile.sys" };
	wchar_t dir[MAX_PATH + 1], g[MAX_PATH + 1], *paths;
	char what[MAX_PATH * 3];
	DWORD e = 0;
	int r;

	if (!GetWindowsDirectoryW(dir, MAX_PATH + 1) || !guid_of_path(dir, g)) {
		snprintf(f->unknown, sizeof(f->unknown), "it cannot be told whether %s holds the "
			 "Windows directory (%s)", name, why_of(GetLastError()));
		return;
	}
	if (!_wcsicmp(g, guid)) {
		winpath_utf8(dir, what, sizeof(what));
		snprintf(f->system, sizeof(f->system), "it holds %s, the volume Windows runs from (%s)",
			 name, what);
		return;
	}
	r = pagefile_on(guid, what, sizeof(what), &e);
	if (r > 0) {
		snprintf(f->system, sizeof(f->system), "it holds %s, which has a page file in use (%s)",
			 name, what);
		return;
	}
	if (r < 0) {
		snprintf(f->unknown, sizeof(f->unknown), "it cannot be told whether %s has a page file "
			 "(the registry's ExistingPageFiles: %s)", name, why_of(e));
		return;
	}
	r = boots_from(guid, what, sizeof(what), &e);
	if (r > 0) {
		snprintf(f->system, sizeof(f->system), "it holds %s, the system partition Windows boots "
			 "from (%s)", name, what);
		return;
	}
	if (r < 0) {
		snprintf(f->unknown, sizeof(f->unknown), "it cannot be told whether %s is the partition "
			 "Windows boots from (%s)", name, why_of(e));
		return;
	}
	/* a page file Windows is not using now, at a root: FindFirstFile sees one in use too */
	paths = mount_paths(guid);
	if (!paths) {
		snprintf(f->unknown, sizeof(f->unknown), "the mount paths of %s cannot be read (%s)",
			 name, why_of(GetLastError()));
		return;
	}
	for (const wchar_t *p = paths; *p && !f->system[0]; p += wcslen(p) + 1)
		for (unsigned k = 0; k < 2 && !f->system[0]; k++) {
			wchar_t file[MAX_PATH + 16];
			WIN32_FIND_DATAW fd;
			HANDLE h;

			if (wcslen(p) + wcslen(pagefiles[k]) >= MAX_PATH + 16)
				continue;
			swprintf(file, MAX_PATH + 16, L"%ls%ls", p, pagefiles[k]);
			h = FindFirstFileW(file, &fd);
			if (h == INVALID_HANDLE_VALUE)
				continue;
			FindClose(h);
			winpath_utf8(file, what, sizeof(what));
			snprintf(f->system, sizeof(f->system), "it holds %s, which has a page file (%s)",
				 name, what);
		}
	free(paths);
}

/*
 * The volumes on drive drive into v (at most max): their count, or -1 with
 * what could not be read in why. A volume without a medium (an empty card
 * reader) lies on no drive's sectors, and is passed over.
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
		char fs[32], g8[MAX_PATH * 3];
		DWORD e = 0;
		int nd, m;

		if (type == DRIVE_CDROM || type == DRIVE_REMOTE || type == DRIVE_RAMDISK)
			continue;	/* on no physical drive */
		m = fs_of(guid, fs, sizeof(fs), &e);
		if (m < 0 && (e == ERROR_NOT_READY || e == ERROR_NO_MEDIA_IN_DRIVE))
			continue;
		winpath_utf8(guid, g8, sizeof(g8));
		if (m < 0) {
			snprintf(why, n, "the file system of volume %s cannot be read (%s)", g8,
				 why_of(e));
			r = -1;
			break;
		}
		bare_name(guid, bare);
		nd = windisk_volume_disks(bare, disks, 32);
		if (nd < 0) {
			snprintf(why, n, "it cannot be told whether volume %s lies on it "
				 "(IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS: %s)", g8, strerror(-nd));
			r = -1;
			break;
		}
		for (int i = 0; i < nd; i++) {
			if (disks[i] != (unsigned)drive)
				continue;
			if (count == max) {
				snprintf(why, n, "it holds more than %u volumes", max);
				r = -1;
				break;
			}
			wcscpy(v[count].guid, guid);
			volume_name(guid, v[count].name, sizeof(v[count].name));
			snprintf(v[count].fs, sizeof(v[count].fs), "%s", fs);
			count++;
			break;
		}
	} while (!r && FindNextVolumeW(f, guid, MAX_PATH + 1));
	if (!r && GetLastError() != ERROR_NO_MORE_FILES) {
		snprintf(why, n, "its volumes cannot be listed (FindNextVolume: %s)",
			 why_of(GetLastError()));
		r = -1;
	}
	FindVolumeClose(f);
	return r ? r : (int)count;
}

/* GPT partition types of pool and dynamic-disk members: their volumes are not the drive's. */
static const GUID spaces_type = { 0xE75CAF8F, 0xF680, 0x4CEE,
				  { 0xAF, 0xA3, 0xB0, 0x01, 0xE5, 0x6E, 0xFC, 0x2D } };
static const GUID ldm_meta_type = { 0x5808C8AA, 0x7E8F, 0x42E0,
				    { 0x85, 0xD2, 0xE1, 0xE9, 0x04, 0x34, 0xCF, 0xB3 } };
static const GUID ldm_data_type = { 0xAF9B60A0, 0x1431, 0x4F62,
				    { 0xBC, 0x68, 0x33, 0x11, 0x71, 0x4A, 0x69, 0xAD } };

/* Why a drive with this layout is another device's member (Storage Spaces, a dynamic disk), or NULL. */
static const char *member_of(const DRIVE_LAYOUT_INFORMATION_EX *l)
{
	for (DWORD i = 0; i < l->PartitionCount && i < 128; i++) {
		const PARTITION_INFORMATION_EX *p = &l->PartitionEntry[i];

		if (p->PartitionStyle == PARTITION_STYLE_GPT &&
		    !memcmp(&p->Gpt.PartitionType, &spaces_type, sizeof(GUID)))
			return "it is a member of a Storage Spaces pool (its data is the pool's "
			       "virtual disks': write one of those, or a volume on it)";
		if ((p->PartitionStyle == PARTITION_STYLE_GPT &&
		     (!memcmp(&p->Gpt.PartitionType, &ldm_meta_type, sizeof(GUID)) ||
		      !memcmp(&p->Gpt.PartitionType, &ldm_data_type, sizeof(GUID)))) ||
		    (p->PartitionStyle == PARTITION_STYLE_MBR && p->Mbr.PartitionType == 0x42))
			return "it is a dynamic disk (LDM), whose volumes may span other drives: "
			       "write a volume on it instead";
	}
	return NULL;
}

static void drive_facts(int drive, HANDLE h, struct windev_facts *f)
{
	union {
		DRIVE_LAYOUT_INFORMATION_EX l;
		BYTE raw[sizeof(DRIVE_LAYOUT_INFORMATION_EX) + 127 * sizeof(PARTITION_INFORMATION_EX)];
	} u;
	const char *member;
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
	member = member_of(&u.l);
	if (member) {
		snprintf(f->system, sizeof(f->system), "%s", member);
		return;
	}
	v = calloc(VOLUMES_MAX, sizeof(*v));
	if (!v) {
		snprintf(f->unknown, sizeof(f->unknown), "out of memory");
		return;
	}
	nv = volumes_on(drive, v, VOLUMES_MAX, f->unknown, sizeof(f->unknown));
	for (int i = 0; i < nv && !f->system[0] && !f->unknown[0]; i++) {
		system_of(v[i].guid, v[i].name, f);
		if (v[i].fs[0])
			add_item(f->mounted, sizeof(f->mounted), v[i].name);
		/* no partition table: a file system over the whole drive (a "superfloppy") */
		if (!f->style[0] && v[i].fs[0] && !f->fs[0])
			snprintf(f->fs, sizeof(f->fs), "%s", v[i].fs);
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
		system_of(guid, name, f);
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
	if (h == INVALID_HANDLE_VALUE) {
		DWORD e = GetLastError();

		snprintf(cannot, sizeof(cannot), "it cannot be opened (%s%s)", why_of(e),
			 e == ERROR_ACCESS_DENIED ? ": drives and volumes are opened from an "
			 "administrator's prompt" : "");
	} else if (!DeviceIoControl(h, IOCTL_DISK_IS_WRITABLE, NULL, 0, NULL, 0, &got, NULL) &&
		   GetLastError() == ERROR_WRITE_PROTECT) {
		f->read_only = true;
	}
	free(w);
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
	DWORD got, e;
	BOOL ok;

	ov.hEvent = CreateEventW(NULL, TRUE, FALSE, NULL);
	if (!ov.hEvent)
		return false;
	ok = DeviceIoControl(h, code, NULL, 0, NULL, 0, &got, &ov);
	if (!ok && GetLastError() == ERROR_IO_PENDING)
		ok = GetOverlappedResult(h, &ov, &got, TRUE);
	e = GetLastError();
	CloseHandle(ov.hEvent);
	SetLastError(ok ? 0 : e);
	return ok;
}

int windev_lock(HANDLE h, const char *name, char *err, size_t len)
{
	DWORD e;

	if (!windev_fsctl(h, FSCTL_LOCK_VOLUME)) {
		e = GetLastError();
		return errmsg(err, len, e == ERROR_ACCESS_DENIED ? -EBUSY : -winerr_errno(e),
			      "cannot lock %s for the run (FSCTL_LOCK_VOLUME: %s)%s", name, why_of(e),
			      e == ERROR_ACCESS_DENIED ? ": a program has files open on it; close "
			      "them (or take the volume offline) and run again" : "");
	}
	if (!windev_fsctl(h, FSCTL_DISMOUNT_VOLUME)) {
		e = GetLastError();
		return errmsg(err, len, -winerr_errno(e), "cannot dismount %s for the run "
			      "(FSCTL_DISMOUNT_VOLUME: %s)", name, why_of(e));
	}
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

		if (!v[i].fs[0])
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
			DWORD e = GetLastError();

			r = errmsg(err, len, -winerr_errno(e), "cannot open %s to lock it: %s",
				   v[i].name, why_of(e));
			break;
		}
		hs[(*nh)++] = h;
		r = windev_lock(h, v[i].name, err, len);
	}
	free(v);
	return r;
}

bool windev_volume_on(const char *path, int drive, const char *volume)
{
	wchar_t *w = winpath_wide(path), g[MAX_PATH + 1], vg[MAX_PATH + 1], root[4], bare[MAX_PATH + 1];
	char letter = windisk_volume_letter(path);
	unsigned disks[32];
	bool on = false;
	int nd;

	if (!w)
		return true;	/* cannot tell: taken as on it, so that the run refuses */
	if (windisk_drive_number(path) >= 0 || (!windisk_prefix(path) &&
	    (path[0] == '\\' || path[0] == '/') && (path[1] == '\\' || path[1] == '/'))) {
		free(w);
		return false;	/* a drive is on no volume; a share's file on the server's */
	}
	if (letter) {
		swprintf(root, 4, L"%c:\\", letter);
		on = !GetVolumeNameForVolumeMountPointW(root, g, MAX_PATH + 1);
	} else {
		on = !guid_of_path(w, g);
	}
	free(w);
	if (on)
		return true;
	if (volume) {
		swprintf(root, 4, L"%c:\\", windisk_volume_letter(volume));
		return !GetVolumeNameForVolumeMountPointW(root, vg, MAX_PATH + 1) || !_wcsicmp(g, vg);
	}
	bare_name(g, bare);
	nd = windisk_volume_disks(bare, disks, 32);
	if (nd < 0)
		return true;
	for (int i = 0; i < nd; i++)
		if (disks[i] == (unsigned)drive)
			return true;
	return false;
}
