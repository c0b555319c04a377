/* SPDX-License-Identifier: MIT */
/* wincpu.c: processors numbered across processor groups (wincpu.h). */
#include "platform/win/wincpu.h"
#include "util/banned.h"

int wincpu_count(void)
{
	DWORD n = GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);

	return n ? (int)n : 1;
}

bool wincpu_group(int cpu, WORD *group, BYTE *number)
{
	WORD groups = GetActiveProcessorGroupCount();

	if (cpu < 0)
		return false;
	for (WORD g = 0; g < groups; g++) {
		int n = (int)GetActiveProcessorCount(g);

		if (cpu < n) {
			*group = g;
			*number = (BYTE)cpu;
			return true;
		}
		cpu -= n;
	}
	return false;
}

int wincpu_index(WORD group, BYTE number)
{
	int base = 0;

	if (group >= GetActiveProcessorGroupCount() || number >= GetActiveProcessorCount(group))
		return -1;
	for (WORD g = 0; g < group; g++)
		base += (int)GetActiveProcessorCount(g);
	return base + number;
}
