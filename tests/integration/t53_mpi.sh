# Description: iobench under mpirun (OpenMPI): four ranks, one merged result whose totals
# are the ranks' sums and whose percentiles are those of their histograms summed; distinct
# hosts simulated by an rsh agent that starts each "remote" rank in its own UTS namespace
# (its own host name), files per rank and host, device counters per machine; a rank that
# fails its checks stops all before any I/O; a stop on one rank and Ctrl-C on mpirun stop
# every rank with partial results and the created files removed; a rank that dies, and one
# whose device fails (faultfs), end the run for all, named in the merged result.
# Alone: mpirun with 4 ranks, and it finds the ranks among every iobench process running
. "$(dirname "$0")/lib.sh"

command -v mpirun >/dev/null || skip "mpirun (openmpi-bin) is not installed"
"$IOBENCH" --version | grep -q '^mpi: Open MPI' || skip "this iobench was built without MPI"
CHECK="python3 $(dirname "$0")/mpi_check.py"
MPI="mpirun --allow-run-as-root --oversubscribe"
cd "$T" || exit 1
if ldd "$IOBENCH" | grep -q libasan; then
	# OpenMPI's own allocations, in components it unloads, leave leaks no suppression can name
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	skip_case "leak detection in the ranks under ASan (OpenMPI's leaks cannot be told from iobench's; test_merge checks the merge's memory)"
fi

# mpi OUT ARGS...: iobench under mpirun (options before it in MPIOPT); rank 0's output in
# OUT, its messages and mpirun's in OUT.err; the exit code in $rc.
MPIOPT="-np 4"
# rank_pid N: the process of rank N of the running job (its OMPI_COMM_WORLD_RANK)
rank_pid() {
	for p in $(pgrep -f -- "^$IOBENCH "); do
		tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1" &&
			{ echo "$p"; return; }
	done
}
# measuring OUT: waits (up to 60 s) until rank 0 says the run is measuring
measuring() {
	i=0
	while ! grep -q '^iobench: measuring' "$1.err" 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1; i=$((i + 1))
	done
	sleep 0.5
}
mpi() {
	out=$1; shift
	# shellcheck disable=SC2086
	timeout -k 5 120 $MPI $MPIOPT "$IOBENCH" "$@" >"$out" 2>"$out.err"
	rc=$?
	[ "$rc" != 124 ] || { cat "$out.err"; fail "mpirun did not end within 120 s: iobench $*"; }
}

say "4 ranks, count-based on the null engine: totals the exact sums, merged percentiles those of the ranks' histograms summed"
mpi r1 --engine=null --ios=20000 -W0 -D100 -t2 -o4 -b4K -w30 -Rjson x
[ "$rc" = 0 ] || { cat r1.err; fail "mpirun exited $rc"; }
[ "$(jq '.results.total.read.ios + .results.total.write.ios' r1)" = 160000 ] ||
	fail "merged I/Os $(jq '.results.total' r1)"
[ "$(jq .thread_count r1)" = 8 ] || fail "thread count $(jq .thread_count r1)"
$CHECK r1 4 40000 || fail "merged result"
[ "$(grep -c . r1.err)" = 1 ] || { cat r1.err; fail "the ranks other than 0 spoke"; }
jq -e '[.hosts.ranks[].rank] == [0, 1, 2, 3]' r1 >/dev/null || fail "ranks $(jq -c '[.hosts.ranks[].rank]' r1)"
"$IOBENCH" report r1 > again.txt || fail "report of the merged result"
grep -q '^Hosts: 4 MPI ranks' again.txt || fail "no hosts table in the report read back"

say "... time-based with a warm-up: the ranks' windows are one window; text, fio-json, HTML from the same merged result"
mpi r2 --engine=null -d1 -W0.2 -t1 -o2 -b4K -r --json=r2.json x
[ "$rc" = 0 ] || { cat r2.err; fail "mpirun exited $rc"; }
$CHECK r2.json 4 || fail "merged result, time-based"
grep -q '^Hosts: 4 MPI ranks' r2 || fail "no hosts table"
jq -e '[.hosts.ranks[].window_s] | all(. > 0.99 and . < 1.01)' r2.json >/dev/null ||
	fail "the ranks' windows: $(jq -c '[.hosts.ranks[].window_s]' r2.json)"
printf '[g]\nioengine=null\nsize=16m\nbs=4k\nrw=randread\nnumjobs=2\n' > j.fio
mpi f1 j.fio --output-format=json
[ "$rc" = 0 ] || { cat f1.err; fail "mpirun exited $rc on a job file"; }
[ "$(jq '.jobs | length' f1)" = 8 ] || fail "fio-json lists $(jq '.jobs | length' f1) jobs, want each rank's 2"
[ "$(jq '[.jobs[].read.total_ios] | add' f1)" = 32768 ] || fail "fio-json's I/Os $(jq '[.jobs[].read.total_ios]' f1)"
printf '[global]\nsize=4m\nbs=4k\ndirect=1\nfilename=%s/j.%%r.dat\n[w]\nrw=randwrite\n[r]\nstonewall\nrw=randread\n' "$T" > g.fio
mpi g1 g.fio --output-format=json
[ "$rc" = 0 ] || { cat g1.err; fail "mpirun exited $rc on a job file of two groups"; }
[ "$(jq '[.jobs[] | select(.jobname == "w") | .write.total_ios] | add' g1)" = 4096 ] ||
	fail "group 1's writes: $(jq -c '[.jobs[] | {jobname, w: .write.total_ios}]' g1)"
[ "$(jq '[.jobs[] | select(.jobname == "r") | .read.total_ios] | add' g1)" = 4096 ] ||
	fail "group 2's reads: $(jq -c '[.jobs[] | {jobname, r: .read.total_ios}]' g1)"
[ ! -e 'j.%r.dat' ] || fail "a file named with the %r itself"
mpi s1 sweep --qd=1,2 --engine=null -d0.3 -W0 -r -b4K --json=s1.json x
[ "$rc" = 0 ] || { cat s1.err; fail "mpirun exited $rc on a sweep"; }
jq -e '(.points | length == 2) and ([.points[] | .result.hosts.count == 4] | all)' s1.json >/dev/null ||
	fail "the sweep's points are not merged results of 4 ranks"
jq -e '[.points[].result | .results.total.total.ios == ([.hosts.ranks[].ios] | add)] | all' s1.json >/dev/null ||
	fail "a sweep point's total is not its ranks' sum"
mpi r2b --engine=null -d1 -W0.2 -t1 -o2 -b4K -r --json=r2b.json x
"$IOBENCH" compare -Rjson r2.json r2b.json > cmp.json || fail "compare of two merged results"
jq -e --argjson a "$(jq .results.total.total.iops r2.json)" --argjson b "$(jq .results.total.total.iops r2b.json)" \
	'.points[0] | (.key | test("threads=4 ")) and ([.metrics[] | select(.name == "IOPS") | .values] == [[$a, $b]])' \
	cmp.json >/dev/null || { head -c 1500 cmp.json; fail "compare does not show the two merged results' IOPS"; }
mkdir pd
mpi p2 preset crystaldiskmark-peak --size=16M -d0.2 -W0 --pause=0 --json=p2.json "$T/pd"
[ "$rc" = 0 ] || { cat p2.err; fail "mpirun exited $rc on a preset"; }
jq -e '(.points | length == 4) and ([.points[] | .result.hosts.count == 4 and .result.targets[0].shared_by == 4] | all)' p2.json >/dev/null ||
	fail "the preset's points are not merged results of 4 ranks on its one shared file"
[ -z "$(ls pd)" ] || fail "the preset's file was left: $(ls pd)"
if command -v chromium >/dev/null && "$IOBENCH" --engine=null -d0.1 --html=/dev/null x >/dev/null 2>&1; then
	mpi h1 --engine=null -d1 -W0 -t1 -o2 -b4K -r --json=h1.json --html=h1.html x
	[ "$rc" = 0 ] || { cat h1.err; fail "mpirun exited $rc with --html"; }
	python3 "$(dirname "$0")/browser.py" h1.html --docs h1.json || fail "the merged result's page"
else
	skip_case "the merged result's HTML page: no chromium or no HTML report in this build"
fi

say "simulated hosts (an rsh agent and UTS namespaces): per-host files, names, device counters per machine"
unshare --uts true 2>/dev/null || skip_rest "cannot make a UTS namespace here (unshare --uts)"
cat > agent <<'EOF'
#!/bin/sh
# OpenMPI's rsh agent: "agent HOST COMMAND": the command in a UTS namespace named HOST
h=$1; shift
exec unshare --uts sh -c 'hostname "$0"; exec sh -c "$*"' "$h" "$@"
EOF
chmod +x agent
printf 'node1 slots=2\nnode2 slots=2\n' > hostfile
MPIOPT="-np 4 --hostfile hostfile --mca plm_rsh_agent $T/agent"
mpi r3 -c8M -d1 -W0 -t1 -o2 -b4K -r -w30 -Sh --json=r3.json "$T/f.%h.%l.dat"
[ "$rc" = 0 ] || { cat r3.err; fail "mpirun over the agent exited $rc"; }
jq -e '[.hosts.ranks[].name] == ["node1", "node1", "node2", "node2"]' r3.json >/dev/null ||
	fail "host names $(jq -c '[.hosts.ranks[].name]' r3.json)"
jq -e '[.hosts.ranks[].local_rank] == [0, 1, 0, 1]' r3.json >/dev/null || fail "local ranks"
$CHECK r3.json 4 || fail "merged result over simulated hosts"
[ -z "$(ls "$T" | grep '^f\.')" ] || fail "files left: $(ls "$T")"
grep -q "MPI ranks: 4: node1, node1, node2, node2" r3 || fail "system information names no hosts"
# the clock warnings, from the model (one machine has one clock): node2's wall clock 50 ms off, node1 woke 30 ms late
! jq -e '.warnings[] | select(.code == "host_clock_offset")' r3.json >/dev/null || fail "a clock offset on one machine"
jq '.model.result.hosts[2].wall_offset_ns = 50000000 | .model.result.hosts[1].start_late_ns = 30000000' r3.json > r3c.json
"$IOBENCH" report -Rjson r3c.json > r3w.json || fail "report of the edited merged result"
jq -e '[.warnings[] | select(.code == "host_clock_offset") | .message] | length == 1 and
	(.[0] | test("^host node2'"'"'s wall clock is 50\\.000 ms \\(\\+-[0-9.]+\\) off rank 0'"'"'s"))' r3w.json >/dev/null ||
	fail "host_clock_offset: $(jq -c '[.warnings[] | select(.code | startswith("host_"))]' r3w.json)"
jq -e '[.warnings[] | select(.code == "host_start_skew") | .message] | length == 1 and
	(.[0] | test("^host node1 may have started [0-9.]+ ms off the others .* it woke 30\\.000 ms late"))' r3w.json >/dev/null ||
	fail "host_start_skew: $(jq -c '[.warnings[] | select(.code | startswith("host_"))]' r3w.json)"
# one kernel under both names: one machine, its disk's counters held against the four ranks' I/O
grep -q '^host node2 (rank 3): Devices' r3 || fail "no device facts of node2's rank 3"
[ "$(grep -c '^Device counters over the measured window' r3)" = 1 ] || fail "the machine's disk shown more than once"
[ "$(jq '.devices[0].crosscheck.app_ios' r3.json)" = "$(jq '.results.total.total.ios' r3.json)" ] ||
	fail "the disk's cross-check is not against all four ranks' I/O: $(jq -c '.devices[0].crosscheck' r3.json)"
mpi r3h -c8M -d1 -W0 -t1 -o2 -b4K -r -w30 -Sh --json=r3h.json "$T/h.%h.dat"
[ "$rc" = 0 ] || { cat r3h.err; fail "mpirun exited $rc on a file per host"; }
jq -e '.hosts.ranks | map(.ranges[0]) == [[0, 4194304], [4194304, 8388608], [0, 4194304], [4194304, 8388608]]' r3h.json >/dev/null ||
	fail "a file per host, split between its two ranks: $(jq -c '[.hosts.ranks[].ranges]' r3h.json)"
[ -z "$(ls h.* 2>/dev/null)" ] || fail "files left: $(ls h.*)"
# a directory each host has of its own (a mount namespace with a tmpfs on it): not shared
mkdir own
cat > agent2 <<EOF
#!/bin/sh
# as agent, and each host its own tmpfs on $T/own
h=\$1; shift
exec unshare --uts --mount sh -c 'hostname "\$0"; mount -t tmpfs own "$T/own"; exec sh -c "\$*"' "\$h" "\$@"
EOF
chmod +x agent2
if unshare --mount sh -c "mount -t tmpfs own '$T/own'" 2>/dev/null; then
	MPIOPT="-np 4 --hostfile hostfile --mca plm_rsh_agent $T/agent2"
	mpi r3n -c8M -d1 -W0 -t1 -o2 -b4K -r "$T/own/f.dat"
	[ "$rc" != 0 ] || fail "a file not every host sees was taken as shared"
	grep -q "^iobench: host node2 (rank 2): '$T/own/f.dat' is not there, though the ranks share it" r3n.err ||
		{ cat r3n.err agent2; fail "no word on a file system the hosts do not share"; }
	MPIOPT="-np 4 --hostfile hostfile --mca plm_rsh_agent $T/agent"
else
	skip_case "a file system the hosts do not share: cannot mount a tmpfs in a mount namespace"
fi
if [ "$(id -u)" = 0 ]; then
	new_loop 32; L1=$LOOP; new_loop 32; L2=$LOOP
	ln -s "$L1" dev.node1
	ln -s "$L2" dev.node2
	printf 'node1 slots=1\nnode2 slots=1\n' > hostfile1
	MPIOPT="-np 2 --hostfile hostfile1 --mca plm_rsh_agent $T/agent"
	mpi r4 -d1 -W0 -t1 -o2 -b4K -r -w0 -Sh --json=r4.json "$T/dev.%h"
	[ "$rc" = 0 ] || { cat r4.err; fail "mpirun on loop devices exited $rc"; }
	[ "$(jq '[.devices[] | select(.crosscheck != null)] | length' r4.json)" = 2 ] ||
		fail "devices: $(jq -c '[.devices[] | {host, name}]' r4.json)"
	jq -r '.devices[] | [.host, .crosscheck.app_ios, .crosscheck.device_ios] | @tsv' r4.json |
		while read -r h app dev; do
			within "$dev" "$app" 2 || fail "host $h: the device counted $dev reads, its rank did $app"
		done || exit 1
	$CHECK r4.json 2 || fail "merged result on devices"
else
	skip_case "device counters per machine: loop devices need root"
fi

say "a rank that fails its checks: every rank stops before any I/O, the message names its host, nothing created"
MPIOPT="-np 4"
mkdir d0 d1 d2
mpi r5 -c8M -d1 -W0 -r -b4K "$T/d%r/f.dat"
[ "$rc" != 0 ] || fail "mpirun exited 0 with rank 3's directory missing"
grep -q "^iobench: host $(hostname) (rank 3): .*d3/f.dat" r5.err || { cat r5.err; fail "the message does not name rank 3 and its target"; }
[ -z "$(find d0 d1 d2 -type f)" ] || fail "files created: $(find d0 d1 d2 -type f)"
[ ! -s r5 ] || fail "a report was printed"
mpi r6 -c8M -d1 -W0 -r -b4K "$T/mixed.dat" "$T/mixed.%h.dat"
[ "$rc" != 0 ] || fail "a target shared by every rank beside one shared by each host's"
grep -q "all shared by every rank .* or all by each host's ranks" r6.err || { cat r6.err; fail "no word on the mixed sharing"; }
[ -z "$(ls mixed.* 2>/dev/null)" ] || fail "files created: $(ls mixed.*)"
mpi r6v -c8M -d1 -W0 -r -b4K -w50 --verify "$T/same.dat"
grep -q "^iobench: host .*--verify with '$T/same.dat' shared by the ranks" r6v.err || { cat r6v.err; fail "--verify on a shared file was not refused"; }
[ ! -e same.dat ] || fail "same.dat created"
mpi r7 --engine=null -d1 -W0 -r -b4K --offset-trace=tr x
grep -q "offset-trace.*under mpirun" r7.err || { cat r7.err; fail "--offset-trace under mpirun was not refused"; }

say "a target every rank shares: its range split in slices, each rank's written once; rank 0 makes it, the others open it after"
mpi p1 -c8M -d1 -b64K -w100 --print-workload "$T/same.dat"
[ "$rc" = 0 ] || { cat p1.err; fail "--print-workload exited $rc"; }
grep -q "rank 3 ($(hostname)): '$T/same.dat', bytes 6291456 to 8388608, slice 4 of the 4 that every rank shares" p1 ||
	{ cat p1; fail "--print-workload does not show rank 3's slice"; }
[ ! -e same.dat ] || fail "--print-workload created same.dat"
head -c 16777216 /dev/zero > zero.dat
printf '[w]\nfilename=%s/zero.dat\nrw=write\nbs=64k\nsize=16m\nioengine=psync\n' "$T" > share.fio
mpi sh1 share.fio --overwrite --output-format=json
[ "$rc" = 0 ] || { cat sh1.err; fail "mpirun exited $rc on a shared file"; }
[ "$(jq -c '[.jobs[].write.io_bytes]' sh1)" = "[4194304,4194304,4194304,4194304]" ] ||
	fail "each rank's writes: $(jq -c '[.jobs[].write.io_bytes]' sh1), want a quarter of size=16m"
# 256 writes of 64 KiB in all and not one 64 KiB block left zero: each block written once
# (the count printed, the status 0 or 1: 256 zero blocks would wrap an exit status to 0)
python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); z = bytes(65536)
n = sum(d[i:i + 65536] == z for i in range(0, len(d), 65536)); print(n, "zero blocks"); sys.exit(1 if n else 0)' zero.dat ||
	fail "blocks of the shared file no rank wrote: the slices overlap or leave gaps"
mpi sh2 -c8M -d1 -W0 -t1 -o2 -b4K -r -w50 -Sh --json=sh2.json "$T/made.dat"
[ "$rc" = 0 ] || { cat sh2.err; fail "mpirun exited $rc on a file the ranks share"; }
[ "$(grep -c "^iobench: creating '$T/made.dat'" sh2.err)" = 1 ] || { cat sh2.err; fail "rank 0 did not say it made the file"; }
jq -e '.hosts.ranks | map(.ranges[0]) == [[0, 2097152], [2097152, 4194304], [4194304, 6291456], [6291456, 8388608]]' sh2.json >/dev/null ||
	fail "the ranks' slices: $(jq -c '[.hosts.ranks[].ranges]' sh2.json)"
jq -e '(.targets[0].shared_by == 4) and ([.hosts.ranks[].ios] | all(. > 0))' sh2.json >/dev/null ||
	fail "the shared file's entry: $(jq -c '.targets[0] | {shared_by, range_start, range_end}' sh2.json)"
grep -q "^target 1 '$T/made.dat': shared by 4 ranks, each on its slice of the range: rank 0 0 to 2MiB, rank 1 2MiB to 4MiB" sh2 ||
	fail "the text report does not show the slices"
[ ! -e made.dat ] || fail "made.dat left after the run"
$CHECK sh2.json 4 || fail "merged result on a shared file"
printf '[global]\nfilename=%s/jf.dat\nsize=8m\nbs=4k\n[w]\nrw=write\n[r]\nstonewall\nrw=randread\n' "$T" > jf.fio
mpi sh4 jf.fio --output-format=json
[ "$rc" = 0 ] || { cat sh4.err; fail "mpirun exited $rc on a job file of two groups on a file the ranks share"; }
[ "$(jq -c '[.jobs[] | select(.jobname == "w") | .write.io_bytes]' sh4)" = "[2097152,2097152,2097152,2097152]" ] ||
	fail "group 1's writes: $(jq -c '[.jobs[] | {jobname, w: .write.io_bytes}]' sh4)"
[ "$(jq -c '[.jobs[] | select(.jobname == "r") | .read.io_bytes]' sh4)" = "[2097152,2097152,2097152,2097152]" ] ||
	fail "group 2's reads: $(jq -c '[.jobs[] | {jobname, r: .read.io_bytes}]' sh4)"
[ ! -e jf.dat ] || fail "jf.dat left after the job file"
if [ "$(id -u)" = 0 ]; then
	new_loop 32; LS=$LOOP
	mpi sh3 -d1 -W0 -t1 -o2 -b64K -w100 -Sh --allow-device-write --json=sh3.json "$LS"
	[ "$rc" = 0 ] || { cat sh3.err; fail "mpirun exited $rc on a device the ranks share"; }
	jq -e '.hosts.ranks | map(.ranges[0]) == [[0, 8388608], [8388608, 16777216], [16777216, 25165824], [25165824, 33554432]]' sh3.json >/dev/null ||
		fail "the device's slices: $(jq -c '[.hosts.ranks[].ranges]' sh3.json)"
	app=$(jq '.devices[0].crosscheck.app_ios' sh3.json); dev=$(jq '.devices[0].crosscheck.device_ios' sh3.json)
	[ "$app" = "$(jq '.results.total.total.ios' sh3.json)" ] || fail "the device's cross-check is not against all four ranks' I/O"
	within "$dev" "$app" 2 || fail "the shared device counted $dev writes, the ranks did $app"
else
	skip_case "a device the ranks share: loop devices need root"
fi

say "a stop on one rank stops them all: partial results, merged; Ctrl-C on mpirun: the same, files removed"
mpi r8 --engine=null -d60 -W0 -t1 -o2 -b4K -r --json=r8.json x &
measuring r8
rank2=$(rank_pid 2)
[ -n "$rank2" ] || fail "no rank to stop"
kill -INT "$rank2"
wait
jq -e '.interrupted and (.complete | not)' r8.json >/dev/null || fail "not marked partial"
jq -e '[.hosts.ranks[].interrupted] | all' r8.json >/dev/null || fail "a rank went on"
jq -e '.test_time_s < 30' r8.json >/dev/null || fail "ran $(jq .test_time_s r8.json) s"
$CHECK r8.json 4 || fail "partial merged result"
# mpirun ends a job with SIGCONT, SIGTERM a second later, SIGKILL a second after that: three
# here, so that what is checked is what the ranks do on the SIGTERM (stop, merge within
# 0.5 s, remove their files), not how fast this machine does it (and a rank killed is found
# by mpirun's SIGTERM, 3 s on, before the others find it silent, 5 s on)
SLOWKILL="--mca odls_base_sigkill_timeout 3"
MPIOPT="-np 4 $SLOWKILL"
mpi r9 -c8M -d60 -W0 -t1 -o2 -b4K -r -Sh --json=r9.json "$T/g.%r.dat" &
measuring r9
kill -INT "$(pgrep -f -- "^mpirun .*$IOBENCH -c8M -d60")"
wait
jq -e '.interrupted and ([.hosts.ranks[] | .interrupted] | all)' r9.json >/dev/null ||
	{ cat r9.err; fail "Ctrl-C on mpirun: not a partial merged result of every rank"; }
$CHECK r9.json 4 || fail "the merged result after Ctrl-C on mpirun"
[ -z "$(ls g.*.dat 2>/dev/null)" ] || fail "files left after Ctrl-C: $(ls g.*)"

say "a rank that dies: with mpirun --enable-recovery the others find it silent, stop, and report without it, naming it"
MPIOPT="-np 4 --enable-recovery"
mpi k1 --engine=null -d60 -W0 -t1 -o2 -b4K -r --json=k1.json x &
measuring k1
kill -KILL "$(rank_pid 2)"
wait
jq -e '.complete == false and (.error | test("rank 2\\): lost: no word from it"))' k1.json >/dev/null ||
	{ cat k1.err; fail "the lost rank is not named: $(jq -c '{complete, error}' k1.json)"; }
jq -e '[.hosts.ranks[] | select(.rank != 2) | .interrupted] | all' k1.json >/dev/null ||
	fail "the others did not stop"
jq -e '.hosts.ranks[2] | .failed and .ios == 0' k1.json >/dev/null || fail "rank 2's entry"
jq -e '.test_time_s < 30' k1.json >/dev/null || fail "they ran $(jq .test_time_s k1.json) s"
$CHECK k1.json 4 || fail "the merged result without rank 2"
# without: mpirun ends the others (SIGTERM); rank 0 reports what came within 0.5 s of it
MPIOPT="-np 4 $SLOWKILL"
mpi k2 --engine=null -d60 -W0 -t1 -o2 -b4K -r --json=k2.json x &
measuring k2
kill -KILL "$(rank_pid 2)"
wait
jq -e '.complete == false and (.error | test("rank 2\\): no result from it within 0.5 s of the stop"))' k2.json >/dev/null ||
	{ cat k2.err; fail "without --enable-recovery: $(jq -c '{complete, error}' k2.json)"; }
jq -e '[.hosts.ranks[] | select(.rank != 2) | .interrupted] | all' k2.json >/dev/null ||
	fail "the others' results: $(jq -c '[.hosts.ranks[] | {rank, interrupted, failed}]' k2.json)"
$CHECK k2.json 4 || fail "the merged result without rank 2 (no --enable-recovery)"

say "a rank that dies before the run, while the files are laid down: the others stop waiting for it, and their files go"
mkdir kd0 kd1 kd2 kd3
mpi k3 -c256M -d5 -W0 -t1 -o2 -b4K -r "$T/kd%r/f.dat" &
i=0
while [ ! -e kd3/f.dat ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
kill -KILL "$(rank_pid 3)"
wait
! grep -q "^iobench: measuring" k3.err || fail "the run began though rank 3 died before it"
[ -z "$(find kd0 kd1 kd2 -type f)" ] || { cat k3.err; fail "files left by the ranks that lived: $(find kd0 kd1 kd2 -type f)"; }
rm -rf kd0 kd1 kd2 kd3

say "an I/O error on one rank stops them all; the merged result names its host, rank and offset"
. "$(dirname "$0")/../helpers/faultfs.sh"
faultfs_start 16
head -c 16777216 /dev/urandom > plain.img
for r in 0 1 3; do ln -sf "$T/plain.img" "$T/e.$r"; done
ln -sf "$FAULTDISK" "$T/e.2"
fault "eio read 8388608 4096"
mpi e1 -d10 -W0 -t1 -o1 -b4K -Sh --json=e1.json "$T/e.%r"
[ "$rc" != 0 ] || fail "mpirun exited 0 after an I/O error"
jq -e '.complete == false and (.error | test("rank 2\\): read error on .* at offset 8388608"))' e1.json >/dev/null ||
	{ cat e1.err; fail "the error: $(jq -c '{complete, error}' e1.json)"; }
jq -e '[.hosts.ranks[] | select(.rank != 2) | .interrupted] | all' e1.json >/dev/null ||
	fail "the others went on: $(jq -c '[.hosts.ranks[] | {rank, interrupted, window_s}]' e1.json)"
jq -e '.test_time_s < 10' e1.json >/dev/null || fail "ran $(jq .test_time_s e1.json) s"
fault "clear"
# one file for all four: only the rank whose slice holds the bad block (12 MiB to 16 MiB: rank 3) meets it
fault "eio read 13631488 4096"
mpi e2 -d30 -W0 -t1 -o1 -b4K -r -Sh --json=e2.json "$FAULTDISK"
[ "$rc" != 0 ] || fail "mpirun exited 0 after an I/O error on the shared file"
jq -e '.complete == false and (.error | test("rank 3\\): read error on .* at offset 13631488"))' e2.json >/dev/null ||
	{ cat e2.err; fail "the error on the shared file: $(jq -c '{complete, error}' e2.json)"; }
jq -e '[.hosts.ranks[] | select(.rank != 3) | .failed | not] | all' e2.json >/dev/null ||
	fail "a rank whose slice does not hold the bad block failed: $(jq -c '[.hosts.ranks[] | {rank, failed, error}]' e2.json)"
fault "clear"
