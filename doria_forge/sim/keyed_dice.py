"""Keyed dice: common random numbers for the playouts of a search.

Two playouts of a search that start from the same determinization but from different candidate
actions soon roll their dice in another order: one more attack in the first playout shifts every
later roll of the game's single generator, so the monsters' attacks of the next round fall on
other faces in the two playouts, and the difference of their values measures the dice as much
as the candidates. ``KeyedDice`` rolls each kind of roll from its own stream instead: the stream
of a roll is chosen by the round, the phase and what is rolled (the dice text, the extra dice and
the bonus), and within a stream the rolls come in order. The *n*-th roll of a 3D+2 monster attack
in round 4 then shows the same faces in both playouts whatever the heroes did before it
(common random numbers across the candidates: Law, *Simulation Modeling and Analysis*, ch. 11;
the same device as sharing a determinization between candidates, one level finer).

Each stream is a ``random.Random`` seeded from the dice's ``seed`` and the stream's key, so the
faces depend only on ``(seed, key, n)``: a playout replays exactly from its seed. The dice know
nothing hidden: they are fresh dice, as a determinization's are, only keyed. Shuffles, choices
and tie-breaks have streams of their own per round and phase.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from doria_forge.engine.dice import DiceRoller, Roll, parse_dice
from doria_forge.model.common import DiceSpec

T = TypeVar("T")


class KeyedDice(DiceRoller):
    """Dice whose rolls come from one stream per (round, phase, what is rolled) of ``state``.

    ``seed``: any int; ``state``: the game the dice roll for (its ``round`` and ``phase`` are read
    at each roll). ``roll``, ``choice``, ``shuffle`` and ``tie_break`` behave as
    ``DiceRoller``'s (exploding D10s, a face 1-10 from ``int(random() * 10) + 1``)."""

    def __init__(self, seed: int, state: Any) -> None:
        super().__init__(seed)
        self._seed = seed
        self._state = state
        self._streams: dict[tuple[Any, ...], random.Random] = {}

    def _stream(self, key: tuple[Any, ...]) -> random.Random:
        state = self._state
        full = (state.round, state.phase, *key)
        stream = self._streams.get(full)
        if stream is None:
            stream = self._streams[full] = random.Random(f"keyed:{self._seed}:{full}")
        return stream

    def roll(self, spec: DiceSpec | str, extra_dice: int = 0, bonus: int = 0) -> Roll:
        # the game's own rolling (exploding faces, at least one die), from this kind's stream
        parsed = parse_dice(spec) if isinstance(spec, str) else spec
        self._rng = self._stream(("roll", max(1, parsed.count + extra_dice), parsed.bonus + bonus))
        return super().roll(parsed, extra_dice, bonus)

    def choice(self, options: Sequence[T]) -> T:
        return options[self._stream(("choice", len(options))).randrange(len(options))]

    def shuffle(self, items: list) -> None:
        self._stream(("shuffle", len(items))).shuffle(items)

    def tie_break(self) -> float:
        return self._stream(("tie",)).random()


def keyed(state: Any, seed: int) -> Any:
    """A determinized copy of ``state`` (``state.determinized(seed)``: the hidden part drawn
    afresh) rolling ``KeyedDice`` seeded with ``seed``: a ``future`` for ``sim.search.make_search``
    that reads nothing hidden."""
    copy = state.determinized(seed)
    copy.dice = KeyedDice(seed, copy)
    return copy
