/* SPDX-License-Identifier: MIT */
/*
 * marker.h: the mark on the files iobench creates, in the extended
 * attribute user.iobench. It names the file's state ("filling", "filled",
 * "verify:BLOCK"), the file it was written on (its file system, inode and
 * birth time), the run that made it, and a keyed checksum of all of that
 * (XXH3 with a secret kept in the state directory). A marker copied with the
 * file (cp -a, tar --xattrs), set by hand, or from another machine's key is
 * not honoured: that file is the user's, not iobench's.
 */
#ifndef IOB_MARKER_H
#define IOB_MARKER_H

#include <stddef.h>
#include <stdint.h>

#define MARKER_XATTR "user.iobench"

enum marker_state {
	MARK_NONE,	/* no marker, or one not made for this file */
	MARK_FILLING,	/* created, being filled (or a fill that never finished) */
	MARK_FILLED,	/* random data from end to end */
	MARK_VERIFY,	/* --verify blocks of marker.block bytes */
};

struct marker {
	enum marker_state state;
	uint32_t block;		/* MARK_VERIFY: the block size */
	uint64_t run;		/* the run that made it */
	const char *foreign;	/* MARK_NONE with an xattr present: why it is not honoured, else NULL */
};

/* Reads the marker of the file open as fd (any access mode); m->state MARK_NONE when absent. */
void marker_read(int fd, struct marker *m);

/*
 * Marks the file open as fd. Returns 0, or -errno (-ENOTSUP: the file
 * system takes no user extended attributes) with a message in err.
 */
int marker_write(int fd, enum marker_state state, uint32_t block, char *err, size_t len);

/* This process's run identifier (random, fixed for the process). */
uint64_t marker_run_id(void);

#endif
