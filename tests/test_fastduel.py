"""The fast duel path against the reference engine (``sim.duel.run_duel`` with
``greedy_bot``): the CI cross-check of issues 11 and 24. The fast path draws the same dice
in the same order, so every duel of every matrix cell must come out exactly as on the
reference engine, with the generator left in the same state (the same faces drawn); the
cell statistics are also compared on independent seeds within their statistical
tolerance, and a fast path with one rule changed must fail these checks. Its closed
world: every ability-profile field and every monster behaviour is classified, and one
it does not know sends the matchup to the reference engine."""

import dataclasses
import itertools
import math
import typing
from pathlib import Path

import pytest

from doria_forge.engine import abilities
from doria_forge.engine.abilities import AbilityProfile, profile_of
from doria_forge.model.behaviours import ABILITY_BEHAVIOURS, MODIFICATION_ONLY
from doria_forge.model.pack import ContentPack
from doria_forge.sim import fastduel
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.duel import DUEL_OPTIONS, duel_state, play_duel, run_duel
from doria_forge.sim.fastduel import (
    BEHAVIOUR_FIELDS,
    PROFILE_COVERAGE,
    FastDuel,
    Unsupported,
    monster_traits,
    uncovered,
)
from doria_forge.sim.matrix import duel_seed, matrix_cells, run_cell, run_matrix

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def pack(shipped_pack):
    return shipped_pack


def _mismatches(pack, cells, duels: int, fast_for=FastDuel) -> list:
    """Duels whose result or whose dice stream (the generator's state after the duel: how
    many faces were drawn) differs between the fast path and the reference engine."""
    out = []
    for cell in cells:
        fast = fast_for(pack, *cell)
        for i in range(duels):
            seed = duel_seed(5, *cell, i)
            state = duel_state(pack, *cell, seed)
            expected, got = play_duel(state, greedy_bot), fast.play(seed)
            if expected != got or state.dice.getstate() != fast.generator_state():
                out.append((cell, i, expected, got))
    return out


@pytest.mark.slow
def test_the_fast_path_replays_three_duels_of_every_matrix_cell_exactly(pack):
    """The whole matrix (every premade hero x every monster x Monster Levels 1-4), three
    duels a cell, results and dice streams (about two seconds)."""
    cells = matrix_cells(pack)
    assert len(cells) == len([c for c in pack.characters.values() if c.premade]) * len(pack.monsters) * 4
    assert _mismatches(pack, cells, duels=3) == []


def test_the_reference_duel_agrees_with_run_duel(pack):
    """The cross-check's reference (duel_state + play_duel, to read its generator) is run_duel."""
    cell = ("mage", "golem", 2)
    seed = duel_seed(5, *cell, 0)
    assert play_duel(duel_state(pack, *cell, seed), greedy_bot) == run_duel(pack, *cell, seed)


def test_one_face_drawn_too_many_fails_the_dice_stream_check(pack):
    """A fast path that draws one face more after each duel plays the same results; only the
    dice-stream comparison sees it."""
    class OneDrawMore(FastDuel):
        def _play_duel(self, rnd):
            result = super()._play_duel(rnd)
            rnd()
            return result

    cells = matrix_cells(pack)[::41]
    for cell in cells:
        plain, extra = FastDuel(pack, *cell), OneDrawMore(pack, *cell)
        assert all(plain.play(s) == extra.play(s) for s in range(3))
    assert len(_mismatches(pack, cells, duels=2, fast_for=OneDrawMore)) == 2 * len(cells)


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


# ---------------------------------------------------------------------- the closed world (issue 24)
def test_every_ability_profile_field_is_classified():
    """A field added to AbilityProfile fails here until PROFILE_COVERAGE says how the fast
    path covers it (modelled, asked, inert or refused)."""
    assert set(PROFILE_COVERAGE) == {f.name for f in dataclasses.fields(AbilityProfile)}
    assert {kind for kind, _ in PROFILE_COVERAGE.values()} <= {"modelled", "asked", "inert", "refused"}
    assert all(why for _, why in PROFILE_COVERAGE.values())


def test_every_behaviour_is_classified_by_the_fields_it_sets():
    tags = {cls.tag() for cls in (*ABILITY_BEHAVIOURS, *MODIFICATION_ONLY)}
    assert set(BEHAVIOUR_FIELDS) == tags
    assert {f for fields in BEHAVIOUR_FIELDS.values() for f in fields} <= set(PROFILE_COVERAGE)


def _examples(cls):
    """Instances of a behaviour class: every value of each Literal parameter, an integer
    parameter at its lowest and highest allowed value, a monster id for a text (a list of one for a list)."""
    required = {n: f for n, f in cls.model_fields.items() if n != "behaviour" and f.is_required()}
    choices = []
    for name, field in required.items():
        if typing.get_origin(field.annotation) is typing.Literal:
            values = list(typing.get_args(field.annotation))
        elif field.annotation is int:
            bounds = {type(m).__name__: m for m in field.metadata}
            values = [bounds["Ge"].ge, bounds["Le"].le]
        elif typing.get_origin(field.annotation) is list:
            values = [["zombie"]]
        else:
            values = ["zombie"]
        choices.append([(name, v) for v in values])
    return [cls(behaviour=cls.tag(), **dict(combo)) for combo in itertools.product(*choices)]


def test_each_behaviour_sets_only_the_fields_it_declares():
    """Every behaviour of the vocabulary, folded alone into a profile (engine.abilities), differs
    from the default profile in its declared fields only, and in at least one unless it only
    acts elsewhere (``horde``: more figures arrive with a modification)."""
    default = AbilityProfile(id="x")
    for cls in (*ABILITY_BEHAVIOURS, *MODIFICATION_ONLY):
        for b in _examples(cls):
            folded = profile_of([("x", [b])], "x")
            changed = {f.name for f in dataclasses.fields(AbilityProfile)
                       if getattr(folded, f.name) != getattr(default, f.name)}
            assert changed <= set(BEHAVIOUR_FIELDS[b.behaviour]), (b, changed)
            assert changed or b.behaviour == "horde" or b.behaviour == "targeting", b


def test_a_shipped_monster_is_covered(pack):
    assert [m for m in sorted(pack.monsters)
            if uncovered(abilities.rule_for_type(pack.monsters[m]), pack.monsters[m].behaviours)] == []


def _future_profile(pack, monster_id):
    """The monster's profile with one more field, as a later ability might add."""
    future = dataclasses.make_dataclass("FutureProfile", [("ignites_floor", bool, False)],
                                        bases=(AbilityProfile,), frozen=True)
    profile = abilities.rule_for_type(pack.monsters[monster_id])
    return future(**{f.name: getattr(profile, f.name) for f in dataclasses.fields(profile)}, ignites_floor=True)


def test_an_unclassified_profile_field_sends_the_matchup_to_the_reference(pack, monkeypatch):
    """A field the fast path does not classify may act on the reference engine: the matrix
    plays that matchup there, says why, and its numbers are the reference's."""
    original = fastduel.rule_for_type
    monkeypatch.setattr(fastduel, "rule_for_type",
                        lambda m, mods=(): _future_profile(pack, m.id) if m.id == "orc" else original(m, mods))
    kwargs = dict(heroes=["warrior"], monsters=["ogre", "orc"], levels=[2], jobs=1)
    fast = run_matrix(pack, 6, 3, **kwargs)
    reference = run_matrix(pack, 6, 3, engine="reference", **kwargs)
    assert [f[:3] for f in fast.fallbacks] == [("warrior", "orc", 2)]
    assert "ignites_floor" in fast.fallbacks[0][3] and "does not classify" in fast.fallbacks[0][3]
    assert [c.engine for c in fast.cells] == ["fast", "reference"]
    assert [c.wins for c in fast.cells] == [c.wins for c in reference.cells]


def test_an_unclassified_behaviour_sends_the_matchup_to_the_reference(pack, monkeypatch):
    """A behaviour the tables do not name (here: poison, as if it were new) is refused."""
    monkeypatch.delitem(BEHAVIOUR_FIELDS, "poison")
    with pytest.raises(Unsupported, match="behaviour 'poison'"):
        FastDuel(pack, "warrior", "golem", 1)
    FastDuel(pack, "warrior", "orc", 1)  # no poison: still fast


def test_a_behaviour_is_classified_by_its_own_module_and_refused_when_it_sets_an_unclassified_field(
        pack, monkeypatch):
    """The fast path reads each behaviour's fields from its module (``sets``), so a new behaviour
    needs no entry here; one declaring a profile field the loop does not classify (as a new
    behaviour with a new field would) sends the matchup to the reference engine."""
    from doria_forge.model.words.behaviours import BEHAVIOURS

    assert BEHAVIOUR_FIELDS == {word.tag(): tuple(word.sets) for word in BEHAVIOURS}
    monkeypatch.setitem(BEHAVIOUR_FIELDS, "poison", ("poison_on_hit", "ignites_floor"))
    with pytest.raises(Unsupported, match="behaviour 'poison' sets 'ignites_floor'"):
        FastDuel(pack, "warrior", "golem", 1)
    FastDuel(pack, "warrior", "orc", 1)


def test_a_refused_field_off_its_default_is_not_played_fast(pack, monkeypatch):
    """``defeat_damage`` is refused: an exploding monster is left to the reference engine."""
    original = fastduel.rule_for_type

    def exploding(monster, mods=()):
        profile = original(monster, mods)
        return dataclasses.replace(profile, defeat_damage=3) if monster.id == "orc" else profile

    monkeypatch.setattr(fastduel, "rule_for_type", exploding)
    with pytest.raises(Unsupported, match="defeat_damage 3"):
        FastDuel(pack, "warrior", "orc", 1)


def test_an_inert_fields_premise_is_checked_on_the_duel_state(pack):
    """The inert fields cannot act only in a duel without Phase F, with one monster and no
    map: a duel state with Phase F on is refused."""
    state = duel_state(pack, "warrior", "zombie", 1, 0, options=dataclasses.replace(DUEL_OPTIONS, special=True))
    assert "Phase F" in fastduel._duel_premises(state)
    assert fastduel._duel_premises(duel_state(pack, "warrior", "zombie", 1, 0)) is None


def test_average_monster_dice_are_replayed_exactly(pack):
    """The optional rule solo_average_monster_dice (every monster die shows 6; FAQ) switched
    on by default in the pack's rules: the fast path plays the monster's rolls as the
    reference's AverageDice, with the same results and dice streams."""
    rules = pack.rules
    optional = [o.model_copy(update={"default": True}) if o.id == "solo_average_monster_dice" else o
                for o in rules.optional_rules]
    averaged = ContentPack.from_documents(
        [rules.model_copy(update={"optional_rules": optional}) if d is rules else d for d in pack])
    assert FastDuel(averaged, "warrior", "orc", 2).average == 6
    assert _mismatches(averaged, matrix_cells(averaged)[::29], duels=3) == []
