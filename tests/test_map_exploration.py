"""Exploration on the map (Book of Rules *Exploration*, *Open Room Tiles*, *Treasure Icon*,
*Monster Icons on a Room Tile*, *No monster figures available anymore*, *Dead Ends*), each
worked example rebuilt from its words."""

from __future__ import annotations

from dataclasses import replace

from map_helpers import BASE, QUIET, map_game, pack_with, tile, where

from doria_forge.engine.actions import ClearRubble, PlaceRoomTile, RevealRoomTile, Search, Walk
from doria_forge.engine.map.exploration import colours_in_play

# A-1 of the base pack: doors north (0, 2), west (2, 0) and east (2, 4).
A1_EAST, A1_NORTH, A1_WEST = (2, 4), (0, 2), (2, 0)

ONE_DOOR = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
"""A room with one door, drawn pointing down (south) as in the example's picture."""

THREE_DOORS = tile("F-1", ["##.##", "#...#", "#...#", "#...#", "##.##"],
                   doors=[("north", 2), ("south", 2)], open_sides=[])
TWO_DOORS = tile("C-7", ["#####", "#...#", "#....", "#...#", "##.##"], doors=[("east", 2), ("south", 2)])


def test_exploration_example_1_the_only_door_faces_the_opened_door():
    """Exploration, EXAMPLE 1: the Mage opens A-1's right door and draws A-3, whose one door
    points down; it cannot stay like that: its door must face A-1's door (the two arrows
    point at each other)."""
    pack = pack_with(ONE_DOOR)
    state = map_game(pack, ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_EAST}, deck=["A-3"])
    state.apply(RevealRoomTile(A1_EAST))
    placed = state.board.layout.tiles[(0, 1)]
    assert placed.tile_id == "A-3"
    assert [(o.side, o.offset) for o in placed.shape.doors()] == [("west", 2)]
    assert (2, 5) in state.board.layout.neighbours(A1_EAST)
    assert state.door_opened


def test_exploration_example_2_a_tile_with_several_doors_lets_the_player_choose():
    """Exploration, EXAMPLE 2: F-1 can be placed at any of its doors; the player who opened
    the door decides (a PlaceRoomTile choice), and the chosen door faces the opened one."""
    three = tile("F-1", ["##.##", "#...#", "....#", "#...#", "##.##"],
                 doors=[("north", 2), ("west", 2), ("south", 2)])
    pack = pack_with(three)
    state = map_game(pack, ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_EAST}, deck=["F-1"])
    state.apply(RevealRoomTile(A1_EAST))
    choices = state.legal_actions()
    assert choices == [PlaceRoomTile(0), PlaceRoomTile(1), PlaceRoomTile(2)]
    assert state.current_actor() == "mage"
    state.apply(PlaceRoomTile(2))
    placed = state.board.layout.tiles[(0, 1)]
    # whichever door was chosen, one door of F-1 faces A-1's east door
    assert ("west", 2) in [(o.side, o.offset) for o in placed.shape.doors()]
    assert (2, 5) in state.board.layout.neighbours(A1_EAST)


def test_exploration_example_3_a_placement_may_block_an_older_door():
    """Exploration, EXAMPLE 3: after two revealed tiles the Mage opens another door; C-7 must
    put one of its two doors against it, even though that blocks a door of A-1, which can
    then no longer be opened or walked through."""
    north = tile("B-1", ["#####", "#....", "#...#", "#...#", "##.##"], doors=[("south", 2), ("east", 1)])
    corner = tile("B-2", ["#####", "....#", "#...#", "#...#", "##.##"], doors=[("west", 1), ("south", 2)])
    c7 = tile("C-7", ["##.##", "#...#", "#...#", "#...#", "##.##"], doors=[("north", 2), ("south", 2)])
    pack = pack_with(north, corner, c7)
    state = map_game(pack, ["mage"], tiles=[("A-1", (0, 0), 0), ("B-1", (-1, 0), 0), ("B-2", (-1, 1), 0)],
                     at={"mage": (-1, 7)}, deck=["C-7"])
    assert A1_EAST in state.board.layout.closed_doors()
    state.apply(RevealRoomTile((-1, 7)))
    assert state.legal_actions() == [PlaceRoomTile(0), PlaceRoomTile(1)]  # either door of C-7
    state.apply(PlaceRoomTile(0))
    layout = state.board.layout
    assert layout.tiles[(0, 1)].tile_id == "C-7"
    assert A1_EAST not in layout.closed_doors()           # cannot be opened any more
    assert (2, 5) not in layout.neighbours(A1_EAST)       # nor walked through


def test_open_room_tiles_example_draws_until_no_open_side_is_left():
    """Special Feature: Open Room Tiles, EXAMPLE: B-7 (one door, two open sides) goes against
    the opened door; F-5 continues at one open side (the player's choice), then B-4 at the
    last open side, then E-3 (doors only) anywhere along it. All are placed one by one,
    the doors between them are open, and the monsters and treasure come only after the last."""
    b7 = tile("B-7", [".....", ".....", ".....", ".....", "##.##"], doors=[("south", 2)],
              open_sides=[("west", 0, 4), ("east", 0, 4)])
    f5 = tile("F-5", ["#####", "....#", "....#", "....#", "#####"], open_sides=[("west", 1, 3)],
              icons=[(2, 2, "white")])
    b4 = tile("B-4", [".....", ".....", ".....", ".....", "#####"], open_sides=[("east", 0, 4), ("north", 0, 5)],
              treasures=[(1, 1)])
    e3 = tile("E-3", ["##.##", "#...#", "#...#", "#...#", "##.##"], doors=[("north", 2), ("south", 2)])
    pack = pack_with(b7, f5, b4, e3)
    state = map_game(pack, ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["B-7", "F-5", "B-4", "E-3"], monster_cards=["slimecrawler"])
    state.apply(RevealRoomTile(A1_NORTH))
    # F-5 fits at either open side of B-7 (the red or the blue arrow): the player decides
    assert len(state.legal_actions()) == 2 and all(isinstance(a, PlaceRoomTile) for a in state.legal_actions())
    assert not state.log.of_kind("monster_placed")
    state.apply(PlaceRoomTile(0))
    while state.legal_actions() and isinstance(state.legal_actions()[0], PlaceRoomTile):
        state.apply(PlaceRoomTile(0))
    layout = state.board.layout
    placed = [t.tile_id for t in layout.in_order()]
    assert placed == ["A-1", "B-7", "F-5", "B-4", "E-3"]
    for t in layout.in_order()[1:]:
        assert not layout.open_sides_facing_empty(t)
    events = [e.kind for e in state.log]
    assert events.index("monster_placed") > max(i for i, k in enumerate(events) if k == "room_tile_placed")
    assert layout.squares_with("loot")


def test_treasure_icon_becomes_a_loot_marker_searched_once():
    """Treasure Icon on a Room Tile, EXAMPLE: a marker is placed on the icon as the tile is
    revealed and removed when a character searches there; searching again is of no avail."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], treasures=[(2, 2)])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["A-3"], options=replace(QUIET, loot=True))
    state.apply(RevealRoomTile(A1_NORTH))
    assert state.board.layout.squares_with("loot") == [(-3, 2)]
    state.apply(Walk((-3, 2)))
    assert Search(1) in state.legal_actions()
    state.apply(Search(1))
    assert state.board.layout.squares_with("loot") == []
    assert Search(1) not in state.legal_actions()


def test_monster_icons_example_draws_a_monster_onto_the_icon():
    """Monster Icons on a Room Tile, EXAMPLE: the revealed tile shows a white icon; the
    monster card drawn is a Slimecrawler, whose figure stands on the icon."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(1, 3, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["A-3"], monster_cards=["slimecrawler"])
    state.apply(RevealRoomTile(A1_NORTH))
    [monster] = state.monsters
    assert monster.monster.id == "slimecrawler" and where(state, monster.uid) == (-4, 3)


def test_monster_icon_colours_by_player_count():
    """Monster icon colors: white always, green from 4, yellow from 5, red at 6 players;
    1 and 2 characters use the white icons as 3 do."""
    assert colours_in_play(1) == colours_in_play(2) == colours_in_play(3) == {"white"}
    assert colours_in_play(4) == {"white", "green"}
    assert colours_in_play(5) == {"white", "green", "yellow"}
    assert colours_in_play(6) == {"white", "green", "yellow", "red"}
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)],
                icons=[(1, 1, "white"), (1, 3, "green"), (3, 1, "yellow"), (3, 3, "red")])
    heroes = ["warrior", "mage", "ranger", "priestess", "huntress", "scoundrel"]
    for players, expected in ((3, 1), (4, 2), (5, 3), (6, 4)):
        state = map_game(pack_with(room), heroes[:players], tiles=[("A-1", (0, 0), 0)],
                         at={"warrior": A1_NORTH}, deck=["A-3"], monster_cards=["slimecrawler", "mummy", "zombie", "orc"])
        state.ap = {"warrior": 30}
        state.apply(RevealRoomTile(A1_NORTH))
        assert len(state.monsters) == expected, players


def test_monster_modifiers_example_1_modifications_join_the_next_monster():
    """Monster modifiers, EXAMPLE 1: two white icons; for one a Slimecrawler is drawn, for the
    other the Colossal modification and then a Mummy, which gets it."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)],
                icons=[(2, 3, "white"), (2, 1, "white")])
    state = map_game(pack_with(room), ["warrior", "mage", "ranger"], tiles=[("A-1", (0, 0), 0)],
                     at={"mage": A1_NORTH}, ap={"mage": 30}, deck=["A-3"],
                     monster_cards=["slimecrawler", "+colossal", "mummy"])
    state.apply(RevealRoomTile(A1_NORTH))
    slime, mummy = state.monsters
    assert slime.monster.id == "slimecrawler" and where(state, slime.uid) == (-3, 3)
    assert mummy.monster.id == "mummy" and [m.id for m in mummy.modifications] == ["colossal"]
    assert where(state, mummy.uid) == (-3, 1)


def test_monster_modifiers_example_2_a_horde_gathers_around_the_icon_toward_the_hero():
    """Monster modifiers, EXAMPLE 2: Explosion, Horde and Fire Creature are drawn before a
    Zombie: the horde of exploding fire zombies stands as close as possible to the icon;
    of two squares equally close to the icon the one closer to the hero is taken."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(1, 2, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["A-3"], monster_cards=["+explosion", "+horde", "+fire_creature", "zombie"])
    state.apply(RevealRoomTile(A1_NORTH))
    zombies = [m for m in state.monsters if m.monster.id == "zombie"]
    assert len(zombies) == 3
    squares = [where(state, z.uid) for z in zombies]
    assert squares[0] == (-4, 2)
    # every other zombie stands next to the first, on the side toward the hero (south) first
    assert all(abs(r + 4) + abs(c - 2) == 1 for r, c in squares[1:])
    assert (-3, 2) in squares[1:]
    for z in zombies:  # the whole horde is exploding fire zombies
        assert {"explosion", "fire_creature"} <= {m.id for m in z.modifications}


def test_no_monster_figures_left_example_the_nearest_gets_the_modification_and_acts():
    """No monster figures available anymore, EXAMPLE: both Gargoyles are on the board; a
    revealed icon draws Blocker and Gargoyle: the Gargoyle closest to a character gets the
    Blocker and is activated at once; no third Gargoyle appears."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(2, 2, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH}, deck=["A-3"],
                     monsters=[("gargoyle", (3, 2)), ("gargoyle", (3, 3))], monster_cards=["+blocker", "gargoyle"])
    near, far = state.monsters
    state.board.move_to(near.uid, (1, 2))
    state.apply(RevealRoomTile(A1_NORTH))
    assert [m.monster.id for m in state.monsters] == ["gargoyle", "gargoyle"]
    assert [m.id for m in near.modifications] == ["blocker"] and not far.modifications
    assert any(e["reason"] == "no_figure_left" for e in state.log.of_kind("activation") if e.actor == near.uid)


def test_current_initiative_a_faster_revealed_monster_acts_at_once():
    """Current initiative for monsters: a monster revealed with more AP than the acting
    character activates immediately - here both Goblins of the Goblin card."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(3, 2, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH}, ap=3,
                     deck=["A-3"], monster_cards=["goblin"])
    state.apply(RevealRoomTile(A1_NORTH))
    goblins = state.monsters
    assert len(goblins) == 2 and all(g.action_points > 3 for g in goblins)
    acted = {e.actor for e in state.log.of_kind("activation") if e["reason"] == "current_initiative"}
    assert acted == {g.uid for g in goblins}


def test_no_connection_to_the_dungeon_draws_no_monster_until_connected():
    """No connection to the dungeon: a monster icon in a part of the tile walled off from the
    way in draws no monster; as soon as a connection exists (here: Rubble cleared) the
    monster is drawn and set up as if the door had just been opened."""
    pocket = tile("A-3", ["#####", "#.#.#", "#.###", "#...#", "##.##"], doors=[("south", 2)], icons=[(1, 3, "white")])
    state = map_game(pack_with(pocket), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["A-3"], monster_cards=["slimecrawler", "orc"])
    state.apply(RevealRoomTile(A1_NORTH))
    assert state.monsters == [] and state.board.dormant == [(-4, 3)]
    # a tile whose icon room lies behind Rubble: drawn once the Rubble is gone
    room = tile("B-9", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(1, 3, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0), ("B-9", (-1, 0), 0)],
                     at={"mage": (-2, 3)}, monster_cards=["slimecrawler"])
    board = state.board
    for square in ((-3, 1), (-3, 2), (-3, 3)):
        board.layout.add_marker(square, "rubble")
    board.dormant.append((-4, 3))
    board.wake_icons(state)
    assert state.monsters == []
    state.apply(ClearRubble((-3, 3)))
    assert [m.monster.id for m in state.monsters] == ["slimecrawler"]
    assert where(state, state.monsters[0].uid) == (-4, 3)


def test_dead_end_opens_a_secret_door_in_the_last_tile():
    """Dead Ends: when no unopened door is left in the whole dungeon and the deck still has
    tiles, a Secret Door appears in the middle of a wall side of the last placed tile."""
    closet = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    start = tile("S-1", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)],
                 starts=[(2, 2)])
    state = map_game(pack_with(closet, start), ["mage"], tiles=[("S-1", (0, 0), 0)], at={"mage": (0, 2)},
                     deck=["A-3", "A-3"])
    state.apply(RevealRoomTile((0, 2)))
    from doria_forge.engine.actions import PlaceSecretDoor
    state.apply(PlaceSecretDoor(0))  # three free wall sides: the players decide (north offered first)
    layout = state.board.layout
    assert layout.closed_doors() == [(-5, 2)]  # north wall of the closet, its middle square
    assert (-5, 2) in layout.secret_doors
    assert state.log.of_kind("secret_door")


def test_base_pack_scenario_deck_holds_the_target_at_its_position():
    """A scenario's Room Tile deck: its named tiles and random others, the target tile put
    at target_position from the top."""
    from doria_forge.engine.game import GameState
    from doria_forge.engine.map.dungeon import Dungeon

    scenario = BASE.scenarios["sunken_reliquary"]
    for seed in range(5):
        state = GameState.new(BASE, ["warrior"], seed=seed, board=Dungeon.for_scenario(BASE, scenario.id))
        deck = state.board.deck
        assert deck[scenario.setup.target_position - 1] == scenario.setup.target_tile
        named = {e.tile for e in scenario.setup.tile_deck}
        assert named <= set(deck) and len(deck) == len(named) + scenario.setup.random_tiles + 1


def test_room_trap_blocks_the_doors_until_disarmed_in_phase_f():
    """Traps and Secret Doors: a room Trap's Blocked Doors last until the Trap is disarmed;
    Blocked Doors count as walls (no way through, no sight). Here the Spiked Walls: every
    hero fails its check, the doors of the room are blocked; in Phase F a hero in the room
    disarms it and the doors open again."""
    from doria_forge.engine.decks import TRAP, Card
    from doria_forge.engine.dice import ScriptedDice
    from doria_forge.engine.traps import resolve_trap

    state = map_game(BASE, ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": (1, 2)})
    warrior = state.hero("warrior")
    state.dice = ScriptedDice([1, 1, 9, 9])  # a Fumble fails the check, then the disarm in Phase F succeeds
    resolve_trap(state, Card(TRAP, "spiked_walls"), warrior)
    layout = state.board.layout
    assert layout.squares_with("blocked_door") == sorted([A1_NORTH, A1_WEST, A1_EAST])
    assert layout.closed_doors() == []
    state.board.phase_f_traps(state)
    assert layout.squares_with("blocked_door") == [] and len(layout.closed_doors()) == 3


def test_a_trap_that_reveals_a_room_tile_opens_a_secret_door_without_counting_as_a_door():
    """Traps and Secret Doors: a Trap that needs a new Room Tile (a Secret Door) draws and
    places it as normal, but never counts as revealing a room for the Doom Counter."""
    from doria_forge.engine.decks import TRAP, Card
    from doria_forge.engine.traps import resolve_trap
    from doria_forge.model.trap import Trap, TrapEffect

    door_trap = Trap(id="hidden_passage", name="Hidden Passage", trap_type="person", check_attributes=("PER", "WIS"),
                     tn_base=0, effect=TrapEffect(reveals_room_tile=True))
    closet = tile("A-3", ["##.##", "#...#", "#...#", "#...#", "##.##"], doors=[("north", 2), ("south", 2)])
    pack = pack_with(closet)
    from doria_forge.model.pack import ContentPack
    pack = ContentPack.from_documents(list(pack) + [door_trap])
    state = map_game(pack, ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": (3, 2)}, deck=["A-3"])
    resolve_trap(state, Card(TRAP, "hidden_passage"), state.hero("warrior"))
    layout = state.board.layout
    assert layout.secret_doors == {(4, 2): "south"}  # the wall side nearest the warrior
    state.board.choose_placement(state, 0)           # the closet has two doors: the warrior chooses
    assert layout.tiles[(1, 0)].tile_id == "A-3"
    assert not state.door_opened


def test_only_a_room_tile_revealed_by_a_door_saves_the_phase_g_step():
    """*Phase G: Doom Counter*: the marker moves one field more "in case no new Room Tile was
    revealed by opening a door". A door behind which no Room Tile fits (here the deck is empty: a
    dead door) reveals none, so the round still costs the extra field; the same door with a Room
    Tile in the deck saves it."""
    from doria_forge.engine.doom import doom_steps

    dead = map_game(BASE, ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": A1_NORTH}, deck=[])
    dead.apply(RevealRoomTile(A1_NORTH))
    assert A1_NORTH in dead.board.layout.dead_doors
    assert not dead.door_opened and doom_steps(1, dead.door_opened) == 2

    opened = map_game(BASE, ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": A1_NORTH}, deck=["B-4"])
    opened.apply(RevealRoomTile(A1_NORTH))
    while opened.board.pending is not None:
        opened.apply(PlaceRoomTile(0))
    assert len(opened.board.layout.tiles) == 2
    assert opened.door_opened and doom_steps(1, opened.door_opened) == 1
