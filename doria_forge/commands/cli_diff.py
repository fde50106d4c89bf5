"""The ``diff`` command (:mod:`doria_forge.commands.diff` compares the versions): its options and
exit codes. The comparison is imported when the command runs, so the other commands start
without it."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    """Add ``diff`` to the command line ``app``."""
    from doria_forge.commands import cli_values

    @app.command("diff")
    def diff(
        old: str = typer.Argument(..., metavar="OLD",
                                 help="The old version: a pack folder or a git revision (v0.1.0, HEAD~1)."),
        new: str | None = typer.Argument(None, metavar="NEW",
                                          help="The new version (default: the pack folder as it is now)."),
        pack: Path = typer.Option(Path("content"), "--pack", parser=cli_values.pack_path,
                                  help="The pack folder whose git history a revision reads (default: content/, else "
                                  "the pack around the working folder)."),
        format: str = typer.Option("text", "--format", "-f", help="text or json."),
    ) -> None:
        """Show which cards changed which fields between two versions of a pack (folders or git revisions)."""
        from doria_forge.commands import pipeline
        from doria_forge.commands.diff import (
            DiffError,
            VersionInvalid,
            check_comparable,
            check_same_pack,
            compare,
            load_version,
        )
        from doria_forge.infra.terminal import escape_json_text

        if format not in ("text", "json"):
            typer.echo("error: --format is text or json", err=True)
            raise typer.Exit(2)
        pack = pipeline.pack_folder(pack)  # the pack around the working folder when content/ is not here
        revisions = [spec for spec in (old, new) if spec is not None and not Path(spec).is_dir()]
        if (new is None or revisions) and not pack.is_dir():
            # NEW defaults to it and a revision is read from its history: not a version typed; a
            # folder typed wrong (`diff old_pack new_pak`) is such a revision, named first
            read = f"{revisions[0]!r} is not a folder, and " if revisions else ""
            typer.echo(f"error: {read}--pack {pack} is not a pack folder{' to read it from' if read else ''} "
                       "(the folder holding pack.yaml, default content/)", err=True)
            raise typer.Exit(2)
        try:
            check_comparable(old, new if new is not None else str(pack), pack)
            before = load_version(old, pack)
            after = load_version(new if new is not None else str(pack), pack)
            check_same_pack(before, after, old, new if new is not None else str(pack))
        except DiffError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        except VersionInvalid as exc:
            # --format json: the one JSON document on stdout is the failing version's validate report,
            # as every --format json command prints on a pack that fails validation
            pipeline.write_validation(exc.result, format)
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from None
        result = compare(before, after)
        if format == "json":
            typer.echo(escape_json_text(json.dumps(result.to_data(), indent=2, sort_keys=True, ensure_ascii=False)))
        else:
            for line in result.lines():
                typer.echo(line)
