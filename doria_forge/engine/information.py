"""What the players know: information-state copies of a game for bots that look ahead.

The players see the board, every hero's cards, the shop, the discard piles and how many cards
each deck holds; they do not see the order of the undrawn cards, which Room Tiles the box gave
the Room Tile deck, or the dice to come. :func:`determinized` makes a copy of a game in which
exactly that hidden part is drawn afresh from what is still unseen (a *determinization*, one
sample of the information set: Cowling, Powley and Whitehouse, *Information Set Monte Carlo
Tree Search*, IEEE TCIAIG 2012):

* the Loot stacks (Traps included): their cards pooled and dealt back in a new order, each
  stack keeping its size;
* the monster deck and the Door Event deck: shuffled;
* the Room Tile deck: the tiles on top that nobody has seen are drawn again from the scenario's
  named tiles not yet seen plus, for its ``random_tiles``, the pack's other Room Tiles not yet
  seen; the target tile keeps its place (the scenario's ``target_position`` is printed in the
  setup, so the players know it), and the tiles that were drawn, did not fit and went under the
  deck keep theirs; a Boss Monster card still in the stack goes to any place of its third not
  drawn yet (the setup names the third; the place in it and the tile there are unseen);
* the dice: a fresh generator.

The copy depends only on what the players know and on ``seed``: two games that differ only in
hidden order give the same copy for the same seed (the unseen cards are put in a fixed order
before they are shuffled). It keeps no event log and no setup (it cannot be replayed, since its
setup would name the real game's seed). ``GameState.determinized(seed)`` calls it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData


def _rng(seed: int) -> random.Random:
    return random.Random(f"determinize:{seed}")


def determinized(state: GameData, seed: int) -> Any:
    """A copy of ``state`` (``state.copy``) whose hidden part is drawn afresh with ``seed``
    (see the module docstring). The original is not changed."""
    rng = _rng(seed)
    copy = state.copy(seed=seed, log=False)  # type: ignore[attr-defined]
    copy.setup = None
    if copy.loot is not None:
        stacks = copy.loot.stacks
        pool = sorted((c for s in stacks for c in s), key=lambda c: (c.kind, c.id, c.n))
        rng.shuffle(pool)
        at = 0
        for s in stacks:
            s[:] = pool[at:at + len(s)]
            at += len(s)
    if copy.monster_deck is not None:
        cards = sorted(copy.monster_deck.cards, key=lambda c: (c.kind, c.id, c.n))
        rng.shuffle(cards)
        copy.monster_deck.cards = cards
    if copy.door_events is not None:
        events = sorted(copy.door_events.cards)
        rng.shuffle(events)
        copy.door_events.cards = events
    if getattr(copy.board, "spatial", False) and hasattr(copy.board, "deck_unseen"):
        _room_tiles(copy, rng)
    return copy


def _room_tiles(state: Any, rng: random.Random) -> None:
    board = state.board
    unseen = min(board.deck_unseen, len(board.deck))
    if unseen <= 0:
        return
    top, below = board.deck[:unseen], board.deck[unseen:]
    setup = state.pack.scenarios[board.scenario].setup if board.scenario in state.pack.scenarios else None
    target = setup.target_tile if setup is not None else None
    fixed = top.index(target) if target in top else None
    holes = [i for i in range(len(top)) if i != fixed]
    drawn = _unseen_tiles(state, setup, below, len(holes), rng) if setup is not None else None
    if drawn is None:  # a given deck: its tiles are known, their order is not
        drawn = sorted(top[i] for i in holes)
    rng.shuffle(drawn)
    new = list(top)
    for i, tile in zip(holes, drawn, strict=True):
        new[i] = tile
    board.deck = new + below
    card = getattr(board, "boss_card_tile", None)
    if card in top:
        # a Boss Monster card still in the stack: the players know the third it was shuffled into,
        # not its place there, so it goes to any place of that third not drawn yet (each as likely
        # as the real one), on whichever tile the copy put there
        part = getattr(board, "boss_card_part", None)
        places = [i for i in range(unseen) if part[0] <= unseen - 1 - i < part[1]] if part else []
        board.boss_card_tile = new[rng.choice(places) if places else top.index(card)]


def _unseen_tiles(state: Any, setup: Any, below: list[str], count: int, rng: random.Random) -> list[str] | None:
    """``count`` Room Tiles the deck's unseen part may hold, from what the players know: the
    named tiles not seen yet, the rest drawn from the pack's other tiles not seen yet (the
    ``random_tiles``). ``None`` when that cannot account for ``count`` tiles."""
    pack = state.pack
    seen = Counter(placed.tile_id for placed in state.board.layout.tiles.values())
    seen.update(below)
    named = Counter(e.tile for e in setup.tile_deck for _ in range(e.count))
    left = sorted((named - seen).elements())
    extra = count - len(left)
    if extra < 0:
        return None
    excluded = {setup.start_tile, setup.target_tile, *named}
    pool = sorted(t for t in pack.room_tiles if t not in excluded and not pack.room_tiles[t].start_tile
                  and t not in seen)
    if extra > len(pool):
        return None
    return left + rng.sample(pool, extra)
