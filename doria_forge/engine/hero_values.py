"""A hero's calculated values (Book of Rules *Calculated Values*: HP, PP and IP from the
attributes, rounded down; *Armor Encumbrance*: Armor Rating worn above STR costs Initiative
Points; *Additional Card Properties*: bonus markers and Belt slots of the equipped cards;
*Hero and Monster Level*: the hero bonuses chosen).

Units: ``hp_max``/``pp_max`` are Hit/Psi Points, ``ip`` Initiative Points (may be negative).
"""

from __future__ import annotations

from .hero_sheet import HeroSheet

_ARMOR_WORN = ("armor_rating_worn",)
"""The key of the Armor Rating worn among the remembered totals: a tuple, never a bonus name."""


class ValuesMixin(HeroSheet):
    """Attributes, bonus markers and the values calculated from them (a part of
    :class:`~doria_forge.engine.hero.HeroState`)."""

    def attribute(self, name: str) -> int:
        """Current value of attribute ``name`` (``STR``..``PSI``); 0 when missing."""
        return self.attributes.get(name, 0)

    def bonus(self, name: str, *, exclude_magic: bool = False) -> int:
        """Sum of bonus marker ``name`` (a field of ``model.equipment.Bonuses``) over the
        equipped cards. Damaged armor keeps its bonuses (only the armor part is damaged).
        ``exclude_magic`` drops magic non-spell cards (fighting the Mummy)."""
        _, items, totals = self._equipment_cache()
        # the name alone for the common question (no tuple built on every call: the bots ask
        # hp_max of every hero at almost every decision); strings are no other total's key
        key: str | tuple = (name, True) if exclude_magic else name
        total = totals.get(key)
        if total is None:
            total = 0
            for item in items:
                if exclude_magic and item.card.magic and not item.is_spell:
                    continue
                total += getattr(item.card.bonuses, name)
            totals[key] = total
        return total

    def has_bonus(self, hero_bonus: str) -> bool:
        """Whether the hero has chosen hero bonus ``hero_bonus`` (chapter *Hero and Monster Level*)."""
        return hero_bonus in self.hero_bonuses

    @property
    def hp_max(self) -> int:
        """(STR+CON)//2 plus equipment HP bonuses (chapter *Calculated Values*)."""
        # the attributes read in place (``attribute``'s own reading): the bots ask this of every
        # hero at almost every decision
        attributes = self.attributes
        return (attributes.get("STR", 0) + attributes.get("CON", 0)) // 2 + self.bonus("hit_points")

    @property
    def pp_max(self) -> int:
        """(WIS+PSI)//2 plus equipment PP bonuses."""
        attributes = self.attributes
        return (attributes.get("WIS", 0) + attributes.get("PSI", 0)) // 2 + self.bonus("psi_points")

    @property
    def armor_rating_worn(self) -> int:
        """Sum of the Armor Rating of every equipped card, damaged ones included."""
        _, items, totals = self._equipment_cache()
        total = totals.get(_ARMOR_WORN)
        if total is None:
            total = totals[_ARMOR_WORN] = sum(i.armor_rating for i in items)
        return total

    @property
    def encumbrance(self) -> int:
        """IP lost to *Armor Encumbrance*: AR worn above STR + strength bonus markers (>= 0)."""
        attributes = self.attributes
        return max(0, self.armor_rating_worn - (attributes.get("STR", 0) + self.bonus("strength")))

    @property
    def ip(self) -> int:
        """Initiative Points: (AGI+PER)//2 + equipment IP modifiers - Armor Encumbrance.
        May be negative (chapter *Negative Initiative Points*)."""
        attributes = self.attributes
        base = (attributes.get("AGI", 0) + attributes.get("PER", 0)) // 2
        return base + self.bonus("initiative_points") - self.encumbrance

    @property
    def belt_capacity(self) -> int:
        """``rules.belt_slots`` plus the Belt-slot bonuses of equipped cards."""
        return self.rules.belt_slots + self.bonus("belt_slots")
