"""Stages composed for the CLI: load+validate -> ContentPack -> simulate / export.

Each function takes the previous stage's output; the CLI only parses options and
maps outcomes to exit codes. Everything heavy (the content models, rich, the engine,
the PDF stack) is imported inside the stage that needs it, so that ``--help`` and
``validate`` start quickly.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.infra.startup import loading

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from doria_forge.model import ContentPack
    from doria_forge.sim.matrix import MatrixResult
    from doria_forge.validate import ValidationResult


class UsageError(Exception):
    """The user asked for something that cannot be (bad path, unknown id, bad option): exit 2."""


class ExportFailed(Exception):
    """An export could not be written because of the content (template error...): exit 1."""


class RunsInterrupted(Exception):
    """Runs stopped for a reason outside the content and the options, which trying again may
    cure (a Dask cluster lost mid-run; the finished runs are kept): exit ``EXIT_TRY_AGAIN``."""


EXIT_TRY_AGAIN = 75
"""Exit code of :class:`RunsInterrupted`: ``EX_TEMPFAIL`` of sysexits.h, a temporary failure the
user is invited to retry (1 would say the content has problems, 2 that the command is wrong)."""


class OutputError(UsageError):
    """An output path cannot be written (it is a folder, under a file, read-only...): exit 2.

    A usage error, not a content problem: the user chose the ``--out`` path."""


def run_stage(fail: Callable[[int, str], object], stage: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``stage(*args, **kwargs)`` as a command runs it: a ``UsageError`` goes to ``fail(2, message)``,
    an ``ExportFailed`` to ``fail(1, message)``, ``RunsInterrupted`` to ``fail(EXIT_TRY_AGAIN,
    message)`` (``fail`` prints it and ends the command)."""
    try:
        return stage(*args, **kwargs)
    except UsageError as exc:
        fail(2, str(exc))
    except ExportFailed as exc:
        fail(1, str(exc))
    except RunsInterrupted as exc:
        fail(EXIT_TRY_AGAIN, str(exc))
    return None


_SOURCES: ContextVar[tuple[Path, ...]] = ContextVar("doria_forge_sources", default=())
"""What the pack validated last reads (:func:`sources`): every output of the run is checked
against it, whichever command writes it."""


def check_output(path: Path, *, folder: bool, sources: Iterable[Path] | None = None, option: str = "--out",
                 writes: str | None = None) -> None:
    """Refuse an output path that cannot work, before any slow stage runs.

    ``folder=True`` for an output folder (PDF sheets, build), else an output file. Without this
    check a bad ``--out`` surfaced as a Python traceback after the whole simulation had run.
    Nothing may be written into ``sources`` (default: those of the pack :func:`validate` read,
    see :func:`sources`); a device or other special file is never an output (see
    ``doria_forge.commands.outputs``); a file of format ``writes`` (a suffix: ``".json"``) is never
    named as another format's file (:func:`outputs.misnamed`). Raises OutputError, whose message
    asks for another ``option`` (the option that named the path).
    """
    from doria_forge.commands import outputs

    path = Path(path)
    reason = outputs.refusal(path, folder=folder, sources=_SOURCES.get() if sources is None else sources,
                             option=option) or (writes and outputs.misnamed(path, writes=writes, option=option))
    if reason:
        raise OutputError(reason)
    if folder and path.exists() and not path.is_dir():
        raise OutputError(f"cannot write into {path}: it is a file, not a folder; choose another {option}")
    if folder and not os.path.lexists(path):
        reason = outputs.folder_misnamed(path, option=option)
        if reason:
            raise OutputError(reason)
    if not folder and path.is_dir():
        raise OutputError(f"cannot write {path}: it is a folder; give {option} a file name")
    ancestor = path if folder else path.parent
    ancestor = Path(os.path.abspath(ancestor))
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise OutputError(f"cannot write {path}: {ancestor} is a file, not a folder; choose another {option}")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {path}: folder {ancestor} is not writable; choose another {option}")
    _probe(ancestor, path, option)


def _probe(folder: Path, path: Path, option: str) -> None:
    """Make and remove a folder in ``folder``, where ``path`` will be written: ``os.access``
    answers yes to root everywhere (a read-only mount, ``/proc``), and a build found out only
    when its outputs were written, after the whole simulation. Raises OutputError naming ``path``."""
    reason = _unwritable(folder)
    if reason is not None:
        raise OutputError(f"cannot write {path}: {reason} (in {folder}); choose another {option}")


def _unwritable(folder: Path) -> str | None:
    """Why no folder can be made in ``folder`` (the system's words), or None when one can (made
    and removed at once; Ctrl-C in between left a ``.doria-forge-probe-*`` folder in the user's)."""
    import tempfile

    from doria_forge.infra.staging import signals_deferred

    try:
        with signals_deferred():
            os.rmdir(tempfile.mkdtemp(prefix=".doria-forge-probe-", dir=folder))
    except OSError as exc:
        return str(exc.strerror or exc)
    return None


def sources(pack_path: Path) -> list[Path]:
    """The paths a run reads from and must never write into: the pack and its project's
    ``templates/`` and ``layouts/``."""
    from doria_forge.commands import outputs

    return outputs.source_paths(pack_folder(pack_path), project_dir(pack_path))


@contextmanager
def staged_build(out: Path) -> Iterator[None]:
    """Hold every output written under folder ``out`` and swap them in as a whole when the
    block ends normally (``doria_forge.infra.staging``). Raises OutputError when ``out`` holds files
    a build did not write, or when the new folder cannot be written."""
    from doria_forge.infra import staging

    try:
        with staging.build_folder(Path(out)):
            yield
    except staging.StagingRefused as exc:
        raise OutputError(str(exc)) from None
    except OSError as exc:  # the swap is named by --out, not by the staging folder beside it
        where = exc.filename if exc.filename and ".staging-" not in str(exc.filename) else out
        raise OutputError(f"cannot write {where}: {exc.strerror or exc}; choose another --out") from None


def check_build_folder(out: Path, pack_path: Path, *, cache: bool = True) -> None:
    """Refuse a ``build --out`` folder before anything runs (OutputError): inside the pack's
    sources, not a folder, not writable (nor, when it exists, the folder holding it, where the new
    one is staged), a mount point (which cannot be swapped), holding the cache folder (with
    ``cache``, not --no-cache), or holding files a build did not write."""
    from doria_forge.infra import staging
    from doria_forge.infra.fsutil import CACHE_ENV, cache_dir

    check_output(Path(out), folder=True, sources=sources(pack_path))
    if cache and Path(os.path.realpath(cache_dir())).is_relative_to(os.path.realpath(out)):
        # the validation filled it, and the build then refused its own folder for the files in it
        raise OutputError(f"cannot build into {out}: the cache folder {cache_dir()} ({CACHE_ENV}) is inside it, and "
                          f"build replaces its folder as a whole; set {CACHE_ENV} to a folder outside it, or "
                          f"give --no-cache")
    if Path(out).is_dir() and staging.is_mount_point(Path(out)):  # the swap failed after the simulation
        raise OutputError(f"cannot write {out}: a file system is mounted there, and build replaces its folder as "
                          f"a whole (a new folder swapped in for it), which a mount point cannot be; choose an "
                          f"--out inside it (--out {Path(out) / 'site'})")
    if Path(out).is_dir():
        # The new folder is written beside it and swapped in: a writable build/ in a read-only
        # project (a container's volume) failed only once everything was simulated.
        parent = Path(os.path.realpath(out)).parent
        reason = _unwritable(parent)
        if reason is not None:
            raise OutputError(f"cannot write {out}: build writes its new folder beside it, in {parent}, and swaps "
                              f"it in, but that folder cannot be written ({reason}); choose an --out inside a "
                              f"writable folder (--out {Path(out) / 'site'})")
    try:
        staging.check_replaceable(Path(out))
    except staging.StagingRefused as exc:
        raise OutputError(str(exc)) from None


@contextmanager
def _writing(path: Path, option: str = "--out", *, options: Mapping[Path, str] | None = None) -> Iterator[None]:
    """Turn an OSError while writing outputs into an OutputError naming the path (no traceback) and
    asking for another value of the option that named it: ``option`` for ``path`` and the files
    under it, ``options`` (path -> option) for files written together (``--out r.json --report
    r.html``: a failing HTML report asked for another --out)."""
    try:
        yield
    except OSError as exc:
        where = exc.filename or path
        asked = (options or {}).get(Path(where), option)
        raise OutputError(f"cannot write {where}: {exc.strerror or exc}; choose another {asked}") from None


# -- schemas --------------------------------------------------------------------
def _layout_schemas() -> dict[str, dict]:
    from doria_forge.export.layouts import LAYOUT_SCHEMA_FILE, layout_schema

    return {LAYOUT_SCHEMA_FILE: layout_schema()}


def stale_schemas(out: Path) -> list[str]:
    """The schema files in ``out`` that differ from the models (see ``model.schema_export``), the
    layout files' schema included."""
    from doria_forge.model.schema_export import stale_schemas as stale

    return stale(out, _layout_schemas())


def write_schemas(out: Path) -> list[Path]:
    """Write every content kind's JSON Schema and the layout files' into ``out``; returns the paths."""
    from doria_forge.model.schema_export import write_schemas as write

    return write(out, _layout_schemas())


# -- validate -------------------------------------------------------------------
def validate(pack_path: Path, *, text_fit: bool = True, cache: bool = True,
             display_root: str | None = None) -> ValidationResult:
    """Load and validate the pack at ``pack_path`` (a folder or one YAML file), and the layout files
    of its project; returns the ``doria_forge.validate.ValidationResult`` (``problems``, ``pack`` or
    None when any is an error). ``cache``: False neither reads nor writes the cache folder (the
    layout files are all checked, the card texts all measured). ``display_root``: the pack's files
    are named from there (``validate_pack``'s), for a pack read into a temporary folder. Raises
    UsageError when the path is not a pack."""
    with loading():
        from doria_forge.commands.print_checks import with_layout_problems, with_text_fit_problems
        from doria_forge.load.loader import PackPathError
        from doria_forge.validate import validate_pack

    from doria_forge.infra.fsutil import cache_off

    project = project_dir(pack_path)
    try:
        with cache_off(not cache):
            result = validate_pack(pack_folder(pack_path), project=project, display_root=display_root)
    except PackPathError as exc:
        raise UsageError(no_pack(pack_path, exc)) from None
    _SOURCES.set(tuple(sources(pack_path)))
    checked = set(result.problems)
    result = with_layout_problems(result, project, cache=cache)
    result = with_text_fit_problems(result, project, cache=cache) if text_fit else result
    if result.config is not None and set(result.problems) != checked:
        # the layout files' and the card texts' problems as the check configuration has them
        added = result.config.apply(p for p in result.problems if p not in checked)
        result = dataclasses.replace(result, problems=tuple(sorted(checked | set(added))))
    return result


DEFAULT_PACK = Path("content")
"""The ``PACK`` every command takes when none is given."""


def no_pack(pack_path: Path, error: Exception) -> str:
    """The usage error for a ``pack_path`` that is no pack: ``error``'s words (for a bare name,
    with the installed pack id it is closest to: ``doria-bse`` (did you mean 'doria-base'?)), or, for the default
    ``content`` found neither here nor around the working folder (:func:`pack_folder`), where it
    was looked for and what to do ("pack path content does not exist" named none of it)."""
    # the default `content` is here (DORIA_FORGE_MAX_FILE_BYTES=abc, a content file that is no
    # YAML): the error is about it, not "no pack here: no content/ in" a folder holding one
    if Path(pack_path) != DEFAULT_PACK or pack_folder(pack_path) != DEFAULT_PACK or DEFAULT_PACK.exists():
        if len(Path(pack_path).parts) == 1 and not Path(pack_path).exists():
            # a name, not a path: perhaps an installed pack's id mistyped (doria-bse)
            from doria_forge.model.words.facts import closest
            from doria_forge.packs import installed_packs

            return f"{error}{closest(str(pack_path), installed_packs())}"
        return str(error)
    return (f"no pack here: no {DEFAULT_PACK}/ in {Path.cwd()}, nor a pack.yaml or {DEFAULT_PACK}/pack.yaml in it "
            "or a folder above it; give the pack folder (PACK), or make a pack with `doria-forge new pack ID`")


def pack_folder(pack_path: Path) -> Path:
    """``pack_path`` itself when it exists; for the default ``content`` missing from the working
    folder, the pack around the working folder (the nearest folder up holding a ``pack.yaml``, as
    ``new`` finds it), else the ``content`` of the project around it (the nearest folder up holding
    ``content/pack.yaml``: the working folder is the project's ``layouts/`` or another of its
    folders); else the installed pack with that id (``doria-base``: the base pack doria-forge
    ships, from any folder); else ``pack_path`` (reported as missing)."""
    path = Path(pack_path)
    if path.exists() or len(path.parts) != 1:
        return path
    from doria_forge.packs import find_pack_root, find_project_pack, installed_pack

    if path == DEFAULT_PACK:
        around = find_pack_root(Path.cwd()) or find_project_pack(Path.cwd(), str(DEFAULT_PACK))
        if around is not None:
            return around
    return installed_pack(str(path)) or path


OUTPUT_FOLDER = Path("build")
"""The folder outputs go to without ``--out``, beside the pack as ``content/`` and ``build/`` sit in
a project."""


def default_output(pack_path: Path, name: str = "") -> Path:
    """Where a command working on ``pack_path`` writes the output ``name`` (a file or folder in
    :data:`OUTPUT_FOLDER`; empty: that folder itself) when ``--out`` is not given:
    ``build/<name>`` in the working folder. When the working folder lies inside that pack (a
    designer at work in it), or, with no ``PACK`` given, inside the project folder holding the
    pack (:func:`pack_folder` found the pack around the working folder: a designer in the
    project's ``layouts/``), ``build/<name>`` in that project folder (:func:`project_dir`) instead,
    where the command run from the project writes it: no output is ever written into a pack or its
    ``templates/`` and ``layouts/`` (``outputs.refusal``). The path is relative to the working
    folder (``../build/pdf``) when it can be."""
    from doria_forge.load.files import is_inside

    relative = OUTPUT_FOLDER / name if name else OUTPUT_FOLDER
    folder = pack_folder(pack_path)
    try:
        here = os.path.realpath(Path.cwd())
    except OSError:  # the working folder was removed: nothing is inside it
        return relative
    if not folder.is_dir():
        return relative
    project = project_dir(folder)  # the folder found: not looked for again
    found_around = Path(pack_path) == DEFAULT_PACK and folder != DEFAULT_PACK
    if not (is_inside(here, os.path.realpath(folder)) or (found_around and is_inside(here, str(project)))):
        return relative
    return Path(os.path.relpath(project / relative, here))


def write_validation(result: ValidationResult, fmt: str, *, stderr: bool = False, strict: bool = False) -> None:
    """Print the validation report in ``fmt`` (text, json or github) to stdout (``stderr``: there,
    when stdout holds another command's JSON; ``strict``: warnings fail the run, so github
    annotates them as errors)."""
    import sys

    from doria_forge.validate import write_report

    write_report(result, fmt, sys.stderr if stderr else None, strict=strict)


def validation_exit_code(result: ValidationResult, *, strict: bool = False) -> int:
    """0 when there are no errors (warnings allowed unless ``strict``), 1 otherwise."""
    from doria_forge.validate import exit_code

    return exit_code(result, strict=strict)


# -- schema -----------------------------------------------------------------------
def schemas(out: Path, *, check: bool, reference: Path | None = None) -> list[str] | list[Path]:
    """``check``: the paths of stale schema files in folder ``out`` (and of the field reference
    ``reference``, a Markdown file, when given and stale); else write them all and return their
    paths. Raises OutputError when ``out`` is not a usable folder or ``reference`` a usable file,
    or either lies inside a pack."""
    import shlex

    from doria_forge.infra.terminal import relative_path
    from doria_forge.model.reference import reference_text
    from doria_forge.packs import find_pack_root

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} is not a folder; give --out the schemas folder")
    for target in (out, *([Path(reference)] if reference is not None else [])):
        # the repository's maintenance command: run inside a designer's pack, it wrote schemas/ and
        # docs/ among the pack's sources (the pack has its doria.schema.json from `new`), and its
        # check there sent the designer to that refusal (a pack's own schema is checked with --pack)
        pack = find_pack_root(target)
        if pack is not None and check:
            raise OutputError(f"{target} is inside the pack {relative_path(pack)}: schema --check compares "
                              "doria-forge's own schemas; check the pack's editor schema with `doria-forge schema "
                              f"--check --pack {shlex.quote(relative_path(pack))}`")
        if pack is not None:
            raise OutputError(f"cannot write {target}: it is inside the pack {pack}; schema writes doria-forge's own "
                              "schemas (a pack gets doria.schema.json from `new`): run it elsewhere or give --out "
                              "and --reference outside the pack")
    text = reference_text() if reference is not None else ""
    if check:
        try:
            # named from the working folder, as the reference is: the caller tells a stale file
            # from a missing one by looking for it (a bare name was looked for here, not in `out`)
            stale = [str(out / name) for name in stale_schemas(out)]
            if reference is not None and (not Path(reference).is_file()
                                          or Path(reference).read_text(encoding="utf-8") != text):
                stale.append(str(reference))
        except (OSError, UnicodeDecodeError) as exc:
            raise OutputError(f"cannot read {getattr(exc, 'filename', None) or out}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None
        return stale
    check_output(out, folder=True)
    if reference is not None:
        check_output(Path(reference), folder=False, option="--reference")
    with _writing(out):
        written = write_schemas(out)
    if reference is not None:
        from doria_forge.infra.fsutil import atomic_write_text

        with _writing(Path(reference), "--reference"):
            written.append(atomic_write_text(Path(reference), text))
    return written


def pack_schema(pack_path: Path, *, check: bool) -> list[str] | list[Path]:
    """The editor schema of a pack, ``<pack>/doria.schema.json`` (``new pack`` writes it; an
    upgrade of doria-forge leaves it behind, ``validate`` says so). ``check``: its name when it
    is missing or differs from this doria-forge's; else write it and return its path. Raises
    UsageError when ``pack_path`` is not a folder, OutputError when the file there is not one
    doria-forge wrote (the designer's own, checked or not) or cannot be read or written."""
    from doria_forge.infra.fsutil import atomic_write_text
    from doria_forge.model.schema_export import any_kind_text
    from doria_forge.model.schema_stamp import ANY_KIND, read_stamp

    folder = pack_folder(pack_path)
    if not folder.is_dir():
        raise UsageError(f"pack path {pack_path} is not a pack folder; give the folder holding pack.yaml")
    path, text = folder / ANY_KIND, any_kind_text()
    try:
        # a FIFO of that name is refused, not waited on; a link, also dangling, is not written through
        ours = not os.path.lexists(path) or read_stamp(path)[0]
        current = path.read_text(encoding="utf-8") if ours and path.exists() else None
    except (OSError, UnicodeDecodeError) as exc:
        raise OutputError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if not ours:  # checked or not: a check that called it stale sent the user to a refusal
        raise OutputError(f"cannot write {path}: it is not an editor schema doria-forge wrote; move it away first")
    if check:
        return [] if current == text else [str(path)]
    check_output(path, folder=False, sources=(), option="--pack")
    with _writing(path):
        return [atomic_write_text(path, text)]


# -- simulate -------------------------------------------------------------------
def simulate(
    pack: ContentPack,
    *,
    runs: int | None,
    seed: int,
    out: Path,
    heroes: Iterable[str] | None = None,
    monsters: Iterable[str] | None = None,
    levels: Iterable[int] | None = None,
    console: Console | None = None,
    progress: bool = True,
    jobs: int | None = None,
    engine: str = "fast",
    precision: float | None = None,
    cache: bool = True,
    default_runs: int = 200,
    config: Any = None,
    show: bool = True,
) -> tuple[MatrixResult, Path]:
    """Run the duel matrix with a progress bar, print its tables (unless not ``show``), write the
    JSON report.

    ``runs`` duels a matchup (``None``: ``default_runs``, or with ``precision`` at most
    ``MAX_PRECISION_RUNS``); ``engine`` ``fast`` or ``reference``; ``precision`` the
    95% win-rate interval width to reach; ``cache`` reads and stores matchups in the
    per-user matchup cache; ``config`` (``validate.config.CheckConfig``) sets the findings'
    thresholds and severities.

    Every monster is played (for the chosen ``heroes`` and ``levels``), so a monster is always
    compared with its peers; the report keeps the duels of ``monsters`` (when given) and, for an
    expansion, those of its own heroes and monsters (``doria_forge.sim.focus``).

    Returns ``(MatrixResult, json path)``. Raises UsageError for unknown hero/monster ids
    or a precision outside (0, 1), OutputError (checked before any duel runs) when
    ``out`` cannot be written.
    """
    check_output(Path(out), folder=False)
    from rich.console import Console

    from doria_forge.infra.terminal import progress_bar
    from doria_forge.sim.focus import focus, focused
    from doria_forge.sim.matrix import LEVELS, matrix_cells, run_matrix
    from doria_forge.sim.precision import RunPlan
    from doria_forge.sim.report import print_matrix, write_matrix_json
    from doria_forge.sim.workers import WorkerFailed

    if runs is None:
        runs = MAX_PRECISION_RUNS if precision is not None else default_runs
    console = console or Console()
    level_ids = tuple(levels) if levels else LEVELS
    try:
        matrix_cells(pack, heroes, monsters, level_ids)  # unknown --hero or --monster ids
        chosen = focus(pack, heroes, monsters)  # every monster is played: a monster is judged against its peers
        hero_ids, monster_ids = chosen.heroes, chosen.monsters
        total = len(matrix_cells(pack, hero_ids, monster_ids, level_ids))
        RunPlan(runs, precision)  # a precision outside (0, 1), before any duel runs
    except ValueError as exc:  # an unknown --hero or --monster
        raise UsageError(str(exc)) from None
    matchups = None
    if cache:
        from doria_forge.sim.cache import MatchupCache

        matchups = MatchupCache(pack)
    # the bar on stderr, as the scenarios' is: on stdout it ran into --format github's annotations
    # wherever the output is taken for a terminal (FORCE_COLOR in a CI log)
    with progress_bar("simulating matchups", enabled=progress, remaining=True) as bar:
        task = bar.add_task("matchups", total=total)
        try:
            result = run_matrix(
                pack, runs, seed, heroes=hero_ids, monsters=monster_ids, levels=level_ids,
                progress=lambda n: bar.advance(task, n), jobs=jobs, engine=engine, precision=precision,
                cache=matchups, **_matrix_thresholds(config, pack),
            )
        except WorkerFailed as exc:  # the machine's doing, not the content's or the options'
            raise UsageError(str(exc)) from None
    result = configured_matrix(focused(result, chosen), config)
    names = {k: v.display_name for k, v in pack.characters.items()}
    names |= {k: v.display_name for k, v in pack.monsters.items()}
    if show:
        print_matrix(result, console, names)
    with _writing(Path(out)):
        path = write_matrix_json(result, Path(out), pack_id=pack.info.id, content_sha256=pack.content_hash())
    return result, path


def _matrix_thresholds(config: Any, pack: ContentPack) -> dict[str, float]:
    if config is None:
        return {}
    return {"out_of_line": config.settings(pack.info.id)["level-out-of-line"]["gap"]}


def configured_matrix(result: Any, config: Any) -> Any:
    """The duel matrix ``result`` with its findings as the check configuration has them
    (switched off ones left out, severities changed)."""
    if config is None:
        return result
    findings = []
    for finding in result.findings:
        severity = config.severity(finding.rule_id, finding.severity)
        if severity is not None:
            findings.append(dataclasses.replace(finding, severity=severity))
    return dataclasses.replace(result, findings=tuple(findings))


MAX_PRECISION_RUNS = 10_000
"""Duels a matchup plays at most with ``--precision`` when ``--runs`` is not given."""


# -- export ---------------------------------------------------------------------
def bundle_name(pack: ContentPack) -> str:
    """Default bundle file name, ``<pack id>-<version>.bundle.json``."""
    return f"{pack.info.id}-{pack.info.version}.bundle.json"


def export_bundle(pack: ContentPack, out: Path | None = None) -> Path:
    """Write the JSON bundle (default ``build/<pack>-<version>.bundle.json``); returns its path.

    Raises OutputError when ``out`` cannot be written.
    """
    from doria_forge.export.bundle import write_bundle

    path = Path(out) if out else Path("build") / bundle_name(pack)
    check_output(path, folder=False, writes=".json")
    with _writing(path):
        return write_bundle(pack, path)


def project_dir(pack_path: Path) -> Path:
    """The designer's project folder: the one holding the pack folder (``content/``),
    where ``templates/`` and ``layouts/`` live beside it."""
    pack_path = pack_folder(pack_path).resolve()
    return pack_path.parent if pack_path.is_dir() else pack_path.parent.parent


def check_png_output(out: Path, command: str) -> None:
    """Refuse an output file ``out`` that cannot work (:func:`check_output`) or is not named
    ``.png``: ``command`` draws a PNG, and PNG data in ``x.jpg`` opens as a broken JPEG. Raises
    UsageError."""
    check_output(Path(out), folder=False)
    if Path(out).suffix.lower() != ".png":
        raise UsageError(f"cannot write {out}: {command} draws a PNG; give --out a .png file")


def preview(pack: ContentPack, item_id: str, out: Path, *, dpi: int = 200, project: Path | None = None,
            lang: str = "en", folder_of_previews: bool = False) -> Path:
    """Render one card or tile (``id`` or ``kind:id``) to PNG, in language ``lang``. When ``out``
    lies in a folder of previews (``folder_of_previews``: ``watch``'s, ``build/preview``; or one
    holding a preview manifest already) the manifest there lists it, and the previews of cards
    gone from the pack are deleted (``export.preview.keep_previews``).

    Raises UsageError for an unknown or ambiguous id or an ``out`` not named ``.png``,
    ExportFailed when it cannot be drawn.
    """
    from doria_forge.export import pdf
    from doria_forge.export.preview import MANIFEST, render_preview
    from doria_forge.i18n import language

    check_png_output(out, "preview")
    layout_file, _ = pdf.project_assets(project)
    try:
        with _writing(Path(out)), language(lang):
            return render_preview(pack, item_id, Path(out), dpi=dpi, layout_file=layout_file,
                                  keep=folder_of_previews or (Path(out).parent / MANIFEST).is_file())
    except pdf.UnknownItemError as exc:
        raise UsageError(str(exc)) from None
    except pdf.ExportError as exc:
        raise ExportFailed(str(exc)) from None


def tidy_previews(pack: ContentPack, folder: Path) -> None:
    """Delete the previews in ``folder`` its manifest lists of cards gone from ``pack``
    (``export.preview.keep_previews``). Raises OutputError when the manifest cannot be written."""
    from doria_forge.export.preview import keep_previews

    with _writing(Path(folder)):
        keep_previews(pack, Path(folder))


# -- render ---------------------------------------------------------------------
def render_game(pack: ContentPack, out: Path | None, *, save: Path | None = None, scenario: str | None = None,
                heroes: list[str] | None = None, seed: int = 1, until_round: int = 3,
                square_px: int = 40, save_to: Path | None = None) -> tuple[str, Path | None]:
    """Draw a game state: the saved game ``save`` (``GameState.to_json``), or a game of
    ``scenario`` (set up as ``simulate scenario`` sets up a run: its Room Tiles, tokens, rules and
    goals) with ``heroes`` (default: the pack's first heroes by id, four or as many as the
    scenario allows) played by the greedy bot from ``seed`` until round ``until_round`` begins,
    saved to ``save_to`` (if given) as ``save`` reads it. Returns the text view and the PNG written
    to ``out`` (if any). Raises UsageError for an unknown scenario or hero, a party outside the
    scenario's player range, a saved game that cannot be read, is not one (``render.saved_game``)
    or does not fit the pack, a game without a map, an ``out`` that cannot be written or is not
    named ``.png``, a ``save_to`` that cannot be written or is not named ``.json``, both ``save``
    and ``scenario``, or both ``save`` and ``save_to``."""
    from doria_forge.engine.game import GameOptions, GameState
    from doria_forge.render.png import render_png
    from doria_forge.render.text import render_text
    from doria_forge.sim.bots import greedy_bot
    from doria_forge.sim.play import play

    if save is not None and scenario is not None:
        # the saved game was drawn and --scenario (with its --heroes and --seed) silently dropped
        raise UsageError(f"--game draws a saved game and --scenario {scenario} plays a new one: give one of them")
    if save is not None and save_to is not None:
        raise UsageError(f"--game reads a game saved already; --save-game {save_to} saves the game --scenario plays")
    if out is not None:
        check_png_output(out, "render")  # before the game is replayed or played
    if save_to is not None:
        check_output(Path(save_to), folder=False, option="--save-game", writes=".json")
    if save is not None:
        from doria_forge.render.saved_game import SavedGameError, load_saved_game

        try:  # checked against a schema with limits before the engine replays it
            state = load_saved_game(pack, Path(save))
        except SavedGameError as exc:
            raise UsageError(str(exc)) from None
    else:
        if scenario is None or scenario not in pack.scenarios:
            known = ", ".join(sorted(pack.scenarios)) or "none"
            if scenario is None:
                raise UsageError(f"nothing to draw: give --game (a saved game) or --scenario; the pack's "
                                 f"scenarios: {known}")
            from doria_forge.sim.scenario_runner import unknown_played

            # render draws one game: a campaign's id points to its scenarios, not to simulate campaign
            raise UsageError(unknown_played("scenario", scenario, pack, lambda cid: "render draws one of its "
                                            f"scenarios, {', '.join(pack.campaigns[cid].scenarios)}"))
        from doria_forge.render.saved_game import MAX_HEROES
        from doria_forge.sim.findings import count_range
        from doria_forge.sim.scenario_runner import hero_pool

        low, high = pack.scenarios[scenario].players
        party = heroes or sorted(pack.characters)[:min(max(4, low), high)]
        if len(party) > MAX_HEROES:
            raise UsageError(f"--heroes names {len(party)} heroes; a game has at most {MAX_HEROES}")
        if not low <= len(party) <= high:
            raise UsageError(f"scenario {scenario} is for {count_range(low, high)} players, not {len(party)}: give "
                             f"--heroes {count_range(low, high, ' to ')} heroes")
        try:
            hero_pool(pack, party)  # known heroes, each once
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        # set up as simulate sets up a run of the scenario: its tiles, tokens, rules and goals in play
        state = GameState.new(pack, party, seed=seed, scenario=scenario, options=GameOptions(setup_loot=True),
                              log=False)
        play(state, greedy_bot, until_round=until_round)
        if state.outcome is not None and state.round < until_round:
            import logging

            # the text's status line says it too, but in passing: a designer asked for another round
            logging.getLogger(__name__).warning(
                "the game ended in round %d (%s) before round %d began: this is its final state",
                state.round, str(state.outcome).replace("_", " "), until_round)
    if not state.board.spatial:
        raise UsageError("the saved game has no map to draw")
    text = render_text(state)
    if out is not None:
        check_output(out, folder=False)
        from doria_forge.infra.fsutil import atomic_write_bytes

        with _writing(out):
            atomic_write_bytes(Path(out), render_png(state, square_px=square_px))
    if save_to is not None:  # no command wrote the games --game reads
        from doria_forge.infra.fsutil import atomic_write_text

        with _writing(Path(save_to), "--save-game"):
            atomic_write_text(Path(save_to), state.to_json() + "\n")
    return text, out
