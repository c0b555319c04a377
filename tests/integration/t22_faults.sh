# Description: injected faults (faultfs, a FUSE file system the test mounts, and a loop device over
# it): EIO named by offset with the run's real duration, short reads, delays seen as latency, a
# dropped write named as a lost write by a later run (the verify journal), stale blocks restored
# between runs, a journal left by a killed run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../helpers/faultfs.sh"
need_root
faultfs_start 16
D=$FAULTDISK

case_ fault "EIO at an offset: named by offset; the window ends where the run stopped"
fault "eio read 8388608 4096"
run_rc 1 -d10 -W0 -b4K -Sh -o1 -Rjson "$D"
grep -q "read error on '$D' at offset 8388608 (4096 bytes): Input/output error" "$T/err" ||
	fail "message: $(cat "$T/err")"
jq -e '.complete == false and .test_time_s < 10 and .results.total.total.ios <= 2048' "$T/out" \
	>/dev/null || fail "JSON: $(jq -c '{complete, test_time_s, ios: .results.total.total.ios}' "$T/out")"
jq -e '.results.total.total as $t | ($t.iops - $t.ios / .test_time_s) | fabs < 0.01 * $t.iops' \
	"$T/out" >/dev/null || fail "IOPS is not I/Os over the real duration"
fault "clear"

case_ fault "a short read: named as a short transfer at its offset"
fault "short read 4096 4096"
run_rc 1 --ios=100 -b4K -Sh -o1 "$D"
grep -q "read error on '$D' at offset 4096 (4096 bytes): short transfer" "$T/err" ||
	fail "message: $(cat "$T/err")"
fault "clear"

case_ fault "a delayed read: its latency is in the maximum"
fault "delay read 0 4096 300"
run_ok --ios=50 -b4K -Sh -o1 -Rjson "$D"
jq -e '.results.total.read.latency_ns.max >= 300000000' "$T/out" >/dev/null ||
	fail "max latency $(jq .results.total.read.latency_ns.max "$T/out") ns, the read took 300 ms"
fault "clear"

case_ fault "a dropped write: the next --verify run names it a lost write, at its offset"
run_ok --ios=4096 -b4K -w100 -Sh -o1 --verify --overwrite "$D"
fault "drop write 1048576 4096"
run_ok --ios=4096 -b4K -w100 -Sh -o4 --verify --overwrite "$D"
[ "$(fault_hits drop write 1048576 4096)" = 1 ] || fail "the write at 1048576 was not dropped once"
fault "clear"
run_rc 1 --ios=4096 -b4K -Sh -o4 --verify -Rjson "$D"
jq -e '.verify.first_mismatch_offset == 1048576 and (.verify.first_mismatch_kind | test("^lost write"))' \
	"$T/out" >/dev/null || fail "verify: $(jq -c .verify "$T/out")"
grep -q "lost write" "$T/err" || fail "message: $(cat "$T/err")"

case_ fault "a dropped write after a killed write run: still a lost write (runs number above every earlier one)"
run_ok --ios=4096 -b4K -w100 -Sh -o1 --verify --overwrite "$D"
run_bg /dev/null "$T/k.err" -d30 -b4K -w100 -r -Sh --verify --overwrite "$D"
pid=$BG
sleep 0.5
kill -KILL $pid; wait $pid 2>/dev/null
fault "drop write 2097152 4096"
run_ok --ios=4096 -b4K -w100 -Sh -o1 --verify --overwrite "$D"
fault "clear"
run_rc 1 --ios=4096 -b4K -Sh -o4 --verify -Rjson "$D"
jq -e '.verify.first_mismatch_offset == 2097152 and (.verify.first_mismatch_kind | test("^lost write"))' \
	"$T/out" >/dev/null || fail "verify: $(jq -c .verify "$T/out")"

case_ fault "a loop device over a faulty file: EIO named by the device's offset"
L=$(losetup -f --show "$D") || fail "losetup over $D"
LOOPS="$L $LOOPS"
fault "eio read 2097152 4096"
run_rc 1 --ios=1000 -b4K -Sh -o1 "$L"
grep -q "read error on '$L' at offset 2097152 (4096 bytes): Input/output error" "$T/err" ||
	fail "message: $(cat "$T/err")"
fault "clear"
losetup -d "$L"; LOOPS=${LOOPS#"$L "}

case_ fault "a job-file group that fails after its files were laid down: they are removed, the earlier group's too"
mkdir "$T/grp"
cat > "$T/grp/f.fio" <<E
[first]
filename=$T/grp/first.dat
size=4m
rw=write
[made]
stonewall
filename=$T/grp/made.dat
size=4m
rw=write
time_based
runtime=10
[faulty]
filename=$D
rw=read
direct=1
time_based
runtime=10
E
fault "eio read 4096 4096"
run_rc 1 "$T/grp/f.fio"
grep -q "read error on '$D' at offset 4096" "$T/err" || fail "message: $(cat "$T/err")"
[ "$(ls "$T/grp")" = f.fio ] || fail "files left: $(ls "$T/grp")"
fault "clear"

case_ figure "a count-based run issues what it measures: the disk sees exactly --ios (and number_ios) requests"
reads() { awk '$1 == "io" { print $3 }' "$FAULTCTL"; }
r0=$(reads)
run_ok --ios=1000 -o8 -r -b4K -Sh -t2 "$D"
[ $(( $(reads) - r0 )) = 2000 ] || fail "--ios=1000 x 2 threads: the disk saw $(( $(reads) - r0 )) reads"
printf '[n]\nfilename=%s\nrw=randread\nbs=4k\ndirect=1\nioengine=libaio\niodepth=8\nnumber_ios=500\n' "$D" > "$T/nios.fio"
r0=$(reads)
run_ok "$T/nios.fio"
[ $(( $(reads) - r0 )) = 500 ] || fail "number_ios=500: the disk saw $(( $(reads) - r0 )) reads"

faultfs_stop

case_ fault "stale blocks restored under a file between a write run and a read run: lost writes"
f=$T/stale.dat
run_ok -c1M --verify -b4K --ios=10 --keep "$f"
cp "$f" "$T/old.copy"
run_ok --ios=256 -b4K -w100 -Sh --verify "$f"
dd if="$T/old.copy" of="$f" bs=64k conv=notrunc 2>/dev/null
run_rc 1 --ios=256 -b4K -Sh --verify --continue-on-error=verify -Rjson "$f"
jq -e '.verify.mismatches == .verify.checked and .verify.checked >= 256 and .verify.first_mismatch_offset == 0 and
	(.verify.first_mismatch_kind | test("^lost write"))' "$T/out" >/dev/null ||
	fail "verify: $(jq -c .verify "$T/out")"

case_ fault "a write run killed mid-way: its journal says so, and newer blocks are not errors"
dd if="$T/old.copy" of="$f" bs=64k conv=notrunc 2>/dev/null
run_ok --ios=256 -b4K -w100 -Sh --verify "$f"
run_bg /dev/null "$T/kill.err" -d30 -b4K -w100 -Sh -r --verify "$f"
pid=$BG
sleep 0.3
kill -KILL $pid; wait $pid 2>/dev/null
run_ok --ios=256 -b4K -Sh --verify -Rjson "$f"
jq -e '.verify.mismatches == 0 and (.verify.journal_note | test("did not end"))' "$T/out" >/dev/null ||
	fail "verify: $(jq -c .verify "$T/out")"

case_ fault "after a killed run, a write run over part of the file leaves the journal a lower bound"
run_bg /dev/null "$T/kill.err" -d30 -b4K -w100 -Sh -r --verify "$f"
pid=$BG
sleep 0.3
kill -KILL $pid; wait $pid 2>/dev/null
run_ok --ios=16 -b4K -w100 -Sh -f64K --verify -Rjson "$f"
jq -e '.verify.journal_note | test("stays a lower bound")' "$T/out" >/dev/null ||
	fail "partial run: $(jq -c .verify "$T/out")"
run_ok --ios=256 -b4K -Sh --verify -Rjson "$f"
jq -e '.verify.mismatches == 0' "$T/out" >/dev/null || fail "false mismatches: $(jq -c .verify "$T/out")"
run_ok --ios=256 -b4K -w100 -Sh --verify "$f"
run_ok --ios=256 -b4K -Sh --verify -Rjson "$f"
jq -e '.verify.journal_note == null' "$T/out" >/dev/null || fail "still unfinished: $(jq -c .verify "$T/out")"

case_ fault "a file laid down anew at another size: the old journal says nothing of it"
g=$T/anew.dat
run_ok --verify -c16M -b4K --ios=4096 -w100 --keep "$g"
run_ok --verify -c8M -b4K --ios=256 -w100 -f4M --keep "$g"
run_ok --verify -c8M -b4K --ios=2048 -Sh "$g"

case_ guard "a --verify file written without --verify is marked filled, and laid down again for --verify"
h=$T/mark.dat
run_ok --verify -c8M -b4K --ios=10 --keep "$h"
run_ok -c8M -b4K --ios=200 -w100 --keep "$h"
getfattr --only-values -n user.iobench "$h" | grep -q '^iobench2 filled ' || fail "marker: $(getfattr -d "$h")"
run_ok --verify -c8M -b4K --ios=2048 -Sh "$h"
grep -q "creating '$h'" "$T/err" || fail "the file was not laid down again for --verify"

exit 0
