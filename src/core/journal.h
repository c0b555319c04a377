/* SPDX-License-Identifier: MIT */
/*
 * journal.h: --verify's journal, kept across runs (as VDBench keeps one):
 * for every block of a target, the number of the last write iobench had
 * acknowledged to it, and the number the next run's writes start above. A
 * write run saves it once its writes are synced; a later run (a read run,
 * or a mixed one) loads it, so a block that holds an older write than the
 * journal says (a write the device dropped, a stale copy restored under the
 * file) is a lost write. While a writing run is under way its journal is
 * marked unfinished; a journal left so (a run killed) still catches blocks
 * older than it says, but takes newer ones as written.
 *
 * Journals live in the state directory (statedir.h), one per target, named
 * after what identifies it: a file by its file system, inode and birth
 * time; a device by its number and size (and a loop device by its backing
 * file). Write numbers are 64-bit; each run numbers from the time it starts
 * (in 100 ns units) or above the journal's, whichever is higher, so its
 * writes are newer than any earlier run's, saved or not.
 */
#ifndef IOB_JOURNAL_H
#define IOB_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JOURNAL_FILL_SEQ 1	/* the write number of the blocks a new --verify file is laid down with */

struct journal {
	char path[4200];	/* the journal file; "" when the target has none (no state directory) */
	uint64_t block;		/* block size it counts in */
	uint64_t first;		/* the run's first block (its base offset / block) */
	uint64_t n;		/* blocks in the run's table */
	uint64_t next_seq;	/* the run's writes are numbered from here */
	bool loaded;		/* a journal was found and put in the run's table */
	bool fresh;		/* the target was laid down anew: the old journal is void */
	uint64_t old_blocks;	/* blocks the journal found covers */
	bool unfinished;	/* it was left by a run that did not end: a lower bound */
	bool begun;		/* this run marked it unfinished (it writes) */
	char note[5000];	/* what happened to it, for the report; "" when nothing to say */
};

/*
 * Finds the journal of the target open as fd (block is the run's block
 * size, [first, first + n) the blocks of the run's range) and loads it into
 * table (n entries, zero where nothing is known). A created file (fresh)
 * starts with every block at JOURNAL_FILL_SEQ. Never fails the run: what
 * went wrong is in j->note.
 */
void journal_load(struct journal *j, int fd, uint64_t block, uint64_t first, uint64_t n,
		  bool fresh, uint64_t *table);

/* A writing run begins: the journal is marked unfinished until journal_save(). */
void journal_begin(struct journal *j);

/*
 * Saves table (the run's range) into the journal, whole (a temporary file
 * renamed into place), with next_seq for the next run, and clears the
 * unfinished mark, unless the journal was unfinished and the run did not
 * see (write, or read and check) every block it covers (whole false).
 * Call only once the target's writes are synced. Returns 0 or -errno (then
 * j->note says why).
 */
int journal_save(struct journal *j, const uint64_t *table, uint64_t next_seq, bool whole);

#endif
