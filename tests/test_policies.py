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


@pytest.mark.parametrize("name", policy_names())
def test_policy_games_repeat_from_their_seeds(shipped_pack, name):
    """The same game seed and policy seed give the same game, event for event."""
    logs = []
    for _ in range(2):
        state = GameState.new(shipped_pack, ["warrior", "mage"], seed=5, monsters=["orc"], options=GameOptions(max_rounds=4))
        play(state, make_policy(name, seed=3))
        logs.append([(e.kind, e.actor, sorted(e.data.items())) for e in state.log])
    assert logs[0] == logs[1] and len(logs[0]) > 20


def test_the_ladder_names_registered_policies_weakest_first():
    from doria_forge.sim.policies import LADDER

    assert LADDER == ("weak", "greedy", "search") and set(LADDER) <= set(policy_names())


def test_copies_with_a_seed_roll_other_dice_and_copies_without_a_log_keep_none(shipped_pack):
    state = GameState.new(shipped_pack, ["warrior"], seed=5, monsters=["orc"])
    same = [state.copy(seed=9).dice.roll("5D") for _ in range(2)]
    assert same[0] == same[1]
    assert state.copy().dice.roll("5D") == state.copy().dice.roll("5D")
    other = {state.copy(seed=s).dice.roll("5D").dice for s in range(6)}
    assert len(other) > 1
    quiet = state.copy(log=False)
    assert len(quiet.log) == 0 and not quiet.log.enabled and len(state.log) > 0


def test_a_healing_spell_is_not_cast_by_paying_psi_points_the_hero_lacks(shipped_pack):
    """*Psi Points*: they drop below 0 like Hit Points and kill at the same -20, so a Small
    Healing Spell (2 PP for 2 HP) paid with PP the hero does not have trades one for the other
    for nothing; with the PP to pay for it, the spell is cast."""
    from doria_forge.sim.bots import _potion

    state = GameState.new(shipped_pack, ["priestess"], seed=1, options=GameOptions(setup_loot=False))
    hero = state.hero("priestess")
    spell = _potion(hero, "heal")
    assert spell is not None and spell.card.id == "small_healing_spell" and spell.is_spell
    hero.hp, hero.pp = 1, spell.card.pp - 1
    assert _potion(hero, "heal") is None
    hero.hp, hero.pp = -12, 0
    assert _potion(hero, "heal") is None
    hero.hp, hero.pp = 1, spell.card.pp
    assert _potion(hero, "heal") is spell
