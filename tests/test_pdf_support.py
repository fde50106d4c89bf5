"""A small pack for the PDF and preview tests, built from model objects (no YAML, no content/).

Numbers for goblin and orc come from shared/data; the texts are written for the tests, with a
deliberately long one, umlauts and Cyrillic to exercise fitting and the embedded font.
"""

from __future__ import annotations

from doria_forge.model import (
    Ability,
    Campaign,
    CampaignReward,
    Character,
    ContentPack,
    DoorEvent,
    Equipment,
    Monster,
    MonsterLevel,
    MonsterModification,
    Pack,
    RoomTile,
    Rules,
    Scenario,
    Trap,
)
from doria_forge.model.room_tile import Door, MonsterIcon, OpenSide, Rune, StartingPosition
from doria_forge.model.scenario import Rewards, Rule, ScenarioSetup, TileDeckEntry

LONG_TEXT = (
    "When this blade strikes a monster that is already wounded, roll one extra die for damage and add "
    "the result; if the die shows a ten, the monster is also immobilized until the end of its next "
    "activation. Twice per scenario you may spend 2 Psi Points to set the blade ablaze: until the end "
    "of the round its damage counts as fire and it ignores armor vulnerable to fire. A hero who fumbles "
    "while the blade burns takes 1 damage and must place a Damaged Marker on one armor piece of choice. "
    "Ancient runes along the fuller spell out a warning in a forgotten tongue that nobody has read aloud "
    "since the fall of the old kingdom, and the smiths of Bron still argue about what it means."
)
SQUARES = ["#...#", ".....", "..R..", "..O..", "#...#"]


def small_pack(*, tiles: int = 2) -> ContentPack:
    """Two monsters with all four Monster Level Cards, a modification, four equipment cards (loot and
    standard), a Trap, two heroes, a Door Event, ``tiles`` Room Tiles, a scenario and a campaign."""
    goblin = Monster(id="goblin", name="Goblin", attack_type="melee", range=1, action_points=9,
                     vulnerability="fire", priority="A", figures=5, deck_cards=3,
                     ability=Ability(id="pair", text="A second goblin acts right after the first."))
    orc = Monster(id="orc", name="Orc", attack_type="melee", range=1, action_points=7, vulnerability="fire",
                  priority="A", figures=2, deck_cards=2)
    levels = []
    for monster in (goblin, orc):
        for level in range(1, 5):
            levels.append(MonsterLevel(id=f"{monster.id}-{level}", monster=monster.id, level=level,
                                       attack=f"2D+{3 + level}", defense="2D+2", psi_resistance="2D+3",
                                       damage=level, hit_points=level, armor_rating=level - 1))
    docs = [
        Pack(id="testpack", name="Test Pack", version="1.0.0"),
        Rules(id="rules-en"),
        goblin, orc, *levels,
        MonsterModification(id="horde", name="Horde", text="Place one more figure.",
                            behaviours=[{"behaviour": "horde", "figures": 1}], extra_xp=1, extra_loot=1, copies=2),
        Equipment(id="flammenklinge", name="Flammenklinge der Großmütter", card_type="weapon", magic=True,
                  category="Swords", requirements={"STR": 10, "CON": 10, "PSI": 7}, zone="1_hand", range=1, pp=2,
                  attacks=[{"attack_type": "melee", "dice": "3D+2", "damage": 2, "range": 1, "ap": 16,
                            "element": "fire"}],
                  defense="2D+1", gold=3, copies=2, text=LONG_TEXT),
        Equipment(id="psi_orb", name="Psi Orb Ёж", card_type="spell", zone="1_hand",
                  requirements={"WIS": 8, "PSI": 9},
                  attacks=[{"attack_type": "magic", "dice": "2D+4", "damage": 2, "range": 5, "ap": 15, "pp": 2}],
                  gold=2, deck="standard"),
        Equipment(id="plate_arms", name="Plate Arms", card_type="armor", zone="arms", requirements={"STR": 11},
                  ap=12, armor_rating=3, vulnerability="water", bonuses={"initiative_points": -1, "defense": 2}),
        Equipment(id="healing_potion", name="Small Healing Potion", card_type="potion", zone="body", ap=5,
                  effect={"heal_hp": 3}, gold=1, copies=3),
        Trap(id="boulder", name="Boulder Trap", trap_type="person", check_attributes=("STR", "AGI"),
             tn_base=28, tn_per_ml=3, effect={"damage": 4}, xp=1, gold=0),
        Character(id="warrior", name="Warrior", name_de="Barbar",
                  attributes={"STR": 13, "CON": 13, "AGI": 9, "PER": 9, "WIS": 5, "PSI": 1},
                  standard_items=["plate_arms"]),
        Character(id="mage", name="Mage", attributes={"STR": 5, "CON": 7, "AGI": 8, "PER": 9, "WIS": 12, "PSI": 13},
                  standard_items=["psi_orb"]),
        DoorEvent(id="draft", name="Cold Draft", text="A cold wind blows out every torch.", copies=2),
        Scenario(id="first_steps", name="First Steps", story="The heroes enter the old crypt below Tandrur.",
                 goal="Find the target tile and defeat every monster on it.",
                 setup=ScenarioSetup(tile_deck=[TileDeckEntry(tile="A-1")], random_tiles=6, target_tile="B-2",
                                     target_position=5),
                 rules=[Rule(text="Doors open only with 10 AP."),
                        Rule.model_validate({"text": "More goblins arrive.", "when": {"on": "round_end", "round": 8},
                                             "do": [{"do": "spawn", "monster": "goblin", "count": 2}]})],
                 optional_rules=["door_events"], rewards=Rewards(text=["2 Loot Cards each."])),
        Campaign(id="greenskins", name="Invasion of the Greenskins", scenarios=["first_steps"],
                 rewards=[CampaignReward(after_scenario=1, text="Keep one Loot Card.")]),
    ]
    for i in range(tiles):
        docs.append(RoomTile(
            id=f"{'AB'[i % 2]}-{i + 1}", squares=SQUARES, doors=[Door(side="north", offset=2)],
            open_sides=[OpenSide(side="south", offset=1, length=3)], treasures=[(1, 1)],
            monster_icons=[MonsterIcon(square=(1, 3), color="white"), MonsterIcon(square=(2, 1), color="red")],
            runes=[Rune(square=(3, 4), color="blue")],
            starting_positions=[StartingPosition(square=(1, 2), number=1)] if i == 0 else [],
            entrances=[(4, 2)] if i == 0 else [], start_tile=i == 0, compass_north=i == 0))
    return ContentPack.from_documents(docs)


def test_fits_answers_what_fit_paragraph_draws():
    """validate's card-text-fit check (``fits``) must say "cut" exactly when the PDF's own
    sizing (``fit_paragraph``) cuts the text: its shortcuts (lines counted from string widths,
    the two wraps) may not disagree with the full search, whatever the text and box: paragraphs
    split by blank lines, words wider than the box, no-break spaces and soft hyphens, boxes of one
    line or many."""
    import random

    from doria_forge.export.pdf.fonts import register_fonts
    from doria_forge.export.pdf.text import fit_paragraph, fits

    register_fonts()
    rng = random.Random(7)
    words = ("Monster Level Card Loot Doom Counter Extra Activation Schatzkarte Untergangszähler a an the of "
             "Armor Rating Target Number Fumble A-1 · Kellergewölbe-Treppenhaus-Schlüssel <&>").split()
    words += ["3\xa0AP", "Schatz\xadkarte", "Untergangs\xadzähler"]
    for _ in range(300):
        text = "\n\n".join(" ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))
                            for _ in range(rng.choice([1, 1, 2, 3])))
        width, height, size = rng.uniform(20, 160), rng.uniform(7, 90), rng.choice([7, 8.5, 9, 10, 11.3])
        bold = rng.random() < 0.3
        _, fit = fit_paragraph(text, width, height, max_size=size, bold=bold)
        assert fits(text, width, height, max_size=size, bold=bold) == (not fit.truncated), (text, width, height)


def test_fits_counts_lines_as_the_paragraph_wraps_them():
    """``fits`` counts lines from string widths where it can; at a box exactly ``n`` lines high
    and a width cut just inside or outside what ``k`` words take (where a line break depends on
    the spaces Paragraph lets shrink), it still answers what ``fit_paragraph`` draws."""
    import random

    from reportlab.pdfbase.pdfmetrics import stringWidth

    from doria_forge.export.pdf.fonts import BOLD, REGULAR, register_fonts
    from doria_forge.export.pdf.text import LEADING, fit_paragraph, fits

    register_fonts()
    rng = random.Random(11)
    words = "Doom Counter Loot Card Armor Rating the a of Fumble Untergangszähler Extra Activation".split()
    for _ in range(300):
        chosen = [rng.choice(words) for _ in range(rng.randint(2, 30))]
        parts = rng.choice([1, 1, 2])
        text = " ".join(chosen) if parts == 1 else " ".join(chosen[:len(chosen) // 2]) + "\n\n" + " ".join(
            chosen[len(chosen) // 2:])
        size, bold = rng.choice([6.0, 7.5, 9.0]), rng.random() < 0.3
        k = rng.randint(2, min(len(chosen), 8))
        natural = stringWidth(" ".join(chosen[:k]), BOLD if bold else REGULAR, size)
        space = stringWidth(" ", BOLD if bold else REGULAR, size)
        width = natural - rng.choice([0.0, 0.01, 0.3, 0.6, 1.0, 2.0]) * space * (k - 1) * 0.1
        height = rng.randint(1, 8) * (size * LEADING)
        _, fit = fit_paragraph(text, width, height, max_size=size, min_size=size, bold=bold)
        assert fits(text, width, height, max_size=size, min_size=size, bold=bold) == (not fit.truncated), \
            (text, width, height)


def test_width_tables_measure_as_reportlab_does_bit_for_bit():
    """validate measures card texts with the width tables shipped beside the fonts
    (``widths.string_width``) and the PDF sets them with reportlab's own widths: for a line to
    break in the same place, both must give the same number, to the last bit, for every character
    each text face maps, for characters it lacks, and for strings of them at any size. The tables
    must also belong to the shipped font files (a font updated without ``tools/make_font_widths.py``
    fails here)."""
    import random

    from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

    from doria_forge.export.pdf import widths
    from doria_forge.export.pdf.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    rng = random.Random(5)
    for font in (REGULAR, BOLD):
        assert widths._table(font) is not None, f"the width table of {font} is missing or stale"
        mapped = sorted(getFont(font).face.charWidths)
        for code in mapped + [0x4E00, 0x1F600, 0xE000]:  # CJK, an emoji, private use: not in the face
            assert widths.string_width(chr(code), font, 10) == stringWidth(chr(code), font, 10), hex(code)
        chars = [chr(c) for c in mapped] + ["\u4e00", "\U0001f600"]
        for _ in range(2000):
            text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 60)))
            size = rng.choice([6.0, 6.25, 7.5, 8.75, 9.0, 11.3, 14.0]) + rng.choice([0.0, rng.random()])
            assert widths.string_width(text, font, size) == stringWidth(text, font, size), (text, size)


def test_a_stale_or_missing_width_table_leaves_measuring_to_reportlab(tmp_path, monkeypatch):
    """A width table made from another font file than the one installed (or none at all) is not
    used: the text is measured by reportlab, so a new font never prints other breaks than validate
    predicted."""
    import json
    import shutil

    from reportlab.pdfbase.pdfmetrics import stringWidth

    from doria_forge.export.pdf import widths
    from doria_forge.export.pdf.fonts import REGULAR, register_fonts
    from doria_forge.infra.fonts import FACES, font_dir

    register_fonts()
    ttf = font_dir() / FACES[REGULAR]
    table = json.loads(widths.table_path(ttf).read_text(encoding="utf-8"))
    table["chars"] = table["chars"][::-1]  # another font's widths
    table["sha256"] = "0" * 64
    shutil.copy(ttf, tmp_path / ttf.name)
    widths.table_path(tmp_path / ttf.name).write_text(json.dumps(table), encoding="utf-8")
    monkeypatch.setattr(widths, "font_dir", lambda: tmp_path)
    widths._table.cache_clear()
    try:
        assert widths._table(REGULAR) is None
        assert widths.string_width("Doom Counter", REGULAR, 9) == stringWidth("Doom Counter", REGULAR, 9)
        widths.table_path(tmp_path / ttf.name).unlink()
        widths._table.cache_clear()
        assert widths._table(REGULAR) is None
        assert widths.string_width("Loot Card", REGULAR, 7) == stringWidth("Loot Card", REGULAR, 7)
    finally:
        widths._table.cache_clear()


def test_line_counting_uses_reportlabs_paragraph_settings():
    """``fits`` counts lines with Paragraph's space shrinkage and aligns as reportlab's constants
    say, without importing reportlab: the numbers it keeps must be reportlab's."""
    from reportlab import rl_config
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT

    from doria_forge.export.pdf import text

    assert text.SPACE_SHRINKAGE == rl_config.spaceShrinkage
    assert text._ALIGN == {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def test_the_text_fit_cache_is_keyed_by_the_width_tables():
    """Cached card-text-fit findings were measured with the width tables: a table written again
    (after a font changed) must measure every card again, as changed printing code does."""
    from doria_forge.export import text_fit
    from doria_forge.export.pdf import widths

    assert widths.table_files() and all(path.is_file() for path in widths.table_files())
    assert set(widths.table_files()) <= set(text_fit._CODE_FILES)
