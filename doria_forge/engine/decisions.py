"""The decisions of a game: which actions the current actor may take and what each
one does (Book of Rules *Action Phase* with *Search Treasures*, *Throw Items (0 - 10
AP)* and *Take, Use or Repair Other Items (5 AP)*; *Phase H: Level Up*; *Phase I*).

``GameState.legal_actions`` and ``GameState.apply`` are the public entry points; they
call ``legal_actions`` / ``apply_action`` here, which dispatch on ``state.phase``:
Phase D (hero actions, the choice among searched cards, the optional rule
``stop_loot_after_trap``), setup and Phase H (hero bonus, Attribute Points, recovery
split, staying unconscious), Phase I (buying, clearing shop slots, the optional rule
``remove_traps_in_phase_i``). Costs are Action Points (AP) taken off ``state.ap``;
every handler raises ``IllegalAction`` before changing anything when the action is
not allowed. Running the game on afterwards is ``phases.advance``'s job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_forge.model.common import ATTRIBUTES

from . import phases
from .actions import (
    Action,
    Attack,
    Buy,
    ChooseHeroBonus,
    ClearShopSlot,
    ContinueLoot,
    EndTurn,
    KeepLoot,
    MoveItem,
    RaiseAttribute,
    RecoverPoints,
    RemoveTrapByDoom,
    Repair,
    RepairOtherItem,
    RetrieveFromBackpack,
    Search,
    StayUnconscious,
    StopLoot,
    TakeItem,
    ThrowItem,
    TriggerShopTrap,
    UseItem,
    UseOtherItem,
    Wait,
)
from .combat import attack_problem, hero_attack, repair, use_item
from .decks import EQUIPMENT, TRAP, Card, card_gold, resolve_trap
from .hero import HeroState, IllegalAction, ItemInstance
from .levelup import choose_hero_bonus, default_recovery_split, recover
from .monster import MonsterState

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState


def legal_actions(state: GameState, hero: HeroState) -> list[Action]:
    """Every action ``hero`` (the current actor) may take in the current phase."""
    if state.phase == phases.D:
        return _legal_d(state, hero)
    if state.phase in (phases.SETUP, phases.H):
        return _legal_h(state, hero)
    return _legal_i(state, hero)


def apply_action(state: GameState, hero: HeroState, action: Action) -> None:
    """Perform ``action`` for ``hero`` (the current actor) in the current phase; the
    caller runs the game on. Raises ``IllegalAction``."""
    if state.phase == phases.D:
        _apply_d(state, hero, action)
    elif state.phase in (phases.SETUP, phases.H):
        _apply_h(state, hero, action)
    else:
        _apply_i(state, hero, action)


# =========================================================================== items
def _check_destination(receiver: HeroState, card, to: str, verb: str) -> None:
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


# =========================================================================== Phase D
def find_item(hero: HeroState, item_uid: str) -> ItemInstance:
    """The card ``item_uid`` that ``hero`` carries anywhere; raises ``IllegalAction``."""
    for item in hero.all_items():
        if item.uid == item_uid:
            return item
    raise IllegalAction(f"{hero.uid} carries no item {item_uid}")


def _legal_d(state: GameState, hero: HeroState) -> list[Action]:
    if state.pending_loot:
        return [KeepLoot(i) for i in range(len(state.pending_loot))]
    if state.pending_loot_draws:
        return [ContinueLoot(), StopLoot()]
    acts: list[Action] = []
    ap = state.ap.get(hero.uid, 0)
    board = state.board
    seen: set[int] = set()
    for item in hero.hand_items() + hero.body_items + hero.belt:
        if id(item) in seen:
            continue
        seen.add(id(item))
        location = hero.location(item)
        from_belt = location == "belt"
        if from_belt and item.hands == 2:
            continue
        for pi, profile in enumerate(item.card.attacks):
            for m in state.monsters:
                if (attack_problem(hero, item, profile, m, from_belt=from_belt) is None
                        and board.hero_can_target(state, hero, profile, m)):
                    acts.append(Attack(item.uid, pi, m.uid, from_belt))
        effect = item.card.effect
        if effect is not None and not item.card.attacks and not item.damaged and hero.meets_requirements(item.card):
            acts.append(UseItem(item.uid, None, from_belt))
            if effect.targets == "self_or_friend":
                acts += [UseItem(item.uid, h.uid, from_belt) for h in state.heroes if h is not hero and not h.dead]
    for group in hero.repair_groups():
        acts.append(Repair(tuple(i.uid for i in group)))
    for item in hero.belt:
        if hero.can_equip(item.card) and item.card.zone != "body":
            acts.append(MoveItem(item.uid, "equip"))
    for item in hero.equipped():
        if id(item) in seen and hero.location(item) == "hands" and len(hero.belt) < hero.belt_capacity:
            acts.append(MoveItem(item.uid, "belt"))
    for item in hero.backpack:
        if hero.can_equip(item.card):
            acts.append(RetrieveFromBackpack(item.uid, "equip"))
        if len(hero.belt) < hero.belt_capacity:
            acts.append(RetrieveFromBackpack(item.uid, "belt"))
    if len(state.heroes) > 1:
        acts += _legal_other_items(state, hero)
    if board.loot_markers(state, hero) > 0 and state.loot is not None:
        acts += [Search(1), Search(2)]
    acts += [Wait(n) for n in range(1, ap + 1)]
    acts.append(EndTurn())
    return acts


def _legal_other_items(state: GameState, hero: HeroState) -> list[Action]:
    """Throws to every conscious friend ``board.can_throw`` allows (chapter *Throw
    Items (0 - 10 AP)*) and taking, using and repairing the items of every living
    friend within range 1 who agrees (or is unconscious; chapter *Take, Use or Repair
    Other Items (5 AP)*)."""
    acts: list[Action] = []
    board = state.board
    others = [h for h in state.heroes if h is not hero and not h.dead]
    for receiver in others:
        if not receiver.can_act or not board.can_throw(state, hero, receiver):
            continue
        for item in hero.all_items():
            if receiver.can_equip(item.card):
                acts.append(ThrowItem(item.uid, receiver.uid, "equip"))
                if receiver.free_slot(item.card) is None:
                    acts.append(ThrowItem(item.uid, receiver.uid, "equip", "backpack"))
            if len(receiver.belt) < receiver.belt_capacity:
                acts.append(ThrowItem(item.uid, receiver.uid, "belt"))
            acts.append(ThrowItem(item.uid, receiver.uid, "backpack"))
    reachable = [h for h in state.heroes if not h.dead and (h is hero or board.hero_adjacent(state, hero, h))]
    for owner in others:
        if not board.hero_adjacent(state, hero, owner) or not state.consents(owner, hero):
            continue
        for item in owner.all_items():
            card = item.card
            if hero.can_equip(card):
                acts.append(TakeItem(owner.uid, item.uid, "equip"))
            if len(hero.belt) < hero.belt_capacity:
                acts.append(TakeItem(owner.uid, item.uid, "belt"))
            acts.append(TakeItem(owner.uid, item.uid, "backpack"))
            for pi, profile in enumerate(card.attacks):
                for m in state.monsters:
                    if (attack_problem(hero, item, profile, m, owner=owner) is None
                            and board.hero_can_target(state, hero, profile, m)):
                        acts.append(UseOtherItem(owner.uid, item.uid, None, pi, m.uid))
            effect = card.effect
            if effect is not None and not card.attacks and not item.damaged and hero.meets_requirements(card):
                acts.append(UseOtherItem(owner.uid, item.uid))
                if card.card_type == "potion":
                    acts += [UseOtherItem(owner.uid, item.uid, h.uid) for h in reachable if h is not hero]
                elif effect.targets == "self_or_friend":
                    acts += [UseOtherItem(owner.uid, item.uid, h.uid)
                             for h in state.heroes if h is not hero and not h.dead]
        for group in owner.repair_groups():
            acts.append(RepairOtherItem(owner.uid, tuple(i.uid for i in group)))
    return acts


def _other_hero(state: GameState, hero: HeroState, uid: str, role: str) -> HeroState:
    """The living character ``uid`` other than ``hero``; raises ``IllegalAction``."""
    other = next((h for h in state.heroes if h.uid == uid), None)
    if other is None or other is hero:
        raise IllegalAction(f"{uid!r} is not another character to be the {role}")
    if other.dead:
        raise IllegalAction(f"{uid} is dead")
    return other


def _reach_owner(state: GameState, hero: HeroState, owner_uid: str) -> HeroState:
    """The owner of the items for *Take, Use or Repair Other Items (5 AP)*: another
    living character within range 1 (``board.hero_adjacent``) who agrees or is
    unconscious (``consents``). Raises ``IllegalAction``."""
    owner = _other_hero(state, hero, owner_uid, "owner")
    if not state.board.hero_adjacent(state, hero, owner):
        raise IllegalAction(f"{owner.uid} is not within range 1 of {hero.uid}")
    if not state.consents(owner, hero):
        raise IllegalAction(f"{owner.uid} does not agree to give up its items")
    return owner


def _throw(state: GameState, hero: HeroState, action: ThrowItem) -> None:
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
    _spend(state, hero, cost)
    state.log.emit("throw_item", hero.uid, item=item.uid, receiver=receiver.uid, source=place, to=action.to,
                  displaced=displaced, displaced_to=action.displaced_to if displaced else None, ap=cost)


def _take(state: GameState, hero: HeroState, action: TakeItem) -> None:
    """Chapter *Take, Use or Repair Other Items (5 AP)*: take a card from anywhere on
    another character (see ``TakeItem``)."""
    owner = _reach_owner(state, hero, action.owner_uid)
    item = find_item(owner, action.item_uid)
    _check_destination(hero, item.card, action.to, "take")
    cost = hero.take_cost()
    source = owner.location(item)
    owner.discard(item)
    _place(hero, item, action.to, "belt")
    _spend(state, hero, cost)
    state.log.emit("take_item", hero.uid, owner=owner.uid, item=item.uid, source=source, to=action.to, ap=cost)


def _use_other(state: GameState, hero: HeroState, action: UseOtherItem) -> None:
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
        profile = attacks[action.profile_index]
        target = _attack_target(state, hero, profile, action.monster_uid)
        out = hero_attack(state.dice, log, hero, item, profile, target, state.rules, psi_spend=action.psi_spend,
                          owner=owner, monster_dice=phases.monster_dice(state))
        _spend(state, hero, out.ap_cost)
        log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid, target=target.uid,
                 ap=out.ap_cost, consumed=False)
        state.check_end()
        if out.target_defeated:
            phases.on_monster_defeated(state, target, hero)
        return
    if action.monster_uid is not None or action.psi_spend:
        raise IllegalAction("monster_uid and psi_spend belong to an attack (profile_index)")
    if item.card.effect is None or item.card.attacks:
        raise IllegalAction(f"{item.name} is not a potion or non-attack spell to use (attack with profile_index, "
                            f"or take it with TakeItem)")
    target = hero
    if action.target_uid is not None:
        target = next((h for h in state.heroes if h.uid == action.target_uid), None)
        if target is None:
            raise IllegalAction(f"no character {action.target_uid}")
        if (target is not hero and item.card.card_type == "potion"
                and not state.board.hero_adjacent(state, hero, target)):
            raise IllegalAction(f"{target.uid} is not within range 1 of {hero.uid} to be infused")
    out = use_item(state.dice, log, hero, item, target, owner=owner)
    _spend(state, hero, out.ap_cost)
    log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid, target=target.uid,
             ap=out.ap_cost, consumed=out.consumed)
    state.check_end()


def _repair_other(state: GameState, hero: HeroState, action: RepairOtherItem) -> None:
    """Chapter *Take, Use or Repair Other Items (5 AP)*: repair another character's
    cards for the repair cost + 5 AP; they stay with the owner (``combat.repair``)."""
    owner = _reach_owner(state, hero, action.owner_uid)
    items = [find_item(owner, u) for u in action.item_uids]
    if len({id(i) for i in items}) != len(items):
        raise IllegalAction("a card can be repaired only once per action")
    cost = repair(state.log, hero, items, owner=owner)
    _spend(state, hero, cost)
    state.log.emit("repair_other_item", hero.uid, owner=owner.uid, items=tuple(action.item_uids), ap=cost)


def _attack_target(state: GameState, hero: HeroState, profile, monster_uid: str) -> MonsterState:
    """The monster ``monster_uid`` on the board, if ``hero`` can reach it with ``profile``
    (range and sight: ``board.hero_can_target``). Raises ``IllegalAction``."""
    target = next((m for m in state.monsters if m.uid == monster_uid), None)
    if target is None:
        raise IllegalAction(f"no monster {monster_uid} on the board")
    if not state.board.hero_can_target(state, hero, profile, target):
        raise IllegalAction(f"{target.uid} is out of range or sight")
    return target


def _spend(state: GameState, hero: HeroState, cost: int) -> None:
    state.ap[hero.uid] = state.ap.get(hero.uid, 0) - cost


def _apply_d(state: GameState, hero: HeroState, action: Action) -> None:
    ap = state.ap.get(hero.uid, 0)
    log = state.log
    if state.pending_loot:
        if not isinstance(action, KeepLoot) or not 0 <= action.index < len(state.pending_loot):
            raise IllegalAction("choose which of the searched cards to keep (KeepLoot)")
        kept = state.pending_loot.pop(action.index)
        state.loot.discard.extend(state.pending_loot)
        state.pending_loot = []
        state.pending_loot_hero = None
        state.give_card(hero, kept)
        return
    if state.pending_loot_draws:
        if isinstance(action, ContinueLoot):
            remaining, state.pending_loot_draws, state.pending_loot_hero = state.pending_loot_draws, 0, None
            state.log.emit("loot_continued", hero.uid, cards=remaining)
            phases.draw_defeat_loot(state, hero, remaining)
            state.check_end()
        elif isinstance(action, StopLoot):
            state.log.emit("loot_stopped", hero.uid, cards_left=state.pending_loot_draws)
            state.pending_loot_draws, state.pending_loot_hero = 0, None
        else:
            raise IllegalAction("a Trap triggered: draw the remaining Loot Cards (ContinueLoot) or stop (StopLoot)")
        return
    if ap < 1:
        raise IllegalAction(f"{hero.uid} has no Action Points left")
    if isinstance(action, Attack):
        item = find_item(hero, action.item_uid)
        attacks = item.card.attacks
        if not 0 <= action.profile_index < len(attacks):
            raise IllegalAction(f"{item.name} has no attack {action.profile_index}")
        profile = attacks[action.profile_index]
        target = _attack_target(state, hero, profile, action.target_uid)
        out = hero_attack(state.dice, log, hero, item, profile, target, state.rules,
                          from_belt=action.from_belt, psi_spend=action.psi_spend,
                          monster_dice=phases.monster_dice(state))
        _spend(state, hero, out.ap_cost)
        state.check_end()
        if out.target_defeated:
            phases.on_monster_defeated(state, target, hero)
    elif isinstance(action, UseItem):
        item = find_item(hero, action.item_uid)
        target = state.hero(action.target_uid) if action.target_uid else None
        out = use_item(state.dice, log, hero, item, target, from_belt=action.from_belt)
        _spend(state, hero, out.ap_cost)
        state.check_end()
    elif isinstance(action, Repair):
        items = [find_item(hero, u) for u in action.item_uids]
        _spend(state, hero, repair(log, hero, items))
    elif isinstance(action, RetrieveFromBackpack):
        item = find_item(hero, action.item_uid)
        if hero.location(item) != "backpack":
            raise IllegalAction(f"{item.name} is not in the Backpack")
        cost = hero.retrieve_cost(item)
        if action.to == "belt":
            hero.move_to_belt(item)
        elif action.to == "equip":
            hero.equip(item, displace="belt")
        else:
            raise IllegalAction(f"cannot retrieve to {action.to!r}")
        _spend(state, hero, cost)
        log.emit("retrieve", hero.uid, item=item.uid, to=action.to, ap=cost)
    elif isinstance(action, MoveItem):
        item = find_item(hero, action.item_uid)
        location = hero.location(item)
        if action.to == "equip":
            if location != "belt":
                raise IllegalAction(f"{item.name} is not on the Belt")
            cost = hero.retrieve_cost(item)
            hero.equip(item, displace="belt")
        elif action.to in ("belt", "backpack"):
            if location in (None, "belt", "backpack"):
                raise IllegalAction(f"{item.name} is not equipped")
            cost = 0
            if action.to == "belt":
                hero.move_to_belt(item)
            else:
                hero.move_to_backpack(item)
        else:
            raise IllegalAction(f"cannot move to {action.to!r}")
        _spend(state, hero, cost)
        log.emit("move_item", hero.uid, item=item.uid, to=action.to, ap=cost)
    elif isinstance(action, ThrowItem):
        _throw(state, hero, action)
    elif isinstance(action, TakeItem):
        _take(state, hero, action)
    elif isinstance(action, UseOtherItem):
        _use_other(state, hero, action)
    elif isinstance(action, RepairOtherItem):
        _repair_other(state, hero, action)
    elif isinstance(action, Search):
        _search(state, hero, action.cards)
    elif isinstance(action, Wait):
        if not 1 <= action.ap <= ap:
            raise IllegalAction(f"wait 1..{ap} AP, not {action.ap}")
        _spend(state, hero, action.ap)
        log.emit("wait", hero.uid, ap=action.ap)
    elif isinstance(action, EndTurn):
        state.ap[hero.uid] = 0
        log.emit("end_turn", hero.uid, ap_lost=ap)
    else:
        raise IllegalAction(f"{type(action).__name__} is not an action-phase action")


def _search(state: GameState, hero: HeroState, cards: int) -> None:
    """Search Treasures: 1 AP for one card; 5 AP for two, keep one (chapter *Search
    Treasures*). Traps drawn trigger at once in draw order and become the searcher's
    gold; the choice is among the other cards."""
    if cards not in (1, 2):
        raise IllegalAction("search draws 1 or 2 cards")
    if state.loot is None or state.board.loot_markers(state, hero) < 1:
        raise IllegalAction(f"no Loot Marker for {hero.uid} to search")
    cost = state.rules.search_one_ap if cards == 1 else state.rules.search_two_ap
    _spend(state, hero, cost)
    state.board.take_loot_marker(state, hero)
    drawn = [c for c in (state.loot.draw(state.dice) for _ in range(cards)) if c is not None]
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
        state.loot.discard.extend(keep)
    elif len(keep) == 2:
        state.pending_loot = keep
        state.pending_loot_hero = hero.uid
    elif keep:
        state.give_card(hero, keep[0])


# =========================================================================== Phase H and setup
def _legal_h(state: GameState, hero: HeroState) -> list[Action]:
    acts: list[Action] = []
    if state.pending_bonus.get(hero.uid, 0) > 0:
        acts += [ChooseHeroBonus(b) for b in state.rules.hero_bonuses if b not in hero.hero_bonuses]
    if hero.attribute_points > 0:
        acts += [RaiseAttribute(a) for a in ATTRIBUTES]
    points = state.pending_recovery.get(hero.uid)
    if points is not None:
        acts += [RecoverPoints(k) for k in range(points + 1)]
    if hero.unconscious and hero.uid not in state.stay_unconscious:
        acts.append(StayUnconscious())
    acts.append(EndTurn())
    return acts


def _apply_h(state: GameState, hero: HeroState, action: Action) -> None:
    if isinstance(action, ChooseHeroBonus):
        if state.pending_bonus.get(hero.uid, 0) < 1:
            raise IllegalAction(f"{hero.uid} has no hero bonus to choose")
        choose_hero_bonus(hero, action.bonus, state.rules)
        state.pending_bonus[hero.uid] -= 1
        state.log.emit("hero_bonus", hero.uid, bonus=action.bonus)
    elif isinstance(action, RaiseAttribute):
        if action.attribute not in ATTRIBUTES:
            raise IllegalAction(f"unknown attribute {action.attribute}")
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


# =========================================================================== Phase I
def _legal_i(state: GameState, leader: HeroState) -> list[Action]:
    """Phase I: buys, clearing unwanted cards, ``EndTurn``; with the optional rule
    ``remove_traps_in_phase_i`` also ``RemoveTrapByDoom`` (when the Doom Counter is
    in play) and ``TriggerShopTrap`` (on each conscious hero) for every Trap in the
    shop, and ``EndTurn`` only once no Trap is left. A Trap that none of the three
    ways can remove (no Doom Counter, no conscious hero, nobody can pay) may be
    cleared, so the game cannot get stuck."""
    acts: list[Action] = []
    shop = state.loot.shop
    remove_traps = phases.phase_i_trap_removal(state)
    for slot, card in enumerate(shop):
        if card is None:
            continue
        first = len(acts)
        if remove_traps and card.kind == TRAP:
            if state.options.doom:
                acts.append(RemoveTrapByDoom(slot))
            acts += [TriggerShopTrap(slot, h.uid) for h in state.heroes if h.can_act]
        elif not phases.shop_slot_blocked(state, slot):
            acts.append(ClearShopSlot(slot))
        price = card_gold(state.pack, card)
        if price <= 0:
            if remove_traps and card.kind == TRAP and len(acts) == first:
                acts.append(ClearShopSlot(slot))
            continue
        for hero in state.heroes:
            if hero.dead:
                continue
            can_receive = card.kind == TRAP or (hero.can_act and hero.uid not in state.stay_unconscious)
            if not can_receive:
                continue
            payments = [c.uid for c in state.gold_cards.get(hero.uid, [])]
            payments += [i.uid for i in hero.all_items()]
            for pay in payments:
                if state.gold_value(hero, pay) >= price:
                    acts.append(Buy((slot,), ((hero.uid, pay),), hero.uid if card.kind != TRAP else None))
        if remove_traps and card.kind == TRAP and len(acts) == first:
            acts.append(ClearShopSlot(slot))
    if not (remove_traps and any(c is not None and c.kind == TRAP for c in shop)):
        acts.append(EndTurn())
    return acts


def _apply_i(state: GameState, leader: HeroState, action: Action) -> None:
    shop = state.loot.shop
    remove_traps = phases.phase_i_trap_removal(state)
    if isinstance(action, EndTurn):
        if remove_traps and any(c is not None and c.kind == TRAP for c in shop):
            raise IllegalAction("optional rule remove_traps_in_phase_i: remove every Trap in the shop first")
        state.shop_open = False
        return
    if isinstance(action, (RemoveTrapByDoom, TriggerShopTrap)):
        if not remove_traps:
            raise IllegalAction("removing Traps this way needs the optional rule remove_traps_in_phase_i")
        slot = action.slot
        if not 0 <= slot < len(shop) or shop[slot] is None or shop[slot].kind != TRAP:
            raise IllegalAction(f"shop slot {slot} holds no Trap")
        card = shop[slot]
        if isinstance(action, RemoveTrapByDoom):
            if not state.options.doom:
                raise IllegalAction("the Doom Counter is not in play")
            shop[slot] = None
            state.loot.discard.append(card)
            state.log.emit("shop_trap_removed", None, slot=slot, card=card.uid, by="doom")
            phases.doom_advance(state, 1, reason="phase_i_trap")
        else:
            target = next((h for h in state.heroes if h.uid == action.hero_uid), None)
            if target is None or not target.can_act:
                raise IllegalAction(f"{action.hero_uid} cannot trigger a Trap (not a conscious hero)")
            shop[slot] = None
            state.log.emit("shop_trap_removed", target.uid, slot=slot, card=card.uid, by="trigger")
            resolve_trap(state, card, target)
        return
    if isinstance(action, ClearShopSlot):
        if not 0 <= action.slot < len(shop) or shop[action.slot] is None:
            raise IllegalAction(f"shop slot {action.slot} is empty")
        if remove_traps and shop[action.slot].kind == TRAP:
            if ClearShopSlot(action.slot) not in _legal_i(state, leader):
                raise IllegalAction("optional rule remove_traps_in_phase_i: a Trap must be bought, "
                                    "removed by a Doom Counter step or triggered")
        elif phases.shop_slot_blocked(state, action.slot):
            raise IllegalAction("a Trap blocks its shop slot until it is bought")
        state.loot.discard.append(shop[action.slot])
        state.log.emit("shop_cleared", None, slot=action.slot, card=shop[action.slot].uid)
        shop[action.slot] = None
        return
    if not isinstance(action, Buy):
        raise IllegalAction(f"{type(action).__name__} is not a shop decision")
    slots = action.slots
    if not slots or len(set(slots)) != len(slots) or any(not 0 <= s < len(shop) or shop[s] is None for s in slots):
        raise IllegalAction(f"cannot buy shop slots {slots}")
    price = sum(card_gold(state.pack, shop[s]) for s in slots)
    if any(card_gold(state.pack, shop[s]) <= 0 for s in slots):
        raise IllegalAction("a card without gold value cannot be bought, only cleared")
    if len(set(action.payment)) != len(action.payment):
        raise IllegalAction("a card can pay only once")
    paid = 0
    for owner_uid, uid in action.payment:
        paid += state.gold_value(state.hero(owner_uid), uid)
    if paid < price:
        raise IllegalAction(f"the payment is worth {paid} gold, the price is {price}")
    bought_items = [shop[s] for s in slots if shop[s].kind != TRAP]
    receiver = None
    if bought_items:
        rid = action.receiver_uid or action.payment[0][0]
        receiver = state.hero(rid)
        if not receiver.can_act or receiver.uid in state.stay_unconscious:
            raise IllegalAction(f"{receiver.uid} cannot receive items")
    # pay: cards leave their owners for the discard pile
    for owner_uid, uid in action.payment:
        owner = state.hero(owner_uid)
        golds = state.gold_cards.get(owner_uid, [])
        gold_card = next((c for c in golds if c.uid == uid), None)
        if gold_card is not None:
            golds.remove(gold_card)
            state.loot.discard.append(gold_card)
            continue
        item = find_item(owner, uid)
        owner.discard(item)
        state.loot.discard.append(state.item_cards.pop(item.uid, Card(EQUIPMENT, item.card.id, 0)))
    for s in slots:
        card = shop[s]
        shop[s] = None
        if card.kind == TRAP:
            state.loot.discard.append(card)
            continue
        item = ItemInstance(state.pack.equipment[card.id], f"{receiver.uid}/{card.uid}")
        state.item_cards[item.uid] = card
        if action.equip and receiver.can_equip(item.card):
            receiver.equip(item, displace="backpack")
        elif len(receiver.belt) < receiver.belt_capacity:
            receiver.belt.append(item)
        else:
            receiver.backpack.append(item)
    state.log.emit("bought", receiver.uid if receiver else None, slots=slots, price=price, paid=paid,
                  payment=action.payment)
