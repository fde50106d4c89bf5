"""A monster during a game: its Monster Level Card, Monster Modifications and current values.

Implements the Book of Rules chapters *Getting Hit and Armor Rating* (monster armor,
never damaged), *Additional Card Properties* (Disarmed, Immobilized) and *Hero and
Monster Level* (a level up changes current HP and AR by the difference only; above
level 4 the level-4 card plus ``rules.monster_level_above_max_hp`` HP per level).
Monster Modification ``modifiers`` are flat changes (dice bonus, points).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from doria_forge.model.boss import Boss
from doria_forge.model.common import DiceSpec
from doria_forge.model.monster import LevelStats, MonsterLevel, MonsterModification, MonsterTraits
from doria_forge.model.pack import ContentPack
from doria_forge.model.rules import Rules

from .abilities import rule_for
from .copying import DROP, copy_by_plan, flat, share
from .dice import parse_dice
from .events import EventLog

_uid_counter = itertools.count(1)


def _card_level(level: int, rules: Rules) -> int:
    return min(level, rules.max_monster_level_card)


COPY_PLAN = {
    "uid": share, "monster": share, "level": share, "card": share, "rules": share, "modifications": share,
    "hp": share, "poison_markers": share, "disarmed": share, "immobilized": share, "defeated": share,
    "data": flat, "_profile_cache": share, "_spec_cache": share, "_mod_cache": DROP,
}
"""How ``MonsterState.__deepcopy__`` copies each attribute (``engine.copying``); others are deep-copied."""


@dataclass(eq=False)
class MonsterState:
    """A monster on the board (mutable).

    ``level`` is the Monster Level (1 or more), ``card`` the Monster Level Card in
    use (the level-4 card above 4), ``modifications`` the attached Monster
    Modification cards, ``hp`` current Hit Points, ``extra_hp`` the HP granted above
    the last card. Statuses: ``poison_markers``, ``disarmed`` (one die less on every
    roll, only once), ``immobilized`` (it does not move in its next activation, which ends the
    status: ``monster_ai.activate_monster``), ``defeated`` (HP 0 or less).
    """

    uid: str
    monster: MonsterTraits
    level: int
    card: LevelStats
    rules: Rules
    modifications: tuple[MonsterModification, ...] = ()
    hp: int = 0
    poison_markers: int = 0
    disarmed: bool = False
    immobilized: bool = False
    defeated: bool = False
    data: dict = field(default_factory=dict)
    """Free slot for the flow engine (position, activation bookkeeping)."""
    # What is remembered of the documents (``_mod``, ``_specs``, ``abilities.rule_for``), declared so
    # that nothing sets it through the monster's ``__dict__``: asking an object for its ``__dict__``
    # moves its attributes out of Python 3.11's compact storage, and every later read of that
    # monster takes about twice the time (issue 20).
    _mod_cache: tuple | None = field(default=None, init=False, repr=False)
    _spec_cache: tuple | None = field(default=None, init=False, repr=False)
    _profile_cache: tuple | None = field(default=None, init=False, repr=False)

    def __deepcopy__(self, memo: dict) -> MonsterState:
        """A deep copy (``engine.copying``): the monster's documents and its caches of them
        (tuples of frozen values) shared, ``data`` a new dict of its plain values; any other
        attribute deep-copied."""
        return copy_by_plan(self, memo, COPY_PLAN)

    @classmethod
    def from_pack(
        cls,
        pack: ContentPack,
        monster_id: str,
        level: int,
        modifications: Sequence[MonsterModification | str] = (),
        uid: str | None = None,
    ) -> MonsterState:
        """A fresh monster of type ``monster_id`` at Monster Level ``level`` (>= 1) with
        ``modifications`` (cards or their ids), at full HP.

        Raises ``KeyError`` for an unknown monster, modification or missing level card,
        ``ValueError`` for a level below 1.
        """
        if level < 1:
            raise ValueError(f"Monster Level {level} is below 1")
        monster = pack.monsters[monster_id]
        rules = pack.rules
        card = pack.level_card(monster_id, _card_level(level, rules))
        mods = tuple(pack.modifications[m] if isinstance(m, str) else m for m in modifications)
        return cls.create(monster, card, rules, level=level, modifications=mods, uid=uid)

    @classmethod
    @classmethod
    def from_boss(cls, pack: ContentPack, boss_id: str, level: int, uid: str | None = None) -> MonsterState:
        """The Boss Monster ``boss_id`` at Monster Level ``level`` (its card's row, the
        level-4 row above 4), at full HP. Raises ``KeyError`` for an unknown boss or a
        missing row, ``ValueError`` for a level below 1."""
        if level < 1:
            raise ValueError(f"Monster Level {level} is below 1")
        boss = pack.documents["boss"][boss_id] if "boss" in pack.documents else None
        if not isinstance(boss, Boss):
            raise KeyError(f"no Boss Monster {boss_id!r}")
        return cls.create(boss, boss.level(_card_level(level, pack.rules)), pack.rules, level=level, uid=uid)

    @classmethod
    def create(
        cls,
        monster: MonsterTraits,
        card: LevelStats,
        rules: Rules,
        *,
        level: int | None = None,
        modifications: Sequence[MonsterModification] = (),
        uid: str | None = None,
    ) -> MonsterState:
        """A fresh monster from model objects (no pack needed; for tests and tools).
        ``level`` defaults to the card's level. Raises ``ValueError`` if the card is
        another monster's."""
        if isinstance(card, MonsterLevel) and card.monster != monster.id:
            raise ValueError(f"level card {card.id} belongs to {card.monster}, not {monster.id}")
        state = cls(
            uid=uid or f"{monster.id}-{next(_uid_counter)}",
            monster=monster,
            level=level or card.level,
            card=card,
            rules=rules,
            modifications=tuple(modifications),
        )
        state.hp = state.hp_max
        return state

    # ---------------------------------------------------------------- effective values
    def _mod(self, name: str) -> int:
        """The modifications' ``modifiers.name`` summed, remembered per name until
        ``modifications`` is replaced (a tuple of frozen cards: its identity is the key, as for
        ``_specs``; AP and AR are read many times a turn)."""
        mods = self.modifications
        if not mods:
            return 0
        cached = self._mod_cache
        if cached is None or cached[0] is not mods:
            if type(mods) is not tuple:  # a list could change in place: not remembered
                return sum(getattr(m.modifiers, name) for m in mods)
            cached = self._mod_cache = (mods, {})
        sums: dict[str, int] = cached[1]
        found = sums.get(name)
        if found is None:
            found = sums[name] = sum(getattr(m.modifiers, name) for m in mods)
        return found

    def _specs(self) -> tuple[DiceSpec, DiceSpec, DiceSpec]:
        """(attack, defense, psi resistance) of the current card and modifications,
        remembered until ``card`` or ``modifications`` is replaced (both are frozen
        values, so their identity is the cache key; no mutation path can be missed)."""
        card, mods = self.card, self.modifications
        cached = self._spec_cache
        if cached is not None and cached[0] is card and cached[1] is mods:
            return cached[2]
        specs = (self._spec(card.attack, "attack"), self._spec(card.defense, "defense"),
                 self._spec(card.psi_resistance, "psi_resistance"))
        if type(mods) is tuple:  # a list could change in place: not remembered
            self._spec_cache = (card, mods, specs)
        return specs

    def _spec(self, text: str, name: str) -> DiceSpec:
        spec = parse_dice(text)
        mod = self._mod(name)
        return DiceSpec(spec.count, spec.bonus + mod) if mod else spec

    @property
    def extra_hp(self) -> int:
        """HP for Monster Levels above the last card (``rules.monster_level_above_max_hp`` each)."""
        above = max(0, self.level - self.rules.max_monster_level_card)
        return above * self.rules.monster_level_above_max_hp

    @property
    def attack(self) -> DiceSpec:
        """Attack dice incl. modification modifiers (Disarmed is applied when rolling)."""
        return self._specs()[0]

    @property
    def defense(self) -> DiceSpec:
        """Defense dice against melee and ranged attacks incl. modification modifiers."""
        return self._specs()[1]

    @property
    def psi_resistance(self) -> DiceSpec:
        """Psi resistance dice against magic attacks incl. modification modifiers."""
        return self._specs()[2]

    @property
    def damage(self) -> int:
        """Damage (HP) a hit deals before critical steps and armor."""
        return self.card.damage + self._mod("damage")

    @property
    def hp_max(self) -> int:
        """Maximum HP: level card + modifications + ``extra_hp`` above the last card."""
        return self.card.hit_points + self._mod("hit_points") + self.extra_hp

    @property
    def armor_rating(self) -> int:
        """Points every hit's damage must exceed; never damaged."""
        return max(0, self.card.armor_rating + self._mod("armor_rating"))

    @property
    def action_points(self) -> int:
        """Squares it may move before attacking; also its place on the Initiative Board."""
        return self.monster.action_points + self._mod("action_points")

    @property
    def priority(self) -> str:
        """Letter A-D ordering monsters of the same initiative (A first)."""
        return self.monster.priority

    @property
    def attack_type(self) -> str:
        """``melee``, ``ranged`` or ``magic``: a monster has exactly one (chapter *Monster attack*)."""
        return self.monster.attack_type

    @property
    def range(self) -> int:
        """Attack range in squares (orthogonal), used after moving."""
        return self.monster.range

    @property
    def vulnerability(self) -> str | None:
        """Element its armor does not stop (ignored, FAQ, while its AR is 0)."""
        return self.monster.vulnerability

    @property
    def damage_element(self) -> str | None:
        """Element of its attacks (``fire``/``water``/``earth``/``air``) or ``None``.

        Order (FAQ *There seem to be conflicting rules with some cards*: monster abilities
        on the Monster Level Cards come before monster modifications): the monster card's
        ``damage_element``, else the first ``damage_element`` behaviour of its ability, then
        of its modifications in order. So a Fire Creature Troll still deals earth damage."""
        return self.monster.damage_element or rule_for(self).element

    @property
    def is_boss(self) -> bool:
        """A Boss Monster (its numbers are rows of its own card)."""
        return isinstance(self.monster, Boss)

    @property
    def ability_id(self) -> str | None:
        """Id of the monster type's ability (a name; its behaviours say what it does) or ``None``."""
        return self.monster.ability.id if self.monster.ability else None

    def has(self, flag: str) -> bool:
        """Whether the monster type has ``flag`` (``undead``, ``immune_to_ranged``...)."""
        return self.monster.has(flag)

    @property
    def dice_penalty(self) -> int:
        """Dice less on every roll: 1 when Disarmed."""
        return 1 if self.disarmed else 0

    # ---------------------------------------------------------------- changes
    def set_level(self, new_level: int, pack: ContentPack | None = None, log: EventLog | None = None) -> None:
        """Move to Monster Level ``new_level`` (chapter *Hero and Monster Level*): attack,
        defense, psi resistance and damage take the new card at once; current HP change
        only by the difference of the maximum HP (AR is read from the card, so it changes
        by its difference). Above the last card the level-4 card stays and each level adds
        ``rules.monster_level_above_max_hp`` HP. ``pack`` is needed when the card changes.

        Raises ``ValueError`` for a level below 1, ``KeyError`` when the pack lacks the card.
        """
        if new_level < 1:
            raise ValueError(f"Monster Level {new_level} is below 1")
        old_max, old_ar = self.hp_max, self.armor_rating
        target = _card_level(new_level, self.rules)
        if target != self.card.level:
            if pack is None and not isinstance(self.monster, Boss):
                raise ValueError("set_level needs the pack to change the Monster Level Card")
            self.card = (self.monster.level(target) if isinstance(self.monster, Boss)
                         else pack.level_card(self.monster.id, target))  # type: ignore[union-attr]
        self.level = new_level
        self.hp += self.hp_max - old_max
        if log is not None:
            log.emit("monster_level", self.uid, level=new_level, hp=self.hp,
                     hp_change=self.hp_max - old_max, ar_change=self.armor_rating - old_ar)

    def take_damage(self, amount: int, log: EventLog | None = None, *, source: str | None = None) -> int:
        """Lose ``amount`` HP (already reduced by armor); defeated at 0 HP or less.
        Returns the HP lost."""
        if amount <= 0 or self.defeated:
            return 0
        self.hp -= amount
        if log is not None:
            log.emit("monster_hp_lost", self.uid, amount=amount, hp=self.hp, source=source)
        if self.hp <= 0:
            self.defeated = True
            if log is not None:
                log.emit("monster_defeated", self.uid, by=source)
        return amount

    def heal(self, amount: int, *, cap: bool = True) -> int:
        """Regain ``amount`` HP (the vampire's bite: ``cap=False``, above its maximum)."""
        if amount <= 0 or self.defeated:
            return 0
        new = self.hp + amount
        if cap:
            new = max(self.hp, min(new, self.hp_max))
        gained, self.hp = new - self.hp, new
        return gained

    def __repr__(self) -> str:
        return f"MonsterState({self.uid!r}, L{self.level}, hp={self.hp}/{self.hp_max})"
