# Description: fio 3.33's own examples (the fio-examples package): each job file fio runs here either runs in iobench with fio's jobs, groups and bytes (sizes and runtimes cut down, files moved into the test's directory, the same copy for both), or is refused by name, never as an unknown option; the table in docs/jobfiles.md says which, and is checked against what iobench does.
. "$(dirname "$0")/lib.sh"
command -v fio >/dev/null || skip "fio is not installed"
EXDIR=${FIO_EXAMPLES:-/usr/share/doc/fio/examples}
[ -d "$EXDIR" ] || skip "fio's examples are not installed (Debian's fio-examples: scripts/setup installs it)"
DOC=$(cd "$(dirname "$0")" && pwd)/../../docs/jobfiles.md
cd "$T"

# rated FILE: the job file limits its rate (its bytes then follow the clock, as a time-based one's)
rated() { grep -q '^[[:space:]]*\(rate\|rate_iops\)=' "$1"; }

# shrink IN OUT DIR: a copy of job file IN that runs in seconds on files in DIR
# (a rate-limited job's runtime, 1 s, caps its size; a latency target's search steps every 50 ms;
# jobs start together: 1mbs_clients.fio's 4 s apart would take a minute)
shrink() {
	if grep -q '^[[:space:]]*time_based' "$1" || rated "$1"; then rt=1; else rt=60; fi
	sed -e "s|^\([[:space:]]*directory\)=.*|\1=$3|" \
	    -e "s|^\([[:space:]]*filename\)=/.*|\1=$3/$(basename "$1" .fio).dat|" \
	    -e 's/^\([[:space:]]*\(size\|filesize\)\)=[0-9]*[gGtT].*/\1=16m/' \
	    -e 's/^\([[:space:]]*\(size\|filesize\)\)=[0-9][0-9][0-9][0-9]*[mM].*/\1=16m/' \
	    -e "s/^\([[:space:]]*\(runtime\|timeout\)\)=.*/\1=$rt/" \
	    -e 's/^\([[:space:]]*loops\)=.*/\1=4/' \
	    -e 's/^\([[:space:]]*latency_window\)=.*/\1=50ms/' \
	    -e 's/^\([[:space:]]*startdelay\)=.*/\1=0/' "$1" > "$2"
	if rated "$1" && ! grep -q '^[[:space:]]*runtime=' "$2"; then
		sed -i "s/^\(\[.*\]\)\$/\1\nruntime=$rt/" "$2"
	fi
}

# fio_json FILE: fio's JSON document in FILE (fio prints lines before it for some jobs)
fio_json() { sed -n '/^{/,$p' "$1"; }

# compare NAME: runs the shrunk copy in fio and iobench, each in its own directory;
# the same jobs and groups, and for a size-based job file the same bytes per job
compare() {
	mkdir -p "$T/$1/fio" "$T/$1/ib" "$T/$1/d"
	shrink "$EXDIR/$1.fio" "$T/$1/job.fio" "$T/$1/d"
	(cd "$T/$1/fio" && fio ../job.fio --output-format=json > out 2> err) ||
		{ cat "$T/$1/fio/err"; fail "$1: fio failed on the shrunk copy"; }
	fio_json "$T/$1/fio/out" > "$T/$1/fio.json"
	rm -rf "$T/$1/d" && mkdir "$T/$1/d"
	(cd "$T/$1/ib" && "$IOBENCH" ../job.fio --output-format=json > out 2> err) ||
		{ cat "$T/$1/ib/err"; fail "$1: iobench failed on the shrunk copy"; }
	for q in '[.jobs[].jobname]' '[.jobs[].groupid]'; do
		a=$(jq -c "$q" "$T/$1/fio.json"); b=$(jq -c "$q" "$T/$1/ib/out")
		[ "$a" = "$b" ] || fail "$1: $q: fio $a, iobench $b"
	done
	if grep -q '^[[:space:]]*time_based' "$EXDIR/$1.fio" || rated "$EXDIR/$1.fio"; then
		jq -e 'all(.jobs[]; .read.io_bytes + .write.io_bytes > 0)' "$T/$1/ib/out" >/dev/null ||
			fail "$1: a time-based job moved nothing"
	else	# a mix's shares differ draw by draw; its total does not
		q='[.jobs[] | .read.io_bytes + .write.io_bytes]'
		a=$(jq -c "$q" "$T/$1/fio.json"); b=$(jq -c "$q" "$T/$1/ib/out")
		[ "$a" = "$b" ] || fail "$1: bytes per job: fio $a, iobench $b"
	fi
}

# status NAME: the docs row's verdict for one example
status() {
	if ! fio --parse-only "$EXDIR/$1.fio" >/dev/null 2>&1; then
		echo "fio 3.33 does not run it here either (its engine or options are not in this build)"
	elif "$IOBENCH" --parse-only "$EXDIR/$1.fio" >/dev/null 2>"$T/perr"; then
		echo "runs: fio's jobs, groups and bytes"
	else
		# "iobench: .../NAME.fio:LINE: KEY: why (detail)" -> "refused: `KEY`: why"
		sed -n "s|^iobench: .*$1\.fio:[0-9]*: ||p" "$T/perr" | head -n 1 |
			sed -e 's/ (.*//' -e 's/^\([^:]*\(:[^ ][^:]*\)*\): \(.*\)/refused: `\1`: \3/'
	fi
}

case_ effect "every example fio 3.33 runs: refused by name (never an unknown option), or run with fio's jobs, groups and bytes"
: > rows
for f in "$EXDIR"/*.fio; do
	n=$(basename "$f" .fio)
	s=$(status "$n")
	[ -n "$s" ] || fail "$n: no verdict: $(cat "$T/perr")"
	case "$s" in
	*"unknown option"*) fail "$n: a fio 3.33 option taken for a typo: $s" ;;
	runs:*) compare "$n" ;;
	esac
	printf '| `%s` | %s |\n' "$n.fio" "$s" >> rows
done
echo "$(grep -c '| runs:' rows) of $(wc -l < rows) run"
[ -z "${ROWS_OUT:-}" ] || cp rows "$ROWS_OUT"	# to write the docs' table anew

case_ effect "docs/jobfiles.md's table of fio's examples is what iobench does"
sed -n '/^<!-- fio-examples -->$/,/^<!-- \/fio-examples -->$/p' "$DOC" | grep '^| `' > doc_rows
diff doc_rows rows > rows.diff || { cat rows.diff; fail "docs/jobfiles.md's examples table differs from iobench (< docs, > iobench)"; }
counts="Of the $(wc -l < rows), $(grep -c '| runs:' rows) run; $(grep -c '| refused' rows) are refused by name"
grep -q "$counts" "$DOC" || fail "docs/jobfiles.md does not say: $counts"
echo ok
