"""The verification duel of issue 2 (``sim.duel.run_duel``): one premade hero against
one monster, played through the GameState round structure (Book of Rules *Game
Phases* C-E, *1 Player*); deterministic for a seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_engine_state import PACK

from doria_forge.sim.bots import first_legal_bot, greedy_bot, make_random_bot
from doria_forge.sim.duel import DUEL_OPTIONS, DuelResult, duel_state, play_duel, run_duel

CONTENT = Path(__file__).resolve().parents[1] / "content"


def test_duel_is_deterministic_for_a_seed():
    """Same pack, hero, monster, level and seed -> the same result; other seeds vary."""
    a = [run_duel(PACK, "warrior", "orc", 3, seed) for seed in range(20)]
    b = [run_duel(PACK, "warrior", "orc", 3, seed) for seed in range(20)]
    assert a == b
    assert len({(r.rounds, r.hero_hp_lost, r.hero_won) for r in a}) > 1


def test_duel_result_fields_and_endings():
    """A duel ends when the monster is defeated, the hero dies (-20) or at the round limit."""
    results = [run_duel(PACK, hero, "mummy", level, seed, max_rounds=12)
               for hero in ("adventurer", "mage") for level in (1, 4) for seed in range(10)]
    assert all(isinstance(r, DuelResult) for r in results)
    assert {r.ended_by for r in results} <= {"monster_defeated", "hero_died", "round_limit"}
    for r in results:
        assert r.hero_won == (r.ended_by == "monster_defeated")
        assert 1 <= r.rounds <= 12
        if r.ended_by == "hero_died":
            assert r.hero_hp_lost >= PACK.characters["adventurer"].hit_points  # down to -20
    assert any(r.hero_won for r in results)


def test_duel_switches_off_shop_loot_doom_and_level_up_but_keeps_poison():
    """sim.duel: phases needing other content are off (documented), poison stays."""
    assert not (DUEL_OPTIONS.shop or DUEL_OPTIONS.loot or DUEL_OPTIONS.doom or DUEL_OPTIONS.level_up)
    assert DUEL_OPTIONS.poison and DUEL_OPTIONS.end_when_no_monsters
    state = duel_state(PACK, "adventurer", "orc", 2, 7, log=True)
    assert state.loot is None and state.monster_deck is None and state.solo
    result = play_duel(state, greedy_bot)
    kinds = {e.kind for e in state.log}
    assert "doom" not in kinds and "initiative" in kinds and result.rounds == state.round


@pytest.mark.parametrize("bot", [first_legal_bot, make_random_bot(3)])
def test_duel_runs_with_other_bots(bot):
    """Bots are plain functions ``bot(state) -> action``."""
    result = run_duel(PACK, "adventurer", "ghoul", 1, 4, bot=bot, max_rounds=5)
    assert result.rounds <= 5


def test_duel_with_the_base_pack_every_hero_and_monster():
    """Every premade hero of the base pack can duel every monster (level 4) without errors."""
    from doria_forge.validate import validate_pack

    pack = validate_pack(CONTENT).pack
    assert pack is not None
    for hero in sorted(h for h, c in pack.characters.items() if c.premade):
        for monster in sorted(pack.monsters):
            result = run_duel(pack, hero, monster, 4, 1)
            assert result.ended_by in {"monster_defeated", "hero_died", "round_limit"}
