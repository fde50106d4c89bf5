"""General Setup and Preparing Characters: starting Loot Cards (options.setup_loot)."""

import pytest

from doria_forge.engine.decks import TRAP
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.validate import validate_pack

PACK = validate_pack("content").pack
SETUP = GameOptions(setup_loot=True, start_bonuses=False)


@pytest.mark.parametrize(("heroes", "cards"), [
    (["warrior"], 10),                       # 1 Player: refill to 10 instead of 6
    (["warrior", "mage"], 8),                # 2 Players: refill to 8
    (["warrior", "mage", "ranger"], 6),      # Preparing Characters: fill up to 6 items
])
def test_heroes_start_with_the_setup_count_of_cards(heroes, cards):
    for seed in range(12):
        state = GameState.new(PACK, heroes, seed=seed, options=SETUP)
        for hero in state.heroes:
            assert len(hero.all_items()) == cards, (seed, hero.uid)


def test_traps_drawn_in_setup_are_set_aside_and_replaced():
    """Preparing Characters: Traps drawn in the setup "may be discarded and the player can refill
    their cards": in every seeded game where the solo hero's setup drew Traps, the hero still
    holds 10 cards and the Traps lie on the discard pile, not with the hero."""
    seen = 0
    for seed in range(60):
        state = GameState.new(PACK, ["warrior"], seed=seed, options=SETUP)
        traps = [c for c in state.loot.discard if c.kind == TRAP]
        if not traps:
            continue
        seen += 1
        assert len(state.heroes[0].all_items()) == 10
        assert not state.gold_cards.get("warrior")
    assert seen > 0, "no seed drew a Trap in the setup: the test would not check anything"
