"""The balance diff (--baseline, sim.baseline): a deliberately weakened monster is flagged,
with the YAML lines whose change caused it; the same pack twice flags nothing."""

import json
import re
import shutil
from pathlib import Path

from scenario_sim_helpers import ORC_PIT, add_documents
from typer.testing import CliRunner

from doria_forge.cli import app
from doria_forge.sim.baseline import changed_fields, pack_diff

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _simulate(pack: Path, out: Path, *extra: str):
    return runner.invoke(app, ["simulate", "scenario", "orc_pit", str(pack), "--runs", "10", "--players", "2",
                               "--jobs", "1", "--no-progress", "--out", str(out), *extra])


def test_a_weakened_monster_is_flagged_at_its_yaml_lines(tmp_path):
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    add_documents(pack, "scenarios/orc_pit.yaml", ORC_PIT)
    assert _simulate(pack, tmp_path / "before.json").exit_code == 0

    same = _simulate(pack, tmp_path / "same.json", "--baseline", str(tmp_path / "before.json"))
    assert same.exit_code == 0
    unchanged = json.loads((tmp_path / "same.json").read_text())
    assert unchanged["baseline"]["significant"] == [] and unchanged["baseline"]["changed_documents"] == {}

    orc = pack / "monsters" / "orc.yaml"
    orc.write_text(re.sub(r"attack: \S+", "attack: 1D", orc.read_text(encoding="utf-8")), encoding="utf-8")
    after = _simulate(pack, tmp_path / "after.json", "--baseline", str(tmp_path / "before.json"),
                      "--fail-on", "warning")
    assert after.exit_code == 1, after.output
    report = json.loads((tmp_path / "after.json").read_text())
    significant = report["baseline"]["significant"]
    assert any(c["metric"] == "hit_rate:monster:orc" and c["new"] < c["old"] for c in significant)
    orc_change = next(c for c in significant if c["metric"] == "hit_rate:monster:orc")
    assert "monster_level/orc-1" in orc_change["causes"]
    causes = [f for f in report["findings"] if f["rule_id"] == "balance-change-cause"]
    lines = orc.read_text(encoding="utf-8").splitlines()
    assert causes and all(f["file"].endswith("monsters/orc.yaml") for f in causes)
    assert all(lines[f["line"] - 1].startswith("attack: 1D") for f in causes)
    assert "balance-changed" in after.output and "orc.yaml:" in after.output


def test_changed_fields_and_pack_diff():
    assert list(changed_fields({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 3], "c": "x"})) == [
        (("b", 1), 2, 3), (("c",), None, "x")]
    old = {"monster/orc": {"sha256": "1", "data": {"hp": 2}}, "trap/pit": {"sha256": "2", "data": {}}}
    new = {"monster/orc": {"sha256": "3", "data": {"hp": 1}}, "trap/pit": {"sha256": "2", "data": {}}}
    assert pack_diff(old, new) == {"monster/orc": [(("hp",), 2, 1)]}
