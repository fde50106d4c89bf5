"""The bots foresee a monster's hit as the engine plays it, with what the open table adds: the
extra attack dice of another monster's ``aura`` (a Boss Monster's card: Gruzak's "every Orc and
Goblin on the board rolls one extra die to attack") and the points a scenario's lasting rule
(``modify: monster_damage``, the scenario sheet) adds to the damage before armor. Book of Rules,
chapter *Getting Hit and Armor Rating* (l.1547): "the monster's damage indicated on the card for
that Monster Level (plus any modifications) applies. [...] All damage points above the Armor
Rating of the armor used for protection will be deducted from the character's Hit Points."
"""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile, with_docs

from doria_forge.engine.actions import UseItem
from doria_forge.engine.spawn import spawn_boss
from doria_forge.model.monster import MonsterModification
from doria_forge.model.scenario import Scenario
from doria_forge.sim import hurting, odds, search
from doria_forge.sim.bots import attack_options, greedy_bot

ROOM = tile("R", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def _undead_rule(amount: int) -> dict:
    return {"text": "Undead monsters deal more damage to the hero carrying the relic.",
            "modify": [{"modifier": "monster_damage", "amount": amount, "flag": "undead", "who": "carrier",
                        "token": "relic"}]}


def _relic_game(hero: str, rules: list, *, carried: bool = True):
    """``hero`` alone in a room, a Zombie next to her, playing a scenario with ``rules``; she carries
    its relic (``carried``)."""
    sc = Scenario.model_validate({"kind": "scenario", "id": "t", "name": "T", "story": "s", "goal": "g",
                                  "setup": {"tokens": [{"id": "relic", "name": "Relic", "at": {"tile": "R"}}]},
                                  "rules": rules})
    state = map_game(with_docs(pack_with(ROOM), sc), [hero], tiles=[("R", (0, 0), 0)], at={hero: (2, 2)},
                     monsters=[("zombie", (2, 1))], ap=20, scenario="t")
    relic = state.scenario.tokens["relic"]
    relic.square, relic.carrier = None, (hero if carried else None)
    return state, state.hero(hero), state.monsters[0]


# --------------------------------------------------------------------------- a scenario's lasting rule
def test_a_lasting_rule_adds_its_points_to_the_foreseen_hit_before_armor():
    """The Zombie's hit on the Scoundrel who carries the relic deals its card's damage plus the
    rule's points; her armor (Moon Greaves, AR 2) stops what it can of the sum, as in play. Foreseen,
    the hit is only read: the rule is neither counted as fired nor logged."""
    plain, scoundrel, zombie = _relic_game("scoundrel", [])
    ruled, ruled_scoundrel, ruled_zombie = _relic_game("scoundrel", [_undead_rule(3)])
    assert odds.hit_damage_on(ruled, ruled_zombie, ruled_scoundrel) == odds.hit_damage_on(plain, zombie, scoundrel) + 3
    # the card's damage 1 does not get past AR 2; with 3 more points 2 of the 4 do
    assert odds.monster_wound(plain, zombie, scoundrel) == 0
    hit = odds.monster_wound(ruled, ruled_zombie, ruled_scoundrel)
    for item in ruled_scoundrel.equipped():
        item.damaged = item.is_armor  # no armor: each point of the hit is a point of HP
    bare = odds.monster_wound(ruled, ruled_zombie, ruled_scoundrel)
    assert hit == pytest.approx(bare * (zombie.damage + 3 - 2) / (zombie.damage + 3))
    assert ruled.scenario.fired == {} and ruled.log.of_kind("scenario_rule") == []
    # the rule names the relic's carrier: nobody carrying it, the hit is the card's
    nobody, hero, monster = _relic_game("scoundrel", [_undead_rule(3)], carried=False)
    assert odds.hit_damage_on(nobody, monster, hero) == monster.damage


def test_a_solo_carrier_heals_against_the_hits_the_lasting_rule_makes_harder():
    """*Special Rules for 1 or 2 Players*: a solo hero heals when the monsters could kill her before
    her next turn. The Priestess carries the relic beside a Zombie, 5 HP above death: two of its
    hits (damage 1, +1 for a critical step) take 4 and she attacks; while every undead monster deals
    1 more to the relic's carrier two hits take 6 and she heals first."""
    state, priestess, _ = _relic_game("priestess", [])
    priestess.hp = state.rules.death_threshold + 5
    assert not isinstance(greedy_bot(state), UseItem)
    state, priestess, _ = _relic_game("priestess", [_undead_rule(1)])
    priestess.hp = state.rules.death_threshold + 5
    assert isinstance(greedy_bot(state), UseItem)


def _zombie_or_orc(rules: list, *, carried: bool = True):
    """The Warrior between an Orc (damage 2, 3 HP left) and a Zombie (damage 1, 4 HP left), playing a
    scenario with ``rules``; he carries its relic (``carried``)."""
    sc = Scenario.model_validate({"kind": "scenario", "id": "t", "name": "T", "story": "s", "goal": "g",
                                  "setup": {"tokens": [{"id": "relic", "name": "Relic", "at": {"tile": "R"}}]},
                                  "rules": rules})
    state = map_game(with_docs(pack_with(ROOM), sc), ["warrior"], tiles=[("R", (0, 0), 0)], at={"warrior": (2, 2)},
                     monsters=[("orc", (2, 3)), ("zombie", (2, 1))], ap=20, scenario="t")
    relic = state.scenario.tokens["relic"]
    relic.square, relic.carrier = None, ("warrior" if carried else None)
    orc, zombie = state.monsters
    orc.hp, zombie.hp = 3, 4
    return state, orc, zombie


def test_focus_fire_and_the_search_weigh_a_monster_by_the_hit_the_lasting_rule_makes_harder():
    """Focus fire: a monster that hits hard and has few HP left is attacked first. The Orc hits
    harder by its card and is nearer defeat; while every undead monster deals 3 more to the relic's
    carrier, the Zombie hits the Warrior who carries it harder, and he turns on the Zombie. The
    search's playout score likewise counts a point of the Zombie's HP as the greater threat. Only
    the open table counts: with nobody carrying the relic, the Orc is the target."""
    state, orc, zombie = _zombie_or_orc([])
    assert greedy_bot(state).target_uid == orc.uid
    state, orc, zombie = _zombie_or_orc([_undead_rule(3)], carried=False)
    assert greedy_bot(state).target_uid == orc.uid
    state, orc, zombie = _zombie_or_orc([_undead_rule(3)])
    assert greedy_bot(state).target_uid == zombie.uid
    base = search.value(state)
    zombie.hp -= 1
    without_zombie_point = search.value(state)
    zombie.hp += 1
    orc.hp -= 1
    without_orc_point = search.value(state)
    assert without_zombie_point - base > without_orc_point - base > 0


# --------------------------------------------------------------------------- a Boss Monster's aura
DRAIN = MonsterModification(id="drain", name="Drain", text="x", behaviours=[{"behaviour": "drain_hp"}])
"""A Monster Modification that makes its monster regain the HP its hits take (``drain_hp``)."""


def _goblin_and_gruzak(hero: str, *, gruzak: bool):
    """``hero`` alone in a room with a Goblin that drains HP next to him and Gruzak the Warlord
    (aura: Orcs and Goblins roll one extra die to attack) in the far corner, standing or defeated."""
    state = map_game(with_docs(pack_with(ROOM), DRAIN), [hero], tiles=[("R", (0, 0), 0)], at={hero: (2, 3)},
                     monsters=[("goblin", (2, 2))], ap=14, deck=["R"])
    goblin = state.monsters[0]
    goblin.modifications = (DRAIN,)
    boss = spawn_boss(state, "gruzak_warlord", near=(0, 0))
    assert boss is not None
    state.activated.add(boss.uid)
    if not gruzak:
        boss.take_damage(boss.hp)
        assert boss.defeated
    return state, state.hero(hero), goblin


def test_an_aura_s_extra_die_counts_in_the_foreseen_hit_chance():
    """While Gruzak stands the Goblin's attack rolls one die more: the Mage expects its hit more
    often, as often as without Gruzak a Goblin that is not Disarmed (one die less on every roll,
    chapter *Disarmed*). Its damage is the card's either way."""
    without, mage, goblin = _goblin_and_gruzak("mage", gruzak=False)
    with_aura, aura_mage, aura_goblin = _goblin_and_gruzak("mage", gruzak=True)
    plain = odds.monster_wound(without, goblin, mage)
    assert odds.monster_wound(with_aura, aura_goblin, aura_mage) > plain > 0
    aura_goblin.disarmed = True
    assert odds.monster_wound(with_aura, aura_goblin, aura_mage) == pytest.approx(plain)
    assert odds.hit_damage_on(with_aura, aura_goblin, aura_mage) == odds.hit_damage_on(without, goblin, mage)


def test_a_hero_leaves_alone_a_draining_monster_that_outlasts_him_only_with_the_aura():
    """A monster that regains the HP its hits take is fought only if the party takes more from it
    than it regains (``hurting.wears_down``). The Mage's attacks outpace the draining Goblin's
    hits; with Gruzak standing they hit him often enough to outlast him, and he neither attacks
    the Goblin nor walks to it. The answer follows Gruzak's fall within the round."""
    state, mage, goblin = _goblin_and_gruzak("mage", gruzak=False)
    assert hurting.wears_down(state, goblin)
    assert goblin.uid in {args[2] for _, args, _ in attack_options(state, mage, 14, hurting=True)}

    state, mage, goblin = _goblin_and_gruzak("mage", gruzak=True)
    assert not hurting.wears_down(state, goblin)
    assert hurting.ranges_against(state, mage, goblin) == ()
    assert goblin.uid not in {args[2] for _, args, _ in attack_options(state, mage, 14, hurting=True)}
    boss = state.monsters[-1]
    boss.take_damage(boss.hp)
    assert hurting.ranges_against(state, mage, goblin) != ()
