"""Hero party policies chosen by name (sim.policies)."""

import pytest

from doria_forge.engine.game import GameOptions, GameState
from doria_forge.sim.play import play
from doria_forge.sim.policies import make_policy, policy_names


def test_unknown_policy_names_the_known_ones():
    with pytest.raises(ValueError) as err:
        make_policy("cautious_genius")
    for name in policy_names():
        assert name in str(err.value)


@pytest.mark.parametrize("name", ["greedy", "random"])
def test_policy_games_repeat_from_their_seeds(shipped_pack, name):
    """The same game seed and policy seed give the same game, event for event."""
    logs = []
    for _ in range(2):
        state = GameState.new(shipped_pack, ["warrior", "mage"], seed=5, monsters=["orc"], options=GameOptions(max_rounds=4))
        play(state, make_policy(name, seed=3))
        logs.append([(e.kind, e.actor, sorted(e.data.items())) for e in state.log])
    assert logs[0] == logs[1] and len(logs[0]) > 20
