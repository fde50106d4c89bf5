"""``hero_on``: whether a hero stands on a place when a rule is asked. The Hollow King's Boss
Monster card: "The heroes win when one of them ends a turn on that square and the King is
defeated"; chapter *Unconsciousness*: an unconscious character lies on its square."""

from __future__ import annotations

from scenario_helpers import TILES
from scenario_helpers import scenario as scenario_text
from test_scenario_engine import game, scenario
from validate_helpers import lines, validate_files

from doria_forge.engine.defeat import on_monster_defeated

RISES_OR_FALLS = [
    {"when": {"on": "round_start", "round": 1},
     "do": [{"do": "spawn", "boss": "hollow_king", "at": {"tile": "ROOM"}}]},
    {"when": {"on": "monster_defeated", "boss": True}, "if": [{"check": "hero_on", "at": {"rune": "blue"}}],
     "do": [{"do": "set_flag", "flag": "king_destroyed"}]},
    {"when": {"on": "monster_defeated", "boss": True},
     "if": [{"check": "hero_on", "at": {"rune": "blue"}, "standing": False}],
     "do": [{"do": "set_flag", "flag": "king_rises"}]},
]
"""ROOM's blue rune lies at (1, 1)."""


def fell(warrior_at: tuple[int, int], unconscious: bool = False) -> set[str]:
    state = game(scenario(rules=RISES_OR_FALLS), at={"warrior": warrior_at})
    state.scenario.on(state, "round_start", {"round": 1})
    king = next(m for m in state.monsters if m.is_boss)
    warrior = state.hero("warrior")
    warrior.unconscious = unconscious
    king.hp, king.defeated = 0, True
    on_monster_defeated(state, king, warrior)
    return state.scenario.flags


def test_a_hero_on_the_square_when_the_boss_falls_holds_him_down():
    assert fell((1, 1)) == {"king_destroyed"}


def test_no_hero_on_the_square_or_an_unconscious_one_lets_him_rise():
    assert fell((2, 2)) == {"king_rises"}
    assert fell((1, 1), unconscious=True) == {"king_rises"}


def test_validation_reports_a_bad_place_at_its_line_and_column(tmp_path):
    """A rune the tile lacks and a square without its tile are reported where written."""
    def problems(check: str) -> list[str]:
        text = scenario_text(("{check: round, min: 2}", check))
        return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems)

    assert problems("{check: hero_on, at: {rune: green, tile: B-4}}") == [
        "s.yaml:30:37 error [scenario-references] Room Tile B-4 has no green rune (its runes: blue)"]
    assert problems("{check: hero_on, at: {square: [1, 1]}}") == [
        "s.yaml:30:30 error [schema] rules[1].if[1].at: a square needs its tile"]
