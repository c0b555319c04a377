# Description: the quick suite: four tests read and written, one table, the test file removed.
. "$(dirname "$0")/lib.sh"
mkdir "$T/d"

say "quick on a directory"
run_ok quick --size=32M --duration=0.3 --warmup=0 "$T/d"
for t in "SEQ1M Q8T1" "SEQ1M Q1T1" "RND4K Q32T1" "RND4K Q1T1"; do
	line=$(grep "^$t " "$T/out") || fail "no row for $t"
	n=$(echo "$line" | tr '|' '\n' | awk 'NR > 1 && $1 + 0 > 0' | wc -l)
	[ "$n" = 8 ] || fail "row '$line' does not have 8 positive figures"
done
grep -q "RND4K Q32T1 read" "$T/err" || fail "no progress messages"
[ -z "$(ls -A "$T/d")" ] || fail "test file left behind: $(ls -A "$T/d")"

case_ guard "quick refuses a test file it did not create"
echo "precious" > "$T/d/iobench-quick.dat"
run_rc 2 quick --size=32M --duration=0.3 --warmup=0 "$T/d"
[ "$(cat "$T/d/iobench-quick.dat")" = precious ] || fail "the user's file was changed"
case_ input "quick's refusal names --overwrite, and quick takes it"
grep -q -- "--overwrite" "$T/err" || fail "no way out named: $(cat "$T/err")"
run_ok quick --size=32M --duration=0.3 --warmup=0 --overwrite "$T/d"
grep -q "^RND4K Q1T1 " "$T/out" || fail "quick --overwrite did not run"
rm -f "$T/d/iobench-quick.dat"

say "quick: bad options"
run_rc 2 quick --size=12Q "$T/d"
run_rc 2 quick --frob "$T/d"
run_rc 2 quick "$T/nonexistent"
run_ok quick --help
grep -q "usage: iobench quick" "$T/out" || fail "no usage"

case_ guard "quick on a block device: reads only without --allow-device-write"
[ "$(id -u)" = 0 ] || exit 0
new_loop 64
sum=$(md5sum < "$LOOPFILE")
run_ok quick --size=32M --duration=0.2 --warmup=0 "$LOOP"
grep -q "Write tests skipped" "$T/out" || fail "no note on skipped writes"
[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "quick wrote to the device"
exit 0
