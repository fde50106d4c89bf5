"""A hero during a game: attributes, current values, statuses and the equipment places.

Implements the Book of Rules chapters *Preparing Characters* (custom heroes),
*Calculated Values* (HP/IP/PP, rounded down), *Character Mat & Character Sheet*
(hands, body zones, Belt, Backpack), *Equipping Cards*, *Requirements of Equipment
Cards*, *Armor Encumbrance*, *Additional Card Properties* (bonus markers, Belt
slots), *Attack or Use Items* (Belt +AP, Backpack not usable), *Repair Equipment*
(armor sets), *Hit Points, Initiative Points and Psi Points* (negative values,
initiative dice) and *Death of a Character*; the hero bonus *Fast Hands*.

Units: ``hp``/``pp`` are Hit/Psi Points, ``ip`` Initiative Points, costs are Action
Points (AP). Everything mutable lives here; the cards (``Equipment``) are frozen.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from doria_forge.model.character import Character, creation_problems
from doria_forge.model.common import ATTRIBUTES, DiceSpec
from doria_forge.model.equipment import AttackProfile, Equipment
from doria_forge.model.rules import Rules

from .actions import IllegalAction
from .dice import parse_dice
from .events import EventLog

__all__ = ["BODY_ZONES", "EXPECTED_DIE", "HeroState", "IllegalAction", "ItemInstance", "clone_hero",
           "custom_character_problems", "expected_roll", "initiative_dice", "initiative_fumble",
           "validate_custom_character"]

BODY_ZONES: tuple[str, ...] = ("head", "torso", "arms", "legs", "feet")
"""The single-card armor zones of the Body (accessories have their own two slots)."""

EXPECTED_DIE = 55 / 9
"""Expected value of one exploding D10 (a 0 counts 10 and is rolled again): 5.5 / (1 - 0.1)."""


def expected_roll(spec: DiceSpec, extra_dice: int = 0, bonus: int = 0) -> float:
    """Expected total of rolling ``spec`` with ``extra_dice`` (at least 1 die) and ``bonus``."""
    return max(1, spec.count + extra_dice) * EXPECTED_DIE + spec.bonus + bonus


@dataclass(eq=False)
class ItemInstance:
    """One physical card a hero carries. ``uid`` is unique in the game; ``damaged``
    is the Damaged marker (it stays when the card changes place or owner)."""

    card: Equipment
    uid: str
    damaged: bool = False

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def hands(self) -> int:
        """Hands the card needs: 0, 1 or 2."""
        return self.card.hands

    @property
    def armor_rating(self) -> int:
        """The card's Armor Rating (points of damage it stops, 0 without), damaged or not."""
        return self.card.armor_rating or 0

    @property
    def is_armor(self) -> bool:
        """A card with an Armor Rating (armor pieces; a shield with AR counts too)."""
        return bool(self.card.armor_rating)

    @property
    def is_spell(self) -> bool:
        """A spell card (pays its PP on every attempt; works against the Mummy)."""
        return self.card.card_type == "spell"

    def __repr__(self) -> str:
        return f"ItemInstance({self.card.id!r}, {self.uid!r}{', damaged' if self.damaged else ''})"


# --------------------------------------------------------------------------- custom heroes
def custom_character_problems(attributes: Mapping[Any, int], rules: Rules) -> list[str]:
    """Why ``attributes`` are not a legal custom hero (optional rule of *Preparing
    Characters*): all six attributes, each ``rules.attribute_min``..``attribute_max_at_creation``
    (1-13), summing to exactly ``rules.creation_points`` (50). Returns [] when legal.
    The check itself is ``model.character.creation_problems``, which validation shares."""
    return [message for _, message in creation_problems(attributes, rules)]


def validate_custom_character(attributes: Mapping[Any, int], rules: Rules) -> None:
    """Raise ``ValueError`` listing every problem of a custom hero's attributes (see
    ``custom_character_problems``)."""
    problems = custom_character_problems(attributes, rules)
    if problems:
        raise ValueError("; ".join(problems))


# --------------------------------------------------------------------------- the hero
_uid_counter = itertools.count(1)


@dataclass(eq=False)
class HeroState:
    """A hero in play (mutable).

    ``attributes`` (STR..PSI, raised by level-up), current ``hp``/``pp`` (may be
    negative), ``poison_markers``, statuses, ``hero_bonuses`` (ids of
    ``model.rules.HERO_BONUSES``), saved ``attribute_points``.

    Equipment places: ``hands`` (two slots; a 2-hands card is the same instance in
    both), ``zones`` (``head``/``torso``/``arms``/``legs``/``feet``, one armor each;
    also as properties), ``accessory`` (``rules.accessory_slots`` slots),
    ``body_items`` (zone ``body``: potions, body spells), ``belt`` (at most
    ``belt_capacity`` cards), ``backpack`` (unlimited).
    """

    uid: str
    character: Character
    rules: Rules
    attributes: dict[str, int]
    hp: int = 0
    pp: int = 0
    poison_markers: int = 0
    immobilized: bool = False
    disarmed: bool = False
    unconscious: bool = False
    dead: bool = False
    hero_bonuses: set[str] = field(default_factory=set)
    attribute_points: int = 0
    hands: list[ItemInstance | None] = field(default_factory=lambda: [None, None])
    zones: dict[str, ItemInstance | None] = field(default_factory=lambda: {z: None for z in BODY_ZONES})
    accessory: list[ItemInstance | None] = field(default_factory=list)
    body_items: list[ItemInstance] = field(default_factory=list)
    belt: list[ItemInstance] = field(default_factory=list)
    backpack: list[ItemInstance] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.accessory:
            self.accessory = [None] * self.rules.accessory_slots

    # ---------------------------------------------------------------- construction
    @classmethod
    def from_character(
        cls,
        character: Character,
        items: Iterable[Equipment],
        rules: Rules,
        uid: str | None = None,
    ) -> HeroState:
        """A fresh hero at full HP/PP carrying ``items``, laid out by ``arrange``.
        Raises ``ValueError`` if the character lacks an attribute."""
        missing = character.missing_attributes()
        if missing:
            raise ValueError(f"character {character.id} lacks attributes {missing}")
        uid = uid or f"{character.id}-{next(_uid_counter)}"
        attributes: dict[str, int] = {name: value for name, value in character.attributes.items()}
        hero = cls(uid=uid, character=character, rules=rules, attributes=attributes)
        counts: dict[str, int] = {}
        instances = []
        for card in items:
            counts[card.id] = counts.get(card.id, 0) + 1
            instances.append(ItemInstance(card, f"{uid}:{card.id}:{counts[card.id]}"))
        hero.arrange(instances)
        hero.hp = hero.hp_max
        hero.pp = hero.pp_max
        return hero

    def arrange(self, instances: list[ItemInstance]) -> None:
        """Lay out ``instances`` on an empty hero (chapter *Preparing Characters*: the
        starting cards "can be directly equipped or placed in the Belt or Backpack"): the
        best usable hand items (one 2-hands card or up to two 1-hand cards, by expected
        attack plus defense) in the hands; armor on its zone, the highest Armor Rating
        first (accessories on a free accessory slot), when the requirements are met, a
        place is free and the hero keeps 1+ Initiative Point; potions and body cards on
        the body; the rest on the Belt while there is room, then in the Backpack, in
        ``instances`` order."""
        rest: list[ItemInstance] = []
        hand_items = [i for i in instances if i.hands and self.meets_requirements(i.card)]
        rest.extend(i for i in instances if i.hands and i not in hand_items)
        chosen = self.best_hand_choice(hand_items)
        for item in chosen:
            self._place_in_hands(item)
        rest.extend(i for i in hand_items if i not in chosen)
        for item in sorted(instances, key=lambda i: -i.armor_rating):
            if item.hands:
                continue
            card = item.card
            if card.zone != "body" and self.can_equip(card) and self.free_slot(card) is not None:
                ip_before = self.ip
                self._place_body(item)
                # do not wear armor that would leave the hero without initiative
                if self.ip < 1 and self.ip < ip_before:
                    self._remove(item)
                    rest.append(item)
            elif card.zone == "body" and self.can_equip(card):
                self.body_items.append(item)
            else:
                rest.append(item)
        order = {id(item): n for n, item in enumerate(instances)}
        for item in sorted(rest, key=lambda i: order[id(i)]):
            if len(self.belt) < self.belt_capacity:
                self.belt.append(item)
            else:
                self.backpack.append(item)

    def rearrange(self) -> None:
        """Take every carried card off and lay them all out again with ``arrange`` (the
        starting cards of chapter *Preparing Characters*, before the first round)."""
        items = self.all_items()
        self.hands = [None, None]
        self.zones = {z: None for z in BODY_ZONES}
        self.accessory = [None] * self.rules.accessory_slots
        self.body_items, self.belt, self.backpack = [], [], []
        self.arrange(items)

    def best_hand_choice(self, candidates: list[ItemInstance]) -> list[ItemInstance]:
        """The hand set of best use: one attacks at a time, so a set is worth its best
        attack, plus half its best defense and a quarter of its best psi resistance."""

        def attack(item: ItemInstance) -> float:
            return max((expected_roll(parse_dice(p.dice)) + 2 * p.damage for p in item.card.attacks), default=0.0)

        def defense(item: ItemInstance, field_name: str) -> float:
            value = getattr(item.card, field_name)
            return expected_roll(parse_dice(value)) if value else 0.0

        def worth(items: tuple[ItemInstance, ...]) -> float:
            return (max(attack(i) for i in items) + 0.5 * max(defense(i, "defense") for i in items)
                    + 0.25 * max(defense(i, "psi_resistance") for i in items) + 0.01 * len(items))

        options: list[tuple[ItemInstance, ...]] = [(i,) for i in candidates]
        ones = [i for i in candidates if i.hands == 1]
        options += list(itertools.combinations(ones, 2))
        if not options:
            return []
        best: tuple[ItemInstance, ...] = max(options, key=worth)  # first best wins ties: card order
        return list(best)

    # ---------------------------------------------------------------- zone access
    @property
    def head(self) -> ItemInstance | None:
        return self.zones["head"]

    @property
    def torso(self) -> ItemInstance | None:
        return self.zones["torso"]

    @property
    def arms(self) -> ItemInstance | None:
        return self.zones["arms"]

    @property
    def legs(self) -> ItemInstance | None:
        return self.zones["legs"]

    @property
    def feet(self) -> ItemInstance | None:
        return self.zones["feet"]

    def hand_items(self) -> list[ItemInstance]:
        """The distinct cards in the hands (a 2-hands card once)."""
        out: list[ItemInstance] = []
        for item in self.hands:
            if item is not None and item not in out:
                out.append(item)
        return out

    def _equipment_cache(self) -> list:
        """``[snapshot, equipped cards, remembered totals]`` of the Body Zone.

        The snapshot is every slot's content by identity (hands, zones, accessories,
        body items), built fresh on each call; the remembered list is used only while
        the snapshot is unchanged, so any change of a place - by a method, a direct list
        or dict mutation, or replacing a list - is noticed. Totals derived from the
        cards (bonus markers, Armor Rating) live in the same entry. The Damaged marker
        changes none of them (damaged cards keep their bonuses and AR).
        """
        hands = self.hands
        snapshot = (len(hands), *hands, *self.zones.values(), *self.accessory, *self.body_items)
        cache = self.__dict__.get("_eq_cache")
        if cache is not None and cache[0] == snapshot:
            return cache
        out: list[ItemInstance] = []
        for item in hands:
            if item is not None and item not in out:
                out.append(item)
        out.extend(i for i in self.zones.values() if i is not None)
        out.extend(i for i in self.accessory if i is not None)
        out.extend(self.body_items)
        cache = self.__dict__["_eq_cache"] = [snapshot, out, {}]
        return cache

    def equipped(self) -> list[ItemInstance]:
        """Every card on the Body Zone: hands, armor zones, accessories, body items."""
        return list(self._equipment_cache()[1])

    def all_items(self) -> list[ItemInstance]:
        """Every card the hero carries (equipped, Belt, Backpack)."""
        return self.equipped() + list(self.belt) + list(self.backpack)

    def location(self, item: ItemInstance) -> str | None:
        """Where ``item`` is: ``hands``, a zone name, ``accessory``, ``body``, ``belt``,
        ``backpack``, or ``None`` when the hero does not carry it."""
        if any(i is item for i in self.hands):
            return "hands"
        for zone, i in self.zones.items():
            if i is item:
                return zone
        if any(i is item for i in self.accessory):
            return "accessory"
        if any(i is item for i in self.body_items):
            return "body"
        if any(i is item for i in self.belt):
            return "belt"
        if any(i is item for i in self.backpack):
            return "backpack"
        return None

    def is_equipped(self, item: ItemInstance) -> bool:
        """Whether ``item`` is on the Body Zone (hands, armor zones, accessories, body), not Belt/Backpack."""
        return self.location(item) not in (None, "belt", "backpack")

    def find(self, card_id: str) -> ItemInstance | None:
        """The first carried card with id ``card_id`` (equipped first), or ``None``."""
        return next((i for i in self.all_items() if i.card.id == card_id), None)

    # ---------------------------------------------------------------- values
    def attribute(self, name: str) -> int:
        """Current value of attribute ``name`` (``STR``..``PSI``); 0 when missing."""
        return self.attributes.get(name, 0)

    def bonus(self, name: str, *, exclude_magic: bool = False) -> int:
        """Sum of bonus marker ``name`` (a field of ``model.equipment.Bonuses``) over the
        equipped cards. Damaged armor keeps its bonuses (only the armor part is damaged).
        ``exclude_magic`` drops magic non-spell cards (fighting the Mummy)."""
        _, items, totals = self._equipment_cache()
        key = (name, exclude_magic)
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
        return (self.attribute("STR") + self.attribute("CON")) // 2 + self.bonus("hit_points")

    @property
    def pp_max(self) -> int:
        """(WIS+PSI)//2 plus equipment PP bonuses."""
        return (self.attribute("WIS") + self.attribute("PSI")) // 2 + self.bonus("psi_points")

    @property
    def armor_rating_worn(self) -> int:
        """Sum of the Armor Rating of every equipped card, damaged ones included."""
        _, items, totals = self._equipment_cache()
        total = totals.get("armor_rating_worn")
        if total is None:
            total = totals["armor_rating_worn"] = sum(i.armor_rating for i in items)
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

    @property
    def is_alive(self) -> bool:
        """Not dead (chapter *Death of a Character*)."""
        return not self.dead

    @property
    def can_act(self) -> bool:
        """Neither dead nor unconscious (unconscious heroes are ignored by monsters and cannot act)."""
        return not self.dead and not self.unconscious

    # ---------------------------------------------------------------- equipping
    def meets_requirements(self, card: Equipment, profile: AttackProfile | None = None) -> bool:
        """Whether every attribute is at least the card's (or the profile's own) requirement.
        Potions have none (chapter *Requirements of Equipment Cards*)."""
        reqs = profile.requirements if profile is not None and profile.requirements else card.requirements
        attributes = self.attributes
        for a, v in reqs.items():
            if attributes.get(a, 0) < v:
                return False
        return True

    def can_equip(self, card: Equipment) -> bool:
        """Whether the hero may put ``card`` on the Body Zone at all: requirements met.
        (Whether a place is free right now: ``free_slot``.)"""
        return self.meets_requirements(card)

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

    # ---------------------------------------------------------------- AP costs
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

    # ---------------------------------------------------------------- HP, PP, death
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

    # ---------------------------------------------------------------- level up
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

    # ---------------------------------------------------------------- initiative
    def initiative_dice(self) -> DiceSpec:
        """The initiative roll (chapter *Negative Hit Points or Psi Points*):
        ``rules.initiative_dice`` D10, one fewer when HP, PP or IP is negative, one more
        with *Extra Initiative Die*; plus IP minus the lower of the negative HP/PP.
        (The Mage with IP 9, -6 HP, -3 PP rolls 1D+3.) A negative IP is not subtracted again."""
        return initiative_dice(self.ip, self.hp, self.pp, self.rules, self.has_bonus("extra_initiative_die"))

    def __repr__(self) -> str:
        return f"HeroState({self.uid!r}, hp={self.hp}/{self.hp_max}, pp={self.pp}/{self.pp_max}, ip={self.ip})"


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


def initiative_fumble(roll) -> bool:
    """Whether an initiative ``Roll`` knocks the hero unconscious: two ones, or a 1 when
    rolling one die (chapter *Unconsciousness*)."""
    return roll.fumble or roll.single_one


def clone_hero(hero: HeroState, uid: str | None = None) -> HeroState:
    """A fresh copy of ``hero`` with new ``ItemInstance``s in the same places (faster
    than ``copy.deepcopy``; the cards, character and rules are shared, being frozen)."""
    mapping: dict[int, ItemInstance] = {}

    def c(item: ItemInstance) -> ItemInstance:
        new = mapping.get(id(item))
        if new is None:
            new = mapping[id(item)] = ItemInstance(item.card, item.uid, item.damaged)
        return new

    def slot(item: ItemInstance | None) -> ItemInstance | None:
        return None if item is None else c(item)

    return replace(
        hero, uid=uid or hero.uid, attributes=dict(hero.attributes), hero_bonuses=set(hero.hero_bonuses),
        hands=[slot(i) for i in hero.hands], zones={z: slot(i) for z, i in hero.zones.items()},
        accessory=[slot(i) for i in hero.accessory], body_items=[c(i) for i in hero.body_items],
        belt=[c(i) for i in hero.belt], backpack=[c(i) for i in hero.backpack],
    )
