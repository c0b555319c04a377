/* SPDX-License-Identifier: MIT */
/*
 * sweep_table.h: a sweep's points (cmd/series.h) shown: the table of every
 * point, the matrix of two axes, the CSV file.
 */
#ifndef IOB_SWEEP_TABLE_H
#define IOB_SWEEP_TABLE_H

#include "cmd/series.h"
#include "cmd/sweep_opts.h"

/* Every point that ran, a row each, on stdout. */
void sweep_print_table(const struct sweep_opts *o, const struct series *s);

/* The IOPS as a matrix when exactly two axes vary (not for a knee's search or curve). */
void sweep_print_matrix(const struct sweep_opts *o, const struct series *s);

/* The points that ran as CSV at path. Returns 0, or EXIT_RUN_FAILED with the message printed. */
int sweep_write_csv(const char *path, const struct series *s);

#endif
