"""Print files read back: embedded fonts, no dangling resources, no silent cuts, print-and-play
sheets (9 poker cards, ruler, 6 mm border), gutter fold, duplex offset, print-on-demand page order
and CMYK, Room Tiles and the Character Sheet."""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from robust_helpers import tiny_pack
from test_pdf_support import small_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.export.layouts import LayoutOverrides, SheetLayout, load_layout, make_overrides
from doria_forge.export.pdf import export_pdfs
from doria_forge.export.pdf.compose import (
    CallableFace,
    FaceBox,
    PdfWriter,
    PrintCard,
    write_calibration_page,
    write_card_sheets,
)
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, DEFAULT_TEMPLATES_DIR, build_decks
from doria_forge.export.pdf.layout import MM_TO_PT, mm
from doria_forge.export.pdf.readback import dangling_resources, fonts, placements
from doria_forge.export.pdf.text import ELLIPSIS, fit_line, fit_paragraph, recording
from doria_forge.export.pdf.tiles import RoomTileFace, draw_room_tile, label_plan
from doria_forge.export.preflight import preflight
from doria_forge.geometry import TileShape
from doria_forge.model import RoomTile
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = DEFAULT_LAYOUT_FILE.parent
TOL = 0.01
runner = CliRunner()


@pytest.fixture(scope="module")
def base_pack():
    return validate_pack(ROOT / "content").pack


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> list[Path]:
    return export_pdfs(small_pack(), tmp_path_factory.mktemp("pdf"))


def test_the_scenario_booklet_prints_a_campaigns_scenarios_in_the_order_it_plays_them(base_pack, tmp_path: Path):
    """By id the booklet printed The Greywater Smugglers' second scenario (greywater_gate) before
    its first (greywater_ledger), which opens with the campaign's story."""
    from doria_forge.export.pdf.scenario import write_scenarios

    path = write_scenarios(tmp_path / "scenarios.pdf", base_pack, SheetLayout(), DEFAULT_TEMPLATES_DIR)
    every = {s.name for s in base_pack.scenarios.values()}
    with pdfplumber.open(str(path)) as pdf:  # the first line of the page a scenario starts on
        starts = [line for page in pdf.pages if (line := (page.extract_text() or "").splitlines()[0]) in every]
    assert sorted(starts) == sorted(every)
    for campaign in base_pack.campaigns.values():  # together, in the order the campaign plays them
        names = [base_pack.scenarios[sid].name for sid in campaign.scenarios]
        first = starts.index(names[0])
        assert starts[first:first + len(names)] == names, campaign.id


def test_every_pdf_embeds_every_font_it_uses_and_has_no_dangling_resources(exported):
    assert {p.name for p in exported} >= {"room_tiles.pdf", "scenarios.pdf", "character_sheets.pdf"}
    for path in exported:
        used = fonts(path)
        assert used and all(f.embedded for f in used), (path.name, used)
        assert not any("Helvetica" in f.name for f in used), path.name
        assert dangling_resources(path) == [], path.name


def test_every_pdf_names_its_pack_in_its_title(exported):
    """PDF viewers show the document title in place of the file name: the scenario booklet was
    titled just "Scenarios" (subject "(unspecified)"), whichever pack it came from."""
    for path in exported:
        info = PdfReader(str(path)).metadata
        assert info.title.startswith("Test Pack: "), (path.name, info.title)
        assert info.subject and "unspecified" not in info.subject, (path.name, info.subject)


@pytest.mark.parametrize("size", ["poker", "mini_american", "mini_euro"])
def test_the_base_pack_prints_without_a_cut_at_every_card_size_preset(base_pack, size):
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    problems = preflight(base_pack, layout, make_overrides(card_size=[size]))
    assert [str(p.message) for p in problems if p.rule_id in ("preflight-text-cut", "preflight-safe-zone")] == []


def test_a_line_cut_ends_in_an_ellipsis_and_is_logged(caplog):
    """The Monster Modification footer printed 'Modifica': cut without an ellipsis or a warning."""
    with caplog.at_level(logging.WARNING, logger="doria_forge.export.pdf.text"):
        line, size = fit_line("Modification", 36, max_size=6.8, bold=True)
    assert line.endswith(ELLIPSIS) and line.startswith("Modif") and size == 6.0
    assert "text cut to fit" in caplog.text


def test_fitting_a_huge_text_wraps_a_bounded_number_of_times(monkeypatch):
    """20,000 words must not be dropped one at a time: the work depends on the box, not the text."""
    from reportlab.platypus import Paragraph

    wraps: list[int] = []
    original = Paragraph.wrap

    def counting(self, width, height):
        wraps.append(1)
        return original(self, width, height)

    monkeypatch.setattr(Paragraph, "wrap", counting)
    para, fit = fit_paragraph("word " * 20_000, 100, 120, max_size=8)
    assert fit.truncated and fit.height <= 120
    assert para.text.endswith(ELLIPSIS) and "word" in para.text
    assert len(wraps) <= 30


def test_a_cut_warning_names_the_card_file_and_line(tmp_path: Path, caplog):
    pack = tmp_path / "content"
    pack.mkdir()
    (pack / "blade.yaml").write_text(
        "kind: equipment\nid: wordy_blade\nname: Wordy Blade\ncard_type: weapon\nzone: 1_hand\n"
        "attacks: [{attack_type: melee, dice: 2D, damage: 1, ap: 10}]\n"
        f"text: \"{'An endless saga of the blade. ' * 60}\"\n", encoding="utf-8")
    content = validate_pack(pack).pack
    with caplog.at_level(logging.WARNING, logger="doria_forge.export.pdf.text"):
        export_pdfs(content, tmp_path / "out")
    assert f"{pack.as_posix()}/blade.yaml:1:1: equipment-wordy_blade: text cut to fit" in caplog.text


def _lines_mm(page) -> list[tuple[float, float, float, float]]:
    """Every drawn line, rectangle and curve of a page as (left, bottom, right, top) in mm: the paper
    its ink covers, half the stroke width beyond its path (a line's butt ends stop at its ends)."""
    h = float(page.height)
    found = []
    for o in page.lines + page.rects + page.curves:
        x0, x1, top, bottom = float(o["x0"]), float(o["x1"]), float(o["top"]), float(o["bottom"])
        half = float(o.get("linewidth") or 0) / 2 if o.get("stroke", True) else 0.0
        across, along = (half, 0.0) if o["object_type"] == "line" and x0 == x1 else \
            (0.0, half) if o["object_type"] == "line" and top == bottom else (half, half)
        found.append(((x0 - across) / MM_TO_PT, (h - bottom - along) / MM_TO_PT, (x1 + across) / MM_TO_PT,
                      (h - top + along) / MM_TO_PT))
    return found


def test_print_and_play_puts_nine_poker_cards_on_a4_with_a_ruler_clear_of_the_border(base_pack, tmp_path: Path):
    layout = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "print-and-play.yaml"))
    deck = next(d for d in build_decks(base_pack) if d.name == "monster_level")
    path = write_card_sheets(tmp_path / "levels.pdf", deck.cards[:12], layout.for_deck("monster_level"), "levels")
    level_cards = placements(path)
    fronts = Counter(p.page for p in level_cards if p.name.startswith("F_"))
    assert fronts[0] == 9
    assert all((p.w, p.h) == pytest.approx((63.5, 88.9), abs=TOL) for p in level_cards)  # no bleed
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            assert "100 mm" in page.extract_text()
            for x0, y0, x1, y1 in _lines_mm(page):
                assert min(x0, y0, 210 - x1, 297 - y1) >= 6 - TOL
        ruler = [line for line in pdf.pages[0].lines if abs(float(line["x1"]) - float(line["x0"]) - mm(100)) < 0.01]
    assert ruler, "a 100 mm line"
    calibration = write_calibration_page(tmp_path / "calibration.pdf", layout.for_deck("sheets"), "calibration")
    assert len(PdfReader(str(calibration)).pages) == 2


@pytest.mark.parametrize("paper", ["home-a4", "home-letter"])
def test_the_german_edition_prints_its_calibration_page_in_german_inside_the_border(tmp_path: Path, paper: str):
    """`export pdf --lang de` printed the duplex calibration page's instructions in English."""
    from doria_forge.i18n import language

    layout = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / f"{paper}.yaml")).for_deck("sheets")
    with language("de"):
        path = write_calibration_page(tmp_path / "calibration.pdf", layout, "calibration")
    with pdfplumber.open(str(path)) as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages)
        for page in pdf.pages:
            assert min(float(c["x0"]) for c in page.chars) >= mm(6)
            assert max(float(c["x1"]) for c in page.chars) <= float(page.width) - mm(6)
    assert "Duplex-Kalibrierung" in text and "Wenden an der langen Kante" in text and "Rückseite: X (mm)" in text
    assert not [w for w in ("Print this page", "Hold the sheet", "Offset now", "back: X") if w in text]


def test_home_letter_sheets_keep_the_ruler_s_ink_out_of_the_printer_border(base_pack, tmp_path: Path):
    """On Letter the ruler runs up the right margin: its bar, drawn on the border's line, put half
    its stroke (0.09 mm) into the 6 mm nothing may be drawn in."""
    layout = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "home-letter.yaml"))
    deck = next(d for d in build_decks(base_pack) if d.name == "hero")
    path = write_card_sheets(tmp_path / "heroes.pdf", deck.cards[:8], layout.for_deck("hero"), "heroes")
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            for x0, y0, x1, y1 in _lines_mm(page):
                assert min(x0, y0, 215.9 - x1, 279.4 - y1) >= 6 - TOL


def test_gutter_fold_puts_turned_backs_behind_their_fronts_across_the_fold(tmp_path: Path):
    layout = load_layout(LAYOUTS / "gutter-fold.yaml").for_deck("hero")
    cards = [PrintCard(CallableFace(f"f{i}", lambda c, b: None), CallableFace("back", lambda c, b: None))
             for i in range(3)]
    path = write_card_sheets(tmp_path / "fold.pdf", cards, layout, "fold")
    found = placements(path)
    assert {p.page for p in found} == {0}
    fronts = [p for p in found if p.name.startswith("F_")]
    backs = [p for p in found if p.name.startswith("B_")]
    assert len(fronts) == len(backs) == 3
    for f, b in zip(fronts, backs):
        assert b.rotation == 180 and f.rotation == 0
        assert (b.x, b.w, b.h) == pytest.approx((f.x, f.w, f.h), abs=TOL)
        assert b.y + b.h == pytest.approx(297 - f.y, abs=TOL)  # mirrored across the middle of the page


def test_duplex_offset_moves_the_backs(tmp_path: Path):
    cards = [PrintCard(CallableFace("f", lambda c, b: None), CallableFace("b", lambda c, b: None))]
    plain = placements(write_card_sheets(tmp_path / "a.pdf", cards, SheetLayout(), "t"))
    moved = placements(write_card_sheets(tmp_path / "b.pdf", cards, SheetLayout(duplex_offset_mm=(1.5, -2)), "t"))
    (back0,), (back1,) = ([p for p in found if p.page == 1] for found in (plain, moved))
    assert (back1.x - back0.x, back1.y - back0.y) == pytest.approx((1.5, -2), abs=TOL)


ONE_PER_PAGE = {"one-per-page": ["--one-per-page"], "drivethrucards": ["--profile", "dtc"]}


@pytest.mark.parametrize("mode", ONE_PER_PAGE.values(), ids=ONE_PER_PAGE.keys())
def test_duplex_offset_moves_the_back_pages_of_one_card_per_page(tmp_path: Path, mode: list[str]):
    """Each back is printed on the reverse of its front's page: the printer drifts as on a sheet,
    and --duplex-offset was ignored here without a word."""
    pack = tiny_pack(tmp_path / "content")

    def faces(out: str, *extra: str) -> list[tuple[int, str, float, float]]:
        result = runner.invoke(app, ["export", "pdf", str(pack), *mode, *extra, "--out", str(tmp_path / out)])
        assert result.exit_code == 0, result.output
        return [(p.page, p.name, p.x, p.y) for p in placements(tmp_path / out / "hero.pdf")]

    plain, moved = faces("plain"), faces("moved", "--duplex-offset", "1.5,-2")
    assert [f[:2] for f in moved] == [f[:2] for f in plain] and any(f[1].startswith("B_") for f in plain)
    for (_, name, x0, y0), (_, _, x1, y1) in zip(plain, moved, strict=True):
        shift = (1.5, -2) if name.startswith("B_") else (0, 0)
        assert (x1 - x0, y1 - y0) == pytest.approx(shift, abs=TOL), name


def test_one_card_per_page_says_that_the_layouts_crop_marks_and_guides_are_not_printed(tmp_path: Path, caplog):
    """A layout with crop_marks: true (the shipped default) printed one card per page without a
    single crop mark and without a word: the page is the card with its bleed, cut at its TrimBox."""
    pack = tiny_pack(tmp_path / "content")
    with caplog.at_level(logging.WARNING):
        result = runner.invoke(app, ["export", "pdf", str(pack), "--one-per-page", "--out", str(tmp_path / "one")])
    assert result.exit_code == 0, result.output
    [said] = [r.getMessage() for r in caplog.records if "crop marks" in r.getMessage()]
    assert "not printed one card per page" in said and "hero" in said and "crop_marks: false" in said
    caplog.clear()
    with caplog.at_level(logging.WARNING):  # a shop's profile asks for no marks: nothing to say
        result = runner.invoke(app, ["export", "pdf", str(pack), "--profile", "dtc", "--out", str(tmp_path / "dtc")])
    assert result.exit_code == 0, result.output
    assert "crop marks" not in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING):  # the home printer's guides: the ruler and cut lines too
        result = runner.invoke(app, ["export", "pdf", str(pack), "--profile", "home-a4", "--one-per-page",
                                     "--out", str(tmp_path / "home")])
    assert result.exit_code == 0, result.output
    [said] = [r.getMessage() for r in caplog.records if "not printed one card per page" in r.getMessage()]
    assert said.startswith("crop marks, cut lines and the 100 mm ruler are not printed one card per page (")
    assert "crop_marks: false, cut_lines: false, ruler: false" in said


def test_duplex_offset_with_a_gutter_fold_is_a_usage_error_and_writes_nothing(tmp_path: Path):
    """A gutter fold prints its backs beside their fronts on one side of the paper: an offset has
    nothing to move, and was ignored without a word."""
    pack = tiny_pack(tmp_path / "content")
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(pack), "--layout", "gutter-fold", "--duplex-offset", "1,0",
                                 "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "--duplex-offset" in result.output and "--layout gutter-fold" in result.output
    assert "Traceback" not in result.output and not out.exists()


PAGE_AND_FOLD = {
    "--one-per-page and --profile gutter-fold": (["--one-per-page", "--profile", "gutter-fold"],
                                                 "--one-per-page", "--profile gutter-fold (sheet: gutter_fold)"),
    "--one-per-page and --layout gutter-fold": (["--layout", "gutter-fold", "--one-per-page"],
                                                "--one-per-page", "--layout gutter-fold (sheet: gutter_fold)"),
    "a shop's profile and --layout gutter-fold": (["--profile", "dtc", "--layout", "gutter-fold"],
                                                  "--profile dtc (one_per_page: true)",
                                                  "--layout gutter-fold (sheet: gutter_fold)"),
}


@pytest.mark.parametrize(("options", "page", "fold"), PAGE_AND_FOLD.values(), ids=PAGE_AND_FOLD.keys())
def test_one_card_per_page_with_a_gutter_fold_is_a_usage_error_and_writes_nothing(
        tmp_path: Path, options: list[str], page: str, fold: str):
    """One card per page won and the fold asked for beside it was dropped without a word: the user
    got a PDF of single cards where they had chosen a sheet to fold."""
    pack = tiny_pack(tmp_path / "content")
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(pack), *options, "--out", str(out)])
    assert result.exit_code == 2, result.output
    said = result.output.strip()
    assert "\n" not in said and "Traceback" not in said
    assert said.startswith(f"error: {page} prints each card on a page of its own")
    assert f"and {fold} prints fronts and backs on one sheet to fold" in said and "no sheet to fold" in said
    assert not out.exists()


def test_a_gutter_fold_layout_still_goes_with_images_of_one_card_each(tmp_path: Path):
    """Only PDF sheets fold: export png (one image per face, The Game Crafter's profile) takes
    --layout gutter-fold for its other settings."""
    pack = tiny_pack(tmp_path / "content")
    result = runner.invoke(app, ["export", "png", str(pack), "--layout", "gutter-fold", "--dpi", "72",
                                 "--out", str(tmp_path / "png")])
    assert result.exit_code == 0, result.output


def test_drivethru_profile_writes_back_then_front_pages_in_cmyk_with_an_output_intent(tmp_path: Path):
    profile = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "drivethrucards.yaml"))
    layout = profile.for_deck("hero")
    cards = [PrintCard(CallableFace("front", lambda c, b: c.setFillColorRGB(0.8, 0.1, 0.1) or c.rect(0, 0, 9, 9)),
                       CallableFace("back", lambda c, b: c.rect(0, 0, 9, 9)))]
    path = write_card_sheets(tmp_path / "dtc.pdf", cards, layout, "dtc")
    assert [p.name for p in placements(path)] == ["B_back", "F_front"]
    reader = PdfReader(str(path))
    trim = reader.pages[0].trimbox
    assert float(trim.width) / MM_TO_PT == pytest.approx(63.5, abs=TOL)
    assert float(reader.pages[0].mediabox.width) / MM_TO_PT == pytest.approx(63.5 + 2 * 3.175, abs=TOL)
    intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    form = reader.pages[1]["/Resources"]["/XObject"]["/FormXob.F_front"].get_object().get_data().decode()
    assert " k" in form and " rg" not in form
    c, m, y, k = (float(v) for v in form.split(" k")[0].split()[-4:])
    assert c + m + y + k <= 2.40 + 1e-6


def test_room_tile_prints_its_id_name_and_text_inside_the_safe_zone_and_turns(tmp_path: Path):
    """F-3 (chapter Arrows (Room F-3)): a bridge, its labels in the walls, the id 3 mm inside the cut."""
    tile = RoomTile(id="F-3", name="Bridge Crossing", bridge="north_south",
                    squares=["##.##", "##.##", ".....", "##.##", "##.##"], text="The way passes beneath.")
    box = FaceBox(mm(127), mm(127), mm(3), mm(3))
    writer = PdfWriter("tile", (box.width + 2 * box.bleed, box.height + 2 * box.bleed))
    with recording() as marks:
        writer.form("F", RoomTileFace(tile), box)
    texts = {m.text: m.box for m in marks}
    assert set(texts) == {"F-3 · Bridge Crossing", "The way passes beneath."}
    safe = box.bleed + box.safe_inset
    for x0, y0, x1, y1 in texts.values():
        assert x0 >= safe - TOL and y0 >= safe - TOL
        assert max(x1, y1) <= box.bleed + box.width - box.safe_inset + TOL
    plan = label_plan(tile, box.width / 5, box.safe_inset)
    assert plan.title == plan.text and plan.title.squares == (0, 0, 2, 2)  # the south-west wall block
    with recording() as turned:
        writer.canvas.saveState()
        draw_room_tile(writer.canvas, tile, 100, 50, 20, quarter_turns=1)
        writer.canvas.restoreState()
    turned_shape = TileShape.from_tile(tile).rotated(1)
    assert turned
    for mark in turned:  # a quarter turn: the labels turn with the tile and stay on its walls
        x0, y0, x1, y1 = mark.box
        assert 100 - TOL <= x0 and x1 <= 200 + TOL and 50 - TOL <= y0 and y1 <= 150 + TOL
        cols = range(int((x0 - 100) // 20), int((x1 - 100 - TOL) // 20) + 1)
        rows = range(int((150 - y1) // 20), int((150 - y0 - TOL) // 20) + 1)
        assert all(turned_shape.kind((r, c)) == "wall" for r in rows for c in cols), (mark.text, mark.box)


def test_character_sheet_prints_the_default_dodge_and_psi_resistance(exported):
    sheets = next(p for p in exported if p.name == "character_sheets.pdf")
    with pdfplumber.open(str(sheets)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Dodge" in text and "Psi Resistance" in text and "2D" in text


def test_layout_overrides_leave_print_on_demand_sizes_true(tmp_path: Path):
    overrides = LayoutOverrides(profile_file=LAYOUTS / "thegamecrafter.yaml")
    paths = export_pdfs(small_pack(tiles=1), tmp_path, overrides)
    hero = next(p for p in paths if p.name == "hero.pdf")
    media = PdfReader(str(hero)).pages[0].mediabox
    assert (float(media.width) / 72, float(media.height) / 72) == pytest.approx((2.75, 3.75), abs=1e-4)
