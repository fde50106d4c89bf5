"""Other characters' items as game-state actions (Book of Rules chapter *Action Phase*):
*Throw Items (0 - 10 AP)* (``ThrowItem``) and *Take, Use or Repair Other Items (5 AP)*
(``TakeItem``, ``UseOtherItem``, ``RepairOtherItem``), with the hero bonus *Fast Hands*
(chapter *Hero bonuses*: "Every item the character uses or repairs will cost 3 Action
Points less ... reaching into another player's Backpack costs only 2 Action Points
instead of 5"), listed by ``legal_actions`` and used by the greedy bot.
"""

from __future__ import annotations

import pytest
from test_engine_state import NO_DECKS, make_pack, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import (
    RepairOtherItem,
    TakeItem,
    ThrowItem,
    UseItem,
    UseOtherItem,
)
from doria_forge.engine.board import NoMap
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import IllegalAction
from doria_forge.model import Equipment
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.duel import duel_state

PACK = make_pack(
    Equipment(id="longbow", name="Longbow", card_type="weapon", zone="2_hands", ap=12, requirements={"STR": 12},
              attacks=[{"attack_type": "ranged", "dice": "2D+2", "damage": 1, "ap": 12, "range": 6}], gold=2),
    Equipment(id="mend", name="Mend", card_type="spell", zone="1_hand", ap=8, pp=1,
              effect={"heal_hp": 2, "targets": "self_or_friend"}, gold=1),
    Equipment(id="leather_cap", name="Leather Cap", card_type="armor", zone="head", ap=4, armor_rating=1, gold=1),
)
SWORD, HAMMER, PLATE = "adventurer:side_sword:1", "warrior:hammer:1", "warrior:plate:1"
WAND, HAT = "mage:wand:1", "mage:wizard_hat:1"


def ready(heroes=("adventurer", "warrior", "mage"), monsters=(), *, ap=40, board=None) -> GameState:
    """Phase D of round 1 with the first hero to act (``ap`` AP, the others 5)."""
    state = make_state(list(heroes), list(monsters), seed=3, pack=PACK, options=NO_DECKS)
    if board is not None:
        state.board = board
    state.round, state.phase = 1, phases.D
    state.ap = {h.uid: (ap if n == 0 else 5) for n, h in enumerate(state.heroes)}
    phases.advance(state)
    assert state.current_actor() == heroes[0]
    return state


def give(state, hero_uid, card_id, where, uid=None):
    """Put a new card of ``card_id`` on hero ``hero_uid``: ``equip``, ``belt`` or ``backpack``."""
    from doria_forge.engine.hero import ItemInstance
    hero = state.hero(hero_uid)
    item = ItemInstance(PACK.equipment[card_id], uid or f"{hero_uid}:{card_id}:x")
    {"equip": lambda: hero.equip(item, displace="backpack"), "belt": lambda: hero.move_to_belt(item),
     "backpack": lambda: hero.move_to_backpack(item)}[where]()
    return item


def snapshot(state):
    return (dict(state.ap), state.current_actor(), len(state.log),
            [(h.uid, h.hp, h.pp, tuple((i.uid, h.location(i), i.damaged) for i in h.all_items()))
             for h in state.heroes])


def assert_illegal(state, action):
    """The action raises ``IllegalAction``, is not listed, and leaves the state unchanged."""
    before = snapshot(state)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert snapshot(state) == before


class FarApart(NoMap):
    """A board where nobody is within range 1 of anybody nor on a reachable Room Tile."""

    def hero_adjacent(self, state, hero, other, reach=1):
        return False

    def can_throw(self, state, thrower, receiver):
        return False


# --------------------------------------------------------------------------- take
@pytest.mark.parametrize("where", ["equip", "belt", "backpack"])
def test_take_item_costs_5_ap_wherever_it_is(where):
    """*Take, Use or Repair Other Items (5 AP)*: "It costs 5 Action Points to take any item
    from this character, no matter where the item is located (on the Body, Belt or
    Backpack)"; the taker places it (here: into the hands, the side-sword going to the Belt)."""
    state = ready()
    dagger = give(state, "warrior", "dagger", where)
    state.apply(TakeItem("warrior", dagger.uid, "equip"))
    adv, war = state.hero("adventurer"), state.hero("warrior")
    assert state.ap["adventurer"] == 35
    assert adv.location(dagger) == "hands" and war.location(dagger) is None
    source = {"equip": "hands", "belt": "belt", "backpack": "backpack"}[where]
    assert state.log.last("take_item").data == dict(owner="warrior", item=dagger.uid, source=source, to="equip", ap=5)


def test_take_item_with_fast_hands_costs_2_ap_and_can_go_to_belt_or_backpack():
    """*Hero bonuses*, Fast Hands: "reaching into another player's Backpack costs only 2
    Action Points instead of 5"."""
    state = ready()
    state.hero("adventurer").hero_bonuses.add("fast_hands")
    a = give(state, "warrior", "dagger", "backpack", "d1")
    b = give(state, "warrior", "dagger", "backpack", "d2")
    state.apply(TakeItem("warrior", "d1", "belt"))
    state.apply(TakeItem("warrior", "d2", "backpack"))
    adv = state.hero("adventurer")
    assert state.ap["adventurer"] == 40 - 2 - 2
    assert adv.location(a) == "belt" and adv.location(b) == "backpack"


# --------------------------------------------------------------------------- use
def test_use_another_characters_weapon_from_its_backpack_costs_5_plus_card_ap_and_ends_in_the_users_hands():
    """*Take, Use or Repair Other Items (5 AP)*: "An item taken from another character can also
    be directly used within the same action, even if the item is located in another characters
    Backpack ... The necessary Action Points of the item being used are then added to the 5
    Action Points. If the item is still available afterwards (as with weapons or spells), it
    must be equipped in the hand of the last character to use it"."""
    state = ready(monsters=["orc"])
    war, adv = state.hero("warrior"), state.hero("adventurer")
    war.move_to_backpack(war.find("hammer"))
    action = UseOtherItem("warrior", HAMMER, profile_index=0, monster_uid="orc-1")
    assert action in state.legal_actions()
    state.apply(action)
    assert state.ap["adventurer"] == 40 - (15 + 5)
    hammer = adv.find("hammer")
    assert hammer is not None and adv.location(hammer) == "hands" and war.find("hammer") is None
    assert adv.location(adv.find("side_sword")) == "belt"  # the card in the way
    assert state.log.last("use_other_item")["ap"] == 20 and state.log.of_kind("attack")


def test_the_replay_states_the_action_points_of_using_another_characters_card_once():
    """The replay read "Adventurer uses Greater Healing Potion ... (11 Action Points)" and then
    "Adventurer uses Huntress's Greater Healing Potion on Adventurer (11 Action Points)": one
    action of 11 Action Points that read as two payments."""
    from doria_forge.sim.event_text import event_sentence

    state = ready(monsters=["orc"])
    war = state.hero("warrior")
    war.move_to_backpack(war.find("hammer"))
    before = len(state.log)
    state.apply(UseOtherItem("warrior", HAMMER, profile_index=0, monster_uid="orc-1"))
    said = [event_sentence(event) for event in list(state.log)[before:]]
    assert sum("Action Point" in line for line in said) == 1
    assert any("(20 Action Points)" in line for line in said)
    assert any("from warrior" in line.lower() for line in said)


def test_use_another_characters_weapon_with_fast_hands_costs_2_plus_card_ap_minus_3():
    """*Hero bonuses*, Fast Hands: every item used costs 3 AP less, and reaching into another
    character's places 2 instead of 5: 2 + (15 - 3)."""
    state = ready(monsters=["orc"])
    state.hero("adventurer").hero_bonuses.add("fast_hands")
    state.apply(UseOtherItem("warrior", HAMMER, profile_index=0, monster_uid="orc-1"))
    assert state.ap["adventurer"] == 40 - (2 + 15 - 3)


def test_drink_a_potion_from_another_characters_backpack_or_infuse_a_character_within_range_1():
    """*Take, Use or Repair Other Items (5 AP)*: "e.g. to infuse a character within range 1
    with a potion, drink the potion yourself"; "Used potions are simply discarded"."""
    state = ready()
    adv, war, mage = state.heroes
    p1 = give(state, "warrior", "healing_potion", "backpack", "p1")
    p2 = give(state, "warrior", "healing_potion", "backpack", "p2")
    adv.hp -= 6
    mage.hp -= 3
    acts = state.legal_actions()
    assert UseOtherItem("warrior", "p1") in acts and UseOtherItem("warrior", "p1", "mage") in acts
    state.apply(UseOtherItem("warrior", "p1"))
    assert state.ap["adventurer"] == 40 - (5 + 5) and adv.hp == adv.hp_max - 2
    state.apply(UseOtherItem("warrior", "p2", "mage"))
    assert state.ap["adventurer"] == 30 - 10 and mage.hp == mage.hp_max
    assert war.location(p1) is None and war.location(p2) is None
    assert adv.location(p1) is None and adv.location(p2) is None  # discarded, not handed over


def test_a_spell_used_from_another_character_ends_in_the_users_hands():
    """*Take, Use or Repair Other Items (5 AP)*: a spell used this way "must be equipped in
    the hand of the last character to use it" (5 + card AP)."""
    state = ready(["mage", "adventurer"])
    mend = give(state, "adventurer", "mend", "belt")
    state.hero("adventurer").hp -= 3
    state.apply(UseOtherItem("adventurer", mend.uid, "adventurer"))
    mage = state.hero("mage")
    assert state.ap["mage"] == 40 - (8 + 5) and mage.location(mend) == "hands"
    assert state.hero("adventurer").location(mend) is None


# --------------------------------------------------------------------------- repair
def test_repair_another_characters_item_adds_5_ap_and_it_stays_with_the_owner():
    """*Take, Use or Repair Other Items (5 AP)*: "If armor, a set of armor or an item of another
    character is repaired, 5 Action Points are added to the repair cost, but the item stays
    with the original owner"; with Fast Hands 2 + (card AP - 3)."""
    state = ready()
    war = state.hero("warrior")
    plate = war.find("plate")
    plate.damaged = True
    assert RepairOtherItem("warrior", (PLATE,)) in state.legal_actions()
    state.apply(RepairOtherItem("warrior", (PLATE,)))
    assert state.ap["adventurer"] == 40 - (10 + 5)
    assert not plate.damaged and war.location(plate) == "torso"
    assert state.log.last("repair_other_item")["ap"] == 15
    plate.damaged = True
    state.hero("adventurer").hero_bonuses.add("fast_hands")
    state.apply(RepairOtherItem("warrior", (PLATE,)))
    assert state.ap["adventurer"] == 25 - (2 + 10 - 3) and not plate.damaged


# --------------------------------------------------------------------------- consent, range, unconscious
def test_the_other_character_must_agree_unless_unconscious():
    """*Take, Use or Repair Other Items (5 AP)*: "the other character must agree to the
    action. Exception: If a character is unconscious, they cannot resist"."""
    state = ready()
    state.item_consent = lambda st, owner, taker: False
    dagger = give(state, "warrior", "dagger", "backpack")
    assert not any(isinstance(a, (TakeItem, UseOtherItem, RepairOtherItem)) for a in state.legal_actions())
    assert_illegal(state, TakeItem("warrior", dagger.uid))
    war = state.hero("warrior")
    war.find("plate").damaged = True
    assert_illegal(state, RepairOtherItem("warrior", (PLATE,)))
    war.find("plate").damaged = False
    war.unconscious = True
    assert TakeItem("warrior", dagger.uid) in state.legal_actions()
    state.apply(TakeItem("warrior", dagger.uid, "belt"))
    assert state.hero("adventurer").location(dagger) == "belt" and state.ap["adventurer"] == 35


def test_a_consent_policy_sees_owner_and_taker():
    """``GameState.item_consent`` decides per pair (bots agree: ``None``)."""
    state = ready()
    state.item_consent = lambda st, owner, taker: owner.uid != "mage"
    acts = state.legal_actions()
    assert any(isinstance(a, TakeItem) and a.owner_uid == "warrior" for a in acts)
    assert not any(isinstance(a, TakeItem) and a.owner_uid == "mage" for a in acts)


def test_taking_using_and_repairing_need_range_1_on_the_board():
    """*Take, Use or Repair Other Items (5 AP)*: "the active character must get into range 1 of
    the other character on an adjacent square" (asked of ``state.board.hero_adjacent``)."""
    state = ready(monsters=["orc"], board=FarApart())
    potion = give(state, "warrior", "healing_potion", "belt")
    state.hero("warrior").find("plate").damaged = True
    acts = state.legal_actions()
    assert not any(isinstance(a, (TakeItem, UseOtherItem, RepairOtherItem, ThrowItem)) for a in acts)
    assert_illegal(state, TakeItem("warrior", potion.uid))
    assert_illegal(state, UseOtherItem("warrior", potion.uid))
    assert_illegal(state, UseOtherItem("warrior", HAMMER, profile_index=0, monster_uid="orc-1"))
    assert_illegal(state, RepairOtherItem("warrior", (PLATE,)))


def test_infusing_a_potion_needs_the_target_within_range_1_of_the_user():
    """*Take, Use or Repair Other Items (5 AP)*: "infuse a character within range 1"."""

    class OnlyWarriorNear(NoMap):
        def hero_adjacent(self, state, hero, other, reach=1):
            return {hero.uid, other.uid} == {"adventurer", "warrior"}

    state = ready(board=OnlyWarriorNear())
    potion = give(state, "warrior", "healing_potion", "backpack")
    assert UseOtherItem("warrior", potion.uid, "warrior") in state.legal_actions()
    assert_illegal(state, UseOtherItem("warrior", potion.uid, "mage"))


# --------------------------------------------------------------------------- illegal cases
def test_illegal_other_item_actions_raise_and_leave_the_state_unchanged():
    """Only another living character's carried cards; requirements of the user; an attack
    needs a monster; a damaged card cannot be used (chapters *Take, Use or Repair Other
    Items (5 AP)*, *Requirements of Equipment Cards*)."""
    state = ready(monsters=["orc"])
    bow = give(state, "warrior", "longbow", "backpack")
    assert_illegal(state, TakeItem("adventurer", SWORD))  # oneself
    assert_illegal(state, TakeItem("nobody", SWORD))
    assert_illegal(state, TakeItem("warrior", "no-such-card"))
    assert_illegal(state, TakeItem("warrior", bow.uid, "equip"))  # STR 12 needed
    assert_illegal(state, TakeItem("warrior", bow.uid, "pocket"))
    assert_illegal(state, UseOtherItem("warrior", bow.uid, profile_index=0, monster_uid="orc-1"))
    assert_illegal(state, UseOtherItem("warrior", HAMMER, profile_index=3, monster_uid="orc-1"))
    assert_illegal(state, UseOtherItem("warrior", HAMMER, profile_index=0, monster_uid="ghost"))
    assert_illegal(state, UseOtherItem("warrior", HAMMER))  # a weapon is not drunk
    assert_illegal(state, RepairOtherItem("warrior", (PLATE,)))  # not damaged
    potion = give(state, "warrior", "healing_potion", "belt")
    potion.damaged = True
    assert_illegal(state, UseOtherItem("warrior", potion.uid))
    state.hero("warrior").dead = True
    assert_illegal(state, TakeItem("warrior", HAMMER, "backpack"))


def test_own_use_item_is_unchanged():
    """Backwards compatible: ``UseItem`` on one's own potion works as before."""
    state = ready()
    potion = give(state, "adventurer", "healing_potion", "belt")
    state.apply(UseItem(potion.uid, None, True))
    assert state.ap["adventurer"] == 40 - (5 + 4)


# --------------------------------------------------------------------------- throw
@pytest.mark.parametrize("where,ap", [("equip", 0), ("belt", 4), ("backpack", 10)])
def test_throw_costs_0_from_the_body_4_from_the_belt_10_from_the_backpack(where, ap):
    """*Throw Items (0 - 10 AP)*: "item is equipped on the Body: 0 AP, Belt: 4 AP, Backpack:
    10 AP"; no range limit on the same or an adjacent Room Tile (no map: always)."""
    state = ready()
    cap = give(state, "adventurer", "leather_cap", where)
    state.apply(ThrowItem(cap.uid, "mage", "backpack"))
    assert state.ap["adventurer"] == 40 - ap
    assert state.hero("mage").location(cap) == "backpack" and state.hero("adventurer").location(cap) is None
    event = state.log.last("throw_item")
    assert event["ap"] == ap and event["receiver"] == "mage"
    assert event["source"] == ("body" if where == "equip" else where)


@pytest.mark.parametrize("where,ap", [("equip", 0), ("belt", 1), ("backpack", 7)])
def test_throw_with_fast_hands_is_3_ap_cheaper_from_belt_and_backpack(where, ap):
    """*Hero bonuses*, Fast Hands: 3 AP less "when retrieving an item from the Belt or
    Backpack" (never below 0)."""
    state = ready()
    state.hero("adventurer").hero_bonuses.add("fast_hands")
    cap = give(state, "adventurer", "leather_cap", where)
    state.apply(ThrowItem(cap.uid, "mage", "belt"))
    assert state.ap["adventurer"] == 40 - ap and state.hero("mage").location(cap) == "belt"


def test_the_receiver_places_the_item_and_the_displaced_card_only_goes_to_its_own_belt_or_backpack():
    """*Throw Items (0 - 10 AP)*: "If an item is thrown to another character and the receiving
    character already has an item equipped at this slot, the removed item cannot be directly
    thrown to other characters. It is only allowed to move this item to ... the Belt or the
    Backpack of the receiving character."""
    state = ready()
    mage = state.hero("mage")
    cap1 = give(state, "adventurer", "leather_cap", "equip", "cap1")
    acts = state.legal_actions()
    assert ThrowItem("cap1", "mage", "equip", "belt") in acts and ThrowItem("cap1", "mage", "equip", "backpack") in acts
    state.apply(ThrowItem("cap1", "mage", "equip", "backpack"))
    assert mage.location(cap1) == "head" and mage.location(mage.find("wizard_hat")) == "backpack"
    assert state.log.last("throw_item")["displaced"] == (HAT,)
    give(state, "adventurer", "leather_cap", "equip", "cap2")
    state.apply(ThrowItem("cap2", "mage", "equip", "belt"))
    assert mage.location(cap1) == "belt" and mage.find("leather_cap").uid == "cap2"  # cap1 displaced to the Belt
    assert_illegal(state, ThrowItem(SWORD, "mage", "equip", "warrior"))  # not to another character


def test_illegal_throws_raise_and_leave_the_state_unchanged():
    """*Throw Items (0 - 10 AP)*: only to another (conscious) character on the same or an
    adjacent Room Tile; the receiver must be able to place it (requirements, Belt room)."""
    state = ready()
    bow = give(state, "adventurer", "longbow", "backpack")
    assert_illegal(state, ThrowItem(bow.uid, "mage", "equip"))  # STR 12
    assert ThrowItem(bow.uid, "warrior", "equip") in state.legal_actions()
    assert_illegal(state, ThrowItem(SWORD, "adventurer", "belt"))  # oneself
    assert_illegal(state, ThrowItem("nothing", "mage", "belt"))
    assert_illegal(state, ThrowItem(SWORD, "mage", "shelf"))
    mage = state.hero("mage")
    for n in range(mage.belt_capacity - len(mage.belt)):
        give(state, "mage", "dagger", "belt", f"filler{n}")
    assert_illegal(state, ThrowItem(SWORD, "mage", "belt"))
    mage.unconscious = True
    assert_illegal(state, ThrowItem(SWORD, "mage", "backpack"))
    far = ready(board=FarApart())
    assert_illegal(far, ThrowItem(SWORD, "mage", "backpack"))


# --------------------------------------------------------------------------- listing
def test_every_listed_other_item_action_applies():
    """Each listed throw, take, use and repair is accepted by ``apply`` (on a copy)."""
    state = ready(monsters=["orc"])
    give(state, "warrior", "healing_potion", "backpack")
    give(state, "mage", "mend", "belt")
    state.hero("warrior").find("plate").damaged = True
    kinds = (ThrowItem, TakeItem, UseOtherItem, RepairOtherItem)
    listed = [a for a in state.legal_actions() if isinstance(a, kinds)]
    assert {type(a) for a in listed} == set(kinds)
    for action in listed:
        twin = state.copy()
        twin.apply(action)


def test_a_duel_offers_none_of_these_actions():
    """A duel has one hero: no friend to throw to or take from."""
    state = duel_state(PACK, "adventurer", "orc", 1, 0)
    kinds = (ThrowItem, TakeItem, UseOtherItem, RepairOtherItem)
    assert not any(isinstance(a, kinds) for a in state.legal_actions())


# --------------------------------------------------------------------------- the bot
def test_greedy_bot_hands_a_weapon_it_cannot_use_to_a_friend_who_can():
    """*Throw Items (0 - 10 AP)*: the Longbow (STR 12) goes from the adventurer's Belt to the
    warrior (STR 13) for 4 AP."""
    state = ready(monsters=["orc"])
    bow = give(state, "adventurer", "longbow", "belt")
    action = greedy_bot(state)
    assert action == ThrowItem(bow.uid, "warrior", "belt")
    state.apply(action)
    assert state.hero("warrior").location(bow) == "belt" and state.ap["adventurer"] == 36
    assert not isinstance(greedy_bot(state), ThrowItem)


def test_greedy_bot_drinks_a_friends_potion_when_low_without_one_of_its_own():
    """*Take, Use or Repair Other Items (5 AP)*: low on HP and no potion on Body or Belt, the
    bot drinks a friend's healing potion from its Backpack (5 + 5 AP)."""
    state = ready(monsters=["orc"])
    potion = give(state, "warrior", "healing_potion", "backpack")
    adv = state.hero("adventurer")
    adv.hp = 2
    action = greedy_bot(state)
    assert action == UseOtherItem("warrior", potion.uid)
    state.apply(action)
    assert adv.hp == 6 and state.ap["adventurer"] == 30
    state.hero("warrior").hp = 1  # a badly hurt friend keeps its potions
    give(state, "warrior", "healing_potion", "backpack", "p2")
    adv.hp = 2
    assert not isinstance(greedy_bot(state), UseOtherItem)


def test_a_three_hero_game_with_the_greedy_bot_ends():
    """A whole game (shop, loot, monster deck, Doom Counter) with three heroes ends."""
    state = GameState.new(PACK, ["warrior", "mage", "adventurer"], seed=7, monsters=["orc", "goblin"],
                          options=GameOptions(max_rounds=25))
    for _ in range(5000):
        if state.is_over():
            break
        state.apply(greedy_bot(state))
    assert state.is_over()
