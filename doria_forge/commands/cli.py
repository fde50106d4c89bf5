"""The ``doria-forge`` command line: parses options, runs pipeline stages, maps outcomes
to exit codes (0 ok, 1 content problems, 2 usage errors). No game logic lives here."""

import copy
import os
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

import typer
import typer.core
import typer.main

from doria_forge.authoring import new
from doria_forge.commands import (
    cli_diff,
    cli_print,
    cli_scenarios,
    cli_sheets,
    cli_tune,
    cli_values,
    pipeline,
    pipeline_print,
    pipeline_scenarios,
    watch,
)
from doria_forge.infra import lifecycle, plugin_scan, startup
from doria_forge.infra.terminal import printable

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from doria_forge.model import ContentPack
    from doria_forge.validate import ValidationResult

class _OutputGuard(typer.core.TyperGroup):
    """The command line, a closed output pipe handed on to ``lifecycle.run`` (one line, exit 2)
    instead of typer's silent exit 1, the code of content problems."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise lifecycle.OutputClosed(exc.strerror or str(exc)) from None
        except typer.BadParameter as exc:
            # typer checks a choice with pydantic, whose message starts "Value error, " (`--paper a5`:
            # "Invalid value for '--paper': Value error, 'a5' is not one of 'a4', 'letter'.")
            exc.message = exc.message.removeprefix("Value error, ")
            raise


_HELP_LAYOUT: Any = None
"""``rich_markup_mode`` of every Typer app: click's plain help. Rich's option table cut option
names and help words at 80 columns (``--with-dependenc…``, ``(schemas/output/b…``) and squeezed
the help text into a column of 18 characters; click wraps each option's help under it."""

app = typer.Typer(
    rich_markup_mode=_HELP_LAYOUT,
    cls=_OutputGuard,
    add_completion=False,
    no_args_is_help=True,
    help="Validate, simulate and export Dungeons of Doria content packs.",
)
export_app = typer.Typer(rich_markup_mode=_HELP_LAYOUT, no_args_is_help=True,
                         help="Export printable PDFs, card images, Tabletop Simulator decks or the engine bundle.")
app.add_typer(export_app, name="export")
simulate_app = cli_scenarios.simulate_group(_HELP_LAYOUT)
app.add_typer(simulate_app, name="simulate")

MAX_RUNS = 100_000
"""Largest ``--runs``: 100 000 duels a cell already take hours for the shipped pack."""

PACK_ARG = cli_values.pack_argument()


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"


def _console() -> "Console":
    from rich.console import Console  # imported when output needs it: validate starts without rich

    return Console(highlight=False)


def _err_console() -> "Console":
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _fail(code: int, message: str) -> None:
    from rich.markup import escape

    # The message may quote the pack (ids, file names): shown, never obeyed as markup or escapes.
    # A message of several problems (a layout file's, one per line) prints a line per problem, each
    # led by "error:": escaped whole, they ran together joined by \x0a; no line can start with
    # anything else, so a line break from the pack forges no line of a CI log.
    console = _err_console()
    for line in message.split("\n"):
        console.print(f"[red]error:[/red] {escape(printable(line))}", soft_wrap=True)
    raise typer.Exit(code)


@overload
def _validated(pack_path: Path, fmt: OutputFormat = ..., *, quiet_when_clean: bool = ..., full: Literal[False] = ...,
               strict: bool = ..., text_fit: bool = ..., cache: bool = ..., summarised: bool = ...,
               stderr: bool = ...) -> "ContentPack": ...


# With ``full``: the ValidationResult, whose ``pack`` is then never None, which its type cannot say
# (Any spares every caller a narrowing the check here already made).
@overload
def _validated(pack_path: Path, fmt: OutputFormat = ..., *, quiet_when_clean: bool = ..., full: bool,
               strict: bool = ..., text_fit: bool = ..., cache: bool = ..., summarised: bool = ...,
               stderr: bool = ...) -> Any: ...


def _validated(pack_path: Path, fmt: OutputFormat = OutputFormat.text, *, quiet_when_clean: bool = False,
               full: bool = False, strict: bool = False, text_fit: bool = False, cache: bool = True,
               summarised: bool = False, stderr: bool = False) -> "ContentPack | ValidationResult":
    """Run validation, print its report and return the ContentPack (``full``: the whole
    ValidationResult, for its source map); exit 1 on errors (and, with ``strict``, on
    warnings), 2 on a bad path. ``text_fit``: also measure every card text against its card
    (``validate`` and ``build``; the exports report a cut text themselves). ``cache``: False
    (``--no-cache``) neither reads nor writes the cache folder. ``quiet_when_clean``: print
    nothing without errors and warnings. ``summarised`` (``build``, whose summary counts them):
    the infos are left out of a text report; a GitHub report is validate's, every problem an
    annotation (infos as notices), printed whenever there is one; a JSON report is printed only
    when validation fails (stdout then holds that one JSON document). ``stderr``: the command
    prints its own JSON on stdout (``--format json``), so the report goes to stderr as text; a
    failing validation's report is then validate's JSON on stdout instead, the one JSON document
    there, as ``build``'s is. ``fmt`` may be another command's format enum of the same values: a
    command's ``--format github`` annotates the pack's problems too."""
    as_json = stderr
    fmt = OutputFormat.text if stderr else OutputFormat(fmt)
    try:
        result = pipeline.validate(pack_path, text_fit=text_fit, cache=cache)
    except pipeline.UsageError as exc:
        _fail(2, str(exc))
    code = pipeline.validation_exit_code(result, strict=strict)
    if as_json and (result.pack is None or code != 0):
        fmt, stderr = OutputFormat.json, False
    shown = result
    if summarised and fmt is OutputFormat.text:
        import dataclasses

        shown = dataclasses.replace(result, problems=tuple(p for p in result.problems if p.severity.value != "info"))
    quiet = quiet_when_clean and not result.errors and not result.warnings
    if summarised and fmt is OutputFormat.json:
        quiet = code == 0 and result.pack is not None
    elif summarised and fmt is OutputFormat.github:
        quiet = not result.problems  # an info annotates the pull request as validate's notice does
    if not quiet:
        pipeline.write_validation(shown, fmt.value, stderr=stderr, strict=strict)
    if result.pack is None or code != 0:
        raise typer.Exit(1)
    return result if full else result.pack


STRICT_OPT = typer.Option(False, "--strict", help="Warnings fail too (exit 1), as errors do.")
WITH_DEPENDENCIES_OPT = typer.Option(False, "--with-dependencies", help="An expansion: export the content of the "
                                     "packs it requires too (default: only its own).")


def _printing(content: "ContentPack", with_dependencies: bool) -> "ContentPack":
    """``content`` printing everything when ``with_dependencies``, else only its own documents."""
    return content.printing(None) if with_dependencies else content


def _version(value: bool) -> None:
    if value:
        from doria_forge import __version__

        typer.echo(f"doria-forge {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version of doria-forge and exit."),
) -> None:
    """Validate, simulate and export Dungeons of Doria content packs."""
    startup.started()  # options parsed: the command's work begins (garbage collection on again)


@app.command()
def validate(
    pack: Path = PACK_ARG,
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f", help="Report format."),
    strict: bool = STRICT_OPT,
    cache: bool = typer.Option(True, "--cache/--no-cache",
                               help="Reuse the card text fit results and layout file checks of earlier runs "
                                    "(per-user cache folder)."),
) -> None:
    """Check every definition: YAML syntax, schemas, references and content rules."""
    _validated(pack, format, strict=strict, text_fit=True, cache=cache)


@app.command()
def schema(
    out: Path | None = typer.Option(None, "--out", parser=cli_values.out_path,
                                    help="Folder for the *.schema.json files (default: schemas)."),
    reference: Path | None = typer.Option(None, "--reference",
                                          help="Markdown file for the field reference (default: "
                                          "docs/field-reference.md)."),
    check: bool = typer.Option(False, "--check", help="Only report stale schema files (exit 1 if any)."),
    pack: Path | None = typer.Option(None, "--pack", help="Instead, (re)write the editor schema of this pack, "
                                     "its doria.schema.json (after an upgrade of doria-forge)."),
) -> None:
    """Write the JSON Schema of every content kind and the field reference (generated from the models); with
    --pack, a pack's editor schema doria.schema.json."""
    import shlex

    if pack is not None:
        given = [name for name, value in (("--out", out), ("--reference", reference)) if value is not None]
        if given:
            _fail(2, f"--pack writes the pack's doria.schema.json alone: leave out {' and '.join(given)}")
    out, reference = out or Path("schemas"), reference or Path("docs/field-reference.md")
    try:
        found = pipeline.schemas(out, check=check, reference=reference) if pack is None else \
            pipeline.pack_schema(pack, check=check)
    except pipeline.UsageError as exc:
        _fail(2, str(exc))
    if check:
        if found:
            refresh = "doria-forge schema" + (f" --pack {shlex.quote(str(pack))}" if pack is not None else "")
            # a pack made before `new pack` wrote its editor schema has none: "out of date" sent the
            # designer looking for a file that is not there
            missing = [str(f) for f in found if not os.path.lexists(f)]
            stale = [str(f) for f in found if str(f) not in missing]
            said = [f"{what}: {', '.join(files)}" for what, files in (("out of date", stale), ("missing", missing))
                    if files]
            _fail(1, f"{'; '.join(said)} (run `{refresh}`)")
        typer.echo(f"{out} and {reference} are up to date" if pack is None else
                   f"the editor schema of {pack} is up to date")
        return
    for path in found:
        typer.echo(str(path))


@app.command()
def checks(
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f",
                                        help="Listing format: text or json (github lists as text)."),
) -> None:
    """List every check a project or pack may configure (doria-forge.yaml, pyproject.toml
    [tool.doria-forge], pack.yaml checks): id, default severity, stage, thresholds."""
    from doria_forge.validate.config import describe_checks

    typer.echo(describe_checks(format.value), nl=False)


class VocabularyFormat(str, Enum):
    text = "text"
    markdown = "markdown"
    json = "json"


@app.command()
def abilities(
    format: VocabularyFormat = typer.Option(VocabularyFormat.text, "--format", "-f", help="Listing format."),
) -> None:
    """List what content can make the engine do: monster behaviours, Monster Modification, trap and
    item effects, optional rules, with their parameters, types and descriptions."""
    from doria_forge.commands import vocabulary  # imported when asked: other commands start without the engine

    typer.echo(vocabulary.render(format.value), nl=False)


class Engine(str, Enum):
    fast = "fast"
    reference = "reference"


ENGINE_OPT = typer.Option(Engine.fast, "--engine",
                          help="fast: the fast duel path (the reference engine where it cannot play a matchup); "
                               "reference: the general rules engine. Both give the same numbers.")


def _precision_option(more: str = "") -> Any:
    """``--precision`` of the duels, with ``more`` said of what else it stops (build's scenarios)."""
    return typer.Option(None, "--precision", parser=cli_values.interval_width, metavar="FLOAT",
                        help="Play each matchup until its 95% win-rate interval is narrower than P (e.g. 0.05), at "
                             f"most --runs duels (default {pipeline.MAX_PRECISION_RUNS}){more}.")


PRECISION_OPT = _precision_option()
# --runs said "with --precision the most" and left the default of 10000 to --precision's help
PRECISION_RUNS = f"with --precision the most, default {pipeline.MAX_PRECISION_RUNS}"
# simulate duels has no --scenario-runs: only build's help may name it
BUILD_PRECISION_OPT = _precision_option("; also every scenario's win rates, at most --scenario-runs runs")
CACHE_OPT = typer.Option(True, "--cache/--no-cache",
                         help="Reuse matchups simulated before with the same inputs (per-user cache folder).")


@simulate_app.command(cli_scenarios.DUELS)
def simulate(
    pack: Path = PACK_ARG,
    runs: int | None = typer.Option(None, "--runs", min=1, max=MAX_RUNS,
                                    help=f"Duels per hero, monster and level (default 200; {PRECISION_RUNS})."),
    seed: int = cli_values.seed_option(1, "Master seed; the same seed gives the same results."),
    out: Path | None = cli_values.out_option("JSON report file", "build/simulation.json", file=True),
    hero: list[str] | None = typer.Option(None, "--hero", help="Only these heroes (repeatable)."),
    monster: list[str] | None = typer.Option(None, "--monster", help="Only these monsters (repeatable)."),
    level: list[int] | None = typer.Option(None, "--level", min=1, max=4, help="Only these levels (repeatable)."),
    progress: bool = cli_values.PROGRESS_OPT,
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1,
                                    help="Worker processes (default: all cores); results do not depend on it."),
    engine: Engine = ENGINE_OPT,
    precision: float | None = PRECISION_OPT,
    cache: bool = CACHE_OPT,
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f",
                                        help="text: the duel table and findings; json: the report on stdout "
                                             "(schemas/output/duel-report.schema.json); github: the findings as "
                                             "GitHub Actions annotations."),
) -> None:
    """Duel every premade hero against every monster at levels 1-4 and report win rates."""
    out = out or pipeline.default_output(pack, "simulation.json")
    pipeline.run_stage(_fail, pipeline.check_output, out, folder=False, sources=pipeline.sources(pack))
    as_json = format is OutputFormat.json
    validation = _validated(pack, format, quiet_when_clean=True, cache=cache, full=True, stderr=as_json)
    try:
        result, path = pipeline.simulate(
            validation.pack, runs=runs, seed=seed, out=out, heroes=hero, monsters=monster, levels=level,
            console=_err_console() if as_json else _console(), progress=progress, jobs=jobs, engine=engine.value,
            precision=precision, cache=cache, config=validation.config, show=format is OutputFormat.text,
        )
    except pipeline.UsageError as exc:
        _fail(2, str(exc))
    if as_json:
        typer.echo(path.read_text(encoding="utf-8"), nl=False)  # the report just written: one JSON document
    elif format is OutputFormat.github:
        typer.echo(_duel_annotations(result.findings, validation), nl=False)
    typer.echo(f"simulation report: {path}", err=as_json)


def _duel_annotations(findings: Any, validation: Any) -> str:
    """The duel findings as GitHub Actions annotations, each at the Monster Level Card it is
    about (the monster's document when the pack has no card at that level)."""
    from doria_forge.validate.formatters import github_annotation

    lines = []
    for f in findings:
        try:
            kind, doc_id = "monster_level", validation.pack.level_card(f.monster, f.level).id
        except KeyError:
            kind, doc_id = "monster", f.monster
        where = validation.source_map.locate(kind, doc_id)
        lines.append(github_annotation(f.severity, where.file, where.line, where.column, f.rule_id, f.message) + "\n")
    return "".join(lines)


@export_app.command("bundle")
def export_bundle(
    pack: Path = PACK_ARG,
    out: Path | None = cli_values.out_option("Bundle file", "build/<pack>-<version>.bundle.json", file=True),
    with_dependencies: bool = WITH_DEPENDENCIES_OPT,
) -> None:
    """Write the engine-ready JSON bundle of every validated document."""
    content = _printing(_validated(pack, quiet_when_clean=True), with_dependencies)
    try:
        path = pipeline.export_bundle(content, out or pipeline.default_output(pack, pipeline.bundle_name(content)))
    except pipeline.UsageError as exc:  # an unwritable --out
        _fail(2, str(exc))
    typer.echo(str(path))


@app.command()
def preview(
    item_id: str = typer.Argument(..., metavar="ID", help="Id of a card, Monster Level Card, hero or Room Tile."),
    pack: Path = cli_values.pack_argument("Pack folder."),
    out: Path = typer.Option(..., "--out", parser=cli_values.out_path, help="PNG file to write."),
    dpi: int = typer.Option(200, "--dpi", min=36, max=1200),
    lang: cli_print.Language = cli_print.LANG_OPT,
) -> None:
    """Render one card or Room Tile to a PNG."""
    content = _validated(pack, quiet_when_clean=True)
    ours = Path(os.path.realpath(pipeline.default_output(pack, "preview")))  # build/preview, as watch's
    path = pipeline.run_stage(_fail, pipeline.preview, content, item_id, out, dpi=dpi,
                              project=pipeline.project_dir(pack), lang=lang.value,
                              folder_of_previews=Path(os.path.realpath(out)).parent == ours)
    typer.echo(str(path))


@app.command()
def render(
    pack: Path = PACK_ARG,
    out: Path | None = typer.Option(None, "--out", help="PNG file to write (the text view is always printed)."),
    save: Path | None = typer.Option(None, "--game", help="A saved game (JSON) to draw."),
    scenario: str | None = typer.Option(None, "--scenario", help="Play this scenario with bots instead."),
    heroes: str | None = typer.Option(None, "--heroes", help="Comma-separated hero ids (default: the first four)."),
    # a seed as a game saves it: the dice play -1 as 1
    seed: int = cli_values.seed_option(1, "Dice seed of the bot game."),
    until_round: int = typer.Option(3, "--round", min=1, max=99, help="Draw the bot game as this round begins."),
    square_px: int = typer.Option(40, "--square-px", min=8, max=200, help="Pixels per square in the PNG."),
    save_game: Path | None = typer.Option(None, "--save-game", parser=cli_values.out_file,
                                          help="Also save the bot game as played (JSON), for --game."),
) -> None:
    """Draw a game state on the map: a saved game, or a scenario played by bots to a round (which
    --save-game saves)."""
    content = _validated(pack, quiet_when_clean=True)
    party = [h.strip() for h in heroes.split(",") if h.strip()] if heroes else None
    try:
        text, path = pipeline.render_game(content, out, save=save, scenario=scenario, heroes=party, seed=seed,
                                          until_round=until_round, square_px=square_px, save_to=save_game)
    except pipeline.UsageError as exc:
        _fail(2, str(exc))
    typer.echo("\n".join(printable(line) for line in text.split("\n")), nl=False)  # names come from the pack
    for written in (path, save_game):
        if written is not None:
            typer.echo(str(written))


@app.command()
def build(
    ctx: typer.Context,
    pack: Path = PACK_ARG,
    out: Path | None = cli_values.out_option("Output folder", "build"),
    runs: int | None = typer.Option(None, "--runs", min=1, max=MAX_RUNS,
                                    help=f"Duels per hero, monster and level (default 100; {PRECISION_RUNS})."),
    seed: int = cli_values.seed_option(1, "Master seed of the simulation."),
    progress: bool = cli_values.PROGRESS_OPT,
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1,
                                    help="Simulation worker processes (default: all cores)."),
    engine: Engine = ENGINE_OPT,
    precision: float | None = BUILD_PRECISION_OPT,
    cache: bool = CACHE_OPT,
    scenario_runs: int = typer.Option(pipeline_scenarios.BUILD_RUNS, "--scenario-runs", min=0,
                                      max=pipeline_scenarios.MAX_RUNS,
                                      help="Most runs per player count of every shipped scenario and campaign: "
                                           "looks of 8, 16, 32... runs while a balance target is undecided "
                                           "(0 skips the scenarios stage)."),
    fail_on: cli_scenarios.FailOn = typer.Option(cli_scenarios.FailOn.never, "--fail-on",
                                                 help="Exit 1 when scenario findings at or above this severity "
                                                      "exist."),
    # validation's warnings alone: the scenario findings' gate is --fail-on, and a build with scenario
    # warnings passed --strict while its help said warnings fail
    strict: bool = typer.Option(False, "--strict", help="Validation warnings fail too (exit 1), as errors do; for "
                                "the scenario findings give --fail-on warning."),
    with_dependencies: bool = WITH_DEPENDENCIES_OPT,
    baseline: Path | None = typer.Option(None, "--baseline",
                                         help="An earlier build's scenarios.json (or a simulate report): flag the "
                                              "significant changes of the scenarios stage and the YAML lines that "
                                              "changed."),
    format: OutputFormat = typer.Option(OutputFormat.text, "--format", "-f",
                                        help="text: a one-screen summary; json: the summary as JSON "
                                             "(schemas/output/build.schema.json); github: text with the "
                                             "validation problems and the findings as GitHub annotations."),
) -> None:
    """Validate, simulate, verify every scenario and campaign, then export PDFs and the bundle
    (no export when validation fails); end with a one-screen summary (details in the reports). The
    output folder is replaced as a whole once everything is written: a stopped build leaves the
    previous outputs."""
    # the help is the designer's; how the folder is replaced: doria_forge.infra.staging
    from doria_forge.commands import build_summary

    out = out or pipeline.default_output(pack)
    pipeline.run_stage(_fail, pipeline.check_build_folder, out, pack, cache=cache)  # every option before any work
    if baseline is not None:
        if scenario_runs == 0:
            _fail(2, "--baseline compares the scenarios stage, which --scenario-runs 0 skips")
        pipeline.run_stage(_fail, pipeline_scenarios.read_baseline, baseline)
    # the findings' replay commands name the pack; more runs of a scenario are --scenario-runs here
    ctx.call_on_close(pipeline_scenarios.findings_name(pack, "--scenario-runs"))
    fmt = format.value
    validation = _validated(pack, format, full=True, strict=strict, text_fit=True, cache=cache,
                            quiet_when_clean=True, summarised=True)
    validated = validation.pack
    content = _printing(validated, with_dependencies)
    console = _err_console() if fmt == "json" else _console()
    try:
        # Refuse an unusable --out before the simulation spends its time.
        pipeline.check_output(out, folder=True)
        with pipeline.staged_build(out):
            matrix, sim_path = pipeline.simulate(validated, runs=runs, seed=seed, out=out / "simulation.json",
                                                 console=console, progress=progress, jobs=jobs, engine=engine.value,
                                                 precision=precision, cache=cache, default_runs=100,
                                                 config=validation.config, show=False)
            verified = pipeline_scenarios.verify_pack(content, out, source_map=validation.source_map,
                                                      runs=scenario_runs, seed=seed, jobs=jobs, progress=progress,
                                                      console=console, duel_matrix=matrix.to_data(),
                                                      config=validation.config, cache=cache,
                                                      precision=precision, baseline=baseline)
            pdfs = pipeline_print.export_pdf(content, out / "pdf", project=pipeline.project_dir(pack))
            bundle = pipeline.export_bundle(content, out / pipeline.bundle_name(content))
            code = pipeline_scenarios.exit_code(verified.findings, fail_on.value) if verified is not None else 0
            data = build_summary.summary_data(pack=validated, validation=validation, matrix=matrix,
                                              verification=verified, pdfs=pdfs, bundle=bundle, sim_path=sim_path,
                                              exit_code=code, out=out)
            build_summary.write_summary(data, out / build_summary.SUMMARY_FILE)
    except pipeline.UsageError as exc:
        _fail(2, str(exc))
    except pipeline.ExportFailed as exc:
        _fail(1, str(exc))
    if fmt == "json":
        typer.echo(build_summary.summary_json({**data, "out": str(out)}), nl=False)
    else:
        if fmt == "github" and verified is not None:
            typer.echo(pipeline_scenarios.github_annotations(verified.findings, fail_on.value), nl=False)
        # Paths are printed whole (never wrapped) so they can be copied and grepped.
        for line in build_summary.summary_lines(data, out):
            typer.echo(line)
    if code:
        raise typer.Exit(code)


# export pdf|png|tts, preflight
cli_print.register(app, export_app, _validated, _fail, WITH_DEPENDENCIES_OPT, _printing)
cli_scenarios.register(simulate_app, lambda pack, full, stderr=False, fmt=OutputFormat.text, cache=True, strict=False:
                       _validated(pack, fmt, quiet_when_clean=True, full=full, stderr=stderr, cache=cache,
                                  strict=strict), _fail)  # simulate scenario|campaign
cli_tune.register(app, lambda pack, full, stderr=False: _validated(pack, quiet_when_clean=True, full=full,
                                                                   stderr=stderr), _fail)  # tune
new.register(app)
watch.register(app)
cli_diff.register(app)
cli_sheets.register(app, export_app, _validated, _fail, WITH_DEPENDENCIES_OPT, _printing)  # import, export csv


def app_for(args: list[str]) -> typer.Typer:
    """The app that runs the command line ``args`` (without the program name): ``app``, or, when
    ``args`` start with the name of one of its commands or command groups, a copy of ``app`` that
    holds only that one. When it starts, typer turns the signature of every command it holds into
    options (7 ms for the 24 of them, 2% of a cold ``validate``), and only the one named runs: its
    help, errors and exit codes are the same either way. Anything else (no command, an option
    first, a name that is none of them) gets the whole app, with its list of commands and its
    suggestion for a mistyped name."""
    if not args:
        return app
    commands = [c for c in app.registered_commands
                if c.callback is not None and (c.name or typer.main.get_command_name(c.callback.__name__)) == args[0]]
    groups = [g for g in app.registered_groups if g.name == args[0]]
    if len(commands) + len(groups) != 1:
        return app
    only = copy.copy(app)
    only.registered_commands, only.registered_groups = commands, groups
    return only


def main() -> None:
    """Console-script entry point."""
    # doria-forge uses no pydantic plugins: neither look for them nor load the code that would
    plugin_scan.skip()
    # Stages report things a designer should see but that do not fail the run (a card
    # text shortened to fit) through logging: lifecycle shows them on stderr, one line each,
    # and ends the run cleanly on SIGTERM or a failing output stream.
    lifecycle.run(app_for(sys.argv[1:]))


if __name__ == "__main__":  # pragma: no cover
    main()
