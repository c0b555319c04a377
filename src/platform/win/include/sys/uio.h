/* SPDX-License-Identifier: MIT */
/*
 * sys/uio.h for the Windows build: POSIX's struct iovec (a buffer's start
 * and length), which the engine interface names its buffer regions with.
 * Windows has no readv/writev; nothing here declares them.
 */
#ifndef IOB_WIN_SYS_UIO_H
#define IOB_WIN_SYS_UIO_H

#include <stddef.h>

struct iovec {
	void *iov_base;
	size_t iov_len;
};

#endif
