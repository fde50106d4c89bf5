"""schemas/ is generated from the models and must not fall behind them."""

import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.load import load_pack
from doria_forge.model import KINDS
from doria_forge.model.schema_export import schema_texts, stale_schemas, write_schemas

ROOT = Path(__file__).resolve().parents[1]


def test_checked_in_schemas_match_the_models():
    from doria_forge.commands.pipeline import stale_schemas as stale_with_layouts

    stale = stale_with_layouts(ROOT / "schemas")
    assert stale == [], f"run `doria-forge schema`: stale {stale}"


def test_every_kind_has_a_schema_that_forbids_unknown_fields():
    texts = schema_texts()
    assert set(texts) == {f"{k}.schema.json" for k in KINDS} | {"doria.schema.json"}
    monster = json.loads(texts["monster.schema.json"])
    assert monster["additionalProperties"] is False
    assert "action_points" in monster["properties"]


def test_stale_schema_is_detected_and_rewritten(tmp_path):
    write_schemas(tmp_path)
    assert stale_schemas(tmp_path) == []
    (tmp_path / "monster.schema.json").write_text("{}")
    (tmp_path / "obsolete.schema.json").write_text("{}")
    assert stale_schemas(tmp_path) == ["monster.schema.json", "obsolete.schema.json"]
    write_schemas(tmp_path)
    assert stale_schemas(tmp_path) == []


def _any_kind_validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads((ROOT / "schemas" / "doria.schema.json").read_text()))


@pytest.mark.parametrize("pack", ["content", "examples/frost-crypt"])
def test_every_shipped_document_passes_the_editor_schema(pack):
    """What yaml-language-server checks in VS Code (README, *Editors*): every document of every
    shipped file, multi-document files included, against the schema its kind chooses."""
    validator = _any_kind_validator()
    loaded = load_pack(ROOT / pack)
    assert len(loaded.documents) > 5
    for doc in loaded.documents:
        errors = [f"{doc.file}:{doc.root.line}: {e.json_path}: {e.message}" for e in validator.iter_errors(doc.data)]
        assert errors == []


def test_the_editor_schema_reports_the_field_of_the_documents_own_kind():
    validator = _any_kind_validator()
    trap = {"kind": "trap", "id": "pit", "name": "Pit", "trap_type": "person", "check_attributes": ["AGI", "PER"],
            "tn_base": 20, "effect": {"damgae": 2}}
    errors = list(validator.iter_errors(trap))
    assert [e.json_path for e in errors] == ["$.effect"]
    assert "damgae" in errors[0].message
    assert list(validator.iter_errors({"kind": "monstr", "id": "x"}))  # an unknown kind
    assert list(validator.iter_errors({"kind": "monster", "id": "x", "name": "X"}))  # fields missing


def test_the_checked_in_field_reference_is_generated_from_the_models():
    from doria_forge.model.reference import reference_text

    assert (ROOT / "docs" / "field-reference.md").read_text(encoding="utf-8") == reference_text(), (
        "run `doria-forge schema`")


def test_every_field_has_a_description_and_an_example():
    """The scenario vocabulary included (issue 23)."""
    from doria_forge.model.reference import missing_documentation

    assert missing_documentation() == []


def _level(**changes):
    doc = {"kind": "monster_level", "id": "orc-1", "monster": "orc", "level": 1, "attack": "2D+4", "defense": "2D+2",
           "psi_resistance": "2D", "damage": 2, "hit_points": 1, "armor_rating": 0}
    return {**doc, **changes}


def test_the_editor_schema_checks_dice_expressions():
    """Issue 23: the editor missed `3W+2x`; the schema's pattern accepts what validate accepts."""
    validator = _any_kind_validator()
    assert list(validator.iter_errors(_level(attack="3W+2"))) == []
    for bad in ("3W+2x", "12D", "0D", "2D+100", "D6"):
        errors = list(validator.iter_errors(_level(attack=bad)))
        assert [e.json_path for e in errors] == ["$.attack"], bad


def _leaves(errors):
    """The innermost errors (an optional field's "or null" branch left out): what an editor shows
    for the branch that fits the document best."""
    out = []
    for error in errors:
        if error.context:
            out += _leaves(error.context)
        elif not (error.validator == "type" and error.validator_value == "null"):
            out.append(error)
    return out


def test_a_misspelt_behaviour_is_one_error_at_the_word():
    """Issue 23: a misspelt behaviour also reported a missing property of some other behaviour."""
    validator = _any_kind_validator()
    monster = {"kind": "monster", "id": "golem", "name": "Golem", "attack_type": "melee", "range": 1,
               "action_points": 6, "priority": "B", "figures": 2, "deck_cards": 3,
               "ability": {"id": "golem_poison", "text": "Poison.",
                           "behaviours": [{"behaviour": "poisn", "markers": 2, "when": "wound"}]}}
    leaves = _leaves(validator.iter_errors(monster))
    assert [e.json_path for e in leaves] == ["$.ability.behaviours[0].behaviour"]
    assert "poisn" in leaves[0].message and leaves[0].validator == "enum"
    monster["ability"]["behaviours"][0]["behaviour"] = "poison"
    assert list(validator.iter_errors(monster)) == []
    del monster["ability"]["behaviours"][0]["markers"]
    missing = _leaves(validator.iter_errors(monster))  # the right word: its own parameters are checked
    assert len(missing) == 1 and "markers" in missing[0].message


def test_layout_files_have_an_editor_schema_that_every_shipped_layout_passes():
    """Issue 23: layouts/*.yaml get an editor schema too (schemas/layout.schema.json)."""
    from ruamel.yaml import YAML

    schema = json.loads((ROOT / "schemas" / "layout.schema.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema)
    files = sorted((ROOT / "layouts").glob("*.yaml"))
    assert len(files) >= 5
    for path in files:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        assert [e.message for e in validator.iter_errors(data)] == [], path.name
    typo = {"defaults": {"bleed": 3, "paper": "a5"}}
    assert sorted(e.validator for e in _leaves(validator.iter_errors(typo))) == ["additionalProperties", "enum"]
    assert schema["$defs"]["DeckLayout"]["properties"]["bleed_mm"]["description"].startswith("Bleed")


def test_schema_writes_every_file_or_none(tmp_path):
    """A folder in the place of monster.schema.json stopped `schema` half-way: the files before it
    were rewritten, those after it and output/ kept their old text (and the obsolete ones stayed)."""
    out = tmp_path / "schemas"
    write_schemas(out)
    (out / "boss.schema.json").write_text("old\n")
    (out / "output" / "validate.schema.json").write_text("old\n")
    (out / "obsolete.schema.json").write_text("{}")
    (out / "monster.schema.json").unlink()
    (out / "monster.schema.json").mkdir()
    result = CliRunner().invoke(app, ["schema", "--out", str(out), "--reference", str(tmp_path / "ref.md")])
    assert result.exit_code == 2, result.output
    assert "monster.schema.json" in result.output
    assert (out / "boss.schema.json").read_text() == "old\n"
    assert (out / "output" / "validate.schema.json").read_text() == "old\n"
    assert (out / "obsolete.schema.json").exists()


def test_schema_check_refuses_a_fifo_instead_of_waiting_on_it(tmp_path):
    """`schema --check` opened a FIFO named monster.schema.json and waited for a writer forever."""
    import os
    import subprocess
    import sys

    out = tmp_path / "schemas"
    write_schemas(out)
    (out / "monster.schema.json").unlink()
    os.mkfifo(out / "monster.schema.json")
    done = subprocess.run([sys.executable, "-m", "doria_forge", "schema", "--out", str(out), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"cannot read {out / 'monster.schema.json'}: " in done.stderr and "FIFO" in done.stderr


def test_a_file_in_the_place_of_the_output_folder_stops_schema_before_any_file(tmp_path):
    """A file named schemas/output stopped `schema` at the output schemas, after every kind's schema
    had been rewritten, with "cannot write schemas/output: File exists"."""
    out = tmp_path / "schemas"
    write_schemas(out)
    shutil.rmtree(out / "output")
    (out / "output").write_text("mine\n")
    (out / "boss.schema.json").write_text("old\n")
    result = CliRunner().invoke(app, ["schema", "--out", str(out), "--reference", str(tmp_path / "ref.md")])
    assert result.exit_code == 2, result.output
    assert f"cannot write {out / 'output'}: it exists and is not a folder" in result.output
    assert (out / "boss.schema.json").read_text() == "old\n"
    assert (out / "output").read_text() == "mine\n"


def test_schema_check_says_a_missing_editor_schema_is_missing_not_out_of_date(tmp_path):
    """`schema --check --pack` on a pack without doria.schema.json said "out of date", sending the
    designer to look for a file that is not there."""
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: mine\nname: Mine\nversion: 0.1.0\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["schema", "--pack", str(pack), "--check"])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"missing: {pack / 'doria.schema.json'}" in said and "out of date" not in said
    assert f"run `doria-forge schema --pack {pack}`" in said


def test_schema_check_tells_an_out_of_date_schema_from_a_missing_one(tmp_path, monkeypatch):
    """`schema --check` called an out-of-date schemas/boss.schema.json "missing" and a missing
    schemas/trap.schema.json "out of date": it looked for each name in the working folder, not in
    the schemas folder (inside a pack its own doria.schema.json made schemas/doria.schema.json
    "out of date")."""
    out = tmp_path / "schemas"
    assert CliRunner().invoke(app, ["schema", "--out", str(out), "--reference", str(tmp_path / "ref.md")]).exit_code == 0
    (out / "boss.schema.json").write_text("{}\n", encoding="utf-8")
    (out / "trap.schema.json").unlink()
    (tmp_path / "trap.schema.json").write_text("{}\n", encoding="utf-8")  # a file of that name elsewhere
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["schema", "--check", "--reference", "ref.md"])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"out of date: {Path('schemas', 'boss.schema.json')};" in said
    assert f"missing: {Path('schemas', 'trap.schema.json')} " in said
