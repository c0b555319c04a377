# SPDX-License-Identifier: MIT
# faultfs.sh: start, steer and stop faultfs (tests/helpers/faultfs.c), a FUSE
# file system whose one file, disk, fails, shortens, drops or delays the I/O
# that its control file, ctl, is told to. Sourced, POSIX sh, after the test's
# own T, fail, skip and say (tests/integration/lib.sh). The grammar of the
# control lines is at the top of faultfs.c.
#
#   faultfs_start SIZE_MB   mounts $T/fault over a new $T/faultfs.img of zeros;
#                           sets FAULTDISK, FAULTCTL, FAULTIMG, FAULTMNT; skips
#                           without /dev/fuse, without the binary ($FAULTFS), or
#                           when the mount fails
#   fault LINE...           writes one control line; fails the test if refused
#   fault_hits RULE         prints the hits of the rule whose line starts with
#                           RULE (as "eio read 0 4096"), 0 when there is none
#   faultfs_stop            unmounts (a loop device over FAULTDISK must be
#                           detached first, or the unmount is lazy)
#
# The mount goes into lib.sh's MOUNTS too, so a test that stops early still
# gets it unmounted by its exit cleanup; faultfs_stop takes it out again.
FAULTFS=${FAULTFS:-$HELPERS/faultfs}
FAULTMNT=""

faultfs_start() {
	[ -z "$FAULTMNT" ] || fail "faultfs_start: already mounted on $FAULTMNT"
	[ -c /dev/fuse ] || skip "no /dev/fuse: cannot run faultfs"
	[ -x "$FAULTFS" ] || skip "no faultfs binary at $FAULTFS (build it, or set FAULTFS)"
	FAULTIMG=$T/faultfs.img
	truncate -s "${1}M" "$FAULTIMG" || fail "faultfs_start: cannot create $FAULTIMG"
	mkdir -p "$T/fault" || fail "faultfs_start: cannot create $T/fault"
	# faultfs returns once the file system is mounted, then serves in the background
	"$FAULTFS" "$FAULTIMG" "$T/fault" 2>"$T/faultfs.err" ||
		skip "cannot mount faultfs: $(cat "$T/faultfs.err")"
	FAULTMNT=$T/fault
	MOUNTS="${MOUNTS:-} $FAULTMNT"
	faultfs_i=0
	while [ ! -f "$FAULTMNT/disk" ]; do
		faultfs_i=$((faultfs_i + 1))
		[ $faultfs_i -lt 50 ] || { faultfs_stop; skip "faultfs mounted, but no disk in it"; }
		sleep 0.1
	done
	FAULTDISK=$FAULTMNT/disk
	FAULTCTL=$FAULTMNT/ctl
}

faultfs_stop() {
	[ -n "$FAULTMNT" ] || return 0
	# lib.sh's unmount: retried for two seconds (a loop device just detached), then lazy
	mountpoint -q "$FAULTMNT" && unmount "$FAULTMNT"
	faultfs_m=""
	for faultfs_x in ${MOUNTS:-}; do
		[ "$faultfs_x" = "$FAULTMNT" ] || faultfs_m="$faultfs_m $faultfs_x"
	done
	MOUNTS=$faultfs_m
	FAULTMNT="" FAULTDISK="" FAULTCTL=""
}

fault() {
	printf '%s\n' "$*" 2>/dev/null >"$FAULTCTL" || fail "faultfs refused the line '$*'"
}

fault_hits() {
	awk -v r="$*" 'index($0, r " ") == 1 { for (i = 1; i < NF; i++) if ($i == "hits") h = $(i + 1) }
		END { print h + 0 }' "$FAULTCTL"
}
