"""A headless Chromium driven over the Chrome DevTools Protocol (a websocket), for the web door's end-to-end test.

The terminal in the page is xterm.js drawing on a canvas, so its text is not
in the DOM: a script run before the page's own catches the page's
``Terminal`` as textual.js stores it (``this.terminal = new Terminal(...)``)
and :meth:`Browser.screen_text` reads its buffer, row by row.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import aiohttp

from .conftest import HANG, until

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && !window.__jantakuTerminal) window.__jantakuTerminal = value;
  },
});
"""
SCREEN_TEXT = """(() => {
  const t = window.__jantakuTerminal;
  if (!t) return "";
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) { const line = b.getLine(b.viewportY + i); rows.push(line ? line.translateToString(true) : ""); }
  return rows.join("\\n");
})()"""

KEYS = {"Enter": ("Enter", 13, "\r"), "Tab": ("Tab", 9, "\t"), "Escape": ("Escape", 27, ""), "F3": ("F3", 114, "")}


class Browser:
    """``async with Browser() as b``: one headless Chromium with one page."""

    def __init__(self, width: int = 1200, height: int = 800):
        assert CHROMIUM, "no chromium on PATH"
        self.profile = tempfile.mkdtemp(prefix="jantaku-chromium-")
        self.size = (width, height)
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future] = {}

    async def __aenter__(self) -> Browser:
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
             "--disable-extensions", "--disable-background-networking", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", f"--window-size={self.size[0]},{self.size[1]}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        port_file = Path(self.profile) / "DevToolsActivePort"
        await until(lambda: port_file.exists() and port_file.read_text().count("\n") >= 1, "chromium's DevTools port")
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=HANG) as r:
            page = next(t for t in json.load(r) if t["type"] == "page")
        self._http = aiohttp.ClientSession()
        self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=1 << 26)
        self._reader = asyncio.ensure_future(self._read())
        await self.send("Page.enable")
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._reader.cancel()
        await self._ws.close()
        await self._http.close()
        self.proc.kill()
        self.proc.wait(HANG)
        shutil.rmtree(self.profile, ignore_errors=True)

    async def _read(self) -> None:
        async for msg in self._ws:
            reply = json.loads(msg.data)
            future = self._pending.pop(reply.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(reply)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        n = next(self._ids)
        self._pending[n] = asyncio.get_running_loop().create_future()
        await self._ws.send_json({"id": n, "method": method, "params": params})
        reply = await asyncio.wait_for(self._pending[n], HANG)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result.get("result", {}).get("value")

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def log_in(self, url: str, name: str) -> None:
        """Open the door's address, fill in the login form and be in the lobby as ``name``."""
        await self.open(url)
        await self.wait_for_js("document.getElementById('name') !== null")  # the login form
        await self.evaluate(
            f"document.getElementById('name').value = {json.dumps(name)}; document.getElementById('login').submit()"
        )
        await self.wait_for_text(f"you are {name}")  # the lobby, in the page's terminal

    async def wait_for_js(self, expression: str, timeout: float = HANG) -> Any:
        """Until ``expression`` is true; ``timeout`` only catches a hang."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = await self.evaluate(expression)
            if value:
                return value
            await asyncio.sleep(0.1)
        raise AssertionError(f"never true: {expression}")

    async def screen_text(self) -> str:
        return await self.evaluate(SCREEN_TEXT) or ""

    async def wait_for_text(self, text: str, timeout: float = HANG) -> str:
        """Until ``text`` is on the screen; ``timeout`` only catches a hang."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = await self.screen_text()
            if text in screen:
                return screen
            await asyncio.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")

    async def keys(self, *keys: str) -> None:
        """Press keys: names in :data:`KEYS` or single characters."""
        await self.evaluate("document.querySelector('.xterm-helper-textarea')?.focus()")
        for key in keys:
            if key in KEYS:
                name, code, text = KEYS[key]
                down = dict(key=name, code=name, windowsVirtualKeyCode=code, nativeVirtualKeyCode=code)
            else:
                down = dict(key=key, windowsVirtualKeyCode=ord(key.upper()))
                text = key
            await self.send("Input.dispatchKeyEvent", type="keyDown", **down, **({"text": text} if text else {}))
            # answered once the page has handled it: the next key follows it, in order, with no pause
            await self.send("Input.dispatchKeyEvent", type="keyUp", **{k: v for k, v in down.items() if k != "text"})

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))
