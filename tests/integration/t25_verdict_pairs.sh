# Description: each warning fires when its cause is there, and not for its nearest look-alike:
# splits vs other I/O, page cache judged by bytes with another reader on the device, empty zram and
# a sparse loop backing file, btrfs compression, a write-back cache, a tool-bound thread, io_uring
# workers confined to a pinned CPU, a slow device (the null engine's model, a FUSE delay under a
# loop device), a deep -o on a rotational device, O_DSYNC journal writes.
# Alone: it loads every CPU with spinning hogs and judges CPU-bound and device verdicts
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../helpers/faultfs.sh"
need_root

# has W / hasnt W: the warning code W is (not) in $T/out's JSON.
has() { jq -e --arg c "$1" '[.warnings[].code] | index($c) != null' "$T/out" >/dev/null ||
	fail "no $1 warning: $(jq -c '[.warnings[].code]' "$T/out") $(jq -c '.devices[0].crosscheck.likely_causes' "$T/out") busy $(jq -c '[.results.threads[].cpu_busy_pct]' "$T/out")"; }
hasnt() { jq -e --arg c "$1" '[.warnings[].code] | index($c) == null' "$T/out" >/dev/null ||
	fail "a $1 warning without its cause: $(jq -c '.warnings' "$T/out")"; }
causes() { jq -r '.devices[0].crosscheck.likely_causes | join(" | ")' "$T/out"; }

new_loop 256
dd if=/dev/urandom of="$LOOP" bs=1M count=256 oflag=direct status=none || fail "fill $LOOP"
L1=$LOOP

case_ figure "1 MiB direct reads on a loop device: split in two (max_segments x a page), not other I/O"
run_ok --ios=200 -b1M -Sh -Rjson "$L1"
has split_io; hasnt other_io
causes | grep -q "^splits" || fail "cross-check: $(causes)"

case_ figure "1 MiB reads with another 1 MiB reader on the device: other I/O"
sh -c "while :; do dd if=$L1 of=/dev/null bs=1M iflag=direct status=none; done" &
bg=$!
run_ok -d1 -W0 -b1M -Sh -Rjson "$L1"
kill $bg 2>/dev/null; wait $bg 2>/dev/null
has other_io

case_ figure "64 KiB reads with a small 4 KiB reader beside: no split claimed, and no false other I/O"
dd if="$L1" of=/dev/null bs=4k iflag=direct count=100000 status=none &
bg=$!
run_ok -d1 -W0 -b64K -Sh -Rjson "$L1"
kill $bg 2>/dev/null; wait $bg 2>/dev/null
echo "cross-check: $(causes)"
hasnt split_io; hasnt other_io
causes | grep -qE '(^|\| )splits' && fail "the cross-check claims splits: $(causes)"

case_ figure "1 MiB reads at -o8 on a rotational loop device: split, and the queue is iobench's own"
run_ok -d1 -W0 -b1M -o8 -Sh -Rjson "$L1"
has split_io
if [ "$(cat /sys/block/$(basename "$L1")/queue/rotational)" = 1 ]; then
	jq -e '.verdict.queue_bottleneck == false' "$T/out" >/dev/null ||
		fail "split I/O taken for another load: $(jq -c .verdict "$T/out")"
fi

case_ figure "cold buffered sequential reads of a device: readahead, not page cache"
blockdev --flushbufs "$L1"
run_ok --ios=20000 -b4K -Rjson "$L1"
hasnt page_cache
causes | grep -q "readahead" || fail "cross-check: $(causes)"

case_ figure "buffered writes with another reader raising the device's count: page cache, by bytes"
new_loop 256
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$LOOP" || fail "mkfs"
mkdir "$T/m" && mount "$LOOP" "$T/m" && MOUNTS="$T/m" || fail "mount"
run_ok -c64M --ios=10 --keep --quiet "$T/m/f.dat"
dd if="$LOOP" of=/dev/null bs=512 iflag=direct count=2000000 status=none &
bg=$!
run_ok --ios=20000 -b4K -w100 -Rjson "$T/m/f.dat"
kill $bg 2>/dev/null; wait $bg 2>/dev/null
has page_cache
jq -e '.verdict.not_judged | test("page cache")' "$T/out" >/dev/null || fail "a page-cache run judged"

case_ figure "direct writes with the same reader: no page cache warning"
dd if="$LOOP" of=/dev/null bs=512 iflag=direct count=2000000 status=none &
bg=$!
run_ok --ios=2000 -b4K -w100 -Sh -Rjson "$T/m/f.dat"
kill $bg 2>/dev/null; wait $bg 2>/dev/null
hasnt page_cache

case_ figure "O_DSYNC writes on ext4: the journal's writes are named, not other I/O"
run_ok --ios=500 -b4K -w100 -Sh -Rjson "$T/m/f.dat"
hasnt other_io
causes | grep -q "journal" || fail "cross-check: $(causes)"

case_ figure "fio's fsync=1 on ext4: synced like O_DSYNC, so no other I/O and no write-cache warning"
printf '[f]\nrw=randwrite\nbs=4k\nsize=4m\ndirect=1\nfsync=1\nioengine=psync\nfilename=%s\n' \
	"$T/m/f.dat" > "$T/fsync.fio"
"$IOBENCH" "$T/fsync.fio" --output-format=iobench-json >"$T/out.a" 2>"$T/err" || fail "fsync job: $(cat "$T/err")"
jq '.[0]' "$T/out.a" > "$T/out"
hasnt other_io; hasnt write_cache

case_ figure "a fragmented file read with large direct I/O: its extents, not other I/O"
i=0
while [ $i -lt 128 ]; do	# two files written in turn: each a patchwork of small extents
	dd if=/dev/urandom of="$T/m/frag.dat" bs=64k count=1 seek=$i conv=notrunc oflag=direct status=none
	dd if=/dev/urandom of="$T/m/pad.dat" bs=64k count=1 seek=$i conv=notrunc oflag=direct status=none
	i=$((i + 1))
done
sync
run_ok --ios=200 -b1M -Sh --overwrite -Rjson "$T/m/frag.dat"
echo "cross-check: $(causes)"
# the surplus of requests explained: by the file's extents, or (whichever the cross-check finds
# first) by the loop device's own split of 1 MiB reads, as in the first case; never unexplained
causes | grep -qE "(^|\| )(the file's extents|splits)" || fail "fragmented file: the cross-check explains nothing: $(causes)"
hasnt other_io
unmount "$T/m"; MOUNTS=""

case_ figure "buffered reads of a cached file: the device's await above iobench's is page-cache hits"
new_loop 64
mkfs.ext4 -q -F "$LOOP" || fail "mkfs"
mkdir "$T/c" && mount "$LOOP" "$T/c" && MOUNTS="$T/c" || fail "mount"
run_ok -c32M --ios=10 --keep --quiet "$T/c/f.dat"
run_ok --ios=20000 -r -b4K -Rjson "$T/c/f.dat"
echo "cross-check: $(causes)"
causes | grep -q "unexplained" && fail "a cached run left a gap unexplained: $(causes)"
if jq -e '.devices[0].crosscheck | .device_await_ms != null and .device_await_ms > .app_latency_ms * 1.05' \
	"$T/out" >/dev/null; then
	causes | grep -q "page-cache hits" || fail "await above iobench's not put down to the cache: $(causes)"
fi
unmount "$T/c"; MOUNTS=""

case_ figure "zram never written, read: unwritten_device; written first, it does not fire"
new_zram 32
run_ok --ios=2000 -r -b4K -Sh -Rjson "$ZDEV"
has unwritten_device
run_ok --ios=4096 -b4K -w100 -Sh --allow-device-write --quiet "$ZDEV"
run_ok --ios=2000 -r -b4K -Sh -B20M -Rjson "$ZDEV"
has unwritten_device	# written from 0 to 16M: the rest may be read, and zram does not say which
run_ok --ios=8192 -b4K -w100 -Sh --allow-device-write --quiet "$ZDEV"
run_ok --ios=2000 -r -b4K -Sh -Rjson "$ZDEV"
hasnt unwritten_device

case_ figure "a loop device over a sparse backing file: holes named; over a filled one: none"
new_loop 64
run_ok --ios=500 -r -b4K -Sh -Rjson "$LOOP"
has sparse_file
jq -e '.warnings[] | select(.code == "sparse_file") | .message | test("backing file")' "$T/out" \
	>/dev/null || fail "the message does not name the backing file"
run_ok --ios=500 -r -b4K -Sh -Rjson "$L1"
hasnt sparse_file

case_ figure "btrfs with compression: the device is known, its bytes explained by compression"
if command -v mkfs.btrfs >/dev/null; then
	new_loop 256
	mkfs.btrfs -q -f "$LOOP" >/dev/null 2>&1 || fail "mkfs.btrfs"
	mkdir "$T/b" && mount -o compress=zstd "$LOOP" "$T/b" && MOUNTS="$T/b" || fail "mount"
	run_ok -c32M -d1 -W0 -b64K -w100 -Z -Su -Rjson "$T/b/z.dat"
	has compressing_fs; hasnt no_device_data
	jq -e --arg d "$(basename "$LOOP")" '.devices[0].name == $d' "$T/out" >/dev/null ||
		fail "btrfs's device: $(jq -c '[.devices[].name]' "$T/out")"
	echo "cross-check: $(causes)"
	causes | grep -q "^compression" && ! causes | grep -q unexplained ||
		fail "zeros on compressing btrfs: $(causes)"
	unmount "$T/b"
	mount "$LOOP" "$T/b" || fail "mount without compression"
	run_ok -c32M -d1 -W0 -b64K -w100 -Z -Su -Rjson "$T/b/y.dat"
	hasnt compressing_fs
	causes | grep -q "compression" && fail "compression named without it: $(causes)"
	unmount "$T/b"; MOUNTS=""
else
	skip_case "the btrfs cases (no mkfs.btrfs)"
fi

case_ figure "direct writes to a loop device over the page cache: write_cache; with -Sh: none"
new_loop 64
run_ok --ios=2000 -b4K -w100 -Su --allow-device-write -Rjson "$LOOP"
has write_cache
run_ok --ios=2000 -b4K -w100 -Sh --allow-device-write -Rjson "$LOOP"
hasnt write_cache
wb=$(df --output=source "$T" | tail -n 1)
wc=$(cat "/sys/class/block/$(basename "$wb")/queue/write_cache" 2>/dev/null ||
	cat "/sys/class/block/$(basename "$wb")/../queue/write_cache" 2>/dev/null)
if [ -b "$wb" ] && [ "$wc" = "write back" ]; then
	run_ok -c8M --ios=500 -b4K -w100 -Su -Rjson "$T/wb.dat"
	has write_cache
	run_ok -c8M --ios=500 -b4K -w100 -Sh -Rjson "$T/wb.dat"
	hasnt write_cache
else
	skip_case "the write-back disk case (the test directory is not on a write-back disk)"
fi

case_ figure "a window that ends with half of -o4 counted (the null model, --ios=2): the depth note; -d1: none"
# four I/Os complete together after 1 ms; the count stops at the second: 2 ms of latency in 1 ms
run_ok --engine=null --null-latency=1ms --ios=2 -o4 -r -b4K x
grep -q "^note: 1 thread kept fewer I/Os in flight than -o asked; the fewest: thread 0, [0-2]\.[0-9]* of 4" "$T/out" ||
	fail "no depth note: $(grep '^note' "$T/out")"
run_ok --engine=null --null-latency=1ms -d1 -W0 -o4 -r -b4K x
grep -q "kept fewer I/Os in flight" "$T/out" && fail "a depth note at full depth"

case_ figure "zram counts its I/O: its facts never say I/O accounting is off"
run_ok --ios=200 -r -b4K -Sh "$ZDEV"
grep -q "I/O accounting OFF" "$T/out" && fail "zram called unaccounted: $(grep zram "$T/out" | head -2)"

case_ figure "the null engine at full speed: tool_bound, the device not classed; with a 1 ms model: neither"
run_ok --engine=null --ios=2000000 -o32 -r -b4K -Rjson x
has tool_bound
# with every CPU busy with something else, the thread still asks for a whole one: still bound
hogs=""
for c in $(seq "$(nproc)"); do timeout 20 sh -c 'while :; do :; done' & hogs="$hogs $!"; done
run_ok --engine=null --ios=2000000 -o32 -r -b4K -Rjson x
kill $hogs 2>/dev/null; wait $hogs 2>/dev/null
has tool_bound
jq -e '.verdict.not_judged | test("own thread")' "$T/out" >/dev/null || fail "a tool-bound run was classed"
run_ok --engine=null --null-latency=1ms -d1 -W0 -o4 -r -b4K -Rjson x
hasnt tool_bound
jq -e '.verdict.not_judged == null' "$T/out" >/dev/null || fail "the model was not judged"

case_ figure "io_uring's workers on a pinned thread: warned of exactly when they were confined; -n: never"
if [ "$(nproc)" -gt 1 ]; then
	run_ok --ios=20000 -b4K -r -o16 -Sh -Rjson "$ZDEV"
	if jq -e '.cpu.process.io_workers.confined > 0' "$T/out" >/dev/null; then
		has io_workers_pinned
		echo "note: this kernel kept the workers on their thread's CPU despite IORING_REGISTER_IOWQ_AFF"
	else
		hasnt io_workers_pinned
		echo "note: this kernel let io_uring's workers run on every CPU"
	fi
	run_ok --ios=20000 -b4K -r -o16 -Sh -n -Rjson "$ZDEV"
	hasnt io_workers_pinned
	jq -e '.cpu.process.io_workers.confined == 0' "$T/out" >/dev/null || fail "-n: workers confined"
else
	skip_case "the worker-affinity case (one CPU)"
fi

case_ figure "a slow device (the null engine's 60 ms model): critical; 15 ms: a warning; 1 ms: good"
run_ok --engine=null --null-latency=60ms --ios=20 -o1 -Rjson x
jq -e '.verdict.latency == "critical" and (.verdict.latency_text | test("serious"))' "$T/out" \
	>/dev/null || fail "60 ms: $(jq -c .verdict "$T/out")"
run_ok --engine=null --null-latency=15ms --ios=30 -o1 -Rjson x
jq -e '.verdict.latency == "warning"' "$T/out" >/dev/null || fail "15 ms: $(jq -c .verdict "$T/out")"
run_ok --engine=null --null-latency=1ms --ios=300 -o1 -Rjson x
jq -e '.verdict.latency == "good"' "$T/out" >/dev/null || fail "1 ms: $(jq -c .verdict "$T/out")"

case_ figure "a slow device under a loop device (FUSE, every read 60 ms): critical"
faultfs_start 16
fault "delay read 0 16777216 60"
FL=$(losetup -f --show "$FAULTDISK") || fail "losetup"
LOOPS="$FL $LOOPS"
run_ok --ios=20 -b4K -r -o1 -Sh -Rjson "$FL"
jq -e '.verdict.latency == "critical" and .verdict.latency_mean_ms >= 60' "$T/out" >/dev/null ||
	fail "FUSE delay: $(jq -c .verdict "$T/out")"
losetup -d "$FL"; LOOPS=${LOOPS#"$FL "}
faultfs_stop

case_ figure "a deep -o on a rotational device: its queue is iobench's own, no bottleneck; another load's: one"
if [ "$(cat /sys/block/$(basename "$L1")/queue/rotational)" = 1 ]; then
	run_ok -d1 -W0 -b4K -r -o32 -Sh -Rjson "$L1"
	jq -e '.verdict.queue_bottleneck == false and .verdict.queue_own > 16' "$T/out" >/dev/null ||
		fail "own queue: $(jq -c .verdict "$T/out")"
	"$IOBENCH" -d4 -W0 -b4K -r -o64 -Sh --quiet "$L1" >/dev/null 2>&1 &
	bg=$!
	sleep 0.5
	run_ok -d1 -W0 -b4K -r -o1 -Sh -Rjson "$L1"
	wait $bg
	jq -e '.verdict.queue_bottleneck == true' "$T/out" >/dev/null ||
		fail "another load's queue: $(jq -c .verdict "$T/out")"
else
	skip_case "the queue case (the loop device does not report itself rotational)"
fi
exit 0
