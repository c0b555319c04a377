# Description: the last fio options of issue 14 as fio 3.33 means them, each checked by its effect while the job runs, beside fio's where fio runs it: prio and prioclass (each I/O thread's ioprio as the kernel holds it; the ioprio_set calls under strace, fio's and iobench's); cpus_allowed, cpumask and cpus_allowed_policy (each thread's Cpus_allowed_list while it runs, beside fio's processes', and with iobench's own pinning and --affinity); io_uring's registerfiles, fixedbufs, nonvectored, force_async (each SQE's opcode and flags as the kernel's io_uring_submit_req tracepoint sees them, beside fio's) and sqthread_poll_cpu (the SQ thread's CPUs); mem= (iomem=) and iomem_align (/proc/PID/maps while the job runs, the shmget and mmap calls and the buffers' addresses under strace, beside fio's; huge pages with nr_hugepages set by the test and restored).
# Lock: hugepages (it sets /proc/sys/vm/nr_hugepages and puts it back; t46 too)
. "$(dirname "$0")/lib.sh"
cd "$T"
have_fio() { command -v fio >/dev/null; }
have_strace() { command -v strace >/dev/null; }
# strace runs a sanitizer build with its leak check off (LeakSanitizer cannot run under ptrace)
strace() { ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 command strace "$@"; }
# what this test changes outside $T is put back at its end: its tracefs instance, nr_hugepages
TRI="" HUGE_WAS=""
at_exit() {
	[ -n "$TRI" ] && rmdir "$TRI" 2>/dev/null
	[ -n "$HUGE_WAS" ] && echo "$HUGE_WAS" > /proc/sys/vm/nr_hugepages
	cleanup
}
trap at_exit EXIT
head -c 1048576 /dev/urandom > a.dat
# job NAME OPTION...: a 1 s time-based psync read of a.dat by 2 threads, with OPTIONs, in NAME.fio
job() {
	n=$1; shift
	printf '[%s]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\nnumjobs=2\ntime_based\nruntime=1\n' "$n" "$T/a.dat" > "$n.fio"
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

# --- mem (iomem), iomem_align
# huge_seen WHAT PID: mapped's line, then HugePages_Free as it is while PID runs
huge_seen() { mapped "$1" "$2"; echo; awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo; }
# mapped WHAT PID: PID's mappings named WHAT in /proc/PID/maps, as "COUNT PERMS;" lines
mapped() { awk -v w="$1" 'index($0, w) { print $2 }' /proc/"$2"/maps | sort | uniq -c | awk '{ printf "%s %s;", $1, $2 }'; }
# calls CMD...: CMD's shmget calls and its read-write mmap calls, their flags, under strace
calls() {
	strace -f -e trace=shmget,mmap -o "$T/st.mem" "$@" >/dev/null 2>&1 || return 1
	sed -n 's/.*shmget(IPC_PRIVATE, \([0-9]*\), \([A-Z_|0-9]*\)[) ].*/shmget \1 \2/p
		s/.*mmap(NULL, \([0-9]*\), PROT_READ|PROT_WRITE, \(MAP_[A-Z_|]*\), \(-1\|[0-9]*\), [0-9a-fx]*[) ].*/mmap \1 \2 \3/p' "$T/st.mem"
}
case_ effect "mem=shm, mmap:FILE, mmapshared:FILE, mmap: each thread's buffers where fio puts them (/proc/PID/maps while the job runs: a SysV segment each, the file mapped private or shared and removed after), shmget and mmap as fio calls them"
for c in "mem=shm:/SYSV:2 rw-s;" "iomem=mmap:$T/m.buf:$T/m.buf:2 rw-p;" "mem=mmapshared:$T/s.buf:$T/s.buf:2 rw-s;" "mem=malloc:/SYSV:"; do
	o=${c%:*:*} rest=${c#"$o":} what=${rest%%:*} want=${rest#*:}
	job m "$o"
	while_running m.fio mapped "$what"
	[ "$(cat "$T/seen")" = "$want" ] || fail "$o: maps '$(cat "$T/seen")', wanted '$want'"
	[ ! -e "$T/m.buf" ] && [ ! -e "$T/s.buf" ] || fail "$o: the buffers' file was left"
done
have_strace || skip_rest "mem and iomem_align under strace (no strace)"
# anonymous mmap: a 2 x 60 KiB region a thread (a read and a write buffer; fio's one buffer, 60 KiB)
job m mem=mmap thread bs=60k
[ "$(calls "$IOBENCH" m.fio --quiet | grep -c '^mmap 122880 MAP_PRIVATE|MAP_ANONYMOUS -1$')" = 2 ] || fail "mem=mmap: $(calls "$IOBENCH" m.fio --quiet)"
[ "$(calls "$IOBENCH" m.fio --quiet | grep -c '^shmget')" = 0 ] || fail "mem=mmap made a SysV segment"
sed -i 's/^mem=mmap$/mem=shm/' m.fio
[ "$(calls "$IOBENCH" m.fio --quiet | grep -c '^shmget 122880 IPC_CREAT|0600$')" = 2 ] || fail "mem=shm: $(calls "$IOBENCH" m.fio --quiet)"
if have_fio; then
	[ "$(calls fio m.fio | grep -c '^shmget 61440 IPC_CREAT|0600$')" = 2 ] || fail "fio's mem=shm: $(cat "$T/st.mem")"
	sed -i 's/^mem=shm$/mem=mmap/' m.fio
	[ "$(calls fio m.fio | grep -c '^mmap 61440 MAP_PRIVATE|MAP_ANONYMOUS -1$')" = 2 ] || fail "fio's mem=mmap: $(cat "$T/st.mem")"
	# (processes: fio 3.33's threads of one job both free its file's name, and it aborts)
	sed -i "s|^mem=mmap\$|mem=mmap:$T/f.buf|; /^thread\$/d" m.fio
	[ "$(calls fio m.fio | grep -c '^mmap 61440 MAP_PRIVATE [0-9]')" = 2 ] || fail "fio's mem=mmap:FILE: $(cat "$T/st.mem")"
	[ "$(calls "$IOBENCH" m.fio --quiet | grep -c '^mmap 122880 MAP_PRIVATE [0-9]')" = 2 ] || fail "mem=mmap:FILE: $(cat "$T/st.mem")"
else
	skip_case "mem= beside fio (no fio)"
fi
case_ effect "iomem_align=512: every buffer 512 bytes past a page boundary (each pread's address under strace), as fio's"
printf '[a]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\nsize=64k\niomem_align=512\nthread\n' "$T/a.dat" > al.fio
# residues CMD...: each pread of a.dat's buffer address, modulo 4096, counted
residues() {
	strace -f -P "$T/a.dat" -e trace=pread64 -e raw=pread64 -o "$T/st.al" "$@" >/dev/null 2>&1 || return 1
	sed -n 's/.*pread64(0x[0-9a-f]*, 0x\([0-9a-f]*\), 0x1000, .*/\1/p' "$T/st.al" |
		while read -r a; do echo $((0x$a % 4096)); done | sort | uniq -c | awk '{ printf "%s %s;", $1, $2 }'
}
[ "$(residues "$IOBENCH" al.fio --quiet)" = "16 512;" ] || fail "iomem_align=512: $(residues "$IOBENCH" al.fio --quiet)"
sed -i 's/iomem_align=512/mem_align=0/' al.fio
[ "$(residues "$IOBENCH" al.fio --quiet)" = "16 0;" ] || fail "mem_align=0: $(residues "$IOBENCH" al.fio --quiet)"
if have_fio; then
	sed -i 's/mem_align=0/iomem_align=512/' al.fio
	[ "$(residues fio al.fio)" = "16 512;" ] || fail "fio's iomem_align=512: $(residues fio al.fio)"
fi
case_ effect "mem=shmhuge, mmaphuge, mmaphuge:FILE on huge pages: refused by name while there are none (or too few), run on them once nr_hugepages is set (the test sets it and puts it back)"
job h mem=shmhuge
if [ "$(awk '/^HugePages_Total:/ { print $2 }' /proc/meminfo)" = 0 ]; then
	run_rc 2 h.fio
	grep -q "job 'h': mem=shmhuge and mmaphuge need huge pages, and this machine has none configured (/proc/sys/vm/nr_hugepages is 0)" "$T/err" ||
		fail "shmhuge without huge pages: $(cat "$T/err")"
fi
if [ "$(id -u)" = 0 ] && HUGE_WAS=$(cat /proc/sys/vm/nr_hugepages) && echo $((HUGE_WAS + 1)) > /proc/sys/vm/nr_hugepages 2>/dev/null &&
   [ "$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)" -ge 1 ]; then
	free=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
	if [ "$free" = 1 ]; then	# 2 threads need 2 pages of 2 MiB
		run_rc 2 h.fio
		grep -q "job 'h': mem=shmhuge and mmaphuge: the buffers need 2 huge pages of [0-9]* KiB, and 1 of this machine's [0-9]* are free" "$T/err" ||
			fail "shmhuge with 1 page: $(cat "$T/err")"
	fi
	echo $((HUGE_WAS + 8)) > /proc/sys/vm/nr_hugepages
	mkdir huge && mount -t hugetlbfs none "$T/huge" && MOUNTS="$T/huge $MOUNTS"
	for c in "mem=shmhuge:/SYSV:2 rw-s;" "mem=mmaphuge:/anon_hugepage:2 rw-p;" "mem=mmaphuge:$T/huge/b:$T/huge/b:2 rw-s;"; do
		o=${c%:*:*} rest=${c#"$o":} what=${rest%%:*} want=${rest#*:}
		job h "$o"
		before=$(awk '/^HugePages_Free:/ { print $2 }' /proc/meminfo)
		while_running h.fio huge_seen "$what"
		[ "$(head -n 1 "$T/seen")" = "$want" ] || fail "$o: maps '$(head -n 1 "$T/seen")', wanted '$want'"
		# the buffers really on huge pages: 2 threads took at least a page each from the pool
		during=$(sed -n 2p "$T/seen")
		[ $((before - during)) -ge 2 ] || fail "$o: HugePages_Free $before before, $during while it ran"
		[ ! -e "$T/huge/b" ] || fail "$o: the huge-page file was left"
	done
	if have_fio && have_strace; then
		job h mem=shmhuge thread bs=60k
		[ "$(calls fio h.fio | grep -c '^shmget 2097152 IPC_CREAT|SHM_HUGETLB|0600$')" = 2 ] || fail "fio's shmhuge: $(cat "$T/st.mem")"
		[ "$(calls "$IOBENCH" h.fio --quiet | grep -c '^shmget 2097152 IPC_CREAT|SHM_HUGETLB|0600$')" = 2 ] || fail "shmhuge: $(cat "$T/st.mem")"
		sed -i 's/^mem=shmhuge$/mem=mmaphuge/' h.fio
		[ "$(calls fio h.fio | grep -c '^mmap [0-9]* MAP_PRIVATE|MAP_ANONYMOUS|MAP_HUGETLB -1$')" = 2 ] || fail "fio's mmaphuge: $(cat "$T/st.mem")"
		[ "$(calls "$IOBENCH" h.fio --quiet | grep -c '^mmap 2097152 MAP_PRIVATE|MAP_ANONYMOUS|MAP_HUGETLB -1$')" = 2 ] || fail "mmaphuge: $(cat "$T/st.mem")"
	fi
	echo "$HUGE_WAS" > /proc/sys/vm/nr_hugepages && HUGE_WAS=""
else
	skip_case "huge pages (needs root and room for nr_hugepages)"
fi
case_ input "mem=, iomem_align: cudamalloc (the rdma engine's), unknown kinds, a file on a kind without one, an empty file, a huge-page file off hugetlbfs, one file for two jobs, too large an alignment: refused by name before any file is made"
for v in mem=cudamalloc mem=heap mem=shm:/x mem=mmap: iomem_align=2g iomem_align=x; do
	job b "$v"
	run_rc 2 b.fio
	grep -q "$v: " "$T/err" || fail "$v: $(cat "$T/err")"
done
printf '[b]\nfilename=%s\nrw=read\nsize=64k\nmem=mmaphuge:%s\n' "$T/new.dat" "$T/h.buf" > b.fio
run_rc 2 b.fio
grep -q "job 'b': mem=mmaphuge:$T/h.buf: '$T' is not on a hugetlbfs file system" "$T/err" || fail "mmaphuge off hugetlbfs: $(cat "$T/err")"
[ ! -e new.dat ] && [ ! -e h.buf ] || fail "a refused mem= made a file"
printf '[b]\nfilename=%s\nrw=read\nsize=64k\nmem=mmap:%s\n[c]\nfilename=%s\nrw=read\nsize=64k\nmem=mmap:%s\n' "$T/new.dat" "$T/m.buf" "$T/new.dat" "$T/m.buf" > b.fio
run_rc 2 b.fio
grep -q "job 'c': mem=...:$T/m.buf: job 'b' of its group maps that file too" "$T/err" || fail "one mem file, two jobs: $(cat "$T/err")"
case_ guard "mem=mmap:FILE on a file iobench did not make: refused (fio sizes it to the buffers) unless --overwrite, the file left as it was; with --overwrite it is used and kept"
head -c 100000 /dev/urandom > mine.buf
sum=$(md5sum < mine.buf)
job m "mem=mmap:$T/mine.buf"
run_rc 2 m.fio
grep -q "job 'm': mem=mmap:$T/mine.buf: the file exists, and fio sizes it to the buffers (its data gone): give a new file, or --overwrite" "$T/err" ||
	fail "an existing mem file: $(cat "$T/err")"
same_bytes mine.buf "$sum"
run_ok m.fio --overwrite
[ -e mine.buf ] || fail "--overwrite: the user's mem file was removed"

# --- cpus_allowed, cpumask, cpus_allowed_policy
# cpus PID: the Cpus_allowed_list of each of PID's threads but the first (iobench's I/O threads), sorted
cpus() { for f in /proc/"$1"/task/*/status; do [ "$f" = "/proc/$1/task/$1/status" ] || awk '/^Cpus_allowed_list:/ { print $2 }' "$f"; done | sort | tr '\n' ' '; }
# fio_cpus JOB: fio's job processes' Cpus_allowed_list, sorted, once each has started reading
fio_cpus() {
	fio "$1" >/dev/null 2>&1 &
	fpid=$!
	i=0
	while [ $i -lt 100 ]; do
		kids=$(pgrep -P $fpid | tr '\n' ' ')
		n=0; for k in $kids; do [ "$(awk '/^rchar:/ { print $2 }' /proc/$k/io 2>/dev/null || echo 0)" -gt 0 ] && n=$((n + 1)); done
		[ "$n" -ge "$2" ] && break
		i=$((i + 1)); sleep 0.1
	done
	for k in $kids; do awk '/^Cpus_allowed_list:/ { print $2 }' /proc/$k/status; done | sort | tr '\n' ' '
	wait $fpid
}
[ "$(nproc)" -ge 2 ] || skip_rest "cpus_allowed and sqthread_poll_cpu: need 2 CPUs"
case_ effect "cpus_allowed, cpumask, cpus_allowed_policy: each I/O thread's CPUs while the job runs (Cpus_allowed_list), shared and split as fio's, beside fio's job processes"
for c in "cpus_allowed=0::0 0 " "cpus_allowed=1::1 1 " "cpus_allowed=0-1:cpus_allowed_policy=split:0 1 " \
	 "cpus_allowed=0,1:cpus_allowed_policy=shared:0-1 0-1 " "cpumask=2::1 1 " "cpumask=0x3:cpus_allowed_policy=split:0 1 "; do
	o1=${c%%:*} rest=${c#*:} o2=${rest%%:*} want=${rest#*:}
	job c "$o1" $o2
	while_running c.fio cpus
	[ "$(cat "$T/seen")" = "$want" ] || fail "$o1 $o2: threads on '$(cat "$T/seen")', wanted '$want'"
	if have_fio; then
		got=$(fio_cpus c.fio 2)
		[ "$got" = "$want" ] || fail "$o1 $o2: fio's processes on '$got', iobench's threads on '$want'"
	fi
done
have_fio || skip_case "cpus_allowed beside fio (no fio)"
# split goes on over the run's threads, as fio's thread numbers: the second job's thread is the third (CPU 0)
job c cpus_allowed=0-1 cpus_allowed_policy=split
printf '[k]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\ntime_based\nruntime=2\ncpus_allowed=0-1\ncpus_allowed_policy=split\n' "$T/a.dat" >> c.fio
while_running c.fio cpus
[ "$(cat "$T/seen")" = "0 0 1 " ] || fail "split over two jobs: '$(cat "$T/seen")'"
if have_fio; then
	got=$(fio_cpus c.fio 3)
	[ "$got" = "0 0 1 " ] || fail "split over two jobs: fio's on '$got'"
fi
case_ effect "cpus_allowed beside iobench's pinning: a job with it runs where it says whatever --affinity says; a job without it is pinned as before (round-robin), or not with --no-affinity"
job c
while_running c.fio cpus
[ "$(cat "$T/seen")" = "0 1 " ] || fail "no cpus_allowed: iobench's round-robin pinning gone: '$(cat "$T/seen")'"
job c cpus_allowed=0
run_bg "$T/bg.out" "$T/bg.err" c.fio --affinity=1 --eta=never
[ "$(cpus $BG)" = "0 0 " ] || fail "cpus_allowed=0 with --affinity=1: '$(cpus $BG)'"
wait $BG || fail "--affinity=1: $(cat "$T/bg.err")"
printf '[k]\nfilename=%s\nrw=read\nbs=4k\nioengine=psync\ntime_based\nruntime=2\n' "$T/a.dat" >> c.fio
run_bg "$T/bg.out" "$T/bg.err" c.fio --no-affinity --eta=never
[ "$(cpus $BG)" = "0 0 0-1 " ] || fail "a job with cpus_allowed=0 and one without, --no-affinity: '$(cpus $BG)'"
wait $BG || fail "--no-affinity: $(cat "$T/bg.err")"
case_ input "cpus_allowed, cpumask, cpus_allowed_policy: malformed values, an empty mask, a CPU this process may not use: refused by name, before any file is made"
for v in cpus_allowed=x cpus_allowed=3-1 cpus_allowed= cpumask=0 cpumask=x cpumask=0x100000000 cpus_allowed_policy=both; do
	job b "$v"
	run_rc 2 b.fio
	grep -q "${v%%=*}=${v#*=}: \|${v%%=*}: the value is empty\|${v%%=*}=: the value is empty" "$T/err" || fail "$v: $(cat "$T/err")"
done
printf '[b]\nfilename=%s\nrw=read\nsize=64k\ncpus_allowed=0,1000\n' "$T/new.dat" > b.fio
run_rc 2 b.fio
grep -q "job 'b': cpus_allowed: CPU 1000 is not one this process may run on" "$T/err" || fail "CPU 1000: $(cat "$T/err")"
[ ! -e new.dat ] || fail "a refused cpus_allowed laid its file down"

# --- io_uring: registerfiles, fixedbufs, nonvectored, force_async, sqthread_poll_cpu
# sqes CMD...: what the SQEs CMD submits are, as the kernel's io_uring_submit_req tracepoint
# sees them (a tracefs instance of this test's own, following CMD and its children): one
# "COUNT OPCODE FLAGS" line each, FLAGS the low byte of the request's (1: fixed file, 10: async)
sqes() {
	if [ -z "$TRI" ]; then
		mkdir -p "$T/tracefs"
		mount -t tracefs nodev "$T/tracefs" 2>/dev/null || return 1
		MOUNTS="$MOUNTS $T/tracefs"
		TRI=$T/tracefs/instances/iobench-t37-$$
		mkdir "$TRI" || return 1
		trap at_exit EXIT
		for e in io_uring/io_uring_submit_req sched/sched_process_fork sched/sched_process_exit; do
			echo 1 > "$TRI/events/$e/enable" || return 1
		done
		echo 1 > "$TRI/options/event-fork" || return 1
	fi
	echo > "$TRI/trace"
	sh -c 'echo $$ > "$1"; echo $$ > "$2"; shift 2; exec "$@"' sh "$TRI/set_event_pid" "$T/root.pid" \
		"$@" >/dev/null 2>&1 || return 1
	# only the tasks of CMD's own tree, from their fork to their exit (a pid may be reused)
	awk -v root="$(cat "$T/root.pid")" 'BEGIN { mine[root] = 1 }
		{ task = $1; sub(/.*-/, "", task) }
		/sched_process_fork:/ && mine[task] { c = $0; sub(/.*child_pid=/, "", c); sub(/ .*/, "", c); mine[c] = 1 }
		/sched_process_exit:/ { c = $0; sub(/.* pid=/, "", c); sub(/ .*/, "", c); delete mine[c] }
		/io_uring_submit_req:/ && mine[task] { print }' "$TRI/trace" |
		sed -n 's/.*opcode \([A-Z_]*\), flags 0x[0-9a-f]*\([0-9a-f][0-9a-f]\), sq_thread.*/\1 \2/p' |
		sort | uniq -c | awk '{ print $1, $2, $3 }' | tr '\n' ';'
}
uring() {
	printf '[u]\nfilename=%s\nrw=read\nbs=4k\nioengine=io_uring\niodepth=4\nsize=64k\n' "$T/a.dat" > u.fio
	for o in "$@"; do echo "$o" >> u.fio; done
}
if [ "$(id -u)" = 0 ] && uring && sqes "$IOBENCH" u.fio --quiet > "$T/sq" && [ -s "$T/sq" ]; then
	case_ effect "registerfiles, fixedbufs, nonvectored, force_async: the SQEs' opcodes and flags (io_uring_submit_req), as fio's for the same job: nothing registered by default, fixed files, READ_FIXED, READV, IOSQE_ASYNC on every N-th"
	for c in ":16 READ 00;" "registerfiles:16 READ 01;" "fixedbufs:16 READ_FIXED 00;" \
		 "nonvectored=0:16 READV 00;" "nonvectored=1:16 READ 00;" "force_async=2:8 READ 00;8 READ 10;" \
		 "force_async=4 registerfiles:12 READ 01;4 READ 11;" "fixedbufs registerfiles nonvectored=0:16 READ_FIXED 01;"; do
		o=${c%%:*} want=${c#*:}
		uring $o
		got=$(sqes "$IOBENCH" u.fio --quiet) || fail "$o: iobench failed"
		[ "$got" = "$want" ] || fail "$o: iobench's SQEs '$got', wanted '$want'"
		if have_fio; then
			got=$(sqes fio u.fio) || fail "$o: fio failed"
			[ "$got" = "$want" ] || fail "$o: fio's SQEs '$got', iobench's '$want'"
		fi
	done
	have_fio || skip_case "the SQEs beside fio's (no fio)"
	# writes too: on a file iobench makes
	printf '[w]\nfilename=%s\nrw=write\nbs=4k\nioengine=io_uring\niodepth=4\nsize=64k\nfixedbufs\nforce_async=8\n' "$T/w.dat" > w.fio
	got=$(sqes "$IOBENCH" w.fio --quiet) || fail "fixedbufs writes: iobench failed"
	[ "$got" = "14 WRITE_FIXED 00;2 WRITE_FIXED 10;" ] || fail "fixedbufs, force_async=8 writes: '$got'"
else
	skip_case "io_uring's SQEs (needs root, tracefs and its io_uring events)"
fi
case_ effect "sqthread_poll registers the files (as fio's: strace sees IORING_REGISTER_FILES); sqthread_poll_cpu puts the SQ thread on that CPU (its Cpus_allowed_list while the job runs), beside fio's"
# sqthread PID: the Cpus_allowed_list of PID's SQ poll threads (iou-sqp), or of its children's
sqthread() {
	for p in "$1" $(pgrep -P "$1"); do grep -l "^Name:.*iou-sqp" /proc/"$p"/task/*/status 2>/dev/null; done |
		xargs -r awk '/^Cpus_allowed_list:/ { print $2 }' | sort -u | tr '\n' ' '; }
printf '[q]\nfilename=%s\nrw=read\nbs=4k\nioengine=io_uring\niodepth=4\ntime_based\nruntime=2\nsqthread_poll\nsqthread_poll_cpu=1\n' "$T/a.dat" > q.fio
run_bg "$T/bg.out" "$T/bg.err" q.fio --eta=never
i=0; while [ $i -lt 30 ] && [ -z "$(sqthread $BG)" ]; do i=$((i + 1)); sleep 0.1; done
[ "$(sqthread $BG)" = "1 " ] || fail "sqthread_poll_cpu=1: the SQ thread on '$(sqthread $BG)'"
wait $BG || fail "sqthread_poll_cpu: $(cat "$T/bg.err")"
if have_fio; then
	fio q.fio >/dev/null 2>&1 &
	fpid=$!
	i=0; while [ $i -lt 50 ] && [ -z "$(sqthread $fpid)" ]; do i=$((i + 1)); sleep 0.1; done
	got=$(sqthread $fpid)
	wait $fpid
	[ "$got" = "1 " ] || fail "fio's SQ thread on '$got'"
fi
if have_strace; then
	sed -i 's/^sqthread_poll_cpu=1$//; s/runtime=2/runtime=1/' q.fio
	strace -f -e trace=io_uring_register -o "$T/st.iob" "$IOBENCH" q.fio --quiet >/dev/null 2>&1 || fail "sqthread_poll under strace"
	grep -q "IORING_REGISTER_FILES" "$T/st.iob" || fail "sqthread_poll: iobench registered no files: $(cat "$T/st.iob")"
	grep -q "IORING_REGISTER_BUFFERS" "$T/st.iob" && fail "sqthread_poll without fixedbufs: iobench registered its buffers"
	if have_fio; then
		strace -f -e trace=io_uring_register -o "$T/st.fio" fio q.fio >/dev/null 2>&1 || fail "fio sqthread_poll"
		grep -q "IORING_REGISTER_FILES" "$T/st.fio" || fail "fio's sqthread_poll registers no files here"
	fi
else
	skip_case "sqthread_poll's registered files (no strace)"
fi
case_ input "io_uring's options: malformed values, on another engine, sqthread_poll_cpu on a CPU this process may not use, cmd_type (io_uring_cmd's): refused by name before anything runs"
for v in nonvectored=2 nonvectored=x force_async=-1 force_async=x sqthread_poll_cpu=x fixedbufs=2 registerfiles=yes; do
	uring "$v"
	run_rc 2 u.fio
	grep -q "$v: " "$T/err" || fail "$v: $(cat "$T/err")"
done
for v in fixedbufs registerfiles nonvectored=0 force_async=1 sqthread_poll_cpu=0; do
	uring "$v" ioengine=libaio
	run_rc 2 u.fio
	grep -q "job 'u': ${v%%=*} is an option of fio's io_uring engine, and the job's ioengine is libaio" "$T/err" || fail "$v on libaio: $(cat "$T/err")"
done
uring sqthread_poll sqthread_poll_cpu=1000
run_rc 2 u.fio
grep -q "job 'u': sqthread_poll_cpu: CPU 1000 is not one this process may run on" "$T/err" || fail "sqthread_poll_cpu=1000: $(cat "$T/err")"
uring cmd_type=nvme
run_rc 2 u.fio
grep -q "cmd_type=nvme: an option of fio's io_uring_cmd engine" "$T/err" || fail "cmd_type: $(cat "$T/err")"
uring sqthread_poll_cpu=1
run_ok u.fio
grep -q "sqthread_poll_cpu has no effect without sqthread_poll (as in fio)" "$T/err" || fail "sqthread_poll_cpu alone: no notice: $(cat "$T/err")"
exit 0
