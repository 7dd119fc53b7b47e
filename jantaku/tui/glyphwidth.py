"""How wide this terminal draws a Unicode mahjong glyph (🀇), measured once before the screens start.

Rich, and so Textual, counts the glyphs of the Mahjong Tiles block as one cell each (their East Asian
width is "neutral"), and the glyph faces pad each with a space to the two cells every tile takes
(:mod:`.tilefaces`). A terminal that draws the glyph in one cell keeps the columns; one that draws it
in two moves everything after a tile one cell to the right, so the table's columns break.

The measurement: write the glyph at the start of the line, ask for the cursor's position
(``ESC [ 6 n``), and read the terminal's report (``ESC [ row ; column R``): the column after the glyph
is its width plus one. The line is cleared after. Only where stdin and stdout are a terminal, and only
for as long as ``timeout``: a terminal that does not answer (or no terminal) gives None, "not known".

    >>> written = []
    >>> measure(written.append, lambda timeout: b"\\x1b[12;3R", 0.5)
    2
    >>> written == ["\\r\\U0001f007\\x1b[6n", "\\r\\x1b[K"]
    True
    >>> measure(written.append, lambda timeout: b"", 0.5) is None
    True
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable

PROBE = "\U0001f007"  # one of the characters, as the glyph faces draw it
ASK_POSITION = "\x1b[6n"
CLEAR_LINE = "\r\x1b[K"
POSITION_REPORT = re.compile(rb"\x1b\[(\d+);(\d+)R")
ANSWER_WITHIN = 0.5  # seconds a terminal has to answer; most answer at once


def cells_from_report(reply: bytes) -> int | None:
    """The probe's width from the cursor position report that followed it (None: no report).

    >>> cells_from_report(b"\\x1b[5;2R"), cells_from_report(b"junk\\x1b[1;3R"), cells_from_report(b"\\x1b[5;1R")
    (1, 2, None)
    """
    found = POSITION_REPORT.search(reply)
    if found is None:
        return None
    cells = int(found.group(2)) - 1
    return cells if cells > 0 else None


def measure(write: Callable[[str], object], read: Callable[[float], bytes], timeout: float) -> int | None:
    """Draw the probe at the line's start, ask where the cursor is, clear the line; its width in cells."""
    write("\r" + PROBE + ASK_POSITION)
    try:
        return cells_from_report(read(timeout))
    finally:
        write(CLEAR_LINE)


def measure_terminal(fd_in: int | None = None, fd_out: int | None = None, timeout: float = ANSWER_WITHIN) -> int | None:
    """The probe's width on the terminal at ``fd_in``/``fd_out`` (default stdin/stdout); None when either is
    no terminal, or it did not answer in ``timeout`` seconds."""
    try:
        import termios
        import tty
    except ImportError:  # no termios (Windows): not known
        return None
    fd_in = 0 if fd_in is None else fd_in
    fd_out = 1 if fd_out is None else fd_out
    if not (os.isatty(fd_in) and os.isatty(fd_out)):
        return None
    saved = termios.tcgetattr(fd_in)
    try:
        tty.setcbreak(fd_in, termios.TCSANOW)  # the report is read at once and not echoed
        return measure(lambda text: os.write(fd_out, text.encode()), lambda t: _read_report(fd_in, t), timeout)
    except OSError:
        return None
    finally:
        termios.tcsetattr(fd_in, termios.TCSANOW, saved)


def _read_report(fd: int, timeout: float) -> bytes:
    """Bytes from ``fd`` up to a position report's ``R``, or what came within ``timeout`` seconds."""
    import select

    reply = b""
    deadline = time.monotonic() + timeout
    while not POSITION_REPORT.search(reply):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 64)
        if not chunk:
            break
        reply += chunk
    return reply


def glyphs_fit(cells: int | None) -> bool:
    """Whether the glyph faces keep the columns: the terminal draws the glyph in one cell, as Rich counts
    it, or it was not measured (no terminal to ask: the setting is taken as it is).

    >>> glyphs_fit(1), glyphs_fit(None), glyphs_fit(2)
    (True, True, False)
    """
    return cells is None or cells == 1
