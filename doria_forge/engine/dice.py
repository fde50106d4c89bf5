"""Ten-sided dice with explosions and Fumbles (chapters *Comparative Rolls and Target
Numbers*, *Critical Rolls and Fumbles*).

All randomness of a game comes from one ``DiceRoller`` held by the game state, so a
(content, seed) pair replays exactly. ``ScriptedDice`` replays given faces for tests
of the rulebook's worked examples.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from doria_forge.model.common import DiceSpec
from doria_forge.model.common import parse_dice as _parse_dice_uncached

from .copying import copy_by_plan, three_slots

ZERO = 10
"""The face printed 0 counts 10 and explodes (is rolled again and added)."""

T = TypeVar("T")


@lru_cache(maxsize=1024)
def parse_dice(expr: str) -> DiceSpec:
    """``model.common.parse_dice`` with its results remembered: card dice texts are read
    on every roll, and a ``DiceSpec`` is frozen, so sharing one is safe. Malformed text
    raises ``ValueError`` every time (exceptions are not cached)."""
    return _parse_dice_uncached(expr)


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of rolling ``spec``: ``dice`` holds each die's chain of faces
    (1-10, 10 being the 0 face; ``(10, 6)`` is a die worth 16), ``total`` includes
    the flat bonus.

    ``fumble`` is true when two or more dice show a first face of 1 (the number of
    dice does not matter); with a single die, ``single_one`` tells whether that die
    is a 1 (a Fumble only where the rules say so, e.g. initiative with one die).
    A 0 followed by a 1 is 11, not a 1.
    """

    spec: DiceSpec
    dice: tuple[tuple[int, ...], ...]
    total: int

    @property
    def ones(self) -> int:
        """How many dice show a first face of 1 (an exploded 0 followed by 1 is 11, not a 1)."""
        n = 0
        for chain in self.dice:
            if chain[0] == 1:
                n += 1
        return n

    @property
    def fumble(self) -> bool:
        """Two or more first faces of 1: a *Fumble* (chapter *Fumbles*), whatever the total."""
        seen = False
        for chain in self.dice:
            if chain[0] == 1:
                if seen:
                    return True
                seen = True
        return False

    @property
    def single_one(self) -> bool:
        """One die only, showing a first face of 1 (initiative with one die: unconscious)."""
        return len(self.dice) == 1 and self.dice[0][0] == 1

    @property
    def dice_total(self) -> int:
        """``total`` without the flat bonus (the dice alone, explosions included)."""
        return self.total - self.spec.bonus


_roll = three_slots(Roll, ("spec", "dice", "total"))
"""``Roll(spec, dice, total)`` without the frozen class's ``__init__`` (``copying.three_slots``):
every attack, defense, check and initiative rolls."""


def _copy_generator(rng: random.Random, memo: dict) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


class DiceRoller:
    """Rolls exploding D10s from one seeded generator.

    ``seed`` is any int; the same seed gives the same sequence of faces.

    A face is ``int(random() * 10) + 1`` (one call of the generator per face).
    ``roll`` draws the faces inline when a subclass overrides neither ``face`` nor
    ``chain``; otherwise (``ScriptedDice``) it goes through ``chain``/``face``.
    """

    _inline_faces = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._inline_faces = cls.face is DiceRoller.face and cls.chain is DiceRoller.chain

    def __init__(self, seed: int | None = 0) -> None:
        self._rng = random.Random(seed)

    def __deepcopy__(self, memo: dict) -> DiceRoller:
        """A copy that rolls the same faces from here on (the generator's state copied whole,
        not number by number); a subclass's other attributes are deep-copied."""
        return copy_by_plan(self, memo, {"_rng": _copy_generator})

    def face(self) -> int:
        """One face 1-10 (10 = the 0 face)."""
        return int(self._rng.random() * 10) + 1

    def chain(self) -> tuple[int, ...]:
        """One exploding die: faces until a face other than 0/10 comes up."""
        faces = [self.face()]
        while faces[-1] == ZERO:
            faces.append(self.face())
        return tuple(faces)

    def roll(self, spec: DiceSpec | str, extra_dice: int = 0, bonus: int = 0) -> Roll:
        """Roll ``spec`` (``DiceSpec`` or text such as ``3D+2``) with ``extra_dice``
        more (negative: fewer, at least 1 die is always rolled) and ``bonus`` added.

        Raises ValueError for a malformed dice text.
        """
        if isinstance(spec, str):
            spec = parse_dice(spec)
        count = spec.count + extra_dice
        if count < 1:
            count = 1
        if count != spec.count or bonus:
            spec = DiceSpec(count, spec.bonus + bonus)
        total = spec.bonus
        if self._inline_faces:
            rnd = self._rng.random
            chains: list[tuple[int, ...]] = []
            for _ in range(count):
                face = int(rnd() * 10) + 1
                if face != ZERO:
                    chains.append((face,))
                    total += face
                    continue
                faces = [face]
                while face == ZERO:
                    face = int(rnd() * 10) + 1
                    faces.append(face)
                chains.append(tuple(faces))
                total += sum(faces)
            return _roll(spec, tuple(chains), total)
        rolled = tuple(self.chain() for _ in range(count))
        return _roll(spec, rolled, sum(sum(c) for c in rolled) + total)

    def choice(self, options: Sequence[T]) -> T:
        """One element of ``options``, uniformly (shuffles and draws use the same generator)."""
        return options[self._rng.randrange(len(options))]

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place."""
        self._rng.shuffle(items)

    def tie_break(self) -> float:
        """A number in [0, 1) that orders equals where the book lets the players decide."""
        return self._rng.random()

    def getstate(self) -> tuple[object, ...]:
        """The generator state (opaque), for ``setstate``: save and replay a game exactly."""
        return self._rng.getstate()

    def setstate(self, state: tuple[object, ...]) -> None:
        """Restore a state returned by ``getstate``."""
        self._rng.setstate(state)


class ScriptedDice(DiceRoller):
    """Dice that show the given faces in order (1-10, 10 = the 0 face), for tests.

    Raises AssertionError when the script runs out, so a test notices extra rolls.
    Shuffles keep the given order.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self._faces = list(faces)
        for f in self._faces:
            if not 1 <= f <= 10:
                raise ValueError(f"scripted face {f} is not 1-10")

    def face(self) -> int:
        assert self._faces, "scripted dice ran out of faces"
        return self._faces.pop(0)

    def shuffle(self, items: list) -> None:
        return None

    @property
    def remaining(self) -> int:
        """Scripted faces not yet used."""
        return len(self._faces)


class AverageDice(DiceRoller):
    """Dice that never roll: every die shows ``value`` (optional rule
    ``solo_average_monster_dice``, chapter *FAQ*: in solo play a monster die counts its
    expected value 6, so 3D+2 is always 20; no Fumble, no explosion).

    ``roll(spec, extra_dice, bonus)`` -> a ``Roll`` of ``max(1, count + extra_dice)``
    dice each showing ``value``, total ``value x dice + spec.bonus + bonus``. It has no
    generator: ``choice``/``shuffle`` raise ``TypeError`` (monster rolls only)."""

    def __init__(self, value: int = 6) -> None:
        super().__init__(None)
        self.value = value

    def roll(self, spec: DiceSpec | str, extra_dice: int = 0, bonus: int = 0) -> Roll:
        if isinstance(spec, str):
            spec = parse_dice(spec)
        count = max(1, spec.count + extra_dice)
        spec = DiceSpec(count, spec.bonus + bonus)
        return Roll(spec, ((self.value,),) * count, self.value * count + spec.bonus)

    def choice(self, options: Sequence[T]) -> T:
        raise TypeError("AverageDice only rolls monster dice")

    def shuffle(self, items: list) -> None:
        raise TypeError("AverageDice only rolls monster dice")
