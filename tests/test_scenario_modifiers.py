"""Lasting scenario rules (``modify``, ``model.words.modifiers``): validated at the field, worded
for the scenario page, and played at the step of the rules they change.

``monster_damage`` is played where the Book of Rules puts a monster's damage "plus any
modifications": chapter *Getting Hit and Armor Rating* (book l.1547): "If a character was hit by
a monster, the monster's damage indicated on the card for that Monster Level (plus any
modifications) applies. [...] All damage points above the Armor Rating of the armor used for
protection will be deducted from the character's Hit Points." The extra points join the hit's
damage before the one armor card stops what it can, as a critical step does (*Critical hits*
EXAMPLE: damage 3 + 2 critical steps = 5, AR 2, 3 HP lost).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from map_helpers import map_game, pack_with, tile, with_docs
from scenario_helpers import TILES, scenario
from validate_helpers import level_yaml, lines, monster_with_levels, monster_yaml, validate_files

from doria_forge.engine.combat import monster_attack
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.monster_ai import activate_monster
from doria_forge.model.scenario import Rule, Scenario
from doria_forge.validate import validate_pack
from doria_forge.validate.rules import scenario_prose

ROOT = Path(__file__).resolve().parents[1]

UNDEAD_RULE = {"text": "Undead monsters deal 1 extra damage to the hero carrying the relic.",
               "modify": [{"modifier": "monster_damage", "amount": 1, "flag": "undead", "who": "carrier",
                           "token": "relic"}]}
ROOM = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], runes=[(1, 1, "blue")],
            entrances=[(3, 2)], starts=[(2, 2)])


# --------------------------------------------------------------------------- validation
MODIFIER = "{modifier: monster_damage, amount: 1, flag: undead, who: carrier, token: idol}"
ZOMBIE = "---\n".join([monster_yaml("zombie", flags=["undead"])] + [level_yaml("zombie", lv) for lv in (1, 2, 3, 4)])


def _validate(tmp_path, modifier: str = MODIFIER, monsters: str = ZOMBIE, rule_head: str = ""):
    """The helpers' scenario with a lasting rule (its modifier on line 36 of s.yaml) added."""
    text = scenario(("max_rounds: 20\n", f'  - text: "The dead hunt the idol."\n{rule_head}    modify:\n'
                                         f"      - {modifier}\nmax_rounds: 20\n"))
    return validate_files(tmp_path, {"tiles.yaml": TILES, "monsters.yaml": monsters, "s.yaml": text})


def test_a_lasting_rule_is_simulated_and_valid(tmp_path):
    result = _validate(tmp_path)
    assert result.ok and lines(result.problems) == []
    rule = result.pack.scenarios["vault"].rules[-1]
    assert rule.simulated and rule.lasting


@pytest.mark.parametrize(("edit", "expected"), [
    (("amount: 1,", "amount: 0,"), "s.yaml:36:44 error [schema] rules[2].modify[0].amount: an amount of "
                                   "0 changes nothing: give 1 to 10 points more, or -1 to -10 fewer"),
    (("amount: 1,", "amount: 11,"), "s.yaml:36:44 error [schema] rules[2].modify[0].amount: Input should be less "
                                    "than or equal to 10 (got 11)"),
    (("flag: undead", "flag: ghost"), "s.yaml:36:53 error [schema] rules[2].modify[0].flag: Input should be 'undead', "
                                      "'flying', 'immune_to_ranged', 'hurt_only_by_magic', 'magic_items_ineffective' "
                                      "or 'passes_walls' (got 'ghost')"),
    (("token: idol}", "token: idle}"), "s.yaml:36:82 error [scenario-references] no token idle in setup.tokens "
                                       "(defined: idol)"),
    ((", token: idol}", "}"), "s.yaml:36:66 error [scenario-references] who: carrier needs the token whose carrier it "
                              "means (token: ...)"),
])
def test_a_bad_modifier_is_an_error_at_its_field(tmp_path, edit, expected):
    result = _validate(tmp_path, MODIFIER.replace(*edit))
    assert not result.ok
    assert lines(result.problems) == [expected]


def test_a_rule_cannot_both_fire_and_last(tmp_path):
    result = _validate(tmp_path, rule_head="    when: {on: round_start}\n    do: [{do: doom}]\n")
    assert any("a rule either fires ('when' and 'do', maybe 'once') or lasts ('modify'), not both" in line
               for line in lines(result.problems, "schema")), lines(result.problems)


def test_flag_and_monster_together_is_an_error():
    with pytest.raises(ValueError, match="by flag or by monster, not both"):
        Rule.model_validate({"modify": [{"modifier": "monster_damage", "amount": 1, "flag": "undead",
                                         "monster": "zombie"}]})


def test_a_flag_no_monster_of_the_pack_has_is_a_warning(tmp_path):
    orc = monster_with_levels("orc")
    result = _validate(tmp_path, monsters=orc)
    assert lines(result.problems) == [
        "s.yaml:36:53 warning [scenario-trigger-fires] no monster or Boss Monster of the pack has the flag undead: "
        "this rule changes nothing"]


def test_a_monster_it_names_must_exist(tmp_path):
    result = _validate(tmp_path, MODIFIER.replace("flag: undead", "monster: ghoul"))
    assert any("[dangling-reference]" in line and "ghoul" in line for line in lines(result.problems)), \
        lines(result.problems)


# --------------------------------------------------------------------------- wording
def test_a_lasting_rule_is_worded_from_its_data():
    sc = Scenario.model_validate({
        "kind": "scenario", "id": "t", "name": "T", "story": "s", "goal": "g",
        "setup": {"tokens": [{"id": "relic", "name": "Relic"}]},
        "rules": [UNDEAD_RULE,
                  {"if": [{"check": "flag", "flag": "bells_rung"}],
                   "modify": [{"modifier": "monster_damage", "amount": -2, "monster": "zombie", "who": "on_place",
                               "at": {"tile": "F-1"}}]},
                  {"modify": [{"modifier": "monster_damage", "amount": 2}]}]})
    words = sc.wording(lambda kind, ref: {"zombie": "Zombie"}.get(ref, ref))
    assert [r.describe(words) for r in sc.rules] == [
        "Every undead monster deals 1 extra damage per hit to the hero carrying the Relic.",
        "If “bells rung” is marked, every Zombie deals 2 less damage per hit to every hero on Room Tile F-1.",
        "Every monster deals 2 extra damage per hit to every hero.",
    ]


def test_the_scenario_page_prints_the_lasting_rule_and_its_text_as_flavour():
    from doria_forge.export.pdf.scenario import scenario_context

    pack = validate_pack(ROOT / "content").pack
    rules = scenario_context(pack, pack.scenarios["sunken_reliquary"])["rules"]
    lasting = next(r for r in rules if "undead" in r["words"])
    assert lasting == {"words": "Every undead monster deals 1 extra damage per hit to the hero carrying the Relic.",
                       "flavour": "Undead monsters deal 1 extra damage to the hero carrying the relic.",
                       "simulated": True}


# --------------------------------------------------------------------------- play
def _rule_game(rules, monster="zombie", carrier="scoundrel"):
    sc = Scenario.model_validate({"kind": "scenario", "id": "t", "name": "T", "story": "s", "goal": "g",
                                  "setup": {"tokens": [{"id": "relic", "name": "Relic", "at": {"tile": "ROOM"}}]},
                                  "rules": rules})
    pack = with_docs(pack_with(ROOM), sc)
    state = map_game(pack, ["scoundrel"], tiles=[("ROOM", (0, 0), 0)], at={"scoundrel": (2, 2)},
                     monsters=[(monster, (2, 1))], scenario="t")
    state.scenario.tokens["relic"].square, state.scenario.tokens["relic"].carrier = None, carrier
    hero = state.hero("scoundrel")
    hero.hp = 40  # the hits must not end the game: only the damage is looked at
    return state


def _hit(state):
    """One activation of the monster next to the Scoundrel (Moon Greaves, AR 2), its attack dice
    all 9s and the Scoundrel's defense dice all 2s (a hit, no Fumble, no die re-rolled): its outcome."""
    monster = state.monsters[0]
    state.dice = ScriptedDice([9] * monster.attack.count + [2] * 10)
    [out] = activate_monster(state, monster, may_repeat=False)
    assert out.hit
    return out


def test_the_extra_damage_is_added_before_armor():
    """Book l.1547 (see the module docstring): a Zombie (damage 1 at Monster Level 1) hits the
    Scoundrel critically once (2 damage); her Moon Greaves (AR 2) stop it all. While she carries
    the relic the hit deals 3: the greaves stop 2 and she loses the third from her HP."""
    plain_game, ruled_game = _rule_game([]), _rule_game([UNDEAD_RULE])
    plain, ruled = _hit(plain_game), _hit(ruled_game)
    assert plain_game.monsters[0].damage == 1
    assert (plain.critical_steps, plain.damage, plain.armor_absorbed, plain.wound) == (1, 2, 2, 0)
    assert (ruled.critical_steps, ruled.damage, ruled.armor_absorbed, ruled.wound) == (1, 3, 2, 1)
    assert ruled.armor == plain.armor == "scoundrel:moon_greaves:1"
    assert (plain_game.hero("scoundrel").hp, ruled_game.hero("scoundrel").hp) == (40, 39)
    assert [e["rule"] for e in ruled_game.log.of_kind("scenario_rule")] == [0]


def test_the_rule_reaches_only_the_monsters_and_heroes_it_names_while_its_conditions_hold():
    base = _hit(_rule_game([])).damage
    assert _hit(_rule_game([UNDEAD_RULE], carrier=None)).damage == base  # nobody carries the relic
    assert _hit(_rule_game([UNDEAD_RULE], monster="orc")).damage == _hit(_rule_game([], monster="orc")).damage
    gated = UNDEAD_RULE | {"if": [{"check": "flag", "flag": "bells_rung"}]}
    state = _rule_game([gated])
    assert _hit(state).damage == base
    state.scenario.flags.add("bells_rung")
    assert _hit(state).damage == base + 1
    assert state.scenario.fired == {0: 1}  # counted once, on the hit it changed


def test_fewer_points_never_make_the_damage_negative():
    state = _rule_game([{"modify": [{"modifier": "monster_damage", "amount": -10}]}])
    out = _hit(state)
    assert (out.damage, out.wound, out.armor_absorbed, out.armor) == (0, 0, 0, None)


def test_monster_attack_without_a_scenario_hook_deals_the_cards_damage():
    state = _rule_game([UNDEAD_RULE])
    monster, hero = state.monsters[0], state.hero("scoundrel")
    state.dice = ScriptedDice([9] * monster.attack.count + [2] * 10)
    [out] = monster_attack(state.dice, state.log, monster, [hero], state.rules, state.defense_policy)
    assert out.damage == monster.damage + out.critical_steps


# --------------------------------------------------------------------------- the shipped pack
def test_no_shipped_scenario_rule_is_prose_only():
    """Every special rule of the shipped scenarios is played: a win rate is a verdict only if the
    rules played are the rules printed."""
    result = validate_pack(ROOT / "content")
    assert lines(result.problems, scenario_prose.ID) == []
    assert all(rule.simulated for sc in result.pack.scenarios.values() for rule in sc.rules)
