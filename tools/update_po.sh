#!/usr/bin/env bash
# Extracts the window's messages from the sources into po/satlab.pot (GNU xgettext) and
# merges them into po/ru.po and po/zh_CN.po (msgmerge), so that a translator finds every new
# message there, untranslated, and every changed one marked fuzzy. Run after changing any
# text the window shows; tests/i18n fails while the catalogs lag behind the sources.
#   tools/update_po.sh          update po/satlab.pot and the catalogs
#   tools/update_po.sh --pot F  only write the template to F (the tests compare it)
set -euo pipefail
cd "$(dirname "$0")/.."

pot=po/satlab.pot
only_pot=0
if [[ "${1:-}" == "--pot" ]]; then
  pot="$2"
  only_pot=1
fi

# Where the window's text lives: the UI, the model it shows, the renderer's labels, the app
# and the web page's C++ side. The command line's own files (check, bounds, level) are not
# read: their output stays English.
mapfile -t sources < <(find src/ui src/model src/render src/i18n app web -name '*.[ch]pp' | LC_ALL=C sort)

xgettext --force-po --language=C++ --from-code=UTF-8 --output="$pot" \
  --keyword= --keyword=tr --keyword=trc:1c,2 --keyword=trn:1,2 --keyword=L --keyword=N_ \
  --add-comments=TRANSLATORS: --add-location=file --sort-output \
  --package-name=satlab --msgid-bugs-address=https://github.com/satlab/satlab/issues \
  --copyright-holder="the satlab authors" "${sources[@]}"
# The web page's own text (web/page.js: its tr(), trn() and N_() calls), added to the same
# template: the page reads its translations from the same catalogs (web/page_text.py).
xgettext --join-existing --language=JavaScript --from-code=UTF-8 --output="$pot" \
  --keyword= --keyword=tr --keyword=trn:1,2 --keyword=N_ \
  --add-comments=TRANSLATORS: --add-location=file --sort-output web/page.js
# The template's header as gettext writes it, with the charset it must have.
sed -i 's/charset=CHARSET/charset=UTF-8/' "$pot"
[[ $only_pot == 1 ]] && exit 0

for po in po/ru.po po/zh_CN.po; do
  msgmerge --quiet --update --backup=none --add-location=file --sort-output "$po" "$pot"
  # A translation of a message the sources no longer have is dropped (tests/i18n fails on it).
  msgattrib --no-obsolete --sort-output --add-location=file -o "$po" "$po"
done
echo "po/satlab.pot: $(grep -c '^msgid ' "$pot") messages; run tests/i18n to see what is untranslated"
