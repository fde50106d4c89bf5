from validate_helpers import lines, validate_files

from doria_forge.validate.rules import equipment_requirements

HAMMER = """
kind: equipment
id: hammer
name: Hammer
card_type: weapon
zone: 2_hands
requirements: {STR: 9, CON: 9}
attacks:
  - attack_type: melee
    dice: 2D+3
    damage: 2
    ap: 14
"""


def test_reachable_requirements_pass(tmp_path):
    assert lines(validate_files(tmp_path, {"hammer.yaml": HAMMER}).problems) == []


def test_requirement_above_the_creation_limit_warns(tmp_path):
    text = HAMMER.replace("{STR: 9, CON: 9}", "{STR: 15, CON: 9}").replace("ap: 14", "ap: 14\n    requirements: {PSI: 14}")
    result = validate_files(tmp_path, {"hammer.yaml": text})
    assert [(p.line, p.column, p.rule_id, p.severity.value) for p in result.problems] == [
        (6, 21, equipment_requirements.ID, "warning"),
        (12, 25, equipment_requirements.ID, "warning"),
    ]
    assert result.problems[0].message.startswith("requirement STR 15 is above 13")
    assert result.pack is not None  # warnings only


def test_rules_document_sets_the_limit(tmp_path):
    text = HAMMER.replace("{STR: 9, CON: 9}", "{STR: 15}")
    result = validate_files(tmp_path, {"hammer.yaml": text, "rules.yaml": "kind: rules\nid: house\nattribute_max_at_creation: 15\n"})
    assert lines(result.problems) == []


def test_a_premade_hero_above_the_limit_counts(tmp_path):
    hero = "kind: character\nid: giant\nname: Giant\nattributes: {STR: 16, CON: 12, AGI: 8, PER: 8, WIS: 4, PSI: 2}\n"
    text = HAMMER.replace("{STR: 9, CON: 9}", "{STR: 16}")
    assert lines(validate_files(tmp_path, {"hammer.yaml": text, "giant.yaml": hero}).problems) == []


def test_requirements_together_beyond_creation_points_warn(tmp_path):
    text = HAMMER.replace("{STR: 9, CON: 9}", "{STR: 13, CON: 13, WIS: 13, PSI: 13}")
    result = validate_files(tmp_path, {"hammer.yaml": text})
    assert lines(result.problems) == [
        "hammer.yaml:6:1 warning [equipment-requirements] requirements CON 13, PSI 13, STR 13, WIS 13 together "
        "need 54 attribute points; a hero is created with 50, and no premade hero meets them",
    ]
