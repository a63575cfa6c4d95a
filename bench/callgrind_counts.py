#!/usr/bin/env python3
"""Instructions per call from the dumps of a count-mode run under callgrind.

  SATLAB_CALLGRIND_CALLS=4096 valgrind --tool=callgrind --callgrind-out-file=DIR/cg.out \\
      build-bench/bench/bench_collide
  bench/callgrind_counts.py 4096 DIR/cg.out.*

Each dump is named by its trigger "Client Request: <pair>/<set>/<variant>"; its total Ir
divided by the number of calls is printed, with the harness's loop and store included
(the same few instructions for every variant).
"""
import re
import sys


def read_counts(path):
    """{"<pair>/<set>/<variant>": instructions per call} from this script's output, in file
    order (paired.py reads it)."""
    counts = {}
    with open(path) as f:
        for line in f:
            name, ir = line.rstrip("\n").split("\t")
            counts[name] = float(ir)
    return counts


def main():
    calls = int(sys.argv[1])
    rows = []
    for path in sys.argv[2:]:
        name, total = None, None
        with open(path) as f:
            for line in f:
                m = re.match(r"desc: Trigger: Client Request: (.*)", line)
                if m:
                    name = m.group(1).strip()
                m = re.match(r"(?:totals|summary): (\d+)", line)
                if m:
                    total = int(m.group(1))
        if name and total is not None:
            rows.append((name, total / calls))
    for name, ir in rows:
        print("%s\t%.1f" % (name, ir))


if __name__ == "__main__":
    main()
