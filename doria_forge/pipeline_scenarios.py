"""Stages of scenario verification for the CLI and ``build``: play scenarios and campaigns
many times (``doria_forge.sim.scenario_runner``, ``sim.campaign``), compare with a baseline
report (``sim.baseline``), print the tables and write the JSON and HTML reports.

Everything heavy is imported inside the stage that needs it, like ``doria_forge.pipeline``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.pipeline import UsageError, _writing, check_output

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from doria_forge.model import ContentPack
    from doria_forge.sim.findings import Finding, Locator

DEFAULT_RUNS = 200
"""Runs per player count of ``simulate scenario``."""

DEFAULT_CAMPAIGN_RUNS = 40
"""Campaign runs per player count of ``simulate campaign``."""

BUILD_RUNS = 8
"""Runs per player count of each shipped scenario in ``build``: enough to catch a scenario
that breaks, stalls, never fires a rule or is never won, quick enough for a build (the nine
sample scenarios and the campaign add about 20 s on 2 cores; ``--scenario-runs`` for more)."""

BUILD_CAMPAIGN_RUNS = 4
"""Campaign runs per player count in ``build`` (a campaign run is several scenarios long)."""

BUILD_PLAYERS = (1, 2, 4)
"""Player counts ``build`` plays (those inside each scenario's range): solo, the two-player
special rules and the typical table."""

REPLAYS = ("median", "best", "worst", "none")


def parse_players(text: str | None) -> list[int] | None:
    """``"1-6"``, ``"2,4"``, ``"3"`` or ``"1-2,5"`` as player counts (``None`` for ``None``).
    Raises UsageError for anything else or a count outside 1-6."""
    if text is None:
        return None
    counts: set[int] = set()
    try:
        for part in text.split(","):
            part = part.strip()
            low, sep, high = part.partition("-")
            first, last = int(low), int(high) if sep else int(low)
            if first > last:
                raise ValueError
            counts.update(range(first, last + 1))
    except ValueError:
        raise UsageError(f"--players {text!r}: give a count (4), a range (1-6) or a list (2,4)") from None
    if not counts or min(counts) < 1 or max(counts) > 6:
        raise UsageError(f"--players {text!r}: player counts are 1-6")
    return sorted(counts)


@dataclass
class Verification:
    """What a verification produced: the report, the files written, and the findings."""

    report: dict[str, Any]
    json_path: Path | None = None
    html_path: Path | None = None
    findings: list[Finding] = field(default_factory=list)


def locator(source_map: Any | None) -> Locator:
    """``SourceMap.locate`` as a findings locator (the pack root without a source map)."""
    from doria_forge.sim.findings import no_location

    if source_map is None:
        return no_location
    return lambda kind, doc_id, path: source_map.locate(kind, doc_id, tuple(path))


def _executor(jobs: int | None, scheduler: str | None):
    from doria_forge.sim.executors import local_executor
    from doria_forge.sim.workers import clamp_jobs

    if scheduler:
        from doria_forge.sim.distributed import DaskUnavailable, dask_executor

        try:
            return dask_executor(scheduler)
        except DaskUnavailable as exc:
            raise UsageError(str(exc)) from None
    return local_executor(clamp_jobs(jobs))


def _play(pack: ContentPack, plans: Sequence[Any], label: str, *, jobs: int | None, scheduler: str | None,
          progress: bool, console: Console | None) -> list[dict[int, Any]]:
    """``run_plans`` on the chosen executor, with a progress bar (on stderr) counting runs."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from doria_forge.sim.executors import run_plans
    from doria_forge.sim.workers import WorkerFailed

    play = _executor(jobs, scheduler)
    total = sum(len(p.players) * p.runs for p in plans)
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console or Console(stderr=True), disable=not progress, transient=True) as bar:
        task = bar.add_task("runs", total=total)
        try:
            return run_plans(pack, plans, executor=play, progress=lambda n: bar.advance(task, n))
        except WorkerFailed as exc:  # the machine's doing, not the content's or the options'
            raise UsageError(str(exc)) from None


def simulate_scenarios(
    pack: ContentPack,
    scenario_ids: Sequence[str],
    *,
    source_map: Any = None,
    players: Sequence[int] | None = None,
    runs: int = DEFAULT_RUNS,
    seed: int = 1,
    jobs: int | None = None,
    policy: str | Sequence[str] = "greedy",
    heroes: Sequence[str] | None = None,
    scheduler: str | None = None,
    progress: bool = True,
    console: Console | None = None,
    clip_players: bool = False,
    clarity: bool = False,
) -> list[dict[str, Any]]:
    """Play ``runs`` runs of every scenario of ``scenario_ids`` at each of ``players``
    (default: each scenario's whole range; ``clip_players``: only those of ``players`` inside
    the scenario's range) and return their report entries (``scenario_report.scenario_entry``).
    ``policy``: one policy, or several (a list or ``"a,b"``) played on the same seeds: the
    entry is the first policy's, with the others side by side (``sim.skill``); ``clarity``:
    also the rules-clarity report of the first policy's runs (``sim.clarity``). Raises
    UsageError for an unknown scenario, policy or hero, or a player count outside a scenario's
    range."""
    from doria_forge.sim.scenario_report import scenario_entry
    from doria_forge.sim.scenario_runner import ScenarioResult, make_plan

    policies = parse_policies(policy)
    plans = []
    try:
        for sid in scenario_ids:
            counts = players
            if clip_players and players is not None and sid in pack.scenarios:
                low, high = pack.scenarios[sid].players
                counts = [n for n in players if low <= n <= high] or [low]
            plans += [make_plan(pack, sid, players=counts, runs=runs, seed=seed, policy=p, heroes=heroes)
                      for p in policies]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    results = _play(pack, plans, "playing scenarios", jobs=jobs, scheduler=scheduler, progress=progress,
                    console=console)
    locate = locator(source_map)
    entries = [scenario_entry(pack, ScenarioResult(plan, stats), locate)
               for plan, stats in zip(plans, results, strict=True)]
    out = []
    for k in range(0, len(entries), len(policies)):
        main = entries[k]
        if len(policies) > 1:
            from doria_forge.sim.skill import skill_section

            main["skill"] = skill_section(dict(zip(policies, entries[k:k + len(policies)], strict=True)), locate)
            _add_findings(main, main["skill"]["findings"])
        out.append(main)
    if clarity:
        _rules_clarity(pack, plans[::len(policies)], out, locate, jobs=jobs, scheduler=scheduler, progress=progress,
                       console=console)
    return out


def parse_policies(policy: str | Sequence[str]) -> list[str]:
    """``"weak,greedy"`` or a list as policy names, in order, each once. Raises UsageError for
    an empty list."""
    names = [p.strip() for p in (policy.split(",") if isinstance(policy, str) else policy) if p.strip()]
    names = list(dict.fromkeys(names))
    if not names:
        raise UsageError("--policy needs at least one policy name")
    return names


def _add_findings(entry: dict[str, Any], extra: Sequence[dict[str, Any]]) -> None:
    from doria_forge.sim.findings import Finding, sort_findings

    entry["findings"] = [f.to_data() for f in sort_findings(Finding.from_data(f)
                                                             for f in [*entry["findings"], *extra])]


def _rules_clarity(pack: ContentPack, plans: Sequence[Any], entries: list[dict[str, Any]], locate: Locator, *,
                   jobs: int | None, scheduler: str | None, progress: bool, console: Console | None) -> None:
    """Play each plan's runs again for the rules-clarity report (``sim.clarity``) and add it to
    the entries: first counting the open choices, then each that came up decided three ways."""
    from doria_forge.sim.clarity import ClarityPlan, clarity_section, flip_plans

    counting = [ClarityPlan(plan) for plan in plans]
    counted = _play(pack, counting, "counting open choices", jobs=jobs, scheduler=scheduler, progress=progress,
                    console=console)
    flips = [flip_plans(plan, stats) for plan, stats in zip(plans, counted, strict=True)]
    flat = [f for group in flips for f in group]
    results = iter(_play(pack, flat, "deciding open choices", jobs=jobs, scheduler=scheduler, progress=progress,
                         console=console) if flat else [])
    for entry, stats, group in zip(entries, counted, flips, strict=True):
        flipped = {(f.choice, f.mode): next(results) for f in group}
        entry["rules_clarity"] = clarity_section(entry, stats, flipped, locate)  # type: ignore[arg-type]
        _add_findings(entry, entry["rules_clarity"]["findings"])


def write_json(report: dict[str, Any], out: Path) -> Path:
    """Write the report JSON atomically to ``out``. Raises OutputError."""
    from doria_forge.fsutil import atomic_write_text
    from doria_forge.sim.scenario_report import report_json

    check_output(Path(out), folder=False)
    with _writing(Path(out)):
        return atomic_write_text(Path(out), report_json(report))


def read_baseline(path: Path) -> dict[str, Any]:
    """The report at ``path`` for ``--baseline``. Raises UsageError when it cannot be read or
    is not a scenario report of this format."""
    from doria_forge.sim.scenario_report import REPORT_FORMAT

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read --baseline {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"--baseline {path} is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT or "scenarios" not in data:
        raise UsageError(f"--baseline {path} is not a scenario report of format {REPORT_FORMAT} "
                         "(write one with `doria-forge simulate scenario ... --out FILE`)")
    return data


def print_report(report: dict[str, Any], console: Console) -> None:
    """The terminal tables and findings."""
    from doria_forge.sim.scenario_table import print_report as show

    show(report, console)


def exit_code(findings: Sequence[Finding], fail_on: str) -> int:
    """1 when ``findings`` hold one at or above ``fail_on``, else 0."""
    from doria_forge.sim.findings import fails

    return 1 if fails(findings, fail_on) else 0


def verify(
    pack: ContentPack,
    scenario_ids: Sequence[str],
    *,
    campaign_ids: Sequence[str] = (),
    source_map: Any = None,
    players: Sequence[int] | None = None,
    runs: int = DEFAULT_RUNS,
    campaign_runs: int | None = None,
    seed: int = 1,
    jobs: int | None = None,
    policy: str | Sequence[str] = "greedy",
    heroes: Sequence[str] | None = None,
    scheduler: str | None = None,
    progress: bool = True,
    console: Console | None = None,
    out: Path | None = None,
    html: Path | None = None,
    baseline: Path | None = None,
    replay: str = "median",
    replay_seed: int | None = None,
    clip_players: bool = False,
    duel_matrix: dict[str, Any] | None = None,
    clarity: bool = False,
) -> Verification:
    """Simulate ``scenario_ids`` (``runs`` per player count) and ``campaign_ids``
    (``campaign_runs``, default ``runs``), compare with ``baseline`` (a report
    file), print the tables and findings to ``console``, write the JSON report to ``out`` and
    the HTML report to ``html`` (with the replay ``replay`` / ``replay_seed`` of each scenario
    and the duel matrix heat map when ``duel_matrix`` is given).

    Outputs and the baseline are checked before any run is played. Raises UsageError (unknown
    ids, bad options), OutputError (an output that cannot be written)."""
    from rich.console import Console

    from doria_forge.sim.scenario_report import build_report, report_findings

    for path in (out, html):
        if path is not None:
            check_output(Path(path), folder=False)
    if replay not in REPLAYS:
        raise UsageError(f"--replay must be one of {', '.join(REPLAYS)}")
    old = read_baseline(baseline) if baseline is not None else None
    for cid in campaign_ids:
        if cid not in pack.campaigns:
            known = ", ".join(sorted(pack.campaigns)) or "none"
            raise UsageError(f"unknown campaign {cid!r}; the pack has: {known}")
    console = console or Console(highlight=False)
    scenarios = simulate_scenarios(pack, scenario_ids, source_map=source_map, players=players, runs=runs, seed=seed,
                                   jobs=jobs, policy=policy, heroes=heroes, scheduler=scheduler, progress=progress,
                                   clip_players=clip_players, clarity=clarity) if scenario_ids else []
    campaigns = simulate_campaigns(pack, campaign_ids, source_map=source_map, players=players,
                                   runs=campaign_runs or runs, seed=seed,
                                   jobs=jobs, policy=parse_policies(policy)[0], heroes=heroes, scheduler=scheduler,
                                   progress=progress, clip_players=clip_players) if campaign_ids else []
    extra: list[Finding] = []
    report = build_report(pack, scenarios, campaigns=campaigns, duel_matrix=duel_matrix)
    if old is not None:
        from doria_forge.sim.baseline import compare

        comparison, extra = compare(old, report, locate=locator(source_map))
        report = build_report(pack, scenarios, campaigns=campaigns, extra_findings=extra, duel_matrix=duel_matrix)
        report["baseline"] = comparison
    print_report(report, console)
    done = Verification(report, findings=report_findings(report))
    if out is not None:
        done.json_path = write_json(report, Path(out))
    if html is not None:
        done.html_path = write_html(pack, report, Path(html), replay=replay, replay_seed=replay_seed,
                                    progress=progress)
    return done


def simulate_campaigns(pack: ContentPack, campaign_ids: Sequence[str], *, source_map: Any = None,
                       players: Sequence[int] | None = None, runs: int = DEFAULT_CAMPAIGN_RUNS, seed: int = 1,
                       jobs: int | None = None, policy: str = "greedy", heroes: Sequence[str] | None = None,
                       scheduler: str | None = None, progress: bool = True, clip_players: bool = False,
                       console: Console | None = None) -> list[dict[str, Any]]:
    """Play ``runs`` campaign runs of every campaign of ``campaign_ids`` at each of ``players``
    (default: the player counts every scenario of the campaign allows) and return their report
    entries (``sim.campaign.campaign_entry``). Raises UsageError like ``simulate_scenarios``."""
    from doria_forge.sim.campaign import campaign_entry, make_campaign_plan

    plans = []
    try:
        for cid in campaign_ids:
            plans.append(make_campaign_plan(pack, cid, players=players, runs=runs, seed=seed, policy=policy,
                                            heroes=heroes, clip_players=clip_players))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    results = _play(pack, plans, "playing campaigns", jobs=jobs, scheduler=scheduler, progress=progress,
                    console=console)
    locate = locator(source_map)
    return [campaign_entry(pack, plan, stats, locate) for plan, stats in zip(plans, results, strict=True)]


def write_html(pack: ContentPack, report: dict[str, Any], out: Path, *, replay: str = "median",
               replay_seed: int | None = None, progress: bool = True) -> Path:
    """Write the self-contained HTML report of ``report`` to ``out`` (replaying the chosen
    run of every scenario to draw it round by round). Raises OutputError."""
    from doria_forge.fsutil import atomic_write_text
    from doria_forge.report_html import render_html

    check_output(Path(out), folder=False)
    text = render_html(pack, report, replay=replay, replay_seed=replay_seed)
    with _writing(Path(out)):
        return atomic_write_text(Path(out), text)


def verify_pack(pack: ContentPack, out: Path, *, source_map: Any = None, runs: int = BUILD_RUNS, seed: int = 1,
                jobs: int | None = None, progress: bool = True, console: Console | None = None,
                duel_matrix: dict[str, Any] | None = None) -> Verification | None:
    """The ``scenarios`` stage of ``build``: every scenario and campaign of ``pack``, ``runs``
    runs at each of ``BUILD_PLAYERS`` they allow, the reports written to ``out/scenarios.json``
    and ``out/scenarios.html`` (with the duel matrix heat map). ``None`` when ``runs`` is 0 or
    the pack has no scenario. An expansion verifies its own scenarios and campaigns
    (``ContentPack.own_of_kind``), played with the content of the packs it requires."""
    scenario_ids = sorted(pack.own_of_kind("scenario"))
    if runs < 1 or not scenario_ids:
        return None
    return verify(pack, scenario_ids, campaign_ids=sorted(pack.own_of_kind("campaign")), source_map=source_map,
                  players=BUILD_PLAYERS, runs=runs, campaign_runs=max(1, runs * BUILD_CAMPAIGN_RUNS // BUILD_RUNS),
                  seed=seed, jobs=jobs, progress=progress, console=console,
                  out=Path(out) / "scenarios.json", html=Path(out) / "scenarios.html", clip_players=True,
                  duel_matrix=duel_matrix)
