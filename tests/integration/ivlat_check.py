#!/usr/bin/env python3
"""Checks a run's per-interval latency histograms (model.result.ivl) against the rest of its
JSON document: each interval's histogram holds exactly the I/Os of its series slot, summed
over the intervals they give the run's own histograms bucket for bucket (four of them to one),
and series.total's per-interval percentiles are the nearest-rank percentiles of each interval's
histogram. Exits non-zero, saying what differs. Usage: ivlat_check.py RESULT.json"""
import json
import math
import sys


def hist_index(v):
    if v >= 1 << 40:
        return 4351
    k = max(v.bit_length() - 1, 0)
    sh = k - 7 if k > 7 else 0
    return sh * 128 + (v >> sh)


def full_width(j):
    sh = j // 128
    return 1 if sh <= 1 else 1 << (sh - 1)


def percentile(pairs, p, vmax):
    total = sum(n for _, n in pairs)
    if p >= 100:
        return vmax
    rank = max(math.ceil(p / 100 * total), 1)
    if rank >= total:
        return vmax
    seen = 0
    for low, n in pairs:
        seen += n
        if seen >= rank:
            mid = low + 4 * full_width(hist_index(low)) // 2
            return min(mid, vmax)
    return vmax


def main():
    doc = json.load(open(sys.argv[1]))
    res = doc["model"]["result"]
    ivl, n = res["ivl"], res["nintervals"]
    if ivl is None or len(ivl) != n:
        sys.exit(f"ivl holds {None if ivl is None else len(ivl)} intervals, nintervals is {n}")
    rows = res["rows"]
    summed = [{}, {}]
    for k in range(n):
        for d in (0, 1):
            ios = sum(int(r["series"][k][d]) for r in rows)
            got = sum(int(c) for _, c in ivl[k][d])
            if got != ios:
                sys.exit(f"interval {k} direction {d}: histogram of {got} I/Os, series {ios}")
            for low, c in ivl[k][d]:
                low = int(low)
                if hist_index(low) % 4 or hist_index(low) // 4 * 4 != hist_index(low):
                    sys.exit(f"interval {k}: {low} ns is not a bucket's low end")
                summed[d][hist_index(low) // 4] = summed[d].get(hist_index(low) // 4, 0) + int(c)
    for d in (0, 1):
        full = {}
        for r in rows:
            for low, c in r["h"][d]:
                b = hist_index(int(low)) // 4
                full[b] = full.get(b, 0) + int(c)
        if full != summed[d]:
            sys.exit(f"direction {d}: the intervals' histograms do not add up to the run's")
    tot = doc["series"]["total"]
    names = {50: "p50", 90: "p90", 99: "p99", 99.9: "p99_9"}
    checked = 0
    for d, kind in ((0, "read"), (1, "write")):
        for k in range(n):
            pairs = [(int(a), int(b)) for a, b in ivl[k][d]]
            vmax = tot[f"{kind}_lat_max_ns"][k]
            for p, name in names.items():
                want = percentile(pairs, p, vmax) if pairs else None
                got = tot[f"{kind}_lat_{name}_ns"][k]
                if got != want:
                    sys.exit(f"interval {k} {kind} {name}: JSON says {got}, its histogram {want}")
                checked += 1
    print(f"ivlat: {n} intervals, {checked} percentiles checked")


main()
