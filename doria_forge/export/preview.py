"""Render one card or Room Tile to PNG, so a designer sees it without a PDF viewer.

The face is drawn exactly as in the print PDF (same layout, same drawing code), on a one-card page
without bleed, then rasterised with pypdfium2.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from doria_forge.fsutil import atomic_write_bytes
from doria_forge.model import ContentPack

from .pdf.compose import PrintCard, write_card_sheets
from .pdf.errors import ExportError
from .pdf.export import DEFAULT_LAYOUT_FILE, find_item, layout_data_for
from .pdf.layout import DeckLayout, LayoutOverrides


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
    sheet = sheet.merged(DeckLayout(bleed_mm=0, one_per_page=True, duplex="none"))
    import pypdfium2 as pdfium

    with tempfile.TemporaryDirectory() as tmp:
        pdf_path = write_card_sheets(Path(tmp) / "preview.pdf", [PrintCard(item.face)], sheet, item.ref)
        document = pdfium.PdfDocument(str(pdf_path))
        try:
            image = document[0].render(scale=dpi / 72).to_pil()
        finally:
            document.close()
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    out = Path(out)
    atomic_write_bytes(out, buffer.getvalue())
    return out
