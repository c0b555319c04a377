# Shared helpers for the integration tests; sourced, POSIX sh.
# Every test gets a fresh directory $T, removed (with any loop device or
# zram set-up the test made, and the swap areas it names in SWAPS) when it exits.
set -u
: "${IOBENCH:?IOBENCH must name the binary}"
T=$(mktemp -d /tmp/iobench-t.XXXXXX)
LOOPS=""
ZRAM=""
MOUNTS=""

# unmount DIR: a mount just used can be held for a moment (udev probing the
# device): try for two seconds, then detach it lazily, so nothing is left behind.
unmount() {
	i=0
	while ! umount "$1" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -ge 20 ]; then
			umount -l "$1" || echo "cleanup: cannot unmount $1" >&2
			return
		fi
		sleep 0.1
	done
}

cleanup() {
	for m in $MOUNTS; do unmount "$m"; done
	for s in ${SWAPS:-}; do swapoff "$s" || echo "cleanup: cannot swapoff $s" >&2; done
	for l in $LOOPS; do losetup -d "$l" 2>/dev/null; done
	if [ -n "$ZRAM" ]; then
		# a device just written may be held a moment (udev probing it): retry for 2 s
		i=0
		while ! echo 1 2>/dev/null > "/sys/block/$ZRAM/reset" && [ $i -lt 20 ]; do
			i=$((i + 1)); sleep 0.1
		done
		[ -n "${ZRAM_HOT:-}" ] && { echo "$ZRAM_HOT" > /sys/class/zram-control/hot_remove ||
			echo "cleanup: cannot remove $ZRAM" >&2; }
	fi
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() { echo "FAIL: $*"; exit 1; }
# skip REASON: the test cannot run here. Once cases have passed (a second say or case_
# announced), only the rest is skipped: counted as a skipped sub-case, the test passes.
CASES=0
skip() {
	[ "$CASES" -lt 2 ] || skip_rest "$*"
	echo "$*"; exit 77
}
# skip_case REASON: a sub-case that cannot run here; tests/run counts it as skipped.
skip_case() { echo "SKIP-CASE: $*"; }
# skip_rest REASON: the rest of the test cannot run here; what ran before it passed.
skip_rest() { skip_case "$*"; exit 0; }
need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }
say() { CASES=$((CASES + 1)); echo "--- $*"; }

# run_ok ARGS...: runs iobench, which must exit 0; output in $T/out, $T/err.
run_ok() {
	"$IOBENCH" "$@" >"$T/out" 2>"$T/err" || { rc=$?; cat "$T/err"; fail "iobench $* exited $rc"; }
}

# run_rc RC ARGS...: runs iobench, which must exit RC.
run_rc() {
	want=$1; shift
	"$IOBENCH" "$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" = "$want" ] || { cat "$T/out" "$T/err"; fail "iobench $* exited $got, wanted $want"; }
}

# total KIND [FILE]: "bytes ios" from the total: line of the Total/Read/Write IO table.
total() {
	awk -v kind="$1 IO" '$0 == kind { on = 1 } on && /^total:/ { gsub(/\|/, " "); print $2, $3; exit }' "${2:-$T/out}"
}

# rows KIND [FILE]: number of thread rows in that table.
rows() {
	awk -v kind="$1 IO" '$0 == kind { on = 1; next } on && /^total:/ { print n + 0; exit }
		on && /^ *[0-9]+ \|/ { n++ }' "${2:-$T/out}"
}

# diskstat DEV FIELD: a /proc/diskstats field (1-based, as in the kernel docs: 4 = reads completed).
diskstat() {
	awk -v d="$(basename "$1")" -v f="$2" '$3 == d { print $f }' /proc/diskstats
}

# disturbed FILE...: the model_late warning of iobench's JSON in FILE (a run, or a sweep's
# points): the null engine's model answered on time, but the machine woke iobench late to
# collect its answers, so the figures are the machine's. Empty when they are the model's.
disturbed() { jq -r '[.. | objects | select(.code? == "model_late") | .message] | first // empty' "$@"; }

# model_fail MSG FILE...: a figure of the model device is off: fails, unless a run in FILE...
# says the machine disturbed the model (disturbed); then the sub-case is skipped, said.
model_fail() {
	local msg=$1 why
	shift
	why=$(disturbed "$@")
	[ -n "$why" ] || fail "$msg"
	skip_case "$msg; the run says why: $why"
}

# within A B PCT: A is within PCT percent of B.
within() {
	awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d * 100 <= b * p) }'
}

# new_loop SIZE_MB: sets LOOP to a new loop device over a new file $LOOPFILE in $T.
new_loop() {
	need_root
	LOOPFILE=$T/loop.$1.$(date +%s%N).img
	truncate -s "${1}M" "$LOOPFILE" || fail "truncate"
	LOOP=$(losetup -f --show "$LOOPFILE") || skip "cannot set up a loop device"
	LOOPS="$LOOPS $LOOP"
}

# new_zram SIZE_MB: sets ZDEV to a configured zram RAM disk (a new one from
# hot_add where the kernel has it, else an unused zram0); reset and removed at exit.
new_zram() {
	need_root
	[ -e /sys/class/zram-control/hot_add ] || modprobe zram 2>/dev/null
	if [ -e /sys/class/zram-control/hot_add ]; then
		id=$(cat /sys/class/zram-control/hot_add) || skip "zram hot_add failed"
		ZRAM=zram$id
		ZRAM_HOT=$id
	elif [ -e /sys/block/zram0 ] && [ "$(cat /sys/block/zram0/initstate)" = 0 ]; then
		ZRAM=zram0
	else
		skip "no free zram device"
	fi
	echo "${1}M" > "/sys/block/$ZRAM/disksize" || skip "cannot size $ZRAM"
	ZDEV=/dev/$ZRAM
	i=0; while [ ! -b "$ZDEV" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	[ -b "$ZDEV" ] || skip "$ZDEV did not appear"
}

# Marker files and keys of this test's runs stay in the test's own directory.
IOBENCH_STATE_DIR=$T/state
export IOBENCH_STATE_DIR

# case_ KIND TEXT: announces one safety case (KIND: input, guard, fault or
# signal, or figure for a verdict case); docs/safety.md counts the first four kinds (t24).
case_() { CASES=$((CASES + 1)); echo "--- [$1] $2"; }

# pinned_to CPU PID: how many of PID's threads may run on CPU alone
pinned_to() { grep -h "^Cpus_allowed_list:" /proc/"$2"/task/*/status | awk -v c="$1" '$2 == c' | wc -l; }

# same_bytes FILE SUM: FILE's md5 is still SUM.
same_bytes() { [ "$(md5sum < "$1")" = "$2" ] || fail "$1 changed"; }

# run_bg OUT ERR ARGS...: starts iobench in the background (stdout to OUT, stderr to
# ERR) and waits up to 10 s for it to start measuring; its pid is $BG.
run_bg() {
	bg_out=$1 bg_err=$2; shift 2
	# emptied here, not by the child's redirection: the wait below must not read an earlier run's
	: >"$bg_err"
	"$IOBENCH" "$@" >"$bg_out" 2>>"$bg_err" &
	BG=$!
	bg_i=0
	while ! grep -q measuring "$bg_err"; do
		bg_i=$((bg_i + 1))
		[ $bg_i -lt 100 ] || fail "iobench $* never started measuring: $(cat "$bg_err")"
		sleep 0.1
	done
}

# bad NAMED ARGS...: iobench must exit 2, print one line naming NAMED, and create nothing.
bad() {
	named=$1; shift
	before=$(ls -A | sort)
	"$IOBENCH" "$@" >out.txt 2>err.txt
	rc=$?
	after=$(ls -A | grep -v '^out.txt$\|^err.txt$' | sort)
	[ "$rc" = 2 ] || { cat err.txt; fail "iobench $*: exit $rc, wanted 2"; }
	[ "$(wc -l < err.txt)" = 1 ] || { cat err.txt; fail "iobench $*: wanted one line on stderr"; }
	grep -qF -- "$named" err.txt || { cat err.txt; fail "iobench $*: message does not name '$named'"; }
	[ ! -s out.txt ] || fail "iobench $*: printed a report"
	echo "ok: $* -> $(cat err.txt)"
	rm -f out.txt err.txt
	[ "$before" = "$after" ] || fail "iobench $*: left files behind: $after"
}
