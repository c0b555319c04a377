# Description: Ctrl-C stops cleanly: partial results marked, exit 130, created files removed.
. "$(dirname "$0")/lib.sh"
f=$T/sig.dat

# wait_for TEXT FILE: up to 10 s for TEXT to appear in FILE. Each case writes its own
# files: an earlier run's line must not answer for a process that has not started yet.
wait_for() {
	i=0
	while ! grep -q "$1" "$2" 2>/dev/null; do
		i=$((i + 1)); [ $i -lt 100 ] || fail "'$1' never appeared in $2"; sleep 0.1
	done
}

# wait_reads PID: until process PID has read 1 MiB more than when called (its I/O accounting,
# /proc/PID/io: read_bytes for direct I/O, rchar for reads through the page cache), up to 30 s,
# so that a window interrupted afterwards holds I/Os however slow the build or the machine.
io_read() { awk '/^(rchar|read_bytes):/ { n += $2 } END { print n + 0 }' "/proc/$1/io" 2>/dev/null; }
wait_reads() {
	if [ ! -r "/proc/$1/io" ]; then sleep 1; return; fi	# no task I/O accounting here
	i=0 r0=$(io_read "$1")
	while [ "$(io_read "$1")" -lt $((r0 + 1048576)) ]; do
		i=$((i + 1)); [ $i -lt 300 ] || fail "process $1 read nothing in 30 s"; sleep 0.1
	done
}

case_ signal "SIGINT while measuring"
"$IOBENCH" -c16M -d30 -W0 -r -b4K -o4 -Sh "$f" >"$T/out1" 2>"$T/err1" &
pid=$!
wait_for measuring "$T/err1"
wait_reads $pid
t0=$(date +%s%N)
kill -INT $pid
wait $pid; rc=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ $rc = 130 ] || fail "exit $rc, wanted 130"
[ $ms -lt 10000 ] || fail "took $ms ms to stop"	# a hang, not a speed: it takes milliseconds
grep -q "PARTIAL RESULTS" "$T/out1" || fail "partial results not marked"
set -- $(total Total "$T/out1"); [ "$2" -gt 0 ] || fail "no partial counts"
[ ! -e "$f" ] || fail "the created file was left behind"

case_ signal "SIGINT with -Rjson: valid partial JSON"
"$IOBENCH" -c16M -d30 -W0 -r -b4K -o4 -Sh -Rjson "$f" >"$T/out2" 2>"$T/err2" &
pid=$!
wait_for measuring "$T/err2"
wait_reads $pid
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130"
jq -e '.complete == false and .interrupted == true and .results.total.total.ios > 0 and .test_time_s < 30' \
	"$T/out2" >/dev/null || fail "partial JSON not marked or not valid"
[ ! -e "$f" ] || fail "the created file was left behind"

case_ signal "SIGTERM during warm-up: no results, says so"
"$IOBENCH" -c16M -d30 -W30 -b4K "$f" >"$T/out3" 2>"$T/err3" &
pid=$!
wait_for "warming up" "$T/err3"
kill -TERM $pid
wait $pid; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130"
grep -q "interrupted before the measurements began" "$T/out3" || fail "no 'interrupted before' line"
[ ! -e "$f" ] || fail "the created file was left behind"

case_ signal "SIGINT during a job file's first group: no later group, valid fio-json, files removed"
mkdir "$T/jobs"
printf '[global]\nsize=16m\ntime_based\nruntime=30\nioengine=psync\n[one]\nrw=randread\n[two]\nstonewall\nrw=randread\n' > "$T/two.fio"
(cd "$T/jobs" && exec "$IOBENCH" "$T/two.fio" --output-format=fio-json >"$T/out5" 2>"$T/err5") &
pid=$!
wait_for measuring "$T/err5"
wait_reads $pid
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] || fail "job file: exit $rc, wanted 130"
grep -q "group 2 of 2" "$T/err5" && fail "the second group ran after Ctrl-C"
jq -e '.jobs | length == 1 and .[0].jobname == "one" and .[0].read.io_bytes > 0' "$T/out5" >/dev/null ||
	fail "job file: partial fio-json: $(head -c 300 "$T/out5")"
[ -z "$(ls "$T/jobs")" ] || fail "job file: left $(ls "$T/jobs")"

case_ signal "SIGINT in a count-based run (--ios): partial results, exit 130, the file removed"
run_bg "$T/out10" "$T/err10" -c16M --ios=100000000 -r -b4K -o1 -Sh "$f"
kill -INT $BG; wait $BG; rc=$?
[ $rc = 130 ] || fail "--ios: exit $rc, wanted 130"
grep -q "PARTIAL RESULTS" "$T/out10" || fail "--ios: partial results not marked"
[ ! -e "$f" ] || fail "--ios: the created file was left behind"

case_ signal "SIGINT in a size-based job file (fio's default): exit 130, the file removed"
mkdir "$T/sz"
printf '[s]\nrw=randread\nsize=16m\nio_size=100g\nioengine=psync\nfilename=s.dat\n' > "$T/sized.fio"
(cd "$T/sz" && exec "$IOBENCH" "$T/sized.fio" >"$T/out11" 2>"$T/err11") &
pid=$!
wait_for measuring "$T/err11"
kill -INT $pid; wait $pid; rc=$?
[ $rc = 130 ] || fail "size-based job: exit $rc, wanted 130"
[ -z "$(ls "$T/sz")" ] || fail "size-based job: left $(ls "$T/sz")"

case_ signal "SIGSTOP then SIGCONT while measuring: the pause is reported and warned of"
"$IOBENCH" -c16M -d4 -W0 -r -b4K -o4 -Sh -Rjson "$f" >"$T/out6" 2>"$T/err6" &
pid=$!
wait_for measuring "$T/err6"
sleep 0.5
kill -STOP $pid; sleep 2; kill -CONT $pid
wait $pid; rc=$?
[ $rc = 0 ] || fail "exit $rc after a pause, wanted 0"
jq -e '.paused_s >= 1.5 and ([.warnings[].code] | index("paused"))' "$T/out6" >/dev/null ||
	fail "pause not reported: $(jq -c '{paused_s, w: [.warnings[].code]}' "$T/out6")"

case_ signal "SIGCONT alone (no stop before it): no pause, no warning"
"$IOBENCH" -c16M -d2 -W0 -r -b4K -o4 -Sh -Rjson "$f" >"$T/out9" 2>"$T/err9" &
pid=$!
wait_for measuring "$T/err9"
kill -CONT $pid; sleep 0.3; kill -CONT $pid
wait $pid || fail "exit $? after SIGCONT"
jq -e '.paused_s == 0 and ([.warnings[].code] | index("paused") | not)' "$T/out9" >/dev/null ||
	fail "a bare SIGCONT counted: $(jq -c '{paused_s, w: [.warnings[].code]}' "$T/out9")"

case_ signal "SIGINT in the quick suite: the partial figure is marked"
mkdir "$T/q"
"$IOBENCH" quick --size=16M --duration=30 --warmup=0 "$T/q" >"$T/out7" 2>"$T/err7" &
pid=$!
wait_for "SEQ1M Q8T1 *read" "$T/err7"
wait_for measuring "$T/err7"	# after the test file is made
wait_reads $pid
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] || fail "quick: exit $rc, wanted 130"
grep -q '^SEQ1M Q8T1 .*\*' "$T/out7" && grep -q "PARTIAL" "$T/out7" || fail "quick: no partial mark: $(cat "$T/out7")"
[ -z "$(ls "$T/q")" ] || fail "quick: left $(ls "$T/q")"

case_ signal "SIGINT while a later job-file group lays down its file: the JSON says interrupted"
free_kb=$(df -Pk "$T" | awk 'NR == 2 { print $4 }')
if [ "$free_kb" -gt 10000000 ]; then
	mkdir "$T/jobs2"
	printf '[one]\nsize=1m\nrw=read\nioengine=psync\nfilename=a.dat\n[two]\nstonewall\nsize=8g\nrw=read\nioengine=psync\nfilename=b.dat\n' > "$T/late.fio"
	(cd "$T/jobs2" && exec "$IOBENCH" "$T/late.fio" --output-format=iobench-json >"$T/out8" 2>"$T/err8") &
	pid=$!
	wait_for "creating 'b.dat'" "$T/err8"
	kill -INT $pid
	wait $pid; rc=$?
	[ $rc = 130 ] || fail "late group: exit $rc, wanted 130"
	jq -e 'length == 2 and .[0].complete == true and .[1].interrupted == true and .[1].complete == false' \
		"$T/out8" >/dev/null || fail "late group: JSON $(jq -c '[.[] | {complete, interrupted}]' "$T/out8")"
	grep -q "interrupted while creating" "$T/err8" || fail "late group: no message"
	[ -z "$(ls "$T/jobs2")" ] || fail "late group: left $(ls "$T/jobs2")"
else
	skip_case "the late-group case (under 10G free)"
fi

case_ signal "SIGINT while creating the file: removed, exit 130"
free_kb=$(df -Pk "$T" | awk 'NR == 2 { print $4 }')
[ "$free_kb" -gt 10000000 ] || skip_rest "the creation case: under 10G free"
"$IOBENCH" -c8G -d30 -b4K "$f" >"$T/out4" 2>"$T/err4" &
pid=$!
wait_for "creating" "$T/err4"
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] || fail "exit $rc, wanted 130"
grep -q "interrupted while creating" "$T/err4" || fail "no message"
[ ! -e "$f" ] || fail "a half-filled file was left behind"
exit 0
