/* SPDX-License-Identifier: MIT */
/* journal.c: --verify's journal across runs (see journal.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/journal.h"
#include "platform/fileid.h"
#include "platform/statedir.h"
#include "util/banned.h"

#define JOURNAL_MAGIC "iobJrnl2"	/* 64-bit write numbers */

struct journal_hdr {
	char magic[8];
	uint64_t block;		/* block size */
	uint64_t nblocks;	/* entries that follow: blocks 0 .. nblocks-1 of the target */
	uint64_t next_seq;	/* the next run's writes start here */
	uint64_t time_s;	/* when saved */
	uint64_t reserved[3];
};

static int read_hdr(int fd, struct journal_hdr *h)
{
	if (pread(fd, h, sizeof(*h), 0) != (ssize_t)sizeof(*h) ||
	    memcmp(h->magic, JOURNAL_MAGIC, sizeof(h->magic)))
		return -EINVAL;
	return 0;
}

static void dirty_path(const struct journal *j, char *buf, size_t len)
{
	snprintf(buf, len, "%s.unfinished", j->path);
}

/*
 * The first write number a run may use: above the journal's, and above
 * anything a run before it could have reached, even one killed before it
 * saved its journal: runs number from the time they start, in units of
 * 100 ns, and no thread formats a --verify block in less than that.
 */
static uint64_t run_base(uint64_t journal_next)
{
	struct timespec ts;
	uint64_t t;

	clock_gettime(CLOCK_REALTIME, &ts);
	t = ((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec) / 100;
	if (t < JOURNAL_FILL_SEQ + 1)
		t = JOURNAL_FILL_SEQ + 1;
	return t > journal_next ? t : journal_next;
}

void journal_load(struct journal *j, int fd, uint64_t block, uint64_t first, uint64_t n,
		  bool fresh, uint64_t *table)
{
	char dir[3800], name[256], dirty[4300], err[600] = "";
	struct journal_hdr h = { .block = 0 };
	int jfd;

	memset(j, 0, sizeof(*j));
	j->block = block;
	j->first = first;
	j->n = n;
	j->fresh = fresh;
	j->next_seq = run_base(0);
	if (fresh)
		for (uint64_t i = 0; i < n; i++)
			table[i] = JOURNAL_FILL_SEQ;
	if (statedir_get(dir, sizeof(dir), 0, err, sizeof(err)) || fileid_name(fd, name, sizeof(name))) {
		snprintf(j->note, sizeof(j->note), "no journal: %s", err);
		return;
	}
	snprintf(j->path, sizeof(j->path), "%s/journal/%s", dir, name);
	if (fresh)
		return;		/* laid down anew: whatever an old journal said is gone */
	dirty_path(j, dirty, sizeof(dirty));
	j->unfinished = !access(dirty, F_OK);
	if (j->unfinished)
		snprintf(j->note, sizeof(j->note), "the journal '%s' was left by a run that did not "
			 "end: blocks older than it records are lost writes, newer ones are taken as "
			 "written", j->path);
	jfd = open(j->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (jfd < 0) {
		if (errno != ENOENT)
			snprintf(j->note, sizeof(j->note), "cannot read the journal '%s': %s", j->path,
				 strerror(errno));
		return;
	}
	if (read_hdr(jfd, &h) || h.block != block) {
		snprintf(j->note, sizeof(j->note), "the journal '%s' %s; it is not used", j->path,
			 h.magic[0] && h.block && h.block != block ? "counts in another block size"
								   : "is not a journal of this iobench");
		close(jfd);
		return;
	}
	for (uint64_t i = 0; i < n; i++)
		table[i] = 0;
	if (first < h.nblocks) {
		uint64_t m = h.nblocks - first < n ? h.nblocks - first : n;
		ssize_t got = pread(jfd, table, m * sizeof(*table),
				    (off_t)(sizeof(h) + first * sizeof(*table)));

		if (got != (ssize_t)(m * sizeof(*table))) {
			memset(table, 0, n * sizeof(*table));
			snprintf(j->note, sizeof(j->note), "the journal '%s' is cut short; it is not "
				 "used", j->path);
			close(jfd);
			return;
		}
	}
	close(jfd);
	j->loaded = true;
	j->old_blocks = h.nblocks;
	j->next_seq = run_base(h.next_seq);
}

void journal_begin(struct journal *j)
{
	char dir[4096], err[600], dirty[4300];
	int fd;

	if (!j->path[0])
		return;
	if (statedir_get(dir, sizeof(dir), 1, err, sizeof(err))) {
		snprintf(j->note, sizeof(j->note), "no journal: %s", err);
		j->path[0] = 0;
		return;
	}
	snprintf(dirty, sizeof(dirty), "%s/journal", dir);
	mkdir(dirty, 0700);
	dirty_path(j, dirty, sizeof(dirty));
	fd = open(dirty, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0) {
		snprintf(j->note, sizeof(j->note), "cannot write the journal '%s': %s", j->path,
			 strerror(errno));
		j->path[0] = 0;
		return;
	}
	dprintf(fd, "%d\n", (int)getpid());
	fsync(fd);
	close(fd);
	j->begun = true;
}

/* Copies the old journal's entries [from, to) into out, zeros where it has none. */
static int copy_old(int old, uint64_t old_n, int out, uint64_t from, uint64_t to)
{
	uint64_t buf[2048];

	while (from < to) {
		uint64_t k = to - from < 2048 ? to - from : 2048, have = 0;

		memset(buf, 0, sizeof(buf));
		if (old >= 0 && from < old_n) {
			have = old_n - from < k ? old_n - from : k;
			if (pread(old, buf, have * sizeof(*buf),
				  (off_t)(sizeof(struct journal_hdr) + from * sizeof(*buf))) !=
			    (ssize_t)(have * sizeof(*buf)))
				memset(buf, 0, sizeof(buf));
		}
		if (write(out, buf, k * sizeof(*buf)) != (ssize_t)(k * sizeof(*buf)))
			return -EIO;
		from += k;
	}
	return 0;
}

int journal_save(struct journal *j, const uint64_t *table, uint64_t next_seq, bool whole)
{
	struct journal_hdr h = { .block = j->block, .next_seq = next_seq,
				 .time_s = (uint64_t)time(NULL) };
	struct journal_hdr oh = { .nblocks = 0 };
	char tmp[4300], dirty[4300];
	int old, out, r = 0;

	if (!j->path[0])
		return -ENOENT;
	memcpy(h.magic, JOURNAL_MAGIC, sizeof(h.magic));
	/* laid down anew: nothing of the old journal holds, outside the run's range either */
	old = j->fresh ? -1 : open(j->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (old >= 0 && (read_hdr(old, &oh) || oh.block != j->block)) {
		close(old);
		old = -1;
		oh.nblocks = 0;
	}
	h.nblocks = j->first + j->n > oh.nblocks ? j->first + j->n : oh.nblocks;
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", j->path);
	out = mkostemp(tmp, O_CLOEXEC);
	if (out < 0)
		r = -errno;
	if (!r && write(out, &h, sizeof(h)) != (ssize_t)sizeof(h))
		r = -EIO;
	if (!r)
		r = copy_old(old, oh.nblocks, out, 0, j->first);
	if (!r && write(out, table, j->n * sizeof(*table)) != (ssize_t)(j->n * sizeof(*table)))
		r = -EIO;
	if (!r)
		r = copy_old(old, oh.nblocks, out, j->first + j->n, h.nblocks);
	if (!r && fsync(out))
		r = -errno;
	if (out >= 0 && close(out) && !r)
		r = -errno;
	if (old >= 0)
		close(old);
	if (!r && rename(tmp, j->path))
		r = -errno;
	if (r) {
		unlink(tmp);
		snprintf(j->note, sizeof(j->note), "cannot save the journal '%s': %s; it stays "
			 "marked unfinished", j->path, strerror(-r));
		return r;
	}
	/*
	 * A journal left unfinished stays so until one run has seen every block it
	 * covers: until then some of its numbers are only lower bounds.
	 */
	if (j->unfinished && !(whole && j->first == 0 && j->first + j->n >= h.nblocks)) {
		snprintf(j->note, sizeof(j->note), "the journal '%s' was left by a run that did not "
			 "end; this run did not see every block it covers, so it stays a lower bound "
			 "(blocks newer than it records are taken as written)", j->path);
		return 0;
	}
	dirty_path(j, dirty, sizeof(dirty));
	unlink(dirty);
	j->begun = false;
	return 0;
}
