"""render_preview: one card or Room Tile to PNG at true proportions."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from test_pdf_support import small_pack

from doria_forge.export.pdf import ExportError, UnknownItemError
from doria_forge.export.preview import render_preview


@pytest.fixture(scope="module")
def pack():
    return small_pack(tiles=1)


@pytest.mark.parametrize(("item_id", "size_mm"), [
    ("goblin-3", (63.5, 88.9)),          # Monster Level Card: poker
    ("flammenklinge", (41.0, 63.0)),     # Loot Card: mini American
    ("equipment:plate_arms", (41.0, 63.0)),
    ("A-1", (127.0, 127.0)),             # Room Tile: 5 x 1 inch
])
def test_preview_is_the_trimmed_card_at_the_requested_dpi(pack, tmp_path: Path, item_id, size_mm):
    out = render_preview(pack, item_id, tmp_path / "card.png", dpi=100)
    with Image.open(out) as image:
        w, h = image.size
        assert abs(w - size_mm[0] / 25.4 * 100) <= 1 and abs(h - size_mm[1] / 25.4 * 100) <= 1
        # not blank: the face is drawn
        lo, hi = image.convert("L").getextrema()
        assert hi - lo > 100


def test_unknown_id_suggests_close_ids(pack, tmp_path: Path):
    with pytest.raises(UnknownItemError, match="no card or Room Tile with id 'gobln-3'.*goblin-3"):
        render_preview(pack, "gobln-3", tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


def test_bad_dpi_is_an_export_error(pack, tmp_path: Path):
    with pytest.raises(ExportError, match="dpi"):
        render_preview(pack, "goblin-1", tmp_path / "x.png", dpi=5)
