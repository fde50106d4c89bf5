"""With friends, the greedy bot heals a friend at a third of its HP or less with a healing item
that may target a friend, while it has the AP and the card's PP; the most hurt friend first
(``bots._heal_friend``): a friend next to it before attacking (``_care``), a friend further away
that the item reaches (``use_items.friend_reach``: a spell's range, doubled by *Range x2*, in Line
of Sight; a potion range 1) when it has no step on the map and no attack (``_heal_from_afar``)."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile, with_docs

from doria_forge.engine.actions import Attack, UseItem, Walk
from doria_forge.engine.hero_sheet import ItemInstance
from doria_forge.sim.bots import _heal_friend, greedy_bot

ROOM = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def _room(healer: str):
    """``healer`` between a mage and a warrior, an Orc in the far corner."""
    return map_game(pack_with(ROOM), [healer, "warrior", "mage"], tiles=[("C", (0, 0), 0)],
                    at={healer: (2, 2), "warrior": (2, 3), "mage": (2, 1)}, monsters=[("orc", (0, 4))], ap=20)


def test_the_most_hurt_friend_next_to_the_healer_is_healed():
    state = _room("priestess")
    priestess, warrior, mage = (state.hero(u) for u in ("priestess", "warrior", "mage"))
    spell = priestess.find("small_healing_spell")
    assert _heal_friend(state, priestess, 20, near=True) is None  # nobody hurt
    warrior.hp, mage.hp = 1, 1
    # both at 1 HP: the warrior, further below his maximum, is worse off
    assert warrior.hp_max > mage.hp_max
    assert _heal_friend(state, priestess, 20, near=True) == UseItem(spell.uid, "warrior", False)
    warrior.hp = warrior.hp_max // 3 + 1  # above a third: no longer hurt enough
    assert _heal_friend(state, priestess, 20, near=True) == UseItem(spell.uid, "mage", False)
    warrior.hp = 1
    assert _heal_friend(state, priestess, 0, near=True) is None  # no AP left
    priestess.pp = (spell.card.pp or 0) - 1
    assert _heal_friend(state, priestess, 20, near=True) is None  # not the card's PP


def test_a_hero_without_an_item_that_heals_a_friend_heals_nobody():
    state = _room("huntress")
    state.hero("warrior").hp = 1
    hero = state.hero("huntress")
    assert not any(i.card.effect is not None and i.card.effect.heal_hp > 0
                   and getattr(i.card.effect, "targets", "self") != "self" for i in hero.body_items + hero.belt)
    assert _heal_friend(state, hero, 20, near=True) is None


def _three_squares_apart(pack, healer: str):
    """``healer`` three squares west of a Warrior at 1 HP who stands next to an Orc: the party is
    engaged, and the healer has no attack on the Orc from where it stands."""
    state = map_game(pack, [healer, "warrior"], tiles=[("C", (0, 0), 0)],
                     at={healer: (2, 1), "warrior": (2, 4)}, monsters=[("orc", (1, 4))], ap=20)
    state.hero("warrior").hp = 1
    return state


def test_a_healer_heals_a_friend_three_squares_away_when_the_spell_reaches_and_walks_with_a_potion():
    """A healing spell reaches a friend at its range in Line of Sight (the engine's
    ``use_items.friend_reach``, *Range and Line of Sight*); a potion on a friend only within range 1
    (*Take, Use or Repair Other Items*). With a range-3 Small Healing Spell the Priestess heals the
    Warrior three squares away from where she stands; with the printed range 1 she walks, and so
    does a Scoundrel whose healing potion may go to a friend, who uses it once next to him."""
    base = pack_with(ROOM)
    spell = base.equipment["small_healing_spell"]
    far = _three_squares_apart(with_docs(base, spell.model_copy(update={"range": 3})), "priestess")
    heal = UseItem(far.hero("priestess").find("small_healing_spell").uid, "warrior", False)
    assert heal in far.legal_actions()
    assert greedy_bot(far) == heal

    near = _three_squares_apart(base, "priestess")
    assert isinstance(greedy_bot(near), Walk)

    potion = base.equipment["greater_healing_potion"]
    for_a_friend = potion.model_copy(update={
        "id": "friend_potion", "effect": potion.effect.model_copy(update={"targets": "self_or_friend"})})
    state = _three_squares_apart(with_docs(base, for_a_friend), "scoundrel")
    state.hero("scoundrel").belt.append(ItemInstance(for_a_friend, "scoundrel/friend_potion:1"))
    assert isinstance(greedy_bot(state), Walk)
    state.board.move_to("scoundrel", (2, 3))  # next to the Warrior the potion reaches him
    assert greedy_bot(state) == UseItem("scoundrel/friend_potion:1", "warrior", True)


def test_a_friend_out_of_range_1_is_healed_only_when_the_healer_has_no_attack():
    """Healing a friend further away comes after the healer's attack (``_heal_from_afar``): with
    the Orc within reach of her Sun Staff the Priestess attacks it; a friend next to her she heals
    first, as before (``_care``)."""
    base = pack_with(ROOM)
    spell = base.equipment["small_healing_spell"]
    state = map_game(with_docs(base, spell.model_copy(update={"range": 3})), ["priestess", "warrior"],
                     tiles=[("C", (0, 0), 0)], at={"priestess": (1, 2), "warrior": (3, 3)},
                     monsters=[("orc", (1, 3))], ap=20)
    state.hero("warrior").hp = 1
    heal = UseItem(state.hero("priestess").find("small_healing_spell").uid, "warrior", False)
    assert _heal_friend(state, state.hero("priestess"), 20, near=False) == heal  # 3 squares: reached
    assert isinstance(greedy_bot(state), Attack)
    state.board.move_to("warrior", (2, 2))
    assert greedy_bot(state) == heal


def test_range_x2_lets_the_priestess_heal_a_friend_two_squares_away_from_where_she_stands():
    """*Range x2* doubles "all spells (including defensive and healing spells)": the shipped Small
    Healing Spell (range 1) reaches a hurt friend two squares away with the bonus, and the greedy bot
    casts it there instead of walking up to the Orc."""
    state = map_game(pack_with(ROOM), ["priestess", "warrior"], tiles=[("C", (0, 0), 0)],
                     at={"priestess": (2, 2), "warrior": (2, 4)}, monsters=[("orc", (1, 4))], ap=20)
    state.hero("warrior").hp = 1
    priestess = state.hero("priestess")
    spell = priestess.find("small_healing_spell")
    assert _heal_friend(state, priestess, 20, near=False) is None
    assert isinstance(greedy_bot(state), Walk)
    priestess.hero_bonuses.add("double_range")
    assert _heal_friend(state, priestess, 20, near=True) is None
    assert _heal_friend(state, priestess, 20, near=False) == UseItem(spell.uid, "warrior", False)
    assert greedy_bot(state) == UseItem(spell.uid, "warrior", False)
