"""What every full screen shares: a clear message when the terminal is too small.

Below 80×24 the screen's content is hidden (by the breakpoint classes
``-narrow``/``-short`` that Textual sets on resize) and a message says the
size needed and the size there is; it goes away when the window grows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.actions import parse
from textual.binding import Binding
from textual.events import Resize
from textual.binding import ActiveBinding
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_message(width: int, height: int) -> str:
    """
    >>> too_small_message(70, 20)
    'Terminal too small: need 80×24, have 70×20.\\nMake the window bigger, or press ctrl+q to quit.'
    """
    return _("Terminal too small: need {need}, have {have}.\nMake the window bigger, or press ctrl+q to quit.").format(
        need=f"{MIN_WIDTH}×{MIN_HEIGHT}", have=f"{width}×{height}"
    )


class TooSmall(Static):
    pass


if TYPE_CHECKING:
    from ..app import JantakuApp


class TranslatedBindings:
    """Bindings' descriptions (marked with ``N_`` at import) in the player's language when they are shown
    (the key panel of the command palette reads ``active_bindings``)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return {
            key: active._replace(binding=replace(active.binding, description=_(active.binding.description)))
            for key, active in super().active_bindings.items()  # type: ignore[misc]
        }


class BaseScreen(TranslatedBindings, Screen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-fits-width")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-fits-height")]

    @property
    def jantaku(self) -> JantakuApp:
        """The app, typed as ours (Textual types ``self.app`` as any ``App``)."""
        return cast("JantakuApp", self.app)

    def compose(self) -> ComposeResult:
        yield TooSmall(id="too-small")
        yield from self.compose_body()

    def compose_body(self) -> ComposeResult:
        yield from ()

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        if self.too_small:  # hidden otherwise: an update would cost a relayout of the screen for nothing
            self.query_one(TooSmall).update(too_small_message(width, height))
        self.resized(width, height)

    @property
    def too_small(self) -> bool:
        return self.has_class("-narrow") or self.has_class("-short")

    def resized(self, width: int, height: int) -> None:
        """Hook: the screen's size changed."""

    def shown_bindings(self) -> list[Binding]:
        """This screen's own bindings that are shown and enabled now (``check_action`` decides), each
        action once, in the order of ``BINDINGS``: what a key bar drawn from them offers is what the
        keys do.  Read from the screen itself, not the app's focus chain, so that a key a focused
        widget also uses (⏎ in a list) keeps its entry."""
        shown: list[Binding] = []
        seen: set[str] = set()
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or not binding.show or binding.action in seen:
                continue
            _target, name, parameters = parse(binding.action)
            if self.check_action(name, parameters) is True:
                seen.add(binding.action)
                shown.append(replace(binding, description=_(binding.description)))
        return shown
