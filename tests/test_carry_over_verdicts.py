"""The carry-over verdicts (Group XP, Loot Cards and gold passed between campaign scenarios):
the bet against the mean (``sim.verdicts.CarriedMean``, ``sim.stats.betting_p_value_of``) holds its
confidence on bounded, skewed counts at the run counts build plays, where the t interval did not."""

from __future__ import annotations

import math
import random
from collections import Counter
from pathlib import Path

import pytest

from doria_forge.model.scenario import CampaignBalance, CarryOver
from doria_forge.sim.campaign import CampaignRecord, CampaignStats, carry_maxima
from doria_forge.sim.stats import BET_SIZES, betting_p_value, betting_p_value_of
from doria_forge.sim.verdicts import (
    FAILS,
    HOLDS,
    UNDECIDED,
    CarriedMean,
    Target,
    campaign_targets,
    judge,
    runs_needed,
)


def _runs(values: list[int], most: float | None) -> CarriedMean:
    """One value a run (each its own run), between 0 and ``most``."""
    return CarriedMean(sum(values), len(values), len(values), sum(v * v for v in values), sum(values), len(values),
                       lowest=0.0, most=most,
                       by_run=tuple((float(v), 1, c) for v, c in Counter(values).items()))


def test_the_interval_covers_a_rare_large_count_where_the_t_interval_did_not():
    """A value of 5 in one run of ten and 0 otherwise (mean 0.5), 8 runs: the t interval covered the
    mean in about 57% of samples at a nominal 95% (most samples are all 0: a zero-width interval at
    0). The betting interval, with the value's maximum 5, covers it at least 95% of the time."""
    from scipy import stats

    rng = random.Random(20261128)
    samples = [[5 if rng.random() < 0.1 else 0 for _ in range(8)] for _ in range(1000)]
    truth = 0.5
    covered_t = covered = 0
    for values in samples:
        mean = sum(values) / 8
        half = stats.t.ppf(0.975, 7) * (stats.tstd(values) if len(set(values)) > 1 else 0.0) / math.sqrt(8)
        covered_t += mean - half <= truth <= mean + half
        low, high = _runs(values, 5.0).interval(0.05)
        covered += low <= truth <= high
    assert covered_t < 0.7 * len(samples)
    assert covered >= 0.95 * len(samples)


@pytest.mark.parametrize("chance,runs,most", [(0.3, 16, 5.0), (0.5, 32, 20.0), (0.05, 64, 5.0)])
def test_both_one_sided_tests_hold_their_level_on_skewed_counts(chance, runs, most):
    """At the true mean neither one-sided test may reject more often than its level (2.5% each
    side of a 95% interval), for the run counts build's looks use."""
    rng = random.Random(runs)
    truth = 5 * chance
    rejected = 0
    for _ in range(500):
        evidence = _runs([5 if rng.random() < chance else 0 for _ in range(runs)], most)
        rejected += evidence.p_above(truth) < 0.025 or evidence.p_below(truth) < 0.025
    assert rejected <= 0.05 * 500


def _constant_campaign(value: int, runs: int, band, maxima):
    stats = CampaignStats(1)
    for run in range(runs):
        stats.add(CampaignRecord(run=run, players=1, completed=True, end=None,
                                 attempts=[(0, "s0", "won", 5), (1, "s1", "won", 5)], carried=[(value, value, 0)]))
    campaign = type("Campaign", (), {"id": "c", "scenarios": ["s0", "s1"], "balance": CampaignBalance(
        carry_over=CarryOver(group_xp=band))})()
    (target,) = campaign_targets(campaign, [stats.to_data(["s0", "s1"])], *maxima)
    return judge([target])[0]


def test_eight_runs_that_all_carried_nothing_do_not_fail_a_band_from_half_a_point():
    """8 campaign runs that each carried 0 Group XP "failed" a band of 0.5-20: the sample never
    varied, so it was taken as exact, though a value of 5 one run in ten gives 8 zeros 43% of the
    time. Now it is undecided, with a maximum of the value or without one."""
    assert _constant_campaign(0, 8, (0.5, 20), ()).verdict == UNDECIDED
    with_most = _constant_campaign(0, 8, (0.5, 20), ({1: {"group_xp": 20.0}},))
    assert with_most.verdict == UNDECIDED and with_most.interval[0] == 0 and with_most.interval[1] > 0.5


def test_only_a_value_the_rules_make_constant_is_exact():
    """A maximum equal to the lowest value (no Loot Card kept, say) leaves one possible value: then,
    and only then, the runs' value is exact."""
    exact = CarriedMean(0, 8, 8, 0, 0, 8, lowest=0.0, most=0.0)
    assert exact.interval(0.05) == (0.0, 0.0)
    verdicts = judge([Target("campaign/c", (), "carry_over:loot_cards", 1, band, exact)
                      for band in ((0.0, 12.0), (1.0, 12.0))])
    assert [v.verdict for v in verdicts] == [HOLDS, FAILS]


def test_without_a_maximum_the_high_edge_is_never_shown_and_no_runs_are_promised():
    """No interval of a mean covers without a bound on the values (Bahadur and Savage 1956): with no
    maximum the interval has no upper end, the high edge stays undecided whatever the runs and no
    number of runs is promised; the low end still comes from the runs (counts are never below 0)."""
    from doria_forge.sim.findings import no_location, verdict_findings

    (verdict,) = judge([Target("campaign/c", ("balance", "carry_over", "group_xp"), "carry_over:group_xp", 2,
                               (0.0, 20.0), _runs([3, 4, 5, 6] * 50, None))])
    assert verdict.verdict == UNDECIDED and verdict.runs_needed is None
    data = verdict.to_data()
    assert data["interval"][0] > 3 and data["interval"][1] is None
    (finding,) = verdict_findings([data], no_location)
    assert "no upper end" in finding.message and "too few" not in finding.message
    # the low side needs no maximum: well above a band is still found
    (above,) = judge([Target("campaign/c", (), "carry_over:group_xp", 2, (0.0, 2.0), _runs([3, 4, 5, 6] * 50, None))])
    assert above.verdict == FAILS


def test_a_run_carrying_more_than_the_maximum_makes_it_unknown():
    """A run that carried more than the maximum shows it wrong, and the verdict then takes no
    maximum rather than one the runs deny."""
    held = _constant_campaign(3, 40, (0, 20), ({1: {"group_xp": 40.0}},))
    denied = _constant_campaign(3, 40, (0, 20), ({1: {"group_xp": 2.0}},))
    assert held.verdict == HOLDS
    assert denied.verdict == UNDECIDED and denied.interval[1] is math.inf


def test_the_shipped_campaign_stays_within_the_maxima_its_content_sets(shipped_pack):
    """Loot Cards kept and their gold have maxima the content sets (each hero keeps at most what the
    reward allows, each card is worth at most the highest gold value), Group XP the one the rules
    set (*XP in Campaigns*: only what "cannot yet be converted" is carried, fewer than 3 x
    [PlayerCount]; the campaign had to declare 40); the engine keeps to them."""
    from doria_forge.sim.campaign import make_campaign_plan, play_campaign

    campaign = shipped_pack.campaigns["greywater_smugglers"]
    for players in (1, 4):
        most = carry_maxima(shipped_pack, campaign.id, players)
        assert most["loot_cards"] == 2 * players
        assert most["group_xp"] == 3 * players - 1
        plan = make_campaign_plan(shipped_pack, campaign.id, players=[players], runs=4, seed=1, policy="greedy",
                                  heroes=None)
        for run in range(4):
            for xp, cards, gold in play_campaign(shipped_pack, plan, players, run).carried:
                assert cards <= most["loot_cards"] and gold <= most["gold"] and xp <= most["group_xp"]


def test_the_bet_from_two_sums_never_says_more_than_the_bet_itself():
    """A report without the runs' own values bets from two sums, a lower bound of the wealth
    (Fan, Grama and Liu 2015): ``1 + l x >= exp(l x - x^2 (-ln(1 - l) - l))`` for ``x >= -1``."""
    for l in BET_SIZES:
        for x in (-1.0, -0.999, -0.5, -0.1, 0.0, 0.3, 1.0, 4.0, 50.0):
            assert math.log1p(l * x) >= l * x + x * x * (math.log1p(-l) + l) - 1e-12
    terms = [(-1.0, 3), (0.5, 4), (2.0, 1)]
    s = sum(x * c for x, c in terms)
    v = sum(x * x * c for x, c in terms)
    assert betting_p_value(s, v) >= betting_p_value_of(terms)


def _resampled(by_run, runs: int, most: float, rng: random.Random) -> CarriedMean:
    pool = [(t, m) for t, m, count in by_run for _ in range(count)]
    sample = Counter(rng.choice(pool) for _ in range(runs))
    total = sum(t * c for (t, _), c in sample.items())
    n = sum(m * c for (_, m), c in sample.items())
    return CarriedMean(total, n, runs, sum(t * t * c for (t, _), c in sample.items()),
                       sum(t * m * c for (t, m), c in sample.items()), sum(m * m * c for (_, m), c in sample.items()),
                       lowest=0.0, most=most, per_run=2,
                       by_run=tuple((float(t), m, c) for (t, m), c in sample.items()))


def test_the_runs_an_undecided_carry_over_asks_for_mostly_decide_it():
    """6 solo runs keeping 0 or 2 Loot Cards after each scenario passed (mean 1.64 against at least 1): the normal approximation asked for so few runs that runs like these,
    that many, decided it 3 times in 100. The count asked now comes from the bet's own log wealth: runs
    like these, that many, decide it most of the time."""
    by_run = ((0.0, 1, 1), (2.0, 2, 1), (4.0, 2, 4))
    evidence = CarriedMean(18, 11, 6, 1 * 0 + 4 + 4 * 16, 0 + 4 + 4 * 8, 1 + 4 + 4 * 4, lowest=0.0, most=2.0,
                           per_run=2, by_run=by_run)
    target = Target("campaign/c", (), "carry_over:loot_cards", 1, (1.0, 12.0), evidence)
    alpha = 0.05 / 4
    (verdict,) = judge([target], alpha=alpha)
    assert verdict.verdict == UNDECIDED
    runs = round(runs_needed(target, alpha) * evidence.runs / evidence.n)
    rng = random.Random(1)
    decided = sum(judge([Target("campaign/c", (), "carry_over:loot_cards", 1, (1.0, 12.0),
                                _resampled(by_run, runs, 2.0, rng))], alpha=alpha)[0].verdict == HOLDS
                  for _ in range(100))
    assert decided >= 70


def test_looking_again_after_more_runs_keeps_the_false_fails_below_five_percent():
    """build judges a campaign at 8, 16, 32, 64 and 128 runs while it is undecided, look ``k`` at
    ``look_alpha(k)``, as for rates. A mean on the band's low edge (5 one run in ten: 0.5 against
    0.5-20) must be called failing at some look in at most 5% of campaigns."""
    from doria_forge.sim.verdicts import look_alpha

    rng = random.Random(7)
    failed = 0
    for _ in range(200):
        values = [5 if rng.random() < 0.1 else 0 for _ in range(128)]
        for k, runs in enumerate((8, 16, 32, 64, 128)):
            (verdict,) = judge([Target("campaign/c", (), "carry_over:group_xp", 1, (0.5, 20.0),
                                       _runs(values[:runs], 5.0))], alpha=look_alpha(k))
            if verdict.verdict != UNDECIDED:
                failed += verdict.verdict == FAILS
                break
    assert failed <= 10


def test_with_the_gold_rule_the_maxima_allow_the_cards_and_gold_it_lets_a_hero_keep(tmp_path):
    """With ``campaign_keep_by_gold`` on in a passed scenario a hero keeps cards worth 3 gold per
    kept card (``engine.campaign.kept_loot``): up to three 1-gold cards for each card the reward
    allows. A maximum of the cards alone would let a run carry more than "the most" and leave the
    verdict with no upper end, or bet against a bound the games break."""
    import shutil

    from doria_forge.sim.campaign import make_campaign_plan, play_campaign
    from doria_forge.validate import validate_pack

    root = Path(__file__).resolve().parents[1]
    folder = tmp_path / "content"
    shutil.copytree(root / "content", folder)
    for sid in ("greywater_ledger", "greywater_gate"):
        path = folder / "scenarios" / f"{sid}.yaml"
        path.write_text(path.read_text() + "optional_rules: [campaign_keep_by_gold]\n")
    pack = validate_pack(folder).pack
    assert pack is not None
    per_card = pack.rules.campaign_gold_per_card
    for players in (1, 2):
        most = carry_maxima(pack, "greywater_smugglers", players)
        assert most["loot_cards"] == 2 * per_card * players
        assert most["gold"] >= 2 * per_card * players
        plan = make_campaign_plan(pack, "greywater_smugglers", players=[players], runs=6, seed=1, policy="greedy",
                                  heroes=None)
        for run in range(6):
            for _, cards, gold in play_campaign(pack, plan, players, run).carried:
                assert cards <= most["loot_cards"] and gold <= most["gold"]


def test_a_campaign_still_writing_group_xp_most_is_told_the_rules_set_it(tmp_path):
    """``balance.carry_over.group_xp_most`` went: the rules bound the Group XP carried. A campaign
    that still writes it was told "did you mean 'group_xp'?", a field with another meaning; now
    that the rules set it and the line can go."""
    import shutil

    from doria_forge.validate import validate_pack

    folder = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content", folder)
    path = folder / "campaigns" / "greywater_smugglers.yaml"
    text = path.read_text()
    path.write_text(text.replace("    group_xp: [0, 20]\n", "    group_xp: [0, 20]\n    group_xp_most: 40\n"))
    written = text.splitlines().index("    group_xp: [0, 20]") + 2  # the line below group_xp, 1-based
    result = validate_pack(folder)
    (problem,) = [p for p in result.problems if "group_xp_most" in p.message]
    assert problem.rule_id == "unknown-field" and problem.line == written
    assert "no longer a field" in problem.message and "3 x [PlayerCount] - 1" in problem.message
    assert "did you mean" not in problem.message
