"""The actions a hero may take, one module per action family (Book of Rules *Action
Phase*, *Phase H*, *Phase I*).

Each family module owns both halves of its actions: which are legal now and what
each does (a :class:`~.common.MoveFamily`). ``FAMILIES`` registers them; its order is
the order ``legal_actions`` lists them in. A new action is one new module plus one
line here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, IllegalAction
from ..hero import HeroState
from . import equipment, explore, level_up, movement, other_items, repair, search, shop, tokens, use_items, wait
from .common import MoveFamily

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData

__all__ = ["FAMILIES", "MoveFamily", "apply_action", "legal_actions"]

FAMILIES: tuple[MoveFamily, ...] = (
    # Phase D: choices a drawn card or Room Tile demands at once
    explore.PLACE,
    explore.SECRET_DOOR,
    search.KEEP,
    search.LOOT_CHOICE,
    # Phase D: the hero's actions
    use_items.FAMILY,
    repair.FAMILY,
    equipment.FAMILY,
    other_items.FAMILY,
    movement.FAMILY,
    explore.REVEAL,
    tokens.FAMILY,
    search.SEARCH,
    wait.FAMILY,
    # setup and Phase H
    level_up.FAMILY,
    # Phase I
    shop.FAMILY,
)


_OF_PHASE: dict[str, tuple[MoveFamily, ...]] = {}
"""Phase -> its families in ``FAMILIES`` order (filled as phases are met: every action asks)."""


def _active(state: GameData) -> tuple[MoveFamily, ...]:
    """The families of the current phase; only an interrupting one while it interrupts."""
    phase = state.phase
    active = _OF_PHASE.get(phase)
    if active is None:
        active = _OF_PHASE[phase] = tuple(f for f in FAMILIES if phase in f.phases)
    for family in active:
        if family.interrupt is not None and family.interrupt(state):
            return (family,)
    return active


def legal_actions(state: GameData, hero: HeroState) -> list[Action]:
    """Every action ``hero`` (the current actor) may take now, family by family."""
    out: list[Action] = []
    for family in _active(state):
        out.extend(family.legal(state, hero))
    return out


def apply_action(state: GameData, hero: HeroState, action: Action) -> None:
    """Perform ``action`` for ``hero`` (the current actor); the caller runs the game on.
    Raises ``IllegalAction`` when no family of the current phase owns the action, when
    a pending choice must be made first, when a Phase D hero has no AP left, or when
    the family refuses it (the state is then unchanged)."""
    active = _active(state)
    for family in active:  # the first family owning the action (a loop: every action comes here)
        if isinstance(action, family.actions):
            break
    else:
        if len(active) == 1 and active[0].interrupt is not None:
            raise IllegalAction(active[0].interrupt_message)
        raise IllegalAction(f"{type(action).__name__} is not an action of phase {state.phase!r}")
    if family.needs_ap and state.ap.get(hero.uid, 0) < 1:
        raise IllegalAction(f"{hero.uid} has no Action Points left")
    family.apply(state, hero, action)
