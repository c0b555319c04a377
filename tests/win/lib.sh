# Shared helpers for the Windows build's tests, under wine; sourced, POSIX sh.
# Every test gets a directory of its own on the wine prefix's C: drive: $D as Linux
# names it, $W as Windows does (C:\iobench-w.XXXXXX); removed when the test exits.
set -u
: "${IOBENCH:?IOBENCH must name tests/win/iobench}"
: "${WINEPREFIX:?WINEPREFIX must name the wine prefix}"
D=$(mktemp -d "$WINEPREFIX/drive_c/iobench-w.XXXXXX")
W="C:\\$(basename "$D")"
cleanup() { rm -rf "$D"; }
trap cleanup EXIT

fail() { echo "FAIL: $*"; exit 1; }
skip_case() { printf 'SKIP-CASE: %s\n' "$*"; }
say() { echo "--- $*"; }
# wpath NAME: the Windows path of $D/NAME
wpath() { printf '%s\\%s' "$W" "$1"; }
# run_ok ARGS...: iobench exits 0, its stdout in $D/out, stderr in $D/err
run_ok() {
	"$IOBENCH" "$@" >"$D/out" 2>"$D/err" || { cat "$D/err"; fail "exit $?: iobench $*"; }
}
# run_rc RC ARGS...: iobench exits RC
run_rc() {
	want=$1; shift
	"$IOBENCH" "$@" >"$D/out" 2>"$D/err"
	rc=$?
	[ "$rc" = "$want" ] || { cat "$D/err"; fail "exit $rc, not $want: iobench $*"; }
}
