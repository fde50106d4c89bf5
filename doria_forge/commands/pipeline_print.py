"""Print stages composed for the CLI: layouts and print profiles by name, PDF, per-card PNG and
Tabletop Simulator exports, preflight and errata (the checks ``validate`` adds with the print code are
in :mod:`doria_forge.commands.print_checks`).

Like :mod:`doria_forge.commands.pipeline`, each function takes the validated ContentPack (or a validation
result) and the options; errors become :class:`~doria_forge.commands.pipeline.UsageError` (exit 2, a bad
option or name), :class:`~doria_forge.commands.pipeline.ExportFailed` (exit 1, content or a layout file
with mistakes) or :class:`~doria_forge.commands.pipeline.OutputError`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.commands.pipeline import (
    ExportFailed,
    UsageError,
    _writing,
    check_output,
    pack_folder,
    write_validation,
)

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # the models are built when a command runs, not for --help
    from typing import TypedDict, Unpack

    from doria_forge.commands.diff import PackDiff
    from doria_forge.export.layouts import LayoutFile, LayoutOverrides
    from doria_forge.load import Problem
    from doria_forge.model import ContentPack
    from doria_forge.validate import ValidationResult

    class LayoutOptions(TypedDict, total=False):
        """The layout options of :func:`overrides` that the print stages pass on to it."""

        paper: str | None
        card_size: list[str] | str | None
        bleed: float | None
        one_per_page: bool
        layout: str | Path | None
        profile: str | None
        duplex_offset: str | None


def layout_folders(project: Path | None) -> list[Path]:
    """Where named layouts and print profiles are looked up: the project's ``layouts/``, then
    doria-forge's own."""
    from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE

    folders = [Path(project) / "layouts"] if project is not None else []
    return [*folders, DEFAULT_LAYOUT_FILE.parent]


def find_layout(value: str | Path | None, project: Path | None) -> Path | None:
    """``--layout`` / ``--profile`` value to a file: an existing file as given, else a layout or
    profile name (``print-and-play``, ``thegamecrafter``, ``tgc``). Raises UsageError."""
    if value is None:
        return None
    path = Path(value)
    if path.is_file():
        return path
    from doria_forge.export.layouts import named_layout

    if path.suffix.lower() in (".yaml", ".yml") or len(path.parts) > 1:
        from doria_forge.load.files import describe_mode

        try:  # a folder or FIFO was "not found", though the user sees it there
            what = describe_mode(path.stat().st_mode)
        except OSError:
            raise UsageError(f"layout file not found: {value}") from None
        raise UsageError(f"layout file {value} is {what}, not a file")
    try:
        return named_layout(str(value), layout_folders(project))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def overrides(*, project: Path | None = None, paper: str | None = None, card_size: list[str] | str | None = None,
              bleed: float | None = None, one_per_page: bool = False, layout: str | Path | None = None,
              profile: str | None = None, duplex_offset: str | None = None) -> LayoutOverrides:
    """Command-line layout options as ``LayoutOverrides``. Raises UsageError for bad values and for a
    ``duplex_offset`` the layout cannot apply (a gutter fold), ExportFailed for a layout file with
    mistakes when it has to be read for that."""
    from doria_forge.export.layouts import make_overrides

    # A preset (print-and-play) is accepted as a profile too: it is a layout without shop limits.
    profile_file = find_layout(profile, project)
    try:
        result = make_overrides(paper=paper, card_size=card_size, bleed=bleed, one_per_page=one_per_page,
                                layout_file=find_layout(layout, project), profile_file=profile_file,
                                duplex_offset=duplex_offset)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if result.duplex_offset_mm is not None:
        _check_offset_applies(result, project)
    return result


def sheet_overrides(*, project: Path | None = None, **options: Unpack[LayoutOptions]) -> LayoutOverrides:
    """:func:`overrides` for the PDF sheets of ``export pdf``, which also refuses one card per page
    and a gutter fold asked for together (UsageError). Only sheets have a layout to fold: a PNG or
    Tabletop Simulator image is one card (or one deck grid) whatever the layout's ``sheet``."""
    result = overrides(project=project, **options)
    _check_page_or_fold(result, project, layout=options.get("layout"), profile=options.get("profile"))
    return result


def _check_page_or_fold(layout_overrides: LayoutOverrides, project: Path | None, *, layout: str | Path | None,
                        profile: str | None) -> None:
    """Refuse one card per page and a gutter fold asked for together on the command line
    (UsageError, see ``doria_forge.export.layouts.page_fold_conflict``); a layout file with mistakes
    is ExportFailed."""
    from doria_forge.export.errors import ExportError
    from doria_forge.export.layouts import load_layout, page_fold_conflict

    files = [(f"{option} {typed}", path) for option, typed, path in (
        ("--profile", profile, layout_overrides.profile_file), ("--layout", layout, layout_overrides.layout_file))
        if path is not None]
    if not files:  # --one-per-page alone replaces a project layout's fold; its mistakes are validate's to report
        return
    try:
        chosen = [(option, load_layout(path)) for option, path in files]
        conflict = page_fold_conflict(_layout_data(layout_overrides, project), layout_overrides, chosen)
    except ExportError as exc:
        raise ExportFailed(str(exc)) from None
    if conflict:
        raise UsageError(conflict)


def _check_offset_applies(layout_overrides: LayoutOverrides, project: Path | None) -> None:
    """Refuse a ``--duplex-offset`` the layout in force has no duplex backs for (UsageError, see
    ``doria_forge.export.layouts.offset_conflict``); a layout file with mistakes is ExportFailed."""
    from doria_forge.export.errors import ExportError
    from doria_forge.export.layouts import offset_conflict

    try:
        conflict = offset_conflict(_layout_data(layout_overrides, project), layout_overrides)
    except ExportError as exc:
        raise ExportFailed(str(exc)) from None
    if conflict:
        raise UsageError(conflict)


def _layout_data(layout_overrides: LayoutOverrides, project: Path | None) -> LayoutFile:
    from doria_forge.export import pdf

    layout_file, _ = pdf.project_assets(project)
    return pdf.export.layout_data_for(layout_overrides, layout_file)


def offsets_left_out(layout_overrides: LayoutOverrides, project: Path | None, *, layout: str | Path | None = None,
                     profile: str | None = None) -> list[Problem]:
    """Warnings at the layout files' ``duplex_offset_mm`` keys that a gutter fold leaves out
    (``doria_forge.export.layouts.offsets_left_out``): the project's layout, then ``--profile``
    and ``--layout`` as typed (``layout``, ``profile``), in the order :func:`_layout_data` overlays them."""
    from doria_forge.export import pdf
    from doria_forge.export.layouts import offsets_left_out as left_out
    from doria_forge.infra.terminal import relative_path

    layout_file, _ = pdf.project_assets(project)
    files = [(layout_file, relative_path(layout_file), "")] if layout_file.is_file() else []
    for path, chosen in ((layout_overrides.profile_file, f"--profile {profile}"),
                         (layout_overrides.layout_file, f"--layout {layout}")):
        if path is not None:
            files.append((path, relative_path(path), chosen))
    return left_out(files, layout_overrides)


@contextmanager
def _export_errors(out: Path, lang: str = "en") -> Iterator[None]:
    """Export errors as pipeline errors, the export printed in ``lang`` (``doria_forge.i18n``)."""
    from doria_forge.export.errors import ExportError, OptionError, UnknownItemError
    from doria_forge.i18n import language

    try:
        with _writing(out), language(lang):
            yield
    except (UnknownItemError, OptionError) as exc:
        raise UsageError(str(exc)) from None
    except ExportError as exc:
        raise ExportFailed(str(exc)) from None


def untranslated_edition(pack: ContentPack, lang: str) -> None:
    """Warn when edition ``lang`` is printed of a pack whose manifest does not list it
    (``languages``): its cards print the English texts under the edition's labels. The German
    edition of a pack written for English came out half English without a word, where validate
    checks the translations only of the languages the manifest lists."""
    if pack.info is None or lang in pack.info.languages:
        return
    log.warning("%s is written for %s (languages in its pack.yaml), not %s: its cards print their English texts "
                "in this edition; add %s to languages and validate lists each text to translate "
                "(missing-translation)", pack.info.display_name, ", ".join(pack.info.languages), lang, lang)


def export_pdf(pack: ContentPack, out: Path, *, project: Path | None = None, lang: str = "en", errata: bool = False,
               **options: Unpack[LayoutOptions]) -> list[Path]:
    """Every PDF of the pack into folder ``out`` (see ``doria_forge.export.pdf.export_pdfs``) with the
    layout options of :func:`overrides` (``paper``, ``card_size``, ``bleed``, ``one_per_page``,
    ``layout``, ``profile``, ``duplex_offset``) in edition ``lang`` (``en`` or ``de``); ``errata``: the
    pack prints the cards changed since a version (``--changed-since``); returns the
    paths. Raises UsageError for bad layout options (see :func:`sheet_overrides`), OutputError when
    ``out`` cannot be written, ExportFailed for content (or a layout file) that cannot be drawn."""
    from doria_forge.export import pdf
    from doria_forge.export.decks import shop_size_advice

    layout_overrides = sheet_overrides(project=project, **options)
    check_output(Path(out), folder=True)
    for problem in offsets_left_out(layout_overrides, project, layout=options.get("layout"),
                                    profile=options.get("profile")):
        log.warning("%s: %s", problem.location, problem.message)
    layout_file, templates_dir = pdf.project_assets(project)
    untranslated_edition(pack, lang)
    with _export_errors(Path(out), lang):
        layout_data = _layout_data(layout_overrides, project)
        if layout_data.profile is not None and layout_data.profile.container == "png":
            # as export png says of a shop that takes PDFs: the shop takes no PDF of cards
            log.warning("%s takes one PNG image per card face, not PDFs: upload the images of export png "
                        "--profile instead", layout_data.profile.name)
        # the PDFs uploaded to DriveThruCards printed their mini decks without a word, where
        # export png and preflight name the sizes the shop makes
        for advice in shop_size_advice(pack, layout_data, layout_overrides):
            log.warning("%s", advice)
        return pdf.export_pdfs(pack, Path(out), layout_overrides, layout_file=layout_file,
                               templates_dir=templates_dir, errata=errata)


def export_png(pack: ContentPack, out: Path, *, project: Path | None = None, dpi: int | None = None,
               progress: Callable[[int], None] | None = None, lang: str = "en",
               **options: Unpack[LayoutOptions]) -> list[Path]:
    """One PNG per card face and back into folder ``out`` (``doria_forge.export.png``), at the
    profile's (or ``dpi``) resolution; returns the paths, manifest last."""
    from doria_forge.export.png import export_pngs

    layout_overrides = overrides(project=project, **options)
    if dpi is not None:
        layout_overrides = layout_overrides.model_copy(update={"dpi": dpi})
    check_output(Path(out), folder=True)
    untranslated_edition(pack, lang)
    with _export_errors(Path(out), lang):
        return export_pngs(pack, Path(out), _layout_data(layout_overrides, project), layout_overrides,
                           progress=progress)


def export_tts(pack: ContentPack, out: Path, *, project: Path | None = None, base_url: str | None = None,
               progress: Callable[[int], None] | None = None, lang: str = "en",
               **options: Unpack[LayoutOptions]) -> list[Path]:
    """Tabletop Simulator deck sheets, tiles and Saved Object into folder ``out``
    (``doria_forge.export.tts``); returns the paths, the Saved Object last."""
    from doria_forge.export.tts import export_tts as write_tts

    check_base_url(base_url)
    layout_overrides = overrides(project=project, **options)
    check_output(Path(out), folder=True)
    untranslated_edition(pack, lang)
    with _export_errors(Path(out), lang):
        return write_tts(pack, Path(out), _layout_data(layout_overrides, project), layout_overrides,
                         base_url=base_url, progress=progress)


def check_base_url(base_url: str | None) -> None:
    """Refuse a ``--base-url`` that is not an http(s) or file address (UsageError): an empty one
    would point nowhere, a ``javascript:`` one or one with quotes or line breaks would reach the
    other players' tables (``export.tts.base_url_problem``)."""
    from doria_forge.export.tts import base_url_problem

    if base_url is not None and base_url_problem(base_url):
        raise UsageError(base_url_problem(base_url))


def errata(pack: ContentPack, pack_path: Path, old: str) -> ContentPack:
    """``pack`` printing only the documents added or changed since version ``old`` (a folder or a git
    revision of ``pack_path``, see ``doria_forge.commands.diff``). Raises UsageError for a version that
    cannot be read, ExportFailed when it does not validate."""
    return pack.printing(errata_changes(pack, pack_path, old).touched)


def errata_changes(pack: ContentPack, pack_path: Path, old: str) -> PackDiff:
    """What changed in ``pack`` since version ``old`` (a ``doria_forge.commands.diff.PackDiff``);
    raises as :func:`errata`, after printing the problems of an ``old`` that does not validate
    (stderr)."""
    from doria_forge.commands.diff import (
        DiffError,
        VersionInvalid,
        check_comparable,
        check_same_pack,
        compare,
        load_version,
    )

    folder = pack_folder(Path(pack_path))  # the pack around the working folder when content/ is not here, as `diff`
    try:
        check_comparable(old, str(folder), folder)
        before = load_version(old, folder)
        check_same_pack(before, pack, old, str(folder))
    except DiffError as exc:  # its words are `diff`'s, whose OLD is an argument: name the option
        raise UsageError(f"--changed-since: {exc}") from None
    except VersionInvalid as exc:
        write_validation(exc.result, "text", stderr=True)  # its problems, each at file:line:column
        raise ExportFailed(str(exc)) from None
    # the old version printing what ``pack`` prints: with --with-dependencies (``own`` None) the packs
    # it requires too, whose cards were every one "added" (an expansion's errata reprinted the base game)
    before = before.printing(pack.own) if pack.own is None else before
    changes = compare(before, pack)
    changes.reprinted = _faces_changed(before, pack) - changes.touched
    return changes


def _faces_changed(before: ContentPack, after: ContentPack) -> frozenset[tuple[str, str]]:
    """The ``(kind, id)`` of every card both versions print whose front differs (what it prints
    of other documents counted: a document can be unchanged while its card is not), in every
    language the pack is written for. Art is compared by its file's bytes: the two versions
    lie in different folders."""
    import hashlib
    from dataclasses import replace

    from doria_forge.export.pdf.faces import card_fronts
    from doria_forge.i18n import language

    def faces(pack: ContentPack) -> dict[tuple[str, str, str], Any]:
        found: dict[tuple[str, str, str], Any] = {}
        for lang in pack.info.languages:
            with language(lang):
                for front in card_fronts(pack):
                    art = front.spec.art
                    if art:
                        try:
                            art = hashlib.sha256(Path(art).read_bytes()).hexdigest()
                        except OSError:
                            pass  # a missing picture compares by its name
                    kind, doc_id = front.ref.split(":", 1)
                    found[lang, kind, doc_id] = (replace(front.spec, art=art), front.deck)
        return found

    old, new = faces(before), faces(after)
    return frozenset((kind, doc_id) for (lang, kind, doc_id), face in new.items()
                     if old.get((lang, kind, doc_id), face) != face)


def write_errata_sheet(pack: ContentPack, out: Path, since: str, changes: PackDiff, *, project: Path | None = None,
                       lang: str = "en", **options: Unpack[LayoutOptions]) -> Path:
    """The errata sheet (``doria_forge.export.pdf.errata``) into folder ``out``, on the paper of the
    layout's sheets (the layout options of :func:`overrides`); returns its path."""
    from doria_forge.export.pdf.errata import ERRATA_FILE, write_errata

    layout_overrides = sheet_overrides(project=project, **options)
    with _export_errors(Path(out), lang):
        sheets = _layout_data(layout_overrides, project).for_deck("scenarios", layout_overrides)
        return write_errata(Path(out) / ERRATA_FILE, pack, since, changes, sheets)


def cards_to_print(pack: ContentPack) -> int:
    """How many card faces and backs an image export draws (for a progress bar's total)."""
    from doria_forge.export.decks import compose_decks

    return sum(plan.count for plan in compose_decks(pack))


def preflight(pack: ContentPack, *, project: Path | None = None,
              **options: Unpack[LayoutOptions]) -> ValidationResult:
    """Check ``pack`` against the print profile in ``options["profile"]``: a validation-style result
    whose problems are at the cards' ``file:line:column`` (``doria_forge.export.preflight``)."""
    from doria_forge.export.preflight import preflight as run
    from doria_forge.validate import SourceMap, ValidationResult

    layout_overrides = overrides(project=project, **options)
    with _export_errors(Path(".")):
        problems = run(pack, _layout_data(layout_overrides, project), layout_overrides)
    problems = sorted([*problems, *offsets_left_out(layout_overrides, project, layout=options.get("layout"),
                                                    profile=options.get("profile"))])
    # the files of the cards checked: an expansion's own ("0 errors in 71 files" of a pack of 5
    # files counted the base pack's too, whose cards it does not print)
    files = tuple(sorted({origin.rsplit(":", 2)[0] for (kind, doc_id), origin in pack.origins.items()
                          if kind == "pack" or pack.is_own(kind, doc_id)}))
    return ValidationResult(problems=tuple(problems), pack=pack, source_map=SourceMap([]), files=files)
