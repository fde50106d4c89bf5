"""``doria-forge watch [PACK] [--preview ID ...]``: validate again on every save, refresh previews.

Watches the pack folder, the project's ``layouts/``, the project's check configuration (the
project folder's own files) and the folders of the packs it requires
(unless they are installed inside doria-forge) with watchfiles, a maintained file-watching
library (native events, polling where there are none). On every batch of saved YAML files or
card art it prints which files changed, the validation report, and, when the pack is valid,
renders each ``--preview`` card or Room Tile again to ``OUT/<id>.png``. Ctrl-C stops it.

Only the folders validation reads are watched, each on its own (not recursively): a link to a
folder is not followed, as the loader does not follow it (watching recursively followed a link
to ``/usr`` into 16 000 inotify watches, and one to ``/`` failed with a misleading error). A
folder made or removed while watching is taken in with the next batch of changes. At most
``MAX_FOLDERS`` folders are watched.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.infra.assets import PACKAGE_ROOT
from doria_forge.infra.terminal import printable, relative_path

if TYPE_CHECKING:  # pragma: no cover
    import typer


WATCHED_SUFFIXES = (".yaml", ".yml", ".png", ".jpg", ".jpeg", ".svg")
CONFIG_NAMES = ("doria-forge.yaml", "doria-forge.yml", "pyproject.toml")
"""The project's check configuration (``validate.config``), which validate reads beside the pack."""

MAX_FOLDERS = 2000
"""Most folders watched (each takes one inotify watch; Linux allows 8192 per user by default)."""


class TooManyFolders(ValueError):
    """The watched trees hold more than ``MAX_FOLDERS`` folders (a usage error)."""


@dataclass(frozen=True)
class Round:
    """One validation after a change: the ``problems`` count by severity and the previews drawn."""

    errors: int
    warnings: int
    previews: tuple[Path, ...]


def watched_folders(pack: Path) -> list[Path]:
    """The pack folder, the project's ``layouts/`` (also before it is made: watched from then on,
    as the project folder is watched) and the folders of the packs the pack requires, except packs
    shipped inside doria-forge (they change only with an upgrade)."""
    from doria_forge.commands import pipeline
    from doria_forge.packs import resolve
    from doria_forge.validate.packs import manifest_of

    root = pipeline.pack_folder(pack)
    folder = root if root.is_dir() else root.parent
    folders = [folder]
    folders.append(pipeline.project_dir(pack) / "layouts")
    from doria_forge.load import load_pack

    found = manifest_of(load_pack(folder).documents) if folder.is_dir() else None
    if found is not None:
        for required in resolve(folder, *found).packs:
            if not required.root.resolve().is_relative_to(PACKAGE_ROOT):
                folders.append(required.root)
    return folders


def folders_to_watch(roots: Iterable[Path]) -> list[Path]:
    """Every folder under ``roots`` that validation reads: not hidden, not reached through a
    link. Raises TooManyFolders past ``MAX_FOLDERS``."""
    found: list[Path] = []
    for root in roots:
        for folder, dirnames, _ in os.walk(root, followlinks=False):
            # os.walk lists links to folders among dirnames without entering them; keep them out
            dirnames[:] = sorted(d for d in dirnames
                                 if not d.startswith(".") and not os.path.islink(os.path.join(folder, d)))
            found.append(Path(folder))
            if len(found) > MAX_FOLDERS:
                raise TooManyFolders(f"more than {MAX_FOLDERS} folders to watch under {relative_path(str(root))}; "
                                     "watch a smaller pack folder")
    return found


def snapshot(roots: Iterable[Path], flat: Iterable[Path] = ()) -> dict[str, tuple[int, int]]:
    """``path -> (mtime in ns, size)`` of every :func:`relevant` file in the folders of ``roots``
    that validation reads (:func:`folders_to_watch`) and in the folders ``flat`` (their own files only)."""
    found: dict[str, tuple[int, int]] = {}
    for folder in _folders(roots, flat):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if relevant(entry.path):
                try:
                    st = entry.stat()
                except OSError:
                    continue
                found[entry.path] = (st.st_mtime_ns, st.st_size)
    return found


def _folders(roots: Iterable[Path], flat: Iterable[Path]) -> list[Path]:
    """:func:`folders_to_watch` of ``roots``, then each existing folder of ``flat`` not among them."""
    folders = folders_to_watch(roots)
    return folders + [f for f in flat if f.is_dir() and f not in folders]


def watch_changes(roots: list[Path], since: dict[str, tuple[int, int]] | None = None, flat: Iterable[Path] = (),
                  **options: Any) -> Iterator[set[tuple[Any, str]]]:
    """What ``watchfiles.watch`` yields for the folders of ``roots`` (see the module docstring),
    watched one by one; after a batch that makes or removes a folder the folders are listed
    again. ``since``: a :func:`snapshot` taken before the first report; once the watcher runs, the
    files changed since then come as one batch (the watcher starts after the first report, and a
    save made while it was written was seen only with the next save). Empty batches come too (a
    watcher's timeout). ``flat``: folders watched for their own files only (the project folder,
    for its check configuration). ``options`` go to ``watchfiles.watch``."""
    import watchfiles

    flat = list(flat)
    while True:
        folders = _folders(roots, flat)
        watched = {str(f) for f in folders}
        for batch in watchfiles.watch(*folders, recursive=False, yield_on_timeout=True,
                                      **{"rust_timeout": 500, **options}):
            if since is not None:  # the watcher runs: what changed before it comes with its first batch
                now = snapshot(roots, flat)
                batch = batch | {(watchfiles.Change.modified, path) for path in since.keys() | now.keys()
                                 if since.get(path) != now.get(path)}
                since = None
            yield batch
            if any(os.path.isdir(path) != (path in watched) for _, path in batch):
                break  # a folder came or went: list them again
        else:
            return


def relevant(path: str) -> bool:
    """Whether a changed file can change validation or a preview: YAML and card art, not hidden,
    and the project's check configuration (also ``pyproject.toml``)."""
    name = os.path.basename(path)
    return (name.lower().endswith(WATCHED_SUFFIXES) or name in CONFIG_NAMES) and not name.startswith(".")


def check(pack: Path, previews: Iterable[str], out: Path, echo: Callable[[str], None]) -> Round:
    """Validate ``pack``, print the report through ``echo``, and when it is valid render each of
    ``previews`` (card or tile ids) to ``out/<id>.png``."""
    from doria_forge.commands import pipeline
    from doria_forge.validate.formatters import format_result

    try:
        result = pipeline.validate(pack)
    except pipeline.UsageError as exc:
        echo(f"error: {exc}")
        return Round(1, 0, ())
    for line in format_result(result, "text").splitlines():
        echo(line)
    drawn: list[Path] = []
    if result.pack is not None:
        for item in previews:
            target = out / f"{item.replace(':', '_')}.png"
            try:
                drawn.append(pipeline.preview(result.pack, item, target, project=pipeline.project_dir(pack),
                                              folder_of_previews=True))
                echo(f"preview: {target}")
            except (pipeline.UsageError, pipeline.ExportFailed) as exc:
                echo(f"preview {item}: {exc}")
        if previews and not drawn:  # a preview drawn tidies the folder; none was (its card just deleted?)
            try:
                pipeline.tidy_previews(result.pack, out)
            except pipeline.UsageError as exc:
                echo(f"preview: {exc}")
    return Round(result.errors, result.warnings, tuple(drawn))


def run(pack: Path, changes: Iterable[set[tuple[object, str]]], *, previews: Iterable[str] = (),
        out: Path = Path("build/preview"), echo: Callable[[str], None] = print) -> list[Round]:
    """Check once, then once per batch of ``changes`` that touches a relevant file (see
    :func:`relevant`); returns every round. ``changes`` is what ``watchfiles.watch`` yields."""
    previews = list(previews)
    rounds = [check(pack, previews, out, echo)]
    for batch in changes:
        changed = sorted({path for _, path in batch if relevant(path)})
        if not changed:
            continue
        # a file named with `\x1b[31m` reached the terminal raw, unlike the report's lines under it
        echo(f"--- {time.strftime('%H:%M:%S')} changed: {', '.join(printable(relative_path(p)) for p in changed)}")
        rounds.append(check(pack, previews, out, echo))
    return rounds


def register(app: typer.Typer) -> None:
    """Add ``watch`` to the command line ``app``."""
    import typer

    from doria_forge.commands import cli_values

    @app.command("watch")
    def watch(
        pack: Path = cli_values.pack_argument("Pack folder."),
        preview: list[str] | None = typer.Option(None, "--preview", help="A card or Room Tile id to draw again "
                                                 "after every change (repeatable)."),
        out: Path | None = cli_values.out_option("Folder for the preview PNGs", "build/preview"),
    ) -> None:
        """Validate again on every save (YAML and card art) and refresh the previews; Ctrl-C stops."""
        from doria_forge.commands import pipeline
        from doria_forge.load import PackPathError, check_pack_path

        try:  # not a pack: a usage error now, not a message at every save while watching its folder
            check_pack_path(pipeline.pack_folder(pack))
        except PackPathError as exc:
            typer.echo(f"error: {pipeline.no_pack(pack, exc)}", err=True)
            raise typer.Exit(2) from None
        given = out is not None
        out = out or pipeline.default_output(pack, "preview")
        folders = watched_folders(pack)
        try:
            folders_to_watch(folders)
            # a folder no preview can be written to is a usage error now, not at every save; one
            # given without --preview too, as every command refuses such an --out
            if preview or given:
                pipeline.check_output(out, folder=True, sources=pipeline.sources(pack))
        except (TooManyFolders, pipeline.OutputError) as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"watching {', '.join(relative_path(str(f)) for f in folders if f.is_dir())} (Ctrl-C stops)")
        # the project folder itself for its check configuration (doria-forge.yaml, pyproject.toml):
        # a check switched on or off there was seen only with the next save of a pack file
        flat = [pipeline.project_dir(pack)]
        changes = watch_changes(folders, since=snapshot(folders, flat), flat=flat, raise_interrupt=True,
                                debounce=300)
        run(pack, changes, previews=preview or [], out=out, echo=typer.echo)
