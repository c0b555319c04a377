/* SPDX-License-Identifier: MIT */
#ifndef IOB_VERSION_H
#define IOB_VERSION_H
#define IOBENCH_VERSION "0.1.0"
#endif
