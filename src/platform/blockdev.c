/* SPDX-License-Identifier: MIT */
/* blockdev.c: block device facts from ioctls, sysfs and /proc. */
#include <dirent.h>
#include <errno.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <blkid.h>

#include "platform/blockdev.h"

int blockdev_size(int fd, uint64_t *size)
{
	return ioctl(fd, BLKGETSIZE64, size) < 0 ? -errno : 0;
}

static int read_uint_file(const char *path, unsigned long long *v)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -errno;
	ok = fscanf(f, "%llu", v) == 1;
	fclose(f);
	return ok ? 0 : -EINVAL;
}

unsigned blockdev_logical_block_size(dev_t dev)
{
	char path[128];
	unsigned long long v;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/logical_block_size",
		 major(dev), minor(dev));
	if (!read_uint_file(path, &v))
		return (unsigned)v;
	/* A partition: the queue belongs to the whole disk, one level up. */
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../queue/logical_block_size",
		 major(dev), minor(dev));
	if (!read_uint_file(path, &v))
		return (unsigned)v;
	return 0;
}

/* Whether sysfs directory dir/holders has any entry; names the first in why. */
static int has_holder(const char *dir, const char *name, char *why, size_t len)
{
	char path[512];
	DIR *d;
	struct dirent *e;
	int found = 0;

	snprintf(path, sizeof(path), "%s/holders", dir);
	d = opendir(path);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(why, len, "%s is held by %s (a device-mapper, md or other stacked device)",
			 name, e->d_name);
		found = 1;
		break;
	}
	closedir(d);
	return found;
}

/* Whether device M:m appears as a mount source in /proc/self/mountinfo. */
static int is_mounted(unsigned maj, unsigned min, const char *name, char *why, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char line[4096];
	char want[32];
	int found = 0;

	if (!f)
		return -errno;
	snprintf(want, sizeof(want), "%u:%u", maj, min);
	while (!found && fgets(line, sizeof(line), f)) {
		char devno[32], mnt[2048];

		if (sscanf(line, "%*s %*s %31s %*s %2047s", devno, mnt) != 2)
			continue;
		if (!strcmp(devno, want)) {
			snprintf(why, len, "%s is mounted on %s", name, mnt);
			found = 1;
		}
	}
	fclose(f);
	return found;
}

static int is_swap(dev_t dev, const char *name, char *why, size_t len)
{
	FILE *f = fopen("/proc/swaps", "r");
	char line[1024];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		char path[1000];
		struct stat st;

		if (sscanf(line, "%999s", path) == 1 && !stat(path, &st) &&
		    S_ISBLK(st.st_mode) && st.st_rdev == dev) {
			snprintf(why, len, "%s is in use as swap", name);
			found = 1;
		}
	}
	fclose(f);
	return found;
}

/* Checks one device (whole disk or partition) given its sysfs directory. */
static int check_one(const char *dir, char *why, size_t len)
{
	char path[600], name[64] = "?";
	unsigned maj, min;
	FILE *f;
	int r;

	snprintf(path, sizeof(path), "%s/dev", dir);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	r = fscanf(f, "%u:%u", &maj, &min);
	fclose(f);
	if (r != 2)
		return -EINVAL;
	snprintf(path, sizeof(path), "%s/uevent", dir);
	f = fopen(path, "r");
	if (f) {
		char line[256];

		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "DEVNAME=%63s", name) == 1)
				break;
		fclose(f);
	}
	r = is_mounted(maj, min, name, why, len);
	if (r)
		return r;
	if (has_holder(dir, name, why, len))
		return 1;
	return is_swap(makedev(maj, min), name, why, len);
}

int blockdev_in_use(dev_t dev, char *why, size_t len)
{
	char dir[128], sub[512];
	DIR *d;
	struct dirent *e;
	int r;

	snprintf(dir, sizeof(dir), "/sys/dev/block/%u:%u", major(dev), minor(dev));
	r = check_one(dir, why, len);
	if (r)
		return r;
	d = opendir(dir);
	if (!d)
		return -errno;
	while (!r && (e = readdir(d))) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s/partition", dir, e->d_name);
		if (stat(sub, &st))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name);
		r = check_one(sub, why, len);
	}
	closedir(d);
	return r;
}

int blockdev_signature(const char *path, char *type, size_t len)
{
	blkid_probe pr = blkid_new_probe_from_filename(path);
	const char *v = NULL;
	int r;

	if (!pr)
		return errno ? -errno : -EIO;
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
	r = blkid_do_safeprobe(pr);
	if (r == -2) {		/* several signatures: ambiguous, and certainly not empty */
		snprintf(type, len, "several signatures");
		r = 1;
	} else if (r == 0) {
		if (blkid_probe_lookup_value(pr, "TYPE", &v, NULL) &&
		    blkid_probe_lookup_value(pr, "PTTYPE", &v, NULL))
			v = "unknown";
		snprintf(type, len, "%s", v);
		r = 1;
	} else if (r == 1) {
		r = 0;
	} else {
		r = -EIO;
	}
	blkid_free_probe(pr);
	return r;
}
