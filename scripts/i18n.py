#!/usr/bin/env python3
"""The translation catalogues: extract every msgid, merge them into each language's .po, compile the .mo.

    .venv/bin/python scripts/i18n.py          # extract, update jantaku/locale/*/LC_MESSAGES/jantaku.po, compile
    .venv/bin/python scripts/i18n.py --check  # exit 1 if a msgid is missing, untranslated or fuzzy, or a .mo is stale

The msgids are the strings marked with ``_()``, ``N_()`` and ``ngettext()`` in jantaku/ (engine excepted: it is
pure and speaks English), plus the engine's texts the TUI translates when it shows them
(:func:`jantaku.tui.terms.engine_msgids`).  Needs Babel (the ``test`` extra).  docs/i18n.md has the workflow.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "jantaku"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("de",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
SOURCES = ("tui", "cli", "netplay", "i18n.py")


def extract() -> Catalog:
    """Every msgid of the program, with where it is used."""
    sys.path.insert(0, str(ROOT))
    from jantaku.tui.terms import engine_msgids

    catalog = Catalog(project="jantaku", domain="jantaku", charset="utf-8")
    for source in SOURCES:
        path = PACKAGE / source
        found = (
            extract_from_dir(str(path), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",))
            if path.is_dir()
            else [(path.name, *m) for m in _extract_file(path)]
        )
        for filename, lineno, message, comments, context in found:
            where = (f"jantaku/{source}/{filename}" if path.is_dir() else f"jantaku/{filename}", lineno)
            catalog.add(message, locations=[where], auto_comments=comments, context=context)
    for message in engine_msgids():
        catalog.add(message, locations=[("jantaku/engine", 0)])
    return catalog


def _extract_file(path: Path):
    from babel.messages.extract import extract

    with path.open("rb") as f:
        yield from extract("python", f, keywords=KEYWORDS, comment_tags=("i18n:",))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "jantaku.po"


def read(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain="jantaku")
    with path.open("rb") as f:
        return read_po(f, locale=language)


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def problems(template: Catalog, language: str) -> list[str]:
    """What is wrong with one language's catalogue: missing, untranslated or fuzzy msgids, a stale .mo."""
    catalog = read(language)
    found = []
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, message.context)
        if translated is None:
            found.append(f"{language}: missing {message.id!r}")
        elif not translated.string or (isinstance(translated.string, tuple) and not all(translated.string)):
            found.append(f"{language}: untranslated {message.id!r}")
        elif translated.fuzzy:
            found.append(f"{language}: fuzzy {message.id!r}")
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != mo_bytes(catalog):
        found.append(f"{language}: {mo.relative_to(ROOT)} is not compiled from the .po (run scripts/i18n.py)")
    return found


def update() -> None:
    template = extract()
    for language in LANGUAGES:
        catalog = read(language)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=120, omit_header=False, sort_output=False, include_lineno=False)
        path.with_suffix(".mo").write_bytes(mo_bytes(read(language)))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        template = extract()
        found = [p for language in LANGUAGES for p in problems(template, language)]
        print("\n".join(found) or f"{len(template)} msgids, all translated in {', '.join(LANGUAGES)}")
        return 1 if found else 0
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
