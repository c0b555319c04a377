#!/bin/sh
# Ctrl-C under wine (wine turns SIGINT into the console's Ctrl-C event): the run stops, its
# partial result is written and said to be one, the file it created is removed, exit 130.
. "$(dirname "$0")/lib.sh"

say "Ctrl-C while measuring"
"$IOBENCH" -c16M -d60 -W0 -b4K -r -w20 "--json=$(wpath c.json)" "$(wpath c.dat)" \
	>"$D/out" 2>"$D/err" &
pid=$!
i=0
until grep -q measuring "$D/err"; do
	i=$((i + 1))
	[ $i -lt 300 ] || { kill $pid; fail "never measured: $(cat "$D/err")"; }
	kill -0 $pid 2>/dev/null || fail "ended early: $(cat "$D/err")"
	sleep 0.1
done
sleep 0.5
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "exit $rc, not 130: $(cat "$D/err")"
grep -q "interrupted, stopping" "$D/err" || fail "no notice: $(cat "$D/err")"
jq -e '.interrupted == true and .complete == false and .results.total.total.ios > 0' "$D/c.json" \
	>/dev/null || fail "result: $(jq -c '{interrupted, complete}' "$D/c.json")"
[ ! -e "$D/c.dat" ] || fail "the created file was left behind"
grep -q "^Total IO" "$D/out" || fail "no report of what was measured"
echo ok
