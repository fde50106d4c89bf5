"""What a card prints, as data: :class:`CardSpec` (a front), :class:`Stat` (one of its numbers) and
:class:`BackSpec` (a back). :mod:`.faces` makes them from the content, :mod:`.card` draws them.

Nothing here needs the PDF stack, so ``validate`` can make every card's spec, and look up the text
fit findings remembered for it (:mod:`doria_forge.export.text_fit`), without loading reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[float, float, float]
"""An sRGB colour, each component 0-1."""


@dataclass(frozen=True)
class Stat:
    """A number a player needs, with its label: ``Stat("Attack", "2D+3", "melee")``."""

    label: str
    value: str
    note: str = ""
    icon: str = ""
    icon_value: str = ""
    """When the chip is crowded, ``icon_value`` and the :mod:`icons` symbol ``icon`` replace ``value``
    (``Stat("Damage", "3 water", icon="water", icon_value="3")``)."""
    word_forms: tuple[str, ...] = ()
    """Every ``value`` a chip of this kind may print in words (``3 fire``, ``3 water``, ...): the
    widest decides whether the icon replaces the word, so every card of a deck decides alike."""


@dataclass(frozen=True)
class CardSpec:
    """Everything printed on a card front.

    ``colour`` is a ``#rrggbb`` frame colour (by card type). ``corner_left`` holds requirements
    (``STR 9  CON 9``), ``corner_right`` range and Psi Points. ``badge`` is a big short mark in the
    top-right corner (the Monster Level). ``footer`` is ``(left, centre, right)``: zone or hands,
    gold, Action Points. ``table`` is an optional small grid below the stats (first row the column
    heads, e.g. a Boss Monster card's numbers at each Monster Level). ``footer_icons`` name an
    :mod:`icons` symbol that replaces a footer word when the footer is crowded (zone, attack type).
    ``art`` is the path of the card's picture (PNG, JPG or SVG), drawn in the ``art`` region.
    """

    key: str
    title: str
    colour: str
    kind_label: str = ""
    corner_left: str = ""
    corner_right: str = ""
    magic: bool = False
    badge: str = ""
    stats: tuple[Stat, ...] = ()
    text: str = ""
    footer: tuple[str, str, str] = ("", "", "")
    table: tuple[tuple[str, ...], ...] = ()
    footer_icons: tuple[str, str, str] = ("", "", "")
    art: str = ""
    deck_footers: tuple[tuple[str, str, str], ...] = ()
    """The footers of the cards of this card's deck that have a footer icon
    (:func:`.card.with_deck_footers`): where one of them has no room for its words, every one
    shows its icons, so the cards of a deck decide alike. Empty: the card decides alone."""


@dataclass(frozen=True)
class BackSpec:
    """A card back: deck title, colour and an optional big mark (the Monster Level)."""

    key: str
    title: str
    colour: str
    mark: str = ""
    subtitle: str = "Dungeons of Doria"
