"""Findings of the scenario simulation: what a designer should look at, each at the YAML
line it is about (``file:line:column`` of the scenario field, found through the pack's
``SourceMap``).

Severities: ``error`` (the engine failed on the scenario), ``warning`` (numbers that miss
what the scenario says or needs), ``info`` (what the numbers do not cover). ``--fail-on
warning`` makes ``simulate`` exit 1 on any warning or error; ``--fail-on error`` (the
default) only on errors.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from doria_forge.checks import default
from doria_forge.model.scenario import Campaign, Scenario

from .stats import clopper_pearson, newcombe_interval, normal_quantile

SEVERITIES = ("info", "warning", "error")
"""From least to most severe."""

FAIL_ON = ("error", "warning", "never")
"""``--fail-on`` levels: exit 1 on findings at or above ``error`` / ``warning``, or never."""

OUTLIER_GAP = default("scenario-player-count-outlier", "gap")
"""A player count is "far harder/easier" when the runs show its win rate at least this far (0-1)
from the other counts' pooled win rate: the two-sided ``1 - OUTLIER_P`` interval of the
difference lies beyond it (the check's ``gap`` and ``p``, see ``validate.config``)."""

OUTLIER_P = default("scenario-player-count-outlier", "p")

REPLAY_PACK: ContextVar[str | None] = ContextVar("doria_forge_replay_pack", default=None)
"""The ``PACK`` argument of the command whose runs the findings judge, as typed (None: the
default pack): a replay command names it, or it replays the working folder's pack."""

REPLAY_FOLDER: ContextVar[str | None] = ContextVar("doria_forge_replay_folder", default=None)
"""The folder a replay command writes its HTML report into, relative to the working folder, when
that folder lies in the pack (``..``, the project folder: no output is written into a pack);
None: the working folder itself."""

REPLAY_AS: ContextVar[Mapping[str, tuple[str, ...]]] = ContextVar("doria_forge_replay_as",
                                                                   default=MappingProxyType({}))
"""The words after ``simulate`` that play a scenario id's runs again where they are not ``scenario
ID``: a Boss Monster card's exploration game is ``exploration --boss BOSS`` (it is no scenario of the pack)."""

RUNS_OPTION: ContextVar[str] = ContextVar("doria_forge_runs_option", default="--runs")
"""The option of that command setting the runs per player count (``build``'s is ``--scenario-runs``,
its ``--runs`` being the duels'): an undecided target names it with the runs likely to decide it."""

RuleSettings = Mapping[str, Mapping[str, float]]
"""Thresholds set by the rule configuration: rule id -> threshold name -> value
(``{"scenario-player-count-outlier": {"gap": 0.3}}``)."""

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


def player_counts(players: Iterable[int | str]) -> str:
    """``"1 player"``, ``"2 players"``, ``"1, 2 or 4 players"``: player counts (numbers, or the
    report's keys ``"2"``) as the findings and tables write them; ``players`` must not be empty."""
    ps = sorted(int(p) for p in players)
    words = [str(p) for p in ps]
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return f"{text} player{'s' if ps[-1] > 1 or len(ps) > 1 else ''}"


def count_range(low: int, high: int, joint: str = "-") -> str:
    """``"2-4"``, or ``"4"`` for a range of one count (never ``"4-4"``); ``joint`` between the two
    ends (``" to "``)."""
    return f"{low}{joint}{high}" if high > low else f"{low}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 run"``, ``"16 runs"``: a count and its noun (given singular; ``plural`` when it is
    not the noun and an s: ``"heroes"``) as reports write them."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


@dataclass(frozen=True)
class JointLevel:
    """Intervals of a scenario judged together with the rest of a report's family (Bonferroni):
    ``family`` intervals in all, each at ``1 - 0.05 / family`` (``z``), and how a finding says so
    (``words``: ``"jointly 95% with the report's 12 gaps"``; ``"95%"`` for a family of one)."""

    family: int
    z: float
    words: str


def joint_level(own: int, family: int | None, noun: str) -> JointLevel:
    """The :class:`JointLevel` of a scenario's ``own`` intervals (``noun``: ``"gaps"``,
    ``"swings"``) in a report's ``family`` of them (None: the scenario's alone). Raises
    ValueError for a family smaller than ``own``."""
    if family is not None and family < own:
        raise ValueError(f"a family of {family} {noun} cannot hold this scenario's {own}")
    judged = own if family is None else family
    whose = "the scenario's" if judged == own else "the report's"
    return JointLevel(judged, normal_quantile(1 - 0.05 / (2 * max(judged, 1))),
                      f"jointly 95% with {whose} {judged} {noun}" if judged > 1 else "95%")


def _pct(x: float) -> str:
    return f"{x:.0%}"


def replay_command(kind: str, doc_id: str, plan: Mapping[str, Any] | None, players: int | None = None,
                   pick: str = "worst") -> str:
    """The command that plays the runs of a finding again and writes the HTML report with a
    replay of one of them (``pick``: ``worst``, ``best``, ``median``), at ``players``: the same
    pack (:data:`REPLAY_PACK`), seed, runs, policy and heroes give the same games."""
    if plan is None:
        return ""
    parts = ["doria-forge", "simulate", *REPLAY_AS.get().get(doc_id, (kind, doc_id))]
    if (pack := REPLAY_PACK.get()) is not None:
        parts.append(shlex.quote(pack))
    if players is not None:
        parts += ["--players", str(players)]
    parts += ["--runs", str(plan.get("runs")), "--seed", str(plan.get("seed"))]
    if plan.get("policy", "greedy") != "greedy":
        parts += ["--policy", str(plan["policy"])]
    if plan.get("heroes_given"):
        parts += ["--heroes", ",".join(plan["heroes"])]
    report = f"{doc_id}-replay.html" if kind == "scenario" else f"{doc_id}.html"
    if (folder := REPLAY_FOLDER.get()) is not None:
        report = shlex.quote(f"{folder}/{report}")
    parts += ["--replay", pick, "--report", report] if kind == "scenario" else ["--report", report]
    return " ".join(parts)


REPLAY_OFFERS = {"scenario": "replay one", "campaign": "play them again"}
"""How a finding offers its :func:`replay_command`, by kind: a campaign's report has no replay."""


def _replay(plan: Mapping[str, Any] | None, doc_id: str, players: Sequence[int], pick: str = "worst",
            kind: str = "scenario") -> str:
    """``; replay one: COMMAND`` for the first of ``players`` (a campaign's ``; play them
    again: COMMAND``), or nothing without a plan."""
    command = replay_command(kind, doc_id, plan, players[0] if players else None, pick)
    return f"; {REPLAY_OFFERS[kind]}: {command}" if command else ""


def without_replay(message: str) -> str:
    """A finding's ``message`` without the command it offers to play its runs again."""
    for offer in REPLAY_OFFERS.values():
        message = message.split(f"; {offer}: ", 1)[0]
    return message


def _runs_words(summaries: Sequence[Mapping[str, Any]], plan: Mapping[str, Any] | None) -> str:
    """``16 runs at 1 or 2 players, seed 1``."""
    runs = sum(s["runs"] for s in summaries)
    seed = f", seed {plan['seed']}" if plan is not None else ""
    return f"{counted(runs, 'run')} at {player_counts([s['players'] for s in summaries])}{seed}"


def player_outliers(rates: Sequence[tuple[int, int, int]], *, gap: float = OUTLIER_GAP,
                    p: float = OUTLIER_P) -> list[tuple[int, float, float, str]]:
    """The player counts far from the others: ``rates`` are ``(players, successes, runs)``; a
    count is an outlier when the two-sided ``1 - p`` interval of its rate minus the other counts'
    pooled rate (Newcombe's) lies wholly beyond ``gap`` either way. Judged on the interval, as
    the verdicts are: on the point estimates (a gap of ``gap`` to the median count, with a
    difference test) a build of the shipped pack at 40 runs per count warned of a count whose
    true gap is below ``gap`` about two times in three. Returns ``(players, its rate, the
    others' pooled rate, "easier" | "harder")``."""
    played = [r for r in rates if r[2]]
    if len(played) < 2:
        return []
    z = normal_quantile(1 - p / 2)
    out = []
    for players, x, n in played:
        others = [r for r in played if r[0] != players]
        ox, on = sum(r[1] for r in others), sum(r[2] for r in others)
        low, high = newcombe_interval(x, n, ox, on, z)
        if low >= gap or high <= -gap:
            out.append((players, x / n, ox / on, "easier" if low >= gap else "harder"))
    return out


def never_bound(runs: int) -> float:
    """The one-sided 95% upper bound of how often something happens that happened in none of
    ``runs`` runs: ``1 - 0.05^(1/runs)`` (the exact binomial bound; about 3/runs, the "rule of
    three")."""
    return 1.0 - 0.05 ** (1.0 / runs) if runs else 1.0


def _rate(settings: RuleSettings, check_id: str) -> float:
    """The check's ``rate`` setting: the pack's (``pack.yaml`` checks), else the default."""
    return settings.get(check_id, {}).get("rate", default(check_id, "rate"))


def _never(settings: RuleSettings, check_id: str, runs: int, *, always: bool = False) -> tuple[str, str]:
    """The severity of a "never" finding over ``runs`` runs and the words that say how sure it
    is: a warning when the runs show the event happens in fewer than the check's ``rate`` of
    them, else an info (too few runs to tell a rare event from an impossible one). ``always``:
    the finding is that every run was won, so the rare event is a lost run."""
    rate = _rate(settings, check_id)
    bound = never_bound(runs)
    if bound < rate:
        return "warning", f" (at most {bound:.0%} of {'runs lost' if always else 'runs'}, 95% sure)"
    call, may, shown = ("always", "the heroes may still lose", "losses") if always else \
        ("never", "it may still happen in", "it")
    return "info", (f": too few runs to call it {call} ({may} up to {bound:.0%} of runs, 95% sure; "
                    f"about {math.ceil(math.log(0.05) / math.log(1 - rate))} runs would show {shown} below {rate:.0%})")


def rule_player_range(rule: Any) -> tuple[int, int]:
    """The player counts at which a special rule can fire: its ``players`` conditions
    intersected (1-6 without one)."""
    low, high = 1, 6
    for condition in rule.conditions:
        if getattr(condition, "check", None) == "players":
            low, high = max(low, condition.min), min(high, condition.max)
    return low, high


def scenario_findings(scenario: Scenario, summaries: Sequence[dict[str, Any]], locate: Locator,
                      plan: Mapping[str, Any] | None = None, *, settings: RuleSettings | None = None) -> list[Finding]:
    """The findings on ``scenario`` from its per-player-count summaries (``RunStats.to_data``);
    ``plan`` (the report entry's ``plan``: runs, seed, policy, heroes) lets each finding name
    the seed and the command that replays one of its runs. ``settings`` (rule id -> threshold
    -> value, from the rule configuration) change thresholds.

    - ``scenario-engine-error`` (error): runs in which the engine failed;
    - ``scenario-never-won`` / ``scenario-always-won`` (warning): player counts where no run /
      every run was won, once the runs show it happens in fewer than the check's ``rate`` (10%)
      of runs at 95%; with fewer runs (fewer than 29) an info that says how sure it is;
    - ``scenario-player-count-outlier`` (warning): a count whose win rate is far from the median
      count's and significantly different to the other counts' (``gap``, ``p``: ``OUTLIER_GAP``,
      ``OUTLIER_P``), unless its ``balance.win_rate`` has a band of its own (the designer expects
      it to differ; its verdict judges it);
    - ``scenario-rule-never-fired`` (warning): a special rule that fired in no run at the player
      counts its ``players`` conditions allow (an info over too few runs, as above);
    - ``scenario-rule-not-exercised`` (info): a special rule whose ``players`` conditions exclude
      every simulated count (it cannot fire there: not a never-fired warning);
    - ``scenario-rule-not-simulated`` (info): a rule written only as text;
    - ``scenario-stalled`` (warning): runs stopped for making no progress (``sim.stall``).

    The ``balance:`` targets are judged with every other target of the report
    (``sim.verdicts``, :func:`verdict_findings`).
    """
    played = [s for s in summaries if s["runs"]]
    if not played:
        return []
    checks = _ScenarioChecks(scenario, played, locate, plan, settings or {})
    for check in (_engine_errors, _never_or_always_won, _player_count_outliers, _special_rules, _stalls):
        check(checks)
    return checks.out


@dataclass
class _ScenarioChecks:
    """What every check of :func:`scenario_findings` reads, and the findings they add."""

    scenario: Scenario
    played: list[dict[str, Any]]
    locate: Locator
    plan: Mapping[str, Any] | None
    settings: RuleSettings
    out: list[Finding] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(s["runs"] for s in self.played)

    def add(self, rule_id: str, severity: str, path: Sequence[str | int], message: str,
            players: Iterable[int] = ()) -> None:
        loc = self.locate("scenario", self.scenario.id, tuple(path))
        self.out.append(Finding(rule_id, severity, message, loc.file, loc.line, loc.column,
                                f"scenario/{self.scenario.id}", tuple(sorted(players))))


def _engine_errors(c: _ScenarioChecks) -> None:
    errors = [r for s in c.played for r in s["reasons"] if r["kind"].startswith("error:")]
    if errors:
        first = min(errors, key=lambda r: r["run"])
        n = sum(r["count"] for r in errors)
        c.add("scenario-engine-error", "error", (), f"the engine failed in {n} of {counted(c.total, 'run')}; first: "
              f"{first['reason']} (run {first['run']}, seed {first['seed']})", [s["players"] for s in c.played])


def _never_or_always_won(c: _ScenarioChecks) -> None:
    scenario, plan = c.scenario, c.plan
    never = [s for s in c.played if s["wins"] == 0]
    if never:
        severity, sure = _never(c.settings, "scenario-never-won", min(s["runs"] for s in never))
        c.add("scenario-never-won", severity, _goal_path(scenario),
              f"never won in {_runs_words(never, plan)}{sure}"
              f"{_replay(plan, scenario.id, [s['players'] for s in never])}", [s["players"] for s in never])
    always = [s for s in c.played if s["wins"] == s["runs"]]
    if always:
        severity, sure = _never(c.settings, "scenario-always-won", min(s["runs"] for s in always), always=True)
        c.add("scenario-always-won", severity, _goal_path(scenario),
              # "won in every one of 1 run" of a single run
              f"won in {'every one of ' if sum(s['runs'] for s in always) > 1 else ''}{_runs_words(always, plan)}{sure}"
              f"{_replay(plan, scenario.id, [s['players'] for s in always], 'best')}", [s["players"] for s in always])


def _player_count_outliers(c: _ScenarioChecks) -> None:
    scenario = c.scenario
    outlier = c.settings.get("scenario-player-count-outlier", {})
    # A count with a win-rate target of its own is one the designer expects to differ: its
    # verdict judges it, an outlier finding would only repeat it.
    expected = _own_bands(scenario.balance.win_rate if scenario.balance is not None else {})
    for players, rate, other_rate, side in player_outliers(
            [(s["players"], s["wins"], s["runs"]) for s in c.played],
            gap=outlier.get("gap", OUTLIER_GAP), p=outlier.get("p", OUTLIER_P)):
        if players in expected:
            continue
        runs = next(s["runs"] for s in c.played if s["players"] == players)
        c.add("scenario-player-count-outlier", "warning", ("players",),
              f"with {player_counts([players])} the scenario is far {side} than with the other counts: won "
              f"{_pct(rate)} of {runs} runs against {_pct(other_rate)}"
              f"{_replay(c.plan, scenario.id, [players], 'worst' if side == 'harder' else 'best')}", [players])


def _own_bands(counts: Iterable[str]) -> set[int]:
    """The player counts the keys of a rate's ``balance`` table (``"1"``..``"6"`` or ``all``) give a
    band of their own: counts the designer expects to differ, whose verdicts judge them, so no
    player-count outlier finding repeats it."""
    return {int(k) for k in counts if k != "all"}


def _special_rules(c: _ScenarioChecks) -> None:
    for index, rule in enumerate(c.scenario.rules):
        if not rule.simulated:
            c.add("scenario-rule-not-simulated", "info", ("rules", index),
                  f"special rule {index + 1} is written only as text; the simulation does not play it and its "
                  f"numbers do not cover it: \"{_short(rule.text)}\"")
            continue
        low, high = rule_player_range(rule)
        able = [s for s in c.played if low <= s["players"] <= high]
        if not able:
            counts = count_range(low, high)
            c.add("scenario-rule-not-exercised", "info", ("rules", index),
                  f"special rule {index + 1} ({_short(rule.describe())}) can fire only with {counts} players; "
                  f"the simulated {player_counts([s['players'] for s in c.played])} cannot fire it, so its effect is "
                  f"not in these numbers (simulate with --players {counts})")
            continue
        fired = sum(s["rules_fired"].get(str(index), {}).get("runs", 0) for s in able)
        if fired == 0:
            severity, sure = _never(c.settings, "scenario-rule-never-fired", sum(s["runs"] for s in able))
            c.add("scenario-rule-never-fired", severity, ("rules", index),
                  f"special rule {index + 1} ({_short(rule.describe())}) never fired in {_runs_words(able, c.plan)}"
                  f"{sure}{_replay(c.plan, c.scenario.id, [s['players'] for s in able], 'median')}",
                  [s["players"] for s in able])


def _stalls(c: _ScenarioChecks) -> None:
    stalls = [r for s in c.played for r in s["reasons"] if r["kind"].startswith("stalled:")]
    if stalls:
        n = sum(r["count"] for r in stalls)
        top = max(stalls, key=lambda r: (r["count"], -r["run"]))
        counts = sorted({s["players"] for s in c.played if any(r["kind"].startswith("stalled:") for r in s["reasons"])})
        # Judged on the interval, as the "never" checks are: one stalled run of 384 warned, and
        # failed a `build --fail-on warning` gate of the shipped pack on the bots' rare dead end.
        rate = _rate(c.settings, "scenario-stalled")
        low = clopper_pearson(n, c.total, 0.10)[0]  # its one-sided 95% lower bound
        if low >= rate:
            severity, sure = "warning", f" (at least {low:.0%} of runs, 95% sure)"
        else:
            severity, sure = "info", f" (too few to show that {rate:.0%} of runs or more stall, 95% sure)"
        c.add("scenario-stalled", severity, (), f"{n} of {counted(c.total, 'run')} stalled{sure}; most often: "
              f"{top['reason']} (run {top['run']}, replay seed {top['seed']})", counts)


VERDICT_RULES = {
    "win_rate": "scenario-balance-win-rate",
    "rounds": "scenario-balance-rounds",
    "completion_rate": "campaign-balance-completion",
    "scenario_win_rate": "campaign-balance-scenario-win-rate",
    "carry_over": "campaign-balance-carry-over",
}
"""The rule id of a failing target, by the metric's kind (``scenario_win_rate:ID`` ->
``scenario_win_rate``). An undecided target of any metric is ``balance-undecided`` (info)."""

UNDECIDED_RULE = "balance-undecided"


CARRIED_WORDS = {"group_xp": "Group XP", "loot_cards": "Loot Cards", "gold": "gold"}
"""A campaign's carry-over (``verdicts.CARRY_OVER``) in the rulebook's words."""


def _metric_words(metric: str, players: int, value: float, per: str) -> str:
    kind, _, name = metric.partition(":")
    who = player_counts([players])
    if kind == "win_rate":
        return f"the heroes won {_pct(value)} with {who}"
    if kind == "rounds":
        return f"the median run lasted {value:g} rounds with {who}"
    if kind == "completion_rate":
        return f"{_pct(value)} of campaign runs were completed with {who}"
    if kind == "scenario_win_rate":
        return f"{name} was won in {_pct(value)} of its attempts in the campaign with {who}"
    return f"the party carried {value:.2f} {CARRIED_WORDS.get(name, name)} {per} with {who}"


def _band_words(metric: str, band: Sequence[float]) -> str:
    kind = metric.partition(":")[0]
    low, high = band
    if kind in ("win_rate", "completion_rate", "scenario_win_rate"):
        return f"{_pct(low)}-{_pct(high)}"
    if kind == "rounds":
        return f"{low:g}-{high:g} rounds"
    return f"{low:g}-{high:g}"


def confidence_text(level: float) -> str:
    """A confidence level as a percentage with the digits it needs: 95%, 99.9%, 99.998% (a later
    look's level is never shown as 100%)."""
    for digits in range(0, 6):
        text = f"{level * 100:.{digits}f}"
        if float(text) < 100 or digits == 5:
            return f"{text.rstrip('0').rstrip('.') if '.' in text else text}%"
    return f"{level:.5%}"


def _interval_words(verdict: Mapping[str, Any]) -> str:
    kind = verdict["metric"].partition(":")[0]
    low, high = verdict["interval"]
    confidence = confidence_text(verdict["confidence"])
    if kind in ("win_rate", "completion_rate", "scenario_win_rate"):
        # attempts that hang together are counted at their effective number (Korn and Graubard): an
        # estimate of the spread, not an exact interval
        exact = "" if verdict.get("method") == "clopper-pearson-over-runs" else "exact "
        return f"{exact}{confidence} interval {_pct(low)}-{_pct(high)}"
    if kind == "rounds":
        if low is None or high is None:
            return f"too few runs for a {confidence} interval of the median"
        return f"{confidence} interval of the median {low:g}-{high:g}"
    if low is None:
        return "too few campaign runs for an interval"
    if high is None:
        return f"{confidence} interval from {low:.2f}, no upper end: no most value one scenario can pass on is known"
    # a mean's t interval may reach below 0: "-11.71-13.71" read as a range from 11.71
    return f"{confidence} interval {low:.2f}{' to ' if low < 0 else '-'}{high:.2f}"


def _undecided_words(verdict: Mapping[str, Any], family: str) -> str:
    """Why an undecided target's interval did not decide it. Its interval is the target's own;
    judged together with others, a target must clear a stricter level, so the interval may lie
    wholly inside (or outside) the band and the target still be undecided: "the interval
    overlaps it" was said of a median's 3-6 rounds against a band of 2-14."""
    low, high = verdict["interval"]
    band_low, band_high = verdict["band"]
    if low is not None and high is not None:
        if band_low <= low and high <= band_high:
            return (f"the interval lies inside it, but not surely enough for {family} "
                    f"(p = {verdict['p_hold']:.2g} of 'inside the band')")
        if high < band_low or low > band_high:
            return (f"the interval lies outside it, but not surely enough for {family} "
                    f"(p = {verdict['p_fail']:.2g} of 'outside the band')")
        return f"the interval overlaps it ({family})"
    if low is not None:
        return f"without a most value of what is carried no runs show it at most {band_high:g} ({family})"
    return f"too few runs to decide it ({family})"


def evidence_unit(metric: str) -> str:
    """What a verdict's ``runs`` count for its ``metric``: ``"attempt"`` (a scenario's win rate
    within a campaign), ``"value"`` (a carry-over: one per scenario passed), else ``"run"``."""
    if metric.startswith("scenario_win_rate"):
        return "attempt"
    return "value" if metric.startswith("carry_over") else "run"


def runs_to_decide(verdict: Mapping[str, Any], plan: Mapping[str, Any] | None) -> int | None:
    """The runs per player count (``--runs``) that would likely decide an undecided ``verdict``
    (``Verdict.to_data``): its ``runs_needed`` counts attempts or values where its evidence does
    (:func:`evidence_unit`), which come at their own rate per campaign run, the rate the ``plan``'s
    runs (its report entry's) gave them. None when nothing would."""
    runs = verdict["runs_needed"]
    if runs and evidence_unit(verdict["metric"]) != "run" and plan and verdict["runs"]:
        runs = math.ceil(runs * plan["runs"] / verdict["runs"])
    return runs or None


def verdict_evidence(verdict: Mapping[str, Any], seed: str = "") -> str:
    """What the runs showed of a judged target (``Verdict.to_data``), as its finding says it:
    ``the heroes won 38% with 1 player (exact 95% interval 9%-76%, 8 runs)``; ``seed`` is added
    inside the parentheses (``", seed 1"``)."""
    return (f"{_metric_words(verdict['metric'], verdict['players'], verdict['estimate'], 'per scenario passed')} "
            f"({_interval_words(verdict)}, {counted(verdict['runs'], evidence_unit(verdict['metric']))}{seed})")


def target_words(verdict: Mapping[str, Any]) -> str:
    """A judged target in a line: :func:`verdict_evidence` and ``the target is 10%-85%``."""
    return f"{verdict_evidence(verdict)}; the target is {_band_words(verdict['metric'], verdict['band'])}"


def not_judged_count(entries: Sequence[Mapping[str, Any]]) -> str:
    """``1 not judged (not played at its player count)``: how many targets went unjudged
    (``verdicts.not_played``, ``verdicts.campaign_not_reached``) and why."""
    reasons = {entry["reason"] for entry in entries}
    why = [f"not played at {'its player count' if len(entries) == 1 else 'their player counts'}"] * (
        "not_played" in reasons) + ["never reached"] * ("not_reached" in reasons)
    return f"{len(entries)} not judged ({' or '.join(why)})"


def not_judged_words(entry: Mapping[str, Any]) -> str:
    """A target left unjudged (``verdicts.not_played``) in a line:
    ``balance.win_rate.1 (the win rate with 1 player, 50%-95%): not played at that count``."""
    kind, _, name = entry["metric"].partition(":")
    what = {"win_rate": "the win rate", "completion_rate": "the completion rate",
            "carry_over": f"the {CARRIED_WORDS.get(name, name)} carried"}.get(
        kind, f"{name}'s win rate in the campaign")
    who = (f"with {player_counts(entry['players'])}" if entry["players"]
           else "at the counts without their own target")
    at = "that count" if entry["players"] else "such a count"
    path = ".".join(str(p) for p in entry["path"])
    if entry["reason"] == "not_reached":
        why = "no campaign run passed a scenario on" if kind == "carry_over" else "no campaign run reached it"
    else:
        why = f"not played at {at}"
    return f"{path} ({what} {who}, {_band_words(entry['metric'], entry['band'])}): {why}"


def verdict_findings(verdicts: Sequence[Mapping[str, Any]], locate: Locator,
                     plans: Mapping[str, Mapping[str, Any]] | None = None) -> list[Finding]:
    """The findings of judged targets (``Verdict.to_data``): a failing target is a warning
    (``VERDICT_RULES``) at the band's YAML line, an undecided one an info
    (``balance-undecided``) with the runs that would likely decide it; a target that holds is
    no finding. ``plans``: document -> its report entry's plan (for the seed and the replay
    command)."""
    out = []
    for v in verdicts:
        kind_, _, doc_id = v["document"].partition("/")
        plan = (plans or {}).get(v["document"])
        if v["verdict"] not in ("fails", "undecided"):
            continue
        loc = locate(kind_, doc_id, tuple(v["path"]))
        seed = f", seed {plan['seed']}" if plan else ""
        unit = evidence_unit(v["metric"])
        evidence = verdict_evidence(v, seed)
        band = _band_words(v["metric"], v["band"])
        family = (f"{v['family']} targets judged together, Holm-adjusted" if v["family"] > 1
                  else "one target judged")
        if v["verdict"] == "fails":
            rule = VERDICT_RULES[v["metric"].partition(":")[0]]
            message = (f"fails: {evidence}; the target is {band} (p = {v['p_fail']:.2g}, {family})"
                       f"{_replay(plan, doc_id, [v['players']], 'median', kind_)}")
            out.append(Finding(rule, "warning", message, loc.file, loc.line, loc.column, v["document"],
                               (v["players"],)))
        else:
            more = (f"about {counted(v['runs_needed'], unit)} per player count would likely decide it "
                    f"({RUNS_OPTION.get()} {runs_to_decide(v, plan)})"
                    if v["runs_needed"] else "the estimate sits at the band's edge: more runs will hardly decide it")
            message = f"undecided: {evidence}; the target is {band}: {_undecided_words(v, family)}; {more}"
            out.append(Finding(UNDECIDED_RULE, "info", message, loc.file, loc.line, loc.column, v["document"],
                               (v["players"],)))
    return out


def campaign_findings(campaign: Campaign, summaries: Sequence[dict[str, Any]], locate: Locator,
                      plan: Mapping[str, Any] | None = None, *,
                      settings: RuleSettings | None = None) -> list[Finding]:
    """The findings on a campaign from its per-player-count summaries
    (``CampaignStats.to_data``): ``campaign-never-completed`` (warning) for player counts where
    no campaign run was completed, at the campaign's ``scenarios`` list;
    ``campaign-player-count-outlier`` (warning) for a count whose completion rate is far from
    the others' (as ``scenario-player-count-outlier``: not for a count whose
    ``balance.completion_rate`` has a band of its own, which its verdict judges);
    ``campaign-engine-error`` (error).
    Its ``balance:`` targets are judged with the report's others (:func:`verdict_findings`)."""
    doc = f"campaign/{campaign.id}"
    out = []
    settings = settings or {}
    played = [s for s in summaries if s["runs"]]
    never = [s for s in played if s["completed"] == 0]
    if never:
        loc = locate("campaign", campaign.id, ("scenarios",))
        ends: dict[str, int] = {}
        for s in never:
            for end in s["ends"]:
                ends[end["scenario"]] = ends.get(end["scenario"], 0) + end["count"]
        where = max(ends, key=lambda k: (ends[k], k)) if ends else "?"
        counts = [s["players"] for s in never]
        severity, sure = _never(settings, "campaign-never-completed", min(s["runs"] for s in never))
        out.append(Finding("campaign-never-completed", severity,
                           f"no campaign run was completed in {_runs_words(never, plan)}{sure}; most ended at {where}"
                           f"{_replay(plan, campaign.id, counts, kind='campaign')}",
                           loc.file, loc.line, loc.column, doc, tuple(counts)))
    outlier = settings.get("campaign-player-count-outlier", {})
    # A count with a completion band of its own is one the designer expects to differ (the book
    # calls the pure solo game very risky): its verdict judges it, as a scenario's win-rate band does.
    expected = _own_bands(campaign.balance.completion_rate if campaign.balance is not None else {})
    for players, rate, other_rate, side in player_outliers(
            [(s["players"], s["completed"], s["runs"]) for s in played],
            gap=outlier.get("gap", OUTLIER_GAP), p=outlier.get("p", OUTLIER_P)):
        if players in expected:
            continue
        loc = locate("campaign", campaign.id, ("scenarios",))
        runs = next(s["runs"] for s in played if s["players"] == players)
        out.append(Finding("campaign-player-count-outlier", "warning",
                           f"with {player_counts([players])} the campaign is far {side} than with the other counts: "
                           f"completed {_pct(rate)} of {runs} runs against {_pct(other_rate)}"
                           f"{_replay(plan, campaign.id, [players], kind='campaign')}",
                           loc.file, loc.line, loc.column, doc, (players,)))
    errors = [s for s in summaries if s.get("errors")]
    if errors:
        loc = locate("campaign", campaign.id, ())
        first = min((s for s in errors if s.get("error")), key=lambda s: s["error"]["run"], default=None)
        detail = (f"; first: {first['error']['reason']} (run {first['error']['run']} with "
                  f"{player_counts([first['players']])})" if first else "")
        out.append(Finding("campaign-engine-error", "error",
                           f"the engine failed in {counted(sum(s['errors'] for s in errors), 'campaign run')}{detail}",
                           loc.file, loc.line, loc.column, doc, tuple(s["players"] for s in errors)))
    return out


def _goal_path(scenario: Scenario) -> tuple[str, ...]:
    return ("goals", "win") if scenario.goals.win else ("goal",)


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
