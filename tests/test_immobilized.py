"""How the Immobilized status ends (chapter *Immobile*: "until the status has been removed
(sometimes automatically, sometimes only through certain actions)", as the card says). The
defaults: a hero a Trap Immobilized climbs free with that Trap's check in Phase F
(``traps.climb_free``); a monster an attack Immobilized stands through its next activation,
which ends the status (``monster_ai.activate_monster``). Before, both stayed Immobilized to the
end of the game."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile, where

from doria_forge.engine.actions import Walk
from doria_forge.engine.decks import TRAP, Card
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.monster_ai import activate_monster
from doria_forge.engine.phases import phase_f_special
from doria_forge.engine.traps import resolve_trap

ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def _kinds(state, kind):
    return [e for e in state.log if e.kind == kind]


def test_a_hero_the_water_pit_immobilized_climbs_free_with_the_traps_check_in_phase_f():
    """The Water Pit (STR + CON + 2D against 24 + 2 x Monster Level: 26 at level 1): the
    Priestess (STR 6, CON 8) rolls 3 + 4 = 21 and falls in, Immobilized (no Walk among her
    actions). In the next Phase F she tries the check again: 21 fails and she stays; 9 + 9 = 32
    succeeds and she may walk again."""
    state = map_game(pack_with(ROOM), ["priestess"], tiles=[("ROOM", (0, 0), 0)], at={"priestess": (2, 2)}, ap=20)
    priestess = state.hero("priestess")
    state.dice = ScriptedDice([3, 4])
    [result] = resolve_trap(state, Card(TRAP, "water_pit"), priestess)
    assert not result.success and result.immobilized
    assert priestess.immobilized and priestess.immobilized_by == "water_pit"
    state.actor = "priestess"
    assert not any(isinstance(a, Walk) for a in state.legal_actions())

    state.dice = ScriptedDice([3, 4])
    phase_f_special(state)
    [tried] = _kinds(state, "climb_free")
    assert tried.data["target_number"] == 26 and not tried.data["success"]
    assert priestess.immobilized

    state.dice = ScriptedDice([9, 9])
    phase_f_special(state)
    assert _kinds(state, "climb_free")[-1].data["success"]
    assert not priestess.immobilized and priestess.immobilized_by is None
    assert any(isinstance(a, Walk) for a in state.legal_actions())


def test_an_unconscious_hero_does_not_try_to_climb_free():
    state = map_game(pack_with(ROOM), ["priestess", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"priestess": (2, 2), "warrior": (0, 0)}, ap=20)
    priestess = state.hero("priestess")
    priestess.immobilized, priestess.immobilized_by, priestess.unconscious = True, "water_pit", True
    state.dice = ScriptedDice([])  # any roll fails the test
    phase_f_special(state)
    assert priestess.immobilized and not _kinds(state, "climb_free")


def test_a_monster_an_attack_immobilized_stands_through_one_activation():
    """A hit of the Weighted Net Immobilizes the Orc (no damage, the card says): in its next
    activation it stays where it stands and the status ends; in the one after, it walks toward
    the Warrior again."""
    state = map_game(pack_with(ROOM), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (4, 4)},
                     monsters=[("orc", (0, 0))], ap=20)
    orc = state.monsters[0]
    start = where(state, orc.uid)
    orc.immobilized = True
    activate_monster(state, orc)
    assert where(state, orc.uid) == start and not orc.immobilized
    assert _kinds(state, "immobilized_ends")
    activate_monster(state, orc)
    assert where(state, orc.uid) != start
