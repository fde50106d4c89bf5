"""Findings of the scenario simulation: what a designer should look at, each at the YAML
line it is about (``file:line:column`` of the scenario field, found through the pack's
``SourceMap``).

Severities: ``error`` (the engine failed on the scenario), ``warning`` (numbers that miss
what the scenario says or needs), ``info`` (what the numbers do not cover). ``--fail-on
warning`` makes ``simulate`` exit 1 on any warning or error; ``--fail-on error`` (the
default) only on errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from doria_forge.model.scenario import Campaign, Scenario

from .stats import two_proportion_test

SEVERITIES = ("info", "warning", "error")
"""From least to most severe."""

FAIL_ON = ("error", "warning", "never")
"""``--fail-on`` levels: exit 1 on findings at or above ``error`` / ``warning``, or never."""

OUTLIER_GAP = 0.25
"""A player count is "far harder/easier" when its win rate is this far (0-1) from the median
win rate of all counts and differs significantly (p < ``OUTLIER_P``) from the other counts'
pooled win rate."""

OUTLIER_P = 0.01

class Position(Protocol):
    """Where something is written (``doria_forge.load.Location`` is one)."""

    @property
    def file(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


@dataclass(frozen=True)
class _Root:
    file: str = "."
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


Locator = Callable[[str, str, Sequence[str | int]], Position]
"""``(kind, id, field path) -> position``: where a field of a document is written
(``SourceMap.locate``)."""


@dataclass(frozen=True)
class Finding:
    """One finding: ``rule_id`` (``scenario-never-won``...), ``severity``, ``message``, the
    position ``file``:``line``:``column``, the ``document`` (``kind/id``) it is about and the
    player counts it concerns (empty: all)."""

    rule_id: str
    severity: str
    message: str
    file: str
    line: int
    column: int
    document: str
    players: tuple[int, ...] = ()

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Finding:
        return cls(**{**data, "players": tuple(data.get("players", ()))})


def no_location(kind: str, doc_id: str, path: Sequence[str | int]) -> Position:
    """A locator for packs built in code: every finding at the pack root."""
    return _Root()


def fails(findings: Iterable[Finding], fail_on: str) -> bool:
    """Whether ``findings`` hold one at or above ``fail_on`` (``error``, ``warning``, ``never``).
    Raises ValueError for another level."""
    if fail_on not in FAIL_ON:
        raise ValueError(f"--fail-on must be one of {', '.join(FAIL_ON)}, not {fail_on!r}")
    if fail_on == "never":
        return False
    floor = SEVERITIES.index(fail_on)
    return any(SEVERITIES.index(f.severity) >= floor for f in findings)


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Most severe first, then by position."""
    return sorted(findings, key=lambda f: (-SEVERITIES.index(f.severity), f.file, f.line, f.column, f.rule_id,
                                           f.message))


def _counts(players: Iterable[int]) -> str:
    ps = sorted(players)
    words = [str(p) for p in ps]
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return f"{text} player{'s' if ps[-1] > 1 or len(ps) > 1 else ''}"


def _pct(x: float) -> str:
    return f"{x:.0%}"


def scenario_findings(scenario: Scenario, summaries: Sequence[dict[str, Any]], locate: Locator) -> list[Finding]:
    """The findings on ``scenario`` from its per-player-count summaries (``RunStats.to_data``).

    - ``scenario-engine-error`` (error): runs in which the engine failed;
    - ``scenario-never-won`` / ``scenario-always-won`` (warning): player counts where no run /
      every run was won;
    - ``scenario-player-count-outlier`` (warning): a count whose win rate is far from the median
      count's and significantly different to the other counts' (``OUTLIER_GAP``, ``OUTLIER_P``);
    - ``scenario-rule-never-fired`` (warning): a special rule that fired in no run;
    - ``scenario-rule-not-simulated`` (info): a rule written only as text;
    - ``scenario-stalled`` (warning): runs stopped for making no progress (``sim.stall``);
    - ``scenario-balance-win-rate`` / ``scenario-balance-rounds`` (warning): a miss of the
      scenario's ``balance:`` targets (win rate per count; the median rounds of each count).
    """
    doc = f"scenario/{scenario.id}"
    out: list[Finding] = []

    def add(rule_id: str, severity: str, path: Sequence[str | int], message: str, players: Iterable[int] = ()) -> None:
        loc = locate("scenario", scenario.id, tuple(path))
        out.append(Finding(rule_id, severity, message, loc.file, loc.line, loc.column, doc, tuple(sorted(players))))

    played = [s for s in summaries if s["runs"]]
    if not played:
        return out
    total = sum(s["runs"] for s in played)

    errors = [r for s in played for r in s["reasons"] if r["kind"].startswith("error:")]
    if errors:
        first = min(errors, key=lambda r: r["run"])
        n = sum(r["count"] for r in errors)
        add("scenario-engine-error", "error", (), f"the engine failed in {n} of {total} runs; first: "
            f"{first['reason']} (seed {first['seed']})", [s["players"] for s in played])

    never = [s["players"] for s in played if s["wins"] == 0]
    if never:
        runs = sorted({s["runs"] for s in played if s["wins"] == 0})
        add("scenario-never-won", "warning", _goal_path(scenario),
            f"never won with {_counts(never)} ({'/'.join(map(str, runs))} runs each)", never)
    always = [s["players"] for s in played if s["wins"] == s["runs"]]
    if always:
        add("scenario-always-won", "warning", _goal_path(scenario), f"won in every run with {_counts(always)}", always)

    if len(played) >= 2:
        rates = sorted(s["win_rate"] for s in played)
        middle = len(rates) // 2
        median = rates[middle] if len(rates) % 2 else (rates[middle - 1] + rates[middle]) / 2
        for s in played:
            others = [o for o in played if o is not s]
            wins, runs = sum(o["wins"] for o in others), sum(o["runs"] for o in others)
            rate, other_rate = s["win_rate"], wins / runs
            p_value = two_proportion_test(s["wins"], s["runs"], wins, runs)
            if abs(rate - median) >= OUTLIER_GAP and p_value < OUTLIER_P:
                side = "easier" if rate > median else "harder"
                add("scenario-player-count-outlier", "warning", ("players",),
                    f"with {_counts([s['players']])} the scenario is far {side} than with the other counts: "
                    f"won {_pct(rate)} against {_pct(other_rate)}", [s["players"]])

    for index, rule in enumerate(scenario.rules):
        if not rule.simulated:
            add("scenario-rule-not-simulated", "info", ("rules", index),
                f"special rule {index + 1} is written only as text; the simulation does not play it and its "
                f"numbers do not cover it: \"{_short(rule.text)}\"")
            continue
        fired = sum(s["rules_fired"].get(str(index), {}).get("runs", 0) for s in played)
        if fired == 0:
            add("scenario-rule-never-fired", "warning", ("rules", index),
                f"special rule {index + 1} ({_short(rule.describe())}) never fired in {total} runs")

    stalls = [r for s in played for r in s["reasons"] if r["kind"].startswith("stalled:")]
    if stalls:
        n = sum(r["count"] for r in stalls)
        top = max(stalls, key=lambda r: (r["count"], -r["run"]))
        add("scenario-stalled", "warning", (), f"{n} of {total} runs stalled; most often: {top['reason']} "
            f"(replay seed {top['seed']})", sorted({s["players"] for s in played
                                                     if any(r["kind"].startswith("stalled:") for r in s["reasons"])}))

    if scenario.balance is not None:
        _balance(scenario, played, add)
    return out


def _balance(scenario: Scenario, played: Sequence[dict[str, Any]], add_path: Callable[..., None]) -> None:
    """Check the ``balance:`` targets (see ``scenario_findings``), reporting through ``add_path``."""
    balance = scenario.balance
    assert balance is not None
    targets: dict[str, tuple[float, float]] = {str(k): v for k, v in balance.win_rate.items()}
    misses: dict[str, list[dict[str, Any]]] = {}
    for s in played:
        key = str(s["players"]) if str(s["players"]) in targets else "all"
        if key in targets:
            low, high = targets[key]
            if not low <= s["win_rate"] <= high:
                misses.setdefault(key, []).append(s)
    for key, missed in misses.items():
        low, high = targets[key]
        parts = [f"{s['win_rate']:.0%} with {_counts([s['players']])} (95% interval "
                 f"{s['win_rate_ci'][0]:.0%}-{s['win_rate_ci'][1]:.0%}, {s['runs']} runs)" for s in missed]
        add_path("scenario-balance-win-rate", "warning", ("balance", "win_rate", key),
                 f"the heroes won {'; '.join(parts)}; the target is {_pct(low)}-{_pct(high)}",
                 [s["players"] for s in missed])
    if balance.rounds is not None:
        low_r, high_r = balance.rounds
        missed = [s for s in played if not low_r <= s["rounds"]["median"] <= high_r]
        if missed:
            parts = [f"{s['rounds']['median']} rounds with {_counts([s['players']])}" for s in missed]
            add_path("scenario-balance-rounds", "warning", ("balance", "rounds"),
                     f"the median run lasted {', '.join(parts)}; the target is {low_r}-{high_r} rounds",
                     [s["players"] for s in missed])


def campaign_findings(campaign: Campaign, summaries: Sequence[dict[str, Any]], locate: Locator) -> list[Finding]:
    """``campaign-never-completed`` (warning) for player counts where no campaign run was
    completed, at the campaign's ``scenarios`` list; ``campaign-engine-error`` (error)."""
    doc = f"campaign/{campaign.id}"
    out = []
    never = [s["players"] for s in summaries if s["runs"] and s["completed"] == 0]
    if never:
        loc = locate("campaign", campaign.id, ("scenarios",))
        ends: dict[str, int] = {}
        for s in summaries:
            if s["players"] in never:
                for end in s["ends"]:
                    ends[end["scenario"]] = ends.get(end["scenario"], 0) + end["count"]
        where = max(ends, key=lambda k: (ends[k], k)) if ends else "?"
        out.append(Finding("campaign-never-completed", "warning",
                           f"no campaign run was completed with {_counts(never)}; most ended at {where}",
                           loc.file, loc.line, loc.column, doc, tuple(never)))
    errors = [s for s in summaries if s.get("errors")]
    if errors:
        loc = locate("campaign", campaign.id, ())
        out.append(Finding("campaign-engine-error", "error",
                           f"the engine failed in {sum(s['errors'] for s in errors)} campaign runs",
                           loc.file, loc.line, loc.column, doc, tuple(s["players"] for s in errors)))
    return out


def _goal_path(scenario: Scenario) -> tuple[str, ...]:
    return ("goals", "win") if scenario.goals.win else ("goal",)


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
