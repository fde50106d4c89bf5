"""The map by the Book of Rules: rules a reviewer found the engine getting wrong or not yet
playing, each test built from the sentence or worked example it names."""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile, where

from doria_forge.engine.actions import IllegalAction, PickUp, Walk
from doria_forge.engine.monster_ai import activate_monster
from doria_forge.engine.spawn import add_monster, draw_and_spawn

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
