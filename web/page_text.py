#!/usr/bin/python3
"""The web page's own text in every language, from the catalogs (web/page.cmake runs it at
build time): the translations of page.js's messages (its tr(), trn() and N_() calls, which
tools/update_po.sh extracts into po/satlab.pot with the app's) as page_text.js, which the
page loads before page.js, so that its text is translated before the app has loaded; and
index.html with its <noscript> text in every language (no script can choose one there).

usage: page_text.py PAGE_JS INDEX_HTML OUT_DIR CODE=CATALOG.po...
       (CODE: the page's language code, "ru", "zh")
A message the catalog lacks, leaves empty or marks fuzzy stays English, as in the app.
"""
import html
import json
import os
import re
import sys

# A JavaScript string literal in single quotes, as page.js writes its messages.
JS_STRING = r"'((?:[^'\\\n]|\\.)*)'"
CALL = re.compile(r"\b(tr|trn|N_)\(\s*" + JS_STRING + r"(?:\s*,\s*" + JS_STRING + r")?")


def js_unquote(text):
    return json.loads('"' + text.replace("\\'", "'").replace('"', '\\"') + '"')


def page_messages(js_text):
    """msgid -> msgid_plural (None for a message without a number)."""
    messages = {}
    for m in CALL.finditer(js_text):
        msgid = js_unquote(m.group(2))
        messages[msgid] = js_unquote(m.group(3)) if m.group(1) == "trn" and m.group(3) is not None else None
    return messages


def po_unquote(text):
    return json.loads('"' + text + '"')  # a .po string's escapes are C's: \n \t \" \\ (JSON's too)


def read_catalog(path):
    """(msgctxt, msgid) -> list of msgstr forms, for the entries neither fuzzy nor obsolete."""
    entries = {}
    entry, field, fuzzy = {}, None, False

    def finish():
        nonlocal entry, field, fuzzy
        if "msgid" in entry and not fuzzy:
            forms = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr"))]
            entries[(entry.get("msgctxt"), entry["msgid"])] = forms
        entry, field, fuzzy = {}, None, False

    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                finish()
            elif line.startswith("#,"):
                if field is not None and field != "comment":
                    finish()
                fuzzy = fuzzy or "fuzzy" in line
                field = "comment"
            elif line.startswith("#"):
                if field is not None and field != "comment" and not line.startswith("#~"):
                    finish()
            elif line.startswith('"'):
                if field not in (None, "comment"):
                    entry[field] += po_unquote(line[1:-1])
            else:
                m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
                if not m:
                    continue
                field = m.group(1)
                if field == "msgctxt" and "msgid" in entry:
                    finish()
                    field = "msgctxt"
                if field == "msgid" and "msgstr" in "".join(entry):
                    finish()
                    field = "msgid"
                if field.startswith("msgstr["):
                    field = "msgstr[%03d]" % int(field[7:-1])
                entry[field] = po_unquote(m.group(2))
        finish()
    return entries


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    page_js, index_html, out_dir = argv[1:4]
    with open(page_js, encoding="utf-8") as f:
        messages = page_messages(f.read())
    texts = {}
    for arg in argv[4:]:
        code, _, path = arg.partition("=")
        catalog = read_catalog(path)
        table = {}
        for msgid, plural in sorted(messages.items()):
            forms = catalog.get((None, msgid))
            if not forms or any(not t for t in forms):
                continue
            table[msgid] = forms if plural is not None else forms[0]
        texts[code] = table

    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "page_text.js"), "w", encoding="utf-8") as out:
        out.write("// The page's text in its languages, from po/*.po (web/page_text.py; written by the build).\n")
        out.write("window.satlabPageText = " + json.dumps(texts, ensure_ascii=False, indent=1, sort_keys=True) + ";\n")

    with open(index_html, encoding="utf-8") as f:
        page = f.read()
    m = re.search(r"<noscript><p>(.*?)</p></noscript>", page)
    if not m or html.unescape(m.group(1)) not in messages:
        sys.stderr.write("page_text.py: %s's <noscript><p>TEXT</p></noscript> must be one of page.js's messages\n"
                         % index_html)
        return 1
    english = html.unescape(m.group(1))
    paragraphs = ['<p lang="en">%s</p>' % html.escape(english, quote=False)]
    for code, table in texts.items():
        if english in table:
            paragraphs.append('<p lang="%s">%s</p>' % (code, html.escape(table[english], quote=False)))
    page = page[: m.start()] + "<noscript>" + "".join(paragraphs) + "</noscript>" + page[m.end():]
    with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as out:
        out.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
