"""`doria-forge diff OLD NEW`: the cards that changed and their fields, between folders or git
revisions; `export pdf --changed-since OLD` prints just those cards."""

import json
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from typer.testing import CliRunner

from doria_forge.commands.diff import compare
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture()
def repo(tmp_path) -> Path:
    """A git repository holding a copy of the base pack in content/, committed once."""
    shutil.copytree(ROOT / "content", tmp_path / "content")
    for args in (["init", "-q"], ["add", "content"],
                 ["-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qm", "base"]):
        subprocess.run(["git", *args], cwd=tmp_path, check=True)
    return tmp_path


def _errata(repo: Path) -> None:
    _edit(repo / "content" / "monsters" / "orc.yaml", "attack: 3D\n", "attack: 3D+1\n")
    _edit(repo / "content" / "traps" / "traps.yaml", "effect: {damage: 2}", "effect: {damage: 3, poison_markers: 1}")


def test_diff_between_folders_names_each_changed_field(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "new")
    _edit(tmp_path / "new" / "monsters" / "orc.yaml", "attack: 3D\n", "attack: 3D+1\n")
    (tmp_path / "new" / "door_events" / "door_events.yaml").unlink()
    result = compare(validate_pack(ROOT / "content").pack, validate_pack(tmp_path / "new").pack)
    assert result.added == []
    assert result.removed == [("door_event", e) for e in sorted(validate_pack(ROOT / "content").pack.door_events)]
    assert [(k, [(c.field, c.old, c.new) for c in v]) for k, v in result.changed.items()] == [
        (("monster_level", "orc-2"), [("attack", "3D", "3D+1")])]


def test_diff_shows_control_and_format_characters_escaped(tmp_path):
    r"""A name holding `\x1b[31m` or `\u202e` (right-to-left override) reached the terminal as it is:
    the diff's lines colour or reorder what follows; every other report escapes them."""
    from doria_forge.commands.cli import app

    shutil.copytree(ROOT / "content", tmp_path / "new")
    _edit(tmp_path / "new" / "traps" / "traps.yaml", "name: Boulder Trap", 'name: "Boulder\\u202eTrap\\x1b[31m"')
    text = runner.invoke(app, ["diff", str(ROOT / "content"), str(tmp_path / "new")], color=True)
    assert text.exit_code == 0, text.output
    assert "changed trap boulder_trap (Boulder\\u202eTrap\\x1b[31m)" in text.output
    assert "name: Boulder Trap -> Boulder\\u202eTrap\\x1b[31m" in text.output
    shown = runner.invoke(app, ["diff", str(ROOT / "content"), str(tmp_path / "new"), "--format", "json"])
    assert shown.exit_code == 0, shown.output
    assert "\u202e" not in shown.output and "\x1b" not in shown.output
    assert json.loads(shown.output)["changed_names"]["trap:boulder_trap"] == "Boulder\u202eTrap\x1b[31m"


def test_diff_against_a_git_revision(repo, monkeypatch):
    _errata(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["diff", "HEAD", "--pack", "content", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "added": [], "added_names": {}, "removed": [], "removed_names": {},
        "changed": {
            "monster_level:orc-2": [{"field": "attack", "old": "3D", "new": "3D+1"}],
            "trap:log_trap": [{"field": "effect.damage", "old": 2, "new": 3},
                              {"field": "effect.poison_markers", "old": 0, "new": 1}],
        },
        "changed_names": {"monster_level:orc-2": "Orc (level 2)", "trap:log_trap": "Log Trap"},
    }
    text = runner.invoke(app, ["diff", "HEAD", "--pack", "content"])
    assert "changed monster_level orc-2 (Orc (level 2))\n    attack: 3D -> 3D+1\n" in text.output
    assert text.output.rstrip().endswith("2 changed, 0 added, 0 removed")
    assert runner.invoke(app, ["diff", "no-such-revision", "--pack", "content"]).exit_code == 2


def test_changed_since_prints_an_errata_sheet_of_just_those_cards(repo, monkeypatch):
    _errata(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--out", "errata"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (repo / "errata").iterdir()) == ["errata.pdf", "loot.pdf", "monster_level.pdf"]
    # Issue 23: the errata sheet lists what changed, with the pack's version
    sheet = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "errata.pdf").pages)
                     .split())
    assert "Errata: Dungeons of Doria - Base Pack 0.1.0" in sheet and "Changes since HEAD: 2 changed" in sheet
    # the title a PDF viewer shows: the pack and version it corrects, not just "Errata"
    assert pypdf.PdfReader(repo / "errata" / "errata.pdf").metadata.title == \
        "Dungeons of Doria - Base Pack 0.1.0: Errata"
    assert "attack: 3D → 3D+1" in sheet and "effect.poison_markers: 0 → 1" in sheet
    assert "Log Trap" in sheet
    # each changed field stands under its card, indented, not as one more bullet beside the cards
    with pdfplumber.open(repo / "errata" / "errata.pdf") as pdf:
        left = {w["text"]: w["x0"] for w in pdf.pages[0].extract_words()}
    assert left["attack:"] > left["Orc"] + 6 and left["effect.poison_markers:"] > left["Log"] + 6
    for name, title in (("loot.pdf", "Log Trap"), ("monster_level.pdf", "Orc")):
        text = "".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / name).pages)
        assert title in text
    level_text = pypdf.PdfReader(repo / "errata" / "monster_level.pdf").pages[0].extract_text()
    assert "Goblin" not in level_text and "3D+1" in level_text
    subprocess.run(["git", "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qam", "errata"],
                   cwd=repo, check=True)
    unchanged = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--out", "none"])
    assert unchanged.exit_code == 0 and "nothing to print" in unchanged.output
    assert not (repo / "none").exists()


def test_changed_since_run_inside_the_pack_compares_the_pack_found_there(repo, monkeypatch):
    """`export pdf --changed-since HEAD` in a folder of the pack read the revision's `content`
    below the working folder ("content/traps/content does not exist at HEAD", exit 2) although
    the export itself, and `diff HEAD`, found the pack around it."""
    from doria_forge.commands.cli import app

    _errata(repo)
    monkeypatch.chdir(repo / "content" / "traps")
    result = runner.invoke(app, ["export", "pdf", "--changed-since", "HEAD", "--out", str(repo / "errata")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (repo / "errata").iterdir()) == ["errata.pdf", "loot.pdf", "monster_level.pdf"]


def test_a_changed_since_that_names_no_version_is_a_usage_error_naming_the_option(repo, monkeypatch):
    """`export pdf --changed-since nope` said "'nope' is neither a folder nor a git revision" and
    left the user to guess which of the export's values that was."""
    from doria_forge.commands.cli import app

    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["export", "pdf", "--changed-since", "nope", "--out", str(repo / "errata")])
    assert result.exit_code == 2
    assert "--changed-since" in result.output and "'nope'" in result.output
    assert not (repo / "errata").exists()


def test_a_german_errata_sheet_names_the_cards_and_says_what_changed_in_german(repo, monkeypatch):
    """`export pdf --lang de --changed-since` reprinted German cards beside an English errata sheet:
    "Changes since HEAD", "Changed", "Log Trap (trap log_trap)", "Ghoul (monster ghoul)" removed.
    The sheet is now in the edition printed, a removed card named as it was in German too; the
    changed fields are the YAML's keys as written."""
    _errata(repo)
    (repo / "content" / "monsters" / "ghoul.yaml").unlink()  # the monster and its Monster Level Cards
    _edit(repo / "content" / "monsters" / "orc.yaml", "action_points: 7\n", "action_points: 8\n")  # reprints its levels
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--lang", "de",
                                 "--out", "errata"])
    assert result.exit_code == 0, result.output
    sheet = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "errata.pdf").pages)
                     .split())
    assert "Errata: Dungeons of Doria - Base Pack 0.1.0" in sheet
    assert "Änderungen seit HEAD: 3 geändert, 0 neu, 5 entfernt." in sheet
    for words in ("Geändert", "Entfernt", "Neu gedruckt", "Baumstammfalle (Falle ", "Ghul (Monster ghoul)",
                  "Ork · Stufe 2 (Stufenkarte orc-2)", "Ghul · Stufe 1 (Stufenkarte ghoul-1)",
                  "effect.poison_markers: 0 → 1"):
        assert words in sheet, words
    assert not [w for w in ("Changes since", "Changed", "Removed", "Reprinted", "Log Trap", "(trap ", "Ghoul (monster",
                            "(level ") if w in sheet]


def test_changed_since_reprints_the_cards_that_print_a_changed_card(repo, monkeypatch):
    """The Orc's vulnerability is printed on its four Monster Level Cards, a standard item's name
    on its hero's card: changing either reprinted only the changed card, and the errata's
    reprint left the others printing the old text. They are reprinted too, listed apart."""
    _edit(repo / "content" / "monsters" / "orc.yaml", "vulnerability: fire\n", "vulnerability: water\n")
    _edit(repo / "content" / "equipment" / "standard" / "adventurer.yaml", "name: Side-Sword\n",
          "name: Short Sword\n")
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--out", "errata"])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (repo / "errata").iterdir())
    assert {"monster.pdf", "monster_level.pdf", "hero.pdf", "standard_items.pdf", "errata.pdf"} <= set(written)
    levels = "".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "monster_level.pdf").pages)
    assert "Orc" in levels and "Goblin" not in levels
    hero = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "hero.pdf").pages)
                    .split())
    assert "Short Sword" in hero
    sheet = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "errata.pdf").pages)
                     .split())
    assert "Changes since HEAD: 2 changed" in sheet and "Reprinted" in sheet and "Adventurer" in sheet


def _remove_a_named_and_a_nameless_card(repo: Path) -> None:
    """Commit a Room Tile without a name (Z-9), then remove it and the door event Stale Draft from
    the working copy."""
    tiles = repo / "content" / "tiles"
    nameless = [line for line in (tiles / "F-5.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
                if not line.startswith("name")]  # a Room Tile's name is optional
    (tiles / "Z-9.yaml").write_text("".join(nameless).replace("id: F-5", "id: Z-9"), encoding="utf-8")
    for args in (["add", "content"], ["-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qm", "Z-9"]):
        subprocess.run(["git", *args], cwd=repo, check=True)
    (tiles / "Z-9.yaml").unlink()
    events = repo / "content" / "door_events" / "door_events.yaml"
    docs = events.read_text(encoding="utf-8").split("---\n")
    events.write_text("---\n".join(d for d in docs if "id: stale_draft" not in d), encoding="utf-8")


def test_diff_names_a_removed_card_as_it_was(repo, monkeypatch):
    """diff listed a removed card by its id alone, where the errata sheet names it: the name is
    the old version's (the new one has none to give), the id when the card had no name. The JSON
    keeps its keys and adds the names beside them."""
    _remove_a_named_and_a_nameless_card(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    text = runner.invoke(app, ["diff", "HEAD", "--pack", "content"])
    assert text.exit_code == 0, text.output
    assert text.output.splitlines() == ["removed door_event stale_draft (Stale Draft)", "removed room_tile Z-9",
                                        "0 changed, 0 added, 2 removed"]
    result = runner.invoke(app, ["diff", "HEAD", "--pack", "content", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "added": [], "added_names": {}, "changed": {}, "changed_names": {},
        "removed": ["door_event:stale_draft", "room_tile:Z-9"],
        "removed_names": {"door_event:stale_draft": "Stale Draft", "room_tile:Z-9": "Z-9"}}


def test_diff_names_added_and_changed_cards_as_they_are_now(repo, monkeypatch):
    """diff named only removed cards; an added or changed one was its id alone, where the errata
    sheet names it. A renamed card goes by its new name (the field line shows the old); a card
    without a name stays its id. The JSON adds ``added_names`` and ``changed_names`` beside its keys."""
    tiles = repo / "content" / "tiles"
    nameless = [line for line in (tiles / "F-5.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
                if not line.startswith("name")]  # a Room Tile's name is optional
    (tiles / "Z-9.yaml").write_text("".join(nameless).replace("id: F-5", "id: Z-9"), encoding="utf-8")
    events = repo / "content" / "door_events" / "door_events.yaml"
    stale = next(d for d in events.read_text(encoding="utf-8").split("---\n") if "id: stale_draft" in d)
    with events.open("a", encoding="utf-8") as file:
        file.write("---\n" + stale.replace("id: stale_draft", "id: fresh_draft").replace("Stale Draft", "Fresh Draft"))
    _edit(events, "name: Stale Draft\n", "name: Cold Draft\n")
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    text = runner.invoke(app, ["diff", "HEAD", "--pack", "content"])
    assert text.exit_code == 0, text.output
    assert text.output.splitlines() == [
        "added   door_event fresh_draft (Fresh Draft)", "added   room_tile Z-9",
        "changed door_event stale_draft (Cold Draft)", "    name: Stale Draft -> Cold Draft",
        "1 changed, 2 added, 0 removed"]
    result = runner.invoke(app, ["diff", "HEAD", "--pack", "content", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["added"] == ["door_event:fresh_draft", "room_tile:Z-9"] and list(data["changed"]) == [
        "door_event:stale_draft"]
    assert data["added_names"] == {"door_event:fresh_draft": "Fresh Draft", "room_tile:Z-9": "Z-9"}
    assert data["changed_names"] == {"door_event:stale_draft": "Cold Draft"}


def test_an_errata_of_removed_cards_only_prints_the_sheet_naming_them_as_they_were(repo, monkeypatch):
    """With no card to reprint the errata sheet was set before any card had loaded the fonts: a
    ValueError traceback (no bold face for the title) instead of the sheet. Added, changed and
    reprinted cards were listed by name, removed ones by their id alone: the designer reads names,
    the old version's; a removed card without a name is still listed by its id."""
    _remove_a_named_and_a_nameless_card(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--out", "errata"])
    assert result.exit_code == 0, result.output
    sheet = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "errata.pdf").pages)
                     .split())
    assert sorted(p.name for p in (repo / "errata").iterdir()) == ["errata.pdf"]
    assert "0 changed, 0 added, 2 removed" in sheet
    assert "Stale Draft (door event stale_draft)" in sheet
    assert "room tile Z-9" in sheet and "(room tile Z-9)" not in sheet


def test_an_errata_without_out_goes_to_a_folder_of_its_own(repo, monkeypatch):
    """Without --out an errata run wrote into build/pdf, the full export's folder: its sheets and the
    full export's mixed there, and a folder sent to print whole reprinted every deck. It writes
    build/errata; the full export's files stay as they were."""
    _remove_a_named_and_a_nameless_card(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    (repo / "build" / "pdf").mkdir(parents=True)
    (repo / "build" / "pdf" / "loot.pdf").write_bytes(b"%PDF-1.4 full export")
    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (repo / "build" / "errata").iterdir()) == ["errata.pdf"]
    assert sorted(p.name for p in (repo / "build" / "pdf").iterdir()) == ["loot.pdf"]
    assert (repo / "build" / "pdf" / "loot.pdf").read_bytes() == b"%PDF-1.4 full export"


def test_inserting_a_rule_is_one_added_item_not_a_change_to_every_rule_after_it(tmp_path):
    """Issue 23: list items were compared by position, so one rule inserted at the top showed as
    about 30 changed fields. Items are matched by content (or id): the insert is one line, and a
    changed item names its own fields at its new place."""
    shutil.copytree(ROOT / "content", tmp_path / "new")
    scenario = tmp_path / "new" / "scenarios" / "sunken_reliquary.yaml"
    _edit(scenario, "rules:\n", "rules:\n  - text: \"The crypt is cold.\"\n")
    _edit(scenario, 'text: "The midnight bells ring."', 'text: "The midnight bells toll."')
    _edit(scenario, "      name: Relic\n", "      name: Holy Relic\n")
    result = compare(validate_pack(ROOT / "content").pack, validate_pack(tmp_path / "new").pack)
    changes = [(c.field, c.old, c.new) for c in result.changed[("scenario", "sunken_reliquary")]]
    inserted = [c for c in changes if c[0] == "rules.0"]
    assert len(inserted) == 1 and inserted[0][1] is None and inserted[0][2]["text"] == "The crypt is cold."
    assert ("rules.2.text", "The midnight bells ring.", "The midnight bells toll.") in changes
    assert ("setup.tokens[relic].name", "Relic", "Holy Relic") in changes  # tokens have ids
    assert len(changes) == 3, changes


def test_links_out_of_the_pack_in_its_history_are_skipped_not_a_traceback(repo, tmp_path):
    """git archive keeps symbolic links; tarfile's data filter refused them with a traceback (issue 25)."""
    from doria_forge.commands.cli import app

    content = repo / "content"
    (content / "passwd.yaml").symlink_to("/etc/passwd")
    (content / "up.yaml").symlink_to("../../outside.yaml")
    (content / "alias.yaml").symlink_to("monsters/orc.yaml")  # inside: the loader reads it as a duplicate
    git = ["-c", "user.email=t@example.org", "-c", "user.name=t"]
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", *git, "commit", "-qm", "links"], cwd=repo, check=True)
    for name in ("passwd.yaml", "up.yaml", "alias.yaml"):
        (content / name).unlink()
    _errata(repo)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", *git, "commit", "-qm", "errata"], cwd=repo, check=True)
    result = runner.invoke(app, ["diff", "HEAD~1", "--pack", str(content)])
    assert isinstance(result.exception, SystemExit), result.exception  # an exit, not an exception
    assert result.exit_code == 1  # the old version holds the duplicate the link inside the pack makes
    assert "duplicate" in result.output and "passwd" not in result.output.replace("passwd.yaml", "")
    out = tmp_path / "errata"
    result = runner.invoke(app, ["export", "pdf", str(content), "--changed-since", "HEAD~1", "--out", str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output


def _commit_a_broken_orc(repo: Path) -> None:
    """A commit whose orc.yaml ends in a YAML syntax error at line 75, column 16; the working copy is then
    put back as it was, valid."""
    orc = repo / "content" / "monsters" / "orc.yaml"
    good = orc.read_text(encoding="utf-8")
    orc.write_text(good + "name: [unclosed\n", encoding="utf-8")
    subprocess.run(["git", "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qam", "broken"],
                   cwd=repo, check=True)
    orc.write_text(good, encoding="utf-8")


def test_a_revision_that_does_not_validate_names_its_files_as_the_pack_not_a_temporary_folder(repo, monkeypatch):
    """The problems of a revision read from git named files in the temporary folder it was read
    into (/tmp/doria-diff-.../tree/content/...), deleted when the command ended."""
    _commit_a_broken_orc(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["diff", "HEAD", "--pack", "content"])
    assert result.exit_code == 1
    assert "content/monsters/orc.yaml:75:16: error [yaml-syntax]" in result.stdout
    assert "doria-diff-" not in result.output
    assert "error: content at HEAD does not validate" in result.stderr


def test_diff_json_of_a_version_that_does_not_validate_prints_its_validate_json(repo, monkeypatch):
    """`diff --format json` printed the failing version's text report on stdout, where a pipeline
    parses JSON, and then nothing at all; as every --format json command on a pack that fails
    validation, stdout holds validate's JSON of that version."""
    import json

    _commit_a_broken_orc(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    result = runner.invoke(app, ["diff", "HEAD", "--pack", "content", "--format", "json"])
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["problems"]
    assert ("content/monsters/orc.yaml", 75, 16, "yaml-syntax") in [
        (p["file"], p["line"], p["column"], p["rule"]) for p in problems]
    assert "error: content at HEAD does not validate" in result.stderr


def test_changed_since_a_version_that_does_not_validate_lists_its_problems(repo, monkeypatch, tmp_path):
    """`export pdf --changed-since OLD` with an OLD that does not validate said only
    'does not validate: 1 errors', never which file, line and column."""
    _commit_a_broken_orc(repo)
    monkeypatch.chdir(repo)
    from doria_forge.commands.cli import app

    out = tmp_path / "errata"
    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--out", str(out)])
    assert result.exit_code == 1
    assert "content/monsters/orc.yaml:75:16: error [yaml-syntax]" in result.stderr
    assert "doria-diff-" not in result.output
    assert not out.exists()


def test_a_pack_option_that_is_no_folder_is_named_as_the_pack_not_as_a_revision(repo, monkeypatch,
                                                                                 tmp_path_factory):
    """`diff HEAD --pack content/monsters/orc.yaml` answered "'content/monsters/orc.yaml' is neither a
    folder nor a git revision", and `diff OLD` with no pack here "'content' is not a folder, and ...
    is not in a git repository": the pack was named as if typed as a version."""
    from doria_forge.commands.cli import app

    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["diff", "HEAD", "--pack", "content/monsters/orc.yaml"])
    assert result.exit_code == 2
    assert "--pack content/monsters/orc.yaml is not a pack folder" in result.output
    assert "neither a folder nor a git revision" not in result.output
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))  # no pack in it or around it
    result = runner.invoke(app, ["diff", str(repo / "content")])
    assert result.exit_code == 2 and "--pack content is not a pack folder" in result.output
    # two folders need no --pack
    result = runner.invoke(app, ["diff", str(repo / "content"), str(repo / "content")])
    assert result.exit_code == 0 and "0 changed, 0 added, 0 removed" in result.output


def test_a_new_version_that_is_no_folder_is_named_not_only_the_pack(repo, tmp_path_factory, monkeypatch):
    """`diff old_pack new_pak` (a typo, run where no content/ is) answered only "--pack content is
    not a pack folder": an option never typed, not the folder that does not exist."""
    from doria_forge.commands.cli import app

    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    result = runner.invoke(app, ["diff", str(repo / "content"), "new_pak"])
    assert result.exit_code == 2
    assert ("error: 'new_pak' is not a folder, and --pack content is not a pack folder to read it from "
            "(the folder holding pack.yaml, default content/)") in " ".join(result.output.split())


def test_a_folder_inside_a_pack_is_compared_only_with_the_same_folder(repo, monkeypatch):
    """`diff OLD content/traps` compared the traps folder with the whole old pack: every other card
    showed as removed. A folder inside a pack against a whole pack is a usage error naming the
    pack folder; the same folder of both versions compares as it is."""
    from doria_forge.commands.cli import app

    monkeypatch.chdir(repo)
    shutil.copytree(repo / "content", repo / "old")
    _errata(repo)
    for argv in (["old", "content/traps"], ["old/traps", "content"], ["HEAD", "content/traps"]):
        result = runner.invoke(app, ["diff", *argv])
        assert result.exit_code == 2, result.output
        assert "removed monster" not in result.output and "inside the pack " in result.output
        assert "give the pack folder old" in result.output or "give the pack folder content" in result.output
    same = runner.invoke(app, ["diff", "old/traps", "content/traps"])
    assert same.exit_code == 0, same.output
    assert same.output.startswith("changed trap ") and "removed monster" not in same.output


def test_a_version_of_another_pack_is_a_usage_error_naming_both_packs(repo, monkeypatch):
    """An expansion's `export pdf --changed-since ../content` (the base pack, not its old version)
    wrote an errata of every card of both packs, removed and added, and `diff` listed them, exit 0.
    Two packs of different ids are not two versions: a usage error naming both, nothing written."""
    from doria_forge.commands.cli import app

    monkeypatch.chdir(repo)
    shutil.copytree(repo / "content", repo / "other")
    _edit(repo / "other" / "pack.yaml", "id: doria-base", "id: doria-fork")
    for argv in (["diff", "other"], ["diff", "content", "other"],
                 ["export", "pdf", "--changed-since", "other", "--out", "errata"]):
        result = runner.invoke(app, argv)
        assert result.exit_code == 2, result.output
        assert "the pack doria-fork 0.1.0" in result.output and "the pack doria-base 0.1.0" in result.output
        assert "removed trap" not in result.output and "Removed" not in result.output
    assert not (repo / "errata").exists()


def test_an_errata_into_a_folder_of_a_full_export_does_not_call_its_sheets_gone_from_the_pack(repo, monkeypatch,
                                                                                               caplog):
    """`--changed-since` into the folder of a full export warned of each other sheet that the pack
    "prints no such sheet now; delete it": the pack still prints those decks. One warning names
    them as the earlier export's, which a folder printed whole reprints, and gives the way out."""
    from doria_forge.commands.cli import app

    _errata(repo)
    monkeypatch.chdir(repo)
    (repo / "errata").mkdir()
    for name in ("hero.pdf", "room_tiles.pdf"):
        (repo / "errata" / name).write_bytes(b"%PDF-1.4 an earlier export\n")
    result = runner.invoke(app, ["export", "pdf", "content", "--changed-since", "HEAD", "--out", "errata"])
    assert result.exit_code == 0, result.output
    warned = [r.getMessage() for r in caplog.records if "earlier export" in r.getMessage()]
    assert len(warned) == 1 and "prints no such sheet" not in warned[0]
    assert "hero.pdf, room_tiles.pdf from an earlier export" in warned[0] and "folder of its own (--out)" in warned[0]
    assert (repo / "errata" / "hero.pdf").read_bytes() == b"%PDF-1.4 an earlier export\n"  # said, not deleted


def test_an_expansions_errata_with_dependencies_reprints_only_the_changed_cards(repo, monkeypatch):
    """`export pdf --with-dependencies --changed-since OLD` of an expansion compared the old version's
    own cards with every card of the game: the base pack's 196 were "added", and the errata reprinted
    the whole base game. The old version prints what the new one prints, its requirements too."""
    from doria_forge.commands.cli import app

    monkeypatch.chdir(repo)
    for argv in (["new", "pack", "frost"], ["new", "trap", "ice_trap", "--pack", "frost"]):
        assert runner.invoke(app, argv).exit_code == 0
    shutil.copytree(repo / "frost", repo / "frost_old")
    _edit(repo / "frost" / "traps" / "ice_trap.yaml", "tn_base: 24", "tn_base: 26")
    result = runner.invoke(app, ["export", "pdf", "frost", "--with-dependencies", "--changed-since", "frost_old",
                                 "--out", "errata"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (repo / "errata").iterdir()) == ["errata.pdf", "loot.pdf"]
    sheet = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(repo / "errata" / "errata.pdf").pages)
                     .split())
    assert "1 changed, 0 added, 0 removed" in sheet and "tn_base: 24 → 26" in sheet
