"""A hero's standard items are cards of the ``standard`` deck.

The Standard Items print as a deck of their own, with the Standard Item back; a hero's
``standard_items`` that names a Loot Card (``deck: loot``) or a Campaign Item would never be
printed with them, and a player setting up the hero would not find it. An **error** at the
reference, naming the card's deck.

Passing::

    kind: character
    id: warrior
    standard_items: [combat_hammer]      # combat_hammer has deck: standard

Failing::

    kind: character
    id: warrior
    standard_items: [short_sword]        # short_sword is a Loot Card (deck: loot)
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "standard-items-deck"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for hero in pack.characters.values():
        for i, item_id in enumerate(hero.standard_items):
            card = pack.equipment.get(item_id)
            if card is None or card.deck == "standard":
                continue  # a missing card is a dangling reference
            yield source_map.problem(
                "character", hero.id, ("standard_items", i), ID, SEVERITY,
                f"standard item {item_id!r} of {hero.id} is a card of the {card.deck} deck; a hero's standard "
                f"items print with the Standard Items (set deck: standard on {item_id}, or pick another card)",
                value=True,
            )
