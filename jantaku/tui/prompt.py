"""What the player may do now: a host's prompt, grouped for keys and buttons.

Everything the table offers comes from the prompt's legal actions; the TUI
never invents one.  Actions are grouped by what a player thinks of as one
decision ("pon", "kong", "win"); a group with several actions asks which
(or takes the tile selected in the hand).  Any action type this module does
not know still gets a group, on a number key, so a new variant's decision is
playable without a TUI change.

    >>> from jantaku.engine.actions import Pass, Pon
    >>> p = Prompt.from_wire({"id": 3, "actions": [Pon(8, (9, 10)).to_wire(), Pass().to_wire()],
    ...                       "deadline": None})
    >>> [(g.key, g.title) for g in action_groups(p)]
    [('p', 'pon 33m+3m'), ('space', 'pass')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action, ActionLabel, ActionType
from ..engine.ruleset import variants
from ..engine.tiles import RED_FIVE_IDS, kind_of
from ..i18n import N_

A = ActionType

# Hand tiles are picked by these letters (by position); they avoid every action key below.
TILE_KEYS = "abdfghijlmnoqs"


@dataclass(frozen=True)
class GroupSpec:
    """One decision as the player sees it: which action types, on which key."""

    name: str
    types: tuple[ActionType, ...]
    key: str
    key_label: str
    uses_selection: bool = False  # the selected hand tile picks among several actions
    hint: str = ""  # the title when several actions are offered: how to pick one


# the decisions every variant has; a variant adds its own kinds' labels (its ruleset's action_labels)
_GENERIC_LABELS = (
    ActionLabel("win", (A.TSUMO, A.RON), "w", 0),
    ActionLabel("chi", (A.CHI,), "c", 20),
    ActionLabel("pon", (A.PON,), "p", 30),
    ActionLabel("kong", (A.KAN, A.ANKAN, A.KAKAN), "k", 40, uses_selection=True, hint=N_("kong (the selected tile's)")),
    ActionLabel("pass", (A.PASS,), "space", 80),
    ActionLabel("continue", (A.CONTINUE,), "enter", 90),
)
_KEY_LABELS = {"space": "␣", "enter": "⏎"}


def key_label(key: str) -> str:
    """How the key bar shows a key: ``␣`` for space, ``⏎`` for enter, else the key itself."""
    return _KEY_LABELS.get(key, key)


def group_specs(labels: Sequence[ActionLabel]) -> tuple[GroupSpec, ...]:
    """One group per label name (the first label of a name wins), in rank order."""
    by_name: dict[str, ActionLabel] = {}
    for label in labels:
        by_name.setdefault(label.name, label)
    return tuple(
        GroupSpec(
            label.name,
            label.types,
            label.key,
            key_label(label.key),
            uses_selection=label.uses_selection,
            hint=label.hint,
        )
        for label in sorted(by_name.values(), key=lambda label: label.rank)
    )


GROUP_SPECS: tuple[GroupSpec, ...] = group_specs(
    [*_GENERIC_LABELS, *(label for ruleset in variants() for label in ruleset.action_labels)]
)
KNOWN_TYPES = frozenset(t for spec in GROUP_SPECS for t in spec.types) | {A.DISCARD}
EXTRA_KEYS = "123456789"  # for action types no spec knows
PASS_KEYS = ("space", "x")


@dataclass(frozen=True)
class Prompt:
    """One decision the host waits for: its id, the legal actions and their labels."""

    id: int
    actions: tuple[Action, ...]
    labels: tuple[str, ...]
    deadline: float | None = None  # seconds left when it arrived
    red_fives: bool = True  # the view's rule: red fives are tiles of their own (else ids 16, 52, 88 are plain)

    @classmethod
    def from_wire(cls, data: dict[str, Any] | None, *, red_fives: bool = True) -> "Prompt | None":
        if not data:
            return None
        actions = tuple(Action.from_wire(a) for a in data.get("actions", ()))
        labels = tuple(data.get("labels") or (str(a) for a in actions))
        if len(labels) != len(actions):
            labels = tuple(str(a) for a in actions)
        deadline = data.get("deadline")
        return cls(int(data["id"]), actions, labels, None if deadline is None else float(deadline), red_fives)

    def label(self, action: Action) -> str:
        return self.labels[self.actions.index(action)]

    def of(self, *types: ActionType) -> list[Action]:
        return [a for a in self.actions if a.type in types]

    @property
    def types(self) -> frozenset[ActionType]:
        return frozenset(a.type for a in self.actions)

    @property
    def discards(self) -> dict[int, Action]:
        """Discard actions by tile id."""
        return {a.tile: a for a in self.actions if a.type is A.DISCARD}

    def discard_for(self, tile: int) -> Action | None:
        """The discard of this tile, or of another copy of the same face (the engine lists one per face)."""
        found = self.discards.get(tile)
        if found is not None:
            return found
        return next((a for t, a in self.discards.items() if same_face(t, tile, red_fives=self.red_fives)), None)


def same_face(a: int, b: int, *, red_fives: bool = True) -> bool:
    """Two tile ids that play alike: the same kind, and with red fives in play both red or both plain.

    >>> same_face(16, 17), same_face(16, 17, red_fives=False), same_face(17, 18)
    (False, True, True)
    """
    return kind_of(a) == kind_of(b) and (not red_fives or (a in RED_FIVE_IDS) == (b in RED_FIVE_IDS))


@dataclass(frozen=True)
class ActionGroup:
    spec: GroupSpec
    actions: tuple[Action, ...]
    labels: tuple[str, ...]

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def title(self) -> str:
        if len(self.actions) == 1:
            return self.labels[0]
        if self.spec.hint:
            return self.spec.hint
        kinds = sorted({a.type.value for a in self.actions})
        return f"{'/'.join(kinds)} ({len(self.actions)})"


def action_groups(prompt: Prompt | None) -> list[ActionGroup]:
    """The prompt's actions (except discards, which go through the hand) grouped for keys."""
    if prompt is None:
        return []
    groups = []
    for spec in GROUP_SPECS:
        acts = prompt.of(*spec.types)
        if acts:
            groups.append(ActionGroup(spec, tuple(acts), tuple(prompt.label(a) for a in acts)))
    unknown: dict[ActionType, list[Action]] = {}
    for a in prompt.actions:
        if a.type not in KNOWN_TYPES:
            unknown.setdefault(a.type, []).append(a)
    for key, (atype, acts) in zip(EXTRA_KEYS, unknown.items()):
        spec = GroupSpec(atype.value, (atype,), key, key)
        groups.append(ActionGroup(spec, tuple(acts), tuple(prompt.label(a) for a in acts)))
    return groups


def pick_by_selection(group: ActionGroup, selected: Sequence[int], *, red_fives: bool = True) -> Action | None:
    """The group's action that the selected hand tile(s) pick, if exactly one does.

    A riichi or kong picks by the selected tile's face; an exchange by the
    set of marked tiles.
    """
    if not selected:
        return None
    if any(a.type is A.EXCHANGE for a in group.actions):
        marked = sorted(selected)
        matches = [a for a in group.actions if sorted(a.tiles) == marked]
        if not matches:  # the same faces with other copies
            faces = sorted(kind_of(t) for t in marked)
            matches = [a for a in group.actions if sorted(kind_of(t) for t in a.tiles) == faces]
    else:
        tile = selected[0]
        matches = [
            a
            for a in group.actions
            if a.tile is not None
            and (a.tile == tile or same_face(a.tile, tile, red_fives=red_fives) or tile in a.tiles)
        ]
    return matches[0] if matches else None


def automatic_action(
    prompt: Prompt | None, *, auto_win: bool, auto_pass: bool, auto_discard: bool, in_riichi: bool, drawn: int | None
) -> Action | None:
    """The action the player's toggles take without asking, or None.

    Never passes on a win; after riichi, discards the drawn tile only when
    there is nothing else to decide (no win, no kong).
    """
    if prompt is None:
        return None
    wins = prompt.of(A.TSUMO, A.RON)
    if auto_win and wins:
        return wins[0]
    types = prompt.types
    if auto_pass and A.PASS in types and not types & {A.RON, A.TSUMO}:
        return prompt.of(A.PASS)[0]
    if auto_discard and in_riichi and drawn is not None and A.DISCARD in types and not types - {A.DISCARD, A.RIICHI}:
        return prompt.discard_for(drawn)
    return None
