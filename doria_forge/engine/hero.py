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

:class:`HeroState` is assembled from parts, one module a group of chapters:
``hero_sheet`` (the places and where a card is: *Character Mat & Character Sheet*),
``hero_values`` (*Calculated Values*, *Armor Encumbrance*, bonus markers),
``hero_equipping`` (*Equipping Cards*, *Requirements of Equipment Cards*), ``hero_costs``
(AP of using, taking and repairing cards, ranges; *Fast Hands*, *Range x2*) and
``hero_points`` (HP and PP lost and regained, death, level-up, the initiative dice). This
module keeps the fields, the construction and the starting layout (*Preparing
Characters*), custom heroes and copies; every name it exported before still imports from it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from doria_forge.model.character import Character, creation_problems
from doria_forge.model.common import DiceSpec
from doria_forge.model.equipment import Equipment
from doria_forge.model.rules import Rules

from .actions import IllegalAction
from .by_document import ByDocument
from .copying import DROP, copy_by_plan, each, flat, share
from .dice import Roll, parse_dice
from .hero_costs import CostsMixin
from .hero_equipping import EquippingMixin
from .hero_points import PointsMixin, initiative_dice
from .hero_sheet import BODY_ZONES, HeroSheet, ItemInstance
from .hero_values import ValuesMixin

__all__ = ["BODY_ZONES", "EXPECTED_DIE", "HeroState", "IllegalAction", "ItemInstance", "clone_hero",
           "custom_character_problems", "expected_roll", "hand_values", "initiative_dice", "initiative_fumble",
           "validate_custom_character"]

EXPECTED_DIE = 55 / 9
"""Expected value of one exploding D10 (a 0 counts 10 and is rolled again): 5.5 / (1 - 0.1)."""


def expected_roll(spec: DiceSpec, extra_dice: int = 0, bonus: int = 0) -> float:
    """Expected total of rolling ``spec`` with ``extra_dice`` (at least 1 die) and ``bonus``."""
    return max(1, spec.count + extra_dice) * EXPECTED_DIE + spec.bonus + bonus


_HAND_VALUES: ByDocument[tuple[float, float, float]] = ByDocument(4096)
"""Each Equipment document's ``hand_values``."""


def hand_values(card: Equipment) -> tuple[float, float, float]:
    """What ``card`` in the hands is worth to ``HeroState.best_hand_choice``: its best expected
    attack (the roll plus twice the damage), its expected defense and psi resistance rolls (0.0
    without). Remembered by the document (frozen once loaded): every game lays out its heroes."""
    return _HAND_VALUES.of(card, _hand_values)


def _hand_values(card: Equipment) -> tuple[float, float, float]:
    attack = max((expected_roll(parse_dice(p.dice)) + 2 * p.damage for p in card.attacks), default=0.0)
    defense, psi = (expected_roll(parse_dice(v)) if v else 0.0 for v in (card.defense, card.psi_resistance))
    return attack, defense, psi


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


COPY_PLAN = {
    "uid": share, "character": share, "rules": share, "attributes": flat, "hp": share, "pp": share,
    "poison_markers": share, "immobilized": share, "immobilized_by": share, "disarmed": share,
    "unconscious": share, "dead": share,
    "hero_bonuses": flat, "attribute_points": share, "hands": each, "zones": each, "accessory": each,
    "body_items": each, "belt": each, "backpack": each,
    "_eq_cache": DROP,  # worked out again from the copy's own items (``HeroSheet._equipment_cache``)
    "_usable_ranges": flat,  # a bot's cache (``sim.hurting``): keys of content identities, tuple values
}
"""How ``HeroState.__deepcopy__`` copies each attribute (``engine.copying``); others are deep-copied."""


@dataclass(eq=False)
class HeroState(PointsMixin, CostsMixin, EquippingMixin, ValuesMixin, HeroSheet):
    """A hero in play (mutable).

    ``attributes`` (STR..PSI, raised by level-up), current ``hp``/``pp`` (may be
    negative), ``poison_markers``, statuses (``immobilized_by``: the id of the Trap whose
    check frees an Immobilized hero in Phase F, ``engine.traps.climb_free``), ``hero_bonuses`` (ids of
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
    immobilized_by: str | None = None
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
    # Remembered answers (``HeroSheet._equipment_cache``; a bot's ``sim.hurting``), declared so that
    # nothing sets them through the hero's ``__dict__``: asking an object for its ``__dict__`` moves
    # its attributes out of Python 3.11's compact storage, and every later read of that hero takes
    # about twice the time (issue 20; ``engine.copying`` copies it attribute by attribute for the same reason).
    _eq_cache: list | None = field(default=None, init=False, repr=False)
    _usable_ranges: dict | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.accessory:
            self.accessory = [None] * self.rules.accessory_slots

    def __deepcopy__(self, memo: dict) -> HeroState:
        """A deep copy (``engine.copying``, ``COPY_PLAN``): the character and rules shared, every
        carried card a new ``ItemInstance`` (the same one wherever it lies)."""
        return copy_by_plan(self, memo, COPY_PLAN)

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
        # the IP of the layout so far, carried from one card to the next (``None``: to work out
        # again): each ``ip`` reads the equipped cards anew, and every game lays out its heroes
        ip: int | None = None
        for item in sorted(instances, key=lambda i: -i.armor_rating):
            if item.hands:
                continue
            card = item.card
            if card.zone != "body" and self.can_equip(card) and self.free_slot(card) is not None:
                ip_before = self.ip if ip is None else ip
                self._place_body(item)
                ip = self.ip
                # do not wear armor that would leave the hero without initiative
                if ip < 1 and ip < ip_before:
                    self._remove(item)
                    rest.append(item)
                    ip = ip_before
            elif card.zone == "body" and self.can_equip(card):
                self.body_items.append(item)
                ip = None  # a body card may carry an IP or strength bonus
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

        # each card's three values worked out once, not once per hand set it is in
        values = {id(i): hand_values(i.card) for i in candidates}

        def worth(items: tuple[ItemInstance, ...]) -> float:
            got = [values[id(i)] for i in items]
            return (max(v[0] for v in got) + 0.5 * max(v[1] for v in got)
                    + 0.25 * max(v[2] for v in got) + 0.01 * len(items))

        options: list[tuple[ItemInstance, ...]] = [(i,) for i in candidates]
        ones = [i for i in candidates if i.hands == 1]
        options += list(itertools.combinations(ones, 2))
        if not options:
            return []
        best: tuple[ItemInstance, ...] = max(options, key=worth)  # first best wins ties: card order
        return list(best)

    def __repr__(self) -> str:
        return f"HeroState({self.uid!r}, hp={self.hp}/{self.hp_max}, pp={self.pp}/{self.pp_max}, ip={self.ip})"


def initiative_fumble(roll: Roll) -> bool:
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
