"""Search Treasures (Book of Rules *Search Treasures (1 AP or 5 AP)*) and the choices a
drawn Loot Card can demand at once (*Defeated Monsters*, its optional rule
``stop_loot_after_trap``).

``Search(1)``: 1 AP (``rules.search_one_ap``), one card. ``Search(2)``: 5 AP
(``rules.search_two_ap``), two cards, keep one (``KeepLoot``). Traps drawn trigger at
once in draw order and become the searcher's gold; the choice is among the other cards.
The Loot Marker is removed either way (``board.take_loot_marker``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Action, ContinueLoot, IllegalAction, KeepLoot, Search, StopLoot
from ..decks import TRAP
from ..ending import check_end
from ..hero import HeroState
from ..loot import draw_defeat_loot, give_card
from ..state import D
from ..traps import resolve_trap
from .common import MoveFamily, spend

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


# ---------------------------------------------------------------- searching
def legal_search(state: GameData, hero: HeroState) -> Iterator[Action]:
    if state.board.loot_markers(state, hero) > 0 and state.loot is not None:
        yield Search(1)
        yield Search(2)


def apply_search(state: GameData, hero: HeroState, action: Action) -> None:
    if not isinstance(action, Search):  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not a search")
    cards = action.cards
    if cards not in (1, 2):
        raise IllegalAction("search draws 1 or 2 cards")
    if state.loot is None or state.board.loot_markers(state, hero) < 1:
        raise IllegalAction(f"no Loot Marker for {hero.uid} to search")
    cost = state.rules.search_one_ap if cards == 1 else state.rules.search_two_ap
    spend(state, hero, cost)
    state.board.take_loot_marker(state, hero)
    drawn = [c for c in (state.loot_decks.draw(state.dice) for _ in range(cards)) if c is not None]
    state.log.emit("search", hero.uid, cards=tuple(c.uid for c in drawn), ap=cost)
    keep = []
    for card in drawn:
        if state.outcome is not None:
            break
        if card.kind == TRAP:
            resolve_trap(state, card, hero)
        else:
            keep.append(card)
    if state.outcome is not None:
        state.loot_decks.discard.extend(keep)
    elif len(keep) == 2:
        state.pending_loot = keep
        state.pending_loot_hero = hero.uid
    elif keep:
        give_card(state, hero, keep[0])


SEARCH = MoveFamily("search", frozenset({D}), (Search,), legal_search, apply_search, needs_ap=True)


# ---------------------------------------------------------------- keeping one of two searched cards
def _keeping(state: GameData) -> bool:
    return bool(state.pending_loot)


def legal_keep(state: GameData, hero: HeroState) -> Iterator[Action]:
    return (KeepLoot(i) for i in range(len(state.pending_loot)))


def apply_keep(state: GameData, hero: HeroState, action: Action) -> None:
    if not isinstance(action, KeepLoot) or not 0 <= action.index < len(state.pending_loot):
        raise IllegalAction("choose which of the searched cards to keep (KeepLoot)")
    kept = state.pending_loot.pop(action.index)
    state.loot_decks.discard.extend(state.pending_loot)
    state.pending_loot = []
    state.pending_loot_hero = None
    give_card(state, hero, kept)


KEEP = MoveFamily("keep_loot", frozenset({D}), (KeepLoot,), legal_keep, apply_keep,
                  interrupt=_keeping, interrupt_message="choose which of the searched cards to keep (KeepLoot)")


# ---------------------------------------------------------------- optional rule stop_loot_after_trap
def _choosing(state: GameData) -> bool:
    return state.pending_loot_draws > 0


def legal_choice(state: GameData, hero: HeroState) -> Iterator[Action]:
    if _choosing(state):
        yield ContinueLoot()
        yield StopLoot()


def apply_choice(state: GameData, hero: HeroState, action: Action) -> None:
    if not _choosing(state):
        raise IllegalAction("no Loot Cards of a defeated monster are waiting to be drawn")
    if isinstance(action, ContinueLoot):
        remaining, state.pending_loot_draws, state.pending_loot_hero = state.pending_loot_draws, 0, None
        state.log.emit("loot_continued", hero.uid, cards=remaining)
        draw_defeat_loot(state, hero, remaining)
        check_end(state)
    elif isinstance(action, StopLoot):
        state.log.emit("loot_stopped", hero.uid, cards_left=state.pending_loot_draws)
        state.pending_loot_draws, state.pending_loot_hero = 0, None
    else:  # pragma: no cover - routed by type
        raise IllegalAction("a Trap triggered: draw the remaining Loot Cards (ContinueLoot) or stop (StopLoot)")


LOOT_CHOICE = MoveFamily("defeat_loot_choice", frozenset({D}), (ContinueLoot, StopLoot), legal_choice, apply_choice,
                         interrupt=_choosing,
                         interrupt_message="a Trap triggered: draw the remaining Loot Cards (ContinueLoot) "
                                           "or stop (StopLoot)")
