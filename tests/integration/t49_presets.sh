# Description: presets: every preset of the table runs, its points are the source's tests (block, depth, threads, mix, time), one file fill for all, the grid equals the JSON's figures.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
mkdir d

# check_doc FILE RUNS [true]: the series document holds RUNS points that ran whole, the grid's
# cells are the figures of the points they name, each point's figures are its result's, and only
# the first point created the test file (true: the null engine's, which makes none).
check_doc() {
	jq -e --argjson n "$2" --argjson null "${3:-false}" '
		.schema == "iobench/series" and .kind == "preset" and .complete == true and
		(.points | length) == $n and
		all(.points[]; .partial == false and .result.complete == true and
			.total.ios == .result.results.total.total.ios and
			.read.ios == (.result.results.total.read.ios // 0) and
			.write.ios == (.result.results.total.write.ios // 0) and
			((.total.iops - .result.results.total.total.iops) | fabs) < 0.01 and
			((.total.lat_p99_us * 1000 - (.result.results.total.total.latency_ns.percentiles[]
				| select(.percentile == 99) | .ns)) | fabs) < 1) and
		($null or ([.points[] | .result.targets[0].created] | .[0] == true and (.[1:] | all(. == false)))) and
		(. as $d | all(.grid[]; . as $g | all(["read", "write"][]; . as $k |
			$g[$k] == null or
			(($d.points[$g[$k].point][$k]) as $f | $f.iops == $g[$k].iops and
			 $f.mb_per_s == $g[$k].mb_per_s and $f.lat_p99_us == $g[$k].lat_p99_us))))
	' "$1" >/dev/null || fail "$1: $(jq -c '{complete, n: (.points | length), created: [.points[].result.targets[0].created]}' "$1")"
}

# params FILE: each point's "block outstanding threads write%" from the workload that ran.
params() {
	jq -r '.points[].result.workload | (.targets[0] | "\(.block_size) \(.outstanding)") +
		" \(if .thread_pool then .thread_pool else .targets[0].threads end) \(.targets[0].write_percent)"' "$1" | paste -sd,
}

say "preset --list names every preset with its runs and time, and docs/presets.md documents each"
run_ok preset --list
n=$(awk 'NR > 1 && /^[a-z]/ { print $1 }' "$T/out" | wc -l)
[ "$n" -ge 13 ] || fail "only $n presets listed"
for p in $(awk 'NR > 1 && /^[a-z]/ { print $1 }' "$T/out"); do
	grep -q "^## \`$p\`" "$(dirname "$0")/../../docs/presets.md" || fail "docs/presets.md has no section for $p"
done
grep -q "^sqlio-small  *57 " "$T/out" || fail "sqlio-small is not 57 runs: $(grep sqlio-small "$T/out")"

say "crystaldiskmark: four tests read then written, -Z<block> writes, -Su, one fill, the grid"
run_ok preset crystaldiskmark --size=16M -d0.2 -W0 --pause=0 --json=cdm.json d
check_doc cdm.json 8
[ "$(params cdm.json)" = "1048576 8 1 0,1048576 8 1 100,1048576 1 1 0,1048576 1 1 100,4096 32 1 0,4096 32 1 100,4096 1 1 0,4096 1 1 100" ] ||
	fail "CrystalDiskMark's points: $(params cdm.json)"
jq -e '([.points[].result.workload.targets[0] | .direct == true and .write_through == false] | all) and
	([.points[] | select(.write.ios > 0) | .result.workload.targets[0].source_buffer_size] ==
	 [1048576, 1048576, 4096, 4096])' cdm.json >/dev/null || fail "CrystalDiskMark's -S and -Z<block>"
for t in "SEQ1M Q8T1" "SEQ1M Q1T1" "RND4K Q32T1" "RND4K Q1T1"; do
	grep -q "^$t " "$T/out" || fail "no row $t"
done
[ -z "$(ls -A d)" ] || fail "left $(ls -A d)"

say "crystaldiskmark-mix: twelve runs, the mix rows 30% writes; -nvme, -peak, -realworld"
run_ok preset crystaldiskmark-mix --size=16M -d0.1 -W0 --pause=0 --json=mix.json d
check_doc mix.json 12
jq -e '[.points[8:][] | .result.workload.targets[0].write_percent] == [30, 30, 30, 30] and
	all(.grid[4:][]; .read != null and .write != null)' mix.json >/dev/null || fail "mix rows"
run_ok preset crystaldiskmark-nvme --size=16M -d0.1 -W0 --pause=0 --json=nvme.json d
check_doc nvme.json 8
[ "$(params nvme.json | cut -d, -f3,5)" = "131072 32 1 0,4096 32 16 0" ] || fail "NVMe points: $(params nvme.json)"
run_ok preset crystaldiskmark-peak --size=16M -d0.1 -W0 --pause=0 --json=peak.json d
check_doc peak.json 4
run_ok preset crystaldiskmark-realworld --size=16M -d0.1 -W0 --pause=0 --json=rw.json d
check_doc rw.json 4
[ "$(params rw.json)" = "1048576 1 1 0,1048576 1 1 100,4096 1 1 0,4096 1 1 100" ] || fail "Real World: $(params rw.json)"

say "sqlio-small and sqlio-large: reads only, the depths stepped one by one, 4 and 1 threads, -Sh; --fast is 10 s"
# (on the null engine: what is checked is the run list; the other presets check the file)
run_ok preset sqlio-small --engine=null -d0.02 --pause=0 --json=small.json d
check_doc small.json 57 true
jq -e '[.points[].result.workload.targets[0] | .outstanding] == [range(8; 65)] and
	all(.points[].result.workload.targets[0]; .block_size == 8192 and .threads == 4 and
	    .write_percent == 0 and .pattern == "random" and .direct and .write_through) and
	all(.points[].result.workload; .warmup_s == 0)' small.json >/dev/null || fail "SmallIO's points"
run_ok preset sqlio-large --engine=null -d0.02 --pause=0 --json=large.json d
check_doc large.json 32 true
jq -e '[.points[].result.workload.targets[0] | .outstanding] == [range(1; 33)] and
	all(.points[].result.workload.targets[0]; .block_size == 524288 and .threads == 1 and
	    .pattern == "sequential")' large.json >/dev/null || fail "LargeIO's points"
run_ok preset sqlio-small --fast --print-workload d
[ "$(grep -c "duration: 10s" "$T/out")" = 57 ] || fail "--fast is not 10 s a run"
run_ok preset sqlio-small --print-workload d
[ "$(grep -c "duration: 60s" "$T/out")" = 57 ] || fail "SQLIO's default is not 60 s a run"
[ -z "$(ls -A d)" ] || fail "--print-workload left $(ls -A d)"

say "vdbench-bw: 64K sequential read, write, 50:50 at 8 outstanding; its writes carry random data (not DiskSpd's 0-255 default)"
run_ok preset vdbench-bw --size=16M -d0.2 --keep --json=vd.json d
check_doc vd.json 3
[ "$(params vd.json)" = "65536 8 1 0,65536 8 1 100,65536 8 1 50" ] || fail "VDBench's points: $(params vd.json)"
jq -e '.grid[2].read.iops > 0 and .grid[2].write.iops > 0' vd.json >/dev/null || fail "the 50:50 row"
jq -e 'all(.points[].result.workload.targets[0]; .write_buffers == "random")' vd.json >/dev/null ||
	fail "a preset's writes: $(jq -c '[.points[].result.workload.targets[0].write_buffers]' vd.json)"
python3 - d/iobench-vdbench.dat <<'PY' || fail "a preset wrote DiskSpd's 0-255 pattern"
import sys
data, pat = open(sys.argv[1], "rb").read(), bytes(range(256)) * 16
sys.exit(1 if any(data[o:o + 4096] == pat for o in range(0, len(data), 4096)) else 0)
PY
rm -f d/iobench-vdbench.dat

say "diskspd-guide: the wiki's ten lines, -W60 -d60 -Sh, -F8 -T1b -s8b, the small area's 100 blocks"
run_ok preset diskspd-guide --print-workload d
[ "$(grep -c "duration: 60s" "$T/out")" = 10 ] && [ "$(grep -c "warm up time: 60s" "$T/out")" = 10 ] ||
	fail "the guide's times"
run_ok preset diskspd-guide --size=16M -d0.1 -W0 --json=ds.json d
check_doc ds.json 10
[ "$(params ds.json)" = "4096 32 8 0,4096 32 8 100,4096 1 1 0,4096 1 1 100,4096 32 8 0,4096 32 8 100,4096 1 1 0,4096 1 1 100,4096 32 8 0,4096 32 8 100" ] ||
	fail "the guide's points: $(params ds.json)"
jq -e '[.points[8:][].result.workload.targets[0].max_offset] == [409600, 409600] and
	[.points[4].result.workload.targets[0] | .sequential_stride, .thread_stride] == [32768, 4096]' ds.json >/dev/null ||
	fail "-f100b, -s8b, -T1b: $(jq -c '[.points[].result.workload.targets[0] | .max_offset]' ds.json)"

say "dd: the file grows under its writes (no fill), 32M blocks one at a time, then read; zeros on disk"
run_ok preset dd --size=64M --keep --json=dd.json d
check_doc dd.json 2
jq -e '[.points[].total.ios] == [2, 2] and [.points[].total.bytes] == [67108864, 67108864] and
	all(.points[].result.workload.targets[0]; .block_size == 33554432 and .outstanding == 1 and
	    .direct and (.write_through | not)) and .points[0].result.workload.targets[0].write_buffers == "zero"' dd.json >/dev/null ||
	fail "dd's points: $(jq -c '[.points[] | .total.ios, .total.bytes]' dd.json)"
cmp -s -n 67108864 d/iobench-dd.dat /dev/zero || fail "dd's file does not hold its zeros"
grep -q "as dd prints it" "$T/out" || fail "no note on dd's figure"
rm -f d/iobench-dd.dat

case_ guard "iometer presets: a test file as large as the free space is refused without --fill-free-space"
bad fill-free-space preset iometer-max-iops
bad fill-free-space preset iometer-vm d
[ -z "$(ls -A d)" ] || fail "the refusal left $(ls -A d)"

say "iometer presets on a small file system: the file takes the free space; a worker per CPU; the VM load"
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null; then
	new_loop 96
	mkfs.ext4 -q -F "$LOOP" || fail "mkfs"
	mkdir mnt && mount "$LOOP" mnt && MOUNTS="$T/mnt" || fail "mount"
	free=$(df -B1 --output=avail mnt | tail -1)
	run_ok preset iometer-max-iops --fill-free-space -d0.2 --json=io.json mnt
	check_doc io.json 1
	size=$(jq '.preset.size' io.json)
	[ "$size" -le "$free" ] && within "$size" "$free" 5 || fail "iobw.tst of $size bytes, $free free"
	jq -e --argjson c "$(nproc)" '.points[0].result | .thread_count == $c and
		.targets[0].size == '"$size"' and .workload.targets[0].block_size == 512' io.json >/dev/null ||
		fail "Iometer's workers: $(jq -c '.points[0].result.thread_count' io.json)"
	run_ok preset iometer-vm --size=16M -d0.2 --json=vm.json mnt
	[ "$(params vm.json)" = "4096 1 2 90" ] || fail "the VM load: $(params vm.json)"
	run_ok preset iometer-max-throughput --size=16M -d0.2 --json=tp.json mnt
	[ "$(params tp.json)" = "65536 1 $(nproc) 0" ] || fail "max throughput: $(params tp.json)"
	[ -z "$(ls -A mnt | grep -v lost+found)" ] || fail "left $(ls -A mnt)"
	unmount "$T/mnt"; MOUNTS=""

	case_ guard "a preset on a block device reads it, and leaves its writes out without --allow-device-write"
	new_loop 64
	head -c 67108864 /dev/urandom > "$LOOPFILE"
	sum=$(md5sum < "$LOOPFILE")
	run_ok preset crystaldiskmark-peak --size=32M -d0.1 -W0 --pause=0 --json=dev.json "$LOOP"
	same_bytes "$LOOPFILE" "$sum"
	jq -e '(.points | length) == 2 and all(.points[]; .write.ios == 0 and .read.ios > 0) and
		all(.grid[]; .write == null)' dev.json >/dev/null || fail "device points: $(jq -c '[.points[].label]' dev.json)"
	grep -q "Write tests skipped" "$T/out" || fail "no note on skipped writes"
	run_ok preset crystaldiskmark-peak --size=32M -d0.1 -W0 --pause=0 --allow-device-write --json=devw.json "$LOOP"
	jq -e '(.points | length) == 4 and .points[1].write.ios > 0' devw.json >/dev/null || fail "device writes"
else
	skip_case "needs root and mkfs.ext4 for a loop device"
fi

case_ input "bad preset input is refused before anything is made"
bad "no preset 'frob'" preset frob d
bad "--fast" preset crystaldiskmark --fast d
bad "not a size" preset crystaldiskmark --size=12Q d
bad "--slo" preset crystaldiskmark --slo=p99:1ms d
bad "name the preset" preset --size=16M
bad "no preset 'd'" preset d
bad "whole blocks of 32MiB" preset dd --size=50M d
bad "no time and no warm-up" preset dd -d5 d
bad "--fast and -d" preset sqlio-small --fast -d3 d
bad "--fill-free-space" preset crystaldiskmark --fill-free-space d
bad "--fill-free-space: --size" preset iometer-vm --fill-free-space --size=16M d
bad "give it alone" preset --list crystaldiskmark
bad "--output-format=xml" preset crystaldiskmark --output-format=xml d
[ -z "$(ls -A d)" ] || fail "bad input left $(ls -A d)"

case_ signal "SIGINT in a preset: the points measured so far, marked, the file removed"
run_bg out.int err.int preset vdbench-bw --size=16M -d30 --json=int.json d
sleep 0.5
kill -INT $BG
wait $BG; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130"
jq -e '.complete == false and .interrupted == true and (.points | length) == 1 and .points[0].partial == true' int.json >/dev/null ||
	fail "interrupted document: $(jq -c '{complete, interrupted, n: (.points | length)}' int.json)"
grep -q "PARTIAL" out.int || fail "no partial mark"
[ -z "$(ls -A d)" ] || fail "left $(ls -A d)"

say "iobench report reads a preset's document: each run's report again"
"$IOBENCH" report vd.json > rep.txt || fail "report of a preset"
[ "$(grep -c "^Total IO" rep.txt)" = 3 ] || fail "report: $(grep -c "^Total IO" rep.txt) runs"
exit 0
