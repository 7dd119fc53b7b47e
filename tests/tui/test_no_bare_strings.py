"""No string literal reaches the screen without gettext (docs/i18n.md).

An AST scan of jantaku/tui: every string literal (or f-string with words in it) passed to what draws text
(widgets, Rich texts, notifications, bindings' descriptions, dialogs) must be wrapped in ``_()`` or
``N_()``.  Pragmatic: text without words (tile glyphs, separators, key names such as ``esc``) passes, and a
short allowlist names the literals that are never shown (column keys of header-less tables).

The same scan covers the command line and the SSH and web doors (what they print, their flags' help,
their errors and what they say to a player), and the host: every text it sends a client is a
``HostText`` (a key the client translates), never a literal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "jantaku"
TUI = PACKAGE / "tui"
SKIPPED = ()

# callee name → which positional arguments are shown (None: all), and which keywords
SINKS: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "Static": ((0,), ()),
    "Label": ((0,), ()),
    "Button": ((0,), ()),
    "Option": ((0,), ()),
    "Text": ((0,), ()),
    "append": ((0,), ()),
    "assemble": (None, ()),
    "notify": ((0,), ("title", "message")),
    "update": ((0,), ()),
    "log": ((0,), ()),
    "say": ((0,), ()),
    "write": ((0,), ()),
    "Entry": ((1,), ()),
    "ChoiceScreen": ((0, 1), ()),
    "HelpScreen": ((0,), ()),
    "Input": ((), ("placeholder",)),
    "Binding": ((2,), ("description",)),
    "add_row": (None, ()),
    "add_column": ((0,), ()),
    "Table": ((), ("title",)),
    "QuickGameScreen": ((), ("title", "button")),
}
# the command line and the doors: what they print or send to a player
CLI_SINKS: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "print": (None, ()),
    "add_argument": ((), ("help",)),
    "add_parser": ((), ("help", "description")),
    "add_argument_group": ((0,), ("title", "description")),
    "OneLineParser": ((), ("description",)),
    "ArgumentTypeError": ((0,), ()),
    "SystemExit": ((0,), ()),
    "ValueError": ((0,), ()),  # the commands print these
    "send_auth_banner": ((0,), ()),
    "disconnect": ((1,), ()),
    "_refuse": ((0,), ()),
    "write_stderr": ((0,), ()),
    "HTTPUnauthorized": ((), ("text",)),
    "HTTPForbidden": ((), ("text",)),
    "HTTPServiceUnavailable": ((), ("text",)),
}
CLI_SOURCES = (PACKAGE / "cli", TUI / "ssh", TUI / "web")
CLI_SKIPPED = ("zygote.py",)  # the warm session server's command line: the door starts it, no player sees it
# the host: the message of every error or goodbye it sends
HOST_SINKS: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "RequestError": ((1,), ()),
    "ProtocolError": ((1,), ()),
    "close": ((1,), ()),
    "send_error": ((1,), ()),
    "error_message": ((1,), ()),
}
# the message reader's errors: only a client program sending broken bytes or floods sees them (English)
HOST_SKIPPED = ("protocol.py", "connection.py")
WRAPPERS = {"_", "N_", "ngettext", "HostText"}
WORD = re.compile(r"[A-Za-z]{2,}")
PROGRAM = re.compile(r"\bjantaku(?: [a-z-]*)?: ")  # "jantaku host: {error}": the program's name is no word to translate
# literals that look like words but are never shown, or are not words to translate
ALLOWED = {
    "item",  # column keys of tables drawn without a header
    "value",
    "unit",
    "who",
    "delta",
    "esc",  # key names on the key bars
    "PgUp/PgDn",
    "Home/End",
}


def words_in(node: ast.expr) -> str | None:
    """The literal text of ``node`` if it is a string literal or f-string with words in it, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return None
    return text if WORD.search(PROGRAM.sub("", text)) and text.strip() not in ALLOWED else None


def callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def shown_arguments(node: ast.Call, sinks=SINKS) -> list[ast.expr]:
    positions, keywords = sinks[callee(node) or ""]
    args = [a for i, a in enumerate(node.args) if positions is None or i in positions]
    return args + [k.value for k in node.keywords if k.arg in keywords]


def bare_strings(source: str, filename: str, sinks=SINKS) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call) and callee(node) in sinks:
            for arg in shown_arguments(node, sinks):
                found += [f"{filename}:{part.lineno}: {words_in(part)!r}" for part in unwrapped_strings(arg)]
    return found


def unwrapped_strings(node: ast.expr) -> list[ast.expr]:
    """The literals with words in ``node`` that no ``_()`` wraps: through conditionals, concatenations and
    ``"...".format()``; a nested call's arguments are its own business (a nested sink is checked itself)."""
    if isinstance(node, ast.Call):
        return [] if callee(node) in WRAPPERS else unwrapped_strings(node.func)
    if isinstance(node, ast.Attribute):
        return unwrapped_strings(node.value)
    if isinstance(node, ast.IfExp):
        return unwrapped_strings(node.body) + unwrapped_strings(node.orelse)
    if isinstance(node, ast.BinOp):
        return unwrapped_strings(node.left) + unwrapped_strings(node.right)
    if isinstance(node, ast.BoolOp):
        return [s for value in node.values for s in unwrapped_strings(value)]
    if isinstance(node, ast.List):
        return [s for element in node.elts for s in unwrapped_strings(element)]
    if isinstance(node, ast.Tuple) and node.elts:  # Text.assemble's (text, style): the text
        return unwrapped_strings(node.elts[0])
    if isinstance(node, ast.JoinedStr):
        inner = [s for v in node.values if isinstance(v, ast.FormattedValue) for s in unwrapped_strings(v.value)]
        return ([node] if words_in(node) else []) + inner
    return [node] if words_in(node) else []


def test_the_scan_finds_a_bare_string_and_passes_a_wrapped_one():
    source = 'Label("Settings")\nLabel(_("Settings"))\nText(f"wall {n}")\nText("·")\nnotify(x if y else "oops")\n'
    assert bare_strings(source, "x.py") == ["x.py:1: 'Settings'", "x.py:3: 'wall '", "x.py:5: 'oops'"]


def test_no_string_reaches_the_screen_without_gettext():
    found = []
    for path in sorted(TUI.rglob("*.py")):
        if any(part in SKIPPED for part in path.relative_to(TUI).parts):
            continue
        found += bare_strings(path.read_text(encoding="utf-8"), str(path.relative_to(TUI.parent.parent)))
    assert found == []


def scan(sources, sinks, skipped=()) -> list[str]:
    found = []
    for source in sources:
        for path in sorted(source.rglob("*.py")):
            if path.name not in skipped:
                found += bare_strings(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)), sinks)
    return found


def test_the_scan_of_the_command_line_and_the_host_finds_bare_strings():
    source = (
        'print(f"jantaku host: {exc}")\nprint("no matches")\np.add_argument("--x", help="a flag")\n'
        'raise RequestError(code, f"table {n} is full")\nraise RequestError(code, HostText("no_free_seat", table=n))\n'
    )
    assert bare_strings(source, "x.py", CLI_SINKS) == ["x.py:2: 'no matches'", "x.py:3: 'a flag'"]
    assert bare_strings(source, "x.py", HOST_SINKS) == ["x.py:4: 'table  is full'"]


def test_the_command_line_and_the_doors_say_nothing_without_gettext():
    assert scan(CLI_SOURCES, CLI_SINKS, CLI_SKIPPED) == []


def test_the_host_sends_every_text_as_a_key_the_client_translates():
    assert scan([PACKAGE / "netplay"], HOST_SINKS, HOST_SKIPPED) == []
