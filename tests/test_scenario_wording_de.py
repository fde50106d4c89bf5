"""The German edition's scenario sentences (``describe_de``): every word a scenario page prints
words itself in German, with the German edition's terms and the pack's German names.

They were English in the German booklet (``export pdf --lang de`` said so): "When a hero picks up
the Relic: that hero regains 1 HP" under German headings. The sentences below are written by hand
as the German edition should print them."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from doria_forge.model.scenario import Rule, Scenario
from doria_forge.model.words.behaviours import BEHAVIOURS
from doria_forge.model.words.common import PLAIN, Place, Wording
from doria_forge.model.words.registry import FAMILIES

SCENARIO_FAMILIES = [family for family in FAMILIES if family is not BEHAVIOURS]
"""The vocabularies a scenario page prints. A monster behaviour is no sentence of a booklet: the
cards print a monster's ability text (``text_de``), its ``describe`` is the behaviour as written
(``poison (markers 2)``) for ``doria-forge abilities``."""
WORDS = [(family.kind, name, cls) for family in SCENARIO_FAMILIES for name, cls in family.words.items()]
ENGLISH = [" the ", " and ", " when ", "When ", " place ", " hero", " every ", " of ", " on ", " at ", " is ",
           " a ", " to ", " if ", " with ", " loses ", " draws ", " gets ", " round ", " monster", " tile",
           "Room Tile", "Loot Card", "Doom Counter", "Action Point", " HP", "TN ", " checks ", " until ",
           " while ", " put ", " remove ", " take ", " from ", " more ", " less "]
"""English words a German sentence must not hold (a German word never contains them so spaced)."""
NAMES = {("monster", "orc"): "Ork", ("monster", "archer"): "Goblin-Bogenschützen",
         ("boss", "hollow_king"): "Der Hohle König", ("equipment", "amulet"): "Amulett",
         ("token", "relic"): "Reliquie"}
WORDS_DE = Wording(name=lambda kind, ref: NAMES.get((kind, ref), ref))


def rule(data: dict) -> Rule:
    return Rule.model_validate(data)


def test_every_vocabulary_but_the_monster_behaviours_is_printed_on_a_scenario_page():
    assert {f.kind for f in SCENARIO_FAMILIES} == {f.kind for f in FAMILIES} - {"behaviour"}


@pytest.mark.parametrize(("kind", "name", "cls"), WORDS, ids=[f"{k}:{n}" for k, n, _ in WORDS])
def test_every_word_a_scenario_page_prints_has_its_german_sentence(kind, name, cls):
    """A word registered without ``describe_de`` fails here (the base raises), as does one whose
    German sentence is its English one or holds English words."""
    family = next(f for f in FAMILIES if f.kind == kind)
    word = TypeAdapter(family.union()).validate_python(cls.example)
    german = word.describe_de(WORDS_DE)
    assert german and german != word.describe(WORDS_DE), f"{kind} {name} has no German sentence"
    padded = f" {german} "
    assert not [w for w in ENGLISH if w in padded], f"{kind} {name} prints English words in German: {german}"


def test_every_word_together_reads_as_one_german_rule():
    """Every condition and effect in one rule, as a booklet prints it: German from end to end."""
    from doria_forge.model.words.conditions import CONDITIONS
    from doria_forge.model.words.effects import EFFECTS
    from doria_forge.model.words.triggers import TRIGGERS

    for trigger in TRIGGERS:
        words = rule({"when": trigger.example, "if": [c.example for c in CONDITIONS],
                      "do": [e.example for e in EFFECTS], "once": True}).describe_de(WORDS_DE)
        assert words.endswith(" (nur einmal).")
        assert not [w for w in ENGLISH if w in f" {words} "], words


@pytest.mark.parametrize(("data", "german"), [
    ({"when": {"on": "token_picked_up", "token": "relic"}, "do": [{"do": "heal", "hp": 1, "pp": 1}], "once": True},
     "Wenn ein Held den Marker „Reliquie“ aufnimmt: Dieser Held erhält 1 TP und 1 PP zurück (nur einmal)."),
    ({"when": {"on": "monster_defeated", "boss": True},
      "do": [{"do": "give", "loot_cards": 1}, {"do": "give", "group_xp": 4}]},
     "Wenn das Boss-Monster besiegt wird: Der Held, der es besiegt hat, zieht 1 Schatzkarte; die Gruppe erhält "
     "4 Gruppen-EP."),
    ({"when": {"on": "tile_revealed", "tile": "B-7"},
      "do": [{"do": "spawn", "monster": "orc", "count": 2, "at": {"tile": "B-7"}},
             {"do": "place_marker", "marker": "rubble", "at": {"rune": "blue", "tile": "B-7"}},
             {"do": "marker_under", "marker": "hole"}]},
     "Wenn Raumplatte B-7 aufgedeckt wird: Stelle 2 × Ork auf Raumplatte B-7; lege einen Marker „Geröll“ auf die "
     "blaue Rune von Raumplatte B-7; lege einen Marker „Loch“ unter den Helden, der sie aufgedeckt hat."),
    ({"when": {"on": "hero_enters", "place": {"marker": "nest"}},
      "do": [{"do": "check", "attributes": ["STR", "PER"], "tn": 20, "tn_per_ml": 2,
              "success": [{"do": "remove_marker", "marker": "nest"}, {"do": "set_flag", "flag": "nest_burned"}],
              "failure": [{"do": "damage", "amount": 2, "ignores_armor": True}]}]},
     "Wenn ein Held auf den Marker „nest“ tritt: Dieser Held prüft STR+WAH+2W gegen MW 20+2×Monsterstufe; bei "
     "Erfolg: Entferne alle Marker „nest“ und markiere „nest burned“; bei Misserfolg: Dieser Held verliert 2 TP "
     "(Rüstung schützt nicht)."),
    ({"when": {"on": "round_start"},
      "if": [{"check": "round", "min": 4}, {"check": "players", "min": 4},
             {"check": "monsters_left", "tile": "C-7", "monster": "archer", "at_most": 1}],
      "do": [{"do": "spawn", "count": 2}]},
     "Zu Beginn jeder Runde, ab Runde 4, mit 4 oder mehr Spielern und falls auf Raumplatte C-7 höchstens 1 Monster "
     "vom Typ Goblin-Bogenschützen übrig ist: Ziehe 2 Monster vom Monsterstapel und stelle sie an den Eingang."),
    ({"if": [{"check": "token_carried", "token": "relic"}],
      "modify": [{"modifier": "monster_damage", "amount": 1, "flag": "undead", "who": "carrier", "token": "relic"}]},
     "Solange ein Held den Marker „Reliquie“ trägt: Jedes untote Monster fügt dem Helden mit dem Marker „Reliquie“ "
     "bei jedem Treffer 1 Schaden mehr zu."),
    ({"when": {"on": "doom_reached", "field": 30},
      "do": [{"do": "doom", "steps": 1}, {"do": "lose_action_points", "amount": 3, "who": "on_place",
                                           "at": {"rune": "purple"}}]},
     "Wenn das Monster der Monsterleiste Feld 30 erreicht: Bewege das Monster der Monsterleiste 1 Feld nach unten; "
     "jeder Held auf einer "
     "lila Rune verliert 3 Aktionspunkte."),
])
def test_german_rules_read_as_the_german_edition_writes_them(data, german):
    assert rule(data).describe_de(WORDS_DE) == german


def test_german_goals_name_the_boss_the_token_and_the_place():
    scenario = Scenario.model_validate({
        "id": "s", "name": "S", "story": "x", "goal": "y",
        "setup": {"tokens": [{"id": "lantern", "name": "Vigil Lantern", "name_de": "Wachlaterne"}]},
        "goals": {"win": [{"goal": "carry_token", "token": "lantern", "to": {"entrance": True}},
                          {"goal": "defeat_boss", "boss": "hollow_king", "escort": "orc", "tile": "C-7"},
                          {"goal": "escape", "at": {"tile": "E-8", "square": [1, 2]}}]}})
    from doria_forge.i18n import language

    with language("de"):
        words = scenario.wording(WORDS_DE.name)
        assert [g.describe_de(words) for g in scenario.goals.win] == [
            "die Helden bringen den Marker „Wachlaterne“ an den Eingang",
            "die Helden besiegen das Boss-Monster „Der Hohle König“ und jedes Monster vom Typ Ork von Raumplatte C-7",
            "die Helden entkommen – jeder lebende Held steht am Ende einer Runde auf Feld [1, 2] von Raumplatte E-8",
        ]


@pytest.mark.parametrize(("place", "stands", "put", "taken"), [
    ({"entrance": True}, "am Eingang", "an den Eingang", "vom Eingang"),
    ({"marker": "nest"}, "auf dem Marker „nest“", "auf den Marker „nest“", "vom Marker „nest“"),
    ({"rune": "green", "tile": "F-1"}, "auf der grünen Rune von Raumplatte F-1",
     "auf die grüne Rune von Raumplatte F-1", "von der grünen Rune von Raumplatte F-1"),
    ({"rune": "orange"}, "auf einer orange Rune", "auf eine orange Rune", "von einer orange Rune"),
    ({"tile": "A-1", "square": [2, 2]}, "auf Feld [2, 2] von Raumplatte A-1", "auf Feld [2, 2] von Raumplatte A-1",
     "von Feld [2, 2] von Raumplatte A-1"),
    ({"tile": "C-7"}, "auf Raumplatte C-7", "auf Raumplatte C-7", "von Raumplatte C-7"),
])
def test_a_place_in_german_takes_the_case_its_preposition_asks(place, stands, put, taken):
    at = Place.model_validate(place)
    assert (at.on_de(), at.on_de(to=True), at.from_de()) == (stands, put, taken)


def test_the_book_of_rules_markers_print_in_german_and_a_scenarios_own_as_written():
    """A marker's name is its id: the Book of Rules' markers have German names (Loch, Geröll),
    a scenario's own has none in the data and prints as written. Looked up among all labels, a
    marker named ``magic`` printed as the abbreviation „mag.“ of a card's stat chip."""
    from doria_forge.engine.map.layout import MARKERS
    from doria_forge.model.words.german import BOOK_MARKERS, marker_name

    assert set(MARKERS) == BOOK_MARKERS
    assert [marker_name(m) for m in ("hole", "rubble", "blocked_door", "secret_door", "loot")] == [
        "„Loch“", "„Geröll“", "„Fallgitter“", "„Geheimtür“", "„Schatz“"]
    assert [marker_name(m) for m in ("magic", "sluice_lever")] == ["„magic“", "„sluice lever“"]


def test_a_scenarios_own_flags_and_markers_take_their_german_names_from_names_de():
    """A flag's and a scenario marker's names printed as written in the German sentences („nest
    burned“): the scenario's ``names_de`` names them in every word and place that says them; a name
    it leaves out still prints as written, the Book's markers in the book's words."""
    scenario = Scenario.model_validate({
        "id": "s", "name": "S", "story": "x", "goal": "y",
        "names_de": {"nest": "Nest", "nest_burned": "Nest verbrannt"},
        "goals": {"win": [{"goal": "flag", "flag": "nest_burned"}]},
        "rules": [{"when": {"on": "hero_enters", "place": {"marker": "nest"}},
                   "if": [{"check": "flag", "flag": "nest_burned", "is_set": False},
                          {"check": "hero_on", "at": {"marker": "nest"}}],
                   "do": [{"do": "remove_marker", "marker": "nest", "at": {"marker": "nest"}},
                          {"do": "place_marker", "marker": "rubble", "at": {"marker": "nest"}},
                          {"do": "set_flag", "flag": "nest_burned"}, {"do": "set_flag", "flag": "lair_found"}]},
                  {"when": {"on": "flag_set", "flag": "nest_burned"}, "do": [{"do": "heal", "hp": 1}]}]})
    words = scenario.wording(WORDS_DE.name)
    assert scenario.rules[0].describe_de(words) == (
        "Wenn ein Held auf den Marker „Nest“ tritt, falls „Nest verbrannt“ nicht markiert ist und falls ein Held "
        "auf dem Marker „Nest“ steht: Entferne den Marker „Nest“ vom Marker „Nest“; lege einen Marker „Geröll“ "
        "auf den Marker „Nest“; markiere „Nest verbrannt“; markiere „lair found“.")
    assert scenario.rules[1].describe_de(words).startswith("Wenn „Nest verbrannt“ markiert wird: ")
    assert scenario.goals.win[0].describe_de(words) == "„Nest verbrannt“ ist markiert"
    assert "nest burned" in scenario.rules[0].describe(words)  # the English names stay as written


def test_the_english_sentences_stay_as_they_were():
    """The German sentences live beside the English ones; ``describe`` is unchanged."""
    r = rule({"when": {"on": "token_picked_up", "token": "relic"}, "do": [{"do": "heal", "hp": 1, "pp": 1}],
              "once": True})
    assert r.describe(PLAIN) == "When a hero picks up the relic: that hero regains 1 HP and 1 PP (once only)."
