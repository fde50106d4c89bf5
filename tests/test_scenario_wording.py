"""Scenario rules and goals in words (``describe()``) and the printed scenario page.

The page is generated from the data (issue 8: "the printed scenario page is generated from
the same data"), so these sentences are what players read at the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_forge.export.pdf.scenario import render_scenario_text, template_env
from doria_forge.export.pdf.sheets import campaign_sheet_faces
from doria_forge.model.scenario import PLAIN, Goals, Rule, Scenario, Wording
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
NAMES = {("monster", "orc"): "Orc", ("boss", "hollow_king"): "The Hollow King", ("equipment", "amulet"): "Amulet"}
WORDS = Wording(name=lambda kind, ref: NAMES.get((kind, ref), ref))


def rule(data: dict) -> Rule:
    return Rule.model_validate(data)


@pytest.fixture(scope="module")
def pack():
    return validate_pack(ROOT / "content").pack


def test_a_check_names_who_checks_and_what_each_result_does():
    r = rule({"when": {"on": "hero_enters", "place": {"marker": "nest"}},
              "do": [{"do": "check", "attributes": ["STR", "PER"], "tn": 20, "tn_per_ml": 2,
                      "success": [{"do": "remove_marker", "marker": "nest"}, {"do": "set_flag", "flag": "nest_burned"}],
                      "failure": [{"do": "damage", "amount": 2}]}]})
    assert r.describe() == (
        "When a hero steps onto the nest marker: that hero checks STR+PER+2D against TN 20+2×ML; on a success, "
        "remove every nest marker and mark “nest burned”; on a failure, that hero loses 2 HP.")


def test_the_triggering_hero_is_named_by_the_trigger():
    give = [{"do": "give", "loot_cards": 1}]
    assert rule({"when": {"on": "monster_defeated", "boss": True}, "do": give}).describe() == (
        "When the boss is defeated: the hero who defeated it draws 1 Loot Card.")
    assert rule({"when": {"on": "tile_revealed", "tile": "B-7"}, "do": give}).describe() == (
        "When Room Tile B-7 is revealed: the hero who revealed it draws 1 Loot Card.")
    assert rule({"when": {"on": "round_end", "round": 3}, "do": give}).describe() == (
        "At the end of round 3: the active hero draws 1 Loot Card.")


def test_conditions_read_as_one_clause():
    r = rule({"when": {"on": "round_start"}, "once": True,
              "if": [{"check": "round", "min": 4}, {"check": "players", "min": 4},
                     {"check": "monsters_left", "tile": "C-7", "at_most": 1}],
              "do": [{"do": "spawn", "monster": "orc", "count": 2}]})
    assert r.describe(WORDS) == (
        "At the start of every round, from round 4 on, with 4 or more players and if at most 1 monster is left "
        "on Room Tile C-7: place 2 × Orc at the entrance (once only).")


@pytest.mark.parametrize(("condition", "words"), [
    ({"check": "players", "min": 2, "max": 2}, "with exactly 2 players"),
    ({"check": "players", "max": 3}, "with up to 3 players"),
    ({"check": "players", "min": 2, "max": 4}, "with 2-4 players"),
    ({"check": "round", "max": 9}, "up to round 9"),
    ({"check": "round", "min": 5, "max": 5}, "in round 5"),
    ({"check": "round", "min": 3, "max": 8}, "in rounds 3-8"),
    ({"check": "monsters_left"}, "if no monster is left in the dungeon"),
    ({"check": "monsters_left", "tile": "C-7", "monster": "orc"}, "if no orc is left on Room Tile C-7"),
    ({"check": "monsters_left", "monster": "orc", "at_most": 2}, "if at most 2 × orc are left in the dungeon"),
    ({"check": "monsters_left", "monster": "orc", "at_least": 1}, "if at least 1 orc is left in the dungeon"),
    ({"check": "flag", "flag": "gate_open", "is_set": False}, "if “gate open” is not marked"),
])
def test_condition_words(condition, words):
    r = rule({"when": {"on": "round_end"}, "if": [condition], "do": [{"do": "win"}]})
    assert r.describe() == f"At the end of every round, {words}: the heroes win."


def test_ids_become_display_names_and_a_leading_the_is_lowered():
    r = rule({"when": {"on": "tile_revealed", "tile": "C-7"},
              "do": [{"do": "spawn", "boss": "hollow_king", "at": {"tile": "C-7"}},
                     {"do": "spawn", "monster": "orc", "level": 2},
                     {"do": "spawn", "count": 2, "at": {"rune": "blue"}},
                     {"do": "give", "item": "amulet", "loot_cards": 2, "group_xp": 3}]})
    assert r.describe(WORDS) == (
        "When Room Tile C-7 is revealed: place the Hollow King (the boss) on Room Tile C-7; place an Orc at "
        "Monster Level 2 at the entrance; draw 2 monsters from the monster deck and place them on a blue rune; "
        "the hero who revealed it gets the Amulet and draws 2 Loot Cards and the group gains 3 Group XP.")


def test_a_scenario_names_its_tokens_in_its_rules_and_goals():
    scenario = Scenario.model_validate({
        "id": "s", "name": "S", "story": "x", "goal": "y",
        "setup": {"tokens": [{"id": "lantern", "name": "Vigil Lantern"}]},
        "goals": {"win": [{"goal": "carry_token", "token": "lantern", "to": {"entrance": True}}]},
        "rules": [{"when": {"on": "round_end"}, "if": [{"check": "token_carried", "token": "lantern", "carried": False}],
                   "do": [{"do": "heal", "hp": 3, "who": "carrier", "token": "lantern"},
                          {"do": "remove_token", "token": "lantern"}]}]})
    words = scenario.wording()
    assert scenario.goals.win[0].describe(words) == "bring the Vigil Lantern to the entrance"
    assert scenario.rules[0].describe(words) == (
        "At the end of every round, while no hero carries the Vigil Lantern: the hero carrying the Vigil Lantern "
        "regains 3 HP; take the Vigil Lantern out of the game.")


def test_goal_words():
    goals = Goals.model_validate({"win": [{"goal": "escape", "at": {"tile": "E-8"}}, {"goal": "survive", "rounds": 12},
                                          {"goal": "defeat_boss", "boss": "hollow_king"}],
                                  "lose": [{"goal": "time_limit", "round": 14}, {"goal": "flag", "flag": "lantern_out"}]})
    assert [g.describe(WORDS) for g in goals.win + goals.lose] == [
        "escape: every living hero is on Room Tile E-8 at the end of a round",
        "survive until the end of round 12",
        "defeat the Hollow King",
        "round 14 ends (time limit)",
        "“lantern out” is marked",
    ]
    assert goals.win[2].describe(PLAIN) == "defeat hollow_king"


def test_shipped_scenario_page_prints_tokens_goals_rules_with_flavour(pack):
    text = render_scenario_text(template_env(ROOT / "templates"), pack, pack.scenarios["lantern_vigil"])
    lines = text.splitlines()
    assert ("- **Vigil Lantern:** An iron lantern with a flame that must not go out. Lies on square [2, 2] of "
            "Room Tile A-1. Picked up for 2 AP; dropped on the square of a carrier who falls unconscious.") in lines
    assert "- **Win:** survive until the end of round 8 — *Dawn breaks; the dead sink back into the earth.*" in lines
    assert "- **Lose:** “lantern out” is marked — *The flame gutters out, and the dark closes in.*" in lines
    assert ("- At the end of round 4: the hero carrying the Vigil Lantern regains 3 HP and 3 PP. — *Midnight: the "
            "lantern flares and warms whoever holds it.*") in lines


def test_campaign_scenario_page_names_its_campaign_markers_and_rewards(pack):
    text = render_scenario_text(template_env(ROOT / "templates"), pack, pack.scenarios["greywater_gate"])
    lines = text.splitlines()
    assert lines[2].startswith("Campaign scenario · *The Greywater Smugglers*, scenario 2 of 3 · ")
    assert "- Put a sluice lever marker on square [2, 2] of Room Tile F-5 once Room Tile F-5 is revealed." in lines
    # what the campaign simulation plays (sim.campaign): the item goes to one hero, a campaign item
    assert ("- **Items:** Warding Amulet (in a campaign: each to one hero, kept for the rest of the campaign)"
            in lines and "- **Hero bonus:** every hero chooses one" in lines)
    assert "- **Keep:** 2 Loot Cards per hero into the next scenario" in lines


def test_with_the_gold_rule_the_scenario_page_and_campaign_sheet_print_the_gold_heroes_keep(tmp_path):
    """*Equipment and hero level in campaigns*, OPTIONAL RULE: "items worth 3 gold per card"
    instead of the cards. A campaign scenario that switches the rule on printed only "2 Loot
    Cards per hero" though the heroes keep items worth 6 gold (engine.campaign.kept_loot)."""
    import shutil

    from doria_forge.export.pdf.sheets import carry_over_lines

    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    gate_file = folder / "scenarios" / "greywater_gate.yaml"
    gate_file.write_text(gate_file.read_text() + "optional_rules: [campaign_keep_by_gold]\n")
    pack = validate_pack(folder).pack
    assert pack is not None and pack.scenarios["greywater_gate"].optional_rules == ["campaign_keep_by_gold"]
    lines = render_scenario_text(template_env(ROOT / "templates"), pack, pack.scenarios["greywater_gate"]).splitlines()
    assert "- **Keep:** 2 Loot Cards per hero into the next scenario (or items worth 6 gold)" in lines
    sheet = carry_over_lines(pack, pack.campaigns["greywater_smugglers"])
    assert "each hero keeps items worth 6 gold" in sheet[1] and "each hero keeps 2 Loot Cards" not in sheet[1]
    assert "Warding Amulet (each to one hero, kept for the campaign)" in sheet[1]
    assert "each hero keeps 2 Loot Cards" in sheet[0]  # the first scenario keeps whole cards


def test_every_shipped_scenario_prints_and_every_campaign_is_on_the_campaign_sheet(pack):
    env = template_env(ROOT / "templates")
    for scenario in pack.scenarios.values():
        text = render_scenario_text(env, pack, scenario)
        for r in scenario.rules:
            assert r.describe(scenario.wording()) not in ("", "nothing happens")
        assert "_" not in text.split("## Special rules")[-1], scenario.id
    sheets = {face.campaign.id: face.scenario_names for face in campaign_sheet_faces(pack) if face.campaign}
    for campaign in pack.campaigns.values():
        assert sheets[campaign.id] == tuple(pack.scenarios[s].display_name for s in campaign.scenarios)


def test_flavour_of_a_rule_gathers_the_texts_of_its_trigger_and_effects(pack):
    """The model lets every rule, trigger and effect carry flavour; the page prints it all
    beside the rule (an effect's text inside a check's result too)."""
    text = render_scenario_text(template_env(ROOT / "templates"), pack, pack.scenarios["alchemists_fuse"])
    assert ("— *Cutting a fuse that spits sparks is delicate work. Sparks burn the hand.*"
            in text)


def test_the_first_scenario_of_a_campaign_opens_with_the_campaign_story(pack):
    env = template_env(ROOT / "templates")
    campaign = pack.campaigns["greywater_smugglers"]
    first = render_scenario_text(env, pack, pack.scenarios[campaign.scenarios[0]]).splitlines()
    second = render_scenario_text(env, pack, pack.scenarios[campaign.scenarios[1]])
    assert first[4:7] == ["## The campaign: The Greywater Smugglers", "", campaign.story]
    assert campaign.story not in second
