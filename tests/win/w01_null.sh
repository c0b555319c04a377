#!/bin/sh
# The Windows build's basics under wine: --version says the platform and its engines; the
# null engine's counts are exact (a fio job of known size); JSON and DiskSpd's text layout.
. "$(dirname "$0")/lib.sh"

say "--version: the platform, IOCP the default engine, no MPI"
run_ok --version
grep -q '^platform: windows x86_64$' "$D/out" || fail "platform: $(cat "$D/out")"
grep -q '^engines: iocp, psync, null (default here: iocp)$' "$D/out" || fail "engines: $(cat "$D/out")"
grep -q '^mpi: not built (the Windows build has no MPI' "$D/out" || fail "mpi line"

say "a size-based fio job on the null engine: exactly size/bs I/Os, as fio does"
printf '[j]\nioengine=null\nrw=randwrite\nbs=4k\nsize=64m\nnumjobs=2\n' > "$D/j.fio"
run_ok "$(wpath j.fio)" --output-format=json
[ "$(jq '[.jobs[].write.total_ios] | add' "$D/out")" = 32768 ] || fail "writes: $(jq '[.jobs[].write.total_ios]' "$D/out")"
[ "$(jq '[.jobs[].write.io_bytes] | add' "$D/out")" = 134217728 ] || fail "bytes"

say "DiskSpd's command line, JSON: the run and the machine as Windows reports them"
run_ok --engine=null -d1 -W0 -t2 -o4 -b8K -r -w25 -L "--json=$(wpath r.json)" x
grep -q '^Total IO' "$D/out" || fail "no Total IO table"
grep -q 'kernel:.*Windows' "$D/out" || fail "the kernel line is not Windows'"
jq -e '.host.kernel | startswith("Windows")' "$D/r.json" >/dev/null || fail "json host.kernel"
[ "$(jq -r '.workload.engine' "$D/r.json")" = null ] || fail "json engine"
r=$(jq '.results.total.read.ios' "$D/r.json") w=$(jq '.results.total.write.ios' "$D/r.json")
t=$(jq '.results.total.total.ios' "$D/r.json")
[ "$t" -gt 0 ] && [ $((r + w)) = "$t" ] || fail "reads $r + writes $w != $t"
[ "$(jq '.cpu.per_cpu | length' "$D/r.json")" -ge 1 ] || fail "no CPU rows (NtQuerySystemInformation)"

say "-ag: DiskSpd's processor groups, numbered as the machine's CPUs; a group or CPU it lacks refused"
run_ok -ag0,1 -d1 -W0 --engine=null "--json=$(wpath a.json)" x
jq -e '.workload.affinity == [1]' "$D/a.json" >/dev/null || fail "-ag0,1: $(jq -c '.workload.affinity' "$D/a.json")"
run_rc 2 -ag1,0 -d1 --engine=null x
grep -q "^iobench: -ag1,0: processor group 1: this machine has 1 (0 to 0)$" "$D/err" ||
	skip_case "-ag1,0 on a machine of more than one group: $(cat "$D/err")"
run_rc 2 -ag0,200 -d1 --engine=null x
grep -q "^iobench: -ag0,200: processor group 0 has no CPU 200: it has [0-9]* (0 to [0-9]*)$" "$D/err" ||
	fail "-ag0,200: $(cat "$D/err")"

