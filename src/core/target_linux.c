/* SPDX-License-Identifier: MIT */
/*
 * target_linux.c: what Linux's target checks and its creating and opening
 * of targets share (target_linux.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

#include "core/target_linux.h"
#include "core/target_rules.h"
#include "util/banned.h"

/* The very file open as fd, opened again with other flags (never by its path). */
int target_reopen(int fd, int flags)
{
	char self[64];

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	return open(self, flags | O_CLOEXEC);
}

/* The direct I/O alignment the kernel states for the file open as fd (statx DIOALIGN). */
bool target_statx_dioalign(struct target *t, int fd)
{
	struct statx stx;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) ||
	    !(stx.stx_mask & STATX_DIOALIGN) || !stx.stx_dio_offset_align)
		return false;
	t->mem_align = stx.stx_dio_mem_align;
	t->io_align = stx.stx_dio_offset_align;
	return true;
}

/* The marker state a finished fill leaves: filled, or --verify blocks. */
enum marker_state target_fill_state(const struct workload *w)
{
	return w->verify ? MARK_VERIFY : MARK_FILLED;
}

int target_check_dio_alignment(const struct target *t, char *err, size_t len)
{
	return target_check_alignment(t, t->spec->cache & CACHE_DIRECT, "direct I/O alignment",
				      err, len);
}
