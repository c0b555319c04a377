/* SPDX-License-Identifier: MIT */
/*
 * text_params.h: the text report's "Input parameters" section, as DiskSpd
 * lays it out: the command line, the timing, the affinity and engine, each
 * job of a job file, and each target's settings. text.c prints it for a run;
 * report_workload() (report.h) for the workload alone.
 */
#ifndef IOB_TEXT_PARAMS_H
#define IOB_TEXT_PARAMS_H

#include <stdio.h>

#include "core/run.h"
#include "job/workload.h"

/* The input parameters of the run of w: the CPUs res pinned its threads to, the engine it ran. */
void text_params(FILE *f, const struct workload *w, const struct result *res);

#endif
