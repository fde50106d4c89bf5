"""With friends, the greedy bot heals a friend at a third of its HP or less within range 1 with a
healing item that may target a friend, while it has the AP and the card's PP; the most hurt
friend first (``bots._heal_friend``)."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

from doria_forge.engine.actions import UseItem
from doria_forge.sim.bots import _heal_friend

ROOM = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def _room(healer: str):
    """``healer`` between a mage and a warrior, an Orc in the far corner."""
    return map_game(pack_with(ROOM), [healer, "warrior", "mage"], tiles=[("C", (0, 0), 0)],
                    at={healer: (2, 2), "warrior": (2, 3), "mage": (2, 1)}, monsters=[("orc", (0, 4))], ap=20)


def test_the_most_hurt_friend_next_to_the_healer_is_healed():
    state = _room("priestess")
    priestess, warrior, mage = (state.hero(u) for u in ("priestess", "warrior", "mage"))
    spell = priestess.find("small_healing_spell")
    assert _heal_friend(state, priestess, 20) is None  # nobody hurt
    warrior.hp, mage.hp = 1, 1
    # both at 1 HP: the warrior, further below his maximum, is worse off
    assert warrior.hp_max > mage.hp_max
    assert _heal_friend(state, priestess, 20) == UseItem(spell.uid, "warrior", False)
    warrior.hp = warrior.hp_max // 3 + 1  # above a third: no longer hurt enough
    assert _heal_friend(state, priestess, 20) == UseItem(spell.uid, "mage", False)
    warrior.hp = 1
    assert _heal_friend(state, priestess, 0) is None  # no AP left
    priestess.pp = (spell.card.pp or 0) - 1
    assert _heal_friend(state, priestess, 20) is None  # not the card's PP


def test_a_hero_without_an_item_that_heals_a_friend_heals_nobody():
    state = _room("huntress")
    state.hero("warrior").hp = 1
    hero = state.hero("huntress")
    assert not any(i.card.effect is not None and i.card.effect.heal_hp > 0
                   and getattr(i.card.effect, "targets", "self") != "self" for i in hero.body_items + hero.belt)
    assert _heal_friend(state, hero, 20) is None
