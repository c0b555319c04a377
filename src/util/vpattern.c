/* SPDX-License-Identifier: MIT */
/* vpattern.c: fio's verify_pattern in a block (see vpattern.h). */
#include <string.h>

#include "util/vpattern.h"
#include "util/banned.h"

void vpattern_for(const struct vpattern *p, uint64_t offset, uint8_t *out)
{
	memcpy(out, p->bytes, p->len);
	for (uint32_t i = 0; i < p->noffs; i++)	/* fio's paste_blockoff: cpu_to_le64(offset) */
		for (uint32_t k = 0; k < VPAT_OFF_LEN; k++)
			out[p->offs[i] + k] = (uint8_t)(offset >> (8 * k));
}

void vpattern_fill(const struct vpattern *p, void *buf, uint32_t len, uint64_t offset)
{
	uint8_t *b = buf;
	uint32_t done = p->len < len ? p->len : len;

	if (p->noffs) {
		uint8_t one[VPAT_MAX];

		vpattern_for(p, offset, one);
		memcpy(b, one, done);
	} else {
		memcpy(b, p->bytes, done);
	}
	while (done < len) {	/* doubling copies, as fio's dup_pattern() */
		uint32_t n = len - done < done ? len - done : done;

		memcpy(b + done, b, n);
		done += n;
	}
}

uint32_t vpattern_diff(const struct vpattern *p, const void *buf, uint32_t from, uint32_t len,
		       uint64_t offset)
{
	const uint8_t *b = buf;
	uint8_t one[VPAT_MAX];
	uint32_t m = from % p->len;

	vpattern_for(p, offset, one);
	for (uint32_t i = from; i < len;) {	/* a piece up to the pattern's end at a time */
		uint32_t n = p->len - m < len - i ? p->len - m : len - i;

		if (memcmp(b + i, one + m, n)) {
			while (b[i] == one[m])
				i++, m++;
			return i;
		}
		i += n;
		m = 0;
	}
	return len;
}
