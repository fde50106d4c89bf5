"""Skill findings: several hero policies side by side on the same seeds (issue 19).

``simulate scenario ID --policy weak,greedy,search`` plays every policy on the same runs (run
*i* has the same party and dice seed whichever policy plays it) and puts them side by side:
per player count each policy's win rate with its 95% Wilson interval, and for each pair of
rungs of the ladder (``sim.policies.LADDER``: weak < greedy < search) the skill gap, the
stronger rung's win rate minus the weaker's on the runs both played. The runs pair up (the same
seeds), so the gap's interval and test come from the runs only one of the two won: the
Bonett-Price interval (``stats.bonett_price_interval``) and McNemar's exact test
(``stats.mcnemar_exact``), as ``benchmarks/bench_skill.py`` gives them. Summaries without the
runs won (``won_runs``, a report from before they were kept) are compared as independent
samples: Newcombe's interval (Newcombe 1998, *Interval estimation for the difference between
independent proportions*, method 10) and the pooled two-proportion z-test. ``method`` says which.

Findings, at the scenario's line, judged on the interval (never on the point estimate). A
report's findings judge all its gaps at once (every pair of rungs at every player count of every
scenario it plays: *m* of them, the ``family`` of :func:`skill_section`), so each is judged on its
*joint* interval, the same interval at ``1 - 0.05 / m`` (Bonferroni): all *m* cover at once with
probability at least 95%, and neither a scenario played at many player counts nor a report of many
scenarios collects findings by chance (as a report's balance targets are judged together,
``sim.verdicts``). The table and the JSON's ``interval`` show each gap's own 95% interval,
``joint_interval`` the one judged.

- ``scenario-no-skill`` (warning): the strongest rung played does no better than the weakest:
  the whole joint interval of its gap lies below ``SKILL_MARGIN`` (10 points). The outcome is
  luck: how the heroes play hardly matters.
- ``scenario-skill-inversion`` (warning): a weaker rung does better than a stronger one: the
  whole joint interval of the stronger's gap lies below 0.

Policies outside the ladder (``random``) are shown but judged by neither finding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .aggregate import won_apart
from .findings import Finding, Locator, joint_level, player_counts
from .policies import LADDER
from .stats import Z95, bonett_price_interval, mcnemar_exact, newcombe_interval, two_proportion_test

SKILL_MARGIN = 0.10
"""A gap of win rate below which skill is said not to matter (``scenario-no-skill``)."""


def gap(stronger: dict[str, Any], weaker: dict[str, Any], joint_z: float = Z95) -> dict[str, Any]:
    """The skill gap between two per-player-count summaries (``RunStats.to_data``, with
    ``policy``): paired on the runs both played when both say which runs they won
    (``won_runs``), else as independent samples (see the module docstring); ``interval`` at
    95%, ``joint_interval`` at ``joint_z``."""
    apart = won_apart(stronger, weaker)
    if apart is not None:
        runs, only_first, only_second = apart

        def interval(z: float) -> tuple[float, float]:
            return bonett_price_interval(only_first, only_second, runs, z)

        out: dict[str, Any] = {
            "stronger": stronger["policy"], "weaker": weaker["policy"], "method": "paired",
            "runs": runs, "only_stronger": only_first, "only_weaker": only_second,
            "difference": round((only_first - only_second) / runs, 6) if runs else 0.0,
            "p_value": round(mcnemar_exact(only_first, only_second), 6)}
    else:
        counts = (stronger["wins"], stronger["runs"], weaker["wins"], weaker["runs"])

        def interval(z: float) -> tuple[float, float]:
            return newcombe_interval(*counts, z)

        out = {"stronger": stronger["policy"], "weaker": weaker["policy"], "method": "independent",
               "difference": round(stronger["wins"] / stronger["runs"] - weaker["wins"] / weaker["runs"], 6),
               "p_value": round(two_proportion_test(*counts), 6)}
    for key, z in (("interval", Z95), ("joint_interval", joint_z)):
        low, high = interval(z)
        out[key] = [round(low, 6), round(high, 6)]
    return out


def _rung(policy: str) -> int | None:
    return LADDER.index(policy) if policy in LADDER else None


def _counts(entries: dict[str, dict[str, Any]]) -> list[tuple[int, dict[str, dict[str, Any]], list[str]]]:
    """Per player count of the first policy's plan: (count, each policy's summary, the ladder
    rungs that played runs, weakest first)."""
    policies = list(entries)
    counts = []
    for n in entries[policies[0]]["plan"]["players"]:
        summaries = {p: {"policy": p, **next(x for x in entries[p]["players"] if x["players"] == n)}
                     for p in policies}
        ranked = sorted((p for p in policies if _rung(p) is not None and summaries[p]["runs"]),
                        key=lambda p: _rung(p))  # type: ignore[arg-type, return-value]
        counts.append((n, summaries, ranked))
    return counts


def gap_count(entries: dict[str, dict[str, Any]]) -> int:
    """How many gaps :func:`skill_section` judges for these entries (one scenario): every pair of
    ladder rungs that played, at every player count."""
    return _pairs(_counts(entries))


def _pairs(counts: list[tuple[int, dict[str, dict[str, Any]], list[str]]]) -> int:
    return sum(len(ranked) * (len(ranked) - 1) // 2 for _, _, ranked in counts)


def skill_section(entries: dict[str, dict[str, Any]], locate: Locator, family: int | None = None) -> dict[str, Any]:
    """The side-by-side part of a scenario entry from the entries each policy's runs gave
    (``policy -> scenario_report.scenario_entry``, the first policy first): per player count
    each policy's runs, wins, win rate and interval, outcomes and median rounds, the gaps of
    every pair of ladder rungs, and the skill findings. ``family``: how many gaps the report
    judges together (the sum of :func:`gap_count` over its scenarios; default this scenario's),
    ``joint_interval`` is at ``1 - 0.05 / family``. Raises ValueError for a family smaller than
    this scenario's gaps."""
    policies = list(entries)
    first = entries[policies[0]]
    counts = _counts(entries)
    # every gap of the report is judged at once (see the module docstring)
    level = joint_level(_pairs(counts), family, "gaps")
    rows = []
    findings: list[Finding] = []
    for n, summaries, ranked in counts:
        by_policy = {p: {"policy": p, "runs": s["runs"], "wins": s["wins"], "win_rate": s["win_rate"],
                         "win_rate_ci": s["win_rate_ci"], "outcomes": s["outcomes"],
                         "rounds_median": s["rounds"]["median"]} for p, s in summaries.items()}
        gaps = [gap(summaries[hi], summaries[lo], level.z) for i, hi in enumerate(ranked) for lo in ranked[:i]]
        rows.append({"players": n, "by_policy": by_policy, "gaps": gaps})
        findings += _findings(first, n, ranked, gaps, level.words, locate)
    return {"policies": policies, "family": level.family, "rows": rows, "findings": [f.to_data() for f in findings]}


def _findings(entry: dict[str, Any], players: int, ranked: Sequence[str], gaps: list[dict[str, Any]],
              together: str, locate: Locator) -> list[Finding]:
    if len(ranked) < 2:
        return []
    where = locate("scenario", entry["id"], ())
    doc = entry["document"]
    out = []

    def pts(x: float) -> str:
        return f"{100 * x:+.0f}"

    def joint(g: dict[str, Any]) -> str:
        low, high = g["joint_interval"]
        return f"{together}: {pts(low)} to {pts(high)}"

    top, bottom = ranked[-1], ranked[0]
    whole = next(g for g in gaps if g["stronger"] == top and g["weaker"] == bottom)
    if whole["joint_interval"][1] < SKILL_MARGIN:
        out.append(Finding(
            "scenario-no-skill", "warning",
            f"with {player_counts([players])} the {top} player does no better than the {bottom} one: "
            f"{pts(whole['difference'])} points of win rate ({joint(whole)}), less than "
            f"{100 * SKILL_MARGIN:.0f}: the outcome is mostly luck",
            where.file, where.line, where.column, doc, (players,)))
    for g in gaps:
        if g["joint_interval"][1] < 0:
            out.append(Finding(
                "scenario-skill-inversion", "warning",
                f"with {player_counts([players])} the weaker {g['weaker']} player wins more often than the "
                f"{g['stronger']} one: {pts(g['difference'])} points ({joint(g)}; p = {g['p_value']:.3f} alone)",
                where.file, where.line, where.column, doc, (players,)))
    return out
