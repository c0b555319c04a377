# json_paths FILE: every field path of an iobench JSON document, one per line, in the
# notation of docs/json.md (IO objects as io.*, series columns as columns.*; in the model,
# diskstats snapshots as diskstats.*, a chain's devices as blockdev.*, a row's counts, c, sc and lc, as counts.*).
jq -r '[paths | map(if type == "number" then "[]" else . end) | join(".")] | unique[]' "$1" |
	sed -e 's/\.\[\]/[]/g' -e 's/\(\[\]\)*$//' \
	    -e 's/^results\.\(total\|targets\[\]\|threads\[\]\)\.\(read\|write\|total\|trim\)\./io./' \
	    -e 's/^series\.\(total\|threads\[\]\)\.\([a-z0-9_]*_\(ios\|bytes\|ns\)\)$/columns.\2/' \
	    -e 's/^model\.result\.devs\[\]\.\(a\|b\|iv\[\]\)\./diskstats./' \
	    -e 's/^model\.result\.targets\[\]\.chain\.dev\[\]\./blockdev./' \
	    -e 's/^model\.result\.rows\[\]\.\(c\|sc\|lc\)\[\]\./counts./' |
	sort -u
