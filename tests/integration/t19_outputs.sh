# Description: output files (--json, --series-csv, job files' --output and --json) lose nothing: bad
# input or a failed run leaves an existing file as it was, a symbolic link keeps pointing where it
# did, /dev/null and pipes are written in place and never removed, a full disk is named as such.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
printf '[j]\nrw=read\nsize=1m\nioengine=psync\nfilename=%s/jf.dat\n' "$T" > job.fio

case_ input "bad input keeps an existing --json file and --series-csv file"
echo keep > r.json; echo keep > s.csv
run_rc 2 -d1 --json=r.json --series-csv=s.csv nonexistent.dat
[ "$(cat r.json)" = keep ] && [ "$(cat s.csv)" = keep ] || fail "an output file was changed or removed"

case_ input "bad input keeps a symbolic link's target"
echo keep > t.json; ln -s t.json l.json
run_rc 2 -d1 --json=l.json nonexistent.dat
[ -L l.json ] && [ "$(cat t.json)" = keep ] || fail "the link's target was truncated"

case_ input "an output in a missing directory is bad input, before any I/O"
run_rc 2 -c1M -d1 --json=nodir/r.json new.dat
grep -q "nodir" "$T/err" || fail "message: $(cat "$T/err")"
[ ! -e new.dat ] || fail "the run created its target anyway"

case_ input "an output on /proc (a kernel file system) is bad input, before the run"
run_rc 2 -c1M -d1 --json=/proc/iobench-test.json new.dat
grep -q "a file system of the kernel's" "$T/err" || fail "message: $(cat "$T/err")"
[ ! -e new.dat ] || fail "the run created its target anyway"

case_ input "an output on a block device or a character device (not a terminal, not /dev/null): bad input"
if [ "$(id -u)" = 0 ]; then
	new_loop 8
	sum=$(md5sum < "$LOOPFILE")
	run_rc 2 -c1M -d1 --json="$LOOP" new.dat
	grep -q "it is a block device, where iobench writes no output" "$T/err" || fail "message: $(cat "$T/err")"
	run_rc 2 -c1M -d1 --series-csv=/dev/zero new.dat
	grep -q "a character device other than a terminal" "$T/err" || fail "message: $(cat "$T/err")"
	ln -s "$LOOP" devlink.json
	run_rc 2 -c1M -d1 --json=devlink.json new.dat
	[ "$(md5sum < "$LOOPFILE")" = "$sum" ] || fail "the device was written"
	[ ! -e new.dat ] || fail "the run created its target anyway"
else
	skip_case "the device-output case (needs root for a loop device)"
fi

case_ input "an output that is a directory is bad input"
mkdir outdir
run_rc 2 -c1M -d1 --json=outdir new.dat
grep -q "is a directory" "$T/err" || fail "message: $(cat "$T/err")"

case_ guard "a run writes the JSON through the link, whole; the link stays"
run_ok -c1M --ios=100 -b4K --json=l.json new.dat
[ -L l.json ] || fail "the link was replaced"
jq -e '.complete == true' t.json >/dev/null || fail "no JSON in the link's target"
[ -z "$(ls -A | grep iobench-)" ] || fail "a temporary file was left: $(ls -A)"

case_ guard "--json=/dev/null is written in place and /dev/null stays a device"
if [ "$(id -u)" = 0 ]; then
	run_rc 2 -d1 --json=/dev/null nonexistent.dat
	[ -c /dev/null ] || fail "/dev/null is gone"
	run_ok -c1M --ios=100 -b4K --json=/dev/null new.dat
	[ -c /dev/null ] || fail "/dev/null was replaced"
else
	skip_case "the /dev/null case needs root to matter"
fi

case_ guard "a pipe (FIFO) output is written in place"
mkfifo p.json
cat p.json > fromfifo.json &
reader=$!
run_ok -c1M --ios=100 -b4K --json=p.json new.dat
wait $reader
[ -p p.json ] || fail "the FIFO was replaced"
jq -e '.complete == true' fromfifo.json >/dev/null || fail "nothing came through the FIFO"

case_ guard "--json=/dev/stdout with -Rjson's text on stdout: the same stream"
run_ok -c1M --ios=100 -b4K --json=/dev/stdout new.dat
grep -q '"schema": "iobench/result"' "$T/out" || fail "no JSON on stdout"

case_ input "job files: bad input keeps --output and --json files"
echo keep > o.txt; echo keep > j.json
run_rc 2 job.fio --output=o.txt --json=j.json --rw=bogus
[ "$(cat o.txt)" = keep ] && [ "$(cat j.json)" = keep ] || fail "a job-file output was changed"

case_ guard "job files: --output and --json are written whole after the run"
run_ok job.fio --output=o.txt --json=j.json
grep -q "Total IO" o.txt || fail "no text report in o.txt"
jq -e '.[0].complete == true' j.json >/dev/null || fail "no JSON in j.json"

case_ fault "a full file system: the old output stays, the message says so"
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null; then
	new_loop 8
	mkfs.ext4 -q -F -m 0 "$LOOP" >/dev/null 2>&1 || fail "mkfs.ext4"
	mkdir mnt
	mount "$LOOP" mnt && MOUNTS="$T/mnt" || fail "mount"
	echo keep > mnt/full.json
	dd if=/dev/zero of=mnt/filler bs=1M 2>/dev/null
	dd if=/dev/zero of=mnt/filler2 bs=1k 2>/dev/null; sync
	run_rc 1 -c1M --ios=100 -b4K --json=mnt/full.json new.dat
	grep -q "cannot write 'mnt/full.json': No space left on device" "$T/err" ||
		fail "message: $(cat "$T/err")"
	[ "$(cat mnt/full.json)" = keep ] || fail "the old JSON was lost"
	[ -z "$(ls -A mnt | grep iobench-)" ] || fail "a temporary file was left: $(ls -A mnt)"
else
	skip_case "the full-disk case needs root and mkfs.ext4"
fi

case_ fault "standard output closed: the report's failure is named, exit 1"
"$IOBENCH" -c1M --ios=100 -b4K new.dat >&- 2>"$T/err"
rc=$?
[ $rc = 1 ] || fail "exit $rc with stdout closed, wanted 1"
grep -q "cannot write the report to standard output" "$T/err" || fail "message: $(cat "$T/err")"
[ ! -e new.dat ] || fail "the file was left behind"
exit 0
