"""The greedy bot answers each question of one decision once (``sim.deciding``): whether a hero
holds back, the party's Room Tile, the scenario's targets, which attacks can hurt a monster. The
answers belong to one decision on one game: each figure has its own, and the next decision (after
the game changed) reads the game anew."""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile

from doria_forge.engine.actions import Walk
from doria_forge.sim import bots, explorer, party
from doria_forge.sim.deciding import KEY, deciding
from doria_forge.sim.hurting import ranges_against

CORRIDOR = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def _pair(mage_hp: int | None = None):
    """A mage and a warrior in a corridor with an orc at its end; the mage acts (10 AP)."""
    state = map_game(pack_with(CORRIDOR), ["mage", "warrior"], tiles=[("C", (0, 0), 0)],
                     at={"mage": (2, 4), "warrior": (2, 2)}, monsters=[("orc", (2, 0))], ap={"mage": 10})
    if mage_hp is not None:
        state.hero("mage").hp = mage_hp
    return state


def test_each_figure_has_its_own_answer_within_a_decision():
    """Chapter *Unconsciousness* (the bots' reading, ``party.holds_back``): the hurt mage holds
    back behind the fit warrior, the warrior does not; asked in one decision, each keeps its own."""
    state = _pair(mage_hp=1)
    mage, warrior = state.hero("mage"), state.hero("warrior")
    with deciding(state):
        assert party.holds_back(state, mage) and not party.holds_back(state, warrior)
        assert party.holds_back(state, mage) and not party.holds_back(state, warrior)
    orc = state.monsters[0]
    fresh = ranges_against(state, mage, orc), ranges_against(state, warrior, orc)  # no decision: worked out
    assert fresh[0] != fresh[1]
    with deciding(state):
        assert (ranges_against(state, mage, orc), ranges_against(state, warrior, orc)) == fresh


def test_the_answers_last_one_decision_and_the_next_reads_the_game_anew():
    """A fit warrior walks toward the orc; hurt before its next decision (a fitter friend
    standing), it no longer does: the answer of the decision before is not read again."""
    state = map_game(pack_with(CORRIDOR), ["mage", "warrior"], tiles=[("C", (0, 0), 0)],
                     at={"mage": (2, 4), "warrior": (2, 2)}, monsters=[("orc", (2, 0))], ap={"warrior": 10})
    warrior = state.hero("warrior")
    first = bots.greedy_bot(state)
    assert first == Walk((2, 1))
    assert KEY not in state.scratch
    warrior.hp = 1
    assert party.holds_back(state, warrior)
    assert bots.greedy_bot(state) != first
    assert explorer.combat_move(state, warrior, 10) is None


def test_within_a_decision_an_answer_is_given_once_and_forgotten_after():
    """Nothing changes while a bot decides: inside ``deciding`` the first answer stands (here
    the HP changed by hand to show it), a decision inside it goes on with the same answers, and
    once the decision is made the question is worked out again."""
    state = _pair()
    mage = state.hero("mage")
    with deciding(state):
        assert not party.holds_back(state, mage)
        mage.hp = 1
        with deciding(state):
            assert not party.holds_back(state, mage)
        assert not party.holds_back(state, mage)
    assert party.holds_back(state, mage)


def test_a_decision_that_fails_leaves_no_answers_behind(monkeypatch):
    state = _pair()

    def broken(state, hero):
        party.holds_back(state, hero)
        raise RuntimeError("a step failed")

    monkeypatch.setattr(bots, "_action_phase", broken)
    with pytest.raises(RuntimeError):
        bots.greedy_bot(state)
    assert KEY not in state.scratch
