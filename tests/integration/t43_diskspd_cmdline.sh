#!/bin/sh
# DiskSpd's command line as DiskSpd's own unit tests define it: every case of
# its CmdLineParser tests (tests/data/diskspd_cmdline.json, written from
# them by scripts/diskspd-cmdline-table) parsed by iobench into DiskSpd's
# profile (-Rpxml): the cases DiskSpd refuses refused, the others taken with
# the values DiskSpd asserts, or refused by a rule that says why
# (tests/diskspd_cmdline.py). The cache switches' effects (the flags files are
# open with) are t26's.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
command -v python3 >/dev/null || skip "no python3"

say "DiskSpd's unit-test cases"
python3 "$here/diskspd_cmdline.py" "$IOBENCH" "$here/data/diskspd_cmdline.json" >"$T/cases" ||
	{ cat "$T/cases"; fail "iobench disagrees with DiskSpd's unit tests"; }
tail -n 1 "$T/cases"
# the counts docs/cli.md gives
counts=$(tail -n 1 "$T/cases" | sed 's/^\([0-9]*\) cases: \([0-9]*\) agree; \([0-9]*\) .*; \([0-9]*\) DiskSpd takes.*/\1 \2 \3 \4/')
set -- $counts
grep -q "Of its $1 cases, iobench agrees on $2, refuses $3 of those DiskSpd also refuses" \
	"$here/../docs/cli.md" || fail "docs/cli.md's counts are not '$counts'"

say "a switch after a target is refused before anything is created"
case_ input "-r after the target"
run_rc 2 -c1M "$T/new" -r
grep -q "come before the targets" "$T/err" || fail "$(cat "$T/err")"
[ ! -e "$T/new" ] || fail "the target was created"

case_ effect "DiskSpd's '/' switches: /b8K /o3 /d5 /w30 give the profile -b8K -o3 -d5 -w30 do; a /path that exists, or has another '/', or a '.', is a target; a slash word that fails says how it was read"
pv() { sed -n "s|.*<$1>\\(.*\\)</$1>.*|\\1|p" "$T/out" | tail -n 1; }
run_ok -Rpxml /b8K /o3 /d5 /w30 "$T/s.dat"
[ "$(pv BlockSize) $(pv RequestCount) $(pv Duration) $(pv WriteRatio) $(pv Path)" = "8192 3 5 30 $T/s.dat" ] ||
	fail "/b8K /o3 /d5 /w30: $(pv BlockSize) $(pv RequestCount) $(pv Duration) $(pv WriteRatio) $(pv Path)"
run_ok -Rpxml -b8K -o3 -d5 -w30 "$T/s.dat"
cp "$T/out" "$T/dash.xml"
run_ok -Rpxml /b8K /o3 /d5 /w30 "$T/s.dat"
cmp -s "$T/out" "$T/dash.xml" || fail "the profiles of /b8K ... and -b8K ... differ"
mkdir -p "$T/d" && : > "$T/d/x"
run_ok -Rpxml -b4K "$T/d/x"
[ "$(pv Path)" = "$T/d/x" ] || fail "a /path target: $(pv Path)"
run_rc 2 -Rpxml /b8K /test
grep -q "^iobench: -t: 'est' is not a whole number ('/test' was read as DiskSpd's switch -test, as no file has that name: a new target there is '//test')$" "$T/err" ||
	fail "/test: $(cat "$T/err")"

case_ effect "the B (blocks of -b) size suffix in either case on every size switch DiskSpd gives it: -c, -B, -f, -s, -T, -r"
for c in "-c16B:FileSize" "-c16b:FileSize" "-B2B:BaseFileOffset" "-f32B:MaxFileSize" "-s2B:StrideSize" "-T3B:ThreadStride" "-r2B:Random"; do
	sw=${c%%:*} el=${c#*:} n=$(echo "$sw" | tr -dc 0-9)
	# shellcheck disable=SC2086
	run_ok -Rpxml -b8K -t2 $sw "$T/s.dat"
	[ "$(pv "$el")" = $((n * 8192)) ] || fail "$sw: <$el> $(pv "$el"), wanted $((n * 8192))"
done
echo "PASS"
