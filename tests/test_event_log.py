"""The game's event log (engine.events): what ``emit`` records."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from doria_forge.engine.events import Event, EventLog


def test_an_emitted_event_is_the_frozen_event_of_its_kind_actor_and_details():
    log = EventLog()
    event = log.emit("damage", "orc-1", hero="warrior", amount=3)
    assert event == Event("damage", "orc-1", {"hero": "warrior", "amount": 3})
    assert (event.kind, event.actor, event["amount"], event.get("missing", 0)) == ("damage", "orc-1", 3, 0)
    assert list(log) == [event] and len(log) == 1 and log.of_kind("damage") == [event]
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "heal"  # type: ignore[misc]
    assert copy.deepcopy(event) is event  # never changed once emitted: copies share it
    assert EventLog(enabled=False).emit("damage", None, amount=1) is None
