/* SPDX-License-Identifier: MIT */
/* device.c: walking sysfs from a target to the block devices beneath it. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "monitor/device.h"
#include "util/banned.h"

/* Reads the first line of dir/name into buf, trimmed; "" when absent. */
static void read_attr(const char *dir, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	buf[0] = 0;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(buf, (int)len, f)) {
		n = strcspn(buf, "\n");
		while (n && buf[n - 1] == ' ')
			n--;
		buf[n] = 0;
	}
	fclose(f);
}

static long read_num(const char *dir, const char *name)
{
	char buf[64], *end;
	long v;

	read_attr(dir, name, buf, sizeof(buf));
	v = strtol(buf, &end, 10);
	return buf[0] && end != buf ? v : -1;
}

/* The active scheduler: the name in brackets of queue/scheduler. */
static void scheduler(const char *queue, char *out, size_t len)
{
	char buf[128];
	char *open, *close;

	read_attr(queue, "scheduler", buf, sizeof(buf));
	open = strchr(buf, '[');
	close = open ? strchr(open, ']') : NULL;
	if (open && close) {
		*close = 0;
		snprintf(out, len, "%.31s", open + 1);
	} else {
		snprintf(out, len, "%.31s", buf);
	}
}

static void kind_of(const char *dir, const char *name, char *kind, size_t len)
{
	char path[PATH_MAX];
	const char *k = "disk";

	snprintf(path, sizeof(path), "%s/partition", dir);
	if (!access(path, F_OK))
		k = "partition";
	else if (snprintf(path, sizeof(path), "%s/dm", dir), !access(path, F_OK))
		k = "dm";
	else if (snprintf(path, sizeof(path), "%s/md", dir), !access(path, F_OK))
		k = "md";
	else if (!strncmp(name, "loop", 4))
		k = "loop";
	else if (!strncmp(name, "zram", 4))
		k = "zram";
	snprintf(kind, len, "%s", k);
}

/* Fills one level's facts from its sysfs directory. */
static void describe(const char *dir, struct blockdev_info *d)
{
	char disk[PATH_MAX + 8], queue[PATH_MAX + 16], tmp[PATH_MAX + 16], buf[64];
	long v;

	snprintf(tmp, sizeof(tmp), "%s", dir);
	snprintf(d->name, sizeof(d->name), "%s", basename(tmp));
	kind_of(dir, d->name, d->kind, sizeof(d->kind));
	/* A partition's queue and device facts belong to its disk, one level up. */
	snprintf(disk, sizeof(disk), strcmp(d->kind, "partition") ? "%s" : "%s/..", dir);
	snprintf(queue, sizeof(queue), "%s/queue", disk);
	v = read_num(dir, "size");
	d->size = v > 0 ? (uint64_t)v * 512 : 0;
	d->logical_block_size = (unsigned)(read_num(queue, "logical_block_size") > 0 ?
					   read_num(queue, "logical_block_size") : 0);
	d->physical_block_size = (unsigned)(read_num(queue, "physical_block_size") > 0 ?
					    read_num(queue, "physical_block_size") : 0);
	d->rotational = (int)read_num(queue, "rotational");
	scheduler(queue, d->scheduler, sizeof(d->scheduler));
	d->nr_requests = (int)read_num(queue, "nr_requests");
	d->max_sectors_kb = (int)read_num(queue, "max_sectors_kb");
	d->max_segments = read_num(queue, "max_segments");
	d->max_segment_size = read_num(queue, "max_segment_size");
	d->fua = (int)read_num(queue, "fua");
	d->iostats = (int)read_num(queue, "iostats");
	d->io_poll = (int)read_num(queue, "io_poll");
	read_attr(queue, "write_cache", d->write_cache, sizeof(d->write_cache));
	snprintf(tmp, sizeof(tmp), "%s/device", disk);
	d->numa_node = (int)read_num(tmp, "numa_node");
	read_attr(tmp, "model", d->model, sizeof(d->model));
	/* what names the disk wherever it is seen: a LUN several hosts share */
	read_attr(disk, "wwid", d->wwid, sizeof(d->wwid));
	if (!d->wwid[0])
		read_attr(tmp, "wwid", d->wwid, sizeof(d->wwid));
	read_attr(disk, "serial", d->serial, sizeof(d->serial));
	if (!d->serial[0])
		read_attr(tmp, "serial", d->serial, sizeof(d->serial));
	if (!d->model[0]) {
		snprintf(tmp, sizeof(tmp), "%s/dm", dir);
		read_attr(tmp, "name", d->model, sizeof(d->model));
	}
	snprintf(tmp, sizeof(tmp), "%s/md", dir);
	read_attr(tmp, "level", d->md_level, sizeof(d->md_level));
	snprintf(tmp, sizeof(tmp), "%s/loop", dir);
	read_attr(tmp, "backing_file", d->backing_file, sizeof(d->backing_file));
	d->loop_dio = (int)read_num(tmp, "dio");
	read_attr(dir, "dev", buf, sizeof(buf));
	if (sscanf(buf, "%u:%u", &d->major, &d->minor) != 2)
		d->major = d->minor = 0;
}

int device_describe(const char *name, struct blockdev_info *d)
{
	char dir[PATH_MAX];
	struct stat st;

	memset(d, 0, sizeof(*d));
	if (strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, ".."))
		return -ENOENT;
	snprintf(dir, sizeof(dir), "/sys/class/block/%s", name);
	if (stat(dir, &st))
		return -errno;
	describe(dir, d);
	return d->major || d->minor ? 0 : -ENOENT;
}

static void walk(struct device_chain *c, const char *dir, unsigned level);

/* Adds the device whose sysfs "dev" file holds M:m, found from another sysfs directory. */
static void walk_dev(struct device_chain *c, dev_t dev, unsigned level)
{
	char link[64], dir[PATH_MAX];

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(dev), minor(dev));
	if (realpath(link, dir))
		walk(c, dir, level);
}

/* Walks the devices listed in dir/sub (links to their sysfs directories). */
static void walk_children(struct device_chain *c, const char *dir, const char *sub,
			  unsigned level)
{
	char path[PATH_MAX + 16];
	struct dirent *e;
	DIR *dh;

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	dh = opendir(path);
	if (!dh)
		return;
	while ((e = readdir(dh))) {
		char one[PATH_MAX + 300], target[PATH_MAX];

		if (e->d_name[0] == '.')
			continue;
		snprintf(one, sizeof(one), "%s/%s", path, e->d_name);
		if (realpath(one, target))
			walk(c, target, level);
	}
	closedir(dh);
}

static void walk(struct device_chain *c, const char *dir, unsigned level)
{
	struct blockdev_info *d;
	char sub[PATH_MAX + 16];
	struct stat st;

	if (c->n == DEVICE_CHAIN_MAX)
		return;
	for (unsigned i = 0; i < c->n; i++) {	/* each device once */
		char tmp[PATH_MAX];
		unsigned ma, mi;

		read_attr(dir, "dev", tmp, sizeof(tmp));
		if (sscanf(tmp, "%u:%u", &ma, &mi) == 2 && ma == c->dev[i].major &&
		    mi == c->dev[i].minor)
			return;
	}
	d = &c->dev[c->n++];
	memset(d, 0, sizeof(*d));
	describe(dir, d);
	d->level = level;
	if (!strcmp(d->kind, "partition")) {
		char disk[PATH_MAX];

		snprintf(sub, sizeof(sub), "%s/..", dir);
		if (realpath(sub, disk))
			walk(c, disk, level + 1);
		return;
	}
	if (d->backing_file[0] && !stat(d->backing_file, &st) && major(st.st_dev))
		walk_dev(c, st.st_dev, level + 1);
	walk_children(c, dir, "slaves", level + 1);	/* dm, md */
	walk_children(c, dir, "multipath", level + 1);	/* NVMe native multipath paths */
}

/*
 * Mount facts of the file system holding path, from /proc/self/mountinfo:
 * the mount with path's mount ID (statx), else the one with its device
 * number (btrfs gives each subvolume a device number of its own, so only
 * the mount ID finds its mount).
 */
static void mount_info(struct device_chain *c, const char *path, dev_t dev)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	struct statx stx;
	unsigned long long want = 0;
	char line[4096];

	if (!f)
		return;
	if (!statx(AT_FDCWD, path, 0, STATX_MNT_ID, &stx) && (stx.stx_mask & STATX_MNT_ID))
		want = stx.stx_mnt_id;
	while (fgets(line, sizeof(line), f)) {
		unsigned ma, mi;
		unsigned long long id;
		char mnt[512], opts[512], fstype[32], source[512], super[512];
		char *dash = strstr(line, " - ");

		if (!dash || sscanf(line, "%llu %*s %u:%u %*s %511s %511s", &id, &ma, &mi, mnt,
				    opts) != 5)
			continue;
		if (want ? id != want : (ma != major(dev) || mi != minor(dev)))
			continue;
		super[0] = 0;
		if (sscanf(dash + 3, "%31s %511s %511s", fstype, source, super) < 2)
			continue;
		snprintf(c->fs_type, sizeof(c->fs_type), "%s", fstype);
		snprintf(c->mount_point, sizeof(c->mount_point), "%s", mnt);
		snprintf(c->mount_source, sizeof(c->mount_source), "%s", source);
		snprintf(c->mount_options, sizeof(c->mount_options), "%s", opts);
		snprintf(c->super_options, sizeof(c->super_options), "%s", super);
	}
	fclose(f);
}

int device_resolve(const char *path, struct device_chain *c)
{
	struct stat st;
	dev_t dev;

	memset(c, 0, sizeof(*c));
	if (stat(path, &st))
		return -errno;
	if (S_ISBLK(st.st_mode)) {
		dev = st.st_rdev;
	} else {
		dev = st.st_dev;
		mount_info(c, path, dev);
	}
	if (major(dev)) {
		walk_dev(c, dev, 0);
	} else if (!strncmp(c->mount_source, "/dev/", 5) && !stat(c->mount_source, &st) &&
		   S_ISBLK(st.st_mode)) {
		/* btrfs: an anonymous device number per subvolume; its device is the mount's source */
		walk_dev(c, st.st_rdev, 0);
		c->by_source = c->n > 0;
	}
	if (!c->n)
		snprintf(c->no_device, sizeof(c->no_device),
			 "no block device holds it (file system %s)",
			 c->fs_type[0] ? c->fs_type : "unknown");
	return 0;
}

/* Adds the CPUs of /proc/irq/N/effective_affinity_list to *mask. */
static void irq_cpus(const char *irq, uint64_t *mask)
{
	char name[300], buf[256], *p = buf;

	snprintf(name, sizeof(name), "%s/effective_affinity_list", irq);
	read_attr("/proc/irq", name, buf, sizeof(buf));
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p)
			return;
		p = end;
		if (*p == '-')
			hi = strtol(p + 1, &p, 10);
		for (long c = lo; c <= hi && c < 64; c++)
			*mask |= 1ull << c;
		if (*p == ',')
			p++;
		else if (*p)
			return;
	}
}

uint64_t device_irq_cpus(const struct device_chain *c)
{
	for (unsigned i = c->n; i-- > 0;) {
		char path[PATH_MAX], dir[PATH_MAX];
		uint64_t mask = 0;

		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/device", c->dev[i].major,
			 c->dev[i].minor);
		if (!realpath(path, dir))
			continue;
		for (int up = 0; up < 6 && strlen(dir) > 1; up++) {
			char irqs[PATH_MAX + 16];
			DIR *dh;
			struct dirent *e;

			snprintf(irqs, sizeof(irqs), "%s/msi_irqs", dir);
			dh = opendir(irqs);
			if (dh) {
				while ((e = readdir(dh)))
					if (e->d_name[0] != '.')
						irq_cpus(e->d_name, &mask);
				closedir(dh);
				return mask;
			}
			*strrchr(dir, '/') = 0;
		}
	}
	return 0;
}

void device_numbers(dev_t dev, unsigned *ma, unsigned *mi)
{
	*ma = major(dev);
	*mi = minor(dev);
}

int device_lookup(const char *arg, unsigned *major_out, unsigned *minor_out, char *name,
		  size_t len, char *err, size_t errlen)
{
	char path[512], buf[64];
	struct stat st;
	FILE *f;

	if (arg[0] == '/') {
		if (stat(arg, &st) || !S_ISBLK(st.st_mode)) {
			snprintf(err, errlen, "monitor: '%s' is not a block device (iobench disks "
				 "lists them)", arg);
			return -EINVAL;
		}
		*major_out = major(st.st_rdev);
		*minor_out = minor(st.st_rdev);
		snprintf(name, len, "%s", strrchr(arg, '/') + 1);
		return 0;
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/dev", arg);
	f = strchr(arg, '/') ? NULL : fopen(path, "r");
	if (!f || !fgets(buf, sizeof(buf), f) || sscanf(buf, "%u:%u", major_out, minor_out) != 2) {
		if (f)
			fclose(f);
		snprintf(err, errlen, "monitor: no block device '%s' (iobench disks lists them)", arg);
		return -EINVAL;
	}
	fclose(f);
	snprintf(name, len, "%s", arg);
	return 0;
}

const char *device_lookup_forms(void)
{
	return "/dev/sdb or sdb";
}
