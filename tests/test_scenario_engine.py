"""Scenario rules as the engine plays them (engine.scenario): every trigger, condition,
effect and goal kind of the vocabulary, on small scenarios built for the test."""

from __future__ import annotations

from dataclasses import replace

import pytest
from map_helpers import QUIET, map_game, pack_with, tile, where, with_docs

from doria_forge.engine.actions import DeclareEscape, IllegalAction, PickUpToken, RevealRoomTile, Walk
from doria_forge.engine.defeat import on_monster_defeated
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.ending import check_end
from doria_forge.engine.phases import doom_advance, end_round
from doria_forge.model.scenario import Scenario

ROOM = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], runes=[(1, 1, "blue")],
            entrances=[(3, 2)], starts=[(2, 2)])
NORTH = tile("NORTH", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
VAULT = tile("VAULT", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], runes=[(1, 3, "green")])
"""ROOM in slot (0, 0) with its door south at (4, 2); VAULT revealed south of it (its door north)."""


def scenario(**fields) -> Scenario:
    base = {"kind": "scenario", "id": "test", "name": "Test", "story": "s", "goal": "g"}
    return Scenario.model_validate(base | fields)


def game(sc: Scenario, heroes=("warrior",), at=None, **kw):
    pack = with_docs(pack_with(ROOM, NORTH, VAULT), sc)
    return map_game(pack, list(heroes), tiles=[("ROOM", (0, 0), 0)], at=at or {"warrior": (2, 2)},
                    scenario=sc.id, **kw)


def test_round_triggers_doom_and_the_survive_and_time_limit_goals():
    """round_start / round_end with round numbers; doom effect; survive wins, time_limit loses."""
    sc = scenario(rules=[{"when": {"on": "round_end", "round": 1}, "do": [{"do": "doom", "steps": 2}]}],
                  goals={"win": [{"goal": "survive", "rounds": 2}]})
    state = game(sc)
    end_round(state)
    assert state.doom.steps == 2 and state.outcome is None
    state.round = 2
    end_round(state)
    assert state.outcome == "won"
    lost = game(scenario(goals={"lose": [{"goal": "time_limit", "round": 1}]}))
    end_round(lost)
    assert lost.outcome == "lost"


def test_tile_revealed_spawns_and_a_token_waits_for_its_tile():
    """tile_revealed fires after the tile is placed; a token placed on a rune of a tile not yet
    revealed lies there once it is; a spawn effect puts monsters on a place."""
    sc = scenario(setup={"tokens": [{"id": "relic", "name": "Relic", "at": {"rune": "green", "tile": "VAULT"}}]},
                  rules=[{"when": {"on": "tile_revealed", "tile": "VAULT"},
                          "do": [{"do": "spawn", "monster": "zombie", "count": 2, "at": {"tile": "VAULT"}}]}])
    state = game(sc, at={"warrior": (4, 2)}, deck=["VAULT"])
    assert state.scenario.tokens["relic"].waiting is not None
    state.apply(RevealRoomTile((4, 2)))
    assert state.scenario.tokens["relic"].square == (8, 1)  # VAULT turned twice: its rune (1, 3) lies at (3, 1)
    assert [m.monster.id for m in state.monsters] == ["zombie", "zombie"]
    assert all(state.board.tile_id_at(m.uid) == "VAULT" for m in state.monsters)


def test_defeating_the_boss_wins_and_monster_defeated_triggers_fire():
    sc = scenario(rules=[{"when": {"on": "round_start", "round": 1}, "do": [{"do": "spawn", "boss": "ember_dragon",
                                                                             "at": {"tile": "ROOM"}}]},
                         {"when": {"on": "monster_defeated", "boss": True},
                          "do": [{"do": "give", "group_xp": 4}]}],
                  goals={"win": [{"goal": "defeat_boss", "boss": "ember_dragon"}]})
    state = game(sc)
    state.scenario.on(state, "round_start", {"round": 1})
    [boss] = state.monsters
    assert boss.is_boss and boss.hp == state.pack.documents["boss"]["ember_dragon"].level(1).hit_points
    boss.hp = 0
    boss.defeated = True
    on_monster_defeated(state, boss, state.hero("warrior"))
    assert state.outcome == "won" and state.group_xp >= 4


@pytest.mark.parametrize("boss_first", [True, False])
def test_a_boss_with_an_escort_wins_only_once_it_and_every_escort_of_its_tile_fell(boss_first):
    """Gruzak's card (the Warlord's Muster): "The heroes win when Gruzak and every Orc on his Room
    Tile are defeated", in either order; a Zombie beside them is no Orc and need not fall."""
    sc = scenario(rules=[{"when": {"on": "round_start", "round": 1}, "do": [{"do": "spawn", "boss": "ember_dragon",
                                                                             "at": {"tile": "ROOM"}}]}],
                  goals={"win": [{"goal": "defeat_boss", "boss": "ember_dragon", "escort": "orc", "tile": "ROOM"}]})
    state = game(sc, monsters=[("orc", (1, 1)), ("zombie", (1, 3))])
    state.scenario.on(state, "round_start", {"round": 1})
    boss = next(m for m in state.monsters if m.is_boss)
    orc = next(m for m in state.monsters if m.monster.id == "orc")
    first, second = (boss, orc) if boss_first else (orc, boss)
    first.defeated = True
    on_monster_defeated(state, first, state.hero("warrior"))
    assert state.outcome is None
    second.defeated = True
    on_monster_defeated(state, second, state.hero("warrior"))
    assert state.outcome == "won"
    assert sc.goals.win[0].describe() == "defeat ember_dragon and every orc of Room Tile ROOM"


def test_a_boss_escort_needs_its_room_tile():
    with pytest.raises(ValueError, match="escort and tile go together"):
        scenario(goals={"win": [{"goal": "defeat_boss", "boss": "ember_dragon", "escort": "orc"}]})


def test_hero_entering_a_rune_sets_a_flag_that_fires_a_rule_and_wins():
    """hero_enters a rune -> set_flag -> flag_set trigger -> give; the flag goal wins."""
    sc = scenario(rules=[{"when": {"on": "hero_enters", "place": {"rune": "blue"}},
                          "do": [{"do": "set_flag", "flag": "altar_touched"}]},
                         {"when": {"on": "flag_set", "flag": "altar_touched"},
                          "do": [{"do": "heal", "hp": 3, "who": "all"}]}],
                  goals={"win": [{"goal": "flag", "flag": "altar_touched"}]})
    state = game(sc)
    warrior = state.hero("warrior")
    warrior.hp -= 5
    state.apply(Walk((1, 1)))
    assert "altar_touched" in state.scenario.flags
    assert warrior.hp == warrior.hp_max - 2 and state.outcome == "won"


def test_picking_up_a_token_checks_and_carrying_it_to_the_entrance_wins():
    """token_picked_up -> check (failure: PP lost); carry_token to the entrance at the end of
    a round wins; a token falls from an unconscious carrier."""
    sc = scenario(setup={"tokens": [{"id": "relic", "name": "Relic", "at": {"tile": "ROOM", "square": [1, 2]},
                                     "pick_up_ap": 5}]},
                  rules=[{"when": {"on": "token_picked_up", "token": "relic"},
                          "do": [{"do": "check", "attributes": ["WIS", "PSI"], "tn": 99,
                                  "failure": [{"do": "damage", "amount": 2, "points": "pp"}]}]}],
                  goals={"win": [{"goal": "carry_token", "token": "relic", "to": {"entrance": True}}]})
    state = game(sc, at={"warrior": (1, 2)})
    warrior = state.hero("warrior")
    pp = warrior.pp
    state.dice = ScriptedDice([5, 5])
    state.apply(PickUpToken("relic"))
    assert state.scenario.tokens["relic"].carrier == "warrior" and warrior.pp == pp - 2
    assert state.ap["warrior"] == 25
    state.apply(Walk((3, 2)))
    end_round(state)
    assert state.outcome == "won"
    again = game(sc, at={"warrior": (1, 2)})
    again.dice = ScriptedDice([9, 9])
    again.apply(PickUpToken("relic"))
    again.hero("warrior").unconscious = True
    check_end(again)
    assert again.scenario.tokens["relic"].carrier is None and again.scenario.tokens["relic"].square == (1, 2)


def test_doom_field_reached_gives_an_extra_activation():
    sc = scenario(rules=[{"when": {"on": "doom_reached", "field": 40}, "do": [{"do": "extra_activation"}]}])
    state = game(sc, monsters=[("orc", (1, 1))], options=replace(QUIET, doom=True))
    doom_advance(state, 1)
    assert any(e["reason"] == "extra_activation" for e in state.log.of_kind("activation"))


def test_a_doom_field_s_effect_plays_before_the_marker_reaches_the_next_field():
    """*Phase G*: the Doom Counter's effects "are instantly triggered as soon as the marker moves
    onto or across an appropriate square". Moving 32 -> 31 -> 30, the Extra Activation of 31 is
    played before the marker reaches 30: a Zombie a scenario rule brings on 30 (the Lantern
    Vigil's "When the Doom Counter runs down") does not act in 31's activation; the Orc already
    in play does."""
    sc = scenario(rules=[{"when": {"on": "doom_reached", "field": 30},
                          "do": [{"do": "spawn", "monster": "zombie", "count": 1, "at": {"tile": "ROOM"}}]}])
    state = game(sc, monsters=[("orc", (1, 1))], options=replace(QUIET, doom=True))
    state.doom.position = 32
    doom_advance(state, 2)
    zombie = next(m for m in state.monsters if m.monster.id == "zombie")
    acted = [e.actor for e in state.log.of_kind("activation") if e["reason"] == "extra_activation"]
    assert state.monsters[0].uid in acted and zombie.uid not in acted
    assert state.doom.on_head and state.monster_level == 2


@pytest.mark.parametrize(("condition", "fires"), [
    ({"check": "players", "min": 2}, False),
    ({"check": "players", "max": 1}, True),
    ({"check": "round", "min": 2}, False),
    ({"check": "flag", "flag": "x", "is_set": False}, True),
    ({"check": "token_carried", "token": "relic"}, False),
    ({"check": "monsters_left", "tile": "ROOM", "at_most": 0}, False),
    ({"check": "monsters_left", "at_most": 1}, True),
    ({"check": "monsters_left", "at_least": 1}, True),
    ({"check": "monsters_left", "tile": "ROOM", "at_least": 2}, False),
    # of one type: the Orc on ROOM is the only monster there (Gruzak's card: "every Orc on his tile")
    ({"check": "monsters_left", "tile": "ROOM", "monster": "orc"}, False),
    ({"check": "monsters_left", "tile": "ROOM", "monster": "goblin"}, True),
    ({"check": "monsters_left", "monster": "orc", "at_least": 1, "at_most": 1}, True),
    ({"check": "tile_revealed", "tile": "ROOM"}, True),
    ({"check": "tile_revealed", "tile": "VAULT"}, False),
    ({"check": "tile_revealed", "tile": "VAULT", "revealed": False}, True),
])
def test_conditions(condition, fires):
    sc = scenario(setup={"tokens": [{"id": "relic", "name": "Relic", "at": {"tile": "ROOM", "square": [1, 2]}}]},
                  rules=[{"when": {"on": "round_start"}, "if": [condition], "do": [{"do": "set_flag", "flag": "y"}]}])
    state = game(sc, monsters=[("orc", (1, 1))])
    state.scenario.on(state, "round_start", {"round": 1})
    assert ("y" in state.scenario.flags) is fires


def test_marker_token_door_damage_heal_and_give_effects():
    sc = scenario(setup={"tokens": [{"id": "key", "name": "Key", "at": {"tile": "ROOM", "square": [1, 3]}}]},
                  rules=[{"when": {"on": "round_start", "round": 1}, "do": [
                      {"do": "place_marker", "marker": "rubble", "at": {"tile": "ROOM", "square": [1, 1]}},
                      {"do": "remove_token", "token": "key"},
                      {"do": "block_doors", "tile": "ROOM"},
                      {"do": "damage", "amount": 3, "who": "all", "ignores_armor": True},
                      {"do": "heal", "hp": 1, "who": "all"},
                      {"do": "give", "item": "small_healing_potion", "loot_cards": 0, "who": "all"},
                      {"do": "place_token", "token": "key", "at": {"rune": "blue"}}]},
                         {"when": {"on": "round_start", "round": 2}, "do": [
                             {"do": "remove_marker", "marker": "rubble"}, {"do": "open_doors"}]}])
    state = game(sc)
    warrior = state.hero("warrior")
    state.scenario.on(state, "round_start", {"round": 1})
    layout = state.board.layout
    assert layout.has((1, 1), "rubble") and layout.has((4, 2), "blocked_door")
    assert warrior.hp == warrior.hp_max - 2
    assert warrior.find("small_healing_potion") is not None
    assert state.scenario.tokens["key"].square == (1, 1)
    state.scenario.on(state, "round_start", {"round": 2})
    assert not layout.has((1, 1), "rubble") and not layout.has((4, 2), "blocked_door")


@pytest.mark.parametrize("points", ["hp", "pp"])
def test_a_damage_effect_on_every_hero_stops_at_the_first_death(points):
    """*Death of a Character* (book line 1707): a character at -20 Hit or Psi Points "die[s]
    immediately. This means an instant end of the current scenario for all players". A scenario
    rule costs every hero 3 points (armor ignored): the Warrior, first, at -18 dies at -21; the
    Mage after him loses nothing and the scenario is over."""
    sc = scenario(rules=[{"when": {"on": "round_start", "round": 1}, "do": [
        {"do": "damage", "amount": 3, "points": points, "who": "all", "ignores_armor": True}]}])
    state = game(sc, heroes=("warrior", "mage"), at={"warrior": (2, 2), "mage": (1, 2)})
    warrior, mage = state.hero("warrior"), state.hero("mage")
    setattr(warrior, points, -18)
    state.scenario.on(state, "round_start", {"round": 1})
    assert warrior.dead and getattr(warrior, points) == -21 and state.outcome == "hero_died"
    assert (mage.hp, mage.pp) == (mage.hp_max, mage.pp_max)


def test_win_and_lose_effects_and_clear_tile_goal():
    won = game(scenario(rules=[{"when": {"on": "round_start"}, "do": [{"do": "win"}]}]))
    won.scenario.on(won, "round_start", {"round": 1})
    assert won.outcome == "won"
    lost = game(scenario(rules=[{"when": {"on": "phase", "phase": "D"}, "do": [{"do": "lose"}]}]))
    lost.scenario.on(lost, "phase", {"phase": "D", "round": 1})
    assert lost.outcome == "lost"
    clear = game(scenario(goals={"win": [{"goal": "clear_tile", "tile": "ROOM"}]}), monsters=[("orc", (1, 1))])
    orc = clear.monsters[0]
    orc.defeated = True
    on_monster_defeated(clear, orc, clear.hero("warrior"))
    assert clear.outcome == "won"


def test_clear_tile_needs_the_monsters_that_walked_off_the_tile_defeated_too():
    """The goal reads "defeat every monster on Room Tile VAULT" (the Goblin Warren: "defeat every
    monster on it"): a monster that entered play on the tile and walked off toward the heroes is
    not defeated, so the tile's goal waits for it; it is reached when that monster falls."""
    sc = scenario(rules=[{"when": {"on": "tile_revealed", "tile": "VAULT"},
                          "do": [{"do": "spawn", "monster": "zombie", "count": 1, "at": {"tile": "VAULT"}}]}],
                  goals={"win": [{"goal": "clear_tile", "tile": "VAULT"}]})
    state = game(sc, at={"warrior": (4, 2)}, deck=["VAULT"])
    state.apply(RevealRoomTile((4, 2)))
    zombie = state.monsters[0]
    state.board.move_to(zombie.uid, (1, 1))  # off VAULT, into ROOM
    check_end(state)
    assert state.outcome is None
    zombie.defeated = True
    on_monster_defeated(state, zombie, state.hero("warrior"))
    assert state.outcome == "won"


def test_escape_declared_ends_the_scenario_at_the_round_end_when_everyone_can_reach_the_entrance():
    """Escaping a campaign scenario: play to the end of the round; "the characters need to be
    able to access the entrance" (not stand on it). Rubble cutting a hero off makes the
    declaration lapse."""
    sc = scenario()
    state = game(sc, heroes=("warrior", "mage"), at={"warrior": (3, 2), "mage": (1, 3)}, ap={"warrior": 10})
    walled = ["rubble"]
    for square in ((1, 2), (2, 3)):  # the Mage's corner (1, 3) is shut in
        state.board.layout.markers[square] = set(walled)
    state.board.layout.touch()
    state.apply(DeclareEscape())
    end_round(state)
    assert state.outcome is None and not state.scenario.escape_declared
    state = game(sc, heroes=("warrior", "mage"), at={"warrior": (3, 2), "mage": (1, 3)}, ap={"warrior": 10})
    state.apply(DeclareEscape())
    end_round(state)
    assert state.outcome == "escaped"
    barred = game(scenario(escape={"allowed": False}))
    assert DeclareEscape() not in barred.legal_actions()
    with pytest.raises(IllegalAction):
        barred.apply(DeclareEscape())


def test_a_rule_marked_once_fires_once_and_prose_rules_never():
    sc = scenario(rules=[{"when": {"on": "round_start"}, "do": [{"do": "give", "group_xp": 1}], "once": True},
                         {"text": "Prose only: players remember this themselves."}])
    state = game(sc)
    for n in (1, 2, 3):
        state.scenario.on(state, "round_start", {"round": n})
    assert state.group_xp == 1 and sc.prose_rules()[0].text.startswith("Prose")
    assert where(state, "warrior") == (2, 2)


def test_an_event_fires_the_rules_waiting_for_its_kind_in_order_and_each_scenario_its_own():
    """Each event asks the rules whose trigger is ``on`` its kind, in the order they are written
    (the log's scenario_rule entries); a second scenario with the kinds swapped, played in the same
    process, fires by its own triggers (the rules waiting for a kind are remembered per document)."""
    def rules(first: str, second: str) -> list[dict]:
        return [{"when": {"on": first}, "do": [{"do": "give", "group_xp": 1}]},
                {"when": {"on": second}, "do": [{"do": "give", "group_xp": 10}]},
                {"when": {"on": first}, "do": [{"do": "give", "group_xp": 50}]}]

    def fired_by(state, kind: str) -> list[int]:
        start = len(state.log)
        state.scenario.on(state, kind, {"round": 1})
        return [e.data["rule"] for e in list(state.log)[start:] if e.kind == "scenario_rule"]

    one = game(scenario(rules=rules("round_start", "round_end")))
    assert fired_by(one, "round_start") == [0, 2] and one.group_xp == 51
    assert fired_by(one, "round_end") == [1] and one.group_xp == 61
    assert fired_by(one, "flag_set") == []
    other = game(scenario(rules=rules("round_end", "round_start")))  # the same id, another document
    assert fired_by(other, "round_start") == [1] and other.group_xp == 10
    assert fired_by(other, "round_end") == [0, 2] and other.group_xp == 61


def test_monsters_left_bounds_must_not_cross():
    with pytest.raises(ValueError):
        scenario(rules=[{"when": {"on": "round_start"}, "if": [{"check": "monsters_left", "at_least": 3, "at_most": 1}],
                         "do": [{"do": "set_flag", "flag": "y"}]}])


def test_marker_under_opens_a_hole_under_the_hero_who_fails_and_strands_it():
    """marker_under (issue 24's new effect): a failed check puts a Hole on the checking hero's
    square; by the book (*Dungeon Markers*) that hero must remain there until its next move
    action. A passed check leaves the floor whole."""
    sc = scenario(rules=[{"when": {"on": "round_start"},
                          "do": [{"do": "check", "attributes": ["AGI", "PER"], "tn": 20,
                                  "failure": [{"do": "marker_under", "marker": "hole"}]}]}])
    state = game(sc)
    state.dice = ScriptedDice([1, 1])
    state.scenario.on(state, "round_start", {"round": 1})
    assert state.board.layout.has((2, 2), "hole")
    assert "warrior" in state.board.stranded
    lucky = game(sc)
    lucky.dice = ScriptedDice([6, 6])
    lucky.scenario.on(lucky, "round_start", {"round": 1})
    assert not lucky.board.layout.has((2, 2), "hole") and "warrior" not in lucky.board.stranded
    assert sc.rules[0].describe() == ("At the start of every round: the active hero checks AGI+PER+2D against TN 20; "
                                      "on a failure, put a hole marker under that hero.")


def test_monsters_left_and_monster_defeated_count_a_tile_s_monsters_as_clear_tile_does():
    """The Warlord's Muster: "With his guard fallen, Gruzak bellows for his reserve" (when a
    monster on Room Tile C-7 is defeated and at most one is left there). A tile's monsters are
    the ones ``clear_tile`` waits for ("defeat every monster on it"): a Zombie that entered play
    on VAULT and walked off into ROOM is still one of VAULT's, so it is counted as left, and its
    defeat fires a rule waiting for a monster of VAULT."""
    sc = scenario(rules=[{"when": {"on": "tile_revealed", "tile": "VAULT"},
                          "do": [{"do": "spawn", "monster": "zombie", "count": 1, "at": {"tile": "VAULT"}}]},
                         {"when": {"on": "round_start"}, "if": [{"check": "monsters_left", "tile": "VAULT",
                                                                 "at_least": 1}],
                          "do": [{"do": "set_flag", "flag": "vault_guarded"}]},
                         {"when": {"on": "monster_defeated", "tile": "VAULT"},
                          "do": [{"do": "set_flag", "flag": "vault_monster_fell"}]}])
    state = game(sc, at={"warrior": (4, 2)}, deck=["VAULT"])
    state.apply(RevealRoomTile((4, 2)))
    zombie = state.monsters[0]
    state.board.move_to(zombie.uid, (1, 1))  # off VAULT, into ROOM
    state.scenario.on(state, "round_start", {"round": 1})
    assert "vault_guarded" in state.scenario.flags
    zombie.defeated = True
    on_monster_defeated(state, zombie, state.hero("warrior"))
    assert "vault_monster_fell" in state.scenario.flags
