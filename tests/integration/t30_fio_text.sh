# Description: fio's text layouts for job files: --output-format=normal prints fio's lines in fio's order (compared with fio 3.33 running the same jobs) with the exact io= bytes and issued counts; text stays iobench's own report.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
have_fio=0
command -v fio >/dev/null && fio --version | grep -q '^fio-3\.33' && have_fio=1

# labels FILE: the sequence of a normal report's line labels: what comes before each line's
# first ':' with numbers and the unit (nsec, usec, msec, which depend on speed) taken out, the
# percentile rows and the latency-range lines folded into one (their count depends on the
# figures), fio's start-up lines (before the first blank line) left out.
labels() {
	awk 'p; /^$/ { p = 1 }' "$1" | sed -E 's/:.*//; s/[0-9]+/N/g; s/\((nsec|usec|msec)\)/(U)/;
		s/^ +\|.*/|/' | uniq
}
# no_windows: drops the bw and iops lines, which fio prints once a 500 ms window has passed:
# in a size-based job that depends on the machine's speed.
no_windows() { grep -v -e '^   bw (' -e '^   iops  '; }

# compare NAME ARGS...: runs the fio command line ARGS in both, normal layout; compares the
# labels (without the window lines unless NAME ends in -timed), io= and issued rwts.
compare() {
	name=$1; shift
	"$IOBENCH" "$@" --output-format=normal --quiet > "$T/$name.iob" 2> "$T/$name.err" ||
		{ cat "$T/$name.err"; fail "$name: iobench $*"; }
	grep -q '^Run status group 0 (all jobs):$' "$T/$name.iob" || fail "$name: $(cat "$T/$name.iob")"
	if [ $have_fio = 0 ]; then
		skip_case "$name: the comparison with fio 3.33 (not installed)"
		return
	fi
	fio "$@" --output-format=normal > "$T/$name.fio" 2>&1 || fail "$name: fio $*"
	case $name in
	*-timed) labels "$T/$name.iob" > "$T/$name.li"; labels "$T/$name.fio" > "$T/$name.lf" ;;
	*) labels "$T/$name.iob" | no_windows > "$T/$name.li"; labels "$T/$name.fio" | no_windows > "$T/$name.lf" ;;
	esac
	diff "$T/$name.lf" "$T/$name.li" > "$T/$name.diff" ||
		fail "$name: the lines differ from fio's (< fio, > iobench): $(cat "$T/$name.diff")"
	case $name in *-timed) return ;; esac
	for re in 'io=[^ ]* ([^)]*)' 'issued rwts: .*'; do
		a=$(grep -o "$re" "$T/$name.fio"); b=$(grep -o "$re" "$T/$name.iob")
		[ "$a" = "$b" ] || fail "$name: fio '$a', iobench '$b'"
	done
}

say "normal: a null job's block, its group's run status, as fio prints them"
compare null --name=n --ioengine=null --rw=randread --bs=4k --size=512m
grep -q '^n: (groupid=0, jobs=1): err= 0: pid=[0-9]*: ' "$T/null.iob" || fail "first line: $(head -3 "$T/null.iob")"
grep -q '^   READ: bw=.*, io=512MiB (537MB), run=' "$T/null.iob" || fail "READ line: $(cat "$T/null.iob")"
grep -q '^     issued rwts: total=131072,0,0,0 short=0,0,0,0 dropped=0,0,0,0$' "$T/null.iob" ||
	fail "issued rwts: $(cat "$T/null.iob")"

say "normal: a time-based null job has fio's bw and iops lines, from its 500 ms windows"
compare null-timed --name=n --ioengine=null --rw=read --bs=4k --size=64m --time_based --runtime=2
grep -q '^   bw (  [KM]iB/s): min=' "$T/null-timed.iob" || fail "bw line: $(cat "$T/null-timed.iob")"

say "normal: psync file jobs, write then read (two groups), with the disk stats"
compare write --name=w --ioengine=psync --rw=write --bs=4k --size=1m --filename="$T/f.dat"
compare read --name=r --ioengine=psync --rw=read --bs=4k --size=1m --filename="$T/f.dat"
grep -q '^  write: IOPS=.*(1024KiB/[0-9]*msec); 0 zone resets$' "$T/write.iob" || fail "write: $(cat "$T/write.iob")"
printf '[w]\nrw=write\nbs=4k\nsize=1m\nioengine=psync\nfilename=%s/g.dat\n[r]\nstonewall\nrw=randread\nbs=8k\nsize=1m\nioengine=psync\nfilename=%s/g.dat\n' "$T" "$T" > g.fio
compare groups g.fio
[ "$(grep -c '^Run status group' "$T/groups.iob")" = 2 ] || fail "two groups: $(cat "$T/groups.iob")"
grep -q '^     issued rwts: total=128,0,0,0 ' "$T/groups.iob" || fail "8k reads: $(cat "$T/groups.iob")"

say "normal: group_reporting, numjobs and a deeper queue: one block, jobs=N, no made-up depths"
run_ok --name=q --ioengine=null --rw=read --bs=4k --size=4m --numjobs=2 --iodepth=4 \
	--group_reporting --output-format=normal --quiet
grep -q '^q: (groupid=0, jobs=2): err= 0: ' "$T/out" || fail "jobs=2: $(cat "$T/out")"
grep -q 'IO depths' "$T/out" && fail "IO depths at iodepth 4, which iobench does not sample: $(cat "$T/out")"
grep -q 'issued rwts: total=2048,0,0,0' "$T/out" || fail "issued: $(cat "$T/out")"
grep -q 'latency   : target=0, window=0, percentile=100.00%, depth=4$' "$T/out" || fail "depth: $(cat "$T/out")"

say "text is still iobench's own report, and the default"
run_ok --name=t --ioengine=null --rw=read --bs=4k --size=1m --quiet
grep -q '^Total IO$' "$T/out" || fail "the default is not iobench's report"
run_ok --name=t --ioengine=null --rw=read --bs=4k --size=1m --output-format=text --quiet
grep -q '^Total IO$' "$T/out" || fail "text is not iobench's report"
