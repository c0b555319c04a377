# Description: more of fio 3.33's options, by what they do beside fio running the same job: filename_format and unique_filename (the files a job leaves, named as fio's), rw=MODE:N suffixes (backward sequential I/O, a new random offset every N I/Os with rw_sequencer: the offsets under strace).
. "$(dirname "$0")/lib.sh"
cd "$T"
have_fio() { command -v fio >/dev/null; }
# files DIR: the regular files under DIR, one a line, sorted, without DIR
files() { (cd "$1" && find . -type f ! -name '*.fio' | sort); }

# --- filename_format
cat > names.fio <<'EOF2'
[global]
rw=write
bs=4k
size=64k
unlink=0
[fmt]
numjobs=2
nrfiles=2
filename_format=X-$jobname-$JOBNUM.$filenum.dat$clientuid
[spread]
numjobs=2
nrfiles=2
directory=d1:d2
unique_filename=0
[plain]
nrfiles=2
EOF2
case_ effect "filename_format (\$jobname, \$jobnum in any case, \$filenum, an empty \$clientuid, literal text) and fio's default names over directory=d1:d2 by clone: the files left are fio's, and so are the bytes"
mkdir -p ib/d1 ib/d2 && cp names.fio ib/
(cd ib && "$IOBENCH" names.fio --output-format=json > out 2> err) || { cat ib/err; fail "iobench names.fio"; }
files ib | grep -v '^./\(out\|err\)$' > ib.ls
printf '%s\n' ./X-fmt-0.0.dat ./X-fmt-0.1.dat ./X-fmt-1.0.dat ./X-fmt-1.1.dat ./d1/spread.0.0 \
	./d1/spread.0.1 ./d2/spread.1.0 ./d2/spread.1.1 ./plain.0.0 ./plain.0.1 > want.ls
diff want.ls ib.ls || fail "iobench's files are not fio's names (< fio's, > iobench's)"
if have_fio; then
	mkdir -p fio/d1 fio/d2 && cp names.fio fio/
	(cd fio && fio names.fio --output-format=json > out 2> err) || { cat fio/err; fail "fio names.fio"; }
	files fio | grep -v '^./\(out\|err\)$' > fio.ls
	diff fio.ls ib.ls || fail "the files left differ (< fio, > iobench)"
	q='[.jobs[] | [.jobname, .write.io_bytes, .write.total_ios]]'
	a=$(jq -c "$q" fio/out); b=$(jq -c "$q" ib/out)
	[ "$a" = "$b" ] || fail "bytes per job: fio $a, iobench $b"
else
	skip_case "filename_format beside fio (no fio)"
fi

case_ effect "filename_format shared by two jobs (testfiles.\$filenum, fio's own example): the reading job reads the file the writing job made"
cat > share.fio <<'EOF2'
[global]
bs=4k
size=64k
unlink=0
filename_format=testfiles.$filenum
[w]
rw=write
[r]
stonewall
rw=read
EOF2
mkdir -p sh && cp share.fio sh/
(cd sh && "$IOBENCH" share.fio --output-format=json > out 2> err) || { cat sh/err; fail "iobench share.fio"; }
[ "$(files sh | grep -v '^./\(out\|err\)$')" = ./testfiles.0 ] || fail "shared names: $(files sh)"
jq -e '.jobs[0].write.io_bytes == 65536 and .jobs[1].read.io_bytes == 65536' sh/out >/dev/null ||
	fail "shared names: $(jq -c '[.jobs[] | [.write.io_bytes, .read.io_bytes]]' sh/out)"

case_ input "filename_format that gives a clone a name an earlier thread has (fio leaves it out of the clone): refused by name, nothing created"
printf '[j]\nrw=write\nsize=64k\nnumjobs=2\nfilename_format=same.$filenum\n' > clash.fio
mkdir -p cl && cp clash.fio cl/
(cd cl && "$IOBENCH" clash.fio > out 2> err); rc=$?
[ $rc = 2 ] || fail "clashing names: exit $rc: $(cat cl/err)"
grep -q "clash.fio:1: job 'j': clone 1's file 'same.0' is a name a thread before it has (filename_format=same.\$filenum)" cl/err ||
	fail "clashing names: $(cat cl/err)"
[ "$(files cl | grep -v '^./\(out\|err\)$')" = "" ] || fail "clashing names created $(files cl)"

# --- rw=MODE:N
# offs: the offsets (KiB) of the 4 KiB preads and pwrites strace saw in st, on one line
offs() { sed -n 's/.*, \([0-9]*\), \([0-9]*\)) = .*/\2 \1/p' st | awk '$2 == 4096 { printf "%d ", $1 / 1024 } END { print "" }'; }
# traced OUT PROG ARGS...: PROG under strace (pread64, pwrite64) with fio-json in OUT; offsets on stdout
traced() { o=$1; shift; env ASAN_OPTIONS=detect_leaks=0 strace -f -o st -e trace=pread64,pwrite64 "$@" --output-format=json > "$o" 2>/dev/null || return 1; offs; }
command -v strace >/dev/null || skip_rest "no strace"
head -c 65536 /dev/urandom > b.dat
case_ effect "rw=read:-8k and friends (fio's backward sequential I/O, wrapping to the end; offset=, size=, io_size=, writes): the offsets under strace, the bytes and I/O counts, equal fio's"
for extra in "rw=read:-8k" "rw=read:-12k" "rw=read:-16k" "rw=read:-6k" "rw=read:-8k offset=16k" "rw=read:-8k offset=16k size=32k" \
	     "rw=read:-8k size=32k" "rw=read:-8k io_size=128k" "rw=write:-8k"; do
	{ printf '[back]\nfilename=%s/b.dat\nioengine=psync\nbs=4k\n' "$T"; for kv in $extra; do echo "$kv"; done; } > back.fio
	ib=$(traced ib.json "$IOBENCH" back.fio --overwrite) || fail "iobench $extra"
	q='[.jobs[0].read.io_bytes, .jobs[0].read.total_ios, .jobs[0].write.io_bytes, .jobs[0].write.total_ios]'
	case "$extra" in "rw=read:-8k") [ "$ib" = "0 56 52 48 44 40 36 32 28 24 20 16 12 8 4 0 " ] || fail "$extra: offsets $ib" ;; esac
	if have_fio; then
		fo=$(traced fio.json fio back.fio) || fail "fio $extra"
		[ "$fo" = "$ib" ] || fail "$extra: offsets: fio $fo, iobench $ib"
		[ "$(jq -c "$q" fio.json)" = "$(jq -c "$q" ib.json)" ] || fail "$extra: fio $(jq -c "$q" fio.json), iobench $(jq -c "$q" ib.json)"
	fi
done
have_fio || skip_case "backward I/O beside fio (no fio)"

case_ effect "rw=randread:4 with rw_sequencer=sequential (default) and identical: a new random offset every 4 I/Os from the first, the next block or the same one in between; the bytes and I/O counts equal fio's"
for sq in sequential identical; do
	printf '[r]\nfilename=%s/b.dat\nioengine=psync\nbs=4k\nrw=randread:4\nrw_sequencer=%s\nio_size=256k\n' "$T" "$sq" > rs.fio
	ib=$(traced ib.json "$IOBENCH" rs.fio) || fail "iobench randread:4 $sq"
	# each group of 4: the same block (identical), or each block the one after the last
	echo "$ib" | awk -v sq="$sq" '{ if (NF != 64) { print "I/Os: " NF; exit 1 }
		for (i = 1; i <= NF; i++) { if ((i - 1) % 4 == 0) continue
			want = sq == "identical" ? $(i - 1) : $(i - 1) + 4
			if ($i != want && !(sq == "sequential" && $(i - 1) == 60)) { print "I/O " i ": " $i " after " $(i - 1); exit 1 } } }' ||
		fail "randread:4 $sq: $ib"
	[ "$(echo "$ib" | tr ' ' '\n' | sort -u | wc -l)" -gt 4 ] || fail "randread:4 $sq: no random offsets: $ib"
	if have_fio; then
		fo=$(traced fio.json fio rs.fio) || fail "fio randread:4 $sq"
		q='[.jobs[0].read.io_bytes, .jobs[0].read.total_ios]'
		[ "$(jq -c "$q" fio.json)" = "$(jq -c "$q" ib.json)" ] || fail "randread:4 $sq: fio $(jq -c "$q" fio.json), iobench $(jq -c "$q" ib.json)"
	fi
done
echo ok
