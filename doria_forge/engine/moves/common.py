"""What several action families share: the move-family record, paying Action Points,
finding a carried card or a target."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions import Action, IllegalAction
from ..hero import HeroState, ItemInstance

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.equipment import AttackProfile

    from ..monster import MonsterState
    from ..state import GameData


@dataclass(frozen=True)
class MoveFamily:
    """One family of actions: which phases it belongs to, which action types it owns,
    which of them are legal now (``legal(state, hero)``, in a stable order) and what one
    does (``apply(state, hero, action)``, raising ``IllegalAction`` before changing
    anything when the action is not allowed).

    ``needs_ap``: in Phase D the hero must have 1+ AP left. ``interrupt(state)``: while
    true, this family is the only one that lists or applies actions (a choice the
    rules demand at once, e.g. which searched card to keep); ``interrupt_message``
    tells the user what is expected instead."""

    name: str
    phases: frozenset[str]
    actions: tuple[type[Action], ...]
    legal: Callable[[GameData, HeroState], Iterable[Action]]
    apply: Callable[[GameData, HeroState, Action], None]
    needs_ap: bool = False
    interrupt: Callable[[GameData], bool] | None = None
    interrupt_message: str = ""


def spend(state: GameData, hero: HeroState, cost: int) -> None:
    """Take ``cost`` AP off ``hero``'s marker on the Initiative Board (it may go negative:
    "the last action can be as high as needed")."""
    state.ap[hero.uid] = state.ap.get(hero.uid, 0) - cost


def find_item(hero: HeroState, item_uid: str) -> ItemInstance:
    """The card ``item_uid`` that ``hero`` carries anywhere; raises ``IllegalAction``."""
    for item in hero.all_items():
        if item.uid == item_uid:
            return item
    raise IllegalAction(f"{hero.uid} carries no item {item_uid}")


def attack_target(state: GameData, hero: HeroState, profile: AttackProfile, monster_uid: str) -> MonsterState:
    """The monster ``monster_uid`` on the board, if ``hero`` can reach it with ``profile``
    (range and sight: ``board.hero_can_target``). Raises ``IllegalAction``."""
    target = state.find_monster(monster_uid)
    if target is None:
        raise IllegalAction(f"no monster {monster_uid} on the board")
    if not state.board.hero_can_target(state, hero, profile, target):
        raise IllegalAction(f"{target.uid} is out of range or sight")
    return target


def known_hero(state: GameData, uid: str, role: str = "character") -> HeroState:
    """The character ``uid``; raises ``IllegalAction`` naming ``role`` for an unknown uid."""
    hero = state.find_hero(uid)
    if hero is None:
        raise IllegalAction(f"no character {uid!r} to be the {role}")
    return hero


def friend_target(state: GameData, uid: str | None) -> HeroState | None:
    """The character ``uid`` (``None`` for none); raises ``IllegalAction`` for an unknown uid."""
    if uid is None:
        return None
    target = state.find_hero(uid)
    if target is None:
        raise IllegalAction(f"no character {uid}")
    return target
