"""The boss deck: one poker card per Boss Monster with all four levels in a table, its own back,
every glyph inside the card (table numbers inside the table), no text cut on the base pack's bosses."""

from __future__ import annotations

import logging
from pathlib import Path

import pdfplumber
import pytest
from test_pdf_support import LONG_TEXT, small_pack

from doria_forge.export.pdf import export_pdfs
from doria_forge.export.pdf.card import card_regions
from doria_forge.export.pdf.compose import FaceBox
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, build_decks, find_item
from doria_forge.export.pdf.faces import boss_spec
from doria_forge.export.pdf.layout import MM_TO_PT, load_layout, mm
from doria_forge.export.pdf.readback import placements
from doria_forge.export.pdf.text import fit_paragraph
from doria_forge.model import Ability, Boss, BossLevel, ContentPack

TOL = 0.01
CONTENT = Path(__file__).resolve().parents[1] / "content"


def _boss(boss_id: str, name: str, text: str = "", **extra) -> Boss:
    levels = [BossLevel(level=lv, attack=f"{3 + lv}D+{lv}", defense=f"3D+{lv}", psi_resistance=f"3D+{lv + 2}",
                        damage=5 + lv, hit_points=3 + lv, armor_rating=lv) for lv in (4, 1, 3, 2)]
    return Boss(id=boss_id, name=name, attack_type="melee", range=2, action_points=6, priority="C",
                vulnerability="water", levels=levels, end_condition="The heroes win when the boss falls.",
                text=text, **extra)


def boss_pack() -> ContentPack:
    bosses = [
        _boss("wyrm", "Großer Wyrm", damage_element="fire", flags=["flying"],
              ability=Ability(id="breath", text="Breathes fire along a line of 3 squares.")),
        _boss("warlord", "Warlord", text=LONG_TEXT),
    ]
    return ContentPack.from_documents([*small_pack(tiles=1), *bosses])


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdf")
    return {p.stem: p for p in export_pdfs(boss_pack(), out)}


def test_boss_deck_follows_the_monster_level_cards(exported):
    stems = list(exported)
    assert stems.index("boss") == stems.index("monster_level") + 1
    deck = {d.name: d for d in build_decks(boss_pack())}["boss"]
    assert deck.title == "Boss Monster Cards"
    assert "boss" not in {d.name for d in build_decks(small_pack())}


def test_one_poker_card_per_boss_with_the_boss_back_aligned(exported):
    found = placements(exported["boss"])
    fronts = [p for p in found if p.page == 0]
    backs = [p for p in found if p.page == 1]
    assert [p.name for p in fronts] == ["F_boss_warlord", "F_boss_wyrm"]
    assert [p.name for p in backs] == ["B_boss", "B_boss"]
    for f, b in zip(fronts, backs, strict=False):
        assert (f.w, f.h) == pytest.approx((63.5 + 6, 88.9 + 6), abs=TOL)
        assert (b.x, b.y) == pytest.approx((210 - f.x - f.w, f.y), abs=TOL)


def test_every_level_prints_every_number_in_level_order(exported):
    with pdfplumber.open(str(exported["boss"])) as pdf:
        text = pdf.pages[0].extract_text()
    lines = text.splitlines()
    rows = [line for line in lines if line.split()[:1] in (["1"], ["2"], ["3"], ["4"])]
    assert "LvlAttackDefensePsiRes.DmgHPAR" in text.replace(" ", "")
    # both cards' rows, level 1 to 4 from the top (two cards side by side share a text line)
    assert rows[:4] == ["1 4D+1 3D+1 3D+3 6 4 1 1 4D+1 3D+1 3D+3 6 4 1",
                        "2 5D+2 3D+2 3D+4 7 5 2 2 5D+2 3D+2 3D+4 7 5 2",
                        "3 6D+3 3D+3 3D+5 8 6 3 3 6D+3 3D+3 3D+5 8 6 3",
                        "4 7D+4 3D+4 3D+6 9 7 4 4 7D+4 3D+4 3D+6 9 7 4"]
    cards = {p.name: _card_text(exported["boss"], p) for p in placements(exported["boss"]) if p.page == 0}
    wyrm, warlord = cards["F_boss_wyrm"], cards["F_boss_warlord"]
    assert "Großer Wyrm" in wyrm and "fire damage · Flying" in wyrm and "Vuln. water" in wyrm
    assert "Melee Range 2 6 AP · C" in wyrm
    assert "Breathes fire along a line of 3 squares. End of the game: The heroes win when the boss falls." in wyrm
    # the long flavour text comes after the end condition: it is cut, the rules are not
    assert "End of the game: The heroes win when the boss falls. When this blade strikes" in warlord
    assert warlord.split(" Melee Range")[0].endswith("…")


def _card_text(path: Path, card) -> str:
    """The text of one card face, lines joined by spaces."""
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[card.page]
        top = float(page.height) - (card.y + card.h) * MM_TO_PT
        crop = page.crop((card.x * MM_TO_PT, top, (card.x + card.w) * MM_TO_PT, top + card.h * MM_TO_PT))
        return " ".join(crop.extract_text().split())


def test_glyphs_stay_inside_the_card_and_table_numbers_inside_the_table(exported):
    layout = load_layout(DEFAULT_LAYOUT_FILE).for_deck("boss")
    box = FaceBox(mm(layout.card_mm[0]), mm(layout.card_mm[1]), mm(layout.bleed_mm))
    pack = boss_pack()
    specs = {f"F_boss_{b.id}": boss_spec(b) for b in pack.bosses.values()}
    cards = [p for p in placements(exported["boss"]) if p.page == 0]
    checked = in_table = 0
    with pdfplumber.open(str(exported["boss"])) as pdf:
        page = pdf.pages[0]
        height = float(page.height)
        for ch in page.chars:
            x0, x1 = float(ch["x0"]) / MM_TO_PT, float(ch["x1"]) / MM_TO_PT
            y0, y1 = (height - float(ch["bottom"])) / MM_TO_PT, (height - float(ch["top"])) / MM_TO_PT
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            owner = [p for p in cards if p.x <= cx <= p.x + p.w and p.y <= cy <= p.y + p.h]
            assert len(owner) == 1, ch["text"]
            card = owner[0]
            regions = card_regions(box, specs[card.name])
            px, py, pw, ph = (v / MM_TO_PT for v in regions["panel"])
            assert card.x + px - TOL <= x0 and x1 <= card.x + px + pw + TOL, (ch["text"], card.name)
            assert card.y + py - TOL <= y0 and y1 <= card.y + py + ph + TOL, (ch["text"], card.name)
            assert float(ch["size"]) >= 5.99, (ch["text"], ch["size"])
            tx, ty, tw, th = (v / MM_TO_PT for v in regions["table"])
            if card.y + ty <= cy <= card.y + ty + th:
                # a glyph at table height lies inside the table's columns
                assert card.x + tx - TOL <= x0 and x1 <= card.x + tx + tw + TOL, (ch["text"], card.name)
                in_table += 1
            checked += 1
    assert in_table >= 2 * (30 + 4 * 16)  # two tables: the head row and four rows of numbers
    assert checked > 600


def test_base_pack_bosses_fit_without_cutting_text(caplog):
    from doria_forge.validate import format_result, validate_pack

    result = validate_pack(CONTENT)
    assert result.pack is not None, format_result(result, "text")
    assert result.pack.bosses, "the base pack has no Boss Monster cards"
    layout = load_layout(DEFAULT_LAYOUT_FILE).for_deck("boss")
    assert layout.card_mm == pytest.approx((63.5, 88.9))
    box = FaceBox(mm(layout.card_mm[0]), mm(layout.card_mm[1]), mm(layout.bleed_mm))
    for boss in result.pack.bosses.values():
        spec = find_item(result.pack, boss.id).face.spec
        x, y, w, h = card_regions(box, spec)["text"]
        with caplog.at_level(logging.WARNING):
            _, fit = fit_paragraph(spec.text, w, h, max_size=7.5 * 1.35)
        assert not fit.truncated, boss.id
        assert fit.size >= 6.5, (boss.id, fit.size)  # readable, not squeezed to the minimum
        assert len(spec.table) == 5 and [row[0] for row in spec.table[1:]] == ["1", "2", "3", "4"]
