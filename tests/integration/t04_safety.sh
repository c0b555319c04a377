# Description: files iobench did not create are read but never written without --overwrite.
. "$(dirname "$0")/lib.sh"
f=$T/user.dat
head -c 4194304 /dev/urandom > "$f"
sum=$(md5sum < "$f")

case_ guard "reading a user's file is allowed and leaves it unchanged"
run_ok --ios=500 -r -b4K -Sh "$f"
[ "$(md5sum < "$f")" = "$sum" ] || fail "a read run changed the file"

case_ guard "writing or recreating it is refused, bytes unchanged"
run_rc 2 --ios=500 -r -b4K -w1 "$f"
run_rc 2 -c4M --ios=10 "$f"
run_rc 2 -c8M --ios=10 "$f"
[ "$(md5sum < "$f")" = "$sum" ] || fail "a refused run changed the file"
[ "$(stat -c %s "$f")" = 4194304 ] || fail "size changed"

case_ guard "--read-only refuses every write, even with --overwrite, and creation; reads run"
run_rc 2 --ios=500 -r -b4K -w1 --overwrite --read-only "$f"
run_rc 2 -c1M --ios=10 --read-only "$T/new.dat"
[ ! -e "$T/new.dat" ] || fail "--read-only created a file"
run_ok --ios=500 -r -b4K --read-only "$f"
[ "$(md5sum < "$f")" = "$sum" ] || fail "a --read-only run changed the file"

case_ guard "-c with --overwrite lays a user's file down anew, in place, and leaves it at the end"
head -c 2097152 /dev/urandom > "$T/lay.dat"
lsum=$(md5sum < "$T/lay.dat")
run_ok -c1M --ios=50 -b4K -w50 --overwrite "$T/lay.dat"
[ -e "$T/lay.dat" ] || fail "the user's file was removed after it was laid down anew"
[ "$(stat -c %s "$T/lay.dat")" = 1048576 ] && [ "$(md5sum < "$T/lay.dat")" != "$lsum" ] ||
	fail "the file was not laid down anew"

say "--overwrite allows it"
run_ok --ios=500 -r -b4K -w100 -Sh --overwrite "$f"
[ "$(md5sum < "$f")" != "$sum" ] || fail "--overwrite wrote nothing"
[ -e "$f" ] || fail "--overwrite removed a file iobench did not create"

case_ guard "files iobench created may be written again (marker), and are removed without --keep"
run_ok -c4M --ios=100 -b4K --keep "$T/mine.dat"
run_ok --ios=100 -b4K -w100 "$T/mine.dat"
[ -e "$T/mine.dat" ] || fail "a file this run did not create was removed"

case_ guard "a marker copied with its file (cp -a) is not honoured: the copy is the user's"
run_ok -c1M --ios=10 -b4K --keep "$T/orig.dat"
cp -a "$T/orig.dat" "$T/copy.dat"
getfattr -n user.iobench "$T/copy.dat" >/dev/null 2>&1 || fail "cp -a did not copy the marker"
csum=$(md5sum < "$T/copy.dat")
run_rc 2 --ios=50 -b4K -w100 "$T/copy.dat"
grep -q "not one this machine's iobench made for this very file" "$T/err" || fail "message: $(cat "$T/err")"
run_rc 2 -c2M --ios=10 -b4K "$T/copy.dat"
same_bytes "$T/copy.dat" "$csum"
run_ok --ios=50 -b4K -w100 "$T/orig.dat"

case_ guard "a marker set by hand (the old plain form, or the new form forged) is not honoured"
head -c 1048576 /dev/urandom > "$T/forged.dat"
fsum=$(md5sum < "$T/forged.dat")
setfattr -n user.iobench -v filled "$T/forged.dat"
run_rc 2 --ios=50 -b4K -w100 "$T/forged.dat"
run_rc 2 -c2M --ios=10 "$T/forged.dat"
v=$(getfattr --only-values -n user.iobench "$T/orig.dat" | sed "s/ino=[0-9]*/ino=$(stat -c %i "$T/forged.dat")/")
setfattr -n user.iobench -v "$v" "$T/forged.dat"
run_rc 2 --ios=50 -b4K -w100 "$T/forged.dat"
same_bytes "$T/forged.dat" "$fsum"

case_ guard "a marker made with another state directory's key is not honoured"
IOBENCH_STATE_DIR=$T/other-state run_rc 2 --ios=50 -b4K -w100 "$T/orig.dat"

case_ input "a read-only directory target for -c fails cleanly"
mkdir "$T/ro" && chmod 555 "$T/ro"
if [ "$(id -u)" != 0 ]; then
	run_rc 2 -c1M --ios=10 "$T/ro/x.dat"
elif command -v setpriv >/dev/null; then
	# root may write anywhere: the case runs as nobody, as t23's process limit does
	chmod 711 "$T" && cp "$IOBENCH" "$T/iob" && chmod 755 "$T/iob" && mkdir -m 777 "$T/nstate" ||
		fail "set-up for nobody"
	setpriv --reuid=65534 --regid=65534 --clear-groups env IOBENCH_STATE_DIR="$T/nstate" \
		"$T/iob" -c1M --ios=10 "$T/ro/x.dat" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 2 ] || fail "read-only directory: exit $rc, wanted 2: $(cat "$T/err")"
	grep -q "cannot create '$T/ro/x.dat'" "$T/err" || fail "read-only directory: $(cat "$T/err")"
	[ ! -e "$T/ro/x.dat" ] || fail "a file created in a read-only directory"
else
	skip_case "the read-only directory case: root, and no setpriv to run as another user"
fi
exit 0
