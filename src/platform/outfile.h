/* SPDX-License-Identifier: MIT */
/*
 * outfile.h: output files (--json=FILE, --series-csv=FILE, --output=FILE)
 * that lose nothing. A regular file (or a new one) is written to a
 * temporary file beside it and renamed into place only once all of it is
 * written and synced, so a failed run, a full disk or bad input leaves the
 * old file as it was; a symbolic link keeps pointing where it did. Anything
 * else (a pipe, a terminal, /dev/null, /dev/stdout) is written in place and
 * never truncated or removed. Nothing here ever unlinks a file it did not
 * create.
 */
#ifndef IOB_OUTFILE_H
#define IOB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

struct outfile {
	const char *path;	/* as named by the user */
	char *dest;		/* the regular file renamed onto (symbolic links resolved), or NULL */
	char *tmp;		/* the temporary file beside dest, or NULL when written in place */
	FILE *f;		/* where to write */
	int fd;			/* f's descriptor */
	int werr;		/* the first failed write's errno, 0 when none */
};

/*
 * Whether path can be written, without creating or opening anything for
 * writing: not a directory, its directory exists and is writable. Returns 0
 * or -EINVAL with a message naming path.
 */
int outfile_check(const char *path, char *err, size_t len);

/* Opens o for writing to path (see above). Returns 0 or -errno with a message. */
int outfile_open(struct outfile *o, const char *path, char *err, size_t len);

/*
 * Ends the writing: flushes and syncs, then renames the temporary file into
 * place. On any failure the temporary file is removed and the destination is
 * left as it was. Returns 0 or -errno with a message naming the path and the
 * cause (e.g. "No space left on device").
 */
int outfile_commit(struct outfile *o, char *err, size_t len);

/*
 * From now on, SIGINT or SIGTERM removes the temporary file being written
 * (if any) and ends the process by that signal. For the last step of a run,
 * once nothing else is left to clean up.
 */
void outfile_unlink_on_signal(void);

/* Gives up: removes the temporary file, leaves the destination untouched. */
void outfile_abort(struct outfile *o);

/*
 * Flushes stream f (standard output) and names the failure, if any: 0 or
 * -errno with "cannot write the report to standard output: ...".
 */
int outfile_flush_stdout(FILE *f, char *err, size_t len);

#endif
