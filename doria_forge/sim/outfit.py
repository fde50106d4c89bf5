"""What a bot party wears and buys (Book of Rules *Equipping Cards*, *Armor Encumbrance*,
*Phase I: Buy or Remove Shop Items*).

* ``upgrade(state, hero)`` - with no monster about, put on carried armor that raises the
  Armor Rating of its zone (without leaving the hero under 1 Initiative Point) and take into
  the hands the weapon set ``HeroState.best_hand_choice`` prefers.
* ``purchase(state)`` - in Phase I the group buys, with cards nobody uses (Trap cards held
  as gold, the Backpack, Belt cards the holder cannot use), a healing potion for a hero
  without one, else armor that a hero would put on at once.

Both only read the state and return an action (or ``None``); choices are in seat and slot
order, so a game stays reproducible.
"""

from __future__ import annotations

from typing import Any

from doria_forge.engine.actions import Action, Buy, MoveItem, RetrieveFromBackpack
from doria_forge.engine.decks import EQUIPMENT, card_gold
from doria_forge.engine.hero import HeroState, ItemInstance
from doria_forge.engine.moves.shop import gold_value
from doria_forge.model.equipment import Equipment


def _worn(hero: HeroState, card: Equipment) -> ItemInstance | None:
    """The card worn where ``card`` would go (``None``: the place is free)."""
    zone = card.zone
    if zone in hero.zones:
        return hero.zones[zone]
    if zone == "accessory":
        return None if None in hero.accessory else min(hero.accessory, key=lambda i: i.armor_rating if i else 0)
    return None


def armor_gain(hero: HeroState, card: Equipment) -> int:
    """Armor Rating the hero gains by putting ``card`` on (0: none, or not allowed: the
    requirements, or the encumbrance would leave it under 1 Initiative Point)."""
    if not card.armor_rating or card.hands or card.zone == "body" or not hero.can_equip(card):
        return 0
    worn = _worn(hero, card)
    gain = card.armor_rating - (worn.armor_rating if worn is not None and not worn.damaged else 0)
    if gain <= 0:
        return 0
    # encumbrance counts damaged armor too
    worn_after = hero.armor_rating_worn + card.armor_rating - (worn.armor_rating if worn is not None else 0)
    limit = hero.attribute("STR") + hero.bonus("strength")
    load = max(0, worn_after - limit) - hero.encumbrance
    return gain if hero.ip - load >= 1 else 0


def upgrade(state: Any, hero: HeroState, ap: int) -> Action | None:
    """The next card to put on or take into the hands (see the module docstring)."""
    if ap < 1:
        return None
    for item in hero.belt + hero.backpack:
        if armor_gain(hero, item.card) > 0 and not item.damaged:
            return _take(hero, item)
    usable = [i for i in hero.hand_items() + hero.belt + hero.backpack
              if i.hands and not i.damaged and hero.meets_requirements(i.card)]
    best = hero.best_hand_choice(list(dict.fromkeys(usable)))
    held = set(map(id, hero.hand_items()))
    for item in best:
        if id(item) not in held:
            return _take(hero, item)
    return None


def _take(hero: HeroState, item: ItemInstance) -> Action:
    if hero.location(item) == "backpack":
        return RetrieveFromBackpack(item.uid, "equip")
    return MoveItem(item.uid, "equip")


# --------------------------------------------------------------------------- the shop
def spare_cards(state: Any) -> list[tuple[HeroState, str, int]]:
    """(owner, card uid, gold) of cards the party can pay with and not miss: Trap cards held
    as gold, Backpack cards, Belt cards their holder cannot use (potions are never spare)."""
    out = []
    for hero in state.heroes:
        if hero.dead:
            continue
        for card in state.gold_cards.get(hero.uid, []):
            out.append((hero, card.uid, card_gold(state.pack, card)))
        for item in hero.backpack + [i for i in hero.belt if not hero.meets_requirements(i.card)]:
            if item.card.card_type == "potion":
                continue
            value = gold_value(state, hero, item.uid)
            if value > 0:
                out.append((hero, item.uid, value))
    return out


def _pay(spare: list[tuple[HeroState, str, int]], price: int) -> tuple[tuple[str, str], ...] | None:
    """The least valuable spare card worth ``price`` or more (``None``: none is)."""
    enough = [e for e in spare if e[2] >= price]
    if not enough:
        return None
    owner, uid, _ = min(enough, key=lambda e: e[2])
    return ((owner.uid, uid),)


def _has_healing(hero: HeroState) -> bool:
    return any(i.card.effect is not None and i.card.effect.heal_hp > 0 and not i.card.attacks
               for i in hero.all_items())


def purchase(state: Any) -> Action | None:
    """The group's next buy in Phase I (see the module docstring), or ``None``."""
    receivers = [h for h in state.heroes if h.can_act and h.uid not in state.stay_unconscious]
    if not receivers:
        return None
    spare = spare_cards(state)
    if not spare:
        return None
    for slot, card in enumerate(state.loot_decks.shop):
        if card is None or card.kind != EQUIPMENT:
            continue
        price = card_gold(state.pack, card)
        if price <= 0:
            continue
        equipment = state.pack.equipment[card.id]
        receiver = None
        effect = equipment.effect
        if equipment.card_type == "potion" and effect is not None and effect.heal_hp > 0:
            needy = [h for h in receivers if not _has_healing(h)]
            if needy:
                receiver = min(needy, key=lambda h: (h.hp / max(1, h.hp_max), state.heroes.index(h)))
        else:
            gains = [(armor_gain(h, equipment), h) for h in receivers]
            gains = [(g, h) for g, h in gains if g > 0]
            if gains:
                receiver = max(gains, key=lambda gh: (gh[0], -state.heroes.index(gh[1])))[1]
        if receiver is None:
            continue
        payment = _pay(spare, price)
        if payment is not None:
            return Buy((slot,), payment, receiver.uid, equip=equipment.card_type != "potion")
    return None
