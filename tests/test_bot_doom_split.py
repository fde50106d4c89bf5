"""A bot hero in a fight does not walk onto a Room Tile no friend stands on when that tile's
Doom Counter field would take the marker onto an Extra Activation (``party.costly_split``,
``fight_moves.combat_move``). Book of Rules, *Phase G: Doom Counter*: the marker moves one field
for each Room Tile with at least one character on it, one more when no door was opened, and an
Extra Activation (field 39 of the track 40 to 30) plays at once. In the first round, a door
opened and the party on one tile, the marker stops on 40 (the book's example); on two tiles it
goes on to 39."""

from __future__ import annotations

from dataclasses import replace

from map_helpers import QUIET, map_game, pack_with, tile, with_docs

from doria_forge.engine.actions import Walk
from doria_forge.engine.map.layout import slot_of
from doria_forge.engine.phases import phase_g_doom
from doria_forge.model.scenario import Scenario
from doria_forge.sim import bots, objectives
from doria_forge.sim.fight_moves import combat_move
from doria_forge.sim.party import costly_split

TOP = tile("TOP", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])
BELOW = tile("BELOW", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])
WITH_DOOM = replace(QUIET, doom=True)
"""The quiet map game with the Doom Counter moving in Phase G."""


HUNT = Scenario.model_validate({
    "kind": "scenario", "id": "hunt", "name": "Hunt", "story": "s", "goal": "g",
    "goals": {"win": [{"goal": "flag", "flag": "done"}]},
    "rules": [{"when": {"on": "monster_defeated", "monster": "orc"}, "do": [{"do": "set_flag", "flag": "done"}]}]})
"""A scenario won by defeating an Orc: the Orc is its prey (``objectives.is_prey``)."""


def _just_revealed(doom_at=None, scenario=None):
    """The warrior and the mage on TOP (rows 0-4); BELOW (rows 5-9), joined by the doors (4, 2)
    and (5, 2), was revealed this round with an Orc on it, out of the warrior's reach from TOP;
    the Doom Counter on ``doom_at`` (``None``: the red monster head, the start of the game)."""
    pack = pack_with(TOP, BELOW) if scenario is None else with_docs(pack_with(TOP, BELOW), scenario)
    state = map_game(pack, ["warrior", "mage"], tiles=[("TOP", (0, 0), 0), ("BELOW", (1, 0), 0)],
                     at={"warrior": (3, 2), "mage": (1, 1)}, monsters=[("orc", (8, 2))], ap=15,
                     options=WITH_DOOM, scenario=None if scenario is None else scenario.id)
    state.door_opened = True
    state.doom.position = doom_at
    return state


def test_a_split_onto_the_new_tile_that_reaches_an_extra_activation_is_not_walked():
    state = _just_revealed()
    warrior = state.hero("warrior")
    assert costly_split(state, warrior) == frozenset({(0, 0)})
    assert combat_move(state, warrior, 15) is None  # before: Walk((7, 2)), onto BELOW next to the Orc
    chosen = bots.greedy_bot(state)  # the warrior decides first (the higher initiative)
    assert state.current_actor() == "warrior"
    assert slot_of(getattr(chosen, "to", (3, 2))) == (0, 0)  # whatever it does, it stays on TOP


def test_the_split_the_old_bot_made_would_have_cost_the_extra_activation():
    state = _just_revealed()
    state.board.move_to("warrior", (7, 2))  # where the bot walked before: BELOW, next to the Orc
    assert slot_of((7, 2)) == (1, 0)
    phase_g_doom(state)
    assert state.log.of_kind("doom")[-1]["effects"] == ("extra_activation",)
    assert state.log.of_kind("extra_activation_all")


def test_a_split_whose_field_is_a_plain_one_is_still_walked():
    state = _just_revealed(doom_at=38)  # two fields: 37, 36; one field: 37; no effect either way
    warrior = state.hero("warrior")
    assert costly_split(state, warrior) is None
    move = combat_move(state, warrior, 15)
    assert isinstance(move, Walk) and slot_of(move.to) == (1, 0)


def test_a_hero_already_alone_on_its_tile_walks_on():
    state = _just_revealed()
    state.board.move_to("mage", (6, 0))  # the mage on BELOW: TOP is the warrior's alone
    assert costly_split(state, state.hero("warrior")) is None


def test_the_split_is_walked_to_get_at_the_scenarios_prey():
    """The same first round, but the Orc's defeat wins the game: the warrior walks onto BELOW to
    attack it although the Doom Counter will take the marker onto the Extra Activation. Holding
    back from the prey only lets the Doom Counter run: in the exploration games, where the Boss
    Monster is the prey, the held-back parties won 6 to 13 points fewer at 2 and 4 heroes
    (docs/skill-ladder.md)."""
    state = _just_revealed(scenario=HUNT)
    warrior, orc = state.hero("warrior"), state.monsters[0]
    assert objectives.is_prey(state, orc)
    assert costly_split(state, warrior) == frozenset({(0, 0)})  # the split still costs the field
    move = combat_move(state, warrior, 15)
    assert isinstance(move, Walk) and slot_of(move.to) == (1, 0)
