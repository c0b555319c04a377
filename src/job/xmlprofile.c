/* SPDX-License-Identifier: MIT */
/*
 * xmlprofile.c: DiskSpd's XML profiles. The schema below is diskspd.xsd's
 * structure, restated: each element with its type, whether it is required,
 * whether it repeats, its children and attributes. A document is checked
 * against it whole before anything is built, then each TimeSpan is turned
 * into DiskSpd switches (cmdline_build): an element at its default value is
 * no switch at all, an element iobench cannot honour becomes the switch
 * iobench refuses, so it is refused for the command line's reason.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "job/xmlprofile.h"
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

#define PATH_MAX_LEN 4096	/* a Path (or FilePath) longer than this is refused */

struct xprofile {
	xmlDocPtr doc;
	char *name;		/* the file, for messages */
	xmlNodePtr *spans;	/* the TimeSpan elements, in order */
	unsigned nspans;
};

/* "name:line: <elem>: " + the message, into err; returns r. */
static int at(const char *name, xmlNodePtr n, char *err, size_t len, int r, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static int at(const char *name, xmlNodePtr n, char *err, size_t len, int r, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (n)
		return errmsg(err, len, r, "%s:%ld: <%s>: %s", name, xmlGetLineNo(n),
			      (const char *)n->name, msg);
	return errmsg(err, len, r, "%s: %s", name, msg);
}

static bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* n's text, its leading and trailing white space dropped (xs:whiteSpace collapse). */
static int text_of(xmlNodePtr n, char *buf, size_t len)
{
	xmlChar *c = xmlNodeGetContent(n);
	const char *s = c ? (const char *)c : "";
	size_t k;

	if (!c && n->children)
		return -ENOMEM;
	while (is_space(*s))
		s++;
	k = strlen(s);
	while (k && is_space(s[k - 1]))
		k--;
	if (k >= len) {
		xmlFree(c);
		return -E2BIG;
	}
	memcpy(buf, s, k);
	buf[k] = 0;
	xmlFree(c);
	return 0;
}

/* An unsigned decimal of xs:unsignedInt/unsignedLong (an optional '+', leading zeros). */
static bool parse_dec(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;

	if (*s == '+')
		s++;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		if (x > (max - (uint64_t)(*s - '0')) / 10)
			return false;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = x;
	return true;
}

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
			return parse_dec(text, nums[i].hi, &v) && v >= nums[i].lo;
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
		return at(c->p->name, n, c->err, c->len, -EINVAL, "attribute %s='%s' is not %s",
			  attr, text, what);
	return at(c->p->name, n, c->err, c->len, -EINVAL, "'%s' is not %s", text, what);
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
			return at(c->p->name, n, c->err, c->len, -EINVAL,
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
			return at(c->p->name, n, c->err, c->len, -EINVAL,
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
				if (!is_space(*s))
					return at(c->p->name, n, c->err, c->len, -EINVAL,
						  "text where only elements may be");
			continue;
		}
		if (k->type != XML_ELEMENT_NODE)	/* comments, processing instructions */
			continue;
		for (i = 0; i < nk; i++)
			if (!strcmp(def->kids[i].name, (const char *)k->name))
				break;
		if (i == nk)
			return at(c->p->name, k, c->err, c->len, -EINVAL,
				  "unknown element in <%s> (see DiskSpd's diskspd.xsd)", def->name);
		if (count[i]++ && !def->kids[i].many)
			return at(c->p->name, k, c->err, c->len, -EINVAL,
				  "given twice in <%s>", def->name);
		kinds += count[i] == 1;
		if (def->choice && kinds > 1)
			return at(c->p->name, k, c->err, c->len, -EINVAL,
				  "<%s> holds one kind of element: %s or %s", def->name,
				  def->kids[0].name, def->kids[1].name);
		r = check_node(c, k, &def->kids[i], depth + 1);
		if (r)
			return r;
	}
	if (def->choice && !kinds)
		return at(c->p->name, n, c->err, c->len, -EINVAL, "needs a <%s> or a <%s>",
			  def->kids[0].name, def->kids[1].name);
	for (unsigned i = 0; i < nk; i++)
		if (def->kids[i].required && !count[i])
			return at(c->p->name, n, c->err, c->len, -EINVAL, "needs a <%s>",
				  def->kids[i].name);
	return 0;
}

static int check_node(struct checker *c, xmlNodePtr n, const struct xel *def, unsigned depth)
{
	char text[PATH_MAX_LEN];
	const char *what;
	int r;

	if (depth > 16)
		return at(c->p->name, n, c->err, c->len, -EINVAL, "nested too deep");
	if (n->ns && n->ns->href)	/* diskspd.xsd has no target namespace */
		return at(c->p->name, n, c->err, c->len, -EINVAL, "in the namespace '%s': a DiskSpd "
			  "profile's elements are in none", (const char *)n->ns->href);
	r = check_attrs(c, n, def);
	if (r)
		return r;
	if (def->type == XT_NODE)
		return check_kids(c, n, def, depth);
	for (xmlNodePtr k = n->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			return at(c->p->name, k, c->err, c->len, -EINVAL,
				  "unknown element in <%s>, which holds a value", def->name);
	r = text_of(n, text, sizeof(text));
	if (r == -E2BIG)
		return at(c->p->name, n, c->err, c->len, -EINVAL, "longer than %d bytes",
			  PATH_MAX_LEN - 1);
	if (r)
		return errmsg(c->err, c->len, r, "out of memory");
	if (def->type == XT_EMPTY) {
		if (text[0])
			return at(c->p->name, n, c->err, c->len, -EINVAL, "holds no text");
		return 0;
	}
	if (!value_ok(def->type, text, def->values, &what))
		return bad_value(c, n, NULL, text, def->type, def->values, what);
	return 0;
}

void xprofile_free(struct xprofile *p)
{
	if (!p)
		return;
	xmlFreeDoc(p->doc);
	free(p->spans);
	free(p->name);
	free(p);
}

unsigned xprofile_spans(const struct xprofile *p)
{
	return p->nspans;
}

/* The first child element of n called name, or NULL. */
static xmlNodePtr child(xmlNodePtr n, const char *name)
{
	for (xmlNodePtr k = n ? n->children : NULL; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE && !strcmp((const char *)k->name, name))
			return k;
	return NULL;
}

/* The first error libxml2 reports, for the message. */
struct first_error {
	int line;
	char msg[512];
};

static void keep_first(void *arg, xmlErrorPtr e)
{
	struct first_error *f = arg;
	size_t k;

	if (f->line || !e || e->level < XML_ERR_ERROR)
		return;
	f->line = e->line > 0 ? e->line : 1;
	snprintf(f->msg, sizeof(f->msg), "%s", e->message ? e->message : "unreadable");
	k = strlen(f->msg);
	while (k && is_space(f->msg[k - 1]))
		f->msg[--k] = 0;
}

int xprofile_parse(const char *name, const char *buf, size_t n, struct xprofile **out, char *err,
		   size_t len)
{
	struct xprofile *p;
	xmlParserCtxtPtr ctxt;
	struct first_error first = { 0 };
	struct checker c;
	xmlNodePtr top, spans;
	int r;

	*out = NULL;
	if (n > XPROFILE_MAX_BYTES)
		return errmsg(err, len, -EINVAL, "%s: larger than %u MiB: not a DiskSpd profile",
			      name, XPROFILE_MAX_BYTES >> 20);
	p = calloc(1, sizeof(*p));
	if (!p || !(p->name = strdup(name))) {
		free(p);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	ctxt = xmlNewParserCtxt();
	if (!ctxt) {
		xprofile_free(p);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	/* no network, no entity substitution (no XML_PARSE_NOENT), no DTD loaded; the first
	 * error is kept (the later ones follow from it) */
	xmlSetStructuredErrorFunc(&first, keep_first);
	p->doc = xmlCtxtReadMemory(ctxt, buf, (int)n, NULL, NULL,
				   XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES |
				   XML_PARSE_NOCDATA);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!p->doc || first.line) {
		r = errmsg(err, len, -EINVAL, "%s:%d: not well-formed XML: %s", name, first.line,
			   first.msg[0] ? first.msg : "unreadable");
		xmlFreeParserCtxt(ctxt);
		xprofile_free(p);
		return r;
	}
	xmlFreeParserCtxt(ctxt);
	c = (struct checker){ .p = p, .err = err, .len = len };
	if (p->doc->intSubset || p->doc->extSubset) {
		const char *d = memmem(buf, n, "<!DOCTYPE", 9);
		long line = 1;

		for (const char *s = buf; d && s < d; s++)	/* a DTD node has no line of its own */
			line += *s == '\n';
		r = errmsg(err, len, -EINVAL, "%s:%ld: a DiskSpd profile has no <!DOCTYPE> (no "
			   "DTD, no entities)", name, line);
		xprofile_free(p);
		return r;
	}
	top = xmlDocGetRootElement(p->doc);
	if (!top || strcmp((const char *)top->name, root.name)) {
		r = at(name, top, err, len, -EINVAL, "%s", "a DiskSpd profile's root element is "
		       "<Profile>");
		xprofile_free(p);
		return r;
	}
	r = check_node(&c, top, &root, 0);
	if (r) {
		xprofile_free(p);
		return r;
	}
	spans = child(top, "TimeSpans");
	for (xmlNodePtr k = spans->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			p->nspans++;
	p->spans = calloc(p->nspans, sizeof(*p->spans));
	if (!p->spans) {
		xprofile_free(p);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	p->nspans = 0;
	for (xmlNodePtr k = spans->children; k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			p->spans[p->nspans++] = k;
	*out = p;
	return 0;
}

int xprofile_load(const char *path, struct xprofile **p, char *err, size_t len)
{
	struct stat st;
	char *buf;
	ssize_t got;
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), r;

	*p = NULL;
	if (fd < 0)
		return errmsg(err, len, -errno, "-X: cannot open '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return errmsg(err, len, -EINVAL, "-X: '%s' is not a file", path);
	}
	if ((uint64_t)st.st_size > XPROFILE_MAX_BYTES) {
		close(fd);
		return errmsg(err, len, -EINVAL, "-X: '%s' is larger than %u MiB: not a DiskSpd "
			      "profile", path, XPROFILE_MAX_BYTES >> 20);
	}
	buf = malloc(XPROFILE_MAX_BYTES + 1);
	if (!buf) {
		close(fd);
		return errmsg(err, len, -ENOMEM, "out of memory");
	}
	while (n <= XPROFILE_MAX_BYTES &&
	       (got = read(fd, buf + n, XPROFILE_MAX_BYTES + 1 - n)) != 0) {
		if (got < 0) {
			r = errmsg(err, len, -errno, "-X: cannot read '%s': %s", path,
				   strerror(errno));
			close(fd);
			free(buf);
			return r;
		}
		n += (size_t)got;
	}
	close(fd);
	r = xprofile_parse(path, buf, n, p, err, len);
	free(buf);
	return r;
}

/* ---- building a TimeSpan through the command line's switches ---- */

struct builder {
	const struct xprofile *p;
	const struct xprofile_args *a;
	struct cmdline_build *b;
	char *err;
	size_t len;
};

/* Applies one DiskSpd switch for element n; a refusal is the switch's, naming n. */
static int sw(struct builder *c, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int sw(struct builder *c, xmlNodePtr n, const char *fmt, ...)
{
	char arg[PATH_MAX_LEN + 64], msg[1024];
	va_list ap;
	int r;

	va_start(ap, fmt);
	vsnprintf(arg, sizeof(arg), fmt, ap);
	va_end(ap);
	r = cmdline_build_switch(c->b, arg, NULL);
	if (!r)
		return 0;
	snprintf(msg, sizeof(msg), "%s", c->err);
	return at(c->p->name, n, c->err, c->len, r, "%s", msg);
}

/* A refusal of n that no switch gives. */
static int refuse(struct builder *c, xmlNodePtr n, const char *why)
{
	return at(c->p->name, n, c->err, c->len, -EINVAL, "%s", why);
}

/* The value of n's child name: 1 with *v (and *k the child), 0 when absent. */
static int num(xmlNodePtr n, const char *name, xmlNodePtr *k, uint64_t *v)
{
	char text[PATH_MAX_LEN];	/* as check_node() read it: leading zeros may be many */

	*k = child(n, name);
	*v = 0;
	if (!*k)
		return 0;
	if (text_of(*k, text, sizeof(text)) || !parse_dec(text, UINT64_MAX, v))
		return 0;	/* checked before: cannot happen */
	return 1;
}

/* n's child name as a boolean: -1 absent, else 0 or 1. */
static int flag(xmlNodePtr n, const char *name, xmlNodePtr *k)
{
	char text[16];

	*k = child(n, name);
	if (!*k || text_of(*k, text, sizeof(text)))
		return -1;
	return !strcmp(text, "true") || !strcmp(text, "1");
}

/* The switches of a Target's numeric elements, when they are not DiskSpd's defaults. */
static int target_numbers(struct builder *c, xmlNodePtr t)
{
	static const struct { const char *name, *sw; uint64_t skip; } map[] = {
		{ "BlockSize", "-b", UINT64_MAX },
		{ "RequestCount", "-o", UINT64_MAX },
		{ "ThreadsPerFile", "-t", 1 },		/* DiskSpd: 1 is no -t */
		{ "WriteRatio", "-w", UINT64_MAX },
		{ "BaseFileOffset", "-B", 0 },
		{ "MaxFileSize", "-f", 0 },		/* 0: to the target's end */
		{ "FileSize", "-c", UINT64_MAX },	/* given: created, as DiskSpd */
		{ "StrideSize", "-s", UINT64_MAX },
		{ "Random", "-r", UINT64_MAX },
		{ "RandomRatio", "-rs", UINT64_MAX },
		{ "ThreadStride", "-T", 0 },		/* DiskSpd: 0 is no -T */
		{ "BurstSize", "-i", 0 },
		{ "ThinkTime", "-j", 0 },
	};
	xmlNodePtr k;
	uint64_t v;
	int r;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		/* a stride with <InterlockedSequential>: one switch, -si<stride> */
		bool si = !strcmp(map[i].name, "StrideSize") && flag(t, "InterlockedSequential", &k) == 1;

		if (num(t, map[i].name, &k, &v) && v != map[i].skip &&
		    (r = sw(c, k, "%s%" PRIu64, si ? "-si" : map[i].sw, v)))
			return r;
	}
	if (num(t, "Throughput", &k, &v) && v) {
		xmlChar *unit = xmlGetNoNsProp(k, (const xmlChar *)"unit");
		bool iops = unit && !strcmp((const char *)unit, "IOPS");

		xmlFree(unit);
		if ((r = sw(c, k, "-g%" PRIu64 "%s", v, iops ? "i" : "")))
			return r;
	}
	if (num(t, "IOPriority", &k, &v) && v != 3) {	/* 3: normal, DiskSpd's default */
		if (v < 1 || v > 3)
			return refuse(c, k, "IOPriority is 1 (very low), 2 (low) or 3 (normal)");
		if ((r = sw(c, k, "-I%" PRIu64, v)))
			return r;
	}
	return 0;
}

/* The switches of a Target's true/false elements. */
static int target_flags(struct builder *c, xmlNodePtr t)
{
	static const struct { const char *name, *sw; } map[] = {
		{ "InterlockedSequential", "-si" }, { "SequentialScan", "-fs" },
		{ "RandomAccess", "-fr" }, { "TemporaryFile", "-ft" },
		{ "UseLargePages", "-l" }, { "ParallelAsyncIO", "-p" },
		{ "MemoryMappedIo", "-Sm" },
	};
	xmlNodePtr k, first = NULL, wt = NULL;
	const char *mode = NULL;
	int r;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (!strcmp(map[i].name, "InterlockedSequential") && child(t, "StrideSize"))
			continue;	/* given with its stride (target_numbers) */
		if (flag(t, map[i].name, &k) == 1 && (r = sw(c, k, "%s", map[i].sw)))
			return r;
	}
	/* DiskSpd's reader: DisableOSCache, then DisableAllCache (and write-through), then
	 * DisableLocalCache, each setting the one cache mode; WriteThrough adds write-through */
	if (flag(t, "DisableOSCache", &k) == 1) {
		mode = "u";
		first = k;
	}
	if (flag(t, "DisableAllCache", &k) == 1) {
		mode = "u";
		first = first ? first : k;
		wt = k;
	}
	if (flag(t, "DisableLocalCache", &k) == 1) {
		mode = "r";
		first = first ? first : k;
	}
	if (flag(t, "WriteThrough", &k) == 1) {
		wt = k;
		first = first ? first : k;
	}
	if (!first)
		return 0;
	if (mode && !strcmp(mode, "u") && wt)
		return sw(c, first, "-Sh");
	return sw(c, first, "-S%s%s", mode ? mode : "", wt ? "w" : "");
}

static int target_content(struct builder *c, xmlNodePtr t)
{
	xmlNodePtr wbc = child(t, "WriteBufferContent"), pat, src, k, fp;
	char text[PATH_MAX_LEN];
	uint64_t size;

	if (!wbc)
		return 0;
	pat = child(wbc, "Pattern");
	if (text_of(pat, text, sizeof(text)))
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	if (!strcmp(text, "zero"))
		return sw(c, pat, "-Z");
	src = child(wbc, "RandomDataSource");
	if (strcmp(text, "random") || !src)	/* sequential, or random without a source: DiskSpd's
						   default, iobench's random data */
		return 0;
	num(src, "SizeInBytes", &k, &size);
	fp = child(src, "FilePath");
	if (fp) {
		if (text_of(fp, text, sizeof(text)))
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		return sw(c, fp, "-Z%" PRIu64 ",%s", size, text);
	}
	return sw(c, k, "-Z%" PRIu64, size);
}

/* <Distribution>: DiskSpd's -rdpct / -rdabs, as that switch would be written. */
static int target_distribution(struct builder *c, xmlNodePtr t)
{
	xmlNodePtr d = child(t, "Distribution"), kind = NULL;
	char arg[512];
	bool first = true, abs, last_rest = false;
	unsigned long sum = 0, last_io = 0;
	size_t n, last = 0;

	if (!d)
		return 0;
	for (xmlNodePtr k = d->children; k && !kind; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			kind = k;
	abs = strcmp((const char *)kind->name, "Percent") != 0;
	n = (size_t)snprintf(arg, sizeof(arg), "-rd%s", abs ? "abs" : "pct");
	for (xmlNodePtr r = kind->children; r && n < sizeof(arg); r = r->next) {
		xmlChar *io;
		char text[64];

		if (r->type != XML_ELEMENT_NODE)
			continue;
		io = xmlGetNoNsProp(r, (const xmlChar *)"IO");
		if (text_of(r, text, sizeof(text))) {
			xmlFree(io);
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		}
		last = n;
		last_rest = abs && !strcmp(text, "0");
		last_io = io ? strtoul((const char *)io, NULL, 10) : 0;
		n += (size_t)snprintf(arg + n, sizeof(arg) - n, "%s%s/%s", first ? "" : ":",
				      io ? (const char *)io : "0", text);
		sum += last_io;
		first = false;
		xmlFree(io);
	}
	/*
	 * DiskSpd writes the rest of the target, after the last range -rdabs gave, as
	 * a last <Range> of size 0 with the I/Os left: -rdabs's own remainder, so the
	 * switch leaves it out (a 0 size elsewhere is -rdabs's error)
	 */
	if (last_rest && sum == 100 && last_io && n < sizeof(arg))
		arg[last] = '\0';
	return sw(c, d, "%s", arg);
}

/*
 * A Target's path: *N becomes the command line's N-th target. A template
 * path without one stays as it is with -Rp (it prints), and is an error to run.
 */
static int target_path(struct builder *c, xmlNodePtr pn, char *path, size_t len)
{
	uint64_t i;

	if (text_of(pn, path, len))
		return errmsg(c->err, c->len, -ENOMEM, "out of memory");
	if (path[0] != '*') {
		char msg[1024];

		if (!path[0])
			return refuse(c, pn, "the target's path is empty");
		if (!cmdline_check_path(path, msg, sizeof(msg)))
			return 0;
		return refuse(c, pn, msg);
	}
	if (path[1] < '0' || path[1] > '9' || !parse_dec(path + 1, UINT32_MAX, &i) || !i)
		return at(c->p->name, pn, c->err, c->len, -EINVAL, "'%s' is not a template "
			  "path: *<number>, from *1 (the first target on the command line)", path);
	if (i <= c->a->nsubst) {
		snprintf(path, len, "%s", c->a->subst[i - 1]);
		return 0;
	}
	if (c->a->print_only && !c->a->nsubst)
		return 0;
	return at(c->p->name, pn, c->err, c->len, -EINVAL, "template path '%s' has no "
		  "target on the command line (give %llu or more targets after -X, in order)", path,
		  (unsigned long long)i);
}

/*
 * <Weight> and <ThreadTargets>: with the TimeSpan's ThreadCount and
 * RequestCount (-F with -O), how often each thread's I/O picks the target, and
 * which threads work on it (check_pool_requests() in cmdline_finish.c has DiskSpd's
 * other rules). Without them DiskSpd reads <Weight> and uses it nowhere.
 */
static int target_weights(struct builder *c, xmlNodePtr t)
{
	struct thread_target tt[1024];
	xmlNodePtr ts = t->parent->parent, k, list = child(t, "ThreadTargets");
	uint64_t weight = 1, threads = 0, requests = 0;
	unsigned n = 0;

	num(ts, "ThreadCount", &k, &threads);
	num(ts, "RequestCount", &k, &requests);
	if (!num(t, "Weight", &k, &weight))
		weight = 1;
	else if (!weight && threads && requests)
		return refuse(c, k, "a non-zero target Weight must be specified");
	if (list && !(threads && requests))
		return refuse(c, list, "ThreadTargets can only be specified when the TimeSpan's "
			      "ThreadCount and RequestCount are (DiskSpd's -F with -O)");
	for (k = list ? list->children : NULL; k; k = k->next) {
		xmlNodePtr x;
		uint64_t thread = 0, w = 0;	/* xs:unsignedInt, checked when read */

		if (k->type != XML_ELEMENT_NODE)
			continue;
		num(k, "Thread", &x, &thread);
		num(k, "Weight", &x, &w);
		if (thread >= threads)
			return refuse(c, k, "illegal thread specified for ThreadTarget (threads "
				      "count from 0, below the ThreadCount)");
		if (n == sizeof(tt) / sizeof(tt[0]))	/* -F takes 1024 threads */
			return refuse(c, k, "more ThreadTargets than the 1024 threads -F takes");
		tt[n++] = (struct thread_target){ (unsigned)thread, (unsigned)w };
	}
	return cmdline_build_weight(c->b, (unsigned)weight, tt, n);
}

static int build_target(struct builder *c, xmlNodePtr t)
{
	char path[PATH_MAX_LEN], msg[1024];
	xmlNodePtr k;
	int r;

	if ((r = target_path(c, child(t, "Path"), path, sizeof(path))))
		return r;
	if ((r = target_numbers(c, t)) || (r = target_flags(c, t)) || (r = target_content(c, t)) ||
	    (r = target_distribution(c, t)) || (r = target_weights(c, t)))
		return r;
	if ((k = child(t, "FlushType"))) {
		char text[64];
		const char *f;

		if (text_of(k, text, sizeof(text)))
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		f = !strcmp(text, "ViewOfFile") ? "v" :
		    !strcmp(text, "NonVolatileMemory") ? "n" : "i";
		if ((r = sw(c, k, "-N%s", f)))
			return r;
	}
	r = cmdline_build_target(c->b, path);
	if (!r)
		return 0;
	snprintf(msg, sizeof(msg), "%s", c->err);
	return at(c->p->name, t, c->err, c->len, r, "%s", msg);
}

/* <Affinity>: -a<cpu>,... when every assignment is in group 0, else DiskSpd's -ag form. */
static int span_affinity(struct builder *c, xmlNodePtr a)
{
	char cpus[8192];
	size_t n = 0;
	uint64_t last = 0;
	bool grouped = false;

	for (xmlNodePtr k = a->children; k; k = k->next) {
		char text[32];
		uint64_t gv = 0, pv = 0;

		if (k->type != XML_ELEMENT_NODE)
			continue;
		grouped = strcmp((const char *)k->name, "AffinityAssignment") != 0;
		if (!grouped) {
			if (text_of(k, text, sizeof(text)))
				return errmsg(c->err, c->len, -ENOMEM, "out of memory");
			parse_dec(text, UINT32_MAX, &pv);
		} else {
			xmlChar *g = xmlGetNoNsProp(k, (const xmlChar *)"Group");
			xmlChar *p = xmlGetNoNsProp(k, (const xmlChar *)"Processor");

			if (g)
				parse_dec((const char *)g, UINT32_MAX, &gv);
			if (p)
				parse_dec((const char *)p, UINT32_MAX, &pv);
			xmlFree(g);
			xmlFree(p);
			if (gv > 65535 || pv > 255)
				return refuse(c, k, gv > 65535 ?
					      "a processor group is at most 65535" :
					      "a processor within its group is at most 255");
		}
		/* -a<cpu>,...; or DiskSpd's group form, g<group>,<cpu>,...,g<group>,<cpu>,... */
		if (n >= sizeof(cpus))
			break;
		if (grouped && (!n || gv != last))
			n += (size_t)snprintf(cpus + n, sizeof(cpus) - n, "%sg%" PRIu64 ",%" PRIu64,
					      n ? "," : "", gv, pv);
		else
			n += (size_t)snprintf(cpus + n, sizeof(cpus) - n, "%s%" PRIu64, n ? "," : "",
					      pv);
		last = gv;
	}
	if (n >= sizeof(cpus))
		return refuse(c, a, "too many CPUs");
	return sw(c, a, "-a%s", cpus);
}

/* The profile's own elements (Verbose, Progress, ...), as they apply to every span. */
static int profile_switches(struct builder *c, xmlNodePtr top)
{
	unsigned own = c->a->own;
	xmlNodePtr k;
	uint64_t v;
	char text[32];
	int r;

	if (!(own & XP_OWN_VERBOSE)) {
		if (flag(top, "Verbose", &k) == 1 && (r = sw(c, k, "-v")))
			return r;
		if (flag(top, "VerboseStats", &k) == 1 && (r = sw(c, k, "-vs")))
			return r;
	}
	if (num(top, "Progress", &k, &v) && v && (r = sw(c, k, "-P%" PRIu64, v)))
		return r;
	if (num(top, "ExperimentFlags", &k, &v) && v)
		return refuse(c, k, "DiskSpd's experiment flags (-:) are not supported");
	if (!(own & XP_OWN_FORMAT) && (k = child(top, "ResultFormat"))) {
		if (text_of(k, text, sizeof(text)))
			return errmsg(c->err, c->len, -ENOMEM, "out of memory");
		if ((r = sw(c, k, "-R%s", text)))
			return r;
	}
	if ((k = child(top, "ETW"))) {
		for (xmlNodePtr e = k->children; e; e = e->next) {
			xmlNodePtr x;

			if (e->type == XML_ELEMENT_NODE &&
			    flag(k, (const char *)e->name, &x) == 1 && (r = sw(c, x, "-e")))
				return r;
		}
	}
	return 0;
}

static int span_switches(struct builder *c, xmlNodePtr ts)
{
	static const struct { const char *name, *sw; unsigned own; } map[] = {
		{ "Duration", "-d", XP_OWN_DURATION | XP_COUNT_BASED },
		{ "Warmup", "-W", XP_OWN_WARMUP },
		{ "Cooldown", "-C", XP_OWN_COOLDOWN | XP_COUNT_BASED },
		{ "RandSeed", "-z", XP_OWN_SEED },
	};
	unsigned own = c->a->own;
	xmlNodePtr k;
	uint64_t v;
	int r;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!(own & map[i].own) && num(ts, map[i].name, &k, &v) &&
		    (r = sw(c, k, "%s%" PRIu64, map[i].sw, v)))
			return r;
	if (num(ts, "ThreadCount", &k, &v) && v && (r = sw(c, k, "-F%" PRIu64, v)))
		return r;
	if (num(ts, "RequestCount", &k, &v) && v && (r = sw(c, k, "-O%" PRIu64, v)))
		return r;
	if ((k = child(ts, "Affinity")) && (r = span_affinity(c, k)))
		return r;
	if (flag(ts, "DisableAffinity", &k) == 1 && (r = sw(c, k, "-n")))
		return r;
	if (flag(ts, "CompletionRoutines", &k) == 1 && (r = sw(c, k, "-x")))
		return r;
	if (flag(ts, "MeasureLatency", &k) == 1 && (r = sw(c, k, "-L")))
		return r;
	if (flag(ts, "CalculateIopsStdDev", &k) == 1 && (r = sw(c, k, "-D")))
		return r;
	if (num(ts, "IoBucketDuration", &k, &v) && (r = sw(c, k, "-D%" PRIu64, v)))
		return r;
	/* RandomWriteData: -Zr, every target's writes random (GroupAffinity: DiskSpd's reader
	 * ignores it) */
	if (flag(ts, "RandomWriteData", &k) == 1 && (r = sw(c, k, "-Zr")))
		return r;
	return 0;
}

int xprofile_build(const struct xprofile *p, unsigned span, const struct xprofile_args *a,
		   struct workload *w, char *err, size_t len)
{
	struct builder c = { .p = p, .a = a, .err = err, .len = len };
	xmlNodePtr ts = p->spans[span], k;
	int r = 0, stddev;

	c.b = cmdline_build_new(w, err, len);
	if (!c.b)
		return errmsg(err, len, -ENOMEM, "out of memory");
	r = profile_switches(&c, xmlDocGetRootElement(p->doc));
	if (!r)
		r = span_switches(&c, ts);
	for (unsigned i = 0; !r && i < a->nextra; i++)
		r = cmdline_build_switch(c.b, a->extra[i], a->action);
	for (k = child(child(ts, "Targets"), "Target"); !r && k; k = k->next)
		if (k->type == XML_ELEMENT_NODE)
			r = build_target(&c, k);
	if (!r)
		r = cmdline_build_finish(c.b);
	/* IoBucketDuration is -D's interval; the IopsStdDev column is CalculateIopsStdDev's */
	stddev = flag(ts, "CalculateIopsStdDev", &k);
	if (!r && child(ts, "IoBucketDuration") && stddev != 1)
		w->iops_stddev = false;
	cmdline_build_free(c.b);
	return r;
}

/* The path text of every Target of every span, in order, through fn; stops at its non-zero. */
static int each_template(const struct xprofile *p, int (*fn)(void *arg, const char *path),
			 void *arg)
{
	char path[PATH_MAX_LEN];
	int r;

	for (unsigned s = 0; s < p->nspans; s++) {
		xmlNodePtr t = child(child(p->spans[s], "Targets"), "Target");

		for (; t; t = t->next) {
			if (t->type != XML_ELEMENT_NODE)
				continue;
			if (text_of(child(t, "Path"), path, sizeof(path)))
				return -ENOMEM;
			if ((r = fn(arg, path)))
				return r;
		}
	}
	return 0;
}

struct used {
	bool *used;
	unsigned n;
};

static int mark_used(void *arg, const char *path)
{
	struct used *u = arg;
	uint64_t i;

	if (path[0] == '*' && parse_dec(path + 1, UINT32_MAX, &i) && i && i <= u->n)
		u->used[i - 1] = true;
	return 0;
}

/* DiskSpd's <PrecreateFiles>: which paths are created before the first span, at what size. */
static void precreate(const char *mode, struct workload *spans, unsigned n)
{
	for (unsigned s = 0; s < n; s++) {
		for (unsigned t = 0; t < spans[s].ntargets; t++) {
			const char *path = spans[s].targets[t].path;
			uint64_t max = 0, last = 0;
			bool zeros = false, constant = true, same_buf = true, first = true;
			bool seen = false, zbuf = false;

			/* a path's first target decides; the ones before it were seen already */
			for (unsigned s2 = 0; s2 < s && !seen; s2++)
				for (unsigned t2 = 0; t2 < spans[s2].ntargets && !seen; t2++)
					seen = !strcmp(spans[s2].targets[t2].path, path);
			for (unsigned t2 = 0; t2 < t && !seen; t2++)
				seen = !strcmp(spans[s].targets[t2].path, path);
			if (seen)
				continue;
			for (unsigned s2 = s; s2 < n; s2++) {
				for (unsigned t2 = 0; t2 < spans[s2].ntargets; t2++) {
					const struct target_spec *x = &spans[s2].targets[t2];

					if (strcmp(x->path, path))
						continue;
					if (!first && (x->buf == BUF_ZERO) != zbuf)
						same_buf = false;
					zbuf = x->buf == BUF_ZERO;
					first = false;
					if (x->create_size > max)
						max = x->create_size;
					zeros |= !x->create_size;
					if (x->create_size && last && x->create_size != last)
						constant = false;
					if (x->create_size)
						last = x->create_size;
				}
			}
			if (!same_buf || !max)
				continue;
			if (strcmp(mode, "UseMaxSize") && (!constant ||
			    (!strcmp(mode, "CreateOnlyFilesWithConstantSizes") && zeros)))
				continue;
			for (unsigned s2 = s; s2 < n; s2++)
				for (unsigned t2 = 0; t2 < spans[s2].ntargets; t2++)
					if (!strcmp(spans[s2].targets[t2].path, path))
						spans[s2].targets[t2].create_size = max;
		}
	}
}

/*
 * A file an earlier TimeSpan creates is there, at its size, for a later one that
 * only names it (DiskSpd leaves it in place): that target takes the size, so it is
 * checked before the first span runs, and used again as iobench's own file.
 */
static void inherit_sizes(struct workload *spans, unsigned n)
{
	for (unsigned s = 1; s < n; s++) {
		for (unsigned t = 0; t < spans[s].ntargets; t++) {
			struct target_spec *x = &spans[s].targets[t];

			for (unsigned s2 = s; !x->create_size && s2-- > 0; )
				for (unsigned t2 = 0; t2 < spans[s2].ntargets; t2++)
					if (spans[s2].targets[t2].create_size &&
					    !strcmp(spans[s2].targets[t2].path, x->path))
						x->create_size = spans[s2].targets[t2].create_size;
		}
	}
}

int xprofile_finish(const struct xprofile *p, const struct xprofile_args *a,
		    struct workload *spans, unsigned n, char *err, size_t len)
{
	struct used u = { .n = a->nsubst };
	xmlNodePtr pre = child(xmlDocGetRootElement(p->doc), "PrecreateFiles");
	char mode[64];

	if (a->nsubst) {
		u.used = calloc(a->nsubst, sizeof(*u.used));
		if (!u.used || each_template(p, mark_used, &u)) {
			free(u.used);
			return errmsg(err, len, -ENOMEM, "out of memory");
		}
		for (unsigned i = 0; i < a->nsubst; i++) {
			if (!u.used[i]) {
				int r = errmsg(err, len, -EINVAL, "%s: target '%s' (*%u) is used "
					       "by no template path of the profile", p->name,
					       a->subst[i], i + 1);

				free(u.used);
				return r;
			}
		}
		free(u.used);
	}
	if (spans[0].engine && !strcmp(spans[0].engine, "null"))
		return 0;	/* the null engine opens nothing, and creates nothing */
	if (pre) {
		if (text_of(pre, mode, sizeof(mode)))
			return errmsg(err, len, -ENOMEM, "out of memory");
		precreate(mode, spans, n);
	}
	inherit_sizes(spans, n);
	return 0;
}
