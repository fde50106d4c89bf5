"""The ``simulate`` command group: ``simulate scenario ID``, ``simulate campaign ID`` and the
duel matrix, which stays what a bare ``simulate [PACK] [options]`` runs (``simulate duels``).

The commands parse options, run :mod:`doria_forge.pipeline_scenarios` stages and map
outcomes to exit codes (0 ok, 1 findings at or above ``--fail-on`` or content problems,
2 usage errors), like the rest of :mod:`doria_forge.cli`.
"""

from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from doria_forge import pipeline

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


def simulate_group() -> typer.Typer:
    """The ``simulate`` Typer app (register the duel command on it as ``duels``)."""
    return typer.Typer(cls=SimulateGroup, no_args_is_help=False, help=(
        "Simulate: the duel matrix (simulate PACK with the duel options, also `simulate duels`), one scenario "
        "played many times (simulate scenario ID [PACK]) or a campaign (simulate campaign ID [PACK])."))


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    never = "never"


class Replay(str, Enum):
    median = "median"
    best = "best"
    worst = "worst"
    none = "none"


PACK_ARG = typer.Argument(Path("content"), help="Pack folder (or one YAML file).", show_default=True)
PLAYERS_OPT = typer.Option(None, "--players", help="Player counts: 4, a range 1-6 or a list 2,4 "
                           "(default: the scenario's whole range).")
SEED_OPT = typer.Option(1, "--seed", help="Master seed; the same seed gives the same results.")
JOBS_OPT = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores); results do not "
                        "depend on it.")
POLICY_OPT = typer.Option("greedy", "--policy", help="Hero party policy: weak, greedy, search (the skill ladder) "
                          "or random; scenario: several comma-separated (weak,greedy,search) play the same seeds side "
                          "by side.")
HEROES_OPT = typer.Option(None, "--heroes", help="Comma-separated hero ids parties are drawn from in turn (default: "
                          "every premade hero).")
REPORT_OPT = typer.Option(None, "--report", help="Also write the self-contained HTML report here.")
FAIL_ON_OPT = typer.Option(FailOn.error, "--fail-on", help="Exit 1 when findings at or above this severity exist.")
SCHEDULER_OPT = typer.Option(None, "--scheduler", help="Run on a Dask cluster at this address (pip install "
                             "\"doria-forge[dask]\") instead of local processes.")
PROGRESS_OPT = typer.Option(True, "--progress/--no-progress", help="Show a progress bar.")


def register(simulate_app: typer.Typer, validated: Callable[..., Any], fail: Callable[[int, str], None]) -> None:
    """Add ``scenario`` and ``campaign`` to ``simulate_app``; ``validated(pack, full=True)``
    validates a pack (exiting on problems) and returns the validation result,
    ``fail(code, message)`` prints an error and exits."""
    from doria_forge import pipeline_scenarios as stages

    run = partial(pipeline.run_stage, fail)

    @simulate_app.command("scenario")
    def scenario(
        scenario_id: str = typer.Argument(..., metavar="ID", help="Id of the scenario to play."),
        pack: Path = PACK_ARG,
        players: str | None = PLAYERS_OPT,
        runs: int = typer.Option(stages.DEFAULT_RUNS, "--runs", min=1, help="Runs per player count."),
        seed: int = SEED_OPT,
        jobs: int | None = JOBS_OPT,
        policy: str = POLICY_OPT,
        heroes: str | None = HEROES_OPT,
        out: Path | None = typer.Option(None, "--out", help="JSON report file (default build/scenario-ID.json)."),
        report: Path | None = REPORT_OPT,
        baseline: Path | None = typer.Option(None, "--baseline", help="An earlier JSON report: flag significant "
                                             "changes and the YAML lines that changed."),
        replay: Replay = typer.Option(Replay.median, "--replay", help="Which run the HTML report replays."),
        replay_seed: int | None = typer.Option(None, "--replay-seed",
                                               help="Replay a game with this dice seed instead."),
        fail_on: FailOn = FAIL_ON_OPT,
        scheduler: str | None = SCHEDULER_OPT,
        progress: bool = PROGRESS_OPT,
        rules_clarity: bool = typer.Option(False, "--rules-clarity", help="Also measure the choices the rules leave "
                                           "to the players: the runs again with each made for the heroes, against "
                                           "them and at random (about 3 more runs per choice that comes up)."),
    ) -> None:
        """Play one scenario many times per player count: win rate, rounds, deaths, damage by source, findings."""
        counts = run(stages.parse_players, players)
        result = validated(pack, full=True)
        out_path = out or Path("build") / f"scenario-{scenario_id}.json"
        done = run(stages.verify, result.pack, [scenario_id], source_map=result.source_map, players=counts,
                   runs=runs, seed=seed, jobs=jobs, policy=policy, heroes=_ids(heroes), scheduler=scheduler,
                   progress=progress, out=out_path, html=report, baseline=baseline, replay=replay.value,
                   replay_seed=replay_seed, clarity=rules_clarity)
        _finish(done, fail_on.value)

    @simulate_app.command("campaign")
    def campaign(
        campaign_id: str = typer.Argument(..., metavar="ID", help="Id of the campaign to play."),
        pack: Path = PACK_ARG,
        players: str | None = PLAYERS_OPT,
        runs: int = typer.Option(stages.DEFAULT_CAMPAIGN_RUNS, "--runs", min=1, help="Campaign runs per player count."),
        seed: int = SEED_OPT,
        jobs: int | None = JOBS_OPT,
        policy: str = POLICY_OPT,
        heroes: str | None = HEROES_OPT,
        out: Path | None = typer.Option(None, "--out", help="JSON report file (default build/campaign-ID.json)."),
        report: Path | None = REPORT_OPT,
        fail_on: FailOn = FAIL_ON_OPT,
        scheduler: str | None = SCHEDULER_OPT,
        progress: bool = PROGRESS_OPT,
    ) -> None:
        """Play a campaign's scenarios in order with what carries over; completion rate and where campaigns end."""
        counts = run(stages.parse_players, players)
        result = validated(pack, full=True)
        out_path = out or Path("build") / f"campaign-{campaign_id}.json"
        done = run(stages.verify, result.pack, [], campaign_ids=[campaign_id], source_map=result.source_map,
                   players=counts, runs=runs, seed=seed, jobs=jobs, policy=policy, heroes=_ids(heroes),
                   scheduler=scheduler, progress=progress, out=out_path, html=report)
        _finish(done, fail_on.value)


def _ids(text: str | None) -> list[str] | None:
    return [h.strip() for h in text.split(",") if h.strip()] if text else None


def _finish(done: Any, fail_on: str) -> None:
    from doria_forge import pipeline_scenarios as stages

    typer.echo(f"scenario report: {done.json_path}")
    if done.html_path is not None:
        typer.echo(f"HTML report: {done.html_path}")
    code = stages.exit_code(done.findings, fail_on)
    if code:
        raise typer.Exit(code)
