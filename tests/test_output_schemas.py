"""`--format json` of validate, simulate, simulate scenario|campaign and build follows the
versioned JSON Schemas shipped in schemas/output/ (generated from doria_forge.model.outputs)."""

import json
from pathlib import Path

import jsonschema
import pytest
from scenario_sim_helpers import QUICK, QUICK_CAMPAIGN, shipped_with
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.model.outputs import OUTPUT_FORMAT

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _schema(name: str) -> dict:
    return json.loads((ROOT / "schemas" / "output" / f"{name}.schema.json").read_text(encoding="utf-8"))


def _check(name: str, stdout: str) -> dict:
    data = json.loads(stdout)  # stdout holds exactly one JSON document
    validator = jsonschema.Draft202012Validator(_schema(name))
    errors = sorted(validator.iter_errors(data), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    assert data["format"] == OUTPUT_FORMAT
    return data


def test_every_output_schema_names_its_version():
    for name in ("validate", "duel-report", "scenario-report", "build"):
        schema = _schema(name)
        assert schema["$id"].endswith(f"/{name}/v{OUTPUT_FORMAT}.schema.json")
        assert schema["properties"]["format"]["const"] == OUTPUT_FORMAT
        # a document of another version is refused
        assert not jsonschema.Draft202012Validator(schema).is_valid({"format": OUTPUT_FORMAT + 1})


def test_validate_json_follows_its_schema():
    result = runner.invoke(app, ["validate", str(ROOT / "content"), "--format", "json"])
    assert result.exit_code == 0
    data = _check("validate", result.stdout)
    assert data["summary"]["files"] > 50


def test_simulate_json_follows_its_schema(tmp_path):
    result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--runs", "2", "--hero", "warrior", "--monster",
                                 "orc", "--level", "1", "--no-progress", "--jobs", "1", "--format", "json",
                                 "--out", str(tmp_path / "d.json")])
    assert result.exit_code == 0, result.output
    data = _check("duel-report", result.stdout)
    assert data["runs"] == 2 and {c["monster"] for c in data["cells"]} == {"orc"}


@pytest.fixture(scope="module")
def quick_pack(tmp_path_factory) -> Path:
    return shipped_with(tmp_path_factory.mktemp("quick") / "content",
                        {"scenarios/quick.yaml": QUICK, "campaigns/quick.yaml": QUICK_CAMPAIGN})


@pytest.mark.parametrize("command, doc_id", [("scenario", "quick_a"), ("campaign", "quick_run")])
def test_simulate_scenario_and_campaign_json_follow_the_report_schema(quick_pack, tmp_path, command, doc_id):
    result = runner.invoke(app, ["simulate", command, doc_id, str(quick_pack), "--runs", "2", "--players", "2",
                                 "--jobs", "1", "--no-progress", "--format", "json", "--out", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    data = _check("scenario-report", result.stdout)
    assert data == json.loads((tmp_path / "r.json").read_text())  # the same report as the file


def test_build_json_follows_its_schema(tmp_path):
    result = runner.invoke(app, ["build", str(ROOT / "content"), "--out", str(tmp_path / "out"), "--runs", "1",
                                 "--scenario-runs", "0", "--jobs", "1", "--no-progress", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = _check("build", result.stdout)
    assert data["ok"] and data["exit_code"] == 0
    assert data["validation"]["errors"] == 0 and len(data["exports"]["pdf"]) == 11


def test_the_duel_table_names_the_widest_interval_of_its_cells(tmp_path):
    """README *Commands*: `simulate` gives the hero win rate "with its 95% interval". The terminal
    table has no room for an interval a cell, so it names how far the widest one reaches, which
    the JSON's exact intervals bear out: 8 duels of the Warrior against the Orc at levels 1-2."""
    result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--runs", "8", "--hero", "warrior", "--monster",
                                 "orc", "--level", "1", "--level", "2", "--no-progress", "--jobs", "1",
                                 "--out", str(tmp_path / "d.json")])
    assert result.exit_code == 0, result.output
    cells = json.loads((tmp_path / "d.json").read_text())["cells"]
    widest = max(max(c["win_rate"] - c["ci_low"], c["ci_high"] - c["win_rate"]) for c in cells)
    assert 0.2 < widest < 0.7  # 8 duels: the exact interval spans tens of points
    text = " ".join(result.output.split())
    assert f"exact 95% interval (Clopper-Pearson) reaches at most {widest * 100:.0f} points either side" in text


def test_a_campaign_with_balance_targets_follows_the_report_schema(tmp_path):
    """A scenario's win rate within a campaign is judged at the effective number of attempts
    (method clopper-pearson-over-runs), which the schema's list of methods did not name: the
    shipped campaign's JSON report failed the schema it says it follows."""
    result = runner.invoke(app, ["simulate", "campaign", "greywater_smugglers", str(ROOT / "content"), "--runs", "2",
                                 "--players", "1", "--jobs", "1", "--no-progress", "--format", "json",
                                 "--out", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    data = _check("scenario-report", result.stdout)
    assert "clopper-pearson-over-runs" in {t["method"] for t in data["verdicts"]["targets"]}


def test_under_precision_the_duel_table_does_not_call_a_cells_interval_a_plain_95_percent_one(tmp_path):
    """With --precision a cell's interval is Clopper-Pearson at the level of the look that stopped
    it (wider than the 95% interval of its wins and duels, which a reader would compute), yet the
    table called it "exact 95% interval (Clopper-Pearson)"."""
    from doria_forge.sim.stats import clopper_pearson

    result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--runs", "100", "--precision", "0.4", "--hero",
                                 "warrior", "--monster", "orc", "--level", "2", "--no-progress", "--jobs", "1",
                                 "--out", str(tmp_path / "d.json")])
    assert result.exit_code == 0, result.output
    (cell,) = json.loads((tmp_path / "d.json").read_text())["cells"]
    plain = clopper_pearson(cell["wins"], cell["runs"], 0.05)
    assert cell["ci_high"] - cell["ci_low"] > plain[1] - plain[0]  # not the plain 95% interval
    text = " ".join(result.output.split())
    assert "exact 95% interval" not in text
    assert "exact interval (Clopper-Pearson at the level of the look that stopped it" in text
