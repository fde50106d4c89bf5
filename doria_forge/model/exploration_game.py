"""A Boss Monster card's exploration game on a pack (chapter *Single Scenario Mode*; the
section's fields and the scenario they make: :mod:`.exploration`): the scenario assembled as the
Book of Rules' *General Setup* builds the table without a scenario, and a pack holding it beside
its own scenarios, which ``sim.scenario_runner`` plays and ``validate``'s scenario rules check.
"""

from __future__ import annotations

from collections.abc import Iterable

from .boss import Boss
from .exploration import default_start_tile, scenario_of
from .pack import ContentPack, _rebuild
from .scenario import Scenario
from .words.facts import closest


def exploration_scenario(pack: ContentPack, boss: Boss) -> Scenario:
    """The scenario of ``boss``'s exploration game on ``pack`` (see the module docstring).
    Raises ValueError when the card has no ``exploration`` section or the pack no start tile."""
    section = boss.exploration
    if section is None:
        raise ValueError(f"boss {boss.id} has no exploration section: its end condition is printed text only")
    start = section.setup.start_tile or default_start_tile(
        [(tile_id, tile.start_tile) for tile_id, tile in pack.room_tiles.items()])
    if start is None:
        raise ValueError("the pack has no Room Tile with starting squares (start_tile: true) to start on; "
                         f"name one in the exploration setup of boss {boss.id} (start_tile: ...)")
    others = sum(1 for tile_id, tile in pack.room_tiles.items() if tile_id != start and not tile.start_tile)
    return scenario_of(boss, section, start, min(others, 48))


def with_exploration(pack: ContentPack, boss_id: str) -> tuple[ContentPack, str]:
    """``pack`` with boss ``boss_id``'s exploration game among its scenarios, and that
    scenario's id. Raises ValueError for a boss the pack lacks (naming the closest id), one
    without an exploration section, or a scenario of the pack holding that id already."""
    game_pack, ids = with_explorations(pack, [boss_id])
    return game_pack, ids[boss_id]


def with_explorations(pack: ContentPack, boss_ids: Iterable[str]) -> tuple[ContentPack, dict[str, str]]:
    """``pack`` with the exploration game of every boss of ``boss_ids`` among its scenarios (each
    one of the pack's own where its card is: an expansion verifies the games of its own cards), and
    boss id -> that game's scenario id. Raises ValueError as :func:`with_exploration`."""
    games: dict[str, Scenario] = {}
    for boss_id in boss_ids:
        if boss_id not in pack.bosses:
            raise ValueError(f"unknown boss {boss_id!r}{closest(boss_id, pack.bosses)}; the pack has: "
                             f"{', '.join(sorted(pack.bosses)) or 'none'}")
        boss = pack.bosses[boss_id]
        if boss.exploration is None:
            playable = sorted(b for b, card in pack.bosses.items() if card.exploration is not None)
            raise ValueError(f"boss {boss_id} has no exploration section: its end condition is printed text only; "
                             f"bosses with one: {', '.join(playable) or 'none'}")
        scenario = exploration_scenario(pack, boss)
        if scenario.id in pack.scenarios:
            raise ValueError(f"the pack has a scenario {scenario.id!r} already: the id of boss {boss_id}'s "
                             "exploration game")
        games[boss_id] = scenario
    origins = dict(pack.origins)
    own = set(pack.own) if pack.own is not None else None
    for boss_id, scenario in games.items():
        if ("boss", boss_id) in origins:
            origins[("scenario", scenario.id)] = origins[("boss", boss_id)]
        if own is not None and ("boss", boss_id) in own:
            own.add(("scenario", scenario.id))
    # the pack's printing set and requirements kept (a plain rebuild from its documents drops them)
    rebuilt = _rebuild([*pack, *games.values()], origins, frozenset(own) if own is not None else None, pack.requires)
    return rebuilt, {boss_id: scenario.id for boss_id, scenario in games.items()}
