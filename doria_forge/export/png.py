"""Per-card images for print-on-demand shops: one PNG per card face and back, with bleed, at the
layout's resolution (``dpi``, 300 by default), RGB.

Files: ``<out>/<deck>/<id>-<copy>-front.png`` and ``...-back.png`` (copy counted from 1 within the
deck; ``<kind>-<id>`` when two kinds share an id in one deck), and ``<out>/manifest.json`` listing
every file with its deck, card (``kind:id``), copy, side, size in pixels, resolution, bleed, the
card's trim size as designed (``trim_mm``, width x height) and the quarter turn the layout gave the
image (``rotation``, degrees clockwise: at 90 the pixels are the trim turned). Exported again into
the same folder, the images the previous manifest lists for cards gone from the pack (or copies no
longer made) are deleted (a deck's folder with its last image), so the folder holds exactly the
cards to print; other files stay. A poker card with 1/8 in bleed at 300 dpi is 825 x 1125 px.
Each face is drawn by the PDF code, so images and PDFs agree.

Before drawing, the export warns (as ``preflight`` does) about each deck printed at a size the
print profile does not list, naming the shop's nearest size (``--card-size loot=mini_pod``), and
about a profile that takes CMYK PDFs (DriveThruCards): PNGs are always RGB.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from doria_forge.infra.fsutil import atomic_write_bytes, written_together
from doria_forge.model import ContentPack

from .decks import compose_decks, shop_size_advice
from .layouts import LayoutFile, LayoutOverrides, SheetLayout
from .manifest import listed, remove_listed, write
from .pdf.compose import face_box
from .pdf.export import card_printer, check_sheets
from .raster import image_size_error, png_bytes, render_faces

MANIFEST = "manifest.json"
log = logging.getLogger(__name__)


def profile_warnings(pack: ContentPack, layout_data: LayoutFile, overrides: LayoutOverrides | None = None) -> list[str]:
    """What the print profile of ``layout_data`` would not take from ``export png``: decks at a
    size the shop does not list, RGB images for a profile that takes CMYK PDFs, images at all for
    a profile that prints PDF sheets (a home printer)."""
    profile = layout_data.profile
    if profile is None:
        return []
    found = []
    defaults = layout_data.for_deck("loot", overrides)
    if defaults.colour == "cmyk":
        found.append(f"{profile.name} takes CMYK PDFs; these PNG images are RGB: upload the files of export pdf "
                     f"--profile instead")
    elif profile.container == "pdf":
        # an RGB profile printed from sheets (a home printer): its images are RGB as it is, the
        # point is that it prints the PDF sheets, and nothing is uploaded
        found.append(f"{profile.name} prints PDF sheets, not one image per card: print the files of export pdf "
                     f"--profile instead")
    return found + shop_size_advice(pack, layout_data, overrides)


def card_names(refs: list[str]) -> list[str]:
    """File stems ``<id>-<copy>`` for the cards of one deck, in order (``<kind>-<id>-<copy>`` where
    two kinds share an id)."""
    kinds_per_id: dict[str, set[str]] = {}
    for ref in refs:
        kind, _, doc_id = ref.partition(":")
        kinds_per_id.setdefault(doc_id, set()).add(kind)
    copies: Counter[str] = Counter()
    names = []
    for ref in refs:
        kind, _, doc_id = ref.partition(":")
        stem = f"{kind}-{doc_id}" if len(kinds_per_id[doc_id]) > 1 else doc_id
        copies[stem] += 1
        names.append(f"{stem}-{copies[stem]}")
    return names


def _image_too_large(deck: str, sheet: SheetLayout) -> str | None:
    """Why the faces of ``deck`` drawn with ``sheet`` exceed
    :data:`~doria_forge.export.raster.MAX_IMAGE_PIXELS`, or None."""
    too_large = image_size_error(face_box(sheet), sheet.dpi)
    return None if too_large is None else f"deck {deck}: {too_large}"


def export_pngs(pack: ContentPack, out_dir: Path, layout_data: LayoutFile, overrides: LayoutOverrides | None = None,
                *, progress: Callable[[int], None] | None = None) -> list[Path]:
    """Write every card's front and back image into ``out_dir`` (see the module docstring) and the
    manifest; returns the files written, manifest last. ``progress`` is called with the number of
    images finished after each deck. Raises ``ExportError`` for layout problems."""
    out_dir = Path(out_dir)
    for warning in profile_warnings(pack, layout_data, overrides):
        log.warning("%s", warning)
    written: list[Path] = []
    entries: list[dict[str, object]] = []
    print_cards = card_printer(pack)
    # a folder in the place of one image stopped the export with the decks before it written and the
    # manifest of the last export: the images are written together once every one is drawn
    plans = [(plan, layout_data.for_deck(plan.name, overrides, fixed_card_size=plan.fixed_card_size))
             for plan in compose_decks(pack)]
    # every deck's images are checked before the first is drawn: --dpi or --card-size may be the mistake
    check_sheets(plans, layout_data, overrides, _image_too_large)
    with written_together(out_dir) as after:
        for plan, sheet in plans:
            cards = print_cards(plan)
            box = face_box(sheet)
            turns = sheet.rotation // 90
            names = card_names([card.ref or card.front.key for card in cards])
            fronts = render_faces([card.front for card in cards], box, sheet.dpi, quarter_turns=turns)
            backs_present = [card for card in cards if card.back is not None]
            backs = render_faces([card.back for card in backs_present], box, sheet.dpi,  # type: ignore[misc]
                                 quarter_turns=turns) if backs_present else []
            back_of = dict(zip((id(c) for c in backs_present), backs, strict=True))
            encoded: dict[int, bytes] = {}
            for card, name, front in zip(cards, names, fronts, strict=True):
                sides = [("front", front)]
                if card.back is not None:
                    sides.append(("back", back_of[id(card)]))
                for side, image in sides:
                    if id(image) not in encoded:  # copies of a card share one encoding
                        encoded[id(image)] = png_bytes(image, sheet.dpi)
                    data = encoded[id(image)]
                    path = out_dir / plan.name / f"{name}-{side}.png"
                    atomic_write_bytes(path, data)
                    written.append(path)
                    entries.append({"file": path.relative_to(out_dir).as_posix(), "deck": plan.name,
                                    "card": card.ref, "copy": int(name.rsplit("-", 1)[1]), "side": side,
                                    "width_px": image.size[0], "height_px": image.size[1], "dpi": sheet.dpi,
                                    "bleed_mm": sheet.bleed_mm, "trim_mm": list(sheet.card_mm),
                                    "rotation": sheet.rotation})
            if progress is not None:
                progress(len(cards))
        manifest = out_dir / MANIFEST
        earlier = set(listed(manifest, "images"))
        written.append(write(manifest, {"pack": pack.info.id, "version": pack.info.version, "images": entries}))
        # a shop prints the folder it is given whole: the images of cards no longer in the pack go, with
        # the new manifest (a stop between them left images no manifest listed any more, for ever)
        gone = earlier - {str(e["file"]) for e in entries}
        after.append(lambda: remove_listed(out_dir, gone, depth=2))
    return written
