# Description: --steady-state: rounds on the null model's write cliff until SNIA PTS steady state, at the round the cliff puts it; its wear never steady; the series JSON and iobench report; one file fill on ext4 on a loop device; bad input refused before anything is made; Ctrl-C.
# Alone: the null model's cliff is judged round by round, by the clock
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# the model device: each 4 KiB write takes S; past the cliff, FACTOR x S. Count-based rounds of N
# writes, one at a time (-o1): B bytes a round, exactly.
S_US=200
N=500
B=$((N * 4096))

# cliff_case WINDOW SIZE: the round steady state is declared at, computed, against the run's
cliff_case() {
	w=$1 size=$2
	# rounds wholly before the cliff run at 1/S, those wholly past it at 1/(2S); the round that
	# straddles it (SIZE is B/2 past a round's start) between: a window holding it fails the data
	# excursion (its IOPS 1/(1.5S) against 1/(2S): 31% of such a window's average, at most 20%).
	# So the first round wholly past the cliff is ceil(SIZE / B) + 1, and the first steady
	# window ends W - 1 rounds later. No window lies wholly before the cliff: SIZE < W B.
	first_slow=$(( (size + B - 1) / B + 1 ))
	want=$((first_slow + w - 1))
	run_ok --steady-state --ss-window="$w" --engine=null --null-latency=${S_US}us \
		--null-cliff="$size:2" -b4K -w100 -o1 --ios=$N --json="c$w.json" model
	cp "$T/out" "c$w.txt"
	jq -e --argjson want "$want" --argjson w "$w" --argjson n $N '
		.schema == "iobench/series" and .kind == "steady-state" and .name == "iops" and
		.complete == true and .interrupted == false and (.points | length) == $want and
		all(.points[]; .total.ios == $n and .write.ios == $n and .partial == false) and
		[.points[].row] == [range(1; $want + 1)] and
		(.steady_state | .tracked == "iops" and .unit == "IOPS" and .window == $w and
		 .max_rounds == 25 and .data_limit_pct == 20 and .slope_limit_pct == 10 and
		 (.rounds | length) == $want and .reached == true and .round == $want and
		 .window_rounds == [$want - $w + 1, $want] and
		 .data_excursion_pct <= 20 and .slope_excursion_pct <= 10)' "c$w.json" >/dev/null || {
		# the round is the model's: when the machine woke iobench late, the figures are not
		jq -c '.steady_state | {rounds, round, data_excursion_pct, slope_excursion_pct}' "c$w.json"
		model_fail "window $w: steady state not declared at round $want" "c$w.json"
		return
	}
	# the document's figures are the rounds': each round's IOPS, the window's from them
	jq -e '.steady_state as $s | [.points[].total.iops] == $s.rounds and
		($s.rounds[$s.window_rounds[0] - 1:] | (add / length) as $a |
		 ($a - $s.average | fabs) < 1e-6 * $a and min == $s.min and max == $s.max and
		 (($s.max - $s.min) / $a * 100 - $s.data_excursion_pct | fabs) < 1e-6) and
		# the least-squares line passes through the window'"'"'s mean point
		(($s.intercept + $s.slope * ($s.window_rounds | add / 2) - $s.average) | fabs) < 1e-6 * $s.average and
		(($s.slope | fabs) * ($s.window - 1) / $s.average * 100 - $s.slope_excursion_pct | fabs) < 1e-6' \
		"c$w.json" >/dev/null || fail "window $w: the steady_state figures are not the rounds': $(jq -c .steady_state "c$w.json")"
	grep -q "^Steady state at round $want (rounds $((want - w + 1))..$want): average [0-9.]* IOPS, data excursion [0-9.]*% of it (at most 20%), slope excursion [0-9.]*% (at most 10%), fit line y = a + b·round with a = [-0-9.e+]* IOPS, b = [-0-9.e+]* IOPS a round.$" "c$w.txt" ||
		fail "window $w: the verdict: $(grep -i steady "c$w.txt")"
	[ "$(grep -c "^ *[0-9]* | " "c$w.txt")" = "$want" ] || fail "window $w: the table's rounds: $(cat "c$w.txt")"
	# the figures against the model: 1/S before the cliff, 1/(2S) past it (10%: a timer's wake-up)
	fast=$(jq '.steady_state.rounds[0]' "c$w.json")
	slow=$(jq '.steady_state.average' "c$w.json")
	within "$fast" $((1000000 / S_US)) 10 && within "$slow" $((1000000 / S_US / 2)) 10 ||
		model_fail "window $w: IOPS $fast before the cliff (model: $((1000000 / S_US))), $slow past it (model: $((1000000 / S_US / 2)))" "c$w.json"
}

say "a write cliff at 1.5 rounds: steady state at the round the cliff and the window put it"
cliff_case 5 $((B + B / 2))
say "... with a window of 3, and the cliff at 2.5 rounds"
cliff_case 3 $((2 * B + B / 2))

say "iobench report prints the table and the verdict again, as the run did"
"$IOBENCH" report c5.json > rep.txt || fail "iobench report c5.json"
diff c5.txt rep.txt > rep.diff || fail "the report differs from the run's: $(cat rep.diff)"
"$IOBENCH" report -Rjson c5.json > rep.json || fail "iobench report -Rjson"
[ "$(jq -s '.[0] | length' rep.json)" = "$(jq '.points | length' c5.json)" ] ||
	fail "report -Rjson: $(jq -s '.[0] | length' rep.json) documents, not a round's each"

case_ input "iobench report --html of a steady-state document: refused, the page not there yet"
bad "--html" report --html=r.html c5.json
[ ! -e r.html ] || fail "report --html made r.html"

say "a device that wears without end: no steady state in --ss-rounds, said (-Rjson on stdout)"
# each write's service time grows 50 us for every MiB written before it: a round of 1 MiB
# takes 50 us more a write than the one before it. The window ending at round 8 (4..8)
# averages 100 + 50 x 5.5 = 375 us a write, its line rises 50 us a round: 53% over 4 rounds.
run_ok --steady-state=latency --ss-rounds=8 --engine=null --null-latency=100us \
	--null-wear=50us/1M -b4K -w100 -o1 --ios=256 -Rjson model
cp "$T/out" wear.json
jq -e '.kind == "steady-state" and .name == "latency" and .complete == true and
	(.points | length) == 8 and (.steady_state | .tracked == "latency" and .unit == "us" and
	 .max_rounds == 8 and (.rounds | length) == 8 and .reached == false and .round == null and
	 .window_rounds == [4, 8] and .slope_excursion_pct > 10 and .slope > 0)' wear.json >/dev/null ||
	fail "wear: $(jq -c .steady_state wear.json)"
run_ok --steady-state=latency --ss-rounds=6 --engine=null --null-latency=100us \
	--null-wear=50us/1M -b4K -w100 -o1 --ios=256 model
grep -q "^No steady state in 6 rounds: the last window's (rounds 2..6) average [0-9.]* us, data excursion [0-9.]*% of it (at most 20%), slope excursion [0-9.]*% (at most 10%), fit line" "$T/out" ||
	fail "wear: the verdict: $(grep -i steady "$T/out")"

say "a file the workload creates is made by the first round only, and removed at the end (--keep: kept)"
run_ok --steady-state=bw --ss-rounds=3 --ss-window=2 -c1M -b4K -r -w50 --ios=64 --json=f.json f.dat
jq -e '[.points[].result.targets[0].created] == [true] + [range((.points | length) - 1) | false] and
	(.points | length) >= 2 and (.points | length) <= 3 and .name == "bw" and
	.steady_state.unit == "MiB/s" and .steady_state.rounds == [.points[].total.mib_per_s]' f.json >/dev/null ||
	fail "created: $(jq -c '{c: [.points[].result.targets[0].created], s: .steady_state}' f.json)"
[ ! -e f.dat ] || fail "f.dat left behind"
run_ok --steady-state --ss-rounds=2 --ss-window=2 -c1M -b4K --ios=16 --keep f.dat
[ -f f.dat ] || fail "--keep: f.dat removed"
rm -f f.dat

say "ext4 on a loop device: a short --steady-state run completes, its file filled once"
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null; then
	new_loop 128
	mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$LOOP" || fail "mkfs"
	mkdir mnt && mount "$LOOP" mnt && MOUNTS="$T/mnt" || fail "mount"
	sync
	w0=$(diskstat "$LOOP" 10)
	run_ok --steady-state --ss-rounds=4 --ss-window=2 -c32M -r -b4K -Sh -w0 --ios=200 --json=l.json mnt/t.dat
	sync
	w1=$(diskstat "$LOOP" 10)
	written=$(( (w1 - w0) * 512 ))
	# reads only: the device is written by the one fill (and the file system's own blocks)
	[ "$written" -ge $((32 << 20)) ] && [ "$written" -lt $(( (32 << 20) + (8 << 20) )) ] ||
		fail "the rounds wrote $written bytes to the device (one 32 MiB fill)"
	jq -e '(.points | length) >= 2 and (.points | length) <= 4 and
		[.points[].result.targets[0].created] == [true] + [range((.points | length) - 1) | false] and
		all(.points[]; .total.ios == 200 and .read.ios == 200) and
		((.points | length) as $n | .steady_state | (.rounds | length) == $n and
		 (if .reached then .round == $n else $n == 4 end))' l.json >/dev/null ||
		fail "loop rounds: $(jq -c '{n: (.points | length), created: [.points[].result.targets[0].created], ss: .steady_state}' l.json)"
	grep -qE "^(Steady state at round|No steady state in 4 rounds)" "$T/out" || fail "loop: no verdict"
	[ -z "$(ls -A mnt | grep -v lost+found)" ] || fail "left $(ls -A mnt)"
	unmount "$T/mnt"; MOUNTS=""
else
	skip_case "needs root and mkfs.ext4 for a loop device"
fi

mkdir d && cd d || exit 1
case_ input "--steady-state's bad values and the options that make no sense with it are refused by name, before anything is made"
bad "--steady-state=foo" --steady-state=foo -c1M f.dat
bad "--ss-rounds" --ss-rounds=10 -c1M f.dat
bad "--ss-window" --ss-window=3 -c1M f.dat
bad "--ss-window" --steady-state --ss-window=1 -c1M f.dat
bad "--ss-rounds=3" --steady-state --ss-rounds=3 -c1M f.dat
bad "--ss-rounds" --steady-state --ss-rounds=x -c1M f.dat
bad "-Rxml" --steady-state -Rxml -c1M f.dat
bad "--html" --steady-state --html=r.html -c1M f.dat
bad "--series-csv" --steady-state --series-csv=s.csv -c1M f.dat
bad "--slo" --steady-state --slo=p99:1ms -c1M f.dat
bad "--steady-state" sweep --qd=1,2 --steady-state -c1M f.dat
bad "--null-cliff" --steady-state --engine=null --null-cliff=1M:0.5 --null-latency=1ms x
bad "--null-cliff" --steady-state --engine=null --null-cliff=1M:2 x
bad "--null-wear" --steady-state --engine=null --null-wear=1us x
bad "no-such-dir" --steady-state --json=no-such-dir/s.json -c1M f.dat
[ -z "$(ls -A)" ] || fail "bad input left $(ls -A)"
cd .. || exit 1

case_ signal "SIGINT between rounds' I/O: the rounds so far, the last marked partial, the file removed"
run_bg out.int err.int --steady-state -c1M -b4K -d1 -W0 --json=int.json int.dat
# into the second round at least
i=0; while ! grep -q "round 2" err.int && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -INT $BG
wait $BG; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130: $(cat err.int)"
jq -e '.complete == false and .interrupted == true and (.points | length) >= 2 and
	.points[-1].partial == true and all(.points[:-1][]; .partial == false) and
	(.steady_state.rounds | length) == (.points | length) - 1' int.json >/dev/null ||
	fail "interrupted document: $(jq -c '{complete, interrupted, p: [.points[].partial], r: .steady_state.rounds}' int.json)"
grep -q "PARTIAL" out.int || fail "no partial mark: $(cat out.int)"
grep -q "^Interrupted" out.int || fail "no Interrupted line"
[ ! -e int.dat ] || fail "int.dat left behind"
exit 0
