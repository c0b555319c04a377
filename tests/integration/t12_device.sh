# Description: the device side: devices resolved under files and loop devices, Perfmon and iostat
# counters over the window, and the cross-check agreeing with the device on zram within 1%.
. "$(dirname "$0")/lib.sh"

say "a file on a tmpfs: no block device, 'no device data', never zeros"
if [ -d /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then
	d=$(mktemp -d /dev/shm/iobench-t.XXXXXX)
	run_ok -c4M --ios=500 -b4K -Rjson "$d/t.dat"
	rm -rf "$d"
	jq -e '.targets[0].devices == [] and (.targets[0].no_device | test("no block device")) and
		.targets[0].file_system == "tmpfs" and .devices == []' "$T/out" >/dev/null ||
		fail "tmpfs target: $(jq -c .targets[0] "$T/out")"
fi

need_root
say "a loop device over a file: its backing file and the device beneath"
new_loop 64
run_ok --ios=2000 -r -b4K -Sh --json="$T/l.json" "$LOOP"
jq -e --arg f "$LOOPFILE" '.targets[0].devices[0].kind == "loop" and .targets[0].devices[0].level == 0
	and .targets[0].devices[0].backing_file == $f and (.targets[0].devices | length) >= 2
	and .targets[0].devices[1].level == 1' "$T/l.json" >/dev/null ||
	fail "loop chain: $(jq -c '.targets[0].devices' "$T/l.json")"
grep -q "^Devices" "$T/out" && grep -q "backing file $LOOPFILE" "$T/out" || fail "no device facts in the text"

say "bursts and think time where users look: the per-interval series and the device's agree"
# -i10 -j300: 10 reads at once, then 300 ms idle; at 100 ms intervals about one interval in
# three holds a burst and the rest none, in iobench's series and in the loop device's
run_ok -i10 -j300 -o1 -r -b4K -Sh -d3 -W0 -D100 --json="$T/b.json" "$LOOP"
jq -e '.series.total.read_ios as $a | .devices[0].series as $s |
	[range(0; $a | length) | select($a[.] > 0)] | length as $busy |
	[range(0; $a | length) | select($a[.] == 0)] as $idle |
	([ $idle[] | select(($s.r_s[.] // 0) == 0) ] | length) as $quiet |
	($busy >= 8 and $busy <= 13 and ($idle | length) >= 15 and $quiet >= ($idle | length) - 2)' \
	"$T/b.json" >/dev/null || fail "bursts: iobench $(jq -c .series.total.read_ios "$T/b.json"), device $(jq -c .devices[0].series.r_s "$T/b.json")"
jq -e '(.devices[0].crosscheck.device_ios - .devices[0].crosscheck.app_ios | fabs) <= 10' "$T/b.json" >/dev/null ||
	fail "bursts: device $(jq .devices[0].crosscheck.device_ios "$T/b.json") vs iobench $(jq .devices[0].crosscheck.app_ios "$T/b.json") reads"

say "device-mapper over the loop device: dm, then its member, then the backing file's device"
if command -v dmsetup >/dev/null && dmsetup version >/dev/null 2>&1; then
	name=iobench-t$$
	sectors=$(blockdev --getsz "$LOOP")
	if echo "0 $sectors linear $LOOP 0" | dmsetup create "$name" 2>/dev/null; then
		run_ok --ios=500 -r -b4K -Sh -Rjson "/dev/mapper/$name"
		dmsetup remove "$name"
		jq -e '[.targets[0].devices[] | .kind] as $k | $k[0] == "dm" and $k[1] == "loop" and
			.targets[0].devices[0].model != null and .targets[0].devices[1].level == 1' "$T/out" >/dev/null ||
			fail "dm chain: $(jq -c '[.targets[0].devices[] | {name, kind, level}]' "$T/out")"
	else
		skip_case "the dm case: cannot create a device-mapper device here"
	fi
else
	skip_case "the dm case: no device-mapper in this kernel (or no dmsetup)"
fi

say "a file on ext4 on that loop device: file system, mount point, device under it"
command -v mkfs.ext4 >/dev/null || skip_rest "no mkfs.ext4"
mkfs.ext4 -q -F "$LOOP" && mkdir "$T/mnt" && mount "$LOOP" "$T/mnt" || skip_rest "cannot mount ext4"
MOUNTS="$T/mnt"
run_ok -c8M --ios=1000 -r -b4K -Sh -Rjson "$T/mnt/f.dat"
jq -e --arg m "$T/mnt" '.targets[0].file_system == "ext4" and .targets[0].mount_point == $m and
	.targets[0].devices[0].kind == "loop" and .devices[0].counters == true' "$T/out" >/dev/null ||
	fail "file on loop: $(jq -c '.targets[0]' "$T/out")"

say "zram, O_DIRECT random reads: device I/Os / iobench I/Os = 1.00 within 1%"
new_zram 256
run_ok -d0.5 -W0 -b1M -o4 -Sh -w100 --allow-device-write --quiet "$ZDEV"
for eng in io_uring libaio psync; do
	o=16; [ $eng = psync ] && o=1
	r0=$(diskstat "$ZDEV" 4)	# reads completed, the device's own count
	run_ok --engine=$eng -d1 -W0 -o$o -r -b4K -Sh --json="$T/z.json" "$ZDEV"
	r1=$(diskstat "$ZDEV" 4)
	a=$(jq '.devices[0].crosscheck.app_ios' "$T/z.json"); d=$(jq '.devices[0].crosscheck.device_ios' "$T/z.json")
	echo "$eng: iobench $a, device $d, /proc/diskstats $((r1 - r0))"
	within "$d" "$a" 1 || fail "$eng: device $d vs iobench $a"
	within "$d" $((r1 - r0)) 1 || fail "$eng: the cross-check's device count $d, /proc/diskstats moved $((r1 - r0))"
	jq -e '.devices[0].crosscheck.likely_causes == [] and .devices[0].perfmon.split_io_per_s == null
		and (.devices[0].iostat.rareq_sz_kb | . > 3.9 and . < 4.1)' "$T/z.json" >/dev/null ||
		fail "$eng: $(jq -c .devices[0].crosscheck "$T/z.json")"
	grep -q "Disk Transfers/sec" "$T/out" && grep -q "aqu-sz" "$T/out" && grep -q "iobench and the device agree" "$T/out" ||
		fail "text tables"
	# the device's per-interval series covers the window and adds up to its count
	jq -e '.devices[0].series as $s | ($s.time_s | length) == .series.intervals and
		([range(0; $s.time_s | length) | $s.r_s[.] * ($s.time_s[.] - (if . == 0 then 0 else $s.time_s[. - 1] end))]
		 | add) as $n | ($n - .devices[0].crosscheck.device_ios | fabs) <= 0.01 * .devices[0].crosscheck.device_ios + 2' \
		"$T/z.json" >/dev/null || fail "$eng: device series: $(jq -c '.devices[0].series' "$T/z.json")"
done
exit 0
