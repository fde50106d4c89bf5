"""Monster abilities, modifications, traps, items and optional rules as a closed vocabulary
(issue 9): what ``validate`` says about a word the engine does not know, what
``doria-forge abilities`` lists, and that a behaviour written in content changes play.

Behaviours follow shared/rules/NOTES.md *Monster abilities*; the engine reads them in
``engine.abilities``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_engine_state import make_pack, make_state
from typer.testing import CliRunner
from validate_helpers import level_yaml, lines, validate_files

from doria_forge.commands.cli import app
from doria_forge.engine import abilities, monster_ai, phases
from doria_forge.engine.combat import monster_attack
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.engine.hero import IllegalAction
from doria_forge.model import Monster, MonsterModification
from doria_forge.model.behaviours import ABILITY_BEHAVIOURS
from doria_forge.model.optional_rules import OPTIONAL_RULE_IDS
from doria_forge.sim.matrix import run_matrix
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]


def monster_with_ability(behaviours: str, monster_id: str = "rat") -> str:
    """A monster document with an ability whose ``behaviours:`` block is ``behaviours``, and its level 1-4 cards."""
    head = (f"kind: monster\nid: {monster_id}\nname: Rat\nattack_type: melee\nrange: 1\naction_points: 8\n"
            "priority: A\nfigures: 2\ndeck_cards: 4\nability:\n  id: rat_bite\n  text: Its bite festers.\n"
            f"{behaviours}")
    return "---\n".join([head] + [level_yaml(monster_id, lv) for lv in (1, 2, 3, 4)])


# --------------------------------------------------------------------------- validate
def test_a_misspelt_behaviour_is_an_error_at_its_name_listing_the_known_ones(tmp_path):
    result = validate_files(tmp_path, {"rat.yaml": monster_with_ability(
        "  behaviours:\n    - {behaviour: poison_on_wund, markers: 2}\n")})
    [line] = lines(result.problems)
    assert line.startswith("rat.yaml:14:19 error [unknown-vocabulary] unknown behaviour 'poison_on_wund' in "
                           "ability.behaviours[0]")
    assert "; known: targeting, hit_all_in_range, " in line
    assert all(f" {b.tag()}" in line for b in ABILITY_BEHAVIOURS)
    assert result.pack is None or "rat" not in result.pack.monsters


def test_a_close_misspelling_gets_a_suggestion(tmp_path):
    result = validate_files(tmp_path, {"rat.yaml": monster_with_ability(
        "  behaviours:\n    - {behaviour: poisn, markers: 2, when: wound}\n")})
    assert "unknown behaviour 'poisn' in ability.behaviours[0] (did you mean 'poison'?)" in lines(result.problems)[0]


def test_misspelt_and_missing_parameters_name_that_behaviours_own_parameters(tmp_path):
    result = validate_files(tmp_path, {"rat.yaml": monster_with_ability(
        "  behaviours:\n    - {behaviour: poison, markerz: 2, when: wond}\n"
        "    - {behaviour: drain_hp, amount: 1}\n")})
    assert lines(result.problems) == [
        "rat.yaml:14:7 error [schema] missing required field 'markers' in ability.behaviours[0]",
        "rat.yaml:14:27 error [unknown-field] unknown field 'markerz' in ability.behaviours[0] (did you mean "
        "'markers'?)",
        "rat.yaml:14:45 error [schema] ability.behaviours[0].when: Input should be 'hit' or 'wound' (got 'wond'); "
        "did you mean 'wound'?",
        "rat.yaml:15:29 error [unknown-field] unknown field 'amount' in ability.behaviours[1]; drain_hp takes no "
        "parameters",
    ]


def test_a_behaviour_without_its_name_and_two_hit_patterns_are_errors(tmp_path):
    result = validate_files(tmp_path, {
        "rat.yaml": monster_with_ability("  behaviours:\n    - {markers: 2}\n"),
        "bat.yaml": monster_with_ability("  behaviours:\n    - {behaviour: hit_spread}\n"
                                         "    - {behaviour: hit_chain, range: 2}\n", "bat"),
    })
    assert lines(result.problems) == [
        "bat.yaml:11:3 error [schema] ability: at most one hit pattern, not hit_spread, hit_chain",
        "rat.yaml:14:7 error [schema] ability.behaviours[0]: missing field 'behaviour' naming what it is",
    ]


def test_horde_belongs_on_a_modification_and_summon_names_a_monster_of_the_pack(tmp_path):
    result = validate_files(tmp_path, {
        "rat.yaml": monster_with_ability("  behaviours:\n    - {behaviour: horde, figures: 2}\n"),
        "mods.yaml": "kind: monster_modification\nid: piper\nname: Piper\ntext: Calls rats.\nbehaviours:\n"
                     "  - {behaviour: summon, monster: rats}\n  - {behaviour: horde, figures: 1}\n",
    })
    found = lines(result.problems)
    assert found[0] == ("mods.yaml:6:34 error [dangling-reference] no monster with id 'rats' in the pack "
                        "(did you mean 'rat'?)")
    assert found[1].startswith("rat.yaml:14:19 error [unknown-vocabulary] unknown behaviour 'horde'")
    assert len(found) == 2


def test_an_ability_without_behaviours_warns_unless_written_empty(tmp_path):
    """An ability written as id and text only would be printed but never simulated; one
    written with ``behaviours: []`` on purpose is an info, like a scenario's prose rule."""
    result = validate_files(tmp_path, {
        "rat.yaml": monster_with_ability(""),
        "bat.yaml": monster_with_ability("  behaviours: []\n", "bat"),
        "cat.yaml": monster_with_ability("  behaviours: [{behaviour: flying}]\n", "cat"),
    })
    assert lines(result.problems) == [
        "bat.yaml:13:15 info [ability-behaviours] ability 'rat_bite' of monster 'bat' is printed text only: "
        "not simulated",
        "rat.yaml:11:7 warning [ability-behaviours] ability 'rat_bite' of monster 'rat' lists no behaviours, so "
        "the simulation plays the monster without it: give it behaviours (`doria-forge abilities` lists them) or "
        "write `behaviours: []` if it is printed text only",
    ]


def test_unknown_optional_rules_and_item_flags_are_errors_at_their_line(tmp_path):
    result = validate_files(tmp_path, {
        "rules.yaml": "kind: rules\nid: house\noptional_rules:\n  - {id: door_event, text: Doors.}\n",
        "sword.yaml": "kind: equipment\nid: sword\nname: Sword\ncard_type: weapon\nzone: 1_hand\nattacks:\n"
                      "  - {attack_type: melee, dice: 2D, damage: 1, ap: 10, extra_damage_vs: {undaed: 1}}\n",
    })
    found = lines(result.problems)
    assert found[0].startswith("rules.yaml:4:10 error [schema] optional_rules[0].id: Input should be 'door_events',")
    assert found[0].endswith("(got 'door_event'); did you mean 'door_events'?")
    assert found[1].startswith("sword.yaml:7:73 error [schema] attacks[0].extra_damage_vs.undaed: Input should be "
                               "'undead', ")
    assert found[1].endswith("(got 'undaed'); did you mean 'undead'?") and len(found) == 2


def test_misspelt_trap_and_item_effects_are_errors_at_their_line(tmp_path):
    result = validate_files(tmp_path, {
        "trap.yaml": "kind: trap\nid: pit\nname: Pit\ntrap_type: person\ncheck_attributes: [AGI, PER]\n"
                     "tn_base: 20\neffect: {damag: 2, poison: 1}\n",
        "potion.yaml": "kind: equipment\nid: tonic\nname: Tonic\ncard_type: potion\nzone: body\n"
                       "effect: {heal_hp: 2, consumd: true}\n",
    })
    assert lines(result.problems) == [
        "potion.yaml:6:22 error [unknown-field] unknown field 'consumd' in effect (did you mean 'consumed'?)",
        "trap.yaml:7:10 error [unknown-field] unknown field 'damag' in effect (did you mean 'damage'?)",
        "trap.yaml:7:20 error [unknown-field] unknown field 'poison' in effect (did you mean 'poison_markers'?)",
    ]


def test_an_optional_rule_listed_twice_is_an_error_at_the_repeat(tmp_path):
    """It was reported at the document's first line, wherever the repeat was."""
    result = validate_files(tmp_path, {
        "rules.yaml": "kind: rules\nid: house\noptional_rules:\n  - {id: custom_characters, text: Build.}\n"
                      "  - {id: custom_characters, text: Again.}\n"})
    assert lines(result.problems) == [
        "rules.yaml:5:10 error [schema] optional_rules[1].id: optional rule custom_characters is listed already, "
        "as entry 0; list each once (got 'custom_characters')"]


def test_the_shipped_pack_uses_only_the_vocabulary(shipped_pack):
    """Every base monster's ability acts (NOTES.md lists one for each of the nineteen) and the
    shipped pack offers every optional rule."""
    for monster in shipped_pack.monsters.values():
        assert abilities.rule_for_type(monster) != abilities.AbilityProfile(id=monster.ability.id), monster.id
    assert [r.id for r in shipped_pack.rules.optional_rules] == list(OPTIONAL_RULE_IDS)


# --------------------------------------------------------------------------- doria-forge abilities
def test_abilities_command_lists_every_vocabulary_with_parameters_and_types():
    runner = CliRunner()
    text = runner.invoke(app, ["abilities"])
    assert text.exit_code == 0
    out = text.output
    for heading in ("Monster behaviours", "Monster Modification effects", "Trap effects", "Item effects",
                    "Attack effects", "Optional rules"):
        assert f"\n{heading}\n" in f"\n{out}"
    assert "  poison\n" in out and "      - markers: integer 1-10 (required)\n" in out
    assert "      - when: one of: hit, wound (required)\n" in out
    assert "  hit_chain\n" in out and "      - range: integer 1-12 (required)\n" in out
    assert "  blocks_doors: true or false (default false)\n" in out
    assert "  remove_poison: integer 0-10 or 'all' (default 0)\n" in out

    data = json.loads(runner.invoke(app, ["abilities", "--format", "json"]).output)
    behaviours = {e["name"]: e for e in data["behaviours"]["entries"]}
    assert set(behaviours) == {b.tag() for b in ABILITY_BEHAVIOURS}
    assert [p["name"] for p in behaviours["poison"]["parameters"]] == ["markers", "when"]
    assert all(e["description"] for section in data.values() for e in section["entries"])
    assert [e["name"] for e in data["optional_rules"]["entries"]] == list(OPTIONAL_RULE_IDS)
    assert {e["name"] for e in data["trap_effects"]["entries"]} >= {"damage", "poison_markers", "immobilize",
                                                                    "blocks_doors", "reveals_room_tile"}
    assert "horde" in {e["name"] for e in data["modification_effects"]["entries"]}

    markdown = runner.invoke(app, ["abilities", "-f", "markdown"]).output
    assert "| `explode_on_defeat` | `damage`: integer 1-20 |" in markdown


# --------------------------------------------------------------------------- behaviours change play
def _rat_pack(tmp_path: Path, behaviours: str):
    root = tmp_path / "content"
    if not root.exists():
        shutil.copytree(ROOT / "content", root)
    (root / "monsters" / "rat.yaml").write_text(monster_with_ability(behaviours), encoding="utf-8")
    result = validate_pack(root)
    assert result.pack is not None, result.problems
    return result.pack


def _cells(pack, engine: str) -> list[tuple]:
    res = run_matrix(pack, 60, 4, heroes=["warrior", "mage"], monsters=["rat"], levels=[2], jobs=1, engine=engine)
    return [(c.hero, c.wins, c.mean_rounds, c.mean_hp_lost, c.draws) for c in res.cells]


def test_a_new_ability_built_from_the_vocabulary_changes_the_duel_numbers(tmp_path):
    """The same monster (same id, so the same duel seeds) with and without a poison bite: the
    Poison Markers cost the heroes Hit Points in Phase E, on both duel engines alike."""
    plain = _rat_pack(tmp_path, "  behaviours: []\n")
    venom = _rat_pack(tmp_path, "  behaviours:\n    - {behaviour: poison, markers: 2, when: wound}\n")
    before, after = _cells(plain, "fast"), _cells(venom, "fast")
    assert after == _cells(venom, "reference") and before == _cells(plain, "reference")
    assert before != after
    hp_lost = {c[0]: c[3] for c in before}
    assert all(c[3] > hp_lost[c[0]] for c in after)


def test_modification_behaviours_act_after_the_abilitys():
    """FAQ *conflicting rules*: abilities come before modifications; a modification's poison adds up."""
    ghoul = make_pack().monsters["ghoul"]
    bite = MonsterModification(id="venom", name="Venom", text="x", behaviours=[
        {"behaviour": "poison", "markers": 1, "when": "hit"},
        {"behaviour": "targeting", "policy": "lowest_agility"}])
    profile = abilities.rule_for_type(ghoul, [bite])
    assert (profile.targeting, profile.poison_on_hit) == ("lowest_hp", 1)


def test_a_monster_type_s_profile_is_worked_out_once_for_its_documents():
    """Every monster of a type with the same Monster Modification cards reads one profile (the
    documents never change once loaded); another card, or none, reads its own, and a document
    built anew with the same words is no other's."""
    ghoul = make_pack().monsters["ghoul"]
    bite = MonsterModification(id="venom", name="Venom", text="x", behaviours=[
        {"behaviour": "poison", "markers": 1, "when": "hit"}])
    venomous = abilities.rule_for_type(ghoul, [bite])
    assert abilities.rule_for_type(ghoul, (bite,)) is venomous and venomous.poison_on_hit == 1
    assert abilities.rule_for_type(ghoul).poison_on_hit == 0
    stronger = MonsterModification(id="venom", name="Venom", text="x", behaviours=[
        {"behaviour": "poison", "markers": 2, "when": "hit"}])
    assert abilities.rule_for_type(ghoul, [stronger]).poison_on_hit == 2


def test_flags_switch_on_the_behaviour_of_their_name():
    wyrm = Monster(id="wyrm", name="Wyrm", attack_type="melee", range=1, action_points=8, priority="A", figures=1,
                   deck_cards=1, flags=["flying", "passes_walls", "undead"])
    profile = abilities.rule_for_type(wyrm)
    assert profile.flying and profile.through_walls and profile.needs_map


def test_summon_calls_the_monster_it_names_in_phase_f():
    """Phase F, Monster Modifications first: a summon of goblins brings a Goblin, logged under the card's id."""
    piper = MonsterModification(id="piper", name="Piper", text="x",
                                behaviours=[{"behaviour": "summon", "monster": "goblin"}])
    state = make_state(["adventurer"], [("orc", ["piper"])], pack=make_pack(piper))
    phases.phase_f_special(state)
    assert [m.monster.id for m in state.monsters] == ["orc", "goblin"]
    assert state.log.of_kind("monster_placed")[-1]["reason"] == "piper"


def test_an_aura_gives_the_monsters_it_names_more_attack_dice_while_its_bearer_stands():
    """Gruzak the Warlord's card (content/bosses): "While Gruzak stands, every Orc and Goblin on
    the board rolls one extra die to attack", played as ``aura``: a Zombie's 2D+1 attack rolls 3
    dice while a Mummy with a war cry for Zombies stands, 2 once it is defeated; the Mummy's own
    roll is unchanged."""
    war_cry = MonsterModification(id="war_cry", name="War Cry", text="x", behaviours=[
        {"behaviour": "aura", "monsters": ["zombie"], "attack_dice": 1}])
    state = make_state(["warrior"], [("mummy", ["war_cry"]), "zombie"], pack=make_pack(war_cry),
                       faces=[4] * 40)
    mummy, zombie = state.monsters

    def attack_total(monster):
        monster_ai.activate_monster(state, monster)
        return state.log.of_kind("monster_attack")[-1]["attack"]

    assert attack_total(zombie) == 3 * 4 + 1
    assert attack_total(mummy) == 2 * 4 + 1
    mummy.take_damage(mummy.hp)
    assert mummy.defeated
    assert attack_total(zombie) == 2 * 4 + 1


def test_hit_adjacent_to_target_hits_its_extra_heroes_with_one_roll():
    """Without the map a spear that hits two heroes next to the target hits three in range."""
    spear = MonsterModification(id="long_spear", name="Long Spear", text="x",
                                behaviours=[{"behaviour": "hit_adjacent_to_target", "extra": 2}])
    state = make_state(["adventurer", "warrior", "mage", "green"], [("orc", ["long_spear"])],
                       pack=make_pack(spear))
    orc = state.monsters[0]
    assert abilities.rule_for(orc).max_targets == 3
    with pytest.raises(IllegalAction, match="at most 3 heroes"):
        monster_attack(ScriptedDice([9] * 20), EventLog(), orc, state.heroes, state.rules)


def test_a_monster_that_explodes_is_played_on_the_reference_engine(tmp_path):
    """The fast duel loop does not play explosions: such a matchup falls back, with the same numbers."""
    pack = _rat_pack(tmp_path, "  behaviours:\n    - {behaviour: explode_on_defeat, damage: 3}\n")
    fast = run_matrix(pack, 8, 2, heroes=["warrior"], monsters=["rat"], levels=[1], jobs=1)
    reference = run_matrix(pack, 8, 2, heroes=["warrior"], monsters=["rat"], levels=[1], jobs=1, engine="reference")
    assert [f[:3] for f in fast.fallbacks] == [("warrior", "rat", 1)]
    assert [c.mean_hp_lost for c in fast.cells] == [c.mean_hp_lost for c in reference.cells]


def test_the_readme_names_every_word_of_the_vocabulary():
    text = (ROOT / "README.md").read_text(encoding="utf-8").split("## Abilities and effects", 1)[1]
    section = text.split("\n## ", 1)[0]
    words = [b.tag() for b in ABILITY_BEHAVIOURS] + ["horde"] + list(OPTIONAL_RULE_IDS)
    assert [w for w in words if f"`{w}`" not in section] == []
