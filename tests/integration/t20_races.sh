# Description: races and rivals: a racer swapping a foreign file or a symbolic link in for the
# target while runs start never gets that file written or removed; a second iobench on a file the
# first holds is refused, naming the first's pid; SIGPIPE on a closed output ends the run cleanly,
# its file removed.
. "$(dirname "$0")/lib.sh"
racer=$HELPERS/racer
[ -x "$racer" ] || fail "no racer at $racer (make helpers)"
cd "$T" || fail "cd"
head -c 1048576 /dev/urandom > foreign.dat
sum=$(md5sum < foreign.dat)
ino=$(stat -c %i foreign.dat)

# foreign_path: the name the foreign file has now (the racer moves it around).
foreign_path() { find "$T" -maxdepth 1 -inum "$ino" | head -n 1; }

case_ guard "a racer exchanging an iobench file and a foreign one: the foreign one is never written"
"$IOBENCH" -c1M --ios=10 -b4K --keep mine.dat >/dev/null 2>&1 || fail "cannot create mine.dat"
"$racer" swap mine.dat foreign.dat 4 >racer.out &
rp=$!
i=0; wrote=0; refused=0
while [ $i -lt 30 ]; do
	"$IOBENCH" --ios=50 -b4K -w100 -Sh --quiet mine.dat >/dev/null 2>run.err
	case $? in 0) wrote=$((wrote + 1)) ;; 2) refused=$((refused + 1)) ;;
	*) cat run.err; fail "a run failed: $(cat run.err)" ;; esac
	i=$((i + 1))
done
wait $rp
echo "racer: $(cat racer.out) exchanges; runs: $wrote wrote, $refused refused"
same_bytes "$(foreign_path)" "$sum"
[ $wrote -gt 0 ] || echo "note: every run met the foreign file (refused): the race was never lost"

case_ guard "a racer putting a symbolic link to a foreign file where -c creates: never followed"
fp=$(foreign_path)
[ "$fp" = "$T/foreign.dat" ] || { mv foreign.dat other.dat && mv "$fp" foreign.dat; } || fail "mv"
"$racer" link "$T/foreign.dat" made.dat 4 >racer.out &
rp=$!
i=0
while [ $i -lt 30 ]; do
	"$IOBENCH" -c64K --ios=20 -b4K -w100 --quiet made.dat >/dev/null 2>run.err
	rc=$?
	[ $rc = 0 ] || [ $rc = 2 ] || [ $rc = 1 ] || fail "a run crashed (exit $rc): $(cat run.err)"
	i=$((i + 1))
done
wait $rp
echo "racer: $(cat racer.out) links"
same_bytes "$(foreign_path)" "$sum"
[ -n "$(foreign_path)" ] || fail "the foreign file was removed"

case_ guard "a second iobench on a file the first is running on: refused, naming the first's pid"
run_bg first.out first.err -c4M -d30 -b4K -w50 -Sh busy.dat
first=$BG
run_rc 2 -c4M -d1 -b4K busy.dat
grep -q "'busy.dat' is in use by iobench (pid $first)" "$T/err" || fail "message: $(cat "$T/err")"
run_rc 2 -d1 -b4K -w100 busy.dat
grep -q "in use by iobench (pid $first)" "$T/err" || fail "a second writer: $(cat "$T/err")"
kill -INT $first; wait $first
grep -q "PARTIAL RESULTS" first.out || fail "the first run was broken: $(cat first.err)"
[ ! -e busy.dat ] || fail "the first run's file was left behind"

case_ guard "the created file replaced by another during the run: left alone, and said so"
run_bg first.out first.err -c1M -d30 -b4K -Sh swap.dat
first=$BG
mv swap.dat moved.dat && cp foreign.dat swap.dat
kill -INT $first; wait $first
grep -q "'swap.dat' is no longer the file this run created" first.err || fail "message: $(cat first.err)"
same_bytes swap.dat "$sum"
rm -f moved.dat swap.dat

case_ fault "the created file cannot be removed at the end: named, exit 1"
if [ "$(id -u)" = 0 ] && command -v chattr >/dev/null; then
	mkdir imm
	run_bg first.out first.err -c1M -d30 -b4K -Sh imm/x.dat
	first=$BG
	if chattr +i imm 2>/dev/null; then
		kill -INT $first; wait $first; rc=$?
		chattr -i imm
		grep -q "cannot remove 'imm/x.dat', which this run created: Operation not permitted" \
			first.err || fail "message: $(cat first.err)"
		[ $rc = 130 ] || [ $rc = 1 ] || fail "exit $rc"
	else
		kill -INT $first; wait $first
		skip_case "this file system takes no immutable flag (chattr +i)"
	fi
	rm -rf imm
else
	skip_case "the removal-failure case (needs root and chattr)"
fi

case_ signal "SIGTERM while the JSON waits for a reader (a FIFO): the created file is gone already"
mkfifo wait.json
run_bg /dev/null late.err -c4M --ios=100 -b4K --json=wait.json late.dat
pid=$BG
sleep 0.5
[ ! -e late.dat ] || fail "the created file is still there while the outputs are written"
kill -TERM $pid; wait $pid
[ ! -e late.dat ] || fail "SIGTERM during the outputs left the created file"
[ -p wait.json ] || fail "the FIFO was replaced"
[ -z "$(ls -A | grep iobench-)" ] || fail "a temporary file was left: $(ls -A)"

case_ signal "SIGPIPE: the reader of the output goes away; the run ends and removes its file"
{ "$IOBENCH" -c16M -d2 -b4K pipe.dat 2>&1; echo $? > rc; } | head -n 1 > /dev/null
[ -s rc ] || fail "no exit status"
[ ! -e pipe.dat ] || fail "SIGPIPE left the created file behind (exit $(cat rc))"
[ "$(cat rc)" = 1 ] || fail "exit $(cat rc) when the output could not be written, wanted 1"
exit 0
