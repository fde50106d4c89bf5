"""Monster AI: who acts in which order, whom it attacks, how it moves (Book of Rules
*Monster Activation*: *Monster Order*, *Target of a Monster*, *Fastest Way to the
Target*, *Monsters and Obstacles/Holes*; the abilities of NOTES.md that choose targets).

An activation is one move (``board.move_monster``; without a map monsters stay put)
and ONE attack on the chosen targets (``combat.monster_attack``). The Goblin brings a
second Goblin (``pair_activation``), the Orc that wounded acts once more
(``extra_activation_on_wound``). ``monster_dice`` picks the dice monsters roll (the
solo optional rule ``solo_average_monster_dice``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import abilities
from .combat import AttackOutcome, monster_attack
from .dice import AverageDice, DiceRoller
from .ending import check_end
from .hero import HeroState
from .monster import MonsterState

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData

TARGET_ATTRIBUTE = {"melee": "STR", "ranged": "AGI", "magic": "WIS"}
"""The base attribute a monster's attack type looks for in its target (criterion 3)."""


def monster_order_key(state: GameData, monster: MonsterState) -> tuple:
    """Sort key of the monster order (chapter *Monster Order*): higher AP first, then
    the priority letter (A first), the distance to the nearest character (closer
    first), more modifications first, then board order (the players' choice)."""
    return (-monster.action_points, monster.priority, state.board.distance_to_nearest_hero(state, monster),
            -len(monster.modifications), state.monsters.index(monster))


def ordered_monsters(state: GameData, monsters: list[MonsterState] | None = None) -> list[MonsterState]:
    """The monsters (default: all on the board) that are not defeated, in monster order."""
    pool = state.monsters if monsters is None else monsters
    return sorted((m for m in pool if not m.defeated), key=lambda m: monster_order_key(state, m))


def monster_dice(state: GameData) -> DiceRoller:
    """The dice for the monsters' own rolls (attack, defense, psi resistance):
    ``AverageDice(rules.solo_average_die)`` when the optional rule
    ``solo_average_monster_dice`` is on and the solo rules apply, else ``state.dice``."""
    if state.solo and "solo_average_monster_dice" in state.optional_rules:
        return AverageDice(state.rules.solo_average_die)
    return state.dice


def choose_targets(state: GameData, monster: MonsterState) -> list[HeroState]:
    """The heroes ``monster`` attacks (chapter *Target of a Monster*): conscious heroes
    in range (``state.board``); as many as its ability allows (all for the Troll,
    Shaman, Dark Mage; 2 for Ogre and Spear Thrower; else 1), closest first, then the
    lowest base attribute of the attack type (STR melee, AGI ranged, WIS magic), then
    less active armor (undamaged equipped AR; the German edition's "weniger Rüstung"),
    then seat order (players' decision). The Ghoul takes the lowest current HP; the
    Archer skips the nearest hero for a lower AGI in range."""
    board = state.board
    candidates = [h for h in state.heroes if h.can_act and board.in_range(state, monster, h)]
    if not candidates:
        return []
    rule = abilities.rule_for(monster)
    if rule.max_targets is None:
        return candidates
    if rule.id == "ghoul_weakest_target":
        pick = abilities.ghoul_pick_target(candidates)
        return [pick] if pick is not None else []
    if rule.id == "archer_weakest_agility":
        choice = abilities.archer_pick_target([(h, board.distance(state, monster, h)) for h in candidates])
        return [choice] if choice is not None else []
    attr = TARGET_ATTRIBUTE.get(monster.attack_type, "STR")

    def key(h: HeroState) -> tuple:
        active_armor = sum(i.armor_rating for i in h.equipped() if i.is_armor and not i.damaged)
        return (board.distance(state, monster, h), h.attribute(attr), active_armor, state.heroes.index(h))

    if len(candidates) > 1:
        candidates.sort(key=key)
    return candidates[: rule.max_targets]


def activate_monster(state: GameData, monster: MonsterState, reason: str = "normal") -> list[AttackOutcome]:
    """One activation: move (the board's business) and ONE attack on the chosen
    targets via ``combat.monster_attack``. An Orc that wounded gets one more
    activation (that one cannot chain another). Returns the attack outcomes."""
    if monster.defeated or state.outcome is not None:
        return []
    state.board.move_monster(state, monster)
    targets = choose_targets(state, monster)
    if state.log.enabled:
        state.log.emit("activation", monster.uid, reason=reason, targets=tuple(h.uid for h in targets))
    if not targets:
        return []
    outs = monster_attack(state.dice, state.log, monster, targets, state.rules, state.defense_policy,
                          monster_dice=monster_dice(state))
    check_end(state)
    if state.outcome is None and reason != "orc" and any(o.extra_activation for o in outs):
        activate_monster(state, monster, reason="orc")
    return outs


def activate_in_order(state: GameData, monster: MonsterState) -> None:
    """A monster's normal activation at its AP value; a Goblin brings a second Goblin
    that has not acted yet right after it (ability ``pair_activation``)."""
    state.activated.add(monster.uid)
    activate_monster(state, monster)
    if state.outcome is None and abilities.rule_for(monster).pair_activation:
        partner = next((m for m in ordered_monsters(state) if m.monster.id == monster.monster.id
                        and m.uid not in state.activated), None)
        if partner is not None:
            state.activated.add(partner.uid)
            activate_monster(state, partner, reason="pair")
