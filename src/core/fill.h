/* SPDX-License-Identifier: MIT */
/*
 * fill.h: writing a new test file from end to end with random data, as fast
 * as the device takes sequential writes: the next chunk is generated while
 * the previous ones are being written (io_uring, a few 8 MiB writes in flight).
 */
#ifndef IOB_FILL_H
#define IOB_FILL_H

#include <stddef.h>
#include <stdint.h>

#include "util/vpattern.h"

/*
 * Writes size bytes of random data (from seed) to fd at offset 0. Every
 * 8-byte word comes from the generator: no two blocks repeat and nothing
 * compresses. A pending SIGINT/SIGTERM (blocked by the caller) stops it with
 * -EINTR. Returns 0 or -errno, with a message naming path in err.
 */
int fill_file(int fd, uint64_t size, uint64_t seed, const char *path, char *err, size_t len);

/*
 * The same, as --verify blocks of verify_block bytes (write number 0; the
 * data pat's pattern when pat is not NULL), so a verifying run can check
 * every block of the new file, written or not.
 */
int fill_file_verify(int fd, uint64_t size, uint64_t seed, uint32_t verify_block,
		     const struct vpattern *pat, const char *path, char *err, size_t len);

#endif
