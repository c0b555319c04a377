/* SPDX-License-Identifier: MIT */
/*
 * diskspd_xml.h: DiskSpd's XML: the profile (-Rpxml, and the <Profile>
 * inside -Rxml's results) as DiskSpd's Profile::GetXml lays it out, in the
 * elements of its schema (diskspd.xsd), so that DiskSpd and iobench's -X
 * read it back to the same workload.
 */
#ifndef IOB_DISKSPD_XML_H
#define IOB_DISKSPD_XML_H

#include <stddef.h>
#include <stdio.h>

#include "job/workload.h"

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

#endif
