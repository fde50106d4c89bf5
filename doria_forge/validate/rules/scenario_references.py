"""Every place, token and marker a scenario names exists in its game.

That the tiles, monsters, bosses and items a scenario names exist in the pack is checked
for all references alike (``dangling-reference``). This rule checks what only the
scenario's own game can answer:

* a place (``at``, ``to``, ``place`` of a token, marker, rule or goal) lies on a Room Tile
  of the scenario (its start tile, tile deck or target tile; a tile that comes only as one
  of the ``random_tiles`` is a warning), its ``square`` is not a wall of that tile, its
  ``rune`` colour is on that tile (without ``tile``: on some tile of the scenario), its
  ``marker`` is put on the table by something (a setup marker, a ``place_marker`` effect;
  Loot Markers by treasure icons, Blocked Door markers by ``block_doors`` or a Trap);
* a token a rule, condition or goal names is defined in ``setup.tokens`` (once);
* a marker a ``remove_marker`` effect takes off is put on the table by something;
* ``who: carrier`` (of an effect or a modifier) names its ``token`` and ``who: on_place`` its ``at``;
* ``open_doors`` / ``block_doors``, ``monsters_left`` and ``tile_revealed`` name a Room Tile of the scenario;
* each name ``names_de`` gives a German name is a flag or a marker of the scenario's own (a
  misspelt one would leave the flag printed as written), with the closest of them;
* a Boss Monster card's ``exploration`` game is checked as a scenario (``model.exploration``), and
  needs a Room Tile to start on.

Passing::

    setup:
      tile_deck: [{tile: C-8}]          # C-8 has an orange rune at [1, 3]
      tokens: [{id: relic, name: Relic, at: {rune: orange, tile: C-8}}]
    rules:
      - when: {on: token_picked_up, token: relic}
        do: [{do: place_marker, marker: rubble, at: {entrance: true}}]

Failing::

    setup:
      tile_deck: [{tile: C-8}]
      tokens: [{id: relic, name: Relic, at: {rune: green, tile: C-8}}]   # C-8 has no green rune
    rules:
      - when: {on: token_picked_up, token: idol}                        # no token idol
        do: [{do: remove_marker, marker: web}]                           # nothing places a web
    names_de: {nest: Nest}                                               # no flag or marker nest
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.scenario import (
    Place,
)
from ...model.words.german import BOOK_MARKERS
from ..scenario_facts import Finding, Path, ScenarioFacts, closest, exploration_problems, scenario_problems
from ..source_map import SourceMap

ID = "scenario-references"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    yield from scenario_problems(pack, source_map, ID, _problems)
    yield from exploration_problems(pack, source_map, ID)  # a boss card's game with no start tile to play on


def _problems(facts: ScenarioFacts) -> Iterator[Finding]:
    scenario = facts.scenario
    seen: set[str] = set()
    for i, defined in enumerate(scenario.setup.tokens):
        if defined.id in seen:
            yield ("setup", "tokens", i, "id"), SEVERITY, f"token {defined.id} is defined twice in setup.tokens"
        seen.add(defined.id)
    for path, name in _token_names(facts):
        if name not in facts.tokens:
            known = ", ".join(sorted(facts.tokens)) or "none"
            yield path, SEVERITY, f"no token {name} in setup.tokens (defined: {known})"
    for path, place in scenario.places():
        absent = facts.tile_absence(place.tile) if place.tile is not None else None
        if absent is not None:
            yield from facts.tile_problems(path + ("tile",), place.tile or "", _consequence(path))
            if absent[1]:
                continue  # its square, rune or marker cannot be looked up on a tile that is not there
        for field, message in _place_problems(facts, place):
            yield path + (field,), SEVERITY, message + _consequence(path)
    yield from facts.word_findings(ID)  # markers taken off, Room Tiles of doors and conditions (the words' own)
    for path, word in scenario.words():  # effects and modifiers name their heroes alike
        who = getattr(word, "who", None)
        if who == "carrier" and not getattr(word, "token", None):
            yield path + ("who",), SEVERITY, "who: carrier needs the token whose carrier it means (token: ...)"
        if who == "on_place" and getattr(word, "at", None) is None:
            yield path + ("who",), SEVERITY, "who: on_place needs the place it means (at: ...)"
    own = scenario.own_names()
    for name in scenario.names_de:
        if name not in own:
            book = " (a marker of the Book of Rules: the German edition names it)" if name in BOOK_MARKERS else ""
            known = ", ".join(sorted(own)) or "none"
            yield (("names_de", name), SEVERITY, f"names_de names {name}, no flag or marker of this scenario's own"
                   f"{book}{closest(name, own)} (its flags and markers: {known})")


def _token_names(facts: ScenarioFacts) -> Iterator[tuple[Path, str]]:
    """Every token id a rule, condition, effect or goal names, with its path."""
    scenario = facts.scenario
    for path, word in scenario.words():
        token = getattr(word, "token", None)  # every word naming a token does so in its field token
        if token:
            yield path + ("token",), token


def _place_problems(facts: ScenarioFacts, place: Place) -> Iterator[tuple[str, str]]:
    """``(field of the place, message)`` for each way ``place`` is not on its tile or table."""
    tile = facts.room_tiles.get(place.tile) if place.tile else None
    if tile is not None and not tile.shape().well_shaped:
        tile = None  # room-tile-shape reports it; its squares cannot be looked up
    if place.square is not None and tile is not None:
        row, col = place.square
        if tile.shape().kind((row, col)) == "wall":
            yield "square", f"square [{row}, {col}] of Room Tile {tile.id} is a wall"
    if place.rune is not None:
        if tile is not None:
            if not any(r.color == place.rune for r in tile.runes):
                has = ", ".join(sorted({r.color for r in tile.runes})) or "none"
                yield "rune", f"Room Tile {tile.id} has no {place.rune} rune (its runes: {has})"
        elif place.tile is None and not any(r.color == place.rune for t in facts.tiles_in_play() for r in t.runes):
            yield "rune", f"no Room Tile of this scenario has a {place.rune} rune"
    if place.marker is not None and place.marker not in facts.markers_placed:
        yield "marker", f"nothing puts a {place.marker} marker on the table"


def _consequence(path: Path) -> str:
    if path[0] == "rules" and path[2] == "when":
        return ": this rule can never fire"
    if path[0] == "goals":
        return ": this goal can never be reached"
    return ""

