"""Phase H (Level Up) and the Monster Level (Book of Rules *Phase H: Level Up*,
*Level Up* / *Character Improvement*, *Hero and Monster Level*, *Unconsciousness*,
*Campaigns*, *Special Rules for 1 or 2 Players*).

* Group XP -> Attribute Points: as soon as the Group XP reach the number of
  characters (single scenario) or ``rules.campaign_xp_multiplier`` times that
  (campaign), each character gets 1 Attribute Point and the track loses that many
  XP; repeated while enough XP remain. (5 players, 7 XP -> 1 point each, 2 XP left;
  campaign with 4 players: 12 XP per point.) 1 and 2 players follow from the same
  formula (1/3 and 2/6 XP).
* Saved Attribute Points are spent only in Phase H ("can be saved as long as desired, but
  can only be spent in *Phase H*"), also those carried into a campaign scenario; a character
  created anew after a death distributes its points before the next scenario (*Death of a
  character in campaigns*).
* Hero bonus at the rounds ``rules.hero_level_rounds`` (7, 13, 18) in single
  scenarios only; 1-2 players also choose one before the first round.
* *Regeneration*: 1 HP and 1 PP up to the maxima, from the Phase H in which it is chosen.
* Unconscious heroes recover ``rules.unconscious_recovery`` (3) points split freely
  between HP and PP (up to the maxima).
* Recalculation: ``HeroState`` derives HP/IP/PP maxima from the attributes and
  raises current values with the maxima (``HeroState.raise_attribute``).
* Monster Level Up: every monster on the board takes the new card through
  ``MonsterState.set_level`` (HP and AR change by the difference; above level 4 the
  level-4 card plus 1 HP per level). In a campaign only the first level up of a
  scenario counts; later ones are ignored (they still earn Monster Points).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doria_forge.model.rules import Rules

from .events import EventLog
from .hero import HeroState, IllegalAction
from .state import SETUP

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData


def xp_per_attribute_point(players: int, mode: str, rules: Rules) -> int:
    """Group XP that buy 1 Attribute Point for every character: the player count,
    times ``rules.campaign_xp_multiplier`` in campaigns."""
    return players * (rules.campaign_xp_multiplier if mode == "campaign" else 1)


def distribute_group_xp(group_xp: int, players: int, mode: str, rules: Rules) -> tuple[int, int]:
    """Convert Group XP: returns (Attribute Points each character gets, XP left on the
    track). Each point costs 1 XP per character (x ``campaign_xp_multiplier`` in a campaign)."""
    cost = xp_per_attribute_point(players, mode, rules)
    if cost <= 0:
        return 0, group_xp
    points = group_xp // cost
    return points, group_xp - points * cost


def hero_level_reached(round_number: int, mode: str, rules: Rules) -> bool:
    """Whether Phase H of ``round_number`` grants a hero bonus (single scenarios only)."""
    return mode == "single" and round_number in rules.hero_level_rounds


def choose_hero_bonus(hero: HeroState, bonus: str, rules: Rules) -> None:
    """Give ``hero`` the hero bonus ``bonus``. Raises ``IllegalAction`` for an unknown
    bonus or one already taken (each bonus only once per character)."""
    if bonus not in rules.hero_bonuses:
        raise IllegalAction(f"unknown hero bonus {bonus!r}")
    if bonus in hero.hero_bonuses:
        raise IllegalAction(f"{hero.uid} already has the hero bonus {bonus}")
    hero.hero_bonuses.add(bonus)


def bonus_chosen_in_phase_h(hero: HeroState, bonus: str, log: EventLog | None = None) -> None:
    """What a hero bonus chosen at a hero level in Phase H does in that same Phase H (chapter
    *Phase H: Level Up*): the book lets the bonus be chosen, then "If the bonus Regeneration
    was selected by a character, 1 HP and 1 PP may now be regenerated" - a *Regeneration*
    chosen now regenerates now (``phase_h_automatic`` ran before the choice; each bonus is
    chosen once, so no hero regenerates twice in one Phase H)."""
    if bonus == "regeneration":
        regenerate(hero, log)


def default_recovery_split(hero: HeroState, points: int) -> int:
    """How many of ``points`` recovery points go to HP (the rest to PP): each point
    goes to the lower of HP and PP (HP on a tie). Returns the HP share."""
    hp, pp, to_hp = hero.hp, hero.pp, 0
    for _ in range(points):
        if hp <= pp:
            hp += 1
            to_hp += 1
        else:
            pp += 1
    return to_hp


def recover(hero: HeroState, hp_points: int, pp_points: int, log: EventLog | None = None) -> tuple[int, int]:
    """Apply an unconscious hero's recovery (capped at the maxima)."""
    return hero.heal(hp_points, pp_points, log=log)


def regenerate(hero: HeroState, log: EventLog | None = None) -> tuple[int, int]:
    """Hero bonus *Regeneration*: 1 HP and 1 PP up to the maxima (dead heroes excluded)."""
    if hero.dead or not hero.has_bonus("regeneration"):
        return 0, 0
    return hero.heal(1, 1, log=log)


def raise_monster_level(state: GameData) -> bool:
    """A Monster Level Up (orange Doom Counter field). Returns whether it applied:
    in a campaign only the first level up of a scenario does (one level above the
    scenario's main level); the others are ignored."""
    if state.mode == "campaign" and state.monster_level_ups >= 1:
        state.log.emit("monster_level_up_ignored", None, level=state.monster_level)
        return False
    state.monster_level_ups += 1
    state.monster_level += 1
    for monster in state.monsters:
        monster.set_level(state.monster_level, state.pack, state.log)
    state.log.emit("monster_level_up", None, level=state.monster_level)
    return True


def may_raise_attributes(state: GameData, hero: HeroState) -> bool:
    """Whether ``hero`` may spend saved Attribute Points now: it has some, and it is Phase H,
    or it is before the first round and ``hero`` is a character created anew after a death
    (``state.new_characters``). Before the first round everybody else's points stay saved."""
    return hero.attribute_points > 0 and (state.phase != SETUP or hero.uid in state.new_characters)


def needs_phase_h(state: GameData, hero: HeroState) -> bool:
    """Whether ``hero`` has a Phase H decision: Attribute Points to spend, a hero bonus
    to choose, recovery points to split, or waking up from unconsciousness."""
    return (hero.attribute_points > 0 or state.pending_bonus.get(hero.uid, 0) > 0
            or hero.uid in state.pending_recovery or hero.unconscious)


def phase_h_automatic(state: GameData) -> None:
    """The parts of Phase H that need no decision: hero level (pending bonus choice),
    Group XP -> Attribute Points, *Regeneration*, unconscious recovery points (pending
    a split decision)."""
    rules = state.rules
    living = [h for h in state.heroes if not h.dead]
    if hero_level_reached(state.round, state.mode, rules):
        for hero in living:
            state.pending_bonus[hero.uid] = state.pending_bonus.get(hero.uid, 0) + 1
        state.log.emit("hero_level", None, round=state.round)
    redeem_group_xp(state)
    for hero in living:
        regenerate(hero, state.log)
        if hero.unconscious:
            state.pending_recovery[hero.uid] = rules.unconscious_recovery


def redeem_group_xp(state: GameData) -> int:
    """Redeem the Group XP on ``state``'s track as far as they reach the cost of an Attribute Point
    (chapter *Character Improvement*; :func:`distribute_group_xp`): every living hero gets the
    points, logged as ``attribute_points``; returns the Group XP left on the track (fewer than one
    point costs). Phase H does it every round, a campaign scenario once more at its end."""
    points, left = distribute_group_xp(state.group_xp, state.players, state.mode, state.rules)
    if points:
        for hero in state.heroes:
            if not hero.dead:
                hero.attribute_points += points
        state.log.emit("attribute_points", None, points=points, xp_spent=state.group_xp - left, xp_left=left)
        state.group_xp = left
    return left


def best_attribute_to_raise(hero: HeroState) -> str:
    """A simple choice for bots: the attribute whose +1 raises a calculated value
    (HP first, then IP, then PP), else STR."""
    a = hero.attributes
    if (a["STR"] + a["CON"]) % 2 == 1:
        return "STR" if a["STR"] <= a["CON"] else "CON"
    if (a["AGI"] + a["PER"]) % 2 == 1:
        return "AGI" if a["AGI"] <= a["PER"] else "PER"
    if (a["WIS"] + a["PSI"]) % 2 == 1:
        return "WIS" if a["WIS"] <= a["PSI"] else "PSI"
    return "STR"
