"""The game's page: textual-serve's terminal client (``textual.js``), and nothing from elsewhere.

textual-serve's own page asks Google Fonts for Roboto Mono.  That stylesheet
blocks the page until it arrives (or fails: a whole second on a machine without
a way out, measured in ``docs/web.md``), and it tells a third party about every
player.  This page loads the same font from the door's own ``/static/fonts/``
(textual-serve ships the file), with the kanji of the honour tiles from a small font of our own
for browsers that have none, and keeps what ``textual.js`` looks for: the
``.textual-terminal`` element with its websocket address and font size, and the
``-first-byte`` / ``-closed`` classes it sets on ``body``.

    >>> page = game_page("ws://127.0.0.1:8080/ws", 16, "en")
    >>> "googleapis" in page, 'data-session-websocket-url="ws://127.0.0.1:8080/ws"' in page
    (False, True)
"""

from __future__ import annotations

import html
from pathlib import Path
from string import Template

from ...i18n import LANGUAGES, N_, gettext_in
from ..tilefaces import BONUS_FACES, HONOR_FACES

FONT = "/static/fonts/RobotoMono-VariableFont_wght.ttf"
FONTS_DIR = Path(__file__).with_name("fonts")  # served as /fonts/ (the door's own files)
FALLBACK_FONT = "/fonts/jantaku-fallback.woff2"
# the characters that font holds (scripts/web_font.py writes both): the honour tiles' kanji and the
# few other glyphs the game draws that Roboto Mono lacks, for browsers without a CJK font
# the faces loaded at once: a canvas that draws them would not ask for the font
HONOURS = HONOR_FACES + "".join(BONUS_FACES)
FALLBACK_RANGE = (FONTS_DIR / "jantaku-fallback.ranges").read_text().strip()

CONNECTING = N_("Taking a seat…")
ENDED = N_("The game on this page has ended.")
AGAIN = N_("Back to the table")

_PAGE = Template("""<!DOCTYPE html>
<html lang="$lang"><head><meta charset="utf-8"><title>Jantaku</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="preload" href="$font" as="font" type="font/ttf" crossorigin>
<link rel="preload" href="$fallback" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="/static/css/xterm.css">
<script src="/static/js/textual.js"></script>
<script>document.fonts.load('16px "Roboto Mono"', "$honours");</script>
<style>
@font-face { font-family: "Roboto Mono"; src: url("$font") format("truetype"); font-weight: 100 700; }
@font-face { font-family: "Roboto Mono"; src: url("$fallback") format("woff2"); font-weight: 100 700;
  unicode-range: $fallback_range; }
body { margin: 0; background: #0c181f; color: #e8e8e8; font-family: "Roboto Mono", monospace; }
.notice { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center;
  justify-content: center; z-index: 10; background: #0c181f; font-size: 16px; }
.notice button { margin-top: 1.5em; padding: 0.8em 2em; border: none; background: #2e6b4f; color: #fff;
  font: inherit; cursor: pointer; }
.notice button:hover { background: #3d8c68; }
body.-first-byte .connecting, .ended { display: none; }
body.-closed .ended { display: flex; }
.textual-terminal { opacity: 0; }
body.-first-byte .textual-terminal { opacity: 1; transition: opacity 0.2s ease-out; }
</style></head>
<body>
<div class="notice connecting">$connecting</div>
<div class="notice ended"><div>$ended</div>
<button type="button" onclick="window.location.reload()">$again</button></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="$websocket" data-font-size="$font_size"></div>
</body></html>
""")


def game_page(websocket_url: str, font_size: int, language: str) -> str:
    """The page that runs the game in the browser, its few words in ``language`` (``en``, ``de``)."""
    lang = language if language in LANGUAGES else "en"
    words = gettext_in(lang)
    return _PAGE.substitute(
        lang=lang,
        font=FONT,
        fallback=FALLBACK_FONT,
        fallback_range=FALLBACK_RANGE,
        honours=HONOURS,
        websocket=html.escape(websocket_url, quote=True),
        font_size=int(font_size),
        connecting=html.escape(words(CONNECTING)),
        ended=html.escape(words(ENDED)),
        again=html.escape(words(AGAIN)),
    )
