# Description: I/O errors: ENOSPC on a small file system stops the run at once naming target, offset and operation (or is counted with --continue-on-error); a read-only file system is refused before any I/O; EIO from device-mapper's error target where the kernel has it.
. "$(dirname "$0")/lib.sh"
command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
new_loop 16
mkfs.ext4 -q -F "$LOOP" >/dev/null 2>&1 || fail "mkfs.ext4"
mkdir "$T/mnt"
mount "$LOOP" "$T/mnt" && MOUNTS="$T/mnt" || skip "cannot mount"
# a sparse file four times the file system: writing into its holes runs out of space
truncate -s 64M "$T/mnt/sparse.dat"
# the read-only case's file is written now, while there is room: after the ENOSPC cases the
# blocks freed by removing sparse.dat are not always free again at once
head -c 65536 /dev/urandom > "$T/mnt/ro.dat" || fail "cannot write ro.dat"

case_ input "free space is summed per file system: two files that fit alone but not together"
run_rc 2 -c9M -d1 "$T/mnt/a.dat" "$T/mnt/b.dat"
grep -q "they need 18MiB together" "$T/err" || fail "message: $(cat "$T/err")"
[ ! -e "$T/mnt/a.dat" ] || fail "a.dat was created before b.dat was refused"

case_ input "a job file's groups: their files are summed over the groups, before the first runs"
printf '[a]\nrw=write\nsize=9m\nioengine=psync\nfilename=%s/a.dat\n[b]\nstonewall\nrw=write\nsize=9m\nioengine=psync\nfilename=%s/b.dat\n[c]\nstonewall\nrw=read\nsize=9m\nioengine=psync\nfilename=%s/a.dat\n' \
	"$T/mnt" "$T/mnt" "$T/mnt" > "$T/space.fio"
run_rc 2 "$T/space.fio"
grep -q "the files the job file's groups create on the file system of '$T/mnt/.\.dat': they need 18MiB together" \
	"$T/err" || fail "message: $(cat "$T/err")"
[ ! -e "$T/mnt/a.dat" ] || fail "group 1 ran before the space was found wanting"

case_ fault "ENOSPC: the run stops at once, naming the target, the offset and the operation"
t0=$(date +%s)
run_rc 1 -d20 -W0 -b64K -o4 -w100 -Sh --overwrite -Rjson "$T/mnt/sparse.dat"
t1=$(date +%s)
[ $((t1 - t0)) -lt 10 ] || fail "took $((t1 - t0)) s to stop"
grep -Eq "write error on '$T/mnt/sparse.dat' at offset [0-9]+ \(65536 bytes\): No space left on device" \
	"$T/err" || fail "message: $(cat "$T/err")"
jq -e '.complete == false and (.error | test("No space left")) and .io_errors == 0' "$T/out" >/dev/null ||
	fail "JSON: $(jq -c '{complete, error, io_errors}' "$T/out")"

case_ fault "--continue-on-error: the errors are counted per thread and the run lasts its time"
rm -f "$T/mnt/sparse.dat"; truncate -s 64M "$T/mnt/sparse.dat"
run_rc 1 -d2 -W0 -b64K -o4 -t2 -w100 -Sh --overwrite --continue-on-error -Rjson "$T/mnt/sparse.dat"
jq -e '.complete == true and .error == null and .io_errors > 0 and
	(.first_io_error | test("No space left")) and .test_time_s >= 1.9 and
	([.results.threads[].write_errors] | add) == .io_errors' "$T/out" >/dev/null ||
	fail "continued: $(jq -c '{complete, error, io_errors, first_io_error, test_time_s, e: [.results.threads[].write_errors]}' "$T/out")"
grep -q "I/O errors, counted and continued past" "$T/err" || fail "no summary on stderr: $(cat "$T/err")"
run_rc 1 --ios=2000 -b64K -o4 -w100 -Sh --overwrite --continue-on-error=write "$T/mnt/sparse.dat"
grep -q "I/O ERRORS" "$T/out" || fail "the text report does not show the errors"

case_ guard "a read-only file system: refused before any I/O"
rm -f "$T/mnt/sparse.dat"
sync
i=0	# a file system just written can be busy for a moment
while ! mount -o remount,ro "$T/mnt" 2>/dev/null; do
	i=$((i + 1)); [ $i -lt 30 ] || fail "remount ro"; sleep 0.1
done
run_rc 2 --ios=100 -b4K -w50 -Sh --overwrite "$T/mnt/ro.dat"
grep -q "its file system is mounted read-only" "$T/err" || fail "message: $(cat "$T/err")"
run_rc 2 -c1M --ios=100 -b4K "$T/mnt/new.dat"
grep -q "cannot create '$T/mnt/new.dat': its file system is mounted read-only" "$T/err" ||
	fail "message: $(cat "$T/err")"
run_ok --ios=100 -b4K -Sh "$T/mnt/ro.dat"

case_ fault "EIO from device-mapper's error target"
if command -v dmsetup >/dev/null && dmsetup targets 2>/dev/null | grep -q '^error'; then
	name=iobench-err-$$
	echo "0 8192 error" | dmsetup create "$name" || fail "dmsetup create"
	run_rc 1 --ios=100 -b4K -Sh "/dev/mapper/$name"
	dmsetup remove "$name"
	grep -q "read error on '/dev/mapper/$name' at offset 0 (4096 bytes): Input/output error" "$T/err" ||
		fail "EIO message: $(cat "$T/err")"
else
	skip_case "the EIO case (no device-mapper error target in this kernel)"
fi
exit 0
