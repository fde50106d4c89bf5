"""The choices the Book of Rules leaves to the players, asked of a choice policy.

Where the book's criteria leave several options equal and says the players decide ("If there
are still any uncertainties, the players may decide"), the engine does not decide by itself:
it calls :func:`order` with the options, its own reading as ``default`` and a ``benefit``
that scores an option for the heroes. ``state.choice_policy`` answers: ``None`` (every game
unless a caller sets one) plays the engine's reading, which :data:`OPEN_CHOICES` records per
choice (a draw with the game's dice, or a fixed order); a :class:`ChoicePolicy` may play each
choice ``book`` (the same reading), for the ``heroes`` (the option ``benefit`` rates best),
``against`` them (the worst) or at ``random`` (its own generator), and counts how often each
choice came up. Whatever it decides, it consumes the game's dice exactly as the engine's
reading would, so games that differ only in their choice policy keep the same dice (common
random numbers: the rules-clarity report compares them seed by seed).

A new open choice is one entry of :data:`OPEN_CHOICES` plus one call of :func:`order` where
the engine meets it. Choices the players make through actions (where a Room Tile goes, the
side of a dead end's Secret Door: ``PlaceRoomTile``, ``PlaceSecretDoor``) are the hero
policies' business; the bots ask :func:`order` for the Secret Door too, so the report covers it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

MODES = ("book", "heroes", "against", "random")
"""How a :class:`ChoicePolicy` plays a choice (see the module docstring)."""


@dataclass(frozen=True)
class OpenChoice:
    """One place where the book lets the players decide: ``chapter`` and ``passage`` of the
    Book of Rules, what the engine does without a policy (``engine``) and what the ``benefit``
    it passes rates as good for the heroes (``for_heroes``)."""

    id: str
    chapter: str
    passage: str
    engine: str
    for_heroes: str


OPEN_CHOICES: dict[str, OpenChoice] = {c.id: c for c in (
    OpenChoice("monster_order", "Monster Order, criterion 5",
               "If there are still any uncertainties, the players may decide.",
               "a draw with the game's dice made when the monster entered",
               "the monster whose activation would hurt the heroes least acts first (each hit weighs "
               "more on a hero near death); of the Zombies that multiply, the most harmful multiplies "
               "first (those left when no figure is left are activated)"),
    OpenChoice("monster_target", "Target of a Monster, criterion 5",
               "If there are still any uncertainties, the players may decide which character is attacked.",
               "a draw with the game's dice",
               "the hero with the most HP and armor is attacked"),
    OpenChoice("monster_square", "Target of a Monster (routes)",
               "In case of doubt, the path that offers the most cover and where the monster can be "
               "attacked by fewer heroes will be chosen.",
               "a draw with the game's dice among squares still equal after those criteria",
               "the square closest to the standing heroes (more of them can strike back)"),
    OpenChoice("monster_placement", "Multiple monsters per monster icon",
               "every additional monster is placed as close as possible to the first monster",
               "the north-west square first among equally close free squares",
               "the square farthest from the standing heroes"),
    OpenChoice("pushed_square", "Target of a Monster (pushing)",
               "The replaced monster is placed as close as possible to the original square. If in "
               "doubt, place it along the path taken by the new monster.",
               "the north-west square first among equally close squares",
               "the square farthest from the standing heroes"),
    OpenChoice("crawl_square", "Unconsciousness",
               "they are allowed to simply crawl to the nearest free square (shortest distance, if "
               "there are multiple possibilities, the player can decide)",
               "the north-west square first among equally near free squares",
               "the square farthest from the monsters"),
    OpenChoice("secret_door_side", "Dead Ends",
               "If there are multiple Wall sides without adjacent Room Tiles, the players may decide "
               "where the Secret Door materializes.",
               "the revealing hero's PlaceSecretDoor; the bots take the first side (clockwise from north)",
               "the side nearest to the heroes"),
)}
"""Every open choice the engine asks about, by id."""


@dataclass
class ChoicePolicy:
    """Answers the open choices of one game (see the module docstring). ``mode`` plays every
    choice, ``modes`` overrides it per choice id; ``seed`` feeds the ``random`` mode's own
    generator. ``counts``: choice id -> times it came up with more than one option."""

    mode: str = "book"
    modes: dict[str, str] = field(default_factory=dict)
    seed: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    _rng: random.Random = field(init=False, repr=False)
    _seen: dict[Any, list[int]] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        for m in (self.mode, *self.modes.values()):
            if m not in MODES:
                raise ValueError(f"unknown choice mode {m!r}; choose one of {', '.join(MODES)}")
        unknown = sorted(set(self.modes) - set(OPEN_CHOICES))
        if unknown:
            raise ValueError(f"unknown open choice {unknown[0]!r}; the engine asks {', '.join(sorted(OPEN_CHOICES))}")
        self._rng = random.Random(f"choices:{self.seed}")

    @property
    def plays_book(self) -> bool:
        """Whether every choice is played as the engine's reading (the game is then the same)."""
        return self.mode == "book" and all(m == "book" for m in self.modes.values())

    def order(self, choice: str, options: list[T], default: Callable[[list[T]], list[T]],
              benefit: Callable[[T], float], occasion: Any = None) -> list[T]:
        """``options`` ordered as this policy decides ``choice`` (see :func:`order`)."""
        key = (choice, occasion) if occasion is not None else None
        seen = self._seen.get(key) if key is not None else None
        if seen is None:
            self.counts[choice] = self.counts.get(choice, 0) + 1
        ordered = default(list(options))  # the dice the engine's reading draws are drawn in every mode
        mode = self.modes.get(choice, self.mode)
        if mode == "random":
            if seen is None or len(seen) != len(options):
                seen = list(range(len(options)))
                self._rng.shuffle(seen)
            result = [options[k] for k in seen]
        elif mode == "book":
            result = ordered
        else:
            sign = -1.0 if mode == "heroes" else 1.0
            result = sorted(ordered, key=lambda o: sign * benefit(o))
        if key is not None:
            self._seen[key] = seen or []
        return result


def order(state: Any, choice: str, options: Sequence[T], *, default: Callable[[list[T]], list[T]],
          benefit: Callable[[T], float], occasion: Any = None) -> list[T]:
    """``options`` (equal under the book's criteria, at least two) in the order the players'
    decision ``choice`` (an id of :data:`OPEN_CHOICES`) puts them: the engine's reading
    ``default(options)`` without a choice policy. ``benefit(option)``: how good the option is
    for the heroes (higher is better), read only by the ``heroes``/``against`` modes.
    ``occasion``: a key for a choice the engine asks again and again while it stands (the
    monster order of a round): it is counted, and drawn at random, once."""
    policy = getattr(state, "choice_policy", None)
    if policy is None:
        return default(list(options))
    return policy.order(choice, list(options), default, benefit, occasion)


def first(state: Any, choice: str, options: Sequence[T], *, benefit: Callable[[T], float]) -> T:
    """The option the players' decision ``choice`` picks among ``options`` whose engine reading
    is "the first one" (a fixed order, no dice)."""
    if len(options) == 1 or getattr(state, "choice_policy", None) is None:
        return options[0]
    return order(state, choice, options, default=lambda o: o, benefit=benefit)[0]


def shuffled(state: Any) -> Callable[[list[T]], list[T]]:
    """The engine's reading "a draw with the game's dice": shuffle with ``state.dice``."""
    def draw(options: list[T]) -> list[T]:
        state.dice.shuffle(options)
        return options
    return draw
