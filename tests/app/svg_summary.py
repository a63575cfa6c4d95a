#!/usr/bin/env python3
"""What an SVG figure of satlab's holds, as JSON, for the app tests (test_app_figures.cpp).

Parses the file with Python's own XML parser (a file that is not well-formed XML is an error,
exit code 1) and prints the root's size and viewBox, the ids of its groups, how many of each
element there are, and, per group id, its rectangles, paths (as segments) and texts with their
colours, in the figure's pixels.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def number(text, default=0.0):
    try:
        return float(text)
    except (TypeError, ValueError):
        return default


def segments(d):
    """The segments of a path written as 'Mx yLx y...' (and polygons 'Mx yLx y...Z')."""
    out, points = [], []
    for cmd, x, y in re.findall(r"([ML])\s*(-?[0-9.]+)[ ,]+(-?[0-9.]+)", d):
        p = [float(x), float(y)]
        if cmd == "M":
            points = [p]
        else:
            out.append([points[-1], p])
            points.append(p)
    return out


def polygon(d):
    return [[float(x), float(y)] for x, y in re.findall(r"[ML]\s*(-?[0-9.]+)[ ,]+(-?[0-9.]+)", d)]


def main(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print(json.dumps({"error": str(e)}))
        return 1
    summary = {
        "tag": root.tag,
        "width": root.get("width"),
        "height": root.get("height"),
        "viewBox": root.get("viewBox"),
        "title": (root.findtext(NS + "title") or ""),
        "background": None,
        "groups": [],
        "counts": {},
        "parts": {},
    }
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        summary["counts"][tag] = summary["counts"].get(tag, 0) + 1
    bg = root.find(NS + "rect")
    if bg is not None and bg.get("id") == "background":
        summary["background"] = bg.get("fill")

    def walk(el, group):
        for child in el:
            tag = child.tag.replace(NS, "")
            if tag == "g":
                gid = child.get("id") or group
                if child.get("id"):
                    summary["groups"].append(gid)
                walk(child, gid)
                continue
            part = summary["parts"].setdefault(group, {"rects": [], "paths": [], "polygons": [], "texts": []})
            if tag == "rect" and child.get("id") != "background":
                part["rects"].append({
                    "x": number(child.get("x")), "y": number(child.get("y")),
                    "w": number(child.get("width")), "h": number(child.get("height")),
                    "fill": child.get("fill"), "fillOpacity": number(child.get("fill-opacity"), 1.0),
                    "stroke": child.get("stroke")})
            elif tag == "path" and child.get("fill") == "none":
                part["paths"].append({
                    "stroke": child.get("stroke"), "opacity": number(child.get("stroke-opacity"), 1.0),
                    "width": number(child.get("stroke-width")), "dash": child.get("stroke-dasharray"),
                    "segments": segments(child.get("d", ""))})
            elif tag == "path":
                part["polygons"].append({
                    "fill": child.get("fill"), "opacity": number(child.get("fill-opacity"), 1.0),
                    "points": polygon(child.get("d", ""))})
            elif tag == "text":
                part["texts"].append({"text": child.text or "", "x": number(child.get("x")),
                                      "y": number(child.get("y")), "fill": child.get("fill")})

    walk(root, "")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
