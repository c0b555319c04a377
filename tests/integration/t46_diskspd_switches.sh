# Description: DiskSpd's switches with a Linux meaning, each checked by what it does while the run runs: the open hints -fr, -fs, -frs (posix_fadvise on the very descriptor the reads go to, under strace), -ft and -frst refused for the hint Linux has not.
. "$(dirname "$0")/lib.sh"
cd "$T"
# strace runs a sanitizer build with its leak check off (LeakSanitizer cannot run under ptrace)
strace() { ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 command strace "$@"; }
head -c 1048576 /dev/urandom > a.dat

# --- -fr, -fs: open hints as posix_fadvise
command -v strace >/dev/null || skip "no strace"
# advice LOG: the advice given to the descriptor the run's preads read, one a line
advice() {
	fd=$(sed -n 's/.*pread64(\([0-9]*\),.*/\1/p' "$1" | sort -u)
	[ "$(echo "$fd" | wc -w)" = 1 ] || fail "the reads went to descriptors '$fd'"
	sed -n "s/.*fadvise64($fd, 0, 0, \(POSIX_FADV_[A-Z]*\)).*/\1/p" "$1" | tr '\n' ' '
}
case_ effect "-fr, -fs, -frs: posix_fadvise RANDOM, SEQUENTIAL, both (random last) on the target's descriptor, the one its reads go to; none without a hint"
for c in "-fr:POSIX_FADV_RANDOM " "-fs:POSIX_FADV_SEQUENTIAL " "-frs:POSIX_FADV_SEQUENTIAL POSIX_FADV_RANDOM " "-fsr:POSIX_FADV_SEQUENTIAL POSIX_FADV_RANDOM " "-b4K:"; do
	f=${c%%:*} want=${c#*:}
	strace -f -e trace=fadvise64,pread64 -o "$T/st" "$IOBENCH" "$f" -b4K -d0.2 -W0 --engine=psync -o1 --quiet a.dat >/dev/null 2>"$T/err" ||
		{ cat "$T/err"; fail "$f exited $?"; }
	[ "$(advice "$T/st")" = "$want" ] || fail "$f: advice '$(advice "$T/st")', wanted '$want'"
done
run_ok -Rpxml -frs a.dat
grep -q "<SequentialScan>true</SequentialScan>" "$T/out" && grep -q "<RandomAccess>true</RandomAccess>" "$T/out" ||
	fail "-frs in the profile: $(grep -E 'Scan|Access' "$T/out")"
case_ input "-ft, -frst: DiskSpd's temporary-file hint has no Linux counterpart, refused by name before anything runs; -fx an unknown hint"
for f in -ft -frst -fx; do
	run_rc 2 "$f" -c1M new.dat
	[ "$(wc -l < "$T/err")" = 1 ] || fail "$f: not one message: $(cat "$T/err")"
	[ ! -e new.dat ] || fail "$f: new.dat was created"
done
grep -q "^iobench: -fx: unknown open hint 'x'" "$T/err" || fail "-fx: $(cat "$T/err")"
run_rc 2 -frst a.dat
grep -q "^iobench: -frst: 't', DiskSpd's temporary-file hint (FILE_ATTRIBUTE_TEMPORARY), has no Linux counterpart$" "$T/err" ||
	fail "-frst: $(cat "$T/err")"
echo PASS
