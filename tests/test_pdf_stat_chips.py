"""The stat chips and footers of one deck read alike on every card, measured on the written PDF:
an attack type, element or zone is a word on every card or an icon on every card, and the chips
sit in the same places. Before, each card chose by its own word: the Archer's monster card spelled ``Ranged`` over
two cells (Attack and Range, then AP and Vuln.) while the Black Knight's showed the melee icon in
one (Attack, Range and AP, then Vuln.), and a Monster Level Card showed ``air`` where the next
showed the earth icon."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from doria_forge.export.pdf import LayoutOverrides
from doria_forge.export.pdf.card import CardFace, card_regions
from doria_forge.export.pdf.compose import FaceBox, PrintCard, write_card_sheets
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, build_decks
from doria_forge.export.pdf.layout import MM_TO_PT, load_layout, mm
from doria_forge.export.pdf.readback import placements
from doria_forge.i18n import language, t

WORDS = {"monster": ("Melee", "Ranged", "Magic"), "monster_level": ("fire", "water", "earth", "air")}


def _stat_words(pack, deck_name: str, tmp_path: Path, level: int | None = None, region: str = "stats",
                every: bool = False, size: str | None = None):
    """Per card front of ``deck_name`` (one of each; of Monster Level Cards, those of ``level``;
    of the monster deck its monsters unless ``every``): the words in its ``region``, each with its
    height in mm above the card's bottom edge, and how many of its chips have an icon that may
    stand for the word."""
    deck = next(d for d in build_decks(pack) if d.name == deck_name)
    faces = {c.front.key: c.front for c in deck.cards if isinstance(c.front, CardFace)}
    if level is not None:
        faces = {k: f for k, f in faces.items() if f.spec.badge == str(level)}
    elif not every:  # the monster cards, not the Monster Modifications shuffled into their deck
        faces = {k: f for k, f in faces.items() if k.startswith(f"{deck_name}-")}
    cards = [PrintCard(f) for f in faces.values()]
    layout = load_layout(DEFAULT_LAYOUT_FILE).for_deck(deck_name, LayoutOverrides(card_size=size))
    path = write_card_sheets(tmp_path / f"{deck_name}.pdf", cards, layout, deck_name)
    w, h = layout.card_mm
    box = FaceBox(mm(w), mm(h), mm(layout.bleed_mm))
    specs = {f"F_{k.replace('-', '_')}": f.spec for k, f in faces.items()}
    found: dict[str, list[tuple[str, float]]] = {}
    with pdfplumber.open(str(path)) as pdf:
        for place in placements(path):
            if place.name not in specs:
                continue
            page = pdf.pages[place.page]
            sx, sy, sw, sh = card_regions(box, specs[place.name])[region]
            left = place.x * MM_TO_PT + sx
            bottom = place.y * MM_TO_PT + sy
            crop = page.crop((left, page.height - bottom - sh, left + sw, page.height - bottom))
            found[place.name] = [(wd["text"], round((page.height - wd["bottom"]) / MM_TO_PT - place.y, 1))
                                 for wd in crop.extract_words(x_tolerance=1)]
    assert len(found) == len(faces) > 5
    icons = {name: sum(1 for st in spec.stats if st.icon) for name, spec in specs.items()}
    return found, icons, specs


@pytest.mark.parametrize("lang", ["en", "de"])
def test_monster_cards_print_the_attack_type_and_their_chips_alike(shipped_pack, tmp_path: Path, lang: str):
    with language(lang):
        words, _, _ = _stat_words(shipped_pack, "monster", tmp_path)
        attack_words = {t(w) for w in WORDS["monster"]}
        spelled = {name: any(w in attack_words for w, _ in ws) for name, ws in words.items()}
        assert len(set(spelled.values())) == 1, spelled
        # The chips every monster card has sit at the same height on every card.
        for label in (t("Attack"), t("AP"), t("Vuln.")):
            heights = {name: [y for w, y in ws if w == label] for name, ws in words.items()}
            assert len({tuple(v) for v in heights.values()}) == 1, (label, heights)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_monster_level_cards_print_elements_alike(shipped_pack, tmp_path: Path, lang: str):
    with language(lang):
        words, icons, _ = _stat_words(shipped_pack, "monster_level", tmp_path, level=1)
        element_words = {t(w) for w in WORDS["monster_level"]}
        # Every element chip (vulnerability, damage element) of every card is a word, or every one an icon.
        spelled = {name: sum(1 for w, _ in ws if w in element_words) / icons[name]
                   for name, ws in words.items() if icons[name]}
        assert len(spelled) > 5 and len(set(spelled.values())) == 1, spelled
        for label in (t("Damage"), t("HP"), t("AP")):
            heights = {name: [y for w, y in ws if w == label] for name, ws in words.items()}
            assert len({tuple(v) for v in heights.values()}) == 1, (label, heights)


@pytest.mark.parametrize(("deck", "size"), [("standard_items", None), ("loot", None), ("monster_level", "mini_american")])
def test_a_deck_prints_its_footer_zone_or_attack_type_alike_on_every_card(shipped_pack, tmp_path: Path, deck: str,
                                                                           size: str | None):
    """The German Standard Items showed the zone icon on the three cards whose footer ("2 Hände
    2 Gold 24 AP") is widest and the word ("1 Hand", "Körper") on the other thirteen; the German
    Monster Level Cards on mini cards "Magie" beside the sword and bow icons."""
    with language("de"):
        words, _, specs = _stat_words(shipped_pack, deck, tmp_path, region="footer", every=True, size=size)
    shown = {name: specs[name].footer[0].split()[-1] in {w for w, _ in ws}
             for name, ws in words.items() if specs[name].footer_icons[0]}
    assert len(shown) > 5 and len(set(shown.values())) == 1, shown
