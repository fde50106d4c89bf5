"""The round: Phases A-I (Book of Rules *Game Phases*), monster activation and order
(*Monster Activation*, *Monster Order*, *Target of a Monster*), the Doom Counter
effects (*Phase G*), spawning monsters (*Monster Icons on a Room Tile*, *No monster
figures available anymore*, *Current initiative for monsters*) and defeated monsters
(*Defeated Monsters*: loot and XP).

These functions change a :class:`~doria_forge.engine.state.GameState`; ``advance``
runs everything that needs no decision until a hero has to choose (Phase D actions,
Phase H choices, Phase I purchases) or the game is over.

Without a map every hero counts as in range of every monster and at the same
distance; ``state.board`` (a :class:`~doria_forge.engine.state.NoMap` by default)
answers those questions, so room tiles, walking, line of sight and monster movement
slot in by replacing the board.

Optional rules acting here (``state.optional_rules``): ``stop_loot_after_trap``
(``draw_defeat_loot``: after a Trap among a defeated monster's Loot Cards the hero
chooses to draw on or stop) and ``remove_traps_in_phase_i``
(``phase_i_trap_removal``; the actions are in ``decisions``). ``monster_dice`` /
``AverageDice`` implement ``solo_average_monster_dice``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from doria_forge.model.common import DiceSpec

from . import abilities
from .checks import roll_target_number
from .combat import monster_attack
from .decks import EQUIPMENT, TRAP, Card, card_gold, resolve_trap
from .dice import DiceRoller, Roll, parse_dice
from .doom import EXTRA_ACTIVATION, LEVEL_UP, doom_steps
from .hero import HeroState, initiative_fumble
from .levelup import phase_h_automatic, raise_monster_level
from .monster import MonsterState

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

# Phases (``state.phase``)
SETUP, A, B, C, D, E, F, G, H, I, OVER = (  # noqa: E741 (Phase I is the book's name)
    "setup", "A", "B", "C", "D", "E", "F", "G", "H", "I", "over")

_TARGET_ATTRIBUTE = {"melee": "STR", "ranged": "AGI", "magic": "WIS"}


# =========================================================================== driver
def advance(state: GameState) -> None:
    """Run the game forward until a decision is due or the game is over."""
    state._actor = None
    while state.outcome is None:
        phase = state.phase
        if phase == D:
            if state.pending_loot or state.pending_loot_draws:
                return
            kind, who = next_marker(state)
            if kind == "hero":
                state._actor = who.uid
                return
            if kind == "monster":
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


def start_round(state: GameState) -> None:
    """Phases A, B and C, then the action phase D."""
    if state.options.max_rounds is not None and state.round >= state.options.max_rounds:
        state.finish("round_limit")
        return
    # A: round marker +1; the door side of the marker is turned back
    state.round += 1
    state.door_opened = False
    state.activated.clear()
    state.phase = A
    state.log.emit("round", None, round=state.round)
    # B: new shop items
    state.phase = B
    if state.options.shop and state.loot is not None:
        for slot, card in state.loot.refill_shop(state.dice):
            state.log.emit("shop_card", None, slot=slot, card=card.uid)
    # C: initiative
    state.phase = C
    phase_c_initiative(state)
    if state.outcome is None:
        state.phase = D


# =========================================================================== Phase C
def initiative_spec(state: GameState, hero: HeroState) -> DiceSpec:
    """The hero's initiative roll (chapters *Phase C*, *Negative Hit Points or Psi
    Points*, *Negative Initiative Points*, *1 Player*): 2D + IP, one die less with
    negative HP, PP or IP, one more with *Extra Initiative Die*; minus the lower
    negative HP/PP value - except in solo play, where it is never subtracted."""
    spec = hero.initiative_dice()
    if state.solo:
        # take back the negative HP/PP the bonus subtracted (cheaper than a second ``hero.ip``)
        return DiceSpec(spec.count, spec.bonus - min(0, hero.hp, hero.pp))
    return spec


def roll_initiative(state: GameState, hero: HeroState) -> int | None:
    """Roll one hero's initiative; sets ``state.ap``. Returns the AP (capped at
    ``rules.initiative_cap``), or ``None`` when the hero is (now) unconscious.

    Below 1 AP or a Fumble (two ones; a 1 with a single die) knocks the hero
    unconscious and steps the Doom Counter at once (solo heroes never become
    unconscious: they just have no AP this round). Heroes who chose to stay
    unconscious do not roll and cause no Doom step."""
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
        if state.options.doom:
            doom_advance(state, 1, reason="unconscious")
        return None
    hero.unconscious = False
    state.ap[hero.uid] = ap
    return ap


def phase_c_initiative(state: GameState) -> None:
    """Every living hero rolls initiative in seat order; monsters' markers stand at
    their AP value. All heroes unconscious at the same time ends the scenario."""
    for hero in state.heroes:
        if state.outcome is not None:
            return
        roll_initiative(state, hero)
    state.stay_unconscious.clear()
    state.check_end()
    if state.outcome is None and all(h.unconscious or h.dead for h in state.heroes):
        state.finish("all_unconscious")


# =========================================================================== Phase D
def monster_order_key(state: GameState, monster: MonsterState) -> tuple:
    """Sort key of the monster order (chapter *Monster Order*): higher AP first, then
    the priority letter (A first), the distance to the nearest character (closer
    first), more modifications first, then board order (the players' choice)."""
    return (-monster.action_points, monster.priority, state.board.distance_to_nearest_hero(state, monster),
            -len(monster.modifications), state.monsters.index(monster))


def ordered_monsters(state: GameState, monsters=None) -> list[MonsterState]:
    monsters = state.monsters if monsters is None else monsters
    return sorted((m for m in monsters if not m.defeated), key=lambda m: monster_order_key(state, m))


def ready_heroes(state: GameState) -> list[HeroState]:
    return [h for h in state.heroes if not h.dead and not h.unconscious and state.ap.get(h.uid, 0) >= 1]


def next_marker(state: GameState) -> tuple[str | None, object]:
    """Who acts next on the Initiative Board (chapter *Phase D*): the highest marker;
    a hero before a monster on the same square; heroes on the same square in seat
    order (the players may choose: they can ``Wait``); monsters by ``monster_order_key``
    at their AP value, once per round. Returns ("hero", hero), ("monster", monster)
    or (None, None) when the action phase is over."""
    best_hero, best_ap = None, 0
    for h in state.heroes:
        if h.dead or h.unconscious:
            continue
        ap = state.ap.get(h.uid, 0)
        if ap >= 1 and ap > best_ap:
            best_hero, best_ap = h, ap
    best_monster = None
    activated = state.activated
    pending = [m for m in state.monsters if not m.defeated and m.uid not in activated]
    if pending:
        best_monster = pending[0] if len(pending) == 1 else min(pending, key=lambda m: monster_order_key(state, m))
        if best_monster.action_points < 1:
            best_monster = None
    if best_hero is not None and (best_monster is None or best_ap >= best_monster.action_points):
        return "hero", best_hero
    if best_monster is not None:
        return "monster", best_monster
    return None, None


def activate_in_order(state: GameState, monster: MonsterState) -> None:
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


def choose_targets(state: GameState, monster: MonsterState) -> list[HeroState]:
    """The heroes ``monster`` attacks (chapter *Target of a Monster*): conscious heroes
    in range (``state.board``); as many as its ability allows (all for the Troll,
    Shaman, Dark Mage; 2 for Ogre and Spear Thrower; else 1), closest first, then the
    lowest base attribute of the attack type (STR melee, AGI ranged, WIS magic), then
    less active armor (undamaged equipped AR; the heading of criterion 4), then seat
    order (players' decision). The Ghoul takes the lowest current HP; the Archer skips
    the nearest hero for a lower AGI in range."""
    board = state.board
    candidates = [h for h in state.heroes if h.can_act and board.in_range(state, monster, h)]
    if not candidates:
        return []
    rule = abilities.rule_for(monster)
    if rule.max_targets is None:
        return candidates
    if rule.id == "ghoul_weakest_target":
        return [abilities.ghoul_pick_target(candidates)]
    if rule.id == "archer_weakest_agility":
        pick = abilities.archer_pick_target([(h, board.distance(state, monster, h)) for h in candidates])
        return [pick] if pick is not None else []
    attr = _TARGET_ATTRIBUTE.get(monster.attack_type, "STR")

    def key(h: HeroState):
        active_armor = sum(i.armor_rating for i in h.equipped() if i.is_armor and not i.damaged)
        return (board.distance(state, monster, h), h.attribute(attr), active_armor, state.heroes.index(h))

    if len(candidates) > 1:
        candidates.sort(key=key)
    return candidates[: rule.max_targets]


def activate_monster(state: GameState, monster: MonsterState, reason: str = "normal"):
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
    state.check_end()
    if state.outcome is None and reason != "orc" and any(o.extra_activation for o in outs):
        activate_monster(state, monster, reason="orc")
    return outs


# =========================================================================== solo average dice
class AverageDice(DiceRoller):
    """Dice that never roll: every die shows ``value`` (optional rule
    ``solo_average_monster_dice``, chapter *FAQ*: in solo play a monster die counts its
    expected value 6, so 3D+2 is always 20; no Fumble, no explosion).

    ``roll(spec, extra_dice, bonus)`` -> a ``Roll`` of ``max(1, count + extra_dice)``
    dice each showing ``value``, total ``value x dice + spec.bonus + bonus``. It has no
    generator: ``choice``/``shuffle`` raise ``TypeError`` (monster rolls only)."""

    def __init__(self, value: int = 6) -> None:
        super().__init__(None)
        self.value = value

    def roll(self, spec: DiceSpec | str, extra_dice: int = 0, bonus: int = 0) -> Roll:
        if isinstance(spec, str):
            spec = parse_dice(spec)
        count = max(1, spec.count + extra_dice)
        spec = DiceSpec(count, spec.bonus + bonus)
        return Roll(spec, ((self.value,),) * count, self.value * count + spec.bonus)

    def choice(self, options):
        raise TypeError("AverageDice only rolls monster dice")

    def shuffle(self, items: list) -> None:
        raise TypeError("AverageDice only rolls monster dice")


def monster_dice(state: GameState) -> DiceRoller:
    """The dice for the monsters' own rolls (attack, defense, psi resistance):
    ``AverageDice(rules.solo_average_die)`` when the optional rule
    ``solo_average_monster_dice`` is on and the solo rules apply, else ``state.dice``."""
    if state.solo and "solo_average_monster_dice" in state.optional_rules:
        return AverageDice(state.rules.solo_average_die)
    return state.dice


# =========================================================================== monsters entering
def spawn_monster(state: GameState, monster_id: str, modifications: tuple[str, ...] = (),
                  *, reason: str = "spawn") -> MonsterState | None:
    """Bring a monster of ``monster_id`` with ``modifications`` into play at the
    current Monster Level (chapters *Monster Icons on a Room Tile*, *Monster modifiers*,
    *No monster figures available anymore*, *Current initiative for monsters*).

    No figure left (as many of the type on the board as ``monster.figures``): the
    first monster of that type in monster order takes the modifications (HP rise with
    its new maximum) and gets an Extra Activation at once; returns ``None``.
    A *Horde* modification brings ``extra_figures`` more monsters of the type. In the
    action phase a monster whose AP is above the acting hero's activates immediately.
    """
    pack = state.pack
    mtype = pack.monsters[monster_id]
    on_board = [m for m in state.monsters if m.monster.id == monster_id and not m.defeated]
    mods = tuple(pack.modifications[m] for m in modifications)
    if len(on_board) >= mtype.figures:
        if not on_board:
            return None
        host = ordered_monsters(state, on_board)[0]
        if mods:
            before = host.hp_max
            host.modifications = host.modifications + mods
            host.hp += host.hp_max - before
        state.log.emit("no_figure_left", host.uid, monster=monster_id, modifications=modifications)
        activate_monster(state, host, reason="no_figure_left")
        return None
    monster = state.add_monster(monster_id, modifications, reason=reason)
    extra = sum(m.extra_figures for m in mods)
    for _ in range(extra):
        if state.outcome is not None:
            break
        spawn_monster(state, monster_id, (), reason="horde")
    if state.phase == D and state.outcome is None and monster.uid not in state.activated:
        acting = ready_heroes(state)
        top = max((state.ap[h.uid] for h in acting), default=0)
        if monster.action_points > top:
            state.activated.add(monster.uid)
            activate_monster(state, monster, reason="current_initiative")
    return monster


def draw_and_spawn(state: GameState, reason: str = "monster_icon") -> MonsterState | None:
    """Draw from the monster deck (modifications until a monster) and spawn it."""
    if state.monster_deck is None:
        return None
    drawn = state.monster_deck.draw_monster(state.dice)
    if drawn is None:
        return None
    monster_id, mods = drawn
    state.log.emit("monster_drawn", None, monster=monster_id, modifications=mods)
    return spawn_monster(state, monster_id, mods, reason=reason)


def on_monster_defeated(state: GameState, monster: MonsterState, killer: HeroState | None) -> None:
    """Chapter *Defeated Monsters*: the group gets ``rules.xp_per_defeat`` XP plus the
    modifications' ``extra_xp``; the hero who defeated it draws
    ``rules.loot_per_defeat`` plus the modifications' ``extra_loot`` Loot Cards at once
    and plays them in order (Traps trigger immediately). A monster killed by poison
    (no killer) gives XP but no loot. The figure leaves the board."""
    if monster in state.monsters:
        state.monsters.remove(monster)
    state.defeated.append(monster)
    xp = state.rules.xp_per_defeat + sum(m.extra_xp for m in monster.modifications)
    state.group_xp += xp
    state.log.emit("group_xp", killer.uid if killer else None, gained=xp, total=state.group_xp, reason=monster.uid)
    state.board.monster_removed(state, monster)
    if killer is not None and state.options.loot and state.loot is not None:
        n = state.rules.loot_per_defeat + sum(m.extra_loot for m in monster.modifications)
        if "stop_loot_after_trap" in state.optional_rules:
            draw_defeat_loot(state, killer, n)
        else:
            cards = [c for c in (state.loot.draw(state.dice) for _ in range(n)) if c is not None]
            receive_loot(state, killer, cards)
    state.check_end()


def draw_defeat_loot(state: GameState, hero: HeroState, n: int) -> int:
    """Optional rule ``stop_loot_after_trap`` (chapter *Defeated Monsters*): draw and
    play up to ``n`` Loot Cards for ``hero`` one at a time; when a Trap has triggered
    and cards are left to draw, stop and leave the choice to the hero: ``n`` minus the
    cards drawn goes to ``state.pending_loot_draws`` (``ContinueLoot`` draws on and
    asks again after the next Trap, ``StopLoot`` leaves them). Returns the cards left
    undrawn for now (0 when done or the deck is empty)."""
    while n > 0 and state.outcome is None:
        card = state.loot.draw(state.dice)
        if card is None:
            break
        n -= 1
        receive_loot(state, hero, [card])
        if card.kind == TRAP and n > 0 and state.outcome is None:
            state.pending_loot_draws = n
            state.pending_loot_hero = hero.uid
            state.log.emit("loot_choice", hero.uid, cards_left=n)
            return n
    return 0


def receive_loot(state: GameState, hero: HeroState, cards: list[Card]) -> list[Card]:
    """Play drawn Loot Cards in order: Traps trigger (``decks.resolve_trap``), equipment
    goes to the hero's Belt while it has room, else the Backpack (equipping it later
    costs the usual AP). Returns the equipment cards received."""
    kept = []
    for card in cards:
        if state.outcome is not None:
            state.loot.discard.append(card)
            continue
        if card.kind == TRAP:
            resolve_trap(state, card, hero)
        else:
            state.give_card(hero, card)
            kept.append(card)
    return kept


# =========================================================================== Phases E-G
def end_action_phase(state: GameState) -> None:
    """Phases E, F, G, then the automatic part of H; leaves the state in H."""
    state.phase = E
    if state.options.poison:
        phase_e_poison(state)
    if state.outcome is None:
        state.phase = F
        if state.options.special:
            phase_f_special(state)
    if state.outcome is None:
        state.phase = G
        if state.options.doom:
            phase_g_doom(state)
    if state.outcome is None:
        state.phase = H
        if state.options.level_up:
            phase_h_automatic(state)
            state.decision_queue = [h.uid for h in state.heroes if not h.dead and state.needs_phase_h(h)]
        else:
            state.decision_queue = []


def poison_check(state: GameState, hero: HeroState) -> int:
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


def phase_e_poison(state: GameState) -> None:
    """Phase E: every poisoned hero (unconscious ones too) checks and loses HP;
    poisoned monsters lose 1 HP per marker without a check."""
    for hero in state.heroes:
        if hero.poison_markers > 0 and not hero.dead:
            poison_check(state, hero)
    for monster in list(state.monsters):
        if monster.poison_markers > 0 and not monster.defeated:
            monster.take_damage(monster.poison_markers, state.log, source="poison")
            if monster.defeated:
                on_monster_defeated(state, monster, None)
    state.check_end()


def phase_f_special(state: GameState) -> None:
    """Phase F in the book's order: Monster Modifications (``acts_in_phase_f``: the
    Necromancer raises a Zombie while figures remain), Traps (``board.phase_f_traps``),
    Zombies (``board.zombie_raise``: raising toward the heroes needs the map),
    other (scenario) actions (``board.phase_f_other``)."""
    for monster in ordered_monsters(state):
        for mod in monster.modifications:
            if mod.acts_in_phase_f and mod.effect_id == "necromancer_raise" and "zombie" in state.pack.monsters:
                zombies = sum(1 for m in state.monsters if m.monster.id == "zombie" and not m.defeated)
                if zombies < state.pack.monsters["zombie"].figures:
                    spawn_monster(state, "zombie", (), reason="necromancer")
    if state.outcome is None:
        state.board.phase_f_traps(state)
    if state.outcome is None:
        state.board.zombie_raise(state)
    if state.outcome is None:
        state.board.phase_f_other(state)


def phase_g_doom(state: GameState) -> None:
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


def doom_advance(state: GameState, steps: int, reason: str = "") -> None:
    """Move the Doom Counter and play every effect field crossed, in order."""
    before = state.doom.position
    effects = state.doom.step(steps)
    state.log.emit("doom", None, steps=steps, before=before, after=state.doom.position, reason=reason,
                   effects=tuple(e.kind for e in effects))
    for effect in effects:
        if state.outcome is not None:
            return
        if effect.kind == EXTRA_ACTIVATION:
            extra_activation(state)
        elif effect.kind == LEVEL_UP:
            raise_monster_level(state)


def extra_activation(state: GameState) -> None:
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
def start_phase_i(state: GameState) -> None:
    """Open the shop for the group when there is anything in it, else next round."""
    state.phase = I
    state.shop_open = bool(state.options.shop and state.loot is not None
                           and any(c is not None for c in state.loot.shop)
                           and any(h.can_act or h.unconscious for h in state.heroes))


def phase_i_trap_removal(state: GameState) -> bool:
    """Whether the optional rule ``remove_traps_in_phase_i`` (chapter *Phase I*) acts:
    every Trap in the shop must be removed in Phase I - bought for gold as usual, by
    moving the Doom Counter one field (``RemoveTrapByDoom``, effects at once as in
    Phase G), or by triggering it at once on a chosen conscious hero
    (``TriggerShopTrap``; check, damage, gold and XP as usual)."""
    return state.loot is not None and state.options.shop and "remove_traps_in_phase_i" in state.optional_rules


def shop_slot_blocked(state: GameState, slot: int) -> bool:
    """A Trap with a gold value blocks its slot until it is bought."""
    card = state.loot.shop[slot]
    return card is not None and card.kind == TRAP and card_gold(state.pack, card) > 0


__all__ = [
    "SETUP", "A", "B", "C", "D", "E", "F", "G", "H", "I", "OVER", "EQUIPMENT",
    "AverageDice", "activate_monster", "advance", "monster_dice", "choose_targets", "doom_advance", "draw_and_spawn",
    "draw_defeat_loot", "end_action_phase",
    "phase_i_trap_removal", "extra_activation", "initiative_spec", "monster_order_key", "next_marker",
    "on_monster_defeated", "phase_c_initiative", "phase_e_poison", "phase_f_special", "phase_g_doom",
    "poison_check", "receive_loot", "roll_initiative", "spawn_monster", "start_round",
]
