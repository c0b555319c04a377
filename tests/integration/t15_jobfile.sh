# Description: fio job files: the examples and the methodology job run on temp targets, size-based jobs move exactly fio's bytes, fio-json has fio's fields, bad job files fail before any I/O.
. "$(dirname "$0")/lib.sh"
EX=$(cd "$(dirname "$0")/../../examples" && pwd)

# fio_fields FILE: every jobs[] entry has the fields fio's tools read
fio_fields() {
	jq -e '(.["fio version"] | startswith("iobench")) and (.jobs | length > 0) and
		all(.jobs[]; has("jobname") and has("groupid") and has("error") and has("usr_cpu")
			and has("sys_cpu") and has("ctx") and has("latency_us") and has("latency_ms")
			and all(.read, .write; has("io_bytes") and has("io_kbytes") and has("bw_bytes")
				and has("bw") and has("iops") and has("runtime") and has("total_ios")
				and (.clat_ns | has("percentile") or .N == 0)
				and all(.slat_ns, .clat_ns, .lat_ns; has("min") and has("max") and has("mean")
					and has("stddev") and has("N"))))
		and (.disk_util | type == "array")' "$1" >/dev/null
}

# small FILE: a copy of example FILE made small (the command line's options are only
# defaults under the job file's own, as in fio 3.33), its path on stdout
small() {
	sed -e 's/^size=.*/size=8m/' -e 's/^runtime=.*/runtime=1/' -e 's/^ramp_time=.*/ramp_time=0/' \
	    -e 's/^numjobs=.*/numjobs=2/' "$1" > "$T/small-$(basename "$1")"
	echo "$T/small-$(basename "$1")"
}

say "every example runs on temp files (a copy made small), with fio's JSON layout"
mkdir "$T/ex"
for f in "$EX"/*.fio; do
	[ "$(basename "$f")" = two-devices-read.fio ] && continue
	s=$(small "$f")
	(cd "$T/ex" && "$IOBENCH" "$s" --size=8m --runtime=1 --ramp_time=0 --numjobs=2 \
		--output-format=fio-json --quiet >"$T/out" 2>"$T/err") ||
		{ cat "$T/err"; fail "$(basename "$f") failed"; }
	fio_fields "$T/out" || fail "$(basename "$f"): fio-json lacks fields: $(head -c 600 "$T/out")"
	jq -e '[.jobs[] | .read.io_bytes + .write.io_bytes] | all(. > 0)' "$T/out" >/dev/null ||
		fail "$(basename "$f"): a job moved nothing"
	[ -z "$(ls "$T/ex")" ] || fail "$(basename "$f") left files: $(ls "$T/ex")"
done

say "the command line's options are defaults the job file's own beat, as in fio 3.33"
printf '[global]\nioengine=null\nbs=4k\n[a]\nrw=read\nsize=2m\n[b]\nrw=read\n' > "$T/prec.fio"
run_ok "$T/prec.fio" --size=1m --bs=8k --output-format=fio-json
got=$(jq -c '[.jobs[] | [.jobname, .read.io_bytes, .read.total_ios]]' "$T/out")
[ "$got" = '[["a",2097152,512],["b",1048576,256]]' ] || fail "precedence: $got"
if command -v fio >/dev/null; then
	want=$(fio "$T/prec.fio" --size=1m --bs=8k --output-format=json |
		jq -c '[.jobs[] | [.jobname, .read.io_bytes, .read.total_ios]]')
	[ "$got" = "$want" ] || fail "precedence: iobench $got, fio $want"
else
	skip_case "the precedence comparison with fio (no fio)"
fi

say "name= in [global] leaves each job its section's name, as in fio"
printf '[global]\nname=foo\nioengine=null\nrw=read\nbs=4k\nsize=1m\n[a]\n[b]\nname=bee\n' > "$T/nm.fio"
run_ok "$T/nm.fio" --output-format=fio-json
got=$(jq -c '[.jobs[].jobname]' "$T/out")
[ "$got" = '["a","bee"]' ] || fail "job names: $got"
if command -v fio >/dev/null; then
	want=$(fio "$T/nm.fio" --output-format=json | jq -c '[.jobs[].jobname]')
	[ "$got" = "$want" ] || fail "job names: iobench $got, fio $want"
fi

say "a job file is known by its content (fsx.job, X.FIO) or read from stdin (-); a DiskSpd line's words stay targets"
cp "$T/nm.fio" "$T/fsx.job"; cp "$T/nm.fio" "$T/X.FIO"
for f in "$T/fsx.job" "$T/X.FIO"; do
	run_ok "$f" --output-format=fio-json
	[ "$(jq -c '[.jobs[].jobname]' "$T/out")" = '["a","bee"]' ] || fail "$f: $(head -c 200 "$T/out")"
done
"$IOBENCH" - --output-format=fio-json < "$T/nm.fio" > "$T/out" 2>"$T/err" || fail "stdin: $(cat "$T/err")"
[ "$(jq -c '[.jobs[].jobname]' "$T/out")" = '["a","bee"]' ] || fail "stdin: $(head -c 200 "$T/out")"
sum=$(md5sum < "$T/fsx.job")
run_ok --engine=null --ios=10 -b4K "$T/fsx.job"	# -b: a DiskSpd line, fsx.job its target
grep -q "path: '$T/fsx.job'" "$T/out" || fail "-b: fsx.job is not the DiskSpd run's target: $(head -20 "$T/out")"
same_bytes "$T/fsx.job" "$sum"

say "invalidate (on by default): the file's page cache is dropped before the job, as fio drops it"
if command -v fincore >/dev/null; then
	head -c 8388608 /dev/urandom > "$T/cached.dat"
	printf '[r]\nioengine=psync\nrw=read\nbs=4k\nfilename=%s\nnumber_ios=1\n' "$T/cached.dat" > "$T/inv.fio"
	cached() { cat "$T/cached.dat" > /dev/null; }
	resident() { fincore --bytes --noheadings --output RES "$T/cached.dat"; }
	cached; [ "$(resident)" = 8388608 ] || skip_case "the invalidate case (the page cache does not keep 8 MiB here)"
	if [ "$(resident)" = 8388608 ]; then
		run_ok "$T/inv.fio" --quiet
		iob=$(resident)
		[ "$iob" -lt 4194304 ] || fail "invalidate: $iob bytes still cached after the job"
		grep -q "its page cache dropped before the run (invalidate)" "$T/out" || fail "not reported"
		cached; run_ok "$T/inv.fio" --invalidate=0 --quiet
		[ "$(resident)" = 8388608 ] || fail "invalidate=0: $(resident) bytes cached, wanted all"
		if command -v fio >/dev/null; then
			cached; fio "$T/inv.fio" >/dev/null 2>&1 || fail "fio inv.fio"
			[ "$(resident)" -lt 4194304 ] || fail "fio's invalidate left $(resident) bytes: the test is wrong"
		fi
	fi
else
	skip_case "the invalidate case (no fincore)"
fi

say "--parse-only: the job file is read and planned, nothing runs or is created, as fio's"
(cd "$T/ex" && "$IOBENCH" "$EX/write-then-read.fio" --parse-only >"$T/out" 2>"$T/err") ||
	fail "--parse-only: $(cat "$T/err")"
[ ! -s "$T/out" ] && [ -z "$(ls "$T/ex")" ] || fail "--parse-only ran or created something"
printf '[a]\nioengine=null\nsize=1m\niodepht=4\n' > "$T/typo.fio"
run_rc 2 "$T/typo.fio" --parse-only
grep -q "typo.fio:4: unknown option 'iodepht'" "$T/err" || fail "--parse-only, a typo: $(cat "$T/err")"

say "--eta: the live line always (stderr a file), never, or on a terminal only (auto), as fio's"
printf '[e]\nioengine=null\nrw=read\nbs=4k\nsize=1m\ntime_based\nruntime=1\n' > "$T/eta.fio"
"$IOBENCH" "$T/eta.fio" --eta=always >/dev/null 2>"$T/eta" || fail "--eta=always"
grep -q "$(printf '\r')measuring" "$T/eta" || fail "--eta=always drew no live line"
"$IOBENCH" "$T/eta.fio" --eta never >/dev/null 2>"$T/eta" || fail "--eta never"
! grep -q "$(printf '\r')" "$T/eta" || fail "--eta never drew a live line"
run_rc 2 "$T/eta.fio" --eta=sometimes
# --eta-newline: the line is also kept on a line of its own every period (1 s run, 300 ms)
"$IOBENCH" "$T/eta.fio" --eta=always --eta-newline=300ms >/dev/null 2>"$T/eta" || fail "--eta-newline"
[ "$(grep -o 'iobench: measuring [^|]* s left' "$T/eta" | wc -l)" -ge 2 ] || fail "--eta-newline=300ms: $(cat -A "$T/eta")"
"$IOBENCH" "$T/eta.fio" --eta=always >/dev/null 2>"$T/eta" || fail "--eta=always"
! grep -q 'iobench: measuring' "$T/eta" || fail "lines of their own without --eta-newline"
# --eta-interval: redrawn every 500 ms instead of 200: fewer redraws in the same second
"$IOBENCH" "$T/eta.fio" --eta=always --eta-interval=600ms >/dev/null 2>"$T/eta" || fail "--eta-interval"
[ "$(tr '\r' '\n' < "$T/eta" | grep -c '^measuring')" -le 3 ] || fail "--eta-interval=600ms: $(cat -A "$T/eta")"
run_rc 2 "$T/eta.fio" --eta-interval=100ms
grep -q "at least 250 ms" "$T/err" || fail "--eta-interval=100ms: $(cat "$T/err")"

say "every fio 3.33 option is known by name: one iobench does not implement is never a typo"
printf '[a]\nioengine=null\nsize=1m\nsteadystate=iops:1%%\n' > "$T/ss.fio"
run_rc 2 "$T/ss.fio"
grep -q "ss.fio:4: steadystate: a fio option that iobench does not implement" "$T/err" ||
	fail "steadystate: $(cat "$T/err")"
printf '[a]\nioengine=null\nsize=1m\nuserspace_reap\n' > "$T/ur.fio"
run_rc 2 "$T/ur.fio"
grep -q "userspace_reap: an option of fio's libaio engine that iobench does not implement" \
	"$T/err" || fail "userspace_reap: $(cat "$T/err")"

# fio 3.33 takes its act and tiobench profiles' options in any job, to no effect (examples/waitfor.fio)
printf '[a]\nioengine=null\nsize=1m\nthreads=4\n' > "$T/th.fio"
run_ok "$T/th.fio" --output-format=json
grep -q "th.fio:4: threads: an option of fio's tiobench profile" "$T/err" || fail "threads: $(cat "$T/err")"
jq -e '.jobs | length == 1 and .[0].read.io_bytes == 1048576' "$T/out" >/dev/null ||
	fail "threads=4 changed the job: $(jq -c '[.jobs[].read.io_bytes]' "$T/out")"

say "--output-format=json in a job file is fio's layout, as fio writes it; iobench-json iobench's; an unknown layout refused"
run_ok "$T/prec.fio" --size=1m --output-format=json
fio_fields "$T/out" || fail "json is not fio's layout: $(head -c 300 "$T/out")"
run_ok "$T/prec.fio" --size=1m --output-format=iobench-json
jq -e 'type == "array" and all(.[]; .schema == "iobench/result")' "$T/out" >/dev/null ||
	fail "iobench-json: $(head -c 300 "$T/out")"
run_rc 2 "$T/prec.fio" --size=1m --output-format=xml
grep -q -- "--output-format=xml: xml is DiskSpd's XML results, of the DiskSpd command line" "$T/err" ||
	fail "xml: $(cat "$T/err")"

say "json+: the latency bins, which fio's own fio_jsonplus_clat2csv reads and validates"
run_ok "$T/prec.fio" --size=1m --output-format=json+ --json="$T/jp-model.json"
cp "$T/out" "$T/jp.json"
jq -e 'all(.jobs[]; ([.read.clat_ns.bins[]] | add) == .read.clat_ns.N)' "$T/jp.json" >/dev/null ||
	fail "json+: the bins do not add up to N"
"$IOBENCH" report -Rfio-json+ "$T/jp-model.json" | jq -e '.jobs[0].read.clat_ns.bins | length > 0' >/dev/null ||
	fail "report -Rfio-json+ has no bins"
if command -v fio_jsonplus_clat2csv >/dev/null && python3 -c 'import six' 2>/dev/null; then
	(cd "$T" && fio_jsonplus_clat2csv jp.json jp.csv >/dev/null && fio_jsonplus_clat2csv jp.json jp.csv --validate) \
		> "$T/val" 2>&1 || fail "fio_jsonplus_clat2csv: $(cat "$T/val")"
	[ "$(grep -c validated "$T/val")" = 2 ] || fail "fio_jsonplus_clat2csv: $(cat "$T/val")"
else
	skip_case "fio's fio_jsonplus_clat2csv (not installed, or python3-six missing)"
fi

say "wait_for in a time-based group: the job stays in the group (as in fio) and starts when the other ends"
printf '[global]\nioengine=null\nrw=read\nbs=4k\nsize=1m\ntime_based\nruntime=1\n[a]\n[b]\nwait_for=a\n' > "$T/wf.fio"
run_ok "$T/wf.fio" --output-format=json --json="$T/wf.json"
got=$(jq -c '[.jobs[] | [.jobname, .groupid]]' "$T/out")
[ "$got" = '[["a",0],["b",0]]' ] || fail "wait_for: $got"
jq -e 'length == 1 and [.[0].model.result.rows[].start_ns] == [0, 1000000000]' "$T/wf.json" >/dev/null ||
	fail "wait_for: b does not start when a ends: $(jq -c '[.[0].model.result.rows[].start_ns]' "$T/wf.json")"
if command -v fio >/dev/null; then
	want=$(fio "$T/wf.fio" --output-format=json | jq -c '[.jobs[] | [.jobname, .groupid]]')
	[ "$got" = "$want" ] || fail "wait_for: iobench $got, fio $want"
fi

say "fio's command line without a job file: --name starts each job, options before it are global, as fio"
run_ok --ioengine=null --bs=4k --name=a --rw=read --size=1m --name=b --rw=randread --size=2m --bs=8k \
	--output-format=json
got=$(jq -c '[.jobs[] | [.jobname, .groupid, .read.io_bytes, .read.total_ios]]' "$T/out")
[ "$got" = '[["a",0,1048576,256],["b",0,2097152,256]]' ] || fail "command-line jobs: $got"
mkdir "$T/cl"
(cd "$T/cl" && "$IOBENCH" --name=x --rw=randread --bs=4k --size=4m --filename=c.dat --iodepth=8 \
	--ioengine=io_uring --direct=1 --output-format=json --quiet > "$T/c.json") || fail "the fio user's line"
[ "$(jq '.jobs[0].read.total_ios' "$T/c.json")" = 1024 ] || fail "the fio user's line: $(head -c 300 "$T/c.json")"
if command -v fio >/dev/null; then
	want=$(fio --ioengine=null --bs=4k --name=a --rw=read --size=1m --name=b --rw=randread --size=2m \
		--bs=8k --output-format=json 2>/dev/null | sed -n '/^{/,$p' |
		jq -c '[.jobs[] | [.jobname, .groupid, .read.io_bytes, .read.total_ios]]')
	[ "$got" = "$want" ] || fail "command-line jobs: iobench $got, fio $want"
	(cd "$T/cl" && fio --name=x --rw=randread --bs=4k --size=4m --filename=c.dat --iodepth=8 \
		--ioengine=io_uring --direct=1 --output-format=json 2>/dev/null | sed -n '/^{/,$p' > "$T/cf.json"
		rm -f c.dat)
	[ "$(jq '.jobs[0].read.total_ios' "$T/cf.json")" = 1024 ] || fail "fio did not do 1024 reads"
fi
run_rc 2 "$T/nm.fio" --name=z
grep -q "defines a job of its own" "$T/err" || fail "--name beside a job file: $(cat "$T/err")"

say "fio-json's global options and job options: the options as written, as fio lists them"
printf '[global]\nioengine=null\nbs=4k\n[a]\nrw=read\nsize=2m\n[global]\niodepth=2\n[b]\nrw=read\nsize=1m\nbssplit=4k/50:8k/50\n' > "$T/jo.fio"
run_ok "$T/jo.fio" --numjobs=1 --output-format=json
got=$(jq -c '[.["global options"], [.jobs[] | [.jobname, .["job options"]]]]' "$T/out")
[ "$got" = '[{"numjobs":"1","ioengine":"null","bs":"4k","iodepth":"2"},[["a",{"rw":"read","size":"2m"}],["b",{"rw":"read","size":"1m","bssplit":"4k/50:8k/50"}]]]' ] ||
	fail "options: $got"
run_ok --ioengine=null --name=x --rw=read --size=1m --output-format=json
got2=$(jq -c '[.["global options"], [.jobs[] | .["job options"]]]' "$T/out")
[ "$got2" = '[{"ioengine":"null"},[{"name":"x","rw":"read","size":"1m"}]]' ] || fail "command-line options: $got2"
if command -v fio >/dev/null; then
	want=$(fio "$T/jo.fio" --numjobs=1 --output-format=json | jq -c '[.["global options"], [.jobs[] | [.jobname, .["job options"]]]]')
	[ "$got" = "$want" ] || fail "options: iobench $got, fio $want"
	want=$(fio --ioengine=null --name=x --rw=read --size=1m --output-format=json 2>/dev/null |
		sed -n '/^{/,$p' | jq -c '[.["global options"], [.jobs[] | .["job options"]]]')
	[ "$got2" = "$want" ] || fail "command-line options: iobench $got2, fio $want"
fi

say "write-then-read: two groups, the read group reads the file the write group laid out"
sed 's/^size=.*/size=16m/' "$EX/write-then-read.fio" > "$T/wtr.fio"
(cd "$T/ex" && "$IOBENCH" "$T/wtr.fio" --output-format=fio-json --quiet >"$T/out") ||
	fail "write-then-read failed"
jq -e '[.jobs[] | {jobname, groupid, r: .read.io_bytes, w: .write.io_bytes}] ==
	[{"jobname":"write","groupid":0,"r":0,"w":16777216},
	 {"jobname":"read","groupid":1,"r":16777216,"w":0}]' "$T/out" >/dev/null ||
	fail "write-then-read: $(jq -c '[.jobs[] | {jobname, groupid, r: .read.io_bytes, w: .write.io_bytes}]' "$T/out")"

say "size-based jobs: iobench moves exactly the bytes fio moves"
cat > "$T/sized.fio" <<'EOF'
[global]
ioengine=psync
size=4m
[seq]
rw=read
bs=64k
[rnd]
rw=randread
bs=4k
numjobs=2
[mixed]
rw=randrw
rwmixread=60
bs=16k
io_size=2m
loops=2
[counted]
rw=write
bs=8k
number_ios=100
[split]
rw=randread
bssplit=4k/50:16k/:64k/
norandommap
[ranged]
rw=read
bsrange=4k-32k
EOF
mkdir "$T/i" "$T/f"
(cd "$T/i" && "$IOBENCH" "$T/sized.fio" --output-format=fio-json --quiet >"$T/i.json") ||
	fail "sized.fio failed"
jq -c '[.jobs[] | {jobname, b: (.read.io_bytes + .write.io_bytes)}]' "$T/i.json" > "$T/i.b"
grep -q '"seq","b":4194304' "$T/i.b" || fail "seq: $(cat "$T/i.b")"
grep -q '"mixed","b":4194304' "$T/i.b" || fail "mixed (io_size x loops): $(cat "$T/i.b")"
grep -q '"counted","b":819200' "$T/i.b" || fail "counted (number_ios): $(cat "$T/i.b")"
grep -q '"split","b":4194304' "$T/i.b" && grep -q '"ranged","b":4194304' "$T/i.b" ||
	fail "bssplit/bsrange: $(cat "$T/i.b")"
jq -e '.jobs[] | select(.jobname == "split") | .read.total_ios < 4194304 / 4096' "$T/i.json" >/dev/null ||
	fail "bssplit: every read was 4k"
if command -v fio >/dev/null; then
	(cd "$T/f" && fio "$T/sized.fio" --output-format=json >"$T/f.json" 2>/dev/null) || fail "fio failed"
	jq -c '[.jobs[] | {jobname, b: (.read.io_bytes + .write.io_bytes)}]' "$T/f.json" > "$T/f.b"
	cmp -s "$T/i.b" "$T/f.b" || fail "bytes differ: iobench $(cat "$T/i.b"), fio $(cat "$T/f.b")"
	echo "io_bytes per job as fio's: $(cat "$T/i.b")"
else
	skip_case "the comparison with fio (fio is not installed)"
fi

say "fsync=N: one fsync after every N writes, reported as fio's sync"
printf '[w]\nrw=write\nbs=4k\nsize=1m\nnumber_ios=100\nfsync=4\n' > "$T/sync.fio"
(cd "$T/i" && "$IOBENCH" "$T/sync.fio" --output-format=fio-json --quiet >"$T/out") || fail "sync.fio failed"
jq -e '.jobs[0].sync.total_ios == 25 and .jobs[0].sync.lat_ns.N == 25 and .jobs[0].sync.lat_ns.mean > 0' \
	"$T/out" >/dev/null || fail "fsyncs: $(jq -c '.jobs[0].sync' "$T/out")"

say "startdelay: a job starts later and still measures its whole runtime"
printf '[global]\nioengine=psync\nsize=4m\ntime_based\nruntime=1\n[a]\nrw=randread\n[b]\nrw=randread\nstartdelay=1\n' > "$T/delay.fio"
(cd "$T/i" && "$IOBENCH" "$T/delay.fio" --output-format=iobench-json --json="$T/d.json" --quiet >/dev/null) ||
	fail "delay.fio failed"
# no shorter than the delay plus the runtime (how much longer is this machine's business)
jq -e '.[0].test_time_s >= 1.99' "$T/d.json" >/dev/null ||
	fail "startdelay: window $(jq '.[0].test_time_s' "$T/d.json") s, wanted at least 2"

say "the methodology job file, on two loop devices, as 'fio read.fio --numjobs=16'"
new_loop 64; D1=$LOOP
new_loop 64; D2=$LOOP
sed -e 's/^runtime=.*/runtime=2/' -e 's/^ramp_time=.*/ramp_time=1/' "$EX/two-devices-read.fio" \
	> "$T/tdr.fio"
DEV1=$D1 DEV2=$D2 run_ok "$T/tdr.fio" --numjobs=16 --output-format=fio-json
fio_fields "$T/out" || fail "methodology: fio-json lacks fields"
jq -e '(.jobs | length == 1) and .jobs[0].read.io_bytes > 0 and .jobs[0].write.io_bytes == 0
	and ([.disk_util[].name] | length >= 2)' "$T/out" >/dev/null ||
	fail "methodology: $(jq -c '{n: (.jobs | length), r: .jobs[0].read.io_bytes, d: [.disk_util[].name]}' "$T/out")"
grep -q "gtod_reduce: this tunes fio's own" "$T/err" || fail "no notice for gtod_reduce"

say "text and iobench JSON: one document per group"
DEV1=$D1 DEV2=$D2 run_ok "$(small "$EX/two-devices-read.fio")" --quiet
grep -q "^Group 0 (2 jobs, reported as one)" "$T/out" && grep -q "^read   | " "$T/out" ||
	fail "no group section: $(tail -20 "$T/out")"
(cd "$T/ex" && "$IOBENCH" "$(small "$EX/write-then-read.fio")" --output-format=iobench-json --quiet \
	>"$T/out") || fail "json output failed"
jq -e 'type == "array" and length == 2 and all(.[]; .schema == "iobench/result")' "$T/out" >/dev/null ||
	fail "json: $(head -c 300 "$T/out")"

say "--print-workload shows the groups and touches nothing"
(cd "$T/ex" && "$IOBENCH" "$EX/write-then-read.fio" --print-workload >"$T/out") || fail "print-workload failed"
grep -q "Group 2 of 2" "$T/out" && grep -q "job 'read'" "$T/out" || fail "print-workload: $(cat "$T/out")"
[ -z "$(ls "$T/ex")" ] || fail "print-workload created $(ls "$T/ex")"

say "bad job files: exit 2 naming file:line, nothing created"
printf '[a]\nsize=1m\nbsize=4k\n' > "$T/bad.fio"
(cd "$T/ex" && "$IOBENCH" "$T/bad.fio" >"$T/out" 2>"$T/err"); rc=$?
[ $rc = 2 ] && grep -q "bad.fio:3: unknown option 'bsize'" "$T/err" || fail "bad option: rc $rc, $(cat "$T/err")"
printf '[a]\nsize=1m\nrw=write\n[b]\nstonewall\nfilename=foreign.dat\nrw=write\n' > "$T/guard.fio"
head -c 1048576 /dev/urandom > "$T/ex/foreign.dat"
sum=$(md5sum < "$T/ex/foreign.dat")
(cd "$T/ex" && "$IOBENCH" "$T/guard.fio" >"$T/out" 2>"$T/err"); rc=$?
[ $rc = 2 ] && grep -q "refusing to write to 'foreign.dat'" "$T/err" || fail "guard: rc $rc, $(cat "$T/err")"
[ "$(ls "$T/ex")" = foreign.dat ] || fail "the first group ran before the second was checked: $(ls "$T/ex")"
[ "$(md5sum < "$T/ex/foreign.dat")" = "$sum" ] || fail "foreign.dat changed"
(cd "$T/ex" && "$IOBENCH" "$T/bad.fio" --section=a >"$T/out" 2>"$T/err"); rc=$?
[ $rc = 2 ] && grep -q -- "--section: a fio command-line option" "$T/err" || fail "--section: $(cat "$T/err")"
say "fio-json's interval statistics: fio's 500 ms windows, as many samples as fio takes"
if command -v fio >/dev/null; then
	mkdir "$T/w"
	printf '[j]\nrw=randread\nbs=4k\nsize=8m\ntime_based\nruntime=3\nioengine=psync\nfilename=w.dat\n' > "$T/w.fio"
	(cd "$T/w" && "$IOBENCH" "$T/w.fio" --output-format=fio-json >"$T/wi.json" 2>/dev/null) || fail "iobench w.fio"
	(cd "$T/w" && fio "$T/w.fio" --output-format=json >"$T/wf.json" 2>/dev/null) || fail "fio w.fio"
	a=$(jq '.jobs[0].read.iops_samples' "$T/wi.json") b=$(jq '.jobs[0].read.iops_samples' "$T/wf.json")
	# fio's helper thread takes the sample of the window ending with the run only when it wakes
	# before the job stops: 6 or 5 in 3 s, by a race in fio. iobench counts a window that ends
	# 1 ms or more before the run does (test_fiostats checks that rule): both give one of the two.
	case "$a:$b" in [56]:[56]) ;; *) fail "iops_samples: iobench $a, fio $b (3 s of 500 ms windows: 5 or 6)" ;; esac
	jq -e '.jobs[0].read | .bw_samples == .iops_samples' "$T/wi.json" >/dev/null || fail "bw_samples is not iops_samples"
	jq -e '.jobs[0].read | .slat_ns.N == 0 and .clat_ns.N == .lat_ns.N and .clat_ns.mean == .lat_ns.mean' \
		"$T/wi.json" >/dev/null || fail "clat_ns is not lat_ns: $(jq -c '.jobs[0].read | {slat_ns, lat_ns}' "$T/wi.json")"
else
	skip_case "the interval comparison (no fio)"
fi
say "fio's command-line forms: --name value as --name=value (fio's getopt), iobench's --json FILE too"
printf '[w]\nioengine=null\nsize=1m\nrw=read\n' > "$T/sp.fio"
(cd "$T/i" && "$IOBENCH" "$T/sp.fio" --bs=8k --iodepth=4 --print-workload) > "$T/eq.txt" || fail "--bs=8k"
(cd "$T/i" && "$IOBENCH" "$T/sp.fio" --bs 8k --iodepth 4 --print-workload) > "$T/sp.txt" || fail "--bs 8k"
grep -v "^Command Line" "$T/eq.txt" > "$T/eq2.txt"; grep -v "^Command Line" "$T/sp.txt" > "$T/sp2.txt"
cmp -s "$T/eq2.txt" "$T/sp2.txt" || fail "--bs 8k is not --bs=8k: $(diff "$T/eq2.txt" "$T/sp2.txt")"
grep -q "block size: 8KiB" "$T/sp.txt" || fail "block size: $(grep 'block size' "$T/sp.txt")"
(cd "$T/i" && "$IOBENCH" "$T/sp.fio" --json "$T/sp.json" --quiet >/dev/null) || fail "--json FILE taken as a job file"
jq -e '.[0].schema == "iobench/result"' "$T/sp.json" >/dev/null || fail "--json FILE: no document"
if command -v fio >/dev/null; then
	# 1 MiB in 8 KiB reads: 128, in both tools and both forms
	[ "$(fio "$T/sp.fio" --bs 8k --output-format=json | jq '.jobs[0].read.total_ios')" = 128 ] ||
		fail "fio does not take --bs 8k"
	[ "$(cd "$T/i" && "$IOBENCH" "$T/sp.fio" --bs 8k --output-format=iobench-json --quiet | jq '.[0].results.total.read.ios')" = 128 ] ||
		fail "iobench --bs 8k did not do 128 reads"
fi
exit 0