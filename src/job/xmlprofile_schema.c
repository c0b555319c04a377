/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile_schema.c: DiskSpd's profile schema, diskspd.xsd's structure
 * restated: each element with its type, whether it is required, whether it
 * repeats, its children and attributes; and a document checked against it
 * whole, before anything is built.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "job/xmlprofile_schema.h"
#include "util/errmsg.h"
#include "util/banned.h"

enum xtype {
	XT_NODE,	/* children only */
	XT_BOOL,	/* xs:boolean: true, false, 1, 0 */
	XT_UINT,	/* xs:unsignedInt */
	XT_ULONG,	/* xs:unsignedLong */
	XT_PCT,		/* Percent: 0..100 */
	XT_PCT_NZ,	/* PercentNZ: 1..100 */
	XT_PCT_NZNM,	/* PercentNZNM: 1..99 */
	XT_STRING,
	XT_ENUM,
	XT_EMPTY,	/* attributes only */
};

struct xattr_def {
	const char *name;
	enum xtype type;
	bool required;
	const char *const *values;	/* XT_ENUM */
};

struct xel {
	const char *name;
	enum xtype type;
	bool required;		/* minOccurs 1 */
	bool many;		/* maxOccurs unbounded */
	const struct xel *kids;	/* XT_NODE: ends with a NULL name */
	bool choice;		/* exactly one kind of child (xs:choice) */
	const char *const *values;	/* XT_ENUM */
	const struct xattr_def *attrs;	/* ends with a NULL name */
};

#define LEAF(n, t) { .name = n, .type = t }
#define REQ(n, t) { .name = n, .type = t, .required = true }

static const char *const pattern_values[] = { "sequential", "zero", "random", NULL };
static const char *const flush_values[] = { "ViewOfFile", "NonVolatileMemory",
					     "NonVolatileMemoryNoDrain", NULL };
static const char *const format_values[] = { "text", "xml", NULL };
static const char *const precreate_values[] = { "UseMaxSize", "CreateOnlyFilesWithConstantSizes",
						 "CreateOnlyFilesWithConstantOrZeroSizes", NULL };
static const char *const unit_values[] = { "IOPS", "BPMS", NULL };

static const struct xattr_def range_attrs[] = { { "IO", XT_PCT, true, NULL }, { .name = NULL } };
static const struct xattr_def unit_attrs[] = { { "unit", XT_ENUM, false, unit_values }, { .name = NULL } };
static const struct xattr_def group_attrs[] = {
	{ "Group", XT_UINT, false, NULL }, { "Processor", XT_UINT, false, NULL }, { .name = NULL } };

static const struct xel pct_ranges[] = {
	{ .name = "Range", .type = XT_PCT_NZ, .required = true, .many = true,
	  .attrs = range_attrs },
	{ .name = NULL } };
static const struct xel abs_ranges[] = {
	{ .name = "Range", .type = XT_ULONG, .required = true, .many = true, .attrs = range_attrs },
	{ .name = NULL } };
static const struct xel distribution[] = {
	{ .name = "Percent", .type = XT_NODE, .kids = pct_ranges },
	{ .name = "Absolute", .type = XT_NODE, .kids = abs_ranges },
	{ .name = NULL } };
static const struct xel random_source[] = {
	REQ("SizeInBytes", XT_ULONG), LEAF("FilePath", XT_STRING), { .name = NULL } };
static const struct xel write_content[] = {
	{ .name = "Pattern", .type = XT_ENUM, .required = true, .values = pattern_values },
	{ .name = "RandomDataSource", .type = XT_NODE, .kids = random_source },
	{ .name = NULL } };
static const struct xel thread_target[] = {
	REQ("Thread", XT_UINT), LEAF("Weight", XT_UINT), { .name = NULL } };
static const struct xel thread_targets[] = {
	{ .name = "ThreadTarget", .type = XT_NODE, .required = true, .many = true,
	  .kids = thread_target },
	{ .name = NULL } };

static const struct xel target[] = {
	{ .name = "Distribution", .type = XT_NODE, .kids = distribution, .choice = true },
	REQ("Path", XT_STRING),
	LEAF("BlockSize", XT_UINT), LEAF("StrideSize", XT_ULONG),
	LEAF("InterlockedSequential", XT_BOOL), LEAF("BaseFileOffset", XT_ULONG),
	LEAF("SequentialScan", XT_BOOL), LEAF("RandomAccess", XT_BOOL),
	LEAF("TemporaryFile", XT_BOOL), LEAF("UseLargePages", XT_BOOL),
	LEAF("RequestCount", XT_UINT), LEAF("Random", XT_ULONG),
	LEAF("DisableAllCache", XT_BOOL), LEAF("DisableLocalCache", XT_BOOL),
	LEAF("DisableOSCache", XT_BOOL), LEAF("WriteThrough", XT_BOOL),
	LEAF("MemoryMappedIo", XT_BOOL),
	{ .name = "FlushType", .type = XT_ENUM, .values = flush_values },
	{ .name = "WriteBufferContent", .type = XT_NODE, .kids = write_content },
	LEAF("BurstSize", XT_UINT), LEAF("ThinkTime", XT_UINT),
	{ .name = "Throughput", .type = XT_UINT, .attrs = unit_attrs },
	LEAF("ThreadsPerFile", XT_UINT), LEAF("FileSize", XT_ULONG),
	LEAF("MaxFileSize", XT_ULONG), LEAF("WriteRatio", XT_PCT),
	LEAF("RandomRatio", XT_PCT_NZNM), LEAF("ParallelAsyncIO", XT_BOOL),
	LEAF("ThreadStride", XT_ULONG), LEAF("IOPriority", XT_UINT), LEAF("Weight", XT_UINT),
	{ .name = "ThreadTargets", .type = XT_NODE, .kids = thread_targets },
	{ .name = NULL } };
static const struct xel targets[] = {
	{ .name = "Target", .type = XT_NODE, .required = true, .many = true, .kids = target },
	{ .name = NULL } };
static const struct xel affinity[] = {
	{ .name = "AffinityAssignment", .type = XT_UINT, .many = true },
	{ .name = "AffinityGroupAssignment", .type = XT_EMPTY, .many = true, .attrs = group_attrs },
	{ .name = NULL } };
static const struct xel timespan[] = {
	{ .name = "Targets", .type = XT_NODE, .required = true, .kids = targets },
	LEAF("Duration", XT_UINT), LEAF("Warmup", XT_UINT), LEAF("Cooldown", XT_UINT),
	LEAF("RandSeed", XT_UINT), LEAF("RandomWriteData", XT_BOOL),
	LEAF("ThreadCount", XT_UINT), LEAF("RequestCount", XT_UINT),
	LEAF("GroupAffinity", XT_BOOL),
	{ .name = "Affinity", .type = XT_NODE, .kids = affinity, .choice = true },
	LEAF("DisableAffinity", XT_BOOL), LEAF("CompletionRoutines", XT_BOOL),
	LEAF("MeasureLatency", XT_BOOL), LEAF("CalculateIopsStdDev", XT_BOOL),
	LEAF("IoBucketDuration", XT_UINT),
	{ .name = NULL } };
static const struct xel timespans[] = {
	{ .name = "TimeSpan", .type = XT_NODE, .required = true, .many = true, .kids = timespan },
	{ .name = NULL } };
static const struct xel etw[] = {
	LEAF("Process", XT_BOOL), LEAF("Thread", XT_BOOL), LEAF("ImageLoad", XT_BOOL),
	LEAF("DiskIO", XT_BOOL), LEAF("MemoryPageFaults", XT_BOOL),
	LEAF("MemoryHardFaults", XT_BOOL), LEAF("Network", XT_BOOL), LEAF("Registry", XT_BOOL),
	LEAF("UsePagedMemory", XT_BOOL), LEAF("UsePerfTimer", XT_BOOL),
	LEAF("UseSystemTimer", XT_BOOL), LEAF("UseCyclesCounter", XT_BOOL),
	{ .name = NULL } };
static const struct xel profile[] = {
	{ .name = "TimeSpans", .type = XT_NODE, .required = true, .kids = timespans },
	LEAF("Verbose", XT_BOOL), LEAF("VerboseStats", XT_BOOL), LEAF("Progress", XT_UINT),
	LEAF("ExperimentFlags", XT_UINT),
	{ .name = "ResultFormat", .type = XT_ENUM, .values = format_values },
	{ .name = "ETW", .type = XT_NODE, .kids = etw },
	{ .name = "PrecreateFiles", .type = XT_ENUM, .values = precreate_values },
	{ .name = NULL } };
static const struct xel root = { .name = "Profile", .type = XT_NODE, .required = true,
				 .kids = profile };

/* Whether text is a value of type t; what says what it must be, when not. */
static bool value_ok(enum xtype t, const char *text, const char *const *values, const char **what)
{
	static const struct { enum xtype t; uint64_t lo, hi; const char *what; } nums[] = {
		{ XT_UINT, 0, UINT32_MAX, "a whole number from 0 to 4294967295 (xs:unsignedInt)" },
		{ XT_ULONG, 0, UINT64_MAX, "a whole number from 0 to 18446744073709551615 "
		  "(xs:unsignedLong)" },
		{ XT_PCT, 0, 100, "a percentage from 0 to 100" },
		{ XT_PCT_NZ, 1, 100, "a percentage from 1 to 100" },
		{ XT_PCT_NZNM, 1, 99, "a percentage from 1 to 99" },
	};
	uint64_t v;

	*what = NULL;
	switch (t) {
	case XT_BOOL:
		*what = "true or false (xs:boolean)";
		return !strcmp(text, "true") || !strcmp(text, "false") || !strcmp(text, "1") ||
		       !strcmp(text, "0");
	case XT_ENUM:
		*what = "one of the schema's values";
		for (unsigned i = 0; values[i]; i++)
			if (!strcmp(text, values[i]))
				return true;
		return false;
	case XT_STRING:
		return true;
	default:
		break;
	}
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		if (nums[i].t == t) {
			*what = nums[i].what;
			return xprofile_dec(text, nums[i].hi, &v) && v >= nums[i].lo;
		}
	}
	return true;
}

/* The values an enum may take, "a, b or c", for a message. */
static void list_values(const char *const *values, char *buf, size_t len)
{
	size_t at_ = 0;

	buf[0] = 0;
	for (unsigned i = 0; values[i] && at_ < len; i++)
		at_ += (size_t)snprintf(buf + at_, len - at_, "%s%s", i == 0 ? "" : values[i + 1] ?
					", " : " or ", values[i]);
}

struct checker {
	const struct xprofile *p;
	char *err;
	size_t len;
};

static int bad_value(struct checker *c, xmlNodePtr n, const char *attr, const char *text,
		     enum xtype t, const char *const *values, const char *what)
{
	char list[256];

	if (t == XT_ENUM) {
		list_values(values, list, sizeof(list));
		what = list;
	}
	if (attr)
		return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL,
				   "attribute %s='%s' is not %s", attr, text, what);
	return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "'%s' is not %s", text, what);
}

static int check_attrs(struct checker *c, xmlNodePtr n, const struct xel *def)
{
	const struct xattr_def *a;
	const char *what;

	for (xmlAttrPtr p = n->properties; p; p = p->next) {
		xmlChar *v;
		bool ok;

		if (p->ns)	/* xsi:..., xmlns:...: not the profile's own */
			continue;
		for (a = def->attrs; a && a->name; a++)
			if (!strcmp(a->name, (const char *)p->name))
				break;
		if (!a || !a->name)
			return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL,
					   "unknown attribute '%s'", (const char *)p->name);
		v = xmlGetNoNsProp(n, p->name);
		if (!v)
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		ok = value_ok(a->type, (const char *)v, a->values, &what);
		if (!ok) {
			int r = bad_value(c, n, a->name, (const char *)v, a->type, a->values, what);

			xmlFree(v);
			return r;
		}
		xmlFree(v);
	}
	for (a = def->attrs; a && a->name; a++)
		if (a->required && !xmlHasProp(n, (const xmlChar *)a->name))
			return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL,
					   "attribute '%s' is required", a->name);
	return 0;
}

static int check_node(struct checker *c, xmlNodePtr n, const struct xel *def, unsigned depth);

/* The children of n against def->kids: known, not repeated unless they may be, none missing. */
static int check_kids(struct checker *c, xmlNodePtr n, const struct xel *def, unsigned depth)
{
	unsigned count[48] = { 0 }, nk = 0, kinds = 0;
	int r;

	while (def->kids[nk].name)
		nk++;
	if (nk > sizeof(count) / sizeof(count[0]))	/* a schema table too long for count[] */
		return errmsg(c->err, c->len, -EINVAL, "<%s>: too many kinds of element", def->name);
	for (xmlNodePtr k = n->children; k; k = k->next) {
		unsigned i;

		if (k->type == XML_TEXT_NODE || k->type == XML_CDATA_SECTION_NODE) {
			for (const xmlChar *s = k->content; s && *s; s++)
				if (!xprofile_space(*s))
					return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL,
							   "text where only elements may be");
			continue;
		}
		if (k->type != XML_ELEMENT_NODE)	/* comments, processing instructions */
			continue;
		for (i = 0; i < nk; i++)
			if (!strcmp(def->kids[i].name, (const char *)k->name))
				break;
		if (i == nk)
			return xprofile_at(c->p->name, k, c->err, c->len, -EINVAL,
					   "unknown element in <%s> (see DiskSpd's diskspd.xsd)",
					   def->name);
		if (count[i]++ && !def->kids[i].many)
			return xprofile_at(c->p->name, k, c->err, c->len, -EINVAL,
					   "given twice in <%s>", def->name);
		kinds += count[i] == 1;
		if (def->choice && kinds > 1)
			return xprofile_at(c->p->name, k, c->err, c->len, -EINVAL,
					   "<%s> holds one kind of element: %s or %s", def->name,
					   def->kids[0].name, def->kids[1].name);
		r = check_node(c, k, &def->kids[i], depth + 1);
		if (r)
			return r;
	}
	if (def->choice && !kinds)
		return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "needs a <%s> or a <%s>",
				   def->kids[0].name, def->kids[1].name);
	for (unsigned i = 0; i < nk; i++)
		if (def->kids[i].required && !count[i])
			return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "needs a <%s>",
					   def->kids[i].name);
	return 0;
}

static int check_node(struct checker *c, xmlNodePtr n, const struct xel *def, unsigned depth)
{
	char text[PATH_MAX_LEN];
	const char *what;
	int r;

	if (depth > 16)
		return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "nested too deep");
	if (n->ns && n->ns->href)	/* diskspd.xsd has no target namespace */
		return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL,
				   "in the namespace '%s': a DiskSpd "
				   "profile's elements are in none", (const char *)n->ns->href);
	r = check_attrs(c, n, def);
	if (r)
		return r;
	if (def->type == XT_NODE)
		return check_kids(c, n, def, depth);
	for (xmlNodePtr k = n->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			return xprofile_at(c->p->name, k, c->err, c->len, -EINVAL,
					   "unknown element in <%s>, which holds a value",
					   def->name);
	r = xprofile_text(n, text, sizeof(text));
	if (r == -E2BIG)
		return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "longer than %d bytes",
				   PATH_MAX_LEN - 1);
	if (r)
		return errmsg(c->err, c->len, r, "out of memory");
	if (def->type == XT_EMPTY) {
		if (text[0])
			return xprofile_at(c->p->name, n, c->err, c->len, -EINVAL, "holds no text");
		return 0;
	}
	if (!value_ok(def->type, text, def->values, &what))
		return bad_value(c, n, NULL, text, def->type, def->values, what);
	return 0;
}

int xprofile_check(const struct xprofile *p, xmlNodePtr top, char *err, size_t len)
{
	struct checker c = { .p = p, .err = err, .len = len };

	if (!top || strcmp((const char *)top->name, root.name))
		return xprofile_at(p->name, top, err, len, -EINVAL, "%s",
				   "a DiskSpd profile's root element is <Profile>");
	return check_node(&c, top, &root, 0);
}
