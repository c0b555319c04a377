#!/usr/bin/env python3
"""Holds iobench's DiskSpd command line to DiskSpd's own unit tests.

tests/data/diskspd_cmdline.json (scripts/diskspd-cmdline-table) lists every
case of DiskSpd's CmdLineParser unit tests: an argv, whether DiskSpd takes
it, and the values it asserts. For each, iobench parses the same argv with
-Rpxml in front (the workload as DiskSpd's profile, nothing run) and:

- a case DiskSpd refuses must be refused (exit 2, one message naming one of
  its switches, or the target a switch follows);
- a case DiskSpd takes must be taken, with every asserted value found in the
  profile, unless a rule below says why iobench refuses it (a switch that
  needs Windows, or one iobench does not implement) and the message says so;
- a value iobench keeps differently on purpose is listed in DIFFERS, with why.

Usage: diskspd_cmdline.py IOBENCH TABLE [--list]
Prints one line per case that disagrees, then the counts; exits 1 if any case disagrees.
"""
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# Switches iobench refuses on purpose: (pattern on the argv word, the words the message must hold).
REFUSED = [
    (r"^-e", "ETW", "Event Tracing for Windows has no Linux counterpart"),
    (r"^-ag[0-9]+,[0-9,]*g[1-9]", "processor group", "Windows processor groups: Linux has one"),
    (r"^-ag[1-9]", "processor group", "Windows processor groups: Linux has one"),
    (r"^-x$", "completion routines", "Windows APCs: iobench's engines complete through io_uring or libaio"),
    (r"^-f[rs]*t[rst]*$", "temporary-file hint", "FILE_ATTRIBUTE_TEMPORARY has no Linux counterpart"),
    (r"^-vs$", "verbose statistics", "DiskSpd's wait statistics, which iobench does not keep"),
    (r"^-Z[0-9]+[KMGTBkmgtb]?,[A-Za-z]:\\", "Windows path", "the source buffer's file is a Windows path, refused as a target's is"),
]

# Values iobench keeps differently on purpose: getter -> why (docs/cli.md says so too).
DIFFERS = {
    "GetCmdLine": "the profile has no command line (the text report prints it)",
    "GetProfileOnly": "-Rp is put in front of every case (t41 runs -Rxml)",
}


def run(iobench, argv):
    """iobench's profile of argv: -Rpxml in front, or -Rp where the case gives its own -R."""
    own = [a for a in argv if a.startswith("-R")]
    front = [] if any(a.startswith("-Rp") for a in own) else ["-Rp"] if own else ["-Rpxml"]
    p = subprocess.run([iobench] + front + argv, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def text(el, path, default=None):
    e = el.find(path)
    return default if e is None else (e.text or "")


def boolean(el, path):
    return text(el, path, "false") == "true"


def number(el, path, default=0):
    t = text(el, path)
    return default if t is None else int(t)


def target_value(t, getter):
    """A target's value as DiskSpd's getter would give it, read from iobench's profile."""
    rnd = t.find("Random")
    g = getter
    if g == "GetPath":
        return text(t, "Path")
    if g == "GetBlockSizeInBytes":
        return number(t, "BlockSize")
    if g == "GetRequestCount":
        return number(t, "RequestCount")
    if g == "GetRandomRatio":
        return 0 if rnd is None else number(t, "RandomRatio", 100)
    if g == "GetUseInterlockedSequential":
        return boolean(t, "InterlockedSequential")
    if g == "GetBlockAlignmentInBytes":
        return int(rnd.text) if rnd is not None else number(t, "StrideSize")
    if g == "GetBaseFileOffsetInBytes":
        return number(t, "BaseFileOffset")
    if g == "GetUseParallelAsyncIO":
        return boolean(t, "ParallelAsyncIO")
    if g == "GetCacheMode":
        if boolean(t, "DisableOSCache"):
            return "DisableOSCache"
        return "DisableLocalCache" if boolean(t, "DisableLocalCache") else "Cached"
    if g == "GetWriteThroughMode":
        return "On" if boolean(t, "WriteThrough") else "Off"
    if g == "GetMemoryMappedIoMode":
        return "On" if boolean(t, "MemoryMappedIo") else "Off"
    if g == "GetMemoryMappedIoFlushMode":
        return text(t, "FlushType", "Undefined")
    if g == "GetZeroWriteBuffers":
        return text(t, "WriteBufferContent/Pattern") == "zero"
    if g == "GetThreadsPerFile":
        return number(t, "ThreadsPerFile", 1)
    if g == "GetThreadStrideInBytes":
        return number(t, "ThreadStride")
    if g == "GetCreateFile":
        return t.find("FileSize") is not None
    if g == "GetFileSize":
        return number(t, "FileSize")
    if g == "GetMaxFileSize":
        return number(t, "MaxFileSize")
    if g == "GetWriteRatio":
        return number(t, "WriteRatio")
    if g == "GetUseBurstSize":
        return t.find("BurstSize") is not None
    if g == "GetBurstSize":
        return number(t, "BurstSize")
    if g == "GetEnableThinkTime":
        return t.find("ThinkTime") is not None
    if g == "GetThinkTime":
        return number(t, "ThinkTime")
    if g in ("GetSequentialScanHint", "GetRandomAccessHint", "GetTemporaryFileHint",
             "GetUseLargePages"):
        return boolean(t, {"GetSequentialScanHint": "SequentialScan",
                           "GetRandomAccessHint": "RandomAccess",
                           "GetTemporaryFileHint": "TemporaryFile",
                           "GetUseLargePages": "UseLargePages"}[g])
    if g == "GetThroughputInBytesPerMillisecond":
        e = t.find("Throughput")
        return 0 if e is None or e.get("unit") == "IOPS" else int(e.text)
    if g == "GetThroughputIOPS":
        e = t.find("Throughput")
        return int(e.text) if e is not None and e.get("unit") == "IOPS" else 0
    if g == "GetRandomDataWriteBufferSize":
        return number(t, "WriteBufferContent/RandomDataSource/SizeInBytes")
    if g == "GetRandomDataWriteBufferSourcePath":
        return text(t, "WriteBufferContent/RandomDataSource/FilePath", "")
    raise KeyError(g)


def span_value(s, getter):
    g = getter[3:] if getter.startswith("Get") else getter
    if g in ("Duration", "Warmup", "Cooldown", "RandSeed", "ThreadCount", "RequestCount"):
        return number(s, g)
    if g in ("DisableAffinity", "CompletionRoutines", "MeasureLatency", "RandomWriteData"):
        return boolean(s, g)
    if g == "AffinityCount":
        return len(s.findall("Affinity/AffinityGroupAssignment"))
    if g == "TargetCount":
        return len(s.findall("Targets/Target"))
    raise KeyError(getter)


def profile_value(p, getter):
    if getter == "GetVerbose":
        return boolean(p, "Verbose")
    if getter == "GetProgress":
        return number(p, "Progress")
    if getter == "TimeSpanCount":
        return len(p.findall("TimeSpans/TimeSpan"))
    if getter == "GetResultsFormat":
        return text(p, "ResultFormat", "text").capitalize()
    if getter.startswith("GetEtw"):
        return p.find("ETW") is not None if getter == "GetEtwEnabled" else \
            boolean(p, "ETW/" + getter[6:])
    raise KeyError(getter)


def value(prof, a):
    scope, i, getter = a[0], a[1], a[2]
    span = prof.find("TimeSpans/TimeSpan")
    if scope == "profile":
        return profile_value(prof, getter)
    if scope == "timespan":
        return span_value(span, getter)
    if scope == "affinity":
        el = span.findall("Affinity/AffinityGroupAssignment")[i]
        return int(el.get("Group" if getter == "wGroup" else "Processor"))
    return target_value(span.findall("Targets/Target")[i], getter)


def refusal(argv):
    for word in argv:
        for pat, words, why in REFUSED:
            if re.search(pat, word):
                return word, words, why
    return None


def main():
    iobench, table = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv
    cases = json.load(open(table))["cases"]
    counts = {"agree": 0, "both refuse": 0, "refused by rule": 0, "disagree": 0}
    for n, c in enumerate(cases):
        argv = c["argv"]
        rc, out, err = run(iobench, argv)
        label = "%s %s" % (c["test"], " ".join(argv))
        problem = None
        rule = refusal(argv)
        if not c["taken"] and rule and rc == 2 and re.search(rule[1], err, re.I):
            status = "both refuse"	# iobench refuses the switch itself
        elif not c["taken"]:
            if rc != 2:
                problem = "DiskSpd refuses it; iobench exit %d" % rc
            elif len(err.strip().splitlines()) != 1:
                problem = "not one message: %r" % err
            elif not any(a[:2] in err or a in err for a in argv if a.startswith("-")) and \
                    "target" not in err:
                problem = "the message names none of its switches: %s" % err.strip()
            status = "agree"
        elif rc == 2 and rule and re.search(rule[1], err, re.I):
            status = "refused by rule"
            if listing:
                print("refused  %s: %s (%s)" % (label, err.strip(), rule[2]))
        elif rc != 0:
            problem = "DiskSpd takes it; iobench exit %d: %s" % (rc, err.strip())
        else:
            status = "agree"
            if not out.startswith("<"):	# the profile as text (-Rptext, -Rp -Rtext)
                out = "<Profile><ResultFormat>text</ResultFormat></Profile>" \
                    if "Input parameters:" in out else "<bad/>"
            prof = ET.fromstring(out)
            for a in c["asserts"]:
                if a[2] in DIFFERS:
                    continue
                got = value(prof, a)
                if got != a[3]:
                    problem = "%s%s: DiskSpd %r, iobench %r" % (
                        a[2], "[%d]" % a[1] if a[0] in ("target", "affinity") else "", a[3], got)
                    break
        if problem:
            counts["disagree"] += 1
            print("DISAGREE %s: %s" % (label, problem))
        else:
            counts[status] += 1
            if listing and status == "agree":
                print("agree    %s" % label)
    print("%d cases: %d agree; %d DiskSpd refuses and iobench refuses the switch itself; "
          "%d DiskSpd takes and iobench refuses by rule, saying why; %d disagree" %
          (len(cases), counts["agree"], counts["both refuse"], counts["refused by rule"],
           counts["disagree"]))
    sys.exit(1 if counts["disagree"] else 0)


main()
