"""Render one card or Room Tile to PNG, so a designer sees it without a PDF viewer.

The face is drawn exactly as in the print PDF (same layout, same drawing code) and rasterised
trimmed, without bleed (:mod:`doria_forge.export.raster`).

A folder of previews (``watch --preview``'s, ``build/preview``) keeps a manifest, ``previews.json``
(:mod:`doria_forge.export.manifest`): drawing into it again deletes the previews it lists of cards
gone from the pack, so no picture of a deleted card stays looking current; other files stay.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from doria_forge.infra.fsutil import atomic_write_bytes
from doria_forge.model import ContentPack

from .manifest import listed, remove_listed, write
from .pdf.compose import face_box
from .pdf.errors import ExportError
from .pdf.export import DEFAULT_LAYOUT_FILE, find_item, items, layout_data_for
from .pdf.layout import LayoutOverrides
from .raster import png_bytes, render_faces

MANIFEST = "previews.json"
"""The manifest of a folder of previews."""


def render_preview(pack: ContentPack, item_id: str, out: Path, dpi: int = 200, *,
                   layout: LayoutOverrides | None = None, layout_file: Path | None = DEFAULT_LAYOUT_FILE,
                   keep: bool = False) -> Path:
    """Write a PNG of the front of card or Room Tile ``item_id`` (``id`` or ``kind:id``) to ``out``.

    The image is the trimmed card at ``dpi`` dots per inch (a poker card at 200 dpi is 500 x 700
    px). The card size is the one its deck prints with. ``keep``: ``out``'s folder is a folder of
    previews (:func:`keep_previews`). Raises ``ExportError`` for an unknown or ambiguous id or a
    bad ``dpi``.
    """
    if not 20 <= dpi <= 1200:
        raise ExportError(f"preview dpi must be between 20 and 1200, not {dpi}")
    item = find_item(pack, item_id)
    sheet = layout_data_for(layout, layout_file).for_deck(
        item.deck, layout, fixed_card_size="tile" if item.deck == "room_tiles" else None)
    image = render_faces([item.face], face_box(sheet), dpi, with_bleed=False)[0]
    out = Path(out)
    atomic_write_bytes(out, png_bytes(image, dpi))
    if keep:
        keep_previews(pack, out.parent, {out.name: item.ref})
    return out


def keep_previews(pack: ContentPack, folder: Path, drawn: Mapping[str, str] | None = None) -> None:
    """Bring the manifest of the previews in ``folder`` up to date: the previews ``drawn`` (file
    name -> ``kind:id``) added, and the previews it listed of cards no longer in ``pack`` deleted
    (only those: right inside ``folder``, see ``export.manifest.remove_listed``)."""
    folder = Path(folder)
    manifest = folder / MANIFEST
    drawn = dict(drawn or {})
    cards = {item.ref for item in items(pack.printing(None))}
    earlier = {name: entry.get("card") for name, entry in listed(manifest, "previews").items()
               if name not in drawn and (folder / name).is_file()}
    gone = {name for name, card in earlier.items() if card not in cards}
    kept = {**{name: card for name, card in earlier.items() if name not in gone}, **drawn}
    if not kept and not manifest.exists():
        return
    write(manifest, {"pack": pack.info.id,
                     "previews": [{"file": name, "card": card} for name, card in sorted(kept.items())]})
    remove_listed(folder, gone, depth=1)
