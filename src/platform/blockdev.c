/* SPDX-License-Identifier: MIT */
/* blockdev.c: block device facts from ioctls, sysfs and /proc. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <blkid.h>

#include "platform/blockdev.h"
#include "util/banned.h"

int blockdev_size(int fd, uint64_t *size)
{
	return ioctl(fd, BLKGETSIZE64, size) < 0 ? -errno : 0;
}

int blockdev_named(const char *path, uint64_t *size)
{
	(void)path;
	(void)size;
	return 0;
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
	char path[1024];
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

/*
 * Whether one line of a mountinfo file mounts device maj:min named name:
 * by its number (field 3), or as the mount's source (after " - fstype "),
 * which is how btrfs and others show up: their field 3 is an anonymous 0:NN.
 */
static bool mounts_device(const char *line, unsigned maj, unsigned min, const char *name,
			  char *mnt, size_t mlen)
{
	char devno[32], src[1024], point[2048];
	const char *sep = strstr(line, " - ");
	unsigned a, b;
	struct stat st;

	if (sscanf(line, "%*s %*s %31s %*s %2047s", devno, point) != 2)
		return false;
	snprintf(mnt, mlen, "%s", point);
	if (sscanf(devno, "%u:%u", &a, &b) == 2 && a == maj && b == min)
		return true;
	if (!sep || sscanf(sep + 3, "%*s %1023s", src) != 1 || strncmp(src, "/dev/", 5))
		return false;
	if (!stat(src, &st) && S_ISBLK(st.st_mode))
		return major(st.st_rdev) == maj && minor(st.st_rdev) == min;
	return !strcmp(src + 5, name);
}

/* Whether a mountinfo file mounts maj:min; names the mount point in why. */
static int mountinfo_has(const char *file, unsigned maj, unsigned min, const char *name,
			 const char *where, char *why, size_t len)
{
	FILE *f = fopen(file, "r");
	char line[4096], mnt[2048];
	int found = 0;

	if (!f)
		return -errno;
	while (!found && fgets(line, sizeof(line), f)) {
		if (mounts_device(line, maj, min, name, mnt, sizeof(mnt))) {
			snprintf(why, len, "%s is mounted on %s%s", name, mnt, where);
			found = 1;
		}
	}
	fclose(f);
	return found;
}

/*
 * Whether device maj:min is mounted here or in any other mount namespace
 * this process can see (one mountinfo read per namespace, found through
 * /proc/PID/ns/mnt).
 */
static int is_mounted(unsigned maj, unsigned min, const char *name, char *why, size_t len)
{
	char self_ns[64] = "", ns[64], path[300], where[340];
	unsigned long long *seen = NULL;
	unsigned nseen = 0;
	struct dirent *e;
	DIR *d;
	int r = mountinfo_has("/proc/self/mountinfo", maj, min, name, "", why, len);
	ssize_t n;

	if (r)
		return r;
	n = readlink("/proc/self/ns/mnt", self_ns, sizeof(self_ns) - 1);
	self_ns[n > 0 ? n : 0] = 0;
	d = opendir("/proc");
	if (!d)
		return 0;
	while (!r && (e = readdir(d))) {
		unsigned long long id;
		unsigned i;
		void *grown;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/ns/mnt", e->d_name);
		n = readlink(path, ns, sizeof(ns) - 1);
		if (n <= 0)
			continue;
		ns[n] = 0;
		if (!strcmp(ns, self_ns) || sscanf(ns, "mnt:[%llu]", &id) != 1)
			continue;
		for (i = 0; i < nseen && seen[i] != id; i++)
			;
		if (i < nseen)
			continue;
		grown = realloc(seen, (nseen + 1) * sizeof(*seen));
		if (!grown) {	/* a namespace left unread could hide a mount: cannot tell */
			r = -ENOMEM;
			break;
		}
		seen = grown;
		seen[nseen++] = id;
		snprintf(path, sizeof(path), "/proc/%s/mountinfo", e->d_name);
		snprintf(where, sizeof(where), " in another mount namespace (that of pid %s)",
			 e->d_name);
		r = mountinfo_has(path, maj, min, name, where, why, len);
		if (r < 0)
			r = 0;
	}
	closedir(d);
	free(seen);
	return r;
}

/* Whether name is a member of a mounted btrfs (/sys/fs/btrfs/UUID/devices/NAME). */
static int is_btrfs_member(const char *name, char *why, size_t len)
{
	DIR *d = opendir("/sys/fs/btrfs");
	struct dirent *e;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (e = readdir(d))) {
		char path[600];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/fs/btrfs/%s/devices/%s", e->d_name, name);
		if (!lstat(path, &st)) {
			snprintf(why, len, "%s is a device of the mounted btrfs %s", name, e->d_name);
			found = 1;
		}
	}
	closedir(d);
	return found;
}

/*
 * The backing file of loop device name as the kernel holds it
 * (LOOP_GET_STATUS64: its file system and inode), as a regular file's stat.
 */
static int loop_backing_inode(const char *name, struct stat *st)
{
	struct loop_info64 info;
	char node[300];
	int fd, r;

	snprintf(node, sizeof(node), "/dev/%s", name);
	fd = open(node, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	r = ioctl(fd, LOOP_GET_STATUS64, &info) ? -errno : 0;
	close(fd);
	if (r)
		return r;
	memset(st, 0, sizeof(*st));
	st->st_mode = S_IFREG;
	st->st_dev = (dev_t)info.lo_device;
	st->st_ino = (ino_t)info.lo_inode;
	return 0;
}

/*
 * Every attached loop device's backing file: calls match(st, loop name) for
 * each (by the file's name, then by the inode the kernel holds), and stops
 * at the first that returns 1.
 */
static int each_loop_backing(int (*match)(const struct stat *, const char *, void *), void *arg)
{
	DIR *d = opendir("/sys/block");
	struct dirent *e;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (e = readdir(d))) {
		char path[600], file[4096];
		struct stat st;
		FILE *f;

		if (strncmp(e->d_name, "loop", 4))
			continue;
		snprintf(path, sizeof(path), "/sys/block/%s/loop/backing_file", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(file, sizeof(file), f)) {
			file[strcspn(file, "\n")] = 0;
			if (!stat(file, &st))
				found = match(&st, e->d_name, arg);
		}
		fclose(f);
		/* the name may be gone (deleted, renamed, another mount namespace's): the inode */
		if (!found && !loop_backing_inode(e->d_name, &st))
			found = match(&st, e->d_name, arg);
	}
	closedir(d);
	return found;
}

struct backing_query {
	dev_t dev;		/* a block device's number, or */
	dev_t fdev;		/* a file's file system ... */
	ino_t ino;		/* ... and inode */
	char *why;
	size_t len;
	const char *name;
};

static int backs_loop(const struct stat *st, const char *loop, void *arg)
{
	struct backing_query *q = arg;

	if (q->dev ? !(S_ISBLK(st->st_mode) && st->st_rdev == q->dev)
		   : !(st->st_dev == q->fdev && st->st_ino == q->ino))
		return 0;
	snprintf(q->why, q->len, "%s backs the loop device /dev/%s (detach it first)", q->name,
		 loop);
	return 1;
}

/*
 * /proc/swaps: whether a swap area is the block device dev, or (dev 0) the
 * file fdev:ino. Names it in why.
 */
static int is_swap_of(dev_t dev, dev_t fdev, ino_t ino, const char *name, char *why, size_t len)
{
	FILE *f = fopen("/proc/swaps", "r");
	char line[1024];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		char path[1000];
		struct stat st;

		if (sscanf(line, "%999s", path) != 1 || stat(path, &st))
			continue;
		if (dev ? S_ISBLK(st.st_mode) && st.st_rdev == dev
			: S_ISREG(st.st_mode) && st.st_dev == fdev && st.st_ino == ino) {
			snprintf(why, len, "%s is in use as swap", name);
			found = 1;
		}
	}
	fclose(f);
	return found;
}

static int is_swap(dev_t dev, const char *name, char *why, size_t len)
{
	return is_swap_of(dev, 0, 0, name, why, len);
}

bool blockdev_is_swap(dev_t dev)
{
	char why[128];

	return is_swap(dev, "", why, sizeof(why)) > 0;
}

int blockdev_mount_points(dev_t dev, const char *name, char *list, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char line[4096], mnt[2048];
	int n = 0;

	list[0] = 0;
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		size_t at = strlen(list);

		if (!mounts_device(line, major(dev), minor(dev), name, mnt, sizeof(mnt)))
			continue;
		if (at + strlen(mnt) + 3 > len)	/* as many as fit */
			break;
		snprintf(list + at, len - at, "%s%s", n++ ? "," : "", mnt);
	}
	fclose(f);
	return n;
}

int blockdev_file_in_use(dev_t dev, ino_t ino, const char *name, char *why, size_t len)
{
	struct backing_query q = { .fdev = dev, .ino = ino, .why = why, .len = len, .name = name };

	if (each_loop_backing(backs_loop, &q))
		return 1;
	return is_swap_of(0, dev, ino, name, why, len);
}

/* Checks one device (whole disk or partition) given its sysfs directory. */
static int check_one(const char *dir, char *why, size_t len)
{
	char path[600], name[64] = "?";
	struct backing_query q;
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
	if (has_holder(dir, name, why, len) || is_btrfs_member(name, why, len))
		return 1;
	q = (struct backing_query){ .dev = makedev(maj, min), .why = why, .len = len,
				    .name = name };
	if (each_loop_backing(backs_loop, &q))
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

int blockdev_signature(int fd, char *type, size_t len)
{
	blkid_probe pr = blkid_new_probe();
	int r, found = 0;

	if (!pr)
		return -ENOMEM;
	if (blkid_probe_set_device(pr, fd, 0, 0)) {
		blkid_free_probe(pr);
		return -EIO;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE |
					  BLKID_SUBLKS_MAGIC);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
	type[0] = 0;
	/* every signature, one per call: a partition table and a file system are both named */
	while ((r = blkid_do_probe(pr)) == 0) {
		const char *v = NULL;
		size_t n = strlen(type);

		if (blkid_probe_lookup_value(pr, "TYPE", &v, NULL) &&
		    blkid_probe_lookup_value(pr, "PTTYPE", &v, NULL))
			v = "unknown";
		if (strstr(type, v))
			continue;
		snprintf(type + n, len - n, "%s%s", n ? ", " : "", v);
		found++;
	}
	blkid_free_probe(pr);
	if (r < 0 && !found)
		return -EIO;
	return found;
}
