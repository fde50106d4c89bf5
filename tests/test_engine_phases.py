"""The round: Phases A-F, monster order, targets and activations (Book of Rules
*Game Phases*, *Hit Points, Initiative Points and Psi Points*, *Unconsciousness*,
*Monster Activation*, *Monster Order*, *Target of a Monster*, *Current initiative
for monsters*, *Special Rules for 1 or 2 Players*). Dice are scripted with the
examples' own numbers."""

from __future__ import annotations

from dataclasses import replace

from test_engine_state import NO_DECKS, _char, make_state

from doria_forge.engine import phases
from doria_forge.engine.actions import Attack, EndTurn, RecoverPoints
from doria_forge.engine.monster_ai import activate_in_order, choose_targets, ordered_monsters
from doria_forge.engine.spawn import spawn_monster
from doria_forge.model.common import DiceSpec
from doria_forge.sim.event_text import event_sentence

SWORD = "green:side_sword:1"


def test_phase_c_initiative_example_1_green_19_ap():
    """Phase C, Example 1: green rolls 12 with 2D + IP 7 = 19 AP (square 19)."""
    state = make_state(["green", "yellow"], faces=[5, 7, 4, 4])
    assert state.heroes[0].ip == 7
    phases.start_round(state)
    assert state.round == 1 and state.phase == phases.D
    assert state.ap["green"] == 19


def test_phase_c_initiative_example_2_fumble_unconscious_doom_40():
    """Phase C, Example 2: red rolls two 1s -> unconscious; the Doom Counter moves one
    field down to 40 at once."""
    state = make_state(["green", "yellow"], faces=[5, 7, 1, 1])
    phases.start_round(state)
    red = state.heroes[1]
    assert red.unconscious and state.doom.position == 40
    assert state.current_actor() == "green"


def test_roll_initiative_alone_steps_the_doom_counter_at_once_unless_phase_c_steps_it_later():
    """*Phase C*: a hero knocked out by its initiative roll moves the Doom Counter one field.
    ``roll_initiative`` called alone (one hero's roll) steps it at once; ``phase_c_initiative``
    rolls with ``doom=False`` and steps it once every hero has rolled."""
    state = make_state(["green", "yellow"], faces=[1, 1, 1, 1])
    assert phases.roll_initiative(state, state.heroes[0]) is None
    assert state.heroes[0].unconscious and state.doom.position == 40
    assert phases.roll_initiative(state, state.heroes[1], doom=False) is None
    assert state.heroes[1].unconscious and state.doom.position == 40


def test_phase_c_initiative_is_capped_at_40():
    """Phase C: more than 40 AP -> 40, the excess is lost."""
    state = make_state(["green", "yellow"], faces=[10, 10, 5, 9, 4, 4])
    phases.start_round(state)
    assert state.ap["green"] == 40


def test_phase_c_staying_unconscious_costs_no_doom_step():
    """Phase C: a hero who chose to stay unconscious does not roll and does not move the Doom Counter."""
    state = make_state(["green", "yellow"], faces=[5, 7])
    state.heroes[1].unconscious = True
    state.stay_unconscious.add("yellow")
    phases.start_round(state)
    assert state.heroes[1].unconscious and state.doom.position is None


def test_negative_hp_and_pp_example_mage_rolls_1d_plus_3():
    """*Negative Hit Points or Psi Points*, Example: Mage IP 9 at -6 HP / -3 PP rolls 1D+3."""
    state = make_state(["mage", "adventurer"])
    mage = state.heroes[0]
    assert mage.ip == 9
    mage.hp, mage.pp = -6, -3
    assert phases.initiative_spec(state, mage) == DiceSpec(1, 3)


def test_negative_ip_one_die_less_not_subtracted_twice():
    """*Negative Initiative Points*: one die less, the negative IP counts once."""
    state = make_state(["warrior", "adventurer"])
    hero = state.heroes[0]
    hero.attributes.update(AGI=1, PER=1, STR=1)  # Plate (AR 3) over STR 1: encumbrance 2
    assert hero.ip == -1
    spec = phases.initiative_spec(state, hero)
    assert spec == DiceSpec(1, -1)


def test_unconsciousness_example_mage_minus_1_ap():
    """*Unconsciousness*, Example: the Mage (-10 HP, IP 5) rolls 4 with one die -> -1 AP:
    unconscious, the Doom Counter moves 1 field in Phase C; in Phase H he regenerates
    3 points, all to HP."""
    mage5 = _char("mage5", 4, 4, 5, 5, 13, 13, ["wand"])
    state = make_state([mage5, "adventurer"], faces=[4, 5, 5],
                       options=replace(NO_DECKS, doom=True, max_rounds=1))
    mage = state.heroes[0]
    mage.hp = -10
    phases.start_round(state)
    assert mage.unconscious and state.ap["mage5"] == 0 and state.doom.position == 40
    state.ap["adventurer"] = 0
    phases.end_action_phase(state)  # E, F, G (two steps: 40 -> 39), H
    assert state.phase == phases.H and state.current_actor() == "mage5"
    state.apply(RecoverPoints(3))
    assert mage.hp == -7 and mage.pp == mage.pp_max


def test_phase_d_action_example_green_19_attacks_to_4_then_yellow_17():
    """Phase D, Example: green at 19 attacks with a 15 AP weapon -> 4; yellow (17) acts next."""
    state = make_state(["green", "yellow"], ["orc"], faces=[5, 7, 5, 6, 3, 3, 9, 9])
    phases.start_round(state)
    phases.advance(state)
    assert state.current_actor() == "green"
    state.apply(Attack(SWORD, 0, "orc-1"))
    assert state.ap["green"] == 4
    assert state.current_actor() == "yellow" and state.ap["yellow"] == 17


def test_phase_d_action_example_negative_ap_last_action():
    """Phase D, Example: green at 4 AP attacks again with a 15 AP weapon: allowed as
    the last action; the marker ends below 0 and green cannot act again."""
    state = make_state(["green", "yellow"], ["orc"], faces=[5, 7, 5, 6, 3, 3, 9, 9, 1, 1, 3, 3, 9, 9],
                       options=replace(NO_DECKS, doom=False, max_rounds=1))
    phases.start_round(state)
    phases.advance(state)
    state.apply(Attack(SWORD, 0, "orc-1"))  # 19 -> 4
    state.apply(EndTurn())  # yellow lets 17 AP expire; the orc (7) acts and fumbles
    assert "orc-1" in state.activated
    assert state.current_actor() == "green" and state.ap["green"] == 4
    state.apply(Attack(SWORD, 0, "orc-1"))
    assert state.ap["green"] == -11
    assert state.outcome == "round_limit"  # nobody could act any more: the round ended


def _board_state(ap):
    state = make_state(["adventurer", "warrior"], ["mummy", "shaman", "orc"])
    state.phase = phases.D
    state.ap.update(ap)
    return state


def test_monster_order_orc_before_shaman():
    """*Monster Order* 2: at 7, first A (Orc), then D (Shaman)."""
    state = _board_state({"adventurer": 0, "warrior": 0})
    order = [m.monster.id for m in ordered_monsters(state)]
    assert order == ["orc", "shaman", "mummy"]
    kind, who = phases.next_marker(state)
    assert (kind, who.monster.id) == ("monster", "orc")


def test_monster_order_character_at_5_before_mummy_at_5():
    """*Monster Order* 1: Orc at 7, Character at 5, then Mummy at 5."""
    state = _board_state({"adventurer": 5, "warrior": 0})
    seen = []
    for _ in range(4):
        kind, who = phases.next_marker(state)
        if kind == "hero":
            seen.append(who.uid)
            state.ap[who.uid] = 0
        elif kind == "monster":
            seen.append(who.monster.id)
            state.activated.add(who.uid)
    assert seen == ["orc", "shaman", "adventurer", "mummy"]


def test_monster_order_more_modifications_first():
    """*Monster Order* 4: an Orc with a modification before an Orc without one."""
    state = make_state(["adventurer"], ["orc", ("orc", ["blocker"])])
    assert [len(m.modifications) for m in ordered_monsters(state)] == [1, 0]


def test_monster_target_melee_lowest_strength():
    """*Target of a Monster* 3, Example 2: same distance, melee -> the Mage (STR 4) over the Adventurer (STR 9)."""
    state = make_state(["adventurer", "mage"], ["orc"])
    assert [h.uid for h in choose_targets(state, state.monsters[0])] == ["mage"]


def test_monster_target_tie_less_active_armor_first():
    """*Target of a Monster* 4: same attribute -> less active armor (undamaged, equipped)."""
    state = make_state(["warrior", "warrior"], ["orc"])
    assert choose_targets(state, state.monsters[0])[0].uid == "warrior"
    state.heroes[1].zones["torso"] = None
    assert choose_targets(state, state.monsters[0])[0].uid == "warrior-2"


def test_ghoul_targets_lowest_current_hp_archer_lowest_agility():
    """NOTES.md abilities: the Ghoul takes the lowest current HP, the Archer the lowest AGI."""
    state = make_state(["adventurer", "mage", "warrior"], ["ghoul", "archer"])
    state.heroes[2].hp = 1
    ghoul, archer = state.monsters
    assert choose_targets(state, ghoul)[0].uid == "warrior"
    state.heroes[0].attributes["AGI"] = 3
    assert choose_targets(state, archer)[0].uid == "adventurer"


def test_orc_wound_gives_one_more_activation():
    """NOTES.md: an Orc that deals unblocked damage activates once more (not chained)."""
    state = make_state(["adventurer"], ["orc"], faces=[9, 9, 2, 3, 1, 1])
    state.phase = phases.D
    activate_in_order(state, state.monsters[0])
    reasons = [e["reason"] for e in state.log.of_kind("activation")]
    assert reasons == ["normal", "extra_activation"] and state.heroes[0].hp == state.heroes[0].hp_max - 3
    # a replay says why in the rulebook's words, not by the monster's id ("Orc 1 is activated (Orc)")
    assert [event_sentence(e).split(",")[0] for e in state.log.of_kind("activation")][1].endswith(
        " is activated (an Extra Activation)")


def test_goblin_brings_a_second_goblin():
    """NOTES.md: activating one Goblin activates a second one right after it."""
    state = make_state(["adventurer"], ["goblin", "goblin"], faces=[1, 1, 1, 1])
    state.phase = phases.D
    state.ap["adventurer"] = 0
    kind, goblin = phases.next_marker(state)
    activate_in_order(state, goblin)
    assert state.activated == {"goblin-1", "goblin-2"}
    assert phases.next_marker(state) == (None, None)


def test_current_initiative_revealed_monster_activates_immediately():
    """*Current initiative for monsters*: revealed with more AP than the acting hero -> activates at once."""
    state = make_state(["adventurer"], faces=[1, 1])
    state.phase = phases.D
    state.ap["adventurer"] = 5
    gargoyle = spawn_monster(state, "gargoyle")
    assert gargoyle.uid in state.activated
    assert state.log.last("activation")["reason"] == "current_initiative"


def test_phase_e_poison_example_adventurer():
    """Phase E, Example: Adventurer (CON 9, WIS 8), 3 markers, ML 1: TN 30, rolls 12 -> 29:
    keeps 3 markers and loses 3 HP."""
    state = make_state(["adventurer"], faces=[5, 7])
    hero = state.heroes[0]
    hero.poison_markers = 3
    lost = phases.poison_check(state, hero)
    assert state.log.last("poison_check")["target_number"] == 30
    assert state.log.last("poison_check")["total"] == 29
    assert hero.poison_markers == 3 and lost == 3 and hero.hp == hero.hp_max - 3


def test_phase_e_poison_criticals_and_fumble():
    """Phase E: success removes 1 (+1 per critical success); critical failure and Fumble add markers."""
    state = make_state(["adventurer"], faces=[10, 10, 3, 9, 1, 1])
    hero = state.heroes[0]
    hero.poison_markers = 3
    phases.poison_check(state, hero)  # 23 + 9 + 17 = 49 >= 30 + 10: one critical success
    assert hero.poison_markers == 1
    phases.poison_check(state, hero)  # 2 + 17 = 19: one critical failure + Fumble
    assert hero.poison_markers == 3


def test_phase_e_monsters_lose_hp_per_marker_without_check():
    """Phase E: monsters lose 1 HP per Poison Marker, no check; defeated -> Group XP."""
    state = make_state(["adventurer"], ["orc", "mummy"], faces=[])
    orc, mummy = state.monsters
    orc.poison_markers, mummy.poison_markers = 5, 1
    phases.phase_e_poison(state)
    assert orc.defeated and orc not in state.monsters and mummy.hp == mummy.hp_max - 1
    assert state.group_xp == 1


def test_phase_f_necromancer_raises_a_zombie():
    """Phase F: monster modifications act first; the Necromancer calls a Zombie."""
    state = make_state(["adventurer"], [("orc", ["necromancer"])])
    phases.phase_f_special(state)
    assert [m.monster.id for m in state.monsters] == ["orc", "zombie"]


def test_solo_hero_never_unconscious_and_negative_values_not_subtracted():
    """*1 Player*: never unconscious, not even on a Fumble; negative HP/PP not subtracted, one die less."""
    state = make_state(["adventurer"], faces=[1, 1])
    phases.start_round(state)
    hero = state.heroes[0]
    assert not hero.unconscious and state.ap["adventurer"] == 2 + 8 and state.doom.position is None
    hero.hp = -6
    assert phases.initiative_spec(state, hero) == DiceSpec(1, 8)
    hero.hero_bonuses.add("extra_initiative_die")
    assert phases.initiative_spec(state, hero) == DiceSpec(2, 8)
