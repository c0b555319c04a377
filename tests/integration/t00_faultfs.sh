# Description: faultfs itself (tests/helpers/faultfs.c), with dd, before other tests rely on it:
# data lands at the right offsets, each rule does what it says on the file and through a loop
# device over it, "after N" and the counters count, bad control lines are refused.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../helpers/faultfs.sh"
[ "$(id -u)" = 0 ] || skip "needs root"

# rd BLOCK [DEV]: one 4 KiB O_DIRECT read; wr BLOCK [DEV] [FLAG]: writes $T/pat there.
rd() { dd if="${2:-$FAULTDISK}" of=/dev/null bs=4096 skip="$1" count=1 iflag=direct 2>/dev/null; }
wr() {
	dd if="$T/pat" of="${2:-$FAULTDISK}" bs=4096 seek="$1" count=1 conv=notrunc ${3-oflag=direct} \
		2>/dev/null
}
# block BLOCK: the backing file's 4 KiB there; is BLOCK FILE: it equals FILE.
block() { dd if="$FAULTIMG" bs=4096 skip="$1" count=1 2>/dev/null; }
is() { block "$1" | cmp -s - "$2"; }
ios() { awk -v k="$1" '$1 == "io" { print (k == "read" ? $3 : $5) }' "$FAULTCTL"; }
ms_now() { echo $(($(date +%s%N) / 1000000)); }

say "mount: one 16 MiB disk and ctl, O_DIRECT writes land at their offset"
faultfs_start 16
[ "$(ls "$T/fault" | tr '\n' ' ')" = "ctl disk " ] || fail "listing: $(ls "$T/fault")"
[ "$(stat -c %s "$FAULTDISK")" = 16777216 ] || fail "size $(stat -c %s "$FAULTDISK")"
head -c 4096 /dev/urandom >"$T/pat" && head -c 4096 /dev/zero >"$T/zero" || fail "patterns"
wr 2 || fail "O_DIRECT write"
is 2 "$T/pat" && is 1 "$T/zero" && is 3 "$T/zero" || fail "write not at offset 8192"
dd if="$FAULTDISK" bs=4096 skip=2 count=1 iflag=direct 2>/dev/null | cmp -s - "$T/pat" ||
	fail "O_DIRECT read back differs"
wr 5 "$FAULTDISK" "" && is 5 "$T/pat" || fail "buffered write did not reach the backing file"
r0=$(ios read); rd 7 || fail "read"; [ "$(ios read)" = $((r0 + 1)) ] || fail "io reads counter"

say "eio read / eio write"
fault "eio read 1048576 4096"
rd 256 && fail "read at the eio offset succeeded"
rd 255 && rd 257 || fail "read beside the eio rule failed"
dd if="$FAULTDISK" of=/dev/null bs=4096 skip=256 count=1 2>/dev/null && fail "buffered read passed"
[ "$(fault_hits eio read 1048576 4096)" = 2 ] || fail "hits: $(cat "$FAULTCTL")"
fault "eio write 1310720 4096"
wr 320 && fail "write at the eio offset succeeded"
is 320 "$T/zero" || fail "failed write changed the backing file"
wr 321 && is 321 "$T/pat" || fail "write beside the eio rule"

say "drop write: dd succeeds, the backing file is unchanged"
fault "drop write 2097152 4096"
wr 512 || fail "dropped write reported an error"
is 512 "$T/zero" || fail "dropped write reached the backing file"
wr 513 && is 513 "$T/pat" || fail "write beside the drop rule"
[ "$(fault_hits drop write 2097152 4096)" = 1 ] || fail "drop hits: $(cat "$FAULTCTL")"

say "short read: half the bytes"
fault "short read 3145728 8192"
n=$(dd if="$FAULTDISK" bs=8192 skip=384 count=1 iflag=direct 2>/dev/null | wc -c)
[ "$n" = 4096 ] || fail "short read gave $n bytes"
n=$(dd if="$FAULTDISK" bs=8192 skip=386 count=1 iflag=direct 2>/dev/null | wc -c)
[ "$n" = 8192 ] || fail "read beside the short rule gave $n bytes"

say "delay read: 300 ms there, none beside"
fault "delay read 2457600 4096 300"
t0=$(ms_now); rd 600 || fail "delayed read"; t1=$(ms_now); rd 602; t2=$(ms_now)
[ $((t1 - t0)) -ge 300 ] || fail "delayed read took $((t1 - t0)) ms"
[ $((t2 - t1)) -lt 300 ] || fail "undelayed read took $((t2 - t1)) ms"

say "after N: the first two matching reads pass, then it hits; a same-key line replaces"
fault "eio read 4194304 4096 after 2"
rd 1024 && rd 1024 || fail "a read within 'after 2' failed"
rd 1024 && fail "third read passed"
rd 1024 && fail "fourth read passed"
grep -qx "eio read 4194304 4096 after 2 passed 2 hits 2" "$FAULTCTL" || fail "$(cat "$FAULTCTL")"
fault "eio read 4194304 4096"
rd 1024 && fail "the replaced rule let a read pass"
grep -qx "eio read 4194304 4096 after 0 passed 0 hits 1" "$FAULTCTL" || fail "$(cat "$FAULTCTL")"

say "bad lines are refused (EINVAL) and change nothing"
before=$(grep -v '^io ' "$FAULTCTL")
for l in "bogus" "eio" "eio read" "eio read 1" "eio both 0 1" "short write 0 1" "drop read 0 1" \
	"delay read 0 1" "eio read 0 0" "eio read -1 5" "eio read 0 5 after" "eio read 0 5 x 1" \
	"eio read 0 5 after 1 2" "eio read 99999999999999999999 1" "eio read 18446744073709551615 2" \
	"delay read 0 1 3600001" "clear now" "eio read 0x10 1"; do
	printf '%s\n' "$l" 2>/dev/null >"$FAULTCTL" && fail "accepted '$l'"
done
# one write(2) of two lines: bash's printf would write line by line
ctl1() { dd of="$FAULTCTL" bs=4096 count=1 iflag=fullblock 2>/dev/null; }
printf 'eio read 0 4096\nbogus\n' | ctl1 && fail "accepted a bad second line"
[ "$(grep -v '^io ' "$FAULTCTL")" = "$before" ] || fail "a refused write changed the rules"
(fault "bogus") >/dev/null && fail "fault did not fail the test on a bad line"

printf 'eio read 0 4096\n\ndelay write 0 4096 1' | ctl1 || fail "two lines in one write refused"
[ "$(grep -c ' 0 4096 ' "$FAULTCTL")" = 2 ] || fail "two lines in one write: $(cat "$FAULTCTL")"

say "size is fixed: truncate, fallocate and writes past the end are refused"
truncate -s 1M "$FAULTDISK" 2>/dev/null && fail "truncate to 1M accepted"
truncate -s 16M "$FAULTDISK" || fail "truncate to the same size refused"
fallocate -l 4096 "$FAULTDISK" 2>/dev/null && fail "fallocate accepted"
wr 4096 2>/dev/null && fail "write past the end accepted"
[ "$(stat -c %s "$FAULTIMG")" = 16777216 ] || fail "backing file size changed"

say "clear: no rules, the eio offset reads again"
fault clear
[ "$(grep -vc '^io ' "$FAULTCTL")" = 0 ] || fail "rules left: $(cat "$FAULTCTL")"
rd 256 && rd 1024 || fail "reads after clear"

say "loop devices over disk (direct I/O off, then on) see the rules"
for dio in off on; do
	LOOP=$(losetup -f --show --direct-io=$dio "$FAULTDISK") || fail "losetup --direct-io=$dio"
	LOOPS="$LOOPS $LOOP"
	command -v udevadm >/dev/null && udevadm settle 2>/dev/null
	fault clear
	fault "eio read 5242880 4096"
	fault "drop write 5337088 4096"
	rd 1280 "$LOOP" && fail "$LOOP (dio $dio): read at the eio offset succeeded"
	rd 1279 "$LOOP" && rd 1281 "$LOOP" || fail "$LOOP (dio $dio): read beside eio failed"
	wr 1300 "$LOOP" && is 1300 "$T/pat" || fail "$LOOP (dio $dio): write did not land"
	wr 1303 "$LOOP" || fail "$LOOP (dio $dio): dropped write reported an error"
	is 1303 "$T/zero" || fail "$LOOP (dio $dio): dropped write reached the backing file"
	[ "$(fault_hits eio read 5242880 4096)" -ge 1 ] && [ "$(fault_hits drop write 5337088)" = 1 ] ||
		fail "$LOOP (dio $dio) counters: $(cat "$FAULTCTL")"
	echo "$LOOP dio $dio: $(grep -v '^io ' "$FAULTCTL" | tr '\n' ';')"
	losetup -d "$LOOP" || fail "cannot detach $LOOP"
	LOOPS=""
	dd if="$T/zero" of="$FAULTIMG" bs=4096 seek=1300 conv=notrunc 2>/dev/null
done

say "counters"
cat "$FAULTCTL"
faultfs_stop
! mountpoint -q "$T/fault" && [ ! -e "$T/fault/disk" ] || fail "still mounted after faultfs_stop"
(CASES=0; FAULTFS=/nonexistent; faultfs_start 1) >/dev/null; [ $? = 77 ] || fail "no skip without the binary"
exit 0
