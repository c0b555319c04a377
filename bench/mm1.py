#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The statistics behind t44's and t50's M/M/1 bounds, by simulation (no iobench run).

For a sample of Poisson arrivals on one exponential server, the spread of the sample's
mean time in the system over many simulated runs: its standard error, the worst run, and
how often it crosses a test's bound. Usage: bench/mm1.py [RUNS] (default 3000; seeded).
"""
import random
import statistics
import sys


def mean_sojourn(lam, mu, n=None, horizon=None, warmup=0.0):
    """Mean time in the system of n arrivals (or of those in warmup..warmup+horizon s)."""
    t = free = total = 0.0
    k = 0
    while True:
        t += random.expovariate(lam)
        if n is not None and k == n or horizon is not None and t > warmup + horizon:
            return total / k
        free = max(t, free) + random.expovariate(mu)
        if t >= warmup:
            total += free - t
            k += 1


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    random.seed(1)
    theory = 1 / (1000 - 400)
    for n, bound in ((800, 0.15), (3200, 0.20)):
        xs = [mean_sojourn(400, 1000, n=n) / theory for _ in range(runs)]
        out = sum(abs(x - 1) > bound for x in xs)
        print(f"t44, rho 0.4, {n} arrivals: standard error {statistics.stdev(xs):.1%}, "
              f"worst {max(abs(x - 1) for x in xs):.1%}, outside +-{bound:.0%}: {out} of {runs}")
    # D/M/1 (linear arrivals) on the same server: what t44's bounds must tell apart
    t = free = total = 0.0
    for _ in range(100000):
        t += 1 / 400
        free = max(t, free) + random.expovariate(1000)
        total += free - t
    print(f"t44, D/M/1 at the same load: mean {total / 100000 * 1e3:.3f} ms (M/M/1 {theory * 1e3:.3f})")
    # t50's curve: 100 us exponential service, 2 s points after 0.3 s of warm-up, limit 700 us
    mu, runs50 = 10000, max(runs // 3, 100)
    for rho, above in ((0.8, False), (0.9, True)):
        xs = [mean_sojourn(rho * mu, mu, horizon=2.0, warmup=0.3) for _ in range(runs50)]
        theory50 = 1 / (mu - rho * mu)
        wrong = sum((x > 700e-6) != above for x in xs)
        print(f"t50, rho {rho}: standard error {statistics.stdev(xs) / theory50:.1%}, "
              f"on the wrong side of 700 us: {wrong} of {runs50}")


if __name__ == "__main__":
    main()
