"""Findings of the verification matrix, on hand-made cell statistics."""

import math

from doria_forge.sim.matrix import CellStats, duel_seed, find_problems


def cell(hero, monster, level, wins, runs=400):
    p = wins / runs
    return CellStats(hero, monster, level, runs, wins, p, math.sqrt(p * (1 - p) / runs), 3.0, 2.0, 0)


def test_a_level_clearly_weaker_than_the_one_below_is_a_warning():
    cells = [cell("warrior", "orc", 1, 300), cell("warrior", "orc", 2, 360), cell("warrior", "orc", 3, 200)]
    findings = find_problems(cells)
    assert [(f.rule_id, f.monster, f.level, f.hero) for f in findings] == [
        ("level-weaker-than-below", "orc", 2, "warrior")
    ]
    assert "90%" in findings[0].message and "75%" in findings[0].message


def test_noise_within_the_standard_error_is_not_a_finding():
    # 300 vs 310 wins of 400: 2.5 points apart, well inside three combined standard errors
    assert find_problems([cell("mage", "orc", 1, 300), cell("mage", "orc", 2, 310)]) == []


def test_a_monster_far_from_its_peers_at_one_level_is_out_of_line():
    cells = [cell("mage", m, 1, 200) for m in ("a", "b", "c", "d")] + [cell("mage", "e", 1, 4)]
    findings = find_problems(cells)
    assert [(f.rule_id, f.monster) for f in findings] == [("level-out-of-line", "e")]
    assert "harder" in findings[0].message


def test_duel_seeds_depend_only_on_their_inputs():
    assert duel_seed(1, "mage", "orc", 2, 7) == duel_seed(1, "mage", "orc", 2, 7)
    seeds = {duel_seed(1, "mage", "orc", 2, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert duel_seed(2, "mage", "orc", 2, 7) != duel_seed(1, "mage", "orc", 2, 7)
    assert 0 <= duel_seed(1, "mage", "orc", 2, 7) < 2**63


def test_a_caveat_explains_findings_of_monsters_whose_ability_cannot_act_in_a_duel():
    cells = [cell("mage", m, 1, 200) for m in ("a", "b", "c", "d")] + [cell("mage", "zombie", 1, 400)]
    findings = find_problems(cells, {"zombie": "its ability zombie_raise does not act in a duel"})
    assert findings[0].message.endswith("; its ability zombie_raise does not act in a duel")
