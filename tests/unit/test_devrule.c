/* SPDX-License-Identifier: MIT */
/*
 * test_devrule.c: the device rule's common part (core/devrule.h): which
 * signatures --destroy-signature names, the refusal each verdict makes, and
 * Windows' verdict over what its drives and volumes say.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/devrule.h"

static char err[1024];

static void refused(const struct devrule *r, const char *destroy, bool dismount, const char *want)
{
	assert_int_equal(devrule_permits(r, destroy, dismount, "#1", " (see)", err, sizeof(err)),
			 -EINVAL);
	if (!strstr(err, want))
		fail_msg("wanted '%s' in: %s", want, err);
}

static void test_names(void **state)
{
	(void)state;
	assert_true(devrule_names_match("dos,ext4", "dos, ext4"));
	assert_true(devrule_names_match("ext4,dos", "dos, ext4"));	/* any order */
	assert_true(devrule_names_match("GPT,NTFS", "gpt, ntfs"));	/* any case */
	assert_false(devrule_names_match("dos", "dos, ext4"));	/* every one, not some */
	assert_false(devrule_names_match("dos,ext4,xfs", "dos, ext4"));
	assert_false(devrule_names_match("ext", "ext4"));	/* whole names */
	assert_false(devrule_names_match("", ""));		/* nothing named is no permission */
	assert_false(devrule_names_match(",", "dos"));
}

static void test_permits(void **state)
{
	struct devrule r = { .verdict = DEVRULE_FREE };
	char word[64];

	(void)state;
	assert_int_equal(devrule_permits(&r, NULL, false, "#1", "", err, sizeof(err)), 0);
	r.read_only = true;
	refused(&r, NULL, false, "cannot write to '#1': the device is read-only");
	r = (struct devrule){ .verdict = DEVRULE_NEVER };
	snprintf(r.why, sizeof(r.why), "sdb1 is mounted on /mnt");
	refused(&r, "dos", true, "refusing to write to '#1': sdb1 is mounted on /mnt (see)");
	r.verdict = DEVRULE_UNKNOWN;
	refused(&r, NULL, false, "refusing to write to '#1': sdb1 is mounted on /mnt (see)");
	r = (struct devrule){ .verdict = DEVRULE_SIGNED, .nsigs = 2 };
	snprintf(r.sigs, sizeof(r.sigs), "gpt, ntfs");
	refused(&r, NULL, false, "it carries the gpt, ntfs signatures (a partition table, file "
		"system, RAID or LVM member); writing destroys them. To do so, add "
		"--destroy-signature=gpt,ntfs");
	refused(&r, "gpt", false, "--destroy-signature=gpt,ntfs");
	assert_string_equal(devrule_sig_word(&r, word, sizeof(word)), "gpt,ntfs");
	assert_int_equal(devrule_permits(&r, "ntfs,gpt", false, "#1", "", err, sizeof(err)), 0);
	r.nsigs = 1;
	snprintf(r.sigs, sizeof(r.sigs), "ext4");
	refused(&r, NULL, false, "it carries a ext4 signature");
	/* a mounted volume: only when the run may lock and dismount it */
	r = (struct devrule){ .verdict = DEVRULE_FREE };
	snprintf(r.dismount, sizeof(r.dismount), "E:");
	refused(&r, NULL, false, "refusing to write to '#1': E: is mounted; add --dismount to lock "
		"and dismount it for the run");
	snprintf(r.dismount, sizeof(r.dismount), "E:, F:");
	refused(&r, NULL, false, "E:, F: are mounted; add --dismount to lock and dismount them");
	assert_int_equal(devrule_permits(&r, NULL, true, "#1", "", err, sizeof(err)), 0);
}

static void test_windows(void **state)
{
	struct windev_facts f = { 0 };
	struct devrule r;

	(void)state;
	devrule_judge_windows(&f, &r);		/* a blank drive (RAW): the flag alone */
	assert_int_equal(r.verdict, DEVRULE_FREE);
	assert_int_equal(r.nsigs, 0);
	assert_string_equal(r.dismount, "");
	snprintf(f.style, sizeof(f.style), "gpt");
	snprintf(f.mounted, sizeof(f.mounted), "E:, F:");
	devrule_judge_windows(&f, &r);		/* a drive with partitions, two of them mounted */
	assert_int_equal(r.verdict, DEVRULE_SIGNED);
	assert_int_equal(r.nsigs, 1);
	assert_string_equal(r.sigs, "gpt");
	assert_string_equal(r.dismount, "E:, F:");
	memset(&f, 0, sizeof(f));
	snprintf(f.fs, sizeof(f.fs), "ntfs");
	snprintf(f.mounted, sizeof(f.mounted), "E:");
	devrule_judge_windows(&f, &r);		/* a mounted volume */
	assert_string_equal(r.sigs, "ntfs");
	assert_string_equal(r.dismount, "E:");
	/* what rules it out, in this order: read-only, the system, unknown; the signatures stay */
	snprintf(f.unknown, sizeof(f.unknown), "its volumes cannot be listed");
	devrule_judge_windows(&f, &r);
	assert_int_equal(r.verdict, DEVRULE_UNKNOWN);
	assert_string_equal(r.why, "its volumes cannot be listed");
	assert_string_equal(r.sigs, "ntfs");
	refused(&r, "ntfs", true, "refusing to write to '#1': its volumes cannot be listed (see)");
	snprintf(f.system, sizeof(f.system), "it holds C:, the volume Windows runs from");
	devrule_judge_windows(&f, &r);
	assert_int_equal(r.verdict, DEVRULE_NEVER);
	assert_string_equal(r.why, "it holds C:, the volume Windows runs from");
	assert_string_equal(r.sigs, "ntfs");	/* iobench disks shows them */
	assert_int_equal(r.nsigs, 1);
	refused(&r, "ntfs", true, "it holds C:, the volume Windows runs from (see)");
	f.read_only = true;
	devrule_judge_windows(&f, &r);
	assert_true(r.read_only);
	assert_string_equal(r.why, "the device is read-only");
	refused(&r, "ntfs", true, "the device is read-only");
	/* a partition table that could not be read: no signatures known, and no verdict */
	memset(&f, 0, sizeof(f));
	snprintf(f.unknown, sizeof(f.unknown), "its partition table cannot be read");
	f.sigs_unread = true;
	devrule_judge_windows(&f, &r);
	assert_int_equal(r.verdict, DEVRULE_UNKNOWN);
	assert_true(r.nsigs < 0);
	assert_string_equal(r.sigs, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_permits),
		cmocka_unit_test(test_windows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
