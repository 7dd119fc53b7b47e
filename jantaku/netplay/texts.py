"""What the host says to people: a stable key and its arguments, shown in the *reader's* language.

The host speaks to clients of every language at once, so it never translates: an ``error``
(and a ``bye``) carries its English ``message`` for old and minimal clients, plus ``key`` and
``args`` (docs/protocol.md, section 8).  A client that knows the key shows :data:`HOST_TEXTS`'s
sentence in its own language (:func:`in_reader_language`); one that does not shows ``message``.

A :class:`HostText` *is* its English sentence (a ``str``), so the code that logs it, compares it
or sends it as before is unchanged; :func:`~jantaku.netplay.protocol.error_message` adds the key.

    >>> text = HostText("no_free_seat", table=3)
    >>> text, text.key, text.args
    ('table 3 has no free seat', 'no_free_seat', {'table': 3})
    >>> from jantaku.i18n import set_language
    >>> set_language("de"); in_reader_language({"message": text, **text.wire()})
    'Tisch 3 hat keinen freien Platz'
    >>> set_language("en"); in_reader_language({"message": "an old host's words", "key": "no_such_key"})
    "an old host's words"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from ..engine.phrase import Phrase

from ..i18n import N_, _

# key -> the English sentence with named placeholders (arguments are numbers or names, never words
# to translate: a sentence that differs by a word has a key of its own).  Keys never change meaning.
HOST_TEXTS: dict[str, str] = {
    # joining, sitting, leaving
    "no_such_table": N_("there is no table {table}"),
    "no_free_seat": N_("table {table} has no free seat"),
    "seat_taken": N_("seat {seat} at table {table} is taken"),
    "already_seated_here": N_("you already sit at table {table}"),
    "seats_taken_after_start": N_("table {table} has started and its seats are taken"),
    "seated_not_spectator": N_("you sit at table {table}"),
    "not_at_table": N_("you are not at table {table}"),
    "no_seat_at_table": N_("you have no seat at table {table}"),
    "spectator_shares_address": N_(
        "table {table} shows spectators every hand, and a player there connects from your address"
    ),
    "spectator_dropped": N_("you no longer watch table {table}: a player there connects from your address"),
    # who may do what at a table
    "creator_only_add_bots": N_("only the table's creator may add bots"),
    "creator_only_remove_bots": N_("only the table's creator may remove bots"),
    "creator_only_start": N_("only the table's creator may start the match"),
    "seated_only_add_bots": N_("only a seated player may add bots"),
    "seated_only_remove_bots": N_("only a seated player may remove bots"),
    "seated_only_start": N_("only a seated player may start the match"),
    "bots_added_before_start": N_("bots are added before the match starts"),
    "bots_leave_before_start": N_("bots leave only before the match starts"),
    "seat_not_bot": N_("seat {seat} is not a bot"),
    "table_is_playing": N_("table {table} is playing"),
    "table_is_broken": N_("table {table} is broken"),
    "table_is_waiting": N_("table {table} is waiting"),
    "table_is_finished": N_("table {table} is finished"),
    "nobody_would_see": N_("nobody would see this match"),
    "table_stopped": N_("table {table}: {reason}"),
    # the host's limits (docs/protocol.md, section 1)
    "host_table_limit": N_("this host has its maximum of {count} tables"),
    "seat_limit": N_("you already sit at {count} tables"),
    "own_table_limit": N_("you have {count} tables open already"),
    "address_table_limit": N_("{count} tables are open from {address}"),
    "create_rate_limit": N_("at most {count} new tables a minute; try again soon"),
    "own_bot_match_limit": N_("matches of bots only that you may run at a time: {count}"),
    "address_bot_match_limit": N_("matches of bots only running from {address} already: {count}"),
    "chat_too_fast": N_("you are chatting too fast"),
    # prompts and actions
    "prompt_not_open": N_("prompt {prompt} is not open for you"),
    "action_not_offered": N_("{action} is not one of the actions offered"),
    "bad_action": N_("act: {detail}"),
    # requests a client program got wrong (a person rarely sees these)
    "bad_request": N_("{request}: {detail}"),
    "unknown_type": N_("unknown message type {type}"),
    "not_lobby_request": N_("{type} is not a lobby request"),
    "hello_twice": N_("you already said hello"),
    "hello_first": N_("the first message must be 'hello'"),
    "protocol_version": N_("this host speaks protocol {supported}, not {requested}"),
    # a hello's name (names.py)
    "name_taken": N_("someone here is called {name} already; {suggestion} is free"),
    "name_reserved": N_("{name} is what this host's bots are called; {suggestion} is free"),
    "name_viewer": N_("{name} is what every screen calls its own player; {suggestion} is free"),
    "name_mixed_scripts": N_(
        "{name} mixes Latin, Greek or Cyrillic letters that look alike; write it in one alphabet, or play as {suggestion}"
    ),
    # the connection ends
    "host_shutting_down": N_("the host is shutting down"),
    "host_full": N_("the host has too many connections"),
    "address_full": N_("too many connections from {address}"),
    "host_failed": N_("the host failed on your request; please reconnect"),
    "replaced": N_("you connected again from elsewhere"),
    # the connection's own limits (connection.py)
    "no_hello": N_("no whole hello within {seconds} s of connecting"),
    "message_too_slow": N_("a message took over {seconds} s to arrive"),
    "idle": N_("no message for {seconds} s"),
    "rate_limited": N_("more than {rate} messages a second"),
    "too_many_errors": N_("more than {count} bad requests"),
}


class HostText(Phrase):
    """One of :data:`HOST_TEXTS` with its arguments; the string itself is the English sentence."""

    key: str

    def __new__(cls, key: str, **args: Any) -> Self:
        self = super().__new__(cls, HOST_TEXTS[key], **args)
        self.key = key
        return self

    def wire(self) -> dict[str, Any]:
        """The fields a message carries beside its English ``message`` (or ``reason``)."""
        return {"key": self.key, "args": dict(self.args)}


def in_reader_language(message: Mapping[str, Any], text_field: str = "message") -> str:
    """An ``error`` or ``bye`` from a host in this program's language: its ``key`` and ``args`` if
    known and fitting, else the English text the host sent (an older or a newer host)."""
    fallback = str(message.get(text_field) or "")
    key = message.get("key")  # a host may send anything
    template = HOST_TEXTS.get(key) if isinstance(key, str) else None
    args = message.get("args")
    if template is None or not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
        return fallback
    try:
        return _(template).format(**args)
    except (KeyError, IndexError, ValueError):  # arguments that do not fit the sentence
        return fallback
