"""Stall detection (sim.stall, sim.play.play_scenario): a run without progress ends as
``stalled`` with a reason; ``play`` itself never stops a game early."""

from doria_forge.engine.actions import EndTurn
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.sim.play import play, play_scenario
from doria_forge.sim.policies import make_policy
from doria_forge.sim.stall import stall_kind


def _idle(state):
    """A party that never moves: it ends every turn (and takes any other decision first)."""
    actions = state.legal_actions()
    return next((a for a in actions if isinstance(a, EndTurn)), actions[0])


def _quiet_dungeon(pack, seed=3):
    """The sample scenario with no Doom Counter and no monster deck: nothing happens to an idle party."""
    return GameState.new(pack, ["warrior", "mage"], seed=seed, scenario="sunken_reliquary",
                         options=GameOptions(doom=False, monster_deck=False))


def test_a_party_that_does_nothing_stalls_with_a_reason(shipped_pack):
    state = _quiet_dungeon(shipped_pack)
    rounds = []
    reason = play_scenario(state, _idle, stall_rounds=3, on_round=lambda s: rounds.append(s.round))
    assert state.outcome == "stalled"
    # the heroes stand on the stairs from round 1 on; rounds 1, 2 and 3 pass without progress
    assert reason.startswith("no progress in rounds 1-3 ")
    assert reason.endswith("the heroes mostly end turn (15)")
    assert rounds == [1, 2, 3, 4]
    assert state.log.last("game_over")["outcome"] == "stalled"


def test_new_ground_is_progress(shipped_pack):
    """A random party wanders onto new squares: it does not stall as soon as an idle one."""
    idle, wandering = _quiet_dungeon(shipped_pack), _quiet_dungeon(shipped_pack)
    play_scenario(idle, _idle, stall_rounds=2)
    play_scenario(wandering, make_policy("random", 4), stall_rounds=2)
    assert idle.round == 3
    assert wandering.round > idle.round


def test_the_decision_limit_is_a_stall(shipped_pack):
    state = GameState.new(shipped_pack, ["warrior"], seed=1, scenario="sunken_reliquary")
    reason = play_scenario(state, make_policy("random", 1), max_actions=5)
    assert state.outcome == "stalled"
    assert reason.startswith("the decision limit (5) was reached in round 1")


def test_play_does_not_stop_a_game_without_progress(shipped_pack):
    """The duel path's loop is unchanged: only the round limit ends this idle game."""
    state = GameState.new(shipped_pack, ["warrior"], seed=2,
                          options=GameOptions(max_rounds=12, doom=False, monster_deck=False))
    play(state, _idle)
    assert state.outcome == "round_limit" and state.round == 12


def test_stall_reasons_of_different_runs_group_together():
    a = "no progress in rounds 3-10 (no Room Tile revealed); the heroes mostly end turn (9), walk (2)"
    b = "no progress in rounds 7-14 (no Room Tile revealed); the heroes mostly end turn (30), walk (1)"
    assert stall_kind(a) == stall_kind(b) == "no progress; the heroes mostly end turn, walk"
    assert stall_kind("the decision limit (5) was reached in round 1; the heroes mostly walk (5)") == \
        "the decision limit (5) was reached; the heroes mostly walk"


def test_a_stall_names_what_the_heroes_did_in_words_not_by_the_engine_s_class_names():
    """A stalled run's finding said "the heroes mostly EndTurn (18), ChooseHeroBonus (2)": the
    engine's class names. It counts the kinds as a reader says them, the most frequent first."""
    from doria_forge.engine.actions import ChooseHeroBonus, EndTurn, Walk
    from doria_forge.sim.stall import describe_actions

    done = [EndTurn(), Walk((1, 2)), EndTurn(), ChooseHeroBonus("extra_damage"), EndTurn(), Walk((1, 3))]
    assert describe_actions(done) == "end turn (3), walk (2), choose hero bonus (1)"
    assert describe_actions([]) == "did nothing"
