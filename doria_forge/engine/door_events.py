"""Door Event cards (Book of Rules, *Optional Rule: Door Events*): "draw a random Door Event
card whenever the Reveal a Room Tile action is triggered while opening a door. Resolve the
card first, then go on with further actions (for example, reveal the Room Tile)."

The cards come from ``state.door_events`` (a deck that runs down and is reshuffled, see
``decks.DoorEventDeck``). A card's ``effects`` are words of the scenario effect vocabulary
(``model.scenario.Effect``), played for the hero who opened the door as the *triggering*
hero; outside a scenario they act on a game without scenario flags or tokens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ending import check_end
from .scenario import ScenarioPlay

if TYPE_CHECKING:  # pragma: no cover
    from .hero import HeroState
    from .state import GameData


def resolve_door_event(state: GameData, hero: HeroState) -> str | None:
    """Draw the top Door Event card and play its effects for ``hero``, the character who opened
    the door. Returns the card's id (``None`` when the rule is off or the pack has no cards)."""
    deck = state.door_events
    if deck is None:
        return None
    card = deck.draw(state.dice)
    if card is None:
        return None
    state.log.emit("door_event", hero.uid, card=card)
    play = state.scenario if state.scenario is not None else ScenarioPlay(None)
    for effect in state.pack.door_events[card].effects:
        if state.outcome is not None:
            break
        play.apply(state, effect, hero.uid)
    check_end(state)
    return card
