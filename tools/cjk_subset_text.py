#!/usr/bin/python3
"""The characters of the CJK font the web page embeds (web/page.cmake), one text file for
pyftsubset's --text-file: every character of GB2312, the Chinese national standard set
(its 6,763 hanzi, the 3,755 common ones of level 1 and the 3,008 of level 2, commonly cited
as covering 99.99% of the characters of modern simplified Chinese text, with its CJK
punctuation, fullwidth forms and Japanese kana), and every non-ASCII character of the
files named on the command line (the shipped scenes and lessons, the tests' lessons). The
set is computed from Python's own gb2312 codec: no list of characters is kept here.

usage: cjk_subset_text.py OUTPUT FILE...
"""
import sys


def gb2312():
    chars = set()
    # Rows 1-9 are symbols, punctuation, kana, Greek and Cyrillic; rows 16-87 the hanzi.
    for row in list(range(0xA1, 0xAA)) + list(range(0xB0, 0xF8)):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes([row, cell]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return chars


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    chars = gb2312()
    for path in argv[2:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            chars.update(c for c in f.read() if ord(c) > 0x7F)
    with open(argv[1], "w", encoding="utf-8") as out:
        out.write("".join(sorted(chars)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
