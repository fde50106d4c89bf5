"""The ``simulate`` command group: ``simulate scenario ID``, ``simulate campaign ID`` and the
duel matrix, which stays what a bare ``simulate [PACK] [options]`` runs (``simulate duels``).

The commands parse options, run :mod:`doria_forge.commands.pipeline_scenarios` stages and map
outcomes to exit codes (0 ok, 1 findings at or above ``--fail-on`` or content problems,
2 usage errors), like the rest of :mod:`doria_forge.commands.cli`.
"""

from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from doria_forge.commands import cli_values, pipeline

DUELS = "duels"
"""The command a bare ``simulate`` runs."""


class SimulateGroup(TyperGroup):
    """``simulate`` with subcommands, where anything that is not a subcommand's name (a pack
    path, an option, nothing) goes to ``simulate duels``: ``simulate content --runs 5`` keeps
    working as before the subcommands existed."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = [DUELS, *args]
        return super().parse_args(ctx, args)


def simulate_group(help_layout: Any) -> typer.Typer:
    """The ``simulate`` Typer app (register the duel command on it as ``duels``), its help laid
    out as ``help_layout`` (a ``rich_markup_mode``)."""
    return typer.Typer(rich_markup_mode=help_layout, cls=SimulateGroup, no_args_is_help=False, help=(
        "Simulate: the duel matrix (simulate PACK with the duel options, also `simulate duels`), one scenario "
        "played many times (simulate scenario ID [PACK]), a Boss Monster card's exploration game (simulate exploration "
        "--boss ID [PACK]) or a campaign (simulate campaign ID [PACK])."))


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    never = "never"


class Format(str, Enum):
    text = "text"
    json = "json"
    github = "github"


class Replay(str, Enum):
    median = "median"
    best = "best"
    worst = "worst"
    none = "none"


PACK_ARG = cli_values.pack_argument()
REPLAY_OPT = typer.Option(Replay.median, "--replay", help="Which run the HTML report replays.")
# a game's dice seed, as the findings name it and render --seed takes it: the dice play -1 as 1
REPLAY_SEED_OPT = cli_values.replay_seed_option("Replay a game with this dice seed instead.")


def _players_opt(default: str) -> Any:
    return typer.Option(None, "--players", help=f"Player counts: 4, a range 1-6 or a list 2,4 (default: {default}).")


PLAYERS_OPT = _players_opt("the scenario's whole range")
CAMPAIGN_PLAYERS_OPT = _players_opt("every count all the campaign's scenarios allow")
SEED_OPT = cli_values.seed_option(1, "Master seed; the same seed gives the same results.")
JOBS_OPT = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores); results do not "
                        "depend on it.")
POLICY_HELP = "Hero party policy: weak, greedy, search (the skill ladder) or random"
POLICY_OPT = typer.Option("greedy", "--policy", help=f"{POLICY_HELP}; scenario: several comma-separated "
                          "(weak,greedy,search) play the same seeds side by side.")
HEROES_OPT = typer.Option(None, "--heroes", help="Comma-separated hero ids parties are drawn from in turn (default: "
                          "every premade hero).")
REPORT_OPT = typer.Option(None, "--report", parser=cli_values.out_file,
                          help="Also write the self-contained HTML report here.")
BASELINE_OPT = typer.Option(None, "--baseline", help="An earlier JSON report: flag significant changes and the YAML "
                            "lines that changed.")
FAIL_ON_OPT = typer.Option(FailOn.error, "--fail-on", help="Exit 1 when findings at or above this severity exist.")
# as build's: --fail-on gates the simulation's findings, and validation's warnings were shown and never failed
STRICT_OPT = typer.Option(False, "--strict", help="Validation warnings fail too (exit 1, before any run), as errors "
                          "do; for the simulation's findings give --fail-on warning.")
SCHEDULER_OPT = typer.Option(None, "--scheduler", help="Run on a Dask cluster at this address, e.g. tcp://host:8786 "
                             "(needs Dask: pip install \".[dask]\" in a checkout) instead of local processes. A "
                             "cluster lost mid-run exits 75; run the same command again to resume.")
PRECISION_OPT = typer.Option(None, "--precision", parser=cli_values.interval_width, metavar="FLOAT",
                             help="Play in looks (8 runs per player count, then twice as many) until every win rate's "
                                  "exact interval is narrower than P (e.g. 0.1), at most --runs (default 1000).")
CACHE_OPT = typer.Option(True, "--cache/--no-cache", help="Reuse the runs kept in the per-user cache folder for "
                         "everything they read unchanged (and keep the runs played).")
FORMAT_OPT = typer.Option(Format.text, "--format", "-f", help="text: tables and findings; json: the report on "
                          "stdout (schemas/output/scenario-report.schema.json); github: findings as GitHub "
                          "annotations.")
# --precision plays in looks too, up to --runs: the help named --until-decided alone
IN_LOOKS_RUNS = "--until-decided or --precision the most, default 1000"
UNTIL_DECIDED_OPT = typer.Option(False, "--until-decided", help="Play 8 runs per player count, then double them "
                                 "while a balance target is undecided, at most --runs (default "
                                 "1000); each look spends part of the 5% error budget.")


def register(simulate_app: typer.Typer, validated: Callable[..., Any], fail: Callable[[int, str], None]) -> None:
    """Add ``scenario`` and ``campaign`` to ``simulate_app``; ``validated(pack, full=True,
    stderr=False, fmt=Format.text, cache=True, strict=False)`` validates a pack (exiting on problems,
    with ``strict`` on warnings too; its report on stderr with ``stderr``, as annotations for ``fmt``
    github) and returns the validation result,
    ``fail(code, message)`` prints an error and exits."""
    from doria_forge.commands import pipeline_scenarios as stages

    run = partial(pipeline.run_stage, fail)

    def prepared(ctx: typer.Context, pack: Path, players: str | None, scheduler: str | None,
                 outputs: dict[str, Path | None], baseline: Path | None, format: Format, cache: bool,
                 runs_option: str = "--runs", strict: bool = False) -> tuple[Any, Any]:
        """Every option checked before any work (player counts, scheduler, where the ``outputs``
        go, the baseline report), then ``pack`` validated (with ``cache`` False, --no-cache, without
        reading or writing the cache folder): ``(player counts, validation result)``.
        Until the command ``ctx`` ends, the findings' replay commands name ``pack`` and an
        undecided target asks for more runs with ``runs_option`` (:func:`_more_runs`)."""
        counts = run(stages.parse_players, players)
        run(stages.check_scheduler, scheduler)
        run(stages.check_outputs, pack, outputs)
        if baseline is not None:
            run(stages.read_baseline, baseline)
        ctx.call_on_close(stages.findings_name(pack, runs_option))
        return counts, validated(pack, full=True, stderr=format is Format.json, fmt=format, cache=cache, strict=strict)

    def check_replay(ctx: typer.Context, report: Path | None, replay: Replay, replay_seed: int | None) -> None:
        """Exit 2 when ``--replay`` or ``--replay-seed`` is given without ``--report`` (the replay is
        drawn in the HTML report alone: the option would do nothing), or both are given."""
        if report is None:
            given = [name for name, option in (("--replay-seed", "replay_seed"), ("--replay", "replay"))
                     if getattr(ctx.get_parameter_source(option), "name", None) == "COMMANDLINE"
                     and not (option == "replay" and replay.value == "none")]  # no replay asks for no report
            if given:
                verb = "choose" if len(given) > 1 else "chooses"
                fail(2, f"{' and '.join(given)} {verb} the game the HTML report replays: give --report FILE.html too")
        if replay_seed is not None and getattr(ctx.get_parameter_source("replay"), "name", None) == "COMMANDLINE":
            # the seed's game was replayed and --replay dropped without a word
            fail(2, f"--replay {replay.value} and --replay-seed {replay_seed} each choose the game the HTML report "
                    "replays: give one of them")

    @simulate_app.command("scenario")
    def scenario(
        ctx: typer.Context,
        scenario_id: str = typer.Argument(..., metavar="ID", help="Id of the scenario to play."),
        pack: Path = PACK_ARG,
        players: str | None = PLAYERS_OPT,
        runs: int | None = typer.Option(None, "--runs", min=1, max=stages.MAX_RUNS,
                                        help=f"Runs per player count (default {stages.DEFAULT_RUNS}; with "
                                        f"{IN_LOOKS_RUNS})."),
        seed: int = SEED_OPT,
        jobs: int | None = JOBS_OPT,
        policy: str = POLICY_OPT,
        heroes: str | None = HEROES_OPT,
        out: Path | None = cli_values.out_option("JSON report file", "build/scenario-ID.json", file=True),
        report: Path | None = REPORT_OPT,
        baseline: Path | None = BASELINE_OPT,
        replay: Replay = REPLAY_OPT,
        replay_seed: int | None = REPLAY_SEED_OPT,
        fail_on: FailOn = FAIL_ON_OPT,
        strict: bool = STRICT_OPT,
        scheduler: str | None = SCHEDULER_OPT,
        progress: bool = cli_values.PROGRESS_OPT,
        until_decided: bool = UNTIL_DECIDED_OPT,
        format: Format = FORMAT_OPT,
        cache: bool = CACHE_OPT,
        precision: float | None = PRECISION_OPT,
        rules_clarity: bool = typer.Option(False, "--rules-clarity", help="Also measure the choices the rules leave "
                                           "to the players: the runs again with each made for the heroes, against "
                                           "them and at random (the runs once more to count the choices, then "
                                           "three times more for each that comes up)."),
    ) -> None:
        """Play one scenario many times per player count: win rate, rounds, deaths, damage by source, findings,
        and a verdict on every balance target (holds, fails, undecided)."""
        out_path = out or pipeline.default_output(pack, f"scenario-{scenario_id}.json")
        check_replay(ctx, report, replay, replay_seed)
        counts, result = prepared(ctx, pack, players, scheduler, {"--out": out_path, "--report": report}, baseline,
                                  format, cache, _more_runs(until_decided, precision), strict=strict)
        done = run(stages.verify, result.pack, [scenario_id], source_map=result.source_map, players=counts,
                   runs=_runs(runs, until_decided or precision is not None, stages.DEFAULT_RUNS), seed=seed, jobs=jobs,
                   policy=policy,
                   heroes=_ids(heroes), scheduler=scheduler, progress=progress, out=out_path, html=report,
                   baseline=baseline, replay=replay.value, replay_seed=replay_seed, until_decided=until_decided,
                   config=result_config(result), show=format is Format.text, cache=cache, precision=precision,
                   clarity=rules_clarity)
        _finish(done, fail_on.value, format)

    @simulate_app.command("exploration")
    def exploration(
        ctx: typer.Context,
        boss: str = typer.Option(..., "--boss", help="Id of the Boss Monster card whose end condition ends the game."),
        pack: Path = PACK_ARG,
        players: str | None = _players_opt("the players its exploration section gives, 1-6 without"),
        runs: int | None = typer.Option(None, "--runs", min=1, max=stages.MAX_RUNS,
                                        help=f"Runs per player count (default {stages.DEFAULT_RUNS}; with --precision "
                                        "the most, default 1000)."),
        seed: int = SEED_OPT,
        jobs: int | None = JOBS_OPT,
        policy: str = POLICY_OPT,
        heroes: str | None = HEROES_OPT,
        out: Path | None = cli_values.out_option("JSON report file", "build/exploration-BOSS.json", file=True),
        report: Path | None = REPORT_OPT,
        baseline: Path | None = BASELINE_OPT,
        replay: Replay = REPLAY_OPT,
        replay_seed: int | None = REPLAY_SEED_OPT,
        fail_on: FailOn = FAIL_ON_OPT,
        strict: bool = STRICT_OPT,
        progress: bool = cli_values.PROGRESS_OPT,
        format: Format = FORMAT_OPT,
        cache: bool = CACHE_OPT,
        precision: float | None = PRECISION_OPT,
    ) -> None:
        """Play an exploration game (no scenario: the pack's Room Tiles shuffled, its first tile with starting
        squares to start on, Monster Level 1) ended by a Boss Monster card's end condition, many times per player
        count: win rate, rounds, deaths, damage by source, findings. Verifies a boss card's exploration section."""
        out_path = out or pipeline.default_output(pack, f"exploration-{boss}.json")
        check_replay(ctx, report, replay, replay_seed)
        counts, result = prepared(ctx, pack, players, None, {"--out": out_path, "--report": report}, baseline,
                                  format, cache, _more_runs(False, precision), strict=strict)
        game_pack, scenario_id, source_map, undo = run(stages.exploration_pack, result.pack, boss, result.source_map)
        ctx.call_on_close(undo)
        done = run(stages.verify, game_pack, [scenario_id], source_map=source_map, players=counts,
                   runs=_runs(runs, precision is not None, stages.DEFAULT_RUNS), seed=seed, jobs=jobs, policy=policy,
                   heroes=_ids(heroes), progress=progress, out=out_path, html=report, baseline=baseline,
                   replay=replay.value, replay_seed=replay_seed, config=result_config(result),
                   show=format is Format.text, cache=cache, precision=precision)
        _finish(done, fail_on.value, format, "exploration")

    @simulate_app.command("campaign")
    def campaign(
        ctx: typer.Context,
        campaign_id: str = typer.Argument(..., metavar="ID", help="Id of the campaign to play."),
        pack: Path = PACK_ARG,
        players: str | None = CAMPAIGN_PLAYERS_OPT,
        runs: int | None = typer.Option(None, "--runs", min=1, max=stages.MAX_RUNS,
                                        help=f"Campaign runs per player count (default "
                                        f"{stages.DEFAULT_CAMPAIGN_RUNS}; with {IN_LOOKS_RUNS})."),
        seed: int = SEED_OPT,
        jobs: int | None = JOBS_OPT,
        policy: str = POLICY_OPT,
        heroes: str | None = HEROES_OPT,
        out: Path | None = cli_values.out_option("JSON report file", "build/campaign-ID.json", file=True),
        report: Path | None = REPORT_OPT,
        baseline: Path | None = BASELINE_OPT,
        fail_on: FailOn = FAIL_ON_OPT,
        strict: bool = STRICT_OPT,
        scheduler: str | None = SCHEDULER_OPT,
        progress: bool = cli_values.PROGRESS_OPT,
        until_decided: bool = UNTIL_DECIDED_OPT,
        format: Format = FORMAT_OPT,
        cache: bool = CACHE_OPT,
        precision: float | None = PRECISION_OPT,
    ) -> None:
        """Play a campaign's scenarios in order with what carries over: completion rate, where campaigns end,
        per-scenario numbers and a verdict on every balance target."""
        out_path = out or pipeline.default_output(pack, f"campaign-{campaign_id}.json")
        counts, result = prepared(ctx, pack, players, scheduler, {"--out": out_path, "--report": report}, baseline,
                                  format, cache, _more_runs(until_decided, precision), strict=strict)
        done = run(stages.verify, result.pack, [], campaign_ids=[campaign_id], source_map=result.source_map,
                   players=counts, runs=_runs(runs, until_decided or precision is not None,
                                              stages.DEFAULT_CAMPAIGN_RUNS), seed=seed,
                   jobs=jobs, policy=policy, heroes=_ids(heroes), scheduler=scheduler, progress=progress,
                   out=out_path, html=report, baseline=baseline, until_decided=until_decided,
                   config=result_config(result), show=format is Format.text, cache=cache, precision=precision)
        _finish(done, fail_on.value, format, "campaign")


def _more_runs(until_decided: bool, precision: float | None) -> str:
    """The options an undecided target's finding asks to give its runs with: ``--runs`` N, but under
    --precision alone ``--until-decided --runs`` N: --precision stops each document once its win
    rates are that narrow, undecided or not, so "--runs 189" played the same 32 runs again."""
    return "--until-decided --runs" if precision is not None and not until_decided else "--runs"


def _runs(runs: int | None, in_looks: bool, default: int) -> int:
    """The runs per player count: as given; else the most the looks may play (``in_looks``:
    --until-decided or --precision), else ``default``."""
    from doria_forge.commands import pipeline_scenarios as stages

    if runs is not None:
        return runs
    return stages.UNTIL_DECIDED_RUNS if in_looks else default


def result_config(result: Any) -> Any:
    """The rule configuration a validation found (``ValidationResult.config``), if any."""
    return getattr(result, "config", None)


def _ids(text: str | None) -> list[str] | None:
    return [h.strip() for h in text.split(",") if h.strip()] if text else None


def _finish(done: Any, fail_on: str, fmt: Format = Format.text, kind: str = "scenario") -> None:
    """Print the report as ``fmt`` asks and where its files are (``kind``: what it reports on,
    ``scenario`` or ``campaign``); exit 1 when a finding is at or above ``fail_on``."""
    from doria_forge.commands import pipeline_scenarios as stages
    from doria_forge.sim.scenario_report import report_json
    from doria_forge.sim.scenario_table import verdict_line

    # With --format json, stdout holds the one JSON document; the notes go to stderr.
    notes = fmt is Format.json
    if fmt is Format.json:
        typer.echo(report_json(done.report), nl=False)
    elif fmt is Format.github:
        typer.echo(stages.github_annotations(done.findings, fail_on), nl=False)
        line = verdict_line(done.report.get("verdicts"))
        if line:
            typer.echo(line)
    typer.echo(f"{kind} report: {done.json_path}", err=notes)
    if done.html_path is not None:
        typer.echo(f"HTML report: {done.html_path}", err=notes)
    code = stages.exit_code(done.findings, fail_on)
    if code:
        raise typer.Exit(code)
