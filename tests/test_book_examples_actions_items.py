"""Book of Rules *Phase D: Action Phase*, *Phase E: Poison*, *Phase I*, *Action Phase* (*Walking*,
*Occupied squares*, *Throw Items*, *Take, Use or Repair Other Items*, *Carry Characters*,
*Wait*) and *Character Improvement*: the rules and figures the other test files leave
unchecked (tests/test_engine_phases.py, test_map_movement.py, test_engine_actions_other_items.py,
test_book_examples_map_actions.py and test_engine_levelup.py hold the worked examples).
Situations are built on the map with tests/map_helpers.py and the base pack's own cards."""

from __future__ import annotations

import pytest
from map_helpers import BASE, map_game, pack_with, tile, where

from doria_forge.engine.actions import (
    IllegalAction,
    Jump,
    PickUp,
    PutDown,
    RaiseAttribute,
    RepairOtherItem,
    SwapPlaces,
    TakeItem,
    ThrowItem,
    UseItem,
    UseOtherItem,
    Wait,
    Walk,
)
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.hero_sheet import ItemInstance
from doria_forge.engine.spawn import add_monster

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
    """*Take, Use or Repair Other Items (5 AP)* (book lines 1160 and 1164): the active character
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


# --------------------------------------------------------------------------- Phase D: Action Phase
def test_phase_d_a_character_with_1_ap_left_may_go_negative_but_one_at_0_acts_no_more():
    """*Phase D: Action Phase* (book line 936): "The last action may also bring that player to
    negative Action Points (no matter how high the cost) as long as the character was not at 0
    before (i.e. has at least 1 AP left) ... The only exception to this is the Walking Action".
    The Warrior at 1 AP drinks a Small Healing Potion from his Belt (5 + 4 = 9 AP) and ends at
    -8; he may walk 1 square but not 2. The Mage at 0 AP never acts: the round's actions end."""
    state = map_game(pack_with(ROOM), ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 3)}, ap={"warrior": 1, "mage": 0})
    warrior = state.hero("warrior")
    potion = _give(state, "warrior", "small_healing_potion", "belt")
    warrior.hp -= 3
    assert state.current_actor() == "warrior"
    acts = state.legal_actions()
    assert UseItem(potion.uid, None, True) in acts
    assert Walk((2, 1)) in acts and Walk((1, 1)) not in acts  # 1 square: 1 AP; 2 squares: no
    state.apply(UseItem(potion.uid, None, True))
    assert state.ap == {"warrior": 1 - 9, "mage": 0}
    assert warrior.hp == warrior.hp_max
    assert state.current_actor() is None  # nobody left with an Action Point: the Mage never acted


def test_phase_d_action_points_left_unused_expire_and_are_not_saved_for_the_next_round():
    """*Phase D: Action Phase* (book line 942): "The Action Points do not have to be used, the
    player can also wait and let Action Points expire. No Action Points may be accumulated or
    saved". Green (19 AP, *Phase C* Example 1) waits 4 AP and passes with 15 left, yellow passes
    with all 14: in round 2 they have their new initiative rolls alone, 19 and 14."""
    from dataclasses import replace

    from test_engine_state import NO_DECKS, make_state

    from doria_forge.engine import phases
    from doria_forge.engine.actions import EndTurn

    state = make_state(["green", "yellow"], faces=[5, 7, 4, 4, 5, 7, 4, 4], options=replace(NO_DECKS, max_rounds=3))
    phases.start_round(state)
    phases.advance(state)
    assert state.ap == {"green": 19, "yellow": 14} and state.current_actor() == "green"
    state.apply(Wait(4))
    state.apply(EndTurn())
    assert state.ap["green"] == 0 and state.current_actor() == "yellow"
    state.apply(EndTurn())
    assert state.round == 2 and state.phase == phases.D
    assert state.ap == {"green": 19, "yellow": 14}

def test_walking_may_use_up_exactly_the_action_points_left():
    """*Walking (1 AP per square)* (book lines 1048 and 1050): "A walking action can be as far as
    the player wants and as long as the character has Action Points"; "The character can never
    reach negative Action Points with a Walking action." With 3 AP the Warrior walks 3 squares of
    the corridor to 0 AP; the fourth square is out of reach."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior"], tiles=[("COR", (0, 0), 0)], at={"warrior": (2, 0)}, ap=3)
    acts = state.legal_actions()
    assert Walk((2, 3)) in acts and Walk((2, 4)) not in acts
    state.apply(Walk((2, 3)))
    assert where(state, "warrior") == (2, 3) and state.ap["warrior"] == 0


def test_walking_diagonally_takes_2_ap_over_an_adjacent_square():
    """*Walking (1 AP per square)* (book line 1044): "Moving diagonally (via corners) is not
    allowed ... For diagonal movement, 2 Action Points and a way over adjacent squares to the
    target square are necessary." The Warrior goes from (1, 1) to the diagonal square (2, 2):
    2 AP, over an orthogonal neighbour of both."""
    state = map_game(pack_with(ROOM), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (1, 1)}, ap=10)
    state.apply(Walk((2, 2)))
    assert state.ap["warrior"] == 10 - 2
    [middle, end] = state.log.last("moved")["path"]
    assert end == (2, 2) and middle in {(1, 2), (2, 1)}


def test_a_red_bordered_square_is_never_entered_or_walked_past_but_can_be_jumped_over():
    """*Occupied squares* (book lines 1054-1056): "Holes ... or other squares with Red Borders
    such as wells or barrels can also never be entered, but only jumped over." A well fills the
    middle of a corridor: the Warrior cannot walk onto it or past it; he jumps over it onto the
    square behind it (*Jumping*: 5 AP)."""
    corridor = tile("WELL", ["#####", "#####", "..R..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior"], tiles=[("WELL", (0, 0), 0)], at={"warrior": (2, 1)}, ap=20)
    acts = state.legal_actions()
    assert not any(isinstance(a, Walk) and a.to[1] >= 2 for a in acts)
    with pytest.raises(IllegalAction):
        state.copy().apply(Walk((2, 3)))
    assert Jump((2, 3)) in acts
    state.dice = ScriptedDice([9, 9])
    state.apply(Jump((2, 3)))
    assert where(state, "warrior") == (2, 3) and state.ap["warrior"] == 20 - 5


def test_wait_lets_a_character_with_fewer_action_points_act_first_and_the_points_are_lost():
    """*Wait* (book line 1186): a character may "wait for another character ... using up Action
    Points in increments of 1 AP until they want to act again. Action Points used for waiting
    are lost"; *Phase D* (book line 926): the highest marker is the active player. The Warrior
    (10 AP) waits 3 AP: the Mage (8 AP) acts before him; after her 1-square walk both stand at 7."""
    state = map_game(pack_with(ROOM), ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 3)}, ap={"warrior": 10, "mage": 8})
    assert state.current_actor() == "warrior"
    assert Wait(1) in state.legal_actions() and Wait(10) in state.legal_actions()
    state.apply(Wait(3))
    assert state.ap == {"warrior": 7, "mage": 8} and state.current_actor() == "mage"
    state.apply(Walk((1, 3)))
    assert state.ap == {"warrior": 7, "mage": 7}


# --------------------------------------------------------------------------- Phase E: Poison
@pytest.mark.parametrize(("con_wis", "faces", "before", "after"), [
    ((20, 20), (5, 5), 4, 1),   # 50 against 30: 20 above, two critical successes: 1 + 2 markers put away
    ((9, 8), (9, 6), 3, 2),     # 32: reached, no critical: 1 marker put away
    ((10, 5), (2, 3), 3, 4),    # 20: exactly 10 below, a critical failure without a Fumble: 1 more
    ((1, 1), (2, 3), 3, 5),     # 7: 23 below, two critical failures: 1 + 1 more
])
def test_phase_e_each_critical_success_puts_one_more_marker_away_each_critical_failure_adds_one(
        con_wis, faces, before, after):
    """*Phase E: Poison* (book lines 954-958): CON+WIS+2D against 28 + 2 x ML (30 at ML 1);
    reaching it puts one marker away, "1 additional Poison Marker per critical success" (every 10
    points above, *Critical Rolls and Fumbles*, line 442); "In case of a normal failure nothing
    changes", a critical failure (10 points below) "gains 1 additional Poison Marker - and
    additional Poison Markers for each additional critical failure"; then the character loses
    as many HP as markers remain."""
    from test_engine_state import make_state

    from doria_forge.engine import phases

    state = make_state(["adventurer"], faces=list(faces))
    hero = state.heroes[0]
    hero.set_attributes(CON=con_wis[0], WIS=con_wis[1])
    hero.poison_markers = before
    hp = hero.hp
    lost = phases.poison_check(state, hero)
    assert state.log.last("poison_check")["target_number"] == 30
    assert hero.poison_markers == after and lost == after and hero.hp == hp - after


# --------------------------------------------------------------------------- Throw Items
def test_a_card_the_thrown_item_displaces_goes_to_the_receiver_s_backpack_at_no_cost_to_the_receiver():
    """*Throw Items (0 - 10 AP)* (book lines 1128, 1134 and 1136): a card thrown from the Belt
    costs the thrower 4 AP; the receiver's card it replaces may only go "to another zone on the
    Body (if possible), into the Belt or the Backpack of the receiving character", and
    "Downgrading cards into the Belt or the Backpack is always possible at no cost". The
    Adventurer throws an Ironguard Cuirass from his Belt onto the Warrior's torso: the Tri-Anon
    Armor goes to the Warrior's Backpack and the Warrior keeps all his AP."""
    state = map_game(pack_with(ROOM), ["adventurer", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"adventurer": (1, 1), "warrior": (3, 3)}, ap={"adventurer": 20, "warrior": 12})
    cuirass = _give(state, "adventurer", "ironguard_cuirass", "belt")
    warrior = state.hero("warrior")
    armor = warrior.find("tri_anon_armor")
    state.apply(ThrowItem(cuirass.uid, "warrior", "equip", "backpack"))
    assert warrior.location(cuirass) == "torso" and warrior.location(armor) == "backpack"
    assert state.ap == {"adventurer": 20 - 4, "warrior": 12}


# --------------------------------------------------------------------------- Take, Use or Repair Other Items
def test_taking_an_item_needs_an_orthogonally_adjacent_square():
    """*Take, Use or Repair Other Items (5 AP)* (book line 1160): "the active character must get
    into range 1 of the other character on an adjacent square. It costs 5 Action Points to take
    any item"; *Adjacent* (line 450): only orthogonal squares are adjacent. The Warrior cannot
    take the Mage's Psi Orb from the diagonal square; one step later, beside her, for 5 AP."""
    state = map_game(pack_with(ROOM), ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (1, 1), "mage": (2, 2)}, ap={"warrior": 20})
    orb = state.hero("mage").find("psi_orb")
    take = TakeItem("mage", orb.uid, "backpack")
    assert take not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.copy().apply(take)
    state.apply(Walk((1, 2)))
    assert take in state.legal_actions()
    state.apply(take)
    assert state.ap["warrior"] == 20 - 1 - 5 and state.hero("warrior").location(orb) == "backpack"


def test_another_character_s_armor_set_is_repaired_together_plus_5_ap_but_not_a_part_in_the_backpack():
    """*Take, Use or Repair Other Items (5 AP)* (book line 1168): "If armor, a set of armor or an
    item of another character is repaired, 5 Action Points are added to the repair cost, but the
    item stays with the original owner. Even if done by another character, items in the Backpack
    may only be repaired separately"; *Repair Equipment* (line 1154): a set for "the highest
    Action Points of all involved and damaged set items". The Warrior wears the damaged Ironguard
    Helm (9 AP) and Cuirass (12 AP), the damaged Gauntlets (8 AP) lie in his Backpack: the
    Adventurer beside him repairs helm and cuirass for 12 + 5 = 17 AP, the Gauntlets alone for
    8 + 5 = 13 AP, never with the set."""
    state = map_game(pack_with(ROOM), ["adventurer", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"adventurer": (2, 2), "warrior": (2, 3)}, ap={"adventurer": 40})
    warrior = state.hero("warrior")
    helm, cuirass, gauntlets = (ItemInstance(BASE.equipment[f"ironguard_{part}"], f"warrior/{part}")
                                for part in ("helm", "cuirass", "gauntlets"))
    warrior.equip(helm, displace="backpack")
    warrior.equip(cuirass, displace="backpack")
    warrior.move_to_backpack(gauntlets)
    for item in (helm, cuirass, gauntlets):
        item.damaged = True
    with pytest.raises(IllegalAction):
        state.copy().apply(RepairOtherItem("warrior", (helm.uid, cuirass.uid, gauntlets.uid)))
    state.apply(RepairOtherItem("warrior", (helm.uid, cuirass.uid)))
    assert state.ap["adventurer"] == 40 - 17 and not helm.damaged and not cuirass.damaged
    state.apply(RepairOtherItem("warrior", (gauntlets.uid,)))
    assert state.ap["adventurer"] == 23 - 13 and not gauntlets.damaged
    assert [warrior.location(i) for i in (helm, cuirass, gauntlets)] == ["head", "torso", "backpack"]


# --------------------------------------------------------------------------- Carry Characters
def _corridor_with_two_lying():
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage", "priestess"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 1), "priestess": (2, 2)}, ap={"warrior": 30})
    return state


def test_only_one_unconscious_character_is_carried_and_never_a_conscious_one():
    """*Carry Characters (2 - 10 AP)* (book line 1180): "Only one unconscious person can be
    carried per character. Active characters that are conscious can never be carried". The
    Priestess, conscious, cannot be picked up; once the Mage lies unconscious she can be, and
    with the Mage on his back the Warrior cannot pick up the Priestess as well when she too lies
    unconscious on the next square."""
    state = _corridor_with_two_lying()
    assert PickUp("mage") not in state.legal_actions()
    state.hero("mage").unconscious = True
    state.board.after_initiative(state)  # unconsciousness begins at the initiative roll
    state.apply(PickUp("mage"))
    state.hero("priestess").unconscious = True
    state.board.after_initiative(state)
    state.apply(Walk((2, 2)))
    assert where(state, "warrior") == (2, 2) and state.board.carried == {"warrior": "mage"}
    assert PickUp("priestess") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.copy().apply(PickUp("priestess"))


def test_a_carried_character_is_dropped_on_the_carrier_s_square_for_no_ap_and_moved_no_further():
    """*Carry Characters (2 - 10 AP)* (book lines 1174-1176): unconscious characters "cannot move
    on their own"; one is picked up "as soon as they are on the same square. Simply place the
    Initiative Marker of the unconscious player under the figure of the player still moving.
    Picking up or dropping unconscious characters does not interrupt a walking action";
    *Unconsciousness* (book line 1693): a lying character occupies no square. Dropping leaves the
    Mage under the Warrior, on his square, for no AP - never a square further on (that would
    carry her one more square for nothing) - and that square is always there, even with the
    Priestess on one side and an Orc on the other."""
    state = _corridor_with_two_lying()
    state.hero("mage").unconscious = True
    state.board.after_initiative(state)
    state.apply(PickUp("mage"))  # the step onto her square (2, 1); the Priestess stands on (2, 2)
    ap = state.ap["warrior"]
    assert [a for a in state.legal_actions() if isinstance(a, PutDown)] == [PutDown((2, 1))]
    with pytest.raises(IllegalAction):
        state.copy().apply(PutDown((2, 0)))
    add_monster(state, "orc", near=(2, 0))
    assert where(state, state.monsters[0].uid) == (2, 0)
    state.apply(PutDown((2, 1)))
    assert state.ap["warrior"] == ap and state.board.carried == {}
    assert where(state, "mage") == (2, 1) and where(state, "warrior") == (2, 1)


def test_swapping_places_while_carrying_costs_double():
    """*Carry Characters (2 - 10 AP)* (book line 1174): "For any movement action (walking,
    jumping, swap place) the Action Point cost will be doubled while carrying another
    character"; *Swap Places* costs 5 AP. The Warrior carrying the Mage swaps places with the
    Priestess for 2 x 5 = 10 AP and takes the Mage with him."""
    state = _corridor_with_two_lying()
    state.hero("mage").unconscious = True
    state.board.after_initiative(state)
    state.apply(PickUp("mage"))
    ap = state.ap["warrior"]
    state.apply(SwapPlaces("priestess"))
    assert state.ap["warrior"] == ap - 10
    assert (where(state, "warrior"), where(state, "mage"), where(state, "priestess")) == ((2, 2), (2, 2), (2, 1))


# --------------------------------------------------------------------------- Character Improvement
def test_character_improvement_a_higher_psi_points_value_raises_maximum_and_current_points():
    """*Character Improvement* (book line 1719): "the calculated values (Hit Points, Initiative
    Points, Psi Points) are checked again. If a calculated value has changed, the maximum and
    the current values are both increased respectively" (PP = (WIS + PSI) / 2 rounded down).
    The Mage (WIS 13, PSI 13, 10 of 13 PP) raises WIS: 27 / 2 is still 13, nothing changes;
    then PSI: 14 of maximum 14 and 11 current."""
    from test_engine_state import make_state

    from doria_forge.engine import phases

    state = make_state(["mage", "adventurer"])
    mage = state.heroes[0]
    assert (mage.attribute("WIS"), mage.attribute("PSI"), mage.pp_max) == (13, 13, 13)
    mage.pp, mage.attribute_points = 10, 2
    state.phase, state.decision_queue = phases.H, ["mage"]
    state.apply(RaiseAttribute("WIS"))
    assert (mage.pp, mage.pp_max) == (10, 13)
    state.apply(RaiseAttribute("PSI"))
    assert (mage.pp, mage.pp_max) == (11, 14)


# --------------------------------------------------------------------------- Phase I
def test_phase_i_a_card_from_the_backpack_pays_and_the_bought_item_goes_straight_to_a_friend():
    """*Phase I: Buy or Remove Shop Items* (book line 1020): "The items used to trade may be taken
    from any part of the Character Mats, including the Belt or Backpack ... Once the item is
    acquired, it can be directly thrown ... to any character (if done directly after buying it
    without any Action Point cost)." The Adventurer pays for the Hypno Hat (2 gold) with the
    Relic (3 gold) from his Backpack; the Mage receives it on her head, the Wizard Hat going to
    her Backpack; nobody's Action Points change."""
    from test_engine_decks import LOOT, eq
    from test_engine_state import make_state

    from doria_forge.engine import phases
    from doria_forge.engine.actions import Buy
    from doria_forge.engine.decks import LootDecks
    from doria_forge.engine.loot import give_card

    state = make_state(["adventurer", "mage"], options=LOOT)
    state.loot = LootDecks.from_cards([])
    state.loot.shop = [eq("hypno_hat"), None, None]
    adventurer, mage = state.heroes
    relic = give_card(state, adventurer, eq("relic"))
    adventurer.move_to_backpack(relic)
    wizard_hat = mage.head
    state.round, state.phase, state.shop_open = 1, phases.I, True
    ap = dict(state.ap)
    state.apply(Buy((0,), (("adventurer", relic.uid),), "mage", equip=True))
    assert mage.head is not None and mage.head.card.id == "hypno_hat"
    assert mage.location(wizard_hat) == "backpack" and adventurer.location(relic) is None
    assert state.loot.shop == [None, None, None] and state.ap == ap
