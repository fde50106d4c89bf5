"""Stages of ``doria-forge tune``: find the knobs of a scenario or campaign, search knob values
under which every balance target holds (``sim.tune.search``), show the change as a table and a
unified diff of the YAML, write it in place with ``--write``, and the sensitivity chart.

Exit codes of the command: 0 every target holds (with the proposed change, or as written);
1 the targets were not reached within the budget (the best candidate and the target that
resists are shown; nothing is written), or the pack does not validate; 2 usage errors (unknown
id, nothing to tune, bad options, Optuna missing, a file that cannot be written).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.commands.pipeline import DEFAULT_PACK, UsageError, _writing, check_output, pack_folder

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from doria_forge.model import ContentPack
    from doria_forge.sim.tune.knobs import Knob
    from doria_forge.sim.tune.patch import FilePatch
    from doria_forge.sim.tune.search import Outcome
    from doria_forge.sim.tune.sensitivity import Row

RUNS = 16
"""Runs per player count of each new candidate (the search's first rung)."""

EVALUATIONS = 200
"""The default budget in evaluations of ``RUNS`` runs at each player count tuned."""

TUNE_FORMAT = 1
"""Version of the ``tune --format json`` document (its fields: README, *Tuning*)."""

PRINTED_KINDS = ("boss", "monster", "monster_level", "equipment", "trap", "scenario", "campaign", "room_tile",
                 "door_event", "monster_modification", "character")
"""Kinds whose documents are printed (a changed one belongs on an errata sheet)."""


@dataclass
class TuneResult:
    """What a tune found: the ``subject`` (``scenario/ID`` or ``campaign/ID``), the ``knobs``,
    the search ``outcome``, the file ``patches`` of its best candidate, the files ``written``,
    the ``sensitivity`` rows (``--sensitivity``), the playthroughs the whole chart takes
    (``sensitivity_cost``; 0 without it) and ``where`` each knob is written."""

    subject: str
    players: tuple[int, ...]
    knobs: list[Knob]
    outcome: Outcome
    patches: list[FilePatch]
    budget: int
    where: dict[str, str] = field(default_factory=dict)
    sensitivity: list[Row] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    sensitivity_cost: int = 0
    runs: int = RUNS
    """Runs per player count of each new candidate (``--runs``)."""
    not_judged: list[dict[str, Any]] = field(default_factory=list)
    """The targets for a player count not tuned (``--players`` left it out): never judged, so
    never said to hold (``sim.verdicts.not_played``)."""

    @property
    def exit_code(self) -> int:
        return 0 if self.outcome.reached else 1


def subject_of(pack: ContentPack, doc_id: str) -> tuple[str, str]:
    """``("scenario", id)`` or ``("campaign", id)`` (a scenario first when both have the id).
    Raises UsageError for an unknown id."""
    if doc_id in pack.scenarios:
        return "scenario", doc_id
    if doc_id in pack.campaigns:
        return "campaign", doc_id
    import difflib

    known = sorted([*pack.scenarios, *pack.campaigns])
    close = difflib.get_close_matches(doc_id, known, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else f"; the pack has: {', '.join(known) or 'none'}"
    raise UsageError(f"no scenario or campaign {doc_id!r}{hint}")


def default_players(pack: ContentPack, kind: str, doc_id: str) -> list[int]:
    """The player counts a tune judges by default: those the targets name, and for a target
    for ``all`` players (or the rounds) the counts ``build`` plays (1, 2, 4) the document allows."""
    from doria_forge.commands.pipeline_scenarios import BUILD_PLAYERS

    document: Any = pack.get(kind, doc_id)
    balance = document.balance
    if kind == "scenario":
        low, high = document.players
        tables = [balance.win_rate]
        broad = "all" in balance.win_rate or balance.rounds is not None
    else:
        ranges = [pack.scenarios[s].players for s in document.scenarios if s in pack.scenarios]
        low, high = max((r[0] for r in ranges), default=1), min((r[1] for r in ranges), default=6)
        tables = [balance.completion_rate, *balance.scenario_win_rate.values()]
        broad = any("all" in t for t in tables) or balance.carry_over is not None
    named = {int(k) for t in tables for k in t if k != "all"}
    if broad:
        named |= set(BUILD_PLAYERS)
    counts = sorted(n for n in named if low <= n <= high)
    return counts or [low]


def _confirm_seed(seed: int) -> int:
    """The master seed of the confirmation runs: derived from ``seed``, never equal to a search seed."""
    return int.from_bytes(hashlib.sha256(f"tune-confirm:{seed}".encode()).digest()[:8], "big") >> 1


def _player(pack: ContentPack, kind: str, doc_id: str, players: Sequence[int], *, runs: int, seed: int,
            policy: str, heroes: Sequence[str] | None) -> Any:
    from doria_forge.sim.campaign import make_campaign_plan
    from doria_forge.sim.scenario_runner import make_plan

    try:
        if kind == "campaign":
            return make_campaign_plan(pack, doc_id, players=players, runs=runs, seed=seed, policy=policy,
                                      heroes=heroes)
        return make_plan(pack, doc_id, players=players, runs=runs, seed=seed, policy=policy, heroes=heroes)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def tune(pack: ContentPack, source_map: Any, doc_id: str, *, players: Sequence[int] | None = None,
         policy: str = "greedy", heroes: Sequence[str] | None = None, budget: int | None = None, runs: int = RUNS,
         seed: int = 1, jobs: int | None = None, scheduler: str | None = None, sensitivity: bool = False,
         write: bool = False, progress: bool = True, console: Console | None = None,
         blind: bool = False) -> TuneResult:
    """Tune scenario or campaign ``doc_id`` (see the module docstring): ``budget`` runs in all
    (playthroughs; default ``EVALUATIONS`` x ``runs`` x player counts), ``runs`` per new candidate
    and player count, on ``jobs`` local processes or the Dask ``scheduler``; ``sensitivity``:
    also the one-step chart; ``write``: apply a change that reached every target in place;
    ``blind``: a blind random search instead (``Settings.blind``: the benchmark's baseline).
    Raises UsageError (unknown id, no targets, no knobs, bad options, Optuna missing, a file
    that cannot be patched)."""
    from rich.console import Console

    from doria_forge.infra.terminal import progress_bar
    from doria_forge.load.problem import Severity
    from doria_forge.model.tune import KnobPathError
    from doria_forge.sim.tune import sensitivity as sens
    from doria_forge.sim.tune.evaluate import Evaluator
    from doria_forge.sim.tune.knobs import knobs_for
    from doria_forge.sim.tune.patch import PatchError, plan_patches, snapshot, write_patches
    from doria_forge.sim.tune.search import OptimiserMissing, Search, Settings
    from doria_forge.sim.verdicts import campaign_not_judged, scenario_not_judged
    from doria_forge.validate.pipeline import run_rules

    if "," in policy:  # the several policies `simulate scenario` plays side by side
        raise UsageError(f"--policy {policy}: tune plays one policy (give one, e.g. --policy greedy)")
    kind, doc_id = subject_of(pack, doc_id)
    document: Any = pack.get(kind, doc_id)
    if document.balance is None:
        raise UsageError(f"{kind} {doc_id} has no balance targets: nothing to tune for (add balance: to it)")
    counts = list(players) if players else default_players(pack, kind, doc_id)

    def origin(k: str, i: str, index: int) -> str:
        return _line(source_map, k, i, ("tune", "knobs", index))

    try:
        knobs = [k for k in knobs_for(pack, kind, doc_id, origin=origin) if pack.is_own(k.kind, k.doc_id)]
    except KnobPathError as exc:
        raise UsageError(str(exc)) from None
    if not knobs:
        raise UsageError(f"{kind} {doc_id} has no knob to turn (its tune: block says defaults: false and lists none)")
    if runs < 1:
        raise UsageError("--runs must be at least 1")
    budget = budget if budget is not None else EVALUATIONS * runs * len(counts)
    if budget < runs * len(counts):
        from doria_forge.sim.findings import counted

        raise UsageError(f"--budget {budget} is less than one evaluation ({counted(runs, 'run')} x "
                         f"{counted(len(counts), 'player count')})")
    plan = _player(pack, kind, doc_id, counts, runs=runs, seed=seed, policy=policy, heroes=heroes)
    # the files as the search sees them: an edit made while it runs is refused at --write, not lost
    texts = snapshot(source_map, knobs)
    console = console or Console(highlight=False)
    with progress_bar("tuning {task.description}", enabled=progress) as bar:
        task = bar.add_task(f"{kind} {doc_id}", total=budget)

        def play(plans: Sequence[Any]) -> list[dict[int, Any]]:
            return _run(pack, plans, jobs, scheduler, lambda n: bar.advance(task, n))

        def checks(candidate_pack: ContentPack) -> list[str]:
            return [f"{p.rule_id}: {p.message}" for p in run_rules(candidate_pack, source_map)
                    if p.severity is Severity.ERROR]

        evaluator = Evaluator(pack, kind, doc_id, plan, play, _confirm_seed(seed), checks=checks)
        settings = Settings(budget=budget, runs=runs, promote=4 * runs, confirm=4 * runs, confirm_max=32 * runs,
                            seed=seed, blind=blind)
        search = Search(evaluator, knobs, settings, on_event=lambda text: bar.update(task, description=text[:60]))
        where = {k.name: _line(source_map, k.kind, k.doc_id, k.path) for k in knobs}
        rows, chart_cost = [], 0
        try:
            if sensitivity:
                baseline, steps = search.one_step(settings.promote)
                rows = sens.rows(knobs, baseline, steps, evaluator.rate, lambda k: where[k.name])
                played = [baseline, *(c for c in steps.values() if c.invalid is None)]
                chart_cost = evaluator.cost(settings.promote) * len(played)
            outcome = search.run()
        except OptimiserMissing as exc:
            raise UsageError(str(exc)) from None
    try:
        patches = plan_patches(source_map, outcome.best.changes, texts)
    except PatchError as exc:
        raise UsageError(str(exc)) from None
    unplayed = (campaign_not_judged if kind == "campaign" else scenario_not_judged)(document, counts)
    result = TuneResult(f"{kind}/{doc_id}", tuple(counts), knobs, outcome, patches, budget, where, rows,
                        sensitivity_cost=chart_cost, runs=runs, not_judged=unplayed)
    if write and outcome.reached and patches:
        try:
            result.written = write_patches(patches)
        except PatchError as exc:
            raise UsageError(str(exc)) from None
    return result


def _run(pack: ContentPack, plans: Sequence[Any], jobs: int | None, scheduler: str | None, advance: Any) -> Any:
    """``run_plans`` on a fresh executor (a Dask client or a local pool per batch of candidates)."""
    from doria_forge.commands.pipeline import RunsInterrupted
    from doria_forge.commands.pipeline_scenarios import _executor
    from doria_forge.sim.executors import run_plans
    from doria_forge.sim.workers import WorkerFailed

    lost: tuple[type[Exception], ...] = ()
    if scheduler is not None:
        from doria_forge.sim.distributed import ClusterLost

        lost = (ClusterLost,)
    try:
        return run_plans(pack, plans, executor=_executor(jobs, scheduler), progress=advance)
    except WorkerFailed as exc:
        raise UsageError(str(exc)) from None
    except lost as exc:
        raise RunsInterrupted(str(exc)) from None


def _line(source_map: Any, kind: str, doc_id: str, path: Sequence[str | int]) -> str:
    """``file:line`` of a field (its nearest written ancestor when the YAML leaves it to its default)."""
    from doria_forge.infra.terminal import relative_path

    if source_map is None:
        return ""
    loc = source_map.locate(kind, doc_id, tuple(path))
    return f"{relative_path(loc.file)}:{loc.line}"


# ---------------------------------------------------------------------------- output
NOT_MEASURED = "not measured"
"""A sensitivity cell whose step the budget ran out before (see ``sensitivity_note``)."""
REFUSED = "refused"
"""A sensitivity cell whose value the content refuses (its model or a validation rule; see
``refused_notes``): not a rate to measure at all, unlike a step past the knob's range (blank)."""


def _interval(v: Any) -> str:
    low, high = v.interval
    counted = v.target.metric in ("rounds",) or v.target.metric.startswith("carry_over")
    shown = f"{v.estimate:.1f}" if counted else f"{v.estimate:.0%}"
    if not (math.isfinite(low) and math.isfinite(high)):  # the median's interval needs 6 runs at 95%
        return f"{shown} (too few runs for an interval)"
    return f"{shown} [{low:.1f}, {high:.1f}]" if counted else f"{shown} [{low:.0%}, {high:.0%}]"


def _knob_label(knob: Knob, subject: str) -> str:
    """The knob's field alone in the tuned document, else with its document."""
    return knob.field if f"{knob.kind}/{knob.doc_id}" == subject else knob.name


def _target_name(t: Any) -> str:
    return f"{t.metric} ({t.players}p) in [{t.band[0]:g}, {t.band[1]:g}]"


def _changes(result: TuneResult) -> list[tuple[Knob, int]]:
    return sorted(result.outcome.best.changes.items(), key=lambda kv: kv[0].name)


def _diff(result: TuneResult) -> str:
    """The unified diff of the best candidate's patches (empty without changes)."""
    return "".join(p.diff() for p in result.patches)


def _headline(result: TuneResult) -> tuple[str, str]:
    """What the tune came to (``the targets were not reached (the budget is spent)``) and what
    the tables below it show (``the best candidate found:``; empty when only the changes do)."""
    o = result.outcome
    changes = o.best.changes
    every = "every target tuned" if result.not_judged else "every target"  # not those of the counts left out
    if o.reached and not changes:
        return f"{every} already holds as written", "nothing to change."
    if o.reached:
        from doria_forge.sim.findings import counted

        return f"{every} holds with {counted(len(changes), 'change')}", ""
    if o.confirm_budget and not o.looks:
        # nothing was confirmed for want of runs, not because no candidate did better
        best = "the best candidate found, on its search runs:" if changes else "the content as written, on its " \
            "search runs:"
        return "the targets were not reached: the budget ran out before any candidate could be confirmed", best
    best = "the best candidate found:" if changes else "no candidate did better than the content as written:"
    return f"the targets were not reached ({o.stopped})", best


def not_tuned(result: TuneResult) -> list[str]:
    """``not tuned: balance.win_rate.1 (the win rate with 1 player, 50%-95%): not played at that
    count``, one a target ``--players`` left out."""
    from doria_forge.sim.findings import not_judged_words

    return [f"not tuned: {not_judged_words(entry)}" for entry in result.not_judged]


def budget_note(result: TuneResult) -> str:
    """What budget would have let the confirmation the budget stopped be played, and what else to
    do (empty when the budget stopped none): ``nothing was confirmed: ... --budget 384 or more
    ...``."""
    o = result.outcome
    if o.reached or not o.confirm_budget:
        return ""
    from doria_forge.sim.findings import counted

    what = "nothing was confirmed" if not o.looks else "the next confirmation was not played"
    default = EVALUATIONS * result.runs * len(result.players)
    usual = f"; the default budget is {default}" if default > result.budget else ""
    return (f"{what}: the budget of {counted(result.budget, 'playthrough')} ran out first. A candidate is confirmed "
            "after 4x --runs search runs and at least as many fresh runs per player count, once the knobs' one-step "
            f"changes and walks are played: that takes some {o.confirm_budget} playthroughs here (more when a "
            f"candidate near a band's edge is passed over){usual}. Raise --budget, or lower --runs (wider "
            "intervals). A verdict here is on the search runs alone.")


Table = tuple[list[str], list[list[str]]]
"""A table to show: its header and its rows of cells."""


def _change_table(result: TuneResult) -> Table:
    """The knobs the best candidate turns: ``file:line``, old and new value."""
    return ["knob", "where", "old", "new"], [
        [_knob_label(knob, result.subject), result.where.get(knob.name, ""), str(knob.value), str(value)]
        for knob, value in _changes(result)]


def _effect_table(result: TuneResult) -> Table:
    """Each target's estimate and interval as written and on the best candidate, against its
    band, with the best candidate's verdict; the headers name the runs and the intervals' level (a
    confirmation look's is above 95%)."""
    from doria_forge.sim.findings import confidence_text
    from doria_forge.sim.verdicts import ALPHA, HOLDS

    o = result.outcome

    def level(verdicts: Sequence[Any]) -> str:
        return confidence_text(verdicts[0].confidence if verdicts else 1 - ALPHA)

    after = "fresh confirmation runs" if o.best.confirm_runs else "search runs"
    # the content as written, neither changed nor confirmed: one column, not the same one twice
    once = not o.best.changes and not o.best.confirm_runs
    header = ["target", f"as written (search runs, {level(o.before)})",
              f"{'proposed' if o.best.changes else 'as written'} ({after}, {level(o.verdicts)})", "verdict"]
    before = {(v.target.metric, v.target.players): v for v in o.before}
    rows = []
    for v in o.verdicts:
        old = before.get((v.target.metric, v.target.players))
        # a candidate not confirmed holds only on runs its search chose it by (or at one look's
        # level, not at the sequential level the confirmation needs): say so beside "holds"
        verdict = v.verdict if o.reached or v.verdict != HOLDS else f"{HOLDS} (not confirmed)"
        rows.append([_target_name(v.target), _interval(old) if old else "", _interval(v), verdict])
    if once:
        return [header[0], *header[2:]], [[row[0], *row[2:]] for row in rows]
    return header, rows


def _played(result: TuneResult) -> int:
    """The candidates the search played runs of (it also proposes some the budget or the content's
    rules leave unplayed)."""
    return sum(1 for c in result.outcome.tried if c.search_runs or c.confirm_runs)


def _spent(result: TuneResult) -> str:
    from doria_forge.sim.findings import counted

    o = result.outcome
    played = _played(result)
    unplayed = f"; {len(o.tried) - played} more proposed, not played" if len(o.tried) > played else ""
    return (f"{o.spent} of {counted(result.budget, 'playthrough')} spent on {counted(played, 'candidate')} "
            f"({counted(o.looks, 'confirmation look')}{unplayed}).")


def rate_name(result: TuneResult) -> str:
    """The rate the sensitivity measures: a scenario's win rate, a campaign's completion rate."""
    return "completion rate" if result.subject.startswith("campaign/") else "win rate"


def _sensitivity_table(result: TuneResult) -> Table:
    """The sensitivity rows (the chart's numbers): ``value: rate [interval]`` at each step."""

    def cell(rate: Any, side: str, row: Row) -> str:
        if rate is None:
            if (refused := row.refusal(side)) is not None:
                return f"{refused.value}: {REFUSED}"
            return NOT_MEASURED if side in row.not_measured else ""
        low, high = rate.interval
        return f"{rate.value}: {rate.rate:.0%} [{low:.0%}, {high:.0%}]"

    return ["players", "knob", "where", "as written", "one step down", "one step up"], [
        [str(r.players), r.knob.name, r.where, cell(r.base, "", r), cell(r.down, "down", r), cell(r.up, "up", r)]
        for r in result.sensitivity]


def refused_notes(result: TuneResult) -> list[str]:
    """Why each ``refused`` sensitivity cell is refused, once per knob and value:
    ``refused: scenario/x:setup.monster_level 11 (reason)``."""
    seen = dict.fromkeys(f"{REFUSED}: {r.knob.name} {refused.value} ({refused.reason})"
                         for r in result.sensitivity for refused in r.refused)
    return list(seen)


def sensitivity_note(result: TuneResult) -> str:
    """Why the sensitivity chart lacks steps (or is missing) when the budget ran out before they
    were played, and how to raise it; empty when it is whole or was not asked for."""
    if not result.sensitivity_cost:
        return ""
    missing = sum(len(r.not_measured) for r in result.sensitivity)
    if result.sensitivity and not missing:
        return ""
    from doria_forge.sim.findings import counted

    what = (f"{counted(missing, 'step')} of the sensitivity {'is' if missing == 1 else 'are'} {NOT_MEASURED}"
            if result.sensitivity else f"the sensitivity was {NOT_MEASURED}")
    return (f"{what}: the budget of {counted(result.budget, 'playthrough')} ran out first; the chart alone takes "
            f"{result.sensitivity_cost} (4x --runs runs of the content and of each step): raise --budget or lower "
            "--runs.")


def to_data(result: TuneResult) -> dict[str, Any]:
    """The JSON document of ``tune --format json`` (README, *Tuning*)."""
    o = result.outcome
    return {
        "format": TUNE_FORMAT,
        "subject": result.subject,
        "players": list(result.players),
        "reached": o.reached,
        "stopped": o.stopped,
        "budget": result.budget,
        "spent": o.spent,
        "candidates": len(o.tried),
        "candidates_played": _played(result),
        "looks": o.looks,
        "confirm_budget": o.confirm_budget or None,
        "budget_note": budget_note(result),
        "knobs": [{"knob": k.name, "where": result.where.get(k.name, ""), "value": k.value, "min": k.low,
                   "max": k.high, "step": k.step, "origin": k.origin} for k in result.knobs],
        "changes": [{"knob": k.name, "where": result.where.get(k.name, ""), "old": k.value, "new": v}
                    for k, v in _changes(result)],
        "before": [v.to_data() for v in o.before],
        "after": [v.to_data() for v in o.verdicts],
        "after_runs": "confirmation" if o.best.confirm_runs else "search",
        "resisting": [{"metric": t.metric, "players": t.players, "band": list(t.band)} for t in o.resisting],
        "not_judged": result.not_judged,
        "diff": _diff(result),
        "written": [str(p) for p in result.written],
        "sensitivity": [r.to_data() for r in result.sensitivity],
        "sensitivity_note": sensitivity_note(result),
    }


def tune_json(result: TuneResult) -> str:
    return json.dumps(to_data(result), indent=2, ensure_ascii=False) + "\n"


def print_result(result: TuneResult, console: Console, pack_path: Path) -> None:
    """The tables, the diff and what to do next, for people."""
    from rich.text import Text

    o = result.outcome
    if result.sensitivity_cost:
        print_sensitivity(result, console)
    verdict, lead = _headline(result)
    console.print(f"{result.subject}: {verdict}; {lead}" if lead else f"{result.subject}: {verdict}:", soft_wrap=True)
    changes = _changes(result)
    if changes:
        _print_table(console, _change_table(result))
    _print_table(console, _effect_table(result))
    for t in o.resisting:
        console.print(Text(f"resists: {_target_name(t)}", style="bold"))
    for line in not_tuned(result):
        console.print(line, soft_wrap=True, markup=False)
    console.print(_spent(result))
    note = budget_note(result)
    if note:
        console.print(note, soft_wrap=True)
    diff = _diff(result)
    if diff:
        console.print(Text(diff), soft_wrap=True)  # wrapped lines would break the diff as a patch
    if result.written:
        console.print("written: " + ", ".join(str(p) for p in result.written))
    elif o.reached and changes:
        console.print("apply it with --write (comments, order and formatting are kept).")
    printed = sorted({f"{k.kind}/{k.doc_id}" for k, _ in changes if k.kind in PRINTED_KINDS})
    if printed and (result.written or o.reached):
        console.print(f"changed printed documents ({', '.join(printed)}): {errata_advice(pack_path)}", soft_wrap=True)


def errata_advice(pack_path: Path) -> str:
    """How to print the errata sheet of a tune's change to the pack at ``pack_path`` (as the user
    gave it), a command that works where tune ran: against the commit the pack's repository is at
    (``HEAD`` names it only until the change is committed, then it holds the change and
    ``--changed-since HEAD`` finds nothing to print); outside a repository, against the folder of
    the version printed. The default pack is left for ``export pdf`` to find as tune found it, as
    a finding's replay command leaves it."""
    import shlex

    from doria_forge.commands.diff import head_commit

    pack = "" if Path(pack_path) == DEFAULT_PACK else f" {shlex.quote(str(pack_path))}"
    commit = head_commit(pack_folder(Path(pack_path)))
    if commit is None:
        return (f"print an errata sheet with `doria-forge export pdf{pack} --changed-since FOLDER`, FOLDER holding "
                "the version you printed.")
    return (f"print an errata sheet with `doria-forge export pdf{pack} --changed-since {commit}` (the commit before "
            "the change; or the revision or folder of the version you printed).")


def print_sensitivity(result: TuneResult, console: Console) -> None:
    """The sensitivity rows as a table (the chart's numbers), and what the budget left out."""
    if result.sensitivity:
        _print_table(console, _sensitivity_table(result),
                     title=f"sensitivity: {rate_name(result)} one step either side (95% intervals)")
        for line in refused_notes(result):
            console.print(line, soft_wrap=True)
    note = sensitivity_note(result)
    if note:
        console.print(note, soft_wrap=True)


def _print_table(console: Console, table: Table, title: str | None = None) -> None:
    from rich.table import Table as RichTable

    from doria_forge.infra.terminal import print_table

    header, rows = table
    shown = RichTable(*header, box=None, pad_edge=False, title=title)
    for row in rows:
        shown.add_row(*row)
    print_table(console, shown)


def write_report(result: TuneResult, out: Path) -> Path:
    """A self-contained HTML page: what the tune came to, the best candidate (its changes and
    each target's rate with its interval against the band, as written and changed), the
    candidates and playthroughs spent, the diff and the sensitivity chart (a table without
    matplotlib), whether or not the targets were reached. Raises OutputError."""
    import html  # here: every command imports this module to register tune, only the report needs html

    from doria_forge.infra.fsutil import atomic_write_text
    from doria_forge.sim.tune.sensitivity import chart_svg

    def table(shown: Table) -> str:
        header, rows = shown
        return ("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>" + "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows) + "</table>")

    def sentence(text: str) -> str:
        return html.escape(text[:1].upper() + text[1:])

    check_output(Path(out), folder=False, option="--report", writes=".html")
    o = result.outcome
    verdict, lead = _headline(result)
    parts = [f"<!doctype html><meta charset='utf-8'><title>tune {html.escape(result.subject)}</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:auto}td,th{padding:2px 8px;text-align:left}"
             "pre{background:#f4f4f4;padding:8px}</style>",
             f"<h1>tune {html.escape(result.subject)}</h1>",
             f"<h2>{sentence(verdict)}</h2>"]
    if lead:
        parts.append(f"<p>{sentence(lead)}</p>")
    if o.best.changes:
        parts.append(table(_change_table(result)))
    effects = _effect_table(result)
    if effects[1]:
        parts.append(table(effects))
    parts += [f"<p><strong>resists:</strong> {html.escape(_target_name(t))}</p>" for t in o.resisting]
    parts += [f"<p>{html.escape(line)}</p>" for line in not_tuned(result)]
    parts.append(f"<p>{html.escape(_spent(result))}</p>")
    note = budget_note(result)
    if note:
        parts.append(f"<p>{sentence(note)}</p>")
    diff = _diff(result)
    if diff:
        parts.append(f"<pre>{html.escape(diff)}</pre>")
    if result.sensitivity_cost:
        parts.append(f"<h2>Sensitivity: {rate_name(result)} one step either side</h2>")
        chart = chart_svg(result.sensitivity, rate_name(result))
        if chart is not None:
            parts.append(chart[chart.index("<svg"):])
        if result.sensitivity:
            parts.append(table(_sensitivity_table(result)))
            parts += [f"<p>{html.escape(line)}</p>" for line in refused_notes(result)]
        note = sensitivity_note(result)
        if note:
            parts.append(f"<p>{sentence(note)}</p>")
    with _writing(Path(out), "--report"):
        return atomic_write_text(Path(out), "\n".join(parts) + "\n")


__all__ = ["EVALUATIONS", "RUNS", "TuneResult", "budget_note", "default_players", "not_tuned", "print_result",
           "sensitivity_note", "subject_of", "to_data", "tune", "tune_json", "write_report"]
