"""What a hero's use of a card costs and how far it reaches (Book of Rules *Attack or Use
Items* and *Using weapons and spells from the Belt or Backpack*: the Belt adds AP, the
Backpack is not usable; *Take, Use or Repair Other Items (5 AP)*; *Repair Equipment*: one
action repairs the damaged armor of one set; *Hero and Monster Level*: the hero bonuses
*Fast Hands* and *Range x2*).

Units: costs are Action Points (AP), ranges squares (orthogonal).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from doria_forge.model.equipment import AttackProfile

from .actions import IllegalAction
from .hero_sheet import ItemInstance
from .hero_values import ValuesMixin


class CostsMixin(ValuesMixin):
    """AP costs of using, taking, retrieving and repairing cards; attack ranges (a part of
    :class:`~doria_forge.engine.hero.HeroState`)."""

    def _fast_hands(self, cost: int) -> int:
        if self.has_bonus("fast_hands"):
            cost -= self.rules.fast_hands_ap
        return max(0, cost)

    def use_cost(self, item: ItemInstance, profile: AttackProfile | None = None, *, from_belt: bool | None = None,
                 owner: HeroState | None = None) -> int:
        """AP to use ``item`` (attack ``profile``, or the card's own AP for potions and
        spells without a profile): the card AP, plus ``rules.belt_ap`` when used from the
        Belt (1-hand and body cards only). The hero bonus *Fast Hands* saves
        ``rules.fast_hands_ap`` on the use and again on reaching into the Belt ("when
        retrieving an item from the Belt or Backpack"), each part never below 0: the same
        two savings as using a friend's item (card AP - 3 + 4 - 3 from one's own Belt).
        ``from_belt=None`` means "where the card is".

        ``owner``: another character who carries ``item`` (chapter *Take, Use or Repair
        Other Items (5 AP)*): the card is taken from wherever it is (Body, Belt or
        Backpack) and used in the same action for ``take_cost()`` + the card AP (each
        part with its *Fast Hands* saving: 2 + card AP - 3); ``from_belt`` is ignored.
        ``owner`` equal to this hero is the same as no owner.

        Raises ``IllegalAction`` for a 2-hands card on the Belt, a card in the Backpack
        (chapter *Using weapons and spells from the Belt or Backpack*), a card this hero
        does not carry (without ``owner``) or ``owner`` does not carry.
        """
        if owner is not None and owner is not self:
            if owner.location(item) is None:
                raise IllegalAction(f"{owner.uid} does not carry {item.uid}")
            cost = profile.ap if profile is not None else (item.card.ap or 0)
            return self._fast_hands(cost) + self.take_cost()
        location = self.location(item)
        if location is None:
            raise IllegalAction(f"{self.uid} does not carry {item.uid}")
        if from_belt is None:
            from_belt = location == "belt"
        if location == "backpack":
            raise IllegalAction(f"{item.name} is in the Backpack and must be taken out first")
        cost = self._fast_hands(profile.ap if profile is not None else (item.card.ap or 0))
        if from_belt:
            if item.hands == 2:
                raise IllegalAction(f"{item.name} needs 2 hands and cannot be used from the Belt")
            cost += self._fast_hands(self.rules.belt_ap)
        return cost

    def take_cost(self) -> int:
        """AP for this hero to take any item from another character within range 1
        (chapter *Take, Use or Repair Other Items (5 AP)*): ``rules.take_item_ap`` (5),
        wherever the item is; with *Fast Hands* 3 less ("reaching into another player's
        Backpack costs only 2 Action Points instead of 5"). Range and the other's consent
        are the caller's."""
        return self._fast_hands(self.rules.take_item_ap)

    def retrieve_cost(self, item: ItemInstance) -> int:
        """AP to take ``item`` into the hands or onto the body: ``rules.belt_ap`` from the
        Belt, ``rules.backpack_ap`` from the Backpack (ends the action), 0 when already
        equipped; *Fast Hands* saves ``rules.fast_hands_ap``."""
        location = self.location(item)
        if location == "belt":
            return self._fast_hands(self.rules.belt_ap)
        if location == "backpack":
            return self._fast_hands(self.rules.backpack_ap)
        return 0

    def repair_cost(self, items: Iterable[ItemInstance], *, owner: HeroState | None = None) -> int:
        """AP to repair ``items`` in one action (chapter *Repair Equipment*).

        One card: its AP. Several cards: they must all be damaged armor of the same set
        (``category``) on the Body or the Belt; the cost is the highest AP among them.
        ``rules.belt_ap`` is added once if any of them is on the Belt. A card in the
        Backpack can only be repaired alone. *Fast Hands* saves ``rules.fast_hands_ap`` on
        the repair and again on the Belt part.

        ``owner``: another character who carries the cards (chapter *Take, Use or Repair
        Other Items (5 AP)*: "5 Action Points are added to the repair cost, but the item
        stays with the original owner"): + ``take_cost()`` (2 with *Fast Hands*), the same
        Belt/Backpack rules applied to the owner's places.

        Raises ``IllegalAction`` for a mixed set, an undamaged card, a Backpack card in a
        set, or a card the owner (this hero by default) does not carry.
        """
        holder = owner if owner is not None else self
        items = list(items)
        if not items:
            raise IllegalAction("nothing to repair")
        for item in items:
            if not item.damaged:
                raise IllegalAction(f"{item.name} is not damaged")
            if holder.location(item) is None:
                raise IllegalAction(f"{holder.uid} does not carry {item.uid}")
        if len(items) > 1:
            sets = {i.card.category for i in items}
            if len(sets) != 1 or None in sets or not all(i.card.card_type == "armor" for i in items):
                raise IllegalAction("only armor of one set can be repaired together")
            if any(holder.location(i) == "backpack" for i in items):
                raise IllegalAction("armor in the Backpack must be repaired separately")
        cost = self._fast_hands(max(i.card.ap or 0 for i in items))
        if any(holder.location(i) == "belt" for i in items):
            cost += self._fast_hands(self.rules.belt_ap)
        if holder is not self:
            cost += self.take_cost()
        return cost

    def repair_groups(self) -> list[list[ItemInstance]]:
        """The cheapest way to group the damaged cards into repair actions: damaged armor
        of one set on the Body/Belt together, every other damaged card alone."""
        groups: dict[str, list[ItemInstance]] = {}
        singles: list[list[ItemInstance]] = []
        for item in self.all_items():
            if not item.damaged:
                continue
            set_name = item.card.category
            if item.card.card_type == "armor" and set_name and self.location(item) != "backpack":
                groups.setdefault(set_name, []).append(item)
            else:
                singles.append([item])
        return list(groups.values()) + singles

    def attack_range(self, profile: AttackProfile | None, item: ItemInstance | None = None) -> int:
        """Range in squares (orthogonal) of ``profile`` (or, with ``profile=None``, of
        ``item``'s card for non-attack use; no range printed = 0): doubled with the hero
        bonus *Range x2* (chapter *Hero and Monster Level*). Only a *spell* of range 0
        becomes 1 with it ("Spells with range 0 ... may be cast using the bonus within
        range 1"); any other range 0 stays 0. Without ``item`` a range-0 magic profile
        counts as a spell."""
        rng = profile.range if profile is not None else ((item.card.range or 0) if item else 0)
        if self.has_bonus("double_range"):
            if rng == 0:
                spell = item.is_spell if item is not None else (profile is not None and profile.attack_type == "magic")
                return 1 if spell else 0
            return rng * 2
        return rng


if TYPE_CHECKING:  # pragma: no cover
    # ``owner`` (another character who carries the item) is any hero: every HeroState is a
    # CostsMixin, and naming this part keeps hero_costs from importing hero, which is
    # composed of it (the engine's modules import each other one way only)
    HeroState = CostsMixin
