/* SPDX-License-Identifier: MIT */
/*
 * diskspd_xml.h: DiskSpd's XML layouts, for DiskSpd and the tools that read
 * its output (Process-DiskSpd.ps1, VMFleet, PerfKitBenchmarker): the profile
 * (-Rpxml, and the <Profile> inside -Rxml's results) as DiskSpd's
 * Profile::GetXml lays it out, in the elements of its schema (diskspd.xsd),
 * so that DiskSpd and iobench's -X read it back to the same workload; and
 * the results of a run (-Rxml) as DiskSpd's XmlResultParser writes them.
 * What differs from DiskSpd, and what iobench adds in its own <Iobench>
 * element: docs/cli.md, "DiskSpd's XML profile" and "DiskSpd's XML results".
 */
#ifndef IOB_DISKSPD_XML_H
#define IOB_DISKSPD_XML_H

#include <stddef.h>
#include <stdio.h>

#include "job/workload.h"
#include "result/result.h"

/* s with &, <, >, " and ' as XML's entities. */
void xml_escaped(FILE *f, const char *s);

/*
 * DiskSpd's <Profile> element for w, each line indented by indent levels of
 * two spaces (DiskSpd's own indentation). Returns 0, or -EIO when a write
 * failed.
 */
int diskspd_profile_xml(FILE *f, const struct workload *w, unsigned indent);

/* The same over several workloads run one after another (-X's TimeSpans): their TimeSpans in order. */
int diskspd_profile_xml_spans(FILE *f, const struct workload *spans, unsigned n, unsigned indent);

/*
 * What of w DiskSpd's profile has no element for (iobench's own options,
 * durations that are not whole seconds), as a list for a notice: "--verify,
 * --engine=null"; "" when the profile holds all of it.
 */
void diskspd_profile_leaves_out(const struct workload *w, char *buf, size_t len);

/*
 * The same for the n TimeSpans of an XML profile, run one after another:
 * one <Results> with the machine, the profile of them all, a <TimeSpan> each
 * (as DiskSpd writes a profile's TimeSpans) and an <Iobench> each, in order.
 */
int diskspd_results_xml_spans(FILE *f, const struct workload *w, const struct result *res,
			      unsigned n);

/*
 * The run's results as DiskSpd's -Rxml writes them: one <Results> document
 * (System, Profile, TimeSpan), ending with iobench's own <Iobench> element.
 * Returns 0, -ENOMEM (nothing written) or -EIO (a write failed).
 */
int diskspd_results_xml(FILE *f, const struct workload *w, const struct result *res);

#endif
