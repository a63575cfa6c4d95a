#!/usr/bin/env python3
"""Writes a recording of FRAMES frames of SHAPES moving shapes to stdout (satlab recording
format, version 1; docs/recording-format.md), for measuring the recording loader.

    python3 tools/gen_stress_recording.py 1000 1000 > /tmp/rec_1000x1000.jsonl

Shapes start on a jittered cubic lattice three units apart and drift with a constant
velocity each (some OBBs also turn), so pairs meet and part over the frames. Types cycle
30% aabb, 30% obb, 25% sphere, 15% segment. Numbers are written with at most 3 decimals
(each within a float's precision at these magnitudes, so the loader gives no warning). The
output depends only on the arguments and --seed.
"""
import argparse
import math
import random
import sys

SPACING = 3.0


def num(v):
    text = "%.3f" % v
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def vec(values):
    return "[" + ", ".join(num(v) for v in values) + "]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("frames", type=int)
    parser.add_argument("shapes", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    side = max(1, math.ceil(args.shapes ** (1.0 / 3.0)))
    kinds = ["aabb"] * 6 + ["obb"] * 6 + ["sphere"] * 5 + ["segment"] * 3
    shapes = []
    for i in range(args.shapes):
        cell = (i % side, (i // side) % side, i // (side * side))
        centre = [SPACING * c + rng.uniform(-0.5, 0.5) for c in cell]
        velocity = [rng.uniform(-1.5, 1.5) for _ in range(3)]
        size = [rng.uniform(0.4, 1.4) for _ in range(3)]
        spin = rng.uniform(-90, 90)
        shapes.append((kinds[i % len(kinds)], centre, velocity, size, spin))
    out = sys.stdout
    out.write('{"recording": 1, "title": "%d frames of %d moving shapes", "view": "3d"}\n' % (args.frames, args.shapes))
    for f in range(args.frames):
        t = f / 60.0
        parts = []
        for i, (kind, c, v, s, spin) in enumerate(shapes):
            p = [c[k] + v[k] * t for k in range(3)]
            head = '{"name": "s%d", "type": "%s", ' % (i, kind)
            if kind == "aabb":
                parts.append(head + '"center": %s, "half_extents": %s}' % (vec(p), vec(s)))
            elif kind == "obb":
                parts.append(head + '"center": %s, "half_extents": %s, "euler_deg": %s}'
                             % (vec(p), vec(s), vec([0, spin * t, 30])))
            elif kind == "sphere":
                parts.append(head + '"center": %s, "radius": %s}' % (vec(p), num(s[0])))
            else:
                q = [p[k] + s[k] * 2 for k in range(3)]
                parts.append(head + '"p0": %s, "p1": %s}' % (vec(p), vec(q)))
        out.write('{"frame": %d, "time": %s, "shapes": [%s]}\n' % (f, num(t), ", ".join(parts)))


if __name__ == "__main__":
    main()
