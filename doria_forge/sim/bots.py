"""Bots: plain functions ``bot(state) -> Action`` for whoever acts next.

``greedy_bot`` plays sensibly without search:

* Action phase: drinks a healing potion when its HP are low (a third of the
  maximum or less; a solo hero on the map: when the monsters that can reach it could kill it
  before its next turn; on the map the healing item that restores most HP per AP), an antidote
  with 2+ Poison Markers; repairs a damaged weapon
  when it would be clearly better than the best undamaged option; otherwise attacks
  with the option of the best expected damage per Action Point actually spent (the
  last action may overrun the AP left, so the cost counts at most the AP left);
  spells that would drive PP below 0 are discounted; between monsters, one that hits hard
  and has few HP left is preferred (focus fire). On the map it fights only with attacks
  that get past the monster's Armor Rating without a critical, but with nothing else to
  do at the end of its turn it takes the best shot a critical alone gets through rather
  than let its AP go. Without any usable attack it
  takes a weapon from the Belt or Backpack, else it ends its turn.
* With friends (more than one hero; never in a duel): throws a weapon or spell on
  its Belt or in its Backpack whose requirements it does not meet to the first
  conscious friend who meets them (chapter *Throw Items (0 - 10 AP)*, only when the
  throw costs no more than the AP left; into the friend's Belt, full: Backpack);
  when its HP are low and it has no healing potion on the Body or Belt, drinks one
  from a friend within range 1 who agrees and has more than half its HP (from any
  place, the Backpack too: chapter *Take, Use or Repair Other Items (5 AP)*).
* With friends it also heals a friend at a third of its HP or less within range 1 with a
  healing item that may target a friend; a friend further away that the healing spell reaches
  (its range in Line of Sight, ``use_items.friend_reach``) when it has no step on the map and
  no attack to make, rather than walking.
* On the map (``sim.explorer``): a campaign party near a death escapes where it may; tokens,
  objectives and unconscious friends come first, a
  hurt hero steps back behind its friends, a hero without an attack walks to a square to
  attack from; with no monster about, the party explores for the scenario's goal.
* Phase H: hero bonus by a fixed preference, Attribute Points where a calculated
  value rises, recovery points to the lower of HP/PP; an unconscious hero with HP at 0 or
  below (or negative PP) stays unconscious while a friend is standing, else wakes up.
* With no monster about it first puts on better armor and weapons it carries
  (``sim.outfit``).
* Phase I: buys a healing potion for a hero without one, or armor a hero puts on at once,
  with cards nobody uses (``sim.outfit``); clears shop cards that cannot be bought. With the
  optional rule ``remove_traps_in_phase_i`` it first removes every Trap in the
  shop: triggers it on the hero who risks least when that risk is small (the
  check passes often enough and a failure cannot drop anyone to 0 HP or below:
  it gains the card's gold and XP), else buys it with a Trap card held as gold,
  else moves the Doom Counter when the next field has no effect, else triggers
  it when that is survivable, else the Doom Counter step.
* Optional rule ``stop_loot_after_trap``: draws the rest of a defeated monster's
  Loot Cards unless the hero is at a third of its HP or less, or Traps make up
  half or more of the cards left in the Loot stacks.

``first_legal_bot`` and ``random_bot`` exist for tests.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from doria_forge.engine.actions import (
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
    RetrieveFromBackpack,
    StayUnconscious,
    StopLoot,
    ThrowItem,
    TriggerShopTrap,
    UseItem,
    UseOtherItem,
)
from doria_forge.engine.combat import (
    armor_candidates,
    attack_pp_cost,
    target_problem,
    wielding_problem,
)
from doria_forge.engine.decks import TRAP, card_gold
from doria_forge.engine.doom import EXTRA_ACTIVATION
from doria_forge.engine.hero import IllegalAction
from doria_forge.engine.levelup import best_attribute_to_raise, default_recovery_split, may_raise_attributes
from doria_forge.engine.moves.other_items import consents
from doria_forge.engine.moves.shop import phase_i_trap_removal, shop_slot_blocked
from doria_forge.engine.moves.use_items import friend_reach
from doria_forge.engine.state import SETUP, D, H
from doria_forge.engine.traps import trap_targets

from . import explorer, objectives, outfit, reach
from .area_odds import area_worth
from .deciding import deciding
from .hurting import outlasting
from .odds import expected_damage, hardest_hit, hit_damage_on
from .reasons import KEY, note

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.engine.game import GameState
    from doria_forge.engine.hero import HeroState, ItemInstance
    from doria_forge.engine.monster import MonsterState
    from doria_forge.model.equipment import AttackProfile
    from doria_forge.model.trap import Trap

AttackOption = tuple[float, tuple[str, int, str, bool], "ItemInstance"]
"""``(score, Attack arguments, item)`` of one attack a hero could make (:func:`attack_options`)."""


def _hero_facts_key(hero: HeroState) -> tuple:
    """What an attack option's facts read of the hero (``_option_facts``): among them the cards on
    its Body Zone, whose bonus markers add to its attacks (Ironguard Gauntlets: +1 melee). Figures
    and cards by uid, which no other of the game's ever has: the facts outlive a decision, and an
    ``id`` of a card gone from the game may be a new card's."""
    return (hero.uid, hero.disarmed, len(hero.hero_bonuses), sum(hero.attributes.values()), len(hero.belt),
            len(hero.backpack), tuple(item.uid for item in hero.equipped()))


def _monster_facts_key(monster: MonsterState) -> tuple:
    """What an attack option's facts read of the monster (``_option_facts``)."""
    return (monster.uid, monster.level, len(monster.modifications), monster.disarmed, monster.defeated)


FACTS = "attack_facts"
"""The ``state.scratch`` key of the facts of attack options (``_option_facts``) worked out this game."""


def _option_facts(state: GameState, hero: HeroState, item: ItemInstance, pi: int, profile: AttackProfile,
                  monster: MonsterState, from_belt: bool,
                  wielding: dict[tuple[int, int], tuple[bool, int, int]]) -> tuple[bool, int, float, int, bool]:
    """(allowed, AP cost, expected damage, PP cost, whether a hit gets past the monster's armor
    without a critical: ``hurting.hurts``) of one attack option. ``attack_options``
    remembers them in ``state.scratch[FACTS]`` while nothing they depend on changes, under
    ``(hero key, item uid, pi, Damaged marker, from_belt, monster key)`` (``_hero_facts_key``,
    ``_monster_facts_key``: worked out once for all of a hero's options). ``wielding``: what
    ``attack_options`` has worked out of the card and profile alone in this call
    (``combat.wielding_problem``, AP and PP cost), by card and profile: the same for every
    monster, and nothing changes while the options are listed."""
    own = wielding.get((id(item), pi))
    if own is None:
        if wielding_problem(hero, item, profile, from_belt=from_belt) is not None:
            own = (False, 0, 0)
        else:
            own = (True, hero.use_cost(item, profile, from_belt=from_belt), attack_pp_cost(item, profile))
        wielding[id(item), pi] = own
    if not own[0] or target_problem(item, profile, monster) is not None:
        return (False, 0, 0.0, 0, False)
    # hurts reads what expected_damage reads (the hit's damage, the monster's armor): the same key
    return (True, own[1], expected_damage(hero, item, profile, monster), own[2],
            explorer.hurts(hero, profile, monster))


def attack_options(state: GameState, hero: HeroState, ap: int, *, include_damaged: bool = False,
                   hurting: bool = False) -> list[AttackOption]:
    """(score, Attack arguments, item) for every attack the hero could make now (with
    ``include_damaged``: as if its damaged cards were repaired; with ``hurting``: only those
    whose hit gets past the monster's Armor Rating without a critical, ``hurting.hurts``, on monsters
    the party can wear down, ``hurting.wears_down``)."""
    board = state.board
    options = []
    seen = set()
    monsters = state.monsters
    belt = hero.belt
    worth = {m.uid: _target_worth(state, m) for m in monsters}
    prey = [m.uid for m in monsters if objectives.is_prey(state, m)]
    if prey:
        # the scenario needs these defeated: worth more than any other monster on the board
        top = max(worth.values())
        for uid in prey:
            worth[uid] = objectives.PREY_WORTH * top
    hero_key = _hero_facts_key(hero)
    monster_keys = [_monster_facts_key(m) for m in monsters]
    # a monster that heals faster than the party hurts it is no target either (``hurting.wears_down``)
    spared = outlasting(state) if hurting else ()
    wielding: dict[tuple[int, int], tuple[bool, int, int]] = {}
    known = state.scratch.get(FACTS)
    if known is None:
        known = state.scratch[FACTS] = {}
    for item in hero.hand_items() + hero.body_items + belt:
        item_id = id(item)
        if item_id in seen or not item.card.attacks:
            continue
        seen.add(item_id)
        from_belt = item in belt
        if from_belt and item.hands == 2:
            continue
        was_damaged = item.damaged
        if include_damaged and was_damaged:
            item.damaged = False
        try:
            for pi, profile in enumerate(item.card.attacks):
                for m, monster_key in zip(monsters, monster_keys, strict=True):
                    # looked up here, not in a call per option: most options were listed before
                    key = (hero_key, item.uid, pi, item.damaged, from_belt, monster_key)
                    facts = known.get(key)
                    if facts is None:
                        facts = known[key] = _option_facts(state, hero, item, pi, profile, m, from_belt, wielding)
                    ok, cost, ed, pp, hurts = facts
                    if (not ok or (hurting and (not hurts or m.uid in spared))
                            or not board.hero_can_target(state, hero, profile, m)):
                        continue
                    # the monster's worth as a target (the same for every option against it)
                    score = ed / max(1, min(cost, ap)) * worth[m.uid]
                    if profile.area is not None:  # the other monsters of the area, the friends in it a cost
                        more = area_worth(state, hero, item, profile, m, worth)
                        if more is None:
                            continue  # it would hurt friends more than it is worth
                        score += more / max(1, min(cost, ap))
                    if pp and hero.pp - pp < 0:
                        score *= 0.3
                    options.append((score, (item.uid, pi, m.uid, from_belt), item))
        finally:
            item.damaged = was_damaged
    return options


def attack_alternatives(state: GameState) -> list[tuple[Action, float]]:
    """Greedy's attacks for the acting hero as a replay's reason compares them (``sim.reasons``):
    (the attack, score) for the best option against each target, best first."""
    hero = state.actor_hero()
    if hero is None:
        return []
    best: dict[str, tuple[float, Attack]] = {}
    for score, args, _item in attack_options(state, hero, state.ap.get(hero.uid, 0)):
        target = args[2]
        if target not in best or score > best[target][0]:
            best[target] = (score, Attack(*args))
    ranked = sorted(best.values(), key=lambda x: -x[0])
    return [(attack, score) for score, attack in ranked]


def _target_worth(state: GameState, monster: MonsterState) -> float:
    """Focus fire: a monster that hits hard and has few HP left is worth more per expected
    damage (its hardest hit now, ``odds.hardest_hit``, + 1 over HP left: a scenario's lasting rule
    that makes it hit harder counts). One monster alone keeps its choices unchanged."""
    return (hardest_hit(state, monster) + 1) / max(1, monster.hp)


def _best_option(options: list[AttackOption]) -> tuple[float, Attack, ItemInstance] | None:
    """The first option with the highest score, its action built (``None`` if none)."""
    if not options:
        return None
    score, args, item = max(options, key=_score)
    return score, Attack(*args), item


def _score(option: AttackOption) -> float:
    return option[0]


def _usable(hero: HeroState, item: ItemInstance) -> bool:
    return not item.damaged and hero.meets_requirements(item.card) and hero.location(item) in ("body", "belt", "hands")


def _potion(hero: HeroState, kind: str, *, per_ap: bool = False) -> ItemInstance | None:
    """The hero's first usable item of ``kind`` (``heal``: restores HP; ``antidote``: removes
    Poison Markers), or ``None``; with ``per_ap`` the healing item that restores the most HP per
    Action Point (the first of equals): on the map a hurt hero drinks its potion (3 HP for 5 AP)
    before it casts its healing spell (2 HP for 18 AP, and a check), keeping AP to fight. A
    healing spell needs the PP to pay for it: paid with PP the hero lacks, it trades points that
    kill at the same threshold for each other (it kept a solo Priestess casting instead of
    fighting)."""
    found: list[ItemInstance] = []
    for item in hero.body_items + hero.belt:
        eff = item.card.effect
        if eff is None or item.card.attacks or not _usable(hero, item):
            continue
        if kind == "heal" and eff.heal_hp > 0:
            if item.is_spell and hero.pp < (item.card.pp or 0):
                continue
            found.append(item)
        if kind == "antidote" and eff.remove_poison:
            return item
    if not found:
        return None
    if not per_ap:
        return found[0]
    return max(found, key=lambda item: item.card.effect.heal_hp / max(1, item.card.ap or 0))  # type: ignore[union-attr]


def _friend_potion(state: GameState, hero: HeroState) -> Action | None:
    """A healing potion of a friend within range 1 who agrees (or is unconscious) and
    has more than half its HP, taken and drunk in one action (*Take, Use or Repair
    Other Items (5 AP)*), or ``None``."""
    board = state.board
    for friend in state.heroes:
        if (friend is hero or friend.dead or friend.hp <= friend.hp_max // 2
                or not board.hero_adjacent(state, hero, friend) or not consents(state, friend, hero)):
            continue
        for item in friend.all_items():
            card = item.card
            eff = card.effect
            if (eff is not None and eff.heal_hp > 0 and card.card_type == "potion" and not card.attacks
                    and not item.damaged and hero.meets_requirements(card)):
                return UseOtherItem(friend.uid, item.uid)
    return None


def _throw_unusable(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """Throw a weapon or spell the hero cannot use (requirements) from its Belt or
    Backpack to the first conscious friend who can (*Throw Items (0 - 10 AP)*), when the
    throw costs at most the AP left; ``None`` otherwise."""
    board = state.board
    for item in hero.belt + hero.backpack:
        card = item.card
        if not card.attacks or hero.meets_requirements(card) or hero.retrieve_cost(item) > ap:
            continue
        for friend in state.heroes:
            if (friend is not hero and friend.can_act and friend.meets_requirements(card)
                    and board.can_throw(state, hero, friend)):
                to = "belt" if len(friend.belt) < friend.belt_capacity else "backpack"
                return ThrowItem(item.uid, friend.uid, to)
    return None


SCENARIO_FIRST = "the scenario first: a token, a carry, a friend left lying, an escape"
"""The reason greedy gives for what comes before fighting (``explorer.first``)."""


def scenario_step(state: GameState, action: Action) -> bool:
    """Whether ``action``, greedy's choice just made in ``state``, is the scenario's own step (a
    token, a carry, a friend left lying, an escape: noted with :data:`SCENARIO_FIRST`), which the
    search and the party stances never weigh against a fight."""
    noted = state.scratch.get(KEY)
    return noted is not None and noted.action == action and noted.why == SCENARIO_FIRST


def fighting(state: GameState) -> bool:
    """A Phase D decision of a hero's own (no Room Tile placement or Loot Card choice waiting)
    with monsters on the board."""
    if state.phase != D or state.pending_loot or state.pending_loot_draws:
        return False
    if state.board.spatial:
        return state.board.pending_decider(state) is None and bool(explorer.monsters_on_map(state))
    return bool(state.monsters)

POTION_SHARE = 1 / 3
"""Share of its HP at or below which a hero in a fight drinks a healing potion."""

BONUS_PREFERENCE = ("extra_damage", "extra_{type}_die", "extra_initiative_die", "regeneration", "fast_hands",
                    "extra_defense_die", "extra_melee_die", "extra_ranged_die", "extra_magic_die", "double_range")


def _loot_choice(state: GameState, hero: HeroState) -> Action:
    """Optional rule ``stop_loot_after_trap``: draw on unless hurt or the stacks are trap-heavy."""
    left = [c for stack in state.loot_decks.stacks for c in stack]
    trap_share = sum(1 for c in left if c.kind == TRAP) / len(left) if left else 0.0
    if hero.hp <= max(1, hero.hp_max // 3) or trap_share >= 0.5:
        return StopLoot()
    return ContinueLoot()


def _action_phase(state: GameState, hero: HeroState) -> Action:
    """Phase D: a choice the rules wait for, then the steps in order; the first with something
    to do decides (each notes its reason, ``sim.reasons``)."""
    pending = _pending_choice(state, hero)
    if pending is not None:
        return pending
    ap = state.ap.get(hero.uid, 0)
    for step in (_before_fighting, _no_monster_about, _care, _map_move, _attack, _heal_from_afar):
        action = step(state, hero, ap)
        if action is not None:
            return action
    return _out_of_reach(state, hero, ap)


def _pending_choice(state: GameState, hero: HeroState) -> Action | None:
    """A Room Tile to place, a Loot draw to go on with or a Loot Card to keep."""
    if state.board.spatial and state.board.pending_decider(state) is not None:
        return note(state, explorer.place_tile(state), "the first placement the rules allow")
    if state.pending_loot_draws:
        return note(state, _loot_choice(state, hero), "stop when hurt or when Traps fill the stacks")
    if state.pending_loot:
        best = max(range(len(state.pending_loot)), key=lambda i: card_gold(state.pack, state.pending_loot[i]))
        return note(state, KeepLoot(best), "the card worth the most gold")
    return None


def _before_fighting(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """A card it cannot use to a friend who can; the scenario's own step (``explorer.first``)."""
    if len(state.heroes) > 1:
        throw = _throw_unusable(state, hero, ap)
        if throw is not None:
            return note(state, throw, "a card it cannot use, to a friend who can")
    if state.board.spatial:
        action = explorer.first(state, hero, ap)
        if action is not None:
            return note(state, action, SCENARIO_FIRST)
    return None


def _no_monster_about(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """No monster in play: better equipment, then the party's objectives, Loot and door."""
    if state.monsters:
        return None
    upgrade = outfit.upgrade(state, hero, ap)
    if upgrade is not None:
        return note(state, upgrade, "no monster about: better equipment on")
    move = explorer.party_move(state, hero, ap) if state.board.spatial else None
    return note(state, move or EndTurn(), "no monster about: objectives, loot, the party's door")


def _care(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """A healing potion when hurt (its own, else a friend's), healing a badly hurt friend, an
    antidote against two Poison Markers."""
    friends = len(state.heroes) > 1
    if _needs_healing(state, hero):
        potion = _potion(hero, "heal", per_ap=state.board.spatial)
        if potion is not None:
            return note(state, UseItem(potion.uid, None, hero.location(potion) == "belt"),
                        f"HP {hero.hp} of {hero.hp_max}: a healing potion")
        if friends:
            action = _friend_potion(state, hero)
            if action is not None:
                return note(state, action, f"HP {hero.hp} of {hero.hp_max}: a friend's healing potion")
    if friends:
        action = _heal_friend(state, hero, ap, near=True)
        if action is not None:
            return note(state, action, "a friend next to it is badly hurt")
    if hero.poison_markers >= 2:
        potion = _potion(hero, "antidote")
        if potion is not None:
            return note(state, UseItem(potion.uid, None, hero.location(potion) == "belt"),
                        f"{hero.poison_markers} Poison Markers")
    return None


def _needs_healing(state: GameState, hero: HeroState) -> bool:
    """A third of its HP or less (``POTION_SHARE``; at least 1). A solo hero never falls unconscious
    and its negative HP never cost it initiative (chapter *Special Rules for 1 or 2 Players*): only
    death counts, so it heals when the monsters could kill it before its next turn
    (:func:`_round_danger`). Healing at a third of its HP, a solo Priestess cast her healing spell
    round after round beside a Mummy that took back what the spell gave (stalled runs of the shipped
    build). On the map only: a duel keeps a third of the HP, the rule the duel matrix's fast path
    plays (``sim.fastduel``)."""
    if not (state.solo and state.board.spatial):
        return hero.hp <= max(1, int(hero.hp_max * POTION_SHARE))
    return hero.hp - state.rules.death_threshold <= _round_danger(state, hero)


def _round_danger(state: Any, hero: HeroState) -> int:
    """HP (>= 0) the monsters could take from ``hero`` before its next turn, as a careful player
    counts them from the open board: a hit (its damage with what the scenario's lasting rules add
    on this hero, ``odds.hit_damage_on``; +1 for a critical step; an aura's extra attack dice make
    a hit likelier, not harder, and every hit is counted anyway) from every monster that can reach
    the hero this round (walking distance within its Action Points plus its
    range), twice over when the Doom Counter's next field is an Extra Activation (the track is open
    to the players; chapter *Doom Counter*); at least two hits of the hardest-hitting monster in
    play. Two hits of the hardest alone let a solo Priestess at -3 HP fight on beside three
    monsters and a Doom Counter one field from an Extra Activation, with two healing potions on
    her body: five hits took her 17 HP in one round."""
    hits = {m.uid: hit_damage_on(state, m, hero) for m in state.monsters if not m.defeated}
    worst = max(hits.values(), default=0)
    at = state.board.position
    here = at(hero.uid)
    near = 0
    if here is not None:
        steps = reach.distances(state, frozenset((here,)))
        for monster in reach.monsters_on_map(state):
            away = steps.get(at(monster.uid))
            if away is not None and away <= reach.monster_reach(monster):
                near += hits[monster.uid] + 1
    if any(effect.kind == EXTRA_ACTIVATION for effect in state.doom.preview(1)):
        near *= 2
    return max(2 * (worst + 1), near)


def _map_move(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """On the map: a hurt hero behind a fitter friend; else an objective that pays, the party's
    door, back onto the party's Room Tile."""
    if not state.board.spatial:
        return None
    if explorer.holds_back(state, hero):
        action = explorer.retreat(state, hero, ap)
        if action is not None:
            return note(state, action, f"hurt (HP {hero.hp} of {hero.hp_max}): behind a fitter friend")
        return None
    for step, why in ((explorer.bar_the_way, "off the Room Tile the monster must not reach, into its way"),
                      (explorer.objective_move, "an objective that pays"),
                      (explorer.open_door, "the party's door: nobody engaged, the Doom Counter waits"),
                      (explorer.regroup, "back onto the party's Room Tile to attack")):
        taken = step(state, hero, ap)
        if taken is not None:
            return note(state, taken, why)
    return None


def _attack(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """The best attack by expected damage per AP, or repairing a weapon that would hit much
    harder."""
    # on the map, an attack only a critical gets through the armor with is no way to defeat a monster
    best = _best_option(attack_options(state, hero, ap, hurting=state.board.spatial))
    damaged = [i for i in hero.hand_items() if i.damaged and i.card.attacks]
    if damaged:
        repaired = attack_options(state, hero, ap, include_damaged=True)
        candidates = [o for o in repaired if o[2].damaged]
        cand = _best_option(candidates)
        if cand is not None:
            if best is None or cand[0] > 1.5 * best[0]:
                try:
                    hero.repair_cost([cand[2]])
                    return note(state, Repair((cand[2].uid,)), "a repaired weapon hits much harder")
                except IllegalAction:
                    pass
    if best is not None:
        return note(state, best[1], "the best expected damage per AP, worth of the target counted")
    return None


def _out_of_reach(state: GameState, hero: HeroState, ap: int) -> Action:
    """No attack from here: on the map, to where it can attack or on with the scenario; off it,
    a weapon from the Belt or the Backpack; else the turn ends."""
    if state.board.spatial:
        # out of reach on the map: move (taking out another weapon would not bring it closer)
        move = explorer.combat_move(state, hero, ap)
        if move is not None:
            return note(state, move, "no attack from here: to where it can attack")
        move = explorer.party_move(state, hero, ap)
        if move is None:
            shot = _spare_shot(state, hero, ap)
            if shot is not None:
                return note(state, shot, "nothing else to do: a blow only a critical gets past the armor")
        return note(state, move or EndTurn(), "no monster it can reach or hurt: on with the scenario")
    for item in hero.belt:
        if item.card.attacks and not item.damaged and hero.can_equip(item.card) and item.card.zone != "body":
            return note(state, MoveItem(item.uid, "equip"), "no attack: a weapon from the Belt")
    for item in hero.backpack:
        if item.card.attacks and not item.damaged and hero.can_equip(item.card):
            return note(state, RetrieveFromBackpack(item.uid, "equip"), "no attack: a weapon from the Backpack")
    return note(state, EndTurn(), "nothing to do")


def _spare_shot(state: GameState, hero: HeroState, ap: int) -> Attack | None:
    """On the map, at the end of a turn with nothing else to do: the best attack from where the
    hero stands that a critical alone gets past the Armor Rating with (``attack_options`` without
    ``hurting``: a monster immune to it is none), or ``None``. ``_attack`` leaves those out, as
    no way to defeat a monster to fight for; but the AP left would be lost, and a critical's
    damage is damage (greedy at 4 heroes, seed 1, 200 runs of each shipped scenario, paired:
    139 runs won more and 99 fewer, The Lantern Vigil 24% to 33%, The Goblin Warren 58% to
    63%; at 1 and 2 heroes even). An attack that costs Psi Points is no such shot."""
    # Psi Points are kept for a blow that counts (or a healing spell): only attacks that cost none
    shots = [(score, args, item) for score, args, item in attack_options(state, hero, ap)
             if score > 0 and not attack_pp_cost(item, item.card.attacks[args[1]])]
    best = _best_option(shots)
    return best[1] if best is not None else None


def _heal_from_afar(state: GameState, hero: HeroState, ap: int) -> Action | None:
    """With no step on the map and no attack to make, heal a badly hurt friend the healing spell
    reaches from where the hero stands (``_heal_friend`` with the item's reach) rather than walk.

    A friend next to the healer is healed earlier, in ``_care``, before attacking, as before. A
    friend further away waits until the healer has nothing better to do: healing at the ``_care``
    step whenever the spell reached made greedy significantly worse where healing spells reach
    further (the shipped Small Healing Spell and Mending Light at range 3, greedy, seed 1, 1000
    runs of every scenario at 2 and 4 heroes paired with adjacent healing: 127 runs won more,
    176 fewer, McNemar p 0.006; Alchemist's Fuse with 4 heroes 0 and 19): an 18 AP spell for
    2 HP took the place of the healer's attacks. After the attack it is even with healing only
    next to the healer (60 and 59)."""
    if len(state.heroes) < 2:
        return None
    action = _heal_friend(state, hero, ap, near=False)
    if action is not None:
        return note(state, action, "no attack from here: a badly hurt friend within the spell's reach")
    return None


def _heal_friend(state: GameState, hero: HeroState, ap: int, *, near: bool) -> Action | None:
    """Heal a friend at a third of its HP or less with one of the hero's healing items that may
    target a friend (a spell such as the Small Healing Spell) while the hero has AP and the PP
    the card costs; the most hurt friend first. ``near``: friends within range 1 only; else
    within the item's reach, the engine's own (``use_items.friend_reach``, checked by
    ``board.hero_adjacent``: a spell reaches its range, doubled by *Range x2*, in Line of
    Sight; a potion range 1). An item that reaches no hurt friend gives way to the next one."""
    board = state.board
    for item in hero.body_items + hero.belt:
        eff = item.card.effect
        if (eff is None or item.card.attacks or eff.heal_hp <= 0 or getattr(eff, "targets", "self") == "self"
                or not _usable(hero, item)):
            continue
        if ap <= 0 or hero.pp < (item.card.pp or 0):
            continue
        # the friends are looked at once the hero has such an item (most heroes carry none)
        reach = 1 if near else friend_reach(hero, item)
        hurt = [f for f in state.heroes if f is not hero and f.can_act and f.hp <= max(1, f.hp_max // 3)
                and board.hero_adjacent(state, hero, f, reach)]
        if not hurt:
            continue
        friend = min(hurt, key=lambda f: (f.hp - f.hp_max, state.heroes.index(f)))
        return UseItem(item.uid, friend.uid, hero.location(item) == "belt")
    return None


def _phase_h(state: GameState, hero: HeroState) -> Action:
    if state.pending_bonus.get(hero.uid, 0) > 0:
        attack_type = "melee"
        weapons = [i for i in hero.hand_items() if i.card.attacks]
        if weapons:
            attack_type = weapons[0].card.attacks[0].attack_type
        for pref in BONUS_PREFERENCE:
            bonus = pref.format(type=attack_type)
            if bonus in state.rules.hero_bonuses and bonus not in hero.hero_bonuses:
                return ChooseHeroBonus(bonus)
    if may_raise_attributes(state, hero):
        return RaiseAttribute(best_attribute_to_raise(hero))
    points = state.pending_recovery.get(hero.uid)
    if points is not None:
        return RecoverPoints(default_recovery_split(hero, points))
    if (hero.unconscious and (hero.hp <= 0 or hero.pp < 0) and hero.uid not in state.stay_unconscious
            and any(h.can_act for h in state.heroes if h is not hero)):
        # lying still: monsters ignore it and it recovers, where a roll with negative points
        # risks another Doom Counter step and waking up with death 20 points away
        return StayUnconscious()
    return EndTurn()


@lru_cache(maxsize=512)
def _two_d_at_least(k: int) -> float:
    """P(2 exploding D10 >= k) without a Fumble (two ones), by exact enumeration up to
    three explosions per die."""
    one: dict[int, float] = {}

    def add(total: int, p: float, depth: int) -> None:
        for face in range(1, 11):
            q = p / 10
            if face == 10 and depth < 3:
                add(total + 10, q, depth + 1)
            else:
                one[total + face] = one.get(total + face, 0.0) + q

    add(0, 1.0, 0)
    p = 0.0
    for a, pa in one.items():
        for b, pb in one.items():
            if a + b >= k and not (a == 1 and b == 1):
                p += pa * pb
    return p


def trap_pass_chance(hero: HeroState, trap: Trap, monster_level: int) -> float:
    """Chance ``hero`` passes ``trap``'s check: its two attributes + 2D (+ trap bonus
    markers) >= the Trap's TN at ``monster_level`` (chapter *Traps and Secret Doors*)."""
    a, b = trap.check_attributes
    need = trap.target_number(monster_level) - hero.attribute(a) - hero.attribute(b) - hero.bonus("trap")
    return _two_d_at_least(need)


def _trap_risk(state: GameState, hero: HeroState, trap: Trap) -> tuple[float, bool]:
    """(expected harm over the heroes the Trap would hit if triggered on ``hero``, whether
    a failure could drop one of them to 0 HP or below). Harm: HP after the best
    undamaged armor, +2 per poison marker, +2 for Immobilized."""
    eff = trap.effect
    risk, deadly = 0.0, False
    for h in trap_targets(state, hero, trap):
        if not h.can_act:
            continue
        armor = 0
        if not eff.ignores_armor:
            armor = max((i.armor_rating for i in armor_candidates(h, eff.element)), default=0)
        wound = max(0, (eff.damage or 0) - armor)
        harm = wound + 2 * (eff.poison_markers or 0) + (2 if eff.immobilize else 0)
        risk += (1 - trap_pass_chance(h, trap, state.monster_level)) * harm
        if h.hp - wound <= 0:
            deadly = True
    return risk, deadly


def _remove_shop_trap(state: GameState, legal: list[Action]) -> Action | None:
    """The optional Phase I Trap removal for the first Trap in the shop (see the module docstring)."""
    found = next(((i, c) for i, c in enumerate(state.loot_decks.shop) if c is not None and c.kind == TRAP), None)
    if found is None:
        return None
    slot, card = found
    trap = state.pack.traps[card.id]
    triggers = [a for a in legal if isinstance(a, TriggerShopTrap) and a.slot == slot]
    best = None
    if triggers:
        best = min(((_trap_risk(state, state.hero(a.hero_uid), trap), a) for a in triggers),
                   key=lambda x: (x[0][1], x[0][0]))
    if best is not None and not best[0][1] and best[0][0] <= 1.0:
        return best[1]
    gold_uids = {c.uid for cards in state.gold_cards.values() for c in cards}
    for a in legal:
        if isinstance(a, Buy) and a.slots == (slot,) and all(uid in gold_uids for _, uid in a.payment):
            return a
    doom = RemoveTrapByDoom(slot)
    if doom in legal and not state.doom.preview(1):
        return doom
    if best is not None and not best[0][1]:
        return best[1]
    if doom in legal:
        return doom
    if best is not None:
        return best[1]
    return next((a for a in legal if getattr(a, "slots", None) == (slot,) or getattr(a, "slot", None) == slot), None)


def _phase_i(state: GameState) -> Action:
    if phase_i_trap_removal(state):
        action = _remove_shop_trap(state, state.legal_actions())
        if action is not None:
            return action
    action = outfit.purchase(state)
    if action is not None:
        return action
    for slot, card in enumerate(state.loot_decks.shop):
        if card is not None and card_gold(state.pack, card) == 0 and not shop_slot_blocked(state, slot):
            return ClearShopSlot(slot)
    return EndTurn()


def greedy_bot(state: GameState) -> Action:
    """A sensible greedy policy for the current actor (see the module docstring)."""
    uid = state.current_actor()
    if uid is None:
        raise RuntimeError("no decision is due")
    hero = state.hero(uid)
    if state.phase == D:
        with deciding(state):  # the steps ask the same of the unchanged game: answered once
            return _action_phase(state, hero)
    if state.phase in (SETUP, H):
        # a replay showed the setup's choices and every hero's closing EndTurn as "Phase H: bonus by preference..."
        action = _phase_h(state, hero)
        why = ("nothing left to choose" if isinstance(action, EndTurn) else
               "bonus by preference, the attribute that raises most, recovery to the lower points")
        return note(state, action, f"{'setup' if state.phase == SETUP else 'Phase H'}: {why}")
    action = _phase_i(state)
    return note(state, action, "Phase I: nothing left to buy or clear" if isinstance(action, EndTurn) else
                "Phase I: a healing potion or armor for who lacks it, with spare cards")


def first_legal_bot(state: GameState) -> Action:
    """The first legal action (attacks come first in Phase D)."""
    return state.legal_actions()[0]


def make_random_bot(seed: int = 0) -> Callable[[GameState], Action]:
    """A bot choosing uniformly among the legal actions with its own generator
    (the game's dice stay untouched)."""
    import random

    rng = random.Random(seed)

    def random_bot(state: GameState) -> Action:
        return rng.choice(state.legal_actions())

    return random_bot
