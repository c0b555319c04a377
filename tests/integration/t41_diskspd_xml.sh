# Description: DiskSpd's XML results (-Rxml): well-formed (xmllint), DiskSpd's XmlResultParser elements in its order and nesting (its unit test's document, plus what -L adds), the Profile -Rpxml's, every count, byte, percentile, CPU figure and the window the JSON of the same run holds, -D's Iops with per-interval buckets that add up to the series, the paths Process-DiskSpd.ps1 and VMFleet read, `report -Rxml` byte for byte, a path of &<>" escaped, a run interrupted before its window, and -Rxml refused by name where fio's layouts are.
. "$(dirname "$0")/lib.sh"
cd "$T" || fail "cd"
command -v xmllint >/dev/null || skip "needs xmllint (libxml2-utils; scripts/setup installs it)"

# The paths of DiskSpd's XmlResultParser unit test's expected document (Test_ParseResults:
# -D, without -L, one thread on one target that only reads), each path at its first
# occurrence, in document order, <Profile>'s inside left out (the profile's own test has them).
cat > ut.paths <<'EOF'
Results
Results/System
Results/System/ComputerName
Results/System/Tool
Results/System/Tool/Version
Results/System/Tool/VersionDate
Results/System/RunTime
Results/System/PowerScheme
Results/System/ProcessorTopology
Results/System/ProcessorTopology/Group
Results/System/ProcessorTopology/Node
Results/System/ProcessorTopology/Node/Group
Results/System/ProcessorTopology/Socket
Results/System/ProcessorTopology/Socket/Group
Results/System/ProcessorTopology/Core
Results/Profile
Results/TimeSpan
Results/TimeSpan/TestTimeSeconds
Results/TimeSpan/ThreadCount
Results/TimeSpan/RequestCount
Results/TimeSpan/ProcCount
Results/TimeSpan/CpuUtilization
Results/TimeSpan/CpuUtilization/CPU
Results/TimeSpan/CpuUtilization/CPU/Socket
Results/TimeSpan/CpuUtilization/CPU/Node
Results/TimeSpan/CpuUtilization/CPU/Group
Results/TimeSpan/CpuUtilization/CPU/Core
Results/TimeSpan/CpuUtilization/CPU/EfficiencyClass
Results/TimeSpan/CpuUtilization/CPU/Id
Results/TimeSpan/CpuUtilization/CPU/UsagePercent
Results/TimeSpan/CpuUtilization/CPU/UserPercent
Results/TimeSpan/CpuUtilization/CPU/KernelPercent
Results/TimeSpan/CpuUtilization/CPU/IdlePercent
Results/TimeSpan/CpuUtilization/Average
Results/TimeSpan/CpuUtilization/Average/UsagePercent
Results/TimeSpan/CpuUtilization/Average/UserPercent
Results/TimeSpan/CpuUtilization/Average/KernelPercent
Results/TimeSpan/CpuUtilization/Average/IdlePercent
Results/TimeSpan/Iops
Results/TimeSpan/Iops/ReadIopsStdDev
Results/TimeSpan/Iops/IopsStdDev
Results/TimeSpan/Iops/Bucket
Results/TimeSpan/Thread
Results/TimeSpan/Thread/Id
Results/TimeSpan/Thread/Target
Results/TimeSpan/Thread/Target/Path
Results/TimeSpan/Thread/Target/BytesCount
Results/TimeSpan/Thread/Target/FileSize
Results/TimeSpan/Thread/Target/IOCount
Results/TimeSpan/Thread/Target/ReadBytes
Results/TimeSpan/Thread/Target/ReadCount
Results/TimeSpan/Thread/Target/WriteBytes
Results/TimeSpan/Thread/Target/WriteCount
Results/TimeSpan/Thread/Target/Iops
Results/TimeSpan/Thread/Target/Iops/ReadIopsStdDev
Results/TimeSpan/Thread/Target/Iops/IopsStdDev
Results/TimeSpan/Thread/Target/Iops/Bucket
EOF
# What XmlResultParser.cpp adds with -L (iobench always measures latency), after what it
# follows: the overall <Latency> after <CpuUtilization>, a target's averages after its counts.
cat > latency.paths <<'EOF'
Results/TimeSpan/CpuUtilization/Average/IdlePercent
Results/TimeSpan/Latency
Results/TimeSpan/Latency/AverageReadMilliseconds
Results/TimeSpan/Latency/ReadLatencyStdev
Results/TimeSpan/Latency/AverageTotalMilliseconds
Results/TimeSpan/Latency/LatencyStdev
Results/TimeSpan/Latency/Bucket
Results/TimeSpan/Latency/Bucket/Percentile
Results/TimeSpan/Latency/Bucket/ReadMilliseconds
Results/TimeSpan/Latency/Bucket/TotalMilliseconds
Results/TimeSpan/Thread/Target/WriteCount
Results/TimeSpan/Thread/Target/AverageReadLatencyMilliseconds
Results/TimeSpan/Thread/Target/ReadLatencyStdev
Results/TimeSpan/Thread/Target/AverageLatencyMilliseconds
Results/TimeSpan/Thread/Target/LatencyStdev
EOF
# ut.paths with latency.paths' lines put after the ones they follow, and iobench's element last.
python3 - latency.paths ut.paths > want.paths <<'EOF'
import sys
lat = open(sys.argv[1]).read().split("\n")[:-1]
ut = open(sys.argv[2]).read().split("\n")[:-1]
# latency.paths: an anchor the list has, followed by the lines that come after it
adds, anchor = {}, None
for p in lat:
    if p in ut:
        anchor = p
        adds.setdefault(anchor, [])
    else:
        adds[anchor].append(p)
for p in ut:
    print(p)
    for q in adds.get(p, []):
        print(q)
print("Results/Iobench")
EOF

# The checks of one run, in Python: check.py MODE XML [JSON]; each failure is one line, exit 1.
cat > check.py <<'EOF'
import json, sys, xml.etree.ElementTree as ET

mode, xmlpath = sys.argv[1], sys.argv[2]
root = ET.parse(xmlpath).getroot()
j = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else None
errors = []

def check(ok, what):
    if not ok:
        errors.append(what)

def first_paths(e, prefix=""):
    path = prefix + e.tag
    out = [path]
    if path in ("Results/Profile", "Results/Iobench"):
        return out
    for c in e:
        out += first_paths(c, path + "/")
    return out

def ms(ns):
    return "%.3f" % (ns / 1e6)

ts = root.find("TimeSpan")
if mode == "structure":
    seen, got = set(), []
    for p in first_paths(root):
        if p not in seen:
            seen.add(p)
            got.append(p)
    want = open("want.paths").read().split()
    if got != want:
        import difflib
        errors.append("the element paths differ from XmlResultParser's (- want, + got):\n" +
                   "\n".join(difflib.unified_diff(want, got, lineterm="", n=1)))
    lat = ts.find("Latency")
    buckets = lat.findall("Bucket")
    pcts = [b.findtext("Percentile") for b in buckets]
    want_pcts = ["0"] + [str(p) for p in range(1, 100)] + \
        ["99.9", "99.99", "99.999", "99.9999", "99.99999", "99.999999", "99.9999999", "100"]
    check(pcts == want_pcts, "percentile rows: %s" % pcts[:5])
    for b in buckets:
        check([c.tag for c in b] == ["Percentile", "ReadMilliseconds", "TotalMilliseconds"],
              "a latency bucket's children: %s" % [c.tag for c in b])
    # VMFleet reads Latency.Bucket[50] as the median: the index is the percentile
    check(buckets[50].findtext("Percentile") == "50", "Bucket[50] is not the 50th percentile")
    for a in ("ReadHistoBuckets", "WriteHistoBuckets", "TotalHistoBuckets"):
        check(lat.get(a, "").isdigit(), "Latency@" + a)
    for b in ts.find("Iops").findall("Bucket"):
        check(list(b.attrib)[:4] == ["SampleMillisecond", "Read", "Write", "Total"],
              "an Iops bucket's attributes: %s" % list(b.attrib))

if mode == "figures":
    check(ts.findtext("TestTimeSeconds") == "%.2f" % j["test_time_s"],
          "TestTimeSeconds %s, JSON %s" % (ts.findtext("TestTimeSeconds"), j["test_time_s"]))
    check(int(ts.findtext("ThreadCount")) == j["thread_count"], "ThreadCount")
    # the threads and their targets, in the JSON's row order
    rows = [(int(t.findtext("Id")), g) for t in ts.findall("Thread") for g in t.findall("Target")]
    check(len(rows) == len(j["results"]["threads"]), "%d targets, JSON %d rows" % (len(rows), len(j["results"]["threads"])))
    for (tid, g), r in zip(rows, j["results"]["threads"]):
        n = lambda tag: int(g.findtext(tag))
        where = "thread %d target %d: " % (r["thread"], r["target"])
        check(tid == r["thread"], where + "Id %d" % tid)
        check(g.findtext("Path") == j["targets"][r["target"]]["path"], where + "Path")
        check(n("ReadCount") == r["read"]["ios"] and n("WriteCount") == r["write"]["ios"], where + "counts")
        check(n("ReadBytes") == r["read"]["bytes"] and n("WriteBytes") == r["write"]["bytes"], where + "bytes")
        check(n("IOCount") == n("ReadCount") + n("WriteCount"), where + "IOCount")
        check(n("BytesCount") == n("ReadBytes") + n("WriteBytes"), where + "BytesCount")
        check(n("FileSize") == j["targets"][r["target"]]["size"], where + "FileSize")
        for kind, tag in (("read", "AverageReadLatencyMilliseconds"), ("write", "AverageWriteLatencyMilliseconds"),
                          ("total", "AverageLatencyMilliseconds")):
            l = r[kind]["latency_ns"]
            check(g.findtext(tag) == (ms(l["mean"]) if r[kind]["ios"] else None), where + tag)
    # the run's percentiles, and min (0) and max (100), as the JSON's
    lat = ts.find("Latency")
    rows = {b.findtext("Percentile"): b for b in lat.findall("Bucket")}
    compared = 0
    for kind, tag in (("read", "ReadMilliseconds"), ("write", "WriteMilliseconds"), ("total", "TotalMilliseconds")):
        l = j["results"]["total"][kind]["latency_ns"]
        if not j["results"]["total"][kind]["ios"]:
            check(all(b.find(tag) is None for b in rows.values()), tag + " without I/O")
            continue
        check(rows["0"].findtext(tag) == ms(l["min"]), tag + " min")
        check(rows["100"].findtext(tag) == ms(l["max"]), tag + " max")
        for p in l["percentiles"]:
            key = "%g" % p["percentile"]
            if key in rows:
                compared += 1
                check(rows[key].findtext(tag) == ms(p["ns"]),
                      "%s at %s: %s, JSON %s" % (tag, key, rows[key].findtext(tag), p["ns"]))
        avg = {"read": "AverageReadMilliseconds", "write": "AverageWriteMilliseconds", "total": "AverageTotalMilliseconds"}
        check(lat.findtext(avg[kind]) == ms(l["mean"]), avg[kind])
    check(compared >= 40, "only %d percentiles compared" % compared)
    # CPU: DiskSpd's figures per CPU, iobench's
    cpus = ts.find("CpuUtilization").findall("CPU")
    check(int(ts.findtext("ProcCount")) == len(j["cpu"]["per_cpu"]) == len(cpus), "ProcCount")
    for c, u in zip(cpus, j["cpu"]["per_cpu"]):
        check(int(c.findtext("Group")) * 64 + int(c.findtext("Id")) == u["cpu"], "CPU %d's number" % u["cpu"])
        for tag, key in (("UsagePercent", "usage"), ("UserPercent", "user"), ("KernelPercent", "kernel"), ("IdlePercent", "idle")):
            check(c.findtext(tag) == "%.2f" % u[key], "CPU %d %s" % (u["cpu"], tag))
    avg = ts.find("CpuUtilization/Average")
    check(avg.findtext("UsagePercent") == "%.2f" % j["cpu"]["average"]["usage"], "Average UsagePercent")
    topo = root.find("System/ProcessorTopology")
    groups = topo.findall("Group")
    check(sum(int(g.get("ActiveProcessors")) for g in groups) == len(cpus), "ActiveProcessors")
    for g in groups:
        m = 0
        for c in topo.findall("Core"):
            if c.get("Group") == g.get("Group"):
                check(int(c.get("Mask"), 16) & m == 0, "cores overlap")
                m |= int(c.get("Mask"), 16)
        check(m == int(g.get("ActiveProcessorMask"), 16), "the cores do not make up group %s" % g.get("Group"))
    check(root.findtext("System/ComputerName") == j["host"]["hostname"], "ComputerName")
    # iobench's element
    io = root.find("Iobench")
    check(io is not None and io.findtext("engine") == j["workload"]["engine"], "Iobench/engine")
    check(abs(float(io.findtext("queue_depth/achieved")) - j["queue_depth"]["achieved"]) < 1e-5, "Iobench/queue_depth")
    check(len(io.findall("warnings/warning")) == len(j["warnings"]), "Iobench/warnings")
    check((io.find("verdict") is None) == (j["verdict"] is None), "Iobench/verdict")
    check(len(io.findall("devices/device")) == len(j["devices"]), "Iobench/devices")

if mode == "iops":
    iv = j["series"]["interval_ms"]
    full = int(j["test_time_s"] * 1000 // iv)
    def buckets_match(iops, series, where):
        b = iops.findall("Bucket")
        check(len(b) == full, where + "%d buckets for %d full intervals" % (len(b), full))
        for i, e in enumerate(b):
            check(int(e.get("SampleMillisecond")) == iv * (i + 1), where + "SampleMillisecond")
            for k in ("read", "write"):
                check(float(e.get(k.capitalize())) == series[k + "_ios"][i] * 1000 / iv, where + "bucket %d %s" % (i, k))
            check(float(e.get("Total")) == float(e.get("Read")) + float(e.get("Write")), where + "Total")
        # the buckets add up to the counts, with the window's last, shorter interval
        for k in ("read", "write"):
            s = sum(float(e.get(k.capitalize())) * iv / 1000 for e in b) + sum(series[k + "_ios"][full:])
            check(s == sum(series[k + "_ios"]), where + "the %s buckets add up to %s, not %s" % (k, s, sum(series[k + "_ios"])))
    buckets_match(ts.find("Iops"), j["series"]["total"], "")
    tot = j["results"]["total"]
    for tag, k in (("ReadIopsStdDev", "read"), ("WriteIopsStdDev", "write"), ("IopsStdDev", "total")):
        # as DiskSpd: a kind without I/O has none
        want = "%.3f" % tot[k]["iops_stddev"] if tot[k]["ios"] else None
        check(ts.findtext("Iops/" + tag) == want, "%s %s, JSON %s" % (tag, ts.findtext("Iops/" + tag), want))
    targets = [g for t in ts.findall("Thread") for g in t.findall("Target")]
    for g, s, r in zip(targets, j["series"]["threads"], j["results"]["threads"]):
        buckets_match(g.find("Iops"), s, "thread %d: " % r["thread"])
        check(g.findtext("Iops/IopsStdDev") == "%.3f" % r["total"]["iops_stddev"], "a thread's IopsStdDev")

if mode == "process-diskspd":
    # what Process-DiskSpd.ps1 reads ($x.Results....), and VMFleet's ReadCount etc.
    for p in ("System/ComputerName", "TimeSpan/TestTimeSeconds", "TimeSpan/ThreadCount",
              "TimeSpan/Thread/Target/ReadCount", "TimeSpan/Thread/Target/WriteCount",
              "TimeSpan/Thread/Target/ReadBytes", "TimeSpan/Thread/Target/WriteBytes",
              "TimeSpan/Thread/Target/Path", "TimeSpan/Iops/ReadIopsStdDev", "TimeSpan/Iops/WriteIopsStdDev",
              "Profile/TimeSpans/TimeSpan/DisableAffinity",
              "Profile/TimeSpans/TimeSpan/Targets/Target/Random",
              "Profile/TimeSpans/TimeSpan/Targets/Target/WriteRatio",
              "Profile/TimeSpans/TimeSpan/Targets/Target/RequestCount",
              "Profile/TimeSpans/TimeSpan/Targets/Target/BlockSize",
              "TimeSpan/CpuUtilization/Average/UsagePercent", "TimeSpan/CpuUtilization/Average/KernelPercent",
              "TimeSpan/CpuUtilization/CPU/UsagePercent", "TimeSpan/CpuUtilization/CPU/KernelPercent",
              "TimeSpan/Latency/AverageReadMilliseconds", "TimeSpan/Latency/AverageWriteMilliseconds",
              "TimeSpan/Latency/Bucket/Percentile", "TimeSpan/Latency/Bucket/ReadMilliseconds",
              "TimeSpan/Latency/Bucket/WriteMilliseconds"):
        check(root.find(p) is not None and (root.findtext(p) or "").strip() != "", "no " + p)
    got = {b.findtext("Percentile") for b in ts.findall("Latency/Bucket")}
    for p in ("25", "50", "75", "90", "95", "99", "99.9", "99.99", "99.999", "100"):
        check(p in got, "no percentile " + p + " (Process-DiskSpd.ps1's list)")

if mode == "error":
    check(ts.findtext("Error") == "The test was interrupted before the measurements began. No results are displayed.",
          "no Error element: %s" % [c.tag for c in ts])
    check(ts.find("Thread") is None, "a Thread without a window")
    check(root.find("Iobench/interrupted").text == "true", "Iobench/interrupted")

for b in errors:
    print(b)
sys.exit(1 if errors else 0)
EOF

# xml_ok FILE: well-formed, and <Results> its first line (Process-DiskSpd.ps1 checks that).
xml_ok() {
	xmllint --noout "$1" 2> "$T/lint" || fail "$1 is not well-formed XML: $(head -5 "$T/lint")"
	[ "$(head -n 1 "$1")" = "<Results>" ] || fail "$1 does not start with <Results>: $(head -n 1 "$1")"
}
# check MODE XML [JSON]
check() { python3 check.py "$@" > "$T/why" 2>&1 || fail "$1: $(cat "$T/why")"; }

say "the element order and nesting of DiskSpd's XmlResultParser (its unit test's document, -L's additions)"
run_ok --engine=null --null-latency=20us -d1 -W0 -o2 -D250 -L -Rxml --json=n.json n0
cp "$T/out" n.xml
xml_ok n.xml
check structure n.xml
check figures n.xml n.json
check iops n.xml n.json

say "without -L: no latency in DiskSpd's XML (its Latency section and each Target's averages), as DiskSpd measures none; the JSON of the same run keeps it"
run_ok --engine=null --null-latency=20us -d0.5 -W0 -o2 -Rxml --json=nl.json n0
for e in "<Latency" AverageReadLatencyMilliseconds ReadLatencyStdev LatencyStdev "<Bucket"; do
	grep -q "$e" "$T/out" && fail "without -L: $e in -Rxml"
done
grep -q "<MeasureLatency>false</MeasureLatency>" "$T/out" || fail "without -L: MeasureLatency is not false"
jq -e '.results.total.read.latency_ns.mean > 0' nl.json >/dev/null || fail "without -L: the JSON lost the latency"

say "-D -L: each <Bucket> has DiskSpd's per-interval latency minimum, maximum, mean and standard deviation, reads' and writes': the mean is the interval's latency sum over its I/Os, the minimum no less than the null engine's service time, and the deviation within what the minimum, mean and maximum allow (Bhatia-Davis: variance <= (max - mean)(mean - min)), above 0 where they differ"
# bucket_stats FILE: one line per Bucket: read min max avg sd, write min max avg sd (ms)
bucket_stats() {
	grep -o '<Bucket SampleMillisecond=[^>]*ReadMinLatencyMilliseconds=[^>]*>' "$1" | sed 's/[A-Za-z]*="//g; s/"//g; s/<Bucket //; s|/>||' |
		awk '{ print $5, $6, $7, $8, $9, $10, $11, $12 }'
}
run_ok --engine=null --null-latency=exp:1ms -o4 -d1.5 -W0 -D500 -L -w50 -Rxml x
bucket_stats "$T/out" > b.exp
[ "$(wc -l < b.exp)" -ge 3 ] || fail "$(wc -l < b.exp) buckets with the latency figures"
awk '{ for (d = 0; d < 2; d++) { mn = $(1 + 4 * d); mx = $(2 + 4 * d); av = $(3 + 4 * d); sd = $(4 + 4 * d)
	if (mn > av || av > mx || sd * sd > (mx - av) * (av - mn) + 0.002 * (mx + 1) || (mx - mn > 0.01 && sd <= 0)) exit 1 } }' b.exp ||
	fail "an exponential service time (mean 1 ms): buckets $(cat b.exp)"
run_ok --engine=null --null-latency=1ms -o2 -d1.5 -W0 -D500 -L -Rxml x
bucket_stats "$T/out" > b.fixed
awk '{ if ($1 < 1 || $1 > $3 || $3 > $2 || $4 * $4 > ($2 - $3) * ($3 - $1) + 0.002 * ($2 + 1)) exit 1 }' b.fixed ||
	fail "a fixed 1 ms service time: buckets $(cat b.fixed)"
# -D without -L: DiskSpd times each I/O for its buckets all the same (its IoBucketizer takes
# every completion's latency with -D, MeasureLatency or not), so the figures are there
run_ok --engine=null --null-latency=1ms -o2 -d1.5 -W0 -D500 -Rxml x
grep -q "<Latency" "$T/out" && fail "-D without -L: a Latency section"
bucket_stats "$T/out" > b.nol
[ "$(wc -l < b.nol)" -ge 3 ] && awk '{ if ($1 < 1 || $1 > $3 || $3 > $2) exit 1 }' b.nol ||
	fail "-D without -L, a fixed 1 ms service time: buckets $(cat b.nol)"

say "-rd: each result Target has DiskSpd's effective distribution, <Distribution><Absolute>, its ranges in bytes over the target with a hole (IO 0) over each gap, as DiskSpd's XmlResultParser renders them"
# ranges FILE: the Range lines of the results' Targets (after the Profile), as IO/bytes
ranges() { sed -n '/<\/Profile>/,$p' "$1" | sed -n 's|.*<Range IO="\([0-9]*\)">\([0-9]*\)</Range>|\1/\2|p' | tr '\n' ' '; }
run_ok --engine=null --ios=100 -f1G -b4K -r -rdpct90/10:10/90 -Rxml x
# DiskSpd's pct ranges: over floor((1 GiB - 4 KiB) / 4 KiB) * 4 KiB + 4 KiB, each end rounded down to 4 KiB
b=$(( (1073741824 * 10 / 100) / 4096 * 4096 ))
[ "$(ranges "$T/out")" = "90/$b 10/$((1073741824 - b)) " ] || fail "-rdpct90/10:10/90: $(ranges "$T/out")"
run_ok --engine=null --ios=100 -f200G -b4K -r -rdabs10/1G:0/1G:10/1G -Rxml x
rest=$((214748364800 - 3 * 1073741824))
[ "$(ranges "$T/out")" = "10/1073741824 0/1073741824 10/1073741824 80/$rest " ] || fail "-rdabs10/1G:0/1G:10/1G: $(ranges "$T/out")"
run_ok --engine=null --ios=100 -f1G -b4K -r -Rxml x
[ -z "$(ranges "$T/out")" ] && ! grep -q "<Distribution>" "$T/out" || fail "a uniform -r has a Distribution"

say "a file, two threads, reads and writes: counts, bytes, percentiles, CPU and the window as the JSON's"
run_ok -c1M -d1 -W0 -r -b4K -o4 -t2 -w30 -D100 -L -Rxml --json=f.json "$T/f.dat"
cp "$T/out" f.xml
xml_ok f.xml
check figures f.xml f.json
check iops f.xml f.json
check process-diskspd f.xml
grep -q "^Command Line" f.xml && fail "the text report in -Rxml's output"
jq -e '.model.workload.xml_stdout == true' f.json >/dev/null || fail "the model does not keep -Rxml"
# the <Profile> inside is -Rpxml's for the same command line, a level deeper
"$IOBENCH" -Rpxml -c1M -d1 -W0 -r -b4K -o4 -t2 -w30 -D100 -L "$T/f.dat" 2>/dev/null | sed 's/^/  /' > p.want ||
	fail "-Rpxml"
sed -n '/^  <Profile>$/,/^  <\/Profile>$/p' f.xml > p.got
[ -s p.got ] && cmp -s p.want p.got || { diff p.want p.got | head; fail "the results' Profile is not -Rpxml's"; }

say "report -Rxml saved.json: the run's own document, byte for byte"
"$IOBENCH" report -Rxml f.json > rep.xml 2> rep.err || fail "report -Rxml: $(cat rep.err)"
cmp -s f.xml rep.xml || { diff f.xml rep.xml | head; fail "report -Rxml differs from the run's -Rxml"; }
"$IOBENCH" report --output-format=xml n.json > rep.xml || fail "report --output-format=xml"
cmp -s n.xml rep.xml || fail "report --output-format=xml differs"
# a run that printed text: its document says -Rxml all the same (as DiskSpd's XML always does)
run_ok --engine=null --ios=1000 -o1 --json=t.json t0
"$IOBENCH" report -Rxml t.json > t.xml || fail "report -Rxml of a text run"
xml_ok t.xml
grep -q "<ResultFormat>xml</ResultFormat>" t.xml || fail "the profile of report -Rxml does not say xml"

case_ input "a path holding & < > \" and ' (and a byte that is not UTF-8): escaped, and it parses back"
name='a&b<c>"d'"'"'e.dat'
run_ok -c1M --ios=200 -b4K -o1 -Rxml "$T/$name" "$T/bad$(printf '\377')x.dat"
cp "$T/out" e.xml
xml_ok e.xml
python3 -c '
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
got = [t.text for t in r.iter("Path")]
assert got.count(sys.argv[2]) == 2, got
assert got.count(sys.argv[3]) == 2, got
' e.xml "$T/$name" "$T/bad\\xffx.dat" || fail "the paths do not read back"
grep -qF 'a&amp;b&lt;c&gt;&quot;d&apos;e.dat</Path>' e.xml || fail "not escaped: $(grep -m1 Path e.xml)"

case_ signal "interrupted before the window opened: DiskSpd's <Error>, still well-formed"
"$IOBENCH" --engine=null -W30 -d5 -Rxml w0 > i.xml 2> i.err &
pid=$!
sleep 1
kill -INT $pid
wait $pid
[ $? = 130 ] || fail "the interrupted run did not exit 130: $(cat i.err)"
xml_ok i.xml
check error i.xml

case_ input "-Rxml where fio's layouts are (job files, fio's command line), in monitor, of a job file's results: refused by name"
printf '[j]\nrw=read\nsize=1m\nioengine=psync\nfilename=%s/jf.dat\n' "$T" > job.fio
run_rc 2 job.fio --output-format=xml
grep -q -- "--output-format=xml: xml is DiskSpd's XML results, of the DiskSpd command line" "$T/err" ||
	fail "job file: $(cat "$T/err")"
run_rc 2 job.fio -Rxml
run_rc 2 --name=c --ioengine=psync --rw=write --bs=4k --size=1m --filename="$T/c.dat" --output-format=json,xml
grep -q "fio has no such layout" "$T/err" || fail "fio's command line: $(cat "$T/err")"
[ ! -e jf.dat ] && [ ! -e c.dat ] || fail "a job ran"
run_rc 2 monitor -Rxml -d1 /dev/null
grep -q "monitor: -Rxml: DiskSpd's XML results are of a run" "$T/err" || fail "monitor: $(cat "$T/err")"
run_ok job.fio --json=j.json
run_rc 2 report -Rxml j.json
grep -q "report: -Rxml: DiskSpd's XML results are of one run of the DiskSpd command line" "$T/err" ||
	fail "report of a job file: $(cat "$T/err")"
run_rc 2 report -Rxml f.json n.json
run_rc 2 -Rxmlx --engine=null x
grep -q "unknown output format 'xmlx' (use text, json or xml)" "$T/err" || fail "-Rxmlx: $(cat "$T/err")"
exit 0
