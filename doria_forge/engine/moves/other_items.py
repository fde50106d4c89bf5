"""Other characters' items (Book of Rules *Throw Items (0 - 10 AP)* and *Take, Use or Repair
Other Items (5 AP)*): ``ThrowItem``, ``TakeItem``, ``UseOtherItem``, ``RepairOtherItem``.

Throwing needs the two characters on the same or an adjacent Room Tile connected by a
door (``board.can_throw``; optional rule ``throw_needs_line_of_sight``); taking, using
or repairing needs the owner within range 1 (``board.hero_adjacent``) and its consent
(``consents``; an unconscious character cannot resist). Listed only when the game has
more than one hero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_forge.model.equipment import Equipment

from ..actions import Action, IllegalAction, RepairOtherItem, TakeItem, ThrowItem, UseOtherItem
from ..combat import attack_problem, hero_attack, repair, use_item
from ..defeat import on_monster_defeated
from ..ending import check_end
from ..hero import HeroState, ItemInstance
from ..monster_ai import monster_dice
from ..state import D
from .common import MoveFamily, attack_target, find_item, friend_target, spend
from .use_items import area_attack, friend_reach, friends_reached

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def consents(state: GameData, owner: HeroState, taker: HeroState) -> bool:
    """Whether ``owner`` lets ``taker`` take, use or repair its items (chapter *Take,
    Use or Repair Other Items (5 AP)*: "the other character must agree"; an
    unconscious character "cannot resist"). Asks ``state.item_consent`` (``None``: yes)."""
    if owner.unconscious:
        return True
    policy = state.item_consent
    return True if policy is None else bool(policy(state, owner, taker))


def _check_destination(receiver: HeroState, card: Equipment, to: str, verb: str) -> None:
    """Whether ``receiver`` can take ``card`` to ``to`` (chapters *Throw Items* and *Take,
    Use or Repair Other Items*): ``equip`` needs the requirements met, ``belt`` a free
    Belt slot, ``backpack`` always. Raises ``IllegalAction`` (``verb`` names the action)."""
    if to == "equip":
        if not receiver.can_equip(card):
            raise IllegalAction(f"{receiver.uid} does not meet the requirements of {card.name}")
    elif to == "belt":
        if len(receiver.belt) >= receiver.belt_capacity:
            raise IllegalAction(f"the Belt of {receiver.uid} is full")
    elif to != "backpack":
        raise IllegalAction(f"cannot {verb} to {to!r}")


def _place(receiver: HeroState, item: ItemInstance, to: str, displace: str) -> None:
    """Put ``item`` on ``receiver``'s Body Zone (cards in the way to ``displace``), Belt or
    Backpack, after ``_check_destination``."""
    if to == "equip":
        receiver.equip(item, displace=displace)
    elif to == "belt":
        receiver.move_to_belt(item)
    else:
        receiver.move_to_backpack(item)


def legal(state: GameData, hero: HeroState) -> list[Action]:
    """Throws to every conscious friend ``board.can_throw`` allows (chapter *Throw
    Items (0 - 10 AP)*) and taking, using and repairing the items of every living
    friend within range 1 who agrees (or is unconscious; chapter *Take, Use or Repair
    Other Items (5 AP)*)."""
    others = [h for h in state.heroes if h is not hero and not h.dead]
    acts = _throws(state, hero, others)
    board = state.board
    for owner in others:
        if board.hero_adjacent(state, hero, owner) and consents(state, owner, hero):
            acts += _from_friend(state, hero, owner)
    return acts


def _throws(state: GameData, hero: HeroState, others: list[HeroState]) -> list[Action]:
    """Every item of ``hero`` thrown to each conscious friend it can reach (chapter *Throw Items*):
    into a hand (or, with the hands full, sending what is there to the Backpack), the Belt or
    the Backpack."""
    acts: list[Action] = []
    for receiver in others:
        if not receiver.can_act or not state.board.can_throw(state, hero, receiver):
            continue
        for item in hero.all_items():
            if receiver.can_equip(item.card):
                acts.append(ThrowItem(item.uid, receiver.uid, "equip"))
                if receiver.free_slot(item.card) is None:
                    acts.append(ThrowItem(item.uid, receiver.uid, "equip", "backpack"))
            if len(receiver.belt) < receiver.belt_capacity:
                acts.append(ThrowItem(item.uid, receiver.uid, "belt"))
            acts.append(ThrowItem(item.uid, receiver.uid, "backpack"))
    return acts


def _from_friend(state: GameData, hero: HeroState, owner: HeroState) -> list[Action]:
    """Taking each item of ``owner`` (who agrees), using it (an attack on each monster it can
    target, a potion or a friendly effect) and repairing its damaged items (chapter *Take, Use
    or Repair Other Items*)."""
    acts: list[Action] = []
    for item in owner.all_items():
        if hero.can_equip(item.card):
            acts.append(TakeItem(owner.uid, item.uid, "equip"))
        if len(hero.belt) < hero.belt_capacity:
            acts.append(TakeItem(owner.uid, item.uid, "belt"))
        acts.append(TakeItem(owner.uid, item.uid, "backpack"))
        acts += _uses(state, hero, owner, item)
    for group in owner.repair_groups():
        acts.append(RepairOtherItem(owner.uid, tuple(i.uid for i in group)))
    return acts


def _uses(state: GameData, hero: HeroState, owner: HeroState, item: ItemInstance) -> list[Action]:
    """``hero`` using ``owner``'s ``item``: each attack on each monster it may target, or its
    effect on itself and, for a card of ``self_or_friend``, on each living friend the card
    reaches from the user (``use_items.friend_reach``: a potion range 1, a spell its range)."""
    acts: list[Action] = []
    board, card = state.board, item.card
    for pi, profile in enumerate(card.attacks):
        for m in state.monsters:
            if (attack_problem(hero, item, profile, m, owner=owner) is None
                    and board.hero_can_target(state, hero, profile, m)):
                acts.append(UseOtherItem(owner.uid, item.uid, None, pi, m.uid))
    effect = card.effect
    if effect is not None and not card.attacks and not item.damaged and hero.meets_requirements(card):
        acts.append(UseOtherItem(owner.uid, item.uid))
        if effect.targets == "self_or_friend":
            acts += [UseOtherItem(owner.uid, item.uid, h.uid) for h in friends_reached(state, hero, item)]
    return acts


def _other_hero(state: GameData, hero: HeroState, uid: str, role: str) -> HeroState:
    """The living character ``uid`` other than ``hero``; raises ``IllegalAction``."""
    other = state.find_hero(uid)
    if other is None or other is hero:
        raise IllegalAction(f"{uid!r} is not another character to be the {role}")
    if other.dead:
        raise IllegalAction(f"{uid} is dead")
    return other


def _reach_owner(state: GameData, hero: HeroState, owner_uid: str) -> HeroState:
    """The owner of the items for *Take, Use or Repair Other Items (5 AP)*: another
    living character within range 1 (``board.hero_adjacent``) who agrees or is
    unconscious (``consents``). Raises ``IllegalAction``."""
    owner = _other_hero(state, hero, owner_uid, "owner")
    if not state.board.hero_adjacent(state, hero, owner):
        raise IllegalAction(f"{owner.uid} is not within range 1 of {hero.uid}")
    if not consents(state, owner, hero):
        raise IllegalAction(f"{owner.uid} does not agree to give up its items")
    return owner


def _throw(state: GameData, hero: HeroState, action: ThrowItem) -> None:
    """Chapter *Throw Items (0 - 10 AP)* (see ``ThrowItem``). Everything is checked
    before anything moves."""
    receiver = _other_hero(state, hero, action.receiver_uid, "receiver")
    if not receiver.can_act:
        raise IllegalAction(f"{receiver.uid} is unconscious and cannot catch or place an item")
    if not state.board.can_throw(state, hero, receiver):
        raise IllegalAction(f"{receiver.uid} is not on the same or an adjacent Room Tile")
    item = find_item(hero, action.item_uid)
    card = item.card
    if action.to == "equip":
        if action.displaced_to not in ("belt", "backpack"):
            raise IllegalAction("a displaced card may go only to the receiver's Belt or Backpack, "
                                f"not {action.displaced_to!r}")
    _check_destination(receiver, card, action.to, "throw")
    source = hero.location(item)
    place = "body" if source not in ("belt", "backpack") else source
    cost = hero.retrieve_cost(item)
    hero.discard(item)
    before = receiver.equipped() if action.to == "equip" else ()
    _place(receiver, item, action.to, action.displaced_to)
    displaced = tuple(i.uid for i in before if not receiver.is_equipped(i))
    spend(state, hero, cost)
    state.log.emit("throw_item", hero.uid, item=item.uid, receiver=receiver.uid, source=place, to=action.to,
                  displaced=displaced, displaced_to=action.displaced_to if displaced else None, ap=cost)


def _take(state: GameData, hero: HeroState, action: TakeItem) -> None:
    """Chapter *Take, Use or Repair Other Items (5 AP)*: take a card from anywhere on
    another character (see ``TakeItem``)."""
    owner = _reach_owner(state, hero, action.owner_uid)
    item = find_item(owner, action.item_uid)
    _check_destination(hero, item.card, action.to, "take")
    cost = hero.take_cost()
    source = owner.location(item)
    owner.discard(item)
    _place(hero, item, action.to, "belt")
    spend(state, hero, cost)
    state.log.emit("take_item", hero.uid, owner=owner.uid, item=item.uid, source=source, to=action.to, ap=cost)


def _use_other(state: GameData, hero: HeroState, action: UseOtherItem) -> None:
    """Chapter *Take, Use or Repair Other Items (5 AP)*: take and use in one action
    (see ``UseOtherItem``); ``combat.hero_attack`` / ``combat.use_item`` with ``owner``."""
    owner = _reach_owner(state, hero, action.owner_uid)
    item = find_item(owner, action.item_uid)
    log = state.log
    if action.profile_index is not None:
        attacks = item.card.attacks
        if not 0 <= action.profile_index < len(attacks):
            raise IllegalAction(f"{item.name} has no attack {action.profile_index}")
        if action.target_uid is not None:
            raise IllegalAction("an attack targets a monster (monster_uid), not a character")
        if action.monster_uid is None:
            raise IllegalAction("an attack names the monster it targets (monster_uid)")
        profile = attacks[action.profile_index]
        monster = attack_target(state, hero, profile, action.monster_uid)
        if profile.area is not None:
            area_attack(state, hero, item, profile, monster, psi_spend=action.psi_spend, owner=owner,
                        logged=lambda cost: log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid,
                                                     target=monster.uid, ap=cost, consumed=False))
            return
        hit = hero_attack(state.dice, log, hero, item, profile, monster, state.rules, psi_spend=action.psi_spend,
                          owner=owner, monster_dice=monster_dice(state))
        spend(state, hero, hit.ap_cost)
        log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid, target=monster.uid,
                 ap=hit.ap_cost, consumed=False)
        check_end(state)
        if hit.target_defeated:
            on_monster_defeated(state, monster, hero)
        return
    if action.monster_uid is not None or action.psi_spend:
        raise IllegalAction("monster_uid and psi_spend belong to an attack (profile_index)")
    if item.card.effect is None or item.card.attacks:
        raise IllegalAction(f"{item.name} is not a potion or non-attack spell to use (attack with profile_index, "
                            f"or take it with TakeItem)")
    target = friend_target(state, action.target_uid) or hero
    reach = friend_reach(hero, item)
    if target is not hero and not state.board.hero_adjacent(state, hero, target, reach):
        raise IllegalAction(f"{target.uid} is not within range {reach} of {hero.uid}")
    out = use_item(state.dice, log, hero, item, target, owner=owner)
    spend(state, hero, out.ap_cost)
    log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid, target=target.uid,
             ap=out.ap_cost, consumed=out.consumed)
    check_end(state)


def _repair_other(state: GameData, hero: HeroState, action: RepairOtherItem) -> None:
    """Chapter *Take, Use or Repair Other Items (5 AP)*: repair another character's
    cards for the repair cost + 5 AP; they stay with the owner (``combat.repair``)."""
    owner = _reach_owner(state, hero, action.owner_uid)
    items = [find_item(owner, u) for u in action.item_uids]
    if len({id(i) for i in items}) != len(items):
        raise IllegalAction("a card can be repaired only once per action")
    cost = repair(state.log, hero, items, owner=owner)
    spend(state, hero, cost)
    state.log.emit("repair_other_item", hero.uid, owner=owner.uid, items=tuple(action.item_uids), ap=cost)


def apply(state: GameData, hero: HeroState, action: Action) -> None:
    if isinstance(action, ThrowItem):
        _throw(state, hero, action)
    elif isinstance(action, TakeItem):
        _take(state, hero, action)
    elif isinstance(action, UseOtherItem):
        _use_other(state, hero, action)
    elif isinstance(action, RepairOtherItem):
        _repair_other(state, hero, action)
    else:  # pragma: no cover - routed by type
        raise IllegalAction(f"{type(action).__name__} is not about another character's items")


def _legal(state: GameData, hero: HeroState) -> list[Action]:
    return legal(state, hero) if len(state.heroes) > 1 else []


FAMILY = MoveFamily("other_items", frozenset({D}), (ThrowItem, TakeItem, UseOtherItem, RepairOtherItem),
                    _legal, apply, needs_ap=True)
