"""The round: Phases A-I (Book of Rules *Game Phases*) and the Doom Counter's effects
(*Phase G*: Extra Activations, Monster Level Up).

``advance`` runs everything that needs no decision until a hero has to choose (Phase D
actions, Phase H choices, Phase I purchases) or the game is over; the game API
(``engine.game``) calls it after every action. Who acts on the Initiative Board is
``next_marker``; monster activations are ``monster_ai``'s, monsters entering
``spawn``'s, defeats ``defeat``'s. Map questions go to ``state.board``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from doria_forge.model.common import DiceSpec

from .checks import roll_target_number
from .defeat import on_monster_defeated
from .doom import EXTRA_ACTIVATION, LEVEL_UP, doom_steps
from .ending import check_end, finish
from .hero import HeroState, initiative_fumble
from .levelup import needs_phase_h, phase_h_automatic, raise_monster_level
from .monster import MonsterState
from .monster_ai import activate_in_order, activate_monster, first_in_order, ordered_monsters
from .spawn import draw_and_spawn, summon_in_phase_f
from .state import OVER, SETUP, A, B, C, D, E, F, G, H, I
from .traps import climb_free
from .triggers import fire, scenario_outcome

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData

__all__ = [
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "OVER", "SETUP",
    "advance", "doom_advance", "end_action_phase", "end_round", "extra_activation", "initiative_spec", "next_marker",
    "phase_c_initiative", "phase_e_poison", "phase_f_special", "phase_g_doom",
    "poison_check", "roll_initiative", "start_phase_i", "start_round",
]


# =========================================================================== driver
def advance(state: GameData) -> None:
    """Run the game forward until a decision is due or the game is over."""
    state.actor = None
    while state.outcome is None:
        phase = state.phase
        if phase == D:
            if state.pending_loot or state.pending_loot_draws or state.board.pending_decider(state):
                return
            _, who = next_marker(state)
            if isinstance(who, HeroState):
                state.actor = who.uid
                return
            if isinstance(who, MonsterState):
                activate_in_order(state, who)
                continue
            end_action_phase(state)
            continue
        if phase in (SETUP, H):
            if state.decision_queue:
                return
            if phase == SETUP:
                start_round(state)
            else:
                start_phase_i(state)
            continue
        if phase == I:
            if state.shop_open:
                return
            start_round(state)
            continue
        raise RuntimeError(f"advance() in unexpected phase {phase!r}")
    state.phase = OVER


def end_round(state: GameData) -> None:
    """The end of a round (after Phase I): scenario rules waiting for it, then the goals
    that count at the end of a round (a token delivered, an escape, rounds survived)."""
    fire(state, "round_end", round=state.round)
    if state.outcome is None:
        goal = scenario_outcome(state, end_of_round=True)
        if goal:
            finish(state, goal)


def start_round(state: GameData) -> None:
    """The end of the last round (``end_round``), then Phases A, B and C, then the action
    phase D. Each phase start is told to the scenario (``triggers.fire("phase")``)."""
    if state.round >= 1:
        end_round(state)
        if state.outcome is not None:
            return
    if state.options.max_rounds is not None and state.round >= state.options.max_rounds:
        finish(state, "round_limit")
        return
    # A: round marker +1; the door side of the marker is turned back
    state.round += 1
    state.door_opened = False
    state.activated.clear()
    state.phase = A
    state.log.emit("round", None, round=state.round)
    fire(state, "round_start", round=state.round)
    _phase(state, A)
    # B: new shop items
    _phase(state, B)
    if state.options.shop and state.loot is not None:
        for slot, card in state.loot.refill_shop(state.dice):
            state.log.emit("shop_card", None, slot=slot, card=card.uid)
    # C: initiative
    _phase(state, C)
    phase_c_initiative(state)
    if state.outcome is None:
        _phase(state, D)


def _phase(state: GameData, phase: str) -> None:
    """Enter ``phase`` and tell the scenario (Phase F's scenario actions are told later,
    after modifications, Traps and Zombies)."""
    state.phase = phase
    if phase != F and state.outcome is None:
        fire(state, "phase", phase=phase, round=state.round)


# =========================================================================== Phase C
def initiative_spec(state: GameData, hero: HeroState) -> DiceSpec:
    """The hero's initiative roll (chapters *Phase C*, *Negative Hit Points or Psi
    Points*, *Negative Initiative Points*, *1 Player*): 2D + IP, one die less with
    negative HP, PP or IP, one more with *Extra Initiative Die*; minus the lower
    negative HP/PP value - except in solo play, where it is never subtracted."""
    spec = hero.initiative_dice()
    if state.solo:
        # take back the negative HP/PP the bonus subtracted (cheaper than a second ``hero.ip``)
        return DiceSpec(spec.count, spec.bonus - min(0, hero.hp, hero.pp))
    return spec


def roll_initiative(state: GameData, hero: HeroState, *, doom: bool = True) -> int | None:
    """Roll one hero's initiative; sets ``state.ap``. Returns the AP (capped at
    ``rules.initiative_cap``), or ``None`` when the hero is (now) unconscious.

    Below 1 AP or a Fumble (two ones; a 1 with a single die) knocks the hero
    unconscious and, with ``doom``, steps the Doom Counter at once (solo heroes never
    become unconscious: they just have no AP this round). ``phase_c_initiative`` passes
    ``doom=False`` and steps the Doom Counter itself once every hero has rolled. Heroes who
    chose to stay unconscious do not roll and cause no Doom step."""
    if hero.dead:
        return None
    if hero.uid in state.stay_unconscious:
        state.ap[hero.uid] = 0
        state.log.emit("initiative", hero.uid, stayed_unconscious=True)
        return None
    roll = state.dice.roll(initiative_spec(state, hero))
    ap = min(roll.total, state.rules.initiative_cap)
    fumble = initiative_fumble(roll)
    if state.log.enabled:
        state.log.emit("initiative", hero.uid, roll=roll.total, ap=ap, fumble=fumble)
    if (ap < 1 or fumble) and not state.solo:
        hero.unconscious = True
        state.ap[hero.uid] = 0
        state.log.emit("unconscious", hero.uid, ap=ap, fumble=fumble)
        if doom and state.options.doom:
            doom_advance(state, 1, reason="unconscious")
        return None
    hero.unconscious = False
    state.ap[hero.uid] = ap
    return ap


def phase_c_initiative(state: GameData) -> None:
    """Every living hero rolls initiative in seat order; monsters' markers stand at
    their AP value. The board hears of it (``after_initiative``: the first round places the
    heroes, the fallen lie down and the woken get up). Then the Doom Counter moves one field
    for every hero knocked out by its roll (heroes who stayed unconscious cost none), its
    effects at once. All heroes unconscious at the same time ends the scenario.

    The Doom steps wait for every roll (chapter *Phase C*: "all players roll 2D ... For every
    character that loses consciousness at the beginning of the round, the Doom Counter
    immediately moves +1 field down"): the players roll together, so an Extra Activation it
    triggers finds every hero as this round's roll left it - a hero who fumbles later in seat
    order is already unconscious ("ignored by any monsters"), one who wakes is a target, and
    in the first round the heroes already stand on the Starting Positions."""
    knocked_out = []
    for hero in state.heroes:
        if state.outcome is not None:
            return
        if roll_initiative(state, hero, doom=False) is None and hero.unconscious \
                and hero.uid not in state.stay_unconscious:
            knocked_out.append(hero)
    state.stay_unconscious.clear()
    state.board.after_initiative(state)
    if state.options.doom:
        for _ in knocked_out:
            if state.outcome is not None:
                return
            doom_advance(state, 1, reason="unconscious")
    check_end(state)
    if state.outcome is None and all(h.unconscious or h.dead for h in state.heroes):
        finish(state, "all_unconscious")


def next_marker(state: GameData) -> tuple[str | None, HeroState | MonsterState | None]:
    """Who acts next on the Initiative Board (chapter *Phase D*): the highest marker;
    a hero before a monster on the same square; heroes on the same square in seat
    order (the players may choose: they can ``Wait``); monsters by ``monster_order_key``
    at their AP value, once per round. Returns ("hero", hero), ("monster", monster)
    or (None, None) when the action phase is over."""
    best_hero, best_ap = None, 0
    points = state.ap
    for h in state.heroes:
        if h.dead or h.unconscious:
            continue
        ap = points.get(h.uid, 0)
        if ap >= 1 and ap > best_ap:
            best_hero, best_ap = h, ap
    best_monster = None
    activated = state.activated
    pending = [m for m in state.monsters if not m.defeated and m.uid not in activated]
    if pending:
        top = max([m.action_points for m in pending])
        if best_hero is not None and best_ap >= top:
            return "hero", best_hero  # no monster is above the hero: their order does not matter yet
        best_monster = pending[0] if len(pending) == 1 else first_in_order(state, pending)
        if best_monster is not None and best_monster.action_points < 1:
            best_monster = None
    if best_hero is not None and (best_monster is None or best_ap >= best_monster.action_points):
        return "hero", best_hero
    if best_monster is not None:
        return "monster", best_monster
    return None, None


# =========================================================================== Phases E-G
def end_action_phase(state: GameData) -> None:
    """Phases E, F, G, then the automatic part of H; leaves the state in H."""
    _phase(state, E)
    if state.options.poison and state.outcome is None:
        phase_e_poison(state)
    if state.outcome is None:
        _phase(state, F)
        if state.options.special:
            phase_f_special(state)
    if state.outcome is None:
        _phase(state, G)
        if state.options.doom and state.outcome is None:
            phase_g_doom(state)
    if state.outcome is None:
        _phase(state, H)
        if state.options.level_up and state.outcome is None:
            phase_h_automatic(state)
            state.decision_queue = [h.uid for h in state.heroes if not h.dead and needs_phase_h(state, h)]
        else:
            state.decision_queue = []


def poison_check(state: GameData, hero: HeroState) -> int:
    """Phase E for one hero: CON+WIS+2D against ``poison_tn_base + poison_tn_per_ml x ML``;
    success removes 1 marker + 1 per critical success, a normal failure changes
    nothing, each critical failure adds 1 and a Fumble 1 more; then the hero loses
    1 HP per marker. Returns the HP lost."""
    rules = state.rules
    tn = rules.poison_tn_base + rules.poison_tn_per_ml * state.monster_level
    check = roll_target_number(state.dice, hero.attribute("CON"), hero.attribute("WIS"), tn)
    before = hero.poison_markers
    if check.success:
        hero.poison_markers = max(0, before - 1 - check.critical_successes)
    else:
        hero.poison_markers += check.critical_failures + (1 if check.fumble else 0)
    state.log.emit("poison_check", hero.uid, total=check.total, target_number=tn, success=check.success,
                   markers_before=before, markers=hero.poison_markers)
    return hero.take_damage(hero.poison_markers, state.log, source="poison")


def phase_e_poison(state: GameData) -> None:
    """Phase E: every poisoned hero (unconscious ones too) checks and loses HP;
    poisoned monsters lose 1 HP per marker without a check. A hero dying of poison ends
    the scenario at once (chapter *End of the Game*: "A scenario immediately ends"): no
    later check is rolled."""
    for hero in state.heroes:
        if hero.poison_markers > 0 and not hero.dead:
            poison_check(state, hero)
            if hero.dead:
                check_end(state)
                return
    for monster in list(state.monsters):
        if monster.poison_markers > 0 and not monster.defeated:
            monster.take_damage(monster.poison_markers, state.log, source="poison")
            if monster.defeated:
                on_monster_defeated(state, monster, None)
    check_end(state)


def phase_f_special(state: GameData) -> None:
    """Phase F in the book's order: Monster Modifications (``spawn.summon_in_phase_f``:
    the Necromancer calls a Zombie, or a Zombie in play acts when no figure is left), Traps
    (``board.phase_f_traps``; heroes a Trap Immobilized try to climb free, ``traps.climb_free``),
    Zombies (``board.zombie_raise``: raising toward the heroes needs the map),
    other (scenario) actions (rules on ``phase: F``, told through ``triggers.fire``)."""
    summon_in_phase_f(state)
    if state.outcome is None:
        state.board.phase_f_traps(state)
        climb_free(state)
    if state.outcome is None:
        state.board.zombie_raise(state)
    if state.outcome is None:
        fire(state, "phase", phase=F, round=state.round)


def phase_g_doom(state: GameData) -> None:
    """Phase G: +1 field per occupied Room Tile (``board.occupied_room_tiles``, at least
    1), +1 if no door was opened this round (a solo hero may pay 1 Group XP to cancel
    that step), effects at once."""
    spend = 0
    if state.solo and not state.door_opened and state.options.solo_spend_xp_on_doom and state.group_xp >= 1:
        state.group_xp -= 1
        spend = 1
        state.log.emit("doom_prevented", None, xp_spent=1)
    steps = doom_steps(state.board.occupied_room_tiles(state), state.door_opened, spend)
    doom_advance(state, steps, reason="phase_g")


def doom_advance(state: GameData, steps: int, reason: str = "") -> None:
    """Move the Doom Counter and play the fields reached one after the other: a scenario hears
    of each field (``doom_reached``), then that field's effect plays, before the next field.
    *Phase G*: the effects "are instantly triggered as soon as the marker moves onto or across an
    appropriate square", so an Extra Activation on 31 is played before the marker reaches 30 and
    a scenario rule on 30 (its monsters do not act in 31's activation)."""
    before = state.doom.position
    effects = state.doom.step(steps)
    state.log.emit("doom", None, steps=steps, before=before, after=state.doom.position, reason=reason,
                   effects=tuple(e.kind for e in effects))
    waiting = list(effects)  # in the order the fields were reached, each with its field
    for reached in state.doom.last_fields:
        if state.outcome is not None:
            return
        fire(state, "doom_reached", field=reached)
        while waiting and waiting[0].field == reached:
            effect = waiting.pop(0)
            if state.outcome is not None:
                return
            if effect.kind == EXTRA_ACTIVATION:
                extra_activation(state)
            elif effect.kind == LEVEL_UP:
                raise_monster_level(state)


def extra_activation(state: GameData) -> None:
    """A red Doom Counter field: refill the monsters on the board to ceil(players/2)
    from the monster deck, then activate every monster in monster order (heroes only
    defend). Normal activations of the round are not used up."""
    target = math.ceil(state.players / 2)
    if state.options.monster_deck and state.monster_deck is not None:
        missing = target - sum(1 for m in state.monsters if not m.defeated)
        for _ in range(max(0, missing)):
            if state.outcome is not None:
                return
            draw_and_spawn(state, reason="refill")
    state.log.emit("extra_activation_all", None, monsters=len(state.monsters))
    for monster in ordered_monsters(state):
        if state.outcome is not None:
            return
        activate_monster(state, monster, reason="extra_activation")


# =========================================================================== Phase I
def start_phase_i(state: GameData) -> None:
    """Open the shop for the group when there is anything in it, else next round."""
    _phase(state, I)
    state.shop_open = bool(state.options.shop and state.loot is not None
                           and any(c is not None for c in state.loot.shop)
                           and any(h.can_act or h.unconscious for h in state.heroes))
