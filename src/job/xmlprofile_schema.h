/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile_schema.h: a DiskSpd profile's document checked against the
 * structure of DiskSpd's schema (diskspd.xsd): elements, nesting, types,
 * ranges.
 */
#ifndef IOB_XMLPROFILE_SCHEMA_H
#define IOB_XMLPROFILE_SCHEMA_H

#include <stddef.h>

#include "job/xmlprofile_doc.h"

/*
 * Checks p's root element top (NULL: none) and everything in it. Returns 0,
 * or -EINVAL (-ENOMEM) with a message naming the file, the line and the
 * element.
 */
int xprofile_check(const struct xprofile *p, xmlNodePtr top, char *err, size_t len);

#endif
