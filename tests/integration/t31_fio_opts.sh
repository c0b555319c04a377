# Description: fio's file options as fio 3.33 means them, checked by what they leave on disk (files left or removed, sizes and allocated blocks) beside what fio itself leaves for the same job: unlink, unlink_each_loop, allow_file_create, create_on_open, fallocate, openfiles; file_service_type and iodepth over a job's files (one pool: the I/Os in flight and the files' order under strace, beside fio's); fadvise_hint (the posix_fadvise calls under strace, beside fio's, and buffered random reads' IOPS beside fio's).
. "$(dirname "$0")/lib.sh"
cd "$T"
have_fio() { command -v fio >/dev/null; }

# job NAME OPTS...: writes NAME.fio, one job [j] on $T/NAME.dat with the options given (one a word)
job() {
	n=$1; shift
	{ echo "[j]"; echo "filename=$T/$n.dat"; for o in "$@"; do echo "$o"; done; } > "$n.fio"
}
# fio_left NAME: runs fio on NAME.fio (it must succeed); prints "left" or "gone" for NAME.dat, then removes it
fio_left() {
	fio "$1.fio" --output=/dev/null >"$T/fioerr" 2>&1 || { cat "$T/fioerr"; fail "fio $1.fio failed"; }
	[ -e "$1.dat" ] && echo left || echo gone
	rm -f "$1.dat"
}

case_ effect "unlink=1 removes the job's file once it has run, unlink=0 leaves it, as fio does"
for u in 1 0; do
	job u$u rw=write bs=64k size=1m unlink=$u
	run_ok u$u.fio --quiet
	got=$([ -e u$u.dat ] && echo left || echo gone)
	want=$([ $u = 1 ] && echo gone || echo left)
	[ "$got" = "$want" ] || fail "unlink=$u: the file is $got"
	rm -f u$u.dat
	if have_fio; then
		[ "$(fio_left u$u)" = "$got" ] || fail "unlink=$u: fio leaves the file otherwise"
	fi
done
have_fio || skip_case "the unlink comparison with fio (no fio)"
# a file iobench made and kept (unlink=0) is iobench's: a later unlink=1 job removes it
job k rw=read bs=64k size=1m unlink=0
run_ok k.fio --quiet
[ -e k.dat ] || fail "unlink=0: k.dat gone"
printf '[j]\nfilename=%s\nrw=read\nbs=64k\nsize=1m\nunlink=1\n' "$T/k.dat" > k1.fio
run_ok k1.fio --quiet
[ ! -e k.dat ] || fail "unlink=1 left iobench's own kept file"
# --keep wins over unlink=1
run_ok u1.fio --quiet --keep
[ -e u1.dat ] || fail "--keep with unlink=1: the file was removed"
rm -f u1.dat

case_ guard "unlink=1 on a file iobench did not make is refused before any I/O; the file stays as it was"
head -c 1048576 /dev/urandom > mine.dat
sum=$(md5sum < mine.dat)
printf '[j]\nfilename=%s\nrw=read\nbs=64k\nunlink=1\n' "$T/mine.dat" > mine.fio
run_rc 2 mine.fio
grep -q "unlink=1 would remove '$T/mine.dat', which iobench did not create" "$T/err" ||
	fail "unlink=1 on a user's file: $(cat "$T/err")"
[ -e mine.dat ] || fail "unlink=1 removed a user's file"
same_bytes mine.dat "$sum"

case_ effect "unlink_each_loop: no effect on a job of one loop (fio 3.33 removes files only between loops); loops=2 is refused by name"
job el rw=write bs=64k size=1m unlink=0 unlink_each_loop=1
run_ok el.fio
[ -e el.dat ] || fail "unlink_each_loop=1 with one loop removed the file"
grep -q "unlink_each_loop has no effect on a job of one loop" "$T/err" || fail "no notice: $(cat "$T/err")"
rm -f el.dat
if have_fio; then
	[ "$(fio_left el)" = left ] || fail "fio removes the file of a one-loop unlink_each_loop job"
fi
job el2 rw=write bs=64k size=1m loops=2 unlink_each_loop=1
run_rc 2 el2.fio
grep -q "unlink_each_loop with loops=2" "$T/err" || fail "loops=2: $(cat "$T/err")"
[ ! -e el2.dat ] || fail "a refused job created its file"

case_ effect "allow_file_create=0: a missing file is an error before any I/O, nothing created (fio fails too); an existing file runs"
job ac rw=read bs=64k size=1m allow_file_create=0
run_rc 2 ac.fio
grep -q "'$T/ac.dat' does not exist, and allow_file_create=0 forbids creating it" "$T/err" ||
	fail "allow_file_create=0: $(cat "$T/err")"
[ ! -e ac.dat ] || fail "allow_file_create=0 created the file"
if have_fio; then
	fio ac.fio --output=/dev/null >/dev/null 2>&1 && fail "fio ran allow_file_create=0 on a missing file"
	[ ! -e ac.dat ] || fail "fio created the file"
fi
head -c 1048576 /dev/urandom > ac.dat
run_ok ac.fio --output-format=json
[ "$(jq '.jobs[0].read.io_bytes' "$T/out")" = 1048576 ] || fail "allow_file_create=0 on an existing file"

# layout NAME: "SIZE ALLOC" of NAME.dat: its size, and whether its blocks hold at least 1 MiB
# ("full") or less than 512 KiB ("few"), then removes it
layout() {
	set -- "$1" $(stat -c '%s %b' "$1.dat")
	rm -f "$1.dat"
	if [ "$3" -ge 2048 ]; then echo "$2 full"; elif [ "$3" -lt 1024 ]; then echo "$2 few"; else echo "$2 $3"; fi
}

case_ effect "fallocate= lays a new file out as fio does: a job that only writes gets the allocation alone (size and blocks as fio's), a job that reads gets data"
# 64 KiB written of a 1 MiB file: what is allocated beyond that is fallocate's doing
for m in none:"65536 few" native:"1048576 full" posix:"1048576 full" keep:"65536 full" \
	 truncate:"1048576 few" 0:"65536 few" 1:"1048576 full"; do
	mode=${m%%:*} want=${m#*:}
	job fa rw=write bs=64k size=1m io_size=64k fallocate=$mode unlink=0
	run_ok fa.fio --quiet
	got=$(layout fa)
	[ "$got" = "$want" ] || fail "fallocate=$mode: $got, wanted $want"
	if have_fio; then
		fio fa.fio --output=/dev/null >/dev/null 2>&1 || fail "fio fallocate=$mode failed"
		[ "$(layout fa)" = "$got" ] || fail "fallocate=$mode: iobench $got, fio $(layout fa)"
	fi
done
have_fio || skip_case "the fallocate comparison with fio (no fio)"
# the default (native) on a job that only writes: allocated, no data laid down first
job fd rw=write bs=64k size=1m io_size=64k unlink=0
run_ok fd.fio
grep -q "with no data (the job only writes" "$T/err" || fail "default layout: $(cat "$T/err")"
[ "$(layout fd)" = "1048576 full" ] || fail "the default fallocate is not native"
# a job that reads gets data whatever fallocate says: every block written
for mode in none truncate keep; do
	job fr rw=randread bs=4k size=1m number_ios=16 fallocate=$mode unlink=0
	run_ok fr.fio --quiet
	[ "$(layout fr)" = "1048576 full" ] || fail "fallocate=$mode on a reading job: not laid out"
done
job fx rw=write bs=64k size=1m fallocate=sometimes
run_rc 2 fx.fio
grep -q "fallocate=sometimes: not none, native, posix, keep or truncate" "$T/err" || fail "$(cat "$T/err")"

case_ effect "create_on_open=1: the file is made empty and the job's writes fill it (as fio); a reading job on a missing file is refused (fio's fails with EIO)"
job co rw=write bs=64k size=1m io_size=64k create_on_open=1 unlink=0
run_ok co.fio --quiet
got=$(layout co)
[ "$got" = "65536 few" ] || fail "create_on_open=1: $got"
if have_fio; then
	fio co.fio --output=/dev/null >/dev/null 2>&1 || fail "fio create_on_open failed"
	[ "$(layout co)" = "$got" ] || fail "create_on_open: fio leaves another file"
fi
job cr rw=read bs=64k size=1m create_on_open=1
run_rc 2 cr.fio
grep -q "create_on_open=1: '$T/cr.dat' does not exist, and the job reads" "$T/err" || fail "$(cat "$T/err")"
[ ! -e cr.dat ] || fail "a refused create_on_open job created its file"

case_ effect "openfiles: at least the files a thread uses runs them all open (fio's bytes); fewer is refused by name"
printf '[o]\ndirectory=%s\nnrfiles=4\nrw=read\nbs=4k\nsize=1m\nopenfiles=4\nunlink=1\n' "$T" > of.fio
run_ok of.fio --output-format=json
got=$(jq -c '[.jobs[0].read.io_bytes, .jobs[0].read.total_ios]' "$T/out")
[ "$got" = "[1048576,256]" ] || fail "openfiles=4: $got"
if have_fio; then
	want=$(fio of.fio --output-format=json | jq -c '[.jobs[0].read.io_bytes, .jobs[0].read.total_ios]')
	[ "$got" = "$want" ] || fail "openfiles=4: iobench $got, fio $want"
fi
sed 's/openfiles=4/openfiles=2/' of.fio > of2.fio
run_rc 2 of2.fio
grep -q "openfiles=2 is fewer than the 4 files each thread uses" "$T/err" || fail "$(cat "$T/err")"
ls o.0.* >/dev/null 2>&1 && fail "files left: $(ls o.0.*)"

# offsets FILE: the offsets of the 4 KiB pread64 calls in strace's FILE, one line
offsets() { grep -o ', [0-9]*, [0-9]*) = 4096$' "$1" | awk -F', ' '$2 == 4096 { print $3 + 0 }' | tr '\n' ' '; }
have_strace() { command -v strace >/dev/null; }
head -c 1048576 /dev/urandom > d.dat
# (LeakSanitizer cannot run under ptrace: the strace runs of a sanitizer build skip only it)

case_ effect "rw=read:8k: a hole of 8k after each I/O, one pass over the range (fio's offsets and bytes, under strace); io_size wraps on; a negative hole with a mix, and randread:N over several files, are refused by name (t38 runs the rest)"
printf '[j]\nfilename=%s\nioengine=psync\nrw=read:8k\nbs=4k\nsize=64k\n' "$T/d.dat" > h.fio
if have_strace; then
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -e trace=pread64 -o "$T/s.iob" "$IOBENCH" h.fio --quiet >/dev/null 2>&1 || fail "iobench under strace"
	got=$(offsets "$T/s.iob")
	[ "$got" = "0 12288 24576 36864 49152 61440 " ] || fail "rw=read:8k offsets: $got"
	if have_fio; then
		strace -f -qq -e trace=pread64 -o "$T/s.fio" fio h.fio --output=/dev/null || fail "fio under strace"
		[ "$(offsets "$T/s.fio")" = "$got" ] || fail "rw=read:8k: iobench $got, fio $(offsets "$T/s.fio")"
	fi
else
	skip_case "the offsets of rw=read:8k (no strace)"
fi
for extra in "" io_size=128k loops=2; do
	printf '[j]\nfilename=%s\nioengine=psync\nrw=read:8k\nbs=4k\nsize=64k\n%s\n' "$T/d.dat" "$extra" > h2.fio
	run_ok h2.fio --output-format=json
	got=$(jq -c '[.jobs[0].read.io_bytes, .jobs[0].read.total_ios]' "$T/out")
	case "$extra" in "") want="[24576,6]" ;; io_size=128k) want="[131072,32]" ;; *) want="[49152,12]" ;; esac
	[ "$got" = "$want" ] || fail "rw=read:8k $extra: $got, wanted $want"
	if have_fio; then
		f=$(fio h2.fio --output-format=json | jq -c '[.jobs[0].read.io_bytes, .jobs[0].read.total_ios]')
		[ "$f" = "$got" ] || fail "rw=read:8k $extra: iobench $got, fio $f"
	fi
done
for v in rw:-8k randread:8; do
	printf '[j]\nfilename=%s:%s\nrw=%s\nbs=4k\nsize=64k\n' "$T/d.dat" "$T/d.dat2" "$v" > hn.fio
	run_rc 2 hn.fio
	grep -q "rw=...:-*8[0-9]* with .*not implemented by iobench" "$T/err" || fail "rw=$v: $(cat "$T/err")"
done

case_ effect "blockalign: random offsets on multiples of it, not of the block size (under strace, as fio's); a mix aligned two ways is refused"
printf '[j]\nfilename=%s\nioengine=psync\nrw=randread\nbs=4k\nblockalign=1k\nnumber_ios=200\n' "$T/d.dat" > ba.fio
# aligned FILE: "A B": how many offsets are off 1 KiB, and whether any is off 4 KiB
aligned() { offsets "$1" | tr ' ' '\n' | awk 'NF { if ($1 % 1024) a++; if ($1 % 4096) b++ } END { print a + 0, (b > 0) }'; }
if have_strace; then
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -e trace=pread64 -o "$T/b.iob" "$IOBENCH" ba.fio --quiet >/dev/null 2>&1 || fail "iobench under strace"
	[ "$(aligned "$T/b.iob")" = "0 1" ] || fail "blockalign=1k: $(aligned "$T/b.iob") (off 1k, any off 4k)"
	[ "$(offsets "$T/b.iob" | wc -w)" = 200 ] || fail "blockalign=1k: $(offsets "$T/b.iob" | wc -w) reads"
	if have_fio; then
		strace -f -qq -e trace=pread64 -o "$T/b.fio" fio ba.fio --output=/dev/null || fail "fio under strace"
		[ "$(aligned "$T/b.fio")" = "0 1" ] || fail "fio's blockalign=1k: $(aligned "$T/b.fio")"
	fi
else
	skip_case "the offsets of blockalign (no strace)"
fi
run_ok ba.fio --output-format=iobench-json
jq -e '.[0].workload.targets[0].random_alignment == 1024' "$T/out" >/dev/null || fail "random_alignment: $(jq -c '.[0].workload.targets[0]' "$T/out" | head -c 300)"
printf '[j]\nfilename=%s\nrw=randrw\nbs=4k\nba=4k,8k\nsize=64k\n' "$T/d.dat" > bm.fio
run_rc 2 bm.fio
grep -q "blockalign: reads aligned to 4096 and writes to 8192" "$T/err" || fail "$(cat "$T/err")"
case_ effect "iodepth over a job's files is one pool, as fio's: iodepth=1 over 2 files keeps 1 in flight; file_service_type picks each I/O's file: roundrobin (fio's default) one each in turn, roundrobin:2 two each, sequential a file's share before the next, random uniform (the io_submit and io_getevents calls under strace, beside fio's); the skewed choices refused by name"
head -c 1048576 /dev/urandom > fs1.dat
head -c 1048576 /dev/urandom > fs2.dat
# pool CMD...: "MAX ORDER": the most I/Os in flight (submitted, not yet reaped) and the files of the
# reads in submission order, each file a letter in the order first seen (A, B)
pool() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -e trace=io_submit,io_getevents -o "$T/st.pool" "$@" >/dev/null 2>&1 || return 1
	awk '/io_submit\(/ { n = $NF; f += n; if (f > m) m = f
		s = $0; while ((i = index(s, "aio_fildes=")) > 0) { s = substr(s, i + 11); fd = s + 0
			if (!(fd in L)) L[fd] = substr("ABCDEFGH", ++k, 1); o = o L[fd] } }
	     /io_getevents\(/ { f -= $NF }
	     END { print m, o }' "$T/st.pool"
}
if have_strace; then
	for c in "1||1 ABABABABABABABAB" "1|file_service_type=roundrobin|1 ABABABABABABABAB" \
		 "1|file_service_type=roundrobin:2|1 AABBAABBAABBAABB" "1|file_service_type=sequential|1 AAAAAAAABBBBBBBB" \
		 "4||4 ABABABABABABABAB" "2|file_service_type=sequential|2 AAAAAAAABBBBBBBB"; do
		d=${c%%|*} rest=${c#*|} fst=${rest%%|*} want=${rest#*|}
		printf '[j]\nfilename=%s:%s\nrw=read\nbs=4k\nsize=64k\nioengine=libaio\ndirect=1\niodepth=%s\n%s\n' \
			"$T/fs1.dat" "$T/fs2.dat" "$d" "$fst" > fs.fio
		got=$(pool "$IOBENCH" fs.fio --quiet) || fail "iodepth=$d $fst: iobench under strace"
		[ "$got" = "$want" ] || fail "iodepth=$d $fst: iobench '$got', wanted '$want' (most in flight, files in order)"
		# (fio 3.33's sequential reads the first file's share again instead of moving on: docs/jobfiles.md)
		if have_fio && [ "$fst" != file_service_type=sequential ]; then
			got=$(pool fio fs.fio --output=/dev/null) || fail "iodepth=$d $fst: fio under strace"
			[ "$got" = "$want" ] || fail "iodepth=$d $fst: fio '$got', wanted '$want'"
		fi
	done
	printf '[j]\nfilename=%s:%s\nrw=randread\nbs=4k\nnumber_ios=64\nsize=2m\nioengine=libaio\ndirect=1\niodepth=1\nfile_service_type=random\n' \
		"$T/fs1.dat" "$T/fs2.dat" > fr.fio
	got=$(pool "$IOBENCH" fr.fio --quiet) || fail "random: iobench under strace"
	o=${got#* }
	[ "${got%% *}" = 1 ] && [ ${#o} = 64 ] || fail "file_service_type=random: $got"
	a=$(printf '%s' "$o" | tr -cd A | wc -c)
	[ "$a" -ge 16 ] && [ "$a" -le 48 ] || fail "file_service_type=random: $a of 64 reads on one file: $o"
	case $o in *ABABABABABABABAB*) fail "file_service_type=random picks in turn: $o" ;; esac
else
	skip_case "the pool and file_service_type under strace (no strace)"
fi
for v in zipf zipf:1.2 pareto normal gauss; do
	job fz rw=read size=64k "file_service_type=$v"
	run_rc 2 fz.fio
	grep -q "file_service_type=$v: fio's skewed file choice (zipf, pareto, normal, gauss) is not implemented by iobench" "$T/err" ||
		fail "file_service_type=$v: $(cat "$T/err")"
done
job fz rw=read size=64k file_service_type=rr
run_rc 2 fz.fio
grep -q "file_service_type=rr: not random, roundrobin or sequential" "$T/err" || fail "file_service_type=rr: $(cat "$T/err")"

case_ effect "fadvise_hint: by default POSIX_FADV_RANDOM on a random job's file and SEQUENTIAL on a sequential one's, the advice named, none with 0 (the fadvise64 calls under strace, beside fio's); a bad value refused by name"
head -c 1048576 /dev/urandom > fa.dat
# advice CMD...: the read-ahead advice CMD gives (every fadvise64 but DONTNEED, fio's and iobench's invalidate)
advice() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -e trace=fadvise64 -o "$T/st.fa" "$@" >/dev/null 2>&1 || return 1
	grep -o 'POSIX_FADV_[A-Z]*' "$T/st.fa" | grep -v DONTNEED | sort | uniq -c | awk '{ printf "%s %s;", $1, $2 }'
}
if have_strace; then
	for c in ":randread:1 POSIX_FADV_RANDOM;" ":read:1 POSIX_FADV_SEQUENTIAL;" \
		 "fadvise_hint=1:randread:1 POSIX_FADV_RANDOM;" "fadvise_hint=0:randread:" \
		 "fadvise_hint=sequential:randread:1 POSIX_FADV_SEQUENTIAL;" "fadvise_hint=random:read:1 POSIX_FADV_RANDOM;" \
		 "fadvise_hint=noreuse:read:1 POSIX_FADV_NOREUSE;"; do
		h=${c%%:*} rest=${c#*:} rw=${rest%%:*} want=${rest#*:}
		job fa "rw=$rw" bs=4k size=256k ioengine=psync $h
		sed -i "s|^filename=.*|filename=$T/fa.dat|" fa.fio
		got=$(advice "$IOBENCH" fa.fio --quiet) || fail "$h rw=$rw: iobench under strace"
		[ "$got" = "$want" ] || fail "$h rw=$rw: iobench advises '$got', wanted '$want'"
		if have_fio && [ "$h" != fadvise_hint=noreuse ]; then	# (fio 3.33 has no noreuse)
			got=$(advice fio fa.fio --output=/dev/null) || fail "$h rw=$rw: fio under strace"
			[ "$got" = "$want" ] || fail "$h rw=$rw: fio advises '$got', wanted '$want'"
		fi
	done
else
	skip_case "the fadvise64 calls of fadvise_hint (no strace)"
fi
job fb rw=read size=64k fadvise_hint=yes
run_rc 2 fb.fio
grep -q "fadvise_hint=yes: not 0, 1, random, sequential or noreuse" "$T/err" || fail "fadvise_hint=yes: $(cat "$T/err")"
[ ! -e fb.dat ] || fail "a refused fadvise_hint made its file"

case_ effect "buffered random reads of a laid-out 256 MiB file (libaio, time-based): IOPS within 0.7-1.4x of fio's on the same job file, medians of runs alternating with fio's (read-ahead off as fio's fadvise_hint does; norandommap in both, iobench keeping no random map)"
if have_fio; then
	head -c 268435456 /dev/urandom > br.dat
	printf '[j]\nfilename=%s\nrw=randread\nbs=4k\nioengine=libaio\niodepth=4\ndirect=0\nnorandommap\ntime_based\nruntime=2\n' "$T/br.dat" > br.fio
	# (each run drops the file's cache first: invalidate=1, both tools' default)
	for i in 1 2 3; do
		fio br.fio --output-format=json --output="$T/f$i.json" >/dev/null 2>&1 || fail "fio br.fio"
		run_ok br.fio --output-format=json
		cp "$T/out" "$T/i$i.json"
	done
	med() { for i in 1 2 3; do jq '.jobs[0].read.iops' "$T/$1$i.json"; done | sort -g | sed -n 2p; }
	fm=$(med f) im=$(med i)
	awk -v a="$im" -v b="$fm" 'BEGIN { exit !(b > 0 && a >= 0.7 * b && a <= 1.4 * b) }' ||
		fail "buffered randread: iobench $im IOPS, fio $fm (medians of 3)"
	rm -f br.dat
else
	skip_case "buffered random reads beside fio (no fio)"
fi
exit 0
