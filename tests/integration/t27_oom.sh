# Description: out of memory, at every allocation iobench's own code makes: failnth.so (preloaded)
# fails the N-th, for N = 1, 2, ... until a run makes fewer. Each failed run exits 1 or 2 with a
# message that names it, leaves no test file and no partial output; none crashes, none succeeds
# with a part of its result missing.
. "$(dirname "$0")/lib.sh"
cd "$T"
lib=$HELPERS/failnth.so
[ -f "$lib" ] || skip "no failnth.so at $lib (make helpers)"
if ldd "$IOBENCH" | grep -q -e libasan -e libtsan; then
	skip "a sanitizer build brings its own malloc (the normal build runs this test)"
fi
printf '[a]\nioengine=null\nsize=1m\nrw=randrw\nnumjobs=2\n[b]\nstonewall\nioengine=null\nsize=1m\nrw=write\nbssplit=4k/50:8k/50\n' > j.fio

# where: the function and line of the allocation that failed (for a failure's message only:
# addr2line takes about half as long as a run)
where() { addr2line -f -s -e "$IOBENCH" "$(cat hit)" 2>/dev/null | paste -sd' '; }
# sweep STEP ARGS...: iobench ARGS with its N-th allocation failed, N = 1, 1+STEP, ...
sweep() {
	step=$1; shift
	n=1
	while :; do
		rm -rf d hit; mkdir d
		IOB_FAIL_NTH=$n IOB_FAIL_HIT=$T/hit LD_PRELOAD=$lib "$IOBENCH" "$@" >out 2>err
		rc=$?
		if [ ! -e hit ]; then	# fewer than N: the run itself must have worked
			[ $rc = 0 ] || fail "$*: without a failed allocation, exit $rc: $(cat err)"
			break
		fi
		case $rc in
		1|2) ;;
		*) fail "$*: allocation $n ($(where)) failed: exit $rc, wanted 1 or 2: $(cat err)" ;;
		esac
		grep -q -i -e "out of memory" -e "cannot allocate memory" -e "out of resources" err ||
			fail "$*: allocation $n ($(where)) failed without a word: $(cat err)"
		for f in d/*; do
			[ -e "$f" ] || continue
			case $f in
			*.json) jq -e . "$f" >/dev/null 2>&1 || fail "$*: allocation $n ($(where)): a partial $f" ;;
			*.csv) ;;
			*.html) tail -1 "$f" | grep -q '^</html>$' || fail "$*: allocation $n ($(where)): a partial $f" ;;
			*) fail "$*: allocation $n ($(where)) left $f" ;;
			esac
		done
		n=$((n + step))
	done
	echo "$*: allocations 1 to $((n - step)) failed in turn (every ${step})"
}

say "iobench disks: text, JSON"
sweep 1 disks
sweep 1 disks -Rjson
say "the DiskSpd command line on the null engine: text, JSON"
sweep 1 --engine=null --ios=100 -w50 x
sweep 1 --engine=null --ios=100 -w50 -Rjson x
say "a job file of two groups: fio-json and iobench's JSON"
sweep 1 j.fio --output-format=fio-json
sweep 1 j.fio --output-format=iobench-json
sweep 1 --ioengine=null --bs=4k --name=a --rw=read --size=1m --name=b --rw=write --size=1m
say "a file laid down, with --json, --series-csv and -D; --verify"
sweep 1 -c4M --ios=100 -w50 -D100 -b4K --json=d/r.json --series-csv=d/s.csv d/f.dat
sweep 1 -c4M --ios=100 --verify -w50 -b4K d/v.dat
say "the HTML report: of a run, of report, of compare"
sweep 1 --engine=null --ios=100 -w50 --html=d/r.html x
say "iobench report: a result read back, printed as text and as JSON; a job file's array"
"$IOBENCH" -c4M --ios=100 -w50 -D100 -b4K --json=r.json r.dat >/dev/null 2>&1 || fail "the run for report"
"$IOBENCH" j.fio --json=j.json >/dev/null 2>&1 || fail "the job file for report"
sweep 1 report r.json
sweep 1 report -Rjson r.json
sweep 1 report r.json --html=d/r.html
sweep 1 compare --force r.json r.json --html=d/c.html
sweep 1 report -Rfio-json j.json
say "the quick suite (every 23rd allocation), a preset's and a sweep's documents, the knee, the curve"
sweep 23 quick --size=8M --duration=0.05 --warmup=0 d
sweep 19 preset crystaldiskmark-peak --engine=null -d0.02 -W0 --pause=0 --json=d/p.json x
sweep 7 sweep --engine=null --qd=1,2 --slo=p99:1ms -d0.02 -W0 --json=d/s.json x
sweep 37 sweep --engine=null --curve --qd=4 --null-latency=100us -d0.02 -W0 -Rjson x
exit 0
