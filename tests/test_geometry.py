"""Room Tile geometry (doria_forge.geometry): rotation, openings and the F-3 bridge."""

from doria_forge.geometry import TILE_SIZE, Opening, TileShape, rotate_cell, rotate_span

# A-1 of the base pack: doors north, west and east, all at offset 2.
A1 = TileShape(("##.##", "#...#", ".....", "#...#", "#####"),
               (Opening("north", 2), Opening("west", 2), Opening("east", 2)))


def test_a_quarter_turn_moves_north_to_east():
    assert rotate_cell((0, 2), 1) == (2, 4)
    assert rotate_cell((0, 0), 1) == (0, 4)
    assert rotate_cell((1, 3), 4) == (1, 3)


def test_rotated_openings_stay_on_open_squares():
    for q in range(4):
        shape = A1.rotated(q)
        for opening in shape.openings:
            for cell in opening.cells:
                assert shape.kind(cell) == "floor", (q, opening)
    # The wall side (south) turns west after one turn: the west border is all wall.
    assert all(row[0] == "#" for row in A1.rotated(1).rows)


def test_span_offsets_mirror_on_east_and_west():
    # An open side on the east from the north corner, 2 long at offset 1, turned once, lies on
    # the south counted from the west corner: squares 2..3.
    assert rotate_span("east", 1, 2, 1) == ("south", 2)
    assert rotate_span("north", 0, 3, 2) == ("south", 2)


def test_four_turns_give_back_the_tile():
    shape = TileShape(("#...#", "#...#", "#.R.#", "#..O#", "#...#"),
                      (Opening("north", 1, 3), Opening("south", 1, 3)))
    assert shape.rotated(1).rotated(3) == shape
    assert shape.rotated(2).kind((1, 1)) == "hole"


def test_bridge_lower_passage_skips_the_middle_square():
    """Arrows (Room F-3): the west-east passage under a north-south bridge has 4 squares."""
    f3 = TileShape(("##.##", "##.##", ".....", "##.##", "##.##"),
                   tuple(Opening(side, 2) for side in ("north", "south", "west", "east")), "north_south")
    assert (2, 3) in f3.neighbours((2, 1))
    assert (2, 2) not in f3.neighbours((2, 1))
    assert set(f3.neighbours((2, 2))) == {(1, 2), (3, 2)}
    turned = f3.rotated(1)
    assert turned.bridge == "west_east"
    assert set(turned.neighbours((2, 2))) == {(2, 1), (2, 3)}
    assert (3, 2) in turned.neighbours((1, 2))


def test_unreachable_floor_behind_a_wall():
    shape = TileShape(("##.##", "#.#.#", "###..", "#...#", "#####"), (Opening("north", 2),))
    assert shape.unreachable_floor() == [(1, 1), (1, 3), (2, 3), (2, 4), (3, 1), (3, 2), (3, 3)]
    assert len(shape.rows) == TILE_SIZE
