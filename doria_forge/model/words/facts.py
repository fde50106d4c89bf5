"""What a scenario word may ask when ``validate`` checks it: the :class:`Facts` of its scenario.

A word's ``findings`` are written against this protocol (implemented by
``validate.scenario_facts.ScenarioFacts``), so the word's module owns what is wrong with it
while the validation layer owns how the scenario's facts are gathered. Each finding names the
validation rule it belongs to (``scenario-trigger-fires``...), so that rule's id, severity
and configuration apply to it as to the rule's own findings.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

from ...load.problem import Severity
from ..common import Ref

if TYPE_CHECKING:  # pragma: no cover
    from ..room_tile import RoomTile

Path = tuple[str | int, ...]
"""A field path in the scenario document."""

Finding = tuple[Path, Severity, str]
"""A finding of a validation rule: the field path, its severity, the message."""

RuleFinding = tuple[str, Path, Severity, str]
"""A word's finding: the id of the validation rule it belongs to, then a :data:`Finding`."""

NEVER_FIRES = ": this rule can never fire"
NEVER_REACHED = ": this goal can never be reached"


def closest(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known`` to ``name``, or nothing."""
    match = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


class RoundLimitLike(Protocol):
    """The last round a game can reach: ``round`` and ``reason`` in words."""

    @property
    def round(self) -> int: ...

    @property
    def reason(self) -> str: ...


# What the words read of the pack and the scenario, as protocols: the pack and the scenario
# models are built from the words' unions (model.pack -> model.scenario -> model.words), so the
# words name the few fields they read rather than import those models back.
class MonsterView(Protocol):
    """A monster type as the words read it (``model.monster.Monster``)."""

    @property
    def name(self) -> str: ...

    @property
    def figures(self) -> int: ...

    def has(self, flag: str) -> bool:
        """Whether the monster type has monster flag ``flag`` (``undead``...)."""


class BossView(Protocol):
    """A Boss Monster as the words read it (``model.boss.Boss``)."""

    def has(self, flag: str) -> bool:
        """Whether the Boss Monster has monster flag ``flag``."""


class DoomTrackView(Protocol):
    """The Doom Counter track (``model.rules.DoomTrack``): its ``fields`` from the start."""

    @property
    def fields(self) -> list[int]: ...


class RulesView(Protocol):
    """The pack's rules document as the words read it (``model.rules.Rules``)."""

    @property
    def doom_track(self) -> DoomTrackView: ...


class PackView(Protocol):
    """The content pack as the words read it (``model.pack.ContentPack``)."""

    @property
    def monsters(self) -> Mapping[str, MonsterView]: ...

    @property
    def bosses(self) -> Mapping[str, BossView]: ...

    @property
    def room_tiles(self) -> Mapping[str, RoomTile]: ...

    @property
    def rules(self) -> RulesView: ...


class SetupView(Protocol):
    """The scenario's setup as the words read it (``model.scenario.ScenarioSetup``)."""

    @property
    def start_tile(self) -> str: ...

    @property
    def boss_card(self) -> str | None: ...


class ScenarioView(Protocol):
    """The scenario document as the words read it (``model.scenario.Scenario``)."""

    @property
    def id(self) -> str: ...

    @property
    def players(self) -> tuple[int, int]: ...

    @property
    def max_rounds(self) -> int: ...

    @property
    def setup(self) -> SetupView: ...


class Facts(Protocol):
    """What the scenario's data says about its games (see ``validate.scenario_facts``)."""

    @property
    def pack(self) -> PackView: ...

    @property
    def scenario(self) -> ScenarioView: ...

    @property
    def flags_set(self) -> frozenset[str]: ...

    @property
    def markers_placed(self) -> frozenset[str]: ...

    @property
    def tokens(self) -> Mapping[str, object]: ...

    @property
    def tokens_placed(self) -> frozenset[str]: ...

    @property
    def bosses_spawned(self) -> frozenset[str]: ...

    def tile_problems(self, path: Path, tile: str, consequence: str = "") -> Iterator[Finding]:
        """Findings when Room Tile ``tile`` may not be in a game (an error ending in
        ``consequence`` when it never is, a warning when it is only a random tile)."""

    def round_limit(self, *, ignore: Path | None = None) -> RoundLimitLike:
        """The earliest round after which no game goes on (the goal at ``ignore`` not counted)."""


TRIGGER_FIRES = "scenario-trigger-fires"
"""The validation rule that reports triggers and conditions that can never let a rule fire."""
GOAL_REACHABLE = "scenario-goal-reachable"
"""The validation rule that reports goals that can never be reached."""


def after_the_end(facts: Facts, path: Path, round_: int | None) -> Iterator[RuleFinding]:
    """A ``scenario-trigger-fires`` error when round ``round_`` (none: no round) comes after
    the last round a game of the scenario can reach."""
    if round_ is None:
        return
    limit = facts.round_limit()
    if round_ > limit.round:
        yield TRIGGER_FIRES, path, Severity.ERROR, f"round {round_} never comes: {limit.reason}" + NEVER_FIRES


def tile_findings(facts: Facts, path: Path, tile: str | None, rule: str = "scenario-references",
                  consequence: str = "") -> Iterator[RuleFinding]:
    """Findings of validation rule ``rule`` when a word's Room Tile ``tile`` (its ``tile``
    field) may not be in the scenario (an error ending in ``consequence`` when it never is)."""
    if tile:
        for at, severity, message in facts.tile_problems(path + ("tile",), tile, consequence):
            yield rule, at, severity, message


def tile_reference(path: Path, tile: str | None) -> Iterator[Ref]:
    """The reference of a word's ``tile`` field at ``path`` (none without a tile)."""
    if tile:
        yield (path + ("tile",), "room_tile", tile)
