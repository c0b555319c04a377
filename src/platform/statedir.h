/* SPDX-License-Identifier: MIT */
/*
 * statedir.h: where iobench keeps what outlives a run: the key that signs
 * the markers on the files it creates, and --verify's journals. The
 * directory is $IOBENCH_STATE_DIR, else /var/lib/iobench for root, else
 * $XDG_STATE_HOME/iobench, else ~/.local/state/iobench; made 0700 on first
 * use.
 */
#ifndef IOB_STATEDIR_H
#define IOB_STATEDIR_H

#include <stddef.h>

/*
 * Writes the state directory's path into buf, creating it (and its
 * parents) when make is set. Returns 0 or -errno with a message in err.
 */
int statedir_get(char *buf, size_t len, int make, char *err, size_t errlen);

#endif
