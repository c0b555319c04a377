# Description: sweeps and the knee: every point's parameters and figures, one file fill for 24 points, the knee of the model device where queueing theory puts it (closed-loop search, VDBench's curve on M/M/1).
# Alone: sweeps judged against queueing theory on the null model, by the clock
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

say "the queue-depth search on 4 servers of 10 ms: the knee at p99 <= 19 ms is where the theory puts it"
# c servers of service time s, closed loop at depth q: min(q, c)/s IOPS; p99 is s up to q = c,
# then 2s (some I/Os wait a whole service time) up to 2c. The knee: the smallest q of the most IOPS
# whose p99 is within the limit. The limit stands 9 ms above the service time (and 1 ms below
# twice it, which a late wake-up only makes longer): a timer's wake-up on a virtual machine is
# late by 0.1 ms mostly, by 1-5 ms at its p99 (seen here). Later still, and the run says so
# (model_late): the sub-case is then skipped.
c=4 s_ms=10 slo_ms=19
want=$(awk -v c=$c -v s=$s_ms -v l=$slo_ms 'BEGIN {
	best = -1; for (q = 1; q <= 1024; q *= 2) { p99 = (q <= c ? 1 : int((q + c - 1) / c)) * s
		iops = (q < c ? q : c) * 1000 / s; if (p99 <= l && iops > best * 1.01) { best = iops; k = q } }
	print k, best }')
run_ok sweep --engine=null --null-servers=$c --null-latency=${s_ms}ms --slo=p99:${slo_ms}ms -r -b4K -d0.5 -W0.1 --json=s.json x
set -- $want
jq -e --argjson q "$1" --argjson iops "$2" '.mode == "search" and .knees[0].point != null and
	(.points[.knees[0].point].params.queue_depth) == $q and
	((.knees[0].iops - $iops) | fabs) < $iops * 0.1 and
	([.points[].params.queue_depth] | .[0:4]) == [1, 2, 4, 8]' s.json >/dev/null ||
	model_fail "knee $(jq -c '.knees' s.json), wanted QD $1 at $2 IOPS; points $(jq -c '[.points[] | [.params.queue_depth, .total.iops, .total.lat_p99_us]]' s.json)" s.json
grep -Eq "^Verdict: this target gives (3[6-9][0-9]|4[0-3][0-9]) IOPS at p99 <= 19 ms \(QD 4, 4 KiB random read, 1 thread\)\.$" "$T/out" ||
	model_fail "the sentence: $(grep Verdict "$T/out")" s.json
# each depth's figures are the model's: IOPS min(q, c)/s, mean latency max(1, q/c) s (Little's
# law), within 10%: the model device keeps its time by the clock, and a timer's wake-up is late by
# a tenth of a millisecond or two on a virtual machine
jq -r '.points[] | "\(.params.queue_depth) \(.total.iops) \(.total.lat_mean_us)"' s.json |
	while read -r q iops mean; do
		e_iops=$(awk -v q=$q -v c=$c -v s=$s_ms 'BEGIN { print (q < c ? q : c) * 1000 / s }')
		e_mean=$(awk -v q=$q -v c=$c -v s=$s_ms 'BEGIN { print (q > c ? q / c : 1) * s * 1000 }')
		within "$iops" "$e_iops" 10 && within "$mean" "$e_mean" 10 ||
			model_fail "QD $q: $iops IOPS, mean $mean us; the model gives $e_iops and $e_mean" s.json
	done || exit 1

say "the knee among listed depths, and none when the objective is below the service time"
run_ok sweep --engine=null --null-servers=$c --null-latency=${s_ms}ms --slo=p99:${slo_ms}ms --qd=1,4,8 -r -b4K -d0.3 -W0.1 -Rjson x
jq -e '.mode == "grid" and (.points | length) == 3 and .knees[0].point == 1' "$T/out" >/dev/null ||
	model_fail "listed depths: $(jq -c '.knees' "$T/out")" "$T/out"
run_ok sweep --engine=null --null-servers=$c --null-latency=${s_ms}ms --slo=p99:5ms --qd=1,2 -r -b4K -d0.2 -W0 --json=n.json x
grep -Eq "^Verdict: no point meets p99 <= 5 ms: the lowest was 1[0-2](\.[0-9]+)? ms, at bs=4K qd=[12] \(4 KiB random read\)\.$" "$T/out" ||
	model_fail "no knee: $(grep Verdict "$T/out")" n.json

say "VDBench's curve on M/M/1 (1 server, exponential service of 100 us, Poisson arrivals)"
# the mean response time at load rho is s / (1 - rho); the knee at mean <= 700 us is the highest
# curve point whose rho (its offered rate x s) gives that: 80% (500 us) and not 90% (1 ms). A
# short service time gives many I/Os to each of the queue's swings: the mean of 2 s has a
# standard error of 15% at 90% and 8% at 80% (1,000 simulated runs of M/M/1 each: bench/mm1.py), and crossed
# the limit in 1 and 0 of them (1 at 80% with the model's 5% more that this machine shows)
run_ok sweep --engine=null --null-servers=1 --null-latency=exp:100us --slo=mean:700us --curve -r -b4K -o256 -d2 -W0.3 --json=c.json --csv=c.csv x
jq -e '.mode == "curve" and (.points | length) == 7 and .points[0].params.rate_iops == null and
	([.points[1:][].params.curve_pct] == [10, 50, 70, 80, 90, 100])' c.json >/dev/null ||
	fail "the curve's points: $(jq -c '[.points[].params]' c.json)"
[ "$(wc -l < c.csv)" = 8 ] && head -1 c.csv | grep -q "^point,block_size,queue_depth" || fail "the CSV: $(head -2 c.csv)"
# A point whose timeline this machine's timers could not keep (lag p99 past 1 ms + 10% of the
# gap, as seen under a loaded virtual machine) fell behind: iobench says so and takes no knee
# from it; the theory is then not what was measured, and the sub-case is skipped, said (for
# the points it judges: 50 to 90%; the knee needs none of the others).
late=$(jq -r '[.points[1:][] | select(.params.curve_pct >= 50 and .params.curve_pct <= 90 and .result.rate.behind) | "\(.params.curve_pct)%: \(.result.rate.behind_why)"] | join("; ")' c.json)
if [ -n "$late" ]; then
	grep -q "fell behind\|behind" "$T/out" || fail "points fell behind ($late) and the report does not say so"
	skip_case "the curve against M/M/1: this machine's timers ran late, the points fell behind ($late)"
else
	k=$(jq -r '.points[1:][] | "\(.params.rate_iops) \(.total.lat_mean_us)"' c.json | awk '
		{ rho = $1 * 100e-6; n++; if (rho < 1 && 100 / (1 - rho) <= 700) k = n }
		END { print k }')
	jq -e --argjson k "$k" '.knees[0].point == $k' c.json >/dev/null ||
		model_fail "curve knee $(jq -c '.knees[0]' c.json), the theory's is point $k: $(jq -c '[.points[] | [.params.rate_iops, .total.iops, .total.lat_mean_us]]' c.json)" c.json
	jq -r '.points[2:4][] | "\(.params.rate_iops) \(.total.lat_mean_us) \(.total.iops)"' c.json |
		while read -r rate mean iops; do
			e=$(awk -v r=$rate 'BEGIN { print 100 / (1 - r * 100e-6) }')
			within "$mean" "$e" 25 && within "$iops" "$rate" 5 && continue
			# the pacer's stalls within the rule of "behind" still bunch arrivals: a stall of
			# 10 service times (1 ms) at p99.9 queues 10 I/O at once, which Poisson's arrivals
			# almost never do (seen on CI's loaded VM: 406 us at 70%, 26% over); said, skipped
			stall=$(jq -r --argjson r "$rate" '.points[] | select(.params.rate_iops == $r) | .result.rate.lag_ns.percentiles[] | select(.percentile == 99.9) | .ns' c.json)
			awk -v n="${stall:-0}" 'BEGIN { exit !(n > 1e6) }' || model_fail "offered $rate: mean $mean us, $iops IOPS; M/M/1 gives $e us" c.json
			skip_case "offered $rate: mean $mean us, $iops IOPS; M/M/1 gives $e us; this machine stalled the pacer $stall ns at p99.9, 10 service times: the arrivals were bunched, not Poisson's"
			break
		done || exit 1
	grep -q "(80% of the maximum, QD 256, 4 KiB random read, 1 thread)" "$T/out" ||
		model_fail "curve sentence: $(grep Verdict "$T/out")" c.json
fi

say "a matrix of two axes: the IOPS of each point"
run_ok sweep --engine=null --null-latency=100us --bs=4K,8K --qd=1,2 -r -d0.2 -W0 --json=m.json x
jq -e '[.points[].params | [.block_size, .queue_depth]] == [[4096, 1], [4096, 2], [8192, 1], [8192, 2]]' m.json >/dev/null ||
	fail "points: $(jq -c '[.points[].params]' m.json)"
row=$(awk '/^IOPS, bs down, qd across/ { on = 1; next } on && $1 == "8K" { print $2, $3 }' "$T/out")
[ "$row" = "$(jq -r '[.points[2:][].total.iops | round | tostring] | join(" ")' m.json)" ] || fail "the matrix: '$row'"

say "a fio base: bs, iodepth, numjobs and rwmixwrite over every job; each point as asked"
run_ok sweep --engine=null --bs=4K,16K --qd=2,8 --threads=1,2 --write=0,40 --name=j --rw=randrw --runtime=100ms --time_based --filename=f --size=64m --json=f.json
jq -e '(.points | length) == 16 and all(.points[]; .result.workload as $w |
	($w.targets | all(.block_size == $w.targets[0].block_size)) and
	.params.block_size == $w.targets[0].block_size and .params.queue_depth == $w.targets[0].outstanding and
	.params.write_pct == $w.targets[0].write_percent and .params.threads == .result.thread_count) and
	([.points[].params | [.block_size, .write_pct, .threads, .queue_depth]] | .[0:4]) == [[4096,0,1,2],[4096,0,1,8],[4096,0,2,2],[4096,0,2,8]] and
	([.points[] | select(.params.write_pct == 40) | .write.ios > 0] | all)' f.json >/dev/null ||
	fail "fio points: $(jq -c '[.points[].params]' f.json)"
say "fio's numjobs as the threads axis: the clones a later point adds get their files; --keep keeps them"
mkdir jd
run_ok sweep --engine=null --threads=1,3 --name=x --rw=randread --size=1m --directory=jd --runtime=100ms --time_based --json=nj.json
run_ok sweep --threads=1,3 --name=x --rw=randread --size=1m --directory=jd --runtime=100ms --time_based --json=nj.json
jq -e '(.points | length) == 2 and [.points[].result.thread_count] == [1, 3] and
	[.points[1].result.targets[].created] == [false, true, true]' nj.json >/dev/null ||
	fail "clones' files: $(jq -c '[.points[] | [.result.thread_count, [.result.targets[].created]]]' nj.json)"
[ -z "$(ls -A jd)" ] || fail "left $(ls -A jd)"
run_ok sweep --bs=4K,8K -d0.1 -W0 -c1M --keep k.dat
[ -f k.dat ] || fail "--keep: the file is gone"
rm -f k.dat

case_ input "a fio job that cannot take the write mix is refused, naming rw="
bad "rw=randrw" sweep --engine=null --write=30 --name=j --rw=randread --runtime=100ms --filename=f --size=1m

say "24 points on a 1 GiB file cost one fill: the device is written about once"
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null; then
	new_loop 1200
	mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$LOOP" || fail "mkfs"
	mkdir mnt && mount "$LOOP" mnt && MOUNTS="$T/mnt" || fail "mount"
	sync
	w0=$(diskstat "$LOOP" 10)
	run_ok sweep --bs=4K,64K --qd=1,2,4 --threads=1,2 --write=0,100 -r -Sh --ios=64 -W0 -c1G --json=g.json --csv=g.csv mnt/t.dat
	sync
	w1=$(diskstat "$LOOP" 10)
	written=$(( (w1 - w0) * 512 ))
	measured=$(jq '[.points[].write.bytes] | add' g.json)
	[ "$written" -lt $(( (1 << 30) + (1 << 30) / 5 + measured )) ] && [ "$written" -ge $(( 1 << 30 )) ] ||
		fail "the sweep wrote $written bytes to the device (1 GiB fill + $measured measured)"
	jq -e '(.points | length) == 24 and .complete and
		[.points[].result.targets[0].created] == [true] + [range(23) | false] and
		all(.points[]; .result.workload.targets[0] as $t | .params.block_size == $t.block_size and
			.params.queue_depth == $t.outstanding and .params.threads == $t.threads and
			.params.write_pct == $t.write_percent and .total.ios == 64 * $t.threads)' g.json >/dev/null ||
		fail "grid points: $(jq -c '[.points[] | [.params, .total.ios]]' g.json | head -c 600)"
	# a sweep's writes carry random data, not DiskSpd's 0-255 default (docs/presets.md)
	jq -e 'all(.points[].result.workload.targets[0]; .write_buffers == "random")' g.json >/dev/null ||
		fail "a sweep's writes: $(jq -c '[.points[].result.workload.targets[0].write_buffers] | unique' g.json)"
	[ "$(wc -l < g.csv)" = 25 ] || fail "CSV lines: $(wc -l < g.csv)"
	[ -z "$(ls -A mnt | grep -v lost+found)" ] || fail "left $(ls -A mnt)"
	unmount "$T/mnt"; MOUNTS=""

	say "a sweep on a block device: each point's reads are the device's"
	new_loop 64
	r0=$(diskstat "$LOOP" 4)
	run_ok sweep --qd=1,8 --threads=1,2 -r -b4K -Su --ios=500 -W0 --json=dv.json "$LOOP"
	r1=$(diskstat "$LOOP" 4)
	# the sweep's reads, all its points, are the device's: as many, and within 1% (udev's probe of
	# the new device may add a few reads of its own)
	n=$(jq '[.points[].total.ios] | add' dv.json)
	[ $((r1 - r0)) -ge "$n" ] && within $((r1 - r0)) "$n" 1 ||
		fail "the sweep's reads: $(jq '[.points[].total.ios] | add' dv.json), /proc/diskstats moved $((r1 - r0))"
	# each point's window: the device's own count of I/Os and bytes over it (/proc/diskstats)
	jq -e '(.points | length) == 4 and all(.points[]; .total.ios == 500 * .params.threads and
		.read.ios == .total.ios and .result.devices[0].crosscheck.device_ios == .total.ios and
		.result.devices[0].crosscheck.device_bytes == .total.bytes)' dv.json >/dev/null ||
		fail "device points: $(jq -c '[.points[] | [.total.ios, .result.devices[0].crosscheck.device_ios]]' dv.json)"
else
	skip_case "needs root and mkfs.ext4 for a loop device"
fi

case_ input "bad sweep input is refused before anything is made"
bad "--qd=0" sweep --qd=0 -c1M t.dat
bad "'4K..1K'" sweep --bs=4K..1K -c1M t.dat
bad "--write=0..100:0" sweep --write=0..100:0 -c1M t.dat
bad "--slo=q99:1ms" sweep --slo=q99:1ms -c1M t.dat
bad "one queue depth" sweep --slo=p99:1ms --curve --qd=1,2 -c1M t.dat
bad "--search" sweep --search --slo=p99:1ms --qd=4 -c1M t.dat
bad "--search" sweep --search -c1M t.dat
bad "names no target" sweep --qd=1,2 -c1M
bad "a sweep's formats" sweep -Rxml --qd=1,2 -c1M t.dat
bad "-Z" sweep --qd=1,2 -Zfoo -c1M t.dat
bad "-O" sweep --qd=1,2 -F2 -O4 -c1M t.dat
bad "paces its I/O" sweep --curve -g100i -c1M t.dat
bad "more than 4096" sweep --bs=512..1M --qd=1..4096 --write=0..100:1 -c1M t.dat
bad "2 to 4096" sweep --slo=p99:1ms --search=8192 -c1M t.dat

case_ signal "SIGINT in a sweep: the points measured so far"
run_bg out.i err.i sweep --engine=null --null-latency=1ms --qd=1,2,4,8 -d10 -W0 --json=i.json x
sleep 0.5
kill -INT $BG
wait $BG; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130"
jq -e '.complete == false and .interrupted and (.points | length) == 1 and .points[0].partial' i.json >/dev/null ||
	fail "interrupted sweep: $(jq -c '{complete, interrupted, n: (.points | length)}' i.json)"

say "--print-workload prints every point and makes nothing"
run_ok sweep --qd=1,2 --bs=4K,8K --print-workload -c1M p.dat
[ "$(grep -c "^bs=" "$T/out")" = 4 ] && [ ! -e p.dat ] || fail "print-workload: $(grep -c "^bs=" "$T/out") points"
exit 0
