"""Print layout as data: paper, card sizes, bleed, safe zone, margins, crop marks, duplex, sheets,
print-on-demand, and vendor print profiles, read from YAML layout files.

A layout file (``layouts/*.yaml``) has up to three blocks, each optional::

    profile:  {name: The Game Crafter, container: png, ...}   # what a print shop takes (PrintProfile)
    defaults: {paper: a4, bleed_mm: 3, ...}                    # every deck
    decks:    {loot: {card_size: mini_american}, ...}          # one deck

Layouts merge; later wins, key by key:

1. the built-in defaults of :class:`SheetLayout` (A4, 3 mm bleed, crop marks, long-edge duplex);
2. the project's ``layouts/default.yaml`` (doria-forge's own when the project has none);
3. a print profile or preset chosen by name (``--profile thegamecrafter``);
4. ``--layout FILE`` (overlaid, not replacing: it only says what it changes);
5. command-line options (``--paper``, ``--card-size [DECK=]SIZE``, ``--bleed``, ...).

Within one layout, ``defaults`` apply to every deck and ``decks.NAME`` to one deck.

Layout files are read by the content loader (:func:`doria_forge.load.load_text`), so every mistake
(YAML syntax, a non-UTF-8 byte, an unknown key, a bad value) is a :class:`~doria_forge.load.Problem`
at ``file:line:column``; :func:`load_layout` raises :class:`LayoutError` carrying them.

This module draws nothing and imports no PDF library, so ``validate`` can check layouts quickly.
All lengths are millimetres (suffix ``_mm``) unless a name ends in ``_pt`` (points, 1/72 inch).
"""

import difflib
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, ValidationError, field_validator

from doria_forge.infra.assets import layout_files, layouts_folder_of
from doria_forge.load import LoadedDocument, Problem, Severity, load_text
from doria_forge.load.files import PackFileError, read_confined
from doria_forge.model.common import StrictScalars, empty_dict, empty_list

from .errors import ExportError
from .layout_names import LAYOUT_RULE, normalise_name

MM_PER_INCH = 25.4
MM_TO_PT = 72.0 / MM_PER_INCH

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

# Portrait width x height. "tile" is derived from the Room Tile square size (5 x 5 squares).
CARD_PRESETS_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "mini_american": (41.0, 63.0),
    "mini_euro": (44.0, 68.0),
    # The print-on-demand shops' mini card: 1.75 x 2.5 in (The Game Crafter, MakePlayingCards)
    "mini_pod": (44.45, 63.5),
}
ROOM_TILE_SQUARES = 5  # a Room Tile is 5 x 5 squares (rulebook, GAME CONTENT > Room Tiles)
CARD_SIDE_MM = (20.0, 400.0)
"""Smallest and largest card side in mm: smaller cannot hold a legible card, larger no printer takes."""

DECKS: tuple[str, ...] = ("loot", "monster", "monster_level", "boss", "hero", "standard_items", "campaign_items",
                          "door_events", "room_tiles", "sheets", "scenarios")
"""Deck names a layout's ``decks:`` block (and ``--card-size DECK=SIZE``) may name; ``sheets`` are the
Character and Campaign Sheets, ``scenarios`` the scenario pages."""

PAGE_DECKS: dict[str, str] = {"room_tiles": "Room Tiles print at their size of 5 x 5 squares",
                              "sheets": "the Character and Campaign Sheets fill the paper",
                              "scenarios": "the scenario pages fill the paper"}
"""The decks of :data:`DECKS` whose size ``--card-size`` cannot set (a layout file's ``decks:`` block
still sets their paper, margins and the rest)."""

_CUSTOM_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")

CardSize = Annotated[str, Field(max_length=40)]
"""A card size as :func:`resolve_card_size` takes it (a preset name or ``WxH``); a longer text is no
size, and was echoed whole in the message refusing it."""

Paper = Literal["a4", "letter"]
Duplex = Literal["long_edge", "short_edge", "none"]
DeckName = Literal["loot", "monster", "monster_level", "boss", "hero", "standard_items", "campaign_items",
                   "door_events", "room_tiles", "sheets", "scenarios"]



class LayoutError(ExportError):
    """A layout file has problems; ``problems`` locate each at ``file:line:column``.

    ``str()`` is one line per problem, ``file:line:column: message``, in the order of the file."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (p.file, p.line, p.column))
        super().__init__("\n".join(_one_line(p) for p in self.problems))


def _one_line(problem: Problem) -> str:
    prefix = "invalid YAML: " if problem.rule_id == "yaml-syntax" else ""
    return f"{problem.file}:{problem.line}:{problem.column}: {prefix}{' '.join(problem.message.split())}"


def mm(value_mm: float) -> float:
    """Millimetres to points."""
    return value_mm * MM_TO_PT


def resolve_card_size(spec: str, room_tile_square_mm: float = 25.4) -> tuple[float, float]:
    """Card size ``(width_mm, height_mm)`` for a preset name or a custom ``"WxH"`` in mm.

    Presets: ``poker`` 63.5 x 88.9, ``mini_american`` 41 x 63, ``mini_euro`` 44 x 68, ``mini_pod``
    44.45 x 63.5 (1.75 x 2.5 in, the print-on-demand shops' mini card), ``tile``
    (5 x ``room_tile_square_mm`` square). Custom: ``"70x120"`` or ``"70 x 120 mm"``, each side
    within :data:`CARD_SIDE_MM`. Raises ``ExportError`` for anything else.
    """
    key = spec.strip().lower().replace("-", "_").replace(" ", "_")
    if key in CARD_PRESETS_MM:
        return CARD_PRESETS_MM[key]
    if key in ("tile", "square", "square_tile", "room_tile"):
        side = ROOM_TILE_SQUARES * room_tile_square_mm
        return (side, side)
    match = _CUSTOM_SIZE.match(spec)
    if match:
        w, h = float(match.group(1)), float(match.group(2))
        low, high = CARD_SIDE_MM
        if low <= w <= high and low <= h <= high:
            return (w, h)
        raise ExportError(f"card size {spec!r} is out of range: each side must be {low:g} to {high:g} mm")
    presets = ", ".join([*CARD_PRESETS_MM, "tile"])
    raise ExportError(f"unknown card size {spec!r}: use one of {presets} or a custom size like '70x120' (mm)")


def _check_card_size(value: str | None) -> str | None:
    if value is not None:
        try:
            resolve_card_size(value)
        except ExportError as exc:
            raise ValueError(str(exc)) from None
    return value


_LAYOUT_CONFIG = ConfigDict(extra="forbid", frozen=True, defer_build=True, allow_inf_nan=False, str_max_length=20_000)
"""Of every layout model (each a :class:`StrictScalars`: ``bleed_mm: "3"`` is an error, as in a content
document, not 3). str_max_length: as of a content document's texts (a profile's notes took any length).
allow_inf_nan: YAML reads `.nan` and `.inf` as numbers, and no length
is either (a duplex offset of .nan drew every back at `-nan`, an operand no PDF reader takes)."""


class _Partial(StrictScalars):
    """Every field optional: a block that only says what it changes (see :class:`SheetLayout`)."""

    model_config = _LAYOUT_CONFIG

    paper: Paper | None = None
    card_size: CardSize | None = None
    keep_card_size: bool | None = None
    bleed_mm: float | None = Field(default=None, ge=0, le=20)
    safe_mm: float | None = Field(default=None, ge=0, le=20)
    margin_mm: float | None = Field(default=None, ge=0, le=50)
    gap_mm: float | None = Field(default=None, ge=0, le=50)
    crop_marks: bool | None = None
    crop_mark_length_mm: float | None = Field(default=None, gt=0, le=20)
    crop_mark_offset_mm: float | None = Field(default=None, ge=0, le=20)
    crop_mark_width_pt: float | None = Field(default=None, gt=0, le=2)
    edge_clearance_mm: float | None = Field(default=None, ge=0, le=30)
    duplex: Duplex | None = None
    duplex_offset_mm: tuple[float, float] | None = None
    sheet: Literal["grid", "gutter_fold"] | None = None
    gutter_mm: float | None = Field(default=None, ge=0, le=60)
    ruler: bool | None = None
    cut_lines: bool | None = None
    calibration_page: bool | None = None
    one_per_page: bool | None = None
    page_order: Literal["front_back", "back_front"] | None = None
    rotation: Literal[0, 90, 180, 270] | None = None
    colour: Literal["rgb", "cmyk"] | None = None
    ink_limit_percent: int | None = Field(default=None, ge=100, le=400)
    output_condition: str | None = Field(default=None, max_length=200)
    dpi: int | None = Field(default=None, ge=72, le=1200)
    room_tile_square_mm: float | None = Field(default=None, gt=5, le=60)

    @field_validator("paper", mode="before")
    @classmethod
    def _lower_paper(cls, value: object) -> object:
        return value.lower() if isinstance(value, str) else value

    @field_validator("card_size")
    @classmethod
    def _known_card_size(cls, value: str | None) -> str | None:
        return _check_card_size(value)

    @field_validator("duplex_offset_mm")
    @classmethod
    def _small_offset(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is not None and any(abs(v) > 20 for v in value):
            raise ValueError("a duplex offset above 20 mm is not printer drift; check the calibration page")
        return value

    def set_fields(self) -> dict[str, object]:
        """The layout keys this block sets (``None`` means "not set")."""
        return {k: v for k, v in self.model_dump().items() if k in _Partial.model_fields and v is not None}


class DeckLayout(_Partial):
    """A layout block: ``defaults:`` or ``decks: {NAME: {...}}`` (only the keys it changes)."""

    def overlay(self, top: _Partial | None) -> "DeckLayout":
        """This block with ``top``'s set keys on top."""
        if top is None:
            return self
        return DeckLayout.model_validate({**self.set_fields(), **top.set_fields()})


class LayoutOverrides(_Partial):
    """What the command line changes: ``--paper``, ``--card-size``, ``--bleed``, ``--one-per-page``
    and friends for every deck, ``deck_card_sizes`` (``--card-size boss=poker``) for one deck each.
    A card size does not apply to Room Tiles, whose size comes from ``room_tile_square_mm``; nor to
    sheets and scenario pages, which use the whole paper. ``profile_file`` (``--profile NAME``) is
    overlaid on the project's layout, then ``layout_file`` (``--layout``)."""

    layout_file: Path | None = None
    profile_file: Path | None = None
    # The list and dict fields here take model.common's factories, not the builtins (see
    # empty_list): a builtin's was the one signature a cold validate parsed from its text,
    # compiling tokenize's patterns for it (0.7% of its instructions).
    deck_card_sizes: dict[DeckName, CardSize] = Field(default_factory=empty_dict)

    @field_validator("deck_card_sizes")
    @classmethod
    def _known_deck_sizes(cls, value: dict[str, str]) -> dict[str, str]:
        for size in value.values():
            _check_card_size(size)
        return value


def parse_card_sizes(values: list[str] | str | None) -> tuple[str | None, dict[str, str]]:
    """``--card-size`` values to ``(size for every deck, {deck: size})``: ``poker`` sets every deck,
    ``boss=poker`` one deck (repeatable). Raises ``ValueError`` for an unknown deck or size, and
    for two sizes of every deck or of one deck (the last one was taken without a word)."""
    if values is None:
        return None, {}
    everyone: str | None = None
    per_deck: dict[str, str] = {}
    given: dict[str, str] = {}  # deck ("" for every deck) -> the value that sized it
    for value in [values] if isinstance(values, str) else values:
        deck, sep, size = value.partition("=")
        key = deck.strip().lower().replace("-", "_") if sep else ""
        if key in given and given[key] != value:
            raise ValueError(f"--card-size {given[key]!r} and --card-size {value!r} give "
                             f"{'every deck' if not key else key} two sizes; give one")
        given[key] = value
        if not sep:
            everyone = value
            continue
        deck = deck.strip().lower().replace("-", "_")
        if deck not in DECKS:
            near = difflib.get_close_matches(deck, DECKS, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else f"; decks: {', '.join(DECKS)}"
            raise ValueError(f"--card-size {value!r}: unknown deck {deck!r}{hint}")
        if deck in PAGE_DECKS:
            # their size is fixed (a Room Tile's 5 x 5 squares) or a page: a size here was ignored without a word
            raise ValueError(f"--card-size {value!r}: {deck} has no card size to change ({PAGE_DECKS[deck]}); "
                             f"the card decks: {', '.join(d for d in DECKS if d not in PAGE_DECKS)}")
        per_deck[deck] = size.strip()
    return everyone, per_deck


def parse_offset(value: str | None) -> tuple[float, float] | None:
    """``--duplex-offset "X,Y"`` (mm) to ``(x, y)``. Raises ``ValueError`` for anything else."""
    if value is None:
        return None
    parts = value.replace(";", ",").split(",")
    try:
        x, y = (float(p) for p in parts)
        if not (math.isfinite(x) and math.isfinite(y)):  # float() reads "nan" and "inf"
            raise ValueError
    except ValueError:
        raise ValueError(f"--duplex-offset {value!r}: give two numbers in mm, X,Y (for example 0.5,-1)") from None
    return (x, y)


def make_overrides(*, paper: str | None = None, card_size: str | list[str] | None = None,
                   bleed: float | None = None, one_per_page: bool | None = None, layout_file: Path | None = None,
                   duplex_offset: str | None = None, profile_file: Path | None = None) -> LayoutOverrides:
    """Command-line options to :class:`LayoutOverrides`; ``None`` or ``False`` leaves the layout as is.

    ``card_size`` is a size for every deck or ``DECK=SIZE`` (a list may mix both). Raises
    ``ValueError`` with a one-line message for an unknown paper, deck or card size, a card side
    outside 20-400 mm, a negative bleed, a bad duplex offset or a layout file that does not exist.
    """
    if layout_file is not None and not Path(layout_file).is_file():
        raise ValueError(f"layout file not found: {layout_file}")
    everyone, per_deck = parse_card_sizes(card_size)
    try:
        return LayoutOverrides(paper=paper, card_size=everyone, bleed_mm=bleed,
                               one_per_page=True if one_per_page else None,
                               duplex_offset_mm=parse_offset(duplex_offset),
                               layout_file=Path(layout_file) if layout_file else None,
                               profile_file=Path(profile_file) if profile_file else None,
                               deck_card_sizes=per_deck)
    except ValidationError as exc:
        raise ValueError("; ".join(_option_message(e) for e in exc.errors())) from None


OPTION_OF_FIELD = {"paper": "--paper", "card_size": "--card-size", "deck_card_sizes": "--card-size",
                   "bleed_mm": "--bleed", "duplex_offset_mm": "--duplex-offset"}
"""The command-line option that sets each field of :class:`LayoutOverrides`."""


def _option_message(error: Mapping[str, Any]) -> str:
    """A problem of a command-line value, named by the option the user typed (``--bleed``), not by
    the layout field it sets (``bleed_mm``)."""
    option = OPTION_OF_FIELD.get(str(error["loc"][0])) if error["loc"] else None
    if option is None:
        return _pydantic_message(error)
    return f"{option}: {str(error['msg']).removeprefix('Value error, ')}"


CARD_DECKS: tuple[str, ...] = tuple(deck for deck in DECKS if deck not in ("sheets", "scenarios"))
"""The decks of :data:`DECKS` printed with backs (sheets and scenario pages have none)."""


def gutter_folded(layout: "LayoutFile", overrides: LayoutOverrides | None = None,
                  decks: tuple[str, ...] | list[str] = CARD_DECKS) -> list[str]:
    """The decks of ``decks`` that ``layout`` (with ``overrides``) prints as a gutter fold (``sheet:
    gutter_fold`` without ``one_per_page``), in the order given.

    Their backs print on the fronts' side of the paper and are folded behind them: a duplex offset
    has nothing to move there (:func:`offset_conflict`, and a layout file's own offset: see
    :func:`check_layout_text`)."""
    return [deck for deck in decks if (sheet := layout.for_deck(deck, overrides)).sheet == "gutter_fold"
            and not sheet.one_per_page]


def _offset_refused(offset: str, folded: list[str], fix: str, *, preset: str = "") -> str:
    """The one-line message refusing ``offset`` (how the user gave it) for the ``folded`` decks."""
    return f"{offset} does not go with a gutter fold {_why_no_offset(folded, preset)}; {fix}"


def _why_no_offset(folded: list[str], preset: str) -> str:
    """Why an offset has nothing to move on the ``folded`` decks (``preset``: where the fold comes from)."""
    which = "" if folded == list(CARD_DECKS) else f" for {', '.join(folded)}"
    return (f"({preset}sheet: gutter_fold{which}): its backs print on the same side of the paper as their "
            f"fronts and are folded behind them, so there is no duplex drift to correct")


def offset_conflict(layout: "LayoutFile", overrides: LayoutOverrides) -> str | None:
    """Why ``overrides.duplex_offset_mm`` (``--duplex-offset``) cannot apply to ``layout``, as a
    one-line message naming both options, or ``None`` when it applies (or is not given).

    A deck printed as a gutter fold (:func:`gutter_folded`) has no duplex drift to correct. Refused,
    not ignored: the user would print a sheet they believe corrected."""
    if overrides.duplex_offset_mm is None:
        return None
    folded = gutter_folded(layout, overrides)
    if not folded:
        return None
    return _offset_refused("--duplex-offset", folded, "leave out --duplex-offset", preset="--layout gutter-fold, or ")


def page_fold_conflict(layout: "LayoutFile", overrides: LayoutOverrides,
                       chosen: Sequence[tuple[str, "LayoutFile"]]) -> str | None:
    """Why the command line asks for one card per page and a gutter fold at once, as a one-line
    message naming the options that asked for each, or ``None``.

    ``layout`` is the layout in force (``overrides`` on top), ``chosen`` the layout files the
    command line named, each with the option as typed (``--profile gutter-fold``). One card per
    page (``one_per_page``: a print-on-demand shop's page per card face) has no sheet to fold, so it
    won and the fold the user also asked for was dropped without a word. Only a conflict the
    command line makes is refused: a project layout's fold under ``--profile drivethrucards`` is
    the project's home print, which the shop's profile replaces as a later layer should."""
    decks = [deck for deck in CARD_DECKS if (sheet := layout.for_deck(deck, overrides)).one_per_page
             and sheet.sheet == "gutter_fold"]
    if not decks:
        return None

    def asking(key: str, value: object) -> list[str]:
        return [f"{option} ({key}: {str(value).lower()})" for option, data in chosen
                if any(block.set_fields().get(key) == value
                       for block in (data.defaults, *(data.decks[d] for d in decks if d in data.decks)))]

    pages = ["--one-per-page"] * bool(overrides.one_per_page) + asking("one_per_page", True)
    folds = asking("sheet", "gutter_fold")
    if not pages or not folds:
        return None

    def prints(options: list[str]) -> str:
        return f"{' and '.join(options)} {'print' if len(options) > 1 else 'prints'}"

    return (f"{prints(pages)} each card on a page of its own, for a print-on-demand shop, and {prints(folds)} "
            f"fronts and backs on one sheet to fold: a page of one card has no sheet to fold; leave out one of them")


def _pydantic_message(error: Mapping[str, Any]) -> str:
    message = str(error["msg"]).removeprefix("Value error, ")
    where = ".".join(map(str, error["loc"]))
    return f"{where}: {message}" if where else message


class SheetLayout(StrictScalars):
    """A resolved layout for one deck. Lengths in mm.

    Card and paper: ``paper``, ``card_size`` (a preset or ``WxH``), ``room_tile_square_mm``;
    ``keep_card_size`` keeps a deck's size when ``--card-size`` changes every deck (Boss Monster
    cards need poker size for their table of four levels; ``--card-size boss=SIZE`` still changes it).

    ``bleed_mm`` is added on every side of each card; art is drawn into it, text stays inside the trim
    minus ``safe_mm`` (the safe zone). Crop marks sit outside the bleed: they start
    ``crop_mark_offset_mm`` beyond the outer bleed edge of the grid and run ``crop_mark_length_mm``.
    ``edge_clearance_mm`` (home printing) is the printer's unprintable border: the grid keeps inside
    it, crop marks are shortened or left out where they would reach into it, and nothing is drawn there.

    With ``duplex`` the backs follow each sheet on the next page, mirrored so they land behind their
    fronts when printed double-sided (long edge: mirrored left-right; short edge: top-bottom), moved by
    ``duplex_offset_mm`` (x, y as the back page is printed) to correct a printer's drift; with
    ``calibration_page`` the export adds ``duplex_calibration.pdf`` to measure that drift.
    ``sheet: gutter_fold`` puts fronts and backs on one page instead (fronts above the fold line,
    backs below, turned), for printers without duplex; ``gutter_mm`` is the gap around the fold.
    ``ruler`` prints a 100 mm scale on every sheet, to check the print is at 100 %; ``cut_lines``
    hairlines along the trim edges across the block of cards (where a home printer's border leaves
    no room for crop marks).

    ``one_per_page`` makes one page per card face the size of the card plus bleed, with TrimBox and
    BleedBox set, for print-on-demand shops: ``page_order`` front then back or back then front,
    ``rotation`` in degrees clockwise; each back is moved on its page by ``duplex_offset_mm`` as on a
    sheet. A gutter fold has no use for an offset (its backs print on the fronts' side).
    ``colour: cmyk`` writes CMYK colours (at most ``ink_limit_percent`` total ink) and declares
    ``output_condition`` as the PDF's output intent.
    ``dpi`` is the resolution of per-card images and the least resolution of card art.
    """

    model_config = _LAYOUT_CONFIG

    paper: Paper = "a4"
    card_size: CardSize = "poker"
    keep_card_size: bool = False
    bleed_mm: float = Field(default=3.0, ge=0, le=20)
    safe_mm: float = Field(default=3.0, ge=0, le=20)
    margin_mm: float = Field(default=5.0, ge=0, le=50)
    gap_mm: float = Field(default=0.0, ge=0, le=50)
    crop_marks: bool = True
    crop_mark_length_mm: float = Field(default=4.0, gt=0, le=20)
    crop_mark_offset_mm: float = Field(default=1.0, ge=0, le=20)
    crop_mark_width_pt: float = Field(default=0.3, gt=0, le=2)
    edge_clearance_mm: float = Field(default=0.0, ge=0, le=30)
    duplex: Duplex = "long_edge"
    duplex_offset_mm: tuple[float, float] = (0.0, 0.0)
    sheet: Literal["grid", "gutter_fold"] = "grid"
    gutter_mm: float = Field(default=12.0, ge=0, le=60)
    ruler: bool = False
    cut_lines: bool = False
    calibration_page: bool = False
    one_per_page: bool = False
    page_order: Literal["front_back", "back_front"] = "front_back"
    rotation: Literal[0, 90, 180, 270] = 0
    colour: Literal["rgb", "cmyk"] = "rgb"
    ink_limit_percent: int = Field(default=300, ge=100, le=400)
    output_condition: str | None = None
    dpi: int = Field(default=300, ge=72, le=1200)
    room_tile_square_mm: float = Field(default=25.4, gt=5, le=60)

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPER_SIZES_MM[self.paper]

    @property
    def card_mm(self) -> tuple[float, float]:
        return resolve_card_size(self.card_size, self.room_tile_square_mm)

    def merged(self, *blocks: _Partial | None) -> "SheetLayout":
        data = self.model_dump()
        for block in blocks:
            if block is not None:
                data.update(block.set_fields())
        return SheetLayout.model_validate(data)


class PrintProfile(StrictScalars):
    """What a print shop (or a home printer) takes, beside the layout keys it sets.

    ``name`` as shown; ``aliases`` other names ``--profile`` accepts; ``container`` ``pdf`` (one PDF
    per deck) or ``png`` (one image per card face and back); ``trim_sizes`` the card sizes it makes
    (empty: any); ``max_deck_cards`` the most cards one deck may hold (``None``: no limit);
    ``needs_backs`` whether every card needs a back; ``notes`` where the figures come from. Bleed,
    safe zone, resolution (``dpi``), colour, page order and rotation are layout keys of the same file.
    """

    model_config = _LAYOUT_CONFIG

    name: str = Field(max_length=80)
    aliases: list[str] = Field(default_factory=empty_list)
    container: Literal["pdf", "png"] = "pdf"
    trim_sizes: list[CardSize] = Field(default_factory=empty_list)
    max_deck_cards: int | None = Field(default=None, ge=1, le=10_000)
    needs_backs: bool = True
    notes: str = ""

    @field_validator("trim_sizes")
    @classmethod
    def _known_sizes(cls, value: list[str]) -> list[str]:
        for size in value:
            _check_card_size(size)
        return value

    def size_advice(self, deck: str, card_size: str, card_mm: tuple[float, float]) -> str | None:
        """None when the shop makes cards of ``card_mm``; else what to tell the designer about deck
        ``deck`` (printed at ``card_size``): the sizes the shop lists and the nearest one to print at
        (``--card-size DECK=SIZE``; not for Room Tiles, whose size is ``room_tile_square_mm``)."""
        if self.takes_size(card_mm):
            return None
        w, h = card_mm
        if card_size == "tile":
            return (f"deck {deck} prints at {card_size} ({w:g} x {h:g} mm); {self.name} lists "
                    f"{', '.join(self.trim_sizes)}: check the shop makes this size")
        near = min(self.trim_sizes, key=lambda size: sum(abs(a - b) for a, b in zip(
            sorted(resolve_card_size(size)), sorted(card_mm), strict=True)))
        return (f"deck {deck} prints at {card_size} ({w:g} x {h:g} mm); {self.name} lists "
                f"{', '.join(self.trim_sizes)}: check the shop makes this size, or print at the shop's size "
                f"with --card-size {deck}={near}")

    def takes_size(self, card_mm: tuple[float, float]) -> bool:
        """Whether a card of ``card_mm`` is one of :attr:`trim_sizes` (either way up)."""
        if not self.trim_sizes:
            return True
        w, h = card_mm
        for size in self.trim_sizes:
            tw, th = resolve_card_size(size)
            if (abs(tw - w) < 0.5 and abs(th - h) < 0.5) or (abs(tw - h) < 0.5 and abs(th - w) < 0.5):
                return True
        return False


class LayoutFile(StrictScalars):
    """The YAML layout file: an optional ``profile``, ``defaults`` for every deck and ``decks`` keyed by
    deck name (:data:`DECKS`)."""

    model_config = _LAYOUT_CONFIG

    profile: PrintProfile | None = None
    defaults: DeckLayout = DeckLayout()
    decks: dict[DeckName, DeckLayout] = Field(default_factory=empty_dict)

    def overlay(self, top: "LayoutFile | None") -> "LayoutFile":
        """This layout with ``top`` merged over it key by key (``top``'s profile, if any, wins whole)."""
        if top is None:
            return self
        decks = dict(self.decks)
        for name, block in top.decks.items():
            decks[name] = decks[name].overlay(block) if name in decks else block
        return LayoutFile(profile=top.profile or self.profile, defaults=self.defaults.overlay(top.defaults),
                          decks=decks)

    def for_deck(self, deck: str, overrides: LayoutOverrides | None = None, *,
                 content_card_size: str | None = None, fixed_card_size: str | None = None) -> SheetLayout:
        """The resolved layout of one deck.

        ``content_card_size`` is the size the content names for the deck (between the file's defaults
        and its deck block); ``overrides`` are the command line's (its ``deck_card_sizes`` entry for
        this deck wins over its size for every deck); ``fixed_card_size`` wins over everything (Room
        Tiles are always ``tile``).
        """
        layout = SheetLayout().merged(self.defaults)
        if content_card_size:
            layout = layout.merged(DeckLayout(card_size=content_card_size))
        layout = layout.merged(next((block for name, block in self.decks.items() if name == deck), None))
        if overrides is not None and layout.keep_card_size and overrides.card_size is not None:
            overrides = overrides.model_copy(update={"card_size": None})
        layout = layout.merged(overrides)
        if overrides is not None and deck in overrides.deck_card_sizes:
            layout = layout.merged(DeckLayout(card_size=overrides.deck_card_sizes[deck]))
        if fixed_card_size:
            layout = layout.merged(DeckLayout(card_size=fixed_card_size))
        return layout


def check_layout_text(raw: bytes | str, file: str) -> tuple[LayoutFile | None, list[Problem]]:
    """Parse and check one layout file's content (``file`` is how problems name it).

    Returns the layout (``None`` when any problem is an error) and every problem, each at
    ``file:line:column``: YAML syntax, encoding (a non-UTF-8 byte), more than one document,
    unknown keys (with the closest valid key), values out of range, unknown card sizes or decks, a
    ``duplex_offset_mm`` for a deck the file prints as a gutter fold. An empty file is the empty
    layout. Never raises for what the file holds.
    """
    layout, _, problems = parsed_layout(raw, file)
    return layout, problems


def parsed_layout(raw: bytes | str, file: str) -> tuple[LayoutFile | None, LoadedDocument | None, list[Problem]]:
    """:func:`check_layout_text`, with the YAML document the layout came from (``None`` for an empty
    file or one with errors), to locate its keys."""
    from doria_forge.load.schema import errors_to_problems

    documents, problems = load_text(raw, path=file, file=file)
    # An empty layout file is allowed (every key has a default); the loader's content wording
    # ("a content document is a mapping with 'kind' and 'id'") is reworded for layouts.
    problems = [p for p in problems if p.rule_id != "empty-document"]
    problems = [Problem(p.file, p.line, p.column, p.rule_id, p.severity, "a layout file is a mapping of "
                        "'profile', 'defaults' and 'decks'") if p.rule_id == "not-a-mapping" else p
                for p in problems]
    if len(documents) > 1:
        extra = documents[1].root
        problems.append(Problem(file, extra.line, extra.column, LAYOUT_RULE, Severity.ERROR,
                                "a layout file holds one YAML document; remove the '---' and what follows"))
    if any(p.is_error for p in problems):
        return None, None, problems
    if not documents:
        return LayoutFile(), None, problems
    doc: LoadedDocument = documents[0]
    try:
        layout = LayoutFile.model_validate(doc.data)
    except ValidationError as exc:
        found = errors_to_problems(doc, LayoutFile, exc.errors(include_url=False))
        return None, None, problems + [Problem(p.file, p.line, p.column, LAYOUT_RULE, p.severity, p.message)
                                       for p in found]
    folded = _folded_offset_problems(layout, doc)
    return (None, None, problems + folded) if folded else (layout, doc, problems)


def _folded_offset_problems(layout: LayoutFile, doc: LoadedDocument) -> list[Problem]:
    """An error at each ``duplex_offset_mm`` of ``layout`` that the same file gives a deck it prints as
    a gutter fold (:func:`gutter_folded`), where it has nothing to move: it was ignored without a
    word. A ``defaults`` offset is for the decks without their own; ``[0, 0]`` moves nothing, and in
    a deck's block keeps a ``defaults`` offset off a folded deck."""
    own = {deck: block for deck, block in layout.decks.items()
           if deck in CARD_DECKS and block.duplex_offset_mm is not None}
    blocks: list[tuple[tuple[str, ...], DeckLayout, list[str]]] = [
        (("defaults",), layout.defaults, [deck for deck in CARD_DECKS if deck not in own])]
    blocks += [(("decks", deck), block, [deck]) for deck, block in own.items()]
    problems = []
    for path, block, decks in blocks:
        folded = gutter_folded(layout, None, decks) if any(block.duplex_offset_mm or ()) else []
        if not folded:
            continue
        fix = ("remove it" if folded == decks else
               f"remove it, or give {' and '.join(folded)} duplex_offset_mm: [0, 0] under decks")
        problems.append(Problem.at(doc.locate((*path, "duplex_offset_mm")), LAYOUT_RULE, Severity.ERROR,
                                   _offset_refused("duplex_offset_mm", folded, fix)))
    return problems


def check_layout_file(path: Path, display: str | None = None) -> tuple[LayoutFile | None, list[Problem]]:
    """:func:`check_layout_text` of the file at ``path``; an unreadable file is one problem."""
    layout, _, problems = _read_layout(path, display if display is not None else str(path))
    return layout, problems


def _read_layout(path: Path, file: str) -> tuple[LayoutFile | None, LoadedDocument | None, list[Problem]]:
    """:func:`parsed_layout` of the file at ``path`` (named ``file``); an unreadable file is one problem."""
    try:  # never blocks on a FIFO, never reads a device or a huge file (doria_forge.load.files)
        raw = read_confined(Path(path), layouts_folder_of(Path(path)), area="its layouts folder")
    except PackFileError as exc:
        return None, None, [Problem(file, 1, 1, exc.problem.rule_id, Severity.ERROR,
                                    f"cannot read layout file: {exc.problem.message}")]
    return parsed_layout(raw, file)


def offsets_left_out(files: Sequence[tuple[Path, str, str]], overrides: LayoutOverrides | None = None) -> list[Problem]:
    """A warning at each ``duplex_offset_mm`` of the layout files in force that a gutter fold of
    another file leaves out: a project's offset, measured for its duplex prints, under
    ``--layout gutter-fold``. It does not apply to a fold (:func:`gutter_folded`), and was dropped
    without a word; refusing it would stop the pack's gutter-fold prints.

    ``files`` are the layout files in overlay order (:func:`load_layout` of each, see the module
    docstring), each as ``(path, how problems name it, how the user chose it)``: the last is the
    option as typed (``--layout gutter-fold``), empty for the project's own file (then named by its
    path). The warning names where the fold comes from. Only the key that sets
    a folded deck's offset in force is named (a deck's block wins over every file's ``defaults``),
    once, listing the decks it leaves. A file with mistakes gives nothing here (:func:`load_layout`
    reports it); nor does ``--duplex-offset``, refused with a fold (:func:`offset_conflict`)."""
    read: list[tuple[LayoutFile, LoadedDocument | None, str]] = []
    for path, file, chosen in files:
        layout, doc, _ = _read_layout(path, file)
        if layout is None:
            return []
        read.append((layout, doc, chosen))
    if overrides is not None and overrides.duplex_offset_mm is not None:
        return []
    merged = LayoutFile()
    for layout, _, _ in read:
        merged = merged.overlay(layout)

    def source(deck: str, key: str) -> tuple[int, tuple[str, ...]]:
        """Which file (index into ``read``) and block set ``key`` of ``deck`` in force."""
        for block in (("decks", deck), ("defaults",)):
            for index in reversed(range(len(read))):
                layout = read[index][0]
                part = layout.defaults if block == ("defaults",) else next(
                    (own for name, own in layout.decks.items() if name == deck), None)
                if part is not None and getattr(part, key) is not None:
                    return index, block
        raise AssertionError(f"no layout file sets {key} of {deck}")

    left: dict[tuple[int, tuple[str, ...]], list[str]] = {}
    folds: dict[tuple[int, tuple[str, ...]], list[int]] = {}
    for deck in gutter_folded(merged, overrides):
        if any(merged.for_deck(deck, overrides).duplex_offset_mm):
            key = source(deck, "duplex_offset_mm")
            left.setdefault(key, []).append(deck)
            folds.setdefault(key, []).append(source(deck, "sheet")[0])
    problems = []
    for (index, block), decks in left.items():
        _, doc, _ = read[index]
        fold = " and ".join(dict.fromkeys(read[i][2] or files[i][1] for i in folds[index, block]))
        assert doc is not None  # a file that sets a key is not empty
        problems.append(Problem.at(doc.locate((*block, "duplex_offset_mm")), LAYOUT_RULE, Severity.WARNING,
                                   f"duplex_offset_mm does not apply to a gutter fold "
                                   f"{_why_no_offset(decks, fold + ', ')}; left out of this print "
                                   f"(it still moves the backs of duplex prints)"))
    return problems


def load_layout(path: Path | None) -> LayoutFile:
    """Read a layout YAML file; ``None`` gives the built-in defaults.

    Raises :class:`LayoutError` (an ``ExportError``) naming ``file:line:column`` of each problem.
    """
    if path is None:
        return LayoutFile()
    layout, problems = check_layout_file(path)
    errors = [p for p in problems if p.is_error]
    if layout is None or errors:
        raise LayoutError(errors or problems)
    return layout


def named_layout(name: str, folders: list[Path]) -> Path:
    """The layout file called ``name`` (its file name without ``.yaml``, or a profile alias such as
    ``tgc``) in the first of ``folders`` that has it. Names compare without case, ``-``, ``_`` and
    spaces. Raises ``ValueError`` listing the known names when there is none."""
    wanted = normalise_name(name)
    candidates = layout_files(folders)
    for path in candidates:
        if normalise_name(path.stem) == wanted:
            return path
    for path in candidates:
        layout, _ = check_layout_file(path)
        if layout is not None and layout.profile is not None and wanted in {
                normalise_name(a) for a in [layout.profile.name, *layout.profile.aliases]}:
            return path
    known = sorted({p.stem for p in candidates})
    raise ValueError(f"no layout or print profile named {name!r}; known: {', '.join(known)}")


def profile_names(folders: list[Path]) -> list[str]:
    """Names (file stems) of the layout files in ``folders`` that carry a ``profile:`` block."""
    names = []
    for path in layout_files(folders):
        layout, _ = check_layout_file(path)
        if layout is not None and layout.profile is not None and path.stem not in names:
            names.append(path.stem)
    return names


LAYOUT_SCHEMA_FILE = "layout.schema.json"
"""File name of the editor schema of ``layouts/*.yaml`` in ``schemas/`` (``doria-forge schema``)."""


KEY_HELP: dict[str, str] = {
    "paper": "Paper size of the sheets: a4 or letter.",
    "card_size": "Card size: poker, mini_american, mini_euro, mini_pod, tile, or WxH in mm (70x120).",
    "keep_card_size": "true: --card-size SIZE for every deck leaves this deck's size (Boss Monster cards).",
    "bleed_mm": "Bleed around every card in mm: the picture runs this far past the cut.",
    "safe_mm": "Safe zone in mm: text and numbers keep this far inside the cut.",
    "margin_mm": "Paper margin in mm around the block of cards.",
    "gap_mm": "Gap between neighbouring cards in mm.",
    "crop_marks": "true: crop marks around the block of cards on each sheet, one in line with every cut.",
    "crop_mark_length_mm": "Length of a crop mark in mm.",
    "crop_mark_offset_mm": "Distance of a crop mark from the cut in mm.",
    "crop_mark_width_pt": "Line width of the crop marks in points.",
    "edge_clearance_mm": "A home printer's unprintable border in mm: nothing is drawn there.",
    "duplex": "How backs meet fronts when printed double-sided: long_edge, short_edge or none.",
    "duplex_offset_mm": "[x, y] in mm: move the backs to meet the fronts (measure with duplex_calibration.pdf); "
                        "not with sheet: gutter_fold.",
    "sheet": "grid (fronts and backs on separate pages) or gutter_fold (both on one page, fold on the line).",
    "gutter_mm": "Gap around the fold line of a gutter-fold sheet in mm.",
    "ruler": "true: a 100 mm ruler on every sheet, to check the print scale.",
    "cut_lines": "true: hairlines along the cut edges across the block of cards.",
    "calibration_page": "true: also write duplex_calibration.pdf.",
    "one_per_page": "true: one card per page the size of the card plus bleed (print on demand).",
    "page_order": "With one_per_page: front_back or back_front.",
    "rotation": "With one_per_page: turn each page 0, 90, 180 or 270 degrees clockwise.",
    "colour": "rgb, or cmyk (separated through the CMYK output profile within ink_limit_percent).",
    "ink_limit_percent": "Most total ink (C+M+Y+K) in percent a colour may take, 100-400.",
    "output_condition": "The registered print condition declared as the PDF's output intent (CGATS TR 001).",
    "dpi": "Resolution of per-card images, and the least resolution card art must have.",
    "room_tile_square_mm": "Side of one Room Tile square in mm (a tile is 5 squares a side).",
    "name": "The shop's or printer's name, as shown.",
    "aliases": "Other names --profile accepts for this profile.",
    "container": "What the shop takes: pdf (one PDF per deck) or png (one image per card face).",
    "trim_sizes": "Card sizes the shop makes (empty: any); preflight and export png warn about others.",
    "max_deck_cards": "Most cards one deck may hold (none: no limit).",
    "needs_backs": "true: every card needs a back.",
    "notes": "Where the figures come from, and how to upload.",
    "profile": "What a print shop takes (name, container, sizes); a profile file sets it.",
    "defaults": "Layout keys for every deck.",
    "decks": "Layout keys for one deck: loot, monster, monster_level, boss, hero, standard_items, campaign_items, "
             "door_events, room_tiles, sheets, scenarios.",
}
"""Editor help (hover) for each key of a layout file."""


def layout_schema() -> dict:
    """The JSON Schema of a layout file (:class:`LayoutFile`), for editors: every key with its
    description (:data:`KEY_HELP`), unknown keys and wrong values flagged as you type, as
    ``validate`` reports them."""
    schema = LayoutFile.model_json_schema()
    schema["title"] = "doria-forge print layout (layouts/*.yaml)"
    for block in (schema, *schema.get("$defs", {}).values()):
        for key, prop in block.get("properties", {}).items():
            if key in KEY_HELP:
                prop["description"] = KEY_HELP[key]
    return schema
