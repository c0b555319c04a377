/* SPDX-License-Identifier: MIT */
/*
 * ioprio.c: a thread's I/O priority on Windows (ioprio.h). Windows lowers a
 * thread's I/O priority (and its memory priority) to "very low" in its
 * background mode, the level DiskSpd's -I1 asks for: the idle class, or
 * the lowest best-effort level, map to it. Other levels (fio's prio=0..6 of
 * the best-effort or real-time class; -I2, low) Windows sets per file
 * handle, not per thread: refused, with the reason.
 */
#include <errno.h>
#include <windows.h>

#include "platform/ioprio.h"
#include "util/banned.h"

int ioprio_apply(unsigned value)
{
	unsigned cls = value >> IOPRIO_CLASS_SHIFT, level = value & 7;

	if (!value || (cls == IOPRIO_CLASS_BE && level == 4))
		return 0;	/* normal: as a thread starts */
	if (cls == IOPRIO_CLASS_IDLE)
		return SetThreadPriority(GetCurrentThread(), THREAD_MODE_BACKGROUND_BEGIN) ? 0 : -EPERM;
	return -EOPNOTSUPP;
}
