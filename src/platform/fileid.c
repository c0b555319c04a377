/* SPDX-License-Identifier: MIT */
/* fileid.c: a file's or block device's lasting identity on Linux (fileid.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/xattr.h>
#include <sys/sysmacros.h>
#include <linux/fs.h>

#include "platform/fileid.h"
#include "util/banned.h"

int fileid_name(int fd, char *buf, size_t len)
{
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	if (S_ISBLK(st.st_mode)) {
		uint64_t size = 0;
		char path[128], back[4096] = "";
		struct stat bs;
		FILE *f;

		ioctl(fd, BLKGETSIZE64, &size);
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/loop/backing_file",
			 major(st.st_rdev), minor(st.st_rdev));
		f = fopen(path, "r");
		if (f) {	/* a loop device is what it is backed by */
			if (fgets(back, sizeof(back), f))
				back[strcspn(back, "\n")] = 0;
			fclose(f);
			if (!stat(back, &bs))
				snprintf(back, sizeof(back), "-over-%llx-%llu",
					 (unsigned long long)bs.st_dev, (unsigned long long)bs.st_ino);
			else
				back[0] = 0;
		}
		snprintf(buf, len, "dev-%u-%u-%" PRIu64 "%s", major(st.st_rdev), minor(st.st_rdev),
			 size, back);
	} else {
		struct statx stx;
		struct statfs sf;
		uint64_t fs;

		fs = fstatfs(fd, &sf) ? 0 : ((uint64_t)(uint32_t)sf.f_fsid.__val[0] << 32) |
					  (uint32_t)sf.f_fsid.__val[1];
		if (!fs)
			fs = (uint64_t)st.st_dev;
		if (statx(fd, "", AT_EMPTY_PATH, STATX_BTIME, &stx) || !(stx.stx_mask & STATX_BTIME))
			stx.stx_btime = (struct statx_timestamp){ 0 };
		snprintf(buf, len, "file-%016" PRIx64 "-%llu-%lld", fs, (unsigned long long)st.st_ino,
			 (long long)stx.stx_btime.tv_sec);
	}
	return 0;
}

int fileid_marker(int fd, char *buf, size_t len)
{
	struct statx stx;
	struct statfs sf;
	struct stat st;
	uint64_t fs;

	if (fstat(fd, &st))
		return -errno;
	fs = fstatfs(fd, &sf) ? 0 : ((uint64_t)(uint32_t)sf.f_fsid.__val[0] << 32) |
				  (uint32_t)sf.f_fsid.__val[1];
	if (!fs)	/* tmpfs and others give no fsid: the device number stands in */
		fs = (uint64_t)st.st_dev;
	if (statx(fd, "", AT_EMPTY_PATH, STATX_BTIME, &stx) || !(stx.stx_mask & STATX_BTIME))
		stx.stx_btime = (struct statx_timestamp){ 0 };
	snprintf(buf, len, "fs=%016" PRIx64 " ino=%" PRIu64 " btime=%lld.%09u", fs,
		 (uint64_t)st.st_ino, (long long)stx.stx_btime.tv_sec, stx.stx_btime.tv_nsec);
	return 0;
}

ssize_t fileid_attr_get(int fd, const char *name, void *buf, size_t len)
{
	ssize_t n = fgetxattr(fd, name, buf, len);

	return n < 0 ? -errno : n;
}

int fileid_attr_set(int fd, const char *name, const void *buf, size_t len)
{
	return fsetxattr(fd, name, buf, len, 0) ? -errno : 0;
}
