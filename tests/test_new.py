"""`doria-forge new`: valid, commented starting files that carry the editor schema."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doria_forge.authoring.new import FOLDERS
from doria_forge.commands.cli import app
from doria_forge.validate import validate_pack

runner = CliRunner()


def _new(*args: str, cwd: Path, monkeypatch):
    monkeypatch.chdir(cwd)
    return runner.invoke(app, ["new", *args])


def _schema_target(path: Path) -> Path:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema="), first
    return (path.parent / first.split("=", 1)[1]).resolve()


def test_a_new_pack_and_one_of_each_kind_validate_clean_and_simulate(tmp_path, monkeypatch):
    result = _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    pack = tmp_path / "frost"
    manifest = (pack / "pack.yaml").read_text()
    assert "requires:\n  - doria-base >=0.1.0,<1.0.0" in manifest
    for kind, doc_id in (("monster", "yeti"), ("tile", "G-9"), ("scenario", "cold_night"), ("hero", "skald"),
                         ("item", "ice_axe")):
        result = _new(kind, doc_id, cwd=pack, monkeypatch=monkeypatch)
        assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(pack).as_posix() for p in pack.rglob("*.yaml"))
    assert files == ["equipment/ice_axe.yaml", "heroes/skald.yaml", "monsters/yeti.yaml", "pack.yaml",
                     "scenarios/cold_night.yaml", "tiles/G-9.yaml"]
    for path in pack.rglob("*.yaml"):
        schema = _schema_target(path)
        assert schema == (pack / "doria.schema.json").resolve()
        assert "allOf" in json.loads(schema.read_text())
    checked = validate_pack(pack)
    assert [p for p in checked.problems if p.severity.value != "info"] == []
    monster = checked.pack
    assert [monster.level_card("yeti", lv).level for lv in (1, 2, 3, 4)] == [1, 2, 3, 4]
    out = tmp_path / "sim.json"
    sim = runner.invoke(app, ["simulate", str(pack), "--runs", "1", "--level", "1", "--jobs", "1",
                              "--no-progress", "--out", str(out)])
    assert sim.exit_code == 0, sim.output
    cells = json.loads(out.read_text())["cells"]
    assert {c["monster"] for c in cells if c["hero"] == "warrior"} == {"yeti"}
    assert {c["hero"] for c in cells} >= {"skald", "warrior"}


def test_inside_a_checkout_new_files_point_at_its_schemas_folder(tmp_path, monkeypatch):
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "doria.schema.json").write_text("{}")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "pack.yaml").write_text("kind: pack\nid: mine\nname: Mine\nversion: 1.0.0\n")
    result = _new("tile", "Z-1", cwd=tmp_path / "content", monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    tile = tmp_path / "content" / "tiles" / "Z-1.yaml"
    assert tile.read_text().splitlines()[0] == "# yaml-language-server: $schema=../../schemas/doria.schema.json"
    assert not (tmp_path / "content" / "doria.schema.json").exists()


def test_new_refuses_to_overwrite_and_needs_a_pack_and_a_good_id(tmp_path, monkeypatch):
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    assert _new("monster", "yeti", cwd=tmp_path / "frost", monkeypatch=monkeypatch).exit_code == 0
    before = (tmp_path / "frost" / "monsters" / "yeti.yaml").read_text()
    again = _new("monster", "yeti", cwd=tmp_path / "frost", monkeypatch=monkeypatch)
    assert again.exit_code == 2 and "exists already" in again.output
    assert (tmp_path / "frost" / "monsters" / "yeti.yaml").read_text() == before
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    lost = _new("monster", "yeti", cwd=outside, monkeypatch=monkeypatch)
    assert lost.exit_code == 2 and "no pack here" in lost.output
    assert _new("item", "bad id!", cwd=tmp_path / "frost", monkeypatch=monkeypatch).exit_code == 2
    assert _new("dragon", "x", cwd=tmp_path / "frost", monkeypatch=monkeypatch).exit_code == 2


def test_new_makes_every_kind_of_content_and_each_validates_clean(tmp_path, monkeypatch):
    """Issue 23: a trap, a boss, a campaign, a Monster Modification, a Door Event and a loot card too,
    by their short names or the content kinds' own."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    for kind, doc_id in (("trap", "ice_pit"), ("boss", "frost_giant"), ("modification", "frozen"),
                         ("door_event", "cold_wind"), ("loot", "hot_tea"), ("campaign", "long_winter"),
                         ("monster_modification", "brittle"), ("room_tile", "G-1")):
        result = _new(kind, doc_id, cwd=pack, monkeypatch=monkeypatch)
        assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(pack).as_posix() for p in pack.rglob("*.yaml"))
    assert files == ["bosses/frost_giant.yaml", "campaigns/long_winter.yaml", "door_events/cold_wind.yaml",
                     "equipment/hot_tea.yaml", "modifications/brittle.yaml", "modifications/frozen.yaml",
                     "pack.yaml", "scenarios/long_winter_1.yaml", "scenarios/long_winter_2.yaml",
                     "tiles/G-1.yaml", "traps/ice_pit.yaml"]
    checked = validate_pack(pack)
    assert [p for p in checked.problems if p.severity.value != "info"] == []
    game = checked.pack
    assert game.campaigns["long_winter"].scenarios == ["long_winter_1", "long_winter_2"]
    assert {game.scenarios[s].mode for s in ("long_winter_1", "long_winter_2")} == {"campaign"}
    assert game.equipment["hot_tea"].deck == "loot" and game.traps["ice_pit"].trap_type == "person"
    assert "frost_giant" in game.bosses and "frozen" in game.modifications and "cold_wind" in game.door_events
    for path in pack.rglob("*.yaml"):
        assert _schema_target(path) == (pack / "doria.schema.json").resolve()



def test_a_new_boss_shows_its_end_condition_as_data_and_the_example_plays(tmp_path, monkeypatch):
    """A new Boss Monster card printed its end condition as text only, with nothing telling the
    designer how to make `simulate exploration` and `build` play it. The file carries a commented
    `exploration:` example; uncommented as it says, it validates clean and its game is played."""
    from doria_forge.model.exploration_game import with_exploration

    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    assert _new("boss", "frost_wyrm", cwd=pack, monkeypatch=monkeypatch).exit_code == 0
    card = pack / "bosses" / "frost_wyrm.yaml"
    text = card.read_text(encoding="utf-8")
    assert "# exploration:" in text and "simulate exploration --boss frost_wyrm" in text
    assert validate_pack(pack).pack.bosses["frost_wyrm"].exploration is None  # a comment until the designer wants it
    lines = [line[2:] if line.startswith(("# exploration:", "#   ")) else line for line in text.splitlines()]
    card.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = validate_pack(pack)
    assert [p for p in checked.problems if p.severity.value != "info"] == []
    section = checked.pack.bosses["frost_wyrm"].exploration
    assert section is not None and section.setup.boss_card == "top_third"
    _, scenario_id = with_exploration(checked.pack, "frost_wyrm")
    result = runner.invoke(app, ["simulate", "exploration", "--boss", "frost_wyrm", str(pack), "--players", "2",
                                 "--runs", "2", "--seed", "1", "--jobs", "1", "--no-cache", "--no-progress",
                                 "--out", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    assert [s["id"] for s in json.loads((tmp_path / "r.json").read_text())["scenarios"]] == [scenario_id]

def test_a_new_scenario_in_a_pack_written_in_german_too_carries_german_placeholders(tmp_path, monkeypatch):
    """In a pack written for en and de a new scenario (and a new campaign with its scenarios, and
    every other kind) had no name_de, story_de, goal_de, text_de: validate warned of each missing
    translation, and --strict failed on the starting file. They carry German placeholders there,
    and none in an English-only pack."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    assert _new("scenario", "cold_night", cwd=pack, monkeypatch=monkeypatch).exit_code == 0
    assert "_de:" not in (pack / "scenarios" / "cold_night.yaml").read_text(encoding="utf-8")
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "languages: [en, de]\n", encoding="utf-8")
    for kind, doc_id in (("scenario", "long_night"), ("campaign", "long_winter"), ("monster", "yeti"),
                         ("tile", "G-9"), ("hero", "skald"), ("item", "ice_axe"), ("loot", "hot_tea"),
                         ("trap", "ice_pit"), ("boss", "frost_giant"), ("modification", "frozen"),
                         ("door_event", "cold_wind")):
        result = _new(kind, doc_id, cwd=pack, monkeypatch=monkeypatch)
        assert result.exit_code == 0, result.output
    (pack / "scenarios" / "cold_night.yaml").unlink()  # the English-only one would be missing its German
    text = (pack / "scenarios" / "long_night.yaml").read_text(encoding="utf-8")
    assert "name_de:" in text and "story_de:" in text and "goal_de:" in text
    checked = validate_pack(pack)
    assert [p for p in checked.problems if p.severity.value != "info"] == []
    assert checked.pack.scenarios["long_night"].goal_de and checked.pack.campaigns["long_winter"].story_de
    assert checked.pack.scenarios["long_winter_2"].story_de
    assert checked.pack.bosses["frost_giant"].end_condition_de and checked.pack.equipment["skald_weapon"].name_de


def test_a_new_file_in_a_pack_written_in_german_only_names_the_packs_languages(tmp_path, monkeypatch):
    """In a pack of `languages: [de]` the German placeholders' comment said the pack "is written for
    en, de". It names the manifest's languages, and that the fields without _de stay; the files
    validate as they are."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "languages: [de]\n", encoding="utf-8")
    for kind, doc_id in (("monster", "yeti"), ("scenario", "long_night")):
        result = _new(kind, doc_id, cwd=pack, monkeypatch=monkeypatch)
        assert result.exit_code == 0, result.output
        text = (pack / FOLDERS[kind] / f"{doc_id}.yaml").read_text(encoding="utf-8")
        assert "en, de" not in text and "(the pack is written for de)" in text
        assert "keep the fields without _de too" in text and "name_de:" in text
    checked = validate_pack(pack)
    assert [p for p in checked.problems if p.severity.value != "info"] == []


def test_a_new_campaign_writes_nothing_when_one_of_its_scenarios_exists(tmp_path, monkeypatch):
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    assert _new("scenario", "saga_2", cwd=pack, monkeypatch=monkeypatch).exit_code == 0
    result = _new("campaign", "saga", cwd=pack, monkeypatch=monkeypatch)
    assert result.exit_code == 2 and "saga_2.yaml exists already" in result.output
    assert not (pack / "campaigns").exists() and not (pack / "scenarios" / "saga_1.yaml").exists()


def test_a_new_campaign_whose_scenario_cannot_be_written_writes_nothing(tmp_path, monkeypatch):
    """The campaign file was written, then its scenario failed (a file in the place of the scenarios
    folder): the pack was left with a campaign naming scenarios it does not have, and new run again
    refused the id as existing."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    (pack / "scenarios").write_text("")
    result = _new("campaign", "saga", cwd=pack, monkeypatch=monkeypatch)
    assert result.exit_code == 2 and "nothing was written" in result.output
    assert not list(pack.rglob("saga*.yaml"))
    (pack / "scenarios").unlink()
    assert _new("campaign", "saga", cwd=pack, monkeypatch=monkeypatch).exit_code == 0


def test_new_refuses_an_id_the_pack_defines_in_a_file_of_another_name(tmp_path, monkeypatch):
    """The shipped Monster Modifications live together in ``modifications.yaml``: ``new
    modification fire_creature`` wrote ``fire_creature.yaml`` beside it, and validate then blamed
    the designer's own file for the duplicate id. A monster's Monster Level Cards count too."""
    import shutil

    shutil.copytree(Path(__file__).resolve().parents[1] / "content", tmp_path / "content")
    result = _new("modification", "fire_creature", cwd=tmp_path, monkeypatch=monkeypatch)
    assert result.exit_code == 2, result.output
    assert "monster_modification 'fire_creature' is defined already at content/modifications/" in result.output
    assert not (tmp_path / "content" / "modifications" / "fire_creature.yaml").exists()
    (tmp_path / "content" / "monsters" / "bog.yaml").write_text(
        (tmp_path / "content" / "monsters" / "orc.yaml").read_text(encoding="utf-8").replace(
            "kind: monster\nid: orc", "kind: monster\nid: bog_orc"), encoding="utf-8")  # orc-1..4 stay in bog.yaml
    (tmp_path / "content" / "monsters" / "orc.yaml").unlink()
    clash = _new("monster", "orc", cwd=tmp_path, monkeypatch=monkeypatch)
    assert clash.exit_code == 2 and "monster_level 'orc-1' is defined already at content/monsters/bog.yaml" in \
        clash.output
    assert not (tmp_path / "content" / "monsters" / "orc.yaml").exists()


def test_new_pack_inside_a_pack_is_refused_and_leaves_the_pack_valid(tmp_path, monkeypatch):
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    (pack / "monsters").mkdir()
    result = _new("pack", "ice", cwd=pack / "monsters", monkeypatch=monkeypatch)
    assert result.exit_code == 2
    assert f"would be read as part of the pack {pack}" in result.output
    assert not (pack / "monsters" / "ice").exists()
    assert validate_pack(pack).errors == 0


def test_validate_names_a_pack_schema_an_upgrade_left_behind_and_the_command_that_refreshes_it(tmp_path, monkeypatch):
    """After an upgrade of doria-forge the pack's doria.schema.json (from `new pack`) kept the old
    fields, and an editor went on completing them, without a word from validate."""
    import doria_forge.model.schema_export as schema_export

    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    schema = tmp_path / "frost" / "doria.schema.json"
    fresh = schema.read_text()
    assert runner.invoke(app, ["validate", "frost"]).output.strip() == "0 errors, 0 warnings in 1 file"
    # as an older doria-forge wrote it: another version in its stamp, or (before stamps) none
    stamp = json.loads(fresh)["$comment"]
    for old, by in ((fresh.replace(stamp, "written by doria-forge 0.0.9"), "doria-forge 0.0.9"),
                    (fresh.replace(f'  "$comment": "{stamp}",\n', ""), "a doria-forge older than its version stamp")):
        schema.write_text(old)
        result = runner.invoke(app, ["validate", "frost"])
        assert result.exit_code == 0, result.output
        assert (f"frost/doria.schema.json:1:1: info [editor-schema-stale] doria.schema.json was written by {by}, "
                "not by this doria-forge") in result.output
        assert "refresh it with `doria-forge schema --pack frost`" in result.output
    assert runner.invoke(app, ["schema", "--pack", "frost", "--check"]).exit_code == 1
    refreshed = runner.invoke(app, ["schema", "--pack", "frost"])
    assert refreshed.exit_code == 0, refreshed.output
    assert schema.read_text() == fresh
    assert runner.invoke(app, ["schema", "--pack", "frost", "--check"]).exit_code == 0
    # validate reads the stamp, and makes the schema at most once for the same models (it runs on every save)
    monkeypatch.setattr(schema_export, "models_json_schema", lambda *a, **k: pytest.fail("validate made the schema"))
    assert runner.invoke(app, ["validate", "frost"]).output.strip() == "0 errors, 0 warnings in 1 file"


def test_validate_names_a_pack_schema_written_from_other_models_at_the_same_version(tmp_path, monkeypatch):
    """On a source checkout the version stays the same from commit to commit: a commit that
    changed the models left the pack's schema behind without a word from validate."""
    import doria_forge.model.schema_export as schema_export
    import doria_forge.validate.editor_schema as editor_schema
    from doria_forge import __version__

    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    assert runner.invoke(app, ["schema", "--pack", "frost"]).exit_code == 0
    schema = tmp_path / "frost" / "doria.schema.json"
    written = schema.read_text()
    assert runner.invoke(app, ["validate", "frost"]).output.strip() == "0 errors, 0 warnings in 1 file"
    # a commit changes a model: its source and so the schema made from it
    real_schema, real_sources = schema_export.models_json_schema, getattr(editor_schema, "_model_sources", tuple)
    changed = tmp_path / "monster.py"
    changed.write_text("# a new field\n")

    def new_field(*args, **kwargs):
        refs, shared = real_schema(*args, **kwargs)
        shared["$defs"]["Monster"]["properties"]["lair"] = {"type": "string"}
        return refs, shared

    monkeypatch.setattr(schema_export, "models_json_schema", new_field)
    monkeypatch.setattr(editor_schema, "_model_sources", lambda: (*real_sources(), changed), raising=False)
    result = runner.invoke(app, ["validate", "frost"])
    assert result.exit_code == 0, result.output
    assert ("frost/doria.schema.json:1:1: info [editor-schema-stale] doria.schema.json was written by doria-forge "
            f"{__version__} from other models than this one's") in result.output
    assert "refresh it with `doria-forge schema --pack frost`" in result.output
    assert schema.read_text() == written  # validate never writes the user's files
    assert runner.invoke(app, ["schema", "--pack", "frost"]).exit_code == 0
    assert '"lair"' in schema.read_text()
    assert runner.invoke(app, ["validate", "frost"]).output.strip() == "0 errors, 0 warnings in 1 file"
    # the models as they are: that refreshed copy is the stale one now
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    assert "from other models than this one's" in runner.invoke(app, ["validate", "frost"]).output
    # written at this version before stamps carried the digest: which models it was made from is unknown
    schema.write_text(written.replace(json.loads(written)["$comment"], f"written by doria-forge {__version__}"))
    assert ("doria.schema.json was written by doria-forge "
            f"{__version__} before schemas carried a digest of their models") in runner.invoke(app, ["validate", "frost"]).output


def test_a_doria_schema_json_of_the_designers_own_is_neither_judged_nor_overwritten(tmp_path, monkeypatch):
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    schema = tmp_path / "frost" / "doria.schema.json"
    schema.write_text('{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}\n')
    result = runner.invoke(app, ["validate", "frost"])
    assert result.exit_code == 0 and "editor-schema-stale" not in result.output, result.output
    refused = runner.invoke(app, ["schema", "--pack", "frost"])
    assert refused.exit_code == 2 and "not an editor schema doria-forge wrote" in refused.output
    assert schema.read_text().endswith('"type": "object"}\n')
    # --check called it out of date and said to run `schema --pack frost`, which refuses it
    checked = runner.invoke(app, ["schema", "--pack", "frost", "--check"])
    assert checked.exit_code == 2 and "not an editor schema doria-forge wrote" in checked.output
    assert "out of date" not in checked.output


def test_validate_without_the_cache_neither_reads_nor_writes_the_editor_schema_digest(tmp_path, monkeypatch):
    """--no-cache promises the cache folder untouched; the digest of the current editor schema was
    kept there all the same."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(cache))
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    result = runner.invoke(app, ["validate", "frost", "--no-cache"])
    assert result.output.strip() == "0 errors, 0 warnings in 1 file"
    assert not cache.exists() or not any(cache.rglob("*")), sorted(cache.rglob("*"))
    assert runner.invoke(app, ["validate", "frost"]).output.strip() == "0 errors, 0 warnings in 1 file"
    assert any(p.is_file() for p in (cache / "editor-schema").rglob("*"))  # kept with the cache on


def test_a_pack_option_naming_no_pack_says_so_not_to_pass_pack(tmp_path):
    """`new monster yeti --pack elsewhere` answered "no pack here ... or pass --pack" to a user
    who had passed it; the error names the --pack given."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = CliRunner().invoke(app, ["new", "monster", "yeti", "--pack", str(elsewhere)])
    assert result.exit_code == 2
    assert f"--pack {elsewhere} is not in a pack" in " ".join(result.output.replace("│", " ").split())
    assert "pass --pack" not in result.output
    assert list(elsewhere.iterdir()) == []


def test_the_check_command_a_new_manifest_names_works_where_it_says(tmp_path, monkeypatch):
    """The manifest said to check the pack with `doria-forge validate frost`, next to the line that
    says to run `new` in the pack's folder; run there, that command found no folder frost (exit 2)."""
    import re
    import shlex

    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    manifest = (tmp_path / "frost" / "pack.yaml").read_text(encoding="utf-8")
    assert "run in this folder" in manifest
    named = re.search(r"check it with `doria-forge ([^`]+)`", " ".join(line.lstrip("# ") for line in manifest.splitlines()))
    assert named, manifest
    monkeypatch.chdir(tmp_path / "frost")
    result = runner.invoke(app, shlex.split(named.group(1)))
    assert result.exit_code == 0, result.output


def test_a_misspelt_kind_is_answered_with_the_closest_one(tmp_path, monkeypatch):
    """`new monstr yeti` listed every kind; validate names the closest kind of a misspelt `kind:`."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    for typed, meant in (("monstr", "monster"), ("room_tle", "room_tile"), ("campain", "campaign")):
        result = _new(typed, "x", cwd=tmp_path / "frost", monkeypatch=monkeypatch)
        assert result.exit_code == 2 and f"unknown kind {typed!r} (did you mean {meant!r}?)" in result.output
    assert sorted(p.name for p in (tmp_path / "frost").iterdir()) == ["doria.schema.json", "pack.yaml"]


def test_new_monster_level_says_the_levels_come_with_their_monster(tmp_path, monkeypatch):
    """`new monster_level x` (the content kind of a Monster Level Card, as README says kinds' names
    work) answered "unknown kind ... (did you mean 'monster'?)" and a list without it. It now says
    where Monster Level Cards come from, and the command it names writes them."""
    import re

    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    result = _new("monster_level", "yeti-1", cwd=tmp_path / "frost", monkeypatch=monkeypatch)
    assert result.exit_code == 2 and "unknown kind" not in result.output
    assert sorted(p.name for p in (tmp_path / "frost").iterdir()) == ["doria.schema.json", "pack.yaml"]
    kind = re.search(r"`new (\w+) ID`", result.output).group(1)
    assert _new(kind, "yeti", cwd=tmp_path / "frost", monkeypatch=monkeypatch).exit_code == 0
    assert "kind: monster_level" in (tmp_path / "frost" / "monsters" / "yeti.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("special", ["fifo", "zero"])
def test_a_pack_schema_that_is_no_file_is_not_waited_on(tmp_path, monkeypatch, special):
    """A FIFO named doria.schema.json kept `validate` (and `schema --pack`) waiting for a writer
    forever, and a link to /dev/zero read without end: validate leaves it alone, schema says why."""
    import os
    import subprocess
    import sys

    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    schema = tmp_path / "frost" / "doria.schema.json"
    schema.unlink()
    if special == "fifo":
        os.mkfifo(schema)
    else:
        schema.symlink_to("/dev/zero")
    for argv, code in ((["validate", "frost"], 0), (["schema", "--pack", "frost", "--check"], 2)):
        done = subprocess.run([sys.executable, "-m", "doria_forge", *argv], cwd=tmp_path, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == code, done.stdout + done.stderr
        if code == 2:
            assert "cannot read frost/doria.schema.json: " in done.stderr and "not read" in done.stderr


def test_an_id_too_long_for_the_ids_made_from_it_is_refused_before_writing(tmp_path, monkeypatch):
    """`new monster` with a 63-character id wrote Monster Level Cards `ID-1`..`ID-4` of 65 characters
    that validate refused (a boss's ability and a hero's items too), and a 65-character id was
    told it "must be letters, digits, '_' and '-'", which it was."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    too_long = runner.invoke(app, ["new", "monster", "a" * 65, "--pack", str(pack)])
    assert too_long.exit_code == 2
    assert "is 65 characters long; an id has at most 64" in too_long.output
    for kind, made, room in (("monster", "-1", 62), ("boss", "_ability", 56), ("hero", "_weapon", 57)):
        refused = runner.invoke(app, ["new", kind, "b" * 63, "--pack", str(pack)])
        assert refused.exit_code == 2, refused.output
        assert f"{made} made from it would have {63 + len(made)} characters" in refused.output
        assert f"give at most {room}" in refused.output
        assert runner.invoke(app, ["new", kind, "c" * room + kind[0], "--pack", str(pack)]).exit_code == 2
        assert runner.invoke(app, ["new", kind, "c" * room, "--pack", str(pack)]).exit_code == 0
    assert not list(pack.rglob("b*.yaml"))
    assert validate_pack(pack).errors == 0


@pytest.mark.parametrize("make", ["folder", "dangling link"])
def test_something_in_the_place_of_the_editor_schema_writes_nothing(tmp_path, monkeypatch, make):
    """A folder named doria.schema.json in the pack: `new monster yeti` wrote monsters/yeti.yaml, then
    stopped on the schema with "exists already; choose another id", the monster left behind; a
    dangling link of that name was written through, out of the pack."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    schema = pack / "doria.schema.json"
    schema.unlink()
    if make == "folder":
        schema.mkdir()
    else:
        schema.symlink_to(tmp_path / "elsewhere.json")
    result = runner.invoke(app, ["new", "monster", "yeti", "--pack", str(pack)])
    assert result.exit_code == 2
    assert f"cannot write the editor schema {schema}: something that is not a file is in its place" in result.output
    assert not (pack / "monsters").exists() and not (tmp_path / "elsewhere.json").exists()


def test_schema_pack_does_not_write_through_a_dangling_link_out_of_the_pack(tmp_path, monkeypatch):
    """doria.schema.json as a dangling link to a file outside the pack: `schema --pack` wrote the
    schema there, out of the pack, though it writes only a file of that name doria-forge wrote."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    schema = tmp_path / "frost" / "doria.schema.json"
    schema.unlink()
    schema.symlink_to(tmp_path / "elsewhere.json")
    result = runner.invoke(app, ["schema", "--pack", "frost"])
    assert result.exit_code == 2
    assert "cannot read frost/doria.schema.json: lies outside its pack (through a link); not read" in result.output
    assert not (tmp_path / "elsewhere.json").exists()


def test_new_does_not_write_through_a_dangling_link_out_of_the_pack(tmp_path, monkeypatch):
    """monsters/yeti.yaml as a dangling link to a file outside the pack: `new monster yeti` wrote the
    monster there, out of the pack ("never overwrites a file", but it wrote where the link led)."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    target = tmp_path / "frost" / "monsters" / "yeti.yaml"
    target.parent.mkdir()
    target.symlink_to(tmp_path / "elsewhere.yaml")
    result = runner.invoke(app, ["new", "monster", "yeti", "--pack", str(tmp_path / "frost")])
    assert result.exit_code == 2
    assert f"{target} exists already" in result.output
    assert not (tmp_path / "elsewhere.yaml").exists()


def test_an_id_a_required_pack_has_is_refused_unless_the_manifest_replaces_it(tmp_path, monkeypatch):
    """In an expansion `new monster orc` wrote a monster and Monster Level Cards with the base
    pack's ids, which validate then warned of five times (pack-override): the new files would
    replace the base pack's Orc. It is refused before anything is written, naming every document
    it would replace, unless the manifest's `replaces:` says so."""
    assert _new("pack", "frost", cwd=tmp_path, monkeypatch=monkeypatch).exit_code == 0
    pack = tmp_path / "frost"
    result = _new("tile", "A-1", cwd=pack, monkeypatch=monkeypatch)
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "room_tile/A-1 is a document of doria-base" in text and "add room_tile/A-1 to replaces:" in text
    result = _new("monster", "orc", cwd=pack, monkeypatch=monkeypatch)
    assert result.exit_code == 2
    assert "5 of the new documents (monster/orc, monster_level/orc-1," in " ".join(result.output.split())
    assert not (pack / "monsters").exists() and not (pack / "tiles").exists()
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text() + "replaces: [monster/orc, monster_level/orc-1, monster_level/orc-2, "
                        "monster_level/orc-3, monster_level/orc-4]\n")
    result = _new("monster", "orc", cwd=pack, monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert (pack / "monsters" / "orc.yaml").is_file()
