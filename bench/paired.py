#!/usr/bin/env python3
"""The tables of the paired benchmarks ("<pair>/<inputs>/<B>_vs_<A>", runPaired in
bench_common.hpp), in Markdown, from Google Benchmark JSON files.

  paired.py RUN.json [RUN2.json ...] [--callgrind COUNTS.tsv]

Each paired benchmark times alternating passes of A and B over the same 1024 inputs and
reports, as counters, the median over its rounds of time(B) / time(A) (`ratio`) and the
median ns per call of each side (`a_ns`, `b_ns`). Every repetition in a file
(--benchmark_repetitions=N) is one measurement; with --benchmark_report_aggregates_only
the `median` aggregate is.

One table per comparison (B against A), one row per pair and input set: the median ns of
A and of B over all measurements, the ratio B/A (the median of the files' medians, with
[min-max] over every measurement when there is more than one) and, with COUNTS.tsv
(callgrind_counts.py output), instructions per call of A and B.
"""
import json
import sys
from collections import OrderedDict

from callgrind_counts import read_counts


def med(xs):
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return None
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def load(path):
    """{(pair, inputs, 'B_vs_A'): [(ratio, a_ns, b_ns), ...]} for one file."""
    with open(path) as f:
        data = json.load(f)
    plain, aggregated = {}, {}
    for b in data["benchmarks"]:
        # "<pair>/<inputs>/<B>_vs_<A>/min_time:0.200/manual_time"; <pair> may hold a "/".
        parts = [p for p in b.get("run_name", b["name"]).split("/")
                 if not p.startswith("min_time:") and p != "manual_time"]
        if len(parts) < 3 or "_vs_" not in parts[-1] or "ratio" not in b:
            continue
        key = ("/".join(parts[:-2]), parts[-2], parts[-1])
        value = (b["ratio"], b["a_ns"], b["b_ns"])
        agg = b.get("aggregate_name")
        if agg is None:
            plain.setdefault(key, []).append(value)
        elif agg == "median":
            aggregated.setdefault(key, []).append(value)
    return plain if plain else aggregated


def fmt(x):
    return "-" if x is None else ("%.1f" % x if x >= 10 else "%.2f" % x)


def main(argv):
    counts_path = None
    paths = []
    i = 0
    while i < len(argv):
        if argv[i] == "--callgrind":
            counts_path = argv[i + 1]
            i += 2
        else:
            paths.append(argv[i])
            i += 1
    if not paths:
        sys.exit(__doc__)
    runs = [load(p) for p in paths]
    counts = read_counts(counts_path) if counts_path else {}

    keys = OrderedDict()
    for run in runs:
        for key in run:
            keys[key] = True
    comparisons = OrderedDict()
    for pair, inputs, variant in keys:
        b, a = variant.split("_vs_")
        comparisons.setdefault((a, b), []).append((pair, inputs, variant))

    for (a, b), rows in comparisons.items():
        print("\n%s against %s:\n" % (b, a))
        head = "| pair | inputs | %s ns | %s ns | %s/%s |" % (a, b, b, a)
        sep = "|---|---|---|---|---|"
        if counts:
            head += " instructions %s/%s |" % (a, b)
            sep += "---|"
        print(head)
        print(sep)
        for pair, inputs, variant in rows:
            key = (pair, inputs, variant)
            per_run = [run.get(key, []) for run in runs]
            every = [v for vs in per_run for v in vs]
            ratios = [v[0] for v in every]
            ratio = "%.2f" % med([med([v[0] for v in vs]) for vs in per_run if vs])
            if len(ratios) > 1:
                ratio += " [%.2f-%.2f]" % (min(ratios), max(ratios))
            line = "| %s | %s | %s | %s | %s |" % (
                pair, inputs, fmt(med([v[1] for v in every])), fmt(med([v[2] for v in every])), ratio)
            if counts:
                ia = counts.get("%s/%s/%s" % (pair, inputs, a))
                ib = counts.get("%s/%s/%s" % (pair, inputs, b))
                line += " %s/%s |" % ("-" if ia is None else "%.0f" % ia, "-" if ib is None else "%.0f" % ib)
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
