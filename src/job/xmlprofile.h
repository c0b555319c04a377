/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile.h: DiskSpd's XML profiles (diskspd -X<profile.xml>). A profile
 * is read with libxml2 (no network, no DTD, no entities, at most
 * XPROFILE_MAX_BYTES) and checked against the structure of DiskSpd's schema
 * (diskspd.xsd: elements, nesting, types, ranges); every TimeSpan then
 * becomes one workload (xmlprofile_build.h). A message names the file, the
 * line and the element: "p.xml:12: <Throughput>: ...".
 */
#ifndef IOB_XMLPROFILE_H
#define IOB_XMLPROFILE_H

#include <stddef.h>

#define XPROFILE_MAX_BYTES (4u << 20)

struct xprofile;

/*
 * Reads and checks the profile at path (a regular file). Returns 0 with *p
 * set, or -EINVAL (-ENOMEM, -errno) with a message in err.
 */
int xprofile_load(const char *path, struct xprofile **p, char *err, size_t len);

/* The same from buf[0..n); name stands for the file in messages (the fuzzer's way in). */
int xprofile_parse(const char *name, const char *buf, size_t n, struct xprofile **p, char *err,
		   size_t len);

void xprofile_free(struct xprofile *p);

/* The number of its TimeSpans (at least 1). */
unsigned xprofile_spans(const struct xprofile *p);

#endif
