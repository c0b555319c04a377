/* SPDX-License-Identifier: MIT */
/*
 * diskspd_xml.h: DiskSpd's XML layouts, for the tools that read DiskSpd's
 * output (Process-DiskSpd.ps1, VMFleet, PerfKitBenchmarker): the results of
 * a run (-Rxml, as DiskSpd's XmlResultParser writes them) and the profile
 * (its <Profile> element). What differs from DiskSpd, and what iobench adds
 * in its own <Iobench> element: docs/cli.md, "DiskSpd's XML results".
 */
#ifndef IOB_DISKSPD_XML_H
#define IOB_DISKSPD_XML_H

#include <stdio.h>

#include "job/workload.h"
#include "result/result.h"

/*
 * DiskSpd's <Profile> element for w (as Common.cpp's Profile::GetXml writes
 * it), each line indented by indent levels of two spaces. Returns 0 or
 * -errno (a write failed).
 */
int diskspd_profile_xml(FILE *f, const struct workload *w, unsigned indent);

/*
 * The run's results as DiskSpd's -Rxml writes them: one <Results> document
 * (System, Profile, TimeSpan), ending with iobench's own <Iobench> element.
 * Returns 0, -ENOMEM (nothing written) or -EIO (a write failed).
 */
int diskspd_results_xml(FILE *f, const struct workload *w, const struct result *res);

#endif
