/* SPDX-License-Identifier: MIT */
/*
 * target_types.h: what a checked target is (struct target) and the plan of
 * the files several checked workloads create (struct space_plan): the types
 * the platforms' target.c (target.h) and the rules they share
 * (target_rules.h) both work on.
 */
#ifndef IOB_TARGET_TYPES_H
#define IOB_TARGET_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "job/workload.h"
#include "monitor/device.h"
#include "result/result.h"

struct target {
	const struct target_spec *spec;
	enum target_kind kind;
	int fd;			/* -1 when not open */
	uint64_t size;		/* bytes the target holds (after creation) */
	uint64_t end;		/* exclusive end of the range used */
	uint64_t base;		/* its start: -B, or this rank's slice of a shared target */
	uint32_t mem_align;	/* buffer alignment (direct I/O) */
	uint32_t io_align;	/* offset and length alignment (direct I/O) */
	bool create;		/* this run creates (or recreates) the file */
	bool created;		/* this run created it: removed at the end unless --keep */
	bool reused;		/* an iobench file of the right size, kept from an earlier run */
	bool unmarked;		/* created, but the file system could not take the marker */
	bool marked;		/* an existing file that is iobench's (marker, or made by this run) */
	int mark;		/* its marker's state (enum marker_state), MARK_NONE for others */
	dev_t dev;		/* the block device: itself, or the one holding the file (0: none) */
	long fs_type;		/* statfs f_type of the file's file system; 0 for devices */
	struct device_chain chain;	/* the block devices beneath (none for the null engine) */
	uint64_t unbacked;	/* bytes of the range in holes or unwritten extents (FIEMAP) */
	bool unbacked_known;	/* the file system answered FIEMAP */
	bool unbacked_backing;	/* ... for a loop device's backing file (over the loop's range) */
	uint64_t extents;	/* a file: its extents over the range (FIEMAP), 0 when unknown */
	uint64_t dev_stored;	/* zram: bytes it held before the run (mm_stat orig_data_size) */
	bool dev_stored_known;
	bool no_nowait;		/* direct I/O that cannot be issued without blocking (RWF_NOWAIT fails) */
	bool compressed;	/* the file is marked for compression (chattr +c, FS_COMPR_FL) */
	unsigned same_as;	/* 1 + the earlier target that creates this same file, or 0 */
	int cfd;		/* the target as the checks opened it (read-only), or -1 */
	void *locks;		/* Windows: the volumes --dismount locks for it (win/target.c) */
	int dirfd;		/* a file: the directory it is in (O_PATH), or -1 */
	const char *name;	/* a file: its name in dirfd (points into spec->path or real) */
	char *real;		/* a file reached through a symbolic link: its real path */
	dev_t idev;		/* identity: the file (or, to create, its directory) ... */
	uint64_t iino;		/* ... device and inode (Windows: its volume and file id) */
	uint64_t reclaim;	/* bytes a file to lay down anew frees first */
};

/*
 * The files several checked workloads create (a job file's groups, each
 * checked before the first runs): each file once, however many groups name
 * it, with the free space of its file system when first seen.
 */
struct space_item {
	dev_t dev;		/* its file system (and, with ino, its identity) */
	uint64_t ino;		/* the file's, or for a new file its directory's */
	bool existing;		/* laid down anew (ino is the file's) */
	char name[256];		/* a new file's name in that directory */
	char path[1024];	/* for the message */
	uint64_t bytes, reclaim, have;
};

struct space_plan {
	struct space_item *v;
	unsigned n;
};

/* Frees what plan holds (target_rules.c). */
void space_plan_free(struct space_plan *plan);

#endif
