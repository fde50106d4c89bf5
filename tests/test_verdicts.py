"""Three-valued verdicts on balance targets (sim.verdicts): judged on the interval, never on the
point estimate, with the family-wise error controlled across the targets judged together."""

import pytest

from doria_forge.model.scenario import Balance
from doria_forge.sim.executors import local_executor, run_plans
from doria_forge.sim.scenario_runner import make_plan
from doria_forge.sim.verdicts import (
    FAILS,
    HOLDS,
    UNDECIDED,
    Median,
    Proportion,
    Target,
    judge,
    look_alpha,
    runs_needed,
    scenario_targets,
)


def _rate(wins, runs, band):
    return Target("scenario/x", ("balance", "win_rate", "all"), "win_rate", 4, band, Proportion(wins, runs))


@pytest.mark.parametrize("wins, runs", [(0, 8), (3, 8), (8, 8), (12, 40), (27, 100), (61, 100), (95, 100)])
@pytest.mark.parametrize("band", [(0.3, 0.6), (0.1, 0.85), (0.68, 0.95), (0.0, 0.2)])
def test_one_target_is_judged_on_its_exact_95_percent_interval(wins, runs, band):
    """The rule of the issue, against SciPy's exact (Clopper-Pearson) interval: inside the band
    holds, outside fails, overlapping an edge is undecided."""
    from scipy import stats
    ci = stats.binomtest(wins, runs).proportion_ci(confidence_level=0.95, method="exact")
    low, high = band
    expected = (HOLDS if low < ci.low and ci.high < high else
                FAILS if ci.high < low or ci.low > high else UNDECIDED)
    (verdict,) = judge([_rate(wins, runs, band)])
    assert verdict.verdict == expected
    assert verdict.interval == pytest.approx((ci.low, ci.high), abs=1e-7)


def test_many_targets_share_the_error_budget_holm():
    # 1 of 40 against a band from 15%: alone the interval lies below it (p ~ 0.02) ...
    alone = judge([_rate(1, 40, (0.15, 0.5))])[0]
    assert alone.verdict == FAILS and alone.p_fail < 0.05
    # ... judged with four other targets that are clearly fine, it needs p < 0.05 / 5 first
    others = [_rate(20, 40, (0.2, 0.8)) for _ in range(4)]
    together = judge([_rate(1, 40, (0.15, 0.5)), *others])
    assert together[0].verdict == UNDECIDED and together[0].family == 5
    assert together[0].p_fail == pytest.approx(min(1.0, 5 * alone.p_fail))
    assert together[0].runs_needed is not None and together[0].runs_needed > 40


def test_an_undecided_target_whose_own_interval_is_clear_of_the_band_does_not_say_it_overlaps():
    """The shipped build at 8 runs said "the interval overlaps it" of a median's 3-6 rounds
    against a band of 2-14: undecided only because 66 targets were judged together."""
    from doria_forge.sim.findings import no_location, verdict_findings

    others = [_rate(20, 40, (0.2, 0.8)) for _ in range(4)]
    outside = judge([_rate(1, 40, (0.15, 0.5)), *others])
    inside = judge([_rate(20, 40, (0.33, 0.67)) for _ in range(5)])  # alone each holds: 34%-66%
    assert outside[0].verdict == inside[0].verdict == UNDECIDED
    assert outside[0].interval[1] < 0.15 and 0.33 < inside[0].interval[0] < inside[0].interval[1] < 0.67
    said = [verdict_findings([v[0].to_data()], no_location)[0].message for v in (outside, inside)]
    assert "the interval lies outside it, but not surely enough for 5 targets judged together" in said[0]
    assert "the interval lies inside it, but not surely enough for 5 targets judged together" in said[1]
    assert not any("overlaps" in message for message in said)
    overlapping = judge([_rate(3, 10, (0.3, 0.7))])[0]
    assert "the interval overlaps it (one target judged)" in verdict_findings([overlapping.to_data()], no_location)[0].message


def test_an_undecided_target_says_how_many_runs_would_likely_decide_it():
    target = _rate(5, 10, (0.3, 0.7))  # 50%: inside, but the interval 19%-81% is not
    needed = runs_needed(target)
    assert needed is not None and 10 < needed < 200
    # with about that many runs at the same rate the verdict is in (the planning is not off by far)
    wins = round(needed * 0.5)
    assert judge([_rate(wins, needed, (0.3, 0.7))])[0].verdict == HOLDS
    # a rate exactly on an edge is never decided: no number is promised
    assert runs_needed(_rate(3, 10, (0.3, 0.7))) is None


@pytest.mark.parametrize("wins, band", [(0, (0.0, 0.1)), (10, (0.9, 1.0))])
def test_a_rate_on_a_band_edge_no_rate_can_cross_is_promised_the_runs_that_decide_it(wins, band):
    """A scenario never won (0 of 10) against "at most 10%" was told "the estimate sits at the
    band's edge: more runs will hardly decide it": 0% is on the band's low edge, but no rate lies
    below 0%, and 0 of 36 runs hold it (the 95% interval 0%-9.7%)."""
    from doria_forge.sim.findings import no_location, verdict_findings

    (verdict,) = judge([_rate(wins, 10, band)])
    assert verdict.verdict == UNDECIDED
    (finding,) = verdict_findings([verdict.to_data()], no_location)
    assert "more runs will hardly decide it" not in finding.message
    assert verdict.runs_needed is not None and 20 < verdict.runs_needed < 80
    assert f"would likely decide it (--runs {verdict.runs_needed})" in finding.message
    decided = judge([_rate(wins and 36, 36, band)])[0]  # 36 runs, none lost (or none won)
    assert decided.verdict == HOLDS


@pytest.mark.parametrize("wins, runs, band", [(0, 8, (0.3, 0.6)), (0, 8, (0.0, 0.2)), (8, 8, (0.03, 0.8)),
                                             (2, 32, (0.0, 0.2)), (1, 8, (0.5, 1.0)), (13, 40, (0.3, 0.6))])
def test_the_runs_an_undecided_rate_asks_for_decide_it_with_80_percent_power(wins, runs, band):
    """A scenario never won in 8 runs against 30%-60% was told "about 9 runs would likely decide it
    (--runs 9)": the normal approximation, far off near 0% and 100%; 0 wins of 9 runs do not fail
    (the exact interval reaches 33.6%), nor of 10. The count asked for now decides with at least
    80% chance if the rate is what the runs so far show, by exact binomial computation (Chernick
    and Liu, The American Statistician 56, 2002)."""
    from scipy import stats

    assert judge([_rate(wins, runs, band)])[0].verdict == UNDECIDED
    needed = runs_needed(_rate(wins, runs, band))
    assert needed is not None and needed > runs
    rate = wins / runs
    chance = sum(stats.binom.pmf(k, needed, rate) for k in range(needed + 1)
                 if judge([_rate(k, needed, band)])[0].verdict != UNDECIDED)
    assert chance >= 0.8
    if rate in (0.0, 1.0):  # every run alike: exactly the fewest that decide
        assert judge([_rate(wins and needed - 1, needed - 1, band)])[0].verdict == UNDECIDED


def test_a_target_held_beyond_doubt_on_both_edges_needs_no_more_runs():
    """64 runs of a 14-round scenario, every one lasting 2 to 14 rounds, against a rounds band of
    2-14: the sign tests of both edges give p = 0 (0.5**64 is below what 1 - p keeps), so neither
    edge was counted as deciding and runs_needed said None ("more runs will hardly decide it").
    tune confirms a candidate only when every target's runs_needed is within reach: it never
    confirmed the shipped Alchemist's Fuse as written (0 confirmation looks in 9,600
    playthroughs) and proposed a change to it instead."""
    target = Target("scenario/x", ("balance", "rounds"), "rounds", 1, (2.0, 14.0), Median({2: 5, 5: 56, 14: 3}))
    assert target.evidence.n == 64
    assert target.evidence.p_at_least(2.0) == 0 and target.evidence.p_at_most(14.0) == 0
    assert runs_needed(target) == 64
    assert judge([target])[0].verdict == HOLDS


def test_the_median_rounds_target_uses_the_sign_test():
    band = (6.0, 12.0)
    many = Target("scenario/x", ("balance", "rounds"), "rounds", 2, band, Median({8: 30, 9: 30, 10: 20}))
    short = Target("scenario/x", ("balance", "rounds"), "rounds", 2, band, Median({3: 40, 4: 30, 7: 5}))
    few = Target("scenario/x", ("balance", "rounds"), "rounds", 2, band, Median({5: 2, 7: 3}))
    verdicts = judge([many, short, few])
    assert [v.verdict for v in verdicts] == [HOLDS, FAILS, UNDECIDED]
    assert verdicts[0].interval == (9.0, 9.0) and verdicts[1].estimate == 3.0  # 40 of 75 runs took 3


def test_a_median_of_too_few_runs_for_its_level_has_no_interval():
    """Five runs, all inside a band of 6-12 rounds, showed "95% interval of the median 7-9 ...
    the interval lies inside it, but not surely enough for one target judged": the smallest to
    the largest of 5 values covers the median only 1 - 2/2^5 = 93.75% of the time, and the sign
    test cannot decide with 5 runs (Conover 3.2: no order statistic reaches 95% below 6 values)."""
    from doria_forge.sim.findings import no_location, verdict_findings

    five = Target("scenario/x", ("balance", "rounds"), "rounds", 2, (6.0, 12.0), Median({7: 2, 8: 2, 9: 1}))
    (verdict,) = judge([five])
    assert verdict.verdict == UNDECIDED and verdict.to_data()["interval"] == [None, None]
    (finding,) = verdict_findings([verdict.to_data()], no_location)
    assert "too few runs for a 95% interval of the median" in finding.message
    assert "too few runs to decide it (one target judged)" in finding.message
    six = Target("scenario/x", ("balance", "rounds"), "rounds", 2, (6.0, 12.0), Median({7: 3, 8: 2, 9: 1}))
    assert judge([six])[0].interval == (7.0, 9.0)  # 2/2^6 = 3.1%: the whole range is a 95% interval


# Group XP carried in each of 10 campaign runs: one value a run, in each of the 3 scenarios it
# passes on (the track keeps what the first left): 30 values, but 10 runs' worth of evidence.
CARRIED_BY_RUN = [3, 4, 5, 6, 7, 5, 6, 7, 8, 9]


def _carry_over_verdict(band):
    from doria_forge.model.scenario import CampaignBalance, CarryOver
    from doria_forge.sim.campaign import CampaignRecord, CampaignStats
    from doria_forge.sim.verdicts import campaign_targets

    stats = CampaignStats(2)
    for run, xp in enumerate(CARRIED_BY_RUN):
        stats.add(CampaignRecord(run=run, players=2, completed=True, end=None,
                                 attempts=[(i, f"s{i}", "won", 5) for i in range(4)], carried=[(xp, 1, 0)] * 3))
    campaign = type("Campaign", (), {"id": "c", "scenarios": [f"s{i}" for i in range(4)], "balance": CampaignBalance(
        carry_over=CarryOver(group_xp=band))})()
    (target,) = campaign_targets(campaign, [stats.to_data([f"s{i}" for i in range(4)])], {2: {"group_xp": 40.0}})
    return target, judge([target])[0]


def test_a_carry_over_is_judged_over_runs_not_over_the_values_of_one_run():
    """The carry-over test counted every scenario passed as an independent value: 30 values
    from 10 runs gave a 95% interval of 5.3-6.7 and "fails" (a warning, a failed `--fail-on
    warning` gate) against at most 5. The evidence is the runs': with the same number of values
    in every run, 10 runs of three equal values say what 10 runs of one value say."""
    from doria_forge.sim.verdicts import CarriedMean

    target, verdict = _carry_over_verdict((0, 5))
    assert target.evidence.n == 30 and verdict.verdict == UNDECIDED
    one_each = CarriedMean(sum(CARRIED_BY_RUN), 10, 10, sum(v * v for v in CARRIED_BY_RUN), sum(CARRIED_BY_RUN), 10,
                           lowest=0.0, most=40.0,
                           by_run=tuple((float(v), 1, 1) for v in CARRIED_BY_RUN))
    assert verdict.interval == pytest.approx(one_each.interval(0.05), rel=1e-6)
    assert judge([_carry_over_verdict((0, 3))[0]])[0].verdict == FAILS  # well clear of the band: still found


def test_one_campaign_run_decides_a_carry_over_only_where_the_rules_do():
    """One campaign run passing two scenarios (4 and 6 Group XP, at most 8 a scenario): the t
    interval had none ("too few campaign runs for an interval"); the bet's interval is nearly
    all of 0-8, so a band of 0-4 stays undecided, while one of 0-20 holds whatever the runs show,
    as the rules allow no more than 8."""
    from doria_forge.sim.verdicts import CarriedMean

    one_run = CarriedMean(10, 2, 1, 100, 20, 4, lowest=0.0, most=8.0, per_run=2, by_run=((10.0, 2, 1),))

    def carried(band):
        return Target("campaign/c", ("balance", "carry_over", "group_xp"), "carry_over:group_xp", 2, band, one_run)

    narrow, wide = judge([carried((0.0, 4.0)), carried((0.0, 20.0))])
    low, high = narrow.interval
    assert narrow.verdict == UNDECIDED and low < 0.5 and high > 7.5
    assert wide.verdict == HOLDS


def test_the_run_mean_error_weighs_runs_by_their_values():
    """Runs that pass different numbers of scenarios: the ratio estimator's standard error
    (Cochran 1977, eq. 6.13: ``sqrt(R/(R-1) * sum (T_r - mean m_r)^2) / sum m_r``) computed
    from the raw values, against the runs' sums the reports keep (``stats.run_mean_error``: what
    an undecided carry-over's runs needed start from, and the baseline's rates over runs)."""
    import math

    from doria_forge.sim.stats import run_mean_error

    runs = [[2, 3, 3], [5], [1, 1], [4, 6, 5], [0], [3, 2]]
    flat = [v for r in runs for v in r]
    mean = sum(flat) / len(flat)
    residuals = [sum(r) - mean * len(r) for r in runs]
    se = math.sqrt(len(runs) / (len(runs) - 1) * sum(e * e for e in residuals)) / len(flat)
    assert run_mean_error(sum(flat), len(flat), len(runs), sum(sum(r) ** 2 for r in runs),
                          sum(sum(r) * len(r) for r in runs), sum(len(r) ** 2 for r in runs)) == pytest.approx(se,
                                                                                                              rel=1e-9)


def test_look_budgets_of_the_sequential_rule_sum_below_five_percent():
    assert look_alpha(0) < 0.05 and sum(look_alpha(k) for k in range(1000)) < 0.05


# ------------------------------------------------------------------ the "done when"
PLAYERS = 1
"""goblin_warren is judged at one player count: the cheapest games (about 35 ms each)."""

TRUE_RATE = 0.13
"""The greedy party's win rate at 1 player, from 1000 runs with seed 999 (12.8%, 95% interval 11%-15%;
measure it again when the engine or the bots change: the verdicts below allow some drift)."""


@pytest.fixture(scope="module")
def warren(shipped_pack):
    return shipped_pack


def _warren_verdicts(pack, plans_and_bands):
    """Play every ``(seed, runs)`` of goblin_warren at 1 player and judge each against its band."""
    plans = [make_plan(pack, "goblin_warren", players=[PLAYERS], runs=runs, seed=seed)
             for (seed, runs), _ in plans_and_bands]
    results = run_plans(pack, plans, executor=local_executor(1))
    out = []
    for stats, (_, band) in zip(results, plans_and_bands):
        scenario = pack.scenarios["goblin_warren"].model_copy(update={"balance": Balance(win_rate={"1": band})})
        (target,) = scenario_targets(scenario, [stats[PLAYERS].to_data()])
        out.append(judge([target])[0])
    return out


@pytest.mark.slow  # 260 games, several seconds: `pytest -m "not slow"` skips it while iterating
def test_a_band_around_the_true_rate_never_fails_at_8_runs_and_a_missed_one_fails_at_100(warren):
    """Issue 21: with the default 8 runs a band that contains goblin_warren's true win rate
    failed in 3 of 20 seeds; judged on its interval it fails in none. A band missed by 40
    points is found at about 100 runs."""
    around = (round(max(TRUE_RATE - 0.15, 0.01), 2), round(TRUE_RATE + 0.15, 2))  # a rate has no band below 0
    missed = (round(TRUE_RATE + 0.40, 2), 0.95)
    *verdicts, far = _warren_verdicts(warren, [((seed, 8), around) for seed in range(1, 21)] + [((1, 100), missed)])
    assert [v.verdict for v in verdicts].count(FAILS) == 0
    assert all(v.runs == 8 for v in verdicts)
    assert far.verdict == FAILS and far.runs == 100 and far.interval[1] < missed[0]


# ------------------------------------------------------------------ looks of the sequential rule
# quick_a and quick_b are won every time (tests/scenario_sim_helpers.py): their verdicts do not
# depend on the engine's dice. quick_a's band is decided by its first 8 runs at the first look's
# level (3.0%) but not at a later, stricter one; quick_b's band ends at 99%, where a scenario won
# every time keeps it undecided, so the looks go on.
LOOK_BANDS = {"quick_a": "all: [0.5, 1.0]", "quick_b": "all: [0.0, 0.99]"}


@pytest.fixture(scope="module")
def looks_pack(tmp_path_factory):
    from scenario_sim_helpers import QUICK, shipped_with, validated

    quick = QUICK.replace("    all: [0.0, 0.5]\n", f"    {LOOK_BANDS['quick_a']}\n").replace(
        "    - {goal: survive, rounds: 2}\nmax_rounds: 5",
        f"    - {{goal: survive, rounds: 2}}\nbalance:\n  win_rate:\n    {LOOK_BANDS['quick_b']}\nmax_rounds: 5")
    root = shipped_with(tmp_path_factory.mktemp("looks") / "content", {"scenarios/quick.yaml": quick})
    return validated(root).pack


def _verified(pack, tmp_path, scenarios, **options):
    import io
    import json

    from rich.console import Console

    from doria_forge.commands.pipeline_scenarios import verify

    shown = io.StringIO()
    verify(pack, scenarios, players=[1], seed=1, jobs=1, progress=False, cache=False, out=tmp_path / "r.json",
           console=Console(file=shown, width=200), **options)
    return json.loads((tmp_path / "r.json").read_text()), shown.getvalue()


def test_the_html_report_gives_each_interval_its_level(looks_pack, tmp_path):
    """The HTML table of the verdicts showed "0.593-1" and "0.706-1" side by side: after looks of
    the sequential rule one was a 97% interval, the other a 99.2% one (shown as 99%), and nothing
    said so."""
    from doria_forge.commands.pipeline_scenarios import verify

    verify(looks_pack, ["quick_a", "quick_b"], players=[1], seed=1, jobs=1, progress=False, cache=False, runs=16,
           until_decided=True, show=False, html=tmp_path / "r.html", replay="none")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<th>interval (confidence)</th>" in page
    assert "<td>0.593-1 (97%)</td>" in page and "<td>0.706-1 (99%)</td>" in page


def test_the_json_verdict_names_its_method(looks_pack, tmp_path):
    """The JSON gave each verdict's interval and level but not how it was made: the report names
    it per target (and the schema lists the methods)."""
    from doria_forge.sim.verdicts import CarriedMean

    report, _ = _verified(looks_pack, tmp_path, ["quick_a"], runs=8)
    assert [v["method"] for v in report["verdicts"]["targets"]] == ["clopper-pearson"]
    others = [Median({7: 6}), CarriedMean(12, 6, 3, 48, 8, 4, lowest=0.0)]
    assert [judge([Target("x/y", (), "m", 1, (0.0, 9.0), e)])[0].to_data()["method"] for e in others] == [
        "sign-test", "betting-over-runs"]


def test_a_target_decided_at_an_early_look_keeps_its_verdict(looks_pack, tmp_path):
    """A build judged every target again at the last look's stricter level, on the runs of a
    scenario that had stopped at an earlier look: quick_a, held after its first 8 runs, was
    reported undecided ("the estimate sits at the band's edge: more runs will hardly decide it")
    because quick_b needed a second look."""
    report, shown = _verified(looks_pack, tmp_path, ["quick_a", "quick_b"], runs=16, until_decided=True)
    verdicts = {v["document"]: v for v in report["verdicts"]["targets"]}
    held, open_ = verdicts["scenario/quick_a"], verdicts["scenario/quick_b"]
    assert report["verdicts"]["looks"] == 2 and report["verdicts"]["counts"] == {"holds": 1, "fails": 0,
                                                                                 "undecided": 1}
    assert held["verdict"] == "holds" and held["runs"] == 8
    assert held["confidence"] == pytest.approx(1 - look_alpha(0), abs=1e-9)
    assert open_["verdict"] == "undecided" and open_["runs"] == 16
    assert open_["confidence"] == pytest.approx(1 - look_alpha(1), abs=1e-9)
    assert "quick_a" not in "".join(line for line in shown.splitlines() if "balance-undecided" in line)
    assert "Balance targets: 1 hold, 0 fail, 1 undecided" in shown


def test_precision_reached_at_an_early_look_is_reported_reached(looks_pack, tmp_path):
    """With --precision, a scenario whose interval was narrow enough at the first look was shown
    with the last look's wider interval: "--precision 0.45 not reached ... raise --runs"."""
    # the Lantern Vigil, won about half the time solo, has the widest intervals: it needs more looks
    report, shown = _verified(looks_pack, tmp_path, ["quick_a", "lantern_vigil"], runs=64, precision=0.45)
    quick = next(e for e in report["scenarios"] if e["id"] == "quick_a")
    vigil = next(e for e in report["scenarios"] if e["id"] == "lantern_vigil")
    assert vigil["precision"]["looks"] > 1  # the other scenario needed more looks
    assert quick["players"][0]["runs"] == 8
    assert quick["precision"]["reached"] and quick["precision"]["looks"] == 1
    assert quick["precision"]["alpha"] == pytest.approx(look_alpha(0), abs=1e-8)
    low, high = quick["precision"]["intervals"]["1"]
    assert high - low < 0.45
    assert "--precision 0.45 reached after 1 look: every 97% interval is narrower" in shown
    assert "not reached" not in shown


def _coin_looks(monkeypatch, pack, rate, trials, max_runs):
    """play_in_looks on quick_a (band 50%-100% at 1 player) with its runs replaced by coins won
    with chance ``rate`` (seeded by trial and run): the verdict of each of ``trials`` trials."""
    import hashlib

    from doria_forge.commands import pipeline_scenarios
    from doria_forge.sim.run_record import RunRecord

    def coins(pack, plans, label, **options):
        out = []
        for plan in plans:
            stats = {n: plan.new_stats(n) for n in plan.players}
            for n in plan.players:
                for run in range(plan.first_run, plan.runs):
                    digest = hashlib.sha256(f"{plan.seed}:{n}:{run}".encode()).digest()
                    won = int.from_bytes(digest[:8], "big") / 2**64 < rate
                    stats[n].add(RunRecord(run=run, seed=run, players=n, party=(), outcome="won" if won else
                                           "hero_died", rounds=5))
            out.append(stats)
        return out

    monkeypatch.setattr(pipeline_scenarios, "_play", coins)
    verdicts = []
    for trial in range(trials):
        plans = pipeline_scenarios.scenario_plans(pack, ["quick_a"], players=[1], runs=8, seed=trial)
        looked = pipeline_scenarios.play_in_looks(pack, plans, max_runs=max_runs, jobs=1, progress=False,
                                                  cache=False)
        (verdict,) = looked.verdicts["scenario/quick_a"]
        verdicts.append(verdict["verdict"])
    return verdicts


@pytest.mark.slow  # 400 sequential trials, about 10 s
def test_looking_again_until_decided_keeps_the_error_at_five_percent(monkeypatch, looks_pack):
    """The sequential rule (--until-decided, build) looks at 8, 16, 32... runs and stops at the
    first look that decides. A win rate of exactly 50% lies inside the band 50%-100%, so "fails"
    is a wrong verdict. Judged at 5% at every look (up to 1024 runs: 8 looks) it came in 31 of
    400 seeded trials (7.8%); each look's own share of the budget keeps the chance of a wrong
    verdict, whichever look gives it, below 5% (3 of 400 here)."""
    verdicts = _coin_looks(monkeypatch, looks_pack, 0.5, trials=400, max_runs=1024)
    assert verdicts.count(FAILS) <= 0.05 * len(verdicts)


def _scenario_in_campaign(band, runs):
    """The ``scenario_win_rate`` target of scenario ``s0`` from campaign runs given as the
    outcomes of each run's attempts at it."""
    from doria_forge.model.scenario import CampaignBalance
    from doria_forge.sim.campaign import CampaignRecord, CampaignStats
    from doria_forge.sim.verdicts import campaign_targets

    stats = CampaignStats(2)
    for run, outcomes in enumerate(runs):
        won = outcomes[-1] == "won"
        stats.add(CampaignRecord(run=run, players=2, completed=won, end=None if won else (0, "s0", outcomes[-1]),
                                 attempts=[(0, "s0", outcome, 6) for outcome in outcomes]))
    campaign = type("Campaign", (), {"id": "c", "balance": CampaignBalance(
        scenario_win_rate={"s0": {"all": band}})})()
    (target,) = campaign_targets(campaign, [stats.to_data(["s0"])])
    return target, judge([target])[0]


def test_a_scenario_tried_again_by_the_same_party_is_judged_over_campaign_runs():
    """Ten campaign runs win s0 at the first attempt; ten lose it three times in a row (the same
    weak party each time): 10 wins of 40 attempts. Counted as 40 independent attempts, the 95%
    interval 13-41% "fails" a band of at least 42%; the runs' attempts hang together (a design
    effect of 1.5, Korn and Graubard 1998), so the evidence is that of about 27 attempts and the
    target is undecided. Far from the band it still fails."""
    runs = [["won"]] * 10 + [["lost"] * 3] * 10
    target, verdict = _scenario_in_campaign((0.42, 1.0), runs)
    assert (target.evidence.successes, target.evidence.n) == (10, 40)
    assert judge([Target(target.document, target.path, target.metric, 2, (0.42, 1.0), Proportion(10, 40))])[0] \
        .verdict == FAILS
    assert verdict.verdict == UNDECIDED and verdict.to_data()["method"] == "clopper-pearson-over-runs"
    assert verdict.interval[1] > 0.42
    assert _scenario_in_campaign((0.6, 1.0), runs)[1].verdict == FAILS


def test_a_scenario_each_campaign_run_tried_once_is_judged_as_independent_attempts():
    """One attempt a run: no design effect, the exact binomial verdict and interval."""
    runs = [["won"]] * 7 + [["lost"]] * 13
    target, verdict = _scenario_in_campaign((0.5, 1.0), runs)
    plain = judge([Target(target.document, target.path, target.metric, 2, (0.5, 1.0), Proportion(7, 20))])[0]
    assert verdict.interval == pytest.approx(plain.interval, rel=1e-9)
    assert (verdict.p_fail, verdict.p_hold) == pytest.approx((plain.p_fail, plain.p_hold), rel=1e-9)


def test_the_interval_over_campaign_runs_keeps_its_95_percent_where_attempts_hang_together():
    """Coverage, simulated: half the parties are weak (2% a try) and half strong (98%); each tries
    the scenario up to 5 times until it wins. Over 1000 sets of 30 campaign runs, the exact
    binomial interval of wins over attempts covers the true rate (from 200,000 runs) about 90% of
    the time; the interval over runs (RunProportion) at least 95%."""
    import random

    from doria_forge.sim.verdicts import RunProportion

    rng = random.Random(8)

    def campaign_runs(count):
        runs = []
        for _ in range(count):
            p, won, tries = rng.choice((0.02, 0.98)), 0, 0
            while tries < 5 and not won:
                tries += 1
                won = int(rng.random() < p)
            runs.append((won, tries))
        return runs

    many = campaign_runs(200_000)
    truth = sum(w for w, _ in many) / sum(a for _, a in many)
    binomial = over_runs = 0
    for _ in range(1000):
        runs = campaign_runs(30)
        wins, tries = sum(w for w, _ in runs), sum(a for _, a in runs)
        low, high = Proportion(wins, tries).interval(0.05)
        binomial += low <= truth <= high
        low, high = RunProportion(wins, tries, len(runs), sum(w * w for w, _ in runs), sum(w * a for w, a in runs),
                                  sum(a * a for _, a in runs)).interval(0.05)
        over_runs += low <= truth <= high
    assert binomial < 930 and over_runs >= 950


def test_a_carry_over_finding_names_the_rulebook_terms_and_a_negative_bound_reads_as_one():
    """A campaign of 4 runs said "the party carried 1.00 loot cards per scenario passed ... (95%
    interval -11.71-13.71, ...)": the book's Loot Cards and Group XP, and a range whose low end
    below 0 read as a range from 11.71."""
    from doria_forge.sim.findings import no_location, verdict_findings

    def carried(name, low, high):
        return {"band": [1.0, 12.0], "confidence": 0.95, "document": "campaign/smugglers", "estimate": 1.0,
                "family": 4, "interval": [low, high], "method": "t", "metric": f"carry_over:{name}", "p_fail": 1.0,
                "p_hold": 1.0, "path": ["balance", "carry_over", name], "players": 1, "runs": 4, "runs_needed": None,
                "verdict": "undecided"}

    (loot,) = verdict_findings([carried("loot_cards", -11.71, 13.71)], no_location)
    assert "the party carried 1.00 Loot Cards per scenario passed" in loot.message
    assert "95% interval -11.71 to 13.71" in loot.message
    (xp,) = verdict_findings([carried("group_xp", 0.5, 1.5)], no_location)
    assert "1.00 Group XP per scenario passed" in xp.message and "95% interval 0.50-1.50" in xp.message


def test_an_undecided_campaign_scenario_asks_for_more_attempts_where_they_hang_together():
    """The runs needed scale with the design effect: 1.5 in the ten-and-ten runs above, so about
    1.5 times the attempts independent trials would need."""
    runs = [["won"]] * 10 + [["lost"] * 3] * 10
    target, verdict = _scenario_in_campaign((0.3, 1.0), runs)
    plain = Target(target.document, target.path, target.metric, 2, (0.3, 1.0), Proportion(10, 40))
    assert verdict.verdict == UNDECIDED
    assert verdict.runs_needed == pytest.approx(1.5 * runs_needed(plain), rel=0.02)


def test_an_undecided_carry_over_target_asks_for_campaign_runs_not_values():
    """A campaign run passes on a value after each scenario it passes: 12 values from 6 runs.
    The finding said "about 34 values per player count would likely decide it (--runs 34)", yet
    --runs counts campaign runs, each giving two values: 17 runs."""
    from doria_forge.sim.findings import no_location, verdict_findings

    verdict = {"band": [1.0, 12.0], "confidence": 0.95, "document": "campaign/smugglers", "estimate": 1.67,
               "family": 4, "interval": [0.81, 2.52], "method": "t-over-runs", "metric": "carry_over:loot_cards",
               "p_fail": 1.0, "p_hold": 1.0, "path": ["balance", "carry_over", "loot_cards"], "players": 1,
               "runs": 12, "runs_needed": 34, "verdict": "undecided"}
    (finding,) = verdict_findings([verdict], no_location, {"campaign/smugglers": {"runs": 6, "seed": 1}})
    assert "about 34 values per player count would likely decide it (--runs 17)" in finding.message


def test_a_carry_over_band_from_0_needs_no_evidence_on_that_side():
    """Group XP, Loot Cards and gold carried over are counts, never below 0. Three campaign runs
    carrying 0, 1 and 6 Group XP: the t interval reaches below 0, and a band of 0-20 (the shipped
    campaign's) stayed undecided on "is the mean at least 0?", which no run can deny, as a
    rate's band from 0% needs no evidence on that side. The high edge still has to be shown."""
    from doria_forge.model.scenario import CampaignBalance, CarryOver
    from doria_forge.sim.campaign import CampaignRecord, CampaignStats
    from doria_forge.sim.verdicts import campaign_targets

    def verdict(band):
        stats = CampaignStats(1)
        for run, xp in enumerate([0, 1, 6]):
            stats.add(CampaignRecord(run=run, players=1, completed=True, end=None,
                                     attempts=[(i, f"s{i}", "won", 5) for i in range(4)], carried=[(xp, 1, 0)] * 3))
        campaign = type("Campaign", (), {"id": "c", "scenarios": [f"s{i}" for i in range(4)],
                                         "balance": CampaignBalance(carry_over=CarryOver(group_xp=band))})()
        (target,) = campaign_targets(campaign, [stats.to_data([f"s{i}" for i in range(4)])], {1: {"group_xp": 40.0}})
        return target, judge([target])[0]

    target, from_zero = verdict((0, 20))
    # no mean of counts lies below 0: the interval shown starts at 0 at the lowest, and the low edge
    # 0 needs no evidence (three runs cannot show the high edge of 20 against a most of 40)
    assert from_zero.interval[0] >= 0 and target.evidence.p_at_least(0.0) == 0.0
    assert verdict((0, 8))[1].verdict == UNDECIDED  # the interval reaches above 8: that side is not shown
    assert verdict((1, 20))[1].verdict == UNDECIDED  # an edge a count may lie below is still tested


def test_the_precision_line_never_calls_a_late_looks_level_100_percent():
    """At the eighth look (8 to 1000 runs, --runs' default with --precision) the level is 99.95%,
    which the line printed with one decimal as "every 100.0% interval": it is written as the
    findings write a level ("exact 97% interval"), with the digits it needs."""
    from doria_forge.sim.scenario_table import precision_line

    entry = {"precision": {"width": 0.05, "alpha": look_alpha(7), "looks": 8, "reached": False,
                           "intervals": {"1": [0.40, 0.46]}}}
    assert "the 99.95% interval at 1 player is 0.060 wide" in precision_line(entry)
    early = {"precision": {**entry["precision"], "alpha": look_alpha(0), "looks": 1, "reached": True}}
    assert "every 97% interval is narrower" in precision_line(early)



def test_a_campaign_target_no_run_reached_is_named_not_judged():
    """A campaign whose runs never reached its last scenario, nor passed one on, judged neither
    that scenario's win rate nor the carry-over, and said nothing of them."""
    from doria_forge.model.scenario import CampaignBalance, CarryOver
    from doria_forge.sim.campaign import CampaignRecord, CampaignStats
    from doria_forge.sim.findings import not_judged_count, not_judged_words
    from doria_forge.sim.verdicts import campaign_not_reached, campaign_targets

    stats = CampaignStats(2)
    for run in range(3):
        stats.add(CampaignRecord(run=run, players=2, completed=False, end=None, attempts=[(0, "s0", "lost", 5)],
                                 carried=[]))
    balance = CampaignBalance(scenario_win_rate={"s1": {"all": (0.1, 0.9)}}, carry_over=CarryOver(group_xp=(0, 20)))
    campaign = type("Campaign", (), {"id": "c", "balance": balance})()
    summaries = [stats.to_data(["s0", "s1"])]
    assert campaign_targets(campaign, summaries) == []
    missing = campaign_not_reached(campaign, summaries)
    assert [(m["path"], m["players"], m["reason"]) for m in missing] == [
        (["balance", "scenario_win_rate", "s1", "all"], [2], "not_reached"),
        (["balance", "carry_over", "group_xp"], [2], "not_reached")]
    assert [not_judged_words(m) for m in missing] == [
        "balance.scenario_win_rate.s1.all (s1's win rate in the campaign with 2 players, 10%-90%): no campaign run "
        "reached it",
        "balance.carry_over.group_xp (the Group XP carried with 2 players, 0-20): no campaign run passed a scenario on"]
    assert not_judged_count(missing) == "2 not judged (never reached)"


def test_a_scenario_win_rate_over_campaign_runs_is_not_called_exact():
    """The finding said "exact 95% interval" of a scenario's win rate within a campaign, whose
    interval is taken at the effective number of attempts (the design effect is estimated from the
    runs): only a plain Clopper-Pearson interval is called exact."""
    from doria_forge.sim.findings import no_location, verdict_findings

    _, verdict = _scenario_in_campaign((0.3, 1.0), [["won"]] * 10 + [["lost"] * 3] * 10)
    assert verdict.verdict == UNDECIDED
    (finding,) = verdict_findings([verdict.to_data()], no_location)
    assert "95% interval" in finding.message and "exact 95% interval" not in finding.message
    plain = judge([Target("scenario/s", ("balance", "win_rate", "all"), "win_rate", 1, (0.3, 1.0), Proportion(3, 8))])
    assert "exact 95% interval" in verdict_findings([plain[0].to_data()], no_location)[0].message
