# Description: open-loop rates (issue 16) on the null engine's model device, against figures computed here.
# Alone: paced rates and Poisson counts per 10 ms, against the clock
. "$(dirname "$0")/lib.sh"

# achieved: the Rate section's achieved I/O per s; pct NAME COL: a row of a percentile table (ms)
achieved() { awk '/^  target:/ { print $7; exit }' "$T/out"; }
rate_pct() { awk -v n="$1" -v c="$2" '/^Rate \(open loop/ { on = 1 } on && $1 == n && $2 == "|" {
	gsub(/\|/, " "); print $c; exit }' "$T/out"; }
resp_pct() { awk -v n="$1" '/^Total latency distribution:/ { on = 1 } on && $1 == n {
	gsub(/\|/, " "); print $4; exit }' "$T/out"; }
between() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }

say "a stall of 100 ms every second at 1,000 IOPS: response p95 near 50 ms, service p95 the device's"
# Model: 10% of the I/Os are scheduled inside a stall and wait for its end, uniformly
# 0..100 ms, so response-time p95 = 50 ms and p75 is the device's 0.2 ms; -o4 lets only 4
# I/Os a stall be in flight, so service time p95 stays 0.2 ms (4 of 1,000 a second).
# Bounds: p95 within 35..65 ms (scheduling noise of a shared 2-CPU machine, and the
# histogram's 0.4%); the rate within 1% (the timeline catches up after each stall).
run_ok --engine=null --null-latency=200us --null-stall=100ms/1s -g1000i -o4 -b4K -d3 -W0 -L x
p95=$(resp_pct 95th); p75=$(resp_pct 75th); s95=$(rate_pct 95th 2); l95=$(rate_pct 95th 3)
between "$p95" 35 65 || fail "response p95 $p95 ms, wanted about 50"
between "$p75" 0 2 || fail "response p75 $p75 ms, wanted the device's 0.2 ms (under 2)"
between "$s95" 0.15 2 || fail "service p95 $s95 ms, wanted the device's 0.2 ms"
between "$l95" 30 65 || fail "lag p95 $l95 ms, wanted about 50 (the wait behind the cap)"
within "$(achieved)" 1000 1 || fail "achieved $(achieved), wanted 1000 within 1%"
cap=$(awk '/^  cap \(-o\) reached:/ { print $4 }' "$T/out")
backlog=$(awk '/^  cap \(-o\) reached:/ { print $8 }' "$T/out")
# an episode each time a due I/O finds every unit busy: in each stall, and again after
# each reap of the catch-up that follows it (at most one per delayed I/O, about 100 a stall)
between "$cap" 3 320 || fail "cap reached $cap times, wanted 3 (one a stall) to 320"
between "$backlog" 80 110 || fail "largest backlog $backlog, wanted about 100 - 4"
grep -q "closed loop" "$T/out" && fail "a paced run called closed loop"

say "the achieved rate within 1% of the target, linear, at 200 and 5,000 IOPS"
for r in 200 5000; do
	run_ok --engine=null -g${r}i -o8 -b4K -d2 -W0 x
	within "$(achieved)" $r 1 || fail "achieved $(achieved) at -g${r}i"
	set -- $(total Total)
	within "$2" $((2 * r)) 1 || fail "-g${r}i: $2 I/Os in 2 s"
done

say "-g in bytes per ms: 4096 bytes per ms of 4 KiB I/Os is 1,000 IOPS"
run_ok --engine=null -g4096 -o4 -b4K -d2 -W0 x
within "$(achieved)" 1000 1 || fail "-g4096 -b4K achieved $(achieved)"

say "poisson (fio's rate_process): counts per 10 ms (fio's iops log) dispersed as Poisson's, linear's not"
# Poisson arrivals: the count in an interval has variance = mean (index of dispersion 1);
# bounds 0.6..1.6 over 200 intervals of mean 20. Linear: nearly constant counts (< 0.3).
# The mean: 4,000 arrivals, a standard deviation of 1.6%: within 7% (over 4 of them).
cat >"$T/p.fio" <<EOF
[p]
ioengine=null
rw=randread
bs=4k
size=1g
filename=x
iodepth=16
rate_iops=2000
rate_process=poisson
time_based
runtime=2
write_iops_log=$T/p
log_avg_msec=10
EOF
# fio's iops log: a row per 10 ms, its I/Os a second; the first row left out (the start),
# and the 2% lowest and highest counts (a loaded machine's late wake-up is a 0 and a
# catch-up 40, which alone would add 0.2; Poisson's index loses about 0.1 by the trim)
dispersion() { awk -F', ' 'NR > 1 { print $2 / 100 }' "$1" | sort -n | awk '{ c[NR] = $1 }
	END { k = int(NR / 50); for (i = k + 1; i <= NR - k; i++) { n++; s += c[i]; q += c[i] * c[i] }
	m = s / n; printf "%.3f %.3f\n", (q / n - m * m) / m, m }'; }
run_ok "$T/p.fio"
set -- $(dispersion "$T/p_iops.1.log")
between "$1" 0.6 1.6 || fail "poisson: index of dispersion $1 (mean $2 a 10 ms interval), wanted about 1"
between "$2" 18.6 21.4 || fail "poisson: mean $2 I/Os a 10 ms interval, wanted 20 (within 7%)"
sed 's/poisson/linear/; s|/p$|/l|' "$T/p.fio" >"$T/l.fio"
run_ok "$T/l.fio"
set -- $(dispersion "$T/l_iops.1.log")
between "$1" 0 0.3 || fail "linear: index of dispersion $1, wanted near 0"

say "a rate the device cannot carry is reported behind (warning behind_rate)"
run_ok --engine=null --null-iops=500 -g1000i -o8 -b4K -d2 -W0 --json="$T/r.json" x
grep -q "^  target: 1000.00 I/O per s, achieved: .*: BEHIND" "$T/out" || fail "not marked BEHIND"
between "$(achieved)" 450 520 || fail "achieved $(achieved), wanted the device's 500"
cp "$T/r.json" "$T/out"
jq -e '[.warnings[] | select(.code == "behind_rate")] | length == 1' "$T/out" >/dev/null ||
	fail "no behind_rate warning in the JSON"
jq -e '.rate.behind and .rate.target_iops == 1000 and .rate.scheduled >= 1980 and .rate.cap_hits > 0' \
	"$T/out" >/dev/null || fail "the JSON's rate object: $(jq -c '.rate | del(.service_ns, .lag_ns)' "$T/out")"
jq -e '.model.result.rows[0].pace.paced and (.model.result.rows[0].ph | length == 2)' "$T/out" \
	>/dev/null || fail "the model lacks the row's pace figures"
"$IOBENCH" report "$T/r.json" >"$T/rep" 2>&1 || fail "report of a paced run failed"
grep -q "^Rate (open loop" "$T/rep" || fail "report lost the Rate section"

say "fio's outputs of a paced job: lat the response time, clat the service time, slat the lag"
# the stall case above as a job file: fio-json's clat p95 is the device's, lat (= slat +
# clat, I/O by I/O) carries the wait; the normal output shows the three lines
cat >"$T/s.fio" <<EOF
[s]
ioengine=null
rw=randread
bs=4k
size=1g
filename=x
iodepth=4
rate_iops=1000
time_based
runtime=3
EOF
run_ok "$T/s.fio" --null-latency=200us --null-stall=100ms/1s --output-format=json --json="$T/s.json"
cp "$T/out" "$T/sf.json"
read -r n slat clat lat c95 <<EOF
$(jq -r '.jobs[0].read | "\(.lat_ns.N) \(.slat_ns.mean) \(.clat_ns.mean) \(.lat_ns.mean) \(.clat_ns.percentile["95.000000"])"' "$T/sf.json")
EOF
between "$n" 2970 3030 || fail "fio-json: $n reads, wanted 3000"
between "$c95" 150000 2000000 || fail "fio-json clat p95 $c95 ns, wanted the device's 0.2 ms"
between "$lat" 2000000 20000000 || fail "fio-json lat mean $lat ns, wanted the stalls' wait (about 5 ms)"
awk -v s="$slat" -v c="$clat" -v l="$lat" 'BEGIN { d = s + c - l; if (d < 0) d = -d; exit !(d <= l * 0.001) }' ||
	fail "fio-json: slat $slat + clat $clat is not lat $lat"
"$IOBENCH" report "$T/s.json" >"$T/out" 2>&1 || fail "report of $T/s.json failed"
s95=$(rate_pct 95th 2)
awk -v a="$c95" -v b="$s95" 'BEGIN { d = a / 1e6 - b; if (d < 0) d = -d; exit !(b > 0 && d <= b * 0.02) }' ||
	fail "fio-json clat p95 $c95 ns is not the Rate section's service p95 $s95 ms"
sed 's/runtime=3/runtime=1/' "$T/s.fio" >"$T/s1.fio"
run_ok "$T/s1.fio" --null-latency=200us --null-stall=100ms/1s --output-format=normal
grep -q "^    slat (.*avg=" "$T/out" && grep -q "^    clat (" "$T/out" && grep -q "^     lat (" "$T/out" ||
	fail "fio's normal output lacks slat, clat or lat: $(cat "$T/out")"

say "the model device: exponential service times (exp:20ms): mean 20 ms, median 20 ln 2, p90 20 ln 10"
# 8,000 draws: the mean's standard error is 1.1%, the quantiles' about 1.5%; bounds 5%
# (the histogram's buckets are 0.4% wide; a late wake-up of a loaded machine adds tens
# of microseconds, which 20 ms makes small)
run_ok --engine=null --null-latency=exp:20ms -o64 -b4K -r --ios=8000 -W0 -Rjson x
lat() { jq ".results.total.read.latency_ns | $1" "$T/out"; }
pct() { lat ".percentiles[] | select(.percentile == $1) | .ns"; }
within "$(lat .mean)" 20000000 5 || model_fail "exp:20ms: mean $(lat .mean) ns" "$T/out"
within "$(pct 50)" 13862944 5 || model_fail "exp:20ms: median $(pct 50) ns, wanted 13862944" "$T/out"
within "$(pct 90)" 46051702 5 || model_fail "exp:20ms: p90 $(pct 90) ns, wanted 46051702" "$T/out"

say "servers (--null-servers=4 of 10 ms): 400 I/Os a second; 16 in flight wait 4 services, 2 none"
for c in 16:400:40000000 2:200:10000000; do
	set -- $(echo "$c" | tr : ' ')
	run_ok --engine=null --null-latency=10ms --null-servers=4 -o"$1" -b4K -r -d1 -W0 -Rjson x
	within "$(lat .mean)" "$3" 3 || model_fail "-o$1 on 4 servers: mean $(lat .mean) ns, wanted $3" "$T/out"
	within "$(jq .results.total.read.iops "$T/out")" "$2" 3 ||
		model_fail "-o$1 on 4 servers: $(jq .results.total.read.iops "$T/out") IOPS, wanted $2" "$T/out"
done
bad "--null-servers: each server takes --null-latency per I/O" --engine=null --null-servers=2 x
bad "--null-servers: '0' is not a number of servers" --engine=null --null-latency=1ms --null-servers=0 x
bad "--null-latency: 'exp:0' is not a time" --engine=null --null-latency=exp:0 x
bad "--null-servers models the null engine's device" --null-servers=2 x

say "M/M/1: Poisson arrivals at 400 a second on one exponential server of 1 ms: in the device 1/(1000 - 400) s"
# utilisation 0.4: the mean time from submission to completion is 1.667 ms; 3,200 arrivals,
# whose times are correlated within busy periods: a standard error of 4.1% (3,000 simulated
# runs of M/M/1: bench/mm1.py), so bounds of 20% (D/M/1, linear arrivals, would give 1.12 ms and
# no queue 1 ms). The service time counts from the submission, so a late arrival (the
# timer's lag) is not in it; a run that fell behind its timeline is not Poisson's, skipped.
# iodepth=16 never caps (16 waiting: probability 0.4^16, 4e-7)
sed -e 's/^\[p\]/[m]/; s/rate_iops=2000/rate_iops=400/; s/runtime=2/runtime=8/' \
    -e '/write_iops_log/d; /log_avg_msec/d' "$T/p.fio" >"$T/m.fio"
run_ok "$T/m.fio" --null-latency=exp:1ms --null-servers=1 --output-format=iobench-json
read -r mm_behind mm_rate mm_mean <<EOF
$(jq -r '.[0].rate | "\(.behind) \(.achieved_iops) \(.service_ns.mean)"' "$T/out")
EOF
mm_want=$(awk -v r="$mm_rate" 'BEGIN { printf "%.0f", 1e9 / (1000 - r) }')
if [ "$mm_behind" = true ]; then
	skip_case "M/M/1: the run fell behind its timeline ($(jq -r '.[0].rate.behind_why' "$T/out")), its arrivals are not Poisson's"
else
	within "$mm_mean" "$mm_want" 20 ||
		model_fail "M/M/1: mean time in the device $mm_mean ns at $mm_rate IOPS, wanted $mm_want" "$T/out"
fi

say "a short Poisson run is judged against what its timeline scheduled, not the mean rate"
# 10 I/O per s for 3 s: a Poisson count of about 30 +- 5; whatever the draw, every scheduled
# I/O is done (the instant device), so it is not behind; the JSON's rate object says so
printf '[p10]\nioengine=null\nfilename=x\nsize=1g\nrw=randread\nbs=4k\nrate_iops=10\nrate_process=poisson\ntime_based\nruntime=3\n' >"$T/p10.fio"
run_ok "$T/p10.fio" --output-format=iobench-json
jq -e '.[0].rate | .behind == false and .scheduled > 0 and
	(.achieved_iops * 3 | round) == .scheduled and .service_ns.mean != null' "$T/out" >/dev/null ||
	fail "p10: $(jq -c '.[0].rate | del(.service_ns, .lag_ns)' "$T/out")"
jq -e '[.[0].warnings[] | select(.code == "behind_rate")] | length == 0' "$T/out" >/dev/null ||
	fail "p10: a behind_rate warning"

say "fio's rate_iops_min: a job below it fails after the 2 s settle and a rate_cycle (EIO), as fio 3.33's"
# thinktime=10ms after every I/O: about 100 IOPS, under the minimum of 500; rate_cycle=500:
# fio checks from 2 s on, every 500 ms, and fails at about 2.5 s (iobench at an interval's
# edge: the same 2.5 s with fio's 500 ms bwavgtime); a minimum of 50 is met to the end
cat >"$T/mr.fio" <<EOF
[mr]
ioengine=null
rw=randread
bs=4k
size=1g
filename=x
thinktime=10ms
rate_iops_min=500
rate_cycle=500
time_based
runtime=10
EOF
run_rc 1 "$T/mr.fio" --output-format=json
grep -q "mr: rate_iops_min=500 not met, got [0-9]* IOPS" "$T/err" || fail "rate_iops_min: $(cat "$T/err")"
read -r e rt <<EOF
$(jq -r '.jobs[0] | "\(.error) \(.job_runtime)"' "$T/out")
EOF
[ "$e" = 5 ] && between "$rt" 2400 3100 || fail "rate_iops_min: error $e after $rt ms, wanted 5 after about 2500"
if command -v fio >/dev/null && fio --version | grep -q '^fio-3\.33'; then
	fio --output-format=json "$T/mr.fio" >"$T/fio.json" 2>"$T/fio.err" && fail "fio 3.33 met the minimum"
	grep -q "mr: rate_iops_min=500 not met, got [0-9]* IOPS" "$T/fio.err" || fail "fio: $(cat "$T/fio.err")"
	read -r fe frt <<EOF
$(sed -n '/^{/,$p' "$T/fio.json" | jq -r '.jobs[0] | "\(.error) \(.job_runtime)"')
EOF
	[ "$fe" = "$e" ] && between "$frt" 2400 3100 || fail "fio 3.33: error $fe after $frt ms"
else
	skip_case "the rate_iops_min comparison with fio 3.33: no fio 3.33"
fi
sed 's/rate_iops_min=500/rate_iops_min=50/; s/runtime=10/runtime=3/' "$T/mr.fio" >"$T/mr50.fio"
run_ok "$T/mr50.fio" --output-format=json
[ "$(jq '.jobs[0].error' "$T/out")" = 0 ] || fail "rate_iops_min=50 at 100 IOPS failed"
printf '[b]\nioengine=null\nfilename=x\nsize=1m\nrate=1m\nrate_iops=100\n' >"$T/b1.fio"
bad "rate and rate_iops are mutually exclusive" "$T/b1.fio"
printf '[b]\nioengine=null\nfilename=x\nsize=1m\nrate_iops=100\nrate_iops_min=200\n' >"$T/b2.fio"
bad "the minimum rate exceeds the rate" "$T/b2.fio"

say "bursts and think time (-i, -j): 10 I/Os, then 100 ms"
# each cycle: 10 I/Os (the instant device) and a 100 ms pause: about 100 IOPS, 20 pauses in 2 s
run_ok --engine=null -i10 -j100 -o1 -b4K -d2 -W0 x
set -- $(total Total)
between "$2" 180 210 || fail "-i10 -j100: $2 I/Os in 2 s, wanted about 200"
pauses=$(awk '/^  cap \(-o\) reached:/ { print $NF }' "$T/out")
between "$pauses" 18 21 || fail "$pauses pauses, wanted about 20"

say "fio's thinktime is the thread's, over all its files: 2 files, iodepth=2, a pause after every 2 I/Os"
# 2 I/Os (the instant device), then 10 ms: at most 200 I/Os a second for the job (a pause
# per file would give 400); fio 3.33 does the same job beside it
printf '[t]\nioengine=null\nrw=randread\nbs=4k\nsize=16m\nnrfiles=2\niodepth=2\nthinktime=10ms\nthinktime_blocks=2\ntime_based\nruntime=2\n' >"$T/t2.fio"
(cd "$T" && "$IOBENCH" t2.fio --output-format=json >"$T/out" 2>"$T/err") || fail "t2.fio: $(cat "$T/err")"
between "$(jq '.jobs[0].read.iops' "$T/out")" 170 205 || fail "thinktime over 2 files: $(jq '.jobs[0].read.iops' "$T/out") IOPS, wanted about 200"
if command -v fio >/dev/null && fio --version | grep -q '^fio-3\.33'; then
	(cd "$T" && fio t2.fio --output-format=json 2>/dev/null | sed -n '/^{/,$p' >"$T/f2.json")
	between "$(jq '.jobs[0].read.iops' "$T/f2.json")" 170 205 || fail "fio 3.33: $(jq '.jobs[0].read.iops' "$T/f2.json") IOPS"
else
	skip_case "the thinktime comparison with fio 3.33: no fio 3.33"
fi

say "closed loop says so"
run_ok --engine=null --ios=1000 x
grep -q "^closed loop: latency is service time" "$T/out" || fail "closed loop not labelled"

say "bad rates: one message naming the part, exit 2, before any I/O"
for a in -g0 -gi100 -g100x -g -gi -g0i; do
	run_rc 2 --engine=null -d1 $a x
	grep -q -- "$a" "$T/err" || fail "$a: message does not name it: $(cat "$T/err")"
done
run_rc 2 --engine=null -d1 -i5 x
grep -q "need to specify -j<think time> with -i<burst size>" "$T/err" || fail "-i without -j"
run_rc 2 --engine=null -d1 --null-stall=2s/1s x
grep -q -- "--null-stall" "$T/err" || fail "bad --null-stall not named"
printf '[j]\nioengine=null\nrw=randrw\nfilename=x\nsize=1m\nrate_iops=,100\n' >"$T/b.fio"
run_rc 2 "$T/b.fio"
grep -q "a rate for writes alone" "$T/err" || fail "fio's one-direction rate on a mixed job: $(cat "$T/err")"
echo ok
