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


def test_a_monster_beyond_the_gap_on_too_few_duels_is_not_yet_out_of_line():
    """Judged on its interval, not on its point estimate: 0 of 10 duels won against "e" is 0%
    against a median of 50%, beyond the 40-point gap, but its 95% interval reaches about 31%."""
    cells = [cell("mage", m, 1, 5, runs=10) for m in ("a", "b", "c", "d")] + [cell("mage", "e", 1, 0, runs=10)]
    assert find_problems(cells) == []
    # with 400 duels the same 0% is beyond doubt
    many = [cell("mage", m, 1, 200) for m in ("a", "b", "c", "d")] + [cell("mage", "e", 1, 0)]
    found = find_problems(many)
    assert [(f.rule_id, f.monster) for f in found] == [("level-out-of-line", "e")]
    assert "0-1%" in found[0].message  # the interval is in the message


def test_a_monster_is_out_of_line_only_when_all_its_heroes_together_say_so():
    """The interval of a mean over several heroes' cells: each cell's bound at 5% / cells."""
    cells = [cell(h, m, 2, 200) for m in ("a", "b", "c") for h in ("mage", "warrior")]
    cells += [cell("mage", "d", 2, 380), cell("warrior", "d", 2, 380)]  # 95% against a median of 50%
    assert [(f.rule_id, f.monster) for f in find_problems(cells)] == [("level-out-of-line", "d")]
    assert find_problems(cells, out_of_line=0.44) == []  # 95% - 44 = 51%: inside its interval (about 91-98%)


def test_cells_stopped_by_a_precision_are_judged_at_their_look_s_budget():
    """With ``--precision`` a cell stops at the first look whose interval is narrow enough; each
    look has only part of the 5% error budget (``sim.precision``), so its interval is wider than a
    fixed count's of the same size. 36 and 58 wins of 72 duels do not overlap at the fixed 95%,
    but do at the third look's budget: no finding there (a gap of 3 standard errors flagged it)."""
    from doria_forge.sim.precision import RunPlan

    cells = [cell("warrior", "orc", 1, 36, runs=72), cell("warrior", "orc", 2, 58, runs=72)]
    assert [f.rule_id for f in find_problems(cells)] == ["level-weaker-than-below"]
    assert find_problems(cells, plan=RunPlan(1000, precision=0.1)) == []
