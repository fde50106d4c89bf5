"""A hero's points in play (Book of Rules *Hit Points, Initiative Points and Psi Points*:
damage, Psi Points spent, healing, negative values; *Negative Hit Points or Psi Points*: the
initiative dice; *Death of a Character*; *Level Up*: raised attributes move the current
values with the maxima).

Units: ``hp``/``pp`` are Hit/Psi Points, ``ip`` Initiative Points.
"""

from __future__ import annotations

from doria_forge.model.common import ATTRIBUTES, DiceSpec
from doria_forge.model.rules import Rules

from .actions import IllegalAction
from .events import EventLog
from .hero_equipping import EquippingMixin


class PointsMixin(EquippingMixin):
    """Losing and regaining Hit and Psi Points, death, level-up, the initiative roll (a part
    of :class:`~doria_forge.engine.hero.HeroState`)."""

    @property
    def is_alive(self) -> bool:
        """Not dead (chapter *Death of a Character*)."""
        return not self.dead

    @property
    def can_act(self) -> bool:
        """Neither dead nor unconscious (unconscious heroes are ignored by monsters and cannot act)."""
        return not self.dead and not self.unconscious

    def take_damage(self, amount: int, log: EventLog | None = None, *, source: str | None = None) -> int:
        """Lose ``amount`` Hit Points (>= 0); the hero dies at ``rules.death_threshold``
        (-20) or below. Returns the HP lost."""
        if amount <= 0:
            return 0
        self.hp -= amount
        if log is not None:
            log.emit("hp_lost", self.uid, amount=amount, hp=self.hp, source=source)
        self.check_death(log)
        return amount

    def spend_pp(self, amount: int, log: EventLog | None = None, *, reason: str = "") -> None:
        """Pay ``amount`` Psi Points; PP may go negative, death at ``rules.death_threshold``."""
        if amount <= 0:
            return
        self.pp -= amount
        if log is not None:
            log.emit("pp_spent", self.uid, amount=amount, pp=self.pp, reason=reason)
        self.check_death(log)

    def check_death(self, log: EventLog | None = None) -> bool:
        """Mark the hero dead when HP or PP are at or below ``rules.death_threshold``
        (chapter *Death of a Character*; the scenario ends for all). Returns ``dead``."""
        if not self.dead and min(self.hp, self.pp) <= self.rules.death_threshold:
            self.dead = True
            if log is not None:
                log.emit("death", self.uid, hp=self.hp, pp=self.pp)
        return self.dead

    def heal(self, hp: int = 0, pp: int = 0, *, cap: bool = True, log: EventLog | None = None) -> tuple[int, int]:
        """Regain ``hp``/``pp`` points, by default not above ``hp_max``/``pp_max`` (a value
        already above its maximum is not lowered). Returns the points actually gained."""
        gained_hp = gained_pp = 0
        if hp > 0:
            new = self.hp + hp
            if cap:
                new = max(self.hp, min(new, self.hp_max))
            gained_hp, self.hp = new - self.hp, new
        if pp > 0:
            new = self.pp + pp
            if cap:
                new = max(self.pp, min(new, self.pp_max))
            gained_pp, self.pp = new - self.pp, new
        if log is not None and (gained_hp or gained_pp):
            log.emit("healed", self.uid, hp=gained_hp, pp=gained_pp)
        return gained_hp, gained_pp

    def set_attributes(self, log: EventLog | None = None, **values: int) -> None:
        """Set attributes (``STR=10``) and recalculate: when ``hp_max``/``pp_max`` change,
        the current values change by the same amount (chapter *Level Up*). Raises
        ``ValueError`` for an unknown attribute."""
        for name in values:
            if name not in ATTRIBUTES:
                raise ValueError(f"unknown attribute {name}")
        before = (self.hp_max, self.pp_max)
        self.attributes.update(values)
        self._after_change(before)
        if log is not None:
            log.emit("attributes_changed", self.uid, **values)

    def raise_attribute(self, name: str, points: int = 1, log: EventLog | None = None) -> None:
        """Spend ``points`` saved Attribute Points on attribute ``name`` (+1 each) and
        recalculate. Raises ``IllegalAction`` without enough saved points."""
        if points > self.attribute_points:
            raise IllegalAction(f"{self.uid} has only {self.attribute_points} Attribute Points")
        self.attribute_points -= points
        self.set_attributes(log, **{name: self.attribute(name) + points})

    def initiative_dice(self) -> DiceSpec:
        """The initiative roll (chapter *Negative Hit Points or Psi Points*):
        ``rules.initiative_dice`` D10, one fewer when HP, PP or IP is negative, one more
        with *Extra Initiative Die*; plus IP minus the lower of the negative HP/PP.
        (The Mage with IP 9, -6 HP, -3 PP rolls 1D+3.) A negative IP is not subtracted again."""
        return initiative_dice(self.ip, self.hp, self.pp, self.rules, self.has_bonus("extra_initiative_die"))


def initiative_dice(ip: int, hp: int, pp: int, rules: Rules, extra_die: bool = False) -> DiceSpec:
    """Initiative dice for a hero with ``ip`` Initiative Points and current ``hp``/``pp``:
    ``rules.initiative_dice`` dice, -1 if any of HP/PP/IP is negative, +1 for the hero bonus
    *Extra Initiative Die*; flat bonus ``ip + min(0, hp, pp)``. At least 1 die."""
    count = rules.initiative_dice
    if min(hp, pp, ip) < 0:
        count -= 1
    if extra_die:
        count += 1
    return DiceSpec(max(1, count), ip + min(0, hp, pp))
