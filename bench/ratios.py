#!/usr/bin/env python3
"""Ratios from a Google Benchmark JSON file (--benchmark_out=FILE --benchmark_out_format=json).

Reads the *_median aggregates (run with --benchmark_repetitions=N) of benchmarks named
"<pair>/<set>/<variant>" and prints one Markdown row per pair and set:
  plain, overlaps (untraced boolean), overlaps/plain,
  plain_rich, rich (untraced rich), rich/plain_rich,
  traced, traced/rich, traced_full, traced_full/rich.
The time used is cpu_time (ns), which the other processes on a shared machine disturb
less than wall time. Usage: ratios.py FILE.json [FILE2.json ...] (one table per file).
"""
import json
import sys


def medians(path):
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        name = b["run_name"]
        out[name] = (b["cpu_time"], b.get("pairs"))
    return out


def fmt(x):
    return "-" if x is None else ("%.1f" % x if x >= 10 else "%.2f" % x)


def ratio(num, den):
    return None if num is None or den is None else num / den


def table(path):
    med = medians(path)
    rows = {}
    for name, (t, pairs) in med.items():
        parts = name.split("/")
        if len(parts) != 3:
            continue
        pair, inputs, variant = parts
        rows.setdefault((pair, inputs), {})[variant] = t if not pairs else t / pairs
    cols = ["plain", "overlaps", "plain_rich", "rich", "traced", "traced_full"]
    if any("evaluateAllPairs" in v for v in rows.values()):
        print("| scene | overlaps() direct ns/pair | evaluateAllPairs ns/pair | ratio |")
        print("|---|---|---|---|")
        for (pair, inputs), v in rows.items():
            d, e = v.get("overlaps_direct"), v.get("evaluateAllPairs")
            print("| %s | %s | %s | %s |" % (inputs, fmt(d), fmt(e), fmt(ratio(e, d))))
        return
    print("| pair | inputs | plain | overlaps | ovl/plain | plain_rich | rich | rich/plain_rich"
          " | traced | traced/rich | traced_full | full/rich |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (pair, inputs), v in rows.items():
        g = [v.get(c) for c in cols]
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            pair, inputs, fmt(g[0]), fmt(g[1]), fmt(ratio(g[1], g[0])), fmt(g[2]), fmt(g[3]),
            fmt(ratio(g[3], g[2])), fmt(g[4]), fmt(ratio(g[4], g[3])), fmt(g[5]),
            fmt(ratio(g[5], g[3]))))


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print("\n" + p + "\n")
        table(p)
