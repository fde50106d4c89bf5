"""Putting cards on and taking them off (Book of Rules *Equipping Cards*: a card goes to its
place on the Body Zone, the cards in the way to the Belt or Backpack; *Requirements of
Equipment Cards*; *Character Mat & Character Sheet*: a full Belt spills into the Backpack;
*Additional Card Properties*: HP/PP bonuses change the current values with the maxima).

Costs in Action Points are the callers' (``hero_costs``); these methods only move cards and
raise ``IllegalAction`` for a move the rules do not allow.
"""

from __future__ import annotations

from doria_forge.model.equipment import AttackProfile, Equipment

from .actions import IllegalAction
from .hero_sheet import BODY_ZONES, ItemInstance
from .hero_values import ValuesMixin


class EquippingMixin(ValuesMixin):
    """Equipping, unequipping and moving cards between the Body, the Belt and the Backpack
    (a part of :class:`~doria_forge.engine.hero.HeroState`)."""

    def meets_requirements(self, card: Equipment, profile: AttackProfile | None = None) -> bool:
        """Whether every attribute is at least the card's (or the profile's own) requirement
        (chapter *Requirements of Equipment Cards*: "the same or more level points"). Potions
        have none: "every character can use them", so a potion card is always met, whatever
        requirement its document names."""
        reqs = profile.requirements if profile is not None and profile.requirements else card.requirements
        attributes = self.attributes
        for a, v in reqs.items():
            if attributes.get(a, 0) < v:
                # the card type read only here, on a failed requirement: every bot decision asks
                return card.card_type == "potion"
        return True

    def can_equip(self, card: Equipment) -> bool:
        """Whether the hero may put ``card`` on the Body Zone at all: requirements met, and for
        an accessory a rules document that gives accessory slots (``accessory_slots: 0`` leaves
        none). (Whether a place is free right now: ``free_slot``.)"""
        return self.meets_requirements(card) and (card.zone != "accessory" or bool(self.accessory))

    def free_slot(self, card: Equipment) -> str | int | None:
        """A free place for ``card``: ``"hands"`` (1-hand: a free hand, 2-hands: both free),
        a zone name, an accessory slot index, ``"body"``; ``None`` when occupied."""
        zone = card.zone
        if zone == "1_hand":
            return "hands" if None in self.hands else None
        if zone == "2_hands":
            return "hands" if self.hands == [None, None] else None
        if zone in BODY_ZONES:
            return zone if self.zones[zone] is None else None
        if zone == "accessory":
            for i, slot in enumerate(self.accessory):
                if slot is None:
                    return i
            return None
        return "body"

    def equip(self, item: ItemInstance, *, displace: str | None = None) -> None:
        """Put ``item`` (carried or new) on the Body Zone. Its place must be free, unless
        ``displace`` is ``"belt"`` or ``"backpack"``: then the cards in the way go there
        (Belt when full: Backpack). Current HP/PP change with the maxima (equipment
        HP/PP bonuses affect current and maximum values).

        Raises ``IllegalAction`` when the requirements are not met or the place is taken.
        Costs (AP) are the caller's: see ``retrieve_cost``.
        """
        card = item.card
        if not self.can_equip(card):
            raise IllegalAction(f"{self.uid} does not meet the requirements of {card.name}")
        before = (self.hp_max, self.pp_max)
        location = self.location(item)
        if location is not None:
            self._remove(item)
        if self.free_slot(card) is None:
            if displace is None:
                if location is not None:
                    self._put_back(item, location)
                raise IllegalAction(f"no free place for {card.name} ({card.zone})")
            for blocker in self._blockers(card):
                self._remove(blocker)
                self._stow(blocker, displace)
        if item.hands:
            self._place_in_hands(item)
        else:
            self._place_body(item)
        self._after_change(before)

    def _blockers(self, card: Equipment) -> list[ItemInstance]:
        zone = card.zone
        if zone == "1_hand":
            held = self.hands[1]
            return [held] if held is not None else []
        if zone == "2_hands":
            return self.hand_items()
        if zone in BODY_ZONES:
            worn = self.zones[zone]
            return [worn] if worn is not None else []
        if zone == "accessory":
            last = self.accessory[-1]
            return [last] if last is not None else []
        return []

    def _stow(self, item: ItemInstance, where: str) -> None:
        if where == "belt" and len(self.belt) < self.belt_capacity:
            self.belt.append(item)
        else:
            self.backpack.append(item)

    def _put_back(self, item: ItemInstance, location: str) -> None:
        if location == "belt":
            self.belt.append(item)
        elif location == "backpack":
            self.backpack.append(item)
        elif location == "hands":
            self._place_in_hands(item)
        else:
            self._place_body(item)

    def _place_in_hands(self, item: ItemInstance) -> None:
        if item.hands == 2:
            self.hands = [item, item]
        else:
            self.hands[self.hands.index(None)] = item

    def _place_body(self, item: ItemInstance) -> None:
        zone = item.card.zone
        if zone in BODY_ZONES:
            self.zones[zone] = item
        elif zone == "accessory":
            self.accessory[self.accessory.index(None)] = item
        elif zone == "body":
            self.body_items.append(item)
        else:
            self._place_in_hands(item)

    def _remove(self, item: ItemInstance) -> str:
        """Take ``item`` off wherever it is; returns its former location. Raises KeyError."""
        location = self.location(item)
        if location is None:
            raise KeyError(f"{self.uid} does not carry {item.uid}")
        if location == "hands":
            self.hands = [None if i is item else i for i in self.hands]
        elif location in BODY_ZONES:
            self.zones[location] = None
        elif location == "accessory":
            self.accessory = [None if i is item else i for i in self.accessory]
        elif location == "body":
            self.body_items = [i for i in self.body_items if i is not item]
        elif location == "belt":
            self.belt = [i for i in self.belt if i is not item]
        else:
            self.backpack = [i for i in self.backpack if i is not item]
        return location

    def _after_change(self, before: tuple[int, int]) -> None:
        self.hp += self.hp_max - before[0]
        self.pp += self.pp_max - before[1]
        # Belt slots of a removed card: the items on it go to the Backpack
        while len(self.belt) > self.belt_capacity:
            self.backpack.append(self.belt.pop())

    def unequip(self, item: ItemInstance, to: str = "belt") -> None:
        """Take an equipped card to the Belt (Backpack when the Belt is full) or, with
        ``to="backpack"``, the Backpack. Current HP/PP follow the maxima."""
        before = (self.hp_max, self.pp_max)
        self._remove(item)
        self._stow(item, to)
        self._after_change(before)

    def move_to_belt(self, item: ItemInstance) -> None:
        """Move a carried (or new) card to the Belt. Raises ``IllegalAction`` when full."""
        before = (self.hp_max, self.pp_max)
        location = self.location(item)
        if location == "belt":
            return
        if location is not None:
            self._remove(item)
        if len(self.belt) >= self.belt_capacity:
            if location is not None:
                self._put_back(item, location)
            raise IllegalAction(f"the Belt of {self.uid} is full ({self.belt_capacity} slots)")
        self.belt.append(item)
        self._after_change(before)

    def move_to_backpack(self, item: ItemInstance) -> None:
        """Move a carried (or new) card to the Backpack (unlimited)."""
        before = (self.hp_max, self.pp_max)
        if self.location(item) is not None:
            self._remove(item)
        self.backpack.append(item)
        self._after_change(before)

    def discard(self, item: ItemInstance) -> None:
        """Remove a card from the hero (a used potion, a sold or given card)."""
        before = (self.hp_max, self.pp_max)
        self._remove(item)
        self._after_change(before)
