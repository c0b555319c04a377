/* SPDX-License-Identifier: MIT */
/*
 * target.c: targets on Windows (core/target.h): the null engine's names, and
 * files: C:\Temp\io.dat, relative paths, UNC shares (\\server\share\io.dat).
 * The same rules as on Linux: a file iobench did not create (no marker of
 * its own, an alternate data stream the machine's key signs) is written only
 * with --overwrite; a new file's directory must exist; files to create must
 * fit the volume's free space together; a created file is filled with random
 * data before anything reads it, and removed at the end unless kept.
 *
 * Opening follows DiskSpd: -Su FILE_FLAG_NO_BUFFERING, -Sw
 * FILE_FLAG_WRITE_THROUGH, -Sh both, -Sr a plain open then
 * FSCTL_DISABLE_LOCAL_BUFFERING (the SMB client's cache off); -fr and -fs
 * FILE_FLAG_RANDOM_ACCESS and FILE_FLAG_SEQUENTIAL_SCAN; every handle
 * overlapped, so that the IOCP engine and the synchronous one both use it.
 * Physical drives and volumes (#1, \\.\PhysicalDrive1, E:, \\.\E:) are
 * opened as DiskSpd opens them, their size from IOCTL_DISK_GET_LENGTH_INFO,
 * every offset and length in whole sectors (a device takes nothing else,
 * buffered or not). Writing one follows the device rule (core/devrule.h):
 * --allow-device-write, --destroy-signature for its partition table or file
 * system, --dismount for a mounted volume, never the system's. A mounted
 * volume on a target drive is locked and dismounted through a handle of its
 * own; a target volume through the handle the run's I/O uses (a locked
 * volume takes I/O only through the file object that locked it), which the
 * IOCP engine then shares instead of opening its own (winfile_set_sole), so
 * that one thread of it may use it.
 */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <winioctl.h>

#include "platform/clock.h"
#include "core/fill.h"
#include "core/hold.h"
#include "core/marker.h"
#include "core/notice.h"
#include "core/target.h"
#include "core/target_rules.h"
#include "job/units.h"
#include "monitor/device.h"
#include "platform/blockdev.h"
#include "platform/fsinfo.h"
#include "core/win/windev.h"
#include "platform/win/windisk.h"
#include "platform/win/winerr.h"
#include "platform/win/winfile.h"
#include "platform/win/winpath.h"
#include "util/errmsg.h"
#include "util/banned.h"

#ifndef FSCTL_ALLOW_EXTENDED_DASD_IO
#define FSCTL_ALLOW_EXTENDED_DASD_IO CTL_CODE(FILE_DEVICE_FILE_SYSTEM, 32, METHOD_NEITHER, \
					      FILE_ANY_ACCESS)
#endif
#ifndef FSCTL_DISABLE_LOCAL_BUFFERING	/* not in mingw-w64's winioctl.h; DiskSpd's value */
#define FSCTL_DISABLE_LOCAL_BUFFERING CTL_CODE(FILE_DEVICE_FILE_SYSTEM, 174, METHOD_BUFFERED, \
					       FILE_ANY_ACCESS)
#endif

/* Linux's statfs numbers for the file systems Windows names (platform/fsnames.c). */
static long fs_code(const wchar_t *name, bool remote)
{
	if (remote)
		return 0xFE534D42;	/* smb2 */
	if (!_wcsicmp(name, L"NTFS"))
		return 0x5346544e;
	if (!_wcsicmp(name, L"ReFS"))
		return 0x52654653;
	if (!_wcsicmp(name, L"exFAT"))
		return 0x2011BAB0;
	if (!_wcsnicmp(name, L"FAT", 3))
		return 0x4d44;	/* vfat */
	return 0;
}

/* A path as the Windows API takes it, or NULL with a message. */
static wchar_t *wide(const char *path, char *err, size_t len, int *r)
{
	wchar_t *w = winpath_wide(path);

	*r = 0;
	if (!w)
		*r = errmsg(err, len, errno == ENOMEM ? -ENOMEM : -EINVAL, errno == ENOMEM ?
			    "out of memory" : "'%s' is not valid UTF-8", path);
	return w;
}

static HANDLE handle_of(int fd)
{
	return (HANDLE)_get_osfhandle(fd);
}

/* The volume that holds path: its root, sector size, file system and whether it is remote. */
struct volume {
	wchar_t root[MAX_PATH + 1];
	DWORD serial;
	DWORD sector;
	long fs;
	bool remote, read_only;
};

static int volume_of(const char *path, struct volume *v, char *err, size_t len)
{
	wchar_t fsname[MAX_PATH + 1] = L"", *w;
	DWORD spc, bps, nfc, tnc, flags = 0;
	int r;

	memset(v, 0, sizeof(*v));
	w = wide(path, err, len, &r);
	if (!w)
		return r;
	if (!GetVolumePathNameW(w, v->root, MAX_PATH + 1)) {
		r = -winerr_errno(GetLastError());
		free(w);
		return errmsg(err, len, r, "cannot find the volume of '%s': %s", path, strerror(-r));
	}
	free(w);
	if (!GetVolumeInformationW(v->root, NULL, 0, &v->serial, NULL, &flags, fsname, MAX_PATH + 1))
		fsname[0] = 0;
	v->remote = GetDriveTypeW(v->root) == DRIVE_REMOTE || (v->root[0] == L'\\' &&
							       v->root[1] == L'\\');
	v->read_only = flags & FILE_READ_ONLY_VOLUME;
	v->fs = fs_code(fsname, v->remote);
	v->sector = GetDiskFreeSpaceW(v->root, &spc, &bps, &nfc, &tnc) && bps ? bps : 512;
	return 0;
}

/* The directory part of path ("." when none), as a new string. */
static char *dir_of(const char *path, const char **name)
{
	const char *a = strrchr(path, '\\'), *b = strrchr(path, '/'), *s = a > b ? a : b;

	if (!s) {
		if (path[0] && path[1] == ':') {
			*name = path + 2;
			return strndup(path, 2);
		}
		*name = path;
		return strdup(".");
	}
	*name = s + 1;
	if (s == path || (s == path + 2 && path[1] == ':'))
		return strndup(path, (size_t)(s - path) + 1);	/* "\" or "C:\" */
	return strndup(path, (size_t)(s - path));
}

static bool direct_of(const struct target_spec *s)
{
	return (s->cache & CACHE_DIRECT) && !(s->cache & CACHE_NO_LOCAL);
}

static enum marker_state fill_state(const struct workload *w)
{
	return w->verify ? MARK_VERIFY : MARK_FILLED;
}

static int check_range(struct target *t, char *err, size_t len)
{
	int r = target_check_range(t, err, len);

	if (!r && t->spec->share_n > 1)
		r = errmsg(err, len, -EINVAL, "'%s': a target shared by MPI ranks: there is no MPI "
			   "on Windows", t->spec->path);
	return r;
}

/* FILE_FLAG_NO_BUFFERING takes offsets and lengths in whole sectors. */
static int check_alignment(const struct target *t, char *err, size_t len)
{
	return target_check_alignment(t, direct_of(t->spec), "sector size", err, len);
}

static void take_volume(struct target *t, const struct volume *v)
{
	t->fs_type = v->fs;
	t->io_align = v->sector;
	t->mem_align = v->sector > 4096 ? v->sector : 4096;
	t->idev = v->serial;
}

/*
 * A physical drive or a volume as DiskSpd names them: #N and \\.\PhysicalDriveN,
 * X: and \\.\X:. Returns 1 with the name Windows opens in dev, 0 for any other
 * path, or -EINVAL with a message for #N that is not a number.
 */
static int device_form(const char *path, char *dev, size_t n, char *err, size_t len)
{
	int drive = path[0] == '#' || windisk_prefix(path) ? windisk_drive_of(path) : -1;

	if (path[0] == '#' && drive < 0)
		return errmsg(err, len, -EINVAL, "'%s' is not a physical drive: DiskSpd's form is "
			      "#N, N the disk's number (Get-Disk lists them)", path);
	if (drive >= 0) {
		snprintf(dev, n, "\\\\.\\PhysicalDrive%d", drive);
		return 1;
	}
	if (windisk_volume_letter(path)) {
		snprintf(dev, n, "\\\\.\\%c:", windisk_volume_letter(path));
		return 1;
	}
	return 0;
}

/*
 * A name in Windows' device namespace that is none of device_form's: \\.\...
 * (a pipe, a COM port), \\?\Volume{...}, \\?\GLOBALROOT\...; not \\?\'s
 * long paths of files (\\?\C:\dir\x.dat, \\?\UNC\server\share\x.dat).
 */
static bool device_name(const char *path)
{
	const char *r = path + 4;
	char pre = windisk_prefix(path);

	if (pre != '?')
		return pre == '.';
	if (((r[0] >= 'A' && r[0] <= 'Z') || (r[0] >= 'a' && r[0] <= 'z')) && r[1] == ':' &&
	    (r[2] == '\\' || r[2] == '/'))
		return false;
	return _strnicmp(r, "UNC", 3) || (r[3] != '\\' && r[3] != '/');
}

/* A drive's or volume's sector size (its geometry), 512 when it does not say. */
static DWORD sector_of(int fd)
{
	DISK_GEOMETRY_EX gx;
	DISK_GEOMETRY g;
	DWORD got;

	if (DeviceIoControl(handle_of(fd), IOCTL_DISK_GET_DRIVE_GEOMETRY_EX, NULL, 0, &gx,
			    sizeof(gx), &got, NULL) && gx.Geometry.BytesPerSector)
		return gx.Geometry.BytesPerSector;
	if (DeviceIoControl(handle_of(fd), IOCTL_DISK_GET_DRIVE_GEOMETRY, NULL, 0, &g, sizeof(g),
			    &got, NULL) && g.BytesPerSector)
		return g.BytesPerSector;
	return 512;
}

/* iobench disks lists every drive and volume with what it needs: said where one is refused. */
#define SEE_DISKS " (iobench disks lists the drives and volumes, and what writing each needs)"

/* The volumes a device write locks for the run (--dismount). */
#define LOCKS_MAX 64
struct locks {
	bool self;		/* the target is the volume: locked through its I/O handle, t->fd */
	unsigned n;		/* a drive: its mounted volumes, locked through these */
	HANDLE h[LOCKS_MAX];
};

/* Whether the run may write the drive or volume dev, by the device rule; what it must lock. */
static int judge_device(struct target *t, const struct workload *w, const char *dev,
			const char *what, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	struct windev_facts f;
	struct devrule rule;
	struct locks *l;
	int r;

	if (!w->allow_device_write)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s' (%s): it destroys the "
			      "data on it; pass --allow-device-write if that is what you want"
			      SEE_DISKS, s->path, what);
	windev_facts(dev, &f);
	devrule_judge_windows(&f, &rule);
	r = devrule_permits(&rule, w->destroy_signature, w->dismount, s->path, SEE_DISKS, err,
			    len);
	if (r || !rule.dismount[0])
		return r;
	l = calloc(1, sizeof(*l));
	if (!l)
		return errmsg(err, len, -ENOMEM, "out of memory");
	l->self = windisk_volume_letter(dev) != 0;
	t->locks = l;
	return 0;
}

/* A physical drive or a volume (dev: its Windows name): never created; written by the rule. */
static int check_device(struct target *t, const struct workload *w, const char *dev, char *err,
			size_t len)
{
	const struct target_spec *s = t->spec;
	const char *what = strstr(dev, "PhysicalDrive") ? "a physical drive" : "a volume";
	int r;

	t->kind = TARGET_BLOCK;
	if (s->create_size)
		return errmsg(err, len, -EINVAL, "-c cannot create '%s': it is %s", s->path, what);
	if (target_writes(s) && !w->read_only) {
		r = judge_device(t, w, dev, what, err, len);
		if (r)
			return r;
	}
	t->real = strdup(dev);
	if (!t->real)
		return errmsg(err, len, -ENOMEM, "out of memory");
	t->cfd = winfile_open(dev, GENERIC_READ, OPEN_EXISTING, 0);
	if (t->cfd < 0) {
		r = -t->cfd;
		t->cfd = -1;
		return errmsg(err, len, -EINVAL, "cannot open '%s' (%s): %s%s", s->path, dev,
			      strerror(r), r == EACCES ? " (drives and volumes are opened by an "
			      "administrator: run iobench from an elevated prompt)" : "");
	}
	r = blockdev_size(t->cfd, &t->size);
	if (r || !t->size)
		return errmsg(err, len, -EINVAL, "cannot read the size of '%s' (%s): %s", s->path,
			      dev, r ? strerror(-r) : "it says 0 bytes");
	t->io_align = sector_of(t->cfd);
	t->mem_align = t->io_align > 4096 ? t->io_align : 4096;
	return 0;
}

/* A file to create: its directory must exist, be one, and its volume be writable. */
static int check_new_file(struct target *t, char *err, size_t len)
{
	const char *path = t->spec->path;
	char *dir = dir_of(path, &t->name);
	struct volume v;
	DWORD attr;
	wchar_t *w;
	int r;

	if (!dir)
		return errmsg(err, len, -ENOMEM, "out of memory");
	w = wide(dir, err, len, &r);
	if (!w) {
		free(dir);
		return r;
	}
	attr = GetFileAttributesW(w);
	free(w);
	if (attr == INVALID_FILE_ATTRIBUTES)
		r = errmsg(err, len, -EINVAL, "cannot create '%s': its directory '%s' %s", path, dir,
			   GetLastError() == ERROR_FILE_NOT_FOUND ||
			   GetLastError() == ERROR_PATH_NOT_FOUND ? "does not exist" :
			   strerror(winerr_errno(GetLastError())));
	else if (!(attr & FILE_ATTRIBUTE_DIRECTORY))
		r = errmsg(err, len, -EINVAL, "cannot create '%s': '%s' is not a directory", path,
			   dir);
	else if (!(r = volume_of(dir, &v, err, len))) {
		if (t->spec->create_size && v.read_only)
			r = errmsg(err, len, -EINVAL, "cannot create '%s': its volume is read-only",
				   path);
		take_volume(t, &v);
	}
	free(dir);
	return r;
}

static int check_file(struct target *t, const struct workload *w, uint64_t size,
		      const struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	struct marker m;
	bool ours;

	t->kind = TARGET_FILE;
	marker_read(t->cfd, &m);
	ours = m.state != MARK_NONE || hold_is_created(hold, t->cfd);
	t->marked = ours;
	t->mark = m.state;
	if (s->unlink == UNLINK_REMOVE && !ours)
		return errmsg(err, len, -EINVAL, "unlink=1 would remove '%s', which iobench did not "
			      "create: iobench removes only files it made", s->path);
	if (!s->create_size) {
		t->size = size;
		if (!t->size)
			return errmsg(err, len, -EINVAL, "'%s' is empty: give its size with -c<size> "
				      "to fill it", s->path);
		if (target_writes(s) && !ours && !w->overwrite && !w->read_only)
			return errmsg(err, len, -EINVAL, "refusing to write to '%s': iobench did not "
				      "create it%s%s; pass --overwrite to allow writing it", s->path,
				      m.foreign ? ": " : "", m.foreign ? m.foreign : "");
		return 0;
	}
	if (!ours && !w->overwrite)
		return errmsg(err, len, -EINVAL, "'%s' exists and iobench did not create it%s%s; "
			      "pass --overwrite to replace it", s->path, m.foreign ? ": " : "",
			      m.foreign ? m.foreign : "");
	t->size = s->create_size;
	if ((m.state == fill_state(w) && (!w->verify || m.block == s->block_size)) ||
	    (!w->verify && m.state == MARK_VERIFY)) {
		if (size == s->create_size) {
			t->reused = true;
			return 0;
		}
	}
	t->create = true;
	fsinfo_allocated(s->path, &t->reclaim);
	return 0;
}

static int check_existing(struct target *t, const struct workload *w, struct hold *hold,
			  char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	bool writes = (target_writes(s) || s->create_size) && !w->read_only;
	BY_HANDLE_FILE_INFORMATION bi;
	struct volume v;
	int r;

	t->cfd = winfile_open(s->path, GENERIC_READ, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS);
	if (t->cfd < 0) {
		r = -t->cfd;
		t->cfd = -1;
		return errmsg(err, len, -EINVAL, "cannot open '%s': %s", s->path, strerror(r));
	}
	if (!GetFileInformationByHandle(handle_of(t->cfd), &bi))
		return errmsg(err, len, -EINVAL, "cannot access '%s': %s", s->path,
			      strerror(winerr_errno(GetLastError())));
	if (bi.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)
		return errmsg(err, len, -EINVAL, "'%s' is a directory: give a file", s->path);
	t->iino = (uint64_t)bi.nFileIndexHigh << 32 | bi.nFileIndexLow;
	r = check_file(t, w, (uint64_t)bi.nFileSizeHigh << 32 | bi.nFileSizeLow, hold, err, len);
	if (r)
		return r;
	r = volume_of(s->path, &v, err, len);
	if (r)
		return r;
	take_volume(t, &v);
	t->idev = bi.dwVolumeSerialNumber;
	free(dir_of(s->path, &t->name));	/* its name: into the path */
	if (writes && v.read_only)
		return errmsg(err, len, -EINVAL, "refusing to write to '%s': its volume is read-only",
			      s->path);
	t->compressed = bi.dwFileAttributes & FILE_ATTRIBUTE_COMPRESSED;
	return hold_file(hold, t->cfd, s->path, writes, err, len);
}

static int check_one(struct target *t, const struct workload *w, bool null_engine,
		     struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	char dev[64];
	DWORD attr;
	wchar_t *wp;
	int r;

	if (null_engine) {
		t->kind = TARGET_NULL;
		t->size = w->null_size;
		return check_range(t, err, len);
	}
	if (!*s->path)
		return errmsg(err, len, -EINVAL, "a target needs a name");
	if (s->create_size > (uint64_t)INT64_MAX)
		return errmsg(err, len, -EINVAL, "-c: %llu bytes for '%s' is larger than any file "
			      "can be", (unsigned long long)s->create_size, s->path);
	r = device_form(s->path, dev, sizeof(dev), err, len);
	if (r > 0) {
		r = check_device(t, w, dev, err, len);
		if (!r)
			r = check_range(t, err, len);
		return r ? r : target_check_alignment(t, true, "sector size", err, len);
	}
	if (r < 0)
		return r;
	if (device_name(s->path))
		return errmsg(err, len, -EINVAL, "'%s': of the device names, iobench takes physical "
			      "drives (\\\\.\\PhysicalDriveN, #N) and volumes (\\\\.\\X:, X:)", s->path);
	wp = wide(s->path, err, len, &r);
	if (!wp)
		return r;
	attr = GetFileAttributesW(wp);
	free(wp);
	if (attr == INVALID_FILE_ATTRIBUTES) {
		DWORD e = GetLastError();
		size_t n = strlen(s->path);

		if (e != ERROR_FILE_NOT_FOUND && e != ERROR_PATH_NOT_FOUND)
			return errmsg(err, len, -EINVAL, "cannot access '%s': %s", s->path,
				      strerror(winerr_errno(e)));
		if (s->path[n - 1] == '\\' || s->path[n - 1] == '/')
			return errmsg(err, len, -EINVAL, "'%s' ends in '%c', a directory's name: give "
				      "a file", s->path, s->path[n - 1]);
		t->kind = TARGET_FILE;
		t->size = s->create_size;
		t->create = s->create_size != 0;
		r = check_new_file(t, err, len);
		if (!r && !s->create_size)
			return 1;	/* made by an earlier target of the run, or missing */
	} else {
		r = check_existing(t, w, hold, err, len);
	}
	if (r)
		return r;
	r = check_range(t, err, len);
	return r ? r : check_alignment(t, err, len);
}

/* The full path of target t, for telling two names of one file apart (case-insensitive). */
static bool same_path(const char *a, const char *b)
{
	wchar_t fa[MAX_PATH + 1], fb[MAX_PATH + 1], *wa = winpath_wide(a), *wb = winpath_wide(b);
	bool same = wa && wb && GetFullPathNameW(wa, MAX_PATH + 1, fa, NULL) &&
		    GetFullPathNameW(wb, MAX_PATH + 1, fb, NULL) && !_wcsicmp(fa, fb);

	free(wa);
	free(wb);
	return same;
}

static bool same_file(const struct target *a, const struct target *b)
{
	if (a->kind == TARGET_NULL || a->kind != b->kind)
		return false;
	if (a->kind == TARGET_BLOCK)
		return a->real && b->real && !_stricmp(a->real, b->real);
	if (a->cfd >= 0 && b->cfd >= 0)
		return a->idev == b->idev && a->iino == b->iino;
	return same_path(a->spec->path, b->spec->path);
}

/* As on Linux: a file an earlier target creates is shared; a missing one no target makes is an error. */
static int same_as_earlier(struct target *t, unsigned i, int missing, char *err, size_t len)
{
	const struct target_spec *s = t[i].spec;

	for (unsigned j = 0; j < i; j++) {
		int r;

		if (!t[j].create || !same_file(&t[i], &t[j]))
			continue;
		if (s->create_size)
			return errmsg(err, len, -EINVAL, "'%s' is named twice with -c", s->path);
		if (t[i].cfd >= 0)
			winfile_close(t[i].cfd);
		t[i] = t[j];
		t[i].spec = s;
		t[i].create = false;
		t[i].same_as = j + 1;
		t[i].cfd = t[i].dirfd = t[i].fd = -1;
		t[i].real = NULL;
		r = check_range(&t[i], err, len);
		return r ? r : check_alignment(&t[i], err, len);
	}
	if (missing)
		return errmsg(err, len, -EINVAL, "'%s' does not exist; create it with -c<size>",
			      s->path);
	return 0;
}

static int free_bytes(const struct target *t, uint64_t *have)
{
	const char *name;
	char *dir = dir_of(t->spec->path, &name);
	int r = dir ? fsinfo_free(dir, have) : -ENOMEM;

	free(dir);
	return r;
}

/* A plan's file is x: on the same volume, by the same full path. */
static bool same_space_file(const struct space_item *it, const struct target *x)
{
	return it->dev == x->idev && same_path(it->path, x->spec->path);
}

int targets_plan_space(const struct target *t, unsigned n, struct space_plan *plan, char *err,
		       size_t len)
{
	return target_plan_space(t, n, plan, same_space_file, free_bytes, err, len);
}

/* How many threads do I/O to target i (a profile's <ThreadTargets> may use fewer). */
static unsigned threads_on(const struct workload *w, unsigned i)
{
	unsigned n = 0;

	for (unsigned j = 0; j < w->njobs; j++) {
		const struct job_spec *js = &w->jobs[j];
		unsigned span = js->per_clone ? js->threads * js->ntargets : js->ntargets;

		if (i >= js->first_target && i < js->first_target + span)
			n += js->per_clone ? 1 : js->threads;
	}
	return n;
}

/*
 * A volume the run locks takes its I/O through one file object, which one
 * completion port takes: with the IOCP engine, one thread; and one target.
 */
static int check_locked(const struct target *t, const struct workload *w, char *err, size_t len)
{
	bool iocp = !w->engine || !strcmp(w->engine, "iocp");

	for (unsigned i = 0; i < w->ntargets; i++) {
		const struct locks *l = t[i].locks;
		unsigned n = threads_on(w, i);

		if (!l)
			continue;
		for (unsigned j = 0; j < w->ntargets; j++) {
			const char *pj = t[j].kind == TARGET_BLOCK ? t[j].real : t[j].spec->path;

			if (j == i)
				continue;
			if (t[j].kind == TARGET_BLOCK && t[j].real && t[i].real &&
			    !_stricmp(t[j].real, t[i].real))
				return errmsg(err, len, -EINVAL, "--dismount: '%s' is named twice (as "
					      "'%s' too); a volume is locked once, so name it once (-t "
					      "for more threads)", t[i].spec->path, t[j].spec->path);
			/* a target on what i locks: its own handle would keep the lock from being taken */
			if (windev_volume_on(pj, windisk_drive_number(t[i].real),
					     l->self ? t[i].real : NULL) ||
			    (t[j].locks && l->self &&
			     windev_volume_on(t[i].real, windisk_drive_number(t[j].real), NULL)))
				return errmsg(err, len, -EINVAL, "--dismount: '%s' lies on what the run "
					      "locks and dismounts for '%s' (or it cannot be told that "
					      "it does not), and a locked volume takes no other I/O: give "
					      "them to separate runs", t[j].spec->path, t[i].spec->path);
		}
		if (l->self && iocp && n > 1)
			return errmsg(err, len, -EINVAL, "--dismount: '%s' is locked for the run, and "
				      "a locked volume takes I/O only through the one file object that "
				      "locked it, which only one IOCP thread can use: %u threads would; "
				      "use one thread (-t1, more depth with -o), or --engine=psync",
				      t[i].spec->path, n);
	}
	return 0;
}

int targets_check(struct target *t, const struct workload *w, bool null_engine,
		  struct hold *hold, char *err, size_t len)
{
	int r;

	for (unsigned i = 0; i < w->ntargets; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		t[i].spec = &w->targets[i];
		t[i].fd = t[i].cfd = t[i].dirfd = -1;
	}
	for (unsigned i = 0; i < w->ntargets; i++) {
		r = check_one(&t[i], w, null_engine, hold, err, len);
		if (r >= 0 && !null_engine)
			r = same_as_earlier(t, i, r, err, len);
		if (!r && w->read_only && !null_engine && (target_writes(t[i].spec) || t[i].create))
			r = errmsg(err, len, -EINVAL, "--read-only: the run would %s '%s'; nothing was "
				   "written", t[i].create ? "create" : "write to", t[i].spec->path);
		if (r)
			return r;
		for (unsigned j = 0; w->verify && !null_engine && j < i; j++)
			if (t[i].same_as == j + 1 || same_file(&t[i], &t[j]))
				return errmsg(err, len, -EINVAL, "--verify: '%s' is named twice (as '%s' "
					      "too); each target's blocks are tracked on their own, so "
					      "name it once", t[i].spec->path, t[j].spec->path);
		if (!null_engine && !t[i].same_as)
			device_resolve(t[i].kind == TARGET_BLOCK ? t[i].real : t[i].spec->path,
				       &t[i].chain);
	}
	if (null_engine)
		return 0;
	r = check_locked(t, w, err, len);
	return r ? r : target_check_free_space(t, w->ntargets, free_bytes, err, len);
}

/* Creates (or lays down anew) t's file, fills it and marks it iobench's. */
static int create_file(struct target *t, const struct workload *w, unsigned idx,
		       struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	uint64_t size = s->create_size, t0 = clock_ns();
	char why[600];
	int fd, r;

	fd = winfile_open(s->path, GENERIC_READ | GENERIC_WRITE,
			  t->cfd >= 0 ? TRUNCATE_EXISTING : CREATE_NEW, FILE_ATTRIBUTE_NORMAL);
	if (fd == -EEXIST)
		return errmsg(err, len, -EEXIST, "'%s' appeared after the checks (another process "
			      "made it); nothing was written to it", s->path);
	if (fd < 0)
		return errmsg(err, len, fd, "cannot create '%s': %s", s->path, strerror(-fd));
	/* removed at the end: a file this run made, or an iobench file it lays down anew */
	r = t->cfd < 0 || t->marked ? hold_created(hold, fd, -1, t->name, s->path, false, err, len)
				    : 0;
	if (r) {
		winfile_close(fd);
		return r;
	}
	t->created = true;
	if (marker_write(fd, MARK_FILLING, 0, why, sizeof(why)))
		t->unmarked = true;
	if (!w->quiet) {
		char sz[32];

		format_size(sz, sizeof(sz), size);
		notice("creating '%s' (%s) with %s", s->path, sz, w->verify ? "--verify blocks" :
		       s->no_layout ? "no data (the job only writes: its writes fill it)" :
		       "random data");
	}
	r = 0;
	if (!s->no_layout || w->verify) {
		if (w->verify)
			r = fill_file_verify(fd, size, w->seed, (uint32_t)s->block_size,
					     w->verify_pat.len ? &w->verify_pat : NULL, s->path, err,
					     len);
		else
			r = fill_file(fd, size, w->seed ^ (0x9e3779b97f4a7c15ull * (idx + 1)), s->path,
				      err, len);
		if (!r && !FlushFileBuffers(handle_of(fd)))
			r = errmsg(err, len, -EIO, "cannot flush '%s': %s", s->path,
				   strerror(winerr_errno(GetLastError())));
		if (!r && !t->unmarked)
			marker_write(fd, fill_state(w), (uint32_t)s->block_size, why, sizeof(why));
		if (!r && !w->quiet)
			notice("created '%s' in %.1f s", s->path, (double)(clock_ns() - t0) / 1e9);
		if (!r && t->unmarked && !w->quiet)
			notice("warning: '%s' is not marked as iobench's (%s), so a later run cannot "
			       "tell it is iobench's", s->path, why);
	} else if (!SetFilePointerEx(handle_of(fd), (LARGE_INTEGER){ .QuadPart = (LONGLONG)size },
				     NULL, FILE_BEGIN) || !SetEndOfFile(handle_of(fd))) {
		r = errmsg(err, len, -EIO, "cannot size '%s': %s", s->path,
			   strerror(winerr_errno(GetLastError())));
	}
	if (t->cfd < 0)
		t->cfd = fd;
	else
		winfile_close(fd);
	return r;
}

/* Opens target t for its I/O with DiskSpd's flags. */
static int open_one(struct target *t, bool read_only, char *err, size_t len)
{
	const struct target_spec *s = t->spec;
	DWORD access = GENERIC_READ | (target_writes(s) && !read_only ? GENERIC_WRITE : 0);
	DWORD flags = FILE_FLAG_OVERLAPPED;

	if (t->fd >= 0)
		return 0;	/* opened to lock it */
	if (direct_of(s))
		flags |= FILE_FLAG_NO_BUFFERING;
	if (s->cache & (CACHE_WRITE_THROUGH | CACHE_SYNC))
		flags |= FILE_FLAG_WRITE_THROUGH;
	if (s->hints & HINT_RANDOM)
		flags |= FILE_FLAG_RANDOM_ACCESS;
	if (s->hints & HINT_SEQUENTIAL)
		flags |= FILE_FLAG_SEQUENTIAL_SCAN;
	t->fd = winfile_open(t->kind == TARGET_BLOCK ? t->real : s->path, access, OPEN_EXISTING,
			     flags);
	if (t->fd < 0) {
		int e = -t->fd;

		t->fd = -1;
		if (e == EINVAL && direct_of(s))
			return errmsg(err, len, -EINVAL, "'%s': its volume does not take unbuffered "
				      "I/O (-Su/-Sh); use -Sb", s->path);
		return errmsg(err, len, -e, "cannot open '%s': %s", s->path, strerror(e));
	}
	/* a volume's I/O may go past its file system's end, to the partition's (not on wine) */
	if (t->kind == TARGET_BLOCK && windisk_volume_letter(t->real))
		windev_fsctl(handle_of(t->fd), FSCTL_ALLOW_EXTENDED_DASD_IO);
	if (s->cache & CACHE_NO_LOCAL) {
		if (!windev_fsctl(handle_of(t->fd), FSCTL_DISABLE_LOCAL_BUFFERING))
			return errmsg(err, len, -EINVAL, "'%s': -Sr: the file system refused to turn "
				      "its local cache off (FSCTL_DISABLE_LOCAL_BUFFERING: %s); it is "
				      "for files on SMB shares", s->path,
				      strerror(winerr_errno(GetLastError())));
	}
	return 0;
}

static int unlink_rule(struct target *t, struct hold *hold, char *err, size_t len)
{
	const struct target_spec *s = t->spec;

	if (s->unlink == UNLINK_KEEP && t->created)
		hold_keep(hold, t->cfd);
	if (s->unlink == UNLINK_REMOVE && !t->created && t->marked && !t->same_as)
		return hold_created(hold, t->cfd, -1, t->name, s->path, false, err, len);
	return 0;
}

int targets_unlink(const struct target *t, const struct workload *w, struct hold *hold,
		   char *msgs, size_t len)
{
	unsigned left = 0;

	if (len)
		msgs[0] = 0;
	for (unsigned i = 0; i < w->ntargets; i++)
		if (t[i].kind == TARGET_FILE && t[i].spec->unlink == UNLINK_REMOVE && t[i].cfd >= 0)
			left += hold_unlink(hold, t[i].cfd, msgs, len);
	return left ? -EIO : 0;
}

/*
 * --dismount: locks and dismounts what t's writes need, before any file is
 * made: a drive's mounted volumes, or the target volume through t->fd.
 */
static int lock_one(struct target *t, const struct workload *w, char *err, size_t len)
{
	struct locks *l = t->locks;
	int r;

	if (!l->self)
		return windev_lock_drive(windisk_drive_number(t->real), l->h, LOCKS_MAX, &l->n, err,
					 len);
	r = open_one(t, w->read_only, err, len);
	if (r)
		return r;
	winfile_close(t->cfd);	/* a volume with other handles open is not locked */
	t->cfd = -1;
	r = windev_lock(handle_of(t->fd), t->spec->path, err, len);
	if (!r)
		winfile_set_sole(t->fd);
	return r;
}

int targets_open(struct target *t, const struct workload *w, struct hold *hold, char *err,
		 size_t len)
{
	int r = 0;

	for (unsigned i = 0; !r && i < w->ntargets; i++)
		if (t[i].locks)
			r = lock_one(&t[i], w, err, len);
	for (unsigned i = 0; !r && i < w->ntargets; i++) {
		if (t[i].kind == TARGET_NULL)
			continue;
		if (t[i].create)
			r = create_file(&t[i], w, i, hold, err, len);
		if (!r && t[i].kind == TARGET_FILE)
			r = unlink_rule(&t[i], hold, err, len);
		if (!r)
			r = open_one(&t[i], w->read_only, err, len);
		if (!r && !t[i].created && t[i].mark == MARK_VERIFY && !w->verify &&
		    t[i].spec->write_pct && !w->read_only) {
			char why[600];

			marker_write(t[i].fd, MARK_FILLED, 0, why, sizeof(why));
			t[i].mark = MARK_FILLED;
		}
	}
	return r;
}

void targets_close(struct target *t, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct locks *l = t[i].locks;

		for (unsigned k = 0; l && k < l->n; k++)
			CloseHandle(l->h[k]);	/* unlocks the volume: mounted again at its next use */
		free(l);
		t[i].locks = NULL;
		if (t[i].fd >= 0)
			winfile_close(t[i].fd);
		if (t[i].cfd >= 0)
			winfile_close(t[i].cfd);
		free(t[i].real);
		t[i].real = NULL;
		t[i].fd = t[i].cfd = t[i].dirfd = -1;
	}
}
