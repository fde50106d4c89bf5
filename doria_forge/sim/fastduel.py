"""The fast duel path: the verification duel of ``sim.duel`` played by one plain-Python
loop over a handful of integers instead of the general engine's object graph.

It plays exactly the reference duel (``sim.duel.run_duel`` with ``greedy_bot``): the
same rules in the same order, drawing the same dice faces from the same seeded
generator, so a duel played here gives the same ``DuelResult`` as the reference for
the same seed. What it does not re-derive, it asks the reference once per matchup:

- the hero's and monster's values (HP, IP, dice, Armor Rating, AP costs, where each
  card sits) come from the engine's own ``GameState`` of the duel (``duel_state``)
  and its calculated-value and combat functions;
- the hero's choices come from ``greedy_bot`` itself: the first time the duel reaches
  a situation (AP left, which cards are damaged, low HP, two or more Poison Markers,
  Psi Points below a spell's cost, the monster Disarmed), the bot is asked on a
  ``GameState`` set to that situation and its answer is remembered;
- the monster's ability reaches the loop through one small adapter, ``monster_traits``.

What the loop cannot express raises :class:`Unsupported` (a hero action that moves
cards between places, a consumed potion, a hero bonus it does not model, a defense
policy other than the default...); ``sim.matrix`` then plays that matchup on the
reference engine and says so.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from dataclasses import dataclass

from doria_forge.engine import phases
from doria_forge.engine.abilities import rule_for_type
from doria_forge.engine.actions import Attack, EndTurn, Repair, UseItem
from doria_forge.engine.combat import (
    DefaultDefense,
    armor_against,
    armor_candidates,
    attack_extra_dice,
    attack_pp_cost,
    defense_options,
    hit_damage,
)
from doria_forge.engine.dice import parse_dice
from doria_forge.engine.monster_ai import monster_dice
from doria_forge.engine.state import D
from doria_forge.model.pack import ContentPack

from .bots import greedy_bot
from .duel import ENDED_BY, DuelResult, duel_state

__all__ = ["FastDuel", "MonsterTraits", "Unsupported", "monster_traits"]

# random.Random(seed) seeds through this C method; calling it directly skips a Python wrapper
_seed = _CRandom.seed

# kinds of hero operations (first element of an op tuple)
_ATTACK, _USE, _REPAIR, _END = 0, 1, 2, 3


class Unsupported(Exception):
    """The fast path cannot play this matchup (the message says why); play it on the reference engine."""


@dataclass(frozen=True, slots=True)
class MonsterTraits:
    """What a monster's ability changes in a duel, as the fast loop reads it.

    ``poison_on_hit`` / ``poison_on_wound``: Poison Markers a hit (any hit / a hit that
    cost HP) puts on the hero; ``heals_by_wound``: the monster regains the HP it took,
    above its maximum; ``damages_hand_items``: a hit damages the cards in the hero's
    hands; ``extra_activation_on_wound``: one more activation after a wound;
    ``magic_items_ineffective``: magic non-spell cards do not work against it;
    ``max_targets``: heroes one attack may hit (``None``: all); ``defeat_damage``: HP its
    explosion deals as it falls (the loop does not play it: such a matchup is
    ``Unsupported``).
    """

    poison_on_hit: int
    poison_on_wound: int
    heals_by_wound: bool
    damages_hand_items: bool
    extra_activation_on_wound: bool
    magic_items_ineffective: bool
    max_targets: int | None
    defeat_damage: int = 0


def monster_traits(pack: ContentPack, monster_id: str) -> MonsterTraits:
    """The one place the fast path reads a monster's behaviours: the engine's own profile
    of them (``engine.abilities.rule_for_type``: the ability's behaviours and those its
    flags switch on), so both paths read the content the same way. Raises KeyError for an
    unknown monster."""
    rule = rule_for_type(pack.monsters[monster_id])
    return MonsterTraits(
        poison_on_hit=rule.poison_on_hit,
        poison_on_wound=rule.poison_on_wound,
        heals_by_wound=rule.heals_by_wound,
        damages_hand_items=rule.damages_hand_items,
        extra_activation_on_wound=rule.extra_activation_on_wound,
        magic_items_ineffective=rule.magic_items_ineffective,
        max_targets=rule.max_targets,
        defeat_damage=rule.defeat_damage,
    )


def _spec(text_or_spec) -> tuple[int, int]:
    spec = parse_dice(text_or_spec) if isinstance(text_or_spec, str) else text_or_spec
    return spec.count, spec.bonus


class FastDuel:
    """The duels of one matchup (hero ``character_id`` against ``monster_id`` at Monster
    Level ``level``) on the fast path. ``play(seed)`` returns the same ``DuelResult`` as
    ``sim.duel.run_duel(pack, character_id, monster_id, level, seed)``.

    Raises :class:`Unsupported` (at construction or, for a hero choice the loop cannot
    play, during ``play``) and KeyError for an unknown hero or monster.
    """

    def __init__(self, pack: ContentPack, character_id: str, monster_id: str, level: int,
                 *, max_rounds: int = 30) -> None:
        self.key = (character_id, monster_id, level)
        state = self._oracle_state(pack, character_id, monster_id, level, max_rounds)
        self._state = state
        hero = self._hero = state.heroes[0]
        monster = self._monster = state.monsters[0]
        rules = pack.rules
        traits = monster_traits(pack, monster_id)
        if traits.max_targets is not None and traits.max_targets < 1:
            raise Unsupported(f"{monster_id} attacks no hero ({traits.max_targets} targets)")
        if traits.defeat_damage:
            raise Unsupported(f"{monster_id} explodes when defeated")
        policy = state.defense_policy
        if type(policy) is not DefaultDefense:
            raise Unsupported("a defense policy other than the default")
        if hero.disarmed or hero.unconscious or hero.has_bonus("extra_defense_die"):
            raise Unsupported("a Disarmed hero or the hero bonus Extra Defense Die")
        # A fresh hero and monster (the oracle state may have played up to the hero's first decision).
        items = self._items = hero.all_items()
        if len(items) > 20:
            raise Unsupported("more than 20 cards")
        for item in items:
            item.damaged = False
        hero.hp, hero.pp, hero.poison_markers = hero.hp_max, hero.pp_max, 0
        monster.hp, monster.disarmed, monster.poison_markers = monster.hp_max, False, 0
        self._bit = {id(item): 1 << i for i, item in enumerate(items)}
        self._by_uid = {item.uid: item for item in items}

        self.mummy = traits.magic_items_ineffective
        self.hp0, self.pp0, self.hp_low = hero.hp_max, hero.pp_max, max(1, hero.hp_max // 3)
        self.ip = hero.ip
        pos = phases.initiative_spec(state, hero)
        hero.hp = -1
        neg = phases.initiative_spec(state, hero)
        hero.hp = hero.hp_max
        if pos.bonus != neg.bonus:
            raise Unsupported("an initiative bonus that depends on HP or PP")
        self.init_pos, self.init_neg, self.init_bonus = pos.count, neg.count, pos.bonus
        self.init_cap = rules.initiative_cap
        self.death = rules.death_threshold
        self.max_rounds = max_rounds
        self.poison_tn = rules.poison_tn_base + rules.poison_tn_per_ml * state.monster_level
        self.poison_attrs = hero.attribute("CON") + hero.attribute("WIS")

        self.mhp0 = monster.hp_max
        self.m_ap = monster.action_points
        self.m_attack = _spec(monster.attack)
        self.m_damage = monster.damage
        self.m_magic = monster.attack_type == "magic"
        self.m_element = monster.damage_element
        self.m_traits = traits
        self.hand_mask = 0
        for item in hero.hand_items():
            self.hand_mask |= self._bit[id(item)]
        self.def_bonus = hero.bonus("psi_resistance" if self.m_magic else "defense", exclude_magic=self.mummy)
        mdice = monster_dice(state)
        self.average = getattr(mdice, "value", None) if mdice is not state.dice else None

        # Psi Point thresholds the bot's choices look at, and the AP beyond which
        # AP no longer changes a score (the dearest attack, repaired or not, from anywhere).
        pp_costs, ap_costs = set(), [1]
        for item in items:
            if item.is_spell and item.card.effect is not None and item.card.pp:
                pp_costs.add(item.card.pp)  # the bot casts a healing spell only with the PP for it
            for profile in item.card.attacks:
                if attack_pp_cost(item, profile):
                    pp_costs.add(attack_pp_cost(item, profile))
                for from_belt in (False, True):
                    try:
                        ap_costs.append(hero.use_cost(item, profile, from_belt=from_belt))
                    except Exception:  # noqa: BLE001 - not usable from there: no score to bound
                        pass
        self.pp_costs = tuple(sorted(pp_costs))
        self.ap_key_cap = max(ap_costs)
        self._ops: dict[tuple, tuple] = {}
        self._defense: dict[int, tuple[int, int, int]] = {}
        self._armor: dict[int, tuple[int, int]] = {}

    # ------------------------------------------------------------------ the reference, asked once
    @staticmethod
    def _oracle_state(pack, character_id, monster_id, level, max_rounds):
        """A reference ``GameState`` of this duel at a hero decision in Phase D."""
        for seed in range(64):
            state = duel_state(pack, character_id, monster_id, level, seed, max_rounds=max_rounds)
            if (state.outcome is None and state.phase == D and len(state.heroes) == 1
                    and len(state.monsters) == 1 and state.current_actor() == state.heroes[0].uid):
                return state
        raise Unsupported("no reference duel state reaches a hero decision")

    def _set_damaged(self, mask: int) -> None:
        for i, item in enumerate(self._items):
            item.damaged = bool(mask >> i & 1)

    def _decide(self, key: tuple, ap: int, hp: int, pp: int, poison: int, mask: int, disarmed: int) -> tuple:
        """Ask ``greedy_bot`` what the hero does in this situation; returns the op tuple."""
        state, hero, monster = self._state, self._hero, self._monster
        self._set_damaged(mask)
        hero.hp, hero.pp, hero.poison_markers = hp, pp, poison
        monster.disarmed = bool(disarmed)
        state.ap[hero.uid] = ap
        action = greedy_bot(state)
        items = self._by_uid
        op: tuple
        if type(action) is Attack:
            item = items[action.item_uid]
            if action.psi_spend:
                raise Unsupported("an attack spending extra Psi Points")
            profile = item.card.attacks[action.profile_index]
            count, bonus = _spec(profile.dice)
            count = max(1, count + attack_extra_dice(hero, profile.attack_type))
            bonus += hero.bonus(profile.attack_type, exclude_magic=self.mummy)
            dcount, dbonus = _spec(monster.psi_resistance if profile.attack_type == "magic" else monster.defense)
            op = (_ATTACK, self._bit[id(item)], count, bonus, attack_pp_cost(item, profile),
                  hero.use_cost(item, profile, from_belt=action.from_belt), max(1, dcount - monster.dice_penalty),
                  dbonus, hit_damage(hero, profile, monster), armor_against(profile, monster),
                  profile.poison_markers, profile.immobilize, profile.disarm)
        elif type(action) is UseItem:
            item = items[action.item_uid]
            card, effect = item.card, item.card.effect
            if action.target_uid not in (None, hero.uid) or effect is None or effect.consumed:
                raise Unsupported(f"using {card.id} (consumed, or on another character)")
            tn = card.tn_check
            op = (_USE, hero.use_cost(item, None, from_belt=action.from_belt),
                  (card.pp or 0) if item.is_spell else 0,
                  tn is not None, hero.attribute(tn.attributes[0]) + hero.attribute(tn.attributes[1]) if tn else 0,
                  tn.target_number - hero.bonus("target_number") if tn else 0,
                  effect.heal_hp, effect.heal_pp, -1 if effect.remove_poison == "all" else effect.remove_poison)
        elif type(action) is Repair and len(action.item_uids) == 1:
            item = items[action.item_uids[0]]
            op = (_REPAIR, self._bit[id(item)], hero.repair_cost([item]))
        elif type(action) is EndTurn:
            op = (_END,)
        else:
            raise Unsupported(f"the hero's choice {type(action).__name__}")
        self._ops[key] = op
        return op

    def _defense_for(self, mask: int) -> tuple[int, int, int]:
        """(dice, bonus, card bit or 0) of the hero's defense against the monster's attack."""
        hero, monster = self._hero, self._monster
        self._set_damaged(mask)
        attack_type = monster.attack_type
        options = defense_options(hero, attack_type, monster)
        choice = self._state.defense_policy.choose_defense(hero, monster, attack_type, options)
        spec = next(s for i, s in options if i is choice)
        out = (max(1, spec.count), spec.bonus + self.def_bonus, self._bit[id(choice)] if choice is not None else 0)
        self._defense[mask] = out
        return out

    def _armor_for(self, mask: int) -> tuple[int, int]:
        """(card bit, Armor Rating) of the armor card that takes a hit, or (0, 0)."""
        hero = self._hero
        self._set_damaged(mask)
        candidates = armor_candidates(hero, self.m_element, ignore_magic_armor=self.mummy)
        armor = self._state.defense_policy.choose_armor(hero, candidates, 1, self.m_element) if candidates else None
        out = (self._bit[id(armor)], armor.armor_rating) if armor is not None else (0, 0)
        self._armor[mask] = out
        return out

    # ------------------------------------------------------------------ the loop
    def play(self, seed: int) -> DuelResult:
        """One duel with dice ``seed`` (see the class docstring)."""
        won, rounds, hero_lost, monster_lost, ended = self.play_raw(seed)
        return DuelResult(won, rounds, hero_lost, monster_lost, ENDED_BY[ended])

    def play_raw(self, seed: int) -> tuple[bool, int, int, int, str]:
        """``play`` as a plain tuple (hero_won, rounds, hero HP lost, monster HP lost,
        reference outcome)."""
        return self.play_many((seed,))[0]

    def play_many(self, seeds) -> list[tuple[bool, int, int, int, str]]:
        """``play_raw`` for each of ``seeds``, in order (the loop set up once for all).

        Every roll is written out where it happens, on purpose: a function call per roll
        (some thirty a duel) costs more than a tenth of this loop's time. Each follows the
        engine's ``DiceRoller.roll``: one generator draw per face, a 0 face (10) rolls
        again and adds, a Fumble is two or more first faces of 1."""
        rng = random.Random()
        rnd = rng.random
        out = []
        ops, defense, armor_of = self._ops, self._defense, self._armor
        hp_low, pp_costs, ap_cap = self.hp_low, self.pp_costs, self.ap_key_cap
        death, cap, m_ap = self.death, self.init_cap, self.m_ap
        m_count, m_bonus = self.m_attack
        m_damage, m_magic = self.m_damage, self.m_magic
        traits = self.m_traits
        poison_on_hit, poison_on_wound = traits.poison_on_hit, traits.poison_on_wound
        heals, chains = traits.heals_by_wound, traits.extra_activation_on_wound
        hand_damage = self.hand_mask if traits.damages_hand_items else 0
        init_neg, init_pos, init_bonus = self.init_neg, self.init_pos, self.init_bonus
        max_rounds, poison_attrs, poison_tn = self.max_rounds, self.poison_attrs, self.poison_tn
        average = self.average
        _int = int
        mhp0 = self.mhp0
        for seed in seeds:
            _seed(rng, seed)  # as random.Random(seed): the reference DiceRoller's generator
            hp = self.hp0
            hp_max, pp_max = self.hp0, self.pp0
            pp = self.pp0
            poison = mask = 0
            mhp = self.mhp0
            m_poison = m_disarmed = 0
            rounds = 0
            outcome = None
            while outcome is None:
                if rounds >= max_rounds:
                    outcome = "round_limit"
                    break
                rounds += 1
                # Phase C: initiative (solo: never unconscious, no negative HP/PP subtracted)
                n = init_neg if (hp < 0 or pp < 0) else init_pos
                total = 0.0  # the faces less one each, as floats: no int() per face
                for _ in range(n):
                    f = rnd() * 10.0 // 1.0  # face - 1: 0 is a one, 9 the exploding 0 face
                    total += f
                    while f == 9.0:
                        f = rnd() * 10.0 // 1.0
                        total += f + 1.0
                total = init_bonus + n + _int(total)
                ap = total if total < cap else cap
                activated = False
                # Phase D: the highest marker acts; the hero before the monster on a tie
                while True:
                    if ap >= 1 and (activated or m_ap < 1 or ap >= m_ap):
                        ppk = 0
                        for c in pp_costs:
                            if pp >= c:
                                ppk += 1
                        key = (ap if ap < ap_cap else ap_cap, hp <= hp_low, poison >= 2, mask, m_disarmed, ppk)
                        op = ops.get(key)
                        if op is None:
                            op = self._decide(key, ap, hp, pp, poison, mask, m_disarmed)
                        kind = op[0]
                        if kind == _ATTACK:
                            (_, bit, count, bonus, pp_cost, ap_cost, dcount, dbonus, damage, armor,
                             poison_markers, _immobilize, disarm) = op
                            if pp_cost > 0:
                                pp -= pp_cost
                            # attack roll
                            attack = 0.0
                            ones = 0
                            for _ in range(count):
                                f = rnd() * 10.0 // 1.0
                                if f == 0.0:
                                    ones += 1
                                attack += f
                                while f == 9.0:
                                    f = rnd() * 10.0 // 1.0
                                    attack += f + 1.0
                            attack = bonus + count + _int(attack)
                            # the monster's defense
                            if average is None:
                                dtotal = 0.0
                                dones = 0
                                for _ in range(dcount):
                                    f = rnd() * 10.0 // 1.0
                                    if f == 0.0:
                                        dones += 1
                                    dtotal += f
                                    while f == 9.0:
                                        f = rnd() * 10.0 // 1.0
                                        dtotal += f + 1.0
                                dtotal = dbonus + dcount + _int(dtotal)
                            else:
                                dtotal, dones = average * dcount + dbonus, 0
                            ap -= ap_cost
                            if ones >= 2:
                                mask |= bit  # a Fumble damages the card and misses
                            else:
                                if dones >= 2:
                                    steps = 1 + ((attack - dtotal) // 10 if attack > dtotal else 0)
                                elif attack >= dtotal:
                                    steps = (attack - dtotal) // 10
                                else:
                                    steps = -1
                                if steps >= 0:
                                    wound = damage + steps - armor
                                    if wound > 0:
                                        mhp -= wound
                                        if mhp > 0:
                                            if poison_markers:
                                                m_poison += poison_markers
                                            if disarm:
                                                m_disarmed = 1
                                    elif mhp > 0 and disarm:
                                        m_disarmed = 1
                            if hp <= death or pp <= death:
                                outcome = "hero_died"
                            elif mhp <= 0:
                                outcome = "monsters_defeated"
                            if outcome is not None:
                                break
                        elif kind == _USE:
                            (_, ap_cost, pp_cost, has_tn, attrs, tn, heal_hp, heal_pp, remove) = op
                            success = True
                            if has_tn:
                                total = 0.0
                                ones = 0
                                for _ in range(2):
                                    f = rnd() * 10.0 // 1.0
                                    if f == 0.0:
                                        ones += 1
                                    total += f
                                    while f == 9.0:
                                        f = rnd() * 10.0 // 1.0
                                        total += f + 1.0
                                total = attrs + 2 + _int(total)
                                success = total >= tn and ones < 2
                                if success:
                                    pp_cost = max(0, pp_cost - (total - tn) // 10)
                            if pp_cost > 0:
                                pp -= pp_cost
                            # death is checked when the PP are paid, before any healing
                            dead = hp <= death or pp <= death
                            if success:
                                if heal_hp > 0:
                                    hp = max(hp, min(hp + heal_hp, hp_max))
                                if heal_pp > 0:
                                    pp = max(pp, min(pp + heal_pp, pp_max))
                                if remove:
                                    poison -= poison if remove < 0 else min(remove, poison)
                            ap -= ap_cost
                            if dead:
                                outcome = "hero_died"
                                break
                        elif kind == _REPAIR:
                            mask &= ~op[1]
                            ap -= op[2]
                        else:
                            ap = 0
                    elif not activated and m_ap >= 1:
                        activated = True
                        for activation in (0, 1):
                            # the monster's attack roll (one die less while Disarmed)
                            count = m_count - m_disarmed if m_count - m_disarmed > 1 else 1
                            if average is None:
                                attack = 0.0
                                ones = 0
                                for _ in range(count):
                                    f = rnd() * 10.0 // 1.0
                                    if f == 0.0:
                                        ones += 1
                                    attack += f
                                    while f == 9.0:
                                        f = rnd() * 10.0 // 1.0
                                        attack += f + 1.0
                                attack = m_bonus + count + _int(attack)
                            else:
                                attack, ones = average * count + m_bonus, 0
                            if ones >= 2:
                                break  # an attack Fumble misses
                            dcount, dbonus, dbit = defense.get(mask) or self._defense_for(mask)
                            dtotal = 0.0
                            dones = 0
                            for _ in range(dcount):
                                f = rnd() * 10.0 // 1.0
                                if f == 0.0:
                                    dones += 1
                                dtotal += f
                                while f == 9.0:
                                    f = rnd() * 10.0 // 1.0
                                    dtotal += f + 1.0
                            dtotal = dbonus + dcount + _int(dtotal)
                            if m_magic and dones < 2 and dtotal <= attack and attack - dtotal + 1 <= pp:
                                added = attack - dtotal + 1  # Psi Points added to the psi resistance
                                pp -= added
                                dtotal += added
                            if dones >= 2:
                                mask |= dbit
                                steps = 1 + ((attack - dtotal) // 10 if attack > dtotal else 0)
                            elif attack >= dtotal:
                                steps = (attack - dtotal) // 10
                            else:
                                break
                            damage = m_damage + steps
                            mask |= hand_damage
                            wound = 0
                            if damage > 0:
                                abit, rating = armor_of.get(mask) or self._armor_for(mask)
                                absorbed = rating if rating < damage else damage
                                if absorbed > 0:
                                    mask |= abit
                                wound = damage - absorbed
                                if wound > 0:
                                    hp -= wound
                            poison += poison_on_hit
                            if wound > 0:
                                poison += poison_on_wound
                                if heals:
                                    mhp += wound
                                if hp <= death:
                                    outcome = "hero_died"
                                    break
                                if chains and not activation:
                                    continue
                            break
                        if outcome is not None:
                            break
                    else:
                        break
                if outcome is not None:
                    break
                # Phase E: poison
                if poison > 0:
                    total = 0.0
                    ones = 0
                    for _ in range(2):
                        f = rnd() * 10.0 // 1.0
                        if f == 0.0:
                            ones += 1
                        total += f
                        while f == 9.0:
                            f = rnd() * 10.0 // 1.0
                            total += f + 1.0
                    total = poison_attrs + 2 + _int(total)
                    tn = poison_tn
                    if total >= tn and ones < 2:
                        poison = max(0, poison - 1 - (total - tn) // 10)
                    else:
                        poison += ((tn - total) // 10 if total < tn else 0) + (1 if ones >= 2 else 0)
                    if poison > 0:
                        hp -= poison
                if m_poison > 0:
                    mhp -= m_poison
                if hp <= death or pp <= death:
                    outcome = "hero_died"
                elif mhp <= 0:
                    outcome = "monsters_defeated"
            out.append((outcome == "monsters_defeated", rounds, hp_max - hp, mhp0 - mhp, outcome))
        return out
