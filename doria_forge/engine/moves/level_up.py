"""Level-up decisions (Book of Rules *Phase H: Level Up*, *Level Up*, *Unconsciousness*;
*Special Rules for 1 or 2 Players*: a hero bonus before the first round).

``ChooseHeroBonus`` (at hero levels, once per bonus), ``RaiseAttribute`` (spend a saved
Attribute Point: in Phase H, or before the first round for a character created anew after a
death), ``RecoverPoints`` (an unconscious hero splits its recovery points
between HP and PP), ``StayUnconscious`` (skip the next initiative roll), ``EndTurn``
(done; unsplit recovery points go to the lower of HP and PP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_forge.model.common import ATTRIBUTES

from ..actions import (
    Action,
    ChooseHeroBonus,
    EndTurn,
    IllegalAction,
    RaiseAttribute,
    RecoverPoints,
    StayUnconscious,
)
from ..hero import HeroState
from ..levelup import (
    bonus_chosen_in_phase_h,
    choose_hero_bonus,
    default_recovery_split,
    may_raise_attributes,
    recover,
)
from ..state import SETUP, H
from .common import MoveFamily

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def legal(state: GameData, hero: HeroState) -> list[Action]:
    acts: list[Action] = []
    if state.pending_bonus.get(hero.uid, 0) > 0:
        acts += [ChooseHeroBonus(b) for b in state.rules.hero_bonuses if b not in hero.hero_bonuses]
    if may_raise_attributes(state, hero):
        acts += [RaiseAttribute(a) for a in ATTRIBUTES]
    points = state.pending_recovery.get(hero.uid)
    if points is not None:
        acts += [RecoverPoints(k) for k in range(points + 1)]
    if hero.unconscious and hero.uid not in state.stay_unconscious:
        acts.append(StayUnconscious())
    acts.append(EndTurn())
    return acts


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    if isinstance(action, ChooseHeroBonus):
        if state.pending_bonus.get(hero.uid, 0) < 1:
            raise IllegalAction(f"{hero.uid} has no hero bonus to choose")
        choose_hero_bonus(hero, action.bonus, state.rules)
        state.pending_bonus[hero.uid] -= 1
        state.log.emit("hero_bonus", hero.uid, bonus=action.bonus)
        if state.phase == H:
            bonus_chosen_in_phase_h(hero, action.bonus, state.log)
    elif isinstance(action, RaiseAttribute):
        if action.attribute not in ATTRIBUTES:
            raise IllegalAction(f"unknown attribute {action.attribute}")
        if hero.attribute_points > 0 and not may_raise_attributes(state, hero):
            raise IllegalAction(f"{hero.uid} saves its Attribute Points until Phase H")
        hero.raise_attribute(action.attribute, 1, state.log)
    elif isinstance(action, RecoverPoints):
        points = state.pending_recovery.get(hero.uid)
        if points is None or not 0 <= action.hp <= points:
            raise IllegalAction(f"{hero.uid} cannot put {action.hp} recovery points on HP")
        recover(hero, action.hp, points - action.hp, state.log)
        del state.pending_recovery[hero.uid]
    elif isinstance(action, StayUnconscious):
        if not hero.unconscious:
            raise IllegalAction(f"{hero.uid} is not unconscious")
        state.stay_unconscious.add(hero.uid)
        state.log.emit("stay_unconscious", hero.uid)
    elif isinstance(action, EndTurn):
        points = state.pending_recovery.pop(hero.uid, None)
        if points is not None:
            to_hp = default_recovery_split(hero, points)
            recover(hero, to_hp, points - to_hp, state.log)
        state.decision_queue.pop(0)
    else:
        raise IllegalAction(f"{type(action).__name__} is not a level-up decision")


FAMILY = MoveFamily("level_up", frozenset({SETUP, H}),
                    (ChooseHeroBonus, RaiseAttribute, RecoverPoints, StayUnconscious, EndTurn), legal, apply)
