/* SPDX-License-Identifier: MIT */
/* winerr.h: a Windows error (GetLastError) as the errno the platform-free code speaks. */
#ifndef IOB_WIN_WINERR_H
#define IOB_WIN_WINERR_H

int winerr_errno(unsigned long e);

#endif
