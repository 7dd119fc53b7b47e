"""The lobby and the table show what the host says in the player's language (docs/i18n.md)."""

from __future__ import annotations

import pytest

from jantaku.i18n import set_language
from jantaku.netplay.client import ClientError, ConnectionClosed
from jantaku.netplay.protocol import error_message
from jantaku.netplay.texts import HostText
from jantaku.tui.netsession import connect_failure, host_error

FULL = error_message("table_full", HostText("no_free_seat", table=4))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("language", "said"), [("de", "Tisch 4 hat keinen freien Platz."), ("en", "Table 4 has no free seat.")]
)
def test_a_refusal_is_a_sentence_in_the_players_language(language, said):
    set_language(language)
    assert host_error(FULL) == said  # an error message the lobby or a table receives
    assert connect_failure(ClientError.from_wire(FULL)) == said  # a request that failed


def test_a_goodbye_is_said_in_the_players_language():
    set_language("de")
    bye = {"type": "bye", "reason": "the host is shutting down", **HostText("host_shutting_down").wire()}
    assert host_error(bye) == "Der Gastgeber beendet sich."


def test_the_clients_own_words_about_the_connection_are_in_the_players_language():
    set_language("de")
    assert connect_failure(ConnectionClosed()) == "Die Verbindung zum Gastgeber ist beendet."
