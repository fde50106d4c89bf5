"""The placed dungeon: Room Tiles on a square grid, their squares, doors and markers.

Book of Rules chapters *Exploration* (tiles placed door to door), *Additional Symbols
on Room Tiles or Markers* (walls, holes, red-bordered squares, runes, arrows of F-3),
*Dungeon Markers* (Loot, Hole, Blocked Door, Secret Door, Rubble, Fire/Ice/Air, Rune
markers).

Coordinates: a square is ``(row, col)`` on one grid for the whole dungeon, rows north to
south. The tile at tile slot ``(tr, tc)`` covers rows ``tr*5 .. tr*5+4`` and columns
``tc*5 .. tc*5+4`` (``geometry.TILE_SIZE``); the start tile sits in slot ``(0, 0)``.
Everything outside placed tiles is wall.

Two squares are adjacent (one step) when they are orthogonal neighbours inside one tile
(``TileShape.neighbours``: walls excluded, the bridge of F-3 honoured) or when both are
openings (door or open side) of neighbouring tiles facing each other. A door whose far
side is still unexplored is *closed*: a character standing on its square may reveal
the next Room Tile. ``version`` is a token replaced at every change that can alter movement
or sight, so caches (line of sight, paths) know when to forget. A token stands for what the
layout holds (``Layout.signature``): two layouts with the same tiles, shapes, rotations, placing
order, Holes, Rubble, Blocked and Secret Doors and dead doors hold the same token and share its
memo, whichever game or copy reached them (the last ``SHARED_LAYOUTS`` contents of the process
are remembered): every answer a memo keeps is worked out from those alone, so a game that meets
a dungeon another game of the run already laid out starts with what that game worked out. A
copied game's layout shares the token and memo of the layout it was copied from until either
of them changes.
"""

from __future__ import annotations

import operator
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from doria_forge.geometry import MIDDLE, OPPOSITE, SIDES, TILE_SIZE, Opening, TileShape, border_square, side_step

Pos = tuple[int, int]
"""A square of the dungeon: ``(row, col)``."""

Slot = tuple[int, int]
"""A tile slot: ``(tile row, tile col)``."""

FLOOR, WALL, RED, HOLE = "floor", "wall", "red_bordered", "hole"

_DELTAS = tuple(side_step(side) for side in SIDES)
"""``(d_row, d_col)`` of one step toward each side, in ``SIDES`` order."""


class Version:
    """A layout version: an opaque token, equal only to itself (see the module docstring)."""

    __slots__ = ()


SHARED_LAYOUTS = 256
"""How many layout contents (``Layout.signature``) the process remembers with their token and
memo (the least recently reached forgotten first)."""

_SHARED: OrderedDict[tuple, dict] = OrderedDict()
"""Layout signature -> the memo of its token (``memo["version"]``), shared by every layout that
holds that content."""

CHANGES_WAYS = frozenset({"hole", "rubble", "blocked_door"})
"""Markers that change where figures may go or see: adding or removing one bumps ``version``."""

LOCAL_MEMOS = ("kind", "passable", "near", "walls", "hero_steps", "monster_steps", "ghost_steps")
"""Memo keys of per-square answers that depend only on the square's own Room Tile and the
squares orthogonally next to it (``Layout._memo``): kinds, whether figures may stand there,
neighbours (a step across a tile edge reaches the square next to it), walls around, and the
steps ``paths`` works out from them."""


def _new_memo(version: Version) -> dict:
    """An empty memo of ``version`` with the per-square tables the hot queries (``kind``,
    ``passable``, ``neighbours``, ``walls_around``, ``jumps_from``) read without asking first
    whether they are there."""
    return {"version": version, "kind": {}, "passable": {}, "near": {}, "walls": {}, "jumps": {}}

MARKERS = ("loot", "hole", "rubble", "blocked_door", "secret_door", "fire", "ice", "air")
"""Dungeon marker kinds a square can carry (chapter *Dungeon Markers*); runes are
``rune:<colour>`` and scenario markers ``marker:<name>``."""


def slot_of(pos: Pos) -> Slot:
    """The tile slot a square lies in."""
    return (pos[0] // TILE_SIZE, pos[1] // TILE_SIZE)


def local(pos: Pos) -> Pos:
    """The square's ``(row, col)`` inside its tile."""
    return (pos[0] % TILE_SIZE, pos[1] % TILE_SIZE)


def slot_bounds(slot: Slot) -> tuple[int, int, int, int]:
    """``(top, left, bottom, right)``: the first and last row and column of the squares of the
    tile slot ``slot``, inclusive."""
    top, left = slot[0] * TILE_SIZE, slot[1] * TILE_SIZE
    return top, left, top + TILE_SIZE - 1, left + TILE_SIZE - 1


def to_global(slot: Slot, cell: Pos) -> Pos:
    return (slot[0] * TILE_SIZE + cell[0], slot[1] * TILE_SIZE + cell[1])


def step(pos: Pos, side: str) -> Pos:
    dr, dc = side_step(side)
    return (pos[0] + dr, pos[1] + dc)


def manhattan(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@dataclass(frozen=True)
class PlacedTile:
    """One Room Tile on the table: ``tile_id``, its ``slot``, the ``rotation`` in quarter
    turns clockwise, its rotated ``shape``, the ``order`` it was placed in (0 = start)."""

    tile_id: str
    slot: Slot
    rotation: int
    shape: TileShape
    order: int

    def squares(self) -> Iterator[Pos]:
        """The tile's squares, in its shape's cell order (walls too)."""
        return iter(_slot_squares(self.slot, self.shape))


@lru_cache(maxsize=4096)
def _slot_squares(slot: Slot, shape: TileShape) -> tuple[Pos, ...]:
    """The squares of ``shape``'s cells in ``slot``: the same for every layout with that shape in
    that slot (each new layout version walks all its squares)."""
    return tuple(to_global(slot, cell) for cell in shape.cells())


@lru_cache(maxsize=1024)
def _around_slot(slot: Slot) -> frozenset[Pos]:
    """The squares of the tile slot ``slot`` and those orthogonally next to one of them (the edge
    squares of the slots beside it): the squares whose :data:`LOCAL_MEMOS` answers a Room Tile
    placed in ``slot`` can change."""
    top, left, bottom, right = slot_bounds(slot)
    return frozenset([(r, c) for r in range(top, bottom + 1) for c in range(left - 1, right + 2)]
                     + [(r, c) for c in range(left, right + 1) for r in (top - 1, bottom + 1)])


@dataclass
class Layout:
    """The placed tiles and everything lying on their squares (see the module docstring).

    ``markers``: square -> set of marker kinds (:data:`MARKERS`, ``rune:<colour>``,
    ``marker:<name>``). ``secret_doors``: squares made into one-square openings by a
    Secret Door (their wall counts as non-existent). ``dead_doors``: door squares that
    revealed nothing (empty deck or no tile fits) and count as wall sides from then on.
    """

    tiles: dict[Slot, PlacedTile] = field(default_factory=dict)
    markers: dict[Pos, set[str]] = field(default_factory=dict)
    secret_doors: dict[Pos, str] = field(default_factory=dict)
    dead_doors: set[Pos] = field(default_factory=set)
    version: Version = field(default_factory=Version, compare=False)
    _memo: dict = field(default_factory=dict, repr=False, compare=False)
    """Kinds and neighbours of squares, valid for ``_memo["version"]`` (the hot path of
    every route and sight query); shared with the copies of this layout, never cleared in
    place (a change makes a new one). Always the memo of ``version`` (``__post_init__`` and
    ``touch`` set the two together), so a query reads its table without checking the version.
    An entry under a key in :data:`LOCAL_MEMOS` is a dict square -> value that depends only on
    the square's own Room Tile and the squares orthogonally next to it: placing a tile carries
    such entries over to the new version, but for the squares of the new tile and those next to
    them (``place``); every other entry is worked out again."""

    _grown_from: tuple[Version, Slot] | None = field(default=None, repr=False, compare=False)
    """``(version before, slot)`` when the last change was a Room Tile placed in ``slot``."""

    def __post_init__(self) -> None:
        if self._memo.get("version") is not self.version:
            self._memo = _new_memo(self.version)

    def __deepcopy__(self, memo: dict) -> Layout:
        """A copy for a copied game: tiles and shapes shared (never changed once placed),
        markers and doors copied, the version and its memo shared until one of the two
        changes."""
        return Layout(dict(self.tiles), {p: set(m) for p, m in self.markers.items()}, dict(self.secret_doors),
                      set(self.dead_doors), self.version, self._memo, self._grown_from)

    def touch(self) -> None:
        """Mark a change that can alter movement or sight: the version of the new content (one
        another layout of the process reached already, with its memo, else a new token),
        forgetting every cache of the old one."""
        key = self.signature()
        memo = _SHARED.get(key)
        if memo is None:
            memo = _SHARED[key] = _new_memo(Version())
            if len(_SHARED) > SHARED_LAYOUTS:
                _SHARED.popitem(last=False)
        else:
            _SHARED.move_to_end(key)
        self.version = memo["version"]
        self._memo = memo
        self._grown_from = None

    def signature(self) -> tuple:
        """What every per-version answer depends on: the tiles in placing order (slot, id,
        rotation, rotated shape), the markers that change ways (:data:`CHANGES_WAYS`), the
        Secret Doors in the order they opened and the dead doors."""
        return (tuple((slot, t.tile_id, t.rotation, t.shape) for slot, t in self.tiles.items()),
                tuple(sorted((p, m) for p, marks in self.markers.items() for m in marks if m in CHANGES_WAYS)),
                tuple(self.secret_doors.items()), tuple(sorted(self.dead_doors)))

    def placed_since(self, version: object) -> Slot | None:
        """The slot of the Room Tile placed since ``version`` when that placement is the only
        change since (a cache of ``version`` may keep what the new tile's squares cannot change),
        else ``None``."""
        grown = self._grown_from
        return grown[1] if grown is not None and grown[0] is version else None

    def version_memo(self) -> dict:
        """The memo of this layout's version: a dict callers keep their own per-version tables in,
        under keys of their own (``"sight"``, ``"attack_from"``, ``"explorer_dist"``...). Shared by
        every layout of the same content (``signature``), so an entry must depend on the content
        alone; never cleared in place (a change of the layout makes a new version and memo)."""
        return self._memo

    def _grown(self, old: dict, slot: Slot) -> None:
        """After a tile was placed in ``slot``: the new version's memo starts with the entries
        of :data:`LOCAL_MEMOS` in ``old`` (the memo of the version before) that the tile cannot
        have changed: those of squares neither in ``slot`` nor orthogonally next to one of its
        squares (the edge squares of the tiles beside it); and the answers over every square of
        the dungeon (:data:`GROWING_MEMOS`) that ``old`` holds, grown by the new tile's squares
        alone (placing a tile changes no other square's kind or markers)."""
        changed = _around_slot(slot)
        memo = self._memo
        for key in LOCAL_MEMOS:
            table = old.get(key)
            if table:
                into = memo.get(key)
                if into is None:
                    memo[key] = {p: v for p, v in table.items() if p not in changed}
                else:  # a content met before: its memo may know more already (the same answers)
                    for p, v in table.items():
                        if p not in into and p not in changed:
                            into[p] = v
        squares = _slot_squares(slot, self.tiles[slot].shape)
        for key, among, join in GROWING_MEMOS:
            before = old.get(key)
            if before is not None and key not in memo:
                memo[key] = join(before, among(self, squares))

    # ---------------------------------------------------------------- placing
    def place(self, tile_id: str, shape: TileShape, slot: Slot, rotation: int) -> PlacedTile:
        """Put a tile (already rotated ``shape``) into the empty ``slot``. Raises
        ``ValueError`` when the slot is taken."""
        if slot in self.tiles:
            raise ValueError(f"tile slot {slot} is taken by {self.tiles[slot].tile_id}")
        placed = PlacedTile(tile_id, slot, rotation, shape, len(self.tiles))
        self.tiles[slot] = placed
        old = self._memo
        before = self.version
        self.touch()
        self._grown_from = (before, slot)
        self._grown(old, slot)
        return placed

    def tile_at(self, pos: Pos) -> PlacedTile | None:
        return self.tiles.get((pos[0] // TILE_SIZE, pos[1] // TILE_SIZE))  # slot_of, without a call per square

    def in_order(self) -> list[PlacedTile]:
        return sorted(self.tiles.values(), key=lambda t: t.order)

    # ---------------------------------------------------------------- squares
    def kind(self, pos: Pos) -> str:
        """``floor``, ``wall``, ``red_bordered`` or ``hole`` (a Hole marker makes a hole;
        a Secret Door makes its wall square floor); ``wall`` outside placed tiles."""
        found = self._memo["kind"].get(pos)
        if found is None:
            found = self._memo["kind"][pos] = self._kind(pos)
        return found

    def _kind(self, pos: Pos) -> str:
        placed = self.tile_at(pos)
        if placed is None:
            return WALL
        marks = self.markers.get(pos)
        if marks and "hole" in marks:
            return HOLE
        if pos in self.secret_doors:
            return FLOOR
        return placed.shape.kind(local(pos))

    def has(self, pos: Pos, marker: str) -> bool:
        marks = self.markers.get(pos)
        return bool(marks) and marker in marks  # type: ignore[operator]

    def add_marker(self, pos: Pos, marker: str) -> None:
        self.markers.setdefault(pos, set()).add(marker)
        if marker in CHANGES_WAYS:
            self.touch()

    def remove_marker(self, pos: Pos, marker: str) -> bool:
        marks = self.markers.get(pos)
        if not marks or marker not in marks:
            return False
        marks.discard(marker)
        if not marks:
            del self.markers[pos]
        if marker in CHANGES_WAYS:
            self.touch()
        return True

    def squares_with(self, marker: str) -> list[Pos]:
        return sorted(p for p, marks in self.markers.items() if marker in marks)

    def see_through(self) -> frozenset[Pos]:
        """The squares that do not block Line of Sight (``blocks_sight`` false), for this
        layout version: every other square, on the table or off it, blocks."""
        memo = self._memo
        found = memo.get("see_through")
        if found is None:
            found = memo["see_through"] = self._see_through_among(self.all_squares())
        return found

    def _see_through_among(self, squares: Iterable[Pos]) -> frozenset[Pos]:
        return frozenset(p for p in squares if not self.blocks_sight(p))

    def blocks_sight(self, pos: Pos) -> bool:
        """Walls (and everything outside the dungeon), Rubble and Blocked Door markers
        block Line of Sight; holes, red-bordered and occupied squares do not."""
        if self.kind(pos) == WALL:
            return True
        marks = self.markers.get(pos)
        return bool(marks) and ("rubble" in marks or "blocked_door" in marks)  # type: ignore[operator]

    def level(self, pos: Pos) -> str | None:
        """``over`` / ``under`` on the two passages of a bridge tile (F-3), else ``None``."""
        placed = self.tile_at(pos)
        if placed is None or placed.shape.bridge is None:
            return None
        row, col = local(pos)
        m = TILE_SIZE // 2
        under_axis_index, over_axis_index = (row, col) if placed.shape.bridge == "north_south" else (col, row)
        if under_axis_index == m and (row, col) != MIDDLE:
            return "under"
        return "over" if over_axis_index == m else None

    # ---------------------------------------------------------------- openings
    def openings(self, placed: PlacedTile) -> list[Opening]:
        """The tile's doors and open sides, plus Secret Doors opened in its walls."""
        out = list(placed.shape.openings)
        for pos, side in self.secret_doors.items():
            if slot_of(pos) == placed.slot:
                cell = local(pos)
                offset = cell[1] if side in ("north", "south") else cell[0]
                out.append(Opening(side, offset, 1))
        return out

    def opening_at(self, pos: Pos) -> tuple[str, Opening] | None:
        """``(side, opening)`` when ``pos`` is a square of a door or open side of its tile."""
        placed = self.tile_at(pos)
        if placed is None:
            return None
        cell = local(pos)
        if 0 < cell[0] < TILE_SIZE - 1 and 0 < cell[1] < TILE_SIZE - 1:
            return None  # an opening's squares lie on its tile's border (``span_cells``)
        for opening in self.openings(placed):
            if cell in opening.cells:
                return opening.side, opening
        return None

    def facing(self, pos: Pos) -> Pos | None:
        """The square across the tile edge from an opening square, else ``None``."""
        found = self.opening_at(pos)
        return step(pos, found[0]) if found else None

    def connected_across(self, a: Pos, b: Pos) -> bool:
        """Whether the opening squares ``a`` and ``b`` of two tiles face each other and
        are both open (neither a wall, a Blocked Door nor a dead door)."""
        if slot_of(a) == slot_of(b) or b not in self.tiles_neighbour_squares(a):
            return False
        fa, fb = self.opening_at(a), self.opening_at(b)
        if fa is None or fb is None or fa[0] != OPPOSITE[fb[0]]:
            return False
        for p in (a, b):
            if self.kind(p) == WALL or self.has(p, "blocked_door") or self.has(p, "rubble"):
                return False
        return True

    def tiles_neighbour_squares(self, pos: Pos) -> list[Pos]:
        return [step(pos, side) for side in SIDES]

    def closed_doors(self) -> list[Pos]:
        """Door squares (one-square openings, Secret Doors included) whose far side is an
        empty tile slot: revealing through them explores the dungeon. Sorted."""
        memo = self._memo
        key = ("closed", len(self.dead_doors))  # a dead door does not change the version
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._closed_doors()
        return list(found)

    def _closed_doors(self) -> list[Pos]:
        out = []
        for placed in self.tiles.values():
            for opening in self.openings(placed):
                if not opening.is_door:
                    continue
                pos = to_global(placed.slot, opening.cells[0])
                if pos in self.dead_doors or self.has(pos, "blocked_door"):
                    continue
                if slot_of(step(pos, opening.side)) not in self.tiles and self.kind(pos) != WALL:
                    out.append(pos)
        return sorted(out)

    def open_sides_facing_empty(self, placed: PlacedTile) -> list[tuple[Opening, list[Pos]]]:
        """The tile's open sides (2+ squares) whose far side is an empty slot, with their squares."""
        out = []
        for opening in self.openings(placed):
            if opening.is_door:
                continue
            squares = [to_global(placed.slot, c) for c in opening.cells]
            if slot_of(step(squares[0], opening.side)) not in self.tiles:
                out.append((opening, squares))
        return out

    # ---------------------------------------------------------------- adjacency
    def neighbours(self, pos: Pos) -> list[Pos]:
        """Squares one step away (see the module docstring); walls never, Rubble and
        Blocked Door squares never (holes and red-bordered squares are listed: whether a
        figure may step there is the mover's business). The list is shared: do not change it."""
        found = self._memo["near"].get(pos)
        if found is None:
            found = self._memo["near"][pos] = self._neighbours(pos)
        return found

    def _neighbours(self, pos: Pos) -> list[Pos]:
        placed = self.tile_at(pos)
        if placed is None:
            return []
        out = []
        top, left = placed.slot[0] * TILE_SIZE, placed.slot[1] * TILE_SIZE
        for r, c in placed.shape.neighbours((pos[0] - top, pos[1] - left)):
            g = (top + r, left + c)
            if self.passable(g):
                out.append(g)
        secret = self.secret_doors  # most dungeons have none: their two checks are skipped
        if secret and pos in secret:  # a Secret Door square in a wall: its own tile neighbours
            for side in SIDES:
                g = step(pos, side)
                if slot_of(g) == placed.slot and self.passable(g) and g not in out:
                    out.append(g)
        found = self.opening_at(pos)
        if found is not None:
            g = step(pos, found[0])
            if self.connected_across(pos, g):
                out.append(g)
        if secret:  # squares next to a Secret Door reach it
            for side in SIDES:
                g = step(pos, side)
                if g in secret and slot_of(g) == placed.slot and g not in out and self.passable(g):
                    out.append(g)
        return out

    def bridge_middles(self) -> tuple[tuple[Pos, bool], ...]:
        """The middle square of every bridge tile (F-3) on the table, with whether a line along
        a row (``True``) or a column passes beneath it there: such a line skips the square
        (chapter *Arrows (Room F-3)*)."""
        memo = self._memo
        found = memo.get("bridges")
        if found is None:
            found = memo["bridges"] = tuple((to_global(t.slot, MIDDLE), t.shape.bridge == "north_south")
                                            for t in self.tiles.values() if t.shape.bridge is not None)
        return found

    def has_obstacles(self) -> bool:
        """Whether any placed square is a hole or red-bordered (something to jump over)."""
        memo = self._memo
        found = memo.get("obstacles")
        if found is None:
            found = memo["obstacles"] = self._obstacle_among(self.all_squares())
        return bool(found)

    def _obstacle_among(self, squares: Iterable[Pos]) -> bool:
        return any(self.kind(p) in (HOLE, RED) for p in squares)

    def jump_spots(self) -> frozenset[Pos]:
        """Every square a straight jump may land on (the first square after a run of holes or
        red-bordered squares, ``jumps_from``) and the square behind each such landing (where a
        jumper lands past a figure standing there): one and two steps beyond each hole or
        red-bordered square, in each direction. Remembered per layout version. A superset:
        some of these squares no jump reaches."""
        memo = self._memo
        found: frozenset[Pos] | None = memo.get("jump_spots")
        if found is None:
            found = memo["jump_spots"] = self._jump_spots_around(self.all_squares())
        return found

    def _jump_spots_around(self, squares: Iterable[Pos]) -> frozenset[Pos]:
        spots: set[Pos] = set()
        for p in squares:
            if self.kind(p) in (HOLE, RED):
                for side in SIDES:
                    land = step(p, side)
                    spots.add(land)
                    spots.add(step(land, side))
        return frozenset(spots)

    def jumps_from(self, pos: Pos) -> list[tuple[tuple[Pos, ...], Pos]]:
        """The straight jumps from ``pos`` whatever figures stand about: ``(over, land)``
        with ``over`` the holes and red-bordered squares crossed in a row and ``land`` the
        first square after them a figure may stand on (chapter *Jumping (5 AP)*; monsters jump
        "in the shortest straight line", *Monsters and Obstacles/Holes*: these alone; a hero also
        jumps round a corner, ``paths._bent_jumps``). Shared list: do not change it."""
        memo = self._memo["jumps"]
        found: list[tuple[tuple[Pos, ...], Pos]] | None = memo.get(pos)
        if found is None:
            found = []
            memo[pos] = found
            for dr, dc in _DELTAS:
                over: list[Pos] = []
                cur = (pos[0] + dr, pos[1] + dc)
                while self.kind(cur) in (HOLE, RED) and self.passable(cur):  # most squares: one ask
                    over.append(cur)
                    cur = (cur[0] + dr, cur[1] + dc)
                if over and self.passable(cur):
                    found.append((tuple(over), cur))
        return found

    def joins(self, a: Pos, b: Pos) -> bool:
        """Whether ``a`` and ``b`` are one step apart by the tiles' shapes and openings alone,
        whatever markers lie on them (a monster may clear Rubble from ``b``)."""
        placed = self.tile_at(a)
        if placed is None or self.tile_at(b) is None or manhattan(a, b) != 1:
            return False
        if slot_of(a) == slot_of(b):
            return local(b) in placed.shape.neighbours(local(a)) or a in self.secret_doors or b in self.secret_doors
        fa, fb = self.opening_at(a), self.opening_at(b)
        return fa is not None and fb is not None and fa[0] == OPPOSITE[fb[0]] and step(a, fa[0]) == b

    def passable(self, pos: Pos) -> bool:
        """Not wall, Rubble or Blocked Door: a square figures may stand on or cross (holes
        and red-bordered squares only by jumping or flying). Remembered per layout version (a
        Rubble or Blocked Door marker changes the version)."""
        found = self._memo["passable"].get(pos)
        if found is None:
            found = self._memo["passable"][pos] = self._passable(pos)
        return found

    def _passable(self, pos: Pos) -> bool:
        if self.kind(pos) == WALL:
            return False
        marks = self.markers.get(pos)
        return not (marks and ("rubble" in marks or "blocked_door" in marks))

    def all_squares(self) -> Iterable[Pos]:
        for placed in self.tiles.values():
            yield from placed.squares()

    def walls_around(self, pos: Pos) -> int:
        """Orthogonal neighbours that block sight (how much a square runs "along a Wall"),
        0-4; remembered per layout version (the monsters' choice of square asks it of each)."""
        walls = self._memo["walls"]
        found = walls.get(pos)
        if found is None:
            found = walls[pos] = sum(1 for side in SIDES if self.blocks_sight(step(pos, side)))
        return found

    def reachable_from(self, starts: Iterable[Pos]) -> frozenset[Pos]:
        """Squares connected to ``starts`` through adjacency (holes and red-bordered squares
        count as connected: they can be jumped). Remembered per layout version and set of
        starts (every Room Tile placed and every scenario check of a way asks)."""
        key = frozenset(starts)
        memo = self._memo.setdefault("reachable", {})
        found = memo.get(key)
        if found is None:
            found = memo[key] = frozenset(self._reachable_from(key))
        return found

    def _reachable_from(self, starts: Iterable[Pos]) -> set[Pos]:
        begin = [p for p in starts if self.passable(p)]
        seen = set(begin)
        todo = list(begin)
        near = self._memo["near"]  # the neighbours table read in place: one look-up a square
        while todo:
            p = todo.pop()
            for n in near.get(p) or self.neighbours(p):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen


GROWING_MEMOS: tuple[tuple[str, Callable[[Layout, Iterable[Pos]], Any], Callable[[Any, Any], Any]], ...] = (
    ("see_through", Layout._see_through_among, frozenset.union),
    ("obstacles", Layout._obstacle_among, operator.or_),
    ("jump_spots", Layout._jump_spots_around, frozenset.union),
)
"""Memo keys of answers over every square of the dungeon that a square answers for alone (its
own kind and markers), with how to work them out over some squares and how to join two parts:
a Room Tile placed adds its squares' part to the version before's (``Layout._grown``) instead
of walking the whole dungeon again."""


def door_square(slot: Slot, opening: Opening) -> Pos:
    """The global square of a door (its only cell)."""
    return to_global(slot, opening.cells[0])


def slot_beyond(slot: Slot, side: str) -> Slot:
    dr, dc = side_step(side)
    return (slot[0] + dr, slot[1] + dc)


def border_global(slot: Slot, side: str, index: int) -> Pos:
    return to_global(slot, border_square(side, index))
