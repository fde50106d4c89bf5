"""Layout data: presets, merge order, grid computation, layout files and command-line overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_forge.export.pdf import ExportError, LayoutFile, LayoutOverrides, SheetLayout, compute_grid, load_layout
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE
from doria_forge.export.pdf.layout import DeckLayout, make_overrides, resolve_card_size


def test_card_size_presets_and_custom_sizes():
    assert resolve_card_size("poker") == (63.5, 88.9)
    assert resolve_card_size("mini-american") == (41.0, 63.0)
    assert resolve_card_size("mini_euro") == (44.0, 68.0)
    assert resolve_card_size("tile") == pytest.approx((127.0, 127.0))
    assert resolve_card_size("square", room_tile_square_mm=20) == (100.0, 100.0)
    assert resolve_card_size("70x120") == (70.0, 120.0)
    assert resolve_card_size("70.5 x 99 mm") == (70.5, 99.0)
    with pytest.raises(ExportError, match="unknown card size 'tarot'.*poker"):
        resolve_card_size("tarot")


@pytest.mark.parametrize(("paper", "size", "cols", "rows"), [
    ("a4", "mini_american", 4, 4),
    ("a4", "poker", 2, 3),
    ("letter", "poker", 2, 2),
    ("a4", "tile", 1, 2),
    ("letter", "mini_euro", 4, 3),
])
def test_grid_counts_cards_that_fit_inside_the_margins(paper, size, cols, rows):
    grid = compute_grid(SheetLayout(paper=paper, card_size=size))
    assert (grid.cols, grid.rows) == (cols, rows)


def test_grid_is_centred_on_the_paper():
    layout = SheetLayout(card_size="mini_euro", gap_mm=2)
    grid = compute_grid(layout)
    first, last = grid.bleed_rect(0), grid.bleed_rect(grid.per_page - 1)
    assert first.x == pytest.approx(210 - last.right)
    assert last.y == pytest.approx(297 - first.top)
    assert grid.bleed_rect(1).x - grid.bleed_rect(0).right == pytest.approx(2.0)


def test_card_larger_than_paper_is_a_clear_error():
    with pytest.raises(ExportError, match="does not fit on a4 paper.*--one-per-page"):
        compute_grid(SheetLayout(card_size="250x100"))


def test_layout_file_merges_defaults_then_deck_then_command_line(tmp_path: Path):
    path = tmp_path / "layout.yaml"
    path.write_text("defaults:\n  paper: letter\n  bleed_mm: 2\n"
                    "decks:\n  loot: {card_size: mini_euro, gap_mm: 1}\n  room_tiles: {card_size: poker}\n")
    data = load_layout(path)
    loot = data.for_deck("loot")
    assert (loot.paper, loot.card_size, loot.bleed_mm, loot.gap_mm) == ("letter", "mini_euro", 2, 1)
    assert data.for_deck("hero").card_size == "poker"
    cli = LayoutOverrides(paper="a4", bleed_mm=0)
    assert (data.for_deck("loot", cli).paper, data.for_deck("loot", cli).bleed_mm) == ("a4", 0)
    # Content may name a deck's size; the layout file's deck block still wins over it.
    assert data.for_deck("hero", content_card_size="mini_american").card_size == "mini_american"
    assert data.for_deck("loot", content_card_size="poker").card_size == "mini_euro"
    # Room Tiles are always tile-sized, whatever a file or --card-size says.
    tiles = data.for_deck("room_tiles", LayoutOverrides(card_size="poker"), fixed_card_size="tile")
    assert tiles.card_mm == pytest.approx((127.0, 127.0))


@pytest.mark.parametrize(("text", "message"), [
    ("decks: {loot: {card_size: tarot}}\n", "unknown card size 'tarot'"),
    ("defaults: {bleed_mm: -1}\n", "defaults.bleed_mm"),
    ("defaults: {colour: red}\n", "defaults.colour"),
    ("defaults: [\n", "invalid YAML"),
])
def test_bad_layout_file_names_the_file_and_the_problem(tmp_path: Path, text: str, message: str):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ExportError, match=message) as info:
        load_layout(path)
    assert str(path) in str(info.value)


def test_shipped_layout_file_is_valid_and_names_every_deck():
    data = load_layout(DEFAULT_LAYOUT_FILE)
    assert isinstance(data, LayoutFile)
    assert data.for_deck("loot").card_size == "mini_american"
    assert data.for_deck("monster_level").card_size == "poker"
    for deck in data.decks:
        compute_grid(data.for_deck(deck, fixed_card_size="tile" if deck == "room_tiles" else None))


def test_make_overrides_maps_command_line_options():
    assert make_overrides().set_fields() == {}
    over = make_overrides(paper="LETTER", card_size="mini-euro", bleed=0, one_per_page=True)
    assert over.set_fields() == {"paper": "letter", "card_size": "mini-euro", "bleed_mm": 0, "one_per_page": True}
    assert SheetLayout().merged(over).card_mm == (44.0, 68.0)
    # --one-per-page absent (False) must not switch off a layout file's one_per_page: true
    assert SheetLayout().merged(DeckLayout(one_per_page=True), make_overrides(one_per_page=False)).one_per_page
    with pytest.raises(ValueError, match="unknown card size"):
        make_overrides(card_size="huge")
    with pytest.raises(ValueError, match="paper"):
        make_overrides(paper="a3")
    with pytest.raises(ValueError, match="layout file not found"):
        make_overrides(layout_file=Path("/nonexistent/layout.yaml"))
