"""Print layout as data: paper, card sizes, bleed, margins, gaps, crop marks, duplex, print-on-demand.

A layout is described in a YAML file (``layouts/default.yaml`` at the project root) in the spirit of
Squib's sprues, and merged in this order, later wins:

1. the defaults of :class:`SheetLayout` (A4, 3 mm bleed, crop marks, long-edge duplex);
2. the file's ``defaults:`` block;
3. the file's ``decks: {deck_name: {...}}`` block for that deck;
4. :class:`LayoutOverrides` from the command line (``--paper``, ``--card-size``, ``--bleed``, ...).

All lengths in this module are millimetres (suffix ``_mm``) unless the name ends in ``_pt``
(PostScript points, 1/72 inch) which is what reportlab draws in.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import ExportError

MM_TO_PT = 72.0 / 25.4

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

# Portrait width x height. "tile" is derived from the Room Tile square size (5 x 5 squares).
CARD_PRESETS_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "mini_american": (41.0, 63.0),
    "mini_euro": (44.0, 68.0),
}
ROOM_TILE_SQUARES = 5  # a Room Tile is 5 x 5 squares (rulebook, GAME CONTENT > Room Tiles)

_CUSTOM_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")

Paper = Literal["a4", "letter"]
Duplex = Literal["long_edge", "short_edge", "none"]


def mm(value_mm: float) -> float:
    """Millimetres to points."""
    return value_mm * MM_TO_PT


def resolve_card_size(spec: str, room_tile_square_mm: float = 25.4) -> tuple[float, float]:
    """Card size ``(width_mm, height_mm)`` for a preset name or a custom ``"WxH"`` in mm.

    Presets: ``poker`` 63.5 x 88.9, ``mini_american`` 41 x 63, ``mini_euro`` 44 x 68, ``tile``
    (5 x ``room_tile_square_mm`` square). Custom: ``"70x120"`` or ``"70 x 120 mm"``.
    Raises ``ExportError`` for anything else.
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
        if w > 0 and h > 0:
            return (w, h)
    presets = ", ".join([*CARD_PRESETS_MM, "tile"])
    raise ExportError(f"unknown card size {spec!r}: use one of {presets} or a custom size like '70x120' (mm)")


class _Partial(BaseModel):
    """Every field optional: a block that only says what it changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    paper: Paper | None = None
    card_size: str | None = None
    bleed_mm: float | None = Field(default=None, ge=0, le=20)
    margin_mm: float | None = Field(default=None, ge=0, le=50)
    gap_mm: float | None = Field(default=None, ge=0, le=50)
    crop_marks: bool | None = None
    crop_mark_length_mm: float | None = Field(default=None, gt=0, le=20)
    crop_mark_offset_mm: float | None = Field(default=None, ge=0, le=20)
    crop_mark_width_pt: float | None = Field(default=None, gt=0, le=2)
    duplex: Duplex | None = None
    one_per_page: bool | None = None
    room_tile_square_mm: float | None = Field(default=None, gt=5, le=60)

    @field_validator("paper", mode="before")
    @classmethod
    def _lower_paper(cls, value: object) -> object:
        return value.lower() if isinstance(value, str) else value

    @field_validator("card_size")
    @classmethod
    def _known_card_size(cls, value: str | None) -> str | None:
        if value is not None:
            resolve_card_size(value)  # raises ExportError with the list of presets
        return value

    def set_fields(self) -> dict[str, object]:
        return {k: v for k, v in self.model_dump(exclude={"layout_file"}).items() if v is not None}


class DeckLayout(_Partial):
    """Per-deck changes in a layout file (``decks: {monster_level: {card_size: poker}}``)."""


class LayoutOverrides(_Partial):
    """What the command line changes for every deck: ``--paper``, ``--card-size``, ``--bleed``,
    ``--one-per-page`` and friends. ``card_size`` does not apply to Room Tiles, whose size comes from
    ``room_tile_square_mm``; nor to sheets and scenario pages, which use the whole paper.
    ``layout_file`` (``--layout``) replaces the project's ``layouts/default.yaml``."""

    layout_file: Path | None = None


def make_overrides(*, paper: str | None = None, card_size: str | None = None, bleed: float | None = None,
                   one_per_page: bool | None = None, layout_file: Path | None = None) -> LayoutOverrides:
    """Command-line options to :class:`LayoutOverrides`; ``None`` or ``False`` leaves the layout as is.

    Raises ``ValueError`` with a one-line message for an unknown paper or card size, a negative
    bleed, or a layout file that does not exist.
    """
    if layout_file is not None and not Path(layout_file).is_file():
        raise ValueError(f"layout file not found: {layout_file}")
    try:
        return LayoutOverrides(paper=paper, card_size=card_size, bleed_mm=bleed,
                               one_per_page=True if one_per_page else None,
                               layout_file=Path(layout_file) if layout_file else None)
    except ExportError as exc:
        raise ValueError(str(exc)) from None
    except ValidationError as exc:
        raise ValueError("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())) from None


class SheetLayout(BaseModel):
    """A resolved layout for one deck. Lengths in mm.

    ``bleed_mm`` is added on every side of each card; art is drawn into it, text stays inside the trim
    minus a safe margin. Crop marks sit outside the bleed: they start ``crop_mark_offset_mm`` beyond
    the outer bleed edge of the grid and run ``crop_mark_length_mm``. With ``duplex`` the backs follow
    each sheet on the next page, mirrored so they land behind their fronts when printed double-sided
    (long edge: mirrored left-right; short edge: top-bottom). ``one_per_page`` makes one page per card
    face the size of the card plus bleed, with TrimBox and BleedBox set, for print-on-demand shops.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    paper: Paper = "a4"
    card_size: str = "poker"
    bleed_mm: float = Field(default=3.0, ge=0, le=20)
    margin_mm: float = Field(default=5.0, ge=0, le=50)
    gap_mm: float = Field(default=0.0, ge=0, le=50)
    crop_marks: bool = True
    crop_mark_length_mm: float = Field(default=4.0, gt=0, le=20)
    crop_mark_offset_mm: float = Field(default=1.0, ge=0, le=20)
    crop_mark_width_pt: float = Field(default=0.3, gt=0, le=2)
    duplex: Duplex = "long_edge"
    one_per_page: bool = False
    room_tile_square_mm: float = Field(default=25.4, gt=5, le=60)

    @property
    def paper_mm(self) -> tuple[float, float]:
        return PAPER_SIZES_MM[self.paper]

    @property
    def card_mm(self) -> tuple[float, float]:
        return resolve_card_size(self.card_size, self.room_tile_square_mm)

    def merged(self, *blocks: _Partial | None) -> SheetLayout:
        data = self.model_dump()
        for block in blocks:
            if block is not None:
                data.update(block.set_fields())
        return SheetLayout.model_validate(data)


class LayoutFile(BaseModel):
    """The YAML layout file: ``defaults`` for every deck and ``decks`` keyed by deck name
    (``loot``, ``monster``, ``monster_level``, ``boss``, ``hero``, ``standard_items``,
    ``campaign_items``, ``door_events``, ``room_tiles``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    defaults: DeckLayout = DeckLayout()
    decks: dict[str, DeckLayout] = Field(default_factory=dict)

    def for_deck(self, deck: str, overrides: LayoutOverrides | None = None, *,
                 content_card_size: str | None = None, fixed_card_size: str | None = None) -> SheetLayout:
        """The resolved layout of one deck.

        ``content_card_size`` is the size the content names for the deck (between the file's defaults
        and its deck block); ``fixed_card_size`` wins over everything (Room Tiles are always ``tile``).
        """
        layout = SheetLayout().merged(self.defaults)
        if content_card_size:
            layout = layout.merged(DeckLayout(card_size=content_card_size))
        layout = layout.merged(self.decks.get(deck), overrides)
        if fixed_card_size:
            layout = layout.merged(DeckLayout(card_size=fixed_card_size))
        return layout


def load_layout(path: Path | None) -> LayoutFile:
    """Read a layout YAML file; ``None`` or a missing default file gives the built-in defaults.

    Raises ``ExportError`` naming the file for YAML syntax errors and unknown or invalid keys.
    """
    if path is None:
        return LayoutFile()
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        raw = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise ExportError(f"cannot read layout file {path}: {exc.strerror}") from None
    except YAMLError as exc:
        raise ExportError(f"{path}: invalid YAML: {exc}") from None
    try:
        return LayoutFile.model_validate(raw)
    except ExportError as exc:
        raise ExportError(f"{path}: {exc}") from None
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ExportError(f"{path}: invalid layout: {problems}") from None


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm, origin bottom-left of the page (PDF convention)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Grid:
    """Where the cards of one sheet go: ``cols`` x ``rows`` cells of card plus bleed, centred on the
    paper inside the margins. Slots are numbered row by row from the top left."""

    layout: SheetLayout
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell_mm(self) -> tuple[float, float]:
        w, h = self.layout.card_mm
        b = self.layout.bleed_mm
        return (w + 2 * b, h + 2 * b)

    @property
    def origin_mm(self) -> tuple[float, float]:
        """Bottom-left corner of the whole (full) grid."""
        pw, ph = self.layout.paper_mm
        cw, ch = self.cell_mm
        g = self.layout.gap_mm
        gw = self.cols * cw + (self.cols - 1) * g
        gh = self.rows * ch + (self.rows - 1) * g
        return ((pw - gw) / 2, (ph - gh) / 2)

    def bleed_rect(self, slot: int) -> Rect:
        """The bleed box of front slot ``slot`` (card plus bleed)."""
        row, col = divmod(slot, self.cols)
        cw, ch = self.cell_mm
        g = self.layout.gap_mm
        ox, oy = self.origin_mm
        x = ox + col * (cw + g)
        y = oy + (self.rows - 1 - row) * (ch + g)
        return Rect(x, y, cw, ch)

    def back_rect(self, slot: int) -> Rect:
        """The bleed box on the back page that lies behind front slot ``slot`` after duplex printing."""
        front = self.bleed_rect(slot)
        pw, ph = self.layout.paper_mm
        if self.layout.duplex == "short_edge":
            return Rect(front.x, ph - front.top, front.w, front.h)
        return Rect(pw - front.right, front.y, front.w, front.h)

    def trim_rect(self, bleed_rect: Rect) -> Rect:
        b = self.layout.bleed_mm
        return Rect(bleed_rect.x + b, bleed_rect.y + b, bleed_rect.w - 2 * b, bleed_rect.h - 2 * b)

    def crop_marks(self, rects: list[Rect]) -> list[tuple[float, float, float, float]]:
        """Crop mark segments ``(x0, y0, x1, y1)`` in mm for the cards in ``rects`` (bleed boxes).

        Each trim edge is extended into the margin on both sides of the block of cards, starting
        ``crop_mark_offset_mm`` beyond the outer bleed edge, so no mark touches any card's bleed.
        """
        if not rects:
            return []
        lay = self.layout
        left = min(r.x for r in rects)
        right = max(r.right for r in rects)
        bottom = min(r.y for r in rects)
        top = max(r.top for r in rects)
        start, length = lay.crop_mark_offset_mm, lay.crop_mark_length_mm
        xs = sorted({round(v, 6) for r in rects for t in [self.trim_rect(r)] for v in (t.x, t.right)})
        ys = sorted({round(v, 6) for r in rects for t in [self.trim_rect(r)] for v in (t.y, t.top)})
        marks = []
        for x in xs:
            marks.append((x, top + start, x, top + start + length))
            marks.append((x, bottom - start - length, x, bottom - start))
        for y in ys:
            marks.append((left - start - length, y, left - start, y))
            marks.append((right + start, y, right + start + length, y))
        return marks


def compute_grid(layout: SheetLayout) -> Grid:
    """How many cards (plus bleed) fit on the paper inside the margins, with gaps between them.

    Crop marks need room outside the grid: the margin must hold ``crop_mark_offset_mm +
    crop_mark_length_mm`` beyond the bleed, otherwise the grid loses a row or column.
    Raises ``ExportError`` when not even one card fits.
    """
    pw, ph = layout.paper_mm
    card_w, card_h = layout.card_mm
    cw, ch = card_w + 2 * layout.bleed_mm, card_h + 2 * layout.bleed_mm
    g = layout.gap_mm
    reserve = layout.margin_mm
    if layout.crop_marks:
        reserve = max(reserve, layout.crop_mark_offset_mm + layout.crop_mark_length_mm)
    avail_w, avail_h = pw - 2 * reserve, ph - 2 * reserve
    eps = 1e-6
    cols = max(0, math.floor((avail_w + g + eps) / (cw + g)))
    rows = max(0, math.floor((avail_h + g + eps) / (ch + g)))
    if cols < 1 or rows < 1:
        raise ExportError(
            f"card size {layout.card_size} ({card_w:g} x {card_h:g} mm plus {layout.bleed_mm:g} mm bleed) "
            f"does not fit on {layout.paper} paper with {reserve:g} mm margins; "
            "use --one-per-page, a smaller --bleed or a bigger paper")
    return Grid(layout, cols, rows)
