"""Card specs from the content model: which numbers each kind of card prints.

Chapters of the Book of Rules: *Equipment Card Anatomy* and *Additional Card Properties* (equipment,
Traps), *Monster-Level Cards* and *Monster Activation* (Monster Level Cards, monster cards),
*Monster Icons on a Room Tile* (Monster Modifications), *Characters* (hero cards),
*Optional Rule: Door Events*, *Single Scenario Mode* (Boss Monster cards).
"""

from __future__ import annotations

from doria_forge.model import (
    ATTRIBUTES,
    Boss,
    Character,
    ContentPack,
    DoorEvent,
    Equipment,
    Monster,
    MonsterLevel,
    MonsterModification,
    Trap,
)

from .card import BackSpec, CardSpec, Stat

ZONE_LABELS = {"1_hand": "1 Hand", "2_hands": "2 Hands", "head": "Head", "torso": "Torso", "arms": "Arms",
               "legs": "Legs", "feet": "Feet", "accessory": "Accessory", "body": "Body"}
TYPE_COLOURS = {"weapon": "#8c2f1b", "spell": "#4b2c83", "armor": "#40566b", "potion": "#2e7d32",
                "item": "#8d6e2f"}
LEVEL_COLOURS = {1: "#2e7d32", 2: "#c49000", 3: "#d84315", 4: "#9a0007"}
ATTACK_LABELS = {"melee": "Melee", "ranged": "Ranged", "magic": "Magic"}
BONUS_LABELS = {
    "melee": "Melee", "ranged": "Ranged", "magic": "Magic", "defense": "Defense",
    "psi_resistance": "Psi Res.", "target_number": "TN", "jump": "Jump", "trap": "Trap",
    "strength": "STR (AR)", "hit_points": "HP", "initiative_points": "IP", "psi_points": "PP",
    "belt_slots": "Belt",
}

BACKS = {
    "loot": BackSpec("loot", "Loot Card", "#6d4c41"),
    "monster": BackSpec("monster", "Monster", "#263238"),
    "hero": BackSpec("hero", "Hero", "#0d47a1"),
    "standard_items": BackSpec("standard_items", "Standard Item", "#455a64"),
    "campaign_items": BackSpec("campaign_items", "Campaign Item", "#4a148c"),
    "door_events": BackSpec("door_events", "Door Event", "#3e2723"),
    "room_tiles": BackSpec("room_tiles", "Room Tile", "#3b3b3b"),
    "boss": BackSpec("boss", "Boss Monster", "#4a0e0e"),
}
BOSS_COLOUR = "#6d1010"
BOSS_TABLE_HEAD = ("Lvl", "Attack", "Defense", "Psi Res.", "Dmg", "HP", "AR")


def level_back(level: int) -> BackSpec:
    """Monster Level Cards show their level on the back too, so a level can be sorted face down."""
    return BackSpec(f"monster_level_{level}", f"Monster Level {level}", LEVEL_COLOURS.get(level, "#555555"),
                    mark=str(level))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _requirements(reqs: dict[str, int]) -> str:
    return "  ".join(f"{a} {reqs[a]}" for a in ATTRIBUTES if a in reqs)


def _with_element(damage: int, element: str | None) -> str:
    return f"{damage} {element}" if element else str(damage)


def _damage(label: str, damage: int, element: str | None) -> Stat:
    """A damage chip; on a crowded card the element's icon replaces its name."""
    return Stat(label, _with_element(damage, element), icon=element or "", icon_value=str(damage))


def _vulnerability(element: str | None) -> Stat:
    return Stat("Vuln.", element or "none", icon=element or "")


def _gold(gold: int) -> str:
    return f"{gold} Gold" if gold else "no gold"


def equipment_spec(card: Equipment) -> CardSpec:
    """An equipment card: weapons, spells, armor, potions, items (Loot, Standard or Campaign Items)."""
    first = card.attacks[0] if card.attacks else None
    rng = card.range if card.range is not None else (first.range if first else None)
    pp = card.pp if card.pp is not None else (first.pp if first and first.pp else None)
    ap = card.ap if card.ap is not None else (first.ap if first else None)
    stats: list[Stat] = []
    notes: list[str] = []
    for attack in card.attacks:
        stats.append(Stat(ATTACK_LABELS[attack.attack_type], attack.dice))
        stats.append(_damage("Damage", attack.damage, attack.element))
        if len(card.attacks) > 1:
            stats.append(Stat("AP", str(attack.ap), f"R{attack.range}"))
        specials = [s for s in (
            "piercing" if attack.piercing else "",
            f"{attack.poison_markers} poison" if attack.poison_markers else "",
            "immobilizes" if attack.immobilize else "",
            "disarms" if attack.disarm else "",
            ", ".join(f"+{v} vs {k}" for k, v in sorted(attack.extra_damage_vs.items())),
        ) if s]
        if specials:
            notes.append(f"{attack.label or ATTACK_LABELS[attack.attack_type]}: {', '.join(specials)}.")
        if attack.requirements and attack.requirements != card.requirements:
            notes.append(f"{attack.label or ATTACK_LABELS[attack.attack_type]} needs "
                         f"{_requirements(attack.requirements)}.")
    # Range and Psi Point cost are chips rather than header text: beside long requirements
    # (STR 10  CON 10  PSI 7) a header line would have to cut them.
    if rng is not None and len(card.attacks) <= 1:
        stats.append(Stat("Range", str(rng)))
    if pp:
        stats.append(Stat("PP", str(pp)))
    if card.defense:
        stats.append(Stat("Defense", card.defense))
    if card.psi_resistance:
        stats.append(Stat("Psi Res.", card.psi_resistance))
    if card.armor_rating is not None:
        stats.append(Stat("AR", str(card.armor_rating)))
        stats.append(_vulnerability(card.vulnerability))
    for name, label in BONUS_LABELS.items():
        value = getattr(card.bonuses, name)
        if value:
            # The sign marks a bonus marker; a "bonus" note would not fit a mini card's chip.
            stats.append(Stat(label, _signed(-value if name == "target_number" else value)))
    if card.tn_check:
        stats.append(Stat("TN", str(card.tn_check.target_number)))
        first, second = card.tn_check.attributes
        notes.append(f"Check: {first}+{second}+2D against TN {card.tn_check.target_number}.")
    if card.effect:
        for value, label in ((card.effect.heal_hp, "HP"), (card.effect.heal_pp, "PP")):
            if value:
                stats.append(Stat("Heals", f"{value} {label}"))
        if card.effect.remove_poison:
            removed = card.effect.remove_poison
            stats.append(Stat("Poison", "cures all" if removed == "all" else f"-{removed}"))
    text = " ".join([*notes, card.text]).strip()
    kind = card.card_type.capitalize() + (f" · {card.category}" if card.category else "")
    return CardSpec(
        key=f"equipment-{card.id}", title=card.display_name, colour=TYPE_COLOURS[card.card_type],
        kind_label=kind, corner_left=_requirements(card.requirements),
        magic=card.magic, stats=tuple(stats), text=text,
        footer=(ZONE_LABELS[card.zone], _gold(card.gold), f"{ap} AP" if ap is not None else ""),
        footer_icons=(card.zone, "", ""),
    )


def trap_spec(trap: Trap) -> CardSpec:
    """A Trap card of the loot deck: check attributes, TN by Monster Level, effect, XP, gold."""
    tn = str(trap.tn_base) + (f"+{trap.tn_per_ml}×ML" if trap.tn_per_ml else "")
    eff = trap.effect
    stats = [Stat("TN", tn, "+".join(trap.check_attributes))]
    if eff.damage:
        stats.append(_damage("Damage", eff.damage, eff.element))
    if eff.poison_markers:
        stats.append(Stat("Poison", str(eff.poison_markers)))
    flags = [f for f in ("ignores armor" if eff.ignores_armor else "", "immobilizes" if eff.immobilize else "",
                         "blocks doors" if eff.blocks_doors else "",
                         "reveals a Room Tile" if eff.reveals_room_tile else "") if f]
    text = (" ".join(f.capitalize() + "." for f in flags) + " " + trap.text).strip()
    return CardSpec(
        key=f"trap-{trap.id}", title=trap.display_name, colour="#b71c1c",
        kind_label=f"Trap · {trap.trap_type}", corner_left=" + ".join(trap.check_attributes),
        corner_right=f"XP +{trap.xp}", stats=tuple(stats), text=text,
        footer=("Trap", _gold(trap.gold), f"XP +{trap.xp}"),
    )


def monster_spec(monster: Monster) -> CardSpec:
    """A monster card of the monster deck: which monster appears and how it moves and attacks."""
    stats = [Stat("Attack", ATTACK_LABELS[monster.attack_type], icon=monster.attack_type),
             Stat("Range", str(monster.range)), Stat("AP", f"{monster.action_points} {monster.priority}"),
             _vulnerability(monster.vulnerability)]
    if monster.damage_element:
        stats.append(Stat("Damage", monster.damage_element, icon=monster.damage_element))
    text = " ".join(t for t in ((monster.ability.text if monster.ability else ""), monster.text) if t)
    return CardSpec(
        key=f"monster-{monster.id}", title=monster.display_name, colour="#37474f",
        kind_label="Monster", corner_left=f"Priority {monster.priority}",
        stats=tuple(stats), text=text,
        footer=(ATTACK_LABELS[monster.attack_type], f"{monster.figures} fig.", f"{monster.action_points} AP"),
        footer_icons=(monster.attack_type, "", ""),
    )


def modification_spec(mod: MonsterModification) -> CardSpec:
    """A Monster Modification card: stat changes, extra figures, extra XP and Loot Cards."""
    labels = {"attack": "Attack", "defense": "Defense", "psi_resistance": "Psi Res.", "damage": "Damage",
              "hit_points": "HP", "armor_rating": "AR", "action_points": "AP"}
    stats = [Stat(label, _signed(getattr(mod.modifiers, name)))
             for name, label in labels.items() if getattr(mod.modifiers, name)]
    if mod.extra_figures:
        stats.append(Stat("Figures", f"+{mod.extra_figures}"))
    stats += [Stat("XP", f"+{mod.extra_xp}"), Stat("Loot", f"+{mod.extra_loot}")]
    return CardSpec(
        key=f"modification-{mod.id}", title=mod.display_name, colour="#6a1b9a",
        kind_label="Monster Modification", corner_right="Phase F" if mod.acts_in_phase_f else "",
        stats=tuple(stats), text=mod.text,
        # Extra Loot Cards and XP are chips already; the footer keeps the card type readable on a mini card.
        footer=("Modification", "", f"XP +{mod.extra_xp}"),
    )


def level_spec(card: MonsterLevel, monster: Monster | None) -> CardSpec:
    """A Monster Level Card: every number of one monster at one Monster Level."""
    name = monster.display_name if monster else card.monster
    attack_type = monster.attack_type if monster else "melee"
    stats = [
        Stat("Attack", card.attack),
        Stat("Defense", card.defense),
        Stat("Psi Res.", card.psi_resistance),
        _damage("Damage", card.damage, monster.damage_element if monster else None),
        Stat("HP", str(card.hit_points)),
        Stat("AR", str(card.armor_rating)),
    ]
    footer_ap = ""
    if monster:
        stats += [_vulnerability(monster.vulnerability), Stat("Range", str(monster.range)),
                  Stat("AP", f"{monster.action_points} {monster.priority}")]
        footer_ap = f"{monster.action_points} AP · {monster.priority}"
    text = ""
    if monster:
        text = " ".join(t for t in ((monster.ability.text if monster.ability else ""), monster.text) if t)
    return CardSpec(
        key=f"monster_level-{card.id}", title=name, colour=LEVEL_COLOURS.get(card.level, "#555555"),
        kind_label=f"Monster Level Card · {ATTACK_LABELS[attack_type]}", badge=str(card.level),
        corner_left=f"Level {card.level}", corner_right=f"Priority {monster.priority}" if monster else "",
        stats=tuple(stats), text=text,
        footer=(ATTACK_LABELS[attack_type], f"Level {card.level}", footer_ap), footer_icons=(attack_type, "", ""),
    )


def boss_spec(boss: Boss) -> CardSpec:
    """A Boss Monster card: every level's numbers in one small table (level, attack, defense, psi
    resistance, damage, Hit Points, Armor Rating), then its ability and the end condition of the
    exploration game. The level-independent numbers sit in the corners and the footer (vulnerability
    and priority on top; attack type, range and Action Points below) so the texts keep readable type."""
    rows = sorted(boss.levels, key=lambda r: r.level)
    table = (BOSS_TABLE_HEAD, *(
        (str(r.level), r.attack, r.defense, r.psi_resistance, str(r.damage), str(r.hit_points), str(r.armor_rating))
        for r in rows))
    # Rules before flavour: when a long text has to be cut, only the flavour text loses words.
    paragraphs = [boss.ability.text if boss.ability else "", f"End of the game: {boss.end_condition}", boss.text]
    kind = ["Boss Monster", f"{boss.damage_element} damage" if boss.damage_element else "",
            *(f.replace("_", " ") for f in boss.flags)]
    return CardSpec(
        key=f"boss-{boss.id}", title=boss.display_name, colour=BOSS_COLOUR,
        kind_label=" · ".join(t for t in kind if t),
        corner_left=f"Vuln. {boss.vulnerability or 'none'}", corner_right=f"Priority {boss.priority}",
        table=table, text="\n\n".join(p for p in paragraphs if p),
        footer=(ATTACK_LABELS[boss.attack_type], f"Range {boss.range}", f"{boss.action_points} AP · {boss.priority}"),
        footer_icons=(boss.attack_type, "", ""),
    )


def hero_spec(hero: Character, pack: ContentPack) -> CardSpec:
    """A hero (character) card: base attributes, calculated HP/IP/PP, standard equipment."""
    stats = [Stat(a, str(hero.attribute(a))) for a in ATTRIBUTES]
    stats += [Stat("HP", str(hero.hit_points)), Stat("IP", str(hero.initiative_points)),
              Stat("PP", str(hero.psi_points))]
    items = [pack.equipment[i].display_name if i in pack.equipment else i for i in hero.standard_items]
    text = " ".join(t for t in ((f"Standard equipment: {', '.join(items)}." if items else ""), hero.text) if t)
    return CardSpec(
        key=f"hero-{hero.id}", title=hero.display_name, colour="#1565c0",
        kind_label="Hero" + (f" · {hero.name_de}" if hero.name_de else ""),
        corner_left="Premade hero" if hero.premade else "Hero", stats=tuple(stats), text=text,
        footer=(f"HP {hero.hit_points}", f"IP {hero.initiative_points}", f"PP {hero.psi_points}"),
    )


def door_event_spec(event: DoorEvent) -> CardSpec:
    """A Door Event card (optional rule)."""
    return CardSpec(key=f"door_event-{event.id}", title=event.display_name, colour="#5d4037",
                    kind_label="Door Event", text=event.text, footer=("Door Event", "", ""))
