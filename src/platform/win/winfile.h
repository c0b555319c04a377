/* SPDX-License-Identifier: MIT */
/*
 * winfile.h: descriptors over Windows file handles, and what each was opened
 * with: the IOCP engine opens a handle of its own for each of its thread's
 * files (a handle belongs to one completion port), with the same access and
 * flags as the target's (ReOpenFile), except for a descriptor whose file
 * object must be the only one (a locked volume's), which it duplicates.
 */
#ifndef IOB_WIN_WINFILE_H
#define IOB_WIN_WINFILE_H

#include <stdbool.h>
#include <windows.h>

/*
 * Opens path (UTF-8) with CreateFileW's access, disposition and flags, every
 * share mode, as a C library descriptor; -errno (errno set) when it cannot.
 */
int winfile_open(const char *path, DWORD access, DWORD disposition, DWORD flags);

/* What descriptor fd was opened with by winfile_open(); false for another one. */
bool winfile_flags(int fd, DWORD *access, DWORD *flags);

/* fd's file object is the only one its file takes I/O through (a locked volume): shared, not reopened. */
void winfile_set_sole(int fd);
bool winfile_sole(int fd);

/* Closes fd (and forgets what it was opened with). */
int winfile_close(int fd);

#endif
