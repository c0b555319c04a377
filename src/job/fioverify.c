/* SPDX-License-Identifier: MIT */
/*
 * fioverify.c: fio's verification options with fio 3.33's meanings where
 * iobench's --verify blocks carry them; refused by name, with the reason,
 * where they do not (see fioverify.h and docs/jobfiles.md).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/vhash.h"
#include "job/fiopattern.h"
#include "job/fioplanner.h"
#include "job/units.h"
#include "job/fioverify.h"
#include "util/errmsg.h"
#include "util/banned.h"

enum vopt { V_VERIFY, V_DO, V_ONLY, V_FATAL, V_DUMP, V_INTERVAL, V_PATTERN, V_BACKLOG, V_BATCH,
	    V_NOTE, V_REFUSE };

static const struct vdef {
	const char *name;
	enum vopt id;
	bool value;		/* needs one */
	const char *why;	/* V_NOTE: the notice; V_REFUSE: why it is refused */
} vdefs[] = {
	{ "verify", V_VERIFY, true, NULL },
	{ "do_verify", V_DO, false, NULL },
	{ "verify_only", V_ONLY, false, NULL },
	{ "verify_fatal", V_FATAL, false, NULL },
	{ "verify_dump", V_DUMP, false, NULL },
	{ "verify_interval", V_INTERVAL, true, NULL },
	{ "verify_pattern", V_PATTERN, true, NULL },
	{ "verify_async", V_NOTE, true, "fio's threads that check blocks off the I/O thread; iobench "
	  "checks each block as its read completes, on the I/O thread" },
	{ "verify_async_cpus", V_NOTE, true, "the CPUs of fio's verify threads (verify_async), which "
	  "iobench does not have" },
	{ "experimental_verify", V_NOTE, false, "how fio remembers what it wrote (it replays the "
	  "writes' offsets instead of logging them); iobench's verify phase reads back the range "
	  "the job wrote either way" },
	{ "verifysort", V_NOTE, false, "deprecated in fio 3.33, which ignores it" },
	{ "verifysort_nr", V_NOTE, true, "deprecated in fio 3.33, which ignores it" },
	{ "verify_state_save", V_NOTE, false, "fio's record of a write phase cut short, in "
	  "local-JOB-N-verify.state; iobench writes no such file: its journal (docs/safety.md) "
	  "keeps every block's last write across runs" },
	{ "verify_state_load", V_NOTE, false, "fio reads its local-JOB-N-verify.state to verify "
	  "only what a cut-short write phase wrote; iobench checks every block against its journal "
	  "(docs/safety.md), which knows what the earlier run wrote" },
	{ "verify_offset", V_REFUSE, true, "iobench's block header is always at the start of the "
	  "block" },
	{ "verify_backlog", V_BACKLOG, true, NULL },
	{ "verify_backlog_batch", V_BATCH, true, NULL },
};

/* fio's verify= types: the checksum each selects; notes for those iobench takes otherwise. */
static const struct vtype {
	const char *name;
	int hash;		/* enum vhash_kind, or -1: no checksum (null) */
	const char *note;
} vtypes[] = {
	{ "md5", VHASH_MD5, NULL }, { "crc64", VHASH_CRC64, NULL },
	{ "crc32c", VHASH_CRC32C, NULL }, { "crc32c-intel", VHASH_CRC32C, NULL },
	{ "crc32", VHASH_CRC32, NULL }, { "xxhash", VHASH_XXH32, NULL },
	{ "sha512", VHASH_SHA512, NULL }, { "sha256", VHASH_SHA256, NULL },
	{ "sha1", VHASH_SHA1, NULL }, { "sha3-224", VHASH_SHA3_224, NULL },
	{ "sha3-256", VHASH_SHA3_256, NULL }, { "sha3-384", VHASH_SHA3_384, NULL },
	{ "sha3-512", VHASH_SHA3_512, NULL },
	{ "crc16", VHASH_XXH3, "no library iobench uses has fio's crc16; its blocks carry "
	  "iobench's xxh3-64 instead, which detects at least what a 16-bit check would" },
	{ "crc7", VHASH_XXH3, "no library iobench uses has fio's crc7; its blocks carry "
	  "iobench's xxh3-64 instead, which detects at least what a 7-bit check would" },
	{ "meta", VHASH_XXH3, "fio's deprecated header-only check; iobench's blocks always carry "
	  "a header (offset, write number, seed) checked with an xxh3-64 checksum of the block" },
	{ "null", -1, NULL },
};

void fio_verify_defaults(struct fio_verify *v)
{
	memset(v, 0, sizeof(*v));
	v->do_verify = true;
}

static const struct vdef *find(const char *key)
{
	for (size_t i = 0; i < sizeof(vdefs) / sizeof(vdefs[0]); i++)
		if (!strcmp(vdefs[i].name, key))
			return &vdefs[i];
	return NULL;
}

bool fio_verify_known(const char *key)
{
	return find(key) != NULL;
}

bool fio_verify_needs_value(const char *key)
{
	const struct vdef *d = find(key);

	return d && d->value;
}

static int vbad(struct planner *p, const struct jf_opt *o, const char *what)
{
	return errmsg(p->err, p->errlen, -EINVAL, "%s: %s%s%s: %s", o->where, o->key,
		      o->val ? "=" : "", o->val ? o->val : "", what);
}

static int get_flag(struct planner *p, const struct jf_opt *o, bool *out)
{
	if (!o->val || !strcmp(o->val, "1"))
		*out = true;
	else if (!strcmp(o->val, "0"))
		*out = false;
	else
		return vbad(p, o, "not 0 or 1");
	return 0;
}

static int get_type(struct planner *p, struct fio_verify *v, const struct jf_opt *o)
{
	v->type_set = true;
	v->pattern_type = v->pat.bare = false;
	if (!strcmp(o->val, "0") || !strcmp(o->val, "none")) {
		v->on = v->check = false;
		return 0;
	}
	if (!strcmp(o->val, "pattern")) {	/* fio's VERIFY_PATTERN_NO_HDR: the block is the pattern */
		v->on = v->check = v->pattern_type = v->pat.bare = true;
		v->hash = VHASH_XXH3;
		return 0;
	}
	for (size_t i = 0; i < sizeof(vtypes) / sizeof(vtypes[0]); i++) {
		if (strcmp(o->val, vtypes[i].name))
			continue;
		v->on = true;
		v->check = vtypes[i].hash >= 0;
		v->hash = vtypes[i].hash >= 0 ? (unsigned)vtypes[i].hash : 0;
		if (vtypes[i].note)
			fio_notice(p, "%s: verify=%s: %s", o->where, o->val, vtypes[i].note);
		if (!v->check)
			fio_notice(p, "%s: verify=null: as in fio, the verify phase reads the data back "
				   "and checks nothing", o->where);
		return 0;
	}
	return vbad(p, o, "not a verify type (md5, crc64, crc32c, crc32c-intel, crc32, crc16, "
		    "crc7, xxhash, sha512, sha256, sha1, sha3-224, sha3-256, sha3-384, sha3-512, "
		    "meta, pattern, null)");
}

/*
 * verify_pattern=PAT in fio's syntax (fiopattern.h). Without a verify= before
 * it, fio 3.33 selects its header-and-pattern type: iobench's header with
 * its xxh3-64 checksum over the pattern, with a notice.
 */
static int get_pattern(struct planner *p, struct fio_verify *v, const struct jf_opt *o)
{
	char why[400];
	bool bare = v->pat.bare;

	if (fio_pattern_parse(o->val, &v->pat, why, sizeof(why)))
		return vbad(p, o, why);
	v->pat.bare = bare;
	if (v->type_set)
		return 0;
	v->on = v->check = v->pattern_type = true;
	v->hash = VHASH_XXH3;
	return 0;
}

/* verify_backlog, verify_backlog_batch: a count of blocks (up to 2^24: iobench keeps them all). */
static int get_count(struct planner *p, const struct jf_opt *o, unsigned *out)
{
	uint64_t v;
	int r = parse_uint(o->val, 1u << 24, &v);

	if (r == -EINVAL)
		return vbad(p, o, "not a whole number of blocks");
	if (r)
		return vbad(p, o, "out of range (0 to 16777216 blocks)");
	*out = (unsigned)v;
	return 0;
}

int fio_verify_finish(struct planner *p, const struct fio_verify *v, const char *where,
		      const char *job)
{
	if (v->on && v->pat.bare && !v->pat.len)
		return errmsg(p->err, p->errlen, -EINVAL, "%s: job '%s': verify=pattern needs a "
			      "verify_pattern (the bytes every block holds)", where, job);
	if (v->on && v->pattern_type && !v->pat.bare)
		fio_notice(p, "%s: job '%s': verify_pattern without verify=: fio checks a header and "
			   "the pattern under it; iobench's blocks carry its header, with an xxh3-64 "
			   "checksum of the block, over the pattern", where, job);
	return 0;
}

int fio_verify_apply(struct planner *p, struct fio_verify *v, const struct jf_opt *o)
{
	const struct vdef *d = find(o->key);
	char why[512];

	if (!d)
		return -ENOENT;
	if (d->value && (!o->val || !*o->val))
		return vbad(p, o, "needs a value");
	switch (d->id) {
	case V_VERIFY: return get_type(p, v, o);
	case V_DO: return get_flag(p, o, &v->do_verify);
	case V_ONLY: return get_flag(p, o, &v->only);
	case V_FATAL: return get_flag(p, o, &v->fatal);
	case V_DUMP: return get_flag(p, o, &v->dump);
	case V_PATTERN: return get_pattern(p, v, o);
	case V_BACKLOG: return get_count(p, o, &v->backlog);
	case V_BATCH: return get_count(p, o, &v->batch);
	case V_INTERVAL:	/* fio: a header every N bytes; N = the block size is one a block */
		return vbad(p, o, "iobench puts one header in each block, as fio does when "
			    "verify_interval is not given; leave it out");
	case V_NOTE:
		fio_notice(p, "%s: %s: %s", o->where, o->key, d->why);
		return 0;
	case V_REFUSE:
		snprintf(why, sizeof(why), "not implemented by iobench: %s", d->why);
		return vbad(p, o, why);
	}
	return 0;
}
