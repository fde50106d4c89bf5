"""Information-state copies (engine.information, GameState.determinized): what the players know
stays, what they do not know is drawn afresh, and nothing else decides the copy."""

from __future__ import annotations

import random
from collections import Counter

from doria_forge.engine.game import GameState
from doria_forge.sim.bots import greedy_bot


def _played(pack, scenario: str, players: int, seed: int, actions: int) -> GameState:
    state = GameState.new(pack, sorted(c for c, d in pack.characters.items() if d.premade)[:players], seed=seed,
                          scenario=scenario)
    for _ in range(actions):
        if state.is_over():
            break
        state.apply(greedy_bot(state))
    return state


def shuffle_hidden(state: GameState, seed: int) -> GameState:
    """A copy of ``state`` whose hidden part is put in another order by hand, as the test's own
    reading of what the players cannot see: the undrawn Loot cards (across the stacks, each
    stack keeping its size), the monster and Door Event decks, the Room Tiles nobody has seen
    (the target tile keeping its printed place; a tile the scenario's ``random_tiles`` drew is
    another of the pack's tiles nobody has seen), the place of a Boss Monster card still in the
    stack (within its third), the dice, and the setup's seed (which, with the history, would
    replay the whole game)."""
    rng = random.Random(seed)
    copy = state.copy(seed=seed + 1)
    if copy.setup is not None:
        copy.setup = dict(copy.setup, seed=rng.randrange(2 ** 62))
    if copy.loot is not None:
        pool = [c for s in copy.loot.stacks for c in s]
        rng.shuffle(pool)
        at = 0
        for s in copy.loot.stacks:
            s[:] = pool[at:at + len(s)]
            at += len(s)
    if copy.monster_deck is not None:
        rng.shuffle(copy.monster_deck.cards)
    if copy.door_events is not None:
        rng.shuffle(copy.door_events.cards)
    board = copy.board
    if board.spatial:
        top = board.deck[:board.deck_unseen]
        _other_random_tiles(copy, top, rng)
        target = copy.scenario.scenario.setup.target_tile if copy.scenario is not None else None
        free = [i for i, t in enumerate(top) if t != target]
        tiles = [top[i] for i in free]
        rng.shuffle(tiles)
        for i, t in zip(free, tiles, strict=True):
            top[i] = t
        board.deck[:board.deck_unseen] = top
        _other_boss_card_place(board, top, rng)
    return copy


def _boss_card_places(board) -> list[int]:
    """The places of the unseen Room Tiles (0: the top) where the Boss Monster card may lie as
    far as the players know: its third as the setup named it, less the tiles drawn since."""
    unseen = board.deck_unseen
    low, high = board.boss_card_part
    return [i for i in range(unseen) if low <= unseen - 1 - i < high]


def _other_boss_card_place(board, unseen: list[str], rng: random.Random) -> None:
    """Put a Boss Monster card still in the stack on another of the places it may lie on."""
    if board.boss_card_tile in unseen:
        board.boss_card_tile = unseen[rng.choice(_boss_card_places(board))]


def _other_random_tiles(state: GameState, unseen: list[str], rng: random.Random) -> None:
    """Replace in ``unseen`` (the Room Tiles nobody has seen) each tile that the scenario's named
    tiles do not account for, drawn at random from the pack (``random_tiles``), by another tile
    of the pack nobody has seen."""
    setup = state.scenario.scenario.setup if state.scenario is not None else None
    if setup is None or not setup.tile_deck or not setup.random_tiles:
        return
    board = state.board
    named = Counter(e.tile for e in setup.tile_deck for _ in range(e.count))
    left = named - Counter(t.tile_id for t in board.layout.tiles.values()) - Counter(board.deck[board.deck_unseen:])
    spare = sorted(t for t, doc in state.pack.room_tiles.items()
                   if not doc.start_tile and t not in named and t not in board.deck
                   and t not in {setup.start_tile, setup.target_tile}
                   and all(p.tile_id != t for p in board.layout.tiles.values()))
    for i, tile in enumerate(unseen):
        if left[tile] > 0:
            left[tile] -= 1
        elif tile != setup.target_tile and spare:
            unseen[i] = spare.pop(rng.randrange(len(spare)))


def _known(state: GameState) -> tuple:
    board = state.board
    return (
        [len(s) for s in state.loot.stacks], list(state.loot.shop), list(state.loot.discard),
        Counter(c for s in state.loot.stacks for c in s), Counter(state.monster_deck.cards),
        list(state.monster_deck.discard), dict(board.positions), sorted(board.layout.tiles),
        len(board.deck), board.deck[board.deck_unseen:], [h.hp for h in state.heroes],
        [sorted(i.card.id for i in h.all_items()) for h in state.heroes], state.round, state.phase,
        state.current_actor(), state.legal_actions(),
    )


def test_a_determinized_copy_keeps_what_the_players_see_and_redraws_the_rest(shipped_pack):
    state = _played(shipped_pack, "goblin_warren", 4, seed=3, actions=60)
    copies = [state.determinized(s) for s in range(6)]
    for copy in copies:
        assert _known(copy) == _known(state)
        assert copy.setup is None and not copy.log.enabled
    # the order of the undrawn cards and the dice differ between samples
    assert len({tuple(c for s in copy.loot.stacks for c in s) for copy in copies}) > 1
    assert len({tuple(copy.monster_deck.cards) for copy in copies}) > 1
    assert len({copy.dice.roll("6D").total for copy in copies}) > 1
    assert state.dice._rng.getstate() == _played(shipped_pack, "goblin_warren", 4, 3, 60).dice._rng.getstate()


def test_the_copy_depends_only_on_what_the_players_know(shipped_pack):
    """Two games that differ only in the hidden order give the same copy for the same seed."""
    state = _played(shipped_pack, "sunken_reliquary", 2, seed=8, actions=40)
    other = shuffle_hidden(state, 99)
    assert other.loot.stacks != state.loot.stacks or other.monster_deck.cards != state.monster_deck.cards
    a, b = state.determinized(5), other.determinized(5)
    assert a.loot.stacks == b.loot.stacks and a.monster_deck.cards == b.monster_deck.cards
    assert a.board.deck == b.board.deck and a.dice.roll("8D") == b.dice.roll("8D")


def test_the_target_tile_keeps_its_printed_place_and_random_tiles_come_from_the_unseen_ones(shipped_pack):
    """Sunken Reliquary: two named tiles and one random tile shuffled, F-1 third from the top
    (the setup says so: the players know where the target lies). Which random tile the box gave
    is not known: copies draw it from the pack's tiles nobody has seen."""
    state = GameState.new(shipped_pack, ["warrior", "mage"], seed=4, scenario="sunken_reliquary")
    setup = shipped_pack.scenarios["sunken_reliquary"].setup
    named = {e.tile for e in setup.tile_deck}
    assert state.board.deck[setup.target_position - 1] == setup.target_tile
    randoms = set()
    for s in range(40):
        deck = state.determinized(s).board.deck
        assert deck[setup.target_position - 1] == setup.target_tile and len(deck) == len(state.board.deck)
        assert named <= set(deck)
        randoms |= set(deck) - named - {setup.target_tile}
    assert len(randoms) > 3
    assert not randoms & {setup.start_tile, *named}


def test_a_tile_that_did_not_fit_is_known_at_the_bottom_of_the_deck(shipped_pack):
    state = GameState.new(shipped_pack, ["warrior"], seed=4, scenario="goblin_warren")
    board = state.board
    assert board.deck_unseen == len(board.deck)
    skipped = board.deck.pop(0)  # as the engine does with a tile that fits nowhere
    board.deck.append(skipped)
    board.deck_unseen -= 1
    for s in range(10):
        assert state.determinized(s).board.deck[-1] == skipped


def _boss_game(pack, boss: str, players: int, seed: int, tiles: int = 0) -> GameState | None:
    """A Boss Monster card's exploration game, played by greedy until ``tiles`` Room Tiles besides
    the start tile lie on the map; ``None`` when the boss card came out before or the game ended."""
    from doria_forge.model.exploration_game import with_exploration

    game_pack, scenario = with_exploration(pack, boss)
    state = GameState.new(game_pack, sorted(c for c, d in pack.characters.items() if d.premade)[:players],
                          seed=seed, scenario=scenario, log=False)
    board = state.board
    while len(board.layout.tiles) - 1 < tiles and not state.is_over():
        state.apply(greedy_bot(state))
    return state if board.boss_card_tile in board.deck[:board.deck_unseen] and not state.is_over() else None


def test_a_boss_cards_place_in_its_third_is_drawn_afresh(shipped_pack):
    """Hollow King: the card is shuffled into the top third of the Room Tile stack (the players
    know the third, not the place). Copies put it anywhere in that third not drawn yet, whatever
    its real place; two games that differ only in its place give the same copy."""
    from doria_forge.engine.map.dungeon import stack_part

    checked = 0
    for seed in range(12):
        for tiles in (0, 1, 2):
            state = _boss_game(shipped_pack, "hollow_king", 2, seed, tiles)
            if state is None:
                continue
            board = state.board
            built = len(board.deck) + len(board.layout.tiles) - 1  # every tile placed came from the stack
            low, high = stack_part(built, "top_third")
            drawn = built - board.deck_unseen
            third = set(range(max(0, low - drawn), high - drawn))
            places = set()
            for s in range(40):
                deck = state.determinized(s).board
                places.add(deck.deck.index(deck.boss_card_tile))
            assert places == third, (seed, tiles, board.deck.index(board.boss_card_tile))
            other = shuffle_hidden(state, seed)
            a, b = state.determinized(7).board, other.determinized(7).board
            assert (a.deck, a.boss_card_tile) == (b.deck, b.boss_card_tile)
            checked += len(third) > 1
    assert checked >= 10
