"""``monster_enters``: a rule fires when a monster reaches a Room Tile. Gruzak the Warlord's
Boss Monster card: "they lose if Gruzak reaches the starting Room Tile"."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile, with_docs
from scenario_helpers import TILES
from scenario_helpers import scenario as scenario_text
from validate_helpers import lines, validate_files

from doria_forge.engine.monster_ai import activate_monster
from doria_forge.model.scenario import Scenario

ROOM = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)],
            entrances=[(3, 2)], starts=[(2, 2)])
VAULT = tile("VAULT", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])
"""ROOM in slot (0, 0) with its door south at (4, 2); VAULT below it, its door at (5, 2)."""


def game(rules: list[dict], monster_at: tuple[int, int]):
    sc = Scenario.model_validate({"kind": "scenario", "id": "t", "name": "T", "story": "s", "goal": "g",
                                  "rules": rules})
    pack = with_docs(pack_with(ROOM, VAULT), sc)
    return map_game(pack, ["warrior"], tiles=[("ROOM", (0, 0), 0), ("VAULT", (1, 0), 0)],
                    at={"warrior": (1, 1)}, monsters=[("orc", monster_at)], scenario=sc.id)


LOSE_ON_ROOM = [{"when": {"on": "monster_enters", "tile": "ROOM", "monster": "orc"}, "do": [{"do": "lose"}]}]


def test_a_monster_walking_onto_the_tile_fires_the_rule_and_a_loss_ends_its_activation():
    """The Orc on VAULT walks toward the Warrior on ROOM: it reaches ROOM and the heroes lose;
    it attacks no more."""
    state = game(LOSE_ON_ROOM, (6, 2))
    orc = state.monsters[0]
    hp = state.hero("warrior").hp
    outs = activate_monster(state, orc)
    assert state.board.tile_id_at(orc.uid) == "ROOM"
    assert state.outcome == "lost" and outs == [] and state.hero("warrior").hp == hp


def test_a_monster_moving_inside_the_tile_or_of_another_type_does_not_fire_it():
    """Only a monster coming from another Room Tile reaches it; a Goblin is no Orc."""
    inside = game(LOSE_ON_ROOM, (3, 3))
    activate_monster(inside, inside.monsters[0])
    assert inside.outcome is None
    other = [{"when": {"on": "monster_enters", "tile": "ROOM", "monster": "goblin"}, "do": [{"do": "lose"}]}]
    state = game(other, (6, 2))
    activate_monster(state, state.monsters[0])
    assert state.board.tile_id_at(state.monsters[0].uid) == "ROOM" and state.outcome is None


def problems(tmp_path, when: str) -> list[str]:
    text = scenario_text(("  - when: {on: hero_enters, place: {marker: web}}", f"  - when: {when}"))
    return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems)


def test_validation_reports_bad_parameters_at_their_line_and_column(tmp_path):
    """A missing tile, a tile not in the pack, the boss in a scenario that spawns none and a
    monster type beside boss: true (the rule could never fire) are each reported where written."""
    assert problems(tmp_path, "{on: monster_enters, boss: true}") == [
        "s.yaml:27:5 error [schema] missing required field 'tile' in rules[1].when"]
    assert problems(tmp_path, "{on: monster_enters, tile: E-3, boss: true}") == [
        "s.yaml:27:38 error [dangling-reference] no room tile with id 'E-3' in the pack",
        "s.yaml:27:49 error [scenario-trigger-fires] no effect of this scenario spawns a boss: this rule can never fire"]
    assert "s.yaml:27:52 error [scenario-trigger-fires] boss: true asks for the boss's arrival, and the boss is no " \
        "monster of type orc; leave out monster or boss: this rule can never fire" in problems(
            tmp_path, "{on: monster_enters, tile: C-7, monster: orc, boss: true}")
