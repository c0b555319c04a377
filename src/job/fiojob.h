/* SPDX-License-Identifier: MIT */
/*
 * fiojob.h: what fio's job options mean, turned into iobench workloads.
 * Each job section (after the [global] sections before it, then the
 * command line's --name=value overrides) becomes a job_spec with its
 * targets; the jobs of one group (up to a stonewall, new_group, wait_for on
 * a job of the group, or the next job file) form one workload, and the
 * groups run one after another. docs/jobfiles.md lists every option.
 */
#ifndef IOB_FIOJOB_H
#define IOB_FIOJOB_H

#include <stdbool.h>
#include <stddef.h>

#include "job/fiosyntax.h"
#include "job/jobfile.h"
#include "job/workload.h"

struct fio_plan {
	struct workload *groups;	/* run in order */
	unsigned ngroups;
	char *notices;			/* lines to print on stderr before running, or NULL */
};

/*
 * Interprets doc into plan. over are the command line's fio options: as in
 * fio 3.33, defaults for every job that the job file's own settings (its
 * [global] sections and the job's) beat; force are applied last, over
 * everything (iobench's --engine). look (NULL: no file exists) tells what
 * the files it names are. Returns 0, or -EINVAL with "where: ..." in err naming the file,
 * line and option.
 */
/*
 * What planning needs to know of a file a job names, looked up by the caller:
 * planning itself touches no file (so it can be fuzzed hermetically).
 */
enum fio_file_kind { FIO_NO_FILE, FIO_REGULAR, FIO_BLOCK, FIO_DIR, FIO_FIFO, FIO_CHAR, FIO_OTHER };
struct fio_file {
	enum fio_file_kind kind;
	uint64_t size;		/* a regular file's or a block device's bytes */
};
/* Fills *f for path (FIO_NO_FILE when it does not exist); 0 or -errno. */
typedef int (*fio_file_fn)(const char *path, struct fio_file *f);

int fiojob_plan(const struct jf_doc *doc, const struct jf_opt *over, unsigned nover,
		const struct jf_opt *force, unsigned nforce, fio_file_fn look,
		struct fio_plan *plan, char *err, size_t len);

void fiojob_plan_free(struct fio_plan *plan);

#endif
