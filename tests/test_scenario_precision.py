"""--precision for scenarios and campaigns (issue 20): runs in looks until every win rate (a
campaign's completion rate) has an exact interval narrower than P at the look's level; the
levels of the looks sum to 5%, as for the duels (sim.precision)."""

from __future__ import annotations

from doria_forge.commands.pipeline_scenarios import play_in_looks, scenario_plans
from doria_forge.sim.stats import clopper_pearson
from doria_forge.sim.verdicts import look_alpha


def _looks(pack, precision, max_runs=512):
    plans = scenario_plans(pack, ["goblin_warren"], players=[1], runs=8, seed=2)
    looked = play_in_looks(pack, plans, max_runs=max_runs, until_decided=False, precision=precision, jobs=1,
                           progress=False)
    return looked.entries[0], looked.alpha, looked.looks


def test_precision_plays_until_the_interval_is_narrow_enough_and_no_further(shipped_pack):
    entry, alpha, looks = _looks(shipped_pack, 0.5)
    [summary] = entry["players"]
    assert alpha == look_alpha(looks - 1)
    low, high = clopper_pearson(summary["wins"], summary["runs"], alpha)
    assert high - low < 0.5
    if looks > 1:  # the look before was not narrow enough (it had half the runs)
        assert summary["runs"] == 8 * 2 ** (looks - 1)
    part = entry["precision"]
    assert part["reached"] and part["width"] == 0.5 and part["looks"] == looks
    assert part["intervals"]["1"] == [round(low, 6), round(high, 6)]


def test_a_finer_precision_plays_more_runs_and_the_cap_is_kept(shipped_pack):
    coarse, _, _ = _looks(shipped_pack, 0.5)
    fine, _, _ = _looks(shipped_pack, 0.35)
    assert fine["players"][0]["runs"] > coarse["players"][0]["runs"]
    capped, _, _ = _looks(shipped_pack, 0.01, max_runs=16)
    assert capped["players"][0]["runs"] == 16 and not capped["precision"]["reached"]


def test_the_terminal_says_whether_the_precision_was_reached(shipped_pack):
    """The JSON said ``reached: false`` and the terminal nothing: a designer read the table as if
    the precision asked had been met."""
    import io

    from rich.console import Console

    from doria_forge.sim.scenario_table import print_scenario

    def shown(entry):
        out = io.StringIO()
        print_scenario(entry, Console(file=out, width=200))
        return out.getvalue()

    coarse, _, _ = _looks(shipped_pack, 0.5)
    assert "--precision 0.5 reached after" in shown(coarse)
    capped, _, _ = _looks(shipped_pack, 0.01, max_runs=16)
    text = shown(capped)
    assert "--precision 0.01 not reached within the runs allowed" in text and "raise --runs" in text
    # the runs were at 1 player: the line said "at 1 players"
    assert " at 1 player is " in text and "1 players" not in text and "1 player)" in shown(coarse)
    assert "--precision" not in shown(dict(coarse, precision=None))  # a run without --precision
