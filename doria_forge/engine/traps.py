"""Traps (Book of Rules *Traps and Secret Doors*).

A Trap is played the moment it is drawn: every affected character (``board.trap_targets``:
the drawer for a *person* Trap, else everyone on the drawer's Room Tile or up to the
nearest doors) checks two attributes + 2D (+ the hero's ``trap`` bonus markers) against
``trap.target_number(ML)``; criticals have no effect; monsters and unconscious characters
are immune. On a failure: the effect's damage (one armor card may block unless it ignores
armor), poison markers, Immobilized. Either way the drawer gets the card as gold
(``state.gold_cards``) and the group its XP. On a map the board plays what the Trap does
to it (``board.trap_sprung``: blocked doors until disarmed, a Room Tile revealed behind a
Secret Door). A character who dies of it ends the scenario at once (*Death of a
Character*): the characters after him do not check and the map is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .checks import TNResult, roll_target_number
from .combat import absorb_damage
from .decks import Card
from .ending import check_end
from .hero import HeroState

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.trap import Trap

    from .state import GameData


@dataclass
class TrapResult:
    """One character's check against a Trap: ``total`` vs ``target_number``,
    ``success``; on failure the HP lost (``wound``), ``armor`` used, poison added."""

    hero: str
    total: int
    target_number: int
    success: bool
    damage: int = 0
    armor: str | None = None
    wound: int = 0
    poison_markers: int = 0
    immobilized: bool = False


def trap_targets(state: GameData, drawer: HeroState, trap: Trap) -> list[HeroState]:
    """The characters a Trap drawn by ``drawer`` reaches (asked of the board)."""
    return state.board.trap_targets(state, drawer, trap)


def trap_check(state: GameData, hero: HeroState, trap: Trap, tn: int) -> TNResult:
    """``hero``'s check against ``trap``: its two ``check_attributes`` + 2D + the hero's ``trap``
    bonus markers against Target Number ``tn`` (chapter *Traps and Secret Doors*)."""
    a, b = trap.check_attributes
    return roll_target_number(state.dice, hero.attribute(a), hero.attribute(b), tn, bonus=hero.bonus("trap"))


def resolve_trap(state: GameData, card: Card, drawer: HeroState) -> list[TrapResult]:
    """Play out Trap ``card`` drawn by ``drawer`` (see the module docstring). Returns
    one ``TrapResult`` per character who checked."""
    trap = state.pack.traps[card.id]
    tn = trap.target_number(state.monster_level)
    results = []
    state.log.emit("trap", drawer.uid, trap=trap.id, trap_type=trap.trap_type, target_number=tn)
    for hero in trap_targets(state, drawer, trap):
        if not hero.can_act:
            continue
        check = trap_check(state, hero, trap, tn)
        res = TrapResult(hero.uid, check.total, tn, check.success)
        if not check.success:
            eff = trap.effect
            if eff.damage:
                res.damage = eff.damage
                # one armor card may stop it, as a monster's hit (chapter *Getting Hit and Armor Rating*)
                res.armor, _, res.wound = absorb_damage(state.log, hero, eff.damage, element=eff.element,
                                                        piercing=eff.ignores_armor, policy=state.defense_policy,
                                                        source="trap")
            # *Additional Card Properties*, poison: markers "as long as the damage is not blocked by
            # armor and therefore a wound was inflicted"; a Trap that only poisons has nothing to block
            if eff.poison_markers and (not eff.damage or res.wound > 0):
                hero.poison_markers += eff.poison_markers
                res.poison_markers = eff.poison_markers
            if eff.immobilize:
                hero.immobilized = res.immobilized = True
                hero.immobilized_by = trap.id
        state.log.emit("trap_check", hero.uid, trap=trap.id, total=check.total, target_number=tn,
                       success=check.success, wound=res.wound, poison=res.poison_markers)
        results.append(res)
        if hero.dead:
            # *Death of a Character*: "an instant end of the current scenario": nobody after
            # him checks, and the Trap does nothing more to the map
            break
    state.gold_cards.setdefault(drawer.uid, []).append(card)
    state.group_xp += trap.xp
    state.log.emit("group_xp", drawer.uid, gained=trap.xp, total=state.group_xp, reason=trap.id)
    if not any(state.hero(r.hero).dead for r in results):
        state.board.trap_sprung(state, drawer, trap, [state.hero(r.hero) for r in results if not r.success])
    check_end(state)
    return results


def climb_free(state: GameData) -> None:
    """Phase F, with the Traps (chapter *Phase F: Special Actions*: Trap activations): every
    conscious hero a Trap Immobilized makes that Trap's check again (its two attributes + 2D
    against its Target Number at the current Monster Level, the hero's trap bonus added); a
    success ends the status (a ``climb_free`` event tells each try), a failure keeps it to the next
    Phase F.

    The book leaves open how the Immobilized status ends ("sometimes automatically, sometimes only
    through certain actions", chapter *Immobile*: the card says) and the Water Pit's card frees
    the hero when it climbs out: the default here is the Trap's own check, as a room's Blocked
    Doors are freed by it in Phase F (``Dungeon.phase_f_traps``). Without it a hero stayed
    Immobilized to the end of the game: 30 of 720 greedy games of the shipped scenarios (1 and 4
    heroes) ended with one, 21 of them in a death."""
    for hero in state.heroes:
        trap_id = hero.immobilized_by
        if trap_id is None or not hero.immobilized:
            continue
        if not hero.can_act:
            continue  # an unconscious hero climbs nowhere; it tries again once it wakes
        trap = state.pack.traps.get(trap_id)
        if trap is None:
            continue
        tn = trap.target_number(state.monster_level)
        check = trap_check(state, hero, trap, tn)
        state.log.emit("climb_free", hero.uid, trap=trap.id, total=check.total, target_number=tn,
                       success=check.success)
        if check.success:
            hero.immobilized, hero.immobilized_by = False, None
