"""The fast duel path against the reference engine (``sim.duel.run_duel`` with
``greedy_bot``): the CI cross-check of issue 11. The fast path draws the same dice in
the same order, so every duel must come out exactly as on the reference engine; the
cell statistics are also compared on independent seeds within their statistical
tolerance, and a fast path with one rule changed must fail both checks."""

import math
from pathlib import Path

import pytest

from doria_forge.model.pack import ContentPack
from doria_forge.sim.duel import run_duel
from doria_forge.sim.fastduel import FastDuel, Unsupported, monster_traits
from doria_forge.sim.matrix import duel_seed, matrix_cells, run_cell, run_matrix

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def pack(shipped_pack):
    return shipped_pack


def _sample_cells(pack):
    """Every 13th cell of the matrix: every hero, every monster and every level occur."""
    cells = matrix_cells(pack)[::13]
    assert {c[0] for c in cells} == {h for h, c in pack.characters.items() if c.premade}
    assert {c[1] for c in cells} == set(pack.monsters)
    assert {c[2] for c in cells} == {1, 2, 3, 4}
    return cells


def _mismatches(pack, cells, duels: int, fast_for=FastDuel) -> list:
    out = []
    for cell in cells:
        fast = fast_for(pack, *cell)
        for i in range(duels):
            seed = duel_seed(5, *cell, i)
            expected, got = run_duel(pack, *cell, seed), fast.play(seed)
            if expected != got:
                out.append((cell, i, expected, got))
    return out


def test_the_fast_path_replays_every_sampled_duel_exactly(pack):
    assert _mismatches(pack, _sample_cells(pack), duels=4) == []


def test_a_rule_difference_fails_the_duel_by_duel_cross_check(pack):
    class OneMoreDamage(FastDuel):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.m_damage += 1  # the monster's hits deal 1 HP more than the rules say

    assert _mismatches(pack, matrix_cells(pack)[::41], duels=4, fast_for=OneMoreDamage)


def _agree(a, b) -> bool:
    """Win rates within 4 combined standard errors (+1 percentage point), mean rounds
    within 4 combined standard errors of the rounds (bounded by the 30-round limit)."""
    se = math.hypot(a.win_rate_se, b.win_rate_se)
    rounds_se = 30 * math.sqrt(1 / a.runs + 1 / b.runs) / 2
    return abs(a.win_rate - b.win_rate) <= 4 * se + 0.01 and abs(a.mean_rounds - b.mean_rounds) <= 4 * rounds_se


CELLS = [("adventurer", "golem", 1), ("mage", "mummy", 2), ("priestess", "vampire", 1),
         ("huntress", "slimecrawler", 3), ("warrior", "orc", 2)]


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: "-".join(map(str, c)))
def test_cell_statistics_agree_with_the_reference_on_independent_seeds(pack, cell):
    fast, why = run_cell(pack, *cell, 60, seed=101, engine="fast")
    reference, _ = run_cell(pack, *cell, 60, seed=202, engine="reference")
    assert why is None and fast.engine == "fast" and reference.engine == "reference"
    assert _agree(fast, reference), (fast, reference)


def test_a_rule_difference_fails_the_statistical_cross_check(pack, monkeypatch):
    from doria_forge.sim import fastduel

    original = fastduel.FastDuel.__init__

    def weaker_monster(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.m_attack = (self.m_attack[0], self.m_attack[1] - 8)  # attack rolls 8 lower than printed

    monkeypatch.setattr(fastduel.FastDuel, "__init__", weaker_monster)
    # a matchup the hero wins about half of the time: a weaker monster shows at once
    fast, _ = run_cell(pack, "adventurer", "golem", 1, 120, seed=101, engine="fast")
    reference, _ = run_cell(pack, "adventurer", "golem", 1, 120, seed=202, engine="reference")
    assert not _agree(fast, reference), (fast, reference)


def test_engines_give_identical_matrices(pack):
    kwargs = dict(heroes=["scoundrel", "priestess"], monsters=["golem", "mummy"], levels=[1, 4], jobs=1)
    fast = run_matrix(pack, 6, 9, engine="fast", **kwargs)
    reference = run_matrix(pack, 6, 9, engine="reference", **kwargs)
    strip = [c.__class__(**{**c.__dict__, "engine": "x"}) for c in fast.cells]
    assert strip == [c.__class__(**{**c.__dict__, "engine": "x"}) for c in reference.cells]
    assert {c.engine for c in fast.cells} == {"fast"} and {c.engine for c in reference.cells} == {"reference"}


def _pack_with_potion_hero(pack) -> ContentPack:
    """The Warrior carrying two Small Healing Potions (consumed when drunk)."""
    warrior = pack.characters["warrior"]
    items = [*warrior.standard_items, "small_healing_potion", "small_healing_potion"]
    drinker = warrior.model_copy(update={"id": "drinker", "standard_items": items})
    return ContentPack.from_documents([*pack, drinker])


def test_a_matchup_the_fast_path_cannot_play_falls_back_to_the_reference(pack):
    potions = _pack_with_potion_hero(pack)
    result = run_matrix(potions, 12, 3, heroes=["drinker"], monsters=["troll"], levels=[3], jobs=1)
    reference = run_matrix(potions, 12, 3, heroes=["drinker"], monsters=["troll"], levels=[3], jobs=1,
                           engine="reference")
    assert [f[:3] for f in result.fallbacks] == [("drinker", "troll", 3)]
    assert "small_healing_potion" in result.fallbacks[0][3]
    assert result.cells[0].engine == "reference"
    assert result.cells == reference.cells


def test_unsupported_is_raised_for_a_consumed_potion(pack):
    fast = FastDuel(_pack_with_potion_hero(pack), "drinker", "troll", 3)
    with pytest.raises(Unsupported, match="consumed"):
        for i in range(200):
            fast.play(duel_seed(3, "drinker", "troll", 3, i))


def test_monster_traits_read_the_ability(pack):
    """NOTES.md *Monster abilities*: the Golem poisons on a wound, the Slimecrawler on any
    hit, the Vampire drains, the Orc acts again after a wound, the Mummy ignores magic items."""
    assert monster_traits(pack, "golem").poison_on_wound == 2
    assert monster_traits(pack, "slimecrawler").poison_on_hit == 1
    assert monster_traits(pack, "vampire").heals_by_wound
    assert monster_traits(pack, "orc").extra_activation_on_wound
    assert monster_traits(pack, "mummy").magic_items_ineffective
    assert monster_traits(pack, "black_knight").damages_hand_items
    assert not monster_traits(pack, "ogre").heals_by_wound
