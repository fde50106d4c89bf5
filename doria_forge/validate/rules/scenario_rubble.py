"""No Rubble on a square a scenario needs: a token's square or a goal's square.

Book of Rules, *Dungeon Markers*: Rubble "completely blocks the square on which it is
located"; no character may enter it until the Rubble is cleared (usually 10 AP). A token
lying under Rubble cannot be picked up and a goal square under Rubble cannot be reached, so a
``place_marker`` of ``rubble`` on the square of a token (``setup.tokens``, ``place_token``)
or of a goal (``goals.win`` ``to``/``at``, ``escape.at``) is an error when the setup places it
(the square is buried from the first round), a warning when a rule does (it may fire after
the token was taken). Squares are compared where a place names them: ``tile`` + ``square``,
a ``rune`` (its squares on the tiles of the scenario) and ``entrance`` (the entrance squares
of the tiles of the scenario).

Passing::

    setup:
      tokens: [{id: key, name: Key, at: {tile: F-1, square: [1, 1]}}]
      markers: [{do: place_marker, marker: rubble, at: {tile: F-1, square: [2, 2]}}]

Failing::

    setup:
      tokens: [{id: key, name: Key, at: {tile: F-1, square: [1, 1]}}]
      markers: [{do: place_marker, marker: rubble, at: {tile: F-1, square: [1, 1]}}]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.scenario import Place
from ..scenario_facts import Finding, Path, ScenarioFacts, scenario_problems
from ..source_map import SourceMap

ID = "scenario-rubble-square"
SEVERITY = Severity.ERROR
RUBBLE = "rubble"

TileSquare = tuple[str, tuple[int, int]]


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    return scenario_problems(pack, source_map, ID, _problems)


def squares_of(facts: ScenarioFacts, place: Place) -> set[TileSquare]:
    """The squares ``place`` names on the tiles of the scenario, ``(tile id, (row, col))``; empty
    for a whole tile or a marker (no one square)."""
    tiles = facts.tiles_in_play()
    if place.entrance:
        return {(t.id, (r, c)) for t in tiles for r, c in t.entrances}
    if place.rune is not None:
        return {(t.id, tuple(rune.square)) for t in tiles if place.tile in (None, t.id)  # type: ignore[misc]
                for rune in t.runes if rune.color == place.rune}
    if place.tile is not None and place.square is not None:
        return {(place.tile, (place.square[0], place.square[1]))}
    return set()


def _needed(facts: ScenarioFacts) -> Iterator[tuple[TileSquare, str]]:
    """Every square a token lies on or a goal is reached on, with what it is."""
    scenario = facts.scenario
    for token in scenario.setup.tokens:
        if token.at is not None:
            for square in squares_of(facts, token.at):
                yield square, f"the {token.name} token lies"
    for _, effect in scenario.effects():
        for token_id, at in effect.token_places():
            for square in squares_of(facts, at):
                yield square, f"a rule puts the {token_id} token"
    for i, goal in enumerate(scenario.goals.win):
        for name in ("to", "at"):
            place = getattr(goal, name, None)
            if place is not None:
                for square in squares_of(facts, place):
                    yield square, f"win goal {i + 1} ({goal.goal}) is reached"
    if scenario.escape.allowed:
        for square in squares_of(facts, scenario.escape.at):
            yield square, "the heroes escape"


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    needed: dict[TileSquare, str] = {}
    for square, what in _needed(facts):
        needed.setdefault(square, what)
    if not needed:
        return
    scenario = facts.scenario
    placed: list[tuple[Path, str, Place, bool]] = [
        (("setup", "markers", i, "at"), m.marker, m.at, True) for i, m in enumerate(scenario.setup.markers)]
    placed += [(path + ("at",), marker, at, False)
               for path, e in scenario.effects() for marker, at in e.marker_places()]
    for path, marker, place, at_setup in placed:
        if marker.lower() != RUBBLE:
            continue
        for tile, (row, col) in sorted(squares_of(facts, place) & needed.keys()):
            what = needed[(tile, (row, col))]
            when = "from the start" if at_setup else "once this rule fires"
            yield path, SEVERITY if at_setup else Severity.WARNING, (
                f"Rubble on square [{row}, {col}] of Room Tile {tile}, where {what}: Rubble blocks its square "
                f"completely {when} (Book of Rules, Dungeon Markers), so it must be cleared first; put it elsewhere")
