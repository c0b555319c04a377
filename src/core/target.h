/* SPDX-License-Identifier: MIT */
/*
 * target.h: turning a target_spec into an open file descriptor, safely.
 * targets_check() looks at every target and refuses what must not be done
 * (a missing or foreign file, a mounted device, a misaligned direct I/O
 * range) before anything is created or written; targets_open() then creates
 * and fills files with random data and opens every target.
 */
#ifndef IOB_TARGET_H
#define IOB_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "job/workload.h"
#include "monitor/device.h"

enum target_kind {
	TARGET_FILE,
	TARGET_BLOCK,
	TARGET_NULL,	/* the null engine: a name and a range, nothing opened */
};

struct target {
	const struct target_spec *spec;
	enum target_kind kind;
	int fd;			/* -1 when not open */
	uint64_t size;		/* bytes the target holds (after creation) */
	uint64_t end;		/* exclusive end of the range used */
	uint32_t mem_align;	/* buffer alignment (direct I/O) */
	uint32_t io_align;	/* offset and length alignment (direct I/O) */
	bool create;		/* this run creates (or recreates) the file */
	bool created;		/* this run created it: removed at the end unless --keep */
	bool reused;		/* an iobench file of the right size, kept from an earlier run */
	bool unmarked;		/* created, but the file system could not take the marker */
	dev_t dev;		/* the block device: itself, or the one holding the file (0: none) */
	long fs_type;		/* statfs f_type of the file's file system; 0 for devices */
	struct device_chain chain;	/* the block devices beneath (none for the null engine) */
	uint64_t unbacked;	/* bytes of the range in holes or unwritten extents (FIEMAP) */
	bool unbacked_known;	/* the file system answered FIEMAP */
	bool no_nowait;		/* direct I/O that cannot be issued without blocking (RWF_NOWAIT fails) */
	unsigned same_as;	/* 1 + the earlier target that creates this same file, or 0 */
	bool shared;		/* an earlier target has the same path (O_EXCL is taken once) */
};

/* Name of the extended attribute that marks files iobench created. */
#define TARGET_XATTR "user.iobench"

/*
 * Checks every target of w without creating, opening for write, or writing
 * anything. Fills t[0..w->ntargets-1]. Returns 0, or -EINVAL with a message.
 */
int targets_check(struct target *t, const struct workload *w, bool null_engine,
		  char *err, size_t len);

/*
 * Creates and fills the files to create, then opens every target. On
 * failure closes and removes what it made. Returns 0 or -errno with a message.
 */
int targets_open(struct target *t, const struct workload *w, char *err, size_t len);

/* Closes every target; removes the files this run created unless keep. */
void targets_close(struct target *t, unsigned n, bool keep);

#endif
