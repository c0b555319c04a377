/* SPDX-License-Identifier: MIT */
/*
 * windev.h: what a run must know of a physical drive or a volume before it
 * writes one (the facts devrule_judge_windows judges, core/devrule.h), and
 * the locks --dismount takes: FSCTL_LOCK_VOLUME then FSCTL_DISMOUNT_VOLUME,
 * held until the handle that took them is closed (the volume is mounted
 * again at its next use).
 */
#ifndef IOB_WIN_WINDEV_H
#define IOB_WIN_WINDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <windows.h>

#include "core/devrule.h"

/*
 * The facts of dev, "\\.\PhysicalDriveN" or "\\.\X:": whether it is
 * write-protected, a drive's partition table and the mounted volumes on it
 * (by letter, mount path or \\?\Volume{...} name), a volume's file system,
 * and why it is never written (it holds the Windows directory, a page file
 * or the boot partition; it is a Storage Spaces or dynamic-disk member).
 * What cannot be read is said in f->unknown. Opens dev read-only; writes
 * nothing.
 */
void windev_facts(const char *dev, struct windev_facts *f);

/* An FSCTL without data on h, which may be open for overlapped I/O: whether it succeeded. */
bool windev_fsctl(HANDLE h, DWORD code);

/*
 * Locks and dismounts the volume open (read and write) as h, named name for
 * the messages: 0, or -EBUSY/-errno with a message (another program has
 * files open on it, most often).
 */
int windev_lock(HANDLE h, const char *name, char *err, size_t len);

/*
 * Opens, locks and dismounts every volume with a file system on physical
 * drive n, their handles into hs (at most max; *nh of them, to close after
 * the run, also when this fails part way): 0, or -errno with a message.
 */
int windev_lock_drive(int n, HANDLE *hs, unsigned max, unsigned *nh, char *err, size_t len);

/*
 * Whether the file or volume path (a target's) lies on volume volume
 * ("\\.\E:"), or with volume NULL on a volume of physical drive drive: true
 * also when it cannot be told. A drive, and a share's file, lie on none.
 */
bool windev_volume_on(const char *path, int drive, const char *volume);

#endif
