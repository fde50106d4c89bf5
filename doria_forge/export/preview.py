"""Render one card or Room Tile to PNG, so a designer sees it without a PDF viewer.

The face is drawn exactly as in the print PDF (same layout, same drawing code) and rasterised
trimmed, without bleed (:mod:`doria_forge.export.raster`).
"""

from __future__ import annotations

from pathlib import Path

from doria_forge.infra.fsutil import atomic_write_bytes
from doria_forge.model import ContentPack

from .pdf.compose import face_box
from .pdf.errors import ExportError
from .pdf.export import DEFAULT_LAYOUT_FILE, find_item, layout_data_for
from .pdf.layout import LayoutOverrides
from .raster import png_bytes, render_faces


def render_preview(pack: ContentPack, item_id: str, out: Path, dpi: int = 200, *,
                   layout: LayoutOverrides | None = None, layout_file: Path | None = DEFAULT_LAYOUT_FILE) -> Path:
    """Write a PNG of the front of card or Room Tile ``item_id`` (``id`` or ``kind:id``) to ``out``.

    The image is the trimmed card at ``dpi`` dots per inch (a poker card at 200 dpi is 500 x 700
    px). The card size is the one its deck prints with. Raises ``ExportError`` for an unknown or
    ambiguous id or a bad ``dpi``.
    """
    if not 20 <= dpi <= 1200:
        raise ExportError(f"preview dpi must be between 20 and 1200, not {dpi}")
    item = find_item(pack, item_id)
    sheet = layout_data_for(layout, layout_file).for_deck(
        item.deck, layout, fixed_card_size="tile" if item.deck == "room_tiles" else None)
    image = render_faces([item.face], face_box(sheet), dpi, with_bleed=False)[0]
    out = Path(out)
    atomic_write_bytes(out, png_bytes(image, dpi))
    return out
