"""The per-version tables a layout answers its hot queries from (``Layout._memo``): a layout's memo
is always the memo of its version (read without checking), and ``passable``, remembered per
version, follows every change that alters where figures may stand (chapter *Dungeon Markers*:
Rubble and Blocked Doors bar a square, a Hole does not; a Secret Door opens a wall square; a
Room Tile placed adds squares)."""

from __future__ import annotations

import copy

from doria_forge.engine.map.layout import WALL, Layout
from doria_forge.geometry import Opening, TileShape

EAST = TileShape((".....", ".R...", "..#..", ".O...", "....."), (Opening("east", 0, 5), Opening("south", 2, 1)))
WEST = TileShape((".....", "..O..", ".#...", ".....", "....."), (Opening("west", 0, 5),))


def rule_passable(layout: Layout, pos: tuple[int, int]) -> bool:
    """The rule worked out here: not a wall (outside the tiles, a wall square without a Secret
    Door), no Rubble, no Blocked Door."""
    placed = layout.tile_at(pos)
    if placed is None:
        return False
    local = (pos[0] % 5, pos[1] % 5)
    if placed.shape.kind(local) == WALL and pos not in layout.secret_doors:
        return False
    return not (layout.has(pos, "rubble") or layout.has(pos, "blocked_door"))


def squares(layout: Layout) -> list[tuple[int, int]]:
    return [(r, c) for r in range(-1, 11) for c in range(-1, 11)]


def agrees(layout: Layout) -> bool:
    return all(layout.passable(p) == rule_passable(layout, p) for p in squares(layout))


def test_a_layouts_memo_is_the_memo_of_its_version_from_the_start_through_copies_and_changes():
    layout = Layout()
    assert layout._memo["version"] is layout.version
    layout.place("E", EAST, (0, 0), 0)
    assert layout._memo["version"] is layout.version
    twin = copy.deepcopy(layout)
    assert twin._memo is layout._memo and twin.version is layout.version
    twin.add_marker((1, 1), "rubble")
    assert twin._memo["version"] is twin.version and twin.version is not layout.version
    assert layout._memo["version"] is layout.version


def test_passable_follows_rubble_blocked_doors_holes_secret_doors_and_new_tiles():
    layout = Layout()
    layout.place("E", EAST, (0, 0), 0)
    assert agrees(layout)
    assert layout.passable((0, 0)) and not layout.passable((2, 2))  # floor; a wall square
    assert not layout.passable((0, 5))  # an empty tile slot is wall

    layout.add_marker((0, 0), "rubble")
    assert not layout.passable((0, 0)) and agrees(layout)
    layout.remove_marker((0, 0), "rubble")
    assert layout.passable((0, 0)) and agrees(layout)

    layout.add_marker((0, 1), "blocked_door")
    assert not layout.passable((0, 1)) and agrees(layout)
    layout.add_marker((0, 2), "hole")  # a Hole is jumped over, not barred
    assert layout.passable((0, 2)) and agrees(layout)

    layout.secret_doors[(2, 2)] = "north"
    layout.touch()
    assert layout.passable((2, 2)) and agrees(layout)

    layout.place("W", WEST, (0, 1), 0)  # the squares of the new slot are no longer wall
    assert layout.passable((0, 5)) and not layout.passable((2, 6)) and agrees(layout)


def test_a_copy_that_changes_does_not_change_what_the_original_may_stand_on():
    layout = Layout()
    layout.place("E", EAST, (0, 0), 0)
    assert layout.passable((4, 4))
    twin = copy.deepcopy(layout)
    twin.add_marker((4, 4), "rubble")
    assert not twin.passable((4, 4))
    assert layout.passable((4, 4)) and agrees(layout) and agrees(twin)


def test_opening_at_names_the_door_or_open_side_of_every_square_secret_doors_included():
    layout = Layout()
    layout.place("E", EAST, (0, 0), 0)
    layout.secret_doors[(2, 0)] = "west"
    layout.touch()
    placed = layout.tile_at((0, 0))
    assert placed is not None
    for r in range(5):
        for c in range(5):
            expected = next(((o.side, o) for o in layout.openings(placed) if (r, c) in o.cells), None)
            assert layout.opening_at((r, c)) == expected
    assert layout.opening_at((2, 0)) is not None and layout.opening_at((0, 4))[0] == "east"  # type: ignore[index]
    assert layout.opening_at((2, 2)) is None


def whole(layout: Layout) -> tuple:
    return layout.see_through(), layout.has_obstacles(), layout.jump_spots()


def fresh(layout: Layout) -> Layout:
    return Layout(dict(layout.tiles), {p: set(m) for p, m in layout.markers.items()}, dict(layout.secret_doors),
                  set(layout.dead_doors))


def test_answers_over_the_whole_dungeon_grow_with_a_placed_tile_as_a_fresh_layout_works_them_out():
    """Line of Sight's see-through squares, whether something can be jumped and where a jump may
    land: a tile placed adds its own squares' part to what the version before knew."""
    plain = TileShape((".....", ".....", "..#..", ".....", "....."), (Opening("west", 0, 5),))
    layout = Layout()
    layout.place("P", plain, (1, 1), 0)  # a content no other test reaches: nothing remembered yet
    first = whole(layout)
    assert first == whole(fresh(layout)) and not first[1] and not first[2]
    assert (7, 7) not in first[0] and (5, 5) in first[0]  # the wall square blocks sight
    layout.add_marker((6, 6), "rubble")
    assert (6, 6) not in whole(layout)[0]
    layout.place("E", EAST, (1, 0), 0)  # a red-bordered square and a Hole: something to jump
    grown = whole(layout)
    assert grown == whole(fresh(layout))
    assert grown[1] and grown[2] and grown[0] > first[0] - {(6, 6)}
    layout.place("W", WEST, (1, 2), 0)
    assert whole(layout) == whole(fresh(layout))


def test_a_placed_tile_forgets_the_local_answers_of_its_squares_and_of_the_squares_next_to_them_only():
    """A Room Tile placed changes the kind, neighbours and walls around of its own squares and of
    the squares orthogonally next to one of them (a step across the tile edge now reaches them);
    every other square's answers are carried over to the new version."""
    from doria_forge.engine.map.layout import _around_slot

    slot = (1, 2)
    inside = {(r, c) for r in range(5, 10) for c in range(10, 15)}
    by_rule = inside | {(r + dr, c + dc) for r, c in inside for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    assert _around_slot(slot) == by_rule and len(by_rule) == 45
    assert (4, 9) not in by_rule and (10, 15) not in by_rule  # corners beyond the slot's diagonals: kept
    layout = Layout()
    layout.place("W", WEST, (0, 0), 0)
    for r in range(-1, 11):
        for c in range(-1, 11):
            layout.neighbours((r, c)), layout.kind((r, c)), layout.walls_around((r, c))
    layout.place("E", EAST, (1, 0), 0)
    kept = layout._memo["near"]
    assert (4, 2) not in kept or kept[(4, 2)] == layout._neighbours((4, 2))  # next to the new tile: worked out again
    assert kept.get((0, 0)) == layout._neighbours((0, 0))  # far from it: carried over
    assert all(layout.neighbours(p) == fresh(layout).neighbours(p) and layout.kind(p) == fresh(layout).kind(p)
               and layout.walls_around(p) == fresh(layout).walls_around(p)
               for p in [(r, c) for r in range(-1, 11) for c in range(-1, 6)])
