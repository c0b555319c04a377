/* SPDX-License-Identifier: MIT */
/*
 * fiofiles.h: the files a fio job names: its filename= list (in directory=),
 * or fio's default names (filename_format, per clone and file number), with
 * the checks fio makes on them.
 */
#ifndef IOB_FIOFILES_H
#define IOB_FIOFILES_H

#include <stdbool.h>

#include "job/fioplanner.h"
#include "job/fiospec.h"

/* The paths a job works on: its filename list, or fio's default names (filename_format). */
int fio_files_paths(struct planner *p, const struct fjob *j, char ***paths, unsigned *n,
		    bool *per_clone);

#endif
