"""export_pdfs on a small pack: one PDF per deck with the right cards and backs, true-size Room
Tiles, texts inside their boxes, umlauts embedded, scenario templates, byte-identical output."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from test_pdf_support import small_pack

from doria_forge.export.pdf import ExportError, LayoutOverrides, export_pdfs
from doria_forge.export.pdf.card import CardFace, card_regions
from doria_forge.export.pdf.compose import FaceBox, PrintCard, write_card_sheets
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, DEFAULT_TEMPLATES_DIR, build_decks, project_assets
from doria_forge.export.pdf.layout import MM_TO_PT, load_layout, mm
from doria_forge.export.pdf.readback import placements

TOL = 0.01


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdf")
    return {p.stem: p for p in export_pdfs(small_pack(), out)}


def test_one_pdf_per_deck_plus_tiles_sheets_and_scenarios(exported):
    assert list(exported) == ["loot", "monster", "monster_level", "hero", "standard_items", "door_events",
                              "room_tiles", "character_sheets", "campaign_sheets", "scenarios"]


@pytest.mark.parametrize(("deck", "fronts"), [
    ("loot", {"F_equipment_flammenklinge": 2, "F_equipment_healing_potion": 3, "F_equipment_plate_arms": 1,
              "F_trap_boulder": 1}),
    ("monster", {"F_monster_goblin": 3, "F_monster_orc": 2, "F_modification_horde": 2}),
    ("hero", {"F_hero_mage": 1, "F_hero_warrior": 1}),
    ("door_events", {"F_door_event_draft": 2}),
])
def test_decks_hold_their_cards_in_deck_counts(exported, deck, fronts):
    found = Counter(p.name for p in placements(exported[deck]) if p.name.startswith("F_"))
    assert dict(found) == fronts


def test_monster_level_cards_have_the_level_on_an_aligned_back(exported):
    found = placements(exported["monster_level"])
    pages = sorted({p.page for p in found})
    levels_seen = []
    for front_page in pages[::2]:
        fronts = [p for p in found if p.page == front_page]
        backs = [p for p in found if p.page == front_page + 1]
        for f, b in zip(fronts, backs, strict=False):
            level = f.name.rsplit("_", 1)[1]  # F_monster_level_goblin_3
            assert b.name == f"B_monster_level_{level}"
            assert (b.x, b.y) == pytest.approx((210 - f.x - f.w, f.y), abs=TOL)
            assert (f.w, f.h) == pytest.approx((63.5 + 6, 88.9 + 6), abs=TOL)
            levels_seen.append(int(level))
    assert levels_seen == sorted(levels_seen) and len(levels_seen) == 8


def test_room_tiles_are_true_size_and_the_square_size_is_configurable(exported, tmp_path: Path):
    tiles = [p for p in placements(exported["room_tiles"]) if p.name.startswith("F_")]
    assert [p.name for p in tiles] == ["F_room_tile_A_1", "F_room_tile_B_2"]
    for p in tiles:
        assert (p.w, p.h) == pytest.approx((127 + 6, 127 + 6), abs=TOL)  # 5 x 1 inch plus bleed
    layout = tmp_path / "layout.yaml"
    layout.write_text("defaults: {room_tile_square_mm: 20, bleed_mm: 0}\n")
    out = export_pdfs(small_pack(tiles=1), tmp_path / "out", LayoutOverrides(card_size="poker"), layout_file=layout)
    tile = [p for p in placements(out[[q.stem for q in out].index("room_tiles")]) if p.name.startswith("F_")][0]
    assert (tile.w, tile.h) == pytest.approx((100, 100), abs=TOL)
    with pdfplumber.open(str(exported["room_tiles"])) as pdf:
        text = pdf.pages[0].extract_text()
    assert "A-1" in text and "B-2" in text and "I" in text


def _chars_inside(path: Path, regions_of) -> int:
    """Every glyph on each front page lies inside the panel of the card it is drawn on; returns the count."""
    found = placements(path)
    checked = 0
    with pdfplumber.open(str(path)) as pdf:
        for page_no, page in enumerate(pdf.pages):
            cards = [p for p in found if p.page == page_no and p.name.startswith("F_")]
            if not cards:
                continue
            height = float(page.height)
            for ch in page.chars:
                x0, x1 = float(ch["x0"]) / MM_TO_PT, float(ch["x1"]) / MM_TO_PT
                y0, y1 = (height - float(ch["bottom"])) / MM_TO_PT, (height - float(ch["top"])) / MM_TO_PT
                owner = [p for p in cards if p.x <= (x0 + x1) / 2 <= p.x + p.w and p.y <= (y0 + y1) / 2 <= p.y + p.h]
                assert len(owner) == 1, ch["text"]
                px, py, pw, ph = (v / MM_TO_PT for v in regions_of(owner[0]))
                px, py = px + owner[0].x, py + owner[0].y
                assert px - TOL <= x0 and x1 <= px + pw + TOL and py - TOL <= y0 and y1 <= py + ph + TOL, \
                    (ch["text"], owner[0].name)
                assert float(ch["size"]) >= 5.99, (ch["text"], ch["size"])
                checked += 1
    return checked


def _longest_cards(pack, per_deck: int = 3) -> list[PrintCard]:
    """The fronts with the most text (description plus stats) of every card deck."""
    chosen = []
    for deck in build_decks(pack):
        faces = {c.front.key: c.front for c in deck.cards if isinstance(c.front, CardFace)}
        ranked = sorted(faces.values(), key=lambda f: (-len(f.spec.text) - len(f.spec.title), f.key))
        chosen += [PrintCard(f) for f in ranked[:per_deck]]
    return chosen


@pytest.mark.parametrize("size", ["mini_american", "poker"])
def test_longest_texts_stay_inside_their_boxes(tmp_path: Path, size: str):
    cards = _longest_cards(small_pack())
    layout = load_layout(DEFAULT_LAYOUT_FILE).for_deck("loot", LayoutOverrides(card_size=size))
    path = write_card_sheets(tmp_path / "long.pdf", cards, layout, "longest")
    w, h = layout.card_mm
    box = FaceBox(mm(w), mm(h), mm(layout.bleed_mm))
    specs = {f"F_{c.front.key.replace('-', '_')}": c.front.spec for c in cards}
    assert _chars_inside(path, lambda p: card_regions(box, specs[p.name])["panel"]) > 200
    # the long description was shrunk and cut, but its text is on the card
    with pdfplumber.open(str(path)) as pdf:
        assert "Flammenklinge der" in pdf.pages[0].extract_text()


def test_base_pack_longest_texts_stay_inside_their_boxes(tmp_path: Path):
    from doria_forge.validate import format_result, validate_pack

    content = Path(__file__).resolve().parents[1] / "content"
    result = validate_pack(content)
    assert result.pack is not None, format_result(result, "text")
    data = load_layout(DEFAULT_LAYOUT_FILE)
    for deck in ("loot", "monster_level"):
        cards = _longest_cards(result.pack, per_deck=4)
        layout = data.for_deck(deck)
        path = write_card_sheets(tmp_path / f"{deck}.pdf", cards, layout, deck)
        w, h = layout.card_mm
        box = FaceBox(mm(w), mm(h), mm(layout.bleed_mm))
        specs = {f"F_{c.front.key.replace('-', '_')}": c.front.spec for c in cards}
        assert _chars_inside(path, lambda p: card_regions(box, specs[p.name])["panel"]) > 100


@pytest.mark.parametrize("back", ["loot", "monster_level_2"])
def test_card_backs_keep_their_words_inside_a_wide_safe_zone(tmp_path: Path, back: str):
    """A layout asking for a 6 mm safe zone printed every back's words ("Dungeons of Doria") 3.5 mm
    inside the trim, where the shop's cut may take them; the fronts kept to the zone."""
    from doria_forge.export.pdf.card import CardBack
    from doria_forge.export.pdf.faces import back_spec
    from doria_forge.export.pdf.layout import SheetLayout

    layout = SheetLayout(card_size="mini_american", safe_mm=6, bleed_mm=2, one_per_page=True, duplex="none")
    path = write_card_sheets(tmp_path / "back.pdf", [PrintCard(CardBack(back_spec(back)))], layout, "backs")
    (w, h), inset = layout.card_mm, layout.bleed_mm + layout.safe_mm
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["text"].strip()]
        assert "Doria" in page.extract_text()
    for c in chars:
        x0, x1 = c["x0"] / MM_TO_PT, c["x1"] / MM_TO_PT
        top, bottom = c["top"] / MM_TO_PT, c["bottom"] / MM_TO_PT
        assert inset - TOL <= x0 and x1 <= w + 2 * layout.bleed_mm - inset + TOL, c["text"]
        assert inset - TOL <= top and bottom <= h + 2 * layout.bleed_mm - inset + TOL, c["text"]


def test_names_with_umlauts_and_cyrillic_render_with_the_embedded_font(exported):
    with pdfplumber.open(str(exported["loot"])) as pdf:
        text = pdf.pages[0].extract_text()
        fonts = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars}
    assert "Großmütter" in text
    assert fonts <= {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans-BoldOblique"}
    with pdfplumber.open(str(exported["standard_items"])) as pdf:
        assert "Ёж" in pdf.pages[0].extract_text()


def test_sheets_and_scenario_pages(exported):
    with pdfplumber.open(str(exported["character_sheets"])) as pdf:
        assert len(pdf.pages) == 3  # blank + 2 premade heroes
        warrior = pdf.pages[2].extract_text()
        assert "Warrior" in warrior and "Plate Arms" in warrior and "13" in warrior
    with pdfplumber.open(str(exported["campaign_sheets"])) as pdf:
        # the campaign's own sheet first, filled from it (issue 23), then a blank one
        filled = " ".join(pdf.pages[0].extract_text().split())
        assert "Invasion of the Greenskins" in filled and "1. First Steps:" in filled
        assert "Invasion of the Greenskins" not in pdf.pages[-1].extract_text()
    with pdfplumber.open(str(exported["scenarios"])) as pdf:
        text = " ".join(p.extract_text() for p in pdf.pages)
    for part in ("First Steps", "Story", "Goal", "Setup", "Room Tile deck", "1 × A-1", "Random Room Tiles: 6",
                 "Special rules", "Doors open only with 10 AP.", "At the end of round 8", "More goblins arrive.",
                 "Rewards", "2 Loot Cards each."):
        assert part in text, part


@pytest.mark.parametrize(("template", "message"), [
    ("# {{ scenario.nam }}\n", "scenario.md.j2.*nam"),
    ("{{ scenario.__class__.__mro__ }}\n", "scenario.md.j2"),
    ("{% if %}\n", r"scenario.md.j2:1"),
])
def test_template_errors_are_export_errors(tmp_path: Path, template: str, message: str):
    (tmp_path / "scenario.md.j2").write_text(template)
    with pytest.raises(ExportError, match=message):
        export_pdfs(small_pack(tiles=1), tmp_path / "out", templates_dir=tmp_path)


def test_shipped_template_directory_has_the_scenario_template():
    assert (DEFAULT_TEMPLATES_DIR / "scenario.md.j2").is_file()


def test_a_project_uses_its_own_layout_file_and_templates_each_where_it_has_them(tmp_path: Path):
    assert project_assets(None) == (DEFAULT_LAYOUT_FILE, DEFAULT_TEMPLATES_DIR)
    assert project_assets(tmp_path) == (DEFAULT_LAYOUT_FILE, DEFAULT_TEMPLATES_DIR)
    (tmp_path / "templates").mkdir()
    assert project_assets(tmp_path) == (DEFAULT_LAYOUT_FILE, tmp_path / "templates")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "default.yaml").write_text("{}\n")
    assert project_assets(tmp_path) == (tmp_path / "layouts" / "default.yaml", tmp_path / "templates")


def test_same_pack_gives_byte_identical_pdfs(exported, tmp_path: Path):
    again = {p.stem: p for p in export_pdfs(small_pack(), tmp_path)}
    for name, path in exported.items():
        assert again[name].read_bytes() == path.read_bytes(), name


def test_scenario_template_puts_each_setup_item_on_its_own_line():
    from doria_forge.export.pdf.scenario import render_scenario_text, template_env

    pack = small_pack()
    text = render_scenario_text(template_env(DEFAULT_TEMPLATES_DIR), pack, pack.scenarios["first_steps"])
    lines = text.splitlines()
    for start in ("- **Start tile:** A-1", "- **Room Tile deck:** 1 × A-1", "- **Random Room Tiles:** 6",
                  "- **Target tile:** B-2, placed as card 5"):
        assert any(line.startswith(start) for line in lines), start
    assert "- **Start tile:** A-1" in lines


def test_a_card_size_one_deck_cannot_fit_on_the_paper_writes_no_pdf_at_all(tmp_path):
    """The hero cards at 200 x 290 mm do not fit on A4: the export stopped at the hero deck with
    the decks before it already written (4 of 11 PDFs). Every deck's size is now fitted to the
    paper first: the error, and no file."""
    from doria_forge.export.layouts import make_overrides

    out = tmp_path / "out"
    with pytest.raises(ExportError, match="does not fit on a4 paper"):
        export_pdfs(small_pack(), out, make_overrides(card_size=["hero=200x290"]))
    assert not out.exists() or not any(out.iterdir())


def test_sheets_left_from_an_earlier_export_are_named_not_deleted(tmp_path, caplog):
    """A folder uploaded to a print shop is printed whole: the sheets of a deck the pack no longer
    has (here a boss deck the small pack lacks) stayed in it without a word. Exported again, each
    such file is named in a warning; it is not deleted (its name alone does not prove doria-forge
    wrote it), and a file of another name is not mentioned."""
    from doria_forge.export.pdf.export import PDF_NAMES

    written = export_pdfs(small_pack(), tmp_path)
    assert {p.name for p in written} <= PDF_NAMES  # every sheet it writes is one it would recognise
    (tmp_path / "boss.pdf").write_bytes(b"%PDF-1.4 an earlier export")
    (tmp_path / "notes.pdf").write_bytes(b"%PDF-1.4 the designer's")
    caplog.clear()
    export_pdfs(small_pack(), tmp_path)
    warned = [r.getMessage() for r in caplog.records if "left from an earlier export" in r.getMessage()]
    assert len(warned) == 1 and str(tmp_path / "boss.pdf") in warned[0]
    assert (tmp_path / "boss.pdf").exists() and (tmp_path / "notes.pdf").exists()
