/* SPDX-License-Identifier: MIT */
/*
 * fiosyntax.h: what fio's command line shares with its job files: which
 * names are fio options and which must have a value, and fio's sizes and
 * times. fiojob.h includes it for the front end's callers.
 */
#ifndef IOB_FIOSYNTAX_H
#define IOB_FIOSYNTAX_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the fio option key must have a value (so fio's command line takes the next word). */
bool fio_option_needs_value(const char *key);

/* Whether key is a fio job option (one iobench implements, or one it refuses by name). */
bool fio_option_known(const char *key);

/*
 * fio's size syntax: a number (or 0x hex) with an optional suffix matched
 * as fio does (k, kb, ki, KiB ... up to e; b for bytes), under kb_base
 * (1024 or 1000; full IEC suffixes like KiB take the other base, as in fio).
 * pct, when not NULL, accepts "N%" and sets *pct. Returns 0, -EINVAL or -ERANGE.
 */
int fio_parse_size(const char *s, unsigned kb_base, uint64_t *out, bool *pct);

/* A time: number with d, h, m, s, ms/msec, us/usec, or in unit_ns without a suffix. */
int fio_parse_time(const char *s, uint64_t unit_ns, uint64_t *ns);

#endif
