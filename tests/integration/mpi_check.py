#!/usr/bin/env python3
"""Checks a result merged from MPI ranks against the ranks' own figures in it: each host's
rows are that rank's own (its threads, its histograms as it recorded them); the merged
latency percentiles are the nearest-rank percentiles of all ranks' histograms summed bucket
by bucket (never an average of theirs), each host's percentiles in "hosts" those of its own
rows, the totals and every interval of the series the sums of the ranks'. Exits non-zero
saying what differs. Usage: mpi_check.py RESULT.json NRANKS [IOS_PER_RANK]"""
import json
import math
import sys

HIST_SUB = 128


def index(v):
    """The bucket of v (stats/hist.h): 128 per power of two past 256."""
    if v < 2 * HIST_SUB:
        return v
    k = v.bit_length() - 1
    sh = k - 7
    return sh * HIST_SUB + (v >> sh)


def low(i):
    sh = i // HIST_SUB
    return i if sh <= 1 else (i - (sh - 1) * HIST_SUB) << (sh - 1)


def width(i):
    sh = i // HIST_SUB
    return 1 if sh <= 1 else 1 << (sh - 1)


def percentile(buckets, p, vmin, vmax):
    """hist_percentile(): nearest rank, a bucket's middle, the extremes exact."""
    total = sum(buckets.values())
    if not total:
        return 0
    if p <= 0:
        return vmin
    if p >= 100:
        return vmax
    rank = max(math.ceil(p / 100 * total), 1)
    if rank >= total:
        return vmax
    seen = 0
    for i in sorted(buckets):
        seen += buckets[i]
        if seen >= rank:
            return min(max(low(i) + width(i) // 2, vmin), vmax)
    return vmax


def summed(rows, dirs):
    b, vmin, vmax, ios = {}, None, 0, 0
    for r in rows:
        for d in dirs:
            for lo, n in r["h"][d]:
                i = index(int(lo))
                b[i] = b.get(i, 0) + int(n)
            c = r["c"][d]
            if int(c["ios"]):
                ios += int(c["ios"])
                vmin = int(c["lat_min"]) if vmin is None else min(vmin, int(c["lat_min"]))
                vmax = max(vmax, int(c["lat_max"]))
    return b, vmin or 0, vmax, ios


def main():
    doc = json.load(open(sys.argv[1]))
    nranks = int(sys.argv[2])
    per_rank = int(sys.argv[3]) if len(sys.argv) > 3 else None
    res = doc["model"]["result"]
    hosts, rows = res["hosts"], res["rows"]
    if len(hosts) != nranks or doc["hosts"]["count"] != nranks:
        sys.exit(f"{len(hosts)} hosts in the model, {doc['hosts']['count']} in hosts, want {nranks}")
    per = res["nthreads"] // nranks
    for h, host in enumerate(hosts):
        own = rows[host["row0"]:host["row0"] + host["nrows"]]
        if any(r["host"] != h for r in own) or sum(r["host"] == h for r in rows) != len(own):
            sys.exit(f"host {h}: its rows are not rows[{host['row0']}..+{host['nrows']}]")
        if sorted(r["thread"] // per for r in own) != [h] * len(own):
            sys.exit(f"host {h}: its rows' threads are not {h * per}..{h * per + per - 1}")
        b, vmin, vmax, ios = summed(own, (0, 1))
        if per_rank is not None and ios != per_rank:
            sys.exit(f"host {h} did {ios} I/Os, want {per_rank}")
        figs = doc["hosts"]["ranks"][h]
        if figs["ios"] != ios or figs["rank"] != host["rank"] or figs["name"] != host["name"]:
            sys.exit(f"hosts.ranks[{h}]: {figs['ios']} I/Os, rank {figs['rank']}; its rows {ios}")
        for p, key in ((50, "lat_p50_ms"), (99, "lat_p99_ms"), (100, "lat_max_ms")):
            want = percentile(b, p, vmin, vmax) / 1e6
            if abs(figs[key] - want) > 1e-9 * max(want, 1):
                sys.exit(f"host {h} {key}: JSON {figs[key]}, its own histograms {want}")
    checked = 0
    for d, kind in ((0, "read"), (1, "write")):
        b, vmin, vmax, ios = summed(rows, (d,))
        tot = doc["results"]["total"][kind]
        if tot["ios"] != ios:
            sys.exit(f"{kind}: total {tot['ios']} I/Os, the ranks' rows {ios}")
        if not ios:
            continue
        for e in tot["latency_ns"]["percentiles"]:
            want = percentile(b, e["percentile"], vmin, vmax)
            if e["ns"] != want:
                sys.exit(f"{kind} p{e['percentile']}: merged {e['ns']} ns, the ranks' "
                         f"histograms summed give {want}")
            checked += 1
        for k in range(res["nintervals"]):
            s = sum(int(r["series"][k][d]) for r in rows)
            if doc["series"]["total"][f"{kind}_ios"][k] != s:
                sys.exit(f"{kind} interval {k}: series {doc['series']['total'][f'{kind}_ios'][k]},"
                         f" the ranks' {s}")
    if not checked:
        sys.exit("no percentile checked")
    print(f"{nranks} ranks: {checked} merged percentiles, per-host figures and series checked")


main()
