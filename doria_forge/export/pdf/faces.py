"""Card specs from the content model: which numbers each kind of card prints.

Chapters of the Book of Rules: *Equipment Card Anatomy* and *Additional Card Properties* (equipment,
Traps), *Monster-Level Cards* and *Monster Activation* (Monster Level Cards, monster cards),
*Monster Icons on a Room Tile* (Monster Modifications), *Characters* (hero cards),
*Optional Rule: Door Events*, *Single Scenario Mode* (Boss Monster cards).

Every word a card prints is in the language being printed (``doria_forge.i18n``): the designer's
texts through :func:`~doria_forge.i18n.tr` (``name_de``, ``text_de``...), the labels through
:func:`~doria_forge.i18n.t`, dice as the edition writes them (``3W+2`` in German).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import get_args

from doria_forge.cardart import resolve as resolve_art
from doria_forge.i18n import dice, t, tr
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
from doria_forge.model.common import Attribute, Element
from doria_forge.model.equipment import AttackProfile

from ..decks import level_back_key, printed_cards
from .spec import BackSpec, CardSpec, Stat

ZONE_LABELS = {"1_hand": "1 Hand", "2_hands": "2 Hands", "head": "Head", "torso": "Torso", "arms": "Arms",
               "legs": "Legs", "feet": "Feet", "accessory": "Accessory", "body": "Body"}
TYPE_COLOURS = {"weapon": "#8c2f1b", "spell": "#4b2c83", "armor": "#40566b", "potion": "#2e7d32",
                "item": "#8d6e2f"}
# White text (the level badge, the back's title) sits on these: each reaches a WCAG contrast of
# 4.5:1 with white (level 2 was #c49000 at 2.9:1, level 3 #d84315 at 4.4:1).
LEVEL_COLOURS = {1: "#2e7d32", 2: "#966e00", 3: "#d34115", 4: "#9a0007"}
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
    return BackSpec(level_back_key(level), f"{t('Monster Level')} {level}", LEVEL_COLOURS.get(level, "#555555"),
                    mark=str(level))


def backs() -> dict[str, BackSpec]:
    """The card backs of each deck, titled in the language being printed."""
    return {name: BackSpec(spec.key, t(spec.title), spec.colour, spec.mark, spec.subtitle)
            for name, spec in BACKS.items()}


def back_spec(key: str) -> BackSpec:
    """The back a ``DeckCard`` names (``export.decks``): a deck's own (``backs``) or a Monster
    Level Card's, ``monster_level_<level>``. Raises KeyError for an unknown back."""
    if key in BACKS:
        return backs()[key]
    level = key.removeprefix(level_back_key(0)[:-1])
    if not level.isdigit():
        raise KeyError(key)
    return level_back(int(level))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _requirements(reqs: Mapping[Attribute, int]) -> str:
    return "  ".join(f"{t(a)} {reqs[a]}" for a in ATTRIBUTES if a in reqs)


def _with_element(damage: int, element: str | None) -> str:
    return f"{damage} {t(element)}" if element else str(damage)


def _damage(label: str, damage: int, element: str | None) -> Stat:
    """A damage chip; on a crowded card the element's icon replaces its name."""
    forms = tuple(_with_element(damage, e) for e in get_args(Element)) if element else ()
    return Stat(t(label), _with_element(damage, element), icon=element or "", icon_value=str(damage),
                word_forms=forms)


def _element(label: str, element: str | None) -> Stat:
    """An element chip (vulnerability, damage element); on a crowded card its icon replaces the name."""
    forms = tuple(t(e) for e in get_args(Element)) if element else ()
    return Stat(t(label), t(element or "none"), icon=element or "", word_forms=forms)


def _vulnerability(element: str | None) -> Stat:
    return _element("Vuln.", element)


def _attack_type(attack_type: str) -> Stat:
    """An attack type chip; on a crowded card its icon replaces the word."""
    return Stat(t("Attack"), _attack(attack_type), icon=attack_type,
                word_forms=tuple(_attack(a) for a in ATTACK_LABELS))


def _gold(gold: int) -> str:
    return f"{gold} {t('Gold')}" if gold else t("no gold")


def _attack(attack_type: str) -> str:
    return t(ATTACK_LABELS[attack_type])


def equipment_spec(card: Equipment) -> CardSpec:
    """An equipment card: weapons, spells, armor, potions, items (Loot, Standard or Campaign Items)."""
    first = card.attacks[0] if card.attacks else None
    rng = card.range if card.range is not None else (first.range if first else None)
    pp = card.pp if card.pp is not None else (first.pp if first and first.pp else None)
    ap = card.ap if card.ap is not None else (first.ap if first else None)
    stats, notes = _attack_stats(card)
    # Range and Psi Point cost are chips rather than header text: beside long requirements
    # (STR 10  CON 10  PSI 7) a header line would have to cut them.
    if rng is not None and len(card.attacks) <= 1:
        stats.append(Stat(t("Range"), str(rng)))
    if pp:
        stats.append(Stat(t("PP"), str(pp)))
    stats += _protection_stats(card)
    stats += _bonus_stats(card)
    use_stats, use_notes = _use_stats(card)
    stats += use_stats
    notes += use_notes
    text = " ".join([*notes, tr(card, "text")]).strip()
    category = tr(card, "category")
    kind = t(card.card_type.capitalize()) + (f" · {category}" if category else "")
    return CardSpec(
        key=f"equipment-{card.id}", title=tr(card, "name"), colour=TYPE_COLOURS[card.card_type],
        kind_label=kind, corner_left=_requirements(card.requirements),
        magic=card.magic, stats=tuple(stats), text=text,
        footer=(t(ZONE_LABELS[card.zone]), _gold(card.gold), f"{ap} {t('AP')}" if ap is not None else ""),
        footer_icons=(card.zone, "", ""),
    )


def _attack_stats(card: Equipment) -> tuple[list[Stat], list[str]]:
    """The chips of each attack (dice, damage; AP and range when there are several) and the
    notes of its specials and of requirements other than the card's."""
    stats: list[Stat] = []
    notes: list[str] = []
    for attack in card.attacks:
        stats.append(Stat(_attack(attack.attack_type), dice(attack.dice)))
        stats.append(_damage("Damage", attack.damage, attack.element))
        if len(card.attacks) > 1:
            stats.append(Stat(t("AP"), str(attack.ap), f"R{attack.range}"))
        specials = [s for s in (
            t("piercing") if attack.piercing else "",
            f"{attack.poison_markers} {t('poison')}" if attack.poison_markers else "",
            t("immobilizes") if attack.immobilize else "",
            t("disarms") if attack.disarm else "",
            ", ".join(f"+{v} {t('vs')} {_traits([k])[0]}" for k, v in sorted(attack.extra_damage_vs.items())),
            _area(attack),
        ) if s]
        label = tr(attack, "label") or _attack(attack.attack_type)
        if specials:
            notes.append(f"{label}: {', '.join(specials)}.")
        if attack.requirements and attack.requirements != card.requirements:
            notes.append(f"{label} {t('needs')} {_requirements(attack.requirements)}.")
    return stats, notes


AREA_LABELS = {
    "line": "area (a line of {n} squares)", "adjacent_to_target": "area (the target and {n} next to it)",
    "spread": "area (the target and all next to it)", "all_in_range": "area (all in range)",
    "chain": "area (a chain, {n} squares from figure to figure)",
}
"""How a card prints each area shape (``AreaEffect.shape``; ``{n}``: its length, extra or range)."""


def _area(attack: AttackProfile) -> str:
    """The area effect of ``attack`` as its card prints it among the specials (``""`` without
    one): the shape with its number, then "affects friends" when it does (FAQ)."""
    area = attack.area
    if area is None:
        return ""
    n = area.length or area.extra or area.range or 0
    said = t(AREA_LABELS[area.shape]).format(n=n)
    return f"{said}, {t('affects friends')}" if attack.affects_friends else said


def _protection_stats(card: Equipment) -> list[Stat]:
    """Defense and psi resistance dice, Armor Rating with its vulnerability."""
    stats: list[Stat] = []
    if card.defense:
        stats.append(Stat(t("Defense"), dice(card.defense)))
    if card.psi_resistance:
        stats.append(Stat(t("Psi Res."), dice(card.psi_resistance)))
    if card.armor_rating is not None:
        stats.append(Stat(t("AR"), str(card.armor_rating)))
        stats.append(_vulnerability(card.vulnerability))
    return stats


def _bonus_stats(card: Equipment) -> list[Stat]:
    """One signed chip per bonus marker (a lower Target Number shows as a plus)."""
    stats: list[Stat] = []
    for name, label in BONUS_LABELS.items():
        value = getattr(card.bonuses, name)
        if value:
            # The sign marks a bonus marker; a "bonus" note would not fit a mini card's chip.
            stats.append(Stat(t(label), _signed(-value if name == "target_number" else value)))
    return stats


def _use_stats(card: Equipment) -> tuple[list[Stat], list[str]]:
    """A Target Number check (chip and note) and what using the card heals or cures."""
    stats: list[Stat] = []
    notes: list[str] = []
    if card.tn_check:
        stats.append(Stat(t("TN"), str(card.tn_check.target_number)))
        first_attr, second = card.tn_check.attributes
        notes.append(f"{t('Check')}: {t(first_attr)}+{t(second)}+{dice('2D')} {t('against TN')} "
                     f"{card.tn_check.target_number}.")
    if card.effect:
        for value, label in ((card.effect.heal_hp, "HP"), (card.effect.heal_pp, "PP")):
            if value:
                stats.append(Stat(t("Heals"), f"{value} {t(label)}"))
        if card.effect.remove_poison:
            removed = card.effect.remove_poison
            stats.append(Stat(t("Poison"), t("cures all") if removed == "all" else f"-{removed}"))
    return stats, notes


def trap_spec(trap: Trap) -> CardSpec:
    """A Trap card of the loot deck: check attributes, TN by Monster Level, effect, XP, gold."""
    tn = str(trap.tn_base) + (f"+{trap.tn_per_ml}×ML" if trap.tn_per_ml else "")
    eff = trap.effect
    check = "+".join(t(a) for a in trap.check_attributes)
    stats = [Stat(t("TN"), tn, check)]
    if eff.damage:
        stats.append(_damage("Damage", eff.damage, eff.element))
    if eff.poison_markers:
        stats.append(Stat(t("Poison"), str(eff.poison_markers)))
    flags = [t(f) for f in ("ignores armor" if eff.ignores_armor else "", "immobilizes" if eff.immobilize else "",
                            "blocks doors" if eff.blocks_doors else "",
                            "reveals a Room Tile" if eff.reveals_room_tile else "") if f]
    text = (" ".join(f[:1].upper() + f[1:] + "." for f in flags) + " " + tr(trap, "text")).strip()
    return CardSpec(
        key=f"trap-{trap.id}", title=tr(trap, "name"), colour="#b71c1c",
        kind_label=f"{t('Trap')} · {t(trap.trap_type)}", corner_left=" + ".join(t(a) for a in trap.check_attributes),
        corner_right=f"{t('XP')} +{trap.xp}", stats=tuple(stats), text=text,
        footer=(t("Trap"), _gold(trap.gold), f"{t('XP')} +{trap.xp}"),
    )


def _monster_text(monster: Monster | Boss) -> str:
    return " ".join(x for x in ((tr(monster.ability, "text") if monster.ability else ""), tr(monster, "text")) if x)


TRAIT_LABELS = {"undead": "Undead", "flying": "Flying", "immune_to_ranged": "Immune to ranged",
                "hurt_only_by_magic": "Hurt only by magic", "magic_items_ineffective": "Magic items ineffective",
                "passes_walls": "Passes walls"}
"""Printed names of a monster's traits (``flags``): cards and rules refer to them (Undead...)."""


CARD_TRAITS = ("undead", "flying")
"""Traits a monster card names beside its type: what a creature is, which rules and cards refer to
(Undead...). Its other flags are abilities its text explains; a Boss Monster card names them all."""


def _traits(flags: Sequence[str], only: tuple[str, ...] | None = None) -> list[str]:
    return [t(TRAIT_LABELS.get(flag, flag.replace("_", " "))) for flag in flags if only is None or flag in only]


def monster_spec(monster: Monster) -> CardSpec:
    """A monster card of the monster deck: which monster appears and how it moves and attacks, and
    its traits (Undead, Flying...) beside the card type, since cards and rules refer to them."""
    stats = [_attack_type(monster.attack_type),
             Stat(t("Range"), str(monster.range)), Stat(t("AP"), f"{monster.action_points} {monster.priority}"),
             _vulnerability(monster.vulnerability)]
    if monster.damage_element:
        stats.append(_element("Damage", monster.damage_element))
    return CardSpec(
        key=f"monster-{monster.id}", title=tr(monster, "name"), colour="#37474f",
        kind_label=" · ".join([t("Monster"), *_traits(monster.flags, CARD_TRAITS)]),
        corner_left=f"{t('Priority')} {monster.priority}",
        stats=tuple(stats), text=_monster_text(monster),
        footer=(_attack(monster.attack_type), f"{monster.figures} {t('fig.')}",
                f"{monster.action_points} {t('AP')}"),
        footer_icons=(monster.attack_type, "", ""),
    )


def modification_spec(mod: MonsterModification) -> CardSpec:
    """A Monster Modification card: stat changes, extra figures, extra XP and Loot Cards."""
    labels = {"attack": "Attack", "defense": "Defense", "psi_resistance": "Psi Res.", "damage": "Damage",
              "hit_points": "HP", "armor_rating": "AR", "action_points": "AP"}
    stats = [Stat(t(label), _signed(getattr(mod.modifiers, name)))
             for name, label in labels.items() if getattr(mod.modifiers, name)]
    if mod.extra_figures:
        stats.append(Stat(t("Figures"), f"+{mod.extra_figures}"))
    stats += [Stat(t("XP"), f"+{mod.extra_xp}"), Stat(t("Loot"), f"+{mod.extra_loot}")]
    return CardSpec(
        key=f"modification-{mod.id}", title=tr(mod, "name"), colour="#6a1b9a",
        kind_label=t("Monster Modification"), corner_right=t("Phase F") if mod.acts_in_phase_f else "",
        stats=tuple(stats), text=tr(mod, "text"),
        # Extra Loot Cards and XP are chips already; the footer keeps the card type readable on a mini card.
        footer=(t("Modification"), "", f"{t('XP')} +{mod.extra_xp}"),
    )


def level_spec(card: MonsterLevel, monster: Monster | None) -> CardSpec:
    """A Monster Level Card: every number of one monster at one Monster Level."""
    name = tr(monster, "name") if monster else card.monster
    attack_type = monster.attack_type if monster else "melee"
    stats = [
        Stat(t("Attack"), dice(card.attack)),
        Stat(t("Defense"), dice(card.defense)),
        Stat(t("Psi Res."), dice(card.psi_resistance)),
        _damage("Damage", card.damage, monster.damage_element if monster else None),
        Stat(t("HP"), str(card.hit_points)),
        Stat(t("AR"), str(card.armor_rating)),
    ]
    footer_ap = ""
    if monster:
        stats += [_vulnerability(monster.vulnerability), Stat(t("Range"), str(monster.range)),
                  Stat(t("AP"), f"{monster.action_points} {monster.priority}")]
        footer_ap = f"{monster.action_points} {t('AP')} · {monster.priority}"
    return CardSpec(
        key=f"monster_level-{card.id}", title=name, colour=LEVEL_COLOURS.get(card.level, "#555555"),
        kind_label=f"{t('Monster Level Card')} · {_attack(attack_type)}", badge=str(card.level),
        corner_left=f"{t('Level')} {card.level}",
        corner_right=f"{t('Priority')} {monster.priority}" if monster else "",
        stats=tuple(stats), text=_monster_text(monster) if monster else "",
        footer=(_attack(attack_type), f"{t('Level')} {card.level}", footer_ap), footer_icons=(attack_type, "", ""),
    )


def boss_spec(boss: Boss) -> CardSpec:
    """A Boss Monster card: every level's numbers in one small table (level, attack, defense, psi
    resistance, damage, Hit Points, Armor Rating), then its ability and the end condition of the
    exploration game. The level-independent numbers sit in the corners and the footer (vulnerability
    and priority on top; attack type, range and Action Points below) so the texts keep readable type."""
    rows = sorted(boss.levels, key=lambda r: r.level)
    table = (tuple(t(h) for h in BOSS_TABLE_HEAD), *(
        (str(r.level), dice(r.attack), dice(r.defense), dice(r.psi_resistance), str(r.damage), str(r.hit_points),
         str(r.armor_rating))
        for r in rows))
    # Rules before flavour: when a long text has to be cut, only the flavour text loses words.
    paragraphs = [tr(boss.ability, "text") if boss.ability else "",
                  f"{t('End of the game')}: {tr(boss, 'end_condition')}", tr(boss, "text")]
    kind = [t("Boss Monster"), t(f"{boss.damage_element} damage") if boss.damage_element else "",
            *_traits(boss.flags)]
    return CardSpec(
        key=f"boss-{boss.id}", title=tr(boss, "name"), colour=BOSS_COLOUR,
        kind_label=" · ".join(x for x in kind if x),
        corner_left=f"{t('Vuln.')} {t(boss.vulnerability or 'none')}", corner_right=f"{t('Priority')} {boss.priority}",
        table=table, text="\n\n".join(p for p in paragraphs if p),
        footer=(_attack(boss.attack_type), f"{t('Range')} {boss.range}",
                f"{boss.action_points} {t('AP')} · {boss.priority}"),
        footer_icons=(boss.attack_type, "", ""),
    )


def hero_spec(hero: Character, pack: ContentPack) -> CardSpec:
    """A hero (character) card: base attributes, calculated HP/IP/PP, standard equipment."""
    stats = [Stat(t(a), str(hero.attribute(a))) for a in ATTRIBUTES]
    stats += [Stat(t("HP"), str(hero.hit_points)), Stat(t("IP"), str(hero.initiative_points)),
              Stat(t("PP"), str(hero.psi_points))]
    items = [tr(pack.equipment[i], "name") if i in pack.equipment else i for i in hero.standard_items]
    text = " ".join(x for x in ((f"{t('Standard equipment')}: {', '.join(items)}." if items else ""),
                                tr(hero, "text")) if x)
    other = hero.name_de if hero.name_de and hero.name_de != tr(hero, "name") else ""
    return CardSpec(
        key=f"hero-{hero.id}", title=tr(hero, "name"), colour="#1565c0",
        kind_label=t("Hero") + (f" · {other}" if other else ""),
        corner_left=t("Premade hero") if hero.premade else t("Hero"), stats=tuple(stats), text=text,
        footer=(f"{t('HP')} {hero.hit_points}", f"{t('IP')} {hero.initiative_points}", f"{t('PP')} {hero.psi_points}"),
    )


def door_event_spec(event: DoorEvent) -> CardSpec:
    """A Door Event card (optional rule)."""
    return CardSpec(key=f"door_event-{event.id}", title=tr(event, "name"), colour="#5d4037",
                    kind_label=t("Door Event"), text=tr(event, "text"), footer=(t("Door Event"), "", ""))


@dataclass(frozen=True)
class CardFront:
    """One card front the pack prints: its ``kind:id``, its deck (layout name), what it shows and
    the ``file:line:column`` of its document (empty for documents made in code)."""

    ref: str
    deck: str
    spec: CardSpec
    origin: str


_SPECS: dict[str, Callable[[ContentPack, str], CardSpec]] = {
    "equipment": lambda pack, doc_id: equipment_spec(pack.equipment[doc_id]),
    "trap": lambda pack, doc_id: trap_spec(pack.traps[doc_id]),
    "monster": lambda pack, doc_id: monster_spec(pack.monsters[doc_id]),
    "monster_modification": lambda pack, doc_id: modification_spec(pack.modifications[doc_id]),
    "monster_level": lambda pack, doc_id: level_spec(pack.monster_levels[doc_id],
                                                     pack.monsters.get(pack.monster_levels[doc_id].monster)),
    "boss": lambda pack, doc_id: boss_spec(pack.bosses[doc_id]),
    "character": lambda pack, doc_id: hero_spec(pack.characters[doc_id], pack),
    "door_event": lambda pack, doc_id: door_event_spec(pack.door_events[doc_id]),
}
"""The card spec of each kind printed as a card (Room Tiles draw themselves, ``tiles``)."""


def card_fronts(pack: ContentPack) -> list[CardFront]:
    """Every card front the pack prints once, in deck order (``export.decks.printed_cards``:
    ids sorted within a kind; for an expansion only its own), in the language being printed.
    A card's ``art`` is made absolute (it is relative to the YAML file that names it)."""
    out: list[CardFront] = []
    for card in printed_cards(pack):
        make = _SPECS.get(card.kind)
        if make is None:
            continue
        spec = make(pack, card.doc_id)
        origin = pack.origin(card.kind, card.doc_id)
        art = getattr(pack.get(card.kind, card.doc_id), "art", None)
        if art and origin:
            spec = replace(spec, art=str(resolve_art(origin.rsplit(":", 2)[0], art).resolve()))
        elif art:
            spec = replace(spec, art=art)
        out.append(CardFront(card.ref, card.deck, spec, origin))
    return out
