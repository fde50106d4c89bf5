"""Stages of scenario verification for the CLI and ``build``: play scenarios and campaigns
many times (``doria_forge.sim.scenario_runner``, ``sim.campaign``), compare with a baseline
report (``sim.baseline``), print the tables and write the JSON and HTML reports.

Everything heavy is imported inside the stage that needs it, like ``doria_forge.commands.pipeline``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.commands.pipeline import OutputError, UsageError, _writing, check_output

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from doria_forge.model import ContentPack
    from doria_forge.sim.executors import Executor
    from doria_forge.sim.findings import Finding, Locator

DEFAULT_RUNS = 200
"""Runs per player count of ``simulate scenario``."""

DEFAULT_CAMPAIGN_RUNS = 40
"""Campaign runs per player count of ``simulate campaign``."""

BUILD_RUNS = 512
"""Most runs per player count ``build`` plays of each shipped scenario and campaign: it plays in
looks (8 runs, then twice as many) while a balance target is undecided (``play_in_looks``), so a
build decides the targets it can within this many runs and says what the others would need
(``--scenario-runs`` sets it). Only undecided games go on: at 128 a rate some ten points inside
its band (a boss's exploration game at 26% against 3-40%) was left undecided among the shipped
pack's 75 targets (each look's error budget, ``precision.look_alpha``, sums to 5% however many
looks are taken)."""

FIRST_LOOK_RUNS = 8
"""Runs per player count of the first look of ``--until-decided`` (then doubled each look)."""

UNTIL_DECIDED_RUNS = 1000
"""Most runs per player count ``--until-decided`` plays when ``--runs`` is not given."""

BUILD_PLAYERS = (1, 2, 4)
"""Player counts ``build`` plays (those inside each scenario's range): solo, the two-player
special rules and the typical table."""

REPLAYS = ("median", "best", "worst", "none")

MAX_BASELINE_BYTES = 64 * 1024**2
"""Largest ``--baseline`` report read (a report of every shipped scenario is about 1 MiB)."""


MAX_RUNS = 100_000
"""Largest ``--runs`` of ``simulate scenario|campaign`` and ``build --scenario-runs``: runs per
player count (100 000 runs of one scenario take hours on two cores). Checked when the options
are parsed: a billion runs once allocated until memory ran out before the first game."""

MAX_PLAYERS = 6
"""Most heroes at the table (Book of Rules: 1-6 players)."""


def parse_players(text: str | None) -> list[int] | None:
    """``"1-6"``, ``"2,4"``, ``"3"`` or ``"1-2,5"`` as player counts (``None`` for ``None``).
    Raises UsageError for anything else or a count outside 1-6 (checked before any range is
    made: ``1-99999999999`` is refused at once)."""
    if text is None:
        return None
    counts: set[int] = set()
    shown = text if len(text) <= 40 else text[:37] + "..."
    if len(text) > 200:
        raise UsageError(f"--players {shown!r}: give a count (4), a range (1-6) or a list (2,4)")
    try:
        for part in text.split(","):
            part = part.strip()
            low, sep, high = part.partition("-")
            first, last = int(low), int(high) if sep else int(low)
            if first > last:  # `3-1`: the range written backwards
                raise UsageError(f"--players {shown!r}: a range runs from fewer players to more: write {last}-{first}")
            if first < 1 or last > MAX_PLAYERS:
                raise UsageError(f"--players {shown!r}: player counts are 1-{MAX_PLAYERS}")
            counts.update(range(first, last + 1))
    except ValueError:
        raise UsageError(f"--players {shown!r}: give a count (4), a range (1-6) or a list (2,4)") from None
    if not counts:
        raise UsageError(f"--players {shown!r}: player counts are 1-{MAX_PLAYERS}")
    return sorted(counts)


REPORT_FORMATS = {"--out": ".json", "--report": ".html"}
"""The format of the file each report option writes."""


def check_outputs(pack_path: Path, outputs: Mapping[str, Path | None]) -> None:
    """Refuse each output file of ``outputs`` (option -> path; None: not asked for) that cannot be
    written or is named as a file of another format than it gets (:data:`REPORT_FORMATS`), naming
    the option that gave it, and
    two outputs naming one file (OutputError), before the pack is even validated: ``--out r.json
    --report r.json`` wrote the HTML report over the JSON one, and said it had written both."""
    from doria_forge.commands.pipeline import sources

    read = sources(Path(pack_path))
    named = {option: Path(path) for option, path in outputs.items() if path is not None}
    for option, path in named.items():
        check_output(path, folder=False, sources=read, option=option, writes=REPORT_FORMATS[option])
    given = list(named.values())
    real = [os.path.realpath(path) for path in given]
    for path, where in zip(given, real, strict=True):
        if real.count(where) > 1:
            raise OutputError(f"two reports would be written to {path}: give --out and --report a file each")


def findings_name(pack_path: Path, runs_option: str = "--runs") -> Callable[[], None]:
    """The findings of this command name its pack and options: a replay command names
    ``pack_path`` (the ``PACK`` typed), unless it is the default pack, which the command found as
    the replay will, and writes its report into the project folder (where the replay run from the
    project would) when the working folder lies in the pack, which refuses it; an undecided target
    asks for more runs with ``runs_option``. Returns what undoes it when the command ends."""
    from doria_forge.commands.pipeline import DEFAULT_PACK, default_output
    from doria_forge.sim.findings import REPLAY_FOLDER, REPLAY_PACK, RUNS_OPTION

    pack = REPLAY_PACK.set(None if Path(pack_path) == DEFAULT_PACK else str(pack_path))
    # not into build/ beside the outputs: a later build refuses a folder holding files it does not know
    project = default_output(pack_path).parent
    folder = REPLAY_FOLDER.set(None if project == Path(".") else project.as_posix())
    runs = RUNS_OPTION.set(runs_option)

    def undo() -> None:
        RUNS_OPTION.reset(runs)
        REPLAY_FOLDER.reset(folder)
        REPLAY_PACK.reset(pack)

    return undo


def check_scheduler(address: str | None) -> None:
    """Refuse a ``--scheduler`` that cannot be an address (UsageError), before any work; whether
    a scheduler answers there is asked when the runs start."""
    if address is None:
        return
    from doria_forge.sim.distributed import DaskUnavailable, check_address

    try:
        check_address(address)
    except DaskUnavailable as exc:
        raise UsageError(str(exc)) from None


@dataclass
class Verification:
    """What a verification produced: the report, the files written, and the findings."""

    report: dict[str, Any]
    json_path: Path | None = None
    html_path: Path | None = None
    findings: list[Finding] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    """The scenario ids of the Boss Monster cards' exploration games among the report's scenarios."""


def locator(source_map: Any | None) -> Locator:
    """``SourceMap.locate`` as a findings locator (the pack root without a source map)."""
    from doria_forge.sim.findings import no_location

    if source_map is None:
        return no_location
    return lambda kind, doc_id, path: source_map.locate(kind, doc_id, tuple(path))


def _executor(jobs: int | None, scheduler: str | None) -> Executor:
    from doria_forge.sim.executors import local_executor
    from doria_forge.sim.workers import clamp_jobs

    if scheduler is not None:
        from doria_forge.sim.distributed import DaskUnavailable, dask_executor

        try:
            return dask_executor(scheduler)
        except DaskUnavailable as exc:
            raise UsageError(str(exc)) from None
    return local_executor(clamp_jobs(jobs))


def _play(pack: ContentPack, plans: Sequence[Any], label: str, *, jobs: int | None, scheduler: str | None,
          progress: bool, cache: bool = True) -> list[dict[int, Any]]:
    """``run_plans`` on the chosen executor, with a progress bar (on stderr) counting runs. With
    ``cache`` the chunks of runs kept in the cache folder are not played again
    (``sim.chunk_store``: keyed by everything they read) and every chunk played is kept."""
    from doria_forge.commands.pipeline import RunsInterrupted
    from doria_forge.infra.terminal import progress_bar
    from doria_forge.sim.executors import run_plans
    from doria_forge.sim.workers import WorkerFailed

    lost: tuple[type[Exception], ...] = ()
    if scheduler is not None:
        from doria_forge.sim.distributed import ClusterLost

        lost = (ClusterLost,)
    play = _executor(jobs, scheduler)
    if cache:
        from doria_forge.sim.chunk_store import ChunkStore
        from doria_forge.sim.executors import cached

        play = cached(play, ChunkStore(pack))
    total = sum(len(p.players) * (p.runs - p.first_run) for p in plans)
    with progress_bar(label, enabled=progress) as bar:
        task = bar.add_task("runs", total=total)
        try:
            return run_plans(pack, plans, executor=play, progress=lambda n: bar.advance(task, n))
        except WorkerFailed as exc:  # the machine's doing, not the content's or the options'
            raise UsageError(str(exc)) from None
        except lost as exc:  # the finished chunks are kept: the same command resumes
            raise RunsInterrupted(str(exc)) from None


def scenario_plans(pack: ContentPack, scenario_ids: Sequence[str], *, players: Sequence[int] | None = None,
                   runs: int = DEFAULT_RUNS, seed: int = 1, policy: str = "greedy",
                   heroes: Sequence[str] | None = None, clip_players: bool = False) -> list[Any]:
    """The ``ScenarioPlan`` of every scenario of ``scenario_ids`` (see :func:`simulate_scenarios`).
    Raises UsageError for an unknown scenario, policy or hero, or a player count outside a
    scenario's range."""
    from doria_forge.sim.scenario_runner import make_plan

    plans = []
    try:
        for sid in scenario_ids:
            counts = players
            if clip_players and players is not None and sid in pack.scenarios:
                low, high = pack.scenarios[sid].players
                counts = [n for n in players if low <= n <= high] or [low]
            plans.append(make_plan(pack, sid, players=counts, runs=runs, seed=seed, policy=policy, heroes=heroes))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return plans


def campaign_plans(pack: ContentPack, campaign_ids: Sequence[str], *, players: Sequence[int] | None = None,
                   runs: int = DEFAULT_CAMPAIGN_RUNS, seed: int = 1, policy: str = "greedy",
                   heroes: Sequence[str] | None = None, clip_players: bool = False) -> list[Any]:
    """The ``CampaignPlan`` of every campaign of ``campaign_ids`` (see :func:`simulate_campaigns`).
    Raises UsageError like :func:`scenario_plans`."""
    from doria_forge.sim.campaign import make_campaign_plan

    try:
        return [make_campaign_plan(pack, cid, players=players, runs=runs, seed=seed, policy=policy, heroes=heroes,
                                   clip_players=clip_players) for cid in campaign_ids]
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _entries(pack: ContentPack, plans: Sequence[Any], results: Sequence[dict[int, Any]], locate: Locator,
             settings: Any = None) -> list[dict[str, Any]]:
    """Report entries of played plans (scenario or campaign plans alike)."""
    from doria_forge.sim.campaign import CampaignPlan, campaign_entry
    from doria_forge.sim.scenario_report import scenario_entry
    from doria_forge.sim.scenario_runner import ScenarioResult

    return [campaign_entry(pack, plan, stats, locate, settings=settings) if isinstance(plan, CampaignPlan)
            else scenario_entry(pack, ScenarioResult(plan, stats), locate, settings=settings)
            for plan, stats in zip(plans, results, strict=True)]


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
    clip_players: bool = False,
    settings: Any = None,
    cache: bool = True,
    clarity: bool = False,
) -> list[dict[str, Any]]:
    """Play ``runs`` runs of every scenario of ``scenario_ids`` at each of ``players``
    (default: each scenario's whole range; ``clip_players``: only those of ``players`` inside
    the scenario's range) and return their report entries (``scenario_report.scenario_entry``).
    ``policy``: one policy, or several (a list or ``"a,b"``) played on the same seeds: each
    entry is the first policy's, with the others side by side (``sim.skill``); ``clarity``:
    also the rules-clarity report of the first policy's runs (``sim.clarity``). Raises
    UsageError for an unknown scenario, policy or hero, or a player count outside a scenario's
    range."""
    policies = parse_policies(policy)
    plans = scenario_plans(pack, scenario_ids, players=players, runs=runs, seed=seed, policy=policies[0],
                           heroes=heroes, clip_players=clip_players)
    results = _play(pack, plans, "playing scenarios", jobs=jobs, scheduler=scheduler, progress=progress, cache=cache)
    locate = locator(source_map)
    entries = _entries(pack, plans, results, locate, settings)
    add_skill_and_clarity(pack, plans, entries, policies, locate, clarity=clarity, jobs=jobs, scheduler=scheduler,
                          progress=progress, settings=settings, cache=cache)
    return entries


def play_until_decided(pack: ContentPack, plans: Sequence[Any], *, max_runs: int, start: int = FIRST_LOOK_RUNS,
                       source_map: Any = None, jobs: int | None = None, scheduler: str | None = None,
                       progress: bool = True, settings: Any = None, cache: bool = True) -> Looked:
    """The sequential rule: play every plan (scenario and campaign plans) ``start`` runs per
    player count, judge every balance target, and while some are undecided double the runs of
    the scenarios and campaigns whose targets are undecided, up to ``max_runs``. Look ``k``
    (0-based) judges at ``sim.verdicts.look_alpha(k)``, so the verdicts of all looks together
    keep the family-wise 5%. Returns what :func:`play_in_looks` does."""
    return play_in_looks(pack, plans, max_runs=max_runs, start=start, source_map=source_map, jobs=jobs,
                         scheduler=scheduler, progress=progress, settings=settings, cache=cache)


def play_in_looks(pack: ContentPack, plans: Sequence[Any], *, max_runs: int, start: int = FIRST_LOOK_RUNS,
                  until_decided: bool = True, precision: float | None = None, source_map: Any = None,
                  jobs: int | None = None, scheduler: str | None = None, progress: bool = True,
                  settings: Any = None, cache: bool = True) -> Looked:
    """Play ``plans`` in looks: ``start`` runs per player count, then twice as many each look, up
    to ``max_runs``, for the scenarios and campaigns still open after a look: with
    ``until_decided`` those with an undecided balance target (judged at the look's level
    ``sim.verdicts.look_alpha(k)``), with ``precision`` those whose win rate (a campaign's
    completion rate) at some player count has an exact (Clopper-Pearson) interval at that level
    as wide as ``precision`` or wider. A document closed at a look is played no more and keeps
    what that look said of it (its verdicts and, with ``precision``, its intervals, at that
    look's level). The looks' levels sum to 5%, so what the looks say holds together, whichever
    look closed each document, with at least 95% confidence (the rule of ``sim.precision``).
    Returns the report entries (in ``plans`` order, each with its ``precision`` part when
    asked), the level of the last look, the number of looks and each document's verdicts at the
    look that closed it (:class:`Looked`; the last look closes those still open)."""
    from dataclasses import replace

    from doria_forge.sim.scenario_report import judge_entries
    from doria_forge.sim.verdicts import look_alpha

    locate = locator(source_map)
    plans = list(plans)
    results: list[dict[int, Any]] = [{n: plan.new_stats(n) for n in plan.players} for plan in plans]
    played = [0] * len(plans)
    wanted = [True] * len(plans)
    # document -> (its verdicts, its precision part) at the look that closed it: judging it again
    # at a later, stricter look on the same runs took back verdicts the looks had already reached
    closed: dict[str, tuple[list[dict[str, Any]], dict[str, Any] | None]] = {}
    look, alpha = 0, look_alpha(0)
    target = min(start, max_runs)
    while True:
        batch = [i for i in range(len(plans)) if wanted[i] and played[i] < target]
        looked = [replace(plans[i], runs=target, first_run=played[i]) for i in batch]
        for i, stats in zip(batch, _play(pack, looked, f"look {look + 1}: playing to {target} runs", jobs=jobs,
                                         scheduler=scheduler, progress=progress, cache=cache),
                            strict=True):
            for n, more in stats.items():
                results[i][n].merge(more)
            played[i] = target
        current = [replace(plan, runs=played[i]) for i, plan in enumerate(plans)]
        entries = _entries(pack, current, results, locate, settings)
        alpha = look_alpha(look)
        verdicts = judge_entries(pack, *_by_kind(entries), alpha=alpha)["targets"]
        open_docs: set[str] = set()
        if until_decided:
            open_docs |= {v["document"] for v in verdicts if v["verdict"] == "undecided"}
        if precision is not None:
            open_docs |= {e["document"] for e in entries if _widest(e, alpha) >= precision}
        last = target >= max_runs
        for entry in entries:
            document = entry["document"]
            if document not in closed and (last or document not in open_docs):
                closed[document] = ([v for v in verdicts if v["document"] == document],
                                    _precision_part(entry, precision, alpha, look + 1) if precision is not None
                                    else None)
        wanted = [e["document"] not in closed for e in entries]
        if not any(wanted):
            if precision is not None:
                for entry in entries:
                    entry["precision"] = closed[entry["document"]][1]
            return Looked(entries, alpha, look + 1,
                          {doc: found for doc, (found, _) in closed.items()})
        look += 1
        target = min(max_runs, target * 2)


def _by_kind(entries: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Report entries split into the scenarios' and the campaigns' (each in order), as
    ``judge_entries`` and ``build_report`` take them."""
    return ([e for e in entries if e["document"].startswith("scenario/")],
            [e for e in entries if e["document"].startswith("campaign/")])


@dataclass
class Looked:
    """What :func:`play_in_looks` played: the report ``entries``, the level ``alpha`` of the last
    look, the number of ``looks`` and ``verdicts``: per document (``scenario/ID``) the verdicts
    (``Verdict.to_data``) of the look that closed it, for ``build_report``."""

    entries: list[dict[str, Any]]
    alpha: float
    looks: int
    verdicts: dict[str, list[dict[str, Any]]]


def _rates(entry: dict[str, Any]) -> list[tuple[int, int, int]]:
    """``(players, successes, runs)`` of an entry's win rate per player count (a campaign: its
    completion rate)."""
    return [(s["players"], s["wins"] if "wins" in s else s["completed"], s["runs"]) for s in entry["players"]]


def _widest(entry: dict[str, Any], alpha: float) -> float:
    """The widest exact interval at level ``alpha`` among ``entry``'s rates (1 with no runs)."""
    from doria_forge.sim.stats import clopper_pearson

    widths = [1.0]
    for _, k, n in _rates(entry):
        if n:
            low, high = clopper_pearson(k, n, alpha)
            widths.append(high - low)
    return max(widths[1:] or widths)


def _precision_part(entry: dict[str, Any], width: float, alpha: float, looks: int) -> dict[str, Any]:
    """What ``--precision`` asked and reached for ``entry``: the width, the level of the last look,
    the looks, and per player count the exact interval at that level (the one valid under the
    stopping rule; ``win_rate_ci`` stays the plain 95% interval of the runs)."""
    from doria_forge.sim.stats import clopper_pearson

    intervals = {str(p): [round(v, 6) for v in clopper_pearson(k, n, alpha)] for p, k, n in _rates(entry) if n}
    return {"width": width, "alpha": round(alpha, 8), "looks": looks, "intervals": intervals,
            "reached": all(high - low < width for low, high in intervals.values())}


def parse_policies(policy: str | Sequence[str]) -> list[str]:
    """``"weak,greedy"`` or a list as policy names, in order, each once. Raises UsageError for
    an empty list."""
    names = [p.strip() for p in (policy.split(",") if isinstance(policy, str) else policy) if p.strip()]
    names = list(dict.fromkeys(names))
    if not names:
        raise UsageError("--policy needs at least one policy name")
    return names


def add_skill_and_clarity(pack: ContentPack, plans: Sequence[Any], entries: list[dict[str, Any]],
                          policies: Sequence[str], locate: Locator, *, clarity: bool, jobs: int | None,
                          scheduler: str | None, progress: bool, settings: Any = None,
                          cache: bool = True) -> None:
    """Add to the scenario entries of ``entries`` (played by ``policies[0]`` from ``plans``, in
    the same order) the policies after the first played on the same runs, side by side
    (``skill``, ``sim.skill``), and with ``clarity`` the rules-clarity report (``rules_clarity``).
    Each runs as many runs per player count as its entry played (after looks, the last look's).
    Campaign entries are left as they are."""
    from dataclasses import replace

    from doria_forge.sim.scenario_runner import ScenarioPlan

    played = [(replace(plan, runs=max(s["runs"] for s in entry["players"]), first_run=0), entry)
              for plan, entry in zip(plans, entries, strict=True) if isinstance(plan, ScenarioPlan)]
    if not played:
        return
    others = policies[1:]
    if others:
        from doria_forge.sim.skill import gap_count, skill_section

        side_plans = [replace(plan, policy=p) for plan, _ in played for p in others]
        side = iter(_entries(pack, side_plans, _play(pack, side_plans, "playing the other policies", jobs=jobs,
                                                     scheduler=scheduler, progress=progress,
                                                     cache=cache), locate, settings))
        ladders = [({policies[0]: entry} | {p: next(side) for p in others}) for _, entry in played]
        family = sum(gap_count(ladder) for ladder in ladders)  # the report's gaps are judged together
        for (_, entry), ladder in zip(played, ladders, strict=True):
            entry["skill"] = skill_section(ladder, locate, family)
            _add_findings(entry, entry["skill"]["findings"])
    if clarity:
        _rules_clarity(pack, [plan for plan, _ in played], [entry for _, entry in played], locate, jobs=jobs,
                       scheduler=scheduler, progress=progress)


def _add_findings(entry: dict[str, Any], extra: Sequence[dict[str, Any]]) -> None:
    from doria_forge.sim.findings import Finding, sort_findings

    entry["findings"] = [f.to_data() for f in sort_findings(Finding.from_data(f)
                                                             for f in [*entry["findings"], *extra])]


def _rules_clarity(pack: ContentPack, plans: Sequence[Any], entries: list[dict[str, Any]], locate: Locator, *,
                   jobs: int | None, scheduler: str | None, progress: bool) -> None:
    """Play each plan's runs again for the rules-clarity report (``sim.clarity``) and add it to
    the entries: first counting the open choices, then each that came up decided three ways."""
    from doria_forge.sim.clarity import ClarityPlan, clarity_section, flip_plans, swing_count

    counting = [ClarityPlan(plan) for plan in plans]
    # not kept in the cache folder: the store keys plans by what a scenario plan reads
    counted = _play(pack, counting, "counting open choices", jobs=jobs, scheduler=scheduler, progress=progress,
                    cache=False)
    flips = [flip_plans(plan, stats) for plan, stats in zip(plans, counted, strict=True)]
    flat = [f for group in flips for f in group]
    results = iter(_play(pack, flat, "deciding open choices", jobs=jobs, scheduler=scheduler, progress=progress,
                         cache=False) if flat else [])
    flipped = [{(f.choice, f.mode): next(results) for f in group} for group in flips]
    family = sum(swing_count(entry, stats, swings) for entry, stats, swings in zip(entries, counted, flipped,
                                                                                   strict=True))
    for entry, stats, swings in zip(entries, counted, flipped, strict=True):
        entry["rules_clarity"] = clarity_section(entry, stats, swings, locate, family)  # type: ignore[arg-type]
        _add_findings(entry, entry["rules_clarity"]["findings"])


def write_reports(texts: Mapping[Path, str], options: Mapping[Path, str]) -> None:
    """Write each report ``{path: text}``, all of them or none (``fsutil.atomic_write_all``): the
    JSON of a run whose HTML report could not be written is no finished output. ``options`` gives
    the option that named each path (``--out``, ``--report``), which an error asks to change.
    Raises OutputError."""
    from doria_forge.infra.fsutil import atomic_write_all

    for path in texts:
        check_output(path, folder=False, option=options.get(path, "--out"))
    with _writing(next(iter(texts), Path(".")), options=options):
        atomic_write_all({path: text.encode("utf-8") for path, text in texts.items()})


WRITE_ONE = "(write one with `doria-forge simulate scenario ... --out FILE`; `build` writes one to scenarios.json)"
"""How to get a report ``--baseline`` reads, said with its usage errors."""


def read_baseline(path: Path) -> dict[str, Any]:
    """The report at ``path`` for ``--baseline``. Raises UsageError when it cannot be read or
    is not a scenario report of this format."""
    from doria_forge.load.files import PackFileError, read_confined
    from doria_forge.sim.baseline import check_baseline
    from doria_forge.sim.scenario_report import REPORT_FORMAT

    try:  # a FIFO or device is refused at once, a file past the limit before it is read
        # utf-8-sig: a report opened and saved again by an editor that writes a BOM is still the report
        data = json.loads(read_confined(Path(path), None, MAX_BASELINE_BYTES).decode("utf-8-sig"))
    except PackFileError as exc:
        raise UsageError(f"cannot read --baseline {path}: {exc.problem.message}") from None
    except UnicodeDecodeError as exc:  # as a saved game says it (render.saved_game), not Python's codec words
        raise UsageError(f"--baseline {path} is not JSON: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"--baseline {path} is not JSON: {exc}") from None
    except RecursionError:
        raise UsageError(f"--baseline {path} is not a scenario report: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT or "scenarios" not in data:
        raise UsageError(f"--baseline {path} is not a scenario report of format {REPORT_FORMAT} "
                         + WRITE_ONE)
    try:
        check_baseline(data)
    except ValueError as exc:
        raise UsageError(f"--baseline {path} is not a scenario report this version can compare with: {exc} "
                         + WRITE_ONE) from None
    return data


ALPHA = 0.05
"""Family-wise error rate of the verdicts of one report (``sim.verdicts.ALPHA``)."""


def print_report(report: dict[str, Any], console: Console) -> None:
    """The terminal tables and findings."""
    from doria_forge.sim.scenario_table import print_report as show

    show(report, console)


def github_annotations(findings: Sequence[Finding], fail_on: str = "never") -> str:
    """The findings as GitHub Actions annotations, one line each (empty for none); those that
    fail the run (at or above ``fail_on``, see :func:`exit_code`) as errors, so the pull request
    shows what failed the check (a failed balance target is a warning)."""
    from doria_forge.sim.findings import fails
    from doria_forge.validate.formatters import github_annotation

    return "".join(github_annotation("error" if fails([f], fail_on) else f.severity, f.file, f.line, f.column,
                                     f.rule_id, f.message) + "\n"
                   for f in findings)


def exit_code(findings: Sequence[Finding], fail_on: str) -> int:
    """1 when ``findings`` hold one at or above ``fail_on``, else 0."""
    from doria_forge.sim.findings import fails

    return 1 if fails(findings, fail_on) else 0


def exploration_pack(pack: ContentPack, boss: str,
                     source_map: Any = None) -> tuple[ContentPack, str, Any, Callable[[], None]]:
    """``pack`` with Boss Monster ``boss``'s exploration game among its scenarios, that game's
    scenario id (``model.exploration_game.with_exploration``), ``source_map`` placing the game's
    fields at the card's ``exploration`` section, and what undoes the last step when the command
    ends: until then, a finding's replay command plays the game with ``simulate exploration --boss
    BOSS`` (as ``findings_name``, the command line calls it on close). Raises UsageError for a boss
    the pack lacks (naming the closest id) or one whose end condition is printed text only."""
    game_pack, ids, located, undo = explorations_pack(pack, [boss], source_map)
    return game_pack, ids[boss], located, undo


def explorations_pack(pack: ContentPack, bosses: Sequence[str],
                      source_map: Any = None) -> tuple[ContentPack, dict[str, str], Any, Callable[[], None]]:
    """:func:`exploration_pack` for every boss of ``bosses`` at once: the pack, boss id -> its
    game's scenario id, the source map and what undoes the replay commands."""
    from doria_forge.model.exploration_game import with_explorations
    from doria_forge.sim.findings import REPLAY_AS

    try:
        game_pack, ids = with_explorations(pack, bosses)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    token = REPLAY_AS.set({**REPLAY_AS.get(), **{sid: ("exploration", "--boss", boss) for boss, sid in ids.items()}})
    games = {sid: boss for boss, sid in ids.items()}
    located = _ExplorationMap(source_map, games) if source_map is not None else None
    return game_pack, ids, located, lambda: REPLAY_AS.reset(token)


class _ExplorationMap:
    """A source map (``validate.source_map.SourceMap``) that locates the fields of each
    exploration game of ``games`` (scenario id -> Boss Monster card id) in its card's
    ``exploration`` section, where they are written; everything else as ``source_map`` does."""

    def __init__(self, source_map: Any, games: Mapping[str, str]) -> None:
        self.source_map, self.games = source_map, dict(games)

    def locate(self, kind: str, doc_id: str, path: Any = (), *, value: bool = False) -> Any:
        from doria_forge.model.exploration import PREFIX

        if kind == "scenario" and doc_id in self.games:
            kind, doc_id, path = "boss", self.games[doc_id], (PREFIX, *path)
        return self.source_map.locate(kind, doc_id, path, value=value)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.source_map, name)


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
    until_decided: bool = False,
    config: Any = None,
    show: bool = True,
    cache: bool = True,
    precision: float | None = None,
    clarity: bool = False,
) -> Verification:
    """Simulate ``scenario_ids`` (``runs`` per player count) and ``campaign_ids``
    (``campaign_runs``, default ``runs``; with ``until_decided`` the sequential rule of
    :func:`play_until_decided`, ``runs`` the most), judge their balance targets, compare with
    ``baseline`` (a report file), print the tables and findings to ``console`` (unless not
    ``show``), write the JSON report to ``out`` and the HTML report to ``html`` (with the replay
    ``replay`` / ``replay_seed`` of each scenario and the duel matrix heat map when
    ``duel_matrix`` is given). ``config`` (``doria_forge.checks.RuleConfig``) disables rules,
    changes severities and thresholds and honours inline ``disable-line`` comments. ``cache``:
    reuse (and keep) the chunks of runs the cache folder holds for unchanged inputs.
    ``precision``: play in looks until every win rate's interval is narrower (at most ``runs``;
    see :func:`play_in_looks`).

    Outputs and the baseline are checked before any run is played. Raises UsageError (unknown
    ids, bad options), OutputError (an output that cannot be written)."""
    from rich.console import Console

    from doria_forge.sim.scenario_report import build_report, report_findings
    from doria_forge.sim.scenario_runner import unknown_played

    for option, path in (("--out", out), ("--report", html)):
        if path is not None:
            check_output(Path(path), folder=False, option=option, writes=REPORT_FORMATS[option])
    if replay not in REPLAYS:
        raise UsageError(f"--replay must be one of {', '.join(REPLAYS)}")
    old = read_baseline(baseline) if baseline is not None else None
    for cid in campaign_ids:
        if cid not in pack.campaigns:
            raise UsageError(unknown_played("campaign", cid, pack))
    console = console or Console(highlight=False)
    settings = config.settings(pack.info.id) if config is not None else None
    policies = parse_policies(policy)
    if len(policies) > 1 and campaign_ids:
        raise UsageError(f"--policy {','.join(policies)}: several policies play a scenario's runs side by side; "
                         "a campaign plays one policy (give one, e.g. --policy greedy)")
    scenario_plan_list = scenario_plans(pack, scenario_ids, players=players, runs=runs, seed=seed, policy=policies[0],
                                        heroes=heroes, clip_players=clip_players)
    campaign_plan_list = campaign_plans(pack, campaign_ids, players=players, runs=campaign_runs or runs, seed=seed,
                                        policy=policies[0], heroes=heroes, clip_players=clip_players)
    alpha, looks, closed = ALPHA, 1, {}
    if until_decided or precision is not None:
        looked = play_in_looks(pack, scenario_plan_list + campaign_plan_list, max_runs=runs,
                               until_decided=until_decided, precision=precision, source_map=source_map, jobs=jobs,
                               scheduler=scheduler, progress=progress, settings=settings, cache=cache)
        entries, alpha, looks, closed = looked.entries, looked.alpha, looked.looks, looked.verdicts
    else:
        entries = []
        for chosen, label in ((scenario_plan_list, "playing scenarios"), (campaign_plan_list, "playing campaigns")):
            if chosen:
                results = _play(pack, chosen, label, jobs=jobs, scheduler=scheduler, progress=progress,
                                cache=cache)
                entries += _entries(pack, chosen, results, locator(source_map), settings)
    locate = locator(source_map)
    add_skill_and_clarity(pack, scenario_plan_list, entries[:len(scenario_plan_list)], policies, locate,
                          clarity=clarity, jobs=jobs, scheduler=scheduler, progress=progress,
                          settings=settings, cache=cache)
    scenarios, campaigns = _by_kind(entries)
    report = build_report(pack, scenarios, campaigns=campaigns, duel_matrix=duel_matrix, locate=locate, alpha=alpha,
                          closed=closed)
    if old is not None:
        from doria_forge.sim.baseline import compare

        comparison, extra = compare(old, report, locate=locate, pack=pack)
        report = build_report(pack, scenarios, campaigns=campaigns, extra_findings=extra, duel_matrix=duel_matrix,
                              locate=locate, alpha=alpha, closed=closed)
        report["baseline"] = comparison
    report["verdicts"]["looks"] = looks
    if config is not None:
        report = config.apply_to_report(report)
    if show:
        print_report(report, console)
        if until_decided and precision is None:
            _nothing_to_decide(report, console)
    done = Verification(report, findings=report_findings(report))
    texts: dict[Path, str] = {}
    if out is not None:
        from doria_forge.sim.scenario_report import report_json

        done.json_path = Path(out)
        texts[done.json_path] = report_json(report)
    if html is not None:
        done.html_path = Path(html)
        texts[done.html_path] = html_text(pack, report, replay=replay, replay_seed=replay_seed, cache=cache)
    write_reports(texts, {Path(path): option for option, path in (("--out", out), ("--report", html))
                          if path is not None})
    return done


def _nothing_to_decide(report: dict[str, Any], console: Console) -> None:
    """Say which scenarios and campaigns ``--until-decided`` played one look only because they have
    no balance target to decide (the look's runs seemed to be all the rule chose to play)."""
    from doria_forge.sim.findings import counted

    targeted = {v["document"] for v in report["verdicts"]["targets"]}
    for entry in [*report["scenarios"], *report.get("campaigns", [])]:
        if entry["document"] in targeted:
            continue
        runs = max(s["runs"] for s in entry["players"])
        console.print(f"{entry['id']} has no balance targets: --until-decided had nothing to decide and stopped at "
                      f"its first look ({counted(runs, 'run')} per player count); give it a balance: section, "
                      "or --runs N or --precision P for more runs")


def simulate_campaigns(pack: ContentPack, campaign_ids: Sequence[str], *, source_map: Any = None,
                       players: Sequence[int] | None = None, runs: int = DEFAULT_CAMPAIGN_RUNS, seed: int = 1,
                       jobs: int | None = None, policy: str = "greedy", heroes: Sequence[str] | None = None,
                       scheduler: str | None = None, progress: bool = True, clip_players: bool = False,
                       settings: Any = None, cache: bool = True) -> list[dict[str, Any]]:
    """Play ``runs`` campaign runs of every campaign of ``campaign_ids`` at each of ``players``
    (default: the player counts every scenario of the campaign allows) and return their report
    entries (``sim.campaign.campaign_entry``). Raises UsageError like ``simulate_scenarios``."""
    plans = campaign_plans(pack, campaign_ids, players=players, runs=runs, seed=seed, policy=policy, heroes=heroes,
                           clip_players=clip_players)
    results = _play(pack, plans, "playing campaigns", jobs=jobs, scheduler=scheduler, progress=progress, cache=cache)
    return _entries(pack, plans, results, locator(source_map), settings)


def write_html(pack: ContentPack, report: dict[str, Any], out: Path, *, replay: str = "median",
               replay_seed: int | None = None, progress: bool = True, cache: bool = True) -> Path:
    """Write the self-contained HTML report of ``report`` to ``out`` (replaying the chosen
    run of every scenario to draw it round by round). Raises OutputError, asking for another
    ``--report`` (the option of the HTML report)."""
    check_output(Path(out), folder=False, option="--report")  # before the drawing, which is slow
    write_reports({Path(out): html_text(pack, report, replay=replay, replay_seed=replay_seed, cache=cache)},
                  {Path(out): "--report"})
    return Path(out)


def html_text(pack: ContentPack, report: dict[str, Any], *, replay: str = "median", replay_seed: int | None = None,
              cache: bool = True) -> str:
    """The self-contained HTML report of ``report`` (``report_html.render_html``)."""
    from doria_forge.commands.report_html import render_html

    return render_html(pack, report, replay=replay, replay_seed=replay_seed, cache=cache)


def verify_pack(pack: ContentPack, out: Path, *, source_map: Any = None, runs: int = BUILD_RUNS, seed: int = 1,
                jobs: int | None = None, progress: bool = True, console: Console | None = None,
                duel_matrix: dict[str, Any] | None = None, config: Any = None,
                cache: bool = True, precision: float | None = None,
                baseline: Path | None = None) -> Verification | None:
    """The ``scenarios`` stage of ``build``: every scenario and campaign of ``pack`` and the
    exploration game of every Boss Monster card with an ``exploration`` section (chapter *Single
    Scenario Mode*; listed as ``exploration-BOSS``, its findings at the card's lines), each at the
    player counts of ``BUILD_PLAYERS`` it allows, played in looks until every balance target is
    decided (and, with ``precision``, every win rate that narrow), at most ``runs`` runs per
    player count; the reports written to ``out/scenarios.json`` and ``out/scenarios.html`` (with
    the duel matrix heat map); nothing printed (``build`` sums it up). ``None`` when ``runs`` is 0
    or the pack has neither a scenario nor such a card. An expansion verifies its own scenarios,
    campaigns and cards (``ContentPack.own_of_kind``), played with the content of the packs it
    requires. ``config``: the check configuration. ``baseline``: an earlier report (``build``'s
    ``scenarios.json``, or a ``simulate`` report) to compare with (``sim.baseline``), as the
    ``simulate`` commands' ``--baseline``."""
    from doria_forge.model import Boss

    bosses = sorted(b for b, card in pack.own_of(Boss).items() if card.exploration is not None)
    scenario_ids = sorted(pack.own_of_kind("scenario"))
    if runs < 1 or not (scenario_ids or bosses):
        return None
    games: dict[str, str] = {}
    undo: Callable[[], None] = lambda: None  # noqa: E731 (nothing to undo without a boss card to play)
    if bosses:
        pack, games, source_map, undo = explorations_pack(pack, bosses, source_map)
    scenario_ids += [games[boss] for boss in bosses]
    try:
        done = verify(pack, scenario_ids, campaign_ids=sorted(pack.own_of_kind("campaign")), source_map=source_map,
                      players=BUILD_PLAYERS, runs=runs, seed=seed, jobs=jobs, progress=progress, console=console,
                      out=Path(out) / "scenarios.json", html=Path(out) / "scenarios.html", clip_players=True,
                      duel_matrix=duel_matrix, config=config, show=False, cache=cache, until_decided=True,
                      precision=precision, baseline=baseline)
        done.games = [games[boss] for boss in bosses]
        return done
    finally:
        undo()  # the findings' replay commands are written into the reports by now
