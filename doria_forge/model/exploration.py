"""A Boss Monster card's end condition as data: the exploration game it ends (chapter *Single
Scenario Mode*: "played without a scenario as a pure exploration game [...] See the *Boss
Monster* deck rule cards that show some possible end conditions").

A boss card's ``exploration`` section is written in the scenario vocabulary (``goals``,
``rules``: when / if / do, a small ``setup``), and :func:`.exploration_game.exploration_scenario`
assembles from it and the pack the scenario the engine plays, as the Book of Rules' *General Setup* builds the
table without a scenario:

* the Room Tile deck is every Room Tile of the pack but the start tile and the other tiles with
  starting squares, shuffled by the game's dice (``random_tiles``: all of them);
* the start tile is the setup's ``start_tile``, else the pack's first Room Tile (by id) with
  starting squares (``start_tile: true``; A-1, the stairs, in the base pack);
* the Monster Level is the setup's ``monster_level`` (1 without it);
* the boss card goes into the third of the deck its ``boss_card`` names; its rules place the boss;
* escape is not allowed (the book's escape is a campaign rule), and a game stops undecided after
  ``max_rounds``.

This module holds the section's fields and the scenario they make; :mod:`.exploration_game`
assembles it on a pack (:func:`~.exploration_game.exploration_scenario`) and gives a pack holding
it beside the others (:func:`~.exploration_game.with_exploration`), so ``sim.scenario_runner`` and
``validate``'s scenario rules play and check it as any scenario. The boss card (``model.boss``)
holds an :class:`Exploration`; what this module reads of the card is :class:`BossCard`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Protocol

from pydantic import Field

from .common import Ref, Strict, empty_list
from .scenario import Balance, EscapeRule, Goals, PlaceMarker, PlayerRange, Rule, Scenario, ScenarioSetup, StackPart
from .words.common import Text

PREFIX = "exploration"
"""The field of a boss card that holds its exploration game; paths in the assembled scenario are
the same below it (``rules.0.do.0`` of the scenario is ``exploration.rules.0.do.0`` of the card)."""


class ExplorationSetup(Strict):
    """What the exploration game sets up beyond the Book of Rules' *General Setup*: ``boss_card``
    (the third of the Room Tile deck the card is shuffled into), ``start_tile``,
    ``monster_level``, ``markers``."""

    boss_card: StackPart | None = None
    """The third of the shuffled Room Tile deck the boss card goes into (top_third, middle_third, bottom_third);
    without it the card stays out of the deck and the rules bring the boss some other way."""
    start_tile: str | None = None
    """Id of the Room Tile the heroes start on (default: the pack's first Room Tile, by id, with starting squares)."""
    monster_level: Annotated[int, Field(ge=1, le=10)] = 1
    """Monster Level at the start, 1-10."""
    markers: list[PlaceMarker] = Field(default_factory=empty_list, max_length=100)
    """Markers placed before the first round (or once their Room Tile is placed), written as place_marker effects."""


class Exploration(Strict):
    """A boss card's end condition as an exploration game: ``setup``, ``goals`` (win: any one
    wins; lose: any one loses; a character's death always loses), ``rules`` (when / if / do, as a
    scenario's), the optional rules of the Book of Rules it plays with, ``max_rounds``, and as a
    scenario's: the ``players`` it is played with and the ``balance`` targets ``simulate
    exploration`` and ``build`` judge."""

    players: PlayerRange = (1, 6)
    """Fewest and most players the game is played and verified with, [min, max], each 1-6 with min <= max."""

    setup: ExplorationSetup = Field(default_factory=ExplorationSetup)
    """The boss card's place in the Room Tile deck, the start tile, the Monster Level, markers."""
    goals: Goals = Field(default_factory=Goals)
    """The win and lose goals of the exploration game, as a scenario's."""
    rules: list[Rule] = Field(default_factory=empty_list, max_length=100)
    """The end condition's rules, as a scenario's special rules (when / if / do)."""
    optional_rules: list[str] = Field(default_factory=empty_list, max_length=100)
    """Ids of the Book of Rules' optional rules the game plays with (the book: include the Door Event deck)."""
    max_rounds: Annotated[int, Field(ge=1, le=99)] = 40
    """Round after which a simulated game stops undecided, 1-99."""
    notes: list[Text] = Field(default_factory=empty_list, max_length=100)
    """Setup instructions printed with the end condition, one paragraph each."""
    balance: Balance | None = None
    """Balance targets simulate and build check, as a scenario's: win-rate ranges per player count and the median
    game's rounds."""


class BossCard(Protocol):
    """What an exploration game reads of its Boss Monster card (``model.boss.Boss``), named here
    so that this module, which the card imports, does not import the card."""

    @property
    def id(self) -> str: ...
    @property
    def display_name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def text(self) -> str | None: ...
    @property
    def end_condition(self) -> str: ...
    @property
    def end_condition_de(self) -> str | None: ...
    @property
    def exploration(self) -> Exploration | None: ...


def exploration_id(boss_id: str) -> str:
    """The id of boss ``boss_id``'s exploration game among the pack's scenarios."""
    return f"{PREFIX}-{boss_id}"


def default_start_tile(room_tiles: Iterator[tuple[str, bool]] | list[tuple[str, bool]]) -> str | None:
    """The first id (sorted) of ``room_tiles`` (``(id, has starting squares)``) with starting squares."""
    return min((tile for tile, start in room_tiles if start), default=None)


def scenario_of(boss: BossCard, section: Exploration, start_tile: str, random_tiles: int) -> Scenario:
    """The exploration scenario of ``boss`` with ``section``, starting on ``start_tile``, its
    Room Tile deck ``random_tiles`` of the pack's other tiles."""
    setup = ScenarioSetup(start_tile=start_tile, random_tiles=random_tiles, monster_level=section.setup.monster_level,
                          boss_card=section.setup.boss_card, markers=section.setup.markers, notes=section.notes)
    return Scenario(
        id=exploration_id(boss.id), name=f"{boss.display_name}: exploration game", source=boss.source,
        story=boss.text or boss.end_condition, goal=boss.end_condition, goal_de=boss.end_condition_de,
        goals=section.goals, setup=setup, rules=section.rules, optional_rules=section.optional_rules,
        escape=EscapeRule(allowed=False, text="An exploration game has no escape (a campaign rule)."),
        max_rounds=section.max_rounds, players=section.players, balance=section.balance)


def section_references(boss: BossCard) -> Iterator[Ref]:
    """The documents ``boss``'s exploration section names, at their paths in the card (the start
    tile only where the section names one: the default is the pack's own)."""
    section = boss.exploration
    if section is None:
        return
    scenario = scenario_of(boss, section, section.setup.start_tile or "", 0)
    for path, kind, doc_id in scenario.references():
        if tuple(path) == ("setup", "start_tile") and section.setup.start_tile is None:
            continue
        yield ((PREFIX, *path), kind, doc_id)
