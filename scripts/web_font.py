"""Build the web door's fallback font: the CJK and symbol glyphs the game draws that Roboto Mono lacks.

    apt-get install fonts-droid-fallback && pip install fonttools brotli
    python scripts/web_font.py

Scans every character the package can put on the screen (its sources, styles and catalogues),
keeps those Roboto Mono (textual-serve's terminal font) has no glyph for, and cuts them out of
Droid Sans Fallback (Apache-2.0) into ``jantaku/tui/web/fonts/jantaku-fallback.woff2``, so that a
browser without Japanese or Chinese fonts still shows the honour tiles.  The page
(``jantaku/tui/web/page.py``) makes it part of the "Roboto Mono" family for exactly the characters
it holds (``unicode-range``), since ``textual.js`` fixes the terminal's font family.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
OUT = ROOT / "jantaku/tui/web/fonts/jantaku-fallback.woff2"
RANGES = ROOT / "jantaku/tui/web/fonts/jantaku-fallback.ranges"


def screen_characters() -> set[str]:
    files = [*ROOT.glob("jantaku/**/*.py"), *ROOT.glob("jantaku/**/*.tcss"), *ROOT.glob("jantaku/locale/*/*/*.po")]
    return {ch for path in files for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x24F}


def main() -> int:
    import textual_serve

    roboto = TTFont(Path(textual_serve.__file__).parent / "static/fonts/RobotoMono-VariableFont_wght.ttf")
    has = set(roboto.getBestCmap())
    fallback = TTFont(SOURCE)
    offers = set(fallback.getBestCmap())
    wanted = sorted(ord(ch) for ch in screen_characters() if ord(ch) not in has and ord(ch) in offers)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = ["*"]  # keep the copyright and licence records
    cut = subset.Subsetter(options)
    cut.populate(unicodes=wanted)
    cut.subset(fallback)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    fallback.flavor = "woff2"
    fallback.save(OUT)
    RANGES.write_text(",".join(f"U+{cp:X}" for cp in wanted) + "\n")
    print(f"{len(wanted)} glyphs, {OUT.stat().st_size} bytes: {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
