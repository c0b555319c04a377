# Description: file targets: -c creates a full, non-sparse file of random data; engines run on it.
. "$(dirname "$0")/lib.sh"
f=$T/io.dat

say "-c creates, fills and (without --keep) removes the file"
run_ok -c16M -d0.5 -W0 -r -b4K -o4 -Sh -w30 "$f"
[ ! -e "$f" ] || fail "the file created without --keep is still there"
grep -q "creating '$f' (16MiB)" "$T/err" || fail "creation not announced"
set -- $(total Total); [ "$2" -gt 0 ] || fail "no I/O on the file"

say "--keep: full size, not sparse, incompressible, marked as iobench's"
run_ok -c16M -d0.2 -W0 -b64K -Sh --keep "$f"
[ "$(stat -c %s "$f")" = 16777216 ] || fail "size $(stat -c %s "$f")"
alloc=$(( $(stat -c %b "$f") * $(stat -c %B "$f") ))
[ "$alloc" -ge 16777216 ] || fail "sparse: only $alloc bytes allocated"
z=$(gzip -1 -c "$f" | wc -c)
[ "$z" -ge 16600000 ] || fail "compresses to $z bytes: not random data"
getfattr --only-values -n user.iobench "$f" | grep -q '^iobench2 filled fs=' || fail "no user.iobench filled marker"
cmp -s -n 65536 "$f" /dev/zero && fail "file starts with zeros"

say "a kept file of the right size is reused, not refilled"
sum1=$(md5sum < "$f")
run_ok -c16M --ios=100 -o1 -b4K -Sh --keep "$f"
grep -q creating "$T/err" && fail "refilled a file it could reuse"
[ "$(md5sum < "$f")" = "$sum1" ] || fail "a read-only run changed the file"

say "a different -c size recreates it"
run_ok -c8M --ios=100 -b4K --keep "$f"
[ "$(stat -c %s "$f")" = 8388608 ] || fail "not recreated at 8M"

say "existing file, no -c: psync and io_uring, count-based runs are exact"
run_ok --engine=psync --ios=3000 -o1 -t2 -r -b4K -Sh "$f"
set -- $(total Total); [ "$2" = 6000 ] || fail "psync: $2 I/Os, wanted 6000"
grep -q "engine: psync" "$T/out" || fail "psync not named"
run_ok --engine=io_uring --ios=3000 -o16 -r -b4K -Sh -w50 "$f"
set -- $(total Total); [ "$2" = 3000 ] || fail "io_uring: $2 I/Os, wanted 3000"
grep -q "engine: io_uring" "$T/out" || fail "io_uring not named"

run_ok --engine=libaio --ios=3000 -o16 -r -b4K -Sh -w50 "$f"
set -- $(total Total); [ "$2" = 3000 ] || fail "libaio: $2 I/Os, wanted 3000"
grep -q "engine: libaio" "$T/out" || fail "libaio not named"

say "io_uring with SQ polling; completion polling refused where the device cannot poll"
run_ok --engine=io_uring --sqpoll --ios=3000 -o8 -r -b4K -Sh -Z1M -w50 "$f"
set -- $(total Total); [ "$2" = 3000 ] || fail "sqpoll: $2 I/Os, wanted 3000"
poll=$(cat "/sys/dev/block/$(stat -c '%Hd:%Ld' "$f")/queue/io_poll" 2>/dev/null || echo 0)
if [ "$poll" != 1 ]; then
	run_rc 2 --hipri --ios=100 -r -b4K -Sh "$f"
	grep -q "does not support completion polling" "$T/err" || fail "no clear --hipri error"
fi
run_rc 2 --hipri --ios=100 -r -b4K "$f"
grep -q "add -Sh or -Su" "$T/err" || fail "--hipri without O_DIRECT: no clear error"
run_rc 2 --engine=psync --sqpoll --ios=100 "$f"

say "buffered I/O gets a page-cache note"
run_ok --ios=100 -b4K "$f"
grep -q "page cache" "$T/out" || fail "no page-cache note for buffered reads"

say "two targets, sequential with -T, and -Z buffers"
run_ok -c4M -d0.3 -W0 -t2 -T1M -b64K -Sh -Z -w100 "$T/a.dat" "$T/b.dat"
[ "$(rows Total)" = 4 ] || fail "wanted 4 rows (2 threads x 2 targets)"
[ ! -e "$T/a.dat" ] && [ ! -e "$T/b.dat" ] || fail "created files left behind"
run_ok -c4M -d0.3 -W0 -r -b4K -Sh -Z1M -w100 "$f"
grep -q "write buffer size: 1MiB" "$T/out" || fail "-Z1M not reported"

say "a bare file name (no directory part) has its file system named like any other"
(cd "$T" && "$IOBENCH" -c1M --ios=100 -b4K -Rjson bare.dat >"$T/out" 2>"$T/err") || fail "bare name run"
(cd "$T" && "$IOBENCH" -c1M --ios=100 -b4K -Rjson ./dot.dat >"$T/out2" 2>"$T/err") || fail "./ name run"
a=$(jq -c '.targets[0] | {file_system, mount_point, device}' "$T/out")
b=$(jq -c '.targets[0] | {file_system, mount_point, device}' "$T/out2")
jq -e '.targets[0].file_system != null' "$T/out" >/dev/null && [ "$a" = "$b" ] ||
	fail "bare name: $a, ./ name: $b"
exit 0
