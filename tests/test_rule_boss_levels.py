from validate_helpers import lines, validate_files

from doria_forge.validate.rules import boss_levels

ROWS = {
    1: "{level: 1, attack: 4D+5, defense: 3D+1, psi_resistance: 3D+6, damage: 6, hit_points: 4, armor_rating: 2}",
    2: "{level: 2, attack: 5D, defense: 3D+2, psi_resistance: 4D+1, damage: 7, hit_points: 5, armor_rating: 3}",
    3: "{level: 3, attack: 5D+3, defense: 3D+4, psi_resistance: 4D+2, damage: 8, hit_points: 6, armor_rating: 4}",
    4: "{level: 4, attack: 5D+5, defense: 4D, psi_resistance: 4D+3, damage: 9, hit_points: 7, armor_rating: 5}",
}


def boss_yaml(rows: list[str]) -> str:
    body = "\n".join(f"  - {row}" for row in rows)
    return (
        "kind: boss\nid: warlord\nname: Warlord\nattack_type: melee\nrange: 1\naction_points: 7\n"
        "priority: B\nend_condition: Defeat the Warlord.\nlevels:\n" + body + "\n"
    )


def test_four_growing_levels_pass(tmp_path):
    result = validate_files(tmp_path, {"boss.yaml": boss_yaml([ROWS[lv] for lv in (1, 2, 3, 4)])})
    assert lines(result.problems) == []
    assert result.pack.bosses["warlord"].level(3).damage == 8


def test_rows_in_any_order_pass(tmp_path):
    result = validate_files(tmp_path, {"boss.yaml": boss_yaml([ROWS[lv] for lv in (4, 2, 1, 3)])})
    assert lines(result.problems) == []


def test_missing_and_repeated_levels(tmp_path):
    result = validate_files(tmp_path, {"boss.yaml": boss_yaml([ROWS[1], ROWS[2], ROWS[2]])})
    assert lines(result.problems, boss_levels.ID) == [
        "boss.yaml:9:1 error [boss-levels] boss 'warlord' has no rows for levels 3, 4 "
        "(a Boss Monster card needs one row for each level 1-4)",
        "boss.yaml:12:13 error [boss-levels] boss 'warlord' has a second row for level 2; "
        "the row at boss.yaml:11:5 already is one",
    ]


def test_decrease_is_reported_at_the_higher_row(tmp_path):
    rows = [ROWS[1], ROWS[2], ROWS[3].replace("damage: 8", "damage: 5"),
            ROWS[4].replace("defense: 4D", "defense: 3D")]
    result = validate_files(tmp_path, {"boss.yaml": boss_yaml(rows)})
    assert lines(result.problems, boss_levels.ID) == [
        "boss.yaml:12:75 error [boss-levels] boss 'warlord' damage 5 at level 3 is lower than 7 at level 2; "
        "Boss Monster card stats never decrease",
        "boss.yaml:13:39 error [boss-levels] boss 'warlord' defense 3D at level 4 is lower than 3D+4 at level 3; "
        "Boss Monster card stats never decrease",
    ]


def test_a_level_outside_1_to_4_is_a_schema_error(tmp_path):
    result = validate_files(tmp_path, {"boss.yaml": boss_yaml([ROWS[1].replace("level: 1", "level: 5")])})
    assert result.pack is None or "warlord" not in result.pack.bosses
    assert any(p.file == "boss.yaml" and p.line == 10 for p in result.problems)
