/* SPDX-License-Identifier: MIT */
/*
 * fioaccess.h: a fio job's access options applied to it (struct fjob): rw=,
 * the block sizes and alignment per direction, and the size and offset
 * distributions. Each returns 0, or -EINVAL with "where: key=value: why" in
 * p's buffer.
 */
#ifndef IOB_FIOACCESS_H
#define IOB_FIOACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "job/fioplanner.h"
#include "job/fiospec.h"
#include "job/jobfile.h"

/* rw=MODE[:N] (readwrite=): the mode, with fio's hole or random-offset count. */
int fio_access_rw(struct planner *p, const struct jf_opt *o, struct fjob *j);

/*
 * Sizes per direction R[,W[,T]] into out[0] (reads), out[1] (writes) and
 * out[2] (trims): the last part given carries on to the directions after
 * it (bs=8k,32k: trims 32k), an empty one leaves its direction as it was.
 */
int fio_access_dirs(struct planner *p, const struct jf_opt *o, struct fjob *j, uint64_t out[3]);

/* bs=R[,W[,T]]: fio takes , : or - between directions; a value carries on to later ones. */
int fio_access_bs(struct planner *p, const struct jf_opt *o, struct fjob *j);

/* Replaces direction d's size distribution (NULL clears it). */
void fio_access_set_dist(struct fjob *j, int d, struct bs_dist *b);

/*
 * bsrange= and bssplit=: READS[,WRITES[,TRIMS]]; as fio's str_split_parse(),
 * the last list given carries on to the directions after it, an empty one
 * leaves that direction as it was.
 */
int fio_access_bsrange(struct planner *p, const struct jf_opt *o, struct fjob *j);
int fio_access_bssplit(struct planner *p, const struct jf_opt *o, struct fjob *j);

/*
 * fio's percentage_random=R[,W[,T]] (percentage_sequential: 100 less): the
 * last value given carries on to the directions after it, as fio's ints of
 * three directions do.
 */
int fio_access_perc_rand(struct planner *p, const struct jf_opt *o, struct fjob *j, bool seq);

/*
 * fio's random_distribution=random|zipf[:theta[:center]]|pareto[:h[:center]]|
 * normal[:sigma[:center]]|zoned:...|zoned_abs:... (str_random_distribution_cb),
 * zoned forms per direction R[,W[,T]] (the last carries on).
 */
int fio_access_random(struct planner *p, const struct jf_opt *o, struct fjob *j);

#endif
