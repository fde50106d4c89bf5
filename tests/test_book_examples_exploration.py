"""Book of Rules *Exploration* (*Revealing a Room Tile*, *Special Feature: Open Room Tiles*, *No
connection to the dungeon*, *Treasure Icon on a Room Tile*), *Monster Icons on a Room Tile*,
*Additional Symbols on Room Tiles or Markers* and *Escaping a campaign scenario*: the rules with
a figure or an order of steps that ``test_map_exploration`` (the chapters' worked examples), the
other map tests and ``test_campaign_runs`` did not rebuild, each from the book's words (line
numbers of doria-rules-en.md)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from map_helpers import QUIET, map_game, pack_with, tile, where, with_docs
from scenario_sim_helpers import QUICK, QUICK_CAMPAIGN, add_documents, validated
from test_engine_state import make_state
from test_scenario_engine import NORTH, ROOM, VAULT, scenario

import doria_forge.sim.campaign as sim_campaign
from doria_forge.engine import phases
from doria_forge.engine.actions import (
    ClearRubble,
    DeclareEscape,
    EndTurn,
    PlaceRoomTile,
    RevealRoomTile,
    Search,
    Walk,
)
from doria_forge.engine.decks import EQUIPMENT, MODIFICATION, MONSTER, TRAP, Card, DoorEventDeck, LootDecks, card_gold
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.loot import give_card
from doria_forge.engine.traps import resolve_trap

A1_NORTH = (0, 2)
"""A-1's north door; the slot beyond it is (-1, 0), squares (-5..-1, 0..4)."""

B7 = tile("B-7", [".....", ".....", ".....", ".....", "##.##"], doors=[("south", 2)],
          open_sides=[("west", 0, 4), ("east", 0, 4)])
"""An Open Room Tile with one door (south) and two open sides (*Open Room Tiles*, EXAMPLE)."""

GUARD = tile("C-7", ["#####", "....#", ".....", "....#", "#####"], doors=[("east", 2)],
             open_sides=[("west", 1, 3)])
"""An Open Room Tile with a door too: open west (rows 1-3), a door east."""

NICHE = tile("E-3", ["#.###", "#...#", "#...#", "#...#", "#.###"], doors=[("north", 1), ("south", 1)])
"""A tile with only doors, north and south, both at column 1."""

CLOSET = tile("A-3", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)])


def test_revealing_a_tile_with_no_door_puts_an_open_side_against_the_opened_door():
    """*Revealing a Room Tile* (book line 1197): "If a door exists on the new Room Tile, it must
    always be placed against the door that has just been opened (open sides may only be used if
    there is no door)." B-7 (a door and two open sides) behind A-1's north door: only its door
    may face it, so it lies one way only and its open sides point west and east. A hall with no
    door at all behind the same door: one of its open sides faces the door instead."""
    state = map_game(pack_with(B7, CLOSET), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["B-7", "A-3", "A-3"])
    state.apply(RevealRoomTile(A1_NORTH))
    placed = state.board.layout.tiles[(-1, 0)]
    assert placed.tile_id == "B-7" and placed.rotation == 0
    assert [(o.side, o.offset) for o in placed.shape.doors()] == [("south", 2)]
    assert (-1, 2) in state.board.layout.neighbours(A1_NORTH)

    hall = tile("HALL", [".....", ".....", ".....", ".....", "....."], open_sides=[("north", 0, 5)])
    state = map_game(pack_with(hall), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["HALL"])
    state.apply(RevealRoomTile(A1_NORTH))
    placed = state.board.layout.tiles[(-1, 0)]
    assert placed.tile_id == "HALL" and placed.rotation == 2  # its open side turned south, onto the door
    assert [o.side for o in placed.shape.open_sides()] == ["south"]
    assert (-1, 2) in state.board.layout.neighbours(A1_NORTH)


def test_an_open_room_tile_drawn_next_puts_an_open_side_against_the_open_side_not_its_door():
    """*Open Room Tiles* (book line 1222): "If another Open Room Tile is drawn after the first open
    Room Tile, an open side must be placed adjacent to the existing open side"; (line 1230) "All
    Room Tiles are drawn one after the other and each one is placed instantly ... It is not
    allowed to draw all Room Tiles at the same time". After B-7, C-7 (an open west side and an
    east door) is drawn: it may go east of B-7 as it is or west of B-7 turned round, always open
    side to open side, never with its door against B-7's open side; while the Mage chooses, the
    next tiles still lie in the deck."""
    state = map_game(pack_with(B7, GUARD, CLOSET), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["B-7", "C-7", "A-3", "A-3"])
    state.apply(RevealRoomTile(A1_NORTH))
    options = state.board.pending.options
    assert state.board.pending.tile_id == "C-7"
    assert {(p.slot, p.rotation) for p in options} == {((-1, 1), 0), ((-1, -1), 2)}
    assert state.board.deck == ["A-3", "A-3"]
    east = next(i for i, p in enumerate(options) if p.slot == (-1, 1))
    state.apply(PlaceRoomTile(east))
    layout = state.board.layout
    guard = layout.tiles[(-1, 1)]
    assert [o.side for o in guard.shape.open_sides()] == ["west"]
    assert (-4, 5) in layout.neighbours((-4, 4))  # one room: no wall between B-7 and C-7
    assert (-3, 9) in layout.closed_doors()       # C-7's door stays a door to open later


def test_a_tile_with_only_doors_goes_anywhere_along_the_open_side_and_the_drawing_stops():
    """*Open Room Tiles* (book line 1230): "In case a Room Tile containing only doors is drawn
    following an Open Room Tile, it can be placed anywhere along the open side ... If there are
    only doors left, the drawing of more Room Tiles stops. For all rooms placed due to an Open
    Room Tiles, doors connecting these Room Tiles are considered connected and all doors
    automatically open at the time of placement"; EXAMPLE (line 1228): E-3 "placing it in any
    direction". B-7's west side is closed by a walled room; E-3 (doors north and south, both at
    column 1) goes east of B-7 with either door on B-7's open side: turned one way its door meets
    row 1 of it, turned the other way row 3. Then only doors are left: the closet stays in the deck; the Mage walks through E-3's door into it
    without opening anything, and E-3's other door is a door to open later."""
    cell = tile("W", ["#####", "#...#", "#...#", "#...#", "#####"])
    state = map_game(pack_with(B7, NICHE, CLOSET, cell), ["mage"], tiles=[("A-1", (0, 0), 0), ("W", (-1, -1), 0)],
                     at={"mage": A1_NORTH}, deck=["B-7", "E-3", "A-3"])
    state.apply(RevealRoomTile(A1_NORTH))
    options = state.board.pending.options
    assert len(options) == 2 and {p.slot for p in options} == {(-1, 1)}
    joins = sorted(p.joins for p in options)
    assert joins == [(-4, 4), (-2, 4)]  # rows 1 and 3 of B-7's east side (rows 0-3 are open)
    state.apply(PlaceRoomTile([p.joins for p in options].index((-4, 4))))
    layout = state.board.layout
    assert [t.tile_id for t in layout.in_order()] == ["A-1", "W", "B-7", "E-3"]
    assert state.board.deck == ["A-3"] and state.board.pending is None
    assert layout.closed_doors() == [(-4, 9), (2, 0), (2, 4)]  # E-3's far door and A-1's west and east ones
    state.apply(Walk((-4, 4)))
    assert Walk((-4, 5)) in state.legal_actions()
    state.apply(Walk((-4, 5)))
    state.apply(Walk((-4, 6)))
    assert where(state, "mage") == (-4, 6) and len(layout.tiles) == 4


SPLIT = tile("SPLIT", ["#####", "#..#.", "#....", "#..#.", "##.##"], doors=[("south", 2)],
             open_sides=[("east", 1, 3)], icons=[(2, 4, "white")])
"""A tile whose east part (an open side, a monster icon) joins the rest through one square (2, 3)."""


def test_an_open_side_cut_off_from_the_dungeon_draws_its_rooms_as_soon_as_it_connects():
    """*Open Room Tiles*, *No connection to the dungeon* (book line 1234): "If a part of a Room
    Tile has no connection to the rest of the dungeon for any reason, no additional room is drawn
    for these open sides. However, as soon as a connection is established to these parts,
    additional rooms are drawn according to the usual rules"; *Monster Icons*, *No connection to
    the dungeon* (line 1333): the monster "is drawn and set up exactly as when the door is
    normally opened", i.e. after the Room Tiles (EXAMPLE, line 1228). Rubble lies on the one square joining
    the east part of the tile revealed behind A-1's north door: no room is drawn for its open
    side and no monster for its icon; the Mage clears the Rubble (10 AP, line 1385): the room
    behind the open side is drawn and placed, then the Slimecrawler appears on the icon."""
    state = map_game(pack_with(SPLIT, CLOSET), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["SPLIT", "A-3", "A-3"], monster_cards=["slimecrawler"], ap=30)
    board = state.board
    board.layout.add_marker((-3, 3), "rubble")
    state.apply(RevealRoomTile(A1_NORTH))
    assert [t.tile_id for t in board.layout.in_order()] == ["A-1", "SPLIT"]
    assert board.deck == ["A-3", "A-3"] and state.monsters == []
    state.apply(Walk((-3, 2)))
    state.apply(ClearRubble((-3, 3)))
    assert state.ap["mage"] == 30 - 3 - 10  # three squares walked, the Rubble cleared
    assert [t.tile_id for t in board.layout.in_order()] == ["A-1", "SPLIT", "A-3"]
    assert board.layout.tiles[(-1, 1)].tile_id == "A-3" and board.deck == ["A-3"]
    [slime] = state.monsters
    assert slime.monster.id == "slimecrawler" and where(state, slime.uid) == (-3, 4)
    kinds = [e.kind for e in state.log]
    assert kinds.index("monster_placed") > max(i for i, k in enumerate(kinds) if k == "room_tile_placed")


def test_a_treasure_marker_searched_once_is_of_no_avail_to_the_other_characters_either():
    """*Treasure Icon on a Room Tile* (book line 1238): "As soon as a character moves to this
    treasure marker and decides to search for treasure, a Loot Card is drawn by the player and the
    marker is removed. Further searching for treasures by the same or other players is of no avail
    at this location." The Mage searches the closet's treasure (1 AP, one card, book line 1116)
    and steps aside; the Warrior walks onto the square: no search, of one card or of two, is offered."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], treasures=[(3, 2)])
    state = map_game(pack_with(room), ["mage", "warrior"], tiles=[("A-1", (0, 0), 0)],
                     at={"mage": A1_NORTH, "warrior": (1, 2)}, deck=["A-3"], ap={"mage": 20, "warrior": 5},
                     options=replace(QUIET, loot=True))
    state.loot = LootDecks.from_cards([Card(EQUIPMENT, "bearded_axe")], stacks=1)
    state.apply(RevealRoomTile(A1_NORTH))
    assert state.board.layout.squares_with("loot") == [(-2, 2)]
    state.apply(Walk((-2, 2)))
    assert {Search(1), Search(2)} <= set(state.legal_actions())  # one card for 1 AP, two for 5 AP
    state.apply(Search(1))
    assert len(state.log.of_kind("loot")) == 1 and state.board.layout.squares_with("loot") == []
    state.apply(Walk((-2, 1)))
    state.apply(EndTurn())
    assert state.current_actor() == "warrior"
    state.apply(Walk((-1, 2)))
    state.apply(Walk((-2, 2)))
    assert where(state, "warrior") == (-2, 2)
    assert not any(isinstance(a, Search) for a in state.legal_actions())


def test_the_monster_cards_drawn_for_an_icon_go_to_the_discard_pile():
    """*Monster Icons on a Room Tile* (book line 1274): "draw a monster card for each existing
    monster icon on this tile and place the corresponding monster figure on the monster square.
    The monster card itself can then be placed on the discard pile"; *Monster modifiers* (line
    1299): the modifications drawn before it go with it. The Colossal modification and the Mummy
    drawn for the closet's icon both lie on the discard pile; the deck keeps the Orc."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(2, 2, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["A-3"], monster_cards=["+colossal", "mummy", "orc"])
    state.apply(RevealRoomTile(A1_NORTH))
    [mummy] = state.monsters
    assert mummy.monster.id == "mummy" and [m.id for m in mummy.modifications] == ["colossal"]
    assert sorted((c.kind, c.id) for c in state.monster_deck.discard) == [(MODIFICATION, "colossal"),
                                                                          (MONSTER, "mummy")]
    assert state.monster_deck.cards == [Card(MONSTER, "orc", 3)]


def test_coloured_runes_are_entered_like_regular_squares():
    """*Colored Runes* (book line 1345): "The runes in the colors blue, purple, orange and green can
    be accessed like regular squares." The Warrior walks along a row of four runes, one of each
    colour, for 1 AP a square as on plain floor, and stops on the last."""
    runes = tile("RUNES", ["#####", "#...#", ".....", "#...#", "#####"], doors=[("west", 2)],
                 runes=[(2, 1, "blue"), (2, 2, "purple"), (2, 3, "orange"), (2, 4, "green")])
    state = map_game(pack_with(runes), ["warrior"], tiles=[("RUNES", (0, 0), 0)], at={"warrior": (2, 0)}, ap=10)
    layout = state.board.layout
    assert [sorted(layout.markers.get((2, c), ())) for c in range(1, 5)] == [
        ["rune:blue"], ["rune:purple"], ["rune:orange"], ["rune:green"]]
    for column in range(1, 5):
        state.apply(Walk((2, column)))
    assert where(state, "warrior") == (2, 4) and state.ap["warrior"] == 10 - 4


def test_a_modification_can_make_a_revealed_monster_act_before_the_character_at_once():
    """*Current initiative for monsters* (book line 1329): a revealed monster with more Initiative
    Points than the current character "will activate immediately. Also, some monster
    modifications can cause monsters to be activated before players immediately after being
    revealed." The Warrior opens the door with 9 AP left: a plain Orc (7 AP) waits for its marker;
    a Fast Orc (Fast: +4 AP, 11) acts at once."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(1, 2, "white")])
    for cards, at_once in ((["orc"], False), (["+fast", "orc"], True)):
        state = map_game(pack_with(room), ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": A1_NORTH},
                         deck=["A-3"], monster_cards=cards, ap=9)
        state.apply(RevealRoomTile(A1_NORTH))
        [orc] = state.monsters
        assert orc.action_points == (11 if at_once else 7)
        acted = [e for e in state.log.of_kind("activation") if e["reason"] == "current_initiative"]
        assert bool(acted) is at_once and (orc.uid in state.activated) is at_once


def test_an_escaped_campaign_scenario_keeps_its_xp_its_monster_points_and_the_last_rewards_cards(
        tmp_path, monkeypatch):
    """*Escaping a campaign scenario* (book line 1901): "The group keeps all XP collected up to
    this point, but also all Monster Points. Keep only items according to the rewards of the last
    successful scenario, but any items found during this scenario can also be kept instead of the
    items kept in the last scenario, as long as the characters do not exceed their reward level."
    Quick Run: quick_a is won (its reward: keep 1 Loot Card); in quick_b the Warrior finds the
    most valuable card of the Loot deck, the group gains 4 Group XP and the Doom Counter crosses 2
    red fields, and the party escapes. quick_b is played again (the book names no other course)
    with the Group XP on the track and those 2 Monster Points counted; each hero keeps 1 Loot
    Card, the Warrior the one he found."""
    folder = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK)
    add_documents(folder, "campaigns/quick.yaml", QUICK_CAMPAIGN)
    pack = validated(folder).pack
    best = max((Card(EQUIPMENT, e.id, 99) for e in pack.equipment.values() if e.deck == "loot"),
               key=lambda c: (card_gold(pack, c), c.id))
    games, given = [], []
    real_new, real_play = sim_campaign.new_campaign_game, sim_campaign.play_scenario

    def new_game(*args, **kwargs):
        given.append(dict(kwargs))
        games.append(real_new(*args, **kwargs))
        return games[-1]

    def play(state, policy, **kwargs):
        if len(games) == 2:  # quick_b, first attempt: the party finds, gains, and escapes
            give_card(state, state.hero("warrior"), best)
            state.group_xp += 4
            state.doom.extra_activations_crossed += 2
            state.outcome = "escaped"
            return "escaped"
        return real_play(state, policy, **kwargs)

    monkeypatch.setattr(sim_campaign, "new_campaign_game", new_game)
    monkeypatch.setattr(sim_campaign, "play_scenario", play)
    plan = sim_campaign.make_campaign_plan(pack, "quick_run", players=[2], runs=1, seed=3, heroes=["warrior", "mage"])
    record = sim_campaign.play_campaign(pack, plan, 2, 0)
    assert [(a[1], a[2]) for a in record.attempts][:3] == [("quick_a", "won"), ("quick_b", "escaped"),
                                                             ("quick_b", "won")]
    escaped = games[1]
    assert escaped.doom.monster_points == 2
    assert given[2]["scenario"] == "quick_b" and given[2]["group_xp"] == escaped.group_xp
    assert {uid: len(cards) for uid, cards in given[2]["kept"].items()} == {"warrior": 1, "mage": 1}
    assert given[2]["kept"]["warrior"] == [best]
    # 8 starting points, every game's Doom Counter points (the escaped 2 among them), and the one
    # point the book recommends for a hero level above the monsters' (after scenario 2)
    assert record.monster_points - 8 - sum(g.doom.monster_points for g in games) in (0, 1)


def test_a_campaign_escape_waits_until_the_trap_that_blocked_the_way_is_resolved():
    """*Escaping a campaign scenario* (book line 1899): "play until the end of the current round
    ... the characters need to be able to access the entrance of the current scenario. That
    means, if a trap has been triggered, the players need to resolve the trap first!"; Blocked
    Doors "are considered Walls" (line 1379). The Warrior in the room south of the entrance room
    fails the Spiked Walls (a room Trap: his room's door is blocked): the escape declared this
    round lapses at its end. In Phase F he disarms the Trap (9+9 against its TN); the escape
    declared again succeeds at the end of the next round."""
    sc = scenario()
    pack = with_docs(pack_with(ROOM, NORTH, VAULT), sc)
    state = map_game(pack, ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0), ("NORTH", (1, 0), 0)],
                     at={"mage": (3, 2), "warrior": (7, 2)}, ap={"mage": 10}, scenario=sc.id)
    board = state.board
    state.dice = ScriptedDice([1, 1])  # a Fumble against the Trap
    resolve_trap(state, Card(TRAP, "spiked_walls"), state.hero("warrior"))
    assert board.layout.squares_with("blocked_door") == [(5, 2)]
    state.apply(DeclareEscape())
    phases.end_round(state)
    assert state.outcome is None and not state.scenario.escape_declared
    state.dice = ScriptedDice([9, 9])  # the disarm in Phase F
    board.phase_f_traps(state)
    assert board.layout.squares_with("blocked_door") == []
    state.apply(DeclareEscape())
    phases.end_round(state)
    assert state.outcome == "escaped"


def test_a_door_event_is_drawn_once_for_the_door_not_for_each_tile_of_the_large_room():
    """*Optional Rule: Door Events* (book line 1395): "draw a random Door Event card whenever the
    Reveal a Room Tile action is triggered while opening a door"; the Room Tiles an Open Room
    Tile draws on are revealed without a door being opened (*Open Room Tiles*, line 1222). The
    Mage opens A-1's north door onto B-7, whose two open sides draw two more tiles: one Door
    Event (Stale Draft: the hero who opened the door loses 2 AP), not three."""
    options = replace(QUIET, optional_rules=frozenset({"door_events"}))
    state = map_game(pack_with(B7, CLOSET), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": A1_NORTH},
                     deck=["B-7", "A-3", "A-3"], options=options, ap=20)
    state.door_events = DoorEventDeck(["stale_draft"] * 3)
    state.apply(RevealRoomTile(A1_NORTH))
    while state.board.pending is not None:  # the first closet fits at either open side: west first
        state.apply(PlaceRoomTile(0))
    assert [t.tile_id for t in state.board.layout.in_order()] == ["A-1", "B-7", "A-3", "A-3"]
    assert len(state.log.of_kind("door_event")) == 1 and state.ap["mage"] == 20 - 2
    assert state.door_events.cards == ["stale_draft"] * 2


def test_in_a_later_campaign_scenario_the_monsters_rise_one_level_above_its_main_level_only():
    """*Monster level in campaigns* (book line 1877): "monsters can only rise one level above their
    current main level within the scenario. All further Level Ups within the currently running
    scenario are ignored"; at the end, every red (+1 Extra Activation) and orange (+1 Level) field
    crossed is 1 Monster Point (line 1885). A scenario at main level 2: the marker goes round
    the Doom Counter twice (22 fields; red 39, 35, 31 and orange 30, NOTES.md): the monsters reach
    level 3 and stay there, and the scenario earns 2 x 4 = 8 Monster Points."""
    state = make_state(["adventurer", "warrior"], mode="campaign", monster_level=2)
    phases.doom_advance(state, 11)
    assert state.monster_level == 3 and state.doom.on_head
    phases.doom_advance(state, 11)
    assert state.monster_level == 3 and state.doom.level_ups_crossed == 2
    assert state.campaign_monster_points() == 8
