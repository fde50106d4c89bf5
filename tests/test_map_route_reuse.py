"""A monster's plan with fewer searches and look-ups (Book of Rules *Target of a Monster*,
*Fastest Way to the Target*, *Monsters and Obstacles/Holes*): its routes within its AP read from
the unlimited search that measured its distances, only where that search is the same as one
made with the AP and only among the figures it was made among; criterion 1 (the most heroes
hit) and its tie-breaks."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

from doria_forge.engine.map.layout import Layout
from doria_forge.engine.map.paths import (
    Costs,
    MonsterMoves,
    Routes,
    hero_routes,
    hero_search,
    hero_within,
    monster_routes,
    monster_search,
    walks_within,
)
from doria_forge.engine.monster_ai import plan
from doria_forge.geometry import TileShape


def _hall_with_a_hole_and_rubble() -> Layout:
    layout = Layout()
    layout.place("T", TileShape((".....", ".....", ".....", "...O.", ".....")), (0, 0), 0)
    layout.add_marker((0, 4), "rubble")
    return layout


def test_the_routes_within_an_ap_budget_are_the_unlimited_search_s_up_to_its_first_jump_or_rubble():
    """A monster with N AP moves as the fastest ways of the whole dungeon say while nothing within
    N AP makes it jump a Hole or clear Rubble (with few AP left a jump ends the move and a
    clearing takes the rest): cut from the unlimited search, the same routes, in the same order
    (the order equal ways are told apart in). From the AP where a jump or Rubble is met, the
    unlimited search does not stand for a limited one."""
    layout = _hall_with_a_hole_and_rubble()
    moves, heroes, monsters = MonsterMoves(), {(4, 4)}, {(1, 0)}
    entries, plain = monster_search(layout, (0, 0), moves=moves, heroes=heroes, monsters=monsters)
    # from (0, 0): the Rubble on (0, 4) is beside (0, 3), 3 AP away; the Hole (3, 3) beside (2, 3), 5 AP
    assert plain == 3
    for budget in range(0, 12):
        cut = walks_within(entries, plain, budget)
        fresh = monster_routes(layout, (0, 0), budget, moves=moves, heroes=heroes, monsters=monsters)
        if budget <= plain:
            assert cut is not None and list(cut.items()) == list(fresh._entries.items())
        else:
            assert cut is None
    # with 4 AP the limited search clears Rubble with its last AP: a route the unlimited one has not
    four = monster_routes(layout, (0, 0), 4, moves=moves, heroes=heroes, monsters=monsters)
    assert four[(0, 4)].no_attack and four[(0, 4)].cleared == ((0, 4),)
    assert (0, 4) not in {p for p, e in entries.items() if e[0] <= 4}


def test_a_search_stopped_at_the_heroes_stands_for_the_squares_it_finished():
    """The distance search stops once the nearest square beside every hero is known: its routes
    stand for a limited search only below the AP where it stopped."""
    layout = Layout()
    layout.place("T", TileShape((".....", ".....", ".....", ".....", ".....")), (0, 0), 0)
    moves = MonsterMoves()
    beside = [{(0, 1), (1, 2), (0, 3)}]  # the squares beside a hero on (0, 2)
    entries, plain = monster_search(layout, (0, 0), moves=moves, heroes={(0, 2)}, monsters=set(), targets=beside)
    assert plain == 1  # (0, 1), 1 AP away, is beside the only hero
    assert walks_within(entries, plain, 2) is None
    fresh = monster_routes(layout, (0, 0), 1, moves=moves, heroes={(0, 2)}, monsters=set())
    assert list(walks_within(entries, plain, 1).items()) == list(fresh._entries.items())



def _pit_game(*, warrior: tuple[int, int], orc: tuple[int, int]):
    """A warrior, a mage at (4, 4) and an orc on one Room Tile with a hole at (3, 3)."""
    pit = tile("PIT", [".....", ".....", ".....", "...O.", "....."], doors=[("south", 2)])
    return map_game(pack_with(pit), ["warrior", "mage"], tiles=[("PIT", (0, 0), 0)],
                    at={"warrior": warrior, "mage": (4, 4)}, monsters=[("orc", orc)])

def test_a_plan_reads_the_distance_search_only_among_the_figures_it_was_made_among():
    """The monster's routes the board gives after measuring its distances are those of a fresh
    search, and stay so when a hero steps elsewhere in between (the remembered search is then
    not read)."""
    state = _pit_game(warrior=(0, 4), orc=(0, 0))
    board = state.board
    orc = state.monsters[0]

    def fresh(budget: int) -> list:
        return list(monster_routes(board.layout, (0, 0), budget, moves=board.monster_moves(orc),
                                   heroes=board.hero_squares(state), monsters=set())._entries.items())

    board.distances(state, orc, state.heroes)
    assert list(board.monster_routes(state, orc, 3)._entries.items()) == fresh(3)
    board.distances(state, orc, state.heroes)
    board.move_to("warrior", (1, 1))  # now on a square the remembered search walked through
    routes = board.monster_routes(state, orc, 3)
    assert (1, 1) not in routes and list(routes._entries.items()) == fresh(3)


ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])


def test_an_attack_that_hits_several_heroes_goes_where_it_hits_the_most_then_the_best_ranked_first():
    """Target of a Monster, criterion 1: the Troll (one roll against every hero within range 2,
    7 AP) goes to the square from which it hits the most heroes, then to the one whose first
    target is the better ranked. From (0, 4) the mage (2, 4) is nearest; only (2, 2) reaches the
    mage and the warrior (2, 0) at once; four squares reach the warrior and the ranger (4, 1);
    none reaches all three. Two heroes either way: the square with the mage wins."""
    state = map_game(pack_with(ROOM), ["warrior", "mage", "ranger"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 4), "ranger": (4, 1)}, monsters=[("troll", (0, 4))])
    chosen = plan(state, state.monsters[0])
    assert chosen.square == (2, 2)
    assert {h.uid for h in chosen.targets} == {"warrior", "mage"}


def test_of_the_squares_that_hit_the_most_the_troll_takes_the_least_movement():
    """Criterion 1, then the least movement: of the squares within range 2 of both the warrior
    (2, 0) and the ranger (4, 1) - (2, 1), (3, 0), (3, 1), (4, 0) - the Troll from (0, 4) walks
    to (2, 1), 5 AP away (the others 6 to 8), rather than hitting the warrior alone."""
    state = map_game(pack_with(ROOM), ["warrior", "ranger"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 0), "ranger": (4, 1)}, monsters=[("troll", (0, 4))])
    chosen = plan(state, state.monsters[0])
    assert chosen.square == (2, 1) and chosen.route.cost == 5
    assert {h.uid for h in chosen.targets} == {"warrior", "ranger"}


def test_the_board_s_monster_routes_answer_ap_and_attack_squares_without_building_routes():
    """What a monster's plan reads of every square it can reach (``board.MonsterRoutes``): the AP
    of the way there and whether it may still attack after it (a jump with less than 5 AP left
    ends the attack: *Monsters and Obstacles/Holes*), the same as the route built for it says."""
    state = map_game(pack_with(tile("PIT", [".....", ".....", ".OO..", ".....", "....."], doors=[("south", 2)])),
                     ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (0, 4)}, monsters=[("orc", (2, 0))])
    board, orc = state.board, state.monsters[0]
    searches = {budget: board.monster_routes(state, orc, budget) for budget in (3, 7, None)}
    assert searches[3][(2, 3)].no_attack and not searches[7][(2, 3)].no_attack  # over the Holes with 3 AP, 7 AP
    for routes in searches.values():
        assert all(routes.cost(p) == routes[p].cost for p in routes)
        assert routes.attack_squares() == [p for p in routes if not routes[p].no_attack]


def test_a_walk_search_cut_to_fewer_ap_is_the_walk_search_with_those_ap():
    """Walking (1 AP per square): the routes of a hero with some AP are those of the unlimited walk
    cut to the AP; the search, breadth first, knows its dearest square (the last it reached, here
    the far corner once the friend standing there is taken out) and gives itself back for any AP
    reaching that far."""
    layout = Layout()
    layout.place("T", TileShape((".....", ".....", ".....", ".....", ".....")), (0, 0), 0)
    friend = {(4, 4)}  # passed, never ended on: the dearest square (8 AP) is not a route
    whole = hero_routes(layout, (0, 0), 10 ** 6, monsters={(2, 2)}, heroes=friend, jumping=False)
    assert (4, 4) not in whole and max(whole.cost(p) for p in whole) == 7
    for ap in range(0, 10):
        fresh = hero_routes(layout, (0, 0), ap, monsters={(2, 2)}, heroes=friend, jumping=False)
        cut = whole.within(ap)
        assert list(cut) == list(fresh) and [cut[p] for p in cut] == [fresh[p] for p in fresh]
        assert (cut is whole) == (ap >= 7)


def test_a_search_with_no_square_to_wait_for_stops_at_its_start():
    """The distance search waits for a square of each group beside a hero; a group whose only
    square is the monster's own (it stands there already) leaves nothing to wait for: no route is
    searched, and nothing it found stands for a limited search above 0 AP."""
    layout = Layout()
    layout.place("T", TileShape((".....", ".....", ".....", ".....", ".....")), (0, 0), 0)
    moves = MonsterMoves()
    entries, plain = monster_search(layout, (0, 0), moves=moves, heroes={(0, 1)}, monsters=set(),
                                    targets=[{(0, 0)}])
    assert entries == {} and plain == 0
    assert walks_within(entries, plain, 1) is None
    entries, plain = monster_search(layout, (0, 0), moves=moves, heroes={(0, 1)}, monsters=set(),
                                    targets=[{(0, 0)}, {(1, 1)}])
    assert plain == 2 and entries[(1, 1)][0] == 2


def _entries(routes: Routes) -> list:
    return list(routes._entries.items())


def test_a_hero_search_with_jumps_answers_another_budget_only_where_its_own_decided_nothing():
    """A hero's search with jumps (*Jumping (5 AP)*) read for another AP (``hero_within``) gives
    the fresh search's routes in the same order (with the same ``final`` jumps), or nothing: from
    more AP up to its first jump offered, from less AP where the budget cut nothing. A jump offered
    below the AP asked (it may land past the AP, ``final``) or a budget that cut the search leave
    the other budget unanswered."""
    small = Layout()
    small.place("S", TileShape(("..O..",)), (0, 0), 0)
    answered = {"less": 0, "more": 0, "none": 0}
    for layout in (_hall_with_a_hole_and_rubble(), small):
        for start in ((0, 0), (2, 1), (0, 4)):
            if not layout.passable(start):
                continue
            for factor in (1, 2):
                costs = Costs(walk=factor, jump=5 * factor)
                args = dict(monsters={(1, 1)} - {start}, heroes={(4, 4)}, costs=costs)
                for searched in range(0, 16):
                    search = hero_search(layout, start, searched, **args)
                    for ap in range(0, 16):
                        cut = hero_within(search, ap)
                        if cut is None:
                            answered["none"] += 1
                            continue
                        answered["less" if ap <= searched else "more"] += 1
                        assert _entries(cut) == _entries(hero_routes(layout, start, ap, **args)), (start, searched, ap)
    assert all(answered.values())
    # from (0, 0) in the hall the Hole (3, 3) is first jumped from (2, 3), 5 AP away: a search with
    # 9 AP stands for 5 AP, not for 6 (where that jump lands past the AP, a final route)
    nine = hero_search(_hall_with_a_hole_and_rubble(), (0, 0), 9, monsters=set(), heroes=set())
    assert nine.plain == 5 and not nine.whole
    assert hero_within(nine, 5) is not None and hero_within(nine, 6) is None
    six = hero_routes(_hall_with_a_hole_and_rubble(), (0, 0), 6, monsters=set(), heroes=set())
    assert six[(4, 3)].final and not nine.routes[(4, 3)].final


def test_the_board_reads_a_hero_s_jump_search_for_another_budget_only_among_the_same_figures():
    """The hero's routes the board gives after a search with more AP are a fresh search's, and stay
    so when a monster steps in between (that search is then not read)."""
    state = _pit_game(warrior=(0, 0), orc=(2, 0))
    board = state.board
    warrior = state.heroes[0]

    def fresh(ap: int) -> list:
        return _entries(hero_routes(board.layout, (0, 0), ap, monsters=board.monster_squares(state),
                                    heroes=board.hero_squares(state, warrior.uid)))

    far = board.hero_routes(state, warrior, 10 ** 6)
    assert _entries(board.hero_routes(state, warrior, 4)) == fresh(4)
    board.move_to(state.monsters[0].uid, (1, 1))  # now on a square the remembered search walked through
    routes = board.hero_routes(state, warrior, 3)
    assert (1, 1) not in routes and _entries(routes) == fresh(3) != _entries(far.within(3))
