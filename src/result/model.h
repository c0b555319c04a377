/* SPDX-License-Identifier: MIT */
/*
 * model.h: the result model in and out of iobench's JSON. Every document
 * iobench writes (schema "iobench/result") ends with a "model" object: the
 * workload as it ran and the result as the run filled it, field by field
 * (docs/json.md). Every other part of the document is computed from it, so
 * reading the model back gives the reports everything they printed:
 * `iobench report R.json` prints the run's text again, byte for byte.
 *
 * Unsigned integers are JSON integers, or decimal strings from 2^53 up (JSON
 * readers hold integers exactly only below that; signed ones stay far below); doubles are strings of 17
 * significant digits, so that they read back to the same bits. A field added
 * after the first documents were written may be missing (it reads as 0).
 */
#ifndef IOB_MODEL_H
#define IOB_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "job/workload.h"
#include "result/result.h"

struct json_t;

/* The "model" object of w and res; NULL when out of memory. */
struct json_t *model_json(const struct workload *w, const struct result *res);

/*
 * Reads one iobench document (schema, version and the model, every field
 * type- and range-checked, and the result checked against its workload)
 * into w and res, which the caller releases (workload_release,
 * result_release), also on failure. Returns 0, or -EINVAL (-ENOMEM) with a
 * message naming the field.
 */
int model_read(const struct json_t *doc, struct workload *w, struct result *res, char *err,
	       size_t len);

/* The documents of a file: one result, or a job file's array of them. */
struct model_set {
	struct workload *w;
	struct result *res;
	unsigned n;
	bool array;	/* the file held an array of documents (a job file's groups) */
};

/* Reads every document of path ("-": stdin). Returns 0 or -errno with a message. */
int model_load(const char *path, struct model_set *set, char *err, size_t len);

void model_set_free(struct model_set *set);

#endif
