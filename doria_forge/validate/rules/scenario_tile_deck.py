"""A scenario's Room Tile deck can be built from the pack's Room Tiles.

That every tile the setup names (``start_tile``, ``tile_deck[].tile``,
``target_tile``) exists is checked for all references alike and reported as
``dangling-reference``. This rule checks the deck once its tiles exist:

* ``random_tiles`` are drawn from the Room Tiles not named in the setup, so the
  pack must have that many others (error);
* ``target_position`` (1-based from the top) must lie inside the deck of
  named tiles, random tiles and the target tile (error);
* a tile named twice in ``tile_deck`` should be one entry with ``count`` (warning);
* the ``target_tile`` does not belong in ``tile_deck`` too: it is one tile, placed at
  ``target_position`` (warning; the game places it once);
* the ``start_tile`` should be a tile marked ``start_tile: true`` (warning);
* a tile of the deck (or the target tile) joins the map by a door or open side, so one without
  either can never be placed; nor can any tile be placed beside a start tile without one (error:
  the scenario stalls on its start tile, where validation said nothing before).

Passing::

    kind: scenario
    id: first-steps
    setup:
      start_tile: A-1
      tile_deck: [{tile: B-4}, {tile: C-7, count: 2}]
      target_tile: F-5
      target_position: 4

Failing::

    setup:
      tile_deck: [{tile: B-4}, {tile: B-4}]   # B-4 twice: use count: 2
      random_tiles: 40                         # the pack has 12 other tiles
      target_position: 50                      # the deck has 43 tiles
      start_tile: A-9                          # a Room Tile without doors or open sides
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "scenario-tile-deck"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    tiles = pack.room_tiles
    for scenario in pack.scenarios.values():
        setup = scenario.setup
        named = {e.tile for e in setup.tile_deck} | {setup.start_tile}
        if setup.target_tile:
            named.add(setup.target_tile)
        if any(t not in tiles for t in named):
            continue  # dangling-reference already says which; sizes would be guesses

        first_entry: dict[str, int] = {}
        for i, entry in enumerate(setup.tile_deck):
            if entry.tile in first_entry:
                yield source_map.problem(
                    "scenario", scenario.id, ("setup", "tile_deck", i, "tile"), ID, Severity.WARNING,
                    f"Room Tile {entry.tile} is already in the tile deck as entry {first_entry[entry.tile]}; "
                    "use one entry with count",
                    value=True,
                )
            else:
                first_entry[entry.tile] = i
            if entry.tile == setup.target_tile:
                yield source_map.problem(
                    "scenario", scenario.id, ("setup", "tile_deck", i, "tile"), ID, Severity.WARNING,
                    f"Room Tile {entry.tile} is the target tile, placed at target_position: the box holds it once; "
                    "leave it out of the tile deck",
                    value=True,
                )

        others = len([t for t in tiles if t not in named])
        if setup.random_tiles > others:
            yield source_map.problem(
                "scenario", scenario.id, ("setup", "random_tiles"), ID, SEVERITY,
                f"the deck draws {setup.random_tiles} random Room Tiles but the pack has only {others} "
                "tiles the setup does not name",
                value=True,
            )

        deck_size = sum(e.count for e in setup.tile_deck) + setup.random_tiles
        if setup.target_tile and setup.target_tile not in first_entry:
            deck_size += 1
        if setup.target_position is not None and setup.target_position > deck_size:
            yield source_map.problem(
                "scenario", scenario.id, ("setup", "target_position"), ID, SEVERITY,
                f"target_position {setup.target_position} is below the bottom of a Room Tile deck of "
                f"{deck_size} tiles",
                value=True,
            )

        yield from _sealed(scenario.id, setup, pack, first_entry, source_map)

        start = tiles.get(setup.start_tile)
        if start is not None and not start.start_tile:
            yield source_map.problem(
                "scenario", scenario.id, ("setup", "start_tile"), ID, Severity.WARNING,
                f"start tile {setup.start_tile} is not marked start_tile: true",
                value=True,
            )


def _sealed(scenario_id: str, setup: Any, pack: ContentPack, first_entry: Mapping[str, int],
            source_map: SourceMap) -> Iterable[Problem]:
    """Errors at the tiles of ``setup`` that have no door or open side to join the map by, each
    naming where the tile is defined (the mistake may be there, or in the choice of tile)."""
    def sealed(tile_id: str) -> bool:
        tile = pack.room_tiles[tile_id]
        return not tile.doors and not tile.open_sides

    def at(tile_id: str) -> str:
        origin = pack.origin("room_tile", tile_id)
        return f" ({origin})" if origin else ""

    if (setup.tile_deck or setup.random_tiles or setup.target_tile) and sealed(setup.start_tile):
        yield source_map.problem(
            "scenario", scenario_id, ("setup", "start_tile"), ID, SEVERITY,
            f"start tile {setup.start_tile}{at(setup.start_tile)} has no door or open side: no Room Tile of the deck "
            "can ever join it, "
            "so the heroes never leave it",
            value=True,
        )
    for i, entry in enumerate(setup.tile_deck):
        if first_entry.get(entry.tile) == i and sealed(entry.tile):
            yield source_map.problem(
                "scenario", scenario_id, ("setup", "tile_deck", i, "tile"), ID, SEVERITY,
                f"Room Tile {entry.tile}{at(entry.tile)} has no door or open side: it can never join the map",
                value=True,
            )
    if setup.target_tile and setup.target_tile not in first_entry and sealed(setup.target_tile):
        yield source_map.problem(
            "scenario", scenario_id, ("setup", "target_tile"), ID, SEVERITY,
            f"target tile {setup.target_tile}{at(setup.target_tile)} has no door or open side: it can never join "
            "the map",
            value=True,
        )
