/* SPDX-License-Identifier: MIT */
/*
 * text_devices.h: the text report's devices sections: each target's device
 * chain and its facts, then each device's counters over the measured window
 * (Perfmon's and iostat's figures) and their cross-check against iobench's
 * own; a merged result's per machine.
 */
#ifndef IOB_TEXT_DEVICES_H
#define IOB_TEXT_DEVICES_H

#include <stdio.h>

#include "core/run.h"
#include "job/workload.h"
#include "report/devcheck.h"

/*
 * The "Devices" section of the targets of res, and the counters of the n
 * devices dc (devcheck_build_all()); a merged result's, each machine's once,
 * under its lowest rank.
 */
void text_devices(FILE *f, const struct workload *w, const struct result *res,
		  const struct devcheck *dc, unsigned n);

#endif
