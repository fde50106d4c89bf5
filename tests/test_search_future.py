"""The copies the search plays out (``make_search(future=...)``): the default determinizes (what
the players know, the hidden part drawn afresh); ``search.clairvoyant``, a diagnostic hook of
benchmarks/bench_skill_ceiling.py that no registered policy uses, is the game itself, with the
real deck order and the dice to come."""

from __future__ import annotations

import inspect
import runpy
from pathlib import Path

from test_information import shuffle_hidden
from test_search_policy import fight

from doria_forge.engine.game import GameState
from doria_forge.sim import search
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.keyed_dice import keyed
from doria_forge.sim.policies import POLICIES
from doria_forge.sim.reasons import KEY


def real_game(pack) -> GameState:
    heroes = sorted(c for c, d in pack.characters.items() if d.premade)[:4]
    return GameState.new(pack, heroes, seed=77, scenario="greywater_toll", log=False)


def test_the_clairvoyant_copy_rolls_the_games_next_dice_and_holds_its_deck_order(shipped_pack):
    state = real_game(shipped_pack)
    seer = search.clairvoyant(state, 5)
    honest = search.determinized(state, 5)
    assert seer.monster_deck.cards == state.monster_deck.cards
    assert [s[:] for s in seer.loot.stacks] == [s[:] for s in state.loot.stacks]
    assert seer.board.deck == state.board.deck
    ahead = [seer.dice.roll("3D").dice for _ in range(10)]
    assert ahead == [state.dice.roll("3D").dice for _ in range(10)]
    assert [honest.dice.roll("3D").dice for _ in range(10)] != ahead  # fresh dice


def test_a_clairvoyant_search_rates_each_candidate_by_what_the_game_will_really_do():
    """Each candidate's value is the value of the real game after that action, greedy playing
    on to the horizon: the playouts saw the true dice."""
    state = fight()
    search.make_search(3, future=search.clairvoyant)(state)
    values = dict(state.scratch[KEY].alternatives)
    options = [a for a in search.candidates(state, state.hero("warrior"), search.WIDTH, passive=False)
               if a in state.legal_actions()]
    assert len(options) >= 2 and len(values) == len(options)
    for action in options:
        real = state.copy(log=False)
        real.apply(action)
        search.play_out(real, greedy_bot, search.HORIZON)
        assert values[action] == search.value(real)


def test_the_honest_searches_do_not_see_a_shuffle_of_what_nobody_has_seen_and_the_clairvoyant_does():
    """The default (determinized copies) and the keyed-dice search choose the same, with the same
    alternatives, whatever order the hidden cards are in; the clairvoyant does not."""
    state = fight()
    for n in range(3):
        other = shuffle_hidden(state, seed=n)
        honest, shuffled = state.copy(log=False), other.copy(log=False)
        assert search.make_search(3)(honest) == search.make_search(3)(shuffled)
        assert honest.scratch[KEY].alternatives == shuffled.scratch[KEY].alternatives
        keyed_honest, keyed_shuffled = state.copy(log=False), other.copy(log=False)
        assert search.make_search(3, future=keyed)(keyed_honest) == search.make_search(3, future=keyed)(keyed_shuffled)
        assert keyed_honest.scratch[KEY].alternatives == keyed_shuffled.scratch[KEY].alternatives
    seer, shuffled = state.copy(log=False), shuffle_hidden(state, seed=0)
    search.make_search(3, future=search.clairvoyant)(seer)
    search.make_search(3, future=search.clairvoyant)(shuffled)
    assert seer.scratch[KEY].alternatives != shuffled.scratch[KEY].alternatives


def test_no_registered_policy_is_the_clairvoyant_search(monkeypatch):
    """Every registered policy's playouts (if any) run on determinized copies (rolling one
    generator or keyed dice): building each one never hands ``make_search`` another ``future``."""
    seen = []
    original = search.make_search
    default = inspect.signature(original).parameters["future"].default

    def spy(*args, **kwargs):
        seen.append(kwargs.get("future", default))
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "make_search", spy)
    for info in POLICIES.values():
        info.build(1)
    assert seen and all(f in (search.determinized, keyed) for f in seen)
    assert not {search.clairvoyant, search.deck_seer, search.dice_seer} & set(seen)


def test_the_ceiling_reading_judges_the_goal_of_ten_points_on_the_interval():
    reading = runpy.run_path(str(Path(__file__).resolve().parents[1] / "benchmarks" / "bench_skill_ceiling.py"))["reading"]
    assert reading({"difference": 0.12, "interval": [0.05, 0.19], "p_value": 0.002}) == "+10"
    assert reading({"difference": 0.12, "interval": [-0.01, 0.24], "p_value": 0.08}) == "undecided"
    assert reading({"difference": 0.02, "interval": [-0.03, 0.08], "p_value": 0.5}) == "below +10"
    assert reading({"difference": 0.05, "interval": [0.01, 0.11], "p_value": 0.03}) == "undecided"


def test_the_split_seers_foresee_one_part_each(shipped_pack):
    """The diagnostic futures of bench_skill_ceiling.py --split: ``deck_seer`` holds the real
    undrawn cards in their order and rolls fresh dice; ``dice_seer`` rolls the game's real dice to
    come on a determinized copy (the same as the honest copy of that seed, but for the dice)."""
    state = real_game(shipped_pack)
    decks = search.deck_seer(state, 5)
    dice = search.dice_seer(state, 5)
    honest = search.determinized(state, 5)
    assert decks.monster_deck.cards == state.monster_deck.cards and decks.board.deck == state.board.deck
    assert dice.monster_deck.cards == honest.monster_deck.cards and dice.board.deck == honest.board.deck
    real = state.copy(log=False)
    coming = [real.dice.roll("3D").dice for _ in range(10)]
    assert [dice.dice.roll("3D").dice for _ in range(10)] == coming
    assert [decks.dice.roll("3D").dice for _ in range(10)] != coming

