/* SPDX-License-Identifier: MIT */
/*
 * model_schema.h: the result model's structs described field by field, for
 * the writer (model_write.c) and the reader (model.c) that walk the tables:
 * each field's name, type, place, and for integers the largest value allowed.
 * Only the model's own files include it.
 */
#ifndef IOB_MODEL_SCHEMA_H
#define IOB_MODEL_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ftype {
	T_UNS,		/* unsigned integer of the field's size */
	T_SGN,		/* signed integer (and enums) */
	T_BOOL,
	T_DBL,		/* written as a 17-digit string */
	T_CHARS,	/* a char array: its text */
	T_STR,		/* an owned char *, or null */
	T_OBJ,		/* an embedded struct */
	T_ARR,		/* an owned array: pointer at off, element count at count_off */
	T_PTR,		/* an owned pointer to one struct, or null */
	T_HEX,		/* bytes as a hex string, their count at count_off */
	T_HIST,		/* a row's two latency histograms, sparse */
	T_SERIES,	/* a row's interval series, result.nintervals slots */
	T_IVLAT,	/* the interval histograms (struct ivlat), result.nintervals of them */
};

struct schema;

struct field {
	const char *name;
	enum ftype type;
	size_t off, size;		/* size: of the field, or of one element */
	unsigned n;			/* a fixed array of n elements (0: one) */
	const struct schema *sub;	/* T_OBJ, T_ARR, T_PTR: the elements' struct */
	enum ftype elem;		/* T_ARR of integers: their type (sub NULL) */
	size_t count_off;		/* T_ARR, T_HEX, a fixed array with has_count: its count */
	bool has_count;
	uint64_t max;			/* integers: the largest value allowed (0: the type's) */
	bool later;			/* added after the first documents: missing, it stays 0 */
};

struct schema {
	const struct field *f;
	unsigned n;
};

/* The tables of struct workload and of struct result, where the walks start. */
extern const struct schema *const model_workload_schema;
extern const struct schema *const model_result_schema;

/* The unsigned integer of size bytes (1, 2, 4 or 8) at p: a field, or a count. */
uint64_t model_uns_at(const void *p, size_t size);

#endif
