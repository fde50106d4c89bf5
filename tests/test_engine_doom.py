"""The Doom Counter (Book of Rules *Phase G: Doom Counter* with its examples,
*Unconsciousness*, *Hero and Monster Level*, *Monster level in campaigns*, *1 Player*;
NOTES.md *Doom counter track*: Extra Activation on 39/35/31, level up on 30)."""

from __future__ import annotations

from dataclasses import replace

from test_engine_state import NO_DECKS, make_state

from doria_forge.engine import phases
from doria_forge.engine.decks import Card, MonsterDeck
from doria_forge.engine.doom import (
    EXTRA_ACTIVATION,
    LEVEL_UP,
    DoomCounter,
    campaign_monster_level,
    doom_steps,
    hero_level_up_monster_points,
)
from doria_forge.engine.levelup import raise_monster_level
from doria_forge.model.rules import DoomTrack

FIVE = ["adventurer", "warrior", "mage", "green", "yellow"]


def test_phase_g_doom_example_first_round_40():
    """Phase G, Example: a door opened, everybody on one Room Tile: one field, to 40."""
    state = make_state(["adventurer", "warrior"])
    state.door_opened = True
    phases.phase_g_doom(state)
    assert state.doom.position == 40 and state.doom.steps == 1


def test_phase_g_doom_example_1_36_to_32_one_extra_activation():
    """Phase G, Example 1: 5 characters on 3 Room Tiles, no door: 4 fields, 36 -> 32,
    crossing one Extra Activation. Two monsters on the board -> one more is drawn
    (refill to ceil(5/2) = 3), then all monsters activate in monster order."""
    state = make_state(FIVE, ["orc", "mummy"], faces=[1, 1] * 3,
                       options=replace(NO_DECKS, monster_deck=True, occupied_room_tiles=3))
    state.monster_deck = MonsterDeck([Card("monster", "shaman", 1)])
    state.doom.position = 36
    phases.phase_g_doom(state)
    assert state.doom.position == 32
    assert [m.monster.id for m in state.monsters] == ["orc", "mummy", "shaman"]
    acts = [(e.actor, e["reason"]) for e in state.log.of_kind("activation")]
    assert acts == [("orc-1", "extra_activation"), ("shaman-3", "extra_activation"),
                    ("mummy-2", "extra_activation")]


def test_phase_g_doom_example_2_32_to_40():
    """Phase G, Example 2: 2 Room Tiles, no door: 3 fields, 32 -> 40 (31: Extra
    Activation, 30: Monster Level Up and back to the head, which is not counted)."""
    state = make_state(FIVE, ["orc"], faces=[1, 1], options=replace(NO_DECKS, occupied_room_tiles=2))
    orc = state.monsters[0]
    state.doom.position = 32
    phases.phase_g_doom(state)
    assert state.doom.position == 40
    assert state.log.last("doom")["effects"] == (EXTRA_ACTIVATION, LEVEL_UP)
    assert state.monster_level == 2 and orc.level == 2 and orc.hp == 4 and orc.armor_rating == 1


def test_doom_track_crossing_several_extra_activations_plays_all():
    """Phase G: crossing several Extra Activation fields plays all of them."""
    counter = DoomCounter()
    effects = counter.step(9)  # head -> 40 .. 32: 39 and 35
    assert [e.field for e in effects] == [39, 35] and counter.position == 32


def test_doom_track_is_data():
    """NOTES.md: the track is content; a pack may change it."""
    counter = DoomCounter(DoomTrack(fields=[5, 4, 3], extra_activation_fields=[4], level_up_fields=[3]))
    assert [(e.kind, e.field) for e in counter.step(4)] == [(EXTRA_ACTIVATION, 4), (LEVEL_UP, 3)]
    assert counter.position == 5


def test_doom_steps_count_tiles_and_doors():
    """Phase G: +1 per occupied Room Tile (at least 1), +1 without a door; solo: 1 XP cancels the door step."""
    assert doom_steps(1, True) == 1 and doom_steps(3, False) == 4 and doom_steps(0, True) == 1
    assert doom_steps(1, False, xp_spent_to_prevent=1) == 1


def test_solo_xp_prevents_the_no_door_doom_step():
    """*1 Player*: invest 1 XP to stop the Doom Counter's no-door step; it still moves 1."""
    state = make_state(["adventurer"], group_xp=1)
    phases.phase_g_doom(state)
    assert state.doom.position == 40 and state.group_xp == 0


def test_unconscious_doom_step_can_trigger_extra_activation_in_phase_c():
    """*Unconsciousness*: the Doom step is made in Phase C at once and may trigger an Extra Activation."""
    state = make_state(["green", "yellow"], ["orc"], faces=[5, 7, 1, 1, 1, 1])
    state.doom.position = 40
    phases.start_round(state)
    assert state.doom.position == 39
    event = state.log.last("activation")
    assert event["reason"] == "extra_activation" and event["targets"] == ("green",)


def test_monster_level_in_campaigns_example_5_points():
    """*Monster level in campaigns*, Example: a full circle via the Monster Level Up and
    again to 38: 3 + 1 + 1 red/orange fields = 5 Monster Points."""
    state = make_state(["adventurer", "warrior"], mode="campaign")
    phases.doom_advance(state, 11)
    assert state.doom.on_head
    phases.doom_advance(state, 3)
    assert state.doom.position == 38 and state.campaign_monster_points() == 5


def test_campaign_monster_points_example_18_plus_1_stays_level_2():
    """*Monster level in campaigns*, Example: 18 points, the heroes reach level 3 while
    the monsters are level 2 -> +1 = 19 points, still level 2 (10 points per level)."""
    points = 18 + hero_level_up_monster_points(hero_level=3, monster_level=campaign_monster_level(18))
    assert points == 19 and campaign_monster_level(points) == 2
    assert campaign_monster_level(20) == 3 and hero_level_up_monster_points(2, 2) == 0


def test_campaign_sheet_example_5_then_4_monster_points_total_9_still_level_1():
    """*Campaign Sheet Anatomy* (book lines 1839-1841): scenario 1 (Earthquake) adds +5 Monster
    Points, total 5; scenario 2 (Dark Mage) +4, total 9. "For every 10 Monster Points
    accumulated, the Monster Level will permanently increase": with 5 and with 9 points the
    monsters are still level 1; the tenth point makes them level 2."""
    assert [campaign_monster_level(total) for total in (0, 5, 5 + 4, 10)] == [1, 1, 1, 2]

def test_campaign_allows_only_one_monster_level_up_per_scenario():
    """*Campaigns*: only the first level up of a scenario applies (the points still count)."""
    state = make_state(["adventurer", "warrior"], mode="campaign")
    phases.doom_advance(state, 22)
    assert state.monster_level == 2 and state.doom.level_ups_crossed == 2
    single = make_state(["adventurer", "warrior"])
    phases.doom_advance(single, 22)
    assert single.monster_level == 3


def test_monster_level_above_4_adds_one_hp():
    """*Hero and Monster Level*: above level 4 the stats stay, +1 HP per level."""
    state = make_state(["adventurer", "warrior"], ["orc"], monster_level=4)
    orc = state.monsters[0]
    hp = orc.hp
    raise_monster_level(state)
    assert state.monster_level == 5 and orc.hp == hp + 1 and orc.card.level == 4
