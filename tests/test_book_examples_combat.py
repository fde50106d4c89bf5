"""Rules of the combat chapters not yet checked elsewhere (Book of Rules, doria-rules-en.md:
*Monster Activation* l.1399-1501, *Combat* l.1503-1531, *Defense* l.1533-1543, *Getting Hit
and Armor Rating* l.1545-1569, *Psi Spells* l.1625-1651, *Unconsciousness* l.1683-1703).
The numbers are the book's own; dice are scripted with ScriptedDice."""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile, where
from test_engine_combat import RULES, Fixed, armor, hero, monster, weapon
from test_engine_state import PACK, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import ChooseHeroBonus, EndTurn
from doria_forge.engine.combat import defense_options, hero_attack, monster_attack
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import IllegalAction
from doria_forge.engine.monster_ai import activate_monster, choose_targets, ordered_monsters
from doria_forge.model import Monster, MonsterLevel
from doria_forge.model.pack import ContentPack

ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])


def _with_slinger() -> ContentPack:
    """The test pack with a plain ranged monster (no ability choosing its target)."""
    docs = [Monster(id="slinger", name="Slinger", attack_type="ranged", range=5, action_points=8,
                    vulnerability="fire", priority="B", figures=2, deck_cards=2)]
    docs += [MonsterLevel(id=f"slinger-{lvl}", monster="slinger", level=lvl, attack=f"2D+{lvl}",
                          defense=f"2D+{lvl}", psi_resistance="2D", damage=lvl + 1, hit_points=2 * lvl,
                          armor_rating=lvl - 1) for lvl in (1, 2, 3, 4)]
    return ContentPack.from_documents(list(PACK) + docs)


# ------------------------------------------------------------------ Target of a Monster (l.1414-1439)
def test_target_3_a_ranged_monster_takes_the_lower_agility_not_the_lower_strength():
    """*Target of a Monster* 3 (book l.1424-1429): at the same distance the lower base attribute
    of the attack type, "AGI for ranged attacks". The Adventurer (STR 9, AGI 8) and the Mage
    (STR 4, AGI 9): a melee monster would take the Mage, a ranged one takes the Adventurer."""
    state = make_state(["adventurer", "mage"], ["slinger"], pack=_with_slinger())
    adventurer, mage = state.heroes
    assert (adventurer.attribute("AGI"), mage.attribute("AGI")) == (8, 9)
    assert adventurer.attribute("STR") > mage.attribute("STR")
    assert [h.uid for h in choose_targets(state, state.monsters[0])] == ["adventurer"]


def test_target_3_a_magic_monster_takes_the_lower_wisdom():
    """*Target of a Monster* 3 (book l.1429): "WIS for magical attacks": the Shaman (magic) takes
    the Adventurer (WIS 8) over the Mage (WIS 13), though the Mage has the lower STR and AGI."""
    state = make_state(["mage", "adventurer"], ["shaman"])
    mage, adventurer = state.heroes
    assert (adventurer.attribute("WIS"), mage.attribute("WIS")) == (8, 13)
    assert [h.uid for h in choose_targets(state, state.monsters[0])] == ["adventurer"]


def test_target_4_damaged_armor_is_not_active_armor():
    """*Target of a Monster* 4 (book l.1431-1433): with the same base attribute, "Only active
    and equipped Armor Rating points are counted, already damaged armor is ignored": of two
    Warriors (Plate, AR 3 each) the one whose Plate carries a Damaged marker has less active
    armor (the heading, and the German "weniger Rüstung", say less armor is attacked)."""
    state = make_state(["warrior", "warrior"], ["orc"])
    first, second = state.heroes
    assert choose_targets(state, state.monsters[0])[0] is first  # a tie: seat order (players' decision)
    second.zones["torso"].damaged = True
    assert choose_targets(state, state.monsters[0])[0] is second


def test_unconscious_characters_are_ignored_by_any_monsters():
    """*Unconsciousness* (book l.1691): the character "is ignored by any monsters and is immune
    to ... direct attacks of any kind": the Orc passes over the Mage (STR 4) it would take
    and attacks the Adventurer."""
    state = make_state(["adventurer", "mage"], ["orc"])
    assert [h.uid for h in choose_targets(state, state.monsters[0])] == ["mage"]
    state.heroes[1].unconscious = True
    assert [h.uid for h in choose_targets(state, state.monsters[0])] == ["adventurer"]
    state.heroes[0].unconscious = True
    assert choose_targets(state, state.monsters[0]) == []


# ------------------------------------------------------------------ Monster Activation on the map
def test_a_monster_next_to_its_target_attacks_once_and_does_not_move_after_the_attack():
    """*Monster Activation* (book l.1401): "Multiple attack actions or movement after an attack
    are not possible for monsters ... the monsters can't perform any further actions after
    their attack, even if they had some Action Points left": an Orc next to the Mage attacks
    once and stays on its square."""
    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"mage": (2, 2)}, monsters=[("orc", (2, 1))])
    orc = state.monsters[0]
    state.hero("mage").hp = 99  # the attack must not end the game: only the activation is looked at
    activate_monster(state, orc, may_repeat=False)
    assert where(state, orc.uid) == (2, 1)
    assert [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == orc.uid] == [("mage",)]


def test_a_diagonal_neighbour_is_not_in_melee_range():
    """*Range and Line of Sight* (book l.1519) and *Adjacent* (l.448-452): range is "always counted
    in adjacent squares, never diagonally": an Orc diagonal to the Mage steps to a square next
    to her before it attacks (one step, "only as far as they need to")."""
    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"mage": (2, 2)}, monsters=[("orc", (1, 1))])
    orc = state.monsters[0]
    state.hero("mage").hp = 99
    assert not state.board.in_range(state, orc, state.hero("mage"))
    activate_monster(state, orc, may_repeat=False)
    assert where(state, orc.uid) in {(1, 2), (2, 1)}
    assert [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == orc.uid] == [("mage",)]


# ------------------------------------------------------------------ Psi attacks (l.1629-1631, 1653-1655)
def test_a_magic_attack_is_repelled_only_by_psi_resistance_but_any_armor_blocks_its_damage():
    """*Psi attacks* (book l.1631): "A magic attack can only be repelled by Psi Resistance, but
    any armor can be used normally to block the damage". The Warrior's Shield (defense 3D+5)
    is no option against a Shaman's spell (2D+5, damage 4); the default psi resistance 2D
    rolls 3+4 = 7 against 6+5+5 = 16: hit, not critical (9 above); the Plate (AR 3) takes
    3 of the 4 damage and is Damaged, 1 HP is lost."""
    shield = weapon("shield", "1D", 0, defense="3D+5")
    warrior = hero([shield, armor("plate", "torso", 3)], "warrior", STR=13, CON=13)
    assert [i for i, _ in defense_options(warrior, "magic")] == [None]
    assert warrior.hands[0] in [i for i, _ in defense_options(warrior, "melee")]
    shaman = monster("shaman", attack="2D+5", damage=4, attack_type="magic")
    [out] = monster_attack(ScriptedDice([6, 5, 3, 4]), EventLog(), shaman, [warrior], RULES,
                           Fixed(pp=0))
    assert out.defense_with == "psi_resistance"
    assert (out.attack_total, out.defense_total, out.hit, out.critical_steps) == (16, 7, True, 0)
    assert (out.damage, out.armor_absorbed, out.wound) == (4, 3, 1)
    assert warrior.torso.damaged and warrior.hp == 13 - 1


# ------------------------------------------------------------------ Monsters and Obstacles/Holes (l.1489-1499)
PIT_LATE = tile("PITL", ["#####", "#####", "...O.", "#####", "#####"], doors=[("west", 2), ("east", 2)])
FAR = tile("FAR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])


def _pit_game(monster_id: str):
    """A corridor with a Hole three squares ahead of the monster, the Mage just behind it."""
    state = map_game(pack_with(PIT_LATE, FAR), ["mage"], tiles=[("PITL", (0, 0), 0), ("FAR", (0, 1), 0)],
                     at={"mage": (2, 5)}, monsters=[(monster_id, (2, 0))])
    state.hero("mage").hp = 99  # only the activation is looked at
    return state, state.monsters[0]


def test_the_action_points_left_before_the_jump_count_after_walking_up_to_the_hole():
    """*Monsters and Obstacles/Holes* (book l.1491): "If the monster has less than 5 Action Points
    left, it can still complete the jump ... but cannot attack during this activation. If the
    monster has exactly 5 Action Points before a jump, it will still attack". The Orc (7 AP)
    walks 2 squares to the Hole and has exactly 5 AP left: it jumps and attacks the Mage. The
    Mummy (5 AP) has 3 left after the same 2 squares: it jumps but does not attack."""
    state, orc = _pit_game("orc")
    assert orc.action_points == 7
    activate_monster(state, orc, may_repeat=False)
    assert where(state, orc.uid) == (2, 4)
    assert [e["targets"] for e in state.log.of_kind("monster_attack")] == [("mage",)]
    assert not state.log.of_kind("jump_check")

    state, mummy = _pit_game("mummy")
    assert mummy.action_points == 5
    activate_monster(state, mummy, may_repeat=False)
    assert where(state, mummy.uid) == (2, 4)
    assert not state.log.of_kind("monster_attack")


# ------------------------------------------------------------------ Getting Hit and Armor Rating (l.1547)
def test_a_damaged_armor_card_loses_only_its_armor_part():
    """*Getting Hit and Armor Rating* (book l.1547): "Only the armor part of the equipment is
    damaged, other bonuses of the card stay intact and can still be used". Gauntlets (AR 2,
    melee +3, defense 2D) absorb 2 of an Orc's 3 damage (attack 20 against a Dodge of 17: hit,
    not critical) and take the Damaged marker; the next such hit finds no active armor (3 HP lost), while the +3 to melee attacks and the
    defense value of the card still count."""
    gauntlets = armor("gauntlets", "arms", 2, bonuses={"melee": 3}, defense="2D")
    sword = weapon("sword", "2D", 2, ap=12)
    h = hero([sword, gauntlets], "warrior", STR=12, CON=12)
    hp = h.hp
    orc = monster(attack="2D+10", damage=3)
    [out] = monster_attack(ScriptedDice([5, 5, 8, 9]), EventLog(), orc, [h], RULES, Fixed())
    assert out.hit and (out.armor_absorbed, out.wound) == (2, 1) and h.arms.damaged
    [out] = monster_attack(ScriptedDice([5, 5, 8, 9]), EventLog(), orc, [h], RULES, Fixed())
    assert out.hit and (out.armor_absorbed, out.wound) == (0, 3) and h.hp == hp - 4
    assert h.arms in [i for i, _ in defense_options(h, "melee")]
    target = monster(defense="2D", hp=20)
    hit = hero_attack(ScriptedDice([4, 4, 1, 2]), EventLog(), h, h.hands[0], sword.attacks[0], target, RULES)
    assert hit.attack_total == 4 + 4 + 3


def test_against_an_element_only_the_armor_not_vulnerable_to_it_can_block():
    """*Armor vulnerability* (book l.1555-1557): armor vulnerable to the attack's element is
    "completely ignored ... not damaged", and *Getting Hit* (l.1547): the one armor used "can
    be freely chosen". The Ranger wears Bracers (AR 3, vulnerable to earth) and a Vest (AR 2,
    vulnerable to fire); a Gargoyle's earth attack (17 against 14, damage 4) is blocked by the
    Vest only: 2 absorbed, the Vest Damaged, the Bracers untouched, 2 HP lost."""
    ranger = hero([armor("bracers", "arms", 3, vuln="earth"), armor("vest", "torso", 2, vuln="fire")], "ranger")
    hp = ranger.hp
    gargoyle = monster("gargoyle", attack="2D+5", damage=4, element="earth")
    [out] = monster_attack(ScriptedDice([6, 6, 7, 7]), EventLog(), gargoyle, [ranger], RULES)
    assert (out.attack_total, out.defense_total, out.hit, out.critical_steps) == (17, 14, True, 0)
    assert (out.armor_absorbed, out.wound) == (2, 2) and ranger.hp == hp - 2
    assert ranger.torso.damaged and not ranger.arms.damaged


# ------------------------------------------------------------------ Belt or Backpack (l.1583-1589)
def test_a_one_handed_weapon_is_used_from_the_belt_for_4_ap_more_and_stays_on_the_belt():
    """*Using weapons and spells from the Belt or Backpack* (book l.1585): with both hands taken
    (a two-handed Axe), a one-handed Dagger (6 AP) "can also be used from the Belt ... the
    player simply spends 4 Action Points more ... The card remains in the Belt": 10 AP, and the
    Dagger is still on the Belt, the Axe still in the hands."""
    axe = weapon("axe", "2D", 3, zone="2_hands", ap=15)
    dagger = weapon("dagger", "1D", 1, ap=6)
    h = hero([axe, dagger])
    belt_dagger = h.find("dagger")
    assert h.location(belt_dagger) == "belt" and h.location(h.find("axe")) == "hands"
    out = hero_attack(ScriptedDice([5, 2, 2]), EventLog(), h, belt_dagger, dagger.attacks[0],
                      monster(defense="2D", hp=9), RULES, from_belt=True)
    assert out.ap_cost == 6 + 4
    assert h.location(belt_dagger) == "belt" and h.location(h.find("axe")) == "hands"


# ------------------------------------------------------------------ Psi Resistance (l.1653-1655)
def test_psi_points_added_after_the_psi_resistance_roll_can_avoid_a_critical_hit():
    """*Psi Resistance* (book l.1655): Psi Points added "after the Psi Resistance roll ... Each Psi
    Point invested results in an additional point to the dice roll. This can also be useful to
    avoid critical hits." A Shaman's spell of 30 (2D+20 rolling 5+5) against the Mage's default
    psi resistance 2D rolling 7+8 = 15: 15 above, one critical hit (damage 3 + 1). With 6 PP the
    resistance is 21, only 9 below: still a hit, but not critical (damage 3), 6 PP paid."""
    def mage():
        return hero([], "mage", STR=4, CON=9, WIS=13, PSI=13)

    shaman = monster("shaman", attack="2D+20", damage=3, attack_type="magic")
    plain = mage()
    [out] = monster_attack(ScriptedDice([5, 5, 7, 8]), EventLog(), shaman, [plain], RULES, Fixed(pp=0))
    assert (out.attack_total, out.defense_total, out.hit, out.critical_steps) == (30, 15, True, 1)
    assert out.wound == 4 and plain.pp == plain.pp_max
    spender = mage()
    [out] = monster_attack(ScriptedDice([5, 5, 7, 8]), EventLog(), shaman, [spender], RULES, Fixed(pp=6))
    assert (out.defense_total, out.hit, out.critical_steps, out.psi_points_added) == (21, True, 0, 6)
    assert out.wound == 3 and spender.pp == spender.pp_max - 6


# ------------------------------------------------------------------ Unconsciousness on the map (l.1693)
def test_a_monster_may_stand_on_the_square_of_an_unconscious_character():
    """*Unconsciousness* (book l.1693): "Unconscious characters do not occupy a square, so
    monsters and characters can move normally onto these squares". In a corridor the Warrior
    lies unconscious on the only square next to the Mage: the Orc walks onto it and attacks
    the Mage (it ignores the Warrior)."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["mage", "warrior"], tiles=[("COR", (0, 0), 0)],
                     at={"mage": (2, 3), "warrior": (2, 2)}, monsters=[("orc", (2, 0))])
    state.hero("warrior").unconscious = True
    state.board.after_initiative(state)  # the Warrior now lies on the square without occupying it
    state.hero("mage").hp = 99
    orc = state.monsters[0]
    activate_monster(state, orc, may_repeat=False)
    assert where(state, orc.uid) == (2, 2)
    assert [e["targets"] for e in state.log.of_kind("monster_attack")] == [("mage",)]


def test_unconscious_characters_are_still_affected_by_poison():
    """*Unconsciousness* (book l.1691): "However, unconscious characters are still affected by
    Poison". The Phase E example's numbers (Adventurer CON 9, WIS 8, 3 markers, ML 1: TN 30,
    rolls 5+7 -> 29) for an unconscious Adventurer: he keeps 3 markers and loses 3 HP."""
    state = make_state(["adventurer", "mage"], faces=[5, 7])
    hero = state.heroes[0]
    hero.unconscious = True
    hero.poison_markers = 3
    phases.phase_e_poison(state)
    assert state.log.last("poison_check")["total"] == 29
    assert hero.poison_markers == 3 and hero.hp == hero.hp_max - 3


# ------------------------------------------------------------------ Fastest Way to the Target (l.1471-1473)
def test_a_ranged_monster_with_its_way_blocked_still_attacks_through_figures_within_range():
    """*Fastest Way to the Target* (book l.1473): "monsters with a ranged or magic attack can often
    still act due to their range, even though other figures are blocking their path, but not
    Line of Sight", and *Range and Line of Sight* (l.1521): occupied squares do not block Line
    of Sight. In a corridor a Zombie stands between the Slimecrawler (ranged, range 5) and the
    Mage 4 squares away: no way is open, yet the Slimecrawler attacks the Mage through the
    Zombie."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["mage"], tiles=[("COR", (0, 0), 0)],
                     at={"mage": (2, 4)}, monsters=[("slimecrawler", (2, 0)), ("zombie", (2, 1))])
    state.hero("mage").hp = 99
    slime = state.monsters[0]
    assert slime.monster.id == "slimecrawler" and slime.attack_type == "ranged"
    activate_monster(state, slime, may_repeat=False)
    assert where(state, slime.uid) == (2, 0)
    assert [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == slime.uid] == [("mage",)]


def test_a_range_2_melee_monster_next_to_its_target_steps_back_to_range_2():
    """*Target of a Monster* (book l.1451): "Monsters with a range higher than 1 will always move
    to their maximum range once they have selected their target and are standing too close to
    their target" - a melee attacker with range 2 too. The Mercenary (melee, range 2) next to
    the Mage steps back to 2 squares from her and attacks."""
    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"mage": (2, 2)}, monsters=[("mercenary", (2, 1))])
    state.hero("mage").hp = 99
    merc = state.monsters[0]
    assert (merc.attack_type, merc.monster.range) == ("melee", 2)
    activate_monster(state, merc, may_repeat=False)
    r, c = where(state, merc.uid)
    assert abs(r - 2) + abs(c - 2) == 2
    assert [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == merc.uid] == [("mage",)]


def test_fastest_way_example_the_mummy_finds_its_target_free_once_the_dark_mage_moved_away():
    """*Fastest Way to the Target*, EXAMPLE (book l.1481-1487): the monsters act one after another
    in monster order, each on the board the ones before it left: "Last monster is the Mummy,
    which now has a free target with the Warrior, as the Dark Mage moved out of the way". The
    Warrior stands in a corner, the Dark Mage (8 AP, range 6) and a Zombie on the two squares
    next to him; the Dark Mage goes first and steps back to its range, then the Mummy (5 AP)
    walks onto the square it left and attacks the Warrior, pushing nobody."""
    state = map_game(pack_with(ROOM), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (0, 0)},
                     monsters=[("mummy", (2, 2)), ("dark_mage", (0, 1)), ("zombie", (1, 0))])
    state.hero("warrior").hp = 99
    mummy, dark_mage, zombie = state.monsters
    order = ordered_monsters(state)
    assert order.index(dark_mage) < order.index(mummy)
    activate_monster(state, dark_mage, may_repeat=False)
    assert state.board.range_distance(where(state, dark_mage.uid), (0, 0)) == 6
    activate_monster(state, mummy, may_repeat=False)
    assert where(state, mummy.uid) == (0, 1)
    assert [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == mummy.uid] == [("warrior",)]
    assert not state.log.of_kind("monster_pushed")


# ------------------------------------------------------------------ Special Rules for 1 or 2 Players (l.1917-1941)
def test_a_solo_character_selects_a_hero_bonus_before_the_first_round_and_three_do_not():
    """*1 Player* (book l.1939): "The character can select a hero bonus before starting the first
    scenario" (as two characters do, l.1929); with 3 characters the game starts at round 1
    without one (hero bonuses come with the hero level, *Phase H*)."""
    options = GameOptions(shop=False, loot=False, monster_deck=False)
    solo = GameState.new(PACK, ["adventurer"], seed=1, options=options)
    assert solo.phase == phases.SETUP and solo.round == 0 and solo.current_actor() == "adventurer"
    solo.apply(ChooseHeroBonus("extra_damage"))
    solo.apply(EndTurn())
    assert solo.round == 1 and solo.heroes[0].has_bonus("extra_damage")
    three = GameState.new(PACK, ["adventurer", "warrior", "mage"], seed=1, options=options)
    assert three.round == 1 and not any(isinstance(a, ChooseHeroBonus) for a in three.legal_actions())
    assert not any(h.hero_bonuses for h in three.heroes)


# ------------------------------------------------------------------ Repairing Equipment (l.1607)
def test_damaged_items_remain_damaged_when_packed_away_and_equipped_again():
    """*Repairing Equipment* (book l.1607): "Damaged items remain damaged, even if they are
    exchanged with other characters, packed into the Belt or Backpack": a damaged Sword put on
    the Belt, into the Backpack and back into the hands is still damaged and cannot attack."""
    sword = weapon("sword", "2D", 2, ap=12)
    h = hero([sword])
    item = h.hands[0]
    item.damaged = True
    h.move_to_belt(item)
    assert h.location(item) == "belt" and item.damaged
    h.move_to_backpack(item)
    assert h.location(item) == "backpack" and item.damaged
    h.equip(item)
    assert h.location(item) == "hands" and item.damaged
    with pytest.raises(IllegalAction, match="damaged"):
        hero_attack(ScriptedDice([5, 5, 5, 5]), EventLog(), h, item, sword.attacks[0], monster(), RULES)


def test_a_monster_pushes_another_when_only_that_lets_it_attack_more_targets():
    """*Target of a Monster* (book l.1453): "Remember, the highest priority for a monster is to
    attack multiple targets. If a monster is only able to attack multiple targets by replacing
    another monster, it will do this to attack as many targets as possible." In a corridor the
    Ogre (range 2, hits 2 heroes with one roll) can hit the Mage from where it stands, but both
    the Mage and the Huntress only from the middle square a Zombie holds: it pushes the Zombie
    (onto the square it left, the nearest free one) and attacks both."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["mage", "huntress"], tiles=[("COR", (0, 0), 0)],
                     at={"mage": (2, 0), "huntress": (2, 4)}, monsters=[("ogre", (2, 1)), ("zombie", (2, 2))])
    for h in state.heroes:
        h.hp = 99
    ogre, zombie = state.monsters
    assert state.board.in_range(state, ogre, state.hero("mage"))
    activate_monster(state, ogre, may_repeat=False)
    assert where(state, ogre.uid) == (2, 2) and where(state, zombie.uid) == (2, 1)
    [push] = state.log.of_kind("monster_pushed")
    assert push.actor == zombie.uid
    assert [set(e["targets"]) for e in state.log.of_kind("monster_attack")] == [{"mage", "huntress"}]


def test_a_monster_hitting_every_hero_in_range_leaves_out_the_unconscious_one():
    """*Unconsciousness* (book l.1691): the unconscious character "is ignored by any monsters and
    is immune to ... direct attacks of any kind", also to an attack that hits every hero in
    range: the Troll (range 2, NOTES.md: every hero in range, one roll) between the Mage and
    the unconscious Huntress hits the Mage alone."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["mage", "huntress"], tiles=[("COR", (0, 0), 0)],
                     at={"mage": (2, 0), "huntress": (2, 4)}, monsters=[("troll", (2, 2))])
    for h in state.heroes:
        h.hp = 99
    troll = state.monsters[0]
    activate_monster(state, troll, may_repeat=False)
    assert [set(e["targets"]) for e in state.log.of_kind("monster_attack")] == [{"mage", "huntress"}]
    state = map_game(pack_with(corridor), ["mage", "huntress"], tiles=[("COR", (0, 0), 0)],
                     at={"mage": (2, 0), "huntress": (2, 4)}, monsters=[("troll", (2, 2))])
    for h in state.heroes:
        h.hp = 99
    state.hero("huntress").unconscious = True
    state.board.after_initiative(state)
    troll = state.monsters[0]
    activate_monster(state, troll, may_repeat=False)
    assert [e["targets"] for e in state.log.of_kind("monster_attack")] == [("mage",)]
    assert state.hero("huntress").hp == 99


def test_an_orc_s_extra_activation_for_a_wound_earns_no_further_one(monkeypatch):
    """The Orc's card: it "acts once more right away" after a wound armor did not stop, and "a
    wound dealt in that extra action earns no further one" (``extra_activation_on_wound``): an
    Orc that wounds on every attack attacks twice in one activation, not until its target falls."""
    from doria_forge.engine import monster_ai

    state = make_state(["warrior"], faces=[5] * 200)
    orc = monster("orc", attack="2D+30", damage=9, hp=6, behaviours=["extra_activation_on_wound"])
    state.monsters = [orc]
    state.heroes[0].hp = 99
    attacks = []
    real = monster_ai.monster_attack

    def counted(*args, **kwargs):
        outs = real(*args, **kwargs)
        attacks.append([o.wound for o in outs])
        return outs

    monkeypatch.setattr(monster_ai, "monster_attack", counted)
    activate_monster(state, orc)
    assert len(attacks) == 2 and all(w[0] > 0 for w in attacks)


def test_the_log_names_only_the_extra_activation_the_orc_gets():
    """The Orc wounds in its activation and in the one it earned: the log names one extra
    activation (the one played), not a second one that never comes (replays and reports read it)."""
    state = make_state(["warrior"], faces=[5] * 200)
    orc = monster("orc", attack="2D+30", damage=9, hp=6, behaviours=["extra_activation_on_wound"])
    state.monsters = [orc]
    state.heroes[0].hp = 99
    activate_monster(state, orc)
    assert len(state.log.of_kind("activation")) == 2
    assert len(state.log.of_kind("extra_activation")) == 1
