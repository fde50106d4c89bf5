"""Which of a bot hero's attacks can hurt a monster at all (its immunities, and whether a hit
gets past its Armor Rating without a critical: chapter *Critical Rolls and Fumbles*), and from
which ranges in squares; and whether the party can wear down a monster that heals by the HP its
hits take (``heals_by_wound``, the Vampire's ``drain_hp``) at all. The bots walk only toward
monsters they can hurt and wear down, and fight only with attacks that get through.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from doria_forge.engine import abilities
from doria_forge.engine.combat import armor_against, attack_problem, hit_damage
from doria_forge.engine.hero import HeroState, expected_roll
from doria_forge.engine.phases import initiative_spec

from .deciding import per_decision
from .odds import expected_damage, hit_damage_on, monster_wound
from .reach import standing


@per_decision
def ranges_against(state: Any, hero: HeroState, monster: Any) -> tuple[int, ...]:
    """The ranges in squares of the hero's attacks it could make against ``monster`` (ignoring
    range and sight: its immunities, ranged or magic only...) that get past its armor (``hurts``),
    one per attack, in the order of its cards (hands, body, Belt) and their profiles; empty: the
    hero cannot hurt it from anywhere. Asked once a decision (``sim.deciding``: every step of the
    greedy bot's Action Phase asks of every monster). Empty too for a monster the party cannot
    wear down (``wears_down``)."""
    found = _known_ranges(hero, monster)
    if found and monster.uid in outlasting(state):
        return ()
    return found


OUTLASTING = "outlasting"
"""``state.scratch`` key of ``outlasting``'s answer: ``(round, monster uids asked, their hits
(``_hit_now``), answer)``."""


def outlasting(state: Any) -> frozenset[str]:
    """The uids of the monsters in play the party cannot wear down (``wears_down``). Worked out
    once a round, and again when a monster that heals by its hits comes into play or its hits
    change (an aura's bearer falls, a lasting rule of the scenario starts or stops holding): the
    answer reads the heroes' weapons and armor, which seldom change within a round, while every attack
    option and every monster's ranges ask at every decision (worked out per decision, it cost the
    greedy playthrough 3% in the games a Vampire came into)."""
    healers = tuple(m.uid for m in state.monsters if not m.defeated and abilities.rule_for(m).heals_by_wound)
    if not healers:
        return frozenset()
    # their hits as the open table makes them now: an aura's bearer may fall and a lasting rule
    # start or stop holding (the relic changes hands) within the round
    hits = tuple([_hit_now(state, state.monster(uid)) for uid in healers])
    known = state.scratch.get(OUTLASTING)
    if known is not None and known[0] == state.round and known[1] == healers and known[2] == hits:
        return known[3]
    answer = frozenset([uid for uid in healers if not wears_down(state, state.monster(uid))])
    state.scratch[OUTLASTING] = (state.round, healers, hits, answer)
    return answer


def _hit_now(state: Any, monster: Any) -> tuple[int, tuple[int, ...]]:
    """What ``monster_wound`` reads of the other monsters and the scenario: the aura dice
    ``monster`` rolls more, and its hit's damage on each hero."""
    return (abilities.aura_attack_dice(monster, state.monsters),
            tuple([hit_damage_on(state, monster, hero) for hero in state.heroes]))


def wears_down(state: Any, monster: Any) -> bool:
    """Whether the standing heroes are expected to take more HP from ``monster`` in a round than
    it regains in one. Only a monster that heals by the HP its hit takes (``heals_by_wound``: the
    Vampire's ``drain_hp``, even above its maximum) can outlast them: its expected wound on the
    hero it hurts most (``odds.monster_wound``), one activation a round, against the sum over the
    heroes of their best expected damage on it times the attacks their expected Action Points pay
    for (chapter *Phase C*: the initiative roll, capped; at least one). A careful player does not
    trade blows with a monster that heals faster than it is hurt: a solo Scoundrel whose hits
    got past a Vampire's Armor Rating only with a point to spare fought it for eight rounds while
    it drained itself from 2 HP to 13 (The Sunken Reliquary, a stalled run of the shipped
    build). Every other monster: ``True``."""
    if not abilities.rule_for(monster).heals_by_wound:
        return True
    heroes = standing(state)
    if not heroes:
        return True
    cap = state.rules.initiative_cap
    dealt = 0.0
    for hero in heroes:
        damage, cost = best_expected_damage(hero, monster)
        if damage > 0:
            ap = min(cap, expected_roll(initiative_spec(state, hero)))
            dealt += damage * max(1, int(ap // max(1, cost)))
    return dealt > max(monster_wound(state, monster, hero) for hero in heroes)


def _known_ranges(hero: HeroState, monster: Any) -> tuple[int, ...]:
    """``ranges_against``, remembered on the hero under a key of everything ``attack_problem``,
    ``hurts`` and ``attack_range`` read (the bots ask it of every monster at almost every
    decision): a new read there needs its place in the key."""
    held = hero.hand_items()
    bonuses = hero.hero_bonuses
    # list comprehensions, not generators: the key is built on every call
    key = (hero.can_act, tuple(hero.attributes.items()), "extra_damage" in bonuses, "double_range" in bonuses,
           tuple([(id(i.card), i.damaged) for i in held]), tuple([(id(i.card), i.damaged) for i in hero.body_items]),
           tuple([(id(i.card), i.damaged) for i in hero.belt]),
           id(monster.monster), id(monster.card), tuple([id(m) for m in monster.modifications]), monster.defeated)
    known = hero._usable_ranges
    if known is None:
        known = hero._usable_ranges = {}
    found = known.get(key)
    if found is None:
        found = known[key] = tuple(_ranges(hero, monster))  # a value: copies of the game share it
    return found


def _ranges(hero: HeroState, monster: Any) -> list[int]:
    return [max(1, hero.attack_range(profile)) for _, profile, _ in _hurting_attacks(hero, monster)]


def _hurting_attacks(hero: HeroState, monster: Any) -> Iterator[tuple[Any, Any, bool]]:
    """``(item, profile, from_belt)`` of every attack of the hero's cards in hand, body and Belt
    it may make against ``monster`` (ignoring range and sight) whose hit gets past its armor
    (``hurts``), in the order of its cards and their profiles."""
    for item in hero.hand_items() + hero.body_items + hero.belt:
        from_belt = hero.location(item) == "belt"
        for profile in item.card.attacks:
            if attack_problem(hero, item, profile, monster, from_belt=from_belt) is None and hurts(hero, profile,
                                                                                                  monster):
                yield item, profile, from_belt


def best_expected_damage(hero: HeroState, monster: Any) -> tuple[float, int]:
    """``(expected HP, AP cost)`` of the hero's attack expected to take the most HP from ``monster``
    among those that hurt it (``_hurting_attacks``; ``odds.expected_damage``); ``(0.0, 0)`` when
    none does."""
    best = (0.0, 0)
    for item, profile, from_belt in _hurting_attacks(hero, monster):
        damage = expected_damage(hero, item, profile, monster)
        if damage > best[0]:
            best = (damage, hero.use_cost(item, profile, from_belt=from_belt))
    return best


def hurts(hero: HeroState, profile: Any, monster: Any) -> bool:
    """Whether a hit with ``profile`` gets past ``monster``'s Armor Rating without a critical
    step (10 points above the defense: chapter *Critical Rolls and Fumbles*). An attack only
    criticals get through with is no way to defeat a monster: measured over the shipped
    scenarios (4 heroes, 200 runs each), a party that leaves such attacks alone and goes on with
    the scenario wins more (Alchemist's Fuse 70% -> 81%, Sunken Reliquary 36% -> 41%)."""
    return hit_damage(hero, profile, monster) > armor_against(profile, monster)
