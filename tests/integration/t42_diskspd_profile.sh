# Description: DiskSpd's XML profiles (-X) run as their command line would: each Target its own block size, write ratio and queue depth (checked by the I/Os each target did, per size and direction), TimeSpans one after another, -d/-W/-z overriding every TimeSpan, *1 *2 replaced by the command line's targets, -Rp printing what would run, a command line's -Rpxml read back to the same workload and the same I/Os; bad profiles and bad command lines around -X exit 2 naming the file, line and element, before anything is created.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"

# profile FILE SPANS...: writes a profile of the TimeSpan bodies given (each a string of elements).
profile() {
	f=$1; shift
	{
		echo '<?xml version="1.0" encoding="utf-8"?>'
		echo '<Profile>'
		echo '  <TimeSpans>'
		for s in "$@"; do printf '    <TimeSpan>\n%s\n    </TimeSpan>\n' "$s"; done
		echo '  </TimeSpans>'
		echo '</Profile>'
	} > "$f"
}
# target PATH ELEMENTS: one Target element.
target() { printf '      <Targets><Target><Path>%s</Path>%s</Target></Targets>' "$1" "$2"; }

TWO='      <Duration>30</Duration><Warmup>0</Warmup>
      <Targets>
        <Target>
          <Path>*1</Path>
          <BlockSize>4096</BlockSize>
          <WriteRatio>0</WriteRatio>
          <Random>4096</Random>
        </Target>
        <Target>
          <Path>*2</Path>
          <BlockSize>16384</BlockSize>
          <WriteRatio>100</WriteRatio>
          <RequestCount>8</RequestCount>
          <ThreadsPerFile>2</ThreadsPerFile>
        </Target>
      </Targets>'
profile two.xml "$TWO"

say "two targets of different block sizes, write ratios and depths: each did the I/Os it asked for"
run_ok -Xtwo.xml --engine=null --ios=300 --json=two.json first second
jq -e '.results.targets | length == 2' two.json >/dev/null || fail "targets: $(jq -c '.results.targets' two.json)"
jq -e '.results.targets[0] | .path == "first" and .read.ios == 300 and .read.bytes == 300 * 4096 and
	.write.ios == 0' two.json >/dev/null || fail "first: $(jq -c '.results.targets[0]' two.json)"
jq -e '.results.targets[1] | .path == "second" and .write.ios == 600 and .write.bytes == 600 * 16384 and
	.read.ios == 0' two.json >/dev/null || fail "second (2 threads): $(jq -c '.results.targets[1]' two.json)"
jq -e '.workload.targets | .[0].random_alignment == 4096 and .[0].outstanding == 2 and
	.[1].sequential_stride == 16384 and .[1].outstanding == 8 and .[1].threads == 2' two.json >/dev/null ||
	fail "workload: $(jq -c '.workload.targets' two.json)"
[ "$(jq '.workload.duration_s' two.json)" = null ] || fail "--ios kept the profile's Duration"

say "a profile on real files: FileSize creates them, each target's reads and writes at its size, the files go after"
profile files.xml '      <Duration>1</Duration><Warmup>0</Warmup>
      <Targets>
        <Target><Path>*1</Path><FileSize>1048576</FileSize><BlockSize>8192</BlockSize>
          <WriteRatio>50</WriteRatio><Random>8192</Random></Target>
        <Target><Path>*2</Path><FileSize>2097152</FileSize><BlockSize>65536</BlockSize>
          <DisableOSCache>true</DisableOSCache></Target>
      </Targets>'
run_ok -Xfiles.xml --ios=400 --json=files.json a.dat b.dat
jq -e '.results.targets[0] | .read.ios > 0 and .write.ios > 0 and .read.ios + .write.ios == 400 and
	.read.bytes == .read.ios * 8192 and .write.bytes == .write.ios * 8192' files.json >/dev/null ||
	fail "a.dat: $(jq -c '.results.targets[0]' files.json)"
jq -e '.results.targets[1] | .read.ios == 400 and .read.bytes == 400 * 65536 and .write.ios == 0' \
	files.json >/dev/null || fail "b.dat: $(jq -c '.results.targets[1]' files.json)"
jq -e '.workload.targets | .[0].create_size == 1048576 and .[1].create_size == 2097152 and
	.[1].direct == true and .[0].direct == false' files.json >/dev/null ||
	fail "files: $(jq -c '.workload.targets' files.json)"
[ ! -e a.dat ] && [ ! -e b.dat ] || fail "the files the profile created were left behind"
profile reuse.xml "      <Duration>1</Duration><Warmup>0</Warmup>
$(target '*1' '<FileSize>1048576</FileSize>')" "      <Duration>1</Duration><Warmup>0</Warmup>
$(target '*1' '<WriteRatio>100</WriteRatio><BlockSize>4096</BlockSize>')"
run_ok -Xreuse.xml --ios=50 --json=reuse.json c.dat
[ "$(grep -c "creating 'c.dat'" "$T/err")" = 1 ] || { cat "$T/err"; fail "c.dat not made once, by the first TimeSpan"; }
jq -e '.[1].results.targets[0] | .write.ios == 50 and .write.bytes == 50 * 4096' reuse.json >/dev/null ||
	fail "the second TimeSpan on the first's file: $(jq -c '.[1].results.targets' reuse.json)"
[ ! -e c.dat ] || fail "c.dat left behind"

say "-Rxml of two TimeSpans: one <Results>, a <TimeSpan> each (as DiskSpd), and report -Rxml the same"
run_ok -Xreuse.xml --ios=50 -Rxml --json=reuse2.json c.dat
cp "$T/out" spans.xml.out
xmllint --noout spans.xml.out || fail "-Rxml of two TimeSpans is not well-formed"
[ "$(xmllint --xpath 'count(/Results/TimeSpan)' spans.xml.out)" = 2 ] &&
	[ "$(xmllint --xpath 'count(/Results/Profile/TimeSpans/TimeSpan)' spans.xml.out)" = 2 ] &&
	[ "$(xmllint --xpath 'count(/Results/Iobench)' spans.xml.out)" = 2 ] ||
	fail "not one TimeSpan (and Iobench) per span: $(head -c 600 spans.xml.out)"
w=$(xmllint --xpath 'string(/Results/TimeSpan[2]/Thread/Target/WriteCount)' spans.xml.out)
r=$(xmllint --xpath 'string(/Results/TimeSpan[1]/Thread/Target/ReadCount)' spans.xml.out)
[ "$w" = "$(jq '.[1].results.targets[0].write.ios' reuse2.json)" ] &&
	[ "$r" = "$(jq '.[0].results.targets[0].read.ios' reuse2.json)" ] ||
	fail "the TimeSpans' counts ($r reads, $w writes) are not the JSON's"
"$IOBENCH" report -Rxml reuse2.json > rep.xml 2>rep.err || fail "report -Rxml: $(cat rep.err)"
cmp -s rep.xml spans.xml.out || fail "report -Rxml of the spans differs from the run's -Rxml"

say "two TimeSpans run in order: two results, the second measured after the first"
profile spans.xml "      <Duration>1</Duration><Warmup>0</Warmup><RandSeed>11</RandSeed>
$(target '*1' '<BlockSize>4096</BlockSize>')" "      <Duration>1</Duration><Warmup>0</Warmup><ThreadCount>2</ThreadCount>
$(target '*1' '<BlockSize>8192</BlockSize><WriteRatio>100</WriteRatio>')"
run_ok -Xspans.xml --engine=null --json=spans.json x
jq -e 'length == 2' spans.json >/dev/null || fail "not two results: $(jq -c 'length' spans.json)"
jq -e '.[0].workload.targets[0].block_size == 4096 and .[0].workload.seed == 11 and
	.[0].results.targets[0].write.ios == 0 and .[0].results.targets[0].read.ios > 0 and
	.[1].workload.targets[0].block_size == 8192 and .[1].workload.thread_pool == 2 and
	.[1].results.targets[0].read.ios == 0 and .[1].results.targets[0].write.ios > 0' spans.json >/dev/null ||
	fail "spans: $(jq -c '[.[] | {w: .workload.targets, r: .results.targets}]' spans.json)"
jq -e '.[1].phases.measure_start >= .[0].phases.measure_end' spans.json >/dev/null ||
	fail "the second TimeSpan did not follow the first: $(jq -c '[.[].phases]' spans.json)"
grep -q "TimeSpan 1 of 2" "$T/err" && grep -q "TimeSpan 2 of 2" "$T/err" || fail "no TimeSpan notices"
[ "$(grep -c '^Input parameters' "$T/out")" = 2 ] || fail "not two text reports"

say "-d, -W and -z on the command line override every TimeSpan's; -Rp prints what would run"
run_ok -Xspans.xml --engine=null -d1 -W0 -z5 --json=over.json x	# the profile's Duration of 30 s would time out
jq -e 'length == 2 and all(.[]; .workload.duration_s == 1 and .workload.warmup_s == 0 and
	.workload.seed == 5)' over.json >/dev/null ||
	fail "overrides: $(jq -c '[.[].workload | {duration_s, warmup_s, seed}]' over.json)"
profile long.xml "      <Duration>30</Duration><Warmup>7</Warmup><Cooldown>3</Cooldown>
$(target '*1' '')" "      <Duration>40</Duration>
$(target '*1' '')"
run_ok -Xlong.xml -d2 -W1 -C0 -Rp x
[ "$(grep -c 'duration: 2s' "$T/out")" = 2 ] && [ "$(grep -c 'warm up time: 1s' "$T/out")" = 2 ] &&
	[ "$(grep -c 'cool down time: 0s' "$T/out")" = 2 ] || { cat "$T/out"; fail "-Rp with overrides"; }
grep -q "TimeSpan 2 of 2" "$T/out" || fail "-Rp: not both TimeSpans"
run_ok -Xlong.xml -Rp x
grep -q "duration: 30s" "$T/out" && grep -q "duration: 40s" "$T/out" && grep -q "warm up time: 7s" "$T/out" ||
	{ cat "$T/out"; fail "-Rp of the profile's own durations"; }

say "*1 and *2 are the command line's targets in order; a template without one prints as it is (-Rp)"
profile tpl.xml "$(target '*2' '<BlockSize>512</BlockSize>')" "$(target '*1' '<BlockSize>1024</BlockSize>')"
run_ok -Xtpl.xml --engine=null --ios=10 --json=tpl.json one two
jq -e '.[0].results.targets[0].path == "two" and .[0].results.targets[0].read.bytes == 5120 and
	.[1].results.targets[0].path == "one" and .[1].results.targets[0].read.bytes == 10240' tpl.json >/dev/null ||
	fail "substitution: $(jq -c '[.[].results.targets[0] | {path, b: .read.bytes}]' tpl.json)"
run_ok -Xtpl.xml -Rp
grep -q "path: '\*2'" "$T/out" || fail "-Rp without targets: $(cat "$T/out")"

say "a command line's -Rpxml read back with -X is the same workload, and does the same I/Os"
# roundtrip ARGS...: -Rpxml of ARGS (with -d3), -Rpxml of -X that, equal; then both run with
# the null engine, count-based (the profile's Duration gives way to --ios, as -d must)
roundtrip() {
	run_ok -Rpxml -d3 "$@"
	cp "$T/out" rt.xml
	xmllint --noout rt.xml || fail "-Rpxml of $* is not well-formed"
	run_ok -Xrt.xml -Rpxml
	cmp -s rt.xml "$T/out" || { diff rt.xml "$T/out"; fail "-Rpxml of -X(-Rpxml of $*) differs"; }
	run_ok --engine=null --ios=400 -W0 -Rjson "$@"
	jq -c '[.results.targets[] | [.path, .read.ios, .read.bytes, .write.ios, .write.bytes]]' "$T/out" > rt.cmd
	run_ok -Xrt.xml --engine=null --ios=400 -W0 -Rjson
	jq -c '[.results.targets[] | [.path, .read.ios, .read.bytes, .write.ios, .write.bytes]]' "$T/out" > rt.x
	cmp -s rt.cmd rt.x || fail "I/Os of $* differ under -X: $(cat rt.cmd) vs $(cat rt.x)"
	run_ok -Xrt.xml --engine=null --ios=10 -W0	# its <ResultFormat>xml: DiskSpd's XML results
	xmllint --noout "$T/out" && grep -q "^<Results>" "$T/out" || fail "-X of -Rpxml: no XML results"
	echo "ok: $* -> $(cat rt.x)"
}
roundtrip -b8K -w30 -o4 -t2 -r -z7 a.dat b.dat
roundtrip -b4K -w50 -Sh -o3 -F2 -s8K -B4K -f1M x y
roundtrip -b64K -Z -w100 -T64K -t2 -o1 -n -z3 z.dat
roundtrip -b4K -Z1M -w20 -r16K -Su -D500 -a0 z.dat
roundtrip -z9 -b4K -rs30 -r8K -w10 'a\b.dat'
run_ok -Rpxml -z --engine=null x	# DiskSpd's bare -z: a 32-bit tick count, read back by -X
cp "$T/out" z.xml
seed=$(xmllint --xpath 'string(//RandSeed)' z.xml)
[ "$seed" -gt 0 ] && [ "$seed" -le 4294967295 ] || fail "bare -z: seed $seed"
run_ok -Rpxml -Xz.xml --engine=null
cmp -s z.xml "$T/out" || fail "-X of bare -z's profile"
roundtrip -b4K -rdpct90/10:10/90 -r -I2 -fr -v -P1000 a.dat
roundtrip -b4K -si -t4 -fs a.dat
# -rdabs: DiskSpd writes the rest of the target as a last <Range IO="80">0</Range>, read back as the rest
roundtrip -b4K -rdabs10/1G:10/1G:0/100G -r -f200G a.dat
grep -q "<Range IO=\"80\">0</Range>" rt.xml || fail "-rdabs: no last range of the rest in the profile"
say "-Rpxml refuses what its profile could not give back: a seed past 32 bits, a path that is not UTF-8"
bad "past DiskSpd's 32-bit <RandSeed>" -Rpxml -z4294967296 --engine=null x
bad "is not one a profile gives back" -Rpxml --engine=null "$(printf 'a\377b')"
[ ! -e a.dat ] && [ ! -e z.dat ] || fail "a round trip left files"

ok_target="$(target new.dat '<FileSize>1048576</FileSize>')"

say "malformed XML: the line where it breaks"
profile m.xml "$ok_target"
sed -i 's#</Targets>##' m.xml
bad "m.xml:6: not well-formed XML: Opening and ending tag mismatch: Targets line 5" -Xm.xml

say "an element diskspd.xsd does not have, by name and line"
profile u.xml "$(target new.dat '<FileSize>1048576</FileSize>
<Frobnicate>1</Frobnicate>')"
bad "u.xml:6: <Frobnicate>: unknown element in <Target>" -Xu.xml

say "a number that is not one, or out of its type's range"
profile n.xml "$(target new.dat '<FileSize>1048576</FileSize><BlockSize>8K</BlockSize>')"
bad "n.xml:5: <BlockSize>: '8K' is not a whole number" -Xn.xml
profile n2.xml "$(target new.dat '<FileSize>1048576</FileSize><WriteRatio>101</WriteRatio>')"
bad "n2.xml:5: <WriteRatio>: '101' is not a percentage from 0 to 100" -Xn2.xml

say "a required element missing (a Target without Path, a TimeSpan without Targets)"
profile r.xml "      <Targets><Target><BlockSize>4096</BlockSize></Target></Targets>"
bad "r.xml:5: <Target>: needs a <Path>" -Xr.xml
profile r2.xml "      <Duration>1</Duration>"
bad "r2.xml:4: <TimeSpan>: needs a <Targets>" -Xr2.xml

say "an element iobench refuses, for its switch's reason (TemporaryFile is -ft)"
profile g.xml "$(target new.dat '<FileSize>1048576</FileSize>
<TemporaryFile>true</TemporaryFile>')"
bad "g.xml:6: <TemporaryFile>:" -Xg.xml
profile g2.xml "      <ThreadCount>2</ThreadCount><CompletionRoutines>true</CompletionRoutines>
$ok_target"
bad "g2.xml:5: <CompletionRoutines>: '-x': DiskSpd's completion routines" -Xg2.xml

say "-b with -X, and any DiskSpd switch beyond -d -W -C -R -v -z"
profile ok.xml "$ok_target"
bad "-b is not compatible with -X" -Xok.xml -b8K
bad "'-t4' is not compatible with -X" -t4 -Xok.xml
bad "'--threads' is not compatible with -X" -Xok.xml --threads=4

say "two -X, or a switch after the targets"
bad "more than one XML profile (-X)" -Xok.xml -Xok.xml
bad "'-d1' after the target 'new.dat': DiskSpd's switches come before the targets" -Xtpl.xml new.dat -d1

say "a Windows path, in the profile or for its *1"
profile w.xml "$(target 'C:\data\new.dat' '<FileSize>1048576</FileSize>')"
bad "w.xml:5: <Path>: 'C:\\data\\new.dat' is a Windows path" -Xw.xml
bad "'#1' is a Windows physical drive number" -Xtpl.xml '#1' new.dat

say "template paths: *N without its target, a target no *N uses, *x"
bad "<Path>: template path '*2' has no target on the command line" -Xtpl.xml new.dat
bad "target 'c.dat' (*3) is used by no template path" -Xtpl.xml a.dat b.dat c.dat
profile x.xml "$(target '*x' '')"
bad "x.xml:5: <Path>: '*x' is not a template path" -Xx.xml new.dat

say "a DTD or an entity: no <!DOCTYPE>, no external entity, nothing fetched"
printf '<?xml version="1.0"?>\n<!DOCTYPE Profile [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<Profile>&e;</Profile>\n' > e.xml
bad "e.xml:2: a DiskSpd profile has no <!DOCTYPE>" -Xe.xml
printf '<Profile>&e;</Profile>\n' > e2.xml
bad "e2.xml:1: not well-formed XML: Entity 'e' not defined" -Xe2.xml
printf '<Profile xmlns="urn:x"><TimeSpans/></Profile>\n' > ns.xml
bad "ns.xml:1: <Profile>: in the namespace 'urn:x'" -Xns.xml

say "a profile that is no file, or too large to be one"
bad "-X: cannot open 'missing.xml'" -Xmissing.xml
head -c 5000000 /dev/zero | tr '\0' ' ' > big.xml
bad "larger than 4 MiB" -Xbig.xml
rm -f big.xml
exit 0
