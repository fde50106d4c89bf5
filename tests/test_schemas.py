"""schemas/ is generated from the models and must not fall behind them."""

import json
from pathlib import Path

from doria_forge.model import KINDS
from doria_forge.model.schema_export import schema_texts, stale_schemas, write_schemas

ROOT = Path(__file__).resolve().parents[1]


def test_checked_in_schemas_match_the_models():
    stale = stale_schemas(ROOT / "schemas")
    assert stale == [], f"run `doria-forge schema`: stale {stale}"


def test_every_kind_has_a_schema_that_forbids_unknown_fields():
    texts = schema_texts()
    assert set(texts) == {f"{k}.schema.json" for k in KINDS}
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
