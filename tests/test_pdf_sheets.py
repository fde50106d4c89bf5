"""The sheet composer, checked by reading the PDFs back: card positions and sizes in mm, crop marks,
front/back alignment for duplex, print-on-demand boxes, byte-identical output."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from doria_forge.export.pdf import SheetLayout, compute_grid
from doria_forge.export.pdf.compose import CallableFace, FaceBox, PrintCard, write_card_sheets
from doria_forge.export.pdf.layout import MM_TO_PT
from doria_forge.export.pdf.readback import page_boxes, placements

TOL = 0.01  # mm


def _face(key: str) -> CallableFace:
    def draw(canvas, box: FaceBox) -> None:
        canvas.setFillColorRGB(0.8, 0.85, 0.9)
        canvas.rect(0, 0, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1)
        canvas.setFont("DejaVuSans", 8)
        canvas.drawString(box.bleed + 6, box.bleed + box.height / 2, key)
    return CallableFace(key, draw)


def _deck(n: int) -> list[PrintCard]:
    back = _face("back")
    return [PrintCard(_face(f"card-{i}"), back) for i in range(n)]


def _write(tmp_path: Path, n: int, **layout) -> tuple[Path, SheetLayout]:
    lay = SheetLayout(**layout)
    return write_card_sheets(tmp_path / "deck.pdf", _deck(n), lay, "test"), lay


def test_cards_have_true_size_and_sit_in_a_centred_grid(tmp_path: Path):
    path, lay = _write(tmp_path, 16, card_size="mini_american", bleed_mm=3)
    fronts = [p for p in placements(path) if p.page == 0]
    assert len(fronts) == 16
    for p in fronts:
        assert (p.w, p.h) == pytest.approx((47.0, 69.0), abs=TOL)  # 41 x 63 mm plus 2 x 3 mm bleed
    left, right = min(p.x for p in fronts), max(p.x + p.w for p in fronts)
    bottom, top = min(p.y for p in fronts), max(p.y + p.h for p in fronts)
    assert left == pytest.approx(210 - right, abs=TOL)
    assert bottom == pytest.approx(297 - top, abs=TOL)
    # row-major from the top left, cells abutting (gap 0): the bleeds touch, never overlap
    assert fronts[1].x - (fronts[0].x + fronts[0].w) == pytest.approx(0, abs=TOL)
    assert fronts[0].y - (fronts[4].y + fronts[4].h) == pytest.approx(0, abs=TOL)
    assert [p.name for p in fronts[:2]] == ["F_card_0", "F_card_1"]


def test_backs_follow_each_sheet_mirrored_for_long_edge_duplex(tmp_path: Path):
    path, lay = _write(tmp_path, 7, card_size="poker")  # 6 per A4 sheet: two sheets, last one partial
    found = placements(path)
    assert sorted({p.page for p in found}) == [0, 1, 2, 3]
    for front_page, back_page in ((0, 1), (2, 3)):
        fronts = [p for p in found if p.page == front_page]
        backs = [p for p in found if p.page == back_page]
        assert len(fronts) == len(backs)
        for f, b in zip(fronts, backs, strict=False):
            assert b.name == "B_back"
            # Flipped over the long (vertical) edge, x mirrors and y stays.
            assert b.x == pytest.approx(210 - (f.x + f.w), abs=TOL)
            assert b.y == pytest.approx(f.y, abs=TOL)
            assert (b.w, b.h) == pytest.approx((f.w, f.h), abs=TOL)
    last_front = [p for p in found if p.page == 2][0]
    last_back = [p for p in found if p.page == 3][0]
    assert last_front.x < 105 < last_back.x  # a lone card on the left has its back on the right


def test_short_edge_duplex_mirrors_top_to_bottom(tmp_path: Path):
    path, _ = _write(tmp_path, 3, card_size="poker", duplex="short_edge")
    found = placements(path)
    for f, b in zip([p for p in found if p.page == 0], [p for p in found if p.page == 1], strict=False):
        assert b.x == pytest.approx(f.x, abs=TOL)
        assert b.y == pytest.approx(297 - (f.y + f.h), abs=TOL)


def test_no_duplex_prints_fronts_only(tmp_path: Path):
    path, _ = _write(tmp_path, 3, card_size="poker", duplex="none")
    assert {p.page for p in placements(path)} == {0}


def _lines_mm(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    with pdfplumber.open(str(path)) as pdf:
        pg = pdf.pages[page]
        height = float(pg.height)
        return [(float(l["x0"]) / MM_TO_PT, (height - float(l["bottom"])) / MM_TO_PT,
                 float(l["x1"]) / MM_TO_PT, (height - float(l["top"])) / MM_TO_PT) for l in pg.lines]


@pytest.mark.parametrize("page", [0, 1])
def test_crop_marks_sit_outside_the_bleed_on_every_trim_line(tmp_path: Path, page: int):
    path, lay = _write(tmp_path, 5, card_size="mini_euro", gap_mm=2)
    cards = [p for p in placements(path) if p.page == page]
    lines = _lines_mm(path, page)
    assert lines
    b = lay.bleed_mm
    trim_x = {round(v, 2) for p in cards for v in (p.x + b, p.x + p.w - b)}
    trim_y = {round(v, 2) for p in cards for v in (p.y + b, p.y + p.h - b)}
    for x0, y0, x1, y1 in lines:
        # no mark touches any card including its bleed
        for p in cards:
            overlap_x = min(x1, p.x + p.w) - max(x0, p.x)
            overlap_y = min(y1, p.y + p.h) - max(y0, p.y)
            assert not (overlap_x > -0.5 and overlap_y > -0.5), (x0, y0, x1, y1, p)
        assert 0 <= min(x0, x1) and max(x0, x1) <= 210 and 0 <= min(y0, y1) and max(y0, y1) <= 297
        if abs(x1 - x0) < TOL:  # vertical mark continues a vertical trim line
            assert round(x0, 2) in trim_x
            assert abs(y1 - y0) == pytest.approx(lay.crop_mark_length_mm, abs=TOL)
        else:
            assert round(y0, 2) in trim_y
    vertical = {round(x0, 2) for x0, _, x1, _ in lines if abs(x1 - x0) < TOL}
    horizontal = {round(y0, 2) for _, y0, _, y1 in lines if abs(y1 - y0) < TOL}
    assert vertical == trim_x and horizontal == trim_y
    # marks start crop_mark_offset_mm beyond the outer bleed edge
    top_edge = max(p.y + p.h for p in cards)
    assert min(y0 for x0, y0, x1, y1 in lines if abs(x1 - x0) < TOL and y0 > top_edge) == pytest.approx(
        top_edge + lay.crop_mark_offset_mm, abs=TOL)


def test_one_per_page_sets_trim_and_bleed_boxes_for_print_on_demand(tmp_path: Path):
    path, _ = _write(tmp_path, 3, card_size="poker", one_per_page=True, bleed_mm=3)
    boxes = page_boxes(path)
    assert len(boxes) == 6  # front, back, front, back...
    for info in boxes:
        assert info.media == pytest.approx((0, 0, 69.5, 94.9), abs=TOL)
        assert info.bleed == pytest.approx(info.media, abs=TOL)
        assert info.trim == pytest.approx((3, 3, 66.5, 91.9), abs=TOL)
    names = [p.name for p in placements(path)]
    assert names == ["F_card_0", "B_back", "F_card_1", "B_back", "F_card_2", "B_back"]
    with pdfplumber.open(str(path)) as pdf:
        assert not pdf.pages[0].lines  # no crop marks for a print-on-demand shop


def test_same_cards_give_byte_identical_pdfs_and_no_temp_files(tmp_path: Path):
    lay = SheetLayout(card_size="mini_american")
    a = write_card_sheets(tmp_path / "a.pdf", _deck(20), lay, "same")
    b = write_card_sheets(tmp_path / "b.pdf", _deck(20), lay, "same")
    assert a.read_bytes() == b.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]


def test_each_distinct_face_is_drawn_once(tmp_path: Path):
    back = _face("back")
    cards = [PrintCard(_face("same"), back)] * 9
    path = write_card_sheets(tmp_path / "d.pdf", cards, SheetLayout(card_size="mini_american"), "t")
    from pypdf import PdfReader

    xobjects = PdfReader(str(path)).pages[0]["/Resources"]["/XObject"]
    assert len(xobjects) == 1
    assert len(compute_grid(SheetLayout(card_size="mini_american")).crop_marks([])) == 0
