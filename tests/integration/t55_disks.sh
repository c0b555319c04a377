# Description: iobench disks on loop and zram devices made here: each one's facts (size, type, backing file, signatures, mount points, swap, holders), and its verdict, which is what a run then does: the flags it names let a run write, and a run refused says the same reason (mounted, swap, backing a loop, read-only, held by a program, held by iobench).
# Alone: it lists every block device twice and compares, and puts swap on a loop device
. "$(dirname "$0")/lib.sh"
need_root
command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
SWAPS=""

# dj NAME JQ: the JSON of device NAME, filtered by JQ
dj() { "$IOBENCH" disks -Rjson "$1" | jq -r ".devices[0] | $2"; }
# flags DEV: the flags iobench disks says a run needs to write DEV (one word each)
flags() { dj "$1" '.write_flags | join(" ")'; }
# writes DEV FLAGS...: a short write run on DEV with FLAGS; its exit status
writes() { d=$1; shift; "$IOBENCH" "$@" -w100 -b4K -o1 -Sh --ios=64 -W0 "$d" >"$T/out" 2>"$T/err"; }
# same_why DEV: a run refused DEV with the reason iobench disks gives
same_why() {
	why=$(dj "$1" .write_why)
	[ "$(dj "$1" .write)" = never ] || fail "$1: disks says $(dj "$1" '.write'), wanted never"
	writes "$1" --allow-device-write --destroy-signature=ext4 && fail "a run wrote $1, which disks says is never written"
	grep -qF -- "$why" "$T/err" || fail "$1: disks says '$why'; the run: $(cat "$T/err")"
}

say "a loop device made here: its facts, and a run writes it with the flags disks names"
new_loop 64; A=$LOOP; a=${A#/dev/}
"$IOBENCH" disks >"$T/list" || fail "iobench disks: $(cat "$T/list")"
head -1 "$T/list" | grep -q "^NAME  *TYPE  *SIZE  *ROTA  *SCHED  *MODEL  *MOUNTED  *HOLDERS  *SIGNATURES  *WRITE" ||
	fail "the header: $(head -1 "$T/list")"
grep -q "^$a  *loop  *64MiB .* $LOOPFILE .* --allow-device-write$" "$T/list" ||
	fail "$a's row: $(grep "^$a " "$T/list")"
dj "$a" '[.type, .size_bytes, .backing_file, .path, (.signatures | length), (.mount_points | length), .swap, .read_only, .write] | @tsv' >"$T/got"
printf 'loop\t67108864\t%s\t%s\t0\t0\tfalse\tfalse\twrite\n' "$LOOPFILE" "$A" | diff - "$T/got" >/dev/null ||
	fail "$a's JSON: $(cat "$T/got")"
[ "$(flags "$A")" = "--allow-device-write" ] || fail "$a's flags: $(flags "$A")"
[ "$(dj "$A" .name)" = "$a" ] || fail "/dev/$a is not named $a"
sum=$(md5sum < "$LOOPFILE")
writes "$A" && fail "a run wrote $A without the flags"
grep -q "iobench disks" "$T/err" || fail "the refusal does not point to iobench disks: $(cat "$T/err")"
same_bytes "$LOOPFILE" "$sum"
writes "$A" $(flags "$A") || fail "the run with disks' flags ($(flags "$A")): $(cat "$T/err")"
[ "$(md5sum < "$LOOPFILE")" != "$sum" ] || fail "the run with disks' flags wrote nothing"

say "every device at once: sorted by name (a disk's partitions after it), none of size 0 without --all"
"$IOBENCH" disks -Rjson >"$T/all.json" || fail "disks -Rjson"
jq -e '.schema == "iobench/disks" and .version == 1' "$T/all.json" >/dev/null || fail "the schema: $(jq -c 'del(.devices)' "$T/all.json")"
jq -r '.devices[].name' "$T/all.json" >"$T/names"
sort -V "$T/names" | diff - "$T/names" >/dev/null || fail "not sorted: $(tr '\n' ' ' < "$T/names")"
grep -qx "$a" "$T/names" || fail "$a is not listed"
jq -e '[.devices[] | select(.size_bytes == 0)] | length == 0' "$T/all.json" >/dev/null || fail "a device of size 0 listed without --all"
[ "$(jq '.devices | length' "$T/all.json")" = "$(tail -n +2 "$T/list" | wc -l)" ] || fail "the text and the JSON list different devices"
"$IOBENCH" disks --all -Rjson | jq -e --argjson n "$(jq '.devices | length' "$T/all.json")" '.devices | length >= $n' >/dev/null ||
	fail "--all lists fewer devices"

say "a file system on it: named, and written only with the --destroy-signature disks names"
new_loop 64; B=$LOOP
mkfs.ext4 -q -F "$B" || fail "mkfs.ext4"
[ "$(dj "$B" '.signatures | join(",")')" = ext4 ] || fail "signatures: $(dj "$B" .signatures)"
[ "$(flags "$B")" = "--allow-device-write --destroy-signature=ext4" ] || fail "$B's flags: $(flags "$B")"
writes "$B" --allow-device-write && fail "a run wrote the ext4 on $B with --allow-device-write alone"
grep -q -- "--destroy-signature=ext4" "$T/err" || fail "the refusal: $(cat "$T/err")"
writes "$B" $(flags "$B") || fail "the run with disks' flags ($(flags "$B")): $(cat "$T/err")"

say "mounted: never, with where; the run refuses it with that reason"
new_loop 64; C=$LOOP
mkfs.ext4 -q -F "$C" || fail "mkfs.ext4"
mkdir "$T/mnt" && mount "$C" "$T/mnt" || skip_rest "cannot mount ext4 here"
MOUNTS="$T/mnt"
[ "$(dj "$C" '.mount_points | join(",")')" = "$T/mnt" ] || fail "mount points: $(dj "$C" .mount_points)"
grep -q "mounted on $T/mnt" <<EOF || fail "why: $(dj "$C" .write_why)"
$(dj "$C" .write_why)
EOF
same_why "$C"
"$IOBENCH" disks "$C" | grep -q " $T/mnt .* ext4  *never: ${C#/dev/} is mounted on $T/mnt$" ||
	fail "the text row: $("$IOBENCH" disks "$C")"

say "without root: what /proc and sysfs show still rules a device out; the rest is unknown, said"
if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$IOBENCH" disks -Rjson "$C" "$A" >"$T/np.json" ||
		fail "disks as nobody"
	jq -r '.devices[] | "\(.write) \(.signatures)"' "$T/np.json" | tr '\n' ' ' | grep -qx "never null unknown null " ||
		fail "as nobody: $(jq -c '[.devices[] | [.write, .write_why, .signatures]]' "$T/np.json")"
	jq -r '.devices[1].write_why' "$T/np.json" | grep -q "cannot open $A: Permission denied" ||
		fail "as nobody, why: $(jq -r '.devices[1].write_why' "$T/np.json")"
else
	skip_case "without root: no setpriv to drop to nobody"
fi
unmount "$T/mnt"; MOUNTS=""

say "swap: never; the run refuses it with that reason"
new_loop 64; D=$LOOP
mkswap -q "$D" >/dev/null && swapon "$D" 2>/dev/null && SWAPS=$D
if [ -n "$SWAPS" ]; then
	[ "$(dj "$D" .swap)" = true ] || fail "$D: swap $(dj "$D" .swap)"
	"$IOBENCH" disks "$D" | grep -q "\[SWAP\] .* swap  *never: ${D#/dev/} is in use as swap$" ||
		fail "the text row: $("$IOBENCH" disks "$D")"
	same_why "$D"
	swapoff "$D" && SWAPS=""
else
	skip_case "swap: swapon refused here"
fi

say "a loop device over it: never (it backs a loop); the one above it is free"
E=$(losetup -f --show "$A") || fail "losetup over $A"
LOOPS="$E $LOOPS"
grep -q "backs the loop device $E" <<EOF || fail "why: $(dj "$A" .write_why)"
$(dj "$A" .write_why)
EOF
same_why "$A"
[ "$(dj "$E" .backing_file)" = "$A" ] && [ "$(flags "$E")" = "--allow-device-write" ] ||
	fail "$E: $(dj "$E" '[.backing_file, .write_flags]')"
losetup -d "$E"

say "read-only: never; the run refuses it"
F=$(losetup -r -f --show "$LOOPFILE") || fail "losetup -r"
LOOPS="$F $LOOPS"
[ "$(dj "$F" '[.read_only, .write, .write_why] | @tsv')" = "$(printf 'true\tnever\tthe device is read-only')" ] ||
	fail "$F: $(dj "$F" '[.read_only, .write, .write_why]')"
same_why "$F"
losetup -d "$F"

say "held by a program (O_EXCL) or by a running iobench: never, and who, as the run says"
new_loop 64; G=$LOOP
python3 -c 'import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL); print("held", flush=True); time.sleep(60)' "$G" >"$T/held" &
hp=$!
i=0; while ! grep -q held "$T/held" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
grep -q held "$T/held" || fail "python could not hold $G"
dj "$G" .write_why | grep -q "the kernel refused to open it exclusively" || fail "held: $(dj "$G" .write_why)"
same_why "$G"
kill $hp; wait $hp 2>/dev/null
[ "$(flags "$G")" = "--allow-device-write" ] || fail "$G after the holder left: $(flags "$G")"
"$IOBENCH" --allow-device-write -w100 -b4K -o1 -d20 -W0 "$G" >"$T/bg.out" 2>&1 &
rp=$!
i=0; while [ "$(dj "$G" .write)" != never ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
why=$(dj "$G" .write_why)
kill -INT $rp; wait $rp
[ "$why" = "it is in use by iobench (pid $rp)" ] || fail "held by iobench $rp: $why"

say "a zram RAM disk"
new_zram 64
dj "$ZDEV" '[.type, .size_bytes, .rotational, .write] | @tsv' | grep -qx "$(printf 'zram\t67108864\tfalse\twrite')" ||
	fail "$ZDEV: $(dj "$ZDEV" '[.type, .size_bytes, .rotational, .write]')"
writes "$ZDEV" $(flags "$ZDEV") || fail "the run with disks' flags on $ZDEV: $(cat "$T/err")"
[ "$(diskstat "$ZDEV" 8)" -ge 64 ] || fail "$ZDEV saw $(diskstat "$ZDEV" 8) writes"

say "partitions: after their disk, with it as parent; the disk is never written while one is mounted"
new_loop 64; H=$LOOP
printf 'label: dos\n,32M,L\n,,L\n' | sfdisk -q "$H" >/dev/null 2>&1
losetup -d "$H"; LOOPS=${LOOPS% $H}
H=$(losetup -P -f --show "$LOOPFILE") && LOOPS="$LOOPS $H"
if [ -b "${H}p1" ]; then
	h=${H#/dev/}
	"$IOBENCH" disks -Rjson | jq -r --arg h "$h" '.devices[] | select(.name | startswith($h)) | "\(.name) \(.type) \(.parent)"' |
		tr '\n' ' ' | grep -qx "$h loop null ${h}p1 partition $h ${h}p2 partition $h " || fail "partitions: $("$IOBENCH" disks "$H")"
	mkfs.ext4 -q -F "${H}p1" && mount "${H}p1" "$T/mnt" && MOUNTS="$T/mnt" || fail "mount ${H}p1"
	dj "$H" .write_why | grep -q "${h}p1 is mounted on $T/mnt" || fail "$H: $(dj "$H" .write_why)"
	same_why "$H"
	[ "$(dj "${H}p2" .write)" = write ] || fail "${H}p2 beside a mounted p1: $(dj "${H}p2" '[.write, .write_why]')"
	unmount "$T/mnt"; MOUNTS=""
else
	skip_case "partitions: this kernel reads no partition table on a loop device (losetup -P made no ${H}p1)"
fi

say "a device-mapper device over a loop: the loop is held by it"
if command -v dmsetup >/dev/null && dmsetup version >/dev/null 2>&1 &&
	echo "0 $((64 * 2048)) linear $G 0" | dmsetup create "iobt55.$$" 2>/dev/null; then
	dm=$(basename "$(readlink -f /dev/mapper/iobt55.$$)")
	[ "$(dj "$G" '.holders | join(",")')" = "$dm" ] || fail "$G's holders: $(dj "$G" .holders)"
	same_why "$G"
	[ "$(dj "$dm" '[.type, .model] | @tsv')" = "$(printf 'dm\tiobt55.%s' $$)" ] || fail "$dm: $(dj "$dm" '[.type, .model]')"
	dmsetup remove "iobt55.$$"
else
	skip_case "dm: no device-mapper in this kernel (or no dmsetup)"
fi

say "bad input: one message naming it, exit 2"
run_rc 2 disks nosuch
grep -q "no block device 'nosuch'" "$T/err" || fail "$(cat "$T/err")"
run_rc 2 disks /etc/passwd
grep -q "'/etc/passwd' is not a block device" "$T/err" || fail "$(cat "$T/err")"
run_rc 2 disks -Rxml
grep -q "unknown output format 'xml'" "$T/err" || fail "$(cat "$T/err")"
run_rc 2 disks --bogus
grep -q "bogus" "$T/err" || fail "$(cat "$T/err")"
run_rc 2 disks -b4K
grep -q "iobench disks" "$T/err" || fail "-b4K: $(cat "$T/err")"
say "a device named that is not there: pointed to iobench disks, and never made a file in /dev"
nd=/dev/iobt55-$$
run_rc 2 -b4K -d1 "$nd"
grep -q "'$nd'.*(iobench disks lists" "$T/err" || fail "$(cat "$T/err")"
run_rc 2 -c1M -b4K -d1 "$nd"
grep -q "cannot create '$nd': '/dev' is in devtmpfs.*iobench disks" "$T/err" || fail "-c: $(cat "$T/err")"
run_rc 2 preset sqlio-small --fast "$nd"
grep -q "cannot create '$nd'" "$T/err" || fail "preset: $(cat "$T/err")"
printf '[a]\nioengine=psync\nfilename=%s\nrw=write\nsize=1m\n' "$nd" >"$T/nd.fio"
run_rc 2 "$T/nd.fio"
grep -q "cannot create '$nd': '/dev' is in devtmpfs" "$T/err" || fail "job file: $(cat "$T/err")"
[ ! -e "$nd" ] || { rm -f "$nd"; fail "$nd was made"; }
run_rc 2 monitor iobt55-nosuch
grep -q "no block device 'iobt55-nosuch' (iobench disks lists them)" "$T/err" || fail "monitor: $(cat "$T/err")"
run_ok disks --help
grep -q "usage: iobench disks" "$T/out" || fail "help: $(cat "$T/out")"
"$IOBENCH" --help | grep -q "disks" || fail "the main help does not name disks"
