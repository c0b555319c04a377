/* SPDX-License-Identifier: MIT */
/*
 * ioprio.h: a thread's I/O priority (ioprio_set(2), as ionice(1) and fio's
 * prio and prioclass): a class (1 realtime, 2 best-effort, 3 idle) and a
 * level in it (0 highest to 7 lowest), in the kernel's one value.
 */
#ifndef IOB_IOPRIO_H
#define IOB_IOPRIO_H

#define IOPRIO_CLASS_SHIFT 13
#define IOPRIO_CLASS_BE 2	/* best-effort: the default class */
#define IOPRIO_CLASS_IDLE 3	/* I/O only when no other class has any */

/* The kernel's value of class and level; class 0 (none) is best-effort, as fio's ioprio_value. */
static inline unsigned ioprio_make(unsigned cls, unsigned level)
{
	return ((cls ? cls : 2u) << IOPRIO_CLASS_SHIFT) | level;
}

/* Sets the calling thread's I/O priority to value. Returns 0 or -errno. */
int ioprio_apply(unsigned value);

#endif
