#!/usr/bin/env python3
"""Ratios from a Google Benchmark JSON file (--benchmark_out=FILE --benchmark_out_format=json).

Reads the *_median aggregates (run with --benchmark_repetitions=N) of benchmarks named
"<pair>/<set>/<variant>" and prints one Markdown row per pair and set:
  plain, overlaps (untraced boolean), overlaps/plain,
  plain_rich, rich (untraced rich), rich/plain_rich,
  traced, traced/rich, traced_full, traced_full/rich.
The time used is cpu_time (ns), which the other processes on a shared machine disturb
less than wall time. Usage: ratios.py FILE.json [FILE2.json ...] (one table per file).

  ratios.py --spread RUN1.json RUN2.json RUN3.json [--callgrind COUNTS.tsv] [--core|--traced]
prints one table for several runs of the same program: each time is the median over the
runs of the per-run medians, each ratio the median of the per-run ratios with their
[min-max] over the runs; COUNTS.tsv (callgrind_counts.py output) adds instructions per call
as plain/overlaps and plain_rich/rich. --core prints only the plain/untraced columns,
--traced only the untraced rich/traced columns.
"""
import json
import sys

from callgrind_counts import read_counts


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


def per_run(path):
    rows = {}
    for name, (t, pairs) in medians(path).items():
        parts = name.split("/")
        if len(parts) == 3:
            rows.setdefault((parts[0], parts[1]), {})[parts[2]] = t if not pairs else t / pairs
    return rows


def med(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def spread(paths, counts_path, mode="all"):
    runs = [per_run(p) for p in paths]
    counts = {}
    if counts_path:
        for name, ir in read_counts(counts_path).items():
            p, i, v = name.split("/")
            counts.setdefault((p, i), {})[v] = ir

    def col(key, v):
        return med([r.get(key, {}).get(v) for r in runs])

    def rat(key, num, den):
        rs = [None if r.get(key, {}).get(num) is None or r.get(key, {}).get(den) is None
              else r[key][num] / r[key][den] for r in runs]
        rs = [x for x in rs if x is not None]
        if not rs:
            return "-"
        return "%.2f [%.2f-%.2f]" % (med(rs), min(rs), max(rs))

    def ir(key, v):
        x = counts.get(key, {}).get(v)
        return "-" if x is None else "%.0f" % x

    if any("evaluateAllPairs" in v for v in runs[0].values()):
        print("| scene | overlaps() direct ns/pair | evaluateAllPairs ns/pair | ratio [min-max] |")
        print("|---|---|---|---|")
        for key in sorted(runs[0], key=lambda k: k[1]):
            print("| %s | %s | %s | %s |" % (key[1], fmt(col(key, "overlaps_direct")),
                                             fmt(col(key, "evaluateAllPairs")),
                                             rat(key, "evaluateAllPairs", "overlaps_direct")))
        return
    if mode == "core":
        print("| pair | inputs | plain ns | untraced ns | untraced/plain | Ir plain/untraced"
              " | plain rich ns | untraced rich ns | rich/plain rich | Ir plain/untraced rich |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    elif mode == "traced":
        print("| pair | inputs | untraced rich ns | traced ns | traced/untraced rich"
              " | traced full ns | full/untraced rich | Ir untraced rich/traced/full |")
        print("|---|---|---|---|---|---|---|---|")
    else:
        print("| pair | inputs | plain ns | untraced ns | untraced/plain | Ir plain/untraced"
              " | plain rich ns | untraced rich ns | rich/plain rich | Ir plain/untraced rich"
              " | traced ns | traced/untraced rich | traced full ns | full/untraced rich |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    # Interleaved runs list benchmarks in random order: use the registration order of the
    # counts file when given, else sort by name.
    keys = list(counts) if counts else sorted(runs[0])
    keys += [k for k in sorted(runs[0]) if k not in keys]
    for key in keys:
        if key not in runs[0]:
            continue
        if mode == "core":
            print("| %s | %s | %s | %s | %s | %s/%s | %s | %s | %s | %s/%s |" % (
                key[0], key[1], fmt(col(key, "plain")), fmt(col(key, "overlaps")),
                rat(key, "overlaps", "plain"), ir(key, "plain"), ir(key, "overlaps"),
                fmt(col(key, "plain_rich")), fmt(col(key, "rich")),
                rat(key, "rich", "plain_rich"), ir(key, "plain_rich"), ir(key, "rich")))
            continue
        if mode == "traced":
            print("| %s | %s | %s | %s | %s | %s | %s | %s/%s/%s |" % (
                key[0], key[1], fmt(col(key, "rich")), fmt(col(key, "traced")),
                rat(key, "traced", "rich"), fmt(col(key, "traced_full")),
                rat(key, "traced_full", "rich"), ir(key, "rich"), ir(key, "traced"),
                ir(key, "traced_full")))
            continue
        print("| %s | %s | %s | %s | %s | %s/%s | %s | %s | %s | %s/%s | %s | %s | %s | %s |" % (
            key[0], key[1], fmt(col(key, "plain")), fmt(col(key, "overlaps")),
            rat(key, "overlaps", "plain"), ir(key, "plain"), ir(key, "overlaps"),
            fmt(col(key, "plain_rich")), fmt(col(key, "rich")), rat(key, "rich", "plain_rich"),
            ir(key, "plain_rich"), ir(key, "rich"), fmt(col(key, "traced")),
            rat(key, "traced", "rich"), fmt(col(key, "traced_full")),
            rat(key, "traced_full", "rich")))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--spread":
        args = sys.argv[2:]
        counts = None
        if "--callgrind" in args:
            i = args.index("--callgrind")
            counts = args[i + 1]
            del args[i:i + 2]
        mode = "all"
        for m in ("core", "traced"):
            if "--" + m in args:
                args.remove("--" + m)
                mode = m
        spread(args, counts, mode)
        sys.exit(0)
    for p in sys.argv[1:]:
        print("\n" + p + "\n")
        table(p)
