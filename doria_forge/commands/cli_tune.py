"""The ``tune`` command: from a failing balance target to a proposed YAML change
(:mod:`doria_forge.commands.pipeline_tune`). Exit codes: 0 every target holds (with the change shown or
written, or as written); 1 targets not reached within the budget, or content problems; 2 usage
errors."""

from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any

import typer

from doria_forge.commands import cli_scenarios, cli_values, pipeline


class TuneFormat(str, Enum):
    text = "text"
    json = "json"


def register(app: typer.Typer, validated: Callable[..., Any], fail: Callable[[int, str], None]) -> None:
    """Add ``tune`` to ``app``; ``validated(pack, full=True, stderr=False)`` validates a pack and
    returns the validation result, ``fail(code, message)`` prints an error and exits."""
    from doria_forge.commands import pipeline_scenarios as stages
    from doria_forge.commands import pipeline_tune as tuning

    run = partial(pipeline.run_stage, fail)

    @app.command("tune")
    def tune(
        target: str = typer.Argument(..., metavar="SCENARIO|CAMPAIGN", help="Id of the scenario or campaign to tune."),
        pack: Path = cli_values.pack_argument(),
        players: str | None = typer.Option(None, "--players", help="Player counts to tune: 4, 1-6 or 2,4 (default: "
                                           "those the targets name; for 'all' 1, 2 and 4)."),
        policy: str = typer.Option("greedy", "--policy", help=f"{cli_scenarios.POLICY_HELP}: one policy."),
        heroes: str | None = cli_scenarios.HEROES_OPT,
        budget: int | None = typer.Option(None, "--budget", min=1, max=10_000_000, help=(
            f"Playthroughs to spend at most (default {tuning.EVALUATIONS} evaluations of --runs runs at each player "
            "count).")),
        runs: int = typer.Option(tuning.RUNS, "--runs", min=1, max=10_000, help="Runs per player count of each new "
                                 "candidate (promising ones get 4x, confirmations up to 32x)."),
        write: bool = typer.Option(False, "--write", help="Apply a change that meets every target to the YAML in "
                                   "place (comments, order and formatting kept)."),
        sensitivity: bool = typer.Option(False, "--sensitivity", help="Also show each knob's effect one step down "
                                         "and up at every player count (a tornado chart in --report)."),
        report: Path | None = typer.Option(None, "--report", parser=cli_values.out_file, help=(
            "Write an HTML page with the outcome, the best candidate's changes and rates, the diff and the "
            "sensitivity chart.")),
        seed: int = cli_scenarios.SEED_OPT,
        jobs: int | None = cli_scenarios.JOBS_OPT,
        scheduler: str | None = cli_scenarios.SCHEDULER_OPT,
        progress: bool = cli_values.PROGRESS_OPT,
        format: TuneFormat = typer.Option(TuneFormat.text, "--format", "-f", help="text: tables and the diff; json: "
                                          "one JSON document on stdout."),
    ) -> None:
        """Search the knobs of a scenario or campaign (Monster Level, spawns, tile deck, round limits, boss numbers,
        rewards, or its tune: block) until every balance target holds: the change as a table and a YAML diff,
        applied with --write. Exit 0: targets hold; 1: not reached within the budget; 2: usage error."""
        from rich.console import Console

        counts = run(stages.parse_players, players)
        run(stages.check_scheduler, scheduler)  # every option before any work
        if report is not None:
            run(stages.check_outputs, pack, {"--report": report})
        result = validated(pack, full=True, stderr=format is TuneFormat.json)
        console = Console(highlight=False, stderr=format is TuneFormat.json)
        done = run(tuning.tune, result.pack, result.source_map, target, players=counts, policy=policy,
                   heroes=cli_scenarios._ids(heroes), budget=budget, runs=runs, seed=seed, jobs=jobs,
                   scheduler=scheduler, sensitivity=sensitivity, write=write, progress=progress, console=console)
        if format is TuneFormat.json:
            typer.echo(tuning.tune_json(done), nl=False)
        else:
            tuning.print_result(done, console, pack)
        if report is not None:
            path = run(tuning.write_report, done, report)
            typer.echo(f"tune report: {path}", err=format is TuneFormat.json)
        if done.exit_code:
            raise typer.Exit(done.exit_code)
