/* SPDX-License-Identifier: MIT */
/*
 * vmem.h: address space reserved up front and backed by memory only as it is
 * used (fio's log rows, which may grow for hours). Linux: an anonymous
 * mapping without reservation; Windows: reserved, then committed page by
 * page as vmem_use() reaches further.
 */
#ifndef IOB_VMEM_H
#define IOB_VMEM_H

#include <stddef.h>

/*
 * Reserves the largest of *cap, *cap / 2, ... down to min bytes that the
 * system grants; *cap gets the size. Returns its start, or NULL.
 */
void *vmem_reserve(size_t *cap, size_t min);

/* Makes [base, base + upto) usable (already-usable parts cost nothing). Returns 0 or -ENOMEM. */
int vmem_use(void *base, size_t upto);

/* Returns what vmem_reserve() gave (base NULL: nothing). */
void vmem_release(void *base, size_t cap);

#endif
