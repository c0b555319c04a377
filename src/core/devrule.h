/* SPDX-License-Identifier: MIT */
/*
 * devrule.h: whether a run may write a block device, and with which flags.
 * One rule, for the run's checks (target.c, which refuses) and for
 * `iobench disks` (which says so beforehand): a device that is read-only,
 * mounted (in any mount namespace), a member of a btrfs, held by a stacked
 * device (dm, md, LVM), the backing device of a loop device, swap, or open
 * exclusively by another program is never written; one that carries
 * signatures (partition tables, file systems, RAID or LVM members) only with
 * --destroy-signature naming every one of them; any other with
 * --allow-device-write.
 *
 * Windows' drives and volumes (devrule_judge_windows): one that holds the
 * system (the Windows directory, a page file) is never written; a partition
 * table ("gpt", "mbr") or a volume's file system ("ntfs") is a signature; a
 * mounted volume (the target, or one on the target drive) is written only
 * with --dismount, which locks and dismounts it for the run (the lock fails,
 * and the run stops before any I/O, while a program has files open on it).
 */
#ifndef IOB_DEVRULE_H
#define IOB_DEVRULE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum devrule_verdict {
	DEVRULE_FREE,		/* written with --allow-device-write */
	DEVRULE_SIGNED,		/* ... and --destroy-signature=sigs */
	DEVRULE_NEVER,		/* never: why */
	DEVRULE_UNKNOWN,	/* iobench cannot tell: why (and the run refuses it) */
};

struct devrule {
	enum devrule_verdict verdict;
	bool read_only;		/* BLKROGET */
	char why[640];		/* NEVER, UNKNOWN: "sdb1 is mounted on /mnt", ... */
	char sigs[256];		/* every signature found, "dos, ext4"; "" when none */
	int nsigs;		/* how many; -errno when they could not be read */
	char dismount[256];	/* Windows: the mounted volumes a write locks and dismounts,
				 * "E:, F:" (--dismount); "" when none */
};

/* What Windows says of a physical drive or a volume, for devrule_judge_windows. */
struct windev_facts {
	bool read_only;		/* IOCTL_DISK_IS_WRITABLE: write-protected */
	char style[8];		/* a drive's partition table: "gpt", "mbr", "" (none) */
	char fs[32];		/* a volume's file system, lower case ("ntfs"), "" (none, RAW) */
	char mounted[256];	/* mounted volumes: the target, or those on the target drive */
	char system[320];	/* why it is never written: "it holds C:, the Windows volume",
				 * a page file, the boot partition, a pool's or dynamic disk's member */
	char unknown[320];	/* what could not be read, so that no verdict holds */
	bool sigs_unread;	/* ... among it the partition table or file system */
};

/* The verdict over Windows' facts (read-only, system, unknown, then signatures), with the signatures. */
void devrule_judge_windows(const struct windev_facts *f, struct devrule *r);

/* Whether every name of a is in b and every name of b in a (any order, any case). */
bool devrule_names_match(const char *a, const char *b);

/*
 * Whether a run may write the device judged r, given --destroy-signature
 * (destroy, or NULL) and --dismount: 0, or -EINVAL with the refusal naming
 * path and the flag it lacks (see: appended to a never-verdict's reason).
 */
int devrule_permits(const struct devrule *r, const char *destroy, bool dismount, const char *path,
		    const char *see, char *err, size_t len);

/*
 * Judges the block device open (read-only will do) as fd, number dev.
 * held: the caller holds it open with O_EXCL already (the run); otherwise
 * an O_EXCL open is tried, read-only, and closed at once: the kernel's own
 * in-use check, which nothing else sees (a program's exclusive open).
 * Returns 0, or -ENOMEM when memory ran out (r's verdict is then UNKNOWN).
 */
int devrule_check(int fd, dev_t dev, bool held, struct devrule *r);

/* Why the kernel refused an O_EXCL open of the device open as fd (number dev), into why. */
void devrule_busy_why(int fd, dev_t dev, char *why, size_t len);

/* The signatures as one shell word, "dos,ext4": --destroy-signature's value, into out. */
const char *devrule_sig_word(const struct devrule *r, char *out, size_t len);

#endif
