/* SPDX-License-Identifier: MIT */
/*
 * cmdline_dist.c: DiskSpd's -rdpct and -rdabs, its random distributions:
 * the switch read into a target's ranges, and the ranges checked once the
 * block size is known, both with DiskSpd's rules and words.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "job/cmdline_dist.h"
#include "job/units.h"
#include "util/banned.h"

/* Digits at *p, as DiskSpd's Util::ParseUInt: false when there are none or too many. */
static bool take_uint(const char **p, uint64_t *out)
{
	const char *s = *p;
	uint64_t n = 0;

	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (n > (UINT64_MAX - 9) / 10)
			return false;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	*p = s;
	*out = n;
	return true;
}

/*
 * DiskSpd's -rdpct<IO%>/<Target%>:... and -rdabs<IO%>/<size>:...
 * (_ParseRandomDistribution): the ranges as given, DiskSpd's tail added
 * (SetDistributionRange); cmdline_check_distribution() validates them once -b is known.
 */
int cmdline_apply_rd(struct parse_state *ps, const char *flag, const char *v)
{
	struct access_dist *d;
	uint32_t io_acc = 0;
	uint64_t t_acc = 0;
	bool pct = !strncmp(v, "pct", 3);
	const char *p = v + 3;

	if (!pct && strncmp(v, "abs", 3))
		return fail(ps, "%sd%s: unrecognized random distribution type (use -rdpct or -rdabs)",
			    flag, v);
	d = calloc(1, sizeof(*d));
	if (!d)
		return fail(ps, "out of memory");
	d->kind = pct ? DIST_DISKSPD_PCT : DIST_DISKSPD_ABS;
	d->center = -1;
	for (;;) {
		uint64_t io = 0, t = 0;
		struct size_arg sz;
		char buf[64];
		size_t n;

		if (!take_uint(&p, &io) || io > 100) {
			free(d);
			return fail(ps, "%sd%s: invalid IO%% at '%s': must be >= 0 and <= %u", flag, v,
				    p, 100 - (io_acc > 100 ? 100 : io_acc));
		}
		if (*p++ != '/') {
			free(d);
			return fail(ps, "%sd%s: expected / separator after %llu", flag, v,
				    (unsigned long long)io);
		}
		if (pct) {
			if (!take_uint(&p, &t) || !t || t > 100) {
				free(d);
				return fail(ps, "%sd%s: invalid Target%% at '%s': must be > 0 and <= %llu",
					    flag, v, p, (unsigned long long)(t_acc > 100 ? 0 : 100 - t_acc));
			}
		} else {
			n = strcspn(p, ":");
			if (!n || n >= sizeof(buf) || (memcpy(buf, p, n), buf[n] = 0,
							parse_size(buf, &sz.v, &sz.blocks))) {
				free(d);
				return fail(ps, "%sd%s: invalid size '%.*s' of a target range", flag, v,
					    (int)n, p);
			}
			t = sz.blocks ? sz.v * ps->t.block_size : sz.v;
			if (!t) {
				free(d);
				return fail(ps, "%sd%s: invalid zero length target range", flag, v);
			}
			p += n;
		}
		if (d->n[0] == DIST_RANGES_MAX - 1) {
			free(d);
			return fail(ps, "%sd%s: more than %d ranges", flag, v, DIST_RANGES_MAX - 1);
		}
		d->r[0][d->n[0]++] = (struct dist_range){ io_acc, (uint32_t)io, t_acc, t };
		io_acc += (uint32_t)io;
		t_acc += t;
		if (*p == ':' && p++)
			continue;
		if (!*p)
			break;
		free(d);
		return fail(ps, "%sd%s: unexpected characters in specification '%s'", flag, v, p);
	}
	if (io_acc < 100)	/* DiskSpd's tail: the rest of the I/O over the rest of the target */
		d->r[0][d->n[0]++] = (struct dist_range){ io_acc, 100 - io_acc, t_acc,
							  pct && t_acc < 100 ? 100 - t_acc : 0 };
	free(ps->t.dist);
	ps->t.dist = d;
	return 0;
}

/* DiskSpd's Profile::Validate() checks of a -rd distribution (its words). */
int cmdline_check_distribution(struct parse_state *ps)
{
	const struct access_dist *d = ps->t.dist;
	bool abs = d->kind == DIST_DISKSPD_ABS, zero = false, zero_last = false;
	uint32_t io_acc = 0;
	uint64_t t_acc = 0;

	if (!ps->random_set && !ps->rs_pct)
		return fail(ps, "-rd: random distribution ranges (-rd) do not apply to "
			    "sequential-only IO patterns");
	for (unsigned i = 0; i < d->n[0]; i++) {
		const struct dist_range *r = &d->r[0][i];

		if (abs) {
			zero_last = false;
			if (!r->len && !zero) {
				zero = zero_last = true;
			} else if (r->len < ps->t.block_size) {
				return fail(ps, "-rd: invalid random distribution target range %llu - must "
					    "be a minimum of the specified block size (%llu bytes)",
					    (unsigned long long)r->len,
					    (unsigned long long)ps->t.block_size);
			}
		}
		if (io_acc + r->io > 100)
			return fail(ps, "-rd: invalid random distribution IO%% %u: can be at most %u - "
				    "total must be <= 100%%", r->io, 100 - io_acc);
		if (!abs && t_acc + r->len > 100)
			return fail(ps, "-rd: invalid random distribution Target%% %llu: can be at most "
				    "%llu - total must be <= 100%%", (unsigned long long)r->len,
				    (unsigned long long)(100 - t_acc));
		if (!abs && t_acc + r->len == 100 && io_acc + r->io < 100)
			return fail(ps, "-rd: invalid random distribution: the target is covered with "
				    "%u%% IO left to distribute", 100 - (io_acc + r->io));
		io_acc += r->io;
		t_acc += r->len;
	}
	if (!abs && t_acc != 100)
		return fail(ps, "-rd: invalid random distribution span: Target%% (%llu%%) must total "
			    "100%%", (unsigned long long)t_acc);
	if (zero && !zero_last)
		return fail(ps, "-rd: invalid zero target range in random distribution - must be a "
			    "minimum of the specified block size (%llu bytes)",
			    (unsigned long long)ps->t.block_size);
	return 0;
}
