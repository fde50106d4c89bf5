"""The spreadsheet commands (:mod:`doria_forge.commands.spreadsheet` reads and writes the
sheets): ``import FILE --kind KIND``, ``export xlsx`` and ``export csv``, their options and exit
codes. The sheet code is imported when one of them runs, so the other commands start without it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model import ContentPack


def register(app: typer.Typer, export_app: typer.Typer, validated: Callable[..., ContentPack],
             fail: Callable[[int, str], None], with_dependencies_opt: Any,  # Any: as typer.Option returns it
             printing: Callable[[ContentPack, bool], ContentPack]) -> None:
    """Add ``import`` to ``app`` and ``xlsx`` and ``csv`` to ``export_app`` (see :mod:`doria_forge.commands.cli`)."""
    from doria_forge.commands import cli_values

    @app.command("import")
    def import_(
        file: Path = typer.Argument(..., metavar="FILE",
                                    help="A .xlsx workbook or .csv file; the first row names the columns."),
        kind: str = typer.Option(..., "--kind", help="What each row is: a kind such as monster_level, equipment."),
        out: Path | None = typer.Option(None, "--out", parser=cli_values.out_path,
                                        help="YAML file to write (default: FILE with .yaml)."),
        sheet: str | None = typer.Option(None, "--sheet", help="Workbook sheet (default: the one named KIND, "
                                         "else the first)."),
        force: bool = typer.Option(False, "--force", help="Update --out in place if it exists: documents with the "
                                   "sheet's ids changed, new ones added, comments and other documents kept."),
        prune: bool = typer.Option(False, "--prune", help="With --force: also remove the documents of KIND the "
                                   "sheet does not name."),
    ) -> None:
        """Turn spreadsheet rows into YAML documents; every problem at FILE:ROW:COLUMN."""
        from doria_forge.commands import pipeline
        from doria_forge.commands.spreadsheet import default_output, import_file
        from doria_forge.infra.terminal import relative_path
        from doria_forge.validate.formatters import text_line

        if prune and not force:
            # a new file has nothing to remove, and an existing one is not touched without --force:
            # --prune alone was dropped without a word
            fail(2, "--prune removes from the file --force updates the documents the sheet does not name; "
                    "give --force too")
        target = out or default_output(file)
        try:
            # it writes into a pack on purpose, never into its project's layouts/ or templates/ (not content)
            pipeline.check_output(target, folder=False, sources=[file, *_project_folders(target)])
            written, problems, count = import_file(file, kind, target, sheet=sheet, force=force, prune=prune,
                                                   shown=relative_path(file))
        except (ValueError, pipeline.UsageError) as exc:
            fail(2, str(exc))
        except OSError as exc:
            fail(2, f"cannot write {exc.filename or target}: {exc.strerror or exc}")
        for problem in problems:
            typer.echo(text_line(problem))
        if written is None:
            errors = sum(p.is_error for p in problems)
            where: object = file
            if any(p.is_error and p.file == str(target) for p in problems):
                where = f"{target}, the file --force updates: fix it first or choose another --out"
            typer.echo(f"nothing written: {errors} problem{'' if errors == 1 else 's'} in {where}")
            raise typer.Exit(1)
        typer.echo(f"{count} {kind} document{'' if count == 1 else 's'}: {written}")

    def _project_folders(target: Path) -> list[Path]:
        """The ``layouts/`` and ``templates/`` of the project around ``target``, where they exist."""
        from doria_forge.commands.outputs import source_paths
        from doria_forge.packs import find_project_pack

        pack = find_project_pack(target.parent)
        return source_paths(pack, pack.parent)[1:] if pack is not None else []

    def export_kinds(pack: Path, out: Path, kind: list[str] | None, with_dependencies: bool,
                     write: Callable[[ContentPack, Path, list[str] | None], Path | list[Path]], *,
                     folder: bool) -> Any:
        from doria_forge.commands import pipeline

        try:  # never into the pack's sources, never onto a device; checked before the pack is validated
            pipeline.check_output(out, folder=folder, sources=pipeline.sources(pack))
        except pipeline.UsageError as exc:
            fail(2, str(exc))
        content = printing(validated(pack, quiet_when_clean=True), with_dependencies)
        try:
            return write(content, out, kind)
        except (ValueError, pipeline.UsageError) as exc:
            fail(2, str(exc))
        except OSError as exc:
            fail(2, f"cannot write {exc.filename or out}: {exc.strerror or exc}")

    kind_opt = typer.Option(None, "--kind", help="Only this kind (repeatable).")

    @export_app.command("xlsx")
    def export_xlsx_command(
        pack: Path = cli_values.pack_argument(),
        out: Path | None = cli_values.out_option("Workbook to write, a sheet per kind", "build/content.xlsx",
                                                 file=True),
        kind: list[str] | None = kind_opt,
        with_dependencies: bool = with_dependencies_opt,
    ) -> None:
        """Write the documents as one workbook, a sheet per kind, that `doria-forge import` reads back."""
        from doria_forge.commands import pipeline
        from doria_forge.commands.spreadsheet import export_xlsx

        out = out or pipeline.default_output(pack, "content.xlsx")
        if out.suffix.lower() != ".xlsx":  # import tells a workbook by its name
            fail(2, f"cannot write {out}: export xlsx writes a workbook, which import reads only from a .xlsx "
                 "file; give --out a .xlsx file")
        typer.echo(str(export_kinds(pack, out, kind, with_dependencies, export_xlsx, folder=False)))

    @export_app.command("csv")
    def export_csv_command(
        pack: Path = cli_values.pack_argument(),
        out: Path | None = cli_values.out_option("Folder for the <kind>.csv files", "build/csv"),
        kind: list[str] | None = kind_opt,
        with_dependencies: bool = with_dependencies_opt,
    ) -> None:
        """Write each kind's documents as a CSV file (UTF-8 with a byte-order mark) that `doria-forge import`
        reads back."""
        from doria_forge.commands import pipeline
        from doria_forge.commands.spreadsheet import export_csv

        out = out or pipeline.default_output(pack, "csv")
        for path in export_kinds(pack, out, kind, with_dependencies, export_csv, folder=True):
            typer.echo(str(path))
