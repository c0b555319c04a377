/* SPDX-License-Identifier: MIT */
/* windisk.h: Windows' physical drives and the volumes on them (win/device.c). */
#ifndef IOB_WINDISK_H
#define IOB_WINDISK_H

#include <windows.h>

/*
 * A device namespace prefix, as Windows takes it: two separators, '.' or '?',
 * a separator (\\.\, //./, \\?\, and mixed, \\./): that '.' or '?', or 0.
 */
char windisk_prefix(const char *path);

/* "PhysicalDriveN" or "\\.\PhysicalDriveN" (any prefix of windisk_prefix): N, or -1. */
int windisk_drive_number(const char *name);

/* That, or DiskSpd's "#N" (up to six digits): N, or -1. */
int windisk_drive_of(const char *arg);

/* A volume, "X:" or "\\.\X:" (any prefix of windisk_prefix): its letter in upper case, or 0. */
char windisk_volume_letter(const char *name);

/*
 * The physical drives a volume (\\.\C: or \\?\Volume{...}, no trailing
 * backslash) lies on, into disks[] (at most max); their count, or -errno.
 */
int windisk_volume_disks(const wchar_t *vol, unsigned *disks, unsigned max);

#endif
