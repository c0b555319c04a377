/* SPDX-License-Identifier: MIT */
#ifndef IOB_VERSION_H
#define IOB_VERSION_H
#define IOBENCH_VERSION "0.1.0"

/* What the build recorded (gen/buildinfo.c, written by the Makefile). */
extern const char iob_commit[];	/* the git commit, "-dirty" with changes; "unknown" */
extern const char iob_docdir[];	/* where make install puts the docs */
#endif
