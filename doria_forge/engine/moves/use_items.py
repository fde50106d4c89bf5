"""Attack or use items (Book of Rules *Attack or Use Items (AP on card)*, *Combat*, *Psi
Spells*, *Using weapons and spells from the Belt or Backpack*).

``Attack``: a weapon or spell in the hands, on the body, or a 1-hand card from the Belt
(+``rules.belt_ap``), on a monster in range and Line of Sight (``board.hero_can_target``).
``UseItem``: a potion or non-attack spell on oneself or, where the card allows, a friend.
Costs are the card's AP (``HeroState.use_cost``); the rolls are ``combat``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ..actions import Action, Attack, IllegalAction, UseItem
from ..area import hero_area_targets
from ..combat import attack_problem, hero_area_attack, hero_attack, use_item
from ..defeat import on_monster_defeated
from ..ending import check_end
from ..hero import HeroState
from ..monster_ai import monster_dice
from ..state import D
from .common import MoveFamily, attack_target, find_item, friend_target, spend

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.equipment import AttackProfile

    from ..hero_sheet import ItemInstance
    from ..monster import MonsterState
    from ..state import GameData


def friend_reach(hero: HeroState, item: ItemInstance) -> int:
    """How far from ``hero`` a friend may be to receive ``item``'s effect: range 1 (a potion
    is infused within range 1, chapter *Take, Use or Repair Other Items*); a spell reaches
    its printed range, doubled with the hero bonus *Range x2* ("all spells (including
    defensive and healing spells)", *Description of all hero bonus markers*), never below 1."""
    if not item.is_spell:
        return 1
    return max(1, hero.attack_range(None, item))


def friends_reached(state: GameData, hero: HeroState, item: ItemInstance) -> list[HeroState]:
    """The living friends, in party order, that ``item``'s effect reaches when ``hero`` uses it,
    its own card or one taken from another character: within ``friend_reach``, as
    ``board.hero_adjacent`` counts it (a spell in Line of Sight)."""
    reach = friend_reach(hero, item)
    board = state.board
    return [h for h in state.heroes if h is not hero and not h.dead and board.hero_adjacent(state, hero, h, reach)]


def area_attack(state: GameData, hero: HeroState, item: ItemInstance, profile: AttackProfile,
                target: MonsterState, *, from_belt: bool = False, psi_spend: int = 0,
                owner: HeroState | None = None, logged: Callable[[int], object] | None = None) -> int:
    """An attack with an area effect aimed at ``target`` (in range and sight: the caller's
    ``attack_target``): every figure of the area (``area.hero_area_targets``) defends against
    one roll (``combat.hero_area_attack``); the AP are spent, ``logged(AP)`` called (the
    caller's own event, before the game may end), the end of the game checked and every monster
    it defeated taken off the board. Returns the AP it cost."""
    area = hero_area_targets(state, hero, profile, target)
    outs = hero_area_attack(state.dice, state.log, hero, item, profile, target, area, state.rules,
                            state.defense_policy, from_belt=from_belt, psi_spend=psi_spend, owner=owner,
                            monster_dice=monster_dice(state))
    cost = outs[0].ap_cost if outs else hero.use_cost(item, profile, from_belt=from_belt, owner=owner)
    spend(state, hero, cost)
    if logged is not None:
        logged(cost)
    check_end(state)
    monsters = {m.uid: m for m in area if not isinstance(m, HeroState)}
    for out in outs:
        defeated = monsters.get(out.target)
        if out.target_defeated and defeated is not None:
            on_monster_defeated(state, defeated, hero)
    return cost


def legal(state: GameData, hero: HeroState) -> Iterator[Action]:
    """Per usable card (hands, body, Belt; each once): its attacks on every monster it may
    target, then its use as a potion or spell (on oneself, then on each living friend
    within ``friend_reach`` when the card allows)."""
    board = state.board
    seen: set[int] = set()
    for item in hero.hand_items() + hero.body_items + hero.belt:
        if id(item) in seen:
            continue
        seen.add(id(item))
        from_belt = hero.location(item) == "belt"
        if from_belt and item.hands == 2:
            continue
        for pi, profile in enumerate(item.card.attacks):
            for m in state.monsters:
                if (attack_problem(hero, item, profile, m, from_belt=from_belt) is None
                        and board.hero_can_target(state, hero, profile, m)):
                    yield Attack(item.uid, pi, m.uid, from_belt)
        effect = item.card.effect
        if effect is not None and not item.card.attacks and not item.damaged and hero.meets_requirements(item.card):
            yield UseItem(item.uid, None, from_belt)
            if effect.targets == "self_or_friend":
                yield from (UseItem(item.uid, h.uid, from_belt) for h in friends_reached(state, hero, item))


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    if isinstance(action, Attack):
        item = find_item(hero, action.item_uid)
        attacks = item.card.attacks
        if not 0 <= action.profile_index < len(attacks):
            raise IllegalAction(f"{item.name} has no attack {action.profile_index}")
        profile = attacks[action.profile_index]
        target = attack_target(state, hero, profile, action.target_uid)
        if profile.area is not None:
            area_attack(state, hero, item, profile, target, from_belt=action.from_belt, psi_spend=action.psi_spend)
            return
        out = hero_attack(state.dice, state.log, hero, item, profile, target, state.rules,
                          from_belt=action.from_belt, psi_spend=action.psi_spend,
                          monster_dice=monster_dice(state))
        spend(state, hero, out.ap_cost)
        check_end(state)
        if out.target_defeated:
            on_monster_defeated(state, target, hero)
    elif isinstance(action, UseItem):
        item = find_item(hero, action.item_uid)
        friend = friend_target(state, action.target_uid)
        reach = friend_reach(hero, item)
        if friend is not None and friend is not hero and not state.board.hero_adjacent(state, hero, friend, reach):
            raise IllegalAction(f"{friend.uid} is not within range {reach} of {hero.uid}")
        used = use_item(state.dice, state.log, hero, item, friend, from_belt=action.from_belt)
        spend(state, hero, used.ap_cost)
        check_end(state)
    else:  # pragma: no cover - the registry only routes the family's own types
        raise IllegalAction(f"{type(action).__name__} is not attacking or using an item")


FAMILY = MoveFamily("use_items", frozenset({D}), (Attack, UseItem), legal, apply, needs_ap=True)
