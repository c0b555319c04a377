# Description: devices in use are never written, through a job file whose read job comes first:
# a mounted btrfs, an ext4 mounted only in another mount namespace, a device another program holds
# O_EXCL, the backing device of a loop device (mounted or not), a partition in use under its disk,
# a file backing a loop device; the same device by two paths is one device. Bytes compared before
# and after each.
. "$(dirname "$0")/lib.sh"
need_root
hold=$HELPERS/holdexcl
[ -x "$hold" ] || fail "no holdexcl at $hold (make helpers)"
mkdir "$T/mnt"

# readwrite DEV [DEV2]: a job file that reads DEV, then writes DEV2 (DEV by default).
readwrite() {
	printf '[global]\nioengine=psync\nbs=4k\nsize=1m\ndirect=1\n[r]\nrw=read\nfilename=%s\n[w]\nrw=write\nfilename=%s\n' \
		"$1" "${2:-$1}" > "$T/rw.fio"
}

# refused DEV FILE WHAT ARGS...: the job file must exit 2 naming WHAT, FILE's bytes unchanged.
refused() {
	dev=$1 file=$2 what=$3; shift 3
	sync
	before=$(md5sum < "$file")
	"$IOBENCH" "$T/rw.fio" --allow-device-write "$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 2 ] || { cat "$T/err"; fail "$dev: exit $rc, wanted 2"; }
	grep -q -- "$what" "$T/err" || fail "$dev: message does not say '$what': $(cat "$T/err")"
	sync
	[ "$(md5sum < "$file")" = "$before" ] || fail "$dev was written"
	echo "ok: $(cat "$T/err")"
}

case_ guard "a mounted btrfs (its mountinfo line shows 0:NN, not the device)"
if command -v mkfs.btrfs >/dev/null; then
	new_loop 128
	mkfs.btrfs -q -f "$LOOP" >/dev/null 2>&1 || fail "mkfs.btrfs"
	mount "$LOOP" "$T/mnt" && MOUNTS="$T/mnt" || fail "mount btrfs"
	readwrite "$LOOP"
	refused "$LOOP" "$LOOPFILE" "is mounted on $T/mnt" --destroy-signature=btrfs
	unmount "$T/mnt"; MOUNTS=""
else
	skip_case "the btrfs case (no mkfs.btrfs)"
fi

case_ guard "an ext4 mounted only in another mount namespace"
new_loop 32
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$LOOP" || fail "mkfs.ext4"
ns_dev=$LOOP ns_file=$LOOPFILE
# a private mount of our own to mount under: what the other namespace mounts there stays
# there, even where / is no mount point to make private (a chroot)
mkdir "$T/ns" && mount -t tmpfs tmpfs "$T/ns" && MOUNTS="$T/ns" || fail "tmpfs"
mount --make-private "$T/ns" || fail "make-private"
mkdir "$T/ns/mnt"
unshare -m --propagation unchanged sh -c "mount $ns_dev $T/ns/mnt && echo ready > $T/ns.ready && exec sleep 60" &
ns=$!
i=0; while [ ! -s "$T/ns.ready" ]; do i=$((i + 1)); [ $i -lt 50 ] || fail "unshare mount"; sleep 0.1; done
grep -q " $T/ns/mnt " /proc/self/mountinfo && fail "the mount leaked into this namespace"
readwrite "$ns_dev"
refused "$ns_dev" "$ns_file" "in another mount namespace" --destroy-signature=ext4
kill $ns; wait $ns 2>/dev/null
unmount "$T/ns"; MOUNTS=""

case_ guard "a device another program holds open with O_EXCL"
new_loop 16
"$hold" "$LOOP" 30 > "$T/held" &
hp=$!
i=0; while ! grep -q held "$T/held"; do i=$((i + 1)); [ $i -lt 50 ] || fail "holdexcl"; sleep 0.1; done
readwrite "$LOOP"
refused "$LOOP" "$LOOPFILE" "mounted or in use"
kill $hp; wait $hp 2>/dev/null

case_ guard "the backing device of a loop device (a loop over a loop), not mounted"
new_loop 16
lower=$LOOP lower_file=$LOOPFILE
upper=$(losetup -f --show "$lower") || fail "losetup over $lower"
LOOPS="$upper $LOOPS"
readwrite "$lower"
refused "$lower" "$lower_file" "backs the loop device $upper"

case_ guard "the backing device of a loop device whose file system is mounted, --destroy-signature given"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$upper" || fail "mkfs.ext4 on $upper"
mount "$upper" "$T/mnt" && MOUNTS="$T/mnt" || fail "mount $upper"
refused "$lower" "$lower_file" "backs the loop device $upper" --destroy-signature=ext4
unmount "$T/mnt"; MOUNTS=""

case_ guard "a regular file that backs a loop device: not written, even with --overwrite"
printf '[w]\nrw=write\nbs=4k\nsize=1m\nioengine=psync\nfilename=%s\n' "$lower_file" > "$T/rw.fio"
refused "$lower_file" "$lower_file" "backs the loop device" --overwrite

case_ guard "a file that backs a loop device under a name that is gone (deleted): found by its inode"
truncate -s 16M "$T/gone.img"; ln "$T/gone.img" "$T/other-name.img"
gl=$(losetup -f --show "$T/gone.img") || fail "losetup"
LOOPS="$gl $LOOPS"
rm "$T/gone.img"
printf '[w]\nrw=write\nbs=4k\nsize=1m\nioengine=psync\nfilename=%s\n' "$T/other-name.img" > "$T/rw.fio"
refused "$T/other-name.img" "$T/other-name.img" "backs the loop device $gl" --overwrite

case_ guard "a disk whose partition is mounted"
if command -v sfdisk >/dev/null; then
	truncate -s 64M "$T/parts.img"
	printf 'label: gpt\n,30M\n,\n' | sfdisk -q "$T/parts.img" >/dev/null 2>&1 || fail "sfdisk"
	disk=$(losetup -f --show -P "$T/parts.img") || fail "losetup -P"
	LOOPS="$LOOPS $disk"
	i=0; while [ ! -b "${disk}p1" ] && [ $i -lt 20 ]; do i=$((i + 1)); sleep 0.1; done
fi
if [ ! -b "${disk:-none}p1" ]; then
	skip_case "the partition case (this kernel reads no GPT partition table: CONFIG_EFI_PARTITION)"
else
	mkfs.ext4 -q -F "${disk}p1" || fail "mkfs.ext4 p1"
	mount "${disk}p1" "$T/mnt" && MOUNTS="$T/mnt" || fail "mount p1"
	readwrite "$disk"
	refused "$disk" "$T/parts.img" "mounted on $T/mnt" --destroy-signature=gpt
	readwrite "${disk}p2"
	"$IOBENCH" "$T/rw.fio" --allow-device-write >"$T/out" 2>"$T/err" || fail "the free partition: $(cat "$T/err")"
	unmount "$T/mnt"; MOUNTS=""
fi

case_ guard "one device named by two paths in one run is one device, not 'another process'"
new_loop 16
ln -s "$LOOP" "$T/alias"
readwrite "$LOOP" "$T/alias"
"$IOBENCH" "$T/rw.fio" --allow-device-write >"$T/out" 2>"$T/err" || fail "two paths: $(cat "$T/err")"
exit 0
