"""The optional rules of the Book of Rules: a closed vocabulary of ids the engine knows.

Every "OPTIONAL RULE" box of the English Book of Rules (shared/rules/NOTES.md *Open points*)
has an id here. A pack's ``rules.optional_rules`` lists the ones it offers (with its printed
text and whether each is on by default); a scenario switches some on by id. An id that is not
in this vocabulary is a validation error at its ``file:line:column`` naming the known ones.
"""

from typing import Literal, get_args

OptionalRuleId = Literal[
    "door_events",
    "throw_needs_line_of_sight",
    "remove_traps_in_phase_i",
    "stop_loot_after_trap",
    "solo_average_monster_dice",
    "campaign_keep_by_gold",
    "custom_characters",
]
"""The optional rule ids (see ``OPTIONAL_RULES`` for what each does)."""

OPTIONAL_RULE_IDS: tuple[str, ...] = get_args(OptionalRuleId)

CAMPAIGN_KEEP_BY_GOLD = "campaign_keep_by_gold"
"""The optional rule that keeps items worth 3 gold per card between campaign scenarios."""

OPTIONAL_RULES: dict[str, tuple[str, str]] = {
    "door_events": (
        "Draw a Door Event card whenever a door is opened.",
        "A Door Event card is drawn each time a door opens on the map (chapter *Optional Rule: Door Events*).",
    ),
    "throw_needs_line_of_sight": (
        "Throwing items to a friend needs Line of Sight.",
        "Throwing an item to a friend needs Line of Sight to them (chapter *Throw Items*).",
    ),
    "remove_traps_in_phase_i": (
        "Traps in the shop must be removed in Phase I by gold, a Doom Counter step or triggering them.",
        "Phase I: every Trap in the shop must first be removed, paid with gold, with one Doom Counter step, "
        "or by triggering it (chapter *Phase I: Buy or Remove Shop Items*).",
    ),
    "stop_loot_after_trap": (
        "After a Trap triggers while drawing loot for a defeat, the rest may be left undrawn.",
        "After a Trap drawn as loot for a defeated monster, the hero may leave the remaining Loot Cards "
        "undrawn (chapter *Defeated Monsters*).",
    ),
    "solo_average_monster_dice": (
        "Solo play: every monster die counts 6 instead of being rolled.",
        "Solo play: the monsters' dice are not rolled, each counts rules.solo_average_die (6) (FAQ).",
    ),
    "campaign_keep_by_gold": (
        "Campaign: keep items worth 3 gold per kept card instead of whole cards.",
        "Campaign: between scenarios the heroes keep items worth 3 gold per kept card instead of whole cards "
        "(chapter *Campaigns*).",
    ),
    "custom_characters": (
        "Players build their own hero from 50 attribute points.",
        "Players build their own heroes from rules.creation_points (50) attribute points within the "
        "creation limits (chapter *Preparing Characters*).",
    ),
}
"""Optional rule id -> (printed text of the English pack, what the engine does)."""

OPTIONAL_RULE_TEXTS_DE: dict[str, str] = {
    "door_events": "Wird eine Tür geöffnet, zieht ihr eine Tür-Ereigniskarte.",
    "throw_needs_line_of_sight": "Einem Mitspieler Gegenstände zuzuwerfen, braucht Sichtlinie.",
    "remove_traps_in_phase_i": "Fallen im Laden müssen in Phase I entfernt werden: mit Gold, einem Feld der "
                               "Monsterleiste oder indem man sie auslöst.",
    "stop_loot_after_trap": "Löst beim Ziehen der Beute für einen Sieg über ein Monster eine Falle aus, darf der "
                            "Rest ungezogen bleiben.",
    "solo_average_monster_dice": "Solospiel: Jeder Monsterwürfel zählt 6, statt gewürfelt zu werden.",
    "campaign_keep_by_gold": "Kampagne: Statt ganzer Karten behält jeder Held Gegenstände im Wert von 3 Gold je "
                             "behaltener Karte.",
    "custom_characters": "Die Spieler erschaffen ihren Helden selbst aus 50 Attributpunkten.",
}
"""Optional rule id -> its printed text in the German edition (the German of ``OPTIONAL_RULES``'
printed text; the terms of the German Book of Rules: Sichtlinie, Monsterleiste)."""
