"""Line of Sight (Book of Rules *Range and Line of Sight*, *Walls*, *Dungeon Markers*,
*Arrows (Room F-3)*).

"A Line of Sight exists when a straight line can be drawn from any part of the attacking
square to any part of the opposing target square." Walls (everything that is not a placed
square), Rubble and Blocked Door markers block it, their corners too: a blocking square
is a closed unit square, so a line through its corner point is blocked. Holes, red-
bordered and occupied squares do not block. The two squares themselves never block (a
Poltergeist standing in a wall can be seen). On a bridge tile the passage under the
bridge and the passage over it cannot see each other.

"Any part" is tested on nine points of each square (corners pulled in by a hair, edge
midpoints, centre): 81 lines at most, the centre line first. Results are cached per
layout version, and the line tests by the shape of the walls between the two squares:
sight is the engine's hot path.
"""

from __future__ import annotations

from functools import lru_cache

from .layout import Layout, Pos, slot_bounds

_EPS = 1e-6
_IN = 0.001
_POINTS = ((0.5, 0.5), (_IN, _IN), (_IN, 1 - _IN), (1 - _IN, _IN), (1 - _IN, 1 - _IN),
           (0.5, _IN), (0.5, 1 - _IN), (_IN, 0.5), (1 - _IN, 0.5))
"""Sample points inside a unit square, as (dy, dx) from its north-west corner."""


Slabs = tuple[int, int, int, int]
"""A wall square as the lines of one pair of squares cross it: the column where they enter it,
the column where they leave it, then the row where they enter and the row where they leave
(its edges, from its north-west corner (row, col): col or col + 1, row or row + 1)."""


def _slabs(by: int, bx: int, dy: float, dx: float) -> Slabs:
    """The square at (by, bx) as lines of direction (dy, dx), neither 0, cross it."""
    cols = (bx, bx + 1) if dx > 0 else (bx + 1, bx)
    return (*cols, by, by + 1) if dy > 0 else (*cols, by + 1, by)


def _first_clear_line(order: list[Slabs], y0: float, x0: float, ends: tuple[tuple[float, float], ...]) -> int:
    """The index in ``ends`` of the first end point (y, x) whose segment from (y0, x0) touches
    none of the closed unit squares in ``order`` (as :data:`Slabs` in the segments' direction,
    the same for all: none along a row or column), or -1 when each one touches some square
    (Liang-Barsky clipping; touching an edge or corner counts). A square that stops a line
    moves to the front of ``order``: neighbouring lines mostly meet the same wall, and the
    order of the squares cannot change whether one blocks. All the lines from one start point
    in one call: the line tests are the engine's hottest loop.

    Each slab of a square (its columns, then its rows) gives the segment's parameter where it
    enters and where it leaves the slab: the latest entry ``lo`` and the earliest exit ``hi``
    over both (within [0, 1]) overlap, up to 1e-6, exactly when the clipping one edge at a time
    accepts the square (each of its early rejections also leaves ``lo`` above ``hi``; a
    maximum or minimum only picks one of the same quotients: the clipping's (x0 - col) / -dx is
    (col - x0) / dx to the last bit, a float's negation being exact)."""
    eps = _EPS
    for line, (y1, x1) in enumerate(ends):
        dy, dx = y1 - y0, x1 - x0
        for n, (x_in, x_out, y_in, y_out) in enumerate(order):
            lo = (x_in - x0) / dx
            if lo < 0.0:
                lo = 0.0
            hi = (x_out - x0) / dx
            if hi > 1.0:
                hi = 1.0
            t = (y_in - y0) / dy
            if t > lo:
                lo = t
            t = (y_out - y0) / dy
            if t < hi:
                hi = t
            if lo <= hi + eps:
                if n:
                    order.insert(0, order.pop(n))
                break
        else:
            return line
    return -1


def compute_sight(layout: Layout, a: Pos, b: Pos) -> bool:
    """Line of Sight between squares ``a`` and ``b`` (uncached; see the module docstring)."""
    if a == b:
        return True
    la = layout.level(a)
    if la is not None:  # most squares are on neither passage of a bridge: b's level is then not asked
        lb = layout.level(b)
        if lb is not None and la != lb:
            return False
    (ar, ac), (br, bc) = a, b
    r0, r1 = (ar, br) if ar <= br else (br, ar)
    c0, c1 = (ac, bc) if ac <= bc else (bc, ac)
    if r1 - r0 + c1 - c0 == 1:
        return True  # neighbours: no square but the two between them
    see_through = layout.see_through()
    cols = range(c0, c1 + 1)
    blockers = tuple((r - ar, c - ac) for r in range(r0, r1 + 1) for c in cols
                     if (cell := (r, c)) not in see_through and cell != a and cell != b)
    if not blockers:
        return True
    if ar == br or ac == bc:
        # a wall square between two squares of one row (column) spans that row's band, in which
        # every sample point lies (_IN inside): each line crosses it, far from any edge case
        return False
    return _lines_clear(br - ar, bc - ac, blockers)


@lru_cache(maxsize=1 << 16)
def _lines_clear(dy: int, dx: int, blockers: tuple[Pos, ...]) -> bool:
    """Whether some sample line from the square at (0, 0) to the square at (dy, dx) passes
    the ``blockers`` (squares relative to the first): geometry alone, so the answer holds
    wherever the same shape of walls comes again, in any game. Neither ``dy`` nor ``dx`` is 0
    (``compute_sight`` answers two squares of one row or column): every sample line then runs
    the same way as the centre one, the sample points lying less than a square apart."""
    order = [_slabs(by, bx, dy, dx) for by, bx in blockers]
    ends = tuple((dy + pb[0], dx + pb[1]) for pb in _POINTS)
    return any(_first_clear_line(order, y0, x0, ends) >= 0 for y0, x0 in _POINTS)


def _carry_outside(known: dict[tuple[Pos, Pos], bool], into: dict[tuple[Pos, Pos], bool],
                   slot: tuple[int, int]) -> None:
    """Add to ``into`` (unless it knows them already) the answers of ``known`` between squares
    whose rectangle (the squares a line between them can cross) stays clear of the tile slot
    ``slot``: a tile placed there changes none of them. Both squares on one side of the slot
    compared one by one (no min/max call per answer: a layout's whole memo is walked)."""
    top, left, bottom, right = slot_bounds(slot)
    for key, seen in known.items():
        a, b = key
        if ((a[0] < top and b[0] < top) or (a[0] > bottom and b[0] > bottom)
                or (a[1] < left and b[1] < left) or (a[1] > right and b[1] > right)):
            if key not in into:
                into[key] = seen


class SightCache:
    """Line of Sight answers remembered per layout version (``layout.version``), in the
    version's memo: shared by every game and copy that reaches the same layout (a tile placed
    keeps the answers it cannot change)."""

    __slots__ = ("_version", "_known")

    def __init__(self) -> None:
        self._version: object = None
        self._known: dict[tuple[Pos, Pos], bool] = {}

    def sees(self, layout: Layout, a: Pos, b: Pos) -> bool:
        if self._version is not layout.version:
            memo = layout.version_memo()
            known = memo.get("sight")
            if known is None:
                known = memo["sight"] = {}
            slot = layout.placed_since(self._version) if self._version is not None else None
            if slot is not None:
                _carry_outside(self._known, known, slot)
            self._known = known
            self._version = layout.version
        key = (a, b) if a <= b else (b, a)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = compute_sight(layout, a, b)
        return known

    def __deepcopy__(self, memo: dict) -> SightCache:
        copy = SightCache()
        copy._version, copy._known = self._version, self._known
        return copy
