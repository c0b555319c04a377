/* SPDX-License-Identifier: MIT */
/*
 * notice.h: how the run tells its user what it is doing (a file being laid
 * down, the phases, an engine passed over, Ctrl-C taken) and draws its live
 * progress line. core/ formats the text; the front end decides where it
 * goes (cmd/ prints it on stderr). Without a front end, notices go nowhere.
 */
#ifndef IOB_NOTICE_H
#define IOB_NOTICE_H

struct notice_ops {
	void (*line)(const char *text);		/* one message line, without a newline */
	void (*progress)(const char *text);	/* the live line's new text; NULL clears it */
};

/* Where notices go from now on (NULL: nowhere). */
void notice_set(const struct notice_ops *ops);

/* A message line. */
void notice(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The live progress line, redrawn (fmt NULL: cleared). */
void notice_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
