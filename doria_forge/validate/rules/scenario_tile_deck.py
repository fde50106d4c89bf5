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
* the ``start_tile`` should be a tile marked ``start_tile: true`` (warning).

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
"""

from __future__ import annotations

from collections.abc import Iterable

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

        start = tiles.get(setup.start_tile)
        if start is not None and not start.start_tile:
            yield source_map.problem(
                "scenario", scenario.id, ("setup", "start_tile"), ID, Severity.WARNING,
                f"start tile {setup.start_tile} is not marked start_tile: true",
                value=True,
            )
