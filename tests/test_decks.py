"""The format-neutral deck composition (``export.decks``, issue 24): which cards a pack prints,
in which deck, how many copies and with which back; the PDF, PNG and Tabletop Simulator exports
all print these decks."""

import ast
import json
import subprocess
import sys
from pathlib import Path

from doria_forge.export.decks import DECK_TITLES, compose_decks, printed_cards
from doria_forge.export.layouts import LayoutFile, LayoutOverrides
from doria_forge.export.pdf.export import build_decks
from doria_forge.export.png import export_pngs
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]


def _decks(pack):
    return {plan.name: plan for plan in compose_decks(pack)}


def test_decks_come_in_print_order_and_empty_decks_are_left_out(shipped_pack):
    names = [plan.name for plan in compose_decks(shipped_pack)]
    assert names == [n for n in DECK_TITLES if n in names]
    assert {"loot", "monster", "monster_level", "hero", "room_tiles"} <= set(names)
    assert all(plan.count > 0 for plan in compose_decks(shipped_pack))
    only_orc = shipped_pack.printing(frozenset({("monster", "orc")}))
    assert [(plan.name, plan.count) for plan in compose_decks(only_orc)] == [("monster", 5)]


def test_copies_follow_the_documents(shipped_pack):
    """Each monster card is in the monster deck as often as its ``deck_cards`` says (the Orc: 5),
    loot equipment and Traps by their ``copies``."""
    decks = _decks(shipped_pack)
    monster = {c.ref: c.copies for c in decks["monster"].cards}
    assert monster["monster:orc"] == shipped_pack.monsters["orc"].deck_cards == 5
    loot = decks["loot"]
    expected = sum(e.copies for e in shipped_pack.equipment.values() if e.deck == "loot")
    expected += sum(t.copies for t in shipped_pack.traps.values())
    assert loot.count == expected
    assert [c.kind for c in loot.cards] == sorted((c.kind for c in loot.cards), key=["equipment", "trap"].index)


def test_monster_level_cards_wear_their_level_on_the_back_and_sort_by_level(shipped_pack):
    cards = _decks(shipped_pack)["monster_level"].cards
    levels = [shipped_pack.monster_levels[c.doc_id].level for c in cards]
    assert levels == sorted(levels) and set(levels) == {1, 2, 3, 4}
    assert {c.back for c in cards} == {f"monster_level_{n}" for n in (1, 2, 3, 4)}
    assert all(c.copies == 1 for c in cards)


def test_room_tiles_keep_their_size_and_every_other_deck_its_own_back(shipped_pack):
    for plan in compose_decks(shipped_pack):
        assert plan.fixed_card_size == ("tile" if plan.name == "room_tiles" else None)
        if plan.name != "monster_level":
            assert {c.back for c in plan.cards} == {plan.name}


def test_an_expansion_prints_only_its_own_cards():
    pack = validate_pack(ROOT / "examples" / "frost-crypt").pack
    refs = {c.ref for c in printed_cards(pack)}
    assert "monster:frost_wight" in refs and "monster:goblin" not in refs
    assert "monster:goblin" in {c.ref for c in printed_cards(pack.printing(None))}


def test_the_pdf_decks_are_the_composition_with_faces(shipped_pack):
    for plan, deck in zip(compose_decks(shipped_pack), build_decks(shipped_pack), strict=True):
        assert (deck.name, deck.title, deck.fixed_card_size) == (plan.name, plan.title, plan.fixed_card_size)
        assert [c.ref for c in deck.cards] == [c.ref for c in plan.cards for _ in range(c.copies)]
        assert [c.back.key for c in deck.cards] == [c.back for c in plan.cards for _ in range(c.copies)]


def test_the_png_export_prints_the_composed_decks(tmp_path):
    """The images of a small pack: one front and one back per copy of each composed card."""
    pack = validate_pack(ROOT / "examples" / "frost-crypt").pack
    export_pngs(pack, tmp_path, LayoutFile(), LayoutOverrides(dpi=72))
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    fronts = [(e["deck"], e["card"]) for e in manifest["images"] if e["side"] == "front"]
    assert fronts == [(plan.name, c.ref) for plan in compose_decks(pack) for c in plan.cards for _ in range(c.copies)]


def test_composition_draws_nothing():
    """Reading the decks loads no PDF library: the composition is format-neutral."""
    code = ("import sys, doria_forge.export.decks; "
            "print(sorted(m for m in sys.modules if m.startswith(('reportlab', 'doria_forge.export.pdf'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_no_export_format_takes_its_decks_from_the_pdf_package():
    """PNG, Tabletop Simulator, preflight and the bundle compose decks with export.decks only."""
    for name in ("png", "tts", "preflight", "bundle"):
        tree = ast.parse((ROOT / "doria_forge" / "export" / f"{name}.py").read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    and "pdf" in (node.module or "") for alias in node.names}
        assert not imported & {"build_decks", "Deck", "DECK_TITLES", "items"}, name
