"""Two editions: German cards and sheets with --lang de, the German rules constants with
edition: de, missing translations and texts that overflow in either language."""

import json
import shutil
from pathlib import Path

import pypdf
import pytest
from jinja2 import nodes
from typer.testing import CliRunner
from validate_helpers import lines, monster_with_levels, write_pack

from doria_forge.commands.cli import app
from doria_forge.export.pdf.errors import ExportError
from doria_forge.export.pdf.scenario import booklet_order, render_scenario_text, template_env
from doria_forge.i18n import LABELS, dice, language, t, tr
from doria_forge.model import Rules
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_german_edition_constants_where_they_differ():
    """NOTES.md, *Edition constants differ*: death at -40 HP/PP, hero level rounds 7/14/21, Belt 3 AP."""
    german = Rules.model_validate({"kind": "rules", "id": "rules-de", "edition": "de"})
    english = Rules.model_validate({"kind": "rules", "id": "rules-en"})
    assert (german.death_threshold, german.hero_level_rounds, german.belt_ap) == (-40, [7, 14, 21], 3)
    assert (english.death_threshold, english.hero_level_rounds, english.belt_ap) == (-20, [7, 13, 18], 4)
    assert german.backpack_ap == english.backpack_ap  # the same in both editions
    written = Rules.model_validate({"kind": "rules", "id": "house", "edition": "de", "belt_ap": 5})
    assert written.belt_ap == 5 and written.death_threshold == -40  # a written constant wins


def test_translations_fall_back_to_english_and_labels_come_from_the_table(shipped_pack):
    orc = shipped_pack.monsters["orc"]
    assert tr(orc, "name", "de") == "Ork" and tr(orc, "name", "en") == "Orc"
    with language("de"):
        assert tr(orc, "name") == "Ork" and t("Defense") == "Parade" and dice("3D+2") == "3W+2"
    assert t("Defense") == "Defense" and dice("3D+2") == "3D+2"


@pytest.mark.parametrize("lang", ["de"])
def test_lang_de_prints_german_cards_and_sheets(tmp_path, lang, shipped_pack):
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), "--lang", lang, "--out", str(out)])
    assert result.exit_code == 0, result.output
    levels = _pdf_text(out / "monster_level.pdf")
    assert "Ork" in levels and "Stufenkarte" in levels and "Parade" in levels and "2W+5" in levels
    assert "Orc" not in levels.replace("Ork", "")
    sheets = _pdf_text(out / "character_sheets.pdf")
    assert "Charakterbogen" in sheets and "Barbar" in sheets and "Character Sheet" not in sheets
    # the named attacks of a Standard Item and the monsters it hurts more (was "thrown braucht STR 9",
    # "+1 gegen undead")
    items = " ".join(_pdf_text(out / "standard_items.pdf").split())
    assert "geworfen braucht" in items and "geschwungen braucht" in items and "+1 gegen Untot" in items
    assert not [w for w in ("thrown", "swung", "shield bash", "undead") if w in items]
    # a Boss Monster's damage element is one German word (was "Feuer Schaden")
    bosses = _pdf_text(out / "boss.pdf")
    assert "Boss-Monster · Feuerschaden" in bosses and "Feuer Schaden" not in bosses
    # the premade heroes' standard items on their sheets and the items a campaign hands out are
    # named as their cards are (was "Hunting Bow", "Warding Amulet" in the German edition)
    items = {i for hero in shipped_pack.characters.values() for i in hero.standard_items}
    items |= {i for s in shipped_pack.scenarios.values() for i in s.rewards.items}
    campaign = _pdf_text(out / "campaign_sheets.pdf")
    # the campaign's and its scenarios' names and reward texts (name_de, text_de) were English
    smugglers = shipped_pack.campaigns["greywater_smugglers"]
    assert smugglers.name_de in campaign and smugglers.name not in campaign
    assert all(shipped_pack.scenarios[s].name_de in campaign for s in smugglers.scenarios)
    for item in map(shipped_pack.equipment.__getitem__, items):
        assert item.name_de and (item.name == item.name_de or item.name not in sheets + campaign), item.name
        assert item.name_de in sheets + campaign
    # a weapon's category and an armor's set print in German too (was "Waffe · daggers")
    loot = _pdf_text(out / "loot.pdf")
    assert "Waffe · Dolche" in loot and "Zauber · Feuermagie" in loot and "Rüstung · Eisenwacht" in loot
    assert not [w for w in ("daggers", "swords", "fire magic", "Ironguard", "rings") if f"· {w}" in loot]
    # the deck's title in the PDF's metadata is the edition's too ("Loot Cards" in the German PDF)
    assert pypdf.PdfReader(out / "loot.pdf").metadata.title.endswith(": Schatzkarten")
    assert pypdf.PdfReader(out / "character_sheets.pdf").metadata.title.endswith(": Charakterbögen")
    assert pypdf.PdfReader(out / "campaign_sheets.pdf").metadata.title.endswith(": Kampagnen-Übersichten")


def test_the_german_edition_names_what_of_its_scenario_booklet_prints_as_written(tmp_path, caplog):
    """`export pdf --lang de` printed every flag's and scenario marker's name as written („nest
    burned“) and listed them all: the data had no place for their German names. A scenario's
    ``names_de`` now gives them, the shipped scenarios give all theirs (no warning), and the
    warning names only a name its scenario leaves out, never the Book of Rules' markers (Geröll).
    The English export says nothing of it."""
    from doria_forge.export.pdf import export_pdfs

    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    with language("de"), caplog.at_level("WARNING"):
        export_pdfs(validate_pack(pack).pack, tmp_path / "shipped")
    assert "scenarios.pdf" not in caplog.text
    warren = pack / "scenarios" / "goblin_warren.yaml"
    warren.write_text(warren.read_text(encoding="utf-8").replace('  nest_burned: "Nest verbrannt"\n', ""),
                      encoding="utf-8")
    caplog.clear()
    with language("de"), caplog.at_level("WARNING"):
        export_pdfs(validate_pack(pack).pack, tmp_path / "de")
    assert "prints in English only" not in caplog.text
    assert ("scenarios.pdf prints these names of flags and markers as the scenarios write them, in the German "
            "sentences too (their scenario's names_de gives no German name for them; validate shows where): "
            "nest burned\n") in caplog.text + "\n"
    caplog.clear()
    with caplog.at_level("WARNING"):
        export_pdfs(validate_pack(pack).pack, tmp_path / "en")
    assert "scenarios.pdf" not in caplog.text


def test_the_german_booklet_prints_the_sentences_generated_from_the_data_in_german(shipped_pack):
    """The special rules, goals, setup markers and tokens' places of a shipped scenario, generated
    from its data, printed in English in the German booklet; they print as the German edition
    words them (written here by hand), the English booklet as before."""
    german = _booklet_markdown(shipped_pack, "de")
    for sentence in (  # The Lantern Vigil, The Greywater Gate
            "- Wenn ein Held den Marker „Wachlaterne“ aufnimmt: Dieser Held erhält 1 TP und 1 PP zurück (nur "
            "einmal). — *Die Wärme der Laterne stärkt jeden, der sie hebt.*",
            "- Am Ende von Runde 4: Der Held mit dem Marker „Wachlaterne“ erhält 3 TP und 3 PP zurück.",
            "- **Sieg:** Die Helden überleben bis zum Ende von Runde 8 — *",
            "Liegt auf Feld [2, 2] von Raumplatte A-1.",
            "- Lege einen Marker „Schleusenhebel“ auf Feld [2, 2] von Raumplatte F-5, sobald Raumplatte F-5 "
            "aufgedeckt ist.",
            # the scenario's own flags and markers by their names_de (The Goblin Warren)
            "- Wenn ein Held auf den Marker „Nest“ tritt: Dieser Held prüft STR+WAH+2W gegen MW "
            "20+2×Monsterstufe; bei Erfolg: Entferne alle Marker „Nest“ und markiere „Nest verbrannt“;",
            "- Wenn „Nest verbrannt“ markiert wird: Jeder Held auf Raumplatte B-7 zieht 1 Schatzkarte.",
            "- Zu Beginn von Runde 4: Lege Marker „Fallgitter“ auf die Türen von Raumplatte A-1."):
        assert sentence in german, sentence
    for english in (" the ", "When ", "At the ", " hero", "Room Tile", "Loot Card", "Doom Counter", "(once only)",
                    " lies ", "Lies on", " marker ", "„nest", "burned", "sluice", "phylactery", "cut“", "out“",
                    "collapsed", "destroyed"):
        assert english not in german, english
    english = _booklet_markdown(shipped_pack, "en")
    assert "- When a hero picks up the Vigil Lantern: that hero regains 1 HP and 1 PP (once only)." in english
    assert "Lies on square [2, 2] of Room Tile A-1." in english
    assert "- When “nest burned” is marked: every hero on Room Tile B-7 draws 1 Loot Card." in english


SCENARIO = """\
kind: scenario
id: cellar
name: The Cellar
name_de: Der Weinkeller
story: Rats in the wine.
story_de: Ratten im Weinfass.
goal: Clear the cellar.
goals:
  win:
    - {goal: clear_tile, tile: A-1}
rules:
  - text: The barrels roll.
    text_de: Die Fässer rollen.
  - text: The lamps go out.
setup:
  notes: [Start on A-1., Shuffle the deck.]
  notes_de: [Auf A-1 beginnen.]
"""


def test_a_german_booklet_prints_the_scenarios_german_texts_and_the_english_where_missing(tmp_path):
    """`export pdf --lang de` printed every scenario's name, story and rules in English: scenarios had
    no German fields. Each text now prints in German where given, in English where not (a missing
    rule text, a setup note line the German lacks)."""
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    (pack / "scenarios" / "cellar.yaml").write_text(SCENARIO, encoding="utf-8")
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(pack), "--lang", "de", "--out", str(out)])
    assert result.exit_code == 0, result.output
    booklet = " ".join(_pdf_text(out / "scenarios.pdf").split())
    assert "Der Weinkeller" in booklet and "Ratten im Weinfass." in booklet and "Die Fässer rollen." in booklet
    assert "The Cellar" not in booklet and "Rats in the wine" not in booklet and "The barrels roll" not in booklet
    assert "The lamps go out." in booklet and "Auf A-1 beginnen." in booklet and "Shuffle the deck." in booklet
    english = tmp_path / "en"
    assert runner.invoke(app, ["export", "pdf", str(pack), "--out", str(english)]).exit_code == 0
    booklet = " ".join(_pdf_text(english / "scenarios.pdf").split())
    assert "The Cellar" in booklet and "Der Weinkeller" not in booklet


def test_a_scenario_text_without_its_german_is_a_missing_translation_at_its_line(tmp_path):
    """Scenarios and campaigns were never checked: a German booklet printed their English texts
    without a word from validate. Every printed text is now checked like a card's, a rule's text, a
    goal's or an effect's flavour and each line of a list (setup notes) included."""
    scenario = SCENARIO.replace("{goal: clear_tile, tile: A-1}", "{goal: clear_tile, tile: A-1, text: Done.}")
    files = {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\nlanguages: [en, de]\n",
             "cellar.yaml": scenario,
             "tour.yaml": "kind: campaign\nid: tour\nname: Tour\nname_de: Rundgang\nstory: Go.\nscenarios: [cellar]\n"}
    result = validate_pack(write_pack(tmp_path / "p", files), display_root="")
    tail = " (the pack is written for en, de; the English text prints instead)"
    assert lines(result.problems, "missing-translation") == [
        "cellar.yaml:7:7 warning [missing-translation] goal has no German text: add goal_de" + tail,
        "cellar.yaml:10:43 warning [missing-translation] goals.win.0.text has no German text: add "
        "goals.win.0.text_de" + tail,
        "cellar.yaml:14:11 warning [missing-translation] rules.1.text has no German text: add rules.1.text_de" + tail,
        "cellar.yaml:16:26 warning [missing-translation] setup.notes.1 has no German text: add line 2 to "
        "setup.notes_de" + tail,
        "tour.yaml:5:8 warning [missing-translation] story has no German text: add story_de" + tail,
    ]


NAMED = """\
kind: scenario
id: warren
name: The Warren
name_de: Der Bau
story: Goblins.
story_de: Goblins.
goal: Burn the nest.
goal_de: Verbrennt das Nest.
goals:
  win:
    - {goal: flag, flag: nest_burned}
setup:
  markers:
    - {do: place_marker, marker: nest, at: {tile: A-1, square: [2, 2]}}
    - {do: place_marker, marker: rubble, at: {entrance: true}}
names_de:
  nest: Nest
rules:
  - when: {on: hero_enters, place: {marker: nest}}
    do: [{do: set_flag, flag: nest_burned}]
"""


def test_a_scenarios_flag_without_its_german_name_is_a_missing_translation_at_its_word(tmp_path):
    """The names of a scenario's own flags and markers had no German in the data, and validate said
    nothing: the German booklet printed „nest burned“. ``names_de`` gives them; a flag or scenario
    marker it leaves out is a warning at the first word naming it (the Book's markers, Geröll,
    need none)."""
    files = {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\nlanguages: [en, de]\n",
             "warren.yaml": NAMED}
    result = validate_pack(write_pack(tmp_path / "p", files), display_root="")
    assert lines(result.problems, "missing-translation") == [
        "warren.yaml:20:10 warning [missing-translation] the flag nest_burned has no German name: add "
        "nest_burned: ... to the scenario's names_de (the German booklet prints \"nest burned\" instead)"]
    files["warren.yaml"] = NAMED.replace("  nest: Nest\n", "  nest: Nest\n  nest_burned: Nest verbrannt\n")
    result = validate_pack(write_pack(tmp_path / "q", files), display_root="")
    assert lines(result.problems, "missing-translation") == []


def test_a_name_in_names_de_that_the_scenario_does_not_use_is_an_error_with_the_closest(tmp_path):
    """A misspelt name in ``names_de`` would leave the flag printed as written without a word: it is
    an error at the name, with the closest of the scenario's own flags and markers."""
    files = {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\n",
             "warren.yaml": NAMED.replace("  nest: Nest\n", "  nest: Nest\n  nest_burnt: Nest verbrannt\n"
                                          "  rubble: Geröll\n")}
    result = validate_pack(write_pack(tmp_path / "p", files), display_root="")
    named = [line for line in lines(result.problems, "scenario-references") if "names_de" in line]
    assert named == [
        "warren.yaml:18:15 error [scenario-references] names_de names nest_burnt, no flag or marker of this "
        "scenario's own (did you mean 'nest_burned'?) (its flags and markers: nest, nest_burned)",
        "warren.yaml:19:11 error [scenario-references] names_de names rubble, no flag or marker of this "
        "scenario's own (a marker of the Book of Rules: the German edition names it) (its flags and markers: "
        "nest, nest_burned)"]
    assert result.errors >= 2


def test_the_decks_are_titled_in_the_edition_printed(shipped_pack):
    """The German PDFs and Tabletop Simulator decks were titled "Loot Cards", "Monster Level
    Cards"...: every deck now has its German title in the German edition (German Book of Rules:
    Schatzkarten, Monsterstapel, Raumplatten)."""
    from doria_forge.export.decks import compose_decks

    english = {plan.name: plan.title for plan in compose_decks(shipped_pack)}
    with language("de"):
        german = {plan.name: plan.title for plan in compose_decks(shipped_pack)}
    assert english["loot"] == "Loot Cards" and german["loot"] == "Schatzkarten"
    assert german["monster"] == "Monsterstapel" and german["room_tiles"] == "Raumplatten"
    assert german.keys() == english.keys() and all(german[name] != english[name] for name in english)


def test_a_german_rules_document_prints_the_german_death_track(tmp_path):
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    (pack / "rules.yaml").write_text("kind: rules\nid: rules-de\nedition: de\n", encoding="utf-8")
    out = tmp_path / "pdf"
    assert runner.invoke(app, ["export", "pdf", str(pack), "--lang", "de", "--out", str(out)]).exit_code == 0
    sheets = _pdf_text(out / "character_sheets.pdf")
    assert "Tod bei -40" in sheets and "-39" in sheets and "Gürtel (3 AP)" in sheets


def test_missing_translations_are_reported_for_the_packs_languages(tmp_path):
    files = {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\nlanguages: [en, de]\n",
             "monsters/orc.yaml": monster_with_levels("orc").replace("name: Orc\n", "name: Orc\nname_de: Ork\n", 1)
             .replace("priority: A\n", "priority: A\ntext: Grim.\n", 1)}
    result = validate_pack(write_pack(tmp_path / "p", files), display_root="")
    assert lines(result.problems) == [
        "monsters/orc.yaml:10:7 warning [missing-translation] text has no German text: add text_de (the pack "
        "is written for en, de; the English text prints instead)",
    ]
    english_only = validate_pack(write_pack(tmp_path / "q", {"monsters/orc.yaml": files["monsters/orc.yaml"]}))
    assert english_only.problems == ()


def test_a_named_attack_without_its_german_name_is_a_missing_translation(tmp_path):
    """label_de of an attack (a list item) was never checked: only fields and single nested models
    were walked."""
    weapon = ("kind: equipment\nid: axe\nname: Axe\nname_de: Axt\ncard_type: weapon\nzone: 1_hand\nap: 12\n"
              "attacks:\n  - {attack_type: melee, dice: 2D, damage: 1, range: 1, ap: 12}\n"
              "  - label: thrown\n    attack_type: ranged\n    dice: 2D\n    damage: 1\n    range: 3\n    ap: 14\n")
    files = {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\nlanguages: [en, de]\n", "axe.yaml": weapon}
    result = validate_pack(write_pack(tmp_path / "p", files), display_root="")
    assert lines(result.problems, "missing-translation") == [
        "axe.yaml:10:12 warning [missing-translation] attacks.1.label has no German text: add attacks.1.label_de "
        "(the pack is written for en, de; the English text prints instead)",
    ]


def test_a_text_too_long_for_its_card_is_a_warning_at_its_line_in_each_language(tmp_path):
    long_en, long_de = "A very long story. " * 60, "Eine sehr lange Geschichte. " * 60
    trap = (f"kind: trap\nid: pit\nname: Pit\nname_de: Grube\ntrap_type: person\ncheck_attributes: [AGI, PER]\n"
            f"tn_base: 20\ntext: Short.\ntext_de: \"{long_de}\"\n---\nkind: trap\nid: snare\nname: Snare\n"
            f"name_de: Schlinge\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
            f"text: \"{long_en}\"\ntext_de: Kurz.\n")
    pack = write_pack(tmp_path / "p", {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\n"
                                                    "languages: [en, de]\n", "traps.yaml": trap})
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 0, result.output
    found = [line for line in result.output.splitlines() if "[card-text-fit]" in line]
    assert len(found) == 2
    assert found[0].startswith(f"{pack.as_posix()}/traps.yaml:9:10: warning [card-text-fit] text_de of trap pit "
                               "does not fit its card (trap:pit) even at 6 pt in the German edition")
    assert found[1].startswith(f"{pack.as_posix()}/traps.yaml:18:7: warning [card-text-fit] text of trap snare "
                               "does not fit its card (trap:snare) even at 6 pt in the English edition")
    assert runner.invoke(app, ["validate", str(pack), "--strict"]).exit_code == 1
    again = runner.invoke(app, ["validate", str(pack)])  # read back from the cache, located the same
    assert [line for line in again.output.splitlines() if "[card-text-fit]" in line] == found


def test_after_an_edit_only_the_card_fronts_that_changed_are_measured_again(tmp_path, monkeypatch):
    # doria_forge.export.text_fit keeps per card front which texts do not fit: a pack edited outside
    # its cards is not measured at all, an edited card alone is, and the findings are a cold run's.
    from doria_forge.export import text_fit

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    long_en, long_de = "A very long story. " * 60, "Eine sehr lange Geschichte. " * 60
    trap = (f"kind: trap\nid: pit\nname: Pit\nname_de: Grube\ntrap_type: person\ncheck_attributes: [AGI, PER]\n"
            f"tn_base: 20\ntext: Short.\ntext_de: \"{long_de}\"\n---\nkind: trap\nid: snare\nname: Snare\n"
            f"name_de: Schlinge\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
            f"text: \"{long_en}\"\ntext_de: Kurz.\n")
    manifest = "kind: pack\nid: p\nname: P\nversion: 1.0.0\nlanguages: [en, de]\n"
    pack = write_pack(tmp_path / "p", {"pack.yaml": manifest, "traps.yaml": trap})

    def fit_warnings() -> list[str]:
        result = runner.invoke(app, ["validate", str(pack)])
        assert result.exit_code == 0, result.output
        return [line.split(": warning ")[1] for line in result.output.splitlines() if "[card-text-fit]" in line]

    cold = fit_warnings()
    assert [w.split(" of trap ")[1][:5] for w in cold] == ["pit d", "snare"]
    measured: list[str] = []
    real = text_fit._CardMeasure._measured

    def counting(self, spec, box):
        measured.append(spec.key)
        return real(self, spec, box)

    monkeypatch.setattr(text_fit._CardMeasure, "_measured", counting)
    packs_seen = tmp_path / "cache" / "text-fit"
    before = len(list(packs_seen.glob("*.json")))
    (pack / "pack.yaml").write_text(manifest.replace("version: 1.0.0", "version: 1.0.1"), encoding="utf-8")
    assert fit_warnings() == cold and measured == []  # the pack changed, no card front did
    assert len(list(packs_seen.glob("*.json"))) == before + 1  # ...and it was looked at anew
    (pack / "traps.yaml").write_text(trap.replace(long_en, "Short again."), encoding="utf-8")
    assert fit_warnings() == cold[:1]
    assert measured == ["trap-snare"]  # its English front; the German one did not change


def test_a_damaged_card_entry_in_the_cache_is_measured_again(tmp_path, monkeypatch):
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    trap = ("kind: trap\nid: snare\nname: Snare\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
            f"text: \"{'A very long story. ' * 60}\"\n---\nkind: trap\nid: pit\nname: Pit\ntrap_type: person\n"
            "check_attributes: [AGI, PER]\ntn_base: 20\ntext: Short.\n")
    manifest = "kind: pack\nid: p\nname: P\nversion: 1.0.0\n"
    pack = write_pack(tmp_path / "p", {"pack.yaml": manifest, "traps.yaml": trap})
    cold = runner.invoke(app, ["validate", str(pack)]).output
    assert [line.split("] ")[1][:21] for line in cold.splitlines() if "card-text-fit" in line] == [
        "text of trap snare do"]
    (store,) = (tmp_path / "cache" / "text-fit" / "cards").glob("*.json")
    store.write_text(json.dumps({key: ["nonsense"] for key in json.loads(store.read_text("utf-8"))}),
                     encoding="utf-8")
    (pack / "pack.yaml").write_text(manifest.replace("1.0.0", "1.0.1"), encoding="utf-8")  # not the pack's entry
    again = runner.invoke(app, ["validate", str(pack)]).output
    assert [line for line in again.splitlines() if "card-text-fit" in line] == \
        [line for line in cold.splitlines() if "card-text-fit" in line]


def test_an_install_without_the_printing_sources_measures_without_the_cache(tmp_path, monkeypatch):
    # The keys hash the printing code's source (fsutil.files_digest); where it cannot be read,
    # text fit still works, it only remembers nothing (it used to end in a FileNotFoundError).
    from doria_forge.export import text_fit

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(text_fit, "_CODE_FILES", (tmp_path / "missing.py",))
    trap = ("kind: trap\nid: snare\nname: Snare\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
            f"text: \"{'A very long story. ' * 60}\"\n")
    pack = write_pack(tmp_path / "p", {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\n",
                                       "traps.yaml": trap})
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 0, result.output
    assert "[card-text-fit] text of trap snare" in result.output
    assert not (tmp_path / "cache" / "text-fit").exists()


def test_the_base_pack_and_the_example_fit_their_cards_in_every_language(tmp_path):
    for pack in (ROOT / "content", ROOT / "examples" / "frost-crypt"):
        result = runner.invoke(app, ["validate", str(pack), "--strict"])
        assert result.exit_code == 0, result.output


def test_the_shipped_rules_document_lists_every_constant_with_its_value():
    """Every constant of the rules model is written in content/rules.yaml with the value the game uses;
    the ones the editions disagree on are shown as comments, so `edition: de` still changes them."""
    from doria_forge.load import load_pack
    from doria_forge.model import EDITION_CONSTANTS

    text = (ROOT / "content" / "rules.yaml").read_text(encoding="utf-8")
    written = next(d.data for d in load_pack(ROOT / "content").documents if d.data.get("kind") == "rules")
    defaults = Rules(id="rules-en").model_dump(mode="json")
    for name in Rules.model_fields:
        if name in ("kind", "id", "name", "source", "art"):
            continue
        if name in EDITION_CONSTANTS["de"]:
            assert f"# {name}: " in text and name not in written, name
        else:
            assert Rules.model_validate({"kind": "rules", "id": "x", name: written[name]}).model_dump(
                mode="json")[name] == defaults[name], name


def test_german_start_cards_are_loot_first_with_at_most_two_standard_items(tmp_path):
    """German rulebook v0.9.10, *Charaktere vorbereiten* (NOTES.md: the editions' start cards
    differ): each hero draws six Loot Cards and may exchange at most two of them for Standard
    Items; the English book gives every Standard Item, then fills up to six with Loot Cards."""
    from doria_forge.engine.game import GameOptions, GameState

    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    english = validate_pack(pack).pack
    (pack / "rules.yaml").write_text("kind: rules\nid: rules-de\nedition: de\n", encoding="utf-8")
    german = validate_pack(pack).pack
    # the premade heroes carry at most two Standard Items: give one a third
    items = sorted(i for i, e in english.equipment.items() if e.deck == "standard")[:3]
    hero = english.characters["warrior"].model_copy(update={"standard_items": items})
    for content, standard in ((english, 3), (german, 2)):
        state = GameState.new(content, [hero, hero, hero], seed=3, options=GameOptions(setup_loot=True))
        for h in state.heroes:
            cards = [i.card for i in h.all_items()]
            assert sorted(c.id for c in cards if c.deck == "standard") == sorted(hero.standard_items[:standard])
            assert len(cards) == content.rules.starting_cards


def test_a_packs_text_fit_entry_is_keyed_by_its_files_as_read_not_by_serialising_it(tmp_path, monkeypatch):
    # ValidationResult.files_digest (the files' names and bytes as the loader read them) with the
    # stamp of the code that reads them stands for the pack's content: a cold validate never
    # serialises every document (ContentPack.content_hash, 7 ms of the shipped pack's 0.4 s). A
    # pack merged with the packs it requires has no such digest and keeps the serialised key.
    from doria_forge.export import text_fit
    from doria_forge.model import ContentPack
    from doria_forge.validate import validate_pack

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    trap = ("kind: trap\nid: snare\nname: Snare\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
            f"text: \"{'A very long story. ' * 60}\"\n")
    pack = write_pack(tmp_path / "p", {"pack.yaml": "kind: pack\nid: p\nname: P\nversion: 1.0.0\n",
                                       "traps.yaml": trap})

    def serialised(self):
        raise AssertionError("the pack was serialised for its key")

    monkeypatch.setattr(ContentPack, "content_hash", serialised)
    entries = tmp_path / "cache" / "text-fit"
    first = runner.invoke(app, ["validate", str(pack)])
    assert first.exit_code == 0 and "[card-text-fit] text of trap snare" in first.output, first.output
    assert len(list(entries.glob("*.json"))) == 1
    monkeypatch.setattr(text_fit, "_reading_digest", lambda: "other reading code")
    again = runner.invoke(app, ["validate", str(pack)])
    assert again.output == first.output and len(list(entries.glob("*.json"))) == 2  # a new key, the same findings
    monkeypatch.undo()
    assert validate_pack(pack).files_digest is not None
    assert validate_pack(ROOT / "examples" / "frost-crypt").files_digest is None  # requires doria-base


def _booklet_markdown(pack, lang: str) -> str:
    env = template_env(ROOT / "templates")
    with language(lang):
        return "\n".join(render_scenario_text(env, pack, scenario) for scenario in booklet_order(pack))


ENGLISH_WORDS = ("After a Trap triggers", "## Story", "## Goal", "## Setup", "## Special rules", "## Rewards", "## The campaign:",
                 "**Win:**", "**Lose:**", "a hero dies", "**Start tile:**", "**Room Tile deck:**", "**Escape:**",
                 "allowed", "**Group XP:**", "**Keep:**", "per hero", "**Hero bonus:**", "**Items:**",
                 "Campaign scenario", "Single scenario", " players ·", "starting Monster Level", "Optional rule:",
                 "Picked up", "Monster Points:", "scenario 1 of")


def test_the_german_booklet_prints_its_headings_and_fixed_phrases_in_german(shipped_pack):
    """The template's own words (Story, Goal, Win:, Setup, Start tile:, Keep: 2 Loot Cards per hero...)
    printed in English in the German booklet; they print as the German edition words them, and the
    English booklet keeps them."""
    german = _booklet_markdown(shipped_pack, "de")
    for heading in ("## Geschichte", "## Ziel", "## Spielaufbau", "## Spezial-Regeln", "## Belohnungen",
                    "## Die Kampagne: Die Schmuggler von Grauwasser"):
        assert f"\n{heading}\n" in german, heading
    for phrase in ("**Sieg:**", "**Niederlage:** ein Held stirbt, oder alle Helden sind gleichzeitig bewusstlos.",
                   "**Start-Raumplatte:** A-1", "**Raumplatten-Stapel:** 1 × ", "**Entkommen:** erlaubt",
                   "**Gruppen-EP:** ", "Einzelszenario · 1–6 Spieler · Monsterstufe zu Beginn: 1",
                   "Kampagnenszenario · *Die Schmuggler von Grauwasser*, Szenario 1 von 3 · ",
                   "**Behalten:** 2 Schatzkarten je Held ins nächste Szenario",
                   "**Behalten:** 1 Schatzkarte je Held ins nächste Szenario", "**Heldenbonus:** jeder Held wählt einen",
                   "**Optionale Regel:** Löst beim Ziehen der Beute", "Aufnehmen kostet 2 AP"):
        assert phrase in german, phrase
    assert [w for w in ENGLISH_WORDS if w in german] == []
    english = _booklet_markdown(shipped_pack, "en")
    assert [w for w in ENGLISH_WORDS if w not in english] == []
    assert "**Keep:** 1 Loot Card per hero into" in english and "**Keep:** 2 Loot Cards per hero into" in english
    assert not [w for w in ("Geschichte", "Spielaufbau", "Sieg:", "Kampagnenszenario", "Schatzkarte") if w in english]


def _t_labels(node) -> list[str]:
    """The strings a template expression hands the filter t: a constant, or each branch of an ``if``."""
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, nodes.CondExpr):
        return _t_labels(node.expr1) + _t_labels(node.expr2)
    return []


def test_every_word_of_the_scenario_template_has_its_german_label():
    """A phrase added to templates/scenario.md.j2 without a German entry in LABELS would print in
    English in the German booklet, with no warning."""
    env = template_env(ROOT / "templates")
    tree = env.parse((ROOT / "templates" / "scenario.md.j2").read_text(encoding="utf-8"))
    labels = [label for f in tree.find_all(nodes.Filter) if f.name == "t" for label in _t_labels(f.node)]
    assert len(labels) > 30
    assert [label for label in labels if label not in LABELS["de"]] == []


@pytest.mark.parametrize(("source", "words"), [
    ('{{ "{n.__class__}" | t(n=1) }}', "__class__"),
    ('{{ "{n:>999999}" | t(n=1) }}', "format width of 999999 is above the template limit"),
])
def test_the_label_filter_fills_its_fields_within_the_sandbox(tmp_path, source, words, shipped_pack):
    """The filter t fills a label's {fields} with the sandbox's str.format: no attribute reaching
    Python's internals, no width past the template limits."""
    (tmp_path / "scenario.md.j2").write_text(source, encoding="utf-8")
    with pytest.raises(ExportError, match="scenario.md.j2:1") as failure:
        render_scenario_text(template_env(tmp_path), shipped_pack, shipped_pack.scenarios["goblin_warren"])
    assert words in str(failure.value)


@pytest.mark.parametrize(("players", "english", "german"), [
    ((2, 2), " · 2 players · ", " · 2 Spieler · "),
    ((1, 1), " · 1 player · ", " · 1 Spieler · "),
    ((1, 4), " · 1–4 players · ", " · 1–4 Spieler · "),
])
def test_the_booklet_names_one_player_count_once(shipped_pack, players, english, german):
    """A scenario for exactly 2 players printed "2–2 players"; one for a lone hero "1–1 players"."""
    env = template_env(ROOT / "templates")
    scenario = next(iter(shipped_pack.scenarios.values())).model_copy(update={"players": players})
    for lang, words in (("en", english), ("de", german)):
        with language(lang):
            assert words in render_scenario_text(env, shipped_pack, scenario), lang


def test_one_template_environment_prints_each_render_in_its_own_language(shipped_pack):
    """Jinja folds a filter on a constant when it compiles a template, so a constant label ("Story"
    | t) took the language of the first render: the library or `watch`, reusing one environment,
    printed the English headings in the German booklet (and the German ones in a later English
    one). The filter now looks the label up when the template renders."""
    env = template_env(ROOT / "templates")
    warren = shipped_pack.scenarios["goblin_warren"]
    with language("en"):
        english = render_scenario_text(env, shipped_pack, warren)
    with language("de"):
        german = render_scenario_text(env, shipped_pack, warren)
    with language("en"):
        again = render_scenario_text(env, shipped_pack, warren)
    assert "## Story" in english and "## Setup" in english and "## Geschichte" not in english
    assert "## Geschichte" in german and "## Spielaufbau" in german and "## Story" not in german
    assert again == english
