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
echo "PASS"
