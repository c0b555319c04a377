/* SPDX-License-Identifier: MIT */
/* devrule.c: the rule for writing a block device (see devrule.h). */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>

#include "core/devrule.h"
#include "core/hold.h"
#include "platform/blockdev.h"
#include "util/banned.h"

void devrule_busy_why(int fd, dev_t dev, char *why, size_t len)
{
	char comm[64];
	struct stat st;
	int pid;

	if (blockdev_in_use(dev, why, len) > 0)
		return;
	/* the run's flock beside its O_EXCL: another iobench, named */
	pid = !fstat(fd, &st) ? hold_lock_owner(st.st_dev, st.st_ino, comm, sizeof(comm)) : 0;
	if (pid)
		snprintf(why, len, "it is in use by %s (pid %d)", comm[0] ? comm : "a program", pid);
	else
		snprintf(why, len, "it is mounted or in use (the kernel refused to open it "
			 "exclusively: a file system, a stacked device or another program holds it)");
}

/*
 * The kernel's exclusive open, tried on the very inode open as fd; udev
 * probes a device for a moment after a change, so a refusal is tried again
 * for up to 100 ms.
 */
static int try_exclusive(int fd)
{
	char self[64];
	int x;

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	x = open(self, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);
	for (int i = 0; x < 0 && errno == EBUSY && i < 5; i++) {
		nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
		x = open(self, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);
	}
	if (x < 0)
		return -errno;
	close(x);
	return 0;
}

int devrule_check(int fd, dev_t dev, bool held, struct devrule *r)
{
	int ro = 0, u;

	memset(r, 0, sizeof(*r));
	r->nsigs = blockdev_signature(fd, r->sigs, sizeof(r->sigs));
	if (r->nsigs < 0)
		r->sigs[0] = 0;
	r->read_only = !ioctl(fd, BLKROGET, &ro) && ro;
	r->verdict = DEVRULE_NEVER;
	if (r->read_only) {
		snprintf(r->why, sizeof(r->why), "the device is read-only");
		return 0;
	}
	u = blockdev_in_use(dev, r->why, sizeof(r->why));
	if (u > 0)
		return 0;
	if (u < 0) {
		r->verdict = DEVRULE_UNKNOWN;
		snprintf(r->why, sizeof(r->why), "cannot tell whether it is in use (%s)", strerror(-u));
		return u == -ENOMEM ? u : 0;
	}
	if (!held && try_exclusive(fd) == -EBUSY) {
		devrule_busy_why(fd, dev, r->why, sizeof(r->why));
		return 0;
	}
	if (r->nsigs < 0) {
		r->verdict = DEVRULE_UNKNOWN;
		snprintf(r->why, sizeof(r->why), "cannot read its signatures (%s)", strerror(-r->nsigs));
		return r->nsigs == -ENOMEM ? r->nsigs : 0;
	}
	r->why[0] = 0;
	r->verdict = r->nsigs ? DEVRULE_SIGNED : DEVRULE_FREE;
	return 0;
}
