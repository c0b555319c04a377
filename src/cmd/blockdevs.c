/* SPDX-License-Identifier: MIT */
/*
 * blockdevs.c: what "iobench disks" lists on Linux (cmd/disks.h): the
 * machine's block devices, as lsblk lists them (disks and their partitions,
 * dm, md, loop, zram, NVMe namespaces), each with its facts from sysfs, where
 * it is mounted, what holds it, its signatures, and the run's own rule
 * (core/devrule.h) on it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "cmd/disks.h"
#include "platform/blockdev.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* The names in sysfs directory dir, comma-separated in out. */
static void list_dir(const char *dir, char *out, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t at = 0;

	out[0] = 0;
	if (!d)
		return;
	while ((e = readdir(d))) {
		int n;

		if (e->d_name[0] == '.')
			continue;
		n = snprintf(out + at, len - at, "%s%s", at ? "," : "", e->d_name);
		if (n < 0 || (size_t)n >= len - at) {
			out[at] = 0;
			break;
		}
		at += (size_t)n;
	}
	closedir(d);
}

static const char *type_of(const struct blockdev_info *i)
{
	if (!strcmp(i->kind, "disk") && !strncmp(i->name, "nvme", 4))
		return "nvme";
	if (!strcmp(i->kind, "disk") && !strncmp(i->name, "sr", 2))
		return "rom";
	return i->kind;
}

/* The device node of kernel name name: DEVNAME of its uevent (/dev/mapper's are links). */
static void node_of(const char *sys, const char *name, char *node, size_t len)
{
	char path[PATH_MAX + 16], line[256], dev[128] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/uevent", sys);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "DEVNAME=%127s", dev) == 1)
			break;
	if (f)
		fclose(f);
	snprintf(node, len, "/dev/%s", dev[0] ? dev : name);
}

/*
 * Judges d by the run's rule (core/devrule.h) on its node, opened read-only.
 * Where the node cannot be opened (not root), what sysfs and /proc show still
 * rules it out (mounted, held, swap); otherwise its verdict is unknown.
 */
static int judge(struct disk *d)
{
	dev_t dev = makedev(d->info.major, d->info.minor);
	struct stat st;
	int fd = open(d->node, O_RDONLY | O_CLOEXEC | O_NONBLOCK), r;

	if (fd >= 0 && (fstat(fd, &st) || !S_ISBLK(st.st_mode) || st.st_rdev != dev)) {
		close(fd);
		fd = -1;
		errno = ENODEV;
	}
	if (fd < 0) {
		snprintf(d->open_err, sizeof(d->open_err), "cannot open %s: %s", d->node,
			 errno == ENODEV ? "it is not this device" : strerror(errno));
		r = blockdev_in_use(dev, d->rule.why, sizeof(d->rule.why));
		if (r > 0) {
			d->rule.verdict = DEVRULE_NEVER;
			d->judged = true;
		}
		return r == -ENOMEM ? r : 0;
	}
	r = devrule_check(fd, dev, false, &d->rule);
	close(fd);
	d->judged = d->probed = true;
	if (d->rule.verdict < DEVRULE_NEVER && !d->info.size) {	/* nothing a run could do on it */
		d->rule.verdict = DEVRULE_NEVER;
		snprintf(d->rule.why, sizeof(d->rule.why), "its size is 0 (a loop or zram device "
			 "not set up, or a drive without a medium)");
	}
	return r;
}

/* Gathers what is said of the device of kernel name name; 0, or -errno (-ENOENT: none). */
static int gather(const char *name, struct disk *d)
{
	char sys[128], path[160], link[PATH_MAX], *slash;
	ssize_t n;
	int r = device_describe(name, &d->info);

	if (r)
		return r;
	snprintf(d->type, sizeof(d->type), "%s", type_of(&d->info));
	snprintf(sys, sizeof(sys), "/sys/class/block/%.64s", name);
	node_of(sys, name, d->node, sizeof(d->node));
	n = readlink(sys, link, sizeof(link) - 1);	/* ../../devices/.../block/sda/sda1 */
	if (!strcmp(d->info.kind, "partition") && n > 0) {
		link[n] = 0;
		slash = strrchr(link, '/');
		if (slash) {
			*slash = 0;
			slash = strrchr(link, '/');
			snprintf(d->parent, sizeof(d->parent), "%.63s", slash ? slash + 1 : link);
		}
	}
	snprintf(path, sizeof(path), "%s/holders", sys);
	list_dir(path, d->holders, sizeof(d->holders));
	blockdev_mount_points(makedev(d->info.major, d->info.minor), name, d->mounts,
			      sizeof(d->mounts));
	d->swap = blockdev_is_swap(makedev(d->info.major, d->info.minor));
	return judge(d);
}

const char disks_usage_device[] = "  DEVICE  /dev/sdb or sdb; every block device when none is named\n";

int disks_add(struct disks *s, const char *name, char *err, size_t len)
{
	struct disk *d;
	int r;

	for (unsigned i = 0; i < s->n; i++)
		if (!strcmp(s->d[i].info.name, name))
			return 0;
	d = disks_append(s, err, len);
	if (!d)
		return -ENOMEM;
	r = gather(name, d);
	if (r) {
		s->n--;
		return r == -ENOMEM ? errmsg(err, len, r, "disks: out of memory") : r;
	}
	return 0;
}

/* A device named as /dev/x (or a link to it, /dev/mapper/vg-lv) or x: its kernel name. */
int disks_name_of(const char *arg, char *name, size_t nlen, char *err, size_t len)
{
	char path[128], link[PATH_MAX];
	struct stat st;
	ssize_t n;

	if (strchr(arg, '/')) {
		if (stat(arg, &st) || !S_ISBLK(st.st_mode))
			return errmsg(err, len, -EINVAL, "disks: '%s' is not a block device (iobench "
				      "disks with no name lists them all)", arg);
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u", major(st.st_rdev),
			 minor(st.st_rdev));
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			return errmsg(err, len, -EINVAL, "disks: '%s': the kernel lists no block "
				      "device %u:%u", arg, major(st.st_rdev), minor(st.st_rdev));
		link[n] = 0;
		snprintf(name, nlen, "%.*s", (int)nlen - 1, strrchr(link, '/') ? strrchr(link, '/') + 1 : link);
		return 0;
	}
	snprintf(path, sizeof(path), "/sys/class/block/%.100s", arg);
	if (!arg[0] || !strcmp(arg, ".") || !strcmp(arg, "..") || access(path, F_OK))
		return errmsg(err, len, -EINVAL, "disks: no block device '%s' (iobench disks with no "
			      "name lists them all)", arg);
	snprintf(name, nlen, "%s", arg);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strverscmp(((const struct disk *)a)->info.name, ((const struct disk *)b)->info.name);
}

/* Every device in /sys/class/block, but (without --all) those of size 0 and RAM disks. */
int disks_add_all(struct disks *s, char *err, size_t len)
{
	DIR *d = opendir("/sys/class/block");
	struct dirent *e;
	int r = 0;

	if (!d)
		return errmsg(err, len, -errno, "disks: cannot read /sys/class/block: %s",
			      strerror(errno));
	while (!r && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		r = disks_add(s, e->d_name, err, len);
		if (r == -ENOENT)	/* gone meanwhile */
			r = 0;
		else if (!r && !s->all && (!s->d[s->n - 1].info.size || s->d[s->n - 1].info.major == 1))
			s->n--;
	}
	closedir(d);
	if (!r)
		qsort(s->d, s->n, sizeof(*s->d), by_name);
	return r;
}

