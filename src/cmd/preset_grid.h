/* SPDX-License-Identifier: MIT */
/*
 * preset_grid.h: a preset's runs (cmd/series.h) shown as its grid: the
 * table, and the JSON the documents carry.
 */
#ifndef IOB_PRESET_GRID_H
#define IOB_PRESET_GRID_H

#include "cmd/preset_opts.h"
#include "cmd/series.h"

/* The grid on stdout, with its notes (skipped: the write tests a device left out). */
void preset_print_grid(const struct preset_opts *o, const struct series *s, unsigned skipped);

/* The grid as JSON: the preset, then a row per test with its read and write figures. */
struct json_t *preset_grid_json(const struct preset_opts *o, const struct series *s);

#endif
