/* SPDX-License-Identifier: MIT */
/*
 * banned.h: functions that write past a buffer when its size is misjudged.
 * Every source file includes this last, after the system headers; a use of
 * one of these fails to compile. Use snprintf, memcpy with a checked length,
 * or the helpers in util/.
 */
#ifndef IOB_BANNED_H
#define IOB_BANNED_H

#define BANNED(func) sorry_##func##_is_a_banned_function

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef strncat
#define strncat(x, y, n) BANNED(strncat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef gets
#define gets(x) BANNED(gets)
#undef strtok
#define strtok(x, y) BANNED(strtok)

#endif
