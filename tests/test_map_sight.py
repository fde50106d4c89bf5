"""Range and Line of Sight on the map (Book of Rules *Range and Line of Sight*, *Walls*,
*Dungeon Markers*, *Arrows (Room F-3)*), the worked examples rebuilt from their words."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

from doria_forge.engine.actions import Attack
from doria_forge.engine.map.layout import Layout
from doria_forge.engine.map.sight import SightCache, compute_sight
from doria_forge.geometry import Opening, TileShape

BEND = tile("BEND", ["#####", "....#", "###.#", "###.#", "###.."], doors=[("west", 1), ("east", 4)])
"""A corridor running east along row 1, then south down column 3."""


def layout_of(rows: list[str], *extra: tuple[str, tuple[int, int]]) -> Layout:
    layout = Layout()
    layout.place("T", TileShape(tuple(rows)), (0, 0), 0)
    for marker, pos in extra:
        layout.add_marker(pos, marker)
    return layout


def test_range_and_line_of_sight_example_1_around_a_corner():
    """Range and Line of Sight, EXAMPLE 1: the Huntress (bow, range 6) sees no monster from where
    she stands - the corner of the corridor is in the way - and "would have to advance at least 2
    squares towards the Mage to see the Mummy" (one square on she still sees nothing); the Mage,
    standing elsewhere, has Line of Sight and range 4 is enough."""
    state = map_game(pack_with(BEND), ["huntress", "mage"], tiles=[("BEND", (0, 0), 0)],
                     at={"huntress": (1, 0), "mage": (2, 3)}, monsters=[("mummy", (4, 3))], ap={"huntress": 20})
    board = state.board
    mummy = state.monsters[0]
    huntress = state.hero("huntress")
    bow = huntress.hands[0].card.attacks[0]
    assert bow.range >= 5
    assert not board.hero_can_target(state, huntress, bow, mummy)
    assert not [a for a in state.legal_actions() if isinstance(a, Attack)]
    board.move_to("huntress", (1, 1))  # one square on: the corner still hides the Mummy
    assert not board.hero_can_target(state, huntress, bow, mummy)
    board.move_to("huntress", (1, 2))  # two squares on: now she looks down the corridor
    assert board.hero_can_target(state, huntress, bow, mummy)
    assert board.range_distance((2, 3), (4, 3)) == 2
    assert board.sees((2, 3), (4, 3))


def test_range_and_line_of_sight_example_2_touching_the_square_is_enough():
    """Range and Line of Sight, EXAMPLE 2: a Line of Sight exists when a straight line from any
    part of one square touches any part of the other - the green line only touches the
    monster's square and that suffices; range is counted orthogonally, so doubling it (Range
    x2) reaches squares far more than 6 apart."""
    layout = layout_of([".....", ".#...", ".....", ".....", "....."])
    # (0, 0) to (2, 3) past the wall (1, 1): the centre line runs into the wall, but a line from
    # the north-east corner of (0, 0) passes it and touches the north-east corner of (2, 3)
    assert compute_sight(layout, (0, 0), (2, 3))
    assert compute_sight(layout, (0, 0), (2, 2)) is False  # every line meets the wall or its corner
    assert compute_sight(layout, (1, 0), (1, 2)) is False  # straight through it


def test_walls_and_wall_corners_block_line_of_sight():
    """Walls block the Line of Sight, even their corners: between two diagonal squares with
    walls on both other corners nothing is seen; one wall corner leaves a line."""
    both = layout_of(["..#..", ".#...", ".....", ".....", "....."])
    assert not compute_sight(both, (0, 1), (1, 2))
    one = layout_of(["..#..", ".....", ".....", ".....", "....."])
    assert compute_sight(one, (0, 1), (1, 2))


def test_holes_red_borders_and_figures_do_not_block_but_rubble_does():
    """Holes, red-bordered and occupied squares do not block the Line of Sight; Rubble and
    Blocked Doors do, like walls."""
    assert compute_sight(layout_of([".....", ".....", "OOROO", ".....", "....."]), (0, 2), (4, 2))
    assert not compute_sight(layout_of([".....", ".....", ".....", ".....", "....."], ("rubble", (2, 2))),
                             (2, 0), (2, 4))
    assert not compute_sight(layout_of([".....", ".....", ".....", ".....", "....."], ("blocked_door", (2, 2))),
                             (2, 0), (2, 4))
    state = map_game(pack_with(tile("OPEN", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])),
                     ["huntress", "warrior"], tiles=[("OPEN", (0, 0), 0)], at={"huntress": (2, 0), "warrior": (2, 2)},
                     monsters=[("orc", (2, 4))])
    huntress = state.hero("huntress")
    assert state.board.hero_can_target(state, huntress, huntress.hands[0].card.attacks[0], state.monsters[0])


def test_bridge_passages_cannot_see_each_other_and_skip_the_middle_square():
    """Arrows (Room F-3): the passage under the bridge has only 4 squares (the middle one is
    ignored for movement, Line of Sight and range) and the upper passage is not visible from
    below, nor the other way round."""
    f3 = tile("F-3", ["##.##", "##.##", ".....", "##.##", "##.##"],
              doors=[("north", 2), ("south", 2), ("west", 2), ("east", 2)], bridge="north_south")
    state = map_game(pack_with(f3), ["warrior"], tiles=[("F-3", (0, 0), 0)], at={"warrior": (2, 0)})
    board = state.board
    assert board.range_distance((2, 0), (2, 4)) == 3       # 4 squares below: (2,0) (2,1) (2,3) (2,4)
    assert board.range_distance((0, 2), (4, 2)) == 4       # the bridge counts all 5
    assert (2, 3) in board.layout.neighbours((2, 1))
    assert (2, 2) not in board.layout.neighbours((2, 1))
    assert not board.sees((2, 1), (1, 2)) and not board.sees((2, 2), (2, 3))
    assert board.sees((2, 0), (2, 4)) and board.sees((0, 2), (4, 2))


def test_the_squares_to_attack_from_on_a_bridge_and_by_rubble_follow_every_change():
    """With a bridge on the table (range under it skips the middle square, the passages do not
    see each other: *Arrows (Room F-3)*) and Rubble coming and going (a buried figure is attacked
    within range 1 only: *Dungeon Markers*), the squares an attack reaches a target from, asked
    again and again, are those of the test of each square after every change."""
    f3 = tile("F-3", ["##.##", "##.##", ".....", "##.##", "##.##"],
              doors=[("north", 2), ("south", 2), ("west", 2), ("east", 2)], bridge="north_south")
    hall = tile("HALL", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    state = map_game(pack_with(f3, hall), ["warrior"], tiles=[("F-3", (0, 0), 0), ("HALL", (0, 1), 0)],
                     at={"warrior": (2, 0)})
    board = state.board
    squares = [(r, c) for r in range(5) for c in range(10)]
    kinds = ((1, "melee"), (3, "ranged"), (5, "magic"))

    def check() -> None:
        for target in ((2, 0), (2, 4), (0, 2), (2, 6)):
            for attack_range, attack_type in kinds:
                expected = {sq for sq in squares if board.can_attack_from(sq, target, attack_range, attack_type)}
                assert board.attack_squares(squares[::2], target, attack_range, attack_type) == expected & set(
                    squares[::2])
                assert board.attack_squares(squares, target, attack_range, attack_type) == expected

    check()
    assert (2, 4) in board.attack_squares(squares, (2, 0), 3, "ranged")  # 3 squares under the bridge
    board.layout.add_marker((2, 4), "rubble")
    check()
    assert board.attack_squares(squares, (2, 4), 5, "magic") == {(1, 4), (3, 4), (2, 3), (2, 5)}  # buried: range 1
    board.layout.remove_marker((2, 4), "rubble")
    check()
    board.layout.add_marker((2, 7), "hole")
    check()


def test_throwing_needs_line_of_sight_with_the_optional_rule():
    """Throw Items, OPTIONAL RULE: throwing to a character on the same or an adjacent Room
    Tile needs Line of Sight too; without the rule it does not."""
    from dataclasses import replace

    from map_helpers import QUIET

    wall = tile("WALL", [".....", ".....", "#####", ".....", "....."], doors=[("south", 2)])
    for rule, expected in ((frozenset(), True), (frozenset({"throw_needs_line_of_sight"}), False)):
        state = map_game(pack_with(wall), ["warrior", "mage"], tiles=[("WALL", (0, 0), 0)],
                         at={"warrior": (0, 2), "mage": (4, 2)}, options=replace(QUIET, optional_rules=rule))
        assert state.board.can_throw(state, state.hero("warrior"), state.hero("mage")) is expected


def test_a_copied_game_shares_sight_and_routes_until_one_of_them_changes_the_map():
    """A look-ahead copy starts with the answers the game has worked out (line of sight, squares'
    neighbours); Rubble put down in the copy changes the copy's answers and never the game's."""
    state = map_game(pack_with(BEND), ["huntress", "mage"], tiles=[("BEND", (0, 0), 0)],
                     at={"huntress": (1, 1), "mage": (2, 3)}, monsters=[("mummy", (4, 3))])
    board = state.board
    assert board.sees((1, 1), (1, 3)) and (1, 2) in board.layout.neighbours((1, 1))
    copy = state.copy(seed=7, log=False)
    assert copy.board.layout._memo is board.layout._memo  # nothing worked out again
    copy.board.layout.add_marker((1, 2), "rubble")
    assert not copy.board.sees((1, 1), (1, 3)) and (1, 2) not in copy.board.layout.neighbours((1, 1))
    assert board.sees((1, 1), (1, 3)) and (1, 2) in board.layout.neighbours((1, 1))
    board.layout.add_marker((1, 2), "rubble")  # the same change in the game: the same layout, the same memo
    assert board.layout.version is copy.board.layout.version
    assert not board.sees((1, 1), (1, 3))
    copy.board.layout.remove_marker((1, 2), "rubble")  # the copy cleared it: the copy alone sees again
    assert copy.board.sees((1, 1), (1, 3)) and not board.sees((1, 1), (1, 3))


def test_the_squares_to_attack_from_are_those_each_attack_reaches_from():
    """Monster Activation asks from which squares it can attack a hero: range and Line of Sight,
    a melee strike straight across a hole (chapter *Monsters and Obstacles/Holes*), range 1 only
    onto a figure under Rubble (*Dungeon Markers*). The set of squares answers as the test of
    each square does, with and without Rubble on the table."""
    holes = tile("HOLES", [".....", ".OO..", ".#...", ".....", "....."])
    state = map_game(pack_with(holes), ["warrior"], tiles=[("HOLES", (0, 0), 0)], at={"warrior": (1, 0)})
    board = state.board
    squares = [(r, c) for r in range(5) for c in range(5)]
    target = (1, 0)
    for attack_range, attack_type in ((1, "melee"), (3, "ranged"), (6, "magic")):
        expected = {sq for sq in squares if board.can_attack_from(sq, target, attack_range, attack_type)}
        assert board.attack_squares(squares, target, attack_range, attack_type) == expected
    assert (1, 3) in board.attack_squares(squares, target, 1, "melee")  # across the two holes
    assert (1, 3) not in board.attack_squares(squares, target, 1, "ranged")
    board.layout.add_marker((4, 4), "rubble")
    board.layout.add_marker((1, 0), "rubble")  # the hero lies buried: range 1 only
    found = board.attack_squares(squares, target, 6, "magic")
    assert found == {sq for sq in squares if board.can_attack_from(sq, target, 6, "magic")} == {(0, 0), (2, 0), (1, 1)}


def test_the_squares_to_attack_from_follow_the_layout_when_asked_again():
    """The monsters' plans ask again and again from which squares they attack a hero: the
    answers they get, for some squares and then for all, are those of the test of each square,
    also after a Hole is added (a melee strike now reaches across it, chapter *Monsters and
    Obstacles/Holes*) and in a copied game whose layout changed while the game's did not."""
    holes = tile("HOLES", [".....", ".OO..", ".#...", ".....", "....."])
    state = map_game(pack_with(holes), ["warrior"], tiles=[("HOLES", (0, 0), 0)], at={"warrior": (1, 0)})
    board = state.board
    squares = [(r, c) for r in range(5) for c in range(5)]
    target = (1, 0)

    def each(b, attack_range, attack_type):
        return {sq for sq in squares if b.can_attack_from(sq, target, attack_range, attack_type)}

    for attack_range, attack_type in ((1, "melee"), (3, "ranged")):
        some = squares[::3]
        assert board.attack_squares(some, target, attack_range, attack_type) == each(board, attack_range,
                                                                                     attack_type) & set(some)
        assert board.attack_squares(squares, target, attack_range, attack_type) == each(board, attack_range,
                                                                                         attack_type)
    assert (1, 4) not in board.attack_squares(squares, target, 1, "melee")
    copy = state.copy()
    copy.board.layout.add_marker((1, 3), "hole")
    found = copy.board.attack_squares(squares, target, 1, "melee")
    assert (1, 4) in found and found == each(copy.board, 1, "melee")
    assert (1, 4) not in board.attack_squares(squares, target, 1, "melee")
    board.layout.add_marker((1, 3), "hole")
    assert board.attack_squares(squares, target, 1, "melee") == each(board, 1, "melee") == found


def test_line_of_sight_after_a_room_tile_is_placed():
    """Everything outside placed Room Tiles is wall (it blocks Line of Sight); a tile placed
    beside the dungeon opens lines across its squares and leaves every other line as it was.
    A cache that answered before the placement answers as a fresh computation does after it."""
    east = TileShape((".....", ".....", ".....", ".....", "....."), (Opening("east", 0, 5),))
    west = TileShape((".....", ".....", "..#..", ".....", "....."), (Opening("west", 0, 5),))
    layout = Layout()
    layout.place("E", east, (0, 0), 0)
    cache = SightCache()
    squares = [(r, c) for r in range(5) for c in range(10)]
    pairs = [(a, b) for a in squares for b in squares if a < b]
    before = {pair: cache.sees(layout, *pair) for pair in pairs}
    assert before[((2, 4), (2, 6))] is False  # the square between is off the table: wall
    layout.place("W", west, (0, 1), 0)
    after = {pair: cache.sees(layout, *pair) for pair in pairs}
    assert after == {pair: compute_sight(layout, *pair) for pair in pairs}
    assert after[((2, 4), (2, 6))] is True and after[((2, 5), (2, 9))] is False  # a wall in the new tile
    assert all(after[pair] == before[pair] for pair in pairs if max(pair[0][1], pair[1][1]) < 5)


def test_line_of_sight_after_a_room_tile_is_placed_below_and_left_of_the_lines_known():
    """As above for a tile placed south of the dungeon, then one placed west of its first tile:
    the answers remembered from before whose rectangle stays clear of the new tile are kept
    (rows above it, columns right of it), every answer equals a fresh computation."""
    plain = TileShape((".....", ".....", "..#..", ".....", "....."), (Opening("north", 0, 5),))
    layout = Layout()
    layout.place("N", plain, (1, 1), 0)
    cache = SightCache()
    squares = [(r, c) for r in range(5, 15) for c in range(0, 15, 2)]
    pairs = [(a, b) for a in squares for b in squares if a < b]
    for new_slot in ((2, 1), (1, 0)):
        before = {pair: cache.sees(layout, *pair) for pair in pairs}
        layout.place(f"T{new_slot}", plain, new_slot, 0)
        after = {pair: cache.sees(layout, *pair) for pair in pairs}
        assert after == {pair: compute_sight(layout, *pair) for pair in pairs}
        assert after != before  # the new tile opened lines across its squares
        top, left = new_slot[0] * 5, new_slot[1] * 5
        clear = [p for p in pairs if max(p[0][0], p[1][0]) < top or min(p[0][1], p[1][1]) > left + 4]
        assert clear and all(after[p] == before[p] for p in clear)



def test_a_line_is_blocked_by_a_wall_square_it_crosses_and_not_by_one_it_misses():
    """The line test against several wall squares at once names one the line crosses (checked
    on points along the line) and names none when the line keeps clear of them all; which
    square it names may depend on their order, whether one blocks may not."""
    import random

    from doria_forge.engine.map.sight import _POINTS

    def crossed(line: tuple[float, float, float, float], cell: tuple[int, int], margin: float) -> bool:
        y0, x0, y1, x1 = line
        return any(cell[0] - margin <= y0 + (y1 - y0) * k / 2000 <= cell[0] + 1 + margin
                   and cell[1] - margin <= x0 + (x1 - x0) * k / 2000 <= cell[1] + 1 + margin for k in range(2001))

    rng = random.Random(7)
    for _ in range(60):
        dy, dx = rng.choice((-4, -3, -2, -1, 1, 2, 3, 4)), rng.choice((-4, -3, -2, -1, 1, 2, 3, 4))
        cells = [(r, c) for r in range(min(0, dy), max(0, dy) + 1) for c in range(min(0, dx), max(0, dx) + 1)
                 if (r, c) not in ((0, 0), (dy, dx))]
        blockers = rng.sample(cells, min(len(cells), rng.randint(1, 3)))
        for pa, pb in rng.sample([(pa, pb) for pa in _POINTS for pb in _POINTS], 6):
            line = (pa[0], pa[1], dy + pb[0], dx + pb[1])
            found = _blocker_on(list(blockers), *line)
            assert (found >= 0) == (_blocker_on(list(reversed(blockers)), *line) >= 0)
            if found >= 0:
                assert crossed(line, blockers[found], 5e-3)
            else:
                assert not any(crossed(line, cell, 0.0) for cell in blockers)


def _blocker_on(order: list[tuple[int, int]], y0: float, x0: float, y1: float, x1: float) -> int:
    """The index in ``order`` of the square the engine's line test says the one segment (along
    no row or column) touches (the square it moves to the front), or -1."""
    from doria_forge.engine.map.sight import _first_clear_line, _slabs

    slabs = [_slabs(by, bx, y1 - y0, x1 - x0) for by, bx in order]
    moved = list(slabs)
    return -1 if _first_clear_line(moved, y0, x0, ((y1, x1),)) >= 0 else slabs.index(moved[0])


def _touches_plainly(by: int, bx: int, y0: float, x0: float, y1: float, x1: float) -> bool:
    """Liang-Barsky clipping of the segment against the closed unit square at (by, bx), one loop
    over the four (p, q) pairs, touching an edge or corner counting (within 1e-6)."""
    dy, dx = y1 - y0, x1 - x0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - bx), (dx, bx + 1 - x0), (-dy, y0 - by), (dy, by + 1 - y0)):
        if abs(p) < 1e-12:
            if q < -1e-6:
                return False
            continue
        t = q / p
        if p < 0:
            if t > t1 + 1e-6:
                return False
            t0 = max(t0, t)
        else:
            if t < t0 - 1e-6:
                return False
            t1 = min(t1, t)
    return t0 <= t1 + 1e-6


def test_the_line_test_finds_the_first_square_the_plain_clipping_says_a_line_touches():
    """*Range and Line of Sight*: a wall square blocks a line that touches it, its edge or corner
    included. The engine's line test (written out for speed) names the first of the squares
    that the plain clipping says the line touches, for lines between the sample points of
    squares of different rows and columns (diagonal through corners, grazing edges; two squares
    of one row or column are compute_sight's own case) and squares all around."""
    from itertools import product

    from doria_forge.engine.map.sight import _POINTS

    squares = [(r, c) for r in range(-2, 5) for c in range(-2, 5)]
    ends = [(2, 2), (3, 1), (1, 3), (1, 1), (-2, 2), (1, -3), (-1, -1), (-3, -2)]
    checked = 0
    for (dy, dx), pa, pb in product(ends, _POINTS, _POINTS):
        y0, x0, y1, x1 = pa[0], pa[1], dy + pb[0], dx + pb[1]
        touched = [n for n, (by, bx) in enumerate(squares) if _touches_plainly(by, bx, y0, x0, y1, x1)]
        assert _blocker_on(squares, y0, x0, y1, x1) == (touched[0] if touched else -1)
        for n, square in enumerate(squares):  # each square alone, in and out of the line's way
            assert (_blocker_on([square], y0, x0, y1, x1) == 0) == (n in touched)
        checked += 1
    assert checked == len(ends) * len(_POINTS) ** 2
    # a line through the corner where two squares meet touches both; one a hair beside it neither
    assert _blocker_on([(1, 1)], 0.5, 1.5, 1.5, 0.5) == 0 and _blocker_on([(0, 0)], 0.5, 1.5, 1.5, 0.5) == 0
    assert _blocker_on([(1, 1)], 0.5, 1.499, 1.5, 0.499) == -1
    assert _blocker_on([(0, 0)], 0.5, 1.501, 1.5, 0.501) == -1


def test_neighbouring_squares_always_see_each_other_but_across_the_bridge_levels():
    """*Range and Line of Sight*: the two squares themselves never block and nothing lies between
    orthogonal neighbours, so they see each other whatever surrounds them (walls on every
    diagonal, one of them a wall square, Rubble on one); *Arrows (Room F-3)*: a square of the
    passage under the bridge and its neighbour on the bridge still do not."""
    layout = layout_of(["#.#..", ".#.#.", "#.#..", ".....", "....."], ("rubble", (3, 3)))
    for a in [(1, 2), (0, 1), (3, 3), (2, 1)]:
        for b in [(a[0] - 1, a[1]), (a[0] + 1, a[1]), (a[0], a[1] - 1), (a[0], a[1] + 1)]:
            assert compute_sight(layout, a, b) and compute_sight(layout, b, a), (a, b)
    assert not compute_sight(layout, (0, 1), (1, 2))  # diagonal past the corner of two walls: blocked
    bridge = Layout()
    bridge.place("F-3", TileShape(("##.##", "##.##", ".....", "##.##", "##.##"), bridge="north_south"), (0, 0), 0)
    assert not compute_sight(bridge, (2, 1), (2, 2)) and not compute_sight(bridge, (2, 3), (2, 2))
    assert compute_sight(bridge, (1, 2), (2, 2)) and compute_sight(bridge, (2, 1), (2, 0))


def test_the_lines_from_one_start_agree_with_the_plain_clipping_line_by_line():
    """*Range and Line of Sight*: tested together, the lines from one sample point name the first
    end point whose line the plain clipping finds clear of every wall square, and a pair of
    squares sees exactly when one of the 81 lines is clear (random walls between squares up to
    5 apart, corners and edges grazed)."""
    import random

    from doria_forge.engine.map.sight import _POINTS, _first_clear_line, _lines_clear, _slabs

    rng = random.Random(20)
    seen = set()
    for _ in range(300):
        dy, dx = rng.choice((-5, -3, -2, -1, 1, 2, 4, 5)), rng.choice((-5, -4, -2, -1, 1, 2, 3, 5))
        cells = [(r, c) for r in range(min(0, dy), max(0, dy) + 1) for c in range(min(0, dx), max(0, dx) + 1)
                 if (r, c) not in ((0, 0), (dy, dx))]
        if not cells:
            continue
        blockers = tuple(rng.sample(cells, rng.randint(1, min(len(cells), 6))))
        ends = tuple((dy + pb[0], dx + pb[1]) for pb in _POINTS)
        clear_from = []
        for y0, x0 in _POINTS:
            plain = [n for n, (y1, x1) in enumerate(ends)
                     if not any(_touches_plainly(by, bx, y0, x0, y1, x1) for by, bx in blockers)]
            order = [_slabs(by, bx, dy, dx) for by, bx in blockers]
            assert _first_clear_line(order, y0, x0, ends) == (plain[0] if plain else -1)
            clear_from.append(bool(plain))
        assert _lines_clear.__wrapped__(dy, dx, blockers) == any(clear_from)
        seen.add(any(clear_from))
    assert seen == {True, False}


def _sees_plainly(layout: Layout, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """The Line of Sight chapter word for word: some line from one of the nine sample points of
    ``a`` to one of ``b``'s touches no wall, Rubble or Blocked Door square of the rectangle
    between them (the plain clipping, every line, no shortcut); the bridge passages apart."""
    from doria_forge.engine.map.sight import _POINTS

    la, lb = layout.level(a), layout.level(b)
    if a == b:
        return True
    if la is not None and lb is not None and la != lb:
        return False
    see_through = layout.see_through()
    walls = [(r - a[0], c - a[1]) for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
             for c in range(min(a[1], b[1]), max(a[1], b[1]) + 1) if (r, c) not in see_through and (r, c) not in (a, b)]
    dy, dx = b[0] - a[0], b[1] - a[1]
    return any(not any(_touches_plainly(by, bx, pa[0], pa[1], dy + pb[0], dx + pb[1]) for by, bx in walls)
               for pa in _POINTS for pb in _POINTS)


def test_line_of_sight_on_random_walls_is_the_plain_test_of_every_line():
    """*Range and Line of Sight*, *Walls*, *Dungeon Markers*: on four room tiles of random walls and
    Rubble, every pair of squares sees exactly when the plain test of all 81 lines says so
    (the shortcuts for neighbours and for squares of one row or column included)."""
    import random

    from doria_forge.engine.map.sight import _lines_clear

    rng = random.Random(20)
    answers = set()
    for _ in range(3):
        layout = Layout()
        for n, slot in enumerate(((0, 0), (0, 1), (1, 0), (1, 1))):
            rows = tuple("".join("#" if rng.random() < 0.15 else "." for _ in range(5)) for _ in range(5))
            layout.place(f"R{n}", TileShape(rows), slot, 0)
        for _ in range(3):
            layout.add_marker((rng.randrange(10), rng.randrange(10)), "rubble")
        _lines_clear.cache_clear()  # no answer carried from another test's walls
        squares = [(r, c) for r in range(10) for c in range(10)]
        for a in squares:
            for b in rng.sample(squares, 25):
                seen = compute_sight(layout, a, b)
                assert seen == _sees_plainly(layout, a, b), (a, b)
                answers.add((seen, a[0] == b[0] or a[1] == b[1]))
    assert answers == {(True, True), (True, False), (False, True), (False, False)}
