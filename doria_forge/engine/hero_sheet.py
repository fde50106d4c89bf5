"""What a hero carries and where (Book of Rules *Character Mat & Character Sheet*: the two
hands, the Body's armor zones, accessory slots and body cards, the Belt and the Backpack;
*Equipping Cards*: a card is equipped when it is on the Body Zone).

:class:`HeroSheet` is the base of :class:`~doria_forge.engine.hero.HeroState`'s parts (the
mixins of ``hero_*``): it declares the fields of the ``HeroState`` dataclass that they read,
and answers where a card is. :class:`ItemInstance` is one physical card; ``BODY_ZONES`` the
single-card armor zones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from doria_forge.model.character import Character
from doria_forge.model.equipment import Equipment
from doria_forge.model.rules import Rules

from .copying import clone

BODY_ZONES: tuple[str, ...] = ("head", "torso", "arms", "legs", "feet")
"""The single-card armor zones of the Body (accessories have their own two slots)."""


@dataclass(eq=False)
class ItemInstance:
    """One physical card a hero carries. ``uid`` is unique in the game; ``damaged``
    is the Damaged marker (it stays when the card changes place or owner).

    The card's facts every decision asks (``hands``, ``armor_rating``, ``is_armor``,
    ``is_spell``) are read from the card document once, when the instance is made: a card
    document is frozen and an instance keeps its card, and a field of a pydantic model costs
    several times a plain attribute to read (``BaseModel.__getattr__`` keeps Python from
    specializing the read), some 700 reads a playthrough (issue 20)."""

    card: Equipment
    uid: str
    damaged: bool = False
    hands: int = field(init=False)
    """Hands the card needs: 0, 1 or 2."""
    armor_rating: int = field(init=False)
    """The card's Armor Rating (points of damage it stops, 0 without), damaged or not."""
    is_armor: bool = field(init=False)
    """A card with an Armor Rating (armor pieces; a shield with AR counts too)."""
    is_spell: bool = field(init=False)
    """A spell card (pays its PP on every attempt; works against the Mummy)."""

    def __post_init__(self) -> None:
        card = self.card
        self.hands = card.hands
        self.armor_rating = card.armor_rating or 0
        self.is_armor = bool(self.armor_rating)
        self.is_spell = card.card_type == "spell"

    @property
    def name(self) -> str:
        return self.card.name

    def __deepcopy__(self, memo: dict) -> ItemInstance:
        return clone(self, memo)  # its card document is shared, ``uid`` and ``damaged`` are values

    def __repr__(self) -> str:
        return f"ItemInstance({self.card.id!r}, {self.uid!r}{', damaged' if self.damaged else ''})"


class HeroSheet:
    """The hero's sheet and mat (fields of ``HeroState``) and where each carried card is."""

    uid: str
    character: Character
    rules: Rules
    attributes: dict[str, int]
    hp: int
    pp: int
    dead: bool
    unconscious: bool
    hero_bonuses: set[str]
    attribute_points: int
    hands: list[ItemInstance | None]
    zones: dict[str, ItemInstance | None]
    accessory: list[ItemInstance | None]
    body_items: list[ItemInstance]
    belt: list[ItemInstance]
    backpack: list[ItemInstance]
    _eq_cache: list | None

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

        The snapshot is a copy of every place (hands, zones, accessories, body items), each
        compared with the place itself on each call (cards by identity: ``ItemInstance``
        has no equality of its own); the remembered list is used only while every place
        equals its copy, so any change of a place - by a method, a direct list or dict
        mutation, or replacing a list - is noticed. Totals derived from the cards (bonus
        markers, Armor Rating) live in the same entry. The Damaged marker changes none of
        them (damaged cards keep their bonuses and AR).
        """
        hands, zones, accessory, body = self.hands, self.zones, self.accessory, self.body_items
        cache = self._eq_cache
        if cache is not None:
            seen = cache[0]
            # four comparisons of a place with its copy: cheaper than a new snapshot each call
            # (every bonus and maximum asks); dict equality also reads the zones' order nowhere
            # else, and the zones keep BODY_ZONES order from the start
            if seen[0] == hands and seen[1] == zones and seen[2] == accessory and seen[3] == body:
                return cache
        out: list[ItemInstance] = []
        for item in hands:
            if item is not None and item not in out:
                out.append(item)
        out.extend(i for i in zones.values() if i is not None)
        out.extend(i for i in accessory if i is not None)
        out.extend(body)
        cache = self._eq_cache = [(list(hands), dict(zones), list(accessory), list(body)), out, {}]
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
        # every attack and every bot decision asks: ``in`` compares by identity here (an
        # ItemInstance has no equality of its own), in C, place by place in the order above
        if item in self.hands:
            return "hands"
        for zone, i in self.zones.items():
            if i is item:
                return zone
        if item in self.accessory:
            return "accessory"
        if item in self.body_items:
            return "body"
        if item in self.belt:
            return "belt"
        if item in self.backpack:
            return "backpack"
        return None

    def is_equipped(self, item: ItemInstance) -> bool:
        """Whether ``item`` is on the Body Zone (hands, armor zones, accessories, body), not Belt/Backpack."""
        return self.location(item) not in (None, "belt", "backpack")

    def find(self, card_id: str) -> ItemInstance | None:
        """The first carried card with id ``card_id`` (equipped first), or ``None``."""
        return next((i for i in self.all_items() if i.card.id == card_id), None)
