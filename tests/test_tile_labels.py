"""Room Tile labels never print over a square a figure can use (issue 23): the tiles are rendered
with and without their labels and every pixel the labels change must lie on a wall square.
When the walls have no room, ``validate`` and ``preflight`` say so, with advice that can help."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from doria_forge.export.layouts import LayoutFile
from doria_forge.export.pdf.compose import CallableFace, FaceBox
from doria_forge.export.pdf.fonts import register_fonts
from doria_forge.export.pdf.layout import mm
from doria_forge.export.pdf.tile_label import plan_label, wall_rectangles
from doria_forge.export.pdf.tiles import draw_room_tile, label_plan
from doria_forge.export.preflight import preflight
from doria_forge.export.raster import render_faces
from doria_forge.geometry import TILE_SIZE, TileShape
from doria_forge.model import RoomTile
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
BOX = FaceBox(mm(127), mm(127), mm(3), mm(3))
DPI = 40  # 200 px a tile, 40 px a square: enough to see on which square a glyph lies

FOUR_DOORS = RoomTile(
    id="X-1", name="Four Doors", squares=["#.#.#", ".....", "#...#", ".....", "#.#.#"],
    doors=[{"side": s, "offset": 1} for s in ("north", "south", "west", "east")],
    text="Four ways out of here, and none of them is safe.")
"""The issue's case: doors on all four sides and no run of three wall squares on any edge."""
OPEN_SOUTH = RoomTile(
    id="X-2", name="Open South", squares=["#####", "#...#", ".....", ".....", "....."],
    open_sides=[{"side": "south", "offset": 0, "length": 5}], doors=[{"side": "west", "offset": 2}],
    text="The floor runs out to the south edge.")


def _face(tile: RoomTile, turns: int, labels: bool) -> CallableFace:
    def draw(canvas, box):
        draw_room_tile(canvas, tile, box.bleed, box.bleed, box.width / TILE_SIZE, turns, labels=labels,
                       safe=box.safe_inset)
    return CallableFace(f"{tile.id}-{turns}-{labels}", draw)


def _label_pixels_off_the_walls(tile: RoomTile, turns: int) -> tuple[int, list[tuple[int, int]]]:
    """``(label pixels, the squares (row, col) of the turned tile where a label pixel lies on a
    square that is not a wall)``."""
    with_labels, without = render_faces([_face(tile, turns, True), _face(tile, turns, False)], BOX, DPI,
                                        with_bleed=False)
    shape = TileShape.from_tile(tile).rotated(turns)
    side = with_labels.size[0]
    a, b = with_labels.load(), without.load()
    count, bad = 0, set()
    for y in range(side):
        for x in range(side):
            if a[x, y] != b[x, y]:
                count += 1
                cell = (y * TILE_SIZE // side, x * TILE_SIZE // side)
                if shape.kind(cell) != "wall":
                    bad.add(cell)
    return count, sorted(bad)


@pytest.fixture(scope="module")
def base_tiles() -> list[RoomTile]:
    pack = validate_pack(ROOT / "content").pack
    return list(pack.room_tiles.values())


def test_no_label_pixel_of_a_base_room_tile_lies_on_a_floor_or_door_square(base_tiles):
    for tile in base_tiles:
        count, bad = _label_pixels_off_the_walls(tile, 0)
        assert count > 0, f"{tile.id} prints no label"
        assert bad == [], f"{tile.id}: label pixels on squares {bad}"


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_a_tile_with_doors_on_all_four_sides_keeps_its_labels_on_its_walls_at_every_turn(turns):
    count, bad = _label_pixels_off_the_walls(FOUR_DOORS, turns)
    assert count > 0 and bad == []
    plan = label_plan(FOUR_DOORS, BOX.width / TILE_SIZE, BOX.safe_inset)
    assert plan.fits, plan.advice


def test_no_band_over_the_south_edge_where_the_floor_reaches_it():
    count, bad = _label_pixels_off_the_walls(OPEN_SOUTH, 0)
    assert count > 0 and bad == []
    plan = label_plan(OPEN_SOUTH, BOX.width / TILE_SIZE, BOX.safe_inset)
    assert plan.fits and plan.title.squares == (0, 4, 5, 1)  # the north wall, read across


def test_a_text_too_long_for_a_roomy_wall_is_advised_to_be_shortened():
    register_fonts()
    shape = TileShape(("#####", "#...#", "#...#", "#...#", "##.##"))
    plan = plan_label(shape, "X-3 · Long", "A long text that goes on. " * 60, 72, mm(3))
    assert not plan.fits and plan.cause == "text" and "shorten it" in plan.advice


def test_walls_without_room_ask_for_wall_squares_not_for_a_shorter_text():
    register_fonts()
    # Only the four corners are walls: each has the safe zone on two sides.
    shape = TileShape(("#...#", ".....", ".....", ".....", "#...#"))
    plan = plan_label(shape, "X-4 · Corners", "Twelve words of text that a corner square can never hold at six points.",
                      20, mm(3))
    assert not plan.fits and plan.cause == "walls"
    assert "shorten" not in plan.advice and "wall squares" in plan.advice


def test_a_tile_without_wall_squares_prints_no_label_and_says_so():
    register_fonts()
    plan = plan_label(TileShape(("....." ,) * 5), "X-5", "", 72, mm(3))
    assert plan.title is None and not plan.fits and plan.cause == "no-wall"
    tile = RoomTile(id="X-5", squares=["....."] * 5, doors=[{"side": "north", "offset": 2}], text="Hidden.")
    count, bad = _label_pixels_off_the_walls(tile, 0)
    assert count == 0 and bad == []


def _pack_with(tmp_path: Path, tiles: str) -> Path:
    pack = tmp_path / "tiles-pack"
    (pack / "tiles").mkdir(parents=True)
    (pack / "pack.yaml").write_text("kind: pack\nid: tiles-pack\nname: Tiles\nversion: 0.1.0\nsource: sample\n"
                                    "requires: [doria-base]\n", "utf-8")
    (pack / "tiles" / "tiles.yaml").write_text(tiles, "utf-8")
    return pack


CRAMPED = """\
kind: room_tile
id: X-6
name: Corner Walls
source: sample
squares: ["#...#", ".....", ".....", ".....", "#...#"]
doors: [{side: north, offset: 2}]
text: "A text of many words that no corner square of this tile can hold, not even at the smallest type, since
  every corner loses the safe zone on two of its sides and keeps about two fingers of room for a story that goes
  on and on about the hall, its pillars, its doors and the things that wait behind them for careless heroes."
---
kind: room_tile
id: X-7
name: Open Hall
source: sample
squares: [".....", ".....", ".....", ".....", "....."]
doors: [{side: north, offset: 2}]
"""


def test_validate_and_preflight_report_labels_without_room_before_export(tmp_path):
    from doria_forge.commands.pipeline import validate

    pack_dir = _pack_with(tmp_path, CRAMPED)
    result = validate(pack_dir, cache=False)
    found = {p.message.split(" ")[2]: p for p in result.problems if p.rule_id == "card-text-fit"}
    assert set(found) == {"X-6", "X-7"}
    assert found["X-6"].line == 5 and "wall squares" in found["X-6"].message  # at squares:
    assert "shorten" not in found["X-6"].message
    assert "not printed" in found["X-7"].message
    problems = [p for p in preflight(result.pack, LayoutFile()) if p.rule_id.startswith("preflight-t")]
    by_rule = {(p.rule_id, p.message.split(":")[0]) for p in problems}
    assert ("preflight-tile-label", "Room Tile X-6") in by_rule
    assert ("preflight-tile-label", "Room Tile X-7") in by_rule
    assert not any(p.rule_id == "preflight-text-cut" for p in problems)  # one error, with its reason


def test_the_base_pack_prints_every_room_tile_label_whole(base_tiles):
    for tile in base_tiles:
        assert label_plan(tile, BOX.width / TILE_SIZE, BOX.safe_inset).fits, tile.id


def _largest_wall_rectangles_by_search(rows: tuple[str, ...], compass: bool) -> set[tuple[int, int, int, int]]:
    """Every rectangle of wall squares no other one contains, found by trying them all."""
    n = len(rows)
    wall = {(r, c) for r in range(n) for c in range(n)
            if rows[r][c] == "#" and not (compass and (r, c) == (0, n - 1))}
    found = [(r0, c0, r1, c1) for r0 in range(n) for c0 in range(n) for r1 in range(r0, n) for c1 in range(c0, n)
             if all((r, c) in wall for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))]
    largest = [a for a in found if not any(b != a and b[0] <= a[0] and b[1] <= a[1] and b[2] >= a[2] and b[3] >= a[3]
                                           for b in found)]
    return {(c0, n - 1 - r1, c1 - c0 + 1, r1 - r0 + 1) for r0, c0, r1, c1 in largest}


def test_the_label_rectangles_are_every_largest_rectangle_of_wall_squares_largest_first():
    """Against a search of every rectangle, on 300 random tiles of walls, floor, holes and
    red-bordered squares: the same rectangles, the largest first."""
    rng = random.Random(20261128)
    for _ in range(300):
        rows = tuple("".join(rng.choice("###.OR") for _ in range(5)) for _ in range(5))
        compass = rng.random() < 0.3
        got = wall_rectangles(TileShape(rows), compass=compass)
        assert set(got) == _largest_wall_rectangles_by_search(rows, compass), rows
        assert len(got) == len(set(got))
        areas = [cols * height for _, _, cols, height in got]
        assert areas == sorted(areas, reverse=True), rows
