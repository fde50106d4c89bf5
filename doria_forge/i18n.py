"""Two editions: what prints in English and in German.

The game exists in English and German (chapter *Component Overview*; the German Book of Rules
v0.9.10 names every card and value: Ork, Trefferpunkte, Parade, Mindestwurf). Two kinds of text
are translated:

- **content** written by designers: a field ``X`` (``name``, ``text``, ``ability.text``,
  ``end_condition``; a scenario's ``story``, ``goal``, rule and goal ``text``; a campaign's
  ``story``) has its German version in ``X_de`` beside it (``name_de: Ork``); :func:`tr` gives
  the text in the language being printed, the English one where the German is missing, and
  :func:`tr_lines` the same line by line for a list of lines (``setup.notes``/``setup.notes_de``)
  (``validate`` reports those, rule ``missing-translation``);
- **labels** the printer adds (``Attack``, ``Monster Level Card``, ``Character Sheet``): the
  string table :data:`LABELS`; :func:`t` translates one.

The sentences a scenario page generates from a rule's data are each word's own
(``describe_de`` beside ``describe``, grammar in ``doria_forge.model.words.german``), in the
terms of :data:`LABELS`.

The language being printed is a context (:func:`language`), set by ``export pdf --lang de``, so
the card and sheet builders ask :func:`current` instead of passing a language through every
call. Nothing here imports the model or the PDF code: validation and export share it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, get_args

LANGUAGES: tuple[str, ...] = ("en", "de")
"""Languages doria-forge prints. English is the base: the fields without a suffix."""

LANGUAGE_NAMES = {"en": "English", "de": "German"}

_CURRENT: ContextVar[str] = ContextVar("doria_language", default="en")


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Print in ``lang`` (one of :data:`LANGUAGES`) inside the block. Raises ValueError otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
    token = _CURRENT.set(lang)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current() -> str:
    """The language being printed (``en`` outside :func:`language`)."""
    return _CURRENT.get()


def translated_field(field: str, lang: str) -> str:
    """The name of ``field``'s translation in ``lang``: ``text`` -> ``text_de``; English is ``field``."""
    return field if lang == "en" else f"{field}_{lang}"


def tr(obj: Any, field: str, lang: str | None = None) -> str:
    """``obj.field`` in ``lang`` (default: :func:`current`), the English text where no translation
    is written; ``""`` for a missing field. ``name`` falls back to the id, as ``display_name`` does."""
    lang = lang or current()
    english = getattr(obj, field, None)
    if field == "name" and not english:
        english = getattr(obj, "id", "")
    if lang != "en":
        translation = getattr(obj, translated_field(field, lang), None)
        if translation:
            return str(translation)
    return "" if english is None else str(english)


def tr_lines(obj: Any, field: str, lang: str | None = None) -> list[str]:
    """The lines of the list field ``obj.field`` (a scenario's setup ``notes``, its ``rewards.text``)
    in ``lang`` (default: :func:`current`): line i of the translation where it has one, the English
    line i where it has none, so a translation shorter than the English falls back line by line."""
    lang = lang or current()
    english = [str(line) for line in getattr(obj, field, None) or []]
    if lang == "en":
        return english
    translation = getattr(obj, translated_field(field, lang), None) or []
    return [str(translation[i]) if i < len(translation) and translation[i] else line
            for i, line in enumerate(english)]


def missing(obj: Any, field: str, lang: str) -> list[tuple[int, ...]]:
    """Where ``obj.field``, written in English, lacks its text in ``lang``: ``[()]`` for a text
    with no translation, ``[(i,), ...]`` for the lines i of a list field (``setup.notes``) its
    translation lacks or leaves blank; ``[]`` where nothing is missing."""
    english = getattr(obj, field, None)
    if not english:
        return []
    translation = getattr(obj, translated_field(field, lang), None)
    if isinstance(english, list):
        lines = translation or []
        return [(i,) for i, line in enumerate(english) if line and (i >= len(lines) or not lines[i])]
    return [] if translation else [()]


def translatable(model: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """``(path, field)`` of every translatable text in ``model`` and the models nested in it, in
    lists too (an equipment card's ``attacks``): a field ``X`` with a sibling ``X_de``. ``path``
    leads to the model holding ``field`` (:func:`holder_at`); a list item's step is its index, a
    field's step the key written in the file (a rule's ``do``, not ``effects``), so a problem at
    the path points at the text's own line."""
    cls: type = model.__class__
    texts, nested = _fields_of(cls)
    for name in texts:
        yield path, name
    for name, step in nested:
        value = getattr(model, name, None)
        if hasattr(type(value), "model_fields"):
            yield from translatable(value, (*path, step))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if hasattr(type(item), "model_fields"):
                    yield from translatable(item, (*path, step, i))


def holder_at(model: Any, path: tuple[str | int, ...]) -> Any:
    """The model ``path`` (from :func:`translatable`) leads to inside ``model``."""
    for step in path:
        model = model[step] if isinstance(step, int) else getattr(model, _attribute(type(model), step))
    return model


def _attribute(cls: type, key: str) -> str:
    """The attribute of model class ``cls`` written as ``key`` in a file (its alias, or its name)."""
    return next((name for name, f in getattr(cls, "model_fields", {}).items() if f.alias == key), key)


@cache
def _fields_of(cls: type) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The translatable fields of model class ``cls`` and the fields that may hold a model (each
    ``(attribute, key written in the file)``)."""
    fields = getattr(cls, "model_fields", {})
    texts = tuple(n for n in fields if any(f"{n}_{lang}" in fields for lang in LANGUAGES if lang != "en"))
    nested = tuple((n, f.alias or n) for n, f in fields.items() if _holds_model(f.annotation))
    return texts, nested


def _holds_model(annotation: Any) -> bool:
    # through optionals, lists and Annotated unions: a rule's ``when`` (a Trigger, a union of the
    # trigger words) and its ``do`` (a list of effect words) hold models with texts of their own
    if hasattr(annotation, "model_fields"):
        return True
    return any(_holds_model(a) for a in get_args(annotation))


def t(label: str, lang: str | None = None) -> str:
    """The printer's ``label`` (an English word or phrase of :data:`LABELS`) in ``lang`` (default:
    :func:`current`); a label the table lacks prints as written."""
    lang = lang or current()
    if lang == "en":
        return label
    return LABELS.get(lang, {}).get(label, label)


def dice(expression: str, lang: str | None = None) -> str:
    """A dice expression as the edition prints it: ``3D+2``, in German ``3W+2`` (W for Würfel)."""
    lang = lang or current()
    return expression.replace("D", "W") if lang == "de" else expression


LABELS: dict[str, dict[str, str]] = {
    # German labels: the terms of the German Book of Rules v0.9.10 (shared/rules), kept as short
    # as the English ones so that a stat chip on a mini card still holds them.
    "de": {
        # stats and values
        "Attack": "Angriff", "Defense": "Parade", "Psi Res.": "Psi-Wid.", "Damage": "Schaden",
        "Range": "RW", "AP": "AP", "PP": "PP", "AR": "RS", "Vuln.": "Empf.", "HP": "TP", "IP": "IP",
        "Heals": "Heilt", "Poison": "Gift", "TN": "MW", "Figures": "Figuren", "XP": "EP", "Loot": "Beute",
        "Melee": "Nahkampf", "Ranged": "Fernkampf", "Magic": "Magie", "Jump": "Sprung", "Trap": "Falle",
        "STR (AR)": "STR (RS)", "Belt": "Gürtel", "none": "keine", "cures all": "heilt alles",
        "Lvl": "Stufe", "Dmg": "Schaden",
        # elements
        "fire": "Feuer", "water": "Wasser", "earth": "Erde", "air": "Luft",
        # a Boss Monster's damage element beside its type: one German compound, not "Feuer Schaden"
        "fire damage": "Feuerschaden", "water damage": "Wasserschaden", "earth damage": "Erdschaden",
        "air damage": "Luftschaden",
        # attributes (German edition: STR KON BEW WAH WIS PSI)
        "STR": "STR", "CON": "KON", "AGI": "BEW", "PER": "WAH", "WIS": "WIS", "PSI": "PSI",
        # zones
        "1 Hand": "1 Hand", "2 Hands": "2 Hände", "Head": "Kopf", "Torso": "Torso", "Arms": "Arme",
        "Legs": "Beine", "Feet": "Füße", "Accessory": "Accessoire", "Body": "Körper",
        # card types and kinds
        "Weapon": "Waffe", "Spell": "Zauber", "Armor": "Rüstung", "Potion": "Trank", "Item": "Gegenstand",
        "Monster": "Monster", "Monster Modification": "Monster-Modifikation", "Modification": "Modifikation",
        "Monster Level Card": "Stufenkarte", "Boss Monster": "Boss-Monster", "Hero": "Held",
        "Premade hero": "Standardcharakter", "Door Event": "Tür-Ereignis", "magic": "mag.",
        # the decks (export.decks.DECK_TITLES): PDF titles and Tabletop Simulator deck names
        "Loot Cards": "Schatzkarten", "Monster Deck": "Monsterstapel", "Monster Level Cards": "Stufenkarten",
        "Boss Monster Cards": "Boss-Monster", "Hero Cards": "Helden", "Standard Items": "Startausrüstung",
        "Campaign Items": "Kampagnen-Gegenstände", "Door Events": "Tür-Ereignisse", "Room Tiles": "Raumplatten",
        "Level": "Stufe", "Priority": "Priorität", "Gold": "Gold", "no gold": "kein Gold", "fig.": "Fig.",
        "person": "Person", "area": "Bereich", "room": "Raum", "damage": "Schaden",
        "End of the game": "Spielende", "Standard equipment": "Standard-Ausrüstung",
        "Check": "Probe", "against TN": "gegen MW", "needs": "braucht",
        "piercing": "durchschlagend", "poison": "Gift", "immobilizes": "lähmt", "disarms": "entwaffnet",
        "area (a line of {n} squares)": "Bereich (eine Linie von {n} Feldern)",
        "area (the target and {n} next to it)": "Bereich (das Ziel und {n} daneben)",
        "area (the target and all next to it)": "Bereich (das Ziel und alle daneben)",
        "area (all in range)": "Bereich (alle in Reichweite)",
        "area (a chain, {n} squares from figure to figure)": "Bereich (eine Kette, {n} Felder von Figur zu Figur)",
        "affects friends": "trifft auch Freunde",
        "vs": "gegen", "ignores armor": "ignoriert Rüstung", "blocks doors": "blockiert Türen",
        "reveals a Room Tile": "deckt eine Raumplatte auf", "Phase F": "Phase F",
        # campaign sheet: what carries over
        "each hero keeps {n} Loot Cards": "jeder Held behält {n} Schatzkarten",
        "each hero keeps {n} Loot Card": "jeder Held behält {n} Schatzkarte", "a hero bonus": "ein Heldenbonus",
        "Monster Point": "Monsterpunkt",
        "nothing carries over": "nichts wird übernommen",
        "(won or not)": "(gewonnen oder nicht)",
        "each hero keeps items worth {gold} gold": "jeder Held behält Gegenstände im Wert von {gold} Gold",
        "{items} (each to one hero, kept for the campaign)": "{items} (je an einen Helden, für die ganze Kampagne)",
        # monster traits
        "Undead": "Untot", "Flying": "Fliegend", "Immune to ranged": "Immun gg. Fernkampf",
        "Hurt only by magic": "Nur Magie verwundet", "Magic items ineffective": "Magie wirkungslos",
        "Passes walls": "Durch Wände",
        # card backs
        "Loot Card": "Schatzkarte", "Standard Item": "Startausrüstung", "Campaign Item": "Kampagnen-Gegenstand",
        "Room Tile": "Raumplatte", "Monster Level": "Monsterstufe",
        # the scenario booklet's sentences generated from the data (the words' describe_de): the game's
        # terms, the Book of Rules' markers by name (chapter *Dungeon Markers*; a scenario's own marker
        # takes its German name from the scenario's names_de) and the phrases of the booklet around them
        "Doom Counter": "Monsterleiste", "Extra Activation": "Zusatzaktivierung",
        "Action Point": "Aktionspunkt", "Action Points": "Aktionspunkte",
        "loot": "Schatz", "hole": "Loch", "rubble": "Geröll", "blocked door": "Fallgitter",
        "secret door": "Geheimtür", "ice": "Eis",
        "lies {place}": "liegt {place}",
        " once Room Tile {tile} is revealed": ", sobald Raumplatte {tile} aufgedeckt ist",
        # sheets
        # the duplex calibration page
        "Duplex calibration": "Duplex-Kalibrierung", "Duplex Calibration": "Duplex-Kalibrierung",
        "Print this page double-sided ({flip} flip), at 100 % (actual size).":
            "Diese Seite beidseitig drucken (Wenden an der {flip}), in 100 % (Originalgröße).",
        "long edge": "langen Kante", "short edge": "kurzen Kante",
        "Hold the sheet against the light, back side towards you.":
            "Das Blatt gegen das Licht halten, die Rückseite zu dir.",
        "Read where the front's cross falls on the back's scales (mm, right and up as you look at the back).":
            "Ablesen, wo das Kreuz der Vorderseite auf den Skalen der Rückseite liegt "
            "(mm, rechts und oben von hinten).",
        "Pass them as --duplex-offset X,Y; print again and the two crosses meet.":
            "Als --duplex-offset X,Y angeben; neu gedruckt treffen sich die beiden Kreuze.",
        "Offset now in use: {x},{y} mm.": "Versatz jetzt: {x},{y} mm.",
        "back: X (mm) along the bottom scale, Y (mm) along the left scale":
            "Rückseite: X (mm) an der unteren Skala, Y (mm) an der linken Skala",
        "Character Sheets": "Charakterbögen", "Campaign Overview Sheets": "Kampagnen-Übersichten",
        "Character Sheet": "Charakterbogen", "Name": "Name", "Attributes": "Attribute",
        "Default skills (without equipment)": "Grundwerte (ohne Ausrüstung)",
        "Dodge (defense against melee and ranged attacks)": "Ausweichen (Parade gegen Nah- und Fernkampf)",
        "Psi Resistance (defense against magic attacks)": "Psi-Widerstand (Abwehr gegen Magie)",
        "Calculated values (rounded down)": "Berechnete Werte (abgerundet)", "Calculated": "Berechnet",
        "Equipment modifier": "Ausrüstungs-Modifikator", "Final value": "Endwert",
        "Hero level bonuses": "Helden-Stufenboni", "Body zone (0 AP)": "Körper (0 AP)",
        "Belt ({ap} AP)": "Gürtel ({ap} AP)", "Belt {n}": "Gürtel {n}", "Backpack ({ap} AP)": "Rucksack ({ap} AP)",
        "Accessory 1": "Accessoire 1", "Accessory 2": "Accessoire 2", "Right hand": "Rechte Hand",
        "Left hand": "Linke Hand", "Backpack": "Rucksack",
        "+1 die melee": "+1 Würfel Nahkampf", "+1 die ranged": "+1 Würfel Fernkampf",
        "+1 die magic": "+1 Würfel Magie", "+1 damage": "+1 Schaden", "+1 die defense": "+1 Würfel Parade",
        "Regeneration": "Regeneration", "+1 initiative die": "+1 Initiativwürfel", "Fast hands": "Flinke Hände",
        "Double range": "Doppelte Reichweite",
        "Campaign Overview": "Kampagnen-Übersicht", "Campaign": "Kampagne", "Scenario": "Szenario",
        "Done": "Erledigt", "Group XP": "Gruppen-EP", "Monster Points": "Monsterpunkte",
        "Notes": "Notizen", "Rewards": "Belohnungen", "Heroes": "Helden", "Player / Hero": "Spieler / Held",
        "Kept equipment": "Behaltene Ausrüstung",
        "Every {n} Monster Points raise the Monster Level by one. Starting Monster Points: {start}.":
            "Alle {n} Monsterpunkte steigt die Monsterstufe um eins. Monsterpunkte zu Beginn: {start}.",
        "After scenario {n}": "Nach Szenario {n}", "#": "#",
        "Current HP / IP / PP / XP (death at {death})": "Aktuelle TP / IP / PP / EP (Tod bei {death})",
        # the scenario booklet (templates/scenario.md.j2, filter t): a number's label has a singular
        # and a plural entry where either language needs them; "Spielaufbau", "Spezial-Regeln" and
        # "Einzelszenario" are the German Book of Rules' words
        "Campaign scenario": "Kampagnenszenario", "Single scenario": "Einzelszenario",
        "scenario {n} of {of}": "Szenario {n} von {of}", "{low}–{high} players": "{low}–{high} Spieler",
        "{low} players": "{low} Spieler", "{low} player": "{low} Spieler",
        "starting Monster Level {n}": "Monsterstufe zu Beginn: {n}", "The campaign: {name}": "Die Kampagne: {name}",
        "Story": "Geschichte", "Goal": "Ziel", "Win:": "Sieg:", "Lose:": "Niederlage:",
        "a hero dies, or every hero is unconscious at the same time.":
            "ein Held stirbt, oder alle Helden sind gleichzeitig bewusstlos.",
        "Setup": "Spielaufbau", "Start tile:": "Start-Raumplatte:", "Room Tile deck:": "Raumplatten-Stapel:",
        "Random Room Tiles:": "Zufällige Raumplatten:",
        "{n} drawn from the remaining tiles": "{n} aus den übrigen Raumplatten gezogen",
        "Target tile:": "Ziel-Raumplatte:",
        ", placed as card {n} from the top of the Room Tile deck":
            ", als {n}. Karte von oben in den Raumplatten-Stapel gelegt",
        "Picked up for {ap} AP": "Aufnehmen kostet {ap} AP",
        "Picked up free by stepping onto it": "Wer das Feld betritt, nimmt den Marker kostenlos auf",
        "; dropped on the square of a carrier who falls unconscious.":
            "; wird sein Träger bewusstlos, bleibt der Marker auf dessen Feld liegen.",
        "Not on the table at the start: a special rule brings it into play.":
            "Zu Beginn nicht auf dem Tisch: Eine Spezial-Regel bringt den Marker ins Spiel.",
        "Special rules": "Spezial-Regeln", "Optional rule:": "Optionale Regel:", "Escape:": "Entkommen:",
        "allowed": "erlaubt", "not allowed": "nicht erlaubt", "Group XP:": "Gruppen-EP:",
        "Monster Points:": "Monsterpunkte:",
        "{n} (in a campaign, won or not)": "{n} (in einer Kampagne, gewonnen oder nicht)",
        "Keep:": "Behalten:",
        "{n} Loot Card per hero into the next scenario": "{n} Schatzkarte je Held ins nächste Szenario",
        "{n} Loot Cards per hero into the next scenario": "{n} Schatzkarten je Held ins nächste Szenario",
        " (or items worth {gold} gold)": " (oder Gegenstände im Wert von {gold} Gold)",
        "Hero bonus:": "Heldenbonus:", "every hero chooses one": "jeder Held wählt einen",
        "Items:": "Gegenstände:",
        "{items} (in a campaign: each to one hero, kept for the rest of the campaign)":
            "{items} (in einer Kampagne: je an einen Helden, für den Rest der Kampagne)",
        # the errata sheet (export pdf --changed-since): its words, and the kinds of document it lists
        # (a card's kind and id in brackets: "Ork (Stufenkarte orc-2)")
        "Errata": "Errata", "errata": "Errata",
        "Changes since {since}: {changed} changed, {added} added, {removed} removed.":
            "Änderungen seit {since}: {changed} geändert, {added} neu, {removed} entfernt.",
        "Changed": "Geändert", "Added": "Neu", "Removed": "Entfernt", "Reprinted": "Neu gedruckt",
        "Unchanged themselves, these cards print a changed card's name or values:":
            "Selbst unverändert, drucken diese Karten Namen oder Werte einer geänderten Karte:",
        "(none)": "(nichts)",
        "monster": "Monster", "monster level": "Stufenkarte", "monster modification": "Monster-Modifikation",
        "boss": "Boss-Monster", "equipment": "Ausrüstung", "character": "Held", "room tile": "Raumplatte",
        "door event": "Tür-Ereignis", "trap": "Falle", "scenario": "Szenario", "campaign": "Kampagne",
        "rules": "Regeln",
    },
}
"""The printer's labels in each language but English, by English label."""
