"""The game's event log: an append-only record of what happened, for replays,
statistics and tests.

Every rules function that changes state takes an ``EventLog`` and emits one
``Event`` per observable step (a roll, a hit, a Damaged marker, a death...).
``EventLog(enabled=False)`` records nothing and costs one attribute check per
``emit``, for fast simulation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .copying import three_slots


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a short snake_case name (``attack_roll``, ``damage``, ``armor_damaged``,
    ``fumble``, ``death``...); ``actor`` the uid of the hero or monster who caused
    it (``None`` for the game itself); ``data`` the details (plain values: ints,
    strings, tuples, so that a log can be serialised).
    """

    kind: str
    actor: str | None
    data: dict = field(default_factory=dict)

    def __deepcopy__(self, memo: dict) -> Event:
        return self  # never changed once emitted: a copied game shares its past events

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


_event = three_slots(Event, ("kind", "actor", "data"))
"""``Event(kind, actor, data)`` without the frozen class's ``__init__`` (``copying.three_slots``):
the few hundred events of a game."""


class EventLog:
    """An append-only list of ``Event``s.

    ``emit(kind, actor=None, **data)`` appends one event (nothing when disabled)
    and returns it (or ``None``). Iterating yields the events in order; ``len``
    counts them; ``of_kind(kind)`` lists those of one kind.
    """

    __slots__ = ("enabled", "_events")

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._events: list[Event] = []

    def __deepcopy__(self, memo: dict) -> EventLog:
        copy = EventLog(self.enabled)
        copy._events = list(self._events)  # events never change once emitted: shared
        return copy

    def emit(self, kind: str, actor: str | None = None, **data: Any) -> Event | None:
        """Append an ``Event(kind, actor, data)``; returns it, or ``None`` when the log is disabled."""
        if not self.enabled:
            return None
        event = _event(kind, actor, data)
        self._events.append(event)
        return event

    def __iter__(self) -> Iterator[Event]:
        return iter(tuple(self._events))

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]

    def of_kind(self, kind: str) -> list[Event]:
        """The events of ``kind``, in order."""
        return [e for e in self._events if e.kind == kind]

    def last(self, kind: str | None = None) -> Event | None:
        """The latest event (of ``kind`` if given), or ``None``."""
        for e in reversed(self._events):
            if kind is None or e.kind == kind:
                return e
        return None

    def clear(self) -> None:
        """Forget every event (the log stays enabled or disabled)."""
        self._events.clear()

    def __repr__(self) -> str:
        state = "" if self.enabled else ", disabled"
        return f"EventLog({len(self._events)} events{state})"
