"""``--precision``: sequential stopping with an honest 95% interval (``sim.precision``)."""

import random
from pathlib import Path

import pytest

from doria_forge.sim.matrix import run_matrix
from doria_forge.sim.precision import RunPlan, clopper_pearson, look_alpha

ROOT = Path(__file__).resolve().parents[1]


def test_clopper_pearson_matches_the_textbook_intervals():
    """Exact binomial intervals (Clopper and Pearson 1934), as printed by R's binom.test."""
    assert clopper_pearson(5, 10) == pytest.approx((0.187086, 0.812914), abs=1e-6)
    assert clopper_pearson(1, 1000) == pytest.approx((2.53175e-05, 0.00555892), rel=1e-4)
    low, high = clopper_pearson(0, 10)
    assert low == 0 and high == pytest.approx(1 - 0.025 ** 0.1)
    assert clopper_pearson(10, 10)[1] == 1


def test_the_looks_spend_at_most_five_percent_and_end_at_the_cap():
    looks = list(RunPlan(1000, 0.05).looks())
    assert looks[0][0] == 32 and looks[-1][0] == 1000
    assert [n for n, _ in looks] == sorted({n for n, _ in looks})
    assert sum(look_alpha(k) for k in range(10_000)) < 0.05
    assert list(RunPlan(200).looks()) == [(200, pytest.approx(0.05))]


@pytest.mark.parametrize("p", [0.5, 0.03])
def test_the_interval_at_the_stopping_look_covers_the_true_rate_at_least_95_percent(p):
    """Optional stopping would break a naive interval; the spent budget keeps it honest."""
    plan = RunPlan(3000, 0.2)
    rng = random.Random(11)
    misses = 0
    trials = 300
    for _ in range(trials):
        wins = n = 0
        for target, alpha in plan.looks():
            while n < target:
                wins += rng.random() < p
                n += 1
            if plan.done(wins, n, alpha):
                break
        low, high = clopper_pearson(wins, n, alpha)
        misses += not low <= p <= high
    assert misses <= 0.05 * trials


@pytest.fixture
def pack(shipped_pack):
    return shipped_pack


def test_one_sided_matchups_stop_early_and_every_interval_is_narrow_enough(pack):
    kwargs = dict(heroes=["warrior"], monsters=["archer", "ogre"], jobs=1)
    result = run_matrix(pack, 2000, 4, precision=0.1, **kwargs)
    assert result.precision == 0.1
    for cell in result.cells:
        assert cell.ci_high - cell.ci_low < 0.1 or cell.runs == 2000
        assert cell.ci_low <= cell.win_rate <= cell.ci_high
    extreme = [c for c in result.cells if c.win_rate in (0.0, 1.0)]
    assert extreme and all(c.runs < 400 for c in extreme)
    # the same numbers whatever the number of worker processes
    assert run_matrix(pack, 2000, 4, precision=0.1, heroes=["warrior"], monsters=["archer", "ogre"],
                      jobs=2).cells == result.cells


def test_a_precision_outside_zero_and_one_is_refused(pack):
    with pytest.raises(ValueError, match="precision"):
        run_matrix(pack, 10, 1, precision=1.5, heroes=["warrior"], monsters=["orc"], jobs=1)


def test_each_cell_names_the_level_of_its_interval(pack):
    """Under --precision a cell's interval is at the level of the look that stopped it, yet the JSON
    cell had no field saying so: it read as a plain 95% interval. A fixed count stays at 95%."""
    kwargs = dict(heroes=["warrior"], monsters=["archer", "ogre"], jobs=1)
    result = run_matrix(pack, 2000, 2, precision=0.1, **kwargs)
    plan = RunPlan(2000, 0.1)
    cells = result.to_data()["cells"]
    assert {c["confidence"] for c in cells} != {0.95}
    for cell in cells:
        assert cell["confidence"] == pytest.approx(1 - plan.budget_at(cell["runs"]))
        assert cell["confidence"] > 0.95
        # the interval is Clopper-Pearson at that level
        low, high = clopper_pearson(cell["wins"], cell["runs"], 1 - cell["confidence"])
        assert (cell["ci_low"], cell["ci_high"]) == pytest.approx((low, high), abs=1e-5)
    fixed = run_matrix(pack, 20, 2, **kwargs).to_data()["cells"]
    assert {c["confidence"] for c in fixed} == {0.95}


def test_cells_the_cap_stopped_short_of_the_precision_are_counted(pack):
    """The table's title says "until the 95% interval is narrower than P, at most N a cell", yet a
    cell --runs stopped first kept an interval wider than P without a word."""
    from rich.console import Console

    from doria_forge.sim.report import print_matrix

    result = run_matrix(pack, 40, 2, precision=0.1, heroes=["warrior"], monsters=["orc"], jobs=1)
    short = [c for c in result.cells if c.ci_high - c.ci_low >= 0.1]
    assert short and all(c.runs == 40 for c in short)
    console = Console(record=True, width=250)
    print_matrix(result, console)
    widest = max(c.ci_high - c.ci_low for c in short)
    assert (f"{len(short)} cells stopped at --runs 40 before their interval was narrower than 0.1 "
            f"(widest {widest:.3f}): raise --runs for them.") in console.export_text()
    console = Console(record=True, width=250)
    print_matrix(run_matrix(pack, 2000, 2, precision=0.5, heroes=["warrior"], monsters=["orc"], jobs=1), console)
    assert "stopped at --runs" not in console.export_text()


@pytest.mark.parametrize("command", [["simulate", "duels"], ["build"]])
def test_the_runs_help_names_the_cap_precision_plays_to(command):
    """--runs said "(default 200; with --precision the most)": how many --precision plays without
    --runs was left to --precision's own help."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app
    from doria_forge.commands.pipeline import MAX_PRECISION_RUNS

    text = " ".join(CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "200"}).output.split())
    runs = text[text.index("--runs <int range>"):]
    assert f"with --precision the most, default {MAX_PRECISION_RUNS})" in runs[:200]
