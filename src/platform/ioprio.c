/* SPDX-License-Identifier: MIT */
/* ioprio.c: a thread's I/O priority through ioprio_set(2) (glibc has no wrapper). */
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "platform/ioprio.h"
#include "util/banned.h"

#define IOPRIO_WHO_PROCESS 1	/* with who 0: the calling thread */

int ioprio_apply(unsigned value)
{
	return syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS, 0, (int)value) ? -errno : 0;
}
