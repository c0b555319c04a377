#!/bin/sh
# Files on Windows under wine, through the IOCP engine (the default) and psync: a file is
# created at its size with random data and removed at the end; --keep keeps it; writes
# reach the file; a file iobench did not make is written only with --overwrite; a fio job's
# I/Os are exactly its size; unbuffered I/O (-Sh) takes whole sectors only.
. "$(dirname "$0")/lib.sh"

say "-c16M: made with random data, written, removed at the end; the engine is iocp"
run_ok -c16M -d1 -W0 -b4K -r -w30 -o8 -t2 "--json=$(wpath a.json)" "$(wpath a.dat)"
[ ! -e "$D/a.dat" ] || fail "the created file was left behind"
[ "$(jq -r '.workload.engine' "$D/a.json")" = iocp ] || fail "engine $(jq -r '.workload.engine' "$D/a.json")"
w=$(jq '.results.total.write.ios' "$D/a.json"); r=$(jq '.results.total.read.ios' "$D/a.json")
[ "$w" -gt 0 ] && [ "$r" -gt 0 ] || fail "reads $r, writes $w"

say "--keep: the file stays, 16 MiB of data that does not compress and has no zero block"
run_ok -c16M -d1 -W0 -b4K -r -w0 --keep "$(wpath k.dat)"
[ "$(stat -c %s "$D/k.dat")" = 16777216 ] || fail "size $(stat -c %s "$D/k.dat")"
z=$(gzip -c "$D/k.dat" | wc -c)
[ "$z" -gt 16700000 ] || fail "it compresses to $z bytes: not random data"
zero=$(head -c 4096 /dev/zero | md5sum | cut -d' ' -f1)
split -b 4096 -a 4 "$D/k.dat" "$D/blk."
if md5sum "$D"/blk.* | grep -q "^$zero "; then fail "a 4 KiB block of zeros"; fi
rm -f "$D"/blk.*
if grep -q "is not marked as iobench's" "$D/err"; then
	# wine's drives keep no alternate data streams: the marker cannot be set, said so
	skip_case "the ownership marker (an NTFS stream): wine's drives keep no streams"
	say "an unmarked file is not laid down anew without --overwrite"
	before=$(md5sum < "$D/k.dat")
	run_rc 2 -c16M -d1 -W0 -b4K -w100 "$(wpath k.dat)"
	grep -q "exists and iobench did not create it; pass --overwrite" "$D/err" || fail "$(cat "$D/err")"
	[ "$(md5sum < "$D/k.dat")" = "$before" ] || fail "the file changed"
else
	say "the marker: a kept file of the right size is used again, not laid down anew"
	run_ok -c16M -d1 -W0 -b4K -r -w0 --keep "$(wpath k.dat)"
	if grep -q "creating" "$D/err"; then fail "laid down anew: $(cat "$D/err")"; fi
fi
rm -f "$D/k.dat"

say "a file iobench did not make: read, but not written without --overwrite"
head -c 1048576 /dev/zero > "$D/u.dat"
before=$(md5sum < "$D/u.dat")
run_rc 2 -d1 -W0 -b4K -w50 "$(wpath u.dat)"
grep -q "refusing to write to .*iobench did not create it" "$D/err" || fail "$(cat "$D/err")"
run_ok -d1 -W0 -b4K -r "$(wpath u.dat)"
[ "$(md5sum < "$D/u.dat")" = "$before" ] || fail "a read run changed the file"

say "a fio job (windowsaio, iocp) writing it whole with --overwrite: 256 writes, every block"
# fio's filename takes a drive's colon escaped (F\:\filename): a bare ':' separates files
printf '[w]\nioengine=windowsaio\nrw=write\nbs=4k\nsize=1m\niodepth=8\nfilename=%s\n' \
	"$(wpath u.dat | sed 's/:/\\:/')" > "$D/w.fio"
run_ok "$(wpath w.fio)" --overwrite --output-format=json
[ "$(jq '.jobs[0].write.total_ios' "$D/out")" = 256 ] || fail "writes $(jq '.jobs[0].write.total_ios' "$D/out")"
[ "$(stat -c %s "$D/u.dat")" = 1048576 ] || fail "size changed"
split -b 4096 -a 4 "$D/u.dat" "$D/blk."
n=$(md5sum "$D"/blk.* | grep -c "^$zero ")
rm -f "$D"/blk.*
[ "$n" = 0 ] || fail "$n blocks of the 256 were not written"

say "psync: the same job through one WriteFile at a time, the same counts"
head -c 1048576 /dev/zero > "$D/u.dat"
sed -i 's/^ioengine=.*/ioengine=psync/' "$D/w.fio"
run_ok "$(wpath w.fio)" --overwrite --output-format=json
[ "$(jq '.jobs[0].write.total_ios' "$D/out")" = 256 ] || fail "psync writes"
[ "$(jq -r '.["global options"].ioengine // .jobs[0]["job options"].ioengine' "$D/out")" = psync ] ||
	fail "job options: $(jq -c '.jobs[0]["job options"]' "$D/out")"

say "-Sh (FILE_FLAG_NO_BUFFERING): a block that is not whole sectors is refused, buffered taken"
run_rc 2 -c1M -d1 -W0 -b1000 -Sh "$(wpath s.dat)"
grep -q "block size (-b) 1000 is not a multiple of 512, the sector size" "$D/err" || fail "$(cat "$D/err")"
[ ! -e "$D/s.dat" ] || fail "a refused run made its file"
run_ok -c1M -d1 -W0 -b1000 "$(wpath s.dat)"

say "a missing directory: one message, nothing made"
run_rc 2 -c1M -d1 "$(wpath nodir)\\x.dat"
grep -q "its directory .* does not exist" "$D/err" || fail "$(cat "$D/err")"

say "-l: large pages need \"Lock pages in memory\"; without it, one message and nothing made"
"$IOBENCH" -l -c8M -d1 -W0 -Su "--json=$(wpath l.json)" "$(wpath l.dat)" >"$D/out" 2>"$D/err"
rc=$?
if [ $rc = 2 ]; then
	grep -q '^iobench: -l: large pages: this account lacks "Lock pages in memory" (SeLockMemoryPrivilege)' "$D/err" ||
		fail "-l refused, but not for the privilege: $(cat "$D/err")"
	[ ! -e "$D/l.dat" ] || fail "-l refused, and l.dat was made"
	skip_case "-l's buffers on large pages: this account has no SeLockMemoryPrivilege (wine grants none)"
else
	[ $rc = 0 ] || fail "-l: exit $rc: $(cat "$D/err")"
fi
echo ok
