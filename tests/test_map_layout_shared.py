"""Layouts with the same content share one version token and its memo (``Layout.signature``),
whichever game reached them and by whatever history: every memoized answer (kinds, neighbours,
walls around, jumps, the route searches' step tables, Line of Sight, the squares connected to
some squares, the bots' walked distances) must then equal a fresh
computation on that content, and layouts that differ in anything that changes ways or sight
must never share."""

from __future__ import annotations

from types import SimpleNamespace

from doria_forge.engine.map.layout import Layout
from doria_forge.engine.map.paths import MonsterMoves, hero_routes, monster_routes
from doria_forge.engine.map.sight import SightCache, compute_sight
from doria_forge.geometry import Opening, TileShape
from doria_forge.sim.reach import distances

EAST = TileShape((".....", ".R...", "..#..", ".O...", "....."), (Opening("east", 0, 5), Opening("south", 2, 1)))
WEST = TileShape((".....", "..O..", ".#...", ".....", "....."), (Opening("west", 0, 5),))
SOUTH = TileShape(("..#..", ".....", "....#", ".....", "....."), (Opening("north", 2, 1),))


def fresh(layout: Layout) -> Layout:
    """The same content with a token and memo of its own (no shared answer read)."""
    return Layout(dict(layout.tiles), {p: set(m) for p, m in layout.markers.items()}, dict(layout.secret_doors),
                  set(layout.dead_doors))


def answers(layout: Layout, sight: SightCache) -> dict:
    squares = sorted(p for p in layout.all_squares())
    out: dict = {}
    for p in squares:
        out["kind", p] = layout.kind(p)
        out["near", p] = list(layout.neighbours(p))
        out["walls", p] = layout.walls_around(p)
        out["jumps", p] = list(layout.jumps_from(p))
    for a in squares[::3]:
        for b in squares:
            out["sees", a, b] = sight.sees(layout, a, b)
    state = SimpleNamespace(board=SimpleNamespace(layout=layout))
    for sources in ([(0, 0)], [(4, 4), (0, 9)], [(2, 2)], [(7, 2), (0, 0)]):
        out["reachable", tuple(sources)] = set(layout.reachable_from(sources))
        out["steps", tuple(sources)] = dict(distances(state, frozenset(sources)))
    for start in squares[::7]:
        if layout.passable(start):
            walked = hero_routes(layout, start, 12, monsters={(0, 4)}, heroes={(1, 0)})
            out["hero", start] = {p: walked[p] for p in walked}
            moved = monster_routes(layout, start, 9, moves=MonsterMoves(), heroes={(1, 0)}, monsters=set())
            out["monster", start] = {p: moved[p] for p in moved}
    return out


def walked(layout: Layout, sources: list[tuple[int, int]]) -> dict:
    """Steps from the nearest source through the layout's adjacency, worked out here."""
    found = {p: 0 for p in sources}
    queue = list(sources)
    for pos in queue:
        for n in layout._neighbours(pos):
            if n not in found:
                found[n] = found[pos] + 1
                queue.append(n)
    return found


def fresh_answers(layout: Layout) -> dict:
    copy = fresh(layout)
    found = answers(copy, SightCache())
    for key in [k for k in found if k[0] in ("reachable", "steps")]:
        sources = list(key[1])
        if key[0] == "steps":
            found[key] = walked(copy, sources)
        else:
            found[key] = {p for p in walked(copy, [q for q in sources if copy.passable(q)])}
    squares = sorted(p for p in layout.all_squares())
    assert all(found["sees", a, b] == compute_sight(copy, a, b) for a in squares[::3] for b in squares)
    return found


def test_the_same_content_reached_in_two_games_shares_its_memo_and_answers_as_a_fresh_layout():
    """Game A lays the dungeon out and works answers out after every change; game B reaches the
    same contents in another order of changes (Rubble put down and cleared, a Hole first): at
    every step both hold the token of their content, and every answer of the shared memo, read
    after the other game filled it, is the answer a fresh layout gives."""
    a, b = Layout(), Layout()
    sight_a, sight_b = SightCache(), SightCache()
    a.place("E", EAST, (0, 0), 0)
    b.place("E", EAST, (0, 0), 0)
    assert a.version is b.version and a._memo is b._memo
    answers(a, sight_a)
    b.add_marker((4, 4), "rubble")
    assert b.version is not a.version
    assert answers(b, sight_b) == fresh_answers(b)
    b.remove_marker((4, 4), "rubble")  # back to A's content: A's token, A's answers
    assert b.version is a.version
    assert answers(b, sight_b) == fresh_answers(b)

    a.place("W", WEST, (0, 1), 0)  # the carried answers of A's old version join the new memo
    assert answers(a, sight_a) == fresh_answers(a)
    b.add_marker((3, 3), "hole")
    b.place("W", WEST, (0, 1), 0)
    a.add_marker((3, 3), "hole")
    assert a.version is b.version  # the same content reached by another history
    assert answers(b, sight_b) == fresh_answers(b)
    assert answers(a, sight_a) == fresh_answers(a)

    for layout, sight in ((a, sight_a), (b, sight_b)):
        layout.place("S", SOUTH, (1, 0), 0)
        layout.add_marker((1, 6), "blocked_door")
        layout.secret_doors[(2, 2)] = "north"
        layout.touch()
        layout.dead_doors.add((7, 2))
        layout.touch()
        assert answers(layout, sight) == fresh_answers(layout)
    assert answers(a, sight_a) == answers(b, sight_b)


def test_layouts_that_differ_in_what_changes_ways_never_share():
    """A different shape under the same tile id, another rotation, a Rubble, Hole or Blocked Door
    elsewhere, a Secret Door or a dead door: each a token of its own. A Loot marker changes no
    way: the same token."""
    base = Layout()
    base.place("E", EAST, (0, 0), 0)
    variants = []
    other_shape = Layout()
    other_shape.place("E", WEST, (0, 0), 0)
    variants.append(other_shape)
    turned = Layout()
    turned.place("E", EAST, (0, 0), 1)
    variants.append(turned)
    for marker in ("rubble", "hole", "blocked_door"):
        marked = Layout()
        marked.place("E", EAST, (0, 0), 0)
        marked.add_marker((2, 1), marker)
        variants.append(marked)
    secret = Layout()
    secret.place("E", EAST, (0, 0), 0)
    secret.secret_doors[(2, 2)] = "north"
    secret.touch()
    variants.append(secret)
    dead = Layout()
    dead.place("E", EAST, (0, 0), 0)
    dead.dead_doors.add((4, 2))
    dead.touch()
    variants.append(dead)
    tokens = {id(base.version)} | {id(v.version) for v in variants}
    assert len(tokens) == 1 + len(variants)
    looted = Layout()
    looted.place("E", EAST, (0, 0), 0)
    looted.add_marker((2, 1), "loot")
    assert looted.version is base.version
