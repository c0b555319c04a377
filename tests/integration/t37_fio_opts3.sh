# Description: the last fio options of issue 14 as fio 3.33 means them, each checked by its effect while the job runs, beside fio's where fio runs it: prio and prioclass (each I/O thread's ioprio as the kernel holds it; the ioprio_set calls under strace, fio's and iobench's).
. "$(dirname "$0")/lib.sh"
cd "$T"
have_fio() { command -v fio >/dev/null; }
have_strace() { command -v strace >/dev/null; }
head -c 1048576 /dev/urandom > a.dat
# job NAME OPTION...: a 4 s time-based psync read of a.dat by 2 threads, with OPTIONs, in NAME.fio
job() {
	n=$1; shift
	printf '[%s]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\nnumjobs=2\ntime_based\nruntime=4\n' "$n" "$T/a.dat" > "$n.fio"
	for o in "$@"; do echo "$o" >> "$n.fio"; done
}
# while_running JOB CMD...: runs iobench on JOB in the background; once it measures, CMD with
# its pid as the last word, output in $T/seen; then waits for iobench (which must exit 0)
while_running() {
	j=$1; shift
	run_bg "$T/bg.out" "$T/bg.err" "$j" --eta=never
	"$@" "$BG" > "$T/seen" 2>&1
	wait "$BG" || { cat "$T/bg.err"; fail "iobench $j exited $?"; }
}
# sets FILE: the ioprio_set values of an strace log, sorted (one a thread)
sets() { grep -o 'ioprio_set(IOPRIO_WHO_PROCESS, 0, [^)]*)' "$1" | sed 's/.*, 0, //' | sort; }

# --- prio, prioclass
ioprio=$HELPERS/ioprio
[ -x "$ioprio" ] || fail "no $ioprio (make helpers)"
case_ effect "prio and prioclass: each I/O thread's I/O priority is the job's (ioprio_get on every thread while it runs), the main thread's unchanged; fio's ioprio_set calls and iobench's alike under strace"
for pc in "prioclass=3:prio=5:3 5" "prioclass=2:prio=7:2 7" "prio=6::2 6" "prioclass=3::3 0"; do
	o1=${pc%%:*} rest=${pc#*:} o2=${rest%%:*} want=${rest#*:}
	job p "$o1" $o2
	while_running p.fio "$ioprio"
	[ "$(awk -v w="$want" '$2 " " $3 == w' "$T/seen" | wc -l)" = 2 ] ||
		fail "$o1 $o2: not 2 threads at class/level $want: $(cat "$T/seen")"
	[ "$(awk -v p="$BG" '$1 == p { print $2 " " $3 }' "$T/seen")" != "$want" ] ||
		fail "$o1 $o2: the main thread took the job's priority too"
	if have_fio && have_strace; then
		sed -i 's/runtime=4/runtime=1/' p.fio
		strace -f -e trace=ioprio_set -o "$T/st.fio" fio p.fio >/dev/null 2>&1 || fail "fio $o1 $o2"
		strace -f -e trace=ioprio_set -o "$T/st.iob" "$IOBENCH" p.fio --quiet >/dev/null 2>&1 || fail "iobench under strace"
		[ "$(sets "$T/st.fio")" = "$(sets "$T/st.iob")" ] && [ "$(sets "$T/st.iob" | wc -l)" = 2 ] ||
			fail "$o1 $o2: fio sets $(sets "$T/st.fio" | tr '\n' ' '), iobench $(sets "$T/st.iob" | tr '\n' ' ')"
	fi
done
have_fio && have_strace || skip_case "prio beside fio under strace (no fio or strace)"
# io_uring: the threads too (and every SQE carries it, as fio's: the SQ thread and workers inherit nothing)
job pu prioclass=3 prio=4 ioengine=io_uring iodepth=4
while_running pu.fio "$ioprio"
[ "$(awk '$2 == 3 && $3 == 4' "$T/seen" | wc -l)" -ge 2 ] || fail "io_uring prio: $(cat "$T/seen")"
case_ input "prio=8, prioclass=4: out of fio's ranges (0 to 7, 0 to 3), refused by name before anything runs"
for v in prio=8 prioclass=4 prio=-1 prio=x; do
	job b "$v"
	run_rc 2 b.fio
	grep -q "${v%%=*}=${v#*=}: " "$T/err" || fail "$v: $(cat "$T/err")"
done
case_ input "cmdprio_percentage, cmdprio_class, cmdprio, cmdprio_bssplit: refused by name, with the reason (per-I/O priorities, reported per priority by fio)"
for v in cmdprio_percentage=20 cmdprio_class=1 cmdprio=0 cmdprio_bssplit=4k/50; do
	job b ioengine=libaio "$v"
	run_rc 2 b.fio
	grep -q "${v}: per-I/O priorities (fio's io_uring and libaio cmdprio_\*) are not implemented" "$T/err" ||
		fail "$v: $(cat "$T/err")"
done
exit 0
