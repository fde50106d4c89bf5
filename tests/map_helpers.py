"""Builders for map situations in tests: Room Tiles from rows of squares, a pack with
them, and a game on a Dungeon with figures placed by hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from doria_forge.engine.decks import MODIFICATION, MONSTER, Card, MonsterDeck
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.map.dungeon import Dungeon
from doria_forge.engine.spawn import add_monster
from doria_forge.engine.state import D
from doria_forge.model.pack import ContentPack
from doria_forge.model.room_tile import Door, MonsterIcon, OpenSide, RoomTile, Rune, StartingPosition
from doria_forge.validate import validate_pack

BASE = validate_pack("content").pack

QUIET = GameOptions(shop=False, loot=False, doom=False, poison=False, special=False, level_up=False,
                    monster_deck=True, start_bonuses=False, max_rounds=1)
"""No shop, loot, Doom Counter, Phase E/F/H and no second round: only what a map test looks at."""


def tile(tile_id: str, rows: Sequence[str], *, doors: Iterable[tuple[str, int]] = (),
         open_sides: Iterable[tuple[str, int, int]] = (), icons: Iterable[tuple[int, int, str]] = (),
         treasures: Iterable[tuple[int, int]] = (), runes: Iterable[tuple[int, int, str]] = (),
         starts: Iterable[tuple[int, int]] = (), entrances: Iterable[tuple[int, int]] = (),
         bridge: str | None = None) -> RoomTile:
    """A Room Tile document: ``rows`` of square codes, doors ``(side, offset)``, open sides
    ``(side, offset, length)``, monster icons ``(row, col, colour)``, runes ``(row, col, colour)``,
    starting positions numbered in the order given."""
    return RoomTile(
        id=tile_id, name=tile_id, squares=list(rows),
        doors=[Door(side=s, offset=o) for s, o in doors],
        open_sides=[OpenSide(side=s, offset=o, length=n) for s, o, n in open_sides],
        monster_icons=[MonsterIcon(square=(r, c), color=colour) for r, c, colour in icons],
        treasures=[(r, c) for r, c in treasures],
        runes=[Rune(square=(r, c), color=colour) for r, c, colour in runes],
        starting_positions=[StartingPosition(square=sq, number=n + 1) for n, sq in enumerate(starts)],
        entrances=[(r, c) for r, c in entrances], bridge=bridge,
    )


def pack_with(*tiles: RoomTile) -> ContentPack:
    """The base pack with ``tiles`` added (replacing base tiles of the same id)."""
    ids = {t.id for t in tiles}
    docs = [d for d in BASE if not (d.kind == "room_tile" and d.id in ids)]
    return ContentPack.from_documents(docs + list(tiles))


HALL = tile("HALL", [".....", ".....", ".....", ".....", "....."],
            open_sides=[("north", 0, 5), ("east", 0, 5), ("south", 0, 5), ("west", 0, 5)])
"""A tile of 25 floor squares, open on every side (four of them make a 10 x 10 hall)."""


def map_game(pack: ContentPack, heroes: Sequence[str], *, tiles: Sequence[tuple[str, tuple[int, int], int]],
             at: dict[str, tuple[int, int]], monsters: Sequence[tuple[str, tuple[int, int]]] = (),
             deck: Sequence[str] = (), monster_cards: Sequence[str] = (), ap: int | dict[str, int] = 30,
             seed: int = 1, options: GameOptions = QUIET, scenario: str | None = None) -> GameState:
    """A game in Phase D on a Dungeon: the first of ``tiles`` is the start tile in slot
    (0, 0), the others placed as given (tile, slot, quarter turns); heroes stand ``at``
    their squares with ``ap`` AP; ``monsters`` (id, square) stand on the board, having acted
    this round (a test activates them with ``monster_ai.activate_monster``); the Room
    Tile deck is ``deck`` (top first) and the monster deck ``monster_cards`` (top first;
    ``+name`` is a Monster Modification). ``scenario``: a scenario of ``pack`` to play on
    this dungeon (its tokens and markers settle on the tiles placed here)."""
    start, *rest = tiles
    board = Dungeon(start[0], list(deck))
    state = GameState.new(pack, list(heroes), seed=seed, board=board, options=options, start=False,
                          scenario=scenario)
    for tile_id, slot, rotation in rest:
        board.place_tile(state, tile_id, slot, rotation)
    board.heroes_placed = True
    for uid, pos in at.items():
        board.move_to(uid, pos)
    for monster_id, pos in monsters:
        state.activated.add(add_monster(state, monster_id, near=pos).uid)  # heroes decide first
    cards = [Card(MODIFICATION, c[1:], n) if c.startswith("+") else Card(MONSTER, c, n)
             for n, c in enumerate(monster_cards, 1)]
    state.monster_deck = MonsterDeck(list(reversed(cards)))
    state.round, state.phase = 1, D
    for hero in state.heroes:
        state.ap[hero.uid] = ap if isinstance(ap, int) else ap.get(hero.uid, 0)
    if state.scenario is not None:
        state.scenario.revealed |= {t.tile_id for t in board.layout.tiles.values()}
        state.scenario.settle(state)
    return state


def with_docs(pack: ContentPack, *docs) -> ContentPack:
    """``pack`` with ``docs`` added (replacing documents of the same kind and id)."""
    keys = {(d.kind, d.id) for d in docs}
    return ContentPack.from_documents([d for d in pack if (d.kind, d.id) not in keys] + list(docs))


def where(state: GameState, uid: str) -> tuple[int, int] | None:
    return state.board.position(uid)
