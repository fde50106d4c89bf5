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
reference engine and says so (``MatrixResult.fallbacks``, the report's "played on the
reference engine" lines).

A closed world: the loop declares what it models. ``PROFILE_COVERAGE`` classifies every
field of the engine's ``AbilityProfile`` (``modelled`` by the loop, ``asked`` of the
engine functions the loop consults, ``inert`` in the reference duel, or ``refused``: any
value but the default is left to the reference engine), and ``BEHAVIOUR_FIELDS`` every
monster behaviour by the profile fields it sets (read from each behaviour's module). A monster
whose profile has a field or whose ability has a behaviour that neither names (one added later), a ``refused`` field
off its default, or a duel that breaks an ``inert`` field's premise (one hero, one
monster figure, no map, Phases F and G off) is ``Unsupported``: a new behaviour can
never act on the reference engine and silently not in the published duel numbers.
``tests/test_fastduel.py`` fails when the profile or the vocabulary gains an entry
these tables do not classify.
"""

from __future__ import annotations

import dataclasses
import random
from _random import Random as _CRandom
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from doria_forge.engine import phases
from doria_forge.engine.abilities import AbilityProfile, rule_for_type
from doria_forge.engine.actions import Attack, EndTurn, Repair, UseItem
from doria_forge.engine.board import NoMap
from doria_forge.engine.combat import (
    DefaultDefense,
    armor_against,
    armor_candidates,
    attack_extra_dice,
    attack_pp_cost,
    defense_options,
    hit_damage,
)
from doria_forge.engine.dice import AverageDice, DiceSpec, parse_dice
from doria_forge.engine.game import GameState
from doria_forge.engine.monster_ai import monster_dice
from doria_forge.engine.state import D
from doria_forge.model.pack import ContentPack
from doria_forge.model.words.behaviours import BEHAVIOURS

from .bots import greedy_bot
from .duel import ENDED_BY, DuelResult, duel_state

__all__ = ["BEHAVIOUR_FIELDS", "PROFILE_COVERAGE", "DuelOutcome", "FastDuel", "MonsterTraits", "Unsupported",
           "monster_traits"]

# random.Random(seed) seeds through this C method; calling it directly skips a Python wrapper
_seed = _CRandom.seed

# kinds of hero operations (first element of an op tuple)
_ATTACK, _USE, _REPAIR, _END = 0, 1, 2, 3

DuelOutcome = tuple[bool, int, int, int, str]
"""(hero won, rounds, hero HP lost, monster HP lost, reference outcome) of one duel."""

MODELLED, ASKED, INERT, REFUSED = "modelled", "asked", "inert", "refused"

PROFILE_COVERAGE: dict[str, tuple[str, str]] = {
    "id": (INERT, "a name for event logs and notes"),
    "max_targets": (MODELLED, "the one hero is hit by any pattern of one target or more; none is refused"),
    "element": (ASKED, "the monster's damage element chooses the armor (engine.combat.armor_candidates)"),
    "poison_on_hit": (MODELLED, "Poison Markers on any hit"),
    "poison_on_wound": (MODELLED, "Poison Markers on a hit that costs HP"),
    "heals_by_wound": (MODELLED, "the monster regains the HP its hit took"),
    "damages_hand_items": (MODELLED, "a hit damages the cards in the hero's hands"),
    "extra_activation_on_wound": (MODELLED, "one more activation after a wound"),
    "pair_activation": (INERT, "a second monster of the type follows it; a duel has one monster"),
    "immune_to_ranged": (ASKED, "the engine's attack check forbids the attack, so the bot never chooses it"),
    "hurt_only_by_magic": (ASKED, "the engine's attack check forbids the attack, so the bot never chooses it"),
    "magic_items_ineffective": (MODELLED, "the hero's magic bonuses, defense and armor are read without magic cards"),
    "targeting": (INERT, "whom among the heroes: a duel has one"),
    "pattern": (INERT, "how many heroes one roll hits: a duel has one"),
    "chain_range": (INERT, "a chain to other heroes: a duel has one"),
    "line_length": (INERT, "other heroes on the line: a duel has one"),
    "adjacent_extra": (INERT, "heroes next to the target: a duel has one"),
    "flying": (INERT, "movement on the map: a duel has no map"),
    "through_walls": (INERT, "movement on the map: a duel has no map"),
    "free_attack": (INERT, "strikes a hero ending a move next to it: the loop refuses every move"),
    "raises_in_phase_f": (INERT, "Phase F is off in a duel"),
    "summons": (INERT, "Phase F is off in a duel"),
    "auras": (INERT, "strengthens the other monsters: a duel has one monster figure"),
    "defeat_damage": (REFUSED, "the explosion as the monster falls is not played"),
    "figures_per_card": (INERT, "a duel places one figure of the monster"),
}
"""Every ``AbilityProfile`` field: (how the fast loop covers it, why). ``modelled``: the loop
plays its value; ``asked``: the engine functions the loop asks once per situation apply it;
``inert``: it cannot act in the reference duel (the premises ``_duel_premises`` checks);
``refused``: a value other than the profile's default makes the matchup ``Unsupported``."""

BEHAVIOUR_FIELDS: dict[str, tuple[str, ...]] = {word.tag(): tuple(word.sets) for word in BEHAVIOURS}
"""Every monster behaviour (``model.words.behaviours``) by the ``AbilityProfile`` fields it
declares it sets (its ``sets``; ``tests/test_words_registry.py`` checks them against what its
``fold`` writes): a behaviour acts through those fields only, so the fields' coverage is the
behaviour's. Read from the registry, so a new behaviour is classified by its own module: one
that writes a field ``PROFILE_COVERAGE`` does not name is refused by :func:`uncovered`."""


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


def uncovered(profile: AbilityProfile, behaviours: Iterable[object] = ()) -> str | None:
    """Why the fast loop cannot play a monster with this ``profile`` and ``behaviours``
    (see ``PROFILE_COVERAGE`` and ``BEHAVIOUR_FIELDS``), or ``None`` when it can."""
    for behaviour in behaviours:
        tag = getattr(behaviour, "behaviour", None)
        fields = BEHAVIOUR_FIELDS.get(str(tag))
        if fields is None:
            return f"the behaviour {tag!r}, which the fast path does not classify"
        unknown = [f for f in fields if f not in PROFILE_COVERAGE]
        if unknown:
            return f"the behaviour {tag!r} sets {unknown[0]!r}, which the fast path does not classify"
    for field in dataclasses.fields(profile):
        coverage = PROFILE_COVERAGE.get(field.name)
        if coverage is None:
            return f"the ability field {field.name!r}, which the fast path does not classify"
        value = getattr(profile, field.name)
        if coverage[0] == REFUSED and value != field.default:
            return f"{field.name} {value!r}: {coverage[1]}"
    return None


def _duel_premises(state: GameState) -> str | None:
    """Why ``state`` is not the duel whose ``inert`` profile fields cannot act (one hero,
    one monster figure, no map, Phases F and G off, Phase E on), or ``None``."""
    options = state.options
    if len(state.heroes) != 1 or len(state.monsters) != 1:
        return "a duel of more than one hero or monster figure"
    if type(state.board) is not NoMap:
        return "a duel on a map"
    if options.special or options.doom or not options.poison:
        return "a duel with Phase F or G on, or Phase E off"
    return None


@dataclass(slots=True)
class _Fight:
    """The numbers one duel changes as it is played (HP, PP, Poison Markers, Damaged
    cards as bits of ``mask``, AP left this round, the outcome once there is one)."""

    hp: int
    pp: int
    mhp: int
    poison: int = 0
    mask: int = 0
    m_poison: int = 0
    m_disarmed: int = 0
    ap: int = 0
    outcome: str | None = None


def _spec(text_or_spec: str | DiceSpec) -> tuple[int, int]:
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
        self._hero = state.heroes[0]
        self._monster = state.monsters[0]
        traits = monster_traits(pack, monster_id)
        if traits.max_targets is not None and traits.max_targets < 1:
            raise Unsupported(f"{monster_id} attacks no hero ({traits.max_targets} targets)")
        why = _duel_premises(state) or uncovered(rule_for_type(pack.monsters[monster_id]),
                                                 pack.monsters[monster_id].behaviours)
        if why is not None:
            raise Unsupported(f"{monster_id}: {why}")
        self._set_up_hero(state, max_rounds)
        self._set_up_monster(state, traits)
        self._set_up_choices()
        self._hero_ops = (self._hero_attack, self._hero_use, self._hero_repair, self._hero_end)
        self._rng = random.Random()

    def _set_up_hero(self, state: GameState, max_rounds: int) -> None:
        """The hero's cards (fresh), HP, PP, initiative dice and poison check."""
        hero, monster, rules = self._hero, self._monster, state.pack.rules
        if type(state.defense_policy) is not DefaultDefense:
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

    def _set_up_monster(self, state: GameState, traits: MonsterTraits) -> None:
        """The monster's HP, AP, attack, damage, the traits the loop plays, and the hero's
        defense bonus and hand cards against it."""
        hero, monster = self._hero, self._monster
        self.mummy = traits.magic_items_ineffective
        self.mhp0 = monster.hp_max
        self.m_ap = monster.action_points
        self.m_attack = _spec(monster.attack)
        self.m_damage = monster.damage
        self.m_magic = monster.attack_type == "magic"
        self.m_element = monster.damage_element
        self.m_traits = traits
        hand_mask = 0
        for item in hero.hand_items():
            hand_mask |= self._bit[id(item)]
        self.hand_mask = hand_mask
        self.hand_damage = hand_mask if traits.damages_hand_items else 0
        self.def_bonus = hero.bonus("psi_resistance" if self.m_magic else "defense", exclude_magic=self.mummy)
        mdice = monster_dice(state)
        # the optional rule solo_average_monster_dice: every monster die shows this value
        self.average = mdice.value if isinstance(mdice, AverageDice) else None

    def _set_up_choices(self) -> None:
        """The Psi Point thresholds the bot's choices look at, and the AP beyond which AP
        no longer changes a score (the dearest attack, repaired or not, from anywhere)."""
        hero = self._hero
        pp_costs: set[int] = set()
        ap_costs = [1]
        for item in self._items:
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
    def _oracle_state(pack: ContentPack, character_id: str, monster_id: str, level: int,
                      max_rounds: int) -> GameState:
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

    def play_raw(self, seed: int) -> DuelOutcome:
        """``play`` as a plain tuple (hero_won, rounds, hero HP lost, monster HP lost,
        reference outcome)."""
        return self.play_many((seed,))[0]

    def play_many(self, seeds: Iterable[int]) -> list[DuelOutcome]:
        """``play_raw`` for each of ``seeds``, in order (the loop set up once for all).

        Each duel draws from a generator seeded as ``random.Random(seed)``, the reference
        ``DiceRoller``'s, one draw per die face in the reference's order (``_roll``)."""
        rng = self._rng
        out = []
        for seed in seeds:
            _seed(rng, seed)  # as random.Random(seed): the reference DiceRoller's generator
            out.append(self._play_duel(rng.random))
        return out

    def generator_state(self) -> object:
        """The dice generator's state after the last duel played (``random.Random.getstate``):
        equal to the reference ``DiceRoller.getstate()`` after the same duel exactly when both
        drew the same number of faces (the differential cross-check compares them)."""
        return self._rng.getstate()

    def _play_duel(self, rnd: Callable[[], float]) -> DuelOutcome:
        """One duel from a freshly seeded generator: rounds until an outcome or the round limit."""
        fight = _Fight(self.hp0, self.pp0, self.mhp0)
        rounds = 0
        while fight.outcome is None:
            if rounds >= self.max_rounds:
                fight.outcome = "round_limit"
                break
            rounds += 1
            fight.ap = self._initiative(fight, rnd)
            self._action_phase(fight, rnd)
            if fight.outcome is None:
                self._poison_phase(fight, rnd)
                self._check_end(fight)
        return (fight.outcome == "monsters_defeated", rounds, self.hp0 - fight.hp, self.mhp0 - fight.mhp,
                fight.outcome)

    def _initiative(self, fight: _Fight, rnd: Callable[[], float]) -> int:
        """Phase C: the hero's AP (solo: never unconscious; fewer dice with negative HP or PP)."""
        count = self.init_neg if (fight.hp < 0 or fight.pp < 0) else self.init_pos
        total = self.init_bonus + _roll(rnd, count)[0]
        return total if total < self.init_cap else self.init_cap

    def _action_phase(self, fight: _Fight, rnd: Callable[[], float]) -> None:
        """Phase D: the highest marker acts, the hero before the monster on a tie; the
        monster activates once, at its AP value."""
        m_ap = self.m_ap
        activated = False
        while fight.outcome is None:
            if fight.ap >= 1 and (activated or m_ap < 1 or fight.ap >= m_ap):
                op = self._hero_choice(fight)
                self._hero_ops[op[0]](fight, op, rnd)
            elif not activated and m_ap >= 1:
                activated = True
                self._monster_activation(fight, rnd)
            else:
                break

    def _hero_choice(self, fight: _Fight) -> tuple:
        """The op the bot chooses in this situation (asked once per situation, see ``_decide``)."""
        ppk = 0
        for cost in self.pp_costs:
            if fight.pp >= cost:
                ppk += 1
        ap = fight.ap
        key = (ap if ap < self.ap_key_cap else self.ap_key_cap, fight.hp <= self.hp_low, fight.poison >= 2,
               fight.mask, fight.m_disarmed, ppk)
        op = self._ops.get(key)
        if op is None:
            op = self._decide(key, ap, fight.hp, fight.pp, fight.poison, fight.mask, fight.m_disarmed)
        return op

    def _hero_attack(self, fight: _Fight, op: tuple, rnd: Callable[[], float]) -> None:
        """An attack: the hero's roll, the monster's defense, a Fumble damaging the card, the wound."""
        (_, bit, count, bonus, pp_cost, ap_cost, dcount, dbonus, damage, armor,
         poison_markers, _immobilize, disarm) = op
        if pp_cost > 0:
            fight.pp -= pp_cost
        faces, ones = _roll(rnd, count)
        attack = bonus + faces
        defense, dones = self._monster_roll(rnd, dcount, dbonus)
        fight.ap -= ap_cost
        if ones >= 2:
            fight.mask |= bit  # a Fumble damages the card and misses
        else:
            steps = _hit_steps(attack, defense, dones)
            if steps >= 0:
                wound = damage + steps - armor
                if wound > 0:
                    fight.mhp -= wound
                    if fight.mhp > 0 and poison_markers:
                        fight.m_poison += poison_markers
                if fight.mhp > 0 and disarm:
                    fight.m_disarmed = 1
        self._check_end(fight)

    def _hero_use(self, fight: _Fight, op: tuple, rnd: Callable[[], float]) -> None:
        """A card used on the hero: a Target Number check, its Psi Points, its healing."""
        (_, ap_cost, pp_cost, has_tn, attrs, tn, heal_hp, heal_pp, remove) = op
        success = True
        if has_tn:
            faces, ones = _roll(rnd, 2)
            total = attrs + faces
            success = total >= tn and ones < 2
            if success:
                pp_cost = max(0, pp_cost - (total - tn) // 10)
        if pp_cost > 0:
            fight.pp -= pp_cost
        # death is checked when the PP are paid, before any healing
        dead = fight.hp <= self.death or fight.pp <= self.death
        if success:
            if heal_hp > 0:
                fight.hp = max(fight.hp, min(fight.hp + heal_hp, self.hp0))
            if heal_pp > 0:
                fight.pp = max(fight.pp, min(fight.pp + heal_pp, self.pp0))
            if remove:
                fight.poison -= fight.poison if remove < 0 else min(remove, fight.poison)
        fight.ap -= ap_cost
        if dead:
            fight.outcome = "hero_died"

    def _hero_repair(self, fight: _Fight, op: tuple, rnd: Callable[[], float]) -> None:
        """A repair: the card's Damaged marker goes, its AP are paid."""
        fight.mask &= ~op[1]
        fight.ap -= op[2]

    def _hero_end(self, fight: _Fight, op: tuple, rnd: Callable[[], float]) -> None:
        """The hero ends the turn: no AP left."""
        fight.ap = 0

    def _monster_activation(self, fight: _Fight, rnd: Callable[[], float]) -> None:
        """The monster's activation; with ``extra_activation_on_wound`` a wound earns one more."""
        wound = self._monster_attack(fight, rnd)
        if wound > 0 and self.m_traits.extra_activation_on_wound and fight.outcome is None:
            self._monster_attack(fight, rnd)

    def _monster_attack(self, fight: _Fight, rnd: Callable[[], float]) -> int:
        """One attack of the monster (one die less while Disarmed) against the hero's
        defense, Psi Points added to a psi resistance, armor; returns the HP wound (0: none)."""
        m_count, m_bonus = self.m_attack
        count = m_count - fight.m_disarmed if m_count - fight.m_disarmed > 1 else 1
        attack, ones = self._monster_roll(rnd, count, m_bonus)
        if ones >= 2:
            return 0  # an attack Fumble misses
        dcount, dbonus, dbit = self._defense.get(fight.mask) or self._defense_for(fight.mask)
        dfaces, dones = _roll(rnd, dcount)
        defense = dbonus + dfaces
        if self.m_magic and dones < 2 and defense <= attack and attack - defense + 1 <= fight.pp:
            added = attack - defense + 1  # Psi Points added to the psi resistance
            fight.pp -= added
            defense += added
        if dones >= 2:
            fight.mask |= dbit
        steps = _hit_steps(attack, defense, dones)
        if steps < 0:
            return 0
        return self._wound_hero(fight, self.m_damage + steps)

    def _monster_roll(self, rnd: Callable[[], float], count: int, bonus: int) -> tuple[int, int]:
        """A roll of the monster's own dice (attack, defense, psi resistance): (total, first faces
        of 1). With the optional rule ``solo_average_monster_dice`` every die shows ``average``
        and nothing is drawn (no Fumble, no explosion)."""
        if self.average is not None:
            return self.average * count + bonus, 0
        faces, ones = _roll(rnd, count)
        return bonus + faces, ones

    def _wound_hero(self, fight: _Fight, damage: int) -> int:
        """A monster's hit of ``damage``: hand cards damaged, armor absorbing, HP lost,
        Poison Markers, the monster's drain; returns the HP wound."""
        traits = self.m_traits
        fight.mask |= self.hand_damage
        wound = 0
        if damage > 0:
            abit, rating = self._armor.get(fight.mask) or self._armor_for(fight.mask)
            absorbed = rating if rating < damage else damage
            if absorbed > 0:
                fight.mask |= abit
            wound = damage - absorbed
            if wound > 0:
                fight.hp -= wound
        fight.poison += traits.poison_on_hit
        if wound > 0:
            fight.poison += traits.poison_on_wound
            if traits.heals_by_wound:
                fight.mhp += wound
            if fight.hp <= self.death:
                fight.outcome = "hero_died"
        return wound

    def _poison_phase(self, fight: _Fight, rnd: Callable[[], float]) -> None:
        """Phase E: the hero's poison check and loss, then the monster's Poison Markers."""
        if fight.poison > 0:
            faces, ones = _roll(rnd, 2)
            total = self.poison_attrs + faces
            tn = self.poison_tn
            if total >= tn and ones < 2:
                fight.poison = max(0, fight.poison - 1 - (total - tn) // 10)
            else:
                fight.poison += ((tn - total) // 10 if total < tn else 0) + (1 if ones >= 2 else 0)
            if fight.poison > 0:
                fight.hp -= fight.poison
        if fight.m_poison > 0:
            fight.mhp -= fight.m_poison

    def _check_end(self, fight: _Fight) -> None:
        """The hero dies at the death threshold of HP or PP; the monster falls at 0 HP."""
        if fight.hp <= self.death or fight.pp <= self.death:
            fight.outcome = "hero_died"
        elif fight.mhp <= 0:
            fight.outcome = "monsters_defeated"


def _roll(rnd: Callable[[], float], count: int) -> tuple[int, int]:
    """``count`` exploding D10s drawn as the engine's ``DiceRoller.roll`` draws them: one
    generator draw per face (``int(random() * 10) + 1``), a 0 face (10) rolls again and adds.
    Returns (the faces' sum, how many first faces were 1s: two or more are a Fumble)."""
    total = count  # each face is counted as face - 1 below
    ones = 0
    for _ in range(count):
        face = int(rnd() * 10.0)  # face - 1: 0 is a one, 9 the exploding 0 face
        if face == 0:
            ones += 1
        elif face == 9:
            total += 9
            face = int(rnd() * 10.0)
            while face == 9:
                total += 10
                face = int(rnd() * 10.0)
            total += face + 1
            continue
        total += face
    return total, ones


def _hit_steps(attack: int, defense: int, defense_ones: int) -> int:
    """Steps of 10 by which an attack beats a defense (chapter *Attack*): -1 for a miss; a
    defense Fumble (two or more 1s) lets any attack hit with one step more."""
    if defense_ones >= 2:
        return 1 + ((attack - defense) // 10 if attack > defense else 0)
    if attack >= defense:
        return (attack - defense) // 10
    return -1
