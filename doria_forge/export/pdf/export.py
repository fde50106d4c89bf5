"""Export a whole ContentPack to print PDFs: one per deck, plus Room Tiles, sheets and scenarios.

Decks (layout names, also the file names ``<name>.pdf``): the format-neutral composition of
``export.decks`` (which cards, which deck, how many copies, which back), drawn here; Room Tiles
print at true size (5 x ``room_tile_square_mm``). Then ``character_sheets``, ``campaign_sheets``:
full pages; ``scenarios``: pages from ``templates/``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from doria_forge.i18n import current, t
from doria_forge.infra import assets as _assets
from doria_forge.infra.fsutil import written_together
from doria_forge.model import ContentPack

from ..decks import DeckPlan, compose_decks, printed_cards
from .card import CardBack, CardFace, with_deck_footers
from .compose import Face, PrintCard, write_calibration_page, write_card_sheets, write_pages
from .errors import ExportError, OptionError, UnknownItemError
from .faces import back_spec, card_fronts
from .layout import DECKS, LayoutFile, LayoutOverrides, SheetLayout, load_layout, paper_fit_error
from .scenario import names_as_written, write_scenarios
from .sheets import campaign_sheet_faces, character_sheet_faces
from .spec import CardSpec
from .tiles import RoomTileFace

# doria-forge's own templates/ and layouts/ are the project of last resort: a designer's project
# that has none of its own prints with these (doria_forge.infra.assets finds them in a wheel or a checkout).
DEFAULT_LAYOUT_FILE, DEFAULT_TEMPLATES_DIR = _assets.DEFAULT_LAYOUT_FILE, _assets.DEFAULT_TEMPLATES_DIR
log = logging.getLogger(__name__)
project_assets = _assets.project_assets


@dataclass(frozen=True)
class Deck:
    """A printable deck: layout ``name`` (also its file stem), ``title`` for the PDF, the cards in
    print order, and a card size that nothing may override (Room Tiles)."""

    name: str
    title: str
    cards: tuple[PrintCard, ...]
    fixed_card_size: str | None = None


@dataclass(frozen=True)
class Item:
    """One printable thing a preview can show: ``kind:id``, its deck and front face."""

    ref: str
    deck: str
    face: Face


def items(pack: ContentPack) -> list[Item]:
    """Every card and tile front the pack prints once, in deck order (ids sorted within a kind):
    for an expansion only its own (``export.decks.printed_cards``)."""
    fronts = {front.ref: front for front in card_fronts(pack)}
    cards = list(printed_cards(pack))
    decks: dict[str, list[CardSpec]] = {}
    for card in cards:
        if card.ref in fronts:
            decks.setdefault(card.deck, []).append(fronts[card.ref].spec)
    specs = {key: spec for deck in decks.values() for key, spec in with_deck_footers(deck).items()}
    out = []
    for card in cards:
        front = fronts.get(card.ref)
        if front is not None:
            out.append(Item(card.ref, card.deck, CardFace(specs[front.spec.key], front.origin)))
        else:  # a Room Tile draws itself
            out.append(Item(card.ref, card.deck, RoomTileFace(pack.room_tiles[card.doc_id],
                                                              pack.origin(card.kind, card.doc_id))))
    return out


def card_printer(pack: ContentPack) -> Callable[[DeckPlan], tuple[PrintCard, ...]]:
    """The faces of a deck of ``pack`` (``export.decks.compose_decks``) as the cards to print:
    each card's front and back face, repeated for its copies. Every export format draws its
    cards with these faces, so PDFs, images and virtual-table decks agree."""
    faces = {item.ref: item.face for item in items(pack)}
    back_faces: dict[str, Face] = {}

    def back(key: str) -> Face:
        if key not in back_faces:
            back_faces[key] = CardBack(back_spec(key))
        return back_faces[key]

    def print_cards(plan: DeckPlan) -> tuple[PrintCard, ...]:
        out: list[PrintCard] = []
        for card in plan.cards:
            out += [PrintCard(faces[card.ref], back(card.back), card.ref)] * card.copies
        return tuple(out)

    return print_cards


def build_decks(pack: ContentPack) -> list[Deck]:
    """The card decks of the pack in print order (``export.decks.compose_decks``) with their
    faces; decks without cards are left out. Each :class:`PrintCard` carries its ``kind:id`` as
    ``ref``; a card printed in several copies repeats."""
    print_cards = card_printer(pack)
    return [Deck(plan.name, plan.title, print_cards(plan), plan.fixed_card_size) for plan in compose_decks(pack)]


def find_item(pack: ContentPack, item_id: str) -> Item:
    """The printable item with id ``item_id`` (or ``kind:id`` when ids repeat across kinds).

    Raises ``UnknownItemError`` (an ``ExportError``) for an unknown id, listing close ids, or an
    ambiguous one, listing the ``kind:id`` forms to use. Any card of the resolved game is found,
    an expansion's or one of a pack it requires.
    """
    everything = items(pack.printing(None))
    if ":" in item_id:
        matches = [i for i in everything if i.ref == item_id]
    else:
        matches = [i for i in everything if i.ref.split(":", 1)[1] == item_id]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise UnknownItemError(f"id {item_id!r} names several things: {', '.join(m.ref for m in matches)}; "
                          "give one of these")
    import difflib

    ids = sorted({i.ref.split(':', 1)[1] for i in everything})
    near = difflib.get_close_matches(item_id.split(":")[-1], ids, n=5)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    # a scenario or campaign id is no typo: it prints as a page, not a card ("did you mean goblin?")
    sheet = {"scenario": "scenarios.pdf", "campaign": "campaign_sheets.pdf"}
    for kind, documents in (("scenario", pack.scenarios), ("campaign", pack.campaigns)):
        if item_id in documents:
            hint = f": {item_id!r} is a {kind}, printed as a page of {sheet[kind]} by export pdf"
    raise UnknownItemError(f"no card or Room Tile with id {item_id!r} in the pack{hint}")


def export_pdfs(pack: ContentPack, out_dir: Path, layout: LayoutOverrides | None = None, *,
                layout_file: Path | None = DEFAULT_LAYOUT_FILE,
                templates_dir: Path = DEFAULT_TEMPLATES_DIR, errata: bool = False) -> list[Path]:
    """Write every printable PDF of ``pack`` into ``out_dir`` and return their paths in order.
    ``errata``: the pack prints only the cards changed since a version (``export pdf
    --changed-since``), so the sheets of an earlier export in ``out_dir`` are of decks it still has.

    One PDF per deck (see the module docstring), then ``character_sheets.pdf``,
    ``campaign_sheets.pdf`` (for a pack printing only part of the game, ``ContentPack.own``: when
    it prints heroes, campaigns), ``scenarios.pdf`` (when the pack prints scenarios) and
    ``duplex_calibration.pdf`` (when the layout asks for a calibration page). The layout is
    ``layout_file`` (the project's ``layouts/default.yaml`` by default; a missing default file means
    built-in defaults) with ``layout.profile_file`` and ``layout.layout_file`` overlaid and the rest
    of ``layout`` (command-line options) on top, see :func:`layout_data_for`. Each file is written
    atomically, and none unless every one could be drawn. Same pack and layout give byte-identical
    files.

    Raises ``ExportError`` for layout problems (a card that does not fit the paper, a layout file
    with mistakes, each at ``file:line:column``) and template errors; ``OptionError`` (one) when
    only ``layout``'s command-line values make a card the paper cannot hold.
    """
    layout_data = layout_data_for(layout, layout_file)
    out_dir = Path(out_dir)
    written: list[Path] = []
    decks = [(deck, layout_data.for_deck(deck.name, layout, fixed_card_size=deck.fixed_card_size))
             for deck in build_decks(pack)]
    # every deck's card size is fitted to its paper before the first file is written: a size that
    # does not fit stopped the export halfway, with some decks' PDFs written and the rest not
    check_sheets(decks, layout_data, layout, lambda _, sheet: paper_fit_error(sheet))
    for message in guides_left_out(decks):
        log.warning("%s", message)
    # a template error in the scenario booklet (or no room for a ruler) stopped the export after
    # the decks' PDFs were written: the files are kept until every one of them is drawn
    with written_together(out_dir):
        for deck, sheet in decks:
            written.append(write_card_sheets(out_dir / f"{deck.name}.pdf", deck.cards, sheet,
                                             f"{pack.info.display_name}: {deck.title}"))
        sheets = layout_data.for_deck("sheets", layout)
        # The blank sheets belong to a whole game: a pack printing part of one (an expansion, an errata
        # sheet) prints them only with its own heroes or campaigns.
        if pack.own is None or pack.own_of_kind("character"):
            written.append(write_pages(out_dir / "character_sheets.pdf", character_sheet_faces(pack), sheets,
                                       f"{pack.info.display_name}: {t('Character Sheets')}"))
        if pack.own is None or pack.own_of_kind("campaign"):
            written.append(write_pages(out_dir / "campaign_sheets.pdf", campaign_sheet_faces(pack), sheets,
                                       f"{pack.info.display_name}: {t('Campaign Overview Sheets')}"))
        if pack.own_of_kind("scenario"):
            as_written = names_as_written(pack, current()) if current() != "en" else []
            if as_written:
                # The designers' texts (name_de, story_de...), the template's own words (the filter t,
                # i18n.LABELS) and the sentences generated from the data (the words' describe_de) print
                # in German; a flag or a scenario's own marker its scenario's names_de does not name
                # prints as written inside them: say which, rather than hand over a partly English page.
                log.warning("scenarios.pdf prints these names of flags and markers as the scenarios write them, "
                            "in the German sentences too (their scenario's names_de gives no German name for "
                            "them; validate shows where): %s", ", ".join(as_written))
            written.append(write_scenarios(out_dir / "scenarios.pdf", pack,
                                           layout_data.for_deck("scenarios", layout), templates_dir))
        if sheets.calibration_page and sheets.duplex != "none":
            written.append(write_calibration_page(out_dir / "duplex_calibration.pdf", sheets,
                                                  f"{pack.info.display_name}: {t('Duplex Calibration')}"))
    stale = left_from_earlier(out_dir, written)
    if errata and stale:
        # each was called a sheet the pack "prints no such sheet now; delete it": the full export's
        # sheets of the decks no card of the errata is in, which the pack still prints
        log.warning("%s also holds %s from an earlier export: this errata export prints only the changed cards, "
                    "and a folder sent to print whole reprints those sheets beside them; export the errata into "
                    "a folder of its own (--out)", out_dir, ", ".join(path.name for path in stale))
    for path in [] if errata else stale:
        log.warning("%s is left from an earlier export: %s prints no such sheet now; delete it before the folder "
                    "goes to print", path, pack.info.display_name)
    return written


SHEET_GUIDES = (("crop_marks", "crop marks"), ("cut_lines", "cut lines"), ("ruler", "the 100 mm ruler"))
"""The layout keys that draw guides around the cards of a sheet, and what they draw."""


def guides_left_out(decks: Iterable[tuple[Any, SheetLayout]]) -> list[str]:
    """What to say of the guides (:data:`SHEET_GUIDES`) the layout asks for on decks (``(deck, its
    sheet)``, a deck has ``name``) printed one card per page, which leaves them out: a page of one
    card is the card with its bleed, cut at its TrimBox, with no paper beyond the bleed for them.
    A layout asking for crop marks (the shipped default) printed none, without a word."""
    asked: dict[tuple[str, ...], list[str]] = {}
    for deck, sheet in decks:
        keys = tuple(key for key, _ in SHEET_GUIDES if sheet.one_per_page and getattr(sheet, key))
        if keys:
            asked.setdefault(keys, []).append(deck.name)
    messages = []
    for keys, names in asked.items():
        what = [words for key, words in SHEET_GUIDES if key in keys]
        listed = what[0] if len(what) == 1 else ", ".join(what[:-1]) + " and " + what[-1]
        messages.append(f"{listed} {'is' if what == ['the 100 mm ruler'] else 'are'} not printed one card per page "
                        f"({', '.join(names)}): each page is the card with its bleed, and its TrimBox tells the print "
                        "shop where to cut; to cut by hand, print sheets (without --one-per-page or one_per_page: "
                        f"true), or set {', '.join(f'{key}: false' for key in keys)} to leave this note out")
    return messages


def check_sheets(decks: Iterable[tuple[Any, SheetLayout]], layout_data: LayoutFile, layout: LayoutOverrides | None,
                 problem: Callable[[str, SheetLayout], str | None]) -> None:
    """Raise for the first of ``decks`` (``(deck, its sheet)``; a deck has ``name`` and
    ``fixed_card_size``) whose sheet has a ``problem`` (``problem(deck name, sheet)``: the message,
    or None): ``OptionError`` when the layout files alone (``layout_data`` without the command
    line's ``layout``) have none, the options being the mistake, else ``ExportError``."""
    for deck, sheet in decks:
        found = problem(deck.name, sheet)
        if found is None:
            continue
        files_alone = layout_data.for_deck(deck.name, fixed_card_size=deck.fixed_card_size)
        if layout is not None and problem(deck.name, files_alone) is None:
            raise OptionError(found)
        raise ExportError(found)


PDF_NAMES = frozenset({*(f"{deck}.pdf" for deck in DECKS if deck != "sheets"), "character_sheets.pdf",
                       "campaign_sheets.pdf", "duplex_calibration.pdf"})
"""Every file name :func:`export_pdfs` may write (a deck's sheets are ``<deck>.pdf``)."""


def left_from_earlier(out_dir: Path, written: list[Path]) -> list[Path]:
    """The files in ``out_dir`` named as :func:`export_pdfs` names its PDFs (:data:`PDF_NAMES`)
    that this export did not write: an earlier export's sheets of a deck the pack no longer has
    (a folder uploaded to a print shop is printed whole). Said, not deleted: the name alone does
    not prove doria-forge wrote the file."""
    names = {path.name for path in written}
    return sorted(path for path in Path(out_dir).glob("*.pdf") if path.name in PDF_NAMES - names and path.is_file())


def layout_data_for(layout: LayoutOverrides | None, layout_file: Path | None) -> LayoutFile:
    """The layout in force: ``layout_file`` (the missing default file means built-in defaults), with
    ``layout.profile_file`` and then ``layout.layout_file`` overlaid key by key. Raises
    ``ExportError`` (a ``LayoutError``) for a file with mistakes."""
    if layout_file is None or (layout_file == DEFAULT_LAYOUT_FILE and not layout_file.is_file()):
        data = LayoutFile()
    else:
        data = load_layout(layout_file)
    if layout is not None:
        for extra in (layout.profile_file, layout.layout_file):
            if extra is not None:
                data = data.overlay(load_layout(extra))
    return data
