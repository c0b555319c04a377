/* SPDX-License-Identifier: MIT */
/*
 * wincpu.h: Windows' processors as iobench numbers them: one count over all
 * processor groups (group 0's processors first, then group 1's, ...), the
 * numbering DiskSpd's -a uses; a number's group and its bit in the group.
 */
#ifndef IOB_WIN_WINCPU_H
#define IOB_WIN_WINCPU_H

#include <stdbool.h>
#include <windows.h>

/* The processors of all groups. */
int wincpu_count(void);

/* CPU cpu's group and number in it; false when there is no such CPU. */
bool wincpu_group(int cpu, WORD *group, BYTE *number);

/* The CPU that a group and a number in it are (-1 when none). */
int wincpu_index(WORD group, BYTE number);

#endif
