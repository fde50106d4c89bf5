"""Combat: hero attacks, monster attacks, defense, armor, psi resistance, using items, repair.

Book of Rules chapters *Combat* (attack, monster attack), *Defense*, *Getting Hit and
Armor Rating* (one armor card per hit, Damaged marker even when AR exceeds the damage;
monster AR that damage must exceed), *Armor vulnerability*, *Critical hits* (+1 damage
per 10 points), *Additional Combat Rules* (Fumbles damage the item used; monsters'
attack Fumble is a miss, defense Fumble a failed defense; Belt use), *Repairing
Equipment* (armor sets), *Take, Use or Repair Other Items (5 AP)* (``owner=``), *Psi
Spells* (PP paid whatever the outcome; TN spells' critical successes lower the PP cost),
*Psi Resistance* (PP added after the roll),
*Enchanted Weapons*, *Hit Points, Initiative Points and Psi Points* (negative values,
death), *Additional Card Properties* (piercing, elements, poison, Immobilized,
Disarmed), the hero bonuses *Extra ... Die*, *Extra Damage*, *Fast Hands*, the FAQ
(psi resistance with spells is free; enchanted weapons vs the Poltergeist) and the
monster abilities of NOTES.md (see ``abilities``).

Nothing here knows the map: the caller chooses targets and checks range and sight.
Action Points are returned (``ap_cost``), not deducted: the flow engine owns the
Initiative Board. Psi Points, Hit Points, markers and statuses are changed here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from doria_forge.model.common import DiceSpec
from doria_forge.model.equipment import AttackProfile
from doria_forge.model.rules import Rules

from . import abilities
from .checks import Comparison, TNResult, comparative_roll, roll_target_number
from .dice import DiceRoller, Roll, parse_dice
from .events import EventLog
from .hero import HeroState, IllegalAction, ItemInstance, expected_roll
from .monster import MonsterState

__all__ = [
    "AttackOutcome", "DefensePolicy", "DefaultDefense", "IllegalAction", "UseOutcome",
    "absorb_damage", "armor_against", "armor_candidates", "attack_extra_dice", "attack_pp_cost", "attack_problem",
    "defense_options", "hero_area_attack", "hero_attack", "hit_damage", "monster_attack", "repair", "use_item",
]


@dataclass
class AttackOutcome:
    """What one attack did to one target.

    Ids are uids (hero, monster, item). ``attack_total``/``defense_total`` are the
    compared totals (``defense_total`` includes ``psi_points_added``); ``defense_with``
    is the defending item's uid, ``"dodge"``/``"psi_resistance"`` (the Character Sheet
    defaults) or ``"monster"``. ``damage`` is the HP value of the hit before armor
    (base + critical steps + bonuses); ``armor`` the uid of the hero's armor card used,
    ``armor_absorbed`` the points it stopped; ``wound`` the HP actually lost.
    ``ap_cost`` (AP, for the flow engine to deduct) and ``pp_cost`` (PP already paid)
    belong to the attacker. ``damaged_items``: uids that got a Damaged marker.
    ``extra_activation`` (behaviour ``extra_activation_on_wound``) and ``pair_activation``
    (behaviour ``pair_activation``) are signals for the flow engine.
    """

    attacker: str
    target: str
    attack_type: str
    attack_roll: Roll
    item: str | None = None
    profile: str | None = None
    defense_roll: Roll | None = None
    defense_with: str | None = None
    psi_points_added: int = 0
    attack_total: int = 0
    defense_total: int = 0
    hit: bool = False
    critical_steps: int = 0
    attack_fumble: bool = False
    defense_fumble: bool = False
    damage: int = 0
    element: str | None = None
    armor: str | None = None
    armor_absorbed: int = 0
    wound: int = 0
    ap_cost: int = 0
    pp_cost: int = 0
    damaged_items: list[str] = field(default_factory=list)
    poison_markers: int = 0
    immobilized: bool = False
    disarmed: bool = False
    target_defeated: bool = False
    healed: int = 0
    extra_activation: bool = False
    pair_activation: bool = False


# --------------------------------------------------------------------------- defense policy
class DefensePolicy(Protocol):
    """How a hero defends. ``choose_defense`` returns an equipped item (from
    ``defense_options``) or ``None`` for the Character Sheet default (Dodge / psi
    resistance); its ``monster`` is the attacker, ``None`` for a friend's area attack;
    ``psi_points`` the PP to add after a psi resistance roll (>= 0);
    ``choose_armor`` one card of ``candidates`` (undamaged, not vulnerable, usable)
    or ``None`` to take the full damage."""

    def choose_defense(self, hero: HeroState, monster: MonsterState | None, attack_type: str,
                       options: list[tuple[ItemInstance | None, DiceSpec]]) -> ItemInstance | None: ...

    def psi_points(self, hero: HeroState, attack_total: int, defense_total: int, fumble: bool) -> int: ...

    def choose_armor(self, hero: HeroState, candidates: list[ItemInstance], damage: int,
                     element: str | None) -> ItemInstance | None: ...


class DefaultDefense:
    """The default defender: the option with the best expected roll (hero-bonus dice,
    Disarmed and bonus markers included; the Character Sheet default wins ties, as it
    risks no item); PP only when they turn a hit into a miss and leave PP >= 0; the
    undamaged, non-vulnerable armor card with the highest AR (lowest repair AP on a tie)."""

    def choose_defense(self, hero: HeroState, monster: MonsterState | None, attack_type: str,
                       options: list[tuple[ItemInstance | None, DiceSpec]]) -> ItemInstance | None:
        extra = _defense_extra_dice(hero)
        best, best_value = None, None
        for item, spec in options:
            value = expected_roll(spec, extra)
            if best_value is None or value > best_value or (value == best_value and item is None):
                best, best_value = item, value
        return best

    def psi_points(self, hero: HeroState, attack_total: int, defense_total: int, fumble: bool) -> int:
        if fumble or defense_total > attack_total:
            return 0
        need = attack_total - defense_total + 1
        return need if need <= hero.pp else 0

    def choose_armor(self, hero: HeroState, candidates: list[ItemInstance], damage: int,
                     element: str | None) -> ItemInstance | None:
        if not candidates:
            return None
        return max(candidates, key=lambda i: (i.armor_rating, -(i.card.ap or 0)))


DEFAULT_DEFENSE = DefaultDefense()


def _defense_extra_dice(hero: HeroState) -> int:
    # the hero bonuses read in place (``has_bonus``'s own reading), as in the attack helpers below
    return (1 if "extra_defense_die" in hero.hero_bonuses else 0) - (1 if hero.disarmed else 0)


def _usable_magic(item: ItemInstance, monster: MonsterState | None) -> bool:
    """Magic weapons and armor do not work against a monster with the behaviour
    ``magic_items_ineffective`` (the Mummy); spells do."""
    if monster is None or not item.card.magic or item.is_spell:
        return True
    return not abilities.magic_items_ineffective(monster)


def defense_options(hero: HeroState, attack_type: str, monster: MonsterState | None = None
                    ) -> list[tuple[ItemInstance | None, DiceSpec]]:
    """The defenses a hero may roll against ``attack_type``: ``(None, Dodge)`` /
    ``(None, psi resistance)`` from the rules, then every equipped card (Body Zone only,
    not Belt/Backpack) with a defense (melee, ranged) or psi resistance (magic) value,
    except damaged weapons/spells/items and, against the Mummy, magic non-spell cards.
    Damaged armor keeps its defense value (only its armor part is damaged)."""
    magic = attack_type == "magic"
    default = hero.rules.psi_resistance if magic else hero.rules.dodge
    options: list[tuple[ItemInstance | None, DiceSpec]] = [(None, parse_dice(default))]
    for item in hero.equipped():
        value = item.card.psi_resistance if magic else item.card.defense
        if not value:
            continue
        if item.damaged and item.card.card_type != "armor":
            continue
        if not hero.meets_requirements(item.card) or not _usable_magic(item, monster):
            continue
        options.append((item, parse_dice(value)))
    return options


# --------------------------------------------------------------------------- hero attacks
def attack_pp_cost(item: ItemInstance, profile: AttackProfile) -> int:
    """Psi Points an attack with ``profile`` costs before any extra spend: the profile's
    PP, else a spell's card PP, else 0 (chapter *Psi Spells*)."""
    if profile.pp:
        return profile.pp
    return (item.card.pp or 0) if item.is_spell else 0


def attack_extra_dice(hero: HeroState, attack_type: str) -> int:
    """Dice added to a hero's attack roll of ``attack_type``: +1 with the hero bonus
    *Extra Melee/Ranged/Magic Die*, -1 while Disarmed."""
    # the hero bonuses read in place (``has_bonus``'s own reading): the bots weigh every attack option
    return (1 if f"extra_{attack_type}_die" in hero.hero_bonuses else 0) - (1 if hero.disarmed else 0)


def hit_damage(hero: HeroState, profile: AttackProfile, target: MonsterState | None) -> int:
    """HP a hero's hit with ``profile`` deals before critical steps and armor: the
    profile's damage, +1 with *Extra Damage*, + ``extra_damage_vs`` for the target's flags
    (``target`` ``None``: a friend in the area of an attack that affects friends, who has none)."""
    damage = profile.damage
    if "extra_damage" in hero.hero_bonuses:  # ``has_bonus`` read in place: the bots ask of every option
        damage += 1
    if profile.extra_damage_vs and target is not None:
        damage += sum(v for flag, v in profile.extra_damage_vs.items() if target.has(flag))
    return damage


def armor_against(profile: AttackProfile, target: MonsterState) -> int:
    """The monster's Armor Rating a hit with ``profile`` must exceed: 0 for piercing
    damage or the element of its vulnerability (chapter *Armor vulnerability*)."""
    if profile.piercing or (profile.element is not None and profile.element == target.vulnerability):
        return 0
    return target.armor_rating


def attack_problem(hero: HeroState, item: ItemInstance, profile: AttackProfile, target: MonsterState,
                   *, from_belt: bool = False, owner: HeroState | None = None) -> str | None:
    """Why ``hero`` may not attack ``target`` with ``item``/``profile``, or ``None``.

    Checks: the hero can act; the item is in the hands, on the body, or (``from_belt``)
    on the Belt and 1-handed - or, with ``owner`` (another character), anywhere on that
    character (chapter *Take, Use or Repair Other Items (5 AP)*: taken and used in one
    action; range 1 and consent are the caller's); ``profile`` is one of the card's; the card is not damaged;
    the requirements (the profile's own, else the card's) are met; the target is not
    defeated; the behaviours of the target: ``immune_to_ranged`` (Skeleton),
    ``hurt_only_by_magic`` (Poltergeist: only spells and magic weapons, not an elementally
    enchanted non-magic weapon), ``magic_items_ineffective`` (Mummy: no magic non-spell
    weapons). Range and sight are the caller's."""
    return wielding_problem(hero, item, profile, from_belt=from_belt, owner=owner) or target_problem(item, profile,
                                                                                                    target)


def wielding_problem(hero: HeroState, item: ItemInstance, profile: AttackProfile, *, from_belt: bool = False,
                     owner: HeroState | None = None) -> str | None:
    """The checks of ``attack_problem`` that read no target (the hero, where the card is, the
    profile, the Damaged marker, the requirements), in its order; ``None`` when they pass."""
    if not hero.can_act:
        return f"{hero.uid} cannot act"
    location: str | None
    if owner is not None and owner is not hero:
        if owner.location(item) is None:
            return f"{owner.uid} does not carry {item.uid}"
        if not hero.can_equip(item.card):
            return f"{hero.uid} could not hold {item.name} afterwards (requirements)"
        location = "taken"
    else:
        location = hero.location(item)
    if location is None:
        return f"{hero.uid} does not carry {item.uid}"
    if location == "taken":
        pass
    elif location == "belt":
        if not from_belt:
            return f"{item.name} is on the Belt: use from_belt=True"
        if item.hands == 2:
            return f"{item.name} needs 2 hands and cannot be used from the Belt"
    elif location == "backpack":
        return f"{item.name} is in the Backpack and must be taken out first"
    elif from_belt:
        return f"{item.name} is not on the Belt"
    elif location not in ("hands", "body"):
        return f"{item.name} is worn as armor, not held"
    if not any(p is profile or p == profile for p in item.card.attacks):
        return f"{item.name} has no such attack"
    if item.damaged:
        return f"{item.name} is damaged and must be repaired first"
    if not hero.meets_requirements(item.card, profile):
        return f"{hero.uid} does not meet the requirements of {item.name}"
    return None


def target_problem(item: ItemInstance, profile: AttackProfile, target: MonsterState) -> str | None:
    """The checks of ``attack_problem`` that read the target (defeated, its immunities), in its
    order; ``None`` when they pass."""
    if target.defeated:
        return f"{target.uid} is already defeated"
    # two behaviours read from one look-up of the target's profile (``abilities.rule_for``, as
    # ``immune_to_ranged`` and ``hurt_only_by_magic`` each read it): the bots ask this of every
    # attack option (``_usable_magic`` reads the profile only for a magic card, not a spell)
    rule = abilities.rule_for(target)
    if profile.attack_type == "ranged" and rule.immune_to_ranged:
        return f"{target.monster.name} is immune to ranged attacks"
    if rule.hurt_only_by_magic and not (item.is_spell or item.card.magic):
        return f"only spells and magic weapons hurt the {target.monster.name}"
    if not _usable_magic(item, target):
        return f"magic weapons do not work against the {target.monster.name}"
    return None


def hero_attack(
    dice: DiceRoller,
    log: EventLog,
    hero: HeroState,
    item: ItemInstance,
    profile: AttackProfile,
    target: MonsterState,
    rules: Rules,
    *,
    from_belt: bool = False,
    psi_spend: int = 0,
    owner: HeroState | None = None,
    monster_dice: DiceRoller | None = None,
) -> AttackOutcome:
    """A hero attacks a monster with ``item`` using attack ``profile`` (chapter *Combat*).

    Rolls the profile's dice (+1 die with *Extra Melee/Ranged/Magic Die*, -1 when
    Disarmed) plus the hero's bonus markers of that attack type, against the monster's
    defense (melee, ranged) or psi resistance (magic), -1 die when it is Disarmed. The
    attack hits on ``attack >= defense``. A hero Fumble damages ``item`` and misses; a
    monster Fumble fails its defense. Damage = card damage + 1 per critical step + 1
    with *Extra Damage* + ``extra_damage_vs`` for the monster's flags; the monster loses
    ``damage - AR`` HP if positive (AR ignored for piercing damage or the element of its
    vulnerability). On a hit: poison markers (only with HP lost), Immobilized, Disarmed
    (once). PP: the profile's (spells: the card's) plus ``psi_spend`` (an enchanted
    weapon's special action), paid before rolling, whatever the outcome; PP may go
    negative (death at ``rules.death_threshold``).

    ``owner``: another character carrying ``item`` (chapter *Take, Use or Repair Other
    Items (5 AP)*): the card is taken and used in one action (``ap_cost`` = card AP +
    ``rules.take_item_ap``, see ``HeroState.use_cost``) and ends in ``hero``'s hands ("it
    must be equipped in the hand of the last character to use it"; cards in the way go to
    the Belt, then the Backpack).

    ``monster_dice`` rolls the monster's defense (default ``dice``): the solo optional
    rule lets every monster die count its average.

    Returns the ``AttackOutcome`` with ``ap_cost`` (card AP, + ``rules.belt_ap`` from the
    Belt, - Fast Hands) for the caller to deduct. Raises ``IllegalAction`` (see
    ``attack_problem``) and ``ValueError`` for a negative ``psi_spend``.
    """
    if psi_spend < 0:
        raise ValueError("psi_spend must be >= 0")
    problem = attack_problem(hero, item, profile, target, from_belt=from_belt, owner=owner)
    if problem:
        raise IllegalAction(problem)
    attack_type = profile.attack_type
    ap_cost, pp_cost, attack_roll = _pay_and_roll(dice, log, hero, item, profile, target, from_belt=from_belt,
                                                  psi_spend=psi_spend, owner=owner)
    defense_spec = target.psi_resistance if attack_type == "magic" else target.defense
    defense_roll = (monster_dice or dice).roll(defense_spec, extra_dice=-target.dice_penalty)
    result = comparative_roll(attack_roll, defense_roll)
    out = AttackOutcome(
        attacker=hero.uid, target=target.uid, attack_type=attack_type, attack_roll=attack_roll,
        item=item.uid, profile=profile.label, defense_roll=defense_roll, defense_with="monster",
        attack_total=result.attack, defense_total=result.defense, hit=result.hit,
        critical_steps=result.critical_steps, attack_fumble=result.attack_fumble,
        defense_fumble=result.defense_fumble, element=profile.element, ap_cost=ap_cost, pp_cost=pp_cost,
    )
    damage, armor = _hit_points(hero, profile, target, result) if result.hit else (0, 0)
    if log.enabled:
        log.emit("attack", hero.uid, target=target.uid, item=item.uid, attack_type=attack_type,
                 attack=result.attack, defense=result.defense, hit=result.hit,
                 critical_steps=result.critical_steps, defense_fumble=result.defense_fumble, ap=ap_cost, pp=pp_cost,
                 **_hit_data(result.hit, damage, armor))
    if attack_roll.fumble:
        _damage_item(log, hero, item, "attack fumble", out)
    if result.hit:
        _hit_monster(log, hero, profile, target, damage, armor, out)
    return out


def hero_area_attack(
    dice: DiceRoller,
    log: EventLog,
    hero: HeroState,
    item: ItemInstance,
    profile: AttackProfile,
    target: MonsterState,
    area: Sequence[MonsterState | HeroState],
    rules: Rules,
    policy: DefensePolicy | None = None,
    *,
    from_belt: bool = False,
    psi_spend: int = 0,
    owner: HeroState | None = None,
    monster_dice: DiceRoller | None = None,
) -> list[AttackOutcome]:
    """A hero's area attack (``profile.area``) aimed at ``target``, hitting every figure of
    ``area`` (``target`` among them; ``area.hero_area_targets`` works it out on the map) with ONE
    attack roll (FAQ *On items that say they "affect friends"*; the monsters' area attacks roll
    once too, ``monster_attack``).

    Checks, costs and the attack roll are ``hero_attack``'s, for ``target`` (the Mummy's rule on
    magic bonus markers is read from it). Then each figure in ``area`` order defends on its own:
    a monster with its own defense (psi resistance against magic) and, on a hit, loses the damage
    past its own Armor Rating (none for piercing damage or its vulnerability's element) and takes
    the profile's poison, Immobilized and Disarmed; a monster the attack cannot affect
    (``target_problem``: a Skeleton against a ranged area, the Poltergeist against a non-magic
    card) is left out, logged ``area_unaffected``. A friend (``profile.affects_friends``) rolls
    defense or psi resistance as against a monster (``policy``, ``DefaultDefense`` if ``None``)
    and, if not defended, takes the same damage: the hit's damage (+1 with the attacker's *Extra
    Damage*, + critical steps; no ``extra_damage_vs``, which reads monster flags) of the same
    element through ONE armor card (``absorb_damage``; piercing skips armor). A Fumble of the
    attack misses everyone (no defense is rolled) and damages ``item``. A friend who dies ends the
    attack (chapter *Death of a Character*). Logs ``area_attack`` (the roll, every figure of the
    area), then per monster ``monster_defense`` and per friend ``defense``.

    Returns one ``AttackOutcome`` per figure resolved, in ``area`` order; the first holds the
    attacker's ``ap_cost`` and ``pp_cost``, the others 0. Raises ``IllegalAction`` (the checks of
    ``attack_problem``; a profile without an area; ``target`` not in ``area``; the attacker, a
    friend of a card that does not affect friends, a defeated monster, an unconscious character
    or a figure named twice in ``area``) and ``ValueError`` for a negative ``psi_spend``.
    """
    if psi_spend < 0:
        raise ValueError("psi_spend must be >= 0")
    if profile.area is None:
        raise IllegalAction(f"{item.name} has no area effect")
    problem = attack_problem(hero, item, profile, target, from_belt=from_belt, owner=owner)
    if problem:
        raise IllegalAction(problem)
    if not any(f is target for f in area):
        raise IllegalAction(f"{target.uid} is not in the area of the attack")
    if len({id(f) for f in area}) != len(area):
        raise IllegalAction("a figure can be hit only once by one attack")
    for figure in area:
        if isinstance(figure, HeroState):
            if figure is hero:
                raise IllegalAction(f"{hero.uid} is exempt from the effects of their own attack")
            if not profile.affects_friends:
                raise IllegalAction(f"{item.name} does not affect friends: {figure.uid} is not hit")
            if not figure.can_act:
                raise IllegalAction(f"{figure.uid} is dead or unconscious and cannot be attacked")
        elif figure.defeated:
            raise IllegalAction(f"{figure.uid} is already defeated")
    policy = policy or DEFAULT_DEFENSE
    attack_type = profile.attack_type
    ap_cost, pp_cost, attack_roll = _pay_and_roll(dice, log, hero, item, profile, target, from_belt=from_belt,
                                                  psi_spend=psi_spend, owner=owner)
    if log.enabled:
        log.emit("area_attack", hero.uid, target=target.uid, item=item.uid, attack_type=attack_type,
                 area=profile.area.shape, figures=tuple(f.uid for f in area), attack=attack_roll.total,
                 fumble=attack_roll.fumble, ap=ap_cost, pp=pp_cost)
    outcomes: list[AttackOutcome] = []
    for figure in area:
        if isinstance(figure, MonsterState) and (why := target_problem(item, profile, figure)) is not None:
            log.emit("area_unaffected", figure.uid, attacker=hero.uid, reason=why)
            continue
        out = AttackOutcome(attacker=hero.uid, target=figure.uid, attack_type=attack_type, attack_roll=attack_roll,
                            item=item.uid, profile=profile.label, attack_total=attack_roll.total,
                            element=profile.element, attack_fumble=attack_roll.fumble)
        if not outcomes:
            out.ap_cost, out.pp_cost = ap_cost, pp_cost
        outcomes.append(out)
        if attack_roll.fumble:
            continue
        if isinstance(figure, MonsterState):
            defense_spec = figure.psi_resistance if attack_type == "magic" else figure.defense
            defense_roll = (monster_dice or dice).roll(defense_spec, extra_dice=-figure.dice_penalty)
            result = comparative_roll(attack_roll, defense_roll)
            out.defense_roll, out.defense_with = defense_roll, "monster"
            out.defense_total, out.hit = result.defense, result.hit
            out.critical_steps, out.defense_fumble = result.critical_steps, result.defense_fumble
            damage, armor = _hit_points(hero, profile, figure, result) if result.hit else (0, 0)
            if log.enabled:
                log.emit("monster_defense", figure.uid, attacker=hero.uid, defense=result.defense, hit=result.hit,
                         critical_steps=result.critical_steps, **_hit_data(result.hit, damage, armor))
            if result.hit:
                _hit_monster(log, hero, profile, figure, damage, armor, out)
            continue
        result = _hero_defends(dice, log, figure, hero.uid, None, attack_type, attack_roll, policy, False, out)
        if not result.hit or figure.dead:
            continue
        out.damage = hit_damage(hero, profile, None) + result.critical_steps
        out.armor, out.armor_absorbed, out.wound = absorb_damage(
            log, figure, out.damage, element=profile.element, piercing=profile.piercing, policy=policy,
            source=hero.uid, out=out)
        out.target_defeated = figure.dead
        if figure.dead:
            break  # *Death of a Character*: the scenario ends at once, as in ``monster_attack``
    if attack_roll.fumble:
        _damage_item(log, hero, item, "attack fumble", outcomes[0] if outcomes else None)
    return outcomes


def _pay_and_roll(dice: DiceRoller, log: EventLog, hero: HeroState, item: ItemInstance, profile: AttackProfile,
                  target: MonsterState, *, from_belt: bool, psi_spend: int,
                  owner: HeroState | None) -> tuple[int, int, Roll]:
    """The part of a hero's attack before any defense, checks passed: the AP it costs
    (``HeroState.use_cost``), a friend's card taken into ``hero``'s hands (``owner``), the Psi
    Points paid (the profile's, + ``psi_spend``; before rolling, whatever the outcome) and the
    attack roll (the profile's dice, +/- dice for *Extra ... Die* and Disarmed, the hero's bonus
    markers, not the magic ones against a Mummy ``target``). Returns (AP, PP, the roll)."""
    ap_cost = hero.use_cost(item, profile, from_belt=from_belt, owner=owner)
    if owner is not None and owner is not hero:
        _hand_over(log, owner, hero, item)
    pp_cost = attack_pp_cost(item, profile) + psi_spend
    if pp_cost > 0:
        hero.spend_pp(pp_cost, log, reason=item.card.id)
    mummy = abilities.magic_items_ineffective(target)
    attack_roll = dice.roll(profile.dice, extra_dice=attack_extra_dice(hero, profile.attack_type),
                            bonus=hero.bonus(profile.attack_type, exclude_magic=mummy))
    return ap_cost, pp_cost, attack_roll


def _hit_points(hero: HeroState, profile: AttackProfile, target: MonsterState, result: Comparison) -> tuple[int, int]:
    """A hero's hit with ``profile`` on ``target``: (its damage: ``hit_damage`` + the critical steps,
    the Armor Rating it must exceed: ``armor_against``)."""
    return hit_damage(hero, profile, target) + result.critical_steps, armor_against(profile, target)


def _hit_data(hit: bool, damage: int, armor: int) -> dict[str, int]:
    """The fields a hero's attack or a monster's defense logs for a hit: its ``damage`` and the
    ``armor_rating`` it must exceed ("otherwise the damage is ignored", chapter *Getting Hit and
    Armor Rating*): a hit the armor stops entirely logs no Hit Points lost, and says so here."""
    return {"damage": damage, "armor_rating": armor} if hit else {}


def _hit_monster(log: EventLog, hero: HeroState, profile: AttackProfile, target: MonsterState, damage: int,
                 armor: int, out: AttackOutcome) -> None:
    """A hero's hit with ``profile`` on ``target`` for ``damage`` against Armor Rating ``armor``
    (``_hit_points``): the damage past the Armor Rating, then the profile's poison (only with HP
    lost), Immobilized and Disarmed (once); noted in ``out``."""
    out.damage = damage
    wound = max(0, damage - armor)
    out.armor_absorbed = damage - wound
    out.wound = target.take_damage(wound, log, source=hero.uid)
    out.target_defeated = target.defeated
    if profile.poison_markers and out.wound > 0 and not target.defeated:
        target.poison_markers += profile.poison_markers
        out.poison_markers = profile.poison_markers
        log.emit("poisoned", hero.uid, target=target.uid, markers=profile.poison_markers)
    if profile.immobilize and not target.defeated:
        target.immobilized = out.immobilized = True
        log.emit("immobilized", hero.uid, target=target.uid)
    if profile.disarm and not target.disarmed and not target.defeated:
        target.disarmed = out.disarmed = True
        log.emit("disarmed", hero.uid, target=target.uid)


def _hand_over(log: EventLog, owner: HeroState, user: HeroState, item: ItemInstance) -> None:
    """Move ``item`` from ``owner`` to ``user``'s Body Zone (hands for hand cards), cards in
    the way to the Belt/Backpack; the Damaged marker goes with it."""
    owner.discard(item)
    user.equip(item, displace="belt")
    log.emit("item_taken", user.uid, item=item.uid, owner=owner.uid)


def _damage_item(log: EventLog, hero: HeroState, item: ItemInstance, reason: str, out: AttackOutcome | None,
                 **details: int) -> None:
    """Put a Damaged marker on ``item`` (once), noting it in ``out`` when given; ``details`` go into
    its ``item_damaged`` event (an armor card's ``stopped`` and ``damage``, ``absorb_damage``)."""
    if not item.damaged:
        item.damaged = True
        if out is not None:
            out.damaged_items.append(item.uid)
        log.emit("item_damaged", hero.uid, item=item.uid, reason=reason, **details)


# --------------------------------------------------------------------------- monster attacks
def monster_attack(
    dice: DiceRoller,
    log: EventLog,
    monster: MonsterState,
    targets: Sequence[HeroState],
    rules: Rules,
    policy: DefensePolicy | None = None,
    *,
    monster_dice: DiceRoller | None = None,
    extra_dice: int = 0,
    extra_damage: Callable[[HeroState], int] | None = None,
) -> list[AttackOutcome]:
    """A monster attacks ``targets`` (chosen by the caller, in range and sight) with ONE
    attack roll (chapters *Monster attack*, *Defense*, *Getting Hit and Armor Rating*).

    The roll is the level card's attack (+ modifications), one die less when Disarmed.
    An attack Fumble misses everyone. Each target rolls its own defense (melee, ranged:
    Dodge or an equipped card's defense; magic: psi resistance, then PP may be added),
    chosen by ``policy`` (``DefaultDefense`` if ``None``); a tie hits; a hero Fumble
    damages the defending card and fails. On a hit: damage = monster damage + 1 per
    critical step (+ ``extra_damage``); ONE armor card (not damaged, not vulnerable to the damage element,
    not magic against the Mummy) chosen by ``policy`` stops up to its AR and gets a
    Damaged marker if it stopped anything; the rest is lost from HP (death at
    ``rules.death_threshold``). Behaviours (``abilities.rule_for``): number of targets,
    element, poison (on any hit or on HP lost), draining HP above its maximum, damaging
    the cards in the hands, extra and pair activation signals.

    ``monster_dice`` rolls the monster's attack (default ``dice``; heroes always roll
    ``dice``): the solo optional rule lets every monster die count its average.
    ``extra_dice``: dice more on the attack roll (other monsters' ``aura``,
    ``abilities.aura_attack_dice``).

    ``extra_damage(hero)``: points a scenario's lasting rules add to the hit's damage on that
    hero (below 0: take off, down to 0), asked on a hit only, added with the critical steps
    before armor (chapter *Getting Hit and Armor Rating*: "the monster's damage indicated on the
    card for that Monster Level (plus any modifications) applies", then the armor; the flow
    engine passes ``triggers.monster_hit_damage``).

    A target who dies ends the attack (chapter *Death of a Character*: the scenario ends
    "immediately"): the targets after him are not resolved and have no outcome.

    Raises ``IllegalAction`` for a defeated monster, no targets, more targets than its
    ability allows, or a dead/unconscious target (they are ignored by monsters).
    """
    policy = policy or DEFAULT_DEFENSE
    rule = abilities.rule_for(monster)
    if monster.defeated:
        raise IllegalAction(f"{monster.uid} is defeated")
    if not targets:
        raise IllegalAction("a monster attack needs a target")
    if rule.max_targets is not None and len(targets) > rule.max_targets:
        raise IllegalAction(f"{monster.monster.name} hits at most {rule.max_targets} heroes with one roll")
    for hero in targets:
        if not hero.can_act:
            raise IllegalAction(f"{hero.uid} is dead or unconscious and cannot be attacked")
    if len({h.uid for h in targets}) != len(targets):
        raise IllegalAction("a hero can be hit only once by one attack")

    attack_type = monster.attack_type
    element = monster.damage_element
    mummy = abilities.magic_items_ineffective(monster)
    attack_roll = (monster_dice or dice).roll(monster.attack, extra_dice=extra_dice - monster.dice_penalty)
    if log.enabled:
        log.emit("monster_attack", monster.uid, targets=tuple(h.uid for h in targets),
                 attack=attack_roll.total, fumble=attack_roll.fumble,
                 **({"extra_dice": extra_dice} if extra_dice else {}))
    outcomes = []
    for hero in targets:
        out = AttackOutcome(attacker=monster.uid, target=hero.uid, attack_type=attack_type,
                            attack_roll=attack_roll, attack_total=attack_roll.total, element=element,
                            pair_activation=rule.pair_activation)
        outcomes.append(out)
        if attack_roll.fumble:
            out.attack_fumble = True
            continue
        result = _hero_defends(dice, log, hero, monster.uid, monster, attack_type, attack_roll, policy, mummy, out)
        if not result.hit or hero.dead:
            continue
        extra = extra_damage(hero) if extra_damage is not None else 0
        _apply_monster_hit(log, monster, hero, rule, element, mummy, result, policy, out, extra)
        if hero.dead:
            # *Death of a Character*: "they die immediately. This means an instant end of the
            # current scenario": the heroes after him are not attacked (no defense rolled, no
            # damage, no Damaged marker they would keep into a campaign's next scenario)
            break
    return outcomes


def _hero_defends(dice: DiceRoller, log: EventLog, hero: HeroState, attacker: str, monster: MonsterState | None,
                  attack_type: str, attack_roll: Roll, policy: DefensePolicy, mummy: bool,
                  out: AttackOutcome) -> Comparison:
    """``hero`` rolls its defense against ``attack_roll`` (chapter *Defense*): the option
    ``policy`` chooses of ``defense_options`` (``monster``: the attacking monster, ``None`` when a
    character's area attack hits a friend), its bonus markers (not magic ones against the Mummy,
    ``mummy``), Psi Points added after a psi resistance roll; a Fumble damages the defending card.
    Logs ``defense`` (``attacker``: the attacker's uid), notes the roll in ``out`` and returns
    the comparison (``hit``: the defense failed)."""
    options = defense_options(hero, attack_type, monster)
    choice = policy.choose_defense(hero, monster, attack_type, options)
    spec = next((s for i, s in options if i is choice), None)
    if spec is None:
        raise IllegalAction(f"{hero.uid} cannot defend with {choice!r}")
    bonus_name = "psi_resistance" if attack_type == "magic" else "defense"
    defense_roll = dice.roll(spec, extra_dice=_defense_extra_dice(hero),
                             bonus=hero.bonus(bonus_name, exclude_magic=mummy))
    out.defense_roll = defense_roll
    out.defense_with = choice.uid if choice else ("psi_resistance" if attack_type == "magic" else "dodge")
    added = 0
    if attack_type == "magic":
        added = max(0, int(policy.psi_points(hero, attack_roll.total, defense_roll.total, defense_roll.fumble)))
        if added:
            hero.spend_pp(added, log, reason="psi resistance")
    out.psi_points_added = added
    result = comparative_roll(attack_roll, defense_roll, defense_bonus=added)
    out.defense_total, out.hit = result.defense, result.hit
    out.critical_steps, out.defense_fumble = result.critical_steps, result.defense_fumble
    if log.enabled:
        log.emit("defense", hero.uid, attacker=attacker, defense_with=out.defense_with,
                 defense=result.defense, psi_points=added, hit=result.hit,
                 critical_steps=result.critical_steps, fumble=result.defense_fumble)
    if defense_roll.fumble and choice is not None:
        _damage_item(log, hero, choice, "defense fumble", out)
    return result


def _apply_monster_hit(log: EventLog, monster: MonsterState, hero: HeroState, rule: abilities.AbilityProfile,
                       element: str | None, mummy: bool, result: Comparison, policy: DefensePolicy,
                       out: AttackOutcome, extra: int = 0) -> None:
    # the card's damage, its critical steps and a scenario's extra points, all before armor
    damage = max(0, monster.damage + result.critical_steps + extra)
    out.damage = damage
    if rule.damages_hand_items:
        reason = monster.uid  # the event names the figure that damaged the cards: a replay names it as the pack does
        for item in hero.hand_items():
            _damage_item(log, hero, item, reason, out)
    armor, absorbed, wound = absorb_damage(log, hero, damage, element=element, policy=policy,
                                           ignore_magic_armor=mummy, source=monster.uid, out=out)
    out.armor, out.armor_absorbed, out.wound = armor, absorbed, wound
    out.target_defeated = hero.dead
    poison = rule.poison_on_hit + (rule.poison_on_wound if wound > 0 else 0)
    if poison:
        hero.poison_markers += poison
        out.poison_markers = poison
        log.emit("poisoned", monster.uid, target=hero.uid, markers=poison)
    if wound > 0 and rule.heals_by_wound:
        out.healed = monster.heal(wound, cap=False)
        log.emit("monster_healed", monster.uid, amount=out.healed, hp=monster.hp)
    if wound > 0 and rule.extra_activation_on_wound:
        out.extra_activation = True  # the activation logs it when it grants one (monster_ai)


def armor_candidates(hero: HeroState, element: str | None = None, *, ignore_magic_armor: bool = False
                     ) -> list[ItemInstance]:
    """The equipped armor cards that may stop a hit: not damaged, not vulnerable to
    ``element`` (vulnerable armor is ignored, not damaged), not magic when
    ``ignore_magic_armor`` (the Mummy)."""
    return [
        i for i in hero.equipped()
        if i.is_armor and not i.damaged
        and not (element is not None and i.card.vulnerability == element)
        and not (ignore_magic_armor and i.card.magic)
    ]


def absorb_damage(
    log: EventLog,
    hero: HeroState,
    damage: int,
    *,
    element: str | None = None,
    piercing: bool = False,
    policy: DefensePolicy | None = None,
    ignore_magic_armor: bool = False,
    source: str | None = None,
    out: AttackOutcome | None = None,
) -> tuple[str | None, int, int]:
    """Deal ``damage`` HP to a hero through ONE armor card (chapter *Getting Hit and Armor
    Rating*; also for Traps and explosions): ``policy.choose_armor`` picks among
    ``armor_candidates``; the card stops up to its AR and gets a Damaged marker when it
    stopped at least 1 point; ``piercing`` damage skips armor. The rest is lost from HP
    (death at ``rules.death_threshold``). Returns (armor uid or None, absorbed, HP lost)."""
    policy = policy or DEFAULT_DEFENSE
    if damage <= 0:
        return None, 0, 0
    candidates = [] if piercing else armor_candidates(hero, element, ignore_magic_armor=ignore_magic_armor)
    armor_uid, absorbed = None, 0
    if candidates:
        armor = policy.choose_armor(hero, candidates, damage, element)
        if armor is not None:
            if armor not in candidates:
                raise IllegalAction(f"{hero.uid} cannot block with {armor!r}")
            absorbed = min(armor.armor_rating, damage)
            armor_uid = armor.uid
            if absorbed > 0:
                # the points it stopped of the hit's: a hit it stops entirely logs no Hit Points lost
                _damage_item(log, hero, armor, "armor used", out, stopped=absorbed, damage=damage)
    elif not piercing and any(i.is_armor for i in hero.equipped()):
        log.emit("armor_ignored", hero.uid, element=element)
    wound = hero.take_damage(damage - absorbed, log, source=source)
    return armor_uid, absorbed, wound


# --------------------------------------------------------------------------- items
@dataclass
class UseOutcome:
    """Using a potion or a non-attack spell: ``ap_cost`` (AP, to deduct), ``pp_cost``
    (PP paid), the ``check`` (``None`` without a TN), ``success``, what the target
    (uid) gained (``healed_hp``, ``healed_pp``, ``poison_removed``), ``consumed``."""

    user: str
    item: str
    target: str
    ap_cost: int
    pp_cost: int
    success: bool
    check: TNResult | None = None
    healed_hp: int = 0
    healed_pp: int = 0
    poison_removed: int = 0
    consumed: bool = False


def use_item(
    dice: DiceRoller,
    log: EventLog,
    hero: HeroState,
    item: ItemInstance,
    target: HeroState | None = None,
    *,
    from_belt: bool | None = None,
    owner: HeroState | None = None,
) -> UseOutcome:
    """Use a potion or a non-attack spell (chapters *Attack or Use Items*, *Psi Spells*).

    With a TN check: ``attr1 + attr2 + 2D`` (one die less when Disarmed) against the
    card's TN lowered by the hero's ``target_number`` bonus markers; each critical
    success lowers the PP cost by 1 (never below 0); PP are paid whatever the outcome.
    On success the ``effect`` heals HP/PP (up to the maxima) and removes poison markers
    from ``target`` (the hero, or a friend if the card allows). Consumed cards are
    discarded after use. PP: a spell's cost is paid on every attempt; another card's PP
    are for its special action only and are not charged here (chapter *Additional Card
    Properties*, Psi Point cost). Returns a ``UseOutcome`` with ``ap_cost`` (AP) for the
    caller to deduct.

    ``owner``: another character carrying ``item`` (chapter *Take, Use or Repair Other
    Items (5 AP)*, e.g. a potion from an unconscious friend's Backpack): ``ap_cost`` =
    card AP + ``rules.take_item_ap`` (*Fast Hands*: 2 + card AP - 3); a used potion is
    discarded from the owner, a card that stays goes to ``hero`` ("equipped in the hand of
    the last character to use it"). Who the card may be used on is its ``effect.targets``,
    whoever carries it: a card for ``self_or_friend`` (a potion "to infuse a character within
    range 1", a healing spell) reaches a friend, taken from another character or not. Range
    (``moves.use_items.friend_reach``) and the owner's consent are the caller's.

    Raises ``IllegalAction``: hero cannot act, card in the Backpack (own), a card neither
    the hero nor ``owner`` carries, damaged card, unmet requirements, a friend target for
    a self-only card, a dead target.
    """
    target = target or hero
    card = item.card
    if not hero.can_act:
        raise IllegalAction(f"{hero.uid} cannot act")
    if item.damaged:
        raise IllegalAction(f"{item.name} is damaged and must be repaired first")
    if not hero.meets_requirements(card):
        raise IllegalAction(f"{hero.uid} does not meet the requirements of {item.name}")
    effect = card.effect
    # The card says who it is for; taking it from another character (chapter *Take, Use or
    # Repair Other Items*) adds 5 AP, not a use the card does not have.
    if target is not hero and (effect is None or effect.targets != "self_or_friend"):
        raise IllegalAction(f"{item.name} works only on its user")
    if target.dead:
        raise IllegalAction(f"{target.uid} is dead")
    ap_cost = hero.use_cost(item, None, from_belt=from_belt, owner=owner)
    if owner is hero:
        owner = None
    pp_cost = (card.pp or 0) if item.is_spell else 0
    check = None
    success = True
    if card.tn_check:
        a, b = card.tn_check.attributes
        tn = card.tn_check.target_number - hero.bonus("target_number")
        check = roll_target_number(dice, hero.attribute(a), hero.attribute(b), tn,
                                   extra_dice=-1 if hero.disarmed else 0)
        success = check.success
        if success:
            pp_cost = max(0, pp_cost - check.critical_successes)
        log.emit("tn_check", hero.uid, item=item.uid, total=check.total, target_number=tn,
                 success=success, critical_successes=check.critical_successes)
    hero.spend_pp(pp_cost, log, reason=card.id)
    out = UseOutcome(hero.uid, item.uid, target.uid, ap_cost, pp_cost, success, check)
    if success and effect is not None:
        out.healed_hp, out.healed_pp = target.heal(effect.heal_hp, effect.heal_pp, log=log)
        if effect.remove_poison:
            wanted = target.poison_markers if effect.remove_poison == "all" else effect.remove_poison
            out.poison_removed = min(wanted, target.poison_markers)
            target.poison_markers -= out.poison_removed
    if effect is not None and effect.consumed:
        (owner or hero).discard(item)
        out.consumed = True
    elif owner is not None:
        _hand_over(log, owner, hero, item)
    log.emit("item_used", hero.uid, item=item.uid, target=target.uid, success=success,
             ap=ap_cost, pp=pp_cost, healed_hp=out.healed_hp, healed_pp=out.healed_pp)
    return out


def repair(log: EventLog, hero: HeroState, items: Sequence[ItemInstance], *, owner: HeroState | None = None) -> int:
    """Repair ``items`` in one action (chapter *Repairing Equipment*): one card for its
    AP, or several damaged armor cards of one set on the Body/Belt for the highest AP
    among them (+``rules.belt_ap`` if any is on the Belt; Fast Hands -3). ``owner``:
    another character carrying the cards (+``rules.take_item_ap``, 2 with Fast Hands;
    the cards stay with the owner; chapter *Take, Use or Repair Other Items*). Removes
    the Damaged markers and returns the AP cost for the caller to deduct.

    Raises ``IllegalAction`` as ``HeroState.repair_cost`` does, or if the hero cannot act.
    """
    if not hero.can_act:
        raise IllegalAction(f"{hero.uid} cannot act")
    cost = hero.repair_cost(items, owner=owner)
    for item in items:
        item.damaged = False
    log.emit("repaired", hero.uid, items=tuple(i.uid for i in items), ap=cost)
    return cost
