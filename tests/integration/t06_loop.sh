# Description: block devices (a loop device over a file): reads, guarded writes, and the
# device's own /proc/diskstats agreeing with iobench's I/O counts for O_DIRECT runs.
. "$(dirname "$0")/lib.sh"
need_root
new_loop 256
dev=$LOOP
sum=$(md5sum < "$LOOPFILE")

say "O_DIRECT random reads: device reads delta = iobench's I/Os (within 1%)"
for eng in io_uring psync; do
	o=8; [ $eng = psync ] && o=1
	r0=$(diskstat "$dev" 4)
	run_ok --engine=$eng --ios=20000 -o$o -r4K -b4K -Sh "$dev"
	r1=$(diskstat "$dev" 4)
	set -- $(total Read)
	echo "$eng: iobench $2 reads, device $((r1 - r0))"
	within $((r1 - r0)) "$2" 1 || fail "$eng: device saw $((r1 - r0)) reads, iobench reports $2"
done

say "time-based run: the device count still agrees within 1%"
r0=$(diskstat "$dev" 4)
run_ok -d1 -W0 -o4 -r -b4K -Sh "$dev"
r1=$(diskstat "$dev" 4)
set -- $(total Read)
within $((r1 - r0)) "$2" 1 || fail "device saw $((r1 - r0)) reads, iobench reports $2"

case_ guard "writes need --allow-device-write; the device is unchanged when refused"
run_rc 2 --ios=100 -b4K -w100 -Sh "$dev"
grep -q -- "--allow-device-write" "$T/err" || fail "message does not name the flag"
[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "refused run changed the device"
run_rc 2 -c1M --ios=10 "$dev"
run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write --read-only "$dev"
grep -q -- "--read-only" "$T/err" || fail "--read-only did not say why"
[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "--read-only run changed the device"

say "with the flag: writes happen and the device counts them"
w0=$(diskstat "$dev" 8)
run_ok --ios=5000 -o4 -r -b4K -w100 -Sh --allow-device-write "$dev"
w1=$(diskstat "$dev" 8)
set -- $(total Write)
within $((w1 - w0)) "$2" 1 || fail "device saw $((w1 - w0)) writes, iobench reports $2"
[ "$(md5sum < "$LOOPFILE")" != "$sum" ] || fail "no data written"

case_ guard "never while mounted (even with the flag)"
command -v mkfs.ext4 >/dev/null || skip_rest "no mkfs.ext4"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$dev" || fail "mkfs"
mkdir "$T/mnt" && mount "$dev" "$T/mnt" || skip_rest "cannot mount ext4 here"
MOUNTS="$T/mnt"
sync
sum=$(md5sum < "$LOOPFILE")
run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write "$dev"
grep -q "mounted on" "$T/err" || fail "message does not say it is mounted"
[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "the mounted device was changed"
run_ok --ios=100 -b4K -r -Sh "$dev"
umount "$T/mnt"; MOUNTS=""

case_ guard "a file system signature (unmounted): refused unless --destroy-signature names it"
sum=$(md5sum < "$LOOPFILE")
run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write "$dev"
grep -q "ext4 signature" "$T/err" && grep -q -- "--destroy-signature=ext4" "$T/err" || fail "message: $(cat "$T/err")"
run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write --destroy-signature=xfs "$dev"
[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "a refused run changed the device"
run_rc 2 --ios=100 -b4K -w100 -Sh --destroy-signature=ext4 "$dev"
run_ok --ios=100 -b4K -r -Sh "$dev"

case_ guard "a partition table: refused the same way"
if command -v sfdisk >/dev/null; then
	new_loop 16
	echo 'label: gpt' | sfdisk -q "$LOOP" >/dev/null 2>&1 || fail "sfdisk"
	sum=$(md5sum < "$LOOPFILE")
	run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write "$LOOP"
	grep -q "gpt signature" "$T/err" || fail "message: $(cat "$T/err")"
	[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "the partition table was changed"
	run_ok --ios=100 -b4K -w100 -Sh --allow-device-write --destroy-signature=gpt "$LOOP"
else
	skip_case "the partition-table case: no sfdisk"
fi

case_ guard "two signatures (a dos partition table and ext4): both named, both needed"
if command -v sfdisk >/dev/null; then
	new_loop 16
	mkfs.ext4 -q -F "$LOOP" || fail "mkfs"
	echo 'label: dos' | sfdisk -q --wipe never "$LOOP" >/dev/null 2>&1
	sum=$(md5sum < "$LOOPFILE")
	run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write "$LOOP"
	grep -q "the ext4, dos signatures" "$T/err" && grep -q -- "--destroy-signature=ext4,dos" "$T/err" ||
		fail "message: $(cat "$T/err")"
	run_rc 2 --ios=100 -b4K -w100 -Sh --allow-device-write --destroy-signature=ext4 "$LOOP"
	[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "a refused run changed the device"
	run_ok --ios=100 -b4K -w100 -Sh --allow-device-write --destroy-signature=dos,ext4 "$LOOP"
else
	skip_case "the two-signature case: no sfdisk"
fi

say "a file on a file system on a loop device"
mount "$dev" "$T/mnt" && MOUNTS="$T/mnt"
run_ok -c32M --ios=2000 -o4 -r -b4K -Sh -w30 "$T/mnt/t.dat"
set -- $(total Total); [ "$2" = 2000 ] || fail "$2 I/Os"
exit 0
