"""The map by the Book of Rules: rules a reviewer found the engine getting wrong or not yet
playing, each test built from the sentence or worked example it names."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from map_helpers import QUIET, map_game, pack_with, tile, where

from doria_forge.engine.actions import (
    ClearRubble,
    IllegalAction,
    Jump,
    PickUp,
    PlaceSecretDoor,
    RevealRoomTile,
    SwapPlaces,
    Walk,
)
from doria_forge.engine.decks import TRAP, Card, DoorEventDeck, LootDecks
from doria_forge.engine.dice import DiceRoller, ScriptedDice
from doria_forge.engine.invariants import check
from doria_forge.engine.monster_ai import activate_monster
from doria_forge.engine.spawn import add_monster, draw_and_spawn
from doria_forge.engine.traps import resolve_trap
from doria_forge.model.scenario import Place, Spawn


def targets_of(state, monster) -> tuple[str, ...]:
    """The heroes ``monster``'s last attack was aimed at."""
    return [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == monster.uid][-1]


CORRIDOR = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])


def _lying(state, uid: str) -> None:
    """``uid`` fell unconscious at the initiative roll (chapter *Unconsciousness*)."""
    state.hero(uid).unconscious = True
    state.board.after_initiative(state)


# --------------------------------------------------------------------------- Carry Characters
def test_another_character_can_pick_up_the_unconscious_one_as_soon_as_they_are_on_the_same_square():
    """Carry Characters: "Another character can pick up the unconscious one as soon as they are
    on the same square"; Unconsciousness: they do not occupy it, so the Warrior walks onto it
    and picks the Mage up there without spending more AP."""
    state = map_game(pack_with(CORRIDOR), ["warrior", "mage"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 0), "mage": (2, 3)}, ap={"warrior": 12, "mage": 0})
    _lying(state, "mage")
    state.apply(Walk((2, 3)))
    assert state.ap["warrior"] == 9
    assert PickUp("mage") in state.legal_actions()
    state.apply(PickUp("mage"))
    assert state.board.carried == {"warrior": "mage"}
    assert where(state, "mage") == (2, 3) and state.ap["warrior"] == 9


def test_squares_occupied_by_monsters_cannot_be_entered_to_pick_up_a_friend():
    """Walking: "Squares occupied by monsters cannot be entered"; Unconsciousness: monsters may
    move onto a lying character. With a monster on the Mage's square, the Warrior next to it
    cannot pick her up (it would share the monster's square)."""
    state = map_game(pack_with(CORRIDOR), ["warrior", "mage"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 2)}, ap={"warrior": 12, "mage": 0})
    _lying(state, "mage")
    orc = add_monster(state, "orc", near=(2, 2))
    assert where(state, orc.uid) == (2, 2)
    assert PickUp("mage") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(PickUp("mage"))
    assert where(state, "warrior") == (2, 1)


# --------------------------------------------------------------------------- Target of a Monster
ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])


def test_if_the_closest_character_cannot_be_reached_the_next_character_is_targeted():
    """Target of a Monster, criterion 2: "If the closest character cannot be reached, the next
    character is targeted"; a monster pushes another out of the way only "if [it] can only
    reach a character" so. The Mage in the corner is closer, but both squares next to her are
    held by Zombies; the Warrior stands in the open: the Goblin attacks him and pushes nobody."""
    state = map_game(pack_with(ROOM), ["mage", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"mage": (0, 4), "warrior": (4, 0)},
                     monsters=[("goblin", (1, 2)), ("zombie", (0, 3)), ("zombie", (1, 4))])
    goblin = state.monsters[0]
    assert state.board.distance(state, goblin, state.hero("mage")) < state.board.distance(
        state, goblin, state.hero("warrior"))
    activate_monster(state, goblin)
    assert where(state, goblin.uid) in {(3, 0), (4, 1)}
    assert targets_of(state, goblin) == ("warrior",)
    assert not state.log.of_kind("monster_pushed")


def test_a_monster_that_can_only_reach_a_character_by_pushing_pushes():
    """Target of a Monster: "If a monster can only reach a character with its movement range
    while another monster occupies the target square, it will push the other monster out of
    the way and place itself on that square" (Fastest Way, EXAMPLE: the black Goblin has no
    free target character and swaps places with the Slimecrawler)."""
    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (0, 4)},
                     monsters=[("goblin", (1, 2)), ("zombie", (0, 3)), ("slimecrawler", (1, 4))])
    goblin = state.monsters[0]
    activate_monster(state, goblin)
    assert where(state, goblin.uid) in {(0, 3), (1, 4)}
    assert targets_of(state, goblin) == ("mage",)
    [push] = state.log.of_kind("monster_pushed")
    assert where(state, push.actor) not in {(0, 3), (1, 4), (0, 4)}


# --------------------------------------------------------------------------- figures without a square
def test_a_zombie_that_finds_no_free_square_cannot_multiply_and_is_activated():
    """No monster figures available anymore: "every Zombie that cannot multiply will be
    activated". In a corridor filled by four heroes and the Zombie no square is left for a new
    Zombie: none enters (a figure in play always has a square), and the Zombie acts instead."""
    state = map_game(pack_with(CORRIDOR), ["warrior", "mage", "huntress", "priestess"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 2), "huntress": (2, 3), "priestess": (2, 4)},
                     monsters=[("zombie", (2, 0))])
    state.board.zombie_raise(state)
    assert [m.uid for m in state.monsters] == ["zombie-1"]
    assert state.log.last("no_square")["monster"] == "zombie"
    assert state.log.last("activation")["reason"] == "cannot_raise"
    assert targets_of(state, state.monsters[0]) == ("warrior",)


def test_a_zombie_is_not_raised_behind_the_hero_who_holds_the_corridor():
    """*Walking*: monsters "can never pass a character figure". A Zombie at the end of a corridor
    with the Warrior in front of it has no free square it could reach: the free squares behind
    the Warrior are not "next to" it for a new Zombie, which would stand where no Zombie can
    walk. It cannot multiply and is activated instead (*No monster figures available
    anymore*); before, the new Zombie appeared behind the Warrior, beside the Mage."""
    state = map_game(pack_with(CORRIDOR), ["warrior", "mage"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 4)}, monsters=[("zombie", (2, 0))])
    state.board.zombie_raise(state)
    assert [m.uid for m in state.monsters] == ["zombie-1"]
    assert state.log.last("activation")["reason"] == "cannot_raise"


def test_a_monster_drawn_when_the_dungeon_is_full_gives_its_kind_an_extra_activation():
    """No monster figures available anymore: "As soon as an additional monster should be placed
    and there is no figure available for that monster anymore, one of the existing monsters of
    this type on the game board immediately gets an Extra Activation" (and takes its
    modifications). A figure with no free square to stand on is not available either."""
    state = map_game(pack_with(CORRIDOR), ["warrior", "mage", "huntress", "priestess"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 2), "huntress": (2, 3), "priestess": (2, 4)},
                     monsters=[("orc", (2, 0))], monster_cards=["+colossal", "orc"])
    orc = state.monsters[0]
    before = orc.hp_max
    draw_and_spawn(state, near=(2, 0))
    assert state.monsters == [orc]
    assert [m.id for m in orc.modifications] == ["colossal"] and orc.hp_max > before
    assert state.log.last("activation")["reason"] == "no_figure_left"


# --------------------------------------------------------------------------- Rubble
def test_the_monster_moves_as_close_as_possible_to_the_rubble_and_then_clears_it():
    """Monsters and Obstacles/Holes: "If the obstacle should be Rubble, the monster will move as
    close as possible to the Rubble and then clear it away for 10 Action Points (or the rest
    of their Action Points)". The Gargoyle (10 AP) walks 1 square up to the Rubble and clears
    it with the 9 AP left: it stands next to where the Rubble lay, not on it, and cannot attack."""
    state = map_game(pack_with(CORRIDOR), ["mage"], tiles=[("COR", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("gargoyle", (2, 0))])
    state.board.put_marker(state, (2, 2), "rubble")
    gargoyle = state.monsters[0]
    activate_monster(state, gargoyle)
    assert not state.board.layout.has((2, 2), "rubble")
    assert where(state, gargoyle.uid) == (2, 1)
    assert state.log.last("monster_moved")["square"] == (2, 1)
    assert not state.log.of_kind("monster_attack")


def test_a_fast_monster_clears_the_rubble_for_10_ap_and_walks_on_to_attack():
    """The same rule with AP to spare: a Fast Orc (7 + 4 AP) next to the Rubble clears it for
    10 AP and steps on with its last AP; "in most cases the monster will not be able to
    attack after this" - this one has the AP and attacks the Mage behind the Rubble."""
    state = map_game(pack_with(CORRIDOR), ["mage"], tiles=[("COR", (0, 0), 0)], at={"mage": (2, 3)},
                     monsters=[("orc", (2, 1))])
    orc = state.monsters[0]
    orc.modifications = (state.pack.modifications["fast"],)
    assert orc.action_points == 11
    state.board.put_marker(state, (2, 2), "rubble")
    activate_monster(state, orc)
    assert where(state, orc.uid) == (2, 2) and not state.board.layout.has((2, 2), "rubble")
    assert targets_of(state, orc) == ("mage",)


def test_a_character_buried_under_rubble_remains_on_its_square_until_it_is_cleared():
    """Dungeon Markers: "If a character or monster has been buried under Rubble, they will remain
    on this square until the Rubble has been cleared." The buried Warrior cannot walk; he can
    only clear the Rubble (10 AP), and then he walks again."""
    state = map_game(pack_with(CORRIDOR), ["warrior"], tiles=[("COR", (0, 0), 0)], at={"warrior": (2, 1)}, ap=20)
    state.board.put_marker(state, (2, 1), "rubble")
    legal = state.legal_actions()
    assert not any(isinstance(a, Walk) for a in legal)
    assert ClearRubble((2, 1)) in legal
    with pytest.raises(IllegalAction):
        state.apply(Walk((2, 3)))
    state.apply(ClearRubble((2, 1)))
    assert state.ap["warrior"] == 10 and not state.board.is_buried("warrior")
    assert Walk((2, 3)) in state.legal_actions()


def test_a_buried_figure_can_still_be_attacked_but_only_within_range_1():
    """Dungeon Markers: buried figures "can still be attacked, but only within range 1". The
    Huntress's bow (range 6) reaches the buried Orc only from the square next to it; the
    buried Orc, walled in, stays put and strikes only a hero next to it."""
    state = map_game(pack_with(CORRIDOR), ["huntress"], tiles=[("COR", (0, 0), 0)], at={"huntress": (2, 4)},
                     monsters=[("orc", (2, 1))])
    orc = state.monsters[0]
    state.board.put_marker(state, (2, 1), "rubble")
    huntress = state.hero("huntress")
    bow = next(p for i in huntress.hand_items() for p in i.card.attacks if p.range > 1)
    board = state.board
    assert not board.hero_can_target(state, huntress, bow, orc)
    activate_monster(state, orc)
    assert where(state, orc.uid) == (2, 1) and not state.log.of_kind("monster_attack")
    board.move_to("huntress", (2, 2))
    assert board.hero_can_target(state, huntress, bow, orc)
    activate_monster(state, orc)
    assert targets_of(state, orc) == ("huntress",)


def test_rubble_falling_on_the_stairs_buries_the_monsters_standing_there():
    """Cave-In at the Salt Mine: the stairs collapse at the end of round 1 (Rubble on the
    entrance squares). A monster standing there is buried (Dungeon Markers), not left standing
    on Rubble it could walk out of."""
    state = map_game(pack_with(), ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": (0, 2)},
                     scenario="salt_mine_collapse")
    entrance = state.board.entrances[0]
    goblin = add_monster(state, "goblin", near=entrance)
    assert where(state, goblin.uid) == entrance
    state.scenario.on(state, "round_end", {"round": 1})
    assert state.board.layout.has(entrance, "rubble") and state.board.is_buried(goblin.uid)
    activate_monster(state, goblin)
    assert where(state, goblin.uid) == entrance


# --------------------------------------------------------------------------- Poltergeist
def test_a_poltergeist_attacks_the_hero_nearer_behind_a_wall():
    """Walls: "Poltergeists can move through Walls and attack from a Wall"; German appendix
    (Poltergeist): a hero nearer behind a wall is the one attacked. The Mage is 2 squares
    away through the wall, the Warrior 3 squares along the room: the Poltergeist goes into the
    wall next to the Mage and attacks her."""
    walled = tile("WALLED", [".....", "#####", ".....", ".....", "....."], doors=[("south", 2)])
    state = map_game(pack_with(walled), ["warrior", "mage"], tiles=[("WALLED", (0, 0), 0)],
                     at={"mage": (2, 0), "warrior": (0, 3)}, monsters=[("poltergeist", (0, 0))])
    ghost = state.monsters[0]
    board = state.board
    assert board.distance(state, ghost, state.hero("mage")) == 2
    assert board.distance(state, ghost, state.hero("warrior")) == 3
    activate_monster(state, ghost)
    assert where(state, ghost.uid) == (1, 0)
    assert targets_of(state, ghost) == ("mage",)


# --------------------------------------------------------------------------- Traps that change the map
def test_a_character_on_a_new_hole_remains_there_until_its_next_move_and_the_others_jump():
    """Dungeon Markers: "A character affected by a trap that was standing on a square revealing a
    new Hole must remain on the square until the characters next move action. Even if another
    character should still be standing on a Hole due to a trap, other characters still need to
    jump over the Hole." The Pitfall puts a Hole under the Warrior, who fails its check (a
    Fumble); the Mage passes."""
    state = map_game(pack_with(CORRIDOR), ["warrior", "mage"], tiles=[("COR", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 0)}, ap=20)
    state.dice = ScriptedDice([1, 1, 9, 9])
    resolve_trap(state, Card(TRAP, "pitfall"), state.hero("warrior"))
    board = state.board
    assert board.layout.kind((2, 1)) == "hole" and where(state, "warrior") == (2, 1)
    assert check(state) == []                                # standing on it is the rule's exception
    state.actor = "mage"
    legal = state.legal_actions()
    assert Walk((2, 2)) not in legal and Jump((2, 2)) in legal
    assert SwapPlaces("warrior") not in legal                 # nobody is put onto the Hole
    state.actor = "warrior"
    assert Walk((2, 2)) in state.legal_actions()             # the next move action leaves the Hole
    assert SwapPlaces("mage") not in state.legal_actions()
    state.apply(Walk((2, 2)))
    assert board.layout.kind((2, 1)) == "hole" and "warrior" not in board.stranded


# --------------------------------------------------------------------------- Door Events
CLOSET = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
DOOR_EVENTS = replace(QUIET, doom=True, optional_rules=frozenset({"door_events"}))


def _at_the_north_door(cards: list[str]):
    """The Mage on A-1's north door with the Door Event deck ``cards`` (top first)."""
    state = map_game(pack_with(CLOSET), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": (0, 2)},
                     deck=["A-3"], options=DOOR_EVENTS, ap=20)
    state.door_events = DoorEventDeck(list(reversed(cards)))
    return state


def test_door_events_resolve_the_card_first_then_reveal_the_room_tile():
    """Optional Rule: Door Events: "draw a random Door Event card whenever the Reveal a Room Tile
    action is triggered while opening a door. Resolve the card first, then go on with further
    actions (for example, reveal the Room Tile)." Creaking Hinges moves the Doom Counter one
    field before the Room Tile is placed."""
    state = _at_the_north_door(["creaking_hinges"])
    state.apply(RevealRoomTile((0, 2)))
    [doom] = state.log.of_kind("doom")
    assert doom["steps"] == 1 and doom["after"] == state.doom.position
    kinds = [e.kind for e in state.log]
    opened, event, doom = kinds.index("door_opened"), kinds.index("door_event"), kinds.index("doom")
    placed = max(i for i, k in enumerate(kinds) if k == "room_tile_placed")
    assert opened < event < doom < placed


def test_a_door_event_reaches_the_hero_who_opened_the_door():
    """Stale Draft: "The hero who opened the door loses 2 Action Points"; Forgotten Cache: that
    hero draws one Loot Card."""
    state = _at_the_north_door(["stale_draft"])
    state.apply(RevealRoomTile((0, 2)))
    assert state.ap["mage"] == 18
    state = _at_the_north_door(["forgotten_cache"])
    state.loot = LootDecks.build(state.pack, state.dice)
    held = len(state.hero("mage").all_items()) + len(state.gold_cards.get("mage", []))
    state.apply(RevealRoomTile((0, 2)))
    assert state.log.last("door_event")["card"] == "forgotten_cache"
    assert len(state.hero("mage").all_items()) + len(state.gold_cards.get("mage", [])) \
        + len(state.pending_loot) == held + 1


def test_the_door_event_deck_runs_down_before_it_is_reshuffled():
    """A deck, not a draw with replacement: every card of the 60-card deck comes up as often as it
    is printed (here the pack's 6 cards: No Event x3 and three others) before any repeats; then
    the discard pile is shuffled into a new deck."""
    pack = pack_with()
    deck = DoorEventDeck.build(pack, DiceRoller(5))
    printed = Counter({e.id: e.copies for e in pack.door_events.values()})
    first_pass = Counter(deck.draw(DiceRoller(5)) for _ in range(sum(printed.values())))
    assert first_pass == printed
    assert deck.cards == [] and deck.draw(DiceRoller(6)) in printed


# --------------------------------------------------------------------------- Dead Ends
def test_at_a_dead_end_the_players_decide_where_the_secret_door_materializes():
    """Dead Ends: "a Secret Door is automatically added to the last placed Room Tile in the middle
    of a Wall side with no adjacent Room Tile yet. If there are multiple Wall sides without
    adjacent Room Tiles, the players may decide where the Secret Door materializes." The closet
    revealed behind the only door has three free wall sides: the revealing hero chooses."""
    start = tile("S", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)],
                 starts=[(2, 2)], entrances=[(3, 2)])
    closet = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    state = map_game(pack_with(start, closet), ["mage"], tiles=[("S", (0, 0), 0)], at={"mage": (0, 2)},
                     deck=["A-3", "B-3"])
    state.apply(RevealRoomTile((0, 2)))
    choices = state.legal_actions()
    assert choices == [PlaceSecretDoor(i) for i in range(3)]
    options = state.board.pending_secret_door.options
    assert {side for _, side in options} == {"north", "east", "west"}
    assert all(square in {(-5, 2), (-3, 4), (-3, 0)} for square, _ in options)  # the middle of each side
    state.apply(PlaceSecretDoor(2))
    chosen = options[2]
    assert state.board.layout.secret_doors == {chosen[0]: chosen[1]}
    assert state.board.layout.closed_doors() == [chosen[0]]


# --------------------------------------------------------------------------- Goblins per icon
def test_goblins_multiple_monsters_spawn_on_one_icon_each_as_close_as_possible_to_the_first():
    """Multiple monsters per monster icon: "Sometimes, multiple monsters spawn on one icon (for
    example, Goblins ...). If this is the case, every additional monster is placed as close as
    possible to the first monster"; the Fastest Way example starts with "The two Goblins". One
    Goblin card on one icon brings two Goblins, the second next to the first."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(2, 2, "white")])
    state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": (0, 2)}, ap=30,
                     deck=["A-3"], monster_cards=["goblin"])
    state.apply(RevealRoomTile((0, 2)))
    first, second = state.monsters
    assert first.monster.id == second.monster.id == "goblin"
    assert where(state, first.uid) == (-3, 2)
    assert abs(where(state, second.uid)[0] + 3) + abs(where(state, second.uid)[1] - 2) == 1


def test_goblins_when_no_figure_is_left_for_the_second_the_usual_rules_apply():
    """German appendix, Goblin: "Sollte für den zweiten keine Figur mehr vorhanden sein, gelten
    die üblichen Regeln" - No monster figures available anymore: a Goblin already in play gets an
    Extra Activation instead of the missing second figure."""
    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (4, 4)},
                     monsters=[("goblin", (0, c)) for c in range(4)], monster_cards=["goblin"])
    draw_and_spawn(state, near=(2, 0))
    assert sum(m.monster.id == "goblin" for m in state.monsters) == 5
    assert state.log.last("no_figure_left")["monster"] == "goblin"


def test_a_monster_needing_the_square_across_a_hole_pushes_its_occupant_back_over_the_hole():
    """Target of a Monster: the pushing monster places itself on the target square and "the
    replaced monster is thrown back over the Hole". The Orc can attack the Mage only from the
    square across the Hole, where a Zombie stands and no free square lies behind it (the Mage
    does): it jumps onto that square (5 AP) and the Zombie lands back on the Orc's side."""
    pit = tile("PIT", ["#####", "#####", "..O..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("orc", (2, 1)), ("zombie", (2, 3))])
    orc, zombie = state.monsters
    activate_monster(state, orc)
    assert where(state, orc.uid) == (2, 3)
    assert where(state, zombie.uid)[1] < 2          # back over the Hole (2, 2)
    assert targets_of(state, orc) == ("mage",)


def test_a_scenario_that_places_goblins_places_that_many_figures():
    """Figures per card are the monster deck's (a Goblin card on an icon); a scenario rule that
    places 2 Goblins places 2 figures, as its text says ("place 2 × Goblin")."""
    state = map_game(pack_with(), ["warrior"], tiles=[("A-1", (0, 0), 0)], at={"warrior": (0, 2)},
                     scenario="goblin_warren")
    state.scenario.apply(state, Spawn(do="spawn", monster="goblin", count=2, at=Place(tile="A-1")), "warrior")
    assert [m.monster.id for m in state.monsters] == ["goblin", "goblin"]
