/* SPDX-License-Identifier: MIT */
/*
 * devrule_common.c: the parts of the device rule (devrule.h) both platforms
 * share: the signatures a run was told to destroy, the refusal a verdict
 * makes, and Windows' rule over the facts its drives and volumes give.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/devrule.h"
#include "util/errmsg.h"
#include "util/banned.h"

/* Whether name (n bytes) is one of the comma-separated names of list (case-insensitive). */
static bool in_list(const char *name, size_t n, const char *list)
{
	for (const char *q = list; *q; ) {
		size_t m;

		q += strspn(q, ", ");
		m = strcspn(q, ", ");
		if (!m)
			break;
		if (m == n && !strncasecmp(name, q, n))
			return true;
		q += m;
	}
	return false;
}

bool devrule_names_match(const char *a, const char *b)
{
	const char *lists[2][2] = { { a, b }, { b, a } };
	bool any = false;

	for (int k = 0; k < 2; k++) {
		for (const char *p = lists[k][0]; *p; ) {
			size_t n;

			p += strspn(p, ", ");
			n = strcspn(p, ", ");
			if (!n)
				break;
			if (!in_list(p, n, lists[k][1]))
				return false;
			any = true;
			p += n;
		}
	}
	return any;
}

const char *devrule_sig_word(const struct devrule *r, char *out, size_t len)
{
	size_t n = 0;

	for (const char *p = r->sigs; *p && n + 1 < len; p++)
		if (*p != ' ')
			out[n++] = *p;
	out[len ? n : 0] = 0;
	return out;
}

int devrule_permits(const struct devrule *r, const char *destroy, bool dismount, const char *path,
		    const char *see, char *err, size_t len)
{
	char word[256];

	if (r->read_only)
		return errmsg(err, len, -EINVAL, "cannot write to '%s': the device is read-only",
			      path);
	if (r->verdict == DEVRULE_NEVER || r->verdict == DEVRULE_UNKNOWN)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': %s%s", path, r->why, see);
	if (r->verdict == DEVRULE_SIGNED && !(destroy && devrule_names_match(destroy, r->sigs)))
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': it carries %s %s "
			      "signature%s (a partition table, file system, RAID or LVM member); "
			      "writing destroys %s. To do so, add --destroy-signature=%s", path,
			      r->nsigs > 1 ? "the" : "a", r->sigs, r->nsigs > 1 ? "s" : "",
			      r->nsigs > 1 ? "them" : "it", devrule_sig_word(r, word, sizeof(word)));
	if (r->dismount[0] && !dismount)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': %s %s mounted; add "
			      "--dismount to lock and dismount %s for the run (its files cannot be "
			      "used meanwhile)%s", path, r->dismount, strchr(r->dismount, ',') ?
			      "are" : "is", strchr(r->dismount, ',') ? "them" : "it", see);
	return 0;
}

/* Appends "name" to list, comma-separated. */
static void add_name(char *list, size_t len, const char *name)
{
	size_t n = strlen(list);

	snprintf(list + n, len - n, "%s%s", n ? ", " : "", name);
}

void devrule_judge_windows(const struct windev_facts *f, struct devrule *r)
{
	memset(r, 0, sizeof(*r));
	r->read_only = f->read_only;
	if (f->style[0])
		add_name(r->sigs, sizeof(r->sigs), f->style);
	if (f->fs[0])
		add_name(r->sigs, sizeof(r->sigs), f->fs);
	r->nsigs = f->sigs_unread ? -EIO : !!f->style[0] + !!f->fs[0];
	r->verdict = DEVRULE_NEVER;
	if (f->read_only) {
		snprintf(r->why, sizeof(r->why), "the device is read-only");
		return;
	}
	if (f->system[0]) {
		snprintf(r->why, sizeof(r->why), "%s", f->system);
		return;
	}
	if (f->unknown[0]) {
		r->verdict = DEVRULE_UNKNOWN;
		snprintf(r->why, sizeof(r->why), "%s", f->unknown);
		return;
	}
	snprintf(r->dismount, sizeof(r->dismount), "%s", f->mounted);
	r->verdict = r->nsigs > 0 ? DEVRULE_SIGNED : DEVRULE_FREE;
}
