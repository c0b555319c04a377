#!/bin/sh
# Description: DiskSpd's memory-mapped I/O (-Sm, the mmap engine) and its flush modes (-N):
# the target mapped and never read or written by system call, the data right (--verify),
# one msync per write with -Nv/-Nn (MS_SYNC) and -Ni (MS_ASYNC), none without -N; the
# profile's MemoryMappedIo and FlushType read back by -X; DiskSpd's conflicts refused.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
command -v strace >/dev/null || skip "needs strace"

say "-Sm: the target is mapped, and no pread or pwrite touches it while the run measures"
run_ok -c1M -b4K -w50 -r --ios=200 -Sm --verify --keep --json=v.json f.dat
jq -e ".model.result.engine == \"mmap\"" v.json >/dev/null ||
	fail "not the mmap engine: $(jq -c .model.result.engine v.json)"
jq -e '.model.result.verify.checked > 0 and .model.result.verify.bad == 0' v.json >/dev/null ||
	fail "verification through the mapping: $(jq -c .model.result.verify v.json)"
strace -f -qq -y -e trace=mmap,pread64,pwrite64,preadv2,pwritev2,io_uring_enter -o st.txt \
	"$IOBENCH" -b4K -w50 -r --ios=100 -Sm --keep f.dat >/dev/null 2>&1 || fail "strace run"
grep -q "mmap(NULL, 1048576, PROT_READ|PROT_WRITE, MAP_SHARED, [0-9]*<$T/f.dat>" st.txt ||
	fail "no shared mapping of f.dat: $(grep mmap st.txt | tail -3)"
! grep -E "^[0-9]+ +(pread64|pwrite64|preadv2|pwritev2|io_uring_enter)\([0-9]+<$T/f.dat>" st.txt ||
	fail "system-call I/O on f.dat during a mapped run"

say "-N: one msync a write, MS_SYNC for v and n, MS_ASYNC for i; none without -N"
for c in "v|MS_SYNC" "n|MS_SYNC" "i|MS_ASYNC" "|none"; do
	n=${c%%|*} flag=${c#*|}
	strace -f -qq -e trace=msync -o ms.txt "$IOBENCH" -b4K -w100 --ios=64 -Sm ${n:+-N$n} \
		--keep --json=m.json f.dat >/dev/null 2>&1 || fail "-N$n run"
	writes=$(jq '.results.targets[0].write.ios' m.json)
	if [ "$flag" = none ]; then
		got=$(grep -c "msync(" ms.txt)
		[ "$got" = 0 ] || fail "-Sm without -N: $got msyncs"
	else
		got=$(grep -c "msync(.*$flag" ms.txt)
		[ "$got" = "$writes" ] || fail "-N$n: $got msync($flag) for $writes writes"
	fi
done

say "the profile: <MemoryMappedIo> and <FlushType>, read back by -X to the same workload"
run_ok -Rpxml -Sm -Nn -b8K f.dat
cp "$T/out" p.xml
grep -q "<MemoryMappedIo>true</MemoryMappedIo>" p.xml && grep -q "<FlushType>NonVolatileMemory</FlushType>" p.xml ||
	fail "profile: $(grep -n 'Mapped\|Flush' p.xml)"
run_ok -Rpxml -Xp.xml
cmp -s "$T/out" p.xml || fail "-X of -Rpxml's profile is not the same workload"

say "DiskSpd's conflicts: -Sm with -Su, -Sh, -h or a second -Sm; -N without -Sm; -Sm with write-through"
bad "exclude each other" -Sm -Su f.dat
bad "conflicts with an earlier" -Sh -Sm f.dat
bad "conflicts with an earlier" -Sm -h f.dat
bad "conflicts with an earlier" -Sm -Sm f.dat
bad "goes with memory-mapped" -Nv f.dat
bad "flush mode is v, n or i" -Sm -Nx f.dat
bad "non-temporal" -Smw f.dat
bad "--engine=psync" -Sm --engine=psync f.dat
rm -f f.dat
exit 0
