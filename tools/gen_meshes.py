#!/usr/bin/env python3
"""Writes the meshes satlab ships under scenes/meshes/ (docs/meshes.md), one per format:

    python3 tools/gen_meshes.py                    # rewrites scenes/meshes/
    python3 tools/gen_meshes.py --out DIR          # writes them to DIR instead
    python3 tools/gen_meshes.py --dense PATH.ply   # also the dense 1M-triangle sphere (19 MiB,
                                                   # not committed; e.g. build/meshes/sphere_1m.ply)

  rod.stl         binary STL: a long thin rod (a 12-sided prism 10 long, radius 0.2) turned
                  35 degrees about z and 25 about y: the optimal AABB is loose, every OBB tight
  rod_ascii.stl   the same rod as ASCII STL
  l_shape.obj     OBJ (quads): an L-shaped block; its covariance OBB is tilted, the minimum
                  OBB is not
  torus.ply       binary PLY: a torus (R 1, r 0.3, 48 x 24 quads split in two)
  rock.glb        glTF binary: a lumpy rock (an icosahedron subdivided 3 times, each vertex
                  pushed in or out by a fixed sum of waves)
  capsule.gltf    glTF (JSON, buffer embedded as a data URI): a character-like capsule 1.8
                  tall, radius 0.3, standing on the origin, placed by its node 2 units along x
  dense_end.obj   OBJ: a 4 x 1 x 1 box whose +x end is tessellated 40 x 40 times finer than
                  the rest: the covariance OBB of its triangles leans toward the dense end,
                  the area-weighted OBB of its hull does not

The output depends only on this script (no randomness, no dates), so the committed files
can be regenerated exactly. Python 3 standard library only.
"""
import argparse
import base64
import json
import math
import os
import struct
import sys


# ---- geometry ------------------------------------------------------------------------

def rot_z(p, deg):
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return (c * p[0] - s * p[1], s * p[0] + c * p[1], p[2])


def rot_y(p, deg):
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return (c * p[0] + s * p[2], p[1], -s * p[0] + c * p[2])


def rod():
    """A prism along x, 12 sides, capped, centred on the origin, then turned."""
    sides, half, radius = 12, 5.0, 0.2
    v, t = [], []
    for end in (-half, half):
        for k in range(sides):
            a = 2 * math.pi * k / sides
            v.append((end, radius * math.cos(a), radius * math.sin(a)))
    v.append((-half, 0.0, 0.0))
    v.append((half, 0.0, 0.0))
    c0, c1 = 2 * sides, 2 * sides + 1
    for k in range(sides):
        a0, a1 = k, (k + 1) % sides
        b0, b1 = sides + a0, sides + a1
        t.append((a0, a1, b1))
        t.append((a0, b1, b0))
        t.append((c0, a1, a0))
        t.append((c1, b0, b1))
    v = [rot_y(rot_z(p, 35.0), 25.0) for p in v]
    return v, t


def box_quads(lo, hi):
    """The 8 corners and 6 quads (counter-clockwise from outside) of a box."""
    x0, y0, z0 = lo
    x1, y1, z1 = hi
    v = [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
         (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
    q = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    return v, q


def l_shape():
    """An L: a 3 x 1 foot and a 1 x 3 leg, 1 deep, as one closed surface of quads."""
    # The outline in the xy plane, counter-clockwise, extruded along z from 0 to 1.
    outline = [(0, 0), (3, 0), (3, 1), (1, 1), (1, 3), (0, 3)]
    n = len(outline)
    v = [(x, y, 0.0) for x, y in outline] + [(x, y, 1.0) for x, y in outline]
    quads = []
    for k in range(n):
        a, b = k, (k + 1) % n
        quads.append((a, b, n + b, n + a))
    # The two caps as quads that cover the L: bottom (seen from -z) and top.
    bottom = [(0, 5, 4, 3), (0, 3, 2, 1)]
    top = [(n + 0, n + 1, n + 2, n + 3), (n + 0, n + 3, n + 4, n + 5)]
    return v, quads + bottom + top


def torus(big=1.0, small=0.3, rings=48, sides=24):
    v, t = [], []
    for i in range(rings):
        u = 2 * math.pi * i / rings
        for j in range(sides):
            w = 2 * math.pi * j / sides
            r = big + small * math.cos(w)
            v.append((r * math.cos(u), r * math.sin(u), small * math.sin(w)))
    for i in range(rings):
        for j in range(sides):
            a = i * sides + j
            b = ((i + 1) % rings) * sides + j
            c = ((i + 1) % rings) * sides + (j + 1) % sides
            d = i * sides + (j + 1) % sides
            t.append((a, b, c))
            t.append((a, c, d))
    return v, t


def icosphere(levels):
    g = (1 + math.sqrt(5)) / 2
    v = [(-1, g, 0), (1, g, 0), (-1, -g, 0), (1, -g, 0), (0, -1, g), (0, 1, g),
         (0, -1, -g), (0, 1, -g), (g, 0, -1), (g, 0, 1), (-g, 0, -1), (-g, 0, 1)]
    v = [tuple(c / math.sqrt(1 + g * g) for c in p) for p in v]
    t = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4),
         (11, 10, 2), (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8),
         (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    for _ in range(levels):
        mids = {}

        def mid(a, b):
            key = (min(a, b), max(a, b))
            if key not in mids:
                p = [(v[a][k] + v[b][k]) / 2 for k in range(3)]
                n = math.sqrt(sum(c * c for c in p))
                v.append(tuple(c / n for c in p))
                mids[key] = len(v) - 1
            return mids[key]

        nt = []
        for a, b, c in t:
            ab, bc, ca = mid(a, b), mid(b, c), mid(c, a)
            nt += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        t = nt
    return v, t


def rock():
    v, t = icosphere(3)
    out = []
    for x, y, z in v:
        bump = 1.0 + 0.18 * math.sin(3.1 * x + 1.3) * math.cos(2.3 * y - 0.7) + 0.09 * math.sin(5.7 * z + 2.1 * x)
        out.append((1.3 * bump * x, 0.9 * bump * y, 1.0 * bump * z))
    return out, t


def capsule(radius=0.3, height=1.8, slices=24, cap_rings=8):
    """Standing on the origin along +y: hemisphere, cylinder, hemisphere."""
    v, t = [], []
    rings = []  # (y, ring radius)
    for i in range(cap_rings + 1):
        a = -math.pi / 2 + (math.pi / 2) * i / cap_rings
        rings.append((radius + radius * math.sin(a), radius * math.cos(a)))
    for i in range(cap_rings + 1):
        a = (math.pi / 2) * i / cap_rings
        rings.append((height - radius + radius * math.sin(a), radius * math.cos(a)))
    bottom = 0
    v.append((0.0, 0.0, 0.0))
    ring_start = []
    for y, r in rings[1:-1]:
        ring_start.append(len(v))
        for k in range(slices):
            a = 2 * math.pi * k / slices
            v.append((r * math.cos(a), y, -r * math.sin(a)))
    top = len(v)
    v.append((0.0, height, 0.0))
    for k in range(slices):
        t.append((bottom, ring_start[0] + (k + 1) % slices, ring_start[0] + k))
    for i in range(len(ring_start) - 1):
        s0, s1 = ring_start[i], ring_start[i + 1]
        for k in range(slices):
            k1 = (k + 1) % slices
            t.append((s0 + k, s0 + k1, s1 + k1))
            t.append((s0 + k, s1 + k1, s1 + k))
    last = ring_start[-1]
    for k in range(slices):
        t.append((top, last + k, last + (k + 1) % slices))
    return v, t


def dense_end():
    """A 4 x 1 x 1 box, its +x face split into 40 x 40 quads, the rest as plain quads."""
    v, q = box_quads((0.0, 0.0, 0.0), (4.0, 1.0, 1.0))
    q = [face for face in q if face != (1, 2, 6, 5)]  # the +x face, replaced below
    n = 40
    base = len(v)
    for i in range(n + 1):
        for j in range(n + 1):
            v.append((4.0, i / n, j / n))
    for i in range(n):
        for j in range(n):
            a = base + i * (n + 1) + j
            q.append((a, a + n + 1, a + n + 2, a + 1))
    # The four long faces meet the fine grid only at its corners: the surface is closed at
    # the box's corners (T-junctions along the edge do not matter to any volume).
    return v, q


def uv_sphere(slices, stacks, radius=1.0):
    v = [(0.0, 0.0, radius)]
    for i in range(1, stacks):
        th = math.pi * i / stacks
        z, r = radius * math.cos(th), radius * math.sin(th)
        for k in range(slices):
            a = 2 * math.pi * k / slices
            v.append((r * math.cos(a), r * math.sin(a), z))
    v.append((0.0, 0.0, -radius))
    south = len(v) - 1
    t = []
    for k in range(slices):
        t.append((0, 1 + k, 1 + (k + 1) % slices))
    for i in range(stacks - 2):
        s0, s1 = 1 + i * slices, 1 + (i + 1) * slices
        for k in range(slices):
            k1 = (k + 1) % slices
            t.append((s0 + k, s1 + k, s1 + k1))
            t.append((s0 + k, s1 + k1, s0 + k1))
    last = 1 + (stacks - 2) * slices
    for k in range(slices):
        t.append((south, last + (k + 1) % slices, last + k))
    return v, t


def triangulate(quads):
    t = []
    for f in quads:
        for k in range(1, len(f) - 1):
            t.append((f[0], f[k], f[k + 1]))
    return t


# ---- writers -------------------------------------------------------------------------

def num(x):
    s = "%.6f" % x
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def write_obj(path, name, v, faces, comment):
    with open(path, "w") as f:
        f.write("# %s\n# written by tools/gen_meshes.py\no %s\n" % (comment, name))
        for p in v:
            f.write("v %s %s %s\n" % tuple(num(c) for c in p))
        for face in faces:
            f.write("f " + " ".join(str(i + 1) for i in face) + "\n")


def write_stl_binary(path, v, t):
    with open(path, "wb") as f:
        f.write(b"satlab tools/gen_meshes.py".ljust(80, b" "))
        f.write(struct.pack("<I", len(t)))
        for tri in t:
            f.write(struct.pack("<3f", 0.0, 0.0, 0.0))
            for i in tri:
                f.write(struct.pack("<3f", *v[i]))
            f.write(b"\0\0")


def write_stl_ascii(path, name, v, t):
    with open(path, "w") as f:
        f.write("solid %s\n" % name)
        for tri in t:
            f.write(" facet normal 0 0 0\n  outer loop\n")
            for i in tri:
                f.write("   vertex %s %s %s\n" % tuple(num(c) for c in v[i]))
            f.write("  endloop\n endfacet\n")
        f.write("endsolid %s\n" % name)


def write_ply_binary(path, v, t, comment):
    with open(path, "wb") as f:
        f.write(("ply\nformat binary_little_endian 1.0\ncomment %s\nelement vertex %d\n"
                 "property float x\nproperty float y\nproperty float z\nelement face %d\n"
                 "property list uchar int vertex_indices\nend_header\n" % (comment, len(v), len(t))).encode())
        f.write(b"".join(struct.pack("<3f", *p) for p in v))
        f.write(b"".join(struct.pack("<B3i", 3, *tri) for tri in t))


def gltf_parts(name, v, t, translation):
    pos = b"".join(struct.pack("<3f", *p) for p in v)
    idx = b"".join(struct.pack("<3I", *tri) for tri in t)
    lo = [min(p[k] for p in v) for k in range(3)]
    hi = [max(p[k] for p in v) for k in range(3)]
    # min and max as the float32 values stored, so a validator's check is exact.
    f32 = lambda x: struct.unpack("<f", struct.pack("<f", x))[0]
    doc = {
        "asset": {"version": "2.0", "generator": "satlab tools/gen_meshes.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": name, "mesh": 0, "translation": translation}],
        "meshes": [{"name": name, "primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "buffers": [{"byteLength": len(pos) + len(idx)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(pos), "target": 34962},
                        {"buffer": 0, "byteOffset": len(pos), "byteLength": len(idx), "target": 34963}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": len(v), "type": "VEC3",
                       "min": [f32(x) for x in lo], "max": [f32(x) for x in hi]},
                      {"bufferView": 1, "componentType": 5125, "count": 3 * len(t), "type": "SCALAR"}],
    }
    return doc, pos + idx


def write_gltf(path, name, v, t, translation):
    doc, buf = gltf_parts(name, v, t, translation)
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(buf).decode()
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def write_glb(path, name, v, t, translation):
    doc, buf = gltf_parts(name, v, t, translation)
    js = json.dumps(doc, separators=(",", ":")).encode()
    js += b" " * (-len(js) % 4)
    buf += b"\0" * (-len(buf) % 4)
    total = 12 + 8 + len(js) + 8 + len(buf)
    with open(path, "wb") as f:
        f.write(b"glTF" + struct.pack("<II", 2, total))
        f.write(struct.pack("<I", len(js)) + b"JSON" + js)
        f.write(struct.pack("<I", len(buf)) + b"BIN\0" + buf)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--out", default=os.path.join(here, "..", "scenes", "meshes"), help="folder for the meshes")
    parser.add_argument("--dense", metavar="PATH", help="also write the 1M-triangle sphere (binary PLY) here")
    args = parser.parse_args()
    out = args.out
    os.makedirs(out, exist_ok=True)

    v, t = rod()
    write_stl_binary(os.path.join(out, "rod.stl"), v, t)
    write_stl_ascii(os.path.join(out, "rod_ascii.stl"), "rod", v, t)
    v, q = l_shape()
    write_obj(os.path.join(out, "l_shape.obj"), "LShape", v, q, "an L-shaped block, 3 x 3 x 1")
    v, t = torus()
    write_ply_binary(os.path.join(out, "torus.ply"), v, t, "a torus, R 1, r 0.3")
    v, t = rock()
    write_glb(os.path.join(out, "rock.glb"), "Rock", v, t, [0.0, 0.0, 0.0])
    v, t = capsule()
    write_gltf(os.path.join(out, "capsule.gltf"), "Capsule", v, t, [2.0, 0.0, 0.0])
    v, q = dense_end()
    write_obj(os.path.join(out, "dense_end.obj"), "DenseEnd", v, q,
              "a 4 x 1 x 1 box, its +x end tessellated finely")
    if args.dense:
        os.makedirs(os.path.dirname(os.path.abspath(args.dense)), exist_ok=True)
        v, t = uv_sphere(1000, 501)
        write_ply_binary(args.dense, v, t, "a unit sphere, 1000 slices x 501 stacks")
        print("%s: %d vertices, %d triangles" % (args.dense, len(v), len(t)), file=sys.stderr)


if __name__ == "__main__":
    main()
