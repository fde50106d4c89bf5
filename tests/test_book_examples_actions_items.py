"""Book of Rules *Phase D: Action Phase*, *Phase E: Poison*, *Action Phase* (*Walking*,
*Occupied squares*, *Throw Items*, *Take, Use or Repair Other Items*, *Carry Characters*,
*Wait*) and *Character Improvement*: the rules and figures the other test files leave
unchecked (tests/test_engine_phases.py, test_map_movement.py, test_engine_actions_other_items.py,
test_book_examples_map_actions.py and test_engine_levelup.py hold the worked examples).
Situations are built on the map with tests/map_helpers.py and the base pack's own cards."""

from __future__ import annotations

import pytest
from map_helpers import BASE, map_game, pack_with, tile

from doria_forge.engine.actions import IllegalAction, UseItem, UseOtherItem
from doria_forge.engine.hero_sheet import ItemInstance

ROOM = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "#####"], doors=[])
"""A closed room: floor squares (1..3, 1..3) of slot (0, 0)."""


def _give(state, hero_uid: str, card_id: str, where_to: str) -> ItemInstance:
    """A new card of the base pack's ``card_id`` on ``hero_uid``'s Belt or in its Backpack."""
    hero = state.hero(hero_uid)
    item = ItemInstance(BASE.equipment[card_id], f"{hero_uid}/{card_id}:test")
    (hero.move_to_belt if where_to == "belt" else hero.move_to_backpack)(item)
    return item


# --------------------------------------------------------------------------- potions on a friend
def _potion_room():
    """The Warrior in the middle of the room, the Mage next to him (range 1), the Priestess two
    squares away on the diagonal (range 2: ranges count orthogonal squares); both hurt."""
    state = map_game(pack_with(ROOM), ["warrior", "mage", "priestess"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 3), "priestess": (1, 1)},
                     ap={"warrior": 20})
    state.hero("mage").hp = 1
    state.hero("priestess").hp = 1
    return state


def test_a_hero_infuses_a_friend_within_range_1_with_a_small_healing_potion_from_its_own_belt():
    """*Take, Use or Repair Other Items (5 AP)* (book line 1164): an item is used "to infuse a
    character within range 1 with a potion, drink the potion yourself or use a weapon" - the uses
    a potion has, whoever carries it; *Attack or Use Items* (line 1144): from the Belt the 4 AP of
    the Belt are added to the card's AP. The base pack's Small Healing Potion (5 AP, 3 HP) on the
    Warrior's Belt heals the Mage beside him for 5 + 4 = 9 AP; the Priestess on a diagonal square
    (not range 1: ranges count orthogonal squares) cannot be infused."""
    state = _potion_room()
    potion = _give(state, "warrior", "small_healing_potion", "belt")
    mage, priestess = state.hero("mage"), state.hero("priestess")
    acts = state.legal_actions()
    assert UseItem(potion.uid, "mage", True) in acts
    assert UseItem(potion.uid, "priestess", True) not in acts
    with pytest.raises(IllegalAction):
        state.copy().apply(UseItem(potion.uid, "priestess", True))
    state.apply(UseItem(potion.uid, "mage", True))
    assert state.ap["warrior"] == 20 - (5 + 4)
    assert mage.hp == 1 + 3 and priestess.hp == 1
    assert state.hero("warrior").location(potion) is None  # "Used potions are simply discarded"


@pytest.mark.parametrize("card_id", ["small_healing_potion", "greater_healing_potion", "psi_potion", "antidote"])
def test_every_potion_of_the_base_pack_may_be_given_to_a_friend(card_id):
    """*Take, Use or Repair Other Items (5 AP)* (book line 1164): "infuse a character within
    range 1 with a potion" names no kind of potion: each of the base pack's potions says so in
    its data (``effect.targets``), the engine's vocabulary for who a card may be used on."""
    effect = BASE.equipment[card_id].effect
    assert BASE.equipment[card_id].card_type == "potion" and effect is not None
    assert effect.targets == "self_or_friend"


def test_a_potion_taken_from_a_friend_infuses_only_a_character_within_range_1_of_the_user():
    """*Take, Use or Repair Other Items (5 AP)* (book lines 1162 and 1164): the active character
    stands in range 1 of the owner and takes the potion from its Backpack "to infuse a character
    within range 1 with a potion"; "the necessary Action Points of the item being used are then
    added to the 5 Action Points". The Warrior takes the Mage's Small Healing Potion (5 AP) and
    gives it to the Mage herself: 5 + 5 = 10 AP; the Priestess on the diagonal is not in range 1
    of the Warrior."""
    state = _potion_room()
    potion = _give(state, "mage", "small_healing_potion", "backpack")
    acts = state.legal_actions()
    assert UseOtherItem("mage", potion.uid, "mage") in acts
    assert UseOtherItem("mage", potion.uid, "priestess") not in acts
    with pytest.raises(IllegalAction):
        state.copy().apply(UseOtherItem("mage", potion.uid, "priestess"))
    state.apply(UseOtherItem("mage", potion.uid, "mage"))
    assert state.ap["warrior"] == 20 - (5 + 5) and state.hero("mage").hp == 1 + 3
    assert state.hero("mage").location(potion) is None and state.hero("warrior").location(potion) is None


def test_a_healing_spell_taken_from_a_friend_reaches_a_friend_only_within_the_spell_s_range():
    """*Take, Use or Repair Other Items (5 AP)* (book line 1164): a taken item is used as its
    owner would use it - a spell keeps its range (*Range and Line of Sight*). The Priestess'
    Small Healing Spell (range 1, 18 AP, TN 25 with CON + PSI) taken by the Warrior next to her:
    a friend two squares from the Warrior is out of its range."""
    state = map_game(pack_with(ROOM), ["warrior", "priestess", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "priestess": (2, 1), "mage": (2, 3)}, ap={"warrior": 30})
    state.hero("mage").hp = 1
    far = map_game(pack_with(ROOM), ["warrior", "priestess", "mage"], tiles=[("ROOM", (0, 0), 0)],
                   at={"warrior": (2, 2), "priestess": (2, 1), "mage": (3, 3)}, ap={"warrior": 30})
    for game in (state, far):
        warrior = game.hero("warrior")
        warrior.set_attributes(CON=15, PSI=15)  # the card's requirements (CON 8, PSI 10)
    spell = state.hero("priestess").find("small_healing_spell")
    assert UseOtherItem("priestess", spell.uid, "mage") in state.legal_actions()
    far_spell = far.hero("priestess").find("small_healing_spell")
    assert UseOtherItem("priestess", far_spell.uid, "mage") not in far.legal_actions()
    with pytest.raises(IllegalAction):
        far.apply(UseOtherItem("priestess", far_spell.uid, "mage"))
