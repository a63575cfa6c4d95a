#!/usr/bin/env python3
"""Tables of the paired ratio benchmarks ("<pair>/<set>/<B>_vs_<A>", runPaired in
bench_common.hpp) from one or more Google Benchmark JSON files.

Each paired benchmark times alternating passes of A and B over the same 1024 inputs and
reports, as counters, the median over its rounds of time(B) / time(A) (`ratio`) and the
median ns per call of each (`a_ns`, `b_ns`). With --benchmark_repetitions=N the file holds
one entry per repetition (or only aggregates with --benchmark_report_aggregates_only); every
non-aggregate entry, or else the `median` aggregate, counts as one measurement.

  paired.py RUN1.json [RUN2.json ...] [--callgrind COUNTS.tsv]

prints, per comparison (core against textbook, then recorders against the untraced rich
result), one Markdown row per pair and input set: A ns, B ns (medians over all
measurements), the ratio B/A as the median of the per-run medians with [min-max] over every
measurement, and, with COUNTS.tsv (callgrind_counts.py output), instructions per call A/B.
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
    """{(pair, set, 'B_vs_A'): [(ratio, a_ns, b_ns), ...]} for one file."""
    with open(path) as f:
        data = json.load(f)
    plain, aggregated = {}, {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"]).split("/")
        if len(name) < 3 or "_vs_" not in name[2] or "ratio" not in b:
            continue
        key = (name[0], name[1], name[2])
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
        head = "| pair | inputs | %s ns | %s ns | %s/%s [min-max] |" % (a, b, b, a)
        sep = "|---|---|---|---|---|"
        if counts:
            head += " Ir %s/%s |" % (a, b)
            sep += "---|"
        print(head)
        print(sep)
        for pair, inputs, variant in rows:
            key = (pair, inputs, variant)
            per_run = [run.get(key, []) for run in runs]
            every = [v for vs in per_run for v in vs]
            ratio_runs = [med([v[0] for v in vs]) for vs in per_run if vs]
            ratios = [v[0] for v in every]
            line = "| %s | %s | %s | %s | %.2f [%.2f-%.2f] |" % (
                pair, inputs, fmt(med([v[1] for v in every])), fmt(med([v[2] for v in every])),
                med(ratio_runs), min(ratios), max(ratios))
            if counts:
                ia = counts.get("%s/%s/%s" % (pair, inputs, a))
                ib = counts.get("%s/%s/%s" % (pair, inputs, b))
                line += " %s/%s |" % ("-" if ia is None else "%.0f" % ia,
                                       "-" if ib is None else "%.0f" % ib)
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
