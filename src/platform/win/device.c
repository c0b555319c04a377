/* SPDX-License-Identifier: MIT */
/*
 * device.c: the devices under a target on Windows (monitor/device.h). A file
 * lives on a volume (GetVolumePathName), the volume on the physical drives
 * its extents name (IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS); a drive's facts
 * come from IOCTL_STORAGE_QUERY_PROPERTY and its geometry, none of which
 * needs more than a handle without access (no administrator). The chain is
 * the physical drive, at level 0: Perfmon's PhysicalDisk instance "N ...",
 * whose counters the run reads (monitor/win/devsource.c); a device is 0:N.
 * A volume over several drives, a share, or a drive whose counters PDH does
 * not have gives no chain, and no_device says why. Windows tells user
 * programs no interrupt CPUs of a disk: none here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winioctl.h>

#include "monitor/devsource.h"
#include "monitor/device.h"
#include "platform/win/windisk.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/banned.h"

uint64_t device_irq_cpus(const struct device_chain *c)
{
	(void)c;
	return 0;
}

void device_numbers(dev_t dev, unsigned *major, unsigned *minor)
{
	(void)dev;
	*major = *minor = 0;
}

/* One property of an open drive into buf; false when the drive does not answer it. */
static bool query(HANDLE h, STORAGE_PROPERTY_ID id, void *buf, DWORD len)
{
	STORAGE_PROPERTY_QUERY q = { id, PropertyStandardQuery, { 0 } };
	DWORD got = 0;

	memset(buf, 0, len);
	return DeviceIoControl(h, IOCTL_STORAGE_QUERY_PROPERTY, &q, sizeof(q), buf, len, &got, NULL) &&
	       got >= 8;
}

/* The string at offset off of a device descriptor of got bytes, trimmed, appended to out. */
static void desc_string(const BYTE *desc, DWORD size, DWORD off, char *out, size_t len)
{
	size_t n = strlen(out), i;
	const char *s;

	if (!off || off >= size)
		return;
	s = (const char *)desc + off;
	while (*s == ' ')
		s++;
	if (n && n + 1 < len && *s)
		out[n++] = ' ';
	for (i = 0; s + i < (const char *)desc + size && s[i] && n + 1 < len; i++)
		out[n++] = s[i];
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = 0;
}

char windisk_prefix(const char *path)
{
	bool sep0 = path[0] == '\\' || path[0] == '/', sep1 = path[1] == '\\' || path[1] == '/';

	if (sep0 && sep1 && (path[2] == '.' || path[2] == '?') && (path[3] == '\\' || path[3] == '/'))
		return path[2];
	return 0;
}

int windisk_drive_number(const char *name)
{
	const char *p = name;
	unsigned n = 0;

	if (windisk_prefix(p))
		p += 4;
	if (_strnicmp(p, "PhysicalDrive", 13))
		return -1;
	p += 13;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9' && n < 1u << 20; p++)
		n = n * 10 + (unsigned)(*p - '0');
	return *p ? -1 : (int)n;
}

int device_describe(const char *name, struct blockdev_info *d)
{
	union {
		STORAGE_DEVICE_DESCRIPTOR dev;
		STORAGE_ACCESS_ALIGNMENT_DESCRIPTOR align;
		DEVICE_SEEK_PENALTY_DESCRIPTOR seek;
		STORAGE_WRITE_CACHE_PROPERTY cache;
		BYTE raw[1024];
	} u;
	DISK_GEOMETRY_EX geo;
	wchar_t path[64];
	DWORD got;
	HANDLE h;
	int n = windisk_drive_number(name);

	if (n < 0)
		return -ENOENT;
	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "PhysicalDrive%d", n);
	snprintf(d->kind, sizeof(d->kind), "disk");
	d->minor = (unsigned)n;
	d->rotational = d->nr_requests = d->max_sectors_kb = d->fua = d->numa_node = -1;
	d->io_poll = -1;
	d->max_segments = d->max_segment_size = -1;
	d->iostats = 1;		/* Windows' disk driver counts every request (PhysicalDisk) */
	swprintf(path, 64, L"\\\\.\\PhysicalDrive%d", n);
	h = CreateFileW(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0, NULL);
	if (h == INVALID_HANDLE_VALUE)
		return -winerr_errno(GetLastError());
	if (query(h, StorageDeviceProperty, &u, sizeof(u))) {
		DWORD size = u.dev.Size < sizeof(u) ? u.dev.Size : sizeof(u);

		desc_string(u.raw, size, u.dev.VendorIdOffset, d->model, sizeof(d->model));
		desc_string(u.raw, size, u.dev.ProductIdOffset, d->model, sizeof(d->model));
		desc_string(u.raw, size, u.dev.SerialNumberOffset, d->serial, sizeof(d->serial));
	}
	if (query(h, StorageAccessAlignmentProperty, &u, sizeof(u))) {
		d->logical_block_size = u.align.BytesPerLogicalSector;
		d->physical_block_size = u.align.BytesPerPhysicalSector;
	}
	if (query(h, StorageDeviceSeekPenaltyProperty, &u, sizeof(u)))
		d->rotational = u.seek.IncursSeekPenalty ? 1 : 0;
	if (query(h, StorageDeviceWriteCacheProperty, &u, sizeof(u))) {
		if (u.cache.WriteCacheEnabled == WriteCacheEnabled)
			snprintf(d->write_cache, sizeof(d->write_cache), "write back");
		else if (u.cache.WriteCacheEnabled == WriteCacheDisabled)
			snprintf(d->write_cache, sizeof(d->write_cache), "write through");
		d->fua = u.cache.WriteThroughSupported == WriteThroughSupported ? 1 :
			 u.cache.WriteThroughSupported == WriteThroughNotSupported ? 0 : -1;
	}
	if (DeviceIoControl(h, IOCTL_DISK_GET_DRIVE_GEOMETRY_EX, NULL, 0, &geo, sizeof(geo), &got,
			    NULL)) {
		d->size = (uint64_t)geo.DiskSize.QuadPart;
		if (!d->logical_block_size)
			d->logical_block_size = geo.Geometry.BytesPerSector;
	}
	CloseHandle(h);
	return 0;
}

int windisk_drive_of(const char *arg)
{
	size_t k = strspn(arg + (arg[0] == '#'), "0123456789");

	if (arg[0] != '#')
		return windisk_drive_number(arg);
	return k && k <= 6 && !arg[1 + k] ? atoi(arg + 1) : -1;
}

char windisk_volume_letter(const char *name)
{
	const char *p = windisk_prefix(name) ? name + 4 : name;

	if (((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')) && p[1] == ':' && !p[2])
		return (char)(*p & ~0x20);
	return 0;
}

int device_lookup(const char *arg, unsigned *major, unsigned *minor, char *name, size_t len,
		  char *err, size_t errlen)
{
	int n = windisk_drive_of(arg);

	if (n < 0) {
		snprintf(err, errlen, "monitor: '%s' names no physical drive: give #1, "
			 "PhysicalDrive1 or \\\\.\\PhysicalDrive1 (Get-Disk lists them)", arg);
		return -EINVAL;
	}
	*major = 0;
	*minor = (unsigned)n;
	snprintf(name, len, "PhysicalDrive%d", n);
	return 0;
}

const char *device_lookup_forms(void)
{
	return "#1, PhysicalDrive1 or \\\\.\\PhysicalDrive1";
}

int windisk_volume_disks(const wchar_t *vol, unsigned *disks, unsigned max)
{
	union {
		VOLUME_DISK_EXTENTS ext;
		BYTE raw[sizeof(VOLUME_DISK_EXTENTS) + 31 * sizeof(DISK_EXTENT)];
	} u;
	DWORD got;
	HANDLE h = CreateFileW(vol, 0, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING, 0,
			       NULL);
	unsigned n = 0;

	if (h == INVALID_HANDLE_VALUE)
		return -winerr_errno(GetLastError());
	if (!DeviceIoControl(h, IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS, NULL, 0, &u, sizeof(u), &got,
			     NULL)) {
		int r = -winerr_errno(GetLastError());

		CloseHandle(h);
		return r;
	}
	CloseHandle(h);
	for (DWORD i = 0; i < u.ext.NumberOfDiskExtents && i < 32; i++) {
		unsigned k = 0, dn = u.ext.Extents[i].DiskNumber;

		while (k < n && disks[k] != dn)
			k++;
		if (k == n && n < max)
			disks[n++] = dn;
	}
	return (int)n;
}

/* The chain of one drive; its counters must be in PDH, else no_device says so. */
static void chain_of_drive(struct device_chain *c, int n)
{
	char name[32];

	snprintf(name, sizeof(name), "PhysicalDrive%d", n);
	if (device_describe(name, &c->dev[0])) {
		snprintf(c->no_device, sizeof(c->no_device), "\\\\.\\%s cannot be opened for its "
			 "facts", name);
		return;
	}
	if (!devsource_has(0, (unsigned)n)) {
		snprintf(c->no_device, sizeof(c->no_device), "%s: %s has no counters for it (%s)",
			 name, devsource_name(), devsource_why());
		return;
	}
	c->n = 1;
}

int device_resolve(const char *path, struct device_chain *c)
{
	wchar_t *w, root[MAX_PATH + 1], vol[MAX_PATH + 1], fsname[64] = L"";
	unsigned disks[8];
	int n, nd;
	size_t len;

	memset(c, 0, sizeof(*c));
	if ((n = windisk_drive_number(path)) >= 0) {
		chain_of_drive(c, n);
		return 0;
	}
	if ((!strncmp(path, "\\\\.\\", 4) || !strncmp(path, "//./", 4)) &&
	    windisk_volume_letter(path))	/* a volume itself, \\.\E: */
		w = winpath_wide((char[]){ windisk_volume_letter(path), ':', '\\', 0 });
	else
		w = winpath_wide(path);
	if (!w)
		return -errno;
	if (!GetVolumePathNameW(w, root, MAX_PATH + 1)) {
		int r = -winerr_errno(GetLastError());

		free(w);
		return r;
	}
	free(w);
	winpath_utf8(root, c->mount_point, sizeof(c->mount_point));
	if (GetVolumeInformationW(root, NULL, 0, NULL, NULL, NULL, fsname, 64))
		winpath_utf8(fsname, c->fs_type, sizeof(c->fs_type));
	if ((root[0] == L'\\' && root[1] == L'\\') || GetDriveTypeW(root) == DRIVE_REMOTE) {
		snprintf(c->no_device, sizeof(c->no_device), "a network share: its disks are the "
			 "server's, whose counters this machine cannot read");
		return 0;
	}
	if (!GetVolumeNameForVolumeMountPointW(root, vol, MAX_PATH + 1))
		wcscpy(vol, root);
	winpath_utf8(vol, c->mount_source, sizeof(c->mount_source));
	len = wcslen(vol);
	if (len && vol[len - 1] == L'\\')
		vol[len - 1] = 0;	/* the volume itself, not its root directory */
	if (vol[0] && vol[1] == L':' && !vol[2]) {	/* "C:": as a device, \\.\C: */
		memmove(vol + 4, vol, 3 * sizeof(*vol));
		memcpy(vol, L"\\\\.\\", 4 * sizeof(*vol));
	}
	nd = windisk_volume_disks(vol, disks, 8);
	if (nd < 0)
		snprintf(c->no_device, sizeof(c->no_device), "the drives of volume %s cannot be "
			 "found (IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS: %s)", c->mount_point,
			 strerror(-nd));
	else if (nd == 0)
		snprintf(c->no_device, sizeof(c->no_device), "the system names no physical drive "
			 "under volume %s (IOCTL_VOLUME_GET_VOLUME_DISK_EXTENTS: no extents)",
			 c->mount_point);
	else if (nd > 1)
		snprintf(c->no_device, sizeof(c->no_device), "volume %s spans %d physical drives: "
			 "no one drive's counters are its I/O", c->mount_point, nd);
	else
		chain_of_drive(c, (int)disks[0]);
	return 0;
}
