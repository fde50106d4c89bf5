"""The print commands of the ``doria-forge`` command line: ``export pdf``, ``export png``,
``export tts`` and ``preflight``. Registered on the main app by :func:`register`; they parse
options, run :mod:`doria_forge.commands.pipeline_print` stages and map outcomes to exit codes (0 ok,
1 content or print problems, 2 usage errors), like the rest of :mod:`doria_forge.commands.cli`."""

from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any

import typer

from doria_forge.commands import cli_values, pipeline, pipeline_print

PACK_ARG = cli_values.pack_argument()
LAYOUT_OPT = typer.Option(None, "--layout", help="Layout file or name (print-and-play, gutter-fold), overlaid on the "
                          "project's layout.")
CARD_SIZE_OPT = typer.Option(None, "--card-size", help="poker, mini-american, mini-euro, mini-pod (the print shops' "
                             "1.75 x 2.5 in), tile or WxH in mm, for every deck; DECK=SIZE for one deck (repeatable, "
                             "e.g. --card-size boss=poker).")


class Language(str, Enum):
    en = "en"
    de = "de"


LANG_OPT = typer.Option(Language.en, "--lang", help="Language of the cards and sheets: en (English edition) "
                        "or de (German edition: name_de, text_de... and German labels).")


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"


class ReportFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"


def register(app: typer.Typer, export_app: typer.Typer, validated: Callable, fail: Callable[[int, str], None],
             with_dependencies_opt: Any, printing: Callable) -> None:  # Any: as typer.Option returns it
    """Add the print commands to ``app`` / ``export_app``; ``validated(pack, quiet_when_clean=True)``
    validates a pack (exiting on problems), ``fail(code, message)`` prints an error and exits,
    ``printing(content, with_dependencies)`` chooses what an expansion's export prints."""

    run = partial(pipeline.run_stage, fail)

    def with_progress(label: str, total: int, stage: Callable, *args: Any, progress: bool = True,
                      **kwargs: Any) -> Any:
        from doria_forge.infra.terminal import progress_bar

        def drawn() -> Any:
            with progress_bar(label, enabled=progress) as bar:
                task = bar.add_task(label, total=total)
                return stage(*args, progress=lambda n: bar.advance(task, n), **kwargs)

        # the error of a stage is printed once its bar is gone: printed under a live bar, it ran on
        # after the bar's text, which then was drawn again below it and erased, a blank line left
        return run(drawn)

    @export_app.command("pdf")
    def export_pdf(
        pack: Path = PACK_ARG,
        out: Path | None = cli_values.out_option("Folder for the PDF files", "build/pdf, with --changed-since "
                                                 "build/errata"),
        paper: Paper | None = typer.Option(None, "--paper", help="Paper size (overrides the layout)."),
        card_size: list[str] | None = CARD_SIZE_OPT,
        bleed: float | None = typer.Option(None, "--bleed", parser=cli_values.bleed_mm, help="Bleed in mm."),
        one_per_page: bool = typer.Option(False, "--one-per-page", help="One card per page (print on demand)."),
        layout: str | None = LAYOUT_OPT,
        profile: str | None = typer.Option(None, "--profile", help="Print profile: thegamecrafter, drivethrucards, "
                                           "makeplayingcards, home-a4, home-letter."),
        duplex_offset: str | None = typer.Option(None, "--duplex-offset", help="X,Y in mm: move the backs to meet "
                                                 "the fronts (measure with duplex_calibration.pdf); not with a "
                                                 "gutter fold."),
        with_dependencies: bool = with_dependencies_opt,
        changed_since: str | None = typer.Option(None, "--changed-since", help="Only the cards added or changed "
                                                 "since this version (a folder or git revision): an errata sheet."),
        lang: Language = LANG_OPT,
    ) -> None:
        """Write print-ready PDF sheets: card decks, Room Tiles, character sheets, scenarios."""
        # an errata run into the full export's folder mixed its few sheets with the full export's: a
        # folder sent to print whole reprinted every deck beside them, and the next full export's files
        # stood beside the errata sheet
        out = out or pipeline.default_output(pack, "pdf" if changed_since is None else "errata")
        options = dict(paper=paper.value if paper else None, card_size=card_size, bleed=bleed,
                       one_per_page=one_per_page, layout=layout, profile=profile, duplex_offset=duplex_offset)
        run(pipeline_print.sheet_overrides, project=pipeline.project_dir(pack), **options)  # usage errors first
        content = printing(validated(pack, quiet_when_clean=True), with_dependencies)
        changes = None
        if changed_since is not None:
            changes = run(pipeline_print.errata_changes, content, pack, changed_since)
            whole, content = content, content.printing(changes.touched)
            if not content.own and not changes.removed:
                typer.echo(f"no card changed since {changed_since}: nothing to print")
                return
        reprint = changes is None or bool(content.own)  # an errata run without changed cards: the sheet only
        paths = run(pipeline_print.export_pdf, content, out, project=pipeline.project_dir(pack), lang=lang.value,
                    errata=changes is not None, **options) if reprint else []
        if changes is not None:  # the change list with the pack's version, beside the reprinted cards
            paths.append(run(pipeline_print.write_errata_sheet, whole, out, changed_since, changes,
                             project=pipeline.project_dir(pack), lang=lang.value, **options))
        for p in paths:
            typer.echo(str(p))

    @export_app.command("png")
    def export_png(
        pack: Path = PACK_ARG,
        out: Path | None = cli_values.out_option("Folder for the images", "build/png"),
        profile: str = typer.Option("thegamecrafter", "--profile", help="Print profile giving bleed, safe zone "
                                    "and resolution."),
        dpi: int | None = typer.Option(None, "--dpi", min=72, max=1200, help="Resolution (default: the profile's)."),
        card_size: list[str] | None = CARD_SIZE_OPT,
        bleed: float | None = typer.Option(None, "--bleed", parser=cli_values.bleed_mm,
                                           help="Bleed in mm (default: the profile's)."),
        layout: str | None = LAYOUT_OPT,
        progress: bool = cli_values.PROGRESS_OPT,
        with_dependencies: bool = with_dependencies_opt,
        lang: Language = LANG_OPT,
    ) -> None:
        """Write one PNG per card face and back, with bleed, for print-on-demand shops."""
        out = out or pipeline.default_output(pack, "png")
        run(pipeline_print.overrides, project=pipeline.project_dir(pack), profile=profile, card_size=card_size,
            bleed=bleed, layout=layout)
        content = printing(validated(pack, quiet_when_clean=True), with_dependencies)
        paths = with_progress("drawing card images", pipeline_print.cards_to_print(content), pipeline_print.export_png,
                              content, out, project=pipeline.project_dir(pack), dpi=dpi, profile=profile,
                              card_size=card_size, bleed=bleed, layout=layout, progress=progress, lang=lang.value)
        typer.echo(f"{len(paths) - 1} images and {paths[-1]}")

    @export_app.command("tts")
    def export_tts(
        pack: Path = PACK_ARG,
        out: Path | None = cli_values.out_option("Folder for the deck sheets and Saved Object", "build/tts"),
        base_url: str | None = typer.Option(None, "--base-url", help="Address the images will be hosted at; "
                                            "without it the Saved Object uses local file URLs (author only)."),
        card_size: list[str] | None = CARD_SIZE_OPT,
        layout: str | None = LAYOUT_OPT,
        progress: bool = cli_values.PROGRESS_OPT,
        with_dependencies: bool = with_dependencies_opt,
        lang: Language = LANG_OPT,
    ) -> None:
        """Write Tabletop Simulator deck sheets, Room Tiles and a Saved Object."""
        out = out or pipeline.default_output(pack, "tts")
        run(pipeline_print.check_base_url, base_url)
        run(pipeline_print.overrides, project=pipeline.project_dir(pack), card_size=card_size, layout=layout)
        content = printing(validated(pack, quiet_when_clean=True), with_dependencies)
        paths = with_progress("drawing deck sheets", pipeline_print.cards_to_print(content), pipeline_print.export_tts,
                              content, out, project=pipeline.project_dir(pack), base_url=base_url,
                              card_size=card_size, layout=layout, progress=progress, lang=lang.value)
        for p in paths:
            if p.suffix == ".json" or p.parent == out:
                typer.echo(str(p))

    @app.command("preflight")
    def preflight(
        pack: Path = PACK_ARG,
        profile: str = typer.Option(..., "--profile", help="Print profile: thegamecrafter, drivethrucards, "
                                    "makeplayingcards, home-a4, home-letter (or a profile file)."),
        card_size: list[str] | None = CARD_SIZE_OPT,
        layout: str | None = LAYOUT_OPT,
        format: ReportFormat = typer.Option(ReportFormat.text, "--format", "-f", help="Report format."),
    ) -> None:
        """Check a pack against a print profile: cut text, safe zone, art, deck sizes, backs.

        Every problem is reported at the card's file:line; exit 1 when any is an error."""
        run(pipeline_print.overrides, project=pipeline.project_dir(pack), profile=profile, card_size=card_size,
            layout=layout)
        # a failing validation's report is validate's JSON on stdout, as build's: stdout held nothing
        content = validated(pack, format, quiet_when_clean=True, stderr=format is ReportFormat.json)
        result = run(pipeline_print.preflight, content, project=pipeline.project_dir(pack), profile=profile,
                     card_size=card_size, layout=layout)
        pipeline.write_validation(result, format.value)
        raise typer.Exit(pipeline.validation_exit_code(result))
