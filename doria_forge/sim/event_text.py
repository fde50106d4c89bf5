"""The game's events (``engine.events.Event``) as sentences in the rulebook's words, for the event
log of a replay in the HTML report (``sim.replay``): "Orc 1 loses 2 Hit Points (4 left)", not
``orc-1: monster_hp_lost amount=2 hp=4 source=adventurer``. The report's reader is a designer
reading a game, not the engine's field names, ids or Python values.

Each event kind the engine emits has a sentence of its own (:data:`SENTENCES`); a kind without
one (a new event) is still written in words (:func:`_generic`), never as ``key=value`` fields.
Ids are named by :class:`Names` (``sim.wording``, shared with the decisions' ``sim.action_text``): a
hero, monster, card, trap or item by its name in the pack. A replay tells a game's events in the
order they happen at the table (:func:`told_order`), not always the order the engine logs them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from doria_forge.model.words.common import a_noun

from .wording import (
    NAMED_KINDS,
    Names,
    a_name,
    action_points,
    counted,
    hit_points,
    hp_and_pp,
    listed,
    place_words,
    psi_points,
    shop_slot,
    square_words,
    value_words,
    words,
)


class _Said:
    """An event's fields for its sentence: ``who`` (the actor named), ``n(value)`` any id named,
    ``e[key]`` / ``e.get(key)`` the raw field."""

    def __init__(self, event: Any, names: Callable[[Any], str]) -> None:
        self.event, self.n = event, names
        self.who = names(event.actor) if event.actor else ""

    def __getitem__(self, key: str) -> Any:
        return self.event.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.event.data.get(key, default)

    def many(self, key: str) -> str:
        return listed([self.n(v) for v in self.get(key) or ()])

    def check(self) -> str:
        """``total``, ``target_number`` and ``success`` as the roll of a check."""
        outcome = "success" if self.get("success") else "failure"
        return f"rolls {self['total']} against Target Number {self['target_number']}: {outcome}"

    def square(self, value: Any) -> str:
        """A square by its Room Tile where the names know the board (``Names.square``)."""
        return getattr(self.n, "square", square_words)(value)

    def costing(self, key: str = "ap") -> str:
        ap = self.get(key)
        return f" ({action_points(ap)})" if ap else ""


REASONS = {
    "phase_g": "Phase G", "phase_i_trap": "a trap card left in the shop in Phase I",
    "unconscious": "an unconscious character", "fumble": "a fumble", "extra_activation": "an Extra Activation",
    "free_attack": "a free attack", "no_figure_left": "no figure left to place", "monster_icon": "a monster icon",
    "start": "the start tile", "armor used": "armor used", "psi resistance": "Psi Resistance",
    "scenario": "the scenario", "effect": "a scenario effect", "setup": "setup",
    "current_initiative": "the current Initiative", "normal": "",
    "same_card": "the same monster card as the one before", "horde": "the Horde modification",
}
"""Reasons the engine gives, in the rulebook's words (any other: the id named)."""


def _why(said: _Said, key: str = "reason") -> str:
    reason = said.get(key)
    if reason in (None, ""):
        return ""
    said_as = REASONS[str(reason)] if str(reason) in REASONS else said.n(reason)
    return f" ({said_as})" if said_as else ""


def _no_damage(s: _Said) -> str:
    """A hero's hit on a monster that costs it no Hit Point (chapter *Getting Hit and Armor Rating*:
    "Each hit against a monster must do more damage than their Armor Rating, otherwise the damage
    is ignored"), with its numbers; "" for a hit that wounds (its ``monster_hp_lost`` follows) or
    an event without them."""
    if not s.get("hit") or s.get("damage") is None:
        return ""
    damage, armor = int(s["damage"]), int(s.get("armor_rating") or 0)
    if damage <= 0:
        return "; it deals no damage"
    if damage > armor:
        return ""
    return f"; {damage} damage against Armor Rating {armor}: the armor stops it all, no Hit Point lost"


def _attack(s: _Said) -> str:
    hit = "a hit" if s.get("hit") else "a miss"
    critical = f", {counted(s['critical_steps'], 'critical step')}" if s.get("critical_steps") else ""
    psi = f", {psi_points(s['pp'])}" if s.get("pp") else ""
    # a Fumble of the monster's defense is a hit with one critical step more (checks.compare)
    fumble = " (a fumble)" if s.get("defense_fumble") else ""
    return (f"{s.who} attacks {s.n(s['target'])} with {s.n(s['item'])} ({words(str(s.get('attack_type', '')))}): "
            f"attack {s['attack']} against defense {s['defense']}{fumble}, {hit}{critical} "
            f"({action_points(s['ap'])}{psi}){_no_damage(s)}")


def _area_attack(s: _Said) -> str:
    fumble = ", a fumble" if s.get("fumble") else ""
    psi = f", {psi_points(s['pp'])}" if s.get("pp") else ""
    return (f"{s.who} attacks {s.many('figures')} at once with {s.n(s['item'])} "
            f"({words(str(s.get('attack_type', '')))}, area: {words(str(s.get('area', '')))}, aimed at "
            f"{s.n(s['target'])}): attack {s['attack']}{fumble} ({action_points(s['ap'])}{psi})")


def _monster_defense(s: _Said) -> str:
    hit = "hit" if s.get("hit") else "not hit"
    critical = f", {counted(s['critical_steps'], 'critical step')}" if s.get("critical_steps") else ""
    return f"{s.who} defends against {s.n(s['attacker'])}: defense {s['defense']}, {hit}{critical}{_no_damage(s)}"


def _defense(s: _Said) -> str:
    hit = "hit" if s.get("hit") else "not hit"
    psi = f" and {psi_points(s['psi_points'])}" if s.get("psi_points") else ""
    critical = f", {counted(s['critical_steps'], 'critical step')}" if s.get("critical_steps") else ""
    with_ = {"dodge": "a dodge", "psi_resistance": "Psi Resistance"}.get(str(s["defense_with"])) or s.n(
        s["defense_with"])
    fumble = " (a fumble)" if s.get("fumble") else ""
    return (f"{s.who} defends against {s.n(s['attacker'])} with {with_}{psi}: "
            f"defense {s['defense']}{fumble}, {hit}{critical}")


def _item_damaged(s: _Said) -> str:
    """A Damaged Marker; on an armor card used against a hit or a Trap, the points it stopped of the
    damage (chapter *Getting Hit and Armor Rating*), and that no Hit Point was lost when it stopped
    them all (no ``hp_lost`` follows then). The card's name is never the subject of a verb: a name
    in the plural ("Hunting Boots") read "stops" and "gets"."""
    marker = f"A Damaged Marker goes on {s.who}'s {s.n(s['item'])}"
    if s.get("stopped") is None or s.get("damage") is None:
        return f"{marker}{_why(s)}"
    stopped, damage = int(s["stopped"]), int(s["damage"])  # "stopped" says why: no "(armor used)"
    if stopped >= damage:
        return f"{marker}, which stopped all {damage} damage: no Hit Point lost"
    return f"{marker}, which stopped {stopped} of the {damage} damage"


def _doom_field(position: Any) -> str:
    """A place of the Doom Counter: a field (40 to 30), or ``None``, its corner with the red monster
    head, where it starts and goes back to after field 30."""
    return "the red monster head" if position is None else f"field {position}"


def _doom(s: _Said) -> str:
    reached = listed([words(str(e)).title() for e in s.get("effects") or ()])
    effects = f"; reached: {reached}" if reached else ""
    return (f"The Doom Counter moves {counted(s['steps'], 'field')}{_why(s)}, from {_doom_field(s.get('before'))} "
            f"to {_doom_field(s.get('after'))}{effects}")


def _initiative(s: _Said) -> str:
    if s.get("stayed_unconscious"):
        return f"{s.who} stays unconscious and rolls no Initiative"
    fumble = ", a fumble" if s.get("fumble") else ""
    return f"{s.who} rolls {s['roll']} for Initiative{fumble}: {action_points(s['ap'])}"


def _moved(s: _Said) -> str:  # a hero's move and a monster's read alike
    jumps = f", {counted(s['jumps'], 'jump')}" if s.get("jumps") else ""
    return f"{s.who} moves to {s.square(s['square'])}{s.costing()}{jumps}"


def _item_used(s: _Said) -> str:
    outcome = "" if s.get("success", True) else ", without success"
    healed = hp_and_pp(s.get("healed_hp"), s.get("healed_pp"))
    gains = f", regaining {healed}" if healed else ""
    target = f" on {s.n(s['target'])}" if s.get("target") and s.get("target") != s.event.actor else ""
    psi = f", {psi_points(s['pp'])}" if s.get("pp") else ""
    return f"{s.who} uses {s.n(s['item'])}{target}{outcome}{gains} ({action_points(s['ap'])}{psi})"


def _throw(s: _Said) -> str:
    displaced = f"; {s.many('displaced')} goes to the {place_words(s['displaced_to'])}" if s.get("displaced") else ""
    return (f"{s.who} throws {s.n(s['item'])} from the {place_words(s['source'])} to {s.n(s['receiver'])}'s "
            f"{place_words(s['to'])}{displaced}{s.costing()}")


def _bought(s: _Said) -> str:
    slots = listed([shop_slot(slot) for slot in s.get("slots") or ()])
    buyer = s.who or "The party"
    return (f"{buyer} buys the shop card{'s' if len(s.get('slots') or ()) != 1 else ''} in {slots} "
            f"for {s['price']} gold ({s['paid']} paid)")


def _placed_monster(s: _Said) -> str:
    mods = f" with {s.many('modifications')}" if s.get("modifications") else ""
    return f"{s.who} is placed at Monster Level {s['level']}{mods}{_why(s)}"


def _monster_attack(s: _Said) -> str:
    fumble = ", a fumble" if s.get("fumble") else ""
    extra = f" (+{counted(s['extra_dice'], 'die', 'dice')})" if s.get("extra_dice") else ""
    return f"{s.who} attacks {s.many('targets')}: attack {s['attack']}{extra}{fumble}"


def _scenario_rule(s: _Said) -> str:
    rule = f"Scenario rule {int(s['rule']) + 1}"
    if s.get("monster"):
        # a lasting rule changing a monster's hit: the actor is the hero hit, not a hero hitting
        points = int(s["points"])
        change = f"{counted(abs(points), 'point')} of damage {'more' if points > 0 else 'less'}"
        return f"{rule} changes the hit of {s.n(s['monster'])} on {s.who}: {change}"
    on = words(str(s.get("on", "")))
    by = f" by {s.who}" if s.who else ""
    return f"{rule} fires on {on}{by}"


SENTENCES: Mapping[str, Callable[[_Said], str]] = {
    "activation": lambda s: f"{s.who} is activated{_why(s)}" + (
        f", going for {s.many('targets')}" if s.get("targets") else ", with no character in reach"),
    "ap_lost": lambda s: f"{s.who} loses {action_points(s['amount'])}{_why(s)}, {s['ap']} left",
    "armor_ignored": lambda s: f"{s.who}'s armor does not stop this" + (
        f" {words(str(s['element']))} damage" if s.get("element") else " damage"),
    "area_attack": _area_attack,
    "area_unaffected": lambda s: f"{s.who} is not affected by the area attack of {s.n(s['attacker'])}",
    "attack": _attack,
    "attribute_points": lambda s: (f"The party turns {s['xp_spent']} Group XP into "
                                   f"{counted(s['points'], 'Attribute Point')} ({s['xp_left']} Group XP left)"),
    "attributes_changed": lambda s: f"{s.who}'s attributes change: " + ", ".join(
        f"{key} {value}" for key, value in s.event.data.items()),
    "bought": _bought,
    "buried": lambda s: f"{s.who} is buried under rubble on {s.square(s['square'])}",
    "climb_free": lambda s: f"{s.who} climbs out of {s.n(s['trap'])}: {s.check()}",
    "crawled": lambda s: f"{s.who} crawls to {s.square(s['square'])}",
    "dead_door": lambda s: f"The door on {s.square(s['square'])} leads nowhere",
    "death": lambda s: f"{s.who} dies ({s['hp']} Hit Points, {s['pp']} Psi Points)",
    "defense": _defense,
    "disarmed": lambda s: f"{s.who} disarms {s.n(s['target'])}",
    "doom": _doom,
    "doom_prevented": lambda s: f"The party spends {s['xp_spent']} Group XP to hold the Doom Counter back one field",
    "door_event": lambda s: f"{s.who} draws the Door Event Card {s.n(s['card'])}",
    "door_opened": lambda s: f"{s.who} opens the door on {s.square(s['square'])}",
    "doors_blocked": lambda s: f"{s.n(s['trap'])} blocks the doors on " + listed(
        [s.square(q) for q in s.get("squares") or ()]),
    "end_turn": lambda s: f"{s.who} ends the turn" + (
        f", losing {action_points(s['ap_lost'])}" if s.get("ap_lost") else ""),
    "escape_declared": lambda s: f"{s.who} declares the escape",
    "explosion": lambda s: f"{s.who} explodes, dealing {s['damage']} damage to {s.n(s['target'])}",
    "extra_activation": lambda s: f"{s.who} earns an Extra Activation{_why(s)}",
    "extra_activation_all": lambda s: f"Every monster gets an Extra Activation ({counted(s['monsters'], 'monster')})",
    "freed": lambda s: f"{s.who} is freed from {s.n(s['trap'])}",
    "game_over": lambda s: f"The game ends in round {s['round']}: {words(str(s['outcome']))}",
    "group_xp": lambda s: (f"The party gains {s['gained']} Group XP for "
                           f"{REASONS.get(str(s['reason'])) or s.n(s['reason'])}, {s['total']} in all"),
    "healed": lambda s: f"{s.who} regains {hp_and_pp(s.get('hp'), s.get('pp')) or 'nothing'}",
    "hero_bonus": lambda s: f"{s.who} chooses the bonus {words(str(s['bonus']))}",
    "hero_level": lambda s: f"The characters level up (round {s['round']})",
    "hero_placed": lambda s: f"{s.who} starts on {s.square(s['square'])}",
    # a Trap's damage is told right after its check, which names the card (told_order): "the Trap"
    "hp_lost": lambda s: (f"{s.who} loses {hit_points(s['amount'])} to "
                          f"{'the Trap' if s['source'] == 'trap' else s.n(s['source'])} ({s['hp']} left)"),
    "immobilized": lambda s: f"{s.who} immobilizes {s.n(s['target'])}",
    "immobilized_ends": lambda s: f"{s.who} can move again",
    "initiative": _initiative,
    "item_damaged": _item_damaged,
    "item_taken": lambda s: f"{s.who} takes {s.n(s['item'])} from {s.n(s['owner'])}",
    "item_used": _item_used,
    "jump_check": lambda s: f"{s.who} jumps {counted(s['squares'], 'square')}: {s.check()}",
    "loot": lambda s: f"{s.who} draws the Loot Card {s.n(s['card'])}",
    "loot_choice": lambda s: f"{s.who} may draw {counted(s['cards_left'], 'more Loot Card', 'more Loot Cards')}",
    "loot_continued": lambda s: f"{s.who} draws on ({counted(s['cards'], 'Loot Card')})",
    "loot_stopped": lambda s: f"{s.who} stops drawing, leaving {counted(s['cards_left'], 'Loot Card')}",
    "marker_placed": lambda s: (f"{a_noun(words(str(s['marker'])).title())} Marker is placed on "
                                f"{s.square(s['square'])}{_why(s)}"),
    "monster_attack": _monster_attack,
    "monster_defense": _monster_defense,
    "monster_defeated": lambda s: f"{s.who} is defeated" + (f" by {s.n(s['by'])}" if s.get("by") else ""),
    "monster_drawn": lambda s: f"{a_name(s.n(s['monster']))} is drawn" + (
        f" with {s.many('modifications')}" if s.get("modifications") else ""),
    "monster_healed": lambda s: f"{s.who} heals {hit_points(s['amount'])} ({s['hp']} now)",
    "monster_hp_lost": lambda s: f"{s.who} loses {hit_points(s['amount'])} to {s.n(s['source'])} ({s['hp']} left)",
    "monster_level": lambda s: (f"{s.who} rises to Monster Level {s['level']} ({hit_points(s['hp'])} now: "
                                f"Hit Points {s['hp_change']:+d}, Armor Rating {s['ar_change']:+d})"),
    "monster_level_up": lambda s: f"The monsters rise to Monster Level {s['level']}",
    "monster_level_up_ignored": lambda s: (f"The monsters stay at Monster Level {s['level']}: in a campaign "
                                           f"scenario only the first Monster Level Up counts"),
    "monster_moved": _moved,
    "monster_placed": _placed_monster,
    "monster_pushed": lambda s: f"{s.who} is pushed to {s.square(s['square'])} by {s.n(s['by'])}",
    "monster_square": lambda s: f"{s.who} appears on {s.square(s['square'])}",
    "move_item": lambda s: f"{s.who} moves {s.n(s['item'])} to the {place_words(s['to'])}{s.costing()}",
    "moved": _moved,
    "no_figure_left": lambda s: f"No {s.n(s['monster'])} figure is left to place: {s.who} acts instead",
    "no_room_to_rise": lambda s: f"{s.who} has no room to get up on {s.square(s['square'])}",
    "no_square": lambda s: f"No square is free for {a_name(s.n(s['monster']))}{_why(s)}",
    "open_side_connected": lambda s: f"{s.who} connects the open sides {listed([str(v) for v in s['sides']])}",
    "picked_up": lambda s: f"{s.who} picks up {s.n(s['hero'])} on {s.square(s['square'])}",
    "poison_check": lambda s: (f"{s.who} fights the poison: {s.check()} ({counted(s['markers'], 'Poison Marker')} "
                               f"left)"),
    "poisoned": lambda s: f"{s.who} poisons {s.n(s['target'])} ({counted(s['markers'], 'Poison Marker')})",
    "pp_spent": lambda s: f"{s.who} spends {psi_points(s['amount'])}{_why(s)}, {s['pp']} left",
    "put_down": lambda s: f"{s.who} puts {s.n(s['hero'])} down on {s.square(s['square'])}",
    "repair_other_item": lambda s: f"{s.who} repairs {s.many('items')} of {s.n(s['owner'])}{s.costing()}",
    "repaired": lambda s: f"{s.who} repairs {s.many('items')}{s.costing()}",
    "retrieve": lambda s: f"{s.who} takes {s.n(s['item'])} out of the Backpack to the {place_words(s['to'])}"
                          f"{s.costing()}",
    "room_tile_placed": lambda s: f"Room Tile {s['tile']} is placed" + (f" by {s.who}" if s.who else "") + _why(s),
    "room_tile_skipped": lambda s: f"Room Tile {s['tile']} is put aside{_why(s)}",
    "round": lambda s: f"Round {s['round']} begins",
    "rubble_cleared": lambda s: f"The rubble on {s.square(s['square'])} is cleared",
    "scenario_check": lambda s: f"{s.who} {s.check()}",
    "scenario_item": lambda s: f"{s.who} receives {s.n(s['item'])}",
    "scenario_rule": _scenario_rule,
    "search": lambda s: f"{s.who} searches and draws {s.many('cards') or 'nothing'}{s.costing()}",
    "secret_door": lambda s: f"A secret door opens on {s.square(s['square'])}{_why(s)}",
    "shop_card": lambda s: f"The shop shows {s.n(s['card'])} in {shop_slot(s['slot'])}",
    "shop_cleared": lambda s: f"{s.n(s['card'])} leaves the shop ({shop_slot(s['slot'])})",
    "shop_trap_removed": lambda s: f"The trap {s.n(s['card'])} leaves the shop ({shop_slot(s['slot'])})" + (
        f", sprung on {s.who}" if s.who else ""),
    "stay_unconscious": lambda s: f"{s.who} stays unconscious",
    "swapped": lambda s: f"{s.who} swaps places with {s.n(s['other'])} on {s.square(s['square'])}",
    "take_item": lambda s: (f"{s.who} takes {s.n(s['item'])} from {s.n(s['owner'])}'s {place_words(s['source'])} to "
                            f"the {place_words(s['to'])}{s.costing()}"),
    "throw_item": _throw,
    "tn_check": lambda s: f"{s.who} uses {s.n(s['item'])}: {s.check()}",
    "token_dropped": lambda s: f"{s.who} drops the {s.n(s['token'])} on {s.square(s['square'])}",
    "token_picked_up": lambda s: f"{s.who} picks up the {s.n(s['token'])}",
    "token_placed": lambda s: f"The {s.n(s['token'])} is placed on {s.square(s['square'])}",
    "trap": lambda s: (f"{s.who} springs {s.n(s['trap'])} ({words(str(s['trap_type']))} trap, Target Number "
                       f"{s['target_number']})"),
    # the Hit Points a failure costs are the hp_lost told after it (told_order): not told twice
    "trap_check": lambda s: f"{s.who} against {s.n(s['trap'])}: {s.check()}" + (
        f", {counted(s['poison'], 'Poison Marker')}" if s.get("poison") else ""),
    "trap_disarm": lambda s: f"{s.who} tries to disarm {s.n(s['trap'])}: {s.check()}",
    "unconscious": lambda s: f"{s.who} falls unconscious" + (", a fumble" if s.get("fumble") else
                                                             f" ({action_points(s['ap'])})"),
    # the use itself is the line before, with every Action Point of the action (the 5 to take the card
    # included): a cost here too read as a second payment
    "use_other_item": lambda s: (f"{s.who} took that {s.n(s['item'])} from {s.n(s['owner'])} for this use "
                                 f"(on {s.n(s['target'])}; the use above counts the taking)"),
    "wait": lambda s: f"{s.who} waits{s.costing()}",
}
"""A sentence for each kind of event the engine emits."""


def _generic(event: Any, names: Callable[[Any], str]) -> str:
    """An event without a sentence of its own, in words: what happened, then its details."""
    what = words(event.kind)
    details = ", ".join(f"{words(key)} {value_words(value, names)}" for key, value in event.data.items()
                        if value not in (None, (), [], ""))
    head = f"{names(event.actor)}: {what}" if event.actor else what
    return f"{head} ({details})" if details else head


TRAP_DAMAGE = frozenset({"armor_ignored", "item_damaged", "hp_lost", "death"})
"""What a failed Trap check does to the character, logged before the ``trap_check`` that carries the
roll (``engine.traps.resolve_trap`` rolls, applies the damage, then logs the check): the armor it
passed or used, the Hit Points lost, a death."""


def _caused_by_trap_check(event: Any, check: Any) -> bool:
    """Whether ``event`` is part of the damage of Trap check ``check`` (:data:`TRAP_DAMAGE`, to the
    same character)."""
    if event.kind not in TRAP_DAMAGE or event.actor != check.actor:
        return False
    if event.kind == "hp_lost":
        return event.get("source") == "trap"
    return event.kind in ("death", "armor_ignored") or event.get("reason") == "armor used"


def _told_by_the_use(events: Sequence[Any], index: int) -> bool:
    """Whether the ``healed`` event at ``index`` is the healing of the ``item_used`` right after it
    (a card handed over between them: ``item_taken``), which tells the points regained itself."""
    healed = events[index]
    for later in (events[i] for i in range(index + 1, len(events))):
        if later.kind == "item_taken":
            continue
        return (later.kind == "item_used" and later.get("target") == healed.actor
                and (later.get("healed_hp") or 0) == (healed.get("hp") or 0)
                and (later.get("healed_pp") or 0) == (healed.get("pp") or 0))
    return False


def told_order(events: Sequence[Any]) -> list[int]:
    """The indexes of ``events`` (``engine.events.Event``, a game's log) in the order a replay tells
    them, as they happen at the table: a Trap check's roll before the armor and Hit Points its
    failure costs (the engine logs the check after its damage); a healing an ``item_used`` tells
    (its "regaining ...") is left out, not told twice. Every other event keeps its place."""
    order: list[int] = []
    for index, event in enumerate(events):
        if event.kind == "healed" and _told_by_the_use(events, index):
            continue
        at = len(order)
        if event.kind == "trap_check":
            while at and _caused_by_trap_check(events[order[at - 1]], event):
                at -= 1
        order.insert(at, index)
    return order


def event_sentence(event: Any, names: Callable[[Any], str] | None = None) -> str:
    """``event`` (``engine.events.Event``) as one sentence without a full stop, its ids named by
    ``names`` (default: :class:`Names` without a pack)."""
    names = names or Names()
    say = SENTENCES.get(event.kind)
    text = say(_Said(event, names)) if say is not None else _generic(event, names)
    return text[:1].upper() + text[1:]


__all__ = ["NAMED_KINDS", "Names", "REASONS", "SENTENCES", "event_sentence", "told_order"]
