/* SPDX-License-Identifier: MIT */
/*
 * text_notes.h: what the text report says after its tables: the warnings and
 * the verdict, then the notes (buffered reads, DiskSpd's default write data,
 * the queue depth kept, partial or failed runs, --verify, I/O errors).
 */
#ifndef IOB_TEXT_NOTES_H
#define IOB_TEXT_NOTES_H

#include <stdio.h>

#include "core/run.h"
#include "job/workload.h"
#include "report/verdict.h"

/* The "Warnings" and "Verdict" sections of v (the verdict only when the run measured). */
void text_verdict(FILE *f, const struct verdict *v);

/* The report's closing notes and verify lines on the run of w, as far as they apply. */
void text_notes(FILE *f, const struct workload *w, const struct result *res);

#endif
