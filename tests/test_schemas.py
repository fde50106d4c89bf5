"""schemas/ is generated from the models and must not fall behind them."""

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from doria_forge.load import load_pack
from doria_forge.model import KINDS
from doria_forge.model.schema_export import schema_texts, stale_schemas, write_schemas

ROOT = Path(__file__).resolve().parents[1]


def test_checked_in_schemas_match_the_models():
    stale = stale_schemas(ROOT / "schemas")
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
    """The scenario vocabulary (model/scenario.py) is left out: its owner documents it."""
    from doria_forge.model.reference import missing_documentation

    missing = [f for f in missing_documentation() if not _in_scenario_module(f.split(".")[0])]
    assert missing == []


def _in_scenario_module(model_name: str) -> bool:
    import doria_forge.model.scenario as scenario

    return hasattr(scenario, model_name) and getattr(scenario, model_name).__module__ == scenario.__name__
