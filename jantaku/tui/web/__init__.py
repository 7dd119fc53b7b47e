"""The web door: ``jantaku host --web PORT`` serves the game in a browser (docs/web.md).

:mod:`.hosting` adds the flags and opens the door; :mod:`.access` checks the
password or URL token and signs the identity cookie; :mod:`.door` is the
aiohttp server around ``textual-serve``'s page and websocket bridge; :mod:`.warm`
has each browser session's game forked by a warm session server.  Only
:mod:`.door` needs the optional ``jantaku[web]`` extra.
"""
