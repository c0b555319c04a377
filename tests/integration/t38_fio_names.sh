# Description: more of fio 3.33's options, by what they do beside fio running the same job: filename_format and unique_filename (the files a job leaves, named as fio's), rw=MODE:N suffixes (backward sequential I/O, a new random offset every N I/Os with rw_sequencer: the offsets under strace), and exit_what, stats, ioscheduler.
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
echo ok
