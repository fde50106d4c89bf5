"""Preflight: check a pack against a print profile before sending it to a shop or a printer.

Every face is drawn by the print code exactly as the export draws it (same layout, same profile),
with every text recorded; the problems are reported at the card's ``file:line:column``:

- ``preflight-text-cut`` (error): a text shortened with an ellipsis to fit;
- ``preflight-safe-zone`` (error): a text reaching outside the safe zone (``safe_mm`` inside the trim);
- ``preflight-art-resolution`` (error): card art below the profile's ``dpi`` at its printed size (a
  picture file, or the least sharp picture an SVG holds);
- ``preflight-deck-size`` (error): a deck with more cards than the profile's ``max_deck_cards``;
- ``preflight-missing-back`` (error): a card without a back where the profile needs backs;
- ``preflight-trim-size`` (warning): a deck printed at a size the profile does not list;
- ``preflight-paper-fit`` (error): a deck whose card (with its bleed) does not fit on the paper inside
  its margins, where ``export pdf`` stops (one card per page is not checked: any size prints);
- ``preflight-ink-limit`` (error): for a CMYK profile, card art whose total ink (C + M + Y + K of its
  darkest pixel, measured on the raster as it prints: the picture, or the pictures an SVG holds) is
  above the profile's ``ink_limit_percent``;
- ``preflight-tile-label`` (error): a Room Tile whose id, name or text find no room on its wall
  squares (they never print over a square a figure can use: :mod:`doria_forge.export.pdf.tile_label`),
  with what helps: a shorter text, or more wall squares where the walls have no room at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from doria_forge.cardart import art_region_mm, inspect
from doria_forge.geometry import TILE_SIZE
from doria_forge.load import Problem, Severity
from doria_forge.model import ContentPack

from .decks import compose_decks
from .layouts import LayoutFile, LayoutOverrides, PrintProfile, SheetLayout
from .pdf.compose import Face, PdfWriter, PrintCard, face_box
from .pdf.export import card_printer
from .pdf.layout import paper_fit_error
from .pdf.text import TextMark, recording
from .pdf.tiles import RoomTileFace, label_plan

TOLERANCE_PT = 0.05
_ORIGIN = re.compile(r"^(?P<file>.*):(?P<line>\d+):(?P<col>\d+)$")


def located(origin: str, fallback: str, rule: str, severity: Severity, message: str) -> Problem:
    """A problem at ``origin`` (``file:line:column``), or at line 1 of ``fallback`` when unknown."""
    match = _ORIGIN.match(origin or "")
    if match:
        return Problem(match["file"], int(match["line"]), int(match["col"]), rule, severity, message)
    return Problem(fallback, 1, 1, rule, severity, message)


def preflight(pack: ContentPack, layout_data: LayoutFile, overrides: LayoutOverrides | None = None, *,
              profile: PrintProfile | None = None, art_root: Path | None = None) -> list[Problem]:
    """Every problem of ``pack`` printed with ``layout_data`` (+ ``overrides``) for ``profile`` (default:
    the layout's own ``profile:`` block, else no shop limits), sorted. ``art_root`` is the pack folder
    that card art paths are relative to. Raises ``ExportError`` for layout problems."""
    profile = profile or layout_data.profile or PrintProfile(name="layout")
    manifest = pack.origin("pack", pack.info.id) or "pack"
    fallback = manifest.split(":", 1)[0]
    problems: list[Problem] = []
    print_cards = card_printer(pack)
    for plan in compose_decks(pack):
        cards = print_cards(plan)
        layout = layout_data.for_deck(plan.name, overrides, fixed_card_size=plan.fixed_card_size)
        first = cards[0]
        first_origin = getattr(first.front, "origin", "") or manifest
        if profile.max_deck_cards is not None and len(cards) > profile.max_deck_cards:
            problems.append(located(first_origin, fallback, "preflight-deck-size", Severity.ERROR,
                                f"deck {plan.name} has {len(cards)} cards; {profile.name} takes at most "
                                f"{profile.max_deck_cards} in one deck: split it"))
        unfit = paper_fit_error(layout)
        if unfit is not None:
            problems.append(located(first_origin, fallback, "preflight-paper-fit", Severity.ERROR,
                                    f"deck {plan.name}: {unfit}"))
        advice = profile.size_advice(plan.name, layout.card_size, layout.card_mm)
        if advice:
            problems.append(located(first_origin, fallback, "preflight-trim-size", Severity.WARNING, advice))
        if profile.needs_backs:
            for card in {c.front.key: c for c in cards if c.back is None}.values():
                problems.append(located(getattr(card.front, "origin", ""), fallback, "preflight-missing-back",
                                    Severity.ERROR, f"{card.ref or card.front.key} has no back; "
                                    f"{profile.name} prints every card with a back"))
        problems += _text_problems(cards, layout, manifest, fallback)
        problems += _tile_label_problems(cards, layout, fallback)
        for front in {c.front.key: c.front for c in cards}.values():
            problems += art_problems(front, layout, art_root, fallback)
            if layout.colour == "cmyk":
                problems += ink_problems(front, layout, art_root, fallback)
    return sorted(set(problems))


def _text_problems(cards: Sequence[PrintCard], layout: SheetLayout, manifest: str, fallback: str) -> Iterator[Problem]:
    """Draw each distinct face once into a scratch PDF, recording its texts."""
    box = face_box(layout)
    writer = PdfWriter("preflight", (box.width + 2 * box.bleed, box.height + 2 * box.bleed), layout)
    faces: dict[str, Face] = {}
    for card in cards:
        for face in (card.front, card.back):
            if face is not None:
                faces.setdefault(face.key, face)
    with recording() as marks:
        for face in faces.values():
            writer.form("F", face, box)
    safe = (box.bleed + box.safe_inset, box.bleed + box.safe_inset,
            box.bleed + box.width - box.safe_inset, box.bleed + box.height - box.safe_inset)
    reported: set[tuple[str, str, str]] = set()
    for mark in marks:
        if mark.cut and isinstance(faces.get(mark.face.key), RoomTileFace):
            continue  # reported with its reason by _tile_label_problems
        yield from _mark_problems(mark, safe, layout.safe_mm, manifest, fallback, reported)


def _tile_label_problems(cards: Sequence[PrintCard], layout: SheetLayout, fallback: str) -> Iterator[Problem]:
    """A ``preflight-tile-label`` error for each Room Tile whose labels do not fit its walls."""
    box = face_box(layout)
    tiles = {c.front.key: c.front for c in cards if isinstance(c.front, RoomTileFace)}
    for face in tiles.values():
        plan = label_plan(face.tile, box.width / TILE_SIZE, box.safe_inset)
        if not plan.fits:
            room = f" (the most room: {plan.room})" if plan.room and plan.title is not None else ""
            yield located(face.origin, fallback, "preflight-tile-label", Severity.ERROR,
                          f"Room Tile {face.tile.id}: {plan.advice}{room}")


def _mark_problems(mark: TextMark, safe: tuple[float, float, float, float], safe_mm: float, manifest: str,
                   fallback: str, reported: set[tuple[str, str, str]]) -> Iterator[Problem]:
    shown = " ".join(mark.text.split())
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    where = mark.face.key or "card"
    origin = mark.face.origin or manifest
    if mark.cut and (mark.face.key, "cut", mark.text) not in reported:
        reported.add((mark.face.key, "cut", mark.text))
        yield located(origin, fallback, "preflight-text-cut", Severity.ERROR,
                  f"{where}: text cut to fit: {shown!r}")
    x0, y0, x1, y1 = mark.box
    inside = (x0 >= safe[0] - TOLERANCE_PT and y0 >= safe[1] - TOLERANCE_PT
              and x1 <= safe[2] + TOLERANCE_PT and y1 <= safe[3] + TOLERANCE_PT)
    if not inside and not mark.cut and (mark.face.key, "safe", mark.text) not in reported:
        reported.add((mark.face.key, "safe", mark.text))
        yield located(origin, fallback, "preflight-safe-zone", Severity.ERROR,
                  f"{where}: text {shown!r} reaches outside the safe zone ({safe_mm:g} mm inside the trim)")


def _art_path(face: object, art_root: Path | None) -> Path | None:
    art = getattr(getattr(face, "spec", None), "art", "")
    if not art:
        return None
    return Path(art) if Path(art).is_absolute() or art_root is None else art_root / art


def ink_problems(face: object, layout: SheetLayout, art_root: Path | None, fallback: str) -> Iterator[Problem]:
    """A ``preflight-ink-limit`` error when the raster art of ``face`` prints (on a CMYK page of
    ``layout``) with more total ink than ``layout.ink_limit_percent`` anywhere: a picture art file,
    or the pictures an SVG holds. Each is separated exactly as the export separates it (a picture
    the designer made CMYK prints as it is); an SVG's vector colours go through the canvas's
    conversion, within the limit."""
    from .pdf.art import printed_rasters
    from .pdf.colour import total_ink_percent

    path = _art_path(face, art_root)
    if path is None or inspect(path).problem:
        return  # a bad file is art_problems'
    try:
        ink = max((total_ink_percent(image) for image in printed_rasters(str(path), layout.ink_limit_percent)
                   if image.mode == "CMYK"), default=0.0)
    except Exception:  # noqa: BLE001 - an unreadable picture is reported by art_problems
        return
    if ink > layout.ink_limit_percent + 0.5:
        what = f"a picture in art {path.name}" if path.suffix.lower() == ".svg" else f"art {path.name}"
        yield located(getattr(face, "origin", ""), fallback, "preflight-ink-limit", Severity.ERROR,
                      f"{what} prints with up to {ink:.0f} % total ink; the profile allows "
                      f"{layout.ink_limit_percent} %: separate it within the limit, or give it as RGB to have "
                      "doria-forge separate it")


def art_problems(face: object, layout: SheetLayout, art_root: Path | None, fallback: str) -> Iterator[Problem]:
    """A problem when the art of ``face`` (a card front with ``spec.art``) is missing or below the
    layout's ``dpi`` in the art region of a card of ``layout.card_mm``. ``art_root`` is unused when
    the path is absolute (the export resolves it from the card's YAML file)."""
    path = _art_path(face, art_root)
    if path is None:
        return
    image = inspect(path)
    origin = getattr(face, "origin", "")
    if image.problem:
        yield located(origin, fallback, "preflight-art-resolution", Severity.ERROR, image.problem)
        return
    region = art_region_mm(layout.card_mm)
    if image.vector:
        yield from _svg_picture_problems(path, layout, region, origin, fallback)
        return
    dpi = image.dpi_at(region)
    if dpi < layout.dpi:
        yield located(origin, fallback, "preflight-art-resolution", Severity.ERROR,
                      f"art {path.name} prints at {dpi:.0f} dpi in the {region[0]:.0f} x {region[1]:.0f} mm art "
                      f"region ({image.size_px[0]} x {image.size_px[1]} px); the profile asks for {layout.dpi} dpi")


def _svg_picture_problems(path: Path, layout: SheetLayout, region: tuple[float, float], origin: str,
                          fallback: str) -> Iterator[Problem]:
    """A ``preflight-art-resolution`` error for the least sharp picture SVG art ``path`` holds when it
    prints below ``layout.dpi``: the SVG is fitted into the art ``region`` (mm) as the export fits it,
    and its pictures with it. Its vector art prints sharp at any size."""
    from .pdf.art import svg_pictures

    try:
        (width, height), pictures = svg_pictures(str(path), layout.ink_limit_percent if layout.colour == "cmyk"
                                                 else None)
    except Exception:  # noqa: BLE001 - an SVG the export cannot draw stops the export with its reason
        return
    scale = min(region[0] / max(width, 1e-6), region[1] / max(height, 1e-6))  # mm per drawing unit
    measured = [(min(picture.width / max(w * scale, 1e-9), picture.height / max(h * scale, 1e-9)) * 25.4,
                 picture.size, (w * scale, h * scale)) for picture, w, h in pictures]
    if not measured:
        return
    dpi, (w_px, h_px), (w_mm, h_mm) = min(measured, key=lambda m: m[0])
    if dpi < layout.dpi:
        yield located(origin, fallback, "preflight-art-resolution", Severity.ERROR,
                      f"a picture in art {path.name} prints at {dpi:.0f} dpi ({w_px} x {h_px} px at {w_mm:.0f} x "
                      f"{h_mm:.0f} mm in the art region); the profile asks for {layout.dpi} dpi")
