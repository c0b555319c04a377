/* SPDX-License-Identifier: MIT */
/*
 * fileid.h: what identifies a file or a device across runs, as a name (the
 * --verify journal of a target is found by it): on Linux the file system's
 * id, the inode and its birth time, or a block device's numbers and size
 * (a loop device: its backing file's too); on Windows the volume's serial
 * number, the file's id and its creation time, or a disk's number and size.
 */
#ifndef IOB_FILEID_H
#define IOB_FILEID_H

#include <stddef.h>
#include <sys/types.h>

/* The identity of the file or device open as fd, into buf. Returns 0 or -errno. */
int fileid_name(int fd, char *buf, size_t len);

/*
 * What ties iobench's ownership marker to the file open as fd (core/marker.h):
 * Linux: "fs=... ino=... btime=..."; Windows: the volume, the file's id and
 * its creation time. Returns 0 or -errno.
 */
int fileid_marker(int fd, char *buf, size_t len);

/*
 * A small named attribute of the file open as fd (Linux: an extended
 * attribute, "user.iobench"; Windows: an alternate data stream of that
 * name). get: its length (at most len bytes into buf), or -errno (-ENODATA
 * when there is none); set: 0 or -errno (-EOPNOTSUPP where the file system
 * keeps none).
 */
ssize_t fileid_attr_get(int fd, const char *name, void *buf, size_t len);
int fileid_attr_set(int fd, const char *name, const void *buf, size_t len);

#endif
