# Description: the command lines of the DiskSpd guides in the issue's appendix run as written
# (Linux paths, shorter durations and sizes so the suite stays quick).
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"

say "diskspd.exe -b8K -d60 -h -L -o2 -t4 -r -w30 -c50M K:\\io.dat"
run_ok -b8K -d1 -W0 -h -L -o2 -t4 -r -w30 -c50M "$T/io.dat"
grep -q "performing mix test (read/write ratio: 70/30)" "$T/out" || fail "mix not reported"
grep -q "block size: 8KiB" "$T/out" || fail "block size"
grep -q "using random I/O (alignment: 8KiB)" "$T/out" || fail "alignment"
[ "$(rows Total)" = 4 ] || fail "4 threads"
grep -q "software cache disabled" "$T/out" || fail "-h is -Sh"

say "diskspd.exe –c50G -d300 -r -w40 -t8 -o32 -b64K -Sh -L (en dash, smaller)"
run_ok "–c64M" -d1 -W0 -r -w40 -t8 -o32 -b64K -Sh -L "$T/diskpsdtmp.dat"
[ "$(rows Total)" = 8 ] || fail "8 threads"
grep -q "number of outstanding I/O operations per thread: 32" "$T/out" || fail "-o32"

say "diskspd.exe -c50G -d30 -r -w0 -t4 -o32 -b4K -Sh -L D:\\...\\testfile.dat E:\\...\\testfile.dat"
mkdir d e
run_ok -c32M -d1 -W0 -r -w0 -t4 -o32 -b4K -Sh -L d/testfile.dat e/testfile.dat
[ "$(rows Total)" = 8 ] || fail "4 threads x 2 targets"
grep -q "d/testfile.dat (32MiB)" "$T/out" && grep -q "e/testfile.dat (32MiB)" "$T/out" || fail "targets"
[ ! -e d/testfile.dat ] && [ ! -e e/testfile.dat ] || fail "files left"

[ "$(id -u)" = 0 ] || skip_rest "the device lines need root (loop device)"
new_loop 128
say "Diskspd.exe -b8K -o32 –d90 -Sh –r4k -t64 -w0 #1 (read-only on a device)"
run_ok -b8K -o32 "–d1" -W0 -Sh "–r4k" -t64 -w0 "$LOOP"
[ "$(rows Total)" = 64 ] || fail "64 threads"
say "Diskspd.exe -b64K -o16 –d90 -Sh –r4k -t16 -w100 #1 (writes: needs the flag)"
run_rc 2 -b64K -o16 "–d1" -W0 -Sh "–r4k" -t16 -w100 "$LOOP"
run_ok -b64K -o16 "–d1" -W0 -Sh "–r4k" -t16 -w100 --allow-device-write "$LOOP"
set -- $(total Write); [ "$2" -gt 0 ] || fail "no writes"
exit 0
