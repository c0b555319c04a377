/* SPDX-License-Identifier: MIT */
/*
 * disks.c: what "iobench disks" lists on Windows (cmd/disks.h): the physical
 * drives (\\.\PhysicalDriveN, DiskSpd's #N), with their facts
 * (monitor/device.h), partition table and the volumes on them, then the
 * volumes with a drive letter, with their file system, label, size and the
 * drive under them; each with its WRITE verdict by the device rule
 * (core/devrule.h), as a run would judge it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winioctl.h>

#include "cmd/disks.h"
#include "core/win/windev.h"
#include "platform/win/windisk.h"
#include "platform/win/winerr.h"
#include "platform/win/winpath.h"
#include "util/errmsg.h"
#include "util/banned.h"

#define DRIVES_MAX 256		/* \\.\PhysicalDrive0 to 255 are tried */

const char disks_usage_device[] = "  DEVICE  #1, PhysicalDrive1 or \\\\.\\PhysicalDrive1, or a volume "
				  "C:; every drive and\n          volume when none is named\n";

/* The volume X: as a handle's name, \\.\X:, and its root, X:\. */
static void volume_names(char letter, wchar_t dev[8], wchar_t root[4])
{
	swprintf(dev, 8, L"\\\\.\\%c:", letter);
	swprintf(root, 4, L"%c:\\", letter);
}

int disks_name_of(const char *arg, char *name, size_t nlen, char *err, size_t len)
{
	int n = windisk_drive_of(arg);

	if (n >= 0) {
		snprintf(name, nlen, "PhysicalDrive%d", n);
		return 0;
	}
	if (windisk_volume_letter(arg)) {
		snprintf(name, nlen, "%c:", windisk_volume_letter(arg));
		return 0;
	}
	return errmsg(err, len, -EINVAL, "disks: '%s' names no physical drive or volume: give "
		      "#1, PhysicalDrive1, \\\\.\\PhysicalDrive1 or C: (iobench disks with no name "
		      "lists them all)", arg);
}

/* Appends item to the comma-separated list. */
static void list_add(char *list, size_t len, const char *item)
{
	size_t n = strlen(list);

	if (n + 1 < len)
		snprintf(list + n, len - n, "%s%s", n ? "," : "", item);
}

/* The volumes with a letter that lie on drive n, into list ("C:,D:"). */
static void volumes_on(int n, char *list, size_t len)
{
	DWORD mask = GetLogicalDrives();

	list[0] = 0;
	for (char c = 'A'; c <= 'Z'; c++) {
		wchar_t dev[8], root[4];
		unsigned disks[8];
		int nd;

		if (!(mask >> (c - 'A') & 1))
			continue;
		volume_names(c, dev, root);
		if (GetDriveTypeW(root) == DRIVE_REMOTE)
			continue;
		nd = windisk_volume_disks(dev, disks, 8);
		for (int i = 0; i < nd; i++)
			if (disks[i] == (unsigned)n) {
				char v[3] = { c, ':', 0 };

				list_add(list, len, v);
				break;
			}
	}
}

/* d's verdict by the device rule, over what Windows says of it (core/win/windev.h). */
static void judge(struct disk *d)
{
	struct windev_facts f;

	windev_facts(d->node, &f);
	devrule_judge_windows(&f, &d->rule);
	d->judged = true;
	d->probed = !f.sigs_unread;
}

static int add_drive(struct disks *s, const char *name, char *err, size_t len)
{
	struct disk *d = disks_append(s, err, len);
	int n = windisk_drive_number(name), r;

	if (!d)
		return -ENOMEM;
	r = device_describe(name, &d->info);
	if (r) {
		s->n--;
		return r == -ENOENT || r == -ENODEV ? -ENOENT : r;
	}
	snprintf(d->type, sizeof(d->type), "disk");
	snprintf(d->node, sizeof(d->node), "\\\\.\\%s", d->info.name);
	volumes_on(n, d->mounts, sizeof(d->mounts));
	judge(d);
	return 0;
}

static int add_volume(struct disks *s, char letter, char *err, size_t len)
{
	wchar_t dev[8], root[4], fs[64] = L"", label[MAX_PATH + 1] = L"";
	ULARGE_INTEGER total;
	unsigned disks[8];
	struct disk *d;
	char fs8[64] = "", label8[MAX_PATH * 3 + 1] = "";
	UINT type;
	int nd;

	volume_names(letter, dev, root);
	type = GetDriveTypeW(root);
	if (type == DRIVE_NO_ROOT_DIR || type == DRIVE_REMOTE)
		return -ENOENT;		/* no volume there, or a share (its disks are the server's) */
	d = disks_append(s, err, len);
	if (!d)
		return -ENOMEM;
	snprintf(d->info.name, sizeof(d->info.name), "%c:", letter);
	snprintf(d->info.kind, sizeof(d->info.kind), "volume");
	snprintf(d->type, sizeof(d->type), type == DRIVE_CDROM ? "rom" : "volume");
	snprintf(d->node, sizeof(d->node), "\\\\.\\%c:", letter);
	d->info.rotational = -1;
	if (GetDiskFreeSpaceExW(root, NULL, &total, NULL))
		d->info.size = total.QuadPart;
	if (GetVolumeInformationW(root, label, MAX_PATH + 1, NULL, NULL, NULL, fs, 64)) {
		winpath_utf8(fs, fs8, sizeof(fs8));
		winpath_utf8(label, label8, sizeof(label8));
		snprintf(d->info.model, sizeof(d->info.model), "%s%s%s%s", fs8, label8[0] ? " \"" : "",
			 label8, label8[0] ? "\"" : "");
		snprintf(d->mounts, sizeof(d->mounts), "%c:\\", letter);
	}
	nd = windisk_volume_disks(dev, disks, 8);
	if (nd == 1)
		snprintf(d->parent, sizeof(d->parent), "PhysicalDrive%u", disks[0]);
	judge(d);
	return 0;
}

int disks_add(struct disks *s, const char *name, char *err, size_t len)
{
	for (unsigned i = 0; i < s->n; i++)
		if (!_stricmp(s->d[i].info.name, name))
			return 0;
	if (windisk_volume_letter(name))
		return add_volume(s, windisk_volume_letter(name), err, len);
	return add_drive(s, name, err, len);
}

int disks_add_all(struct disks *s, char *err, size_t len)
{
	DWORD mask = GetLogicalDrives();
	int r = 0;

	for (int n = 0; !r && n < DRIVES_MAX; n++) {
		char name[32];

		snprintf(name, sizeof(name), "PhysicalDrive%d", n);
		r = disks_add(s, name, err, len);
		if (r == -ENOENT || (r && r != -ENOMEM))
			r = 0;		/* no such drive (the numbers may have gaps) */
		else if (!r && !s->all && !s->d[s->n - 1].info.size)
			s->n--;		/* a reader without a medium */
	}
	for (char c = 'A'; !r && c <= 'Z'; c++) {
		char name[3] = { c, ':', 0 };

		if (!(mask >> (c - 'A') & 1))
			continue;
		r = disks_add(s, name, err, len);
		if (r == -ENOENT)
			r = 0;
		else if (!r && !s->all && (!s->d[s->n - 1].info.size ||
					   !strcmp(s->d[s->n - 1].type, "rom")))
			s->n--;
	}
	return r;
}
